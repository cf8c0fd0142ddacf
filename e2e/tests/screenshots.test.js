// The pictures in the README and the guide, taken by the end-to-end run from the app as it is
// (docs/screenshots/<page>-desktop.png at 1366 × 900, and the alpha-beta page on a phone), so
// they stay true (Chromium's; the other engines' go beside them: helpers.picture). Each view is one a reader of its guide chapter would open, partway through.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, PAGES, picture, settled } from "./helpers.js";

// Per page with a guide chapter: the link, and what shows the page is ready to be pictured.
const VIEWS = [
  { page: "alphabeta", hash: "#/alphabeta?preset=seed003-alphabeta&step=13", ready: "svg.tree [data-node]" },
  { page: "chance", hash: "#/chance?step=12", ready: "svg.tree [data-node]" },
  { page: "mcts", hash: "#/mcts?step=40", ready: "svg.tree [data-node]" },
  { page: "search", hash: "#/search?step=12", ready: "p.caption" },
  { page: "heuristics", hash: "#/heuristics", ready: "table" },
  { page: "play", hash: "#/play?game=c4&moves=444447352122&hints=1", ready: ".c4-board .hint-badge" },
  { page: "practice", hash: "#/practice", ready: "main h1" },
  { page: "maps", hash: "#/maps?map=boston&scen=900&algo=jps&step=2000", ready: ".maps-view .verdict" },
];

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test("every page with a guide chapter is pictured", () => {
  const routes = PAGES.map((p) => p.route);
  for (const { page } of VIEWS) assert.ok(routes.includes(`#/${page}`), `#/${page} is a page`);
});

for (const { page: name, hash, ready } of VIEWS) {
  test(`${name}: the guide's picture`, async () => {
    const page = await openPage(browser, hash, { width: 1366, height: 900 });
    await page.locator(ready).first().waitFor({ timeout: 30000 });
    // The worker's answer and the layout's last frame.
    await settled(page);
    await page.screenshot({ path: picture(`${name}-desktop.png`) });
    page.assertHealthy();
    await page.context().close();
  });
}

test("alpha-beta on a phone: the guide's picture", async () => {
  const page = await openPage(browser, VIEWS[0].hash, { width: 375, height: 667 });
  await page.locator(VIEWS[0].ready).first().waitFor({ timeout: 30000 });
  await settled(page);
  await page.screenshot({ path: picture("alphabeta-phone.png") });
  page.assertHealthy();
  await page.context().close();
});
