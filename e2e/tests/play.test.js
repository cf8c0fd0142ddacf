// The Play page, played as people play it: clicks on the board, the AI answering from its
// worker, undo, refusals, the URL, and the search behind a move.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { audit, launch, openPage, urlMatching, CLOCK } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const status = (page) => page.getByRole("status").first();

// Waits until a person is to move or the game is over; returns the status text.
async function settled(page) {
  await page.waitForFunction(
    () => /to move \(you\)\.$|Game over|to move\.$/.test(document.querySelector("[role=status]")?.textContent ?? ""),
    null,
    { timeout: 30000 },
  );
  return status(page).textContent();
}

// A link at the AI's turn waits to be asked: press Continue.
async function letTheAiMove(page) {
  await page.getByRole("button", { name: /^Continue/ }).click();
}

// A seeded random clicker, so a failing game can be replayed.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function cells(page) {
  return page.locator(".ttt-board .cell").evaluateAll((els) => els.map((e) => e.textContent.trim().slice(0, 1)));
}

// (That the perfect level never loses, whatever the person plays, is proven natively over every
// game: crates/games/tests/tictactoe.rs. Here the games are played as a person plays them.)
test("the perfect tic-tac-toe AI never loses 10 games to a random clicker, playing X and O in turn", async () => {
  const results = { ai: 0, draw: 0, person: 0 };
  for (const aiSide of ["p1", "p2"]) {
    const human = aiSide === "p1" ? "p2" : "p1";
    const page = await openPage(browser, `#/play?game=ttt&${aiSide}=perfect&${human}=human&seed=3`);
    if (aiSide === "p1") await letTheAiMove(page);
    const random = rng(aiSide === "p1" ? 11 : 22);
    for (let game = 0; game < 5; game++) {
      for (;;) {
        const text = await settled(page);
        if (/Game over/.test(text)) {
          if (/You win/.test(text)) results.person++;
          else if (/The AI wins/.test(text)) results.ai++;
          else results.draw++;
          assert.doesNotMatch(text, /You win/, `game ${game} with the AI as ${aiSide}: ${text}`);
          break;
        }
        const free = page.locator(".ttt-board .cell:not(.taken)");
        const n = await free.count();
        await free.nth(Math.floor(random() * n)).click();
      }
      await page.getByRole("button", { name: "New game" }).click();
      await page.waitForFunction(() => !/Game over/.test(document.querySelector("[role=status]")?.textContent ?? ""));
    }
    page.assertHealthy();
  }
  assert.equal(results.person, 0);
  assert.equal(results.ai + results.draw, 10);
  assert.ok(results.ai >= 5, `a random clicker should lose often: ${JSON.stringify(results)}`);
});

test("a connect-four game played to its end is announced", async () => {
  const page = await openPage(browser, "#/play?game=c4&p1=human&p2=seed2&seed=5");
  const random = rng(7);
  let text = "";
  for (let moves = 0; moves < 60; moves++) {
    text = await settled(page);
    if (/Game over/.test(text)) break;
    const open = page.locator(".c4-board .column:not(.full)");
    await open.nth(Math.floor(random() * (await open.count()))).click();
  }
  assert.match(text, /Game over: (Blue ● wins with four in a row\. You win!|Orange ○ wins with four in a row\. The AI wins\.|a draw\.)$/);
  // The status said the last move, whoever made it.
  assert.match(text, /^(Blue ● \(you\)|Orange ○ \(the AI\)) played column \d\. Game over/);
  // The winning four are marked on the board, by shape as well as colour.
  if (!/draw/.test(text)) assert.equal(await page.locator(".c4-board .slot.win").count() >= 4, true);
  // A finished game refuses further moves, politely.
  await page.getByRole("button", { name: /^Drop in column 1/ }).click();
  assert.match(await page.getByRole("alert").first().textContent(), /The game is over/);
  page.assertHealthy();
});

test("undo restores the previous position, redo plays it again", async () => {
  const page = await openPage(browser, "#/play?game=ttt&p1=human&p2=perfect&seed=9");
  await settled(page);
  const before = await cells(page);
  await page.getByRole("button", { name: "Row 1, column 1" }).click();
  await settled(page);
  const after = await cells(page);
  assert.equal(after.filter((c) => c).length, 2, "the person's X and the AI's O");
  await page.getByRole("button", { name: "Undo" }).click();
  assert.deepEqual(await cells(page), before);
  assert.equal(await status(page).textContent(), "X to move (you).");
  await urlMatching(page, /moves=(&|$)/);
  await page.getByRole("button", { name: "Redo" }).click();
  await settled(page);
  assert.deepEqual(await cells(page), after);
  page.assertHealthy();
});

