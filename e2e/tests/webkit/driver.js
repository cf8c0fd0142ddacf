// WebKit for the end-to-end tests: WebKitGTK's MiniBrowser, driven over WebDriver (Debian's
// WebKitWebDriver, under Xvfb), behind the part of Playwright's API the tests use, so that one
// test runs in all three engines. Playwright drives only its own builds of WebKit.
//
// Locators are Playwright's own: its selector engine (the script it injects into pages) is
// injected here too, so `getByRole`, `getByLabel`, `filter` and `nth` match what they match in
// Chromium and Firefox. An action waits, as Playwright's does, until its element is there, alone,
// visible and enabled, then acts through WebDriver's input (real pointer and key events).
//
// What WebDriver classic has no command for is refused with a message saying so (network
// interception, downloads, print media, PDF, CDP); the tests that need it run in the other engines.
import { spawn } from "node:child_process";
import { freePort } from "../../launch.js";
import { TIMEOUT, poll, sleep, unsupported } from "./common.js";
import { Page } from "./page.js";

const MINIBROWSER =
  process.env.WEBKIT_MINIBROWSER ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const DRIVER = process.env.WEBKIT_DRIVER ?? "/usr/bin/WebKitWebDriver";

// The processes started here, stopped when the tests end.
const children = new Set();
const stopAll = () => {
  for (const child of children) child.kill();
};
process.on("exit", stopAll);
// A test file stopped from outside (a timeout) stops its browsers and display too.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    stopAll();
    process.exit(1);
  });
}

// Each driver (each context: WebKitWebDriver holds one session at a time, kept for the next
// context once this one closes) on an X display of its own. With no window manager, the window
// opened last on a display is the active one: a page in a window under another has no keyboard
// focus, `:focus` or `document.hasFocus()`. Alone on its display, every window is the active one.
async function xDisplay() {
  // `-displayfd 3`: Xvfb picks a free display, and writes its number once it is ready.
  const xvfb = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1920x1200x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "ignore", "pipe"],
  });
  xvfb.unref();
  children.add(xvfb);
  let said = "";
  const number = await new Promise((resolve, reject) => {
    xvfb.stdio[3].on("data", (chunk) => {
      said += chunk;
      if (said.includes("\n")) resolve(said.trim());
    });
    xvfb.on("error", (e) => reject(new Error(`webkit: could not start Xvfb: ${e.message}`)));
    xvfb.on("exit", (code) => reject(new Error(`webkit: Xvfb ended (${code}) before giving a display`)));
  });
  xvfb.stdio[3].destroy();
  return { name: `:${number}`, xvfb };
}

class Driver {
  static async start() {
    const port = await freePort();
    const display = await xDisplay();
    // (Without accelerated compositing, WEBKIT_DISABLE_COMPOSITING_MODE=1, WebKit drew the same
    // pages for a third less processor time, but its screenshots then hung now and then.)
    const env = { ...process.env, DISPLAY: display.name };
    const child = spawn(DRIVER, [`--port=${port}`], { env, stdio: ["ignore", "pipe", "pipe"] });
    child.unref();
    children.add(child);
    const driver = new Driver(child, `http://127.0.0.1:${port}`, display.xvfb);
    let why = "";
    await poll(
      () => driver.call("GET", "/status").then(() => true, (e) => void (why = e.message)),
      () => `WebKitWebDriver did not start: ${why}`,
      20000,
    );
    return driver;
  }
  // A driver with its browser open. On a busy machine (CI runs two engines side by side on two
  // cores) a browser can be slow to come up: a second try, with a new driver, before giving up.
  static async fresh() {
    for (let attempt = 1; ; attempt += 1) {
      const driver = await Driver.start();
      try {
        await driver.open();
        return driver;
      } catch (error) {
        await driver.stop();
        if (attempt === 2) throw error;
      }
    }
  }
  constructor(child, url, xvfb) {
    this.child = child;
    this.xvfb = xvfb;
    this.url = url;
    this.session = null;
  }
  async call(method, path, body) {
    const limit = path === "/session" ? 60000 : method === "DELETE" ? 20000 : 120000;
    let json;
    try {
      const response = await fetch(this.url + path, {
        signal: AbortSignal.timeout(limit),
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? (method === "POST" ? "{}" : undefined) : JSON.stringify(body),
      });
      json = await response.json();
    } catch (e) {
      // (An aborted fetch throws a DOMException, which the test's report shows as `{}`.)
      const what = `${method} ${path.replace(/^\/session\/[^/]+/, "")}`;
      throw new Error(e.name === "TimeoutError" ? `webkit: no answer to ${what} in ${limit / 1000} s` : `webkit: ${what}: ${e.message}`);
    }
    if (json.value?.error) {
      const error = new Error(`webkit: ${json.value.error}: ${json.value.message}`);
      error.webdriver = json.value.error;
      throw error;
    }
    return json.value;
  }
  async open() {
    const made = await this.call("POST", "/session", {
      capabilities: {
        alwaysMatch: {
          // Full screen: no toolbar, so the window's size is the page's.
          "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation", "--full-screen"] },
          timeouts: { script: TIMEOUT, pageLoad: TIMEOUT, implicit: 0 },
        },
      },
    });
    this.session = `/session/${made.sessionId}`;
  }
  // One command at a time: a test may start two at once (a wait for a load beside the key that
  // causes it), and WebKitWebDriver can hang on a second command sent while a script runs.
  s(method, path, body) {
    // A switch of window or a navigation leaves the driver in the top document (see Frame.run).
    if (method === "POST" && ["/window", "/url", "/refresh", "/back", "/forward"].includes(path)) this.inFrame = false;
    const turn = (this.queue ?? Promise.resolve()).then(() => this.call(method, this.session + path, body));
    this.queue = turn.catch(() => {});
    return turn;
  }
  async stop() {
    // Ended politely if it answers within seconds; stopped regardless.
    if (this.session) {
      await Promise.race([this.call("DELETE", this.session).catch(() => {}), sleep(3000)]);
    }
    for (const process of [this.child, this.xvfb]) {
      process.kill();
      children.delete(process);
    }
  }
}

