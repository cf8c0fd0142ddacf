// The benchmark maps page (issue 38), as a student would use it: choose a shared map (fetched
// only then), pick a scenario and see Arbor's length beside the benchmark's, step the search
// over the map with the camera, open a map and its scenarios from files or by dropping them,
// and open a broken map.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { audit, launch, openPage, urlMatching, only, settled } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const VERDICT = ".maps-view .verdict";
const data = (file) => readFileSync(new URL(`../../data/movingai/${file}`, import.meta.url), "utf8");

/// The optimal length of scenario `k` (0-based) as the file writes it.
const optimal = (file, k) => data(file).split("\n").slice(1).filter((l) => l.trim())[k].trim().split(/\s+/)[8];

test("a shared map is fetched only when chosen, and its scenario's length matches the benchmark's", only("chromium,firefox", "the page's requests: WebDriver classic does not report them"), async () => {
  const page = await openPage(browser, "#/maps", { width: 1366, height: 900 });
  const asked = [];
  page.on("request", (r) => asked.push(r.url()));
  await page.locator(".maps-view h1").waitFor();
  await settled(page);
  assert.deepEqual(asked.filter((u) => u.includes("movingai/")), [], "nothing fetched before a map is chosen");
  await page.locator(".map-open select").selectOption("arena");
  await page.locator(VERDICT).waitFor({ timeout: 20000 });
  assert.ok(asked.some((u) => u.endsWith("movingai/arena.map")), asked.join("\n"));
  assert.ok(asked.some((u) => u.endsWith("movingai/arena.map.scen")));
  await urlMatching(page, /#\/maps\?map=arena&scen=0&algo=astar/);
  const verdict = page.locator(VERDICT);
  assert.match(await verdict.textContent(), /^✓ Arbor's length \d+\.\d{8} — the benchmark's [\d.]+: the same\.$/);
  assert.equal(await verdict.getAttribute("data-benchmark"), optimal("arena.map.scen", 0));
  page.assertHealthy();
});

test("every search and heuristic on a scenario: the optimal ones match, the others say they need not", async () => {
  const k = 40;
  const page = await openPage(browser, `#/maps?map=den312d&scen=${k}`, { width: 1366, height: 900 });
  const verdict = page.locator(VERDICT);
  await verdict.waitFor({ timeout: 20000 });
  const bench = optimal("den312d.map.scen", k);
  for (const [algo, optimalSearch] of [["astar", true], ["jps", true], ["ucs", true], ["bidirectional", true], ["weighted", false], ["greedy", false], ["bfs", false]]) {
    await page.locator("select.map-algo").selectOption(algo);
    await urlMatching(page, new RegExp(`algo=${algo}`));
    await page.waitForFunction(() => document.querySelector(".maps-view .verdict"), null, { timeout: 20000 });
    const text = await verdict.textContent();
    assert.equal(await verdict.getAttribute("data-benchmark"), bench, algo);
    const arbor = Number(await verdict.getAttribute("data-arbor"));
    if (optimalSearch) {
      assert.ok(Math.abs(arbor - Number(bench)) <= 1e-4, `${algo}: ${text}`);
      assert.match(text, /^✓/, algo);
    } else {
      assert.ok(arbor >= Number(bench) - 1e-4, `${algo}: ${text}`);
      assert.match(text, /^✓|need not find the shortest path/, algo);
    }
  }
  // The heuristics of A*: Euclidean and Chebyshev are admissible on this grid too.
  await page.locator("select.map-algo").selectOption("astar");
  for (const h of ["euclidean", "chebyshev", "zero"]) {
    await page.locator(".map-search select").nth(1).selectOption(h);
    await urlMatching(page, new RegExp(`h=${h}`));
    await verdict.waitFor({ timeout: 20000 });
    assert.match(await verdict.textContent(), /^✓/, h);
  }
  page.assertHealthy();
});

test("stepping over the map: the caption names each cell, the end draws the path, and the camera zooms, fits and shows the overview", async () => {
  const page = await openPage(browser, "#/maps?map=boston&scen=900&algo=jps", { width: 1366, height: 900 });
  await page.locator(VERDICT).waitFor({ timeout: 30000 });
  const caption = page.locator(".maps-view .caption");
  assert.match(await caption.textContent(), /^Step 0 of \d+: the start \(\d+,\d+\) waits in the frontier/);
  await page.locator("h1").click();
  await page.keyboard.press("ArrowRight");
  // Following, the first step leaves a map that is all in view as it is.
  assert.match(await page.locator(".view-tools .view-hint").textContent(), /Whole map in view/);
  assert.match(await caption.textContent(), /^Step 1 of \d+: took \(\d+,\d+\) from the frontier \(g 0\.0000 \+ h [\d.]+ = f [\d.]+\)\. Frontier \d+ cells?, explored 1\./);
  await page.keyboard.press("End");
  assert.match(await caption.textContent(), /It is the goal: a path of length [\d.]+ found\.$/);
  await urlMatching(page, /step=\d+/);
  // Zoom in twice: part of the map in view, the overview shown; Fit brings the whole back.
  const zoom = page.locator(".maps-view .view-tools .zoom");
  const before = await zoom.textContent();
  for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "Zoom in" }).click();
  assert.notEqual(await zoom.textContent(), before);
  await page.locator(".map-overview").waitFor();
  assert.match(await page.locator(".view-tools .view-hint").textContent(), /Part of the map in view/);
  // A drag moves the view.
  const box = await page.locator(".map-frame").boundingBox();
  await page.mouse.move(box.x + 200, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + 320, box.y + 260, { steps: 6 });
  await page.mouse.up();
  await page.getByRole("button", { name: "Fit to the frame" }).click();
  assert.match(await page.locator(".view-tools .view-hint").textContent(), /Whole map in view/);
  assert.equal(await page.locator(".map-overview").count(), 0);
  // Back from the end, step by step.
  await page.locator("h1").click();
  await page.keyboard.press("ArrowLeft");
  assert.doesNotMatch(await caption.textContent(), /It is the goal/);
  await audit(page, "maps page");
  page.assertHealthy();
});

