// Share, embed and export: Arbor inside a course page, links that restore a view exactly, and
// links that are broken on purpose.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, openPage, only, ENGINE, saved, urlMatching } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const TREE = "svg.tree[aria-label^='Game tree']";
const SEARCH_TREE = "svg.tree[aria-label^='Search tree']";

async function snapshot(scope) {
  return scope.locator(`${TREE} [data-node]`).evaluateAll((nodes) =>
    nodes.map((n) => [n.dataset.node, n.dataset.status, n.dataset.value ?? "", n.dataset.alpha ?? "", n.dataset.beta ?? ""])
  );
}

async function stepper(path, viewport) {
  const page = await openPage(browser, path, viewport);
  await page.locator(`${TREE} [data-node]`).first().waitFor({ timeout: 20000 });
  return page;
}

// A uniform tree as text: branching b, depth d, leaf values from a small generator.
function uniformTree(b, d) {
  let x = 7;
  const leaf = () => ((x = (x * 1103515245 + 12345) % 2147483648), x % 100);
  const node = (depth) => (depth === 0 ? String(leaf()) : "[" + Array.from({ length: b }, () => node(depth - 1)).join(",") + "]");
  return node(d);
}

test("Copy link gives the view at its step; opening it restores the view exactly", async () => {
  const page = await stepper("#/alphabeta?preset=seed003-alphabeta&algo=alphabeta-hard");
  // Reading the clipboard back needs a permission only Chromium's driver grants.
  if (ENGINE === "chromium") await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  for (let i = 0; i < 7; i++) await page.keyboard.press("ArrowRight");
  const before = await snapshot(page);
  await page.getByRole("button", { name: "Copy link" }).click();
  const field = page.getByRole("textbox", { name: "Link to this view" });
  await field.waitFor();
  const link = await field.inputValue();
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#\/alphabeta\?/);
  assert.match(link, /step=7/);
  if (ENGINE === "chromium") assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  const again = await stepper(link);
  assert.deepEqual(await snapshot(again), before);
  assert.equal((await again.locator(".step-count").textContent()).trim().split(" / ")[0], "7");
  assert.match(link, /preset=seed003-alphabeta&algo=alphabeta-hard/);
  page.assertHealthy();
  again.assertHealthy();
});

test("a large tree's link is packed short, and restores the same tree", async () => {
  const text = uniformTree(4, 6); // 5,461 nodes
  const plain = `#/alphabeta?tree=${encodeURIComponent(text)}&step=30`;
  const page = await stepper(plain);
  await urlMatching(page, /[?&]z=/);
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /^#\/alphabeta\?z=[A-Za-z0-9_-]+&step=30$/);
  assert.ok(hash.length * 2 < plain.length, `${hash.length} vs ${plain.length}`);
  assert.match(await page.locator(TREE).getAttribute("aria-label"), /^Game tree of 5461 nodes/);
  const before = await snapshot(page);
  assert.ok(before.length > 3, "the part of the tree in view is drawn");
  const again = await stepper(hash);
  assert.deepEqual(await snapshot(again), before);
  assert.equal(await again.locator(".notice").count(), 0);
  page.assertHealthy();
  again.assertHealthy();
});

