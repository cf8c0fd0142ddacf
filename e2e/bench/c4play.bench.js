// Browser benchmark: the perfect connect-four player on the Play page itself, as a student
// feels it — from the click that drops a stone to the AI's answer shown — with the CPU at full
// speed and throttled 4× through CDP. CDP's throttle slows the page's thread, not the worker's
// (where the solver runs): the throttled row is the page's share at a slow laptop's speed.
// Run by `cargo xtask bench-web`; prints a Markdown table.
// Not a test: it asserts nothing but that the page answers.
//
// Games: the AI first in half of them, second in the other half; the person's moves are random
// legal columns (a fixed seed per game), so the positions are the ones a class makes.
import { launch, openPage } from "../tests/helpers.js";

const GAMES = Number(process.env.GAMES ?? 4);

function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
}

// A small seeded generator (xorshift32), so each game's random columns repeat run to run.
function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

// Drops a stone in `column` (0: presses Continue for the AI's first move), then waits until the AI has answered: the
// move list holds `expect` moves, or the game is over. Returns the milliseconds, measured in
// the page, and the AI's own account of its move.
async function answered(page, column, expect) {
  return page.evaluate(
    async ({ column, expect }) => {
      const count = () => Number(/Moves \((\d+)\)/.exec(document.body.innerText)?.[1] ?? 0);
      const over = () => !document.querySelector(".status.on");
      const t0 = performance.now();
      if (column === 0) {
        [...document.querySelectorAll("button")].find((b) => b.textContent.startsWith("Continue"))?.click();
      } else {
        const name = `Drop in column ${column}`;
        [...document.querySelectorAll(".c4-board button")]
          .find((b) => (b.getAttribute("aria-label") ?? "").startsWith(name))
          .click();
      }
      while (count() < expect && !over() && performance.now() - t0 < 60000) {
        await new Promise((r) => setTimeout(r, 2));
      }
      const ms = performance.now() - t0;
      return { ms, ai: document.querySelector(".last-ai")?.textContent ?? "", over: over(), moves: count() };
    },
    { column, expect },
  );
}

async function game(browser, rate, index) {
  const aiFirst = index % 2 === 0;
  const route = aiFirst ? "#/play?game=c4&p1=perfect&p2=human" : "#/play?game=c4&p1=human&p2=perfect";
  const page = await openPage(browser, route);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  await page.locator(".c4-board").waitFor();
  const random = rng(0x9e3779b9 + index * 7919);
  const times = [];
  const proofs = [];
  let moves = 0;
  if (aiFirst) {
    const r = await answered(page, 0, 1);
    times.push(r.ms);
    proofs.push(r.ai);
    moves = r.moves;
  }
  for (;;) {
    const open = await page
      .locator(".c4-board button")
      .evaluateAll((els) =>
        els
          .map((e) => e.getAttribute("aria-label") ?? "")
          .filter((n) => n.startsWith("Drop in column") && !n.includes("(full)"))
          .map((n) => Number(/column (\d)/.exec(n)[1])),
      );
    if (open.length === 0) break;
    const column = open[Math.floor(random() * open.length)];
    const r = await answered(page, column, moves + 2);
    if (r.moves === moves + 2) {
      times.push(r.ms);
      proofs.push(r.ai);
    }
    moves = r.moves;
    if (r.over) break;
  }
  await page.context().close();
  return { times, proofs };
}

const browser = await launch();
console.log("| CPU | games | AI moves | median | p95 | slowest | not proven |");
console.log("|---|---|---|---|---|---|---|");
for (const rate of [1, 4]) {
  const times = [];
  let unproven = 0;
  for (let i = 0; i < GAMES; i++) {
    const g = await game(browser, rate, i);
    times.push(...g.times);
    unproven += g.proofs.filter((p) => /not proven/.test(p)).length;
  }
  const f = (x) => `${Math.round(x)} ms`;
  console.log(
    `| ${rate === 1 ? "full speed" : `${rate}× throttled`} | ${GAMES} | ${times.length} | ${f(percentile(times, 0.5))} | ${f(percentile(times, 0.95))} | ${f(Math.max(...times))} | ${unproven} |`,
  );
}
await browser.close();
