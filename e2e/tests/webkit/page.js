// A page of the WebKit adapter and its frames: navigation, scripts run in the page, waiting,
// screenshots, and what WebDriver classic cannot do refused with a message.
import { writeFileSync } from "node:fs";
import { INSTALL, TIMEOUT, poll, sleep, unsupported } from "./common.js";
import { Locators } from "./locator.js";
import { Keyboard, Mouse, Touchscreen } from "./input.js";

export class Page extends Locators {
  constructor(context, handle) {
    super();
    this.context_ = context;
    this.handle = handle;
    this.href = "about:blank";
    this.listeners = {};
    this.mouse = new Mouse(this);
    this.keyboard = new Keyboard(this);
    this.touchscreen = new Touchscreen(this);
    this.main = new Frame(this, null);
    this.size = null;
  }
  frame() {
    return this.main;
  }
  context() {
    return this.context_;
  }
  on(event, listener) {
    // Prompts are dismissed by the driver ("dismiss and notify"), as the tests' handlers do.
    if (event === "dialog") return;
    if (!["console", "pageerror"].includes(event)) unsupported(`the page's event "${event}"`);
    (this.listeners[event] ??= []).push(listener);
  }
  emit(event, value) {
    for (const listener of this.listeners[event] ?? []) listener(value);
  }
  async s(method, path, body) {
    await this.context_.switchTo(this.handle);
    return this.context_.driver.s(method, path, body);
  }
  url() {
    return this.href;
  }
  async goto(url) {
    await this.s("POST", "/url", { url });
    await this.main.run("return 0");
    return { ok: () => true, status: () => 200 };
  }
  async reload() {
    await this.s("POST", "/refresh");
    await this.main.run("return 0");
  }
  async waitForLoadState() {
    await this.waitForFunction(() => document.readyState === "complete");
  }
  async title() {
    return this.evaluate(() => document.title);
  }
  async setContent(html) {
    await this.s("POST", "/url", { url: "about:blank" });
    await this.evaluate((h) => {
      document.open();
      document.write(h);
      document.close();
    }, html);
    await this.waitForLoadState();
  }
  frames() {
    return [this.main, ...[0, 1, 2, 3].map((i) => new Frame(this, i))];
  }
  $$eval(selector, fn, arg) {
    return this.locator(selector).evaluateAll(fn, arg);
  }
  $eval(selector, fn, arg) {
    return this.locator(selector).first().evaluate(fn, arg);
  }
  frameLocator(selector) {
    return new FrameLocator(this, selector);
  }
  evaluate(fn, arg) {
    return this.main.evaluate(fn, arg);
  }
  waitForFunction(fn, arg, options) {
    return this.main.waitForFunction(fn, arg, options);
  }
  addScriptTag(options) {
    return this.main.addScriptTag(options);
  }
  async waitForTimeout(ms) {
    await sleep(ms);
  }
  async waitForEvent(event, options = {}) {
    if (event !== "load") unsupported(`the page's event "${event}"`);
    // A load replaces the document: wait for another one than the last script ran in, loaded.
    const before = this.docId;
    await poll(
      async () => {
        const doc = await this.main.run("return document.readyState === 'complete' ? window.__arbor.id : null;").catch(() => null);
        return doc !== null && doc !== before ? doc : undefined;
      },
      () => "the page did not load again",
      options.timeout,
    );
  }
  async setViewportSize({ width, height }) {
    this.size = { width, height };
    await this.s("POST", "/window/rect", { width, height });
  }
  viewportSize() {
    return this.size;
  }
  async screenshot(options = {}) {
    const data = Buffer.from(await this.s("GET", "/screenshot"), "base64");
    if (options.path) writeFileSync(options.path, data);
    return data;
  }
  async emulateMedia() {
    unsupported("print media emulation (emulateMedia)");
  }
  async pdf() {
    unsupported("printing to PDF");
  }
  async route() {
    unsupported("network interception (route)");
  }
  async addInitScript() {
    unsupported("a script run before the page's own (addInitScript)");
  }
  async bringToFront() {
    await this.context_.switchTo(this.handle);
  }
  async close() {
    await this.s("DELETE", "/window");
    this.context_.current = null;
    this.context_.pages = this.context_.pages.filter((p) => p !== this);
  }
  isClosed() {
    return !this.context_.pages.includes(this);
  }
}