test("illegal clicks are refused with a message, and the game goes on", async () => {
  // An occupied cell.
  const page = await openPage(browser, "#/play?game=ttt&p1=human&p2=human");
  await page.getByRole("button", { name: "Row 2, column 2" }).click();
  await page.getByRole("button", { name: "Row 2, column 2, X" }).click();
  assert.match(await page.getByRole("alert").first().textContent(), /row 2, column 2 is taken/);
  // The same refusal again is a new alert, so a screen reader says it again.
  const first = await page.getByRole("alert").first().elementHandle();
  await page.getByRole("button", { name: "Row 2, column 2, X" }).click();
  assert.equal(await first.evaluate((e) => e.isConnected), false, "a repeated refusal is announced anew");
  assert.match(await page.getByRole("alert").first().textContent(), /row 2, column 2 is taken/);
  assert.equal(await status(page).textContent(), "X played row 2, column 2. O to move.");
  await page.getByRole("button", { name: "Row 1, column 1" }).click();
  assert.equal(await status(page).textContent(), "O played row 1, column 1. X to move.");
  assert.equal(await page.getByRole("alert").count(), 0, "the message goes once a move is made");

  // A full column.
  const c4 = await openPage(browser, "#/play?game=c4&p1=human&p2=human&moves=444444");
  await c4.getByRole("button", { name: "Drop in column 4 (full)" }).click();
  assert.match(await c4.getByRole("alert").first().textContent(), /column 4 is full/);
  await c4.getByRole("button", { name: "Drop in column 3" }).click();
  await urlMatching(c4, /moves=4444443/);
  page.assertHealthy();
  c4.assertHealthy();
});

test("the position is in the URL: reloading restores the game", async () => {
  const page = await openPage(browser, "#/play?game=c4&p1=human&p2=human&moves=4453");
  await page.locator(".c4-board").waitFor();
  assert.equal(await page.locator(".c4-board .slot.first").count(), 2);
  assert.equal(await page.locator(".c4-board .slot.second").count(), 2);
  await page.getByRole("button", { name: "Drop in column 5" }).click();
  await urlMatching(page, /moves=44535/);
  await page.reload();
  await page.locator(".c4-board").waitFor();
  assert.equal(await page.locator(".c4-board .slot.first").count(), 3);
  assert.equal(await status(page).textContent(), "Blue ● played column 5. Orange ○ to move.");
  // A broken link says what is wrong and starts a fresh game.
  const broken = await openPage(browser, "#/play?game=c4&moves=44444444");
  await broken.locator(".c4-board").waitFor();
  assert.match(await broken.locator(".notice").first().textContent(), /move 7.*column 4 is full/);
  assert.equal(await broken.locator(".c4-board .slot.empty").count(), 42);
  page.assertHealthy();
  broken.assertHealthy();
});

test("hints score every move in words and shapes", async () => {
  const page = await openPage(browser, "#/play?game=ttt&p1=human&p2=human&hints=1&moves=1425");
  await page.locator(".ttt-board .hint-badge").first().waitFor({ timeout: 20000 });
  // X wins at once in the top row's last cell; the name says so for screen readers.
  const win = page.getByRole("button", { name: "Row 1, column 3: win 1 (wins in 1 move)" });
  assert.match(await win.textContent(), /▲ win 1/);
  assert.equal(await page.locator(".ttt-board .hint-badge").count(), 5);
  page.assertHealthy();
});

test("Stop makes the thinking AI play its best move so far, marked not proven", async () => {
  // A hard opening (Test_L1_R3's) outside the opening book: the solver needs many seconds.
  const page = await openPage(browser, "#/play?game=c4&p1=perfect&p2=human&moves=32252276&think=60&seed=4");
  await letTheAiMove(page);
  await page.locator(".ai-panel .thinking .nodes").waitFor({ timeout: 20000 });
  await page.waitForFunction(() => /solving/.test(document.querySelector(".ai-panel .thinking")?.textContent ?? ""), null, {
    timeout: 20000,
  });
  // The page stays responsive while the worker thinks.
  await page.getByRole("checkbox", { name: /Show hints/ }).check();
  await page.getByRole("button", { name: /Stop/ }).click();
  assert.match(await status(page).textContent(), /^Blue ● \(the AI\) played column \d\. Orange ○ to move \(you\)\.$/);
  assert.match(await page.locator(".last-ai").textContent(), /not proven: stopped/);
  assert.equal(await page.locator(".c4-board .slot.first").count(), 5);
  page.assertHealthy();
});

