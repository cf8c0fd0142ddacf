// Loading on a slow network, as a class on classroom Wi-Fi meets it: a fresh cache, CDP network
// emulation at Fast 3G (1.6 Mbps down, 750 kbps up, 150 ms round trip), with and without 4× CPU
// throttling; the time from navigation to the first tree drawn, and the bytes on the wire. Then
// Lighthouse's mobile performance score (its own simulated slow network and CPU).
// ARBOR_URL: the served dist/ (with its compressed copies); CHROMIUM: the browser.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { launch } from "../tests/helpers.js";

const BASE = process.env.ARBOR_URL ?? "http://127.0.0.1:8080/";
const RUNS = Number(process.env.RUNS ?? 5);
// The home page, the stepper, and the practice a teacher's link opens (ROUTES: others).
const ROUTES = (process.env.ROUTES ?? "#/,#/alphabeta,#/practice,#/alphabeta?preset=seed003-alphabeta&step=5&embed=1").split(",");
const FAST_3G = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// One cold load: [ms from navigation to the first tree node drawn, bytes received by then, ms to
// the skeleton's first paint]. (After the first page is drawn the app fetches the other pages
// while the reader is idle: those bytes are not the first visit's.)
// A phone's page with an empty cache on Fast 3G (and the CPU `cpu` times slower), counting the
// bytes it receives (`received()`).
async function slowPage(browser, cpu = 1) {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", FAST_3G);
  if (cpu > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  let bytes = 0;
  cdp.on("Network.loadingFinished", (e) => (bytes += e.encodedDataLength));
  return { context, page, received: () => bytes };
}

async function load(browser, route, cpu) {
  const { context, page, received } = await slowPage(browser, cpu);
  await page.addInitScript(() => {
    const look = () => {
      if (document.querySelector("svg.tree [data-node]")) window.__firstTree = performance.now();
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto(new URL(route, BASE).href, { waitUntil: "commit" });
  await page.waitForFunction(() => window.__firstTree !== undefined, null, { timeout: 60000, polling: 50 });
  const atTree = received();
  const [tree, paint] = await page.evaluate(() => [
    window.__firstTree,
    performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
  ]);
  await context.close();
  return [tree, atTree, paint];
}

// Moving to another page at once, before the reader was idle (its part not fetched yet): ms from
// the address changing to the new page's part having arrived and to its first tree, and the
// bytes received meanwhile.
async function move(browser, from, to) {
  const { context, page, received } = await slowPage(browser);
  await page.goto(new URL(from, BASE).href, { waitUntil: "commit" });
  await page.locator("main h1").first().waitFor({ timeout: 60000 });
  const title = await page.locator("main h1").first().textContent();
  const before = received();
  const part = to.replace(/^#\/?/, "").split(/[?/]/)[0] || "home";
  const [ms, partMs] = await page.evaluate(
    ([to, title, part]) =>
      new Promise((done) => {
        const t0 = performance.now();
        const look = () => {
          const h1 = document.querySelector("main h1");
          if (h1 && h1.textContent !== title && document.querySelector("main svg.tree [data-node]")) {
            const file = performance
              .getEntriesByType("resource")
              .find((r) => r.name.endsWith(`/part-${part}.bin`) && r.startTime >= t0);
            done([performance.now() - t0, file ? file.responseEnd - t0 : NaN]);
          } else requestAnimationFrame(look);
        };
        location.hash = to;
        requestAnimationFrame(look);
      }),
    [to, title, part],
  );
  const got = received() - before;
  await context.close();
  return [ms, got, partMs];
}

const browser = await launch();
const rows = [];
const moves = [];
try {
  for (const cpu of [1, 4]) {
    for (const route of ROUTES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await load(browser, route, cpu));
      rows.push({
        route,
        cpu,
        tree: median(runs.map((r) => r[0])),
        max: Math.max(...runs.map((r) => r[0])),
        paint: median(runs.map((r) => r[2])),
        bytes: median(runs.map((r) => r[1])),
      });
    }
  }
  for (const [from, to] of [["#/teachers", "#/alphabeta"], ["#/", "#/search"], ["#/", "#/practice"]]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await move(browser, from, to));
    moves.push({ from, to, ms: median(runs.map((r) => r[0])), bytes: median(runs.map((r) => r[1])), part: median(runs.map((r) => r[2])) });
  }
} finally {
  await browser.close();
}
console.log(`\n## Loading on Fast 3G (1.6 Mbps, 150 ms RTT), cold cache, ${RUNS} runs each (median)\n`);
console.log("| route | CPU | first paint (skeleton) | first tree | slowest run | bytes received by the first tree |");
console.log("|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| \`${r.route}\` | ${r.cpu === 1 ? "as is" : `${r.cpu}× slower`} | ${(r.paint / 1000).toFixed(2)} s | ${(r.tree / 1000).toFixed(2)} s | ${(r.max / 1000).toFixed(2)} s | ${Math.round(r.bytes / 1024)} KiB |`,
  );
}

console.log(`\n## Moving to another page at once on Fast 3G (its part not fetched yet), ${RUNS} runs each (median)\n`);
console.log("| from | to | its part here | the new page's first tree | received meanwhile |");
console.log("|---|---|---|---|---|");
for (const m of moves) {
  console.log(
    `| \`${m.from}\` | \`${m.to}\` | ${(m.part / 1000).toFixed(2)} s | ${(m.ms / 1000).toFixed(2)} s | ${Math.round(m.bytes / 1024)} KiB |`,
  );
}

// Lighthouse, mobile (its defaults: simulated 150 ms RTT, 1.6 Mbps, 4× CPU).
const here = fileURLToPath(new URL(".", import.meta.url));
const lighthouse = `${here}node_modules/.bin/lighthouse`;
if (!existsSync(lighthouse)) {
  console.log("\n(Lighthouse is not installed in e2e/bench: `npm install` there to score the pages.)");
} else {
  console.log("\n## Lighthouse, mobile\n");
  console.log("| route | performance | FCP | LCP | TBT | CLS | Speed Index |");
  console.log("|---|---|---|---|---|---|---|");
  for (const route of ROUTES) {
    const out = execFileSync(
      lighthouse,
      [
        new URL(route, BASE).href,
        "--quiet",
        "--only-categories=performance",
        "--output=json",
        "--output-path=stdout",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-background-networking --disable-component-update --disable-sync",
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM ?? "/usr/bin/chromium" }, maxBuffer: 64 << 20 },
    );
    const report = JSON.parse(out);
    const a = report.audits;
    console.log(
      `| \`${route}\` | ${Math.round(report.categories.performance.score * 100)} | ${a["first-contentful-paint"].displayValue} | ${a["largest-contentful-paint"].displayValue} | ${a["total-blocking-time"].displayValue} | ${a["cumulative-layout-shift"].displayValue} | ${a["speed-index"].displayValue} |`,
    );
  }
}
