// Light and fast to load: compressed copies served with their encoding, content-hashed files
// cached for good, and the page's layout with a progress indication before the wasm is ready.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, BASE, PAGES, only } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// The page's own asset URLs, as the build wrote them into index.html (the app's shell is in
// a folder named by its hash).
async function assets() {
  const html = await (await fetch(BASE)).text();
  const wasm = html.match(/href="\.\/(app-[0-9a-f]{12,16}\/main_bg\.wasm)"/)[1];
  const css = html.match(/href="\.\/(style-[0-9a-f]{12,16}\.css)"/)[1];
  return { wasm, css };
}

// A response read to its end (its headers are what is checked): a body left unread keeps its
// connection, and this file's process, waiting.
async function get(url, init) {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return response;
}

test("assets come brotli- or gzip-compressed as asked; hashed files are immutable, the page is revalidated", async () => {
  const { wasm, css } = await assets();
  for (const [name, type] of [[wasm, "application/wasm"], [css, "text/css"]]) {
    const br = await get(new URL(name, BASE), { headers: { "Accept-Encoding": "gzip, br" } });
    assert.equal(br.headers.get("content-encoding"), "br", name);
    assert.match(br.headers.get("content-type"), new RegExp(type));
    assert.equal(br.headers.get("cache-control"), "public, max-age=31536000, immutable");
    assert.match(br.headers.get("vary") ?? "", /Accept-Encoding/);
    const raw = (await get(new URL(name, BASE), { headers: { "Accept-Encoding": "identity" } })).headers;
    assert.equal(raw.get("content-encoding"), null);
    assert.ok(Number(br.headers.get("content-length")) < Number(raw.get("content-length")) / 2, `${name} is at least halved`);
    // The copies sit beside the file, for any static host.
    for (const suffix of [".br", ".gz"]) assert.equal((await get(new URL(name + suffix, BASE))).status, 200);
  }
  const gz = await get(new URL(wasm, BASE), { headers: { "Accept-Encoding": "gzip" } });
  assert.equal(gz.headers.get("content-encoding"), "gzip");
  const page = await get(BASE, { headers: { "Accept-Encoding": "br" } });
  assert.equal(page.headers.get("cache-control"), "no-cache");
  // Checked again, unchanged: not sent again.
  const again = await get(BASE, { headers: { "Accept-Encoding": "br", "If-None-Match": page.headers.get("etag") } });
  assert.equal(again.status, 304);
});

test("before the wasm is ready the page shows its header, a tree's outline and a progress indication", only("chromium,firefox", "network interception: WebDriver classic has none"), async () => {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
  const page = await context.newPage();
  // Hold the wasm back, as a slow network would.
  await page.route(/_bg\.wasm$/, () => {});
  await page.goto(BASE, { waitUntil: "domcontentloaded" });
  const boot = page.locator("#boot");
  await boot.waitFor();
  assert.deepEqual(
    (await boot.locator("header nav a").allTextContents()).map((t) => t.trim()),
    PAGES.filter((p) => p.nav).map((p) => p.nav),
  );
  assert.match(await boot.getByRole("status").textContent(), /Loading Arbor/);
  assert.ok(await boot.locator(".boot-bar").isVisible(), "a progress bar");
  assert.ok(await boot.locator("svg.boot-tree").isVisible(), "a tree's outline");
  // Laid out as the app will be: no wider than the phone.
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 375);
  await context.close();
});
