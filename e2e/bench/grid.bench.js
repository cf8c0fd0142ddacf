// Stepping a search on a 100 × 100 grid (the search page's grid problem): the time from a → key
// press to the next frame (the frame replayed from the engine's trace, the grid repainted), at
// full speed and with the CPU throttled 4× through CDP, near the start and near the end of the
// recorded search. ARBOR_URL: the served dist/; CHROMIUM: the browser.
import { launch } from "../tests/helpers.js";

const BASE = process.env.ARBOR_URL ?? "http://127.0.0.1:8080/";
const STEPS = 40;
// An open 100 × 100 grid, start top left, goal bottom right (the default when a grid is empty).
const open = Array.from({ length: 100 }, (_, y) =>
  Array.from({ length: 100 }, (_, x) => (x === 0 && y === 0 ? "S" : x === 99 && y === 99 ? "G" : ".")).join(""),
).join("/");
const RUNS = [
  [`#/search?problem=grid&grid=${open}&algo=bfs`, "BFS, 100 × 100 open grid (20,000 nodes recorded), from the start"],
  [`#/search?problem=grid&grid=${open}&algo=bfs`, "the same, stepping back from the end", "End", "ArrowLeft"],
  [`#/search?problem=grid&grid=${open}&moves=8&h=octile&algo=astar`, "A* 8-way octile, from the start"],
];

const browser = await launch();
console.log(`| grid and search | CPU | median | p95 | slowest |`);
console.log(`|---|---|---|---|---|`);
for (const [link, what, first, key = "ArrowRight"] of RUNS) {
  for (const rate of [1, 4]) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(new URL(link, BASE).href);
    await page.locator(".solution h2").waitFor({ timeout: 60000 });
    await page.waitForTimeout(500);
    if (rate > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    await page.locator("h1").click();
    if (first) await page.keyboard.press(first);
    const times = [];
    for (let i = 0; i < STEPS; i++) {
      times.push(await page.evaluate((key) => new Promise((done) => {
        const start = performance.now();
        document.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
        requestAnimationFrame(() => setTimeout(() => done(performance.now() - start), 0));
      }), key));
    }
    times.sort((a, b) => a - b);
    const ms = (t) => `${t.toFixed(1)} ms`;
    console.log(`| ${what} | ${rate === 1 ? "as is" : "4× slower"} | ${ms(times[STEPS / 2])} | ${ms(times[Math.floor(STEPS * 0.95) - 1])} | ${ms(times[STEPS - 1])} |`);
    await context.close();
  }
}
await browser.close();
