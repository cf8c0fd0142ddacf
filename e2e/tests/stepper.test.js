// The alpha-beta stepper, driven as a teacher would drive it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, settledCount, urlMatching, CLOCK, ENGINE } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const TREE = "svg.tree[aria-label^='Game tree']";

// Every drawn node's path → status (and value), to compare states.
async function snapshot(page) {
  return page.$$eval(`${TREE} [data-node]`, (nodes) =>
    nodes.map((n) => [
      n.dataset.node,
      n.dataset.status,
      n.dataset.value ?? "",
      n.dataset.alpha ?? "",
      n.dataset.beta ?? "",
    ])
  );
}

async function stepCount(page) {
  return (await page.locator(".step-count").textContent()).trim();
}

async function openStepper(path, options) {
  const page = await openPage(browser, path, undefined, false, options);
  await page.locator(`${TREE} [data-node="r"]`).waitFor({ timeout: 20000 });
  return page;
}

test("nothing plays on load: ten seconds on the page's clock, and the stepper is at step 0", CLOCK, async () => {
  const page = await openStepper("#/alphabeta?preset=seed003-alphabeta", { clock: true });
  await page.clock.runFor(10000);
  assert.match(await stepCount(page), /^0 \/ \d+$/);
  assert.equal(await page.getByRole("button", { name: "Play" }).count(), 1, "paused");
  page.assertHealthy();
});

test("seed 003: step to the end, the root is 3 and exactly E's right leaf and G's subtree are pruned", async () => {
  const page = await openStepper("#/alphabeta?preset=seed003-alphabeta");
  assert.match(await stepCount(page), /^0 \/ \d+$/);
  assert.equal(await page.locator(`${TREE} [data-status="pruned"]`).count(), 0);

  await page.getByRole("button", { name: "Jump to end" }).click();
  const root = page.locator(`${TREE} [data-node="r"]`);
  assert.equal(await root.getAttribute("data-value"), "3");
  const pruned = await page.$$eval(`${TREE} [data-status="pruned"]`, (ns) => ns.map((n) => n.dataset.node).sort());
  assert.deepEqual(pruned, ["r.0.1.1", "r.1.1", "r.1.1.0", "r.1.1.1"]);
  assert.match(await page.locator(".caption").textContent(), /Principal variation: A → B → D → I/);
  page.assertHealthy();
});

test("stepping back restores exactly the previous state", async () => {
  const page = await openStepper("#/alphabeta?preset=seed003-alphabeta");
  const forward = page.getByRole("button", { name: "Step forward" });
  const states = [await snapshot(page)];
  while (await forward.isEnabled()) {
    await forward.click();
    states.push(await snapshot(page));
  }
  // Walk all the way back, comparing each state with the one seen going forward.
  const back = page.getByRole("button", { name: "Step back" });
  for (let k = states.length - 2; k >= 0; k--) {
    await back.click();
    assert.deepEqual(await snapshot(page), states[k], `state at step ${k}`);
  }
  // Windows are shown: at the cut in E, α = 5 and β = 3 (the tutorial's figures).
  await page.getByRole("slider", { name: "Step" }).fill("9");
  const e = page.locator(`${TREE} [data-node="r.0.1"]`);
  assert.equal(await e.getAttribute("data-alpha"), "5");
  assert.equal(await e.getAttribute("data-beta"), "3");
  assert.match(await page.locator(".caption").textContent(), /5 ≥ β = 3 at this MAX node E/);
  assert.equal(await page.locator(".pseudocode li.current code").textContent(), "    if α ≥ β then return v   ▷ prune the rest");
  page.assertHealthy();
});

