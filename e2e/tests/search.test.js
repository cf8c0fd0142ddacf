// The search visualiser, driven as a student would drive it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { audit, launch, openPage, scrollToEnd, urlMatching } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const TREE = "svg.tree[aria-label^='Search tree']";

async function openSearch(path, viewport, touch) {
  const page = await openPage(browser, path, viewport, touch);
  await page.locator("main h1").waitFor({ timeout: 20000 });
  return page;
}

async function finished(page) {
  await page.waitForFunction(() => /Found|No solution|Stopped/.test(document.querySelector(".run-status")?.textContent ?? ""), null, {
    timeout: 30000,
  });
}

test("seed 000's tree under iterative deepening gives the tutorial's traversal", async () => {
  const page = await openSearch("#/search?problem=graph&preset=seed000-tree&algo=iddfs");
  await finished(page);
  assert.match(await page.locator(".run-status").textContent(), /Found a solution of 4 steps/);
  await page.getByRole("button", { name: "Jump to end" }).click();
  const rounds = await page.locator(".rounds li").allTextContents();
  assert.deepEqual(rounds, [
    "Depth 0: A",
    "Depth 1: A B C D",
    "Depth 2: A B E F C G D H",
    "Depth 3: A B E I F J K C G L D H M N",
    "Depth 4: A B E I F J K O P C G L R",
  ]);
  assert.match(await page.locator(".caption").textContent(), /Found: A → C → G → L → R — depth 4, cost 4\./);
  // The last round's tree: R is the goal, on the solution path.
  const r = page.locator(`${TREE} [data-label="R"]`);
  assert.equal(await r.getAttribute("data-status"), "current");
  assert.match(await r.getAttribute("class"), /on-path/);
  // Step back into round 3: K is cut off at the depth limit.
  await page.getByRole("slider", { name: "Step" }).fill("40");
  // (Read once step 40 is drawn: its caption says so.)
  await page.waitForFunction(() => /Expand D: generate H\./.test(document.querySelector(".caption")?.textContent ?? ""));
  assert.equal(await page.locator(`${TREE} [data-label="K"]`).getAttribute("data-status"), "cut-off");
  page.assertHealthy();
});

test("an unsolvable 8-puzzle is said to be unsolvable at once, without searching", async () => {
  const page = await openSearch("#/search?problem=puzzle&size=3x3&tiles=2,1,3,4,5,6,7,8,0&algo=bfs");
  const error = page.locator(".inputs .error[role=alert]");
  await error.waitFor({ timeout: 10000 });
  assert.match(await error.textContent(), /unsolvable/);
  assert.equal(await page.locator(".run-status:not(.idle)").count(), 0, "no search was started");
  // Sliding a tile makes it solvable? No — parity is kept; typing a solvable board works.
  await page.getByLabel("Tiles").fill("1 2 3 4 5 6 0 7 8");
  await page.getByLabel("Tiles").press("Enter");
  await finished(page);
  assert.match(await page.locator(".run-status").textContent(), /Found a solution of 2 steps/);
  assert.equal(await error.count(), 0);
  page.assertHealthy();
});

test("choosing Grid under iterative deepening switches to A* and says so; a puzzle link without tiles is the menu's puzzle", async () => {
  const page = await openSearch("#/search");
  await finished(page);
  assert.equal(await page.getByLabel("Algorithm").inputValue(), "iddfs");
  await page.getByRole("radio", { name: "Grid" }).check();
  await page.locator(".notice.switched", { hasText: /Iterative deepening is a poor fit for a grid.*Switched to A\*/ }).waitFor();
  assert.equal(await page.getByLabel("Algorithm").inputValue(), "astar");
  await urlMatching(page, /problem=grid.*algo=astar/);
  await page.locator(".solution h2", { hasText: "cost 22" }).waitFor({ timeout: 20000 });
  // The menu's puzzle, and a link to a puzzle without its tiles: the same board, not the goal.
  await page.getByRole("radio", { name: "Sliding puzzle" }).check();
  await urlMatching(page, /problem=puzzle&size=3x3&tiles=([\d,]+)/);
  const chosen = page.url().match(/tiles=([\d%C,]+)/)[1];
  const linked = await openSearch("#/search?problem=puzzle");
  await finished(linked);
  await urlMatching(linked, new RegExp(`tiles=${chosen}`));
  assert.doesNotMatch(await linked.locator(".run-status").textContent(), /solution of 0 steps/);
  page.assertHealthy();
  linked.assertHealthy();
});

