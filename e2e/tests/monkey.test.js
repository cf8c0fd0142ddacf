// A monkey in the browser: on every page, a fixed number of seeded random actions — typing trees
// of growing size (and broken ones), generating, stepping, changing every menu and number,
// clicking the tree, resizing between desktop and phone — with the panic hook and the console
// watched. Any internal error fails the test with the seed and the actions that reproduce it:
// MONKEY_SEED=… (and MONKEY_ACTIONS=…) run it again. The test command's run is a smoke run, 40
// actions a page in each engine; a longer one is `MONKEY_ACTIONS=400 cargo xtask e2e
// monkey.test.js` (the trees typed grow with the actions either way).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, BASE, PAGES as REGISTRY, nextFrame, ENGINE } from "./helpers.js";

const ACTIONS = Number(process.env.MONKEY_ACTIONS ?? 40);
const SEED = Number(process.env.MONKEY_SEED ?? 20261127);
const PAGES = REGISTRY.map((p) => p.route);
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 667 };

// A small seeded generator (mulberry32): the same seed, the same actions.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A random tree's text with about `size` leaves: MAX/MIN values, chance nodes (for the chance
// page) or utility vectors now and then.
function treeText(r, size, chance) {
  const leaf = () => String(Math.floor(r() * 41) - 20);
  const node = (leaves, depth) => {
    if (leaves <= 1 || depth > 6) return leaf();
    const k = 2 + Math.floor(r() * 3);
    const parts = [];
    let left = leaves;
    for (let i = 0; i < k && left > 0; i++) {
      const share = i === k - 1 ? left : Math.max(1, Math.floor(left / (k - i)));
      parts.push(node(share, depth + 1));
      left -= share;
    }
    return (chance && depth % 2 === 1 ? "?" : "") + "[" + parts.join(",") + "]";
  };
  return node(size, 0);
}

// What the monkey may do, given the page as it is. Each returns a description (to print) and
// does it. Links are not followed (the page is the subject); downloads and clipboard are.
async function pick(page, r, step) {
  const kinds = ["button", "button", "select", "select", "number", "text", "text", "key", "key", "key", "tree", "resize"];
  const kind = kinds[Math.floor(r() * kinds.length)];
  const choose = (n) => Math.floor(r() * n);
  switch (kind) {
    case "button": {
      const names = await page.$$eval("main button:not([disabled])", (bs) =>
        bs.filter((b) => b.offsetParent !== null).map((b) => b.getAttribute("aria-label") || b.textContent.trim()),
      );
      if (!names.length) return null;
      const i = choose(names.length);
      return { what: `click button #${i} “${names[i]}”`, run: async () => {
        const b = page.locator("main button:not([disabled])").filter({ visible: true }).nth(i);
        await b.click({ timeout: 2000 }).catch(() => {});
      } };
    }
    case "select": {
      const selects = await page.$$eval("main select:not([disabled])", (ss) =>
        ss.filter((s) => s.offsetParent !== null).map((s) => [...s.options].map((o) => o.value)),
      );
      if (!selects.length) return null;
      const i = choose(selects.length);
      const v = selects[i][choose(selects[i].length)];
      return { what: `select #${i} = “${v}”`, run: async () => {
        await page.locator("main select:not([disabled])").filter({ visible: true }).nth(i).selectOption(v, { timeout: 2000 }).catch(() => {});
      } };
    }
    case "number": {
      const n = await page.locator('main input[type="number"]').filter({ visible: true }).count();
      if (!n) return null;
      const i = choose(n);
      const v = String([0, 1, 2, 3, 5, 9, -1, 99, 1e9][choose(9)]);
      return { what: `number #${i} = ${v}`, run: async () => {
        const input = page.locator('main input[type="number"]').filter({ visible: true }).nth(i);
        await input.fill(v, { timeout: 2000 }).catch(() => {});
        await input.dispatchEvent("change").catch(() => {});
      } };
    }
    case "text": {
      const n = await page.locator("main textarea, main input[type=text]").filter({ visible: true }).count();
      if (!n) return null;
      const i = choose(n);
      const size = 1 + Math.floor(step * 3 + r() * 20);
      const chance = page.url().includes("#/chance");
      let t = treeText(r, size, chance);
      if (r() < 0.25) t = t.slice(0, Math.floor(r() * t.length));
      return { what: `type into field #${i}: ${t.length > 80 ? t.slice(0, 80) + `… (${t.length} chars)` : t}`, run: async () => {
        await page.locator("main textarea, main input[type=text]").filter({ visible: true }).nth(i).fill(t, { timeout: 2000 }).catch(() => {});
      } };
    }
    case "key": {
      const key = ["ArrowRight", "ArrowRight", "ArrowLeft", "End", "Home", " ", "PageDown"][choose(7)];
      return { what: `key ${key}`, run: async () => {
        await page.locator("main h1").first().click().catch(() => {});
        await page.keyboard.press(key);
      } };
    }
    case "tree": {
      const n = await page.locator("main svg.tree [data-node]").count();
      if (!n) return null;
      const i = choose(n);
      return { what: `click tree node #${i}`, run: async () => {
        await page.locator("main svg.tree [data-node]").nth(i).click({ timeout: 2000, force: true }).catch(() => {});
      } };
    }
    case "resize": {
      const size = r() < 0.5 ? PHONE : DESKTOP;
      return { what: `resize to ${size.width} × ${size.height}`, run: async () => page.setViewportSize(size) };
    }
  }
  return null;
}

