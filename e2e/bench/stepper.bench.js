// Browser benchmark: main-thread time per step of the alpha-beta stepper on a large tree.
// Run by `cargo xtask bench-web`; prints a Markdown table. Not a test: it asserts nothing.
import { launch, openPage } from "../tests/helpers.js";

const SIZES = [
  ["5,461 nodes (depth 6, branching 4)", "6,4,4,0,99,1"],
  ["19,531 nodes (depth 6, branching 5; drawn 4 levels deep, unfold on demand)", "6,5,5,0,99,1"],
];
const STEPS = 120;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function p95(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))];
}

const browser = await launch();
const rows = [];
try {
  for (const [name, spec] of SIZES) {
    const page = await openPage(browser, `#/alphabeta?random=${spec}`);
    const loadStart = Date.now();
    await page.locator("svg.tree [data-node='r']").first().waitFor({ timeout: 60000 });
    const load = Date.now() - loadStart;
    const drawn = await page.locator("svg.tree[aria-label^='Game tree'] [data-node]").count();
    // One step: dispatch the key, let Yew render, force style and layout; time it all.
    const times = await page.evaluate(async (steps) => {
      const out = [];
      for (let i = 0; i < steps; i++) {
        const t0 = performance.now();
        document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
        await new Promise((r) => setTimeout(r, 0));
        document.body.getBoundingClientRect();
        void document.querySelector("svg.tree").getBBox();
        out.push(performance.now() - t0);
        await new Promise((r) => requestAnimationFrame(() => r()));
      }
      return out;
    }, STEPS);
    const back = await page.evaluate(async () => {
      const t0 = performance.now();
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "End", bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
      document.body.getBoundingClientRect();
      return performance.now() - t0;
    });
    page.assertHealthy();
    rows.push([name, drawn, load, median(times), p95(times), back]);
    await page.context().close();
  }
} finally {
  await browser.close();
}
console.log(`| tree | nodes drawn | first draw | step (median) | step (95th percentile) | jump to end |`);
console.log(`|---|---|---|---|---|---|`);
for (const [name, drawn, load, med, p, end] of rows) {
  console.log(`| ${name} | ${drawn} | ${load} ms | ${med.toFixed(1)} ms | ${p.toFixed(1)} ms | ${end.toFixed(1)} ms |`);
}
