// Renders a step costs on the alpha-beta stepper, counted by component (the app counts each
// component's renders: window.wasmBindings.arbor_render_counts()): a step forward, a step
// back, and messages that change nothing — a step forward at the end, a step back at the start,
// a setting chosen again — which should cost no render at all.
// ARBOR_URL: the served dist/; CHROMIUM: the browser.
import { launch } from "../tests/helpers.js";

const BASE = process.env.ARBOR_URL ?? "http://127.0.0.1:8080/";
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
await page.goto(new URL("#/alphabeta?preset=seed003-alphabeta", BASE).href);
await page.locator(".root-value").waitFor({ timeout: 30000 });
await page.locator("h1").click();
await page.waitForTimeout(500);

const counts = () => page.evaluate(() => JSON.parse(window.wasmBindings.arbor_render_counts()));
async function cost(what, act) {
  const before = await counts();
  await act();
  await page.waitForTimeout(300);
  const after = await counts();
  const diff = Object.entries(after)
    .map(([k, n]) => [k, n - (before[k] ?? 0)])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = diff.reduce((s, [, n]) => s + n, 0);
  const top = diff.slice(0, 6).map(([k, n]) => `${k} ${n}`).join(", ");
  console.log(`| ${what} | ${total} | ${diff.length} | ${top || "—"} |`);
}
const key = (k) => () => page.keyboard.press(k);

console.log(`| action (15-node tree, step 0 of 20) | renders | components | the most |`);
console.log(`|---|---|---|---|`);
await cost("step back at the start (nothing to do)", key("ArrowLeft"));
await cost("step forward", key("ArrowRight"));
await cost("step forward again", key("ArrowRight"));
await cost("step back", key("ArrowLeft"));
await cost("the same algorithm chosen again", () =>
  page.getByRole("combobox", { name: "Algorithm" }).selectOption({ label: "Alpha-beta (fail-soft)" }),
);
await cost("jump to the end", key("End"));
await cost("step forward at the end (nothing to do)", key("ArrowRight"));
await browser.close();