Page.prototype.frameOffset = async function (frame) {
  if (frame.index === null && !frame.selector) return { x: 0, y: 0 };
  const selector = frame.selector;
  const index = frame.index;
  return this.main.run(
    `const f = arguments[0] ? document.querySelector(arguments[0]) : document.querySelectorAll("iframe, frame")[arguments[1]];
     const r = f.getBoundingClientRect();
     return { x: r.left + f.clientLeft, y: r.top + f.clientTop };`,
    [selector, index],
  );
};


// A frame: the page's document, or the document of its n-th frame (frames()[n + 1]).
class Frame extends Locators {
  constructor(page, index, selector = null) {
    super();
    this.page = page;
    this.index = index;
    this.selector = selector;
  }
  frame() {
    return this;
  }
  url() {
    return this.href ?? this.page.href;
  }
  // Runs a script body in this frame's document (the selector engine and recorder installed),
  // passes on what the page logged, and returns the script's value.
  async run(body, args = []) {
    const page = this.page;
    await page.context_.switchTo(page.handle);
    const driver = page.context_.driver;
    if (this.index !== null || this.selector) {
      await driver.s("POST", "/frame", { id: null });
      driver.inFrame = true;
      let id = this.index;
      if (this.selector) {
        const found = await driver.s("POST", "/execute/sync", {
          script: "return document.querySelector(arguments[0])",
          args: [this.selector],
        });
        if (!found) throw new Error(`webkit: no frame ${this.selector}`);
        id = found;
      }
      await driver.s("POST", "/frame", { id });
    } else if (driver.inFrame) {
      // Back to the top document (a window's top is where a switch to it leaves the driver).
      await driver.s("POST", "/frame", { id: null });
      driver.inFrame = false;
    }
    // The selector engine is sent only to a document that lacks it.
    const script = (install) => `return (async () => {
      ${install ? INSTALL : "if (!window.__arbor) return { need: true };"}
      const { pw, log } = window.__arbor;
      const value = await (async () => { ${body} })();
      return { value, undef: value === undefined, href: location.href, doc: window.__arbor.id, log: log.splice(0) };
    })()`;
    let result;
    for (let attempt = 0; ; attempt++) {
      try {
        result = await driver.s("POST", "/execute/sync", { script: script(false), args });
        if (result?.need) result = await driver.s("POST", "/execute/sync", { script: script(true), args });
        break;
      } catch (e) {
        // A navigation under way or a reload destroys the script's document: try again.
        if (attempt < 20 && /JavaScript|destroyed|navigat|no such frame/i.test(e.message)) {
          await sleep(100);
          continue;
        }
        throw e;
      }
    }
    if (this.index === null && !this.selector) {
      page.href = result.href;
      page.docId = result.doc;
    }
    else this.href = result.href;
    for (const entry of result.log) {
      if (entry.kind === "pageerror") page.emit("pageerror", new Error(entry.text));
      else page.emit("console", { type: () => entry.type, text: () => entry.text });
    }
    // (WebDriver sends undefined as null.)
    return result.undef ? undefined : result.value;
  }
  // `fn` (a function of `arg`, or an expression) in the page.
  evaluate(fn, arg) {
    const call = typeof fn === "function" ? `return await (${fn})(arguments[0]);` : `return (${fn});`;
    return this.run(call, [arg ?? null]);
  }
  waitForFunction(fn, arg, options = {}) {
    return poll(
      async () => {
        const value = await this.evaluate(fn, arg).catch((e) => {
          if (e.message.includes("JavaScript")) return null;
          throw e;
        });
        return value || undefined;
      },
      () => `waitForFunction timed out after ${options.timeout || TIMEOUT} ms`,
      options.timeout,
      typeof options.polling === "number" ? options.polling : 50,
    );
  }
  async waitForTimeout(ms) {
    await sleep(ms);
  }
  async waitForLoadState() {
    await this.waitForFunction(() => document.readyState === "complete");
  }
  async title() {
    return this.evaluate(() => document.title);
  }
  async addScriptTag({ content }) {
    await this.run(
      "const s = document.createElement('script'); s.textContent = arguments[0]; document.head.append(s);",
      [content],
    );
  }
}

class FrameLocator {
  constructor(page, selector) {
    this.frame_ = new Frame(page, null, selector);
  }
  locator(selector, options) {
    return this.frame_.locator(selector, options);
  }
  getByRole(role, options) {
    return this.frame_.getByRole(role, options);
  }
  getByLabel(text, options) {
    return this.frame_.getByLabel(text, options);
  }
  getByText(text, options) {
    return this.frame_.getByText(text, options);
  }
}

