// A visit loads the page it opens (issue 36): each route of the registry, opened with an empty
// cache, fetches the shell and its own part before it is drawn — never another page's part or
// a piece file by file — and the other pages, fetched while the reader is idle, then open with
// nothing more to fetch. Opening another page at once fetches that page's part, in one request.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, BASE, PAGES, only, settled } from "./helpers.js";

// What a first visit fetches, seen from before the page's own scripts run: WebDriver classic
// (WebKit here) can neither run a script that early nor report requests.
const FETCHES = only("chromium,firefox", "a first visit's requests: WebDriver classic cannot see them");

let browser;
before(async () => {
  browser = await launch({ idleFetch: true });
});
after(async () => {
  await browser?.close();
});

// The part a route needs: its first path segment, `home` for the home page.
const partOf = (route) => route.replace(/^#\/?/, "").split(/[?/]/)[0] || "home";

// A fresh page that records every file it asks for (the path after the site's root).
async function recorded(viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  // What the page had fetched when its heading first appeared (before any idle fetching).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector("main h1") && !window.__drawnWith) {
        window.__drawnWith = performance.getEntriesByType("resource").map((e) => e.name);
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const fetched = [];
  const problems = [];
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname.replace(new URL(BASE).pathname, "")));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  return { context, page, fetched, problems };
}

const parts = (files) => files.filter((f) => /part-\w+\.bin$/.test(f)).map((f) => f.match(/part-(\w+)\.bin$/)[1]);
const pieces = (files) => files.filter((f) => /\/(chunk|split)_\w+\.wasm$/.test(f));

// The rest fetched while idle is the same mechanism from any page: it is waited for from three
// (the home page, a tree page, the maps page whose parts are the search page's), not from every
// one (a minute of each engine's run).
const IDLE = new Set(["#/", "#/alphabeta", "#/maps"]);

for (const { route, title, parts: own } of PAGES) {
  const idleToo = IDLE.has(route) ? ", then the rest while idle" : "";
  test(`${route}, first visit: the shell and its own part only${idleToo}`, FETCHES, async () => {
    const { context, page, fetched, problems } = await recorded();
    await page.goto(new URL(route, BASE).href);
    await page.locator("main h1").first().waitFor({ timeout: 30000 });
    const root = new URL(BASE).pathname;
    const drawn = (await page.evaluate(() => window.__drawnWith)).map((u) => new URL(u).pathname.replace(root, ""));
    // (The maps page is drawn from the search page's part and its later part: `parts` says.)
    assert.deepEqual(parts(drawn).sort(), [...(own ?? [partOf(route)])].sort(), `parts fetched before ${title} was drawn: ${drawn.join(", ")}`);
    assert.deepEqual(pieces(drawn), [], "pieces fetched one by one before the page was drawn");
    for (const shell of ["main.js", "__wasm_split.js", "main_bg.wasm"]) {
      assert.equal(drawn.filter((f) => f.endsWith(`/${shell}`)).length, 1, `${shell} fetched once`);
    }
    assert.ok(!drawn.some((f) => /arbor-web-\w+/.test(f)), "no unsplit module");
    if (!idleToo) {
      assert.deepEqual(problems, []);
      await context.close();
      return;
    }
    // While the reader is idle, the other pages come piece by piece: then every page opens at
    // once, with nothing more fetched.
    await page.locator("html[data-parts=all]").waitFor({ state: "attached", timeout: 60000 });
    const idle = fetched.length;
    for (const other of PAGES.filter((p) => p.route !== route).slice(0, 3)) {
      await page.evaluate((r) => (location.hash = r), other.route);
      await page.locator("main h1").first().waitFor({ timeout: 10000 });
      assert.equal(await page.locator(".boot-status").count(), 0, `${other.route} drawn at once`);
    }
    // (A worker's own wasm comes when its first search starts; Firefox reports a worker's
    // requests with the page's, Chromium apart.)
    const code = (f) => /part-\w+\.bin$/.test(f) || /\/(chunk|split)_\w+\.wasm$/.test(f) || /\/main_bg\.wasm$/.test(f);
    assert.deepEqual(fetched.slice(idle).filter(code), [], "nothing fetched for pages fetched while idle");
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test("a page opened before the others were fetched comes in one request, its part", FETCHES, async () => {
  const { context, page, fetched, problems } = await recorded();
  await page.goto(new URL("#/teachers", BASE).href);
  await page.locator("main h1").first().waitFor({ timeout: 30000 });
  const before = fetched.length;
  // At once: before the reader has been idle.
  await page.evaluate(() => (location.hash = "#/search"));
  await page.locator("main h1", { hasText: "Search" }).waitFor({ timeout: 30000 });
  const after = fetched.slice(before);
  assert.ok(parts(after).includes("search"), `the search page's part was fetched: ${after.join(", ")}`);
  assert.deepEqual(problems, []);
  await context.close();
});

// A search loads the engines it uses: each kind of job has a worker of its own, and a page
// fetches its own job's worker only (the search page's recorded search, the MCTS page's run).
for (const [route, job] of [["#/search", "search"], ["#/mcts", "mcts"]]) {
  test(`${route} fetches the ${job} worker and no other`, FETCHES, async () => {
    const { context, page, fetched, problems } = await recorded();
    await page.goto(new URL(route, BASE).href);
    await page.locator("main svg.tree [data-node]").first().waitFor({ timeout: 30000 });
    const workers = [...new Set(fetched.filter((f) => /arbor-worker/.test(f)).map((f) => f.replace(/\?.*$/, "")))].sort();
    assert.deepEqual(workers, ["arbor-worker-" + job + ".js", "arbor-worker-" + job + "_bg.wasm", "arbor-worker_loader.js"]);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

// A reader who saves data (the browser says so), or whose site's storage says
// `arbor-idle-fetch=off` (as the other test files' pages do), is sent only the pages opened:
// with the page's clock run a minute ahead, nothing more comes. With neither, the same minute
// brings every page.
const QUIET = [
  ["a reader saving data", () => Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true })],
  ["arbor-idle-fetch=off", () => localStorage.setItem("arbor-idle-fetch", "off")],
  ["neither", null],
];
for (const [who, setUp] of QUIET) {
  test(`${who}: ${setUp ? "nothing is fetched while idle" : "every page is fetched while idle"}`, FETCHES, async () => {
    const { context, page, fetched, problems } = await recorded();
    if (setUp) await page.addInitScript(setUp);
    await page.clock.install();
    await page.goto(new URL("#/teachers", BASE).href);
    await page.locator("main h1").first().waitFor({ timeout: 30000 });
    await page.clock.runFor(60000);
    if (!setUp) {
      await page.locator("html[data-parts=all]").waitFor({ state: "attached", timeout: 60000 });
    } else {
      await settled(page);
      assert.deepEqual(parts(fetched), ["teachers"], `fetched: ${fetched.join(", ")}`);
      assert.deepEqual(pieces(fetched), []);
      assert.notEqual(await page.evaluate(() => document.documentElement.dataset.parts), "all");
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}
