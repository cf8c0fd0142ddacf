// Browser benchmark: the alpha-beta stepper on large trees, as a student's laptop feels it.
// Run by `cargo xtask bench-web`; prints a Markdown table. Not a test: it asserts nothing.
//
// For each tree, in a page where Arbor is already loaded:
// - first draw: from opening the tree's link to its first nodes drawn (the tree generated,
//   searched and recorded, laid out, and the first frame painted);
// - a step: the main thread's work from the key press to the updated page, styled and laid out
//   (what must fit in a frame: 16 ms at 60 Hz), 300 steps from the start — and, beside it, the
//   time to the next frame painted, which also waits for the display's next refresh;
// - jump to end: the same for End.
// Each is measured unthrottled and with the CPU throttled 4× through CDP.
import { launch, openPage } from "../tests/helpers.js";

const TREES = [
  ["5,461 nodes (depth 6, branching 4)", "6,4,4,0,99,1", 5461],
  ["19,531 nodes (depth 6, branching 5)", "6,5,5,0,99,1", 19531],
  ["97,656 nodes (depth 7, branching 5)", "7,5,5,0,99,1", 97656],
];
const STEPS = Number(process.env.STEPS ?? 300);

function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
}

// Time from an action to the updated page laid out ([0]) and to the next painted frame ([1]),
// starting just after a frame.
async function timed(page, action) {
  return page.evaluate(async (action) => {
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const t0 = performance.now();
    if (action.key) {
      document.dispatchEvent(new KeyboardEvent("keydown", { key: action.key, bubbles: true }));
    } else {
      location.hash = action.hash;
    }
    await new Promise((r) => setTimeout(r, 0));
    if (action.wait) {
      while (!document.querySelector(action.wait)) await new Promise((r) => setTimeout(r, 0));
    }
    document.body.getBoundingClientRect();
    const work = performance.now() - t0;
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return [work, performance.now() - t0];
  }, action);
}

const browser = await launch();
const rows = [];
try {
  for (const rate of [1, 4]) {
    for (const [name, spec, count] of TREES) {
      const page = await openPage(browser, "#/alphabeta");
      await page.locator("svg.tree [data-node='r']").first().waitFor({ timeout: 60000 });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      const [, first] = await timed(page, { hash: `#/alphabeta?random=${spec}`, wait: `svg.tree[aria-label^='Game tree of ${count} '] [data-node]` });
      const drawn = await page.locator("svg.tree[aria-label^='Game tree'] [data-node]").count();
      const work = [];
      const frames = [];
      for (let i = 0; i < STEPS; i++) {
        const [w, f] = await timed(page, { key: "ArrowRight" });
        work.push(w);
        frames.push(f);
      }
      const [end] = await timed(page, { key: "End" });
      const [back] = await timed(page, { key: "ArrowLeft" });
      page.assertHealthy();
      rows.push([name, rate, drawn, first, percentile(work, 0.5), percentile(work, 0.95), percentile(frames, 0.95), end, back]);
      await page.context().close();
    }
  }
} finally {
  await browser.close();
}
console.log(`| tree | CPU | nodes in the DOM | first draw | step (median) | step (95th pct.) | step to the next frame (95th pct.) | jump to end | step back from the end |`);
console.log(`|---|---|---|---|---|---|---|---|---|`);
for (const [name, rate, drawn, first, med, p95, frame, end, back] of rows) {
  console.log(
    `| ${name} | ${rate === 1 ? "full speed" : `${rate}× slower`} | ${drawn} | ${first.toFixed(0)} ms | ${med.toFixed(1)} ms | ${p95.toFixed(1)} ms | ${frame.toFixed(1)} ms | ${end.toFixed(0)} ms | ${back.toFixed(1)} ms |`,
  );
}
