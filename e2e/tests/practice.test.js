// Practice: a student predicts, Arbor checks against the engine's own run.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const PRACTICE = "svg.tree[aria-label^='Practice tree']";
const SEED003 = "[[[2,3],[5,9]],[[0,1],[7,5]]]";
// Alpha-beta's (fail-soft) values on seed 003's tree.
const VALUES = { A: "3", B: "3", C: "1", D: "3", E: "5", F: "1" };

async function answerValues(page) {
  for (const label of await page.locator(".questions label.answer").all()) {
    const text = await label.locator("span").first().textContent();
    const node = text.match(/Value (\w) returns/)[1];
    await label.locator("input").fill(VALUES[node]);
  }
}

test("alpha-beta practice: a student marks the seed's tree, by mouse and keyboard, and sees the score", async () => {
  const page = await openPage(browser, `#/practice?tree=${encodeURIComponent(SEED003)}&level=values`);
  await page.locator(`${PRACTICE} [data-node="r"]`).waitFor({ timeout: 20000 });
  // E's right leaf by mouse, G by keyboard alone.
  await page.locator(`${PRACTICE} [data-node="r.0.1.1"]`).click();
  await page.locator(`${PRACTICE} [data-node="r.1.1"]`).focus();
  await page.keyboard.press("Enter");
  assert.equal(await page.locator(`${PRACTICE} [data-node="r.1.1"]`).getAttribute("aria-pressed"), "true");
  await answerValues(page);
  await page.getByRole("button", { name: "Check" }).click();
  const score = await page.locator(".report .score").textContent();
  const [, right, total] = score.match(/Score: (\d+) of (\d+)/);
  assert.equal(right, total, score);
  assert.equal(Number(total), 2 + 4);
  assert.equal(await page.locator(`${PRACTICE} [data-verdict="right"]`).count(), 2);
  // The typed answers are marked on the tree too, at their nodes.
  assert.match(await page.locator(`${PRACTICE} [data-node="r"]`).getAttribute("aria-label"), /question 1, answers right/);
  // A wrong mark (F is searched) and a missed one (G unmarked): the score drops, reasons say why.
  await page.locator(`${PRACTICE} [data-node="r.1.0"]`).click();
  await page.locator(`${PRACTICE} [data-node="r.1.1"]`).click();
  await page.getByRole("button", { name: "Check" }).click();
  const again = await page.locator(".report .score").textContent();
  assert.match(again, /Score: 5 of 7/);
  assert.equal(await page.locator(`${PRACTICE} [data-node="r.1.0"]`).getAttribute("data-verdict"), "wrong");
  assert.equal(await page.locator(`${PRACTICE} [data-node="r.1.1"]`).getAttribute("data-verdict"), "missed");
  const reasons = (await page.locator(".verdicts li").allTextContents()).join("\n");
  assert.match(reasons, /F \(MAX\) is searched/);
  assert.match(reasons, /at C \(MIN\), 1 ≤ α = 3/);
  // Reveal steps the real run from the first difference: F is entered there.
  await page.getByRole("button", { name: "Reveal" }).click();
  const reveal = page.locator(".reveal");
  await reveal.waitFor();
  const caption = await reveal.locator(".caption").textContent();
  assert.match(caption, /\bF\b/, caption);
  const before = await reveal.locator(".step-count").textContent();
  await reveal.getByRole("button", { name: "Step forward" }).click();
  assert.notEqual(await reveal.locator(".step-count").textContent(), before);
  await reveal.getByRole("button", { name: "Back to your answers" }).click();
  await page.locator(PRACTICE).waitFor();
  page.assertHealthy();
});