let browser;
before(async () => {
  // In Chromium the monkey's pages fetch the other pages' code while idle, as a reader's do, so
  // that its actions meet that fetching at random. Not in Firefox and WebKit, where it costs
  // 4 s of processor time a page (that fetching is tested there by parts.test.js).
  browser = await launch({ idleFetch: ENGINE === "chromium" });
});
after(async () => {
  await browser?.close();
});

for (const [k, route] of PAGES.entries()) {
  test(`monkey on ${route}: ${ACTIONS} random actions, no internal error`, async () => {
    const seed = SEED + k;
    const r = rng(seed);
    const context = await browser.newContext({ viewport: DESKTOP, hasTouch: false });
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("console", (m) => {
      const t = m.text();
      if (m.type() === "error" || /panicked at|internal error/.test(t)) problems.push(`console: ${t}`);
    });
    page.on("dialog", (d) => d.dismiss().catch(() => {}));
    await page.goto(new URL(route, BASE).href);
    await page.locator("main h1").first().waitFor({ timeout: 20000 });
    // A Print button opens the browser's print dialog, which holds the page in Firefox and WebKit
    // until it is closed: printing is done here without it.
    const noDialog = () => page.evaluate(() => {
      window.print = () => {};
    });
    await noDialog();
    const done = [];
    for (let step = 0; step < ACTIONS; step++) {
      // Never leave the page under test (a link followed, a "new exercise" link).
      if (!page.url().includes(route === "#/" ? "#/" : route)) {
        await page.goto(new URL(route, BASE).href);
        await noDialog();
        done.push(`(back to ${route})`);
      }
      const action = await pick(page, r, step);
      if (!action) continue;
      done.push(action.what);
      await action.run();
      // What the action set off, drawn.
      await nextFrame(page);
      const crashed = await page.locator("#crash").count();
      if (crashed || problems.length) {
        const notice = crashed ? await page.locator("#crash").textContent() : "";
        assert.fail(
          `internal error on ${route} after ${done.length} actions (MONKEY_SEED=${SEED}, page seed ${seed}):\n` +
            `${problems.join("\n")}\n${notice}\nactions:\n  ${done.join("\n  ")}`,
        );
      }
    }
    if (process.env.MONKEY_VERBOSE) console.log(`${route}:\n  ${done.join("\n  ")}`);
    await context.close();
  });
}
