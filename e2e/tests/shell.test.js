// The app shell: it loads, draws the core's minimax tree, and every view is a URL.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, PAGES } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test("the front page draws seed 003's minimax tree with the root value 4", async () => {
  const page = await openPage(browser);
  // Waits for the wasm to run: without it there is no tree and this times out.
  const root = page.locator('svg.tree [data-node="r"]');
  await root.waitFor({ timeout: 20000 });
  assert.equal(await root.getAttribute("data-value"), "4");
  assert.equal(await page.locator(".root-value").textContent(), "4");
  assert.equal(await page.locator('svg.tree [data-node="r.1"]').getAttribute("data-value"), "-3");
  assert.equal(await page.locator("svg.tree [data-node]").count(), 15);
  assert.equal(await page.locator("#boot").count(), 0, "the loading message is gone");
  page.assertHealthy();
});

test("the header links to every page of the registry, and each page is a URL", async () => {
  const page = await openPage(browser);
  await page.locator("header nav").waitFor();
  const pages = PAGES.filter((p) => p.nav);
  assert.ok(pages.length >= 8, `${pages.length} pages`);
  for (const { route, nav } of pages) {
    await page.locator(`header nav a[href="${route}"]`).click();
    await page.waitForFunction((h) => location.hash === h || location.hash.startsWith(h + "?"), route);
    // The view renders after the address changes: wait for the header to mark it.
    await page.locator(`header nav a[href="${route}"][aria-current="page"]`).waitFor({ timeout: 5000 });
    assert.equal((await page.locator(`header nav a[href="${route}"]`).textContent()).trim(), nav);
    assert.ok((await page.title()).startsWith(PAGES.find((p) => p.route === route).title));
  }
  const direct = await openPage(browser, "#/search");
  await direct.locator("main h1").waitFor();
  assert.equal(await direct.getByRole("link", { name: "Search", exact: true }).getAttribute("aria-current"), "page");
  page.assertHealthy();
  direct.assertHealthy();
});

test("the home page and the loading header link every page of the registry", async () => {
  const page = await openPage(browser);
  await page.locator("main .cards").waitFor({ timeout: 20000 });
  for (const { route } of PAGES.filter((p) => p.nav)) {
    assert.equal(await page.locator(`main .cards a[href="${route}"]`).count(), 1, `${route} has no card`);
  }
  // The header shown while the app loads, as the server sends it.
  const html = await (await fetch(new URL("index.html", page.url()))).text();
  for (const { route } of PAGES.filter((p) => p.nav)) {
    assert.ok(html.includes(`href="${route}"`), `${route} is not in the loading header`);
  }
  page.assertHealthy();
});

test("an unknown URL shows the not-found view, as text", async () => {
  const page = await openPage(browser, "#/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E");
  await page.getByRole("heading", { name: "Page not found" }).waitFor();
  assert.match(await page.locator("main code").textContent(), /<img src=x onerror=alert\(1\)>/);
  assert.equal(await page.locator("main img").count(), 0);
  page.assertHealthy();
});
