// Guided tours (issue 37): #/tours lists at least ten tours, each a link of its own; a tour
// shows the stop's view with the teacher's note beside it ([data-tour-note]); → and ← move
// between stops; lecture mode works in a tour; a teacher adds views as stops, notes and orders
// them, and shares the tour as a link or a JSON file that #/tours opens; a tour embeds.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch, openPage, audit, urlMatching, picture, saved } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const note = (page) => page.locator("[data-tour-note]");
const where = (page) => page.locator(".tour-where").textContent();

test("#/tours lists at least ten tours, and every one opens with its note", async () => {
  const page = await openPage(browser, "#/tours", { width: 1366, height: 900 });
  // The list is drawn once the page's part has come: wait for it, then read it.
  await page.locator(".tour-list a").first().waitFor();
  const tours = await page.locator(".tour-list a").evaluateAll((as) => as.map((a) => [a.getAttribute("href"), a.textContent.trim()]));
  const links = tours.map(([href]) => href);
  assert.ok(links.length >= 10, `${links.length} tours`);
  for (const id of ["alphabeta-worked", "iterative-deepening", "romania", "expectimax", "mcts-iteration", "nim", "maxn"]) {
    assert.ok(links.includes(`#/tour?id=${id}`), `the ${id} tour is listed`);
  }
  await audit(page, "#/tours");
  for (const [link, title] of tours) {
    await page.goto(new URL(link, page.url()).href);
    // This tour, not the one before it still on the page: the address changes the view without
    // a reload, so wait for its title first.
    await page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
    await note(page).waitFor();
    assert.ok((await note(page).textContent()).trim().length > 20, `${link}: a note`);
    assert.match(await where(page), /^Stop 1 of \d+$/);
    assert.equal(await page.locator(".notice").count(), 0, `${link}: no complaint`);
    await page.locator(".tour-view main, .tour-view section.page").first().waitFor();
  }
  page.assertHealthy();
  await page.context().close();
});