test("a malformed graph text shows an error and the page goes on working", async () => {
  const page = await openSearch("#/search?problem=graph&preset=romania&algo=astar");
  await finished(page);
  const box = page.getByLabel("Tree or graph as text");
  await box.fill("Arad -- Sibiu:140\nSibiu => Fagaras\ngoal Fagaras");
  const error = page.locator(".inputs .error[role=alert]");
  await error.waitFor();
  assert.match(await error.textContent(), /line 2, column 7: expected '->' \(one way\) or '--'/);
  await box.fill("Arad -- Sibiu:140\nSibiu -- Fagaras:99\nh Arad=5\ngoal Fagaras");
  await finished(page);
  assert.match(await page.locator(".run-status").textContent(), /Found a solution of 2 steps, cost 239/);
  assert.equal(await error.count(), 0);
  page.assertHealthy();
});

test("a long IDA* search runs off the page's thread with progress, and Stop stops it", async () => {
  // Korf's instance 1 (276 million nodes): far too long to wait for.
  const tiles = "14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3";
  const page = await openSearch(`#/search?problem=puzzle&size=4x4&tiles=${tiles}&goal=first&h=manhattan&algo=idastar`);
  const status = page.locator(".run-status");
  await page.waitForFunction(() => /[0-9]+ nodes generated/.test(document.querySelector(".run-status")?.textContent ?? ""), null, { timeout: 20000 });
  const first = Number((await status.textContent()).match(/([0-9]+) nodes generated/)[1]);
  // The page answers while the worker searches: the step controls work.
  await page.locator(`${TREE} [data-node="r"]`).waitFor();
  await page.getByRole("button", { name: "Step forward" }).click();
  assert.match(await page.locator(".step-count").textContent(), /^1 \//);
  await page.waitForFunction((n) => Number((document.querySelector(".run-status").textContent.match(/([0-9]+) nodes generated/) ?? [0, 0])[1]) > n, first);
  assert.match(await page.locator(".shown").textContent(), /showing [0-9]+ of [0-9]+ nodes/);
  await page.getByRole("button", { name: "Stop" }).click();
  assert.match(await status.textContent(), /Stopped after about [0-9]+ nodes/);
  assert.equal(await page.getByRole("button", { name: "Stop" }).count(), 0);
  // Still working: a new search starts and finishes.
  await page.getByRole("combobox", { name: "Algorithm" }).selectOption("astar");
  await page.getByRole("radio", { name: "Sliding puzzle" }).check();
  await finished(page);
  page.assertHealthy();
});

test("blocks world: the coursework's first start is solved in 3 moves and played back", async () => {
  const page = await openSearch("#/search?problem=blocks&algo=bfs");
  await finished(page);
  assert.match(await page.locator(".run-status").textContent(), /Found a solution of 3 steps/);
  const solution = page.getByRole("region", { name: "The solution" });
  await solution.getByRole("button", { name: "Last position" }).click();
  const grid = solution.getByRole("group", { name: /The grid after 3 of 3 moves/ });
  assert.equal(await grid.getByRole("img", { name: "Column 2, row 4: block C, goal of C" }).count(), 1);
  assert.equal(await grid.getByRole("img", { name: "Column 1, row 4: the agent" }).count(), 1);
  // Edit the grid: a wall where C must go makes the goal cell blocked — refused with a message.
  await page.getByRole("button", { name: "Blocked #" }).click();
  await page.getByRole("button", { name: "Column 2, row 4: empty, goal of C" }).click();
  await page.locator(".inputs .error[role=alert]").waitFor();
  assert.match(await page.locator(".inputs .error").textContent(), /goal of C is a blocked cell/);
  page.assertHealthy();
});

test("the URL holds the problem, search and step; reloading restores the view", async () => {
  const page = await openSearch("#/search?problem=graph&preset=romania&algo=ucs");
  await finished(page);
  for (let i = 0; i < 7; i++) await page.getByRole("button", { name: "Step forward" }).click();
  const caption = await page.locator(".caption").textContent();
  await urlMatching(page, /algo=ucs/);
  await urlMatching(page, /step=7/);
  await page.reload();
  await finished(page);
  assert.match(await page.locator(".step-count").textContent(), /^7 \//);
  assert.equal(await page.locator(".caption").textContent(), caption);
  page.assertHealthy();
});

test("every search on one problem, side by side", async () => {
  const page = await openSearch("#/search?problem=graph&preset=seed000-tree&algo=bfs");
  await finished(page);
  // The comparison's code comes once its place is seen: a reader scrolls down to it.
  await scrollToEnd(page);
  await page.getByRole("button", { name: "Run every search on this problem" }).click();
  await page.waitForFunction(() => document.querySelectorAll(".compare-table tbody tr td[data-col=depth]").length === 9, null, { timeout: 30000 });
  const depths = await page.$$eval(".compare-table tbody tr", (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.algo, r.querySelector("[data-col=depth]")?.textContent]))
  );
  for (const algo of ["bfs", "dfs", "iddfs", "ucs", "astar", "idastar", "bidi"]) assert.equal(depths[algo], "4", algo);
  page.assertHealthy();
});

