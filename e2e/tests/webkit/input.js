// Input of the WebKit adapter, through WebDriver's actions: real pointer, wheel and key events.
// Playwright's key names, in WebDriver's code points.
const KEYS = {
  Enter: "\uE007", Tab: "\uE004", Escape: "\uE00C", Space: " ", Backspace: "\uE003",
  Delete: "\uE017", ArrowLeft: "\uE012", ArrowUp: "\uE013", ArrowRight: "\uE014",
  ArrowDown: "\uE015", Home: "\uE011", End: "\uE010", PageUp: "\uE00E", PageDown: "\uE00F",
  Shift: "\uE008", Control: "\uE009", Alt: "\uE00A", Meta: "\uE03D", ControlOrMeta: "\uE009",
  Insert: "\uE016", F1: "\uE031", F2: "\uE032", F5: "\uE035", F10: "\uE03A", F11: "\uE03B", F12: "\uE03C",
};
export function keyOf(name) {
  if (KEYS[name]) return KEYS[name];
  if (name.length === 1) return name;
  throw new Error(`webkit: unknown key "${name}"`);
}

export class Mouse {
  constructor(page) {
    this.page = page;
    this.x = 0;
    this.y = 0;
    this.buttons = 0;
  }
  act(actions) {
    return perform(this.page, {
      actions: [{ type: "pointer", id: "mouse", parameters: { pointerType: "mouse" }, actions }],
    });
  }
  async move(x, y, options = {}) {
    const steps = options.steps ?? 1;
    const actions = [];
    for (let i = 1; i <= steps; i++) {
      actions.push({
        type: "pointerMove",
        x: Math.round(this.x + ((x - this.x) * i) / steps),
        y: Math.round(this.y + ((y - this.y) * i) / steps),
        duration: 0,
      });
    }
    this.x = x;
    this.y = y;
    await this.act(actions);
  }
  async down(options = {}) {
    await this.act([
      { type: "pointerMove", x: Math.round(this.x), y: Math.round(this.y), duration: 0 },
      { type: "pointerDown", button: BUTTONS[options.button ?? "left"] },
    ]);
  }
  async up(options = {}) {
    await this.act([
      { type: "pointerMove", x: Math.round(this.x), y: Math.round(this.y), duration: 0 },
      { type: "pointerUp", button: BUTTONS[options.button ?? "left"] },
    ]);
  }
  async click(x, y, options = {}) {
    this.x = x;
    this.y = y;
    const button = BUTTONS[options.button ?? "left"];
    const presses = [];
    for (let i = 0; i < (options.clickCount ?? 1); i++) {
      presses.push({ type: "pointerDown", button }, { type: "pointerUp", button });
    }
    const keys = (options.modifiers ?? []).map(keyOf);
    const pointer = [{ type: "pointerMove", x: Math.round(x), y: Math.round(y), duration: 0 }, ...presses];
    if (!keys.length) return this.act(pointer);
    const pause = { type: "pause", duration: 0 };
    return perform(this.page, {
      actions: [
        { type: "key", id: "keys", actions: [...keys.map((value) => ({ type: "keyDown", value })), ...pointer.map(() => pause), ...keys.map((value) => ({ type: "keyUp", value }))] },
        { type: "pointer", id: "mouse", parameters: { pointerType: "mouse" }, actions: [...keys.map(() => pause), ...pointer] },
      ],
    });
  }
  // WebKitWebDriver sends a scroll's delta less the delta of the scroll before it: each scroll is
  // asked for with the one before added. It cannot hold a key over a scroll (Ctrl to zoom): with
  // keys held, the wheel event is made in the page, as the driver would have sent it.
  async wheel(deltaX, deltaY) {
    const held = this.page.keyboard.held;
    if (held.length) {
      const has = (name) => held.includes(KEYS[name]);
      const init = { deltaX, deltaY, clientX: this.x, clientY: this.y, ctrlKey: has("Control"), shiftKey: has("Shift"), altKey: has("Alt"), metaKey: has("Meta") };
      await this.page.main.run(
        `const init = arguments[0];
         document.elementFromPoint(init.clientX, init.clientY)?.dispatchEvent(new WheelEvent("wheel", { ...init, bubbles: true, cancelable: true, composed: true }));`,
        [init],
      );
      return;
    }
    this.sent = { x: deltaX + (this.sent?.x ?? 0), y: deltaY + (this.sent?.y ?? 0) };
    await perform(this.page, {
      actions: [{
        type: "wheel",
        id: "wheel",
        actions: [{ type: "scroll", x: Math.round(this.x), y: Math.round(this.y), deltaX: this.sent.x, deltaY: this.sent.y, duration: 0 }],
      }],
    });
  }
}
// WebDriver's actions, then a wait for the page to have handled them: WebKitWebDriver answers
// before the page has run its handlers and drawn, and the next command could see it as it was.
async function perform(page, body) {
  await page.s("POST", "/actions", body);
  await page.main.run("await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))); return 0;");
}

const BUTTONS = { left: 0, middle: 1, right: 2 };

export class Touchscreen {
  constructor(page) {
    this.page = page;
  }
  async tap(x, y) {
    await perform(this.page, {
      actions: [{
        type: "pointer", id: "finger", parameters: { pointerType: "touch" },
        actions: [
          { type: "pointerMove", x: Math.round(x), y: Math.round(y), duration: 0 },
          { type: "pointerDown", button: 0 },
          { type: "pointerUp", button: 0 },
        ],
      }],
    });
  }
}

export class Keyboard {
  constructor(page) {
    this.page = page;
    // The keys held down by `down`, not yet let go.
    this.held = [];
  }
  act(actions) {
    return perform(this.page, { actions: [{ type: "key", id: "keys", actions }] });
  }
  async press(combo, options = {}) {
    const keys = combo === "+" ? ["+"] : combo.split("+").map(keyOf);
    await this.act([
      ...keys.map((value) => ({ type: "keyDown", value })),
      ...(options.delay ? [{ type: "pause", duration: options.delay }] : []),
      ...keys.reverse().map((value) => ({ type: "keyUp", value })),
    ]);
  }
  async down(key) {
    this.held.push(keyOf(key));
    await this.act([{ type: "keyDown", value: keyOf(key) }]);
  }
  async up(key) {
    this.held = this.held.filter((k) => k !== keyOf(key));
    await this.act([{ type: "keyUp", value: keyOf(key) }]);
  }
  async type(text) {
    const keys = [...text].map((c) => (c === "\n" ? KEYS.Enter : c));
    await this.act(keys.flatMap((value) => [{ type: "keyDown", value }, { type: "keyUp", value }]));
  }
  async insertText(text) {
    await this.type(text);
  }
}