test("the perfect connect-four player opens from its book: proven at once, with every column's result as a hint", async () => {
  const page = await openPage(browser, "#/play?game=c4&p1=perfect&p2=human&seed=4");
  await page.getByRole("checkbox", { name: /Show hints/ }).check();
  await letTheAiMove(page);
  await settled(page);
  assert.match(await page.locator(".last-ai").textContent(), /proven: Arbor's opening book holds this position/);
  // The book's value is called the book's result, never a search's.
  const note = await page.locator(".last-ai .value-note").textContent();
  assert.match(note, /^Result from the opening book: (1|0|−1) for MAX \(Blue ●, who moved first\)/);
  assert.doesNotMatch(note, /search/);
  // The person's hints: every column's result, none an estimate, on the columns' buttons.
  await page.waitForFunction(() => document.querySelectorAll(".c4-board .hint-badge").length === 7, null, { timeout: 20000 });
  const names = await page
    .locator(".c4-board button")
    .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? e.textContent));
  const hinted = names.filter((n) => /^Drop in column/.test(n));
  assert.equal(hinted.length, 7, names.join(" | "));
  for (const n of hinted) assert.match(n, /: (win|draw|loss)\b/, n);
  // Each column's name holds the words its badge shows (axe: label-content-name-mismatch).
  await audit(page, "connect four with the book's hints");
  page.assertHealthy();
});