test("iterative deepening is optimal in graph mode: 8 1 3 4 0 2 7 6 5 in 14 moves, on the page and in Compare", async () => {
  const page = await openSearch("#/search?problem=puzzle&size=3x3&tiles=8,1,3,4,0,2,7,6,5&algo=iddfs");
  await finished(page);
  assert.match(await page.locator(".run-status").textContent(), /Found a solution of 14 steps/);
  // The tree/graph choice is in force for iterative deepening, so it is not greyed out.
  const mode = page.getByRole("combobox", { name: "Tree or graph search" });
  assert.equal(await mode.isEnabled(), true);
  assert.match(await mode.inputValue(), /graph/);
  assert.match(await page.locator(".pseudocode").textContent(), /explored at a depth ≤ DEPTH\(node\)/);
  await page.getByRole("button", { name: "Run every search on this problem" }).click();
  await page.waitForFunction(() => document.querySelectorAll(".compare-table tbody tr td[data-col=depth]").length === 9, null, { timeout: 60000 });
  const depths = await page.$$eval(".compare-table tbody tr", (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.algo, r.querySelector("[data-col=depth]")?.textContent]))
  );
  for (const algo of ["bfs", "iddfs", "ucs", "astar", "idastar", "bidi"]) assert.equal(depths[algo], "14", algo);
  page.assertHealthy();
});

