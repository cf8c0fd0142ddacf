// A panic never leaves a dead page: the page's panic hook shows what happened with links that
// reload the view at its last good address; a panic in the search worker is told on the page,
// which goes on (a new worker for the next search). Panics are asked for through the app's
// exported `arbor_debug_panic` (Trunk puts the bindings on `window.wasmBindings`).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, BASE, audit } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function open(path, viewport = { width: 1366, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(new URL(path, BASE).href);
  await page.locator("main h1").waitFor({ timeout: 20000 });
  return { page, errors };
}

test("a panic in the page shows what happened and reloads the view at its last good link", async () => {
  const { page, errors } = await open("#/alphabeta?tree=[[3,12,8],[2,4,6],[14,5,2]]&algo=alphabeta");
  await page.locator(".root-value").waitFor();
  const good = await page.evaluate(() => location.hash);
  await page.evaluate(() => {
    try {
      window.wasmBindings.arbor_debug_panic("page");
    } catch (e) {
      // The WebAssembly traps after the hook: expected.
    }
  });
  const notice = page.getByRole("alertdialog", { name: "Arbor stopped on an internal error" });
  await notice.waitFor({ timeout: 5000 });
  assert.match(await notice.locator("pre").textContent(), /a panic asked for from the console.*\(web\/src\/crash\.rs:\d+\)/);
  assert.ok(errors.some((e) => /Arbor panicked/.test(e)), "the console has it too");
  const reload = page.locator("#crash-reload");
  assert.equal(await reload.getAttribute("href"), good);
  assert.equal(await page.evaluate(() => document.activeElement?.id), "crash-reload", "focus is on the way out");
  await audit(page, "the panic notice");
  await page.screenshot({ path: "/tmp/panic-page.png" }).catch(() => {});
  // The keyboard's way out: Enter on the focused link reloads the view, alive again.
  await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);
  await page.locator(".root-value").waitFor({ timeout: 20000 });
  assert.equal(await page.locator("#crash").count(), 0);
  assert.equal(await page.locator(".root-value").textContent(), "3");
  await page.context().close();
});

test("a panic in the search worker is told, and the next search runs in a new worker", async () => {
  const { page } = await open("#/search?problem=graph&preset=seed000-tree&algo=bfs");
  const status = page.locator(".run-status");
  await page.waitForFunction(() => /Found/.test(document.querySelector(".run-status")?.textContent ?? ""), null, { timeout: 30000 });
  await page.evaluate(() => window.wasmBindings.arbor_debug_panic("worker"));
  const algorithm = page.getByRole("combobox", { name: "Algorithm" });
  await algorithm.selectOption("iddfs");
  await page.waitForFunction(() => /internal error/.test(document.querySelector(".run-status")?.textContent ?? ""), null, { timeout: 30000 });
  assert.match(await status.textContent(), /search worker hit an internal error and stopped: a panic the page asked for/);
  assert.match(await status.getAttribute("class"), /failed/);
  // The page goes on: another search, in a new worker.
  await algorithm.selectOption("ucs");
  await page.waitForFunction(() => /Found a solution/.test(document.querySelector(".run-status")?.textContent ?? ""), null, { timeout: 30000 });
  assert.equal(await page.locator("#crash").count(), 0, "the page itself never stopped");
  await page.context().close();
});
