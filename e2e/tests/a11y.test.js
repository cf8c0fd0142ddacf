// Accessibility, measured with real tools: axe-core (WCAG 2.2 AA rules) on every route and on
// the states a class meets mid-run; keys that do what a keyboard user expects; contrast the
// rules cannot see inside SVG; type sizes on the tree; a title per page.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, BASE, audit, PAGES, settled } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// The view's own tree (the stepper also draws small ones to compare move orders).
const TREE = "svg.tree [data-node='r'] >> nth=0";

test("axe: no serious or critical violation on any route", async () => {
  const routes = [
    ["#/", TREE],
    ["#/alphabeta", TREE],
    ["#/alphabeta?preset=aima-maxn", TREE],
    ["#/chance?preset=cs188-expectimax-bounds&step=10", TREE],
    ["#/mcts?n=50&step=20", TREE],
    ["#/mcts?game=ttt&moves=152&n=500&step=30", TREE],
    ["#/search", TREE],
    ["#/search?problem=puzzle&size=3x3&tiles=1,2,3,4,0,6,7,5,8&algo=astar&step=9", TREE],
    ["#/search?problem=blocks&algo=bfs&step=6", TREE],
    ["#/play", ".ttt-board"],
    ["#/play?game=c4&p1=human&p2=human&moves=4453", ".c4-board"],
    ["#/play?game=nim", ".nim-board"],
    ["#/practice", TREE],
    ["#/practice?kind=search&algo=astar", TREE],
    ["#/practice?kind=chance", TREE],
    ["#/practice?kind=mcts&level=ucb", TREE],
    ["#/play?game=c4&p1=human&p2=mcts1000&moves=4", ".c4-board"],
    ["#/teachers", "table.params"],
    ["#/nowhere", "main h1"],
  ];
  // Every page of the registry, at least as it opens.
  for (const { route } of PAGES) {
    if (!routes.some(([path]) => path === route)) routes.push([route, "main h1"]);
  }
  for (const [path, ready] of routes) {
    const page = await openPage(browser, path);
    await page.locator(ready).first().waitFor({ timeout: 20000 });
    await audit(page, path);
    page.assertHealthy();
    await page.context().close();
  }
});

test("axe: no serious or critical violation mid-run — stepper, search, game, practice after Check", async () => {
  // The stepper mid-run, on a tree that folds, with (α, β) shown.
  const stepper = await openPage(browser, "#/alphabeta?random=4,2,3,-20,20,7");
  await stepper.locator(TREE).waitFor({ timeout: 20000 });
  for (let i = 0; i < 9; i++) await stepper.getByRole("button", { name: "Step forward" }).click();
  await audit(stepper, "stepper at step 9");
  // The tree behind an AI move (positions drawn at each node, table hits).
  const game = await openPage(browser, "#/alphabeta?game=ttt&moves=15&level=perfect&seed=7&depth=9");
  await game.locator(TREE).waitFor({ timeout: 30000 });
  await game.getByRole("button", { name: "Step forward" }).click();
  await audit(game, "the tree behind a move");
  // The search visualiser mid-run.
  const search = await openPage(browser, "#/search?problem=puzzle&size=3x3&tiles=1,2,3,4,0,6,7,5,8&algo=bfs");
  await search.locator(TREE).waitFor({ timeout: 20000 });
  for (let i = 0; i < 12; i++) await search.getByRole("button", { name: "Step forward" }).click();
  await audit(search, "search at step 12");
  // A game under way, with hints.
  const play = await openPage(browser, "#/play?game=c4&p1=human&p2=seed2&hints=1&seed=3");
  await play.getByRole("button", { name: /^Drop in column 4/ }).click();
  await play.locator(".last-ai").waitFor({ timeout: 20000 });
  await play.locator(".c4-board .hint-badge").first().waitFor({ timeout: 20000 });
  await audit(play, "connect four mid-game with hints");
  // Practice after Check, with a wrong mark and missed answers.
  const practice = await openPage(browser, "#/practice?kind=alphabeta&level=windows&seed=7");
  await practice.locator(TREE).waitFor({ timeout: 20000 });
  await practice.getByRole("button", { name: "Fit to the frame" }).click();
  await practice.locator("svg.tree [data-node='r.0']").click();
  await practice.getByRole("button", { name: "Check" }).click();
  await practice.locator(".report").waitFor();
  await audit(practice, "practice after Check");
  for (const p of [stepper, game, search, play, practice]) p.assertHealthy();
});

