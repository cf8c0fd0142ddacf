// A panic never leaves a dead page: the page's panic hook shows what happened with links that
// reload the view at its last good address; a panic in a worker — the search page's, and each
// of the other five worker modules' (play, alphabeta, mcts, heuristics, maps), which share its
// panic hook and the page's handle on it — is told on the page that asked, which goes on (a new
// worker for its next request). Panics are asked for through the app's exported
// `arbor_debug_panic` (Trunk puts the bindings on `window.wasmBindings`).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, BASE, audit } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function open(path, viewport = { width: 1366, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(new URL(path, BASE).href);
  await page.locator("main h1").waitFor({ timeout: 20000 });
  return { page, errors };
}

test("a panic in the page shows what happened and reloads the view at its last good link", async () => {
  const { page, errors } = await open("#/alphabeta?tree=[[3,12,8],[2,4,6],[14,5,2]]&algo=alphabeta");
  await page.locator(".root-value").waitFor();
  const good = await page.evaluate(() => location.hash);
  await page.evaluate(() => {
    try {
      window.wasmBindings.arbor_debug_panic("page");
    } catch (e) {
      // The WebAssembly traps after the hook: expected.
    }
  });
  const notice = page.getByRole("alertdialog", { name: "Arbor stopped on an internal error" });
  await notice.waitFor({ timeout: 5000 });
  assert.match(await notice.locator("pre").textContent(), /a panic asked for from the console.*\(web\/src\/crash\.rs:\d+\)/);
  assert.ok(errors.some((e) => /Arbor panicked/.test(e)), "the console has it too");
  const reload = page.locator("#crash-reload");
  assert.equal(await reload.getAttribute("href"), good);
  assert.equal(await page.evaluate(() => document.activeElement?.id), "crash-reload", "focus is on the way out");
  await audit(page, "the panic notice");
  await page.screenshot({ path: "/tmp/panic-page.png" }).catch(() => {});
  // The keyboard's way out: Enter on the focused link reloads the view, alive again.
  await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);
  await page.locator(".root-value").waitFor({ timeout: 20000 });
  assert.equal(await page.locator("#crash").count(), 0);
  assert.equal(await page.locator(".root-value").textContent(), "3");
  await page.context().close();
});

test("a panic in the search worker is told, and the next search runs in a new worker", async () => {
  const { page } = await open("#/search?problem=graph&preset=seed000-tree&algo=bfs");
  const status = page.locator(".run-status");
  await page.waitForFunction(() => /Found/.test(document.querySelector(".run-status")?.textContent ?? ""), null, { timeout: 30000 });
  await page.evaluate(() => window.wasmBindings.arbor_debug_panic("worker"));
  const algorithm = page.getByRole("combobox", { name: "Algorithm" });
  await algorithm.selectOption("iddfs");
  await page.waitForFunction(() => /internal error/.test(document.querySelector(".run-status")?.textContent ?? ""), null, { timeout: 30000 });
  assert.match(await status.textContent(), /search worker hit an internal error and stopped: a panic the page asked for/);
  assert.match(await status.getAttribute("class"), /failed/);
  // The page goes on: another search, in a new worker.
  await algorithm.selectOption("ucs");
  await page.waitForFunction(() => /Found a solution/.test(document.querySelector(".run-status")?.textContent ?? ""), null, { timeout: 30000 });
  assert.equal(await page.locator("#crash").count(), 0, "the page itself never stopped");
  await page.context().close();
});

// Counts the workers the page starts from now on, by the kind of job each is for (the loader's
// query: `arbor-worker_loader.js?play`).
async function countWorkers(page) {
  await page.evaluate(() => {
    const Original = window.Worker;
    window.__arborWorkers = [];
    window.Worker = class extends Original {
      constructor(url, options) {
        super(url, options);
        window.__arborWorkers.push(String(url).split("?").pop());
      }
    };
  });
}
const started = (page, kind) => page.evaluate((k) => window.__arborWorkers.filter((w) => w === k).length, kind);

const PLAY = "#/play?game=ttt&p1=human&p2=perfect&seed=2";
const treeLink = (page) => page.getByRole("link", { name: /search tree behind this move/ });

