// Stepping the Chance and MCTS pages on their largest trees: the time from a → key press to the
// next frame, at full speed and with the CPU throttled 4× through CDP, at the start of the search
// and near its end (each step's frame is replayed from the recorded events, so late steps cost
// most). The MCTS page replays at most 300 iterations, so its largest tree has 301 nodes.
// ARBOR_URL: the served dist/; CHROMIUM: the browser.
import { launch } from "../tests/helpers.js";

const BASE = process.env.ARBOR_URL ?? "http://127.0.0.1:8080/";
const STEPS = 40;
const TREES = [
  ["#/chance?random=11,2,2,0,9,3&bounds=0,9", "4,095 nodes (uniform, depth 11), from the start"],
  ["#/chance?random=11,2,2,0,9,3&bounds=0,9&step=3700", "the same, from step 3,700 of 3,754"],
  ["#/mcts?game=c4&moves=&n=300&seed=1", "MCTS, connect four, 300 iterations (301 nodes), from the start"],
  ["#/mcts?game=c4&moves=&n=300&seed=1&step=1700", "the same, from step 1,700 (of about 1,800)"],
];

const browser = await launch();
console.log(`| page and tree | CPU | median | p95 | slowest |`);
console.log(`|---|---|---|---|---|`);
for (const [link, what] of TREES) {
  for (const rate of [1, 4]) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(new URL(link, BASE).href);
    await page.waitForSelector("svg.tree [data-node]", { timeout: 30000 });
    if (rate > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    await page.locator("h1").click();
    const times = [];
    for (let i = 0; i < STEPS; i++) {
      times.push(await page.evaluate(() => new Promise((done) => {
        const start = performance.now();
        document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
        requestAnimationFrame(() => setTimeout(() => done(performance.now() - start), 0));
      })));
    }
    times.sort((a, b) => a - b);
    const ms = (t) => `${t.toFixed(1)} ms`;
    console.log(`| ${what} | ${rate === 1 ? "as is" : "4× slower"} | ${ms(times[STEPS / 2])} | ${ms(times[Math.floor(STEPS * 0.95) - 1])} | ${ms(times[STEPS - 1])} |`);
    await context.close();
  }
}
await browser.close();
