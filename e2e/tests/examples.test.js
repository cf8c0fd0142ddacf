// Every example the app documents opens without a warning: each link on For teachers (the
// seeds' examples and every parameter's examples, the embed snippet and the tree texts), each
// link in the README and in docs/, and every preset of every menu.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { launch, openPage } from "./helpers.js";

const ROOT = new URL("../../", import.meta.url).pathname;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// Links in a Markdown file: `#/…` up to a space, a backtick, a bracket or a quote. A link the
// text itself calls broken (shown as what a bad link does) is marked with "(broken on purpose)"
// on its line and skipped.
function markdownLinks(file) {
  const out = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (/broken on purpose/.test(line)) continue;
    for (const m of line.matchAll(/#\/[^\s)`"'<>\]]*/g)) {
      // A link that ends a sentence keeps its full stop out.
      out.push(m[0].replace(/[.,;:]$/, ""));
    }
  }
  return out;
}

function documentLinks() {
  const files = [join(ROOT, "README.md")];
  const docs = join(ROOT, "docs");
  if (existsSync(docs)) {
    for (const f of readdirSync(docs, { recursive: true })) {
      if (String(f).endsWith(".md")) files.push(join(docs, String(f)));
    }
  }
  const links = new Map();
  for (const f of files) {
    for (const l of markdownLinks(f)) {
      if (!l.includes("…")) links.set(l, f.slice(ROOT.length));
    }
  }
  return links;
}

// Opens a link in the page (as a reader following it would: the view is mounted afresh), waits
// for the view to settle — its worker's run done, the search behind a move recorded — and
// returns every warning it shows.
async function warningsOf(page, link) {
  await page.evaluate((l) => {
    location.hash = l.slice(1);
  }, link);
  // (A tour's view and lecture mode keep the view's own heading for screen readers only.)
  await page.locator("main h1").filter({ visible: true }).first().waitFor({ timeout: 20000 });
  await page.waitForFunction(
    () => {
      const busy = document.querySelector(".loading, .run-status.running, .spinner");
      const text = document.querySelector(".run-status")?.textContent ?? "";
      return !busy && !/Searching|Running .* in the background/.test(text);
    },
    null,
    { timeout: 60000 },
  );
  return page.evaluate(() =>
    [...document.querySelectorAll('main [role="alert"], main .notice, main .error, #crash')]
      .filter((el) => el.offsetParent !== null || el.id === "crash")
      .map((el) => el.textContent.trim())
      .filter((t) => t.length > 0),
  );
}

async function checkAll(page, links, where) {
  const bad = [];
  for (const [link, from] of links) {
    const said = await warningsOf(page, link);
    if (said.length) bad.push(`${link} (${from}): ${said.join(" | ")}`);
  }
  assert.deepEqual(bad, [], `${where}:\n${bad.join("\n")}`);
}

test("every link on For teachers opens without a warning", async () => {
  const page = await openPage(browser, "#/teachers");
  await page.locator("main h1").waitFor({ timeout: 20000 });
  const links = await page.$$eval('main a[href^="#/"]', (as) => as.map((a) => a.getAttribute("href")));
  const snippet = await page.locator(".snippet-example").textContent();
  const embedded = snippet.match(/#\/[^"]*/)[0].replace(/&amp;/g, "&");
  const trees = await page.$$eval(".tree-texts code", (cs) => cs.map((c) => c.textContent));
  assert.ok(links.length >= 60, `${links.length} links`);
  const all = new Map(links.map((l) => [l, "For teachers"]));
  all.set(embedded, "the embed snippet");
  for (const t of trees) {
    const view = t.includes("?") ? "chance" : "alphabeta";
    all.set(`#/${view}?tree=${encodeURIComponent(t)}`, "Tree text");
  }
  await checkAll(page, all, "For teachers");
  page.assertHealthy();
  await page.context().close();
});

test("every link in the README and docs/ opens without a warning", async () => {
  const links = documentLinks();
  assert.ok(links.size >= 5, `${links.size} links`);
  const page = await openPage(browser, "#/");
  await page.locator("main h1").first().waitFor({ timeout: 20000 });
  await checkAll(page, links, "README and docs");
  page.assertHealthy();
  await page.context().close();
});

test("every preset of every menu opens without a warning", async () => {
  const page = await openPage(browser, "#/alphabeta");
  await page.locator(".root-value").waitFor({ timeout: 20000 });
  const links = new Map();
  for (const [view, label] of [
    ["alphabeta", /^Example/],
    ["chance", /^Example/],
    ["search", /^Example/],
  ]) {
    await page.evaluate((v) => {
      location.hash = `/${v}`;
    }, view);
    await page.locator("main h1").first().waitFor();
    const select = page.getByRole("combobox", { name: label }).first();
    await select.waitFor({ timeout: 20000 });
    const values = await select.evaluate((s) => [...s.options].map((o) => o.value).filter((v) => v));
    assert.ok(values.length >= 2, `${view}: ${values}`);
    for (const v of values) links.set(`#/${view}?preset=${encodeURIComponent(v)}`, `${view}'s ${label} menu`);
  }
  await checkAll(page, links, "presets");
  page.assertHealthy();
  await page.context().close();
});