// Each other worker module, from the page that uses it: `ready` waits for the page to be at
// rest, `ask` is a reader's action that sends the worker its next request, `told` is where the
// page says what went wrong, `again` asks for the same kind of thing once more, and `answer`
// appears only with its result.
const WORKERS = [
  {
    worker: "play",
    what: "the next move is answered by a new worker",
    path: PLAY,
    ready: (page) => page.locator(".ttt-board").waitFor(),
    ask: (page) => page.getByRole("button", { name: "Row 1, column 1" }).click(),
    told: (page) => page.getByRole("region", { name: "The AI" }).getByRole("alert"),
    // The AI waits after a failure: Continue asks it again.
    again: (page) => page.getByRole("button", { name: /^Continue/ }).click(),
    answer: (page) => page.locator(".last-ai", { hasText: /\(AI\) played row \d, column \d/ }),
  },
  {
    worker: "alphabeta",
    what: "the next search behind a move is recorded by a new worker",
    path: PLAY,
    // The stepper asks its worker when it opens on a game's move: from the Play page's link.
    ready: async (page) => {
      await page.getByRole("button", { name: "Row 1, column 1" }).click();
      await treeLink(page).waitFor({ timeout: 30000 });
    },
    ask: (page) => treeLink(page).click(),
    told: (page) => page.getByRole("alert").filter({ hasText: "The search behind this move could not be recorded" }),
    // Back to the game (the AI to move there, waiting), its move, and its tree again.
    again: async (page) => {
      await page.getByRole("link", { name: "← Back to the game at this position" }).click();
      await page.getByRole("button", { name: /^Continue/ }).click();
      await treeLink(page).click();
    },
    answer: (page) => page.getByText(/^\d+ positions drawn \(\d+ entered by the search/),
  },
  {
    worker: "mcts",
    what: "the next run is made by a new worker",
    path: "#/mcts?n=100&seed=1",
    ready: (page) => page.locator("svg.tree[aria-label^='Monte Carlo'] [data-node='r']").waitFor({ timeout: 20000 }),
    ask: async (page) => {
      const seed = page.getByRole("textbox", { name: "Seed" });
      await seed.fill("2");
      await seed.press("Enter");
    },
    told: (page) => page.getByRole("complementary", { name: "What MCTS searches" }).getByRole("alert"),
    again: async (page) => {
      const iterations = page.getByRole("textbox", { name: "Iterations" });
      await iterations.fill("50");
      await iterations.press("Enter");
    },
    answer: (page) => page.locator(".explain .hint", { hasText: /replays the first \d+ of 50 iterations/ }),
  },
  {
    worker: "heuristics",
    what: "the next board is estimated by a new worker",
    path: "#/heuristics",
    ready: (page) => page.locator("table.lab-estimates").waitFor({ timeout: 20000 }),
    ask: (page) => page.getByLabel(/Tiles, row by row/).fill("1 0 2 3 4 5 6 7 8"),
    told: (page) => page.locator(".lab").getByRole("alert"),
    again: (page) => page.getByLabel(/Tiles, row by row/).fill("1 2 0 3 4 5 6 7 8"),
    // Two moves from the goal (the blank first).
    answer: (page) =>
      page.locator("table.lab-estimates tr", { hasText: "True distance" }).locator("td").first().filter({ hasText: /^\s*2\s*$/ }),
  },
  {
    worker: "maps",
    what: "the next search of the map runs in a new worker",
    path: "#/maps?map=arena",
    ready: (page) => page.locator(".maps-view .verdict").waitFor({ timeout: 20000 }),
    ask: (page) => page.locator("select.map-algo").selectOption("ucs"),
    told: (page) => page.locator(".maps-view .run-status.failed[role=status]"),
    again: (page) => page.locator("select.map-algo").selectOption("jps"),
    answer: (page) => page.locator(".maps-view .verdict", { hasText: /^✓ Arbor's length/ }),
  },
];

for (const w of WORKERS) {
  test(`a panic in the ${w.worker} worker is told, and ${w.what}`, async () => {
    const { page } = await open(w.path);
    await w.ready(page);
    await countWorkers(page);
    await page.evaluate(() => window.wasmBindings.arbor_debug_panic("worker"));
    await w.ask(page);
    const told = w.told(page).filter({ hasText: /internal error/ });
    await told.waitFor({ timeout: 30000 });
    assert.match(await told.textContent(), /The search worker hit an internal error and stopped: a panic the page asked for\b.*the next search starts a new worker\./);
    assert.equal(await page.locator("#crash").count(), 0, "the page itself never stopped");
    const before = await started(page, w.worker);
    // The page goes on: the same kind of request again, answered, by a worker started since.
    await w.again(page);
    await w.answer(page).waitFor({ timeout: 30000 });
    assert.ok((await started(page, w.worker)) > before, `a new ${w.worker} worker answered`);
    assert.equal(await told.count(), 0, "the failure is no longer told");
    assert.equal(await page.locator("#crash").count(), 0, "the page itself never stopped");
    await page.context().close();
  });
}