test("alpha-beta practice: the exercise is its link — the same tree and questions open", async () => {
  const page = await openPage(browser, "#/practice?depth=3&bmin=2&bmax=3&low=0&high=9&seed=42&level=windows");
  await page.locator(`${PRACTICE} [data-node="r"]`).waitFor({ timeout: 20000 });
  const nodes = await page.locator(`${PRACTICE} [data-node]`).evaluateAll((ns) => ns.map((n) => n.getAttribute("aria-label")));
  const questions = await page.locator(".questions label.answer span:first-child").allTextContents();
  assert.ok(questions.some((q) => /α when/.test(q)) && questions.some((q) => /Value A returns/.test(q)), questions.join("|"));
  const again = await openPage(browser, await page.evaluate(() => location.hash));
  await again.locator(`${PRACTICE} [data-node="r"]`).waitFor({ timeout: 20000 });
  assert.deepEqual(await again.locator(`${PRACTICE} [data-node]`).evaluateAll((ns) => ns.map((n) => n.getAttribute("aria-label"))), nodes);
  assert.deepEqual(await again.locator(".questions label.answer span:first-child").allTextContents(), questions);
  // New exercise: another seed, another link.
  await again.getByRole("button", { name: "New exercise" }).click();
  await again.waitForFunction(() => !/seed=42/.test(location.hash));
  page.assertHealthy();
  again.assertHealthy();
});

test("search practice: a wrong click is answered with the rule, a right one moves on", async () => {
  const tree = "A[B[E[I] F[J K[O P]]] C[G[L[R]]] D[H[M N[S]]]]\ngoal R";
  const page = await openPage(browser, `#/practice?kind=search&algo=bfs&text=${encodeURIComponent(tree)}`);
  const svg = page.locator("svg.tree[aria-label^='Search tree']");
  await svg.locator("[data-node]").first().waitFor({ timeout: 20000 });
  const node = (name) => svg.locator(`[data-node]`).filter({ has: page.locator(`text=${name}`) }).first();
  await node("C").click();
  const feedback = page.locator(".feedback");
  assert.match(await feedback.textContent(), /✗ Not C\. Breadth-first search takes the oldest frontier node/);
  await node("B").click();
  assert.match(await feedback.textContent(), /✓ Right: B is taken next/);
  assert.match(await page.locator(".practice .score").textContent(), /Question 2 of 16 — 0 right at the first try/);
  for (const name of ["C", "D", "E"]) await node(name).click();
  assert.match(await page.locator(".practice .score").textContent(), /Question 5 of 16 — 3 right/);
  page.assertHealthy();
});

test("search practice, A*: the reason names f = g + h of both nodes; ordering the frontier", async () => {
  const text = "S -> A:1 B:4\nA -> G:5\nB -> G:1\nh S=4 A=5 B=1 G=0\ngoal G";
  const page = await openPage(browser, `#/practice?kind=search&algo=astar&text=${encodeURIComponent(text)}`);
  const svg = page.locator("svg.tree[aria-label^='Search tree']");
  await svg.locator("[data-node]").first().waitFor({ timeout: 20000 });
  await svg.locator("[data-node]").filter({ has: page.locator("text=A") }).first().click();
  assert.equal(
    (await page.locator(".feedback").textContent()).trim(),
    "✗ Not A. A* expands the lowest f = g + h: node B has f = 4 + 1 = 5; your choice, A, has f = 1 + 5 = 6."
  );
  const order = await openPage(browser, `#/practice?kind=search&algo=ucs&level=frontier&text=${encodeURIComponent(text)}`);
  const osvg = order.locator("svg.tree[aria-label^='Search tree']");
  await osvg.locator("[data-node]").first().waitFor({ timeout: 20000 });
  // Keyboard only: Tab to B, Enter; then A; the order is wrong (A has the lower g).
  await osvg.locator("[data-node]").filter({ has: order.locator("text=B") }).first().focus();
  await order.keyboard.press("Enter");
  await osvg.locator("[data-node]").filter({ has: order.locator("text=A") }).first().focus();
  await order.keyboard.press("Enter");
  await order.getByRole("button", { name: "Check the order" }).click();
  assert.match(await order.locator(".feedback").textContent(), /Place 1: Uniform-cost search takes the lowest path cost g: A has g = 1, B has g = 4/);
  await order.getByRole("button", { name: "Clear the order" }).click();
  for (const name of ["A", "B"]) await osvg.locator("[data-node]").filter({ has: order.locator(`text=${name}`) }).first().click();
  await order.getByRole("button", { name: "Check the order" }).click();
  assert.match(await order.locator(".feedback").textContent(), /✓ Right/);
  page.assertHealthy();
  order.assertHealthy();
});

