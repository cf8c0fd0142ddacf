// Shared set-up for the end-to-end tests: one headless Chromium, pages that fail the test on
// any uncaught error or Rust panic.
import { chromium } from "playwright-core";

export const BASE = process.env.ARBOR_URL ?? "http://127.0.0.1:8080/";

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
export async function openPage(browser, path = "", viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
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