test("keys: → and ← step, Home and End jump, Space plays and pauses", async () => {
  const page = await openStepper("#/alphabeta?preset=seed001-aima", ENGINE === "webkit" ? {} : { clock: true });
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  assert.match(await stepCount(page), /^2 \//);
  await page.keyboard.press("ArrowLeft");
  assert.match(await stepCount(page), /^1 \//);
  await page.keyboard.press("End");
  const total = (await stepCount(page)).split(" / ")[1];
  assert.equal(await stepCount(page), `${total} / ${total}`);
  await page.keyboard.press("Home");
  assert.equal(await stepCount(page), `0 / ${total}`);
  // Play at the fastest speed, then pause.
  await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "Very fast" });
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press(" ");
  await page.waitForFunction(() => !document.querySelector(".step-count").textContent.startsWith("0 "));
  await page.keyboard.press(" ");
  await page.getByRole("button", { name: "Play" }).waitFor();
  const paused = await stepCount(page);
  // Paused, the steps stop: shown on the page's clock, run five seconds ahead (where the engine's
  // driver can install it).
  if (ENGINE !== "webkit") {
    await page.clock.runFor(5000);
    assert.equal(await stepCount(page), paused, "pausing stops the steps");
  }
  page.assertHealthy();
});

test("a malformed tree shows an error inline, keeps the last good tree, and the page goes on working", async () => {
  const page = await openStepper("#/alphabeta?preset=seed001-aima");
  const before = await page.locator(`${TREE} [data-node]`).count();
  const box = page.getByLabel("Tree as text");
  await box.fill("[[3,12,8],[2,4,6],[14,5,2]");
  const error = page.locator("p.error[role=alert]");
  await error.waitFor();
  assert.match(await error.textContent(), /column 27: expected '\]'/);
  assert.equal(await page.locator(`${TREE} [data-node]`).count(), before);
  // Still works: step, then fix the text.
  await page.getByRole("button", { name: "Step forward" }).click();
  assert.match(await stepCount(page), /^1 \//);
  await box.fill("min [[2,4],[6,8]]");
  await page.waitForFunction((t) => document.querySelectorAll(`${t} [data-node]`).length === 7, TREE);
  assert.equal(await error.count(), 0);
  await page.getByRole("button", { name: "Jump to end" }).click();
  assert.equal(await page.locator(`${TREE} [data-node="r"]`).getAttribute("data-value"), "4");
  assert.equal(await page.locator(`${TREE} [data-node="r.1.1"]`).getAttribute("data-status"), "pruned");
  page.assertHealthy();
});

test("the URL holds tree, algorithm and step; reloading restores the view", async () => {
  const page = await openStepper("#/alphabeta?preset=seed003-alphabeta");
  await page.getByRole("combobox", { name: "Algorithm" }).selectOption("alphabeta-hard");
  for (let i = 0; i < 6; i++) await page.getByRole("button", { name: "Step forward" }).click();
  const state = await snapshot(page);
  const url = await urlMatching(page, /step=6/);
  assert.match(url, /algo=alphabeta-hard/);
  await page.reload();
  await page.locator(`${TREE} [data-node="r"]`).waitFor();
  assert.match(await stepCount(page), /^6 \//);
  assert.deepEqual(await snapshot(page), state);
  assert.equal(await page.getByRole("combobox", { name: "Algorithm" }).inputValue(), "alphabeta-hard");
  // A typed tree travels in the URL too.
  await page.getByLabel("Tree as text").fill("[[1,5],[2,7]]");
  await page.waitForFunction(() => location.hash.includes("tree="));
  await page.reload();
  await page.locator(`${TREE} [data-node="r.1.1"]`).waitFor();
  assert.equal(await page.getByLabel("Tree as text").inputValue(), "[[1,5],[2,7]]");
  page.assertHealthy();
});

test("clicking a leaf changes its value and the search follows", async () => {
  const page = await openStepper("#/alphabeta?preset=seed000-min-root");
  await page.locator(`${TREE} [data-node="r.0.1"]`).click(); // the leaf 4
  const input = page.getByLabel(/New value for leaf E/);
  await input.fill("1");
  await input.press("Enter");
  await page.getByRole("button", { name: "Jump to end" }).click();
  // MIN root over max(2,1) = 2 and max(6, 8): the root is 2.
  assert.equal(await page.locator(`${TREE} [data-node="r"]`).getAttribute("data-value"), "2");
  assert.equal(await page.getByLabel("Tree as text").inputValue(), "min [[2,1],[6,8]]");
  // A value that is not a number is refused with a message.
  await page.locator(`${TREE} [data-node="r.0.0"]`).click();
  const again = page.getByLabel(/New value for leaf D/);
  await again.fill("lots");
  await again.press("Enter");
  await page.locator(".leaf-editor .error").waitFor();
  await again.press("Escape");
  assert.equal(await page.locator(".leaf-editor").count(), 0);
  page.assertHealthy();
});

test("random trees, three players, and the order comparison", async () => {
  const page = await openStepper("#/alphabeta?random=3,3,3,0,9,42");
  assert.equal(await page.locator(`${TREE} [data-node]`).count(), 40);
  // Below the fold, the comparison's code is fetched once it is scrolled into view.
  await page.locator(".compare").scrollIntoViewIfNeeded();
  await page.locator(".compare-item .counts").nth(2).waitFor();
  const counts = await page.$$eval(".compare-item", (items) =>
    items.map((i) => [i.dataset.order, i.querySelector(".counts").textContent])
  );
  assert.deepEqual(counts.map((c) => c[0]), ["natural", "best", "worst"]);
  assert.match(counts[1][1], /^11 leaves evaluated/, "the best order meets the Knuth–Moore minimum 3²+3−1 = 11");
  // Generate another from the form.
  const form = page.locator("details.random");
  if (!(await form.evaluate((d) => d.open))) await form.locator("summary").click();
  await page.getByLabel("Depth", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Generate" }).click();
  await page.waitForFunction(() => location.hash.includes("random=2,"));
  assert.equal(await page.locator(`${TREE} [data-node]`).count(), 13);

  const maxn = await openStepper("#/alphabeta?preset=aima-maxn");
  await maxn.getByRole("button", { name: "Jump to end" }).click();
  assert.equal(await maxn.locator(`${TREE} [data-node="r"]`).getAttribute("data-value"), "1,2,6");
  page.assertHealthy();
  maxn.assertHealthy();
});

test("a broken link gives a clear message and a working default view", async () => {
  const page = await openStepper("#/alphabeta?tree=%5B%5B1%2C2%5D&algo=nonsense&step=99999");
  const notices = await page.locator(".notice").allTextContents();
  assert.ok(notices.some((n) => /Unknown algorithm/.test(n)), notices.join("\n"));
  assert.ok(notices.some((n) => /could not be read/.test(n)), notices.join("\n"));
  assert.ok(notices.some((n) => /asks for step 99999/.test(n)), notices.join("\n"));
  const [at, total] = (await stepCount(page)).split(" / ");
  assert.equal(at, total, "the step is clamped to the last");
  await page.getByRole("button", { name: "Step back" }).click();
  assert.equal(await stepCount(page), `${total - 1} / ${total}`);
  page.assertHealthy();
});

test("large trees: fold and unfold subtrees, zoom, and drag to pan", async () => {
  const page = await openStepper("#/alphabeta?random=4,3,3,0,9,5");
  const nodes = page.locator(`${TREE} [data-node]`);
  assert.equal(await settledCount(nodes, 121), 121);
  // The whole tree in the frame.
  await page.getByRole("button", { name: "Fit to the frame" }).click();
  // Fold the first child of the root: its 39 descendants disappear and it says so.
  await page.locator(`${TREE} [data-node="r.0"]`).click();
  assert.equal(await settledCount(nodes, 82), 82);
  assert.match(await page.locator(`${TREE} [data-node="r.0"]`).getAttribute("aria-label"), /39 nodes hidden/);
  await page.locator(`${TREE} [data-node="r.0"]`).click();
  assert.equal(await settledCount(nodes, 121), 121);
  // Show two levels only, then all.
  await page.getByRole("combobox", { name: "Levels shown" }).selectOption("2");
  assert.equal(await settledCount(nodes, 13), 13);
  await page.getByRole("combobox", { name: "Levels shown" }).selectOption("");
  assert.equal(await settledCount(nodes, 121), 121);
  // Zoom in and out: the drawing's scale follows the buttons.
  const scale = async () => Number(await page.locator(TREE).getAttribute("data-scale"));
  const s0 = await scale();
  await page.getByRole("button", { name: "Zoom in" }).click();
  assert.ok((await scale()) > s0 * 1.2);
  await page.getByRole("button", { name: "100%: actual size" }).click();
  assert.equal(await scale(), 1);
  // Drag to pan: the view moves with the pointer, following stops, and the drag does not fold
  // the node it ends on.
  const follow = page.getByRole("button", { name: "Follow" });
  // Zooming by hand stopped following; the toggle turns it back on.
  assert.equal(await follow.getAttribute("aria-pressed"), "false");
  await follow.click();
  assert.equal(await follow.getAttribute("aria-pressed"), "true");
  const viewX = async () => Number((await page.locator(TREE).getAttribute("viewBox")).split(" ")[0]);
  const x0 = await viewX();
  const frame = page.locator(".tree-frame");
  const box = await frame.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + 60);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 150, box.y + 60, { steps: 5 });
  await page.mouse.up();
  assert.ok((await viewX()) > x0 + 100, `${x0} → ${await viewX()}`);
  assert.equal(await follow.getAttribute("aria-pressed"), "false");
  assert.equal(await nodes.count(), 121);
  // A mouse's drag that ends with no click (released outside the window: here, events with no
  // click after them) leaves nothing to swallow: the next click, on a button, counts.
  await frame.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = (type, dx) => el.dispatchEvent(new PointerEvent(type, {
      bubbles: true, pointerId: 7, pointerType: "mouse", button: 0, isPrimary: true,
      clientX: r.x + r.width / 2 + dx, clientY: r.y + 60,
    }));
    at("pointerdown", 0);
    at("pointermove", -60);
    at("pointerup", -60);
  });
  assert.equal(await scale(), 1);
  await page.getByRole("button", { name: "Fit to the frame" }).click();
  await page.waitForFunction((sel) => Number(document.querySelector(sel).getAttribute("data-scale")) < 1, TREE, { timeout: 5000 });
  page.assertHealthy();
});