const idle = [];

// Sets the items of arguments[0] in the page's local storage.
const SET_STORAGE = "for (const [k, v] of Object.entries(arguments[0])) localStorage.setItem(k, v);";

// `storage`: items every context's pages find in the local storage of `base`'s site.
export async function launchWebKit({ storage = {}, base = null } = {}) {
  return new Browser(storage, base);
}

class Browser {
  constructor(storage, base) {
    this.contexts = new Set();
    this.storage = storage;
    this.origin = base ? new URL(base).origin : null;
  }
  version() {
    return "WebKitGTK";
  }
  async newContext(options = {}) {
    const driver = idle.pop() ?? (await Driver.fresh());
    const context = new Context(this, driver, options);
    this.contexts.add(context);
    await context.start();
    return context;
  }
  async newPage(options) {
    const context = await this.newContext(options);
    return context.newPage();
  }
  async close() {
    // The end of a test file: every browser stopped, none kept.
    const drivers = [...this.contexts].map((context) => context.driver);
    this.contexts.clear();
    await Promise.all([...drivers, ...idle.splice(0)].map((driver) => driver.stop()));
  }
}

class Context {
  constructor(browser, driver, options) {
    this.browser = browser;
    this.driver = driver;
    this.options = options;
    this.pages = [];
    this.current = null;
    this.listeners = { page: [] };
  }
  async start() {
    const handles = await this.driver.s("GET", "/window/handles");
    this.first = handles[0];
    await this.driver.s("POST", "/window", { handle: this.first });
    this.current = this.first;
    // The site's storage as the browser was asked to start it: set on a page of the site (a
    // script cannot run before the page's own over WebDriver), kept by the driver from one
    // context to the next (see close).
    const { storage, origin } = this.browser;
    if (origin && Object.keys(storage).length && this.driver.storageSet !== origin) {
      await this.driver.s("POST", "/url", { url: `${origin}/fixtures/index.html` });
      await this.driver.s("POST", "/execute/sync", { script: SET_STORAGE, args: [storage] });
      this.driver.storageSet = origin;
    }
  }
  async newPage() {
    let handle = this.first;
    if (this.pages.length) {
      handle = (await this.driver.s("POST", "/window/new", { type: "tab" })).handle;
    }
    const page = new Page(this, handle);
    this.pages.push(page);
    await page.setViewportSize(this.options.viewport ?? { width: 1280, height: 720 });
    return page;
  }
  async switchTo(handle) {
    if (this.current !== handle) {
      await this.driver.s("POST", "/window", { handle });
      this.current = handle;
    }
  }
  async grantPermissions() {}
  async route() {
    unsupported("network interception (route)");
  }
  async waitForEvent(event, options = {}) {
    if (event !== "page") unsupported(`the context's event "${event}"`);
    const known = new Set(this.pages.map((p) => p.handle));
    const fresh = await poll(
      async () => (await this.driver.s("GET", "/window/handles")).find((h) => !known.has(h)),
      () => "no new page opened",
      options.timeout,
      100,
    );
    const page = new Page(this, fresh);
    this.pages.push(page);
    await page.waitForLoadState();
    return page;
  }
  async close() {
    if (!this.browser.contexts.delete(this)) return;
    // Back to one blank window with nothing stored, ready for the next context.
    try {
      const handles = await this.driver.s("GET", "/window/handles");
      for (const handle of handles.slice(1)) {
        await this.driver.s("POST", "/window", { handle });
        await this.driver.s("DELETE", "/window");
      }
      await this.driver.s("POST", "/window", { handle: handles[0] });
      // Nothing stored but what every context starts with.
      const origin = await this.driver.s("POST", "/execute/sync", {
        script: `try { localStorage.clear(); sessionStorage.clear(); } catch (e) { return null; }
          ${SET_STORAGE} return location.origin;`,
        args: [this.browser.storage],
      });
      this.driver.storageSet = origin;
      await this.driver.s("POST", "/url", { url: "about:blank" });
      await this.driver.s("DELETE", "/cookie");
      // A few kept for the next contexts; the rest stopped.
      if (idle.length < 3) idle.push(this.driver);
      else await this.driver.stop();
    } catch {
      await this.driver.stop();
    }
  }
}

