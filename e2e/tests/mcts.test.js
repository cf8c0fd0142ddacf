// The MCTS page: Monte Carlo tree search stepped phase by phase in the browser, as a student
// would use it, with the run made in the worker.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { audit, launch, openPage, urlMatching } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const TREE = "svg.tree[aria-label^='Monte Carlo']";

async function open(path, viewport) {
  const page = await openPage(browser, path, viewport);
  await page.locator(`${TREE} [data-node="r"]`).waitFor({ timeout: 20000 });
  return page;
}

const number = (text) => Number(text.trim().replace("−", "-"));

test("selection shows every child's UCB1 terms and takes the highest; the four phases in turn", async () => {
  const page = await open("#/mcts?n=100&seed=1");
  const forward = page.getByRole("button", { name: "Step forward" });
  const phases = new Set();
  let selections = 0;
  for (let i = 0; i < 60; i++) {
    await forward.click();
    const line = (await page.locator(".pseudocode li.current").textContent()).trim();
    phases.add(line.split(":")[0].replace(/^\d+\s*/, "").trim());
    if ((await page.locator("table.ucb").count()) > 0) {
      selections++;
      const rows = await page.$$eval("table.ucb tbody tr", (rs) =>
        rs.map((r) => [r.classList.contains("chosen"), ...[...r.querySelectorAll("td")].map((td) => td.textContent)]),
      );
      const values = rows.map((r) => number(r[4]));
      const chosen = rows.find((r) => r[0]);
      assert.ok(chosen, "a chosen child");
      // The chosen child's UCB1 is the largest, and it is its two terms' sum (to rounding).
      assert.equal(number(chosen[4]), Math.max(...values));
      assert.ok(Math.abs(number(chosen[2]) + number(chosen[3]) - number(chosen[4])) <= 0.011, JSON.stringify(chosen));
      assert.match(await page.locator(".caption").textContent(), new RegExp(`= ${chosen[4].replace(".", "\\.")}, the highest`));
    }
  }
  assert.ok(selections >= 5, `${selections} selection steps`);
  for (const p of ["selection", "expansion", "simulation", "backpropagation"]) assert.ok([...phases].some((x) => x.startsWith(p)), `${p} in ${[...phases]}`);
  // At the end: the root's visits are the iterations, and minimax's move is marked.
  await page.getByRole("button", { name: "Jump to end" }).click();
  assert.equal(await page.locator(`${TREE} [data-node="r"]`).getAttribute("data-value"), "n 100");
  const optimal = await page.$$eval("table.root-moves tr[data-optimal='true']", (rs) => rs.map((r) => r.dataset.move));
  assert.deepEqual(optimal, ["B"]);
  assert.equal(await page.locator(".mcts-plot polyline").count(), 3);
  await urlMatching(page, /#\/mcts\?tree=.*&n=100&seed=1&step=\d+/);
  await audit(page, "MCTS at the end");
  page.assertHealthy();
});

test("a tic-tac-toe position: MCTS finds the block, the exact values beside; settings rerun it", async () => {
  const page = await open("#/mcts?game=ttt&moves=152&n=3000&seed=1");
  // The moves box names the moves as the table does (a1–c3), and says so; the link follows.
  const moves = page.getByLabel("Moves so far");
  assert.equal(await moves.inputValue(), "a1b2b1");
  assert.match(await page.locator("#mcts-moves-hint").textContent(), /a1–c3/);
  await urlMatching(page, /moves=a1b2b1/);
  const played = page.locator("table.root-moves tr.chosen");
  assert.equal(await played.getAttribute("data-move"), "c1");
  assert.equal(await played.getAttribute("data-optimal"), "true");
  assert.match(await played.textContent(), /draws ★ minimax's choice/);
  assert.equal(await page.locator("table.root-moves tr[data-optimal='false']").count(), 5);
  // Moves typed by those names, with spaces, run again and are kept by name.
  await moves.fill("A1 b2 B1 c1");
  await moves.press("Enter");
  await urlMatching(page, /moves=a1b2b1c1(&|$)/);
  assert.equal(await moves.inputValue(), "a1b2b1c1");
  await page.locator("table.root-moves tr[data-move='c3']").waitFor({ timeout: 20000 });
  await moves.fill("a1b2b1");
  await moves.press("Enter");
  await page.locator("table.root-moves tr[data-move='c1']").waitFor({ timeout: 20000 });
  // c = 0: pure exploitation, another run.
  const c = page.getByLabel("Exploration constant c");
  await c.fill("0");
  await c.press("Enter");
  await c.blur();
  await urlMatching(page, /c=0(&|$)/);
  await page.locator(`${TREE} [data-node="r"]`).waitFor({ timeout: 20000 });
  // A wrong value is named and the run stays.
  await c.fill("lots");
  await c.blur();
  assert.match(await page.locator(".inputs .error").textContent(), /not a number from 0 to 10/);
  page.assertHealthy();
});

test("a game's tree draws each node's board, its edges clear of the boards", async () => {
  const page = await open("#/mcts?game=ttt&moves=152&n=300&seed=1&step=60");
  // The root's board holds the moves so far: X at a1 and b1, O at b2.
  const decor = (path) => page.locator(`${TREE} [data-node="${path}"] + .node-decor .mini-ttt`);
  await decor("r").waitFor();
  assert.equal(await decor("r").locator("text.x").count(), 2);
  assert.equal(await decor("r").locator("text.o").count(), 1);
  // Every node drawn has its board, one move further than its parent's.
  const nodes = await page.locator(`${TREE} g.node`).count();
  assert.ok(nodes > 5, `${nodes} nodes`);
  assert.equal(await page.locator(`${TREE} .node-decor .mini-ttt`).count(), nodes);
  assert.equal(await decor("r.0").locator("text").count(), 4);
  // Each edge leaves from below its parent's board and reaches its child's top.
  const ends = await page.evaluate((tree) => {
    const svg = document.querySelector(tree);
    const y = (path) => {
      const g = svg.querySelector(`[data-node="${path}"]`);
      const board = g.nextElementSibling?.querySelector(".mini-ttt");
      return { top: g.getBBox().y, bottom: board ? board.getBBox().y + board.getBBox().height : g.getBBox().y + g.getBBox().height };
    };
    const edges = [...svg.querySelectorAll("line.edge")].map((l) => [+l.getAttribute("y1"), +l.getAttribute("y2")]);
    return { edges, root: y("r"), child: y("r.0") };
  }, TREE);
  assert.ok(ends.edges.length >= nodes - 1, `${ends.edges.length} edges for ${nodes} nodes`);
  assert.ok(ends.edges.every(([a, b]) => a >= ends.root.bottom - 0.5 || a > ends.root.top), JSON.stringify(ends));
  assert.ok(ends.edges.some(([a]) => a >= ends.root.bottom - 0.5), `no edge starts below the root's board: ${JSON.stringify(ends)}`);
  await audit(page, "MCTS on a tic-tac-toe position with boards");
  page.assertHealthy();
});

test("a long run shows progress and stops; a broken link says what is wrong; a phone", async () => {
  const page = await openPage(browser, "#/mcts?game=c4&moves=&n=200000&seed=2");
  const status = page.locator(".run-status");
  await status.waitFor({ timeout: 10000 });
  await page.getByRole("button", { name: "Stop" }).click();
  await page.locator(".inputs .error", { hasText: "Stopped" }).waitFor({ timeout: 20000 });
  page.assertHealthy();
  const phone = await open("#/mcts?tree=[[1,2],[3&c=99", { width: 375, height: 667, isMobile: true, hasTouch: true });
  const notices = await phone.locator(".notice").allTextContents();
  assert.equal(notices.length, 2, notices.join(" / "));
  assert.match(notices.join(" "), /exploration constant.*“99”/);
  assert.match(notices.join(" "), /tree cannot be searched/);
  assert.equal(await phone.locator("#mcts-text").inputValue(), "[[1,2],[3");
  assert.ok((await phone.evaluate(() => document.documentElement.scrollWidth)) <= 375);
  await audit(phone, "MCTS on a phone with a broken link");
  phone.assertHealthy();
});

test("Play against MCTS: its move opens the very tree that chose it on the MCTS page", async () => {
  const page = await openPage(browser, "#/play?game=ttt&p1=human&p2=mcts1000&seed=5&moves=5");
  await page.getByRole("button", { name: /^Continue/ }).click();
  const last = page.locator(".last-ai");
  await last.waitFor({ timeout: 20000 });
  const said = await last.textContent();
  assert.match(said, /Monte Carlo tree search: 1,000 playouts \(c = 1\.41\); it played its most visited move, (\d+) visits/);
  const visits = said.match(/most visited move, (\d+) visits/)[1];
  // The move, as the Play page's status says it ("O (the AI) played row r, column c").
  const played = (await page.locator("p.status").textContent()).match(/row (\d), column (\d)/);
  assert.ok(played, "the status names the AI's move");
  const cell = "abc"[Number(played[2]) - 1] + played[1];
  await page.getByRole("link", { name: "Open the MCTS tree behind this move →" }).click();
  // The position before the move, its move named as the MCTS page's table names it (5 is b2).
  await urlMatching(page, /#\/mcts\?game=ttt&moves=b2&n=1000&seed=\d+/);
  await page.locator(`${TREE} [data-node="r"]`).waitFor({ timeout: 20000 });
  const chosen = page.locator("table.root-moves tr.chosen");
  assert.equal(await chosen.getAttribute("data-move"), cell);
  assert.match(await chosen.textContent(), new RegExp(`^${cell}.*?${visits} \\(`));
  page.assertHealthy();
  // As time allows, on connect four (at most 200,000 playouts, what the MCTS page replays).
  const c4 = await openPage(browser, "#/play?game=c4&p1=human&p2=mcts-time&think=1&seed=5&moves=4");
  await c4.getByRole("button", { name: /^Continue/ }).click();
  await c4.locator(".last-ai").waitFor({ timeout: 20000 });
  const link = await c4.locator(".tree-link").getAttribute("href");
  const n = Number(link.match(/&n=(\d+)/)[1]);
  assert.ok(n > 1000 && n <= 200000, link);
  await audit(c4, "Play against MCTS as time allows");
  c4.assertHealthy();
});