// The wheel over the tree: sideways it pans the drawing (not the page); with Ctrl it zooms about
// the pointer, the point under it staying put.
test("the wheel pans the tree, and with Ctrl zooms about the pointer", async () => {
  const page = await openStepper("#/alphabeta?random=4,3,3,0,9,5");
  await page.getByRole("button", { name: "100%: actual size" }).click();
  const tree = page.locator(TREE);
  const view = async () => (await tree.getAttribute("viewBox")).split(" ").map(Number);
  const scale = async () => Number(await tree.getAttribute("data-scale"));
  const box = await page.locator(".tree-frame").boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const scrolled = await page.evaluate(() => scrollY);
  const [x0] = await view();
  await page.mouse.wheel(120, 0);
  await page.waitForFunction(([sel, x]) => Number(document.querySelector(sel).getAttribute("viewBox").split(" ")[0]) !== x, [TREE, x0]);
  const [x1] = await view();
  assert.ok(x1 > x0, `the wheel sideways moved the view right (${x0} → ${x1})`);
  assert.equal(await page.evaluate(() => scrollY), scrolled, "the page did not scroll");
  // Ctrl and the wheel up: larger, about the pointer.
  const s0 = await scale();
  const [vx, vy, vw, vh] = await view();
  const under = [vx + vw / 2, vy + vh / 2];
  await page.keyboard.down("Control");
  await page.mouse.wheel(0, -200);
  await page.keyboard.up("Control");
  await page.waitForFunction(([sel, s]) => Number(document.querySelector(sel).dataset.scale) > s, [TREE, s0]);
  const [wx, wy, ww, wh] = await view();
  assert.ok((await scale()) > s0 * 1.2, `zoomed in: ${s0} → ${await scale()}`);
  assert.ok(Math.abs(wx + ww / 2 - under[0]) < 2 && Math.abs(wy + wh / 2 - under[1]) < 2, "the point under the pointer stayed put");
  page.assertHealthy();
});
