// The Play page, played as people play it: clicks on the board, the AI answering from its
// worker, undo, refusals, the URL, and the search behind a move.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage } from "./helpers.js";

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
    () => /\(you\)|Game over|to move\.$/.test(document.querySelector("[role=status]")?.textContent ?? ""),
    null,
    { timeout: 30000 },
  );
  return status(page).textContent();
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

test("the perfect tic-tac-toe AI never loses 50 games to a random clicker, playing X and O in turn", async () => {
  const results = { ai: 0, draw: 0, person: 0 };
  for (const aiSide of ["p1", "p2"]) {
    const human = aiSide === "p1" ? "p2" : "p1";
    const page = await openPage(browser, `#/play?game=ttt&${aiSide}=perfect&${human}=human&seed=3`);
    const random = rng(aiSide === "p1" ? 11 : 22);
    for (let game = 0; game < 25; game++) {
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
  assert.equal(results.ai + results.draw, 50);
  assert.ok(results.ai > 10, `a random clicker should lose often: ${JSON.stringify(results)}`);
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
  assert.match(text, /^Game over: (Blue ● wins with four in a row\. You win!|Orange ○ wins with four in a row\. The AI wins\.|a draw\.)$/);
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
  assert.match(page.url(), /moves=(&|$)/);
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
  assert.equal(await status(page).textContent(), "O to move.");
  await page.getByRole("button", { name: "Row 1, column 1" }).click();
  assert.equal(await status(page).textContent(), "X to move.");
  assert.equal(await page.getByRole("alert").count(), 0, "the message goes once a move is made");

  // A full column.
  const c4 = await openPage(browser, "#/play?game=c4&p1=human&p2=human&moves=444444");
  await c4.getByRole("button", { name: "Drop in column 4 (full)" }).click();
  assert.match(await c4.getByRole("alert").first().textContent(), /column 4 is full/);
  await c4.getByRole("button", { name: "Drop in column 3" }).click();
  assert.match(c4.url(), /moves=4444443/);
  page.assertHealthy();
  c4.assertHealthy();
});

test("the position is in the URL: reloading restores the game", async () => {
  const page = await openPage(browser, "#/play?game=c4&p1=human&p2=human&moves=4453");
  await page.locator(".c4-board").waitFor();
  assert.equal(await page.locator(".c4-board .slot.first").count(), 2);
  assert.equal(await page.locator(".c4-board .slot.second").count(), 2);
  await page.getByRole("button", { name: "Drop in column 5" }).click();
  assert.match(page.url(), /moves=44535/);
  await page.reload();
  await page.locator(".c4-board").waitFor();
  assert.equal(await page.locator(".c4-board .slot.first").count(), 3);
  assert.equal(await status(page).textContent(), "Orange ○ to move.");
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
  const win = page.getByRole("button", { name: "Row 1, column 3: wins in 1 move" });
  assert.match(await win.textContent(), /▲ win 1/);
  assert.equal(await page.locator(".ttt-board .hint-badge").count(), 5);
  page.assertHealthy();
});

test("Stop makes the thinking AI play its best move so far, marked not proven", async () => {
  const page = await openPage(browser, "#/play?game=c4&p1=perfect&p2=human&think=60&seed=4");
  await page.locator(".ai-panel .thinking .nodes").waitFor({ timeout: 20000 });
  await page.waitForFunction(() => /solving/.test(document.querySelector(".ai-panel .thinking")?.textContent ?? ""), null, {
    timeout: 20000,
  });
  // The page stays responsive while the worker thinks.
  await page.getByRole("checkbox", { name: /Show hints/ }).check();
  await page.getByRole("button", { name: /Stop/ }).click();
  assert.equal(await status(page).textContent(), "Orange ○ to move (you).");
  assert.match(await page.locator(".last-ai").textContent(), /not proven: stopped/);
  assert.equal(await page.locator(".c4-board .slot.first").count(), 1);
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
  assert.match(page.url(), /#\/alphabeta\?game=ttt&moves=1&level=perfect/);
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
  // Reloading the stepper's URL records the same search again, at the same step.
  await page.reload();
  await page.locator("svg.tree [data-node='r']").waitFor({ timeout: 30000 });
  assert.match(await page.locator(".step-count").textContent(), /^16 \//);
  page.assertHealthy();
});