test("the lists number past 9 in full, and every state drawn on the tree is in the legend", async () => {
  for (const link of [
    "#/search?problem=puzzle&size=3x3&tiles=1,2,3,4,0,6,7,5,8&algo=bfs&step=26",
    "#/search?problem=puzzle&size=3x3&tiles=1,2,3,4,0,6,7,5,8&algo=dfs&depth=3&mode=tree&step=20",
    "#/search?algo=iddfs&step=25",
    "#/search?problem=graph&preset=romania&algo=astar&step=12",
    "#/search?problem=puzzle&size=3x3&tiles=1,2,3,4,0,6,7,5,8&algo=idastar&step=9",
  ]) {
    const page = await openSearch(link);
    await finished(page);
    // Numbers are text, inside their list's box: “10.” is not cut to “0.”.
    const clipped = await page.$$eval(".node-list .n", (ns) =>
      ns.filter((n) => n.getBoundingClientRect().left < n.closest("ol").getBoundingClientRect().left - 0.5).map((n) => n.textContent),
    );
    assert.deepEqual(clipped, [], link);
    const statuses = await page.$$eval("svg.tree [data-status]", (ns) => [...new Set(ns.map((n) => n.dataset.status))]);
    const legend = await page.$$eval(".legend [data-legend]", (ls) => ls.flatMap((l) => l.dataset.legend.split(" ")));
    for (const s of statuses) assert.ok(legend.includes(s), `${link}: “${s}” is drawn but not in the legend`);
    page.assertHealthy();
  }
  // A list long enough to reach 10.
  const page = await openSearch("#/search?problem=puzzle&size=3x3&tiles=1,2,3,4,0,6,7,5,8&algo=bfs&step=26");
  await finished(page);
  assert.ok((await page.locator(".explored-list .n").allTextContents()).includes("10."));
  // Before the first step, the start is drawn with its state, not as an empty box.
  const start = await openSearch("#/search?algo=iddfs&step=0");
  await finished(start);
  assert.equal(await start.locator("svg.tree [data-node='r'] text.name").textContent(), "A ");
  start.assertHealthy();
});

test("a big search tree follows the node being searched; Fit shows all of it; a drag stops the following", async () => {
  // Breadth-first on the 8-puzzle: thousands of recorded nodes, level after level.
  const page = await openSearch("#/search?problem=puzzle&size=3x3&tiles=8,1,3,4,0,2,7,6,5&algo=bfs&step=400");
  const inFrame = () =>
    page.evaluate(() => {
      const node = document.querySelector(".tree-frame .snode.current");
      if (!node) return "none";
      const f = document.querySelector(".tree-frame").getBoundingClientRect();
      const r = node.getBoundingClientRect();
      return r.left >= f.left - 1 && r.right <= f.right + 1 && r.top >= f.top - 1 && r.bottom <= f.bottom + 1;
    });
  await page.locator(".tree-frame .snode.current").waitFor({ timeout: 20000 });
  assert.equal(await inFrame(), true, "at step 400");
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("ArrowRight");
    if (i % 8 === 7) assert.equal(await inFrame(), true, `at step ${401 + i}`);
  }
  await page.keyboard.press("End");
  assert.equal(await inFrame(), true, "at the end");
  // Fit: the whole drawing in the frame.
  await page.getByRole("button", { name: "Fit to the frame" }).click();
  const whole = await page.locator(TREE).evaluate((s) => {
    const [x0, y0, w, h] = s.getAttribute("viewBox").split(" ").map(Number);
    return x0 <= 0.5 && y0 <= 0.5 && x0 + w >= Number(s.dataset.width) - 0.5 && y0 + h >= Number(s.dataset.height) - 0.5;
  });
  assert.ok(whole, "Fit shows the whole tree");
  // A drag by hand: Follow is off until pressed again.
  const box = await page.locator(".tree-frame").boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2 - 30, { steps: 5 });
  await page.mouse.up();
  assert.equal(await page.getByRole("button", { name: "Follow" }).getAttribute("aria-pressed"), "false");
  page.assertHealthy();
});