test("alpha-beta practice: questions numbered as the search meets them; after Check the engine's answers are drawn where the student's were wrong or missing", async () => {
  const page = await openPage(browser, `#/practice?tree=${encodeURIComponent(SEED003)}&level=windows&seed=3`);
  await page.locator(`${PRACTICE} [data-node="r"]`).waitFor({ timeout: 20000 });
  // The search's order on seed 003's tree: A, B, D, (leaves), E, C, F, G.
  const preorder = ["r", "r.0", "r.0.0", "r.0.0.0", "r.0.0.1", "r.0.1", "r.0.1.0", "r.0.1.1", "r.1", "r.1.0", "r.1.0.0", "r.1.0.1", "r.1.1"];
  const asked = await page.$$eval(`${PRACTICE} [data-node]`, (ns) =>
    ns.map((n) => [n.dataset.node, /\?(\d+)/.exec(n.getAttribute("aria-label"))?.[1]]).filter(([, q]) => q),
  );
  asked.sort((a, b) => Number(a[1]) - Number(b[1]));
  const order = asked.map(([n]) => preorder.indexOf(n));
  assert.deepEqual(order, [...order].sort((a, b) => a - b), `numbered out of the search's order: ${JSON.stringify(asked)}`);
  assert.equal(asked[0][1], "1");
  // The question fields come in the same order.
  const fields = await page.locator(".questions label.answer > span:first-child").allTextContents();
  const numbers = fields.map((f) => Number(/\?(\d+)/.exec(f)[1]));
  assert.deepEqual(numbers, [...numbers].sort((a, b) => a - b));
  // Check with nothing answered: every value, window and cut is drawn from the engine's run.
  await page.getByRole("button", { name: "Check" }).click();
  for (const [node] of asked) {
    const n = page.locator(`${PRACTICE} [data-node="${node}"]`);
    const label = await n.getAttribute("data-label");
    const value = await n.getAttribute("data-key-value");
    const alpha = await n.getAttribute("data-key-alpha");
    assert.ok(value !== null || alpha !== null, `${node}: nothing drawn for its questions`);
    if (value !== null && VALUES[label]) assert.equal(value, VALUES[label], `${label}'s value`);
  }
  for (const cut of ["r.0.1.1", "r.1.1"]) {
    assert.equal(await page.locator(`${PRACTICE} [data-node="${cut}"]`).getAttribute("data-key-cut"), "true", `the cut at ${cut}`);
  }
  page.assertHealthy();
});

// The classic expectimax lecture tree: MAX over two chance nodes (values worked by hand:
// 1/2·8 + 1/3·24 + 1/6·(−12) = 10; 1/2·3 + 1/3·9 + 1/6·6 = 11/2; MAX takes 10).
const LECTURE = "[?[1/2: 8, 1/3: 24, 1/6: -12], ?[1/2: 3, 1/3: 9, 1/6: 6]]";

