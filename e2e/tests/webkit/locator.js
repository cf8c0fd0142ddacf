// Locators of the WebKit adapter: Playwright's selectors, resolved by Playwright's own engine in
// the page; an action waits for its element, alone, visible and enabled, then acts through
// WebDriver's input.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ELEMENT, TIMEOUT, poll } from "./common.js";

// Selectors as Playwright's locators write them.
function quote(text, exact) {
  if (text instanceof RegExp) return String(text);
  return JSON.stringify(String(text)) + (exact ? "s" : "i");
}
function roleSelector(role, options = {}) {
  let s = `internal:role=${role}`;
  for (const key of ["checked", "disabled", "selected", "expanded", "includeHidden", "level", "pressed"]) {
    if (options[key] !== undefined) s += `[${key === "includeHidden" ? "include-hidden" : key}=${options[key]}]`;
  }
  if (options.name !== undefined) s += `[name=${quote(options.name, options.exact)}]`;
  return s;
}

export class Locators {
  locator(selector, options) {
    return new Locator(this.frame(), this.scoped(selector)).narrowed(options);
  }
  getByRole(role, options) {
    return this.locator(roleSelector(role, options));
  }
  getByLabel(text, options = {}) {
    return this.locator(`internal:label=${quote(text, options.exact)}`);
  }
  getByText(text, options = {}) {
    return this.locator(`internal:text=${quote(text, options.exact)}`);
  }
  getByTitle(text, options = {}) {
    return this.locator(`internal:attr=[title=${quote(text, options.exact)}]`);
  }
  scoped(selector) {
    return selector;
  }
}