test("a tour moves between stops with → and ←, the view and the note following", async () => {
  const page = await openPage(browser, "#/tour?id=alphabeta-worked", { width: 1366, height: 900 });
  await note(page).waitFor();
  await page.locator(".tour-view svg.tree [data-node]").first().waitFor();
  const first = await note(page).textContent();
  const n = Number((await where(page)).match(/of (\d+)/)[1]);
  assert.ok(n >= 3);
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => document.querySelector(".tour-where").textContent === "Stop 2 of " + document.querySelectorAll(".tour-stops li").length);
  await urlMatching(page, /#\/tour\?id=alphabeta-worked&stop=2/);
  assert.notEqual(await note(page).textContent(), first);
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction(() => document.querySelector(".tour-where").textContent.startsWith("Stop 1 "));
  // A stop chosen in the list; the address stays the tour's.
  await page.getByRole("button", { name: `Stop ${n}` }).click();
  await urlMatching(page, new RegExp(`stop=${n}`));
  assert.match(page.url(), /#\/tour\?/);
  await audit(page, "a tour");
  page.assertHealthy();
  await page.context().close();
});

test("a tour in lecture mode: Page Down moves on, the note large, B blanks", async () => {
  const page = await openPage(browser, "#/tour?id=romania&present=1", { width: 1280, height: 720 });
  await note(page).waitFor();
  await page.locator(".leave-lecture").waitFor();
  assert.equal(await page.locator("header.site").count(), 0);
  const size = await note(page).evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  assert.ok(size >= 20, `the note is ${size}px`);
  await page.keyboard.press("PageDown");
  await page.waitForFunction(() => document.querySelector(".tour-where").textContent.startsWith("Stop 2 "));
  await urlMatching(page, /stop=2/);
  assert.match(page.url(), /present=1/);
  await page.keyboard.press("PageUp");
  await page.waitForFunction(() => document.querySelector(".tour-where").textContent.startsWith("Stop 1 "));
  await page.keyboard.press("b");
  await page.locator(".blank-screen").waitFor();
  await page.keyboard.press("b");
  await audit(page, "a tour in lecture mode");
  await page.screenshot({ path: picture("lecture-tour-1280.png") });
  await page.keyboard.press("Escape");
  await page.locator("header.site").waitFor();
  assert.match(page.url(), /#\/tour\?id=romania/);
  page.assertHealthy();
  await page.context().close();
});

test("a teacher's own tour: added from views, noted, ordered, shared as a link and a file", async () => {
  const page = await openPage(browser, "#/alphabeta?preset=seed003-alphabeta&step=4", { width: 1366, height: 900 });
  await page.locator("main svg.tree [data-node]").first().waitFor();
  await page.locator("header .teach summary").click();
  await page.getByRole("button", { name: "Add to tour" }).click();
  await page.getByLabel("Your note for this stop").fill("Four steps in: the first leaf values are in.");
  await page.getByRole("button", { name: "Add stop" }).click();
  await urlMatching(page, /#\/alphabeta\?.*step=4/);
  await page.goto(new URL("#/search?preset=romania&algo=ucs&step=3", page.url()).href);
  await page.locator("main svg.tree [data-node]").first().waitFor();
  await page.locator("header .teach summary").click();
  await page.getByRole("button", { name: "Add to tour" }).click();
  await page.getByLabel("Your note for this stop").fill("Uniform cost takes the cheapest path so far.");
  await page.getByRole("button", { name: "Add stop" }).click();
  await urlMatching(page, /#\/search/);
  await page.goto(new URL("#/tours", page.url()).href);
  await page.getByLabel("Title").fill("Two searches");
  await page.getByLabel("Title").press("Tab");
  await page.getByRole("button", { name: "Move stop 2 up" }).click();
  const notes = await page.locator(".own-stops textarea").evaluateAll((ts) => ts.map((t) => t.value));
  assert.deepEqual(notes, ["Uniform cost takes the cheapest path so far.", "Four steps in: the first leaf values are in."]);
  await audit(page, "#/tours with a tour of one's own");
  // Saved as a file…
  const file = await saved(page, () => page.getByRole("button", { name: "Save as a file (JSON)" }).click());
  const dir = mkdtempSync(join(tmpdir(), "arbor-tour-"));
  const path = join(dir, "tour.json");
  writeFileSync(path, file.bytes);
  // … and opened as a link.
  await page.getByRole("link", { name: "Open your tour" }).click();
  await note(page).waitFor();
  assert.match(await note(page).textContent(), /Uniform cost/);
  assert.match(await page.locator(".tour-note h1").textContent(), /Two searches/);
  const link = page.url();
  // The link alone opens it in a fresh browser.
  const other = await openPage(browser, link.slice(link.indexOf("#")));
  await note(other).waitFor();
  assert.match(await note(other).textContent(), /Uniform cost/);
  await other.context().close();
  // The file opens from #/tours; a broken file is named with its line and column.
  await page.goto(new URL("#/tours", page.url()).href);
  await page.getByLabel("A tour file (JSON)").setInputFiles(path);
  await note(page).waitFor();
  assert.match(await note(page).textContent(), /Uniform cost/);
  await page.goto(new URL("#/tours", page.url()).href);
  const broken = join(dir, "broken.json");
  writeFileSync(broken, '{\n  "title": "x",\n  "stops": [\n    { "link": "#/alphabeta" \n  ]\n}');
  await page.getByLabel("A tour file (JSON)").setInputFiles(broken);
  const problem = await page.locator(".open-tour .notice").textContent();
  assert.match(problem, /broken\.json: line \d+, column \d+/);
  page.assertHealthy();
  await page.context().close();
});

test("a tour embeds in a course page like any view", async () => {
  const page = await openPage(browser, "#/tour?id=alphabeta-worked&stop=2&embed=1", { width: 800, height: 600 });
  await note(page).waitFor();
  assert.equal(await page.locator("header.site").count(), 0);
  assert.match(await where(page), /^Stop 2 of/);
  await page.locator(".open-full").waitFor();
  await audit(page, "an embedded tour");
  page.assertHealthy();
  await page.context().close();
});

test("a broken tour link says what is wrong and where to go", async () => {
  const page = await openPage(browser, "#/tour?id=no-such-tour");
  await page.getByRole("link", { name: "The guided tours" }).waitFor();
  assert.match(await page.locator(".notice").first().textContent(), /no tour “no-such-tour”/);
  const bad = await openPage(browser, "#/tour?tour=%7B%22title%22%3A1%7D");
  await bad.getByRole("link", { name: "The guided tours" }).waitFor();
  assert.match(await bad.locator(".notice").first().textContent(), /cannot be read: line 1, column/);
  page.assertHealthy();
  bad.assertHealthy();
  await page.context().close();
  await bad.context().close();
});
