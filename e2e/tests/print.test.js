// Pages that print (issue 37): printed, a page shows what it shows on screen without its
// controls — no site navigation, buttons, inputs or menus (a board's cells are its drawing) —
// and a stepper keeps its tree, caption and legend. Chromium prints each to a PDF (the other
// engines lay the page out with its print styles: helpers.printMedia).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, PDF, printMedia, screenMedia, settled } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const STEPPERS = ["#/alphabeta?preset=seed003-alphabeta&step=12", "#/search", "#/chance", "#/mcts"];

for (const route of [...STEPPERS, "#/play", "#/practice", "#/heuristics", "#/", "#/teachers"]) {
  test(`${route} prints without its controls`, async () => {
    const page = await openPage(browser, route);
    await page.locator("main h1").first().waitFor();
    if (STEPPERS.includes(route)) await page.locator("main svg.tree [data-node]").first().waitFor();
    await printMedia(page);
    const shown = await page.evaluate(() => {
      const visible = (e) => {
        const s = getComputedStyle(e);
        const b = e.getBoundingClientRect();
        return s.display !== "none" && s.visibility !== "hidden" && b.width > 0 && b.height > 0;
      };
      const count = (selector) => [...document.querySelectorAll(selector)].filter(visible).length;
      return {
        controls: count("button:not(.cell), input, select, textarea, nav, header.site"),
        trees: count("main svg.tree, main canvas.tree-canvas"),
        captions: count("main .caption"),
        legends: count("main .legend"),
        background: getComputedStyle(document.body).backgroundColor,
      };
    });
    assert.equal(shown.controls, 0, "no buttons, inputs, menus or navigation printed");
    assert.equal(shown.background, "rgb(255, 255, 255)", "printed on white");
    if (STEPPERS.includes(route)) {
      assert.ok(shown.trees >= 1, "the tree is printed");
      assert.equal(shown.captions, 1, "the caption is printed");
      assert.ok(shown.legends >= 1, "the legend is printed");
    }
    if (PDF) {
      const pdf = await page.pdf({ format: "A4" });
      assert.equal(pdf.subarray(0, 5).toString(), "%PDF-");
      assert.ok(pdf.length > 5000, `a PDF with the page on it (${pdf.length} bytes)`);
    }
    page.assertHealthy();
    await page.context().close();
  });
}

// A large tree prints whole: while the page prints, the view fits the whole drawing (and the
// frame keeps the screen's proportions, so the drawing does too); afterwards the view is as it was.
test("a large tree is scaled to the printed page, and the view comes back after", async () => {
  const page = await openPage(browser, "#/alphabeta?random=5,3,3,-9,9,4&step=30");
  await page.locator("main svg.tree").first().waitFor();
  const view = () =>
    page.evaluate(() => {
      const svg = document.querySelector("main svg.tree");
      const [x, y, w, h] = svg.getAttribute("viewBox").split(" ").map(Number);
      return { x, y, w, h, width: Number(svg.dataset.width), height: Number(svg.dataset.height) };
    });
  // The view settled first (the frame measured, the camera placed).
  await settled(page);
  const before = await view();
  assert.ok(before.w < before.width, "on screen, part of the large tree is in view");
  const screenAspect = await page.evaluate(() => {
    const f = document.querySelector("main .tree-frame").getBoundingClientRect();
    return f.width / f.height;
  });
  // As a browser prints: beforeprint, the page laid out for paper, printed; back on screen, afterprint.
  await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
  await printMedia(page);
  await page.waitForFunction(() => {
    const svg = document.querySelector("main svg.tree");
    const [x, , w] = svg.getAttribute("viewBox").split(" ").map(Number);
    return x <= 0 && x + w >= Number(svg.dataset.width);
  });
  const printed = await view();
  assert.ok(printed.x <= 0 && printed.x + printed.w >= printed.width, "the whole width printed");
  assert.ok(printed.y <= 0 && printed.y + printed.h >= printed.height, "the whole height printed");
  const frames = await page.evaluate(() => {
    const f = document.querySelector("main .tree-frame").getBoundingClientRect();
    return f.width / f.height;
  });
  assert.ok(Math.abs(frames / screenAspect - 1) < 0.03, `the printed frame keeps the screen's proportions (${frames} against ${screenAspect})`);
  await screenMedia(page);
  await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  await page.waitForFunction((w) => {
    const svg = document.querySelector("main svg.tree");
    return Number(svg.getAttribute("viewBox").split(" ")[2]) < w;
  }, printed.width);
  // Back on screen (the frame's size back too), the view is as it was.
  await settled(page);
  const after = await view();
  assert.ok(
    Math.abs(after.w - before.w) < 1 && Math.abs(after.x - before.x) < 1,
    `the view is as it was (${JSON.stringify(after)} against ${JSON.stringify(before)})`,
  );
  // Chromium's own printing (which sends beforeprint and afterprint itself) makes the PDF.
  if (PDF) {
    const pdf = await page.pdf({ format: "A4" });
    assert.equal(pdf.subarray(0, 5).toString(), "%PDF-");
  }
  page.assertHealthy();
  await page.context().close();
});