test("Space or Enter on a focused button does that button's action; inner nodes fold from the keyboard", async () => {
  const page = await openPage(browser, "#/alphabeta?preset=seed003-alphabeta");
  await page.locator(TREE).waitFor({ timeout: 20000 });
  const forward = page.getByRole("button", { name: "Step forward" });
  await forward.focus();
  await page.keyboard.press(" ");
  await page.keyboard.press("Enter");
  // Two steps; had a key set the stepper playing, its button would say Pause.
  await page.waitForFunction(() => /^2 \//.test(document.querySelector(".step-count").textContent));
  assert.equal(await page.getByRole("button", { name: "Play" }).count(), 1, "still paused");
  // The tree is one tab stop; arrows move between nodes; Enter folds an inner node.
  const root = page.locator("svg.tree[aria-label^='Game tree'] [data-node='r']");
  await root.focus();
  await page.keyboard.press("ArrowDown");
  const b = page.locator("svg.tree[aria-label^='Game tree'] [data-node='r.0']");
  assert.equal(await b.evaluate((n) => n === document.activeElement), true, "↓ goes to the first child");
  assert.equal(await b.getAttribute("aria-expanded"), "true");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelector("svg.tree[aria-label^='Game tree'] [data-node='r.0']")?.getAttribute("aria-expanded") === "false");
  assert.equal(await page.locator("svg.tree[aria-label^='Game tree'] [data-node='r.0.0']").count(), 0, "B's children are folded away");
  assert.match(await page.locator(".step-count").textContent(), /^2 \//, "keys inside the tree do not step");
  await page.keyboard.press(" ");
  await page.waitForFunction(() => document.querySelector("svg.tree[aria-label^='Game tree'] [data-node='r.0']")?.getAttribute("aria-expanded") === "true");
  assert.equal(await page.locator("svg.tree[aria-label^='Game tree'] [data-node='r.0.0']").count(), 1, "Space unfolds them again");
  await page.keyboard.press("ArrowRight");
  // (The focus moves once the node is drawn: a render later, when the camera has to move.)
  await page.waitForFunction(() => document.activeElement === document.querySelector("svg.tree[aria-label^='Game tree'] [data-node='r.1']"), null, { timeout: 10000 });
  page.assertHealthy();
});

// WCAG contrast of two CSS colours (rgb() strings).
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test("contrast axe cannot judge: connect-four discs against the board, the focus ring, pruned values", async () => {
  const page = await openPage(browser, "#/play?game=c4&p1=human&p2=human&moves=4453");
  await page.locator(".c4-board").waitFor();
  const colours = await page.evaluate(() => ({
    board: getComputedStyle(document.querySelector(".c4-board")).backgroundColor,
    first: getComputedStyle(document.querySelector(".c4-board .slot.first")).backgroundColor,
    second: getComputedStyle(document.querySelector(".c4-board .slot.second")).backgroundColor,
  }));
  for (const disc of ["first", "second"]) {
    const c = contrast(colours[disc], colours.board);
    assert.ok(c >= 3, `${disc} player's discs against the board: ${c.toFixed(2)}:1`);
  }
  // The focus ring, on a button of the page.
  const undo = page.getByRole("button", { name: "Undo" });
  await page.keyboard.press("Tab");
  await undo.focus();
  const ring = await undo.evaluate((b) => ({ ring: getComputedStyle(b).outlineColor, width: getComputedStyle(b).outlineWidth, page: getComputedStyle(document.body).backgroundColor }));
  assert.ok(parseFloat(ring.width) >= 2, `the focus ring is ${ring.width} wide`);
  assert.ok(contrast(ring.ring, "rgb(255, 255, 255)") >= 3, `focus ring ${ring.ring} against white`);
  // A column of the board shows its focus in white on the dark board.
  const column = page.getByRole("button", { name: "Drop in column 1" });
  await column.focus();
  const colRing = await column.evaluate((b) => getComputedStyle(b).outlineColor);
  assert.ok(contrast(colRing, colours.board) >= 3, `column focus ${colRing} against the board`);
  // Pruned values on the stepper's tree.
  const stepper = await openPage(browser, "#/alphabeta?preset=seed003-alphabeta&step=19");
  await stepper.locator("svg.tree .node.pruned .value").first().waitFor({ timeout: 20000 });
  const pruned = await stepper.evaluate(() => {
    const node = document.querySelector("svg.tree .node.pruned .value").closest(".node");
    return {
      text: getComputedStyle(node.querySelector(".value")).fill,
      shape: getComputedStyle(node.querySelector(".shape")).fill,
    };
  });
  const c = contrast(pruned.text, pruned.shape);
  assert.ok(c >= 4.5, `a pruned value against its node: ${c.toFixed(2)}:1`);
  page.assertHealthy();
  stepper.assertHealthy();
});

// The size in CSS pixels a tree's text is drawn at: its font size times the drawing's scale.
async function drawnSizes(frame, selector) {
  return frame.evaluate((sel) => {
    const svg = document.querySelector("svg.tree");
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return [...document.querySelectorAll(sel)].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
  }, selector);
}

test("text on the tree: (α, β) and order badges at least 12 px, and readable in a 600 × 400 embed", async () => {
  const stepper = await openPage(browser, "#/alphabeta?preset=seed003-alphabeta&step=3");
  await stepper.locator("svg.tree .window").first().waitFor({ timeout: 20000 });
  await stepper.getByRole("button", { name: "100%: actual size" }).click();
  for (const size of await drawnSizes(stepper, "svg.tree .window")) assert.ok(size >= 12, `(α, β) at ${size} px`);
  const search = await openPage(browser, "#/search?algo=bfs&step=8");
  await search.locator("svg.tree .order text").first().waitFor({ timeout: 20000 });
  for (const size of await drawnSizes(search, "svg.tree .order text")) assert.ok(size >= 12, `order badge at ${size} px`);
  // Embedded in a 600 × 400 frame.
  const host = await browser.newPage({ viewport: { width: 700, height: 500 } });
  await host.setContent(`<iframe src="${new URL("#/alphabeta?preset=seed003-alphabeta&step=3&embed=1", BASE).href}" width="600" height="400" title="Arbor"></iframe>`);
  const frame = host.frames()[1];
  await frame.locator("svg.tree .window").first().waitFor({ timeout: 20000 });
  await settled(frame);
  for (const size of await drawnSizes(frame, "svg.tree .window, svg.tree .value")) assert.ok(size >= 11.5, `embedded text at ${size} px`);
  const searchHost = await browser.newPage({ viewport: { width: 700, height: 500 } });
  await searchHost.setContent(`<iframe src="${new URL("#/search?algo=bfs&step=8&embed=1", BASE).href}" width="600" height="400" title="Arbor"></iframe>`);
  const searchFrame = searchHost.frames()[1];
  await searchFrame.locator("svg.tree .order text").first().waitFor({ timeout: 20000 });
  for (const size of await drawnSizes(searchFrame, "svg.tree .order text")) assert.ok(size >= 11.5, `embedded order badge at ${size} px`);
  stepper.assertHealthy();
  search.assertHealthy();
});

test("every route has its own page title", async () => {
  const titles = new Set();
  for (const path of ["#/", "#/alphabeta", "#/chance", "#/mcts", "#/search", "#/play", "#/practice", "#/teachers", "#/nowhere"]) {
    const page = await openPage(browser, path);
    await page.locator("main h1").first().waitFor({ timeout: 20000 });
    await page.waitForFunction(() => document.title !== "");
    const title = await page.title();
    assert.match(title, /Arbor/);
    assert.ok(!titles.has(title), `${path}: “${title}” is another page's title`);
    titles.add(title);
    await page.context().close();
  }
});
