// The search page's tie rule and heuristic check, as a student uses them: the Ties select
// changes A*'s expansion order (and the URL), the caption says when a tie decided, a bad rule in
// a link is named, and the heuristic check names the node that breaks admissibility.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, urlMatching, audit } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// A, B and C all have f = 4 after S (h: A 3, B 1, C 2); only B reaches G at cost 4. The orders
// are derived by hand in crates/search/tests/tie_break.rs: FIFO S A B C, LIFO S C B, lowest h S B.
const FORK = "S -> A:1 B:3 C:2\nA -> G:4\nB -> G:1\nC -> G:3\nh S=4 A=3 B=1 C=2 G=0\nstart S\ngoal G";

async function openSearch(path) {
  const page = await openPage(browser, path);
  await page.locator("main h1").waitFor({ timeout: 20000 });
  return page;
}

// Waits for the search to finish, goes to its last step and reads the explored list's names.
async function expanded(page) {
  await page.waitForFunction(() => /Found|No solution/.test(document.querySelector(".run-status")?.textContent ?? ""), null, {
    timeout: 30000,
  });
  await page.getByRole("button", { name: "Jump to end" }).click();
  const items = await page.locator(".explored-list li").allTextContents();
  return items.map((t) => t.replace(/^\d+\./, "").replace(/ \(.*\)$/, "")).join(" ");
}

test("the Ties select changes A*'s expansion order, the URL and the caption", async () => {
  const page = await openSearch(`#/search?problem=graph&text=${encodeURIComponent(FORK)}&algo=astar&tie=fifo`);
  const ties = page.getByRole("combobox", { name: "Ties" });
  assert.equal(await ties.inputValue(), "fifo");
  assert.equal(await expanded(page), "S A B C");
  await ties.selectOption("lifo");
  await urlMatching(page, /tie=lifo/);
  assert.equal(await expanded(page), "S C B");
  // Step 4 takes C: the newest of three nodes with f = 4.
  await page.getByRole("slider", { name: "Step" }).fill("4");
  assert.match(
    await page.locator(".caption").textContent(),
    /Take the node with the lowest f, C \(f = g \+ h = 2 \+ 2 = 4\)\. B and A have the same f = 4; the tie goes to the node that joined the frontier last \(LIFO\): C\./,
  );
  // Lowest h is A*'s usual rule: the link no longer names one.
  await ties.selectOption("lowest-h");
  await page.waitForFunction(() => !/tie=/.test(location.href) && /algo=astar/.test(location.href));
  assert.equal(await expanded(page), "S B");
  // Breadth-first search has no priorities: no Ties select.
  await page.getByRole("combobox", { name: "Algorithm" }).selectOption("bfs");
  await page.waitForFunction(() => /algo=bfs/.test(location.href));
  assert.equal(await ties.count(), 0);
  page.assertHealthy();
});

test("a bad tie rule in a link is named and the usual rule used", async () => {
  const page = await openSearch("#/search?preset=romania&algo=ucs&tie=newest");
  const notice = page.locator(".notice").first();
  await notice.waitFor({ timeout: 20000 });
  assert.match(await notice.textContent(), /Unknown tie rule “newest” \(the rules are fifo, lifo, lowest-h\); using oldest first \(FIFO\)\./);
  assert.equal(await page.getByRole("combobox", { name: "Ties" }).inputValue(), "fifo");
  page.assertHealthy();
});

test("the heuristic check names the node that breaks admissibility, and axe finds nothing serious", async () => {
  const page = await openSearch("#/search?preset=romania&algo=astar");
  const panel = page.getByRole("region", { name: "Heuristic check" });
  await panel.waitFor({ timeout: 20000 });
  assert.match(await panel.locator(".verdict").textContent(), /^The heuristic is admissible and consistent\.$/);
  const box = page.getByLabel("Tree or graph as text");
  const text = await box.inputValue();
  await box.fill(text.replace("Sibiu=253", "Sibiu=300"));
  await page.waitForFunction(() => /not admissible/.test(document.querySelector(".heuristic-check")?.textContent ?? ""));
  assert.match(await panel.locator(".verdict").textContent(), /neither admissible nor consistent/);
  const faults = await panel.locator(".faults li").allTextContents();
  assert.equal(faults[0], "h(Sibiu) = 300 is more than the true cost 278 from Sibiu to Bucharest: not admissible.");
  assert.ok(faults.includes("Edge Sibiu → Fagaras (99): h(Sibiu) = 300 > 99 + h(Fagaras) = 99 + 176 = 275: not consistent."), faults.join("\n"));
  assert.match(await panel.locator(".hint").textContent(), /may return a path that is not the cheapest/);
  await audit(page, "search page with a broken heuristic");
  // A heuristic value that is not a number is placed at its line and column.
  await box.fill("A -- B:2\nh A=2.5\ngoal B");
  const error = page.locator(".inputs .error[role=alert]");
  await error.waitFor();
  assert.match(await error.textContent(), /line 2, column 5: a heuristic value must be a whole number: “2\.5” is not one/);
  assert.equal(await panel.count(), 0);
  page.assertHealthy();
});