class Locator extends Locators {
  constructor(frame, selector) {
    super();
    this.frame_ = frame;
    this.selector = selector;
  }
  frame() {
    return this.frame_;
  }
  scoped(selector) {
    return `${this.selector} >> ${selector}`;
  }
  narrowed(options = {}) {
    let s = this.selector;
    if (options.hasText !== undefined) s += ` >> internal:has-text=${quote(options.hasText, false)}`;
    if (options.hasNotText !== undefined) s += ` >> internal:has-not-text=${quote(options.hasNotText, false)}`;
    if (options.has) s += ` >> internal:has=${JSON.stringify(options.has.selector)}`;
    if (options.hasNot) s += ` >> internal:has-not=${JSON.stringify(options.hasNot.selector)}`;
    if (options.visible !== undefined) s += ` >> visible=${options.visible}`;
    return new Locator(this.frame_, s);
  }
  filter(options) {
    return this.narrowed(options);
  }
  first() {
    return new Locator(this.frame_, `${this.selector} >> nth=0`);
  }
  last() {
    return new Locator(this.frame_, `${this.selector} >> nth=-1`);
  }
  nth(i) {
    return new Locator(this.frame_, `${this.selector} >> nth=${i}`);
  }
  page() {
    return this.frame_.page;
  }
  // Runs `body` with `els` (every match) in the page; `more` are its arguments after the selector.
  query(body, ...more) {
    return this.frame_.run(
      `const els = pw.querySelectorAll(pw.parseSelector(arguments[0]), document); ${body}`,
      [this.selector, ...more.map((m) => m ?? null)],
    );
  }
  // Waits until the selector matches one element (visible or enabled if asked), then runs `body`
  // with `el` and `arg`.
  act(body, arg, { visible = true, enabled = false, timeout } = {}) {
    let wait = "";
    return poll(
      async () => {
        const result = await this.query(
          `if (els.length > 1) return { many: els.length, which: els.slice(0, 3).map((e) => pw.previewNode(e)) };
           const el = els[0];
           if (!el) return { wait: "no element" };
           if (arguments[2] && !pw.elementState(el, "visible").matches) return { wait: "not visible" };
           if (arguments[3] && !pw.elementState(el, "enabled").matches) return { wait: "not enabled" };
           const arg = arguments[1];
           return { done: await (async () => { ${body} })() };`,
          arg,
          visible,
          enabled,
        );
        if (result.many) {
          throw new Error(`webkit: strict mode: ${this.selector} matches ${result.many} elements: ${result.which.join(", ")}`);
        }
        wait = result.wait;
        return "done" in result ? [result.done] : undefined;
      },
      () => `${this.selector}: ${wait} after ${timeout || TIMEOUT} ms`,
      timeout,
    ).then(([done]) => done);
  }
  async count() {
    return this.query("return els.length;");
  }
  async all() {
    const n = await this.count();
    return Array.from({ length: n }, (_, i) => this.nth(i));
  }
  async allTextContents() {
    return this.query("return els.map((e) => e.textContent ?? '');");
  }
  async allInnerTexts() {
    return this.query("return els.map((e) => e.innerText ?? '');");
  }
  textContent(options) {
    return this.act("return el.textContent;", null, { visible: false, ...options });
  }
  innerText(options) {
    return this.act("return el.innerText;", null, { visible: false, ...options });
  }
  getAttribute(name, options) {
    return this.act("return el.getAttribute(arg);", name, { visible: false, ...options });
  }
  inputValue(options) {
    return this.act("return el.value;", null, { visible: false, ...options });
  }
  async isVisible() {
    return this.query("return !!els[0] && pw.elementState(els[0], 'visible').matches;");
  }
  async isEnabled() {
    return this.act("return pw.elementState(el, 'enabled').matches;", null, { visible: false });
  }
  async isChecked() {
    return this.act("return pw.elementState(el, 'checked').matches;", null, { visible: false });
  }
  async isDisabled() {
    return !(await this.isEnabled());
  }
  evaluate(fn, arg) {
    return this.act(`return await (${fn})(el, arg);`, arg, { visible: false });
  }
  evaluateAll(fn, arg) {
    return this.query(`return await (${fn})(els, arguments[1]);`, arg);
  }
  async waitFor({ state = "visible", timeout = TIMEOUT } = {}) {
    await poll(
      async () => {
        const now = await this.query(
          "const el = els[0]; return { n: els.length, visible: !!el && pw.elementState(el, 'visible').matches };",
        );
        if (now.n > 1 && state !== "detached") {
          throw new Error(`webkit: strict mode: ${this.selector} matches ${now.n} elements`);
        }
        const ok =
          state === "attached" ? now.n > 0 :
          state === "detached" ? now.n === 0 :
          state === "hidden" ? !now.visible : now.visible;
        return ok || undefined;
      },
      () => `waiting for ${this.selector} to be ${state}: timed out after ${timeout} ms`,
      timeout,
    );
  }
  // The point to press: the element scrolled into view, its centre (or `position` within it),
  // checked to be the element itself and not something over it.
  // Where to press the element: the centre of its part in view (or `position`), once it is
  // alone, visible, enabled, where it was two frames before (Playwright's "stable": a tree
  // drawn and then placed must not be pressed where it was first drawn) and not covered at that
  // point. With `guard`, a press there that reaches something else (the page moved in between)
  // is stopped before the page sees it, and `pressAt` tries again.
  async target(options = {}, guard = false) {
    let over = "";
    const at = await poll(async () => {
      const at = await this.act(
        `el.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
         // A link broken over two lines is pressed on its first line, as Playwright does.
         const box = () => [...el.getClientRects()].find((q) => q.width > 0 && q.height > 0) ?? el.getBoundingClientRect();
         const was = box();
         await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
         const r = box();
         if (["left", "top", "width", "height"].some((k) => r[k] !== was[k])) return { on: false, hit: "nothing: it is moving" };
         // The centre of the part in view, as Playwright clicks.
         const left = Math.max(r.left, 0), right = Math.min(r.right, innerWidth);
         const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
         const x = arg.position ? r.left + arg.position.x : (left + right) / 2;
         const y = arg.position ? r.top + arg.position.y : (top + bottom) / 2;
         // The element or within it (through a shadow root too), or its label.
         const label = el.labels?.[0];
         const within = (hit) => {
           for (let h = hit; h; h = h.parentNode ?? h.host) if (h === el) return true;
           return !!label && (hit === label || label.contains(hit));
         };
         const hit = document.elementFromPoint(x, y);
         const on = within(hit);
         if (on && arg.guard) {
           // One guard at a time: one left by a press that failed before it was taken down would
           // stop this press's events too.
           const old = window.__arborGuard;
           if (old) for (const type of old.events) window.removeEventListener(type, old.check, true);
           // The first press of the gesture decides: on the element, the rest go through; else
           // it and the rest are stopped, and the press is tried again.
           const guard = { missed: false, decided: false };
           const check = (e) => {
             if (!guard.decided && ["pointerdown", "mousedown", "touchstart"].includes(e.type)) {
               guard.decided = true;
               guard.missed = !within(e.composedPath()[0] ?? e.target);
             }
             if (guard.missed) {
               e.stopImmediatePropagation();
               e.preventDefault();
             }
           };
           guard.events = ["pointerdown", "mousedown", "touchstart", "pointerup", "mouseup", "touchend", "click", "dblclick"];
           for (const type of guard.events) window.addEventListener(type, check, true);
           guard.check = check;
           window.__arborGuard = guard;
         }
         return { x, y, on, hit: hit ? pw.previewNode(hit) : "nothing" };`,
        { position: options.position ?? null, guard },
        { enabled: !options.force, visible: true, timeout: options.timeout },
      );
      over = at.hit;
      return at.on || options.force ? at : undefined;
    }, () => `${this.selector}: ${over} is over it`, options.timeout);
    // The frame's own offset, for an element in a frame.
    const offset = await this.frame_.page.frameOffset(this.frame_);
    return { x: at.x + offset.x, y: at.y + offset.y };
  }
  // Presses the element with `act(x, y)` (a click, a tap), again if the page moved under it.
  async pressAt(options, act) {
    const end = Date.now() + (options.timeout || TIMEOUT);
    for (;;) {
      const { x, y } = await this.target(options, !options.force);
      await act(x, y);
      if (options.force) return;
      // (A press that took the page elsewhere left no guard: it reached its element.)
      const missed = await this.frame_
        .run(
          `const guard = window.__arborGuard;
           if (!guard) return false;
           delete window.__arborGuard;
           for (const type of guard.events) window.removeEventListener(type, guard.check, true);
           return guard.missed;`,
        )
        .catch(() => false);
      if (!missed) return;
      if (Date.now() > end) throw new Error(`webkit: ${this.selector}: the page moved under each press`);
    }
  }
  async click(options = {}) {
    const page = this.frame_.page;
    await this.pressAt(options, (x, y) => page.mouse.click(x, y, options));
  }
  async dblclick(options = {}) {
    await this.click({ ...options, clickCount: 2 });
  }
  async hover(options = {}) {
    const { x, y } = await this.target(options);
    await this.frame_.page.mouse.move(x, y);
  }
  async tap(options = {}) {
    const page = this.frame_.page;
    await this.pressAt(options, (x, y) => page.touchscreen.tap(x, y));
  }
  async check(options) {
    if (!(await this.isChecked())) await this.click(options);
    if (!(await this.isChecked())) throw new Error(`webkit: ${this.selector} did not become checked`);
  }
  async uncheck(options) {
    if (await this.isChecked()) await this.click(options);
    if (await this.isChecked()) throw new Error(`webkit: ${this.selector} did not become unchecked`);
  }
  async setChecked(checked, options) {
    return checked ? this.check(options) : this.uncheck(options);
  }
  async focus(options = {}) {
    await this.act("el.focus();", null, { visible: false, timeout: options.timeout });
  }
  async blur() {
    await this.act("el.blur();", null, { visible: false });
  }
  async scrollIntoViewIfNeeded() {
    await this.act("el.scrollIntoView({ block: 'center', behavior: 'instant' });");
  }
  async boundingBox() {
    const box = await this.act(
      "const r = el.getBoundingClientRect(); return { x: r.left, y: r.top, width: r.width, height: r.height };",
      null,
      { visible: false },
    );
    const offset = await this.frame_.page.frameOffset(this.frame_);
    return { ...box, x: box.x + offset.x, y: box.y + offset.y };
  }
  // Playwright's fill: the field focused, its text selected, and the new text put in over it as
  // one edit of the reader's (`insertText`: one `input` event, and Enter or leaving the field
  // sends `change`), typed key by key where the engine will not insert it so.
  async fill(value, options = {}) {
    const text = String(value);
    const inserted = await this.act(
      `el.focus();
       // A slider, a colour or a date takes its value as Playwright gives it: set, then told.
       if (["color", "date", "time", "datetime-local", "month", "range", "week"].includes(el.type)) {
         Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(el, arg);
         el.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
         el.dispatchEvent(new Event("change", { bubbles: true }));
         return true;
       }
       if (el.isContentEditable) {
         const range = document.createRange();
         range.selectNodeContents(el);
         getSelection().removeAllRanges();
         getSelection().addRange(range);
       } else if (el.type === "number") {
         Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(el, "");
       } else {
         el.select();
       }
       const was = el.isContentEditable ? el.textContent : el.value;
       if (arg === "") return was === "" || document.execCommand("delete");
       return document.execCommand("insertText", false, arg);`,
      text,
      { enabled: true, timeout: options.timeout },
    );
    if (!inserted) await this.frame_.page.keyboard.type(text);
  }
  async clear() {
    await this.fill("");
  }
  async press(key, options = {}) {
    await this.focus(options);
    await this.frame_.page.keyboard.press(key, options);
  }
  async type(text) {
    await this.focus();
    await this.frame_.page.keyboard.type(text);
  }
  pressSequentially(text) {
    return this.type(text);
  }
  async selectOption(values, options = {}) {
    const wanted = (Array.isArray(values) ? values : [values]).map((v) =>
      typeof v === "string" ? { value: v, label: v } : v,
    );
    return this.act(
      `const options = [...el.options];
       const picked = arg.map((w) => options.find((o) =>
         (w.value !== undefined && o.value === w.value) || (w.label !== undefined && o.label === w.label) ||
         (w.index !== undefined && o.index === w.index)));
       if (picked.some((p) => !p)) return null;
       for (const o of options) o.selected = picked.includes(o);
       el.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
       el.dispatchEvent(new Event("change", { bubbles: true }));
       return picked.map((o) => o.value);`,
      wanted,
      { enabled: true, timeout: options.timeout },
    ).then((picked) => {
      if (!picked) throw new Error(`webkit: ${this.selector} has no option ${JSON.stringify(values)}`);
      return picked;
    });
  }
  async dispatchEvent(type, init = {}, options = {}) {
    await this.act(
      `const [type, init] = arg;
       const mouse = /^(click|dblclick|mouse|pointer|contextmenu)/.test(type);
       const E = type.startsWith("pointer") ? PointerEvent : mouse ? MouseEvent : type.startsWith("key") ? KeyboardEvent : type.startsWith("focus") || type === "blur" ? FocusEvent : Event;
       el.dispatchEvent(new E(type, { bubbles: true, cancelable: true, composed: true, ...init }));`,
      [type, init],
      { visible: false, timeout: options.timeout },
    );
  }
  // Files for a file input: WebDriver types their paths into it.
  async setInputFiles(files) {
    const list = Array.isArray(files) ? files : [files];
    const dir = mkdtempSync(join(tmpdir(), "arbor-upload-"));
    const paths = list.map((f) => {
      if (typeof f === "string") return f;
      const path = join(dir, f.name);
      writeFileSync(path, f.buffer);
      return path;
    });
    // WebDriver adds files to those a `multiple` input holds; Playwright's replace them.
    const el = await this.act('el.value = ""; return el;', null, { visible: false });
    await this.frame_.page.s("POST", `/element/${el[ELEMENT]}/value`, { text: paths.join("\n") });
  }
  async screenshot(options = {}) {
    const el = await this.act("return el;");
    const data = Buffer.from(await this.frame_.page.s("GET", `/element/${el[ELEMENT]}/screenshot`), "base64");
    if (options.path) writeFileSync(options.path, data);
    return data;
  }
  async elementHandle() {
    await this.waitFor({ state: "attached" });
    return new Handle(this.frame_, await this.evaluate((el) => {
      window.__arborHandles ??= [];
      return window.__arborHandles.push(el) - 1;
    }));
  }
}

// An element held across changes to the page (as Playwright's ElementHandle).
class Handle {
  constructor(frame, index) {
    this.frame = frame;
    this.index = index;
  }
  evaluate(fn, arg) {
    return this.frame.run(`return await (${fn})(window.__arborHandles[${this.index}], arguments[0]);`, [arg ?? null]);
  }
  isConnected() {
    return this.evaluate((el) => el.isConnected);
  }
}

