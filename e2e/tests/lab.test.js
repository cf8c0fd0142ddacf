// The heuristics lab, as a student would use it: the textbook board's estimates beside its true
// distance, a 15-puzzle with the pattern database's groups, a few of Korf's instances solved in
// the tab, and the textbook's table of b*. The work is done in the page's worker.
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

const estimate = async (page, name) =>
  (await page.locator("table.lab-estimates tr", { hasText: name }).locator("td").first().textContent()).trim();

test("the textbook's 8-puzzle: misplaced 8, Manhattan 18, the true distance 26", async () => {
  const page = await openPage(browser, "#/heuristics");
  await page.locator("table.lab-estimates").waitFor({ timeout: 20000 });
  assert.equal(await estimate(page, "Misplaced"), "8");
  assert.equal(await estimate(page, "Manhattan distance"), "18");
  assert.equal(await estimate(page, "True distance"), "26");
  assert.equal(await estimate(page, "Pattern database"), "26");
  // A board that is not one: said, and the estimates stay.
  const tiles = page.getByLabel(/Tiles, row by row/);
  await tiles.fill("7 2 4 5 0 6 8 3 3");
  assert.match(await page.locator("#lab-tiles-error").textContent(), /tile 3 twice/);
  assert.equal(await estimate(page, "True distance"), "26");
  // An unsolvable one: no true distance, and why.
  await tiles.fill("2 1 3 4 5 6 7 8 0");
  await page.locator(".lab-board .hint", { hasText: "cannot reach the goal" }).waitFor();
  assert.equal(await estimate(page, "True distance"), "–");
  await urlMatching(page, /#\/heuristics\?size=3x3&tiles=2,1,3,4,5,6,7,8,0&goal=first/);
  await audit(page, "the lab on an 8-puzzle");
  page.assertHealthy();
});

test("a 15-puzzle: the 6-6-3 database built in the worker, its groups on the tiles", async () => {
  const page = await openPage(browser, "#/heuristics?size=4x4&tiles=13,5,4,10,9,12,8,14,2,3,7,1,0,15,11,6&goal=first");
  await page.locator("table.lab-estimates").waitFor({ timeout: 120000 });
  // Korf's instance 2: 55 moves; the database's estimate is between Manhattan and the truth.
  assert.equal(await estimate(page, "True distance"), "55");
  const pdb = Number(await estimate(page, "Pattern database"));
  const manhattan = Number(await estimate(page, "Manhattan distance"));
  assert.ok(manhattan <= pdb && pdb <= 55, `${manhattan} ${pdb}`);
  assert.match(await page.locator(".lab-board figcaption").textContent(), /6-6-3 additive pattern database: group A = tiles 4, 5, 8, 9, 12, 13; group B = tiles 6, 7, 10, 11, 14, 15; group C = tiles 1, 2, 3/);
  assert.equal(await page.locator(".lab-board .group-tag").count(), 15);
  await audit(page, "the lab on a 15-puzzle");
  page.assertHealthy();
});

test("the textbook's table: b* falls as the heuristic gets better", async () => {
  const page = await openPage(browser, "#/heuristics?per=10&ids=8");
  await page.locator("table.lab-estimates").waitFor({ timeout: 20000 });
  await page.getByRole("button", { name: "Make the table" }).click();
  await page.locator(".lab-table p", { hasText: /^Done in/ }).waitFor({ timeout: 120000 });
  const rows = await page.$$eval(".lab-table tbody tr", (rs) =>
    rs.map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent.trim())),
  );
  assert.equal(rows.length, 12);
  // Depth 24: IDS not run; b* of misplaced > Manhattan > linear conflict > database > truth.
  const last = rows[11];
  assert.equal(last[0], "24");
  assert.equal(last[1], "–");
  const b = last.slice(8, 13).map(Number);
  for (let i = 1; i < b.length; i++) assert.ok(b[i] < b[i - 1], `b* ${b}`);
  assert.equal(await page.locator(".lab-table .chart polyline").count(), 6);
  // Every row shown, none behind an inner scroll: the table's box is as tall as the table.
  const shown = () =>
    page.locator(".lab-table .table-scroll").evaluate((box) => {
      const frame = box.getBoundingClientRect();
      const rows = [...box.querySelectorAll("tbody tr")].map((r) => r.getBoundingClientRect());
      return {
        scrolls: box.scrollHeight > box.clientHeight + 1,
        hidden: rows.filter((r) => r.top < frame.top - 1 || r.bottom > frame.bottom + 1).length,
        sideways: box.scrollWidth > box.clientWidth + 1,
      };
    });
  assert.deepEqual(await shown(), { scrolls: false, hidden: 0, sideways: false });
  // On a phone too; only sideways, if the table is wider than the screen.
  await page.setViewportSize({ width: 375, height: 667 });
  const phone = await shown();
  assert.equal(phone.scrolls, false);
  assert.equal(phone.hidden, 0);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false);
  await page.setViewportSize({ width: 1280, height: 900 });
  await audit(page, "the lab's table");
  page.assertHealthy();
});

