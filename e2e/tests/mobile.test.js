// Phones and tablets, with touch: every route fits the screen's width; the step controls and the
// tree are on screen together; a swipe on the tree pans the tree and a swipe elsewhere scrolls the
// page; a tree is stepped to its end, games are played and a practice exercise marked by tapping.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, BASE, audit, device as touchDevice, only, tap, settled } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const DEVICES = [
  { name: "phone", width: 375, height: 667 },
  { name: "tablet", width: 768, height: 1024 },
];

// A touch device's page that records errors, like helpers.openPage.
async function openTouch(device, path) {
  const context = await browser.newContext(touchDevice({ width: device.width, height: device.height }));
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" || /panicked at/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.assertHealthy = () => {
    if (problems.length) throw new Error(problems.join("\n"));
  };
  await page.goto(new URL(path, BASE).href);
  return page;
}

// A finger drawn from (x0, y0) to (x1, y1) in ten moves.
async function swipe(page, [x0, y0], [x1, y1]) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: x0, y: y0 }] });
  for (let i = 1; i <= 10; i++) {
    const t = i / 10;
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x: x0 + (x1 - x0) * t, y: y0 + (y1 - y0) * t }],
    });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await settled(page);
}

// The part of an element's box inside the viewport, in px².
async function onScreen(page, selector) {
  return page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    const w = Math.min(r.right, innerWidth) - Math.max(r.left, 0);
    const h = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
    return Math.max(0, w) * Math.max(0, h);
  });
}

const ROUTES = [
  "#/",
  "#/alphabeta",
  "#/alphabeta?random=6,5,5,0,99,1",
  "#/chance?random=4,2,3,0,9,7&bounds=0,9&step=12",
  // Pages showing what is wrong with a link (the error's colour must read on a phone too).
  "#/chance?tree=[(1,2),(3,4)]",
  "#/mcts?game=ttt&moves=152&n=2000&step=40",
  "#/mcts?tree=[[1,2],[3",
  "#/alphabeta?tree=[1,2",
  "#/search",
  "#/search?problem=puzzle&size=3x3&tiles=8,1,3,4,0,2,7,6,5&algo=bfs&step=400",
  "#/play?game=ttt",
  "#/play?game=c4",
  "#/play?game=nim",
  "#/practice",
  "#/practice?kind=search",
  "#/practice?kind=chance&bmax=3",
  "#/practice?kind=mcts&level=ucb",
  "#/teachers",
  "#/no-such-page",
];

