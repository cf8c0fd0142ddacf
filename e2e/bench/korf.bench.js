// Korf's 100 15-puzzles solved in the browser tab, as the heuristics lab does it: the 6-6-3
// pattern database built in the page's worker, then IDA* on each instance. Prints the page's own
// figures (build, solve, nodes) and the wall time from the click to the last instance, at full
// speed and with the page's CPU throttled 4× through CDP (the throttle reaches the page's main
// thread; the worker, where the work is done, runs as is). ARBOR_URL: the served dist/.
import { launch } from "../tests/helpers.js";

const BASE = process.env.ARBOR_URL ?? "http://127.0.0.1:8080/";
const browser = await launch();
console.log(`| page CPU | wall time | the page's report |`);
console.log(`|---|---|---|`);
for (const rate of [1, 4]) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(new URL("#/heuristics", BASE).href);
  await page.locator("table.lab-estimates").waitFor({ timeout: 30000 });
  const cdp = await context.newCDPSession(page);
  if (rate > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  const start = Date.now();
  await page.getByRole("button", { name: "Solve them" }).click();
  const summary = page.locator(".korf-summary", { hasText: /^All 100 instances/ });
  await summary.waitFor({ timeout: 20 * 60 * 1000 });
  const wall = (Date.now() - start) / 1000;
  console.log(`| ${rate === 1 ? "as is" : "4× slower"} | ${wall.toFixed(1)} s | ${(await summary.textContent()).trim()} |`);
  await context.close();
}
await browser.close();