test("the menus show the values in use; while the database is built the status says so; Stop says what was done", async () => {
  const page = await openPage(browser, "#/heuristics");
  await page.locator("table.lab-estimates").waitFor({ timeout: 20000 });
  const perDepth = page.getByLabel("Puzzles per depth");
  await perDepth.selectOption("100");
  await urlMatching(page, /per=100/);
  await page.getByRole("button", { name: "Make the table" }).click();
  await page.locator(".lab-table p", { hasText: /^(Working…|Depth 2:)/ }).waitFor();
  await page.locator(".lab-table caption", { hasText: "over 100 puzzles per depth" }).waitFor();
  assert.equal(await perDepth.inputValue(), "100");
  assert.equal(await perDepth.locator("option:checked").textContent(), "100");
  const stop = page.locator(".lab-inputs", { has: perDepth }).getByRole("button", { name: "Stop" });
  await stop.click();
  await stop.waitFor({ state: "detached" });
  // (The menu went back to 10 here, with 100 in use.)
  assert.equal(await perDepth.inputValue(), "100");
  await page.locator(".lab-table p", { hasText: /^Stopped by you/ }).waitFor();
  // Korf's 100: the database is being built first, and the status says so (never "-0.0 s").
  await page.getByRole("button", { name: "Solve them" }).click();
  const korf = page.locator(".korf-summary");
  await korf.filter({ hasText: /pattern database/ }).waitFor();
  assert.doesNotMatch(await korf.textContent(), /-0\.0|solved so far/);
  await page.locator(".lab-inputs").getByRole("button", { name: "Stop" }).click();
  await korf.filter({ hasText: /^Stopped by you/ }).waitFor();
  assert.match(await korf.textContent(), /0 of 100 solved/);
  page.assertHealthy();
});

// (All of Korf's hundred are solved optimally by the same engine natively, in
// crates/puzzles/tests/ground_truth.rs, and timed in the tab by `cargo xtask bench-web korf`.)
test("Korf's first three in the tab: each optimal, with far fewer nodes than Manhattan distance", async () => {
  const page = await openPage(browser, "#/heuristics?korf=3");
  await page.locator("table.lab-estimates").waitFor({ timeout: 20000 });
  await page.getByRole("button", { name: "Solve them" }).click();
  await page.locator(".korf-summary", { hasText: /^All 3 instances solved/ }).waitFor({ timeout: 180000 });
  assert.match(await page.locator(".korf-summary").textContent(), /Every length is the optimal one/);
  const lengths = await page.$$eval(".lab-korf tbody tr td:nth-of-type(1)", (tds) => tds.map((t) => t.textContent));
  assert.equal(lengths.length, 3);
  assert.ok(lengths.every((l) => l.endsWith("✓")), lengths.join());
  await audit(page, "Korf's instances solved");
  page.assertHealthy();
});
