// What the WebKit adapter's modules share: the time an action waits, WebDriver's element key,
// and the script each document gets (Playwright's selector engine and a recorder of its errors).
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const ENGINE_SOURCE = readFileSync(
  join(require.resolve("playwright-bidi"), "../lib/generated/injectedScriptSource.js"),
  "utf8",
);
const ENGINE_MODULE = { exports: {} };
new Function("module", "exports", ENGINE_SOURCE)(ENGINE_MODULE, ENGINE_MODULE.exports);
const ENGINE_OPTIONS = {
  isUnderTest: false,
  sdkLanguage: "javascript",
  testIdAttributeName: "data-testid",
  stableRafCount: 1,
  browserName: "webkit",
  customEngines: [],
};
// Installs the selector engine and a recorder of errors and console messages in a document.
export const INSTALL = `if (!window.__arbor) {
  const module = {};
  ${ENGINE_MODULE.exports.source}
  const log = [];
  const text = (a) => a.map((x) => (x instanceof Error ? x.message : typeof x === "string" ? x : JSON.stringify(x) ?? String(x))).join(" ");
  for (const type of ["log", "info", "warn", "error", "debug"]) {
    const original = console[type].bind(console);
    console[type] = (...a) => { log.push({ kind: "console", type, text: text(a) }); original(...a); };
  }
  // An uncaught error, as Playwright reports it: not the ResizeObserver's note that it delivers
  // some of a frame's changes in the next (an error event with no error, which Playwright's
  // Chromium and Firefox do not report either).
  addEventListener("error", (e) => {
    if (e.error != null || !/^ResizeObserver loop/.test(e.message)) log.push({ kind: "pageerror", text: e.message });
  });
  addEventListener("unhandledrejection", (e) => log.push({ kind: "pageerror", text: String(e.reason?.message ?? e.reason) }));
  // (\`id\` tells one document from the next: a load replaces it.)
  window.__arbor = { pw: new (module.exports.InjectedScript())(globalThis, ${JSON.stringify(ENGINE_OPTIONS)}), log, id: Math.random() };
}`;

export const TIMEOUT = 30000;
export const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Asks `attempt` every `every` ms until it gives something other than undefined, and gives that;
// after `timeout` ms (or TIMEOUT), throws what `failure` says.
export async function poll(attempt, failure, timeout, every = 50) {
  const deadline = Date.now() + (timeout || TIMEOUT);
  for (;;) {
    const got = await attempt();
    if (got !== undefined) return got;
    if (Date.now() > deadline) throw new Error(`webkit: ${failure()}`);
    await sleep(every);
  }
}

export function unsupported(what) {
  throw new Error(`webkit: ${what}: WebDriver has no command for it (this test runs in the other engines)`);
}

