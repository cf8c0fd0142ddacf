// Shared set-up for the end-to-end tests: one headless browser of the engine ARBOR_BROWSER names
// (chromium, the default; firefox; webkit), pages that fail the test on any uncaught error or Rust
// panic.
import { chromium } from "playwright-core";
import { launchFirefox } from "../launch.js";
import { launchWebKit } from "./webkit/driver.js";
import assert from "node:assert/strict";
import { readFileSync, mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
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

// The engine under test. Chromium is driven by Playwright over CDP; Firefox by Playwright over
// WebDriver BiDi (../launch.js); WebKit (WebKitGTK's MiniBrowser) by ./webkit/ over WebDriver.
export const ENGINE = process.env.ARBOR_BROWSER ?? "chromium";
if (!["chromium", "firefox", "webkit"].includes(ENGINE)) {
  throw new Error(`ARBOR_BROWSER=${ENGINE}: the engines are chromium, firefox and webkit`);
}

export async function launch() {
  if (ENGINE === "firefox") {
    return withHashGoto(await launchFirefox());
  }
  if (ENGINE === "webkit") return launchWebKit();
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
  });
}

// Playwright's Firefox (WebDriver BiDi) waits for a load that never comes when `goto` only
// changes the address's fragment (`#/…`). Such a `goto` is made as a reader's link is followed:
// the address set in the page.
function withHashGoto(browser) {
  const patch = (page) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const next = new URL(url, page.url() === "about:blank" ? undefined : page.url());
      if (page.url() !== "about:blank" && next.href.split("#")[0] === page.url().split("#")[0]) {
        await page.evaluate((href) => {
          location.href = href;
        }, next.href);
        return null;
      }
      return goto(url, options);
    };
    return page;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => patch(await newPage());
    return context;
  };
  browser.newPage = async (options) => (await browser.newContext(options)).newPage();
  return browser;
}

// Options for a test that needs what only some engines have: `test(name, only("chromium", why),
// fn)` runs it there and reports it skipped, with the reason, in the others.
export function only(engines, why) {
  const list = engines.split(",");
  return list.includes(ENGINE) ? {} : { skip: `${engines} only: ${why}` };
}

// A phone's or tablet's context options: a touch screen and a device scale of 2 where the engine
// can pretend to be one (Chromium); elsewhere the screen's size alone. Firefox's WebDriver BiDi
// has no touch screen to give Playwright, and WebKitGTK's WebDriver turns touch into a mouse.
export const TOUCH = ENGINE === "chromium";
export function device(viewport) {
  return TOUCH ? { viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport };
}

// A tap where the engine has a touch screen, else a click.
export function tap(locator) {
  return TOUCH ? locator.tap() : locator.click();
}

// A page that records errors; call `page.assertHealthy()` at the end of a test.
// (`touch`: a phone's or tablet's page, as `device` gives it.)
export async function openPage(browser, path = "", viewport = { width: 1280, height: 900 }, touch = false) {
  const context = await browser.newContext(touch ? device(viewport) : { viewport });
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

// How many elements `locator` finds once that is `expected`, or after `timeout` ms: a change
// the page draws a frame later (WebKit applies a <select>'s new value after Playwright's
// selectOption has returned) is waited for, not raced.
export async function settledCount(locator, expected, timeout = 5000) {
  const end = Date.now() + timeout;
  let n = await locator.count();
  while (n !== expected && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    n = await locator.count();
  }
  return n;
}

// Views write their state into the address a moment after a burst of changes (a browser spends
// milliseconds on each history update): wait until it matches, then return it.
export async function urlMatching(page, pattern, timeout = 5000) {
  await page.waitForFunction((source) => new RegExp(source).test(location.href), pattern.source, { timeout });
  return page.url();
}

// Where a test's picture goes: the guide's pictures (docs/screenshots/) are Chromium's; the other
// engines' go to a folder of their own in the temporary directory, to look at beside them.
export function picture(name) {
  if (ENGINE === "chromium") return new URL(`../../docs/screenshots/${name}`, import.meta.url).pathname;
  const dir = `${tmpdir()}/arbor-screenshots-${ENGINE}`;
  mkdirSync(dir, { recursive: true });
  return `${dir}/${name}`;
}

// The page laid out as printed. Chromium emulates the print medium; Firefox's WebDriver BiDi
// and WebKit's WebDriver cannot, so there every style rule for print is made a rule for every
// medium, and every rule for the screen one for none: the page's own print styles, applied by
// that engine's layout.
export async function printMedia(page) {
  if (ENGINE === "chromium") return page.emulateMedia({ media: "print" });
  await page.evaluate(() => {
    const kept = (window.__arborMedia ??= []);
    const swap = (list) => {
      const text = list.mediaText;
      const now = /\bprint\b/.test(text) ? "all" : /\bscreen\b/.test(text) ? "not all" : text;
      if (now !== text) {
        kept.push([list, text]);
        list.mediaText = now;
      }
    };
    const walk = (rules) => {
      for (const rule of rules) {
        if (rule.media && rule.cssRules) {
          swap(rule.media);
          walk(rule.cssRules);
        }
      }
    };
    for (const sheet of document.styleSheets) {
      swap(sheet.media);
      walk(sheet.cssRules);
    }
  });
}

// Back on screen after `printMedia`.
export async function screenMedia(page) {
  if (ENGINE === "chromium") return page.emulateMedia({ media: "screen" });
  await page.evaluate(() => {
    for (const [list, text] of (window.__arborMedia ?? []).splice(0)) list.mediaText = text;
  });
}

// Playwright makes PDFs in Chromium only.
export const PDF = ENGINE === "chromium";

// The file the page saves when `act` runs: { name, bytes }. Chromium reports the download;
// Playwright's Firefox (WebDriver BiDi) and WebDriver's WebKit do not, so there the link the page
// clicks to save it (an <a download> with a blob) is kept, and its bytes read, in the page.
export async function saved(page, act) {
  if (ENGINE === "chromium") {
    const [file] = await Promise.all([page.waitForEvent("download"), act()]);
    return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
  }
  await page.evaluate(() => {
    if (window.__arborSaved) return;
    const saved = (window.__arborSaved = []);
    const keep = (a) => {
      const bytes = fetch(a.href)
        .then((r) => r.arrayBuffer())
        .then((b) => Array.from(new Uint8Array(b)));
      saved.push({ name: a.download, bytes });
    };
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function () {
      if (this.hasAttribute("download")) keep(this);
      else click.call(this);
    };
    addEventListener(
      "click",
      (e) => {
        const a = e.target.closest?.("a[download]");
        if (a) {
          e.preventDefault();
          keep(a);
        }
      },
      true,
    );
  });
  const before = await page.evaluate(() => window.__arborSaved.length);
  await act();
  await page.waitForFunction((n) => window.__arborSaved.length > n, before);
  const file = await page.evaluate(async (n) => {
    const f = window.__arborSaved[n];
    return { name: f.name, bytes: await f.bytes };
  }, before);
  return { name: file.name, bytes: Buffer.from(file.bytes) };
}