test("the problem and the search come first: above the fold on a desk, above the stepper on a phone", async () => {
  const desk = await openSearch("#/search", { width: 1366, height: 900 });
  await finished(desk);
  for (const menu of ["Example problem", "Algorithm"]) {
    const b = await desk.getByRole("combobox", { name: menu }).boundingBox();
    assert.ok(b.y + b.height < 900, `${menu} ends at ${b.y + b.height}`);
  }
  // A grid's settings are longer: its Algorithm menu is still on the first screen.
  await desk.getByRole("radio", { name: "Grid" }).check();
  await desk.locator(".solution h2").waitFor({ timeout: 20000 });
  const grid = await desk.getByRole("combobox", { name: "Algorithm" }).boundingBox();
  assert.ok(grid.y + grid.height < 900, `Algorithm ends at ${grid.y + grid.height} on a grid`);
  desk.assertHealthy();

  const phone = await openSearch("#/search", { width: 375, height: 667 }, true);
  await finished(phone);
  const top = async (locator) => (await locator.boundingBox()).y;
  const kinds = await top(phone.getByRole("radiogroup", { name: "Kind of problem" }));
  const example = await phone.getByRole("combobox", { name: "Example problem" }).boundingBox();
  const algorithm = await phone.getByRole("combobox", { name: "Algorithm" }).boundingBox();
  const forward = await phone.getByRole("button", { name: "Step forward" }).boundingBox();
  const caption = await top(phone.locator(".caption"));
  const tree = await top(phone.locator(TREE));
  assert.ok(kinds < example.y && example.y < forward.y && algorithm.y < forward.y, `${kinds} ${example.y} ${algorithm.y} ${forward.y}`);
  assert.ok(example.y < tree && algorithm.y < tree, `the problem at ${example.y}, the tree at ${tree}`);
  // The step controls and the caption are on the first screen too.
  assert.ok(forward.y + forward.height < 667 && caption < 667, `controls end at ${forward.y + forward.height}, caption at ${caption}`);
  // Every kind of problem is one tap, by its short name.
  await phone.getByRole("radio", { name: "Sliding puzzle" }).check();
  await urlMatching(phone, /problem=puzzle/);
  await finished(phone);
  assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false);
  await audit(phone, "the search page on a phone");
  phone.assertHealthy();
});

test("a long path is summarised: the last step of A* on a 100 × 100 maze", async () => {
  const page = await openSearch("#/search?problem=grid&algo=astar", { width: 1366, height: 900 });
  await page.getByLabel("Size of a new grid").selectOption("100");
  await page.getByRole("button", { name: "Maze" }).click();
  await page.waitForFunction(() => /100 columns by 100 rows/.test(document.querySelector(".grid-view canvas")?.getAttribute("aria-label") ?? ""));
  await page.locator(".solution h2").waitFor({ timeout: 30000 });
  const moves = Number((await page.locator(".solution h2").textContent()).match(/The path: (\d+) moves/)[1]);
  assert.ok(moves > 100, `${moves} moves`);
  await page.getByRole("button", { name: "Jump to end" }).click();
  const caption = await page.locator(".caption").textContent();
  // Its length, its cost, its first and last cells; not every cell.
  assert.ok(caption.length < 600, `${caption.length} characters: ${caption.slice(0, 300)}`);
  assert.match(caption, new RegExp(`Found: \\(0,0\\) → (\\(\\d+,\\d+\\) → ){3}… [\\d,]+ more … → (\\(\\d+,\\d+\\) → ){3}\\(\\d+,\\d+\\) — a path of ${moves.toLocaleString("en")} moves, cost [\\d.]+`));
  // The grid stays near the top: within the first two screens.
  const grid = await page.locator(".grid-view canvas").boundingBox();
  assert.ok(grid.y < 2 * 900, `the grid starts at ${grid.y}`);
  // The whole path on request: every cell, start to goal.
  const whole = page.locator("details.whole-path", { hasText: "Show the whole path" });
  await whole.locator("summary").click();
  const cells = (await whole.locator(".path-text").textContent()).split(" → ");
  assert.equal(cells.length, moves + 1);
  assert.equal(cells[0], "(0,0)");
  // The moves under the grid are summarised too, and all there on request.
  const listed = page.locator(".solution details.whole-path");
  assert.match(await listed.locator("summary").textContent(), new RegExp(`Show all ${moves.toLocaleString("en")} moves`));
  assert.ok((await page.locator(".solution .moves").textContent()).length < 200);
  await audit(page, "a long path summarised");
  page.assertHealthy();
});
