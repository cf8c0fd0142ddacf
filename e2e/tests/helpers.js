// Shared set-up for the end-to-end tests: one headless browser of the engine ARBOR_BROWSER names
// (chromium, the default; firefox; webkit), pages that fail the test on any uncaught error or Rust
// panic.
import { afterEach } from "node:test";
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
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async (tags) => {
    // (Violations only: axe's account of what passed costs it a third of its time.)
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
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

// The browser of the engine under test. Its pages do not fetch the other pages' code while
// idle (the site's storage says `arbor-idle-fetch` is `off`: hundreds of page loads would each
// fetch and compile all of it, a third of Chromium's time and two thirds of Firefox's), unless
// `idleFetch` (the files that test that fetching, and the monkey, which meets it at random).
export async function launch({ idleFetch = false } = {}) {
  const storage = idleFetch ? {} : NO_IDLE_FETCH;
  if (ENGINE === "webkit") return tracked(await launchWebKit({ storage, base: BASE }));
  const browser = ENGINE === "firefox"
    ? withHashGoto(await launchFirefox())
    : await chromium.launch({
        executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
        headless: true,
        args: FLAGS,
      });
  browser.storage = storage;
  return tracked(withStorage(browser, storage));
}

// What the site's storage holds in every test's page unless told otherwise.
const NO_IDLE_FETCH = { "arbor-idle-fetch": "off" };

// Every context of `browser` starts each document with `items` in its site's local storage.
function withStorage(browser, items) {
  if (!Object.keys(items).length) return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript((items) => {
      try {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      } catch {
        // (A document with no storage of its own: about:blank, a sandboxed frame.)
      }
    }, items);
    return context;
  };
  browser.newPage = async (options) => (await browser.newContext(options)).newPage();
  return browser;
}

// The contexts the running test opened: each is closed when the test ends (a page left open
// goes on running — its timers, its workers — beside the next tests), but for the pages
// `openPage` keeps for the next test (see `kept`).
const opened = new Set();

// `browser.newContext` noting each context it opens in `opened`.
function tracked(browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    opened.add(context);
    return context;
  };
  browser.newPage = async (options) => (await browser.newContext(options)).newPage();
  return browser;
}

// Pages `openPage` made in Chromium and Firefox, kept from one test to the next: { key (the
// context's options), context, page, busy }. A context's first page costs Firefox a content
// process (0.8 s of processor time here) and Chromium a renderer (0.3 s); a kept page is reset
// between tests — its document gone, the site's storage emptied, its listeners, routes,
// permissions, media and size as new — and a page with Playwright's clock is never kept.
const kept = [];

afterEach(async () => {
  for (const context of opened) await context.close().catch(() => {});
  opened.clear();
  for (const entry of kept.filter((e) => e.busy)) await release(entry);
});

// A kept page handed back: made as new and free for the next `openPage`, or closed for good if
// it cannot be.
async function release(entry) {
  try {
    await reset(entry);
    entry.busy = false;
  } catch {
    if (kept.includes(entry)) kept.splice(kept.indexOf(entry), 1);
    await entry.close().catch(() => {});
  }
}

// A kept page made as new for the next test.
async function reset({ context, page, viewport, storage }) {
  for (const other of context.pages()) if (other !== page) await other.close();
  page.removeAllListeners();
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await context.clearPermissions();
  await context.clearCookies();
  if (ENGINE === "chromium") await page.emulateMedia({ media: null });
  // The site's storage emptied where the page is (the site, as tests leave it; else a page of
  // the site is opened to do it), and the document left for a blank one.
  const clear = (items) => {
    try {
      localStorage.clear();
      sessionStorage.clear();
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      return location.origin;
    } catch {
      return null;
    }
  };
  const site = new URL(BASE).origin;
  if ((await page.evaluate(clear, storage).catch(() => null)) !== site) {
    await page.goto(new URL("/fixtures/index.html", BASE).href);
    if ((await page.evaluate(clear, storage)) !== site) throw new Error("the site's storage could not be emptied");
  }
  await page.goto("about:blank");
  const size = page.viewportSize();
  if (viewport && (size?.width !== viewport.width || size?.height !== viewport.height)) await page.setViewportSize(viewport);
}

// A page for `openPage`: a kept one made with the same options, else a new one (kept after the
// test unless it has the page's clock).
async function keptPage(browser, options, clock) {
  if (ENGINE === "webkit") return (await browser.newContext(options)).newPage();
  const key = JSON.stringify(options);
  const free = !clock && kept.find((e) => !e.busy && e.key === key && !e.page.isClosed());
  if (free) {
    free.busy = true;
    // The window in front, as a new page's is: Firefox gives the keyboard's focus (and
    // `:focus-visible`) to the page in front only.
    await free.page.bringToFront();
    return free.page;
  }
  const context = await browser.newContext(options);
  const page = await context.newPage();
  if (clock) return page;
  opened.delete(context);
  // A test that closes its context hands the page back at once instead: the next `openPage`,
  // in the same test or a later one, takes it (a sweep over many pages opens one context, not
  // one a page).
  const entry = { key, context, page, busy: true, viewport: options.viewport, storage: browser.storage ?? {} };
  entry.close = context.close.bind(context);
  context.close = async () => {
    if (entry.busy) await release(entry);
  };
  kept.push(entry);
  return page;
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

// The option for a test that runs the page's clock ahead (see openPage).
export const CLOCK = only("chromium,firefox", "the page's clock installed before its scripts: WebDriver classic cannot");

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
// (`clock`: the page's clock is Playwright's, installed before the page's scripts run, so that a
// test can run it ahead and show that nothing happens: Chromium and Firefox only — WebDriver
// classic cannot run a script before the page's.)
export async function openPage(browser, path = "", viewport = { width: 1280, height: 900 }, touch = false, { clock = false } = {}) {
  const page = await keptPage(browser, touch ? device(viewport) : { viewport }, clock);
  if (clock) await page.clock.install();
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
export async function urlMatching(page, pattern, timeout = 20000) {
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

// Scrolls the page to its end, as a reader would: what a page fetches once its place is seen
// (the comparisons) is fetched.
export async function scrollToEnd(page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

// Waits until the page has settled: a frame drawn with nothing in the document changed since
// the one before, nor the page scrolled (the frame measured and the view placed, the worker's
// answer drawn, a swipe's scroll ended). A page
// that never settles (a game playing on) fails the wait after `timeout` ms.
export async function settled(page, timeout = 10000) {
  const done = await page.evaluate(
    (timeout) =>
      new Promise((resolve) => {
        let changed = true;
        const seen = new MutationObserver(() => {
          changed = true;
        });
        seen.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
        const end = performance.now() + timeout;
        // A scroll (the page's, after a swipe) is a change too.
        let at = `${scrollX} ${scrollY}`;
        const look = () =>
          requestAnimationFrame(() => {
            const now = `${scrollX} ${scrollY}`;
            if (now !== at) {
              at = now;
              changed = true;
            }
            if (!changed) {
              seen.disconnect();
              resolve(true);
            } else if (performance.now() > end) {
              seen.disconnect();
              resolve(false);
            } else {
              changed = false;
              // The next frame: a change the last one's layout caused (a size measured) is seen.
              requestAnimationFrame(look);
            }
          });
        look();
      }),
    timeout,
  );
  if (!done) throw new Error(`the page did not settle in ${timeout} ms`);
}

// A frame drawn: what an action set off in this task and the next is on screen.
export async function nextFrame(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