const SMALL_MAP = "type octile\nheight 4\nwidth 6\nmap\n......\n.@@@@.\n......\n......\n";
const SMALL_SCEN = "version 1\n0\tsmall.map\t6\t4\t0\t0\t5\t0\t5.00000000\n1\tsmall.map\t6\t4\t0\t0\t5\t3\t7.41421356\n";

test("a map and its scenarios open from files; a broken map is named by line and column and the page keeps working", async () => {
  const page = await openPage(browser, "#/maps", { width: 1366, height: 900 });
  const input = page.locator(".map-open input[type=file]");
  await input.setInputFiles([
    { name: "small.map.scen", mimeType: "text/plain", buffer: Buffer.from(SMALL_SCEN) },
    { name: "small.map", mimeType: "text/plain", buffer: Buffer.from(SMALL_MAP) },
  ]);
  await page.locator(VERDICT).waitFor({ timeout: 20000 });
  assert.match(await page.locator(".map-about").textContent(), /small\.map: 6 × 4 cells; 2 scenarios \(small\.map\.scen\)/);
  assert.match(await page.locator(VERDICT).textContent(), /^✓ Arbor's length 5\.00000000/);
  // Scenario 1 is in the file's bucket 1: choosing the bucket shows its first scenario.
  await page.locator(".map-scenario select").first().selectOption("1");
  await page.waitForFunction(() => /7\.41421356/.test(document.querySelector(".maps-view .verdict")?.textContent ?? ""), null, { timeout: 20000 });
  assert.match(await page.locator(VERDICT).textContent(), /^✓ Arbor's length 7\.41421356/);
  // A file map has no link of its own.
  assert.doesNotMatch(page.url(), /map=/);
  // A broken map: a wrong character on its second row.
  await input.setInputFiles([{ name: "broken.map", mimeType: "text/plain", buffer: Buffer.from("type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n") }]);
  const error = page.locator(".map-open .error");
  await error.waitFor();
  assert.match(await error.textContent(), /broken\.map is not a map: line 6, column 2/);
  // The map before stays, and steps.
  assert.match(await page.locator(".map-about").textContent(), /small\.map/);
  await page.locator("h1").click();
  await page.keyboard.press("End");
  assert.match(await page.locator(".maps-view .caption").textContent(), /It is the goal/);
  // A scenario off the map.
  await input.setInputFiles([{ name: "far.scen", mimeType: "text/plain", buffer: Buffer.from("version 1\n0\tsmall.map\t6\t4\t0\t0\t9\t9\t5.0\n") }]);
  await page.waitForFunction(() => /far\.scen does not hold scenarios for small\.map: line 2/.test(document.querySelector(".map-open .error")?.textContent ?? ""));
  page.assertHealthy();
});

test("files dropped on the page open, on a phone too", async () => {
  const page = await openPage(browser, "#/maps", { width: 375, height: 667 }, true);
  await page.locator(".maps-view h1").waitFor();
  await page.evaluate(([map, scen]) => {
    const t = new DataTransfer();
    t.items.add(new File([scen], "small.map.scen"));
    t.items.add(new File([map], "small.map"));
    document.querySelector(".maps-view").dispatchEvent(new DragEvent("drop", { dataTransfer: t, bubbles: true, cancelable: true }));
  }, [SMALL_MAP, SMALL_SCEN]);
  await page.locator(VERDICT).waitFor({ timeout: 20000 });
  assert.match(await page.locator(VERDICT).textContent(), /^✓/);
  const frame = await page.locator(".map-frame").boundingBox();
  assert.ok(frame.width <= 375 && frame.width > 250, JSON.stringify(frame));
  await audit(page, "maps page on a phone");
  page.assertHealthy();
});

test("a broken maps link says what is wrong and the page still opens", async () => {
  const page = await openPage(browser, "#/maps?map=atlantis&scen=x&algo=teleport&h=psychic&w=9");
  await page.locator(".maps-view h1").waitFor();
  const notes = await page.locator(".maps-view .notice").allTextContents();
  assert.equal(notes.length, 5, notes.join("\n"));
  assert.match(notes[0], /“atlantis” is not one of the shared maps/);
  page.assertHealthy();
});

test("while another map is fetched, the map open keeps its own scenario, verdict and link", only("chromium,firefox", "network interception: WebDriver classic has none"), async () => {
  const page = await openPage(browser, "#/maps?map=boston&scen=900&algo=jps", { width: 1366, height: 900 });
  await page.locator(VERDICT).waitFor({ timeout: 30000 });
  const verdict = await page.locator(VERDICT).textContent();
  const caption = await page.locator(".maps-view .caption").textContent();
  // The arena arrives two seconds late.
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(/movingai\/arena/, async (route) => {
    await held;
    await route.continue();
  });
  await page.locator(".map-open select").selectOption("arena");
  await page.locator(".map-open [role=status]").filter({ hasText: "Fetching" }).waitFor();
  // The page settled with the arena still held back: what is drawn is still Boston's.
  await settled(page);
  assert.equal(await page.locator(VERDICT).textContent(), verdict);
  assert.equal(await page.locator(".maps-view .caption").textContent(), caption);
  assert.match(page.url(), /map=boston&scen=900/);
  release();
  await urlMatching(page, /map=arena&scen=0/);
  await page.locator(VERDICT).filter({ hasText: optimal("arena.map.scen", 0) }).waitFor({ timeout: 30000 });
  assert.match(await page.locator(VERDICT).textContent(), /^✓/);
  page.assertHealthy();
});

test("Jump Point Search shows its heuristic; a weight that is not one is said, and the search shown stays", async () => {
  const page = await openPage(browser, "#/maps?map=arena&scen=5&algo=jps&h=euclidean");
  await page.locator(VERDICT).waitFor({ timeout: 30000 });
  const heuristic = page.locator(".map-search select").nth(1);
  assert.equal(await heuristic.inputValue(), "euclidean");
  await page.locator(".map-algo").selectOption("weighted");
  await page.locator(VERDICT).waitFor({ timeout: 30000 });
  const w = page.locator(".map-search input[type=number]");
  await w.fill("9");
  await w.dispatchEvent("change");
  const note = page.locator("#map-w-note");
  assert.match(await note.textContent(), /“9” is not a weight: w is a number from 1 to 5/);
  assert.equal(await w.getAttribute("aria-invalid"), "true");
  await w.fill("2");
  await w.dispatchEvent("change");
  await urlMatching(page, /w=2\.0/);
  assert.doesNotMatch(await note.textContent(), /is not a weight/);
  page.assertHealthy();
});

test("embedded in a 600 × 400 frame, the map comes first and shows whole", async () => {
  const page = await openPage(browser, "#/maps?map=boston&scen=900&algo=jps&embed=1", { width: 600, height: 400 });
  await page.locator(VERDICT).waitFor({ timeout: 30000 });
  const box = await page.locator(".map-frame").boundingBox();
  assert.ok(box.y < 60 && box.y + box.height <= 400, `the map frame at ${box.y}–${box.y + box.height}`);
  assert.ok(box.height >= 200, `the map frame is ${box.height} px tall`);
  page.assertHealthy();
});