test("embedded under /course/arbor/ in a 600×400 iframe of a plain page, with no network: drawn, stepped, linked", only("chromium,firefox", "network interception: WebDriver classic has none"), async () => {
  const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  const outside = [];
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.hostname !== "127.0.0.1") {
      outside.push(url.href);
      return route.abort();
    }
    return route.continue();
  });
  await page.goto(new URL("fixtures/course.html", BASE).href);
  const frame = page.frameLocator("#arbor");
  await frame.locator(`${TREE} [data-node="r"]`).waitFor({ timeout: 20000 });
  assert.equal(await frame.locator("header.site").count(), 0, "no site chrome");
  // It fits: the controls, the caption and the tree's frame are inside 600 × 400.
  const box = await frame.locator(".tree-frame").evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { right: r.right, bottom: r.bottom, top: r.top, width: document.documentElement.scrollWidth };
  });
  assert.ok(box.bottom <= 400 && box.top < 200, JSON.stringify(box));
  assert.ok(box.width <= 600, JSON.stringify(box));
  await frame.getByRole("button", { name: "Step forward" }).click();
  await frame.getByRole("button", { name: "Step forward" }).click();
  assert.equal(await frame.locator(`${TREE} [data-node="r.0"]`).getAttribute("data-status"), "current");
  assert.match(await frame.locator(".caption").textContent(), /\S/);
  // The frame's own address keeps the embed flag and the step.
  const inner = await page.frames().find((f) => f.url().includes("/course/arbor/")).evaluate(() => location.href);
  assert.match(inner, /\/course\/arbor\/#\/alphabeta\?preset=seed003-alphabeta&step=2&embed=1$/);
  const open = frame.getByRole("link", { name: /Open in Arbor/ });
  const [full] = await Promise.all([context.waitForEvent("page"), open.click()]);
  await full.locator("header.site").waitFor();
  assert.match(full.url(), /\/course\/arbor\/#\/alphabeta\?preset=seed003-alphabeta&step=2$/);
  await full.locator(`${TREE} [data-node="r.0"][data-status="current"]`).waitFor();
  assert.deepEqual(outside, []);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the Embed dialog's snippet, pasted into a page, shows the view as it was", async () => {
  const page = await stepper("#/alphabeta?preset=seed001-aima");
  await page.keyboard.press("End");
  await page.getByRole("button", { name: "Embed" }).click();
  const snippet = await page.locator(".embed-dialog textarea").inputValue();
  assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/#\/alphabeta\?preset=seed001-aima&amp;step=\d+&amp;embed=1" width="600" height="400"/);
  await page.keyboard.press("Escape");
  const host = await openPage(browser, "fixtures/index.html");
  await host.setContent(`<!doctype html><link rel="icon" href="data:,"><body>${snippet}</body>`);
  const frame = host.frameLocator("iframe");
  await frame.locator(`${TREE} [data-node="r"][data-value="3"]`).waitFor({ timeout: 20000 });
  assert.equal(await frame.locator(`${TREE} [data-status="pruned"]`).count(), 2);
  page.assertHealthy();
  host.assertHealthy();
});

test("embedded on a phone: no sideways scrolling, and the tree steps", async () => {
  const page = await stepper("#/alphabeta?preset=seed003-alphabeta&embed=1", { width: 375, height: 667 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `overflows by ${overflow}px`);
  await page.getByRole("button", { name: "Jump to end" }).click();
  assert.equal(await page.locator(`${TREE} [data-node="r"]`).getAttribute("data-value"), "3");
  const search = await openPage(browser, "#/search?preset=seed000-tree&algo=iddfs&embed=1", { width: 375, height: 667 });
  await search.locator(`${SEARCH_TREE} [data-node]`).first().waitFor({ timeout: 20000 });
  const overflow2 = await search.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow2 <= 0, `search overflows by ${overflow2}px`);
  page.assertHealthy();
  search.assertHealthy();
});

function download(page, name) {
  return saved(page, () => page.getByRole("button", { name }).click());
}

