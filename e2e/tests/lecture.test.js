// Lecture mode (issue 37): any stepper, search, chance, MCTS or play link with present=1 shows
// the view alone, sized for a projector (1280 × 720): no site navigation, the tree fitted, the
// caption at least 20 px; a clicker's Page Down / Page Up step, B blanks the screen, Escape
// leaves; the header's "Lecture mode" button sets it. Axe is clean in lecture mode.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, audit, urlMatching, picture, settled } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const PROJECTOR = { width: 1280, height: 720 };

const STEPPED = [
  "#/alphabeta?preset=seed003-alphabeta&step=5",
  "#/search?algo=bfs&step=4",
  "#/chance?step=3",
  "#/mcts?step=3",
];

async function stepCount(page) {
  return (await page.locator(".step-count").textContent()).trim();
}

// What lecture mode shows: no site header, a fitted tree inside the screen, a large caption.
async function looks(page) {
  return page.evaluate(() => {
    const caption = document.querySelector("main .caption");
    const frame = document.querySelector("main .tree-frame");
    const f = frame?.getBoundingClientRect();
    const svg = frame?.querySelector("svg.tree");
    return {
      header: !!document.querySelector("header.site"),
      presentClass: document.querySelector("main").classList.contains("present"),
      caption: caption ? parseFloat(getComputedStyle(caption).fontSize) : 0,
      frameBottom: f ? f.bottom : 0,
      frameHeight: f ? f.height : 0,
      inputs: [...document.querySelectorAll("aside.inputs")].filter((e) => e.getBoundingClientRect().height > 0).length,
      scale: svg ? parseFloat(svg.dataset.scale) : 0,
      pageHeight: document.documentElement.scrollHeight,
    };
  });
}

for (const link of STEPPED) {
  test(`${link} in lecture mode: the view alone, large, stepped by a clicker`, async () => {
    const page = await openPage(browser, `${link}&present=1`, PROJECTOR);
    await page.locator("main svg.tree [data-node]").first().waitFor();
    // Lecture mode's code and style come in a part of their own.
    await page.locator(".leave-lecture").waitFor();
    await settled(page);
    const l = await looks(page);
    assert.equal(l.header, false, "no site navigation");
    assert.ok(l.presentClass, "lecture mode is on");
    assert.ok(l.caption >= 20, `the caption is ${l.caption}px, at least 20`);
    assert.equal(l.inputs, 0, "the settings are put away");
    assert.ok(l.frameHeight >= 350, `the tree takes the screen (${l.frameHeight}px high)`);
    assert.ok(l.frameBottom <= PROJECTOR.height + 1, "the tree fits the screen");
    // Nothing below the screen (an engine with wider words once pushed the legend off it).
    assert.ok(l.pageHeight <= PROJECTOR.height, `the view is ${l.pageHeight}px high, the screen ${PROJECTOR.height}`);
    const start = await stepCount(page);
    await page.keyboard.press("PageDown");
    await page.waitForFunction((s) => document.querySelector(".step-count").textContent.trim() !== s, start);
    const after = await stepCount(page);
    assert.equal(parseInt(after, 10), parseInt(start, 10) + 1, `Page Down steps forward (${start} → ${after})`);
    await page.keyboard.press("PageUp");
    await page.waitForFunction((s) => document.querySelector(".step-count").textContent.trim() === s, start);
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction((s) => document.querySelector(".step-count").textContent.trim() !== s, start);
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction((s) => document.querySelector(".step-count").textContent.trim() === s, start);
    // B blanks the screen, and brings it back.
    await page.keyboard.press("b");
    const blank = page.locator(".blank-screen");
    await blank.waitFor();
    const cover = await blank.evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { w: r.width, h: r.height, bg: getComputedStyle(e).backgroundColor };
    });
    assert.deepEqual(cover, { w: PROJECTOR.width, h: PROJECTOR.height, bg: "rgb(0, 0, 0)" }, "the whole screen is black");
    await page.keyboard.press("b");
    await blank.waitFor({ state: "detached" });
    await audit(page, `${link} in lecture mode`);
    // Escape leaves lecture mode for the same view, at the same step.
    await page.keyboard.press("Escape");
    await page.locator("header.site").waitFor();
    assert.doesNotMatch(page.url(), /present=1/);
    await page.locator("main svg.tree [data-node]").first().waitFor();
    assert.equal(await stepCount(page), start, "the same step after leaving");
    page.assertHealthy();
    await page.context().close();
  });
}

test("the header's Lecture mode button puts the view on the projector, Back leaves", async () => {
  const page = await openPage(browser, "#/alphabeta?preset=seed003-alphabeta&step=7", PROJECTOR);
  await page.locator("main svg.tree [data-node]").first().waitFor();
  await page.locator("header .teach summary").click();
  await page.getByRole("button", { name: "Lecture mode" }).click();
  await page.locator("main.present").waitFor();
  await page.locator(".leave-lecture").waitFor();
  await urlMatching(page, /present=1/);
  assert.match(page.url(), /step=7/);
  assert.equal(await page.locator("header.site").count(), 0);
  // Stepping in lecture mode keeps lecture mode in the address.
  await page.keyboard.press("PageDown");
  await urlMatching(page, /step=8.*present=1|present=1.*step=8/);
  await page.getByRole("button", { name: "Leave lecture mode" }).click();
  await page.locator("header.site").waitFor();
  await urlMatching(page, /^(?!.*present=1).*step=8/);
  page.assertHealthy();
  await page.context().close();
});

test("Play in lecture mode: the board alone, large, and the game goes on", async () => {
  const page = await openPage(browser, "#/play?game=ttt&present=1", PROJECTOR);
  const cells = page.locator(".ttt-board .cell");
  await cells.first().waitFor();
  await page.locator(".leave-lecture").waitFor();
  assert.equal(await page.locator("header.site").count(), 0);
  const size = await cells.first().evaluate((e) => e.getBoundingClientRect().width);
  assert.ok(size >= 60, `a cell is ${size}px wide`);
  await audit(page, "Play in lecture mode");
  page.assertHealthy();
  await page.context().close();
});

test("lecture mode at 1366 × 900 and 1280 × 720: screenshots", async () => {
  for (const [name, link] of [
    ["lecture-alphabeta", "#/alphabeta?preset=seed003-alphabeta&step=9&present=1"],
    ["lecture-search", "#/search?preset=romania&algo=astar&step=6&present=1"],
  ]) {
    for (const viewport of [PROJECTOR, { width: 1366, height: 900 }]) {
      const page = await openPage(browser, link, viewport);
      await page.locator("main svg.tree [data-node]").first().waitFor();
      await page.locator(".leave-lecture").waitFor();
      await settled(page);
      await page.screenshot({ path: picture(`${name}-${viewport.width}.png`) });
      page.assertHealthy();
      await page.context().close();
    }
  }
});
