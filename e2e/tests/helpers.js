// Shared set-up for the end-to-end tests: one headless Chromium, pages that fail the test on
// any uncaught error or Rust panic.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

// Runs axe-core (WCAG 2.2 AA rules) on the page as it is; fails on any serious or critical
// violation, naming each.
export async function audit(page, what) {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: tags } });
    // A tree node cut by the edge of its frame shows part of its words, and axe compares its
    // name with that part: not a fault of the name. Only such nodes are let off that rule.
    const clipped = (el) => {
      const frame = el?.closest(".tree-frame");
      if (!frame) return false;
      const f = frame.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return r.left < f.left || r.right > f.right || r.top < f.top || r.bottom > f.bottom;
    };
    for (const v of result.violations) {
      if (v.id === "label-content-name-mismatch") {
        v.nodes = v.nodes.filter((n) => !clipped(document.querySelector(n.target.join(" "))));
      }
    }
    result.violations = result.violations.filter((v) => v.nodes.length > 0);
    return result;
  }, TAGS);
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const told = bad.map(
    (v) => `${v.impact} ${v.id} (${v.nodes.length}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  assert.deepEqual(told, [], `${what}:\n${told.join("\n")}`);
}

export const BASE = process.env.ARBOR_URL ?? "http://127.0.0.1:8080/";

// Every page of the registry (arbor_app::pages), as the build writes it beside the app:
// [{ route: "#/alphabeta", title, nav }, …]. The sweeps over pages take their list from it.
export const PAGES = JSON.parse(
  readFileSync(new URL("../../dist/pages.json", import.meta.url), "utf8"),
);

// Flags Chromium needs on a machine without internet (see ../shared/TOOLCHAIN.md).
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
  });
}

// A page that records errors; call `page.assertHealthy()` at the end of a test.
// (`touch`: a phone's or tablet's page, with touch and a device scale of 2.)
export async function openPage(browser, path = "", viewport = { width: 1280, height: 900 }, touch = false) {
  const context = await browser.newContext(touch ? { viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (msg) => {
    const text = msg.text();
    if (msg.type() === "error" || /panicked at/.test(text)) problems.push(`console: ${text}`);
  });
  page.assertHealthy = () => {
    if (problems.length) throw new Error(problems.join("\n"));
  };
  await page.goto(new URL(path, BASE).href);
  return page;
}

// Views write their state into the address a moment after a burst of changes (a browser spends
// milliseconds on each history update): wait until it matches, then return it.
export async function urlMatching(page, pattern, timeout = 5000) {
  await page.waitForFunction((source) => new RegExp(source).test(location.href), pattern.source, { timeout });
  return page.url();
}