for (const device of DEVICES) {
  test(`${device.name} (${device.width} × ${device.height}): no route is wider than the screen; axe finds nothing serious`, async () => {
    const page = await openTouch(device, "#/");
    for (const route of ROUTES) {
      await page.goto(new URL(route, BASE).href);
      await page.locator("main#main > *").first().waitFor({ timeout: 20000 });
      await settled(page);
      const wide = await page.evaluate(() => {
        const out = [];
        for (const el of document.querySelectorAll("main *, header *")) {
          const r = el.getBoundingClientRect();
          if (r.width > 0 && r.right > innerWidth + 1 && !el.closest("nav, .tree-frame, pre, .snippet-example, .table-scroll")) {
            out.push(`${el.tagName.toLowerCase()}.${el.className?.baseVal ?? el.className} right ${Math.round(r.right)}`);
          }
        }
        return { scroll: document.documentElement.scrollWidth, out: out.slice(0, 5) };
      });
      assert.ok(wide.scroll <= device.width, `${route}: the page is ${wide.scroll} px wide: ${wide.out.join("; ")}`);
      await audit(page, `${route} at ${device.width} px`);
    }
    page.assertHealthy();
  });

  test(`${device.name}: the stepper's controls and tree are on screen together; tapped to the end, the current node stays in view`, async () => {
    const page = await openTouch(device, "#/alphabeta");
    await page.locator("svg.tree [data-node]").first().waitFor({ timeout: 20000 });
    assert.ok((await onScreen(page, ".main > .controls")) > 0, "the step controls are on screen");
    assert.ok((await onScreen(page, ".tree-frame")) > 150 * 100, "a good part of the tree is on screen");
    // The tree starts readable: whole if it fits so, else the root and the levels that fit, and
    // the view says part of it is in view.
    const fits = await page.locator(".tree-frame svg.tree").evaluate((svg) => {
      const [x0, , w] = svg.getAttribute("viewBox").split(" ").map(Number);
      return x0 <= 0.5 && x0 + w >= Number(svg.dataset.width) - 0.5;
    });
    const hint = await page.locator(".view-hint").first().textContent();
    assert.ok(fits || hint.startsWith("Part of the tree"), `the textbook tree is in view, or the view says part is: ${hint}`);
    assert.equal(await page.locator(".tree-frame [data-node='r']").isVisible(), true);
    const len = Number((await page.locator(".step-count").textContent()).split("/")[1]);
    for (let i = 0; i < len; i++) {
      await tap(page.getByRole("button", { name: "Step forward" }));
      // The node being searched is inside the frame, wherever the page is scrolled.
      const inside = await page.evaluate(() => {
        const node = document.querySelector(".tree-frame [data-status='current']");
        if (!node) return true;
        const f = document.querySelector(".tree-frame").getBoundingClientRect();
        const r = node.getBoundingClientRect();
        return r.left >= f.left - 1 && r.right <= f.right + 1 && r.top >= f.top - 1 && r.bottom <= f.bottom + 1;
      });
      assert.ok(inside, `step ${i + 1}: the current node is in the frame`);
    }
    assert.equal((await page.locator(".step-count").textContent()).replace(/\s/g, ""), `${len}/${len}`);
    assert.match(await page.locator(".caption").textContent(), /done|returns|value/i);
    // Controls still reachable, and the tree still in view, with the page scrolled down to it.
    await page.locator(".tree-frame").scrollIntoViewIfNeeded();
    assert.ok((await onScreen(page, ".main > .controls")) > 0, "the controls stay in view by the tree");
    assert.ok((await onScreen(page, ".tree-frame")) > 150 * 100);
    page.assertHealthy();
  });

  test(`${device.name}: what is scrolled to stops below the step controls, not under them`, async () => {
    const page = await openTouch(
      device,
      "#/search?problem=puzzle&size=4x4&tiles=5,1,3,4,9,2,7,8,0,6,10,12,13,14,11,15&h=manhattan&algo=idastar",
    );
    await page.locator(".solution h2").waitFor({ timeout: 20000 });
    // On a phone the step controls stick to the top of the screen; a button brought into view
    // from below them (as a link's target or a focused control is) is not left beneath them.
    for (const label of ["Play the solution", "Next move"]) {
      const seen = await page.locator(`.solution button[aria-label="${label}"]`).evaluate((b) => {
        b.scrollIntoView({ block: "start" });
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return hit === b || b.contains(hit) ? "the button" : hit?.closest("button")?.getAttribute("aria-label") ?? hit?.tagName;
      });
      assert.equal(seen, "the button", `${label}: under the finger is ${seen}`);
    }
    page.assertHealthy();
  });

  test(`${device.name}: a swipe on the tree pans it, a swipe elsewhere scrolls the page`, only("chromium", "touch input needs Chromium's CDP"), async () => {
    const page = await openTouch(device, "#/alphabeta?random=6,5,5,0,99,1");
    await page.locator("svg.tree [data-node]").first().waitFor({ timeout: 20000 });
    const frame = await page.locator(".tree-frame").boundingBox();
    const viewBox = () => page.locator("svg.tree").getAttribute("viewBox");
    const before = await viewBox();
    const scrollBefore = await page.evaluate(() => scrollY);
    const cx = frame.x + frame.width / 2;
    const cy = frame.y + Math.min(frame.height, device.height - frame.y) / 2;
    await swipe(page, [cx + 60, cy + 40], [cx - 60, cy - 40]);
    assert.notEqual(await viewBox(), before, "the tree moved under the finger");
    assert.equal(await page.evaluate(() => scrollY), scrollBefore, "the page did not scroll");
    // The heading is not the tree: a swipe up there scrolls the page.
    const h1 = await page.locator("h1").boundingBox();
    await swipe(page, [device.width / 2, h1.y + h1.height / 2 + 200], [device.width / 2, h1.y + h1.height / 2 - 100]);
    const headingSwipe = await page.evaluate(() => scrollY);
    const caption = await page.locator(".caption").boundingBox();
    await swipe(page, [device.width / 2, caption.y + 5], [device.width / 2, Math.max(5, caption.y - 250)]);
    assert.ok((await page.evaluate(() => scrollY)) > scrollBefore || headingSwipe > scrollBefore, "the page scrolled");
    page.assertHealthy();
  });

  test(`${device.name}: tic-tac-toe and connect four played by tapping; the board fits the width`, async () => {
    const page = await openTouch(device, "#/play?game=ttt&p1=human&p2=perfect&seed=3");
    const status = () => page.getByRole("status").first().textContent();
    for (let i = 0; i < 9 && !/Game over/.test(await status()); i++) {
      await page.waitForFunction(() => /to move \(you\)\.$|Game over/.test(document.querySelector("[role=status]")?.textContent ?? ""), null, { timeout: 30000 });
      if (/Game over/.test(await status())) break;
      await tap(page.locator(".ttt-board .cell:not(.taken)").first());
    }
    assert.match(await status(), /Game over/);

    await page.goto(new URL("#/play?game=c4&p1=human&p2=seed2&seed=5", BASE).href);
    const board = await page.locator(".c4-board").boundingBox();
    assert.ok(board.x >= 0 && board.x + board.width <= device.width, `the board spans ${board.x}–${board.x + board.width}`);
    for (let moves = 0; moves < 30; moves++) {
      await page.waitForFunction(() => /to move \(you\)\.$|Game over/.test(document.querySelector("[role=status]")?.textContent ?? ""), null, { timeout: 30000 });
      if (/Game over/.test(await status())) break;
      await tap(page.locator(".c4-board .column:not(.full)").last());
    }
    assert.match(await status(), /Game over/);
    page.assertHealthy();
  });

  test(`${device.name}: a practice exercise marked by tapping`, async () => {
    const tree = "[[[2,3],[5,9]],[[0,1],[7,5]]]";
    const page = await openTouch(device, `#/practice?tree=${encodeURIComponent(tree)}`);
    const svg = page.locator("svg.tree[aria-label^='Practice tree']");
    await svg.locator("[data-node='r']").waitFor({ timeout: 20000 });
    // Fit shows the whole textbook-size tree (it opens on its top levels, readable).
    await tap(page.getByRole("button", { name: "Fit to the frame" }));
    const whole = await svg.evaluate((s) => {
      const [x0, y0, w, h] = s.getAttribute("viewBox").split(" ").map(Number);
      return x0 <= 0.5 && y0 <= 0.5 && x0 + w >= Number(s.dataset.width) - 0.5 && y0 + h >= Number(s.dataset.height) - 0.5;
    });
    assert.ok(whole, "the whole practice tree is in view");
    await tap(svg.locator("[data-node='r.0.1.1']"));
    await tap(svg.locator("[data-node='r.1.1']"));
    assert.equal(await svg.locator("[data-node='r.1.1']").getAttribute("aria-pressed"), "true");
    await tap(page.getByRole("button", { name: "Check" }));
    assert.match(await page.locator(".report .score").textContent(), /Score: 2 of 2/);
    page.assertHealthy();
  });
}
