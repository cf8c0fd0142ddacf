// The search page's grids, as a student would use them: draw walls with the mouse and the
// keyboard, watch A* on the grid, switch to 8-way moves, Jump Point Search, weighted A* and
// bidirectional search, make a maze, and open a broken grid link.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { audit, launch, openPage, urlMatching, settled } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const CANVAS = ".grid-view canvas.grid-canvas";

async function open(path, viewport) {
  const page = await openPage(browser, path, viewport);
  await page.locator(CANVAS).waitFor({ timeout: 20000 });
  await page.locator(".solution h2").waitFor({ timeout: 20000 });
  return page;
}

// Costs are shown in steps (a diagonal step √2, 1.4142), never in the units the grid counts in.
const cost = async (page) => Number((await page.locator(".solution h2").textContent()).match(/cost (\d+(?:\.\d+)?)$/)[1]);

/// The centre of cell (x, y) of a w × h grid on the canvas, in page pixels.
async function cellPoint(page, x, y, w, h) {
  const box = await page.locator(CANVAS).boundingBox();
  return [box.x + ((x + 0.5) * box.width) / w, box.y + ((y + 0.5) * box.height) / h];
}

test("drawing a wall with the mouse makes A* go round it; the grid is in the link", async () => {
  const page = await open("#/search?problem=grid&grid=S......G/......../......../........&algo=astar");
  // Straight along the top row: 7 steps.
  assert.equal(await cost(page), 7);
  assert.match(await page.locator(".run-status").textContent(), /Found a solution of 7 steps, cost 7,/);
  // Drag a wall down column 4 from the top row to the third.
  const [x0, y0] = await cellPoint(page, 4, 0, 8, 4);
  const [, y2] = await cellPoint(page, 4, 2, 8, 4);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x0, (y0 + y2) / 2, { steps: 4 });
  await page.mouse.move(x0, y2, { steps: 4 });
  await page.mouse.up();
  await urlMatching(page, /grid=S\.\.\.%23\.\.G%2F\.\.\.\.%23\.\.\.%2F\.\.\.\.%23\.\.\./);
  await page.locator(".solution h2", { hasText: "cost 13" }).waitFor();
  // The path is drawn on the grid: the canvas says so.
  await page.getByRole("button", { name: "Jump to end" }).click();
  assert.match(await page.locator(CANVAS).getAttribute("aria-label"), /a path of 14 cells found/);
  await audit(page, "a grid after drawing");
  page.assertHealthy();
});

test("a fast drag paints every cell it crosses, straight or slanted", async () => {
  const row = ".".repeat(20);
  const grid = ["S" + ".".repeat(19), row, row, row, row, row, row, ".".repeat(19) + "G"].join("/");
  const page = await open(`#/search?problem=grid&grid=${grid}&algo=astar`);
  const walls = async () => Number((await page.locator(CANVAS).getAttribute("aria-label")).match(/(\d+) walls/)[1]);
  assert.equal(await walls(), 0);
  // One pointer move from column 2 to column 17 of row 3: the pointer skips the cells between.
  let [x, y] = await cellPoint(page, 2, 3, 20, 8);
  let [x2, y2] = await cellPoint(page, 17, 3, 20, 8);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x2, y2, { steps: 1 });
  await page.mouse.up();
  await page.waitForFunction((sel) => /16 walls/.test(document.querySelector(sel).getAttribute("aria-label")), CANVAS);
  // The stroke's search answers and its status may move the canvas: aim once the search is
  // done (its Stop button gone) and the page has settled.
  await page.locator(".run-status .stop").waitFor({ state: "detached", timeout: 30000 });
  await settled(page);
  // Slanted, from (2, 5) to (9, 6): a wall with no diagonal gap, 7 + 1 + 1 cells.
  [x, y] = await cellPoint(page, 2, 5, 20, 8);
  [x2, y2] = await cellPoint(page, 9, 6, 20, 8);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x2, y2, { steps: 1 });
  await page.mouse.up();
  await page.waitForFunction((sel) => /25 walls/.test(document.querySelector(sel).getAttribute("aria-label")), CANVAS);
  assert.equal(await walls(), 25);
  page.assertHealthy();
});