test("export: the tree as SVG and PNG, the trace as JSON", async () => {
  const page = await stepper("#/alphabeta?preset=seed003-alphabeta");
  await page.keyboard.press("End");
  const svg = await download(page, "Export SVG");
  assert.equal(svg.name, "arbor-tree.svg");
  const text = svg.bytes.toString("utf8");
  assert.match(text, /^<\?xml/);
  assert.match(text, /<style>[^<]*svg\.tree/);
  assert.doesNotMatch(text, /var\(--/);
  assert.match(text, /data-node="r" [^>]*data-value="3"/);
  assert.equal((text.match(/data-status="pruned"/g) ?? []).length, 4);
  // The SVG stands alone: it draws in a fresh page with the same nodes.
  const viewer = await openPage(browser, "fixtures/index.html");
  await viewer.setContent(text.replace(/^<\?xml[^>]*>/, ""));
  assert.equal(await viewer.locator("[data-node]").count(), await page.locator(`${TREE} [data-node]`).count());
  const png = await download(page, "Export PNG");
  assert.equal(png.name, "arbor-tree.png");
  assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = png.bytes.readUInt32BE(16);
  assert.ok(width > 300, `${width}px wide`);
  const json = JSON.parse((await download(page, "Export trace (JSON)")).bytes.toString("utf8"));
  assert.equal(json.format, "arbor-game-trace");
  assert.equal(json.result, "3");
  assert.equal(json.tree[0].path, "r");
  assert.equal(json.version, 2);
  const leaves = json.events.filter((e) => e.evaluate).map((e) => json.trace_nodes[e.evaluate.node].path);
  assert.deepEqual(leaves, ["r.0.0.0", "r.0.0.1", "r.0.1.0", "r.1.0.0", "r.1.0.1"]);
  assert.ok(json.events.some((e) => e.cutoff), "cut-offs are in the trace");
  const search = await openPage(browser, "#/search?preset=seed000-tree&algo=bfs");
  await search.locator(`${SEARCH_TREE} [data-node]`).first().waitFor({ timeout: 20000 });
  await search.locator(".run-status").getByText(/Found/).waitFor();
  const trace = JSON.parse((await download(search, "Export trace (JSON)")).bytes.toString("utf8"));
  assert.equal(trace.format, "arbor-search-trace");
  assert.equal(trace.algorithm, "bfs");
  assert.equal(trace.version, 2);
  assert.ok(trace.events.some((e) => e.expand), "expansions are in the trace");
  assert.ok(trace.nodes.length >= 13 && trace.events.length > trace.nodes.length);
  page.assertHealthy();
  viewer.assertHealthy();
  search.assertHealthy();
});

test("For teachers: every seed example is a link that opens without a complaint", async () => {
  const page = await openPage(browser, "#/teachers");
  await page.getByRole("heading", { name: "For teachers" }).waitFor();
  const links = await page.locator("table.examples a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  assert.ok(links.length >= 15, `${links.length} examples`);
  for (const href of links) {
    const view = await openPage(browser, href);
    await view.locator("main h1").waitFor();
    await view.waitForFunction(() => document.querySelector("svg.tree [data-node], .ttt-board, .c4-board, .nim-board"), null, { timeout: 20000 });
    assert.equal(await view.locator(".notice").count(), 0, href);
    view.assertHealthy();
    await view.context().close();
  }
  assert.ok(await page.locator("table.params").count() >= 4);
  page.assertHealthy();
});

// Each bad link: a clear message, a working default view, and nothing from the link run as HTML.
const BAD_LINKS = [
  ["a packed link cut short", () => {
    const route = `#/alphabeta?tree=${encodeURIComponent(uniformTree(3, 5))}`;
    return route;
  }, /damaged|could not be read/, "truncate"],
  ["a packed part that is not packed data", () => "#/alphabeta?z=%40%40%40%40&step=2", /packed part of the link \(z=…\) is damaged/],
  ["a tree cut short", () => "#/alphabeta?tree=%5B%5B3%2C12%2C8%5D%2C%5B2%2C4", /could not be read/],
  ["broken escapes", () => "#/alphabeta?tree=%E0%A4%A&algo=%ZZ", /could not be read|Unknown algorithm/],
  ["HTML in a tree", () => "#/alphabeta?tree=" + encodeURIComponent('<img src=x onerror="window.__pwned=1">'), /could not be read/],
  ["HTML in a game's moves", () => "#/play?game=c4&moves=" + encodeURIComponent('<svg onload="window.__pwned=1">'), /could not all be played/],
  ["HTML in a graph", () => "#/search?problem=graph&text=" + encodeURIComponent("<b id=pwn>bold</b>"), /./],
  ["a tree nested 10,000 deep", () => "#/alphabeta?tree=" + "%5B".repeat(10000) + "1" + "%5D".repeat(10000), /nested more than 64/],
  ["a random tree too large", () => "#/alphabeta?random=16,20,20,0,9,1", /random tree in the link is not valid/],
  ["a step too large to be a number", () => "#/alphabeta?step=99999999999999999999999999", /step/],
];

for (const [what, make, message, how] of BAD_LINKS) {
  test(`bad link, ${what}: a clear message, a working view, no HTML run`, async () => {
    let path = make();
    if (how === "truncate") {
      // Let Arbor pack it, then cut the link in half as a careless copy would.
      const full = await stepper(path);
      // (The page packs its link once the tree is drawn: wait for that, not for the drawing.)
      await urlMatching(full, /[?&]z=/, 20000);
      const hash = await full.evaluate(() => location.hash);
      path = hash.slice(0, Math.floor(hash.length / 2));
      await full.context().close();
    }
    const page = await openPage(browser, path);
    await page.locator("main h1").waitFor({ timeout: 20000 });
    const notices = (await page.locator(".notice, .error, [role=alert]").allTextContents()).join("\n");
    assert.match(notices, message, `${what}: ${notices}`);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.equal(await page.locator("main img, #pwn").count(), 0);
    // The view works: a tree or board is drawn and the controls answer.
    if (/#\/alphabeta/.test(path)) {
      await page.locator(`${TREE} [data-node="r"]`).waitFor();
      await page.getByRole("button", { name: "Jump to end" }).click();
      assert.ok((await page.locator(`${TREE} [data-node="r"]`).getAttribute("data-value")) !== null);
    } else if (/#\/play/.test(path)) {
      await page.getByRole("button", { name: "Drop in column 4" }).click();
      await page.locator(".c4-board .slot.first").first().waitFor();
    } else {
      await page.locator("main textarea").first().fill("S -- A:1\nA -- G:2\nstart S\ngoal G");
      await page.locator(".run-status").getByText(/Found/).waitFor({ timeout: 20000 });
    }
    page.assertHealthy();
  });
}