test("the tree behind an AI move opens in the stepper and replays the search that chose it", async () => {
  const page = await openPage(browser, "#/play?game=ttt&p1=human&p2=perfect&seed=2");
  await page.getByRole("button", { name: "Row 1, column 1" }).click();
  await settled(page);
  const played = await page.locator(".last-ai").textContent();
  const where = /played row (\d), column (\d)/.exec(played);
  assert.ok(where, played);
  await page.getByRole("link", { name: /search tree behind this move/ }).click();
  await page.locator("svg.tree [data-node='r']").waitFor({ timeout: 30000 });
  assert.match(await page.locator("main h1").textContent(), /The search behind a move/);
  await urlMatching(page, /#\/alphabeta\?game=ttt&moves=1&level=perfect/);
  // Large trees start folded: the root and its children.
  assert.equal(await page.locator("svg.tree [data-node^='r.0.']").count(), 0);
  await page.getByRole("button", { name: "Jump to end" }).click();
  const root = page.locator("svg.tree [data-node='r']");
  assert.equal(await root.getAttribute("data-value"), "0", "a draw");
  // The principal child is the move the AI played (cells are named a1…c3, column then row).
  const label = `${"abc"[Number(where[2]) - 1]}${where[1]}`;
  const chosen = page.locator("svg.tree .node.principal").nth(1);
  assert.equal(await chosen.getAttribute("data-label"), label);
  // Stepping unfolds what the search reaches: the second iteration goes two plies deep.
  await page.getByRole("button", { name: "Reset" }).click();
  for (let i = 0; i < 16; i++) await page.getByRole("button", { name: "Step forward" }).click();
  const current = page.locator("svg.tree .node.current");
  assert.match(await current.getAttribute("data-node"), /^r\.\d+\.\d+$/, "a grandchild of the root is current, and drawn");
  // Reloading the stepper's URL records the same search again, at the same step (once the
  // address has caught up with the steps: it is written a few times a second while stepping).
  await urlMatching(page, /step=16/);
  await page.reload();
  await page.locator("svg.tree [data-node='r']").waitFor({ timeout: 30000 });
  assert.match(await page.locator(".step-count").textContent(), /^16 \//);
  page.assertHealthy();
});

const SHARED = "#/play?game=c4&p1=human&p2=perfect&moves=536553711753541133152&seed=5";

test("a shared link's position stays put: ten seconds on the page's clock, and the AI has not moved", CLOCK, async () => {
  const page = await openPage(browser, SHARED, undefined, false, { clock: true });
  await page.locator(".c4-board").waitFor();
  await page.clock.runFor(10000);
  assert.equal(await page.locator(".c4-board .slot:not(.empty)").count(), 21);
  assert.match(await status(page).textContent(), /Orange ○ to move \(the AI: press Continue to let it move\)\.$/);
  page.assertHealthy();
});

test("a shared link shows exactly its position: the AI moves only when asked", async () => {
  const page = await openPage(browser, SHARED);
  await page.locator(".c4-board").waitFor();
  await urlMatching(page, /moves=536553711753541133152(&|$)/);
  assert.equal(await page.locator(".c4-board .slot:not(.empty)").count(), 21);
  assert.match(await status(page).textContent(), /Orange ○ to move \(the AI: press Continue to let it move\)\.$/);
  await letTheAiMove(page);
  await page.locator(".last-ai").waitFor({ timeout: 30000 });
  // The AI's move is announced in the live region, and the panel states the value it saw.
  assert.match(await status(page).textContent(), /^Orange ○ \(the AI\) played column \d\. Blue ● to move \(you\)\.$/);
  assert.match(await page.locator(".last-ai").textContent(), /wins in 2 moves/);
  const note = await page.locator(".last-ai .value-note").textContent();
  const value = /^Exact score from the solver: (−?\d+) for MAX \(Blue ●, who moved first\)/.exec(note);
  assert.ok(value, note);
  // The tree behind the move ends with the move played, at the value the page said.
  const column = /played column (\d)/.exec(await page.locator(".last-ai").textContent())[1];
  await page.getByRole("link", { name: /search tree behind this move/ }).click();
  await page.locator("svg.tree [data-node='r']").waitFor({ timeout: 30000 });
  await page.getByRole("button", { name: "Jump to end" }).click();
  const root = page.locator("svg.tree [data-node='r']");
  assert.equal(await root.getAttribute("data-value"), value[1].replace("−", "-"));
  assert.equal(await page.locator("svg.tree .node.principal").nth(1).getAttribute("data-label"), `col${column}`);
  assert.match(await page.locator(".stepper").textContent(), /Values are for MAX/);
  page.assertHealthy();
});

test("every game draws its own seed, kept in the URL; a link's seed replays the same game", async () => {
  const seedOf = (url) => /[?&]seed=(\d+)/.exec(url)?.[1];
  const a = await openPage(browser, "#/play?game=ttt");
  await a.locator(".ttt-board").waitFor();
  const b = await openPage(browser, "#/play?game=ttt");
  await b.locator(".ttt-board").waitFor();
  await a.waitForFunction(() => /seed=\d+/.test(location.hash));
  await b.waitForFunction(() => /seed=\d+/.test(location.hash));
  const [sa, sb] = [seedOf(a.url()), seedOf(b.url())];
  assert.notEqual(sa, sb, "two page loads, two seeds");
  await a.getByRole("button", { name: "New game" }).click();
  await a.waitForFunction((old) => !location.hash.includes(`seed=${old}&`) && !location.hash.endsWith(`seed=${old}`), sa);
  assert.notEqual(seedOf(a.url()), sa, "a new game, a new seed");
  // A link with a seed keeps it: the AI's choices replay.
  const fixed = await openPage(browser, "#/play?game=ttt&p1=perfect&p2=perfect&seed=12345");
  await letTheAiMove(fixed);
  await fixed.waitForFunction(() => /Game over/.test(document.querySelector("[role=status]").textContent), null, { timeout: 30000 });
  // Perfect play on both sides: a draw, all nine cells.
  const moves = /moves=([0-9]{9})/.exec(await urlMatching(fixed, /moves=[0-9]{9}/))[1];
  assert.equal(seedOf(fixed.url()), "12345");
  const again = await openPage(browser, "#/play?game=ttt&p1=perfect&p2=perfect&seed=12345");
  await letTheAiMove(again);
  await again.waitForFunction(() => /Game over/.test(document.querySelector("[role=status]").textContent), null, { timeout: 30000 });
  assert.equal(/moves=([0-9]{9})/.exec(await urlMatching(again, /moves=[0-9]{9}/))[1], moves, "the same seed, the same game");
  for (const p of [a, b, fixed, again]) p.assertHealthy();
});

test("after the AI's winning move the panel says the game is over, not what it expects", async () => {
  // X: 1 and 3; O: 4 and 5. X (you) leaves row 2 open; O (the AI) completes it.
  const page = await openPage(browser, "#/play?game=ttt&p1=human&p2=perfect&moves=1435&seed=1");
  await page.getByRole("button", { name: "Row 3, column 3" }).click();
  const text = await settled(page);
  assert.match(text, /^O \(the AI\) played row 2, column 3\. Game over: O wins with three in a row\. The AI wins\.$/);
  const panel = await page.locator(".last-ai").textContent();
  assert.match(panel, /It won: the game is over/);
  assert.doesNotMatch(panel, /It expects/);
  page.assertHealthy();
});

test("Nim's moves as For teachers documents them (pile:take) are accepted", async () => {
  const page = await openPage(browser, "#/play?game=nim&piles=3,4,5&take=any&moves=1:3,2:1");
  await page.locator(".nim-board").waitFor();
  assert.equal(await page.locator(".notice").count(), 0);
  assert.deepEqual(
    await page.locator(".nim-board .pile-name").allTextContents(),
    ["Pile 1: 0", "Pile 2: 3", "Pile 3: 5"],
  );
  page.assertHealthy();
});