test("the keyboard draws too: arrows move the cursor, Space puts a wall, the cell is announced", async () => {
  const page = await open("#/search?problem=grid&grid=S..G/..../....&algo=bfs");
  assert.equal(await cost(page), 3);
  await page.locator(CANVAS).focus();
  await page.keyboard.press("ArrowRight");
  assert.match(await page.locator(".grid-said").textContent(), /Row 1, column 2, \(1,0\): free/);
  await page.keyboard.press("Space");
  assert.match(await page.locator(".grid-said").textContent(), /Row 1, column 2, \(1,0\): a wall/);
  await page.locator(".solution h2", { hasText: "cost 5" }).waitFor();
  // The start cannot be walled over.
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Space");
  assert.match(await page.locator(".grid-said").textContent(), /not changed/);
  page.assertHealthy();
});

test("8-way moves with octile distance; JPS and bidirectional search find the same cost; weighted A* states its bound", async () => {
  const grid = "S.........../....#......./....#......./....#......./....#......G";
  const page = await open(`#/search?problem=grid&grid=${grid.replace(/#/g, "%23")}&moves=8&h=octile&algo=astar`);
  const best = await cost(page);
  // A path with diagonal steps costs steps with decimals (a diagonal step 1.4142), and the lists
  // give f in steps too.
  assert.ok(!Number.isInteger(best), `${best}`);
  for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "Step forward" }).click();
  const frontier = await page.locator(".frontier-list").textContent();
  assert.match(frontier, /\(f \d{1,2}\.\d+\)/);
  assert.doesNotMatch(frontier, /\(f \d{3,}\)/);
  await page.getByLabel("Jump Point Search (with A*)").check();
  await urlMatching(page, /jps=1/);
  await page.locator(".solution h2", { hasText: `cost ${best}` }).waitFor();
  await page.getByLabel("Jump Point Search (with A*)").uncheck();
  await page.getByLabel("Algorithm").selectOption("bidi");
  await page.locator(".solution h2", { hasText: `cost ${best}` }).waitFor();
  await page.getByRole("button", { name: "Jump to end" }).click();
  assert.match(await page.locator(".caption").textContent(), /The searches have met/);
  await page.getByLabel("Algorithm").selectOption("astar");
  await page.getByLabel("Weighted A*'s w").selectOption("20");
  assert.match(await page.locator(".inputs").textContent(), /costs at most 2\.0 times the cheapest/);
  await page.locator(".solution h2").waitFor();
  const weighted = await cost(page);
  assert.ok(weighted >= best && weighted <= 2 * best, `${weighted} vs ${best}`);
  // Manhattan with diagonals: told it overestimates.
  await page.getByLabel("Heuristic", { exact: true }).selectOption("manhattan");
  assert.match(await page.locator(".inputs").textContent(), /Manhattan distance overestimates with diagonal moves/);
  page.assertHealthy();
});

test("a maze, then a 100 × 100 grid searched and stepped on a phone", async () => {
  const page = await open("#/search?problem=grid&algo=astar", { width: 375, height: 667 });
  await page.getByRole("button", { name: "Maze" }).click();
  // 21 × 21 cells, about half of them walls (the link packs a grid this long into z=).
  await page.waitForFunction(() =>
    /21 columns by 21 rows: (1\d\d|2\d\d) walls/.test(document.querySelector(".grid-view canvas").getAttribute("aria-label")),
  );
  await page.locator(".solution h2").waitFor();
  await page.getByLabel("Size of a new grid").selectOption("100");
  await page.getByRole("button", { name: "Empty grid" }).click();
  await page.locator(".solution h2", { hasText: "cost 198" }).waitFor({ timeout: 20000 });
  const forward = page.getByRole("button", { name: "Step forward" });
  for (let i = 0; i < 5; i++) await forward.click();
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false);
  page.assertHealthy();
});

test("a broken grid link: the place named, the default grid shown", async () => {
  const page = await open("#/search?problem=grid&grid=S.x/..G&moves=6");
  const notes = await page.locator(".notice").allTextContents();
  assert.ok(notes.some((n) => /line 1, column 3/.test(n)), notes.join(" | "));
  assert.ok(notes.some((n) => /not 4 or 8/.test(n)), notes.join(" | "));
  page.assertHealthy();
});