test("chance practice: values typed as fractions or decimals, each checked with the expectation that makes it", async () => {
  const page = await openPage(browser, `#/practice?kind=chance&tree=${encodeURIComponent(LECTURE)}&algo=expectimax`);
  await page.locator(`${PRACTICE} [data-node="r"]`).waitFor({ timeout: 20000 });
  const fields = page.locator(".questions label.answer");
  assert.equal(await fields.count(), 3);
  assert.match(await fields.nth(0).textContent(), /Value of B \(chance\) — chances D 1\/2, E 1\/3, F 1\/6/);
  // B right as a decimal, C wrong (5 instead of 11/2), the root right as a fraction.
  await fields.nth(0).locator("input").fill("10.00");
  await fields.nth(1).locator("input").fill("5");
  await fields.nth(2).locator("input").fill("20/2");
  await page.getByRole("button", { name: "Check" }).click();
  assert.match(await page.locator(".report .score").textContent(), /Score: 2 of 3/);
  const items = await page.locator(".report li").allTextContents();
  assert.match(items[0], /✓ right B \(chance\): the expectation 1\/2·8 \+ 1\/3·24 \+ 1\/6·\(−12\) = 10/);
  assert.match(items[1], /✗ wrong C \(chance\): the engine's value is the expectation 1\/2·3 \+ 1\/3·9 \+ 1\/6·6 = 11\/2 = 5\.5/);
  assert.match(items[2], /✓ right A \(MAX\): the largest of its children's values 10, 5\.5: 10/);
  // Fixing the answer takes the check back until Check again.
  await fields.nth(1).locator("input").fill("5.5");
  assert.equal(await page.locator(".report").count(), 0);
  await page.getByRole("button", { name: "Check" }).click();
  assert.match(await page.locator(".report .score").textContent(), /Score: 3 of 3 — all right/);
  await page.getByRole("link", { name: /Step through the engine's run on the Chance page/ }).click();
  await page.locator("svg.tree").first().waitFor({ timeout: 20000 });
  assert.match(page.url(), /#\/chance\?.*algo=expectimax/);
  page.assertHealthy();
});

test("MCTS practice: UCB1 computed from the numbers shown picks the engine's child at every question", async () => {
  const page = await openPage(browser, `#/practice?kind=mcts&tree=${encodeURIComponent("[[3,12,8],[2,4,6],[14,5,2]]")}&n=40&seed=3&level=ucb`);
  await page.locator(".practice-ucb").waitFor({ timeout: 20000 });
  const total = Number((await page.locator(".practice .score").textContent()).match(/of (\d+)/)[1]);
  assert.ok(total >= 3, `${total} questions`);
  let first = true;
  for (let q = 0; q < total; q++) {
    const caption = await page.locator(".practice-ucb caption").textContent();
    const [, N, c] = caption.match(/N = (\d+), c = ([\d.]+)/).map(Number);
    const rows = await page.$$eval(".practice-ucb tbody tr", (rs) => rs.map((r) => [r.dataset.child, ...[...r.querySelectorAll("td")].slice(1, 3).map((td) => Number(td.textContent))]));
    // The student's own arithmetic, from the table: Q/n + c·√(ln N / n).
    const ucb = rows.map(([child, n, mean]) => [child, mean + c * Math.sqrt(Math.log(N) / n)]);
    const best = ucb.reduce((a, b) => (b[1] > a[1] + 1e-9 ? b : a));
    if (first) {
      // A wrong pick first: the engine's numbers say why.
      const worst = ucb.reduce((a, b) => (b[1] < a[1] ? b : a));
      await page.locator(`.practice-ucb tr[data-child="${worst[0]}"] input[type=radio]`).check();
      for (const [child, v] of ucb) await page.getByLabel(`UCB1 of ${child}`).fill(v.toFixed(2));
      await page.getByRole("button", { name: "Check" }).click();
      assert.match(await page.locator(".feedback.wrong").textContent(), new RegExp(`Not ${worst[0]}: its UCB1 is`));
      first = false;
    }
    for (const [child, v] of ucb) await page.getByLabel(`UCB1 of ${child}`).fill(v.toFixed(2));
    await page.locator(`.practice-ucb tr[data-child="${best[0]}"] input[type=radio]`).check();
    await page.getByRole("button", { name: "Check" }).click();
    assert.match(await page.locator(".feedback").textContent(), new RegExp(`Right: selection takes ${best[0]}`), `question ${q + 1}`);
    assert.equal(await page.locator("ul.verdicts li").count(), rows.length);
    await page.getByRole("button", { name: /Next question|Finish/ }).click();
  }
  assert.match(await page.locator(".practice .score").textContent(), new RegExp(`Done: ${total - 1} of ${total} right at the first try`));
  page.assertHealthy();
});
