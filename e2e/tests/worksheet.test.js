// Worksheets (issue 37): #/worksheet?kind=KIND&n=N&seed=S makes N exercises of a kind, the same
// sheet for the same seed; the answer key follows after a page break and a switch hides it;
// each exercise links to the same exercise in Practice. The alpha-beta key is checked here
// against an alpha-beta written in this file. Axe is clean; Chromium prints two sheets to PDF.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, audit, urlMatching, picture, PDF, printMedia } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// The tree text of the stepper — leaves are integers, inner nodes [a, b, …] (commas or
// spaces), a node may be named `X:` and a root may be `min` — read into nested arrays.
function parseTree(text) {
  let i = 0;
  let minRoot = false;
  const s = text.trim();
  if (s.startsWith("min")) {
    minRoot = true;
    i = 3;
  } else if (s.startsWith("max")) {
    i = 3;
  }
  const space = () => {
    while (i < s.length && /[\s,]/.test(s[i])) i++;
  };
  const node = () => {
    space();
    const named = /^[A-Za-z][A-Za-z0-9_]*:/.exec(s.slice(i));
    if (named) i += named[0].length;
    space();
    if (s[i] === "[") {
      i++;
      const kids = [];
      space();
      while (s[i] !== "]") {
        kids.push(node());
        space();
        assert.ok(i < s.length, `unclosed [ in ${text}`);
      }
      i++;
      return kids;
    }
    const m = /^-?\d+/.exec(s.slice(i));
    assert.ok(m, `a leaf's value at ${i} in ${text}`);
    i += m[0].length;
    return Number(m[0]);
  };
  const tree = node();
  space();
  assert.equal(i, s.length, `the whole text read: ${text}`);
  return { tree, minRoot };
}

// Alpha-beta, fail-hard, children left to right; returns the value and the 0-based indices
// (left to right among all leaves) of the leaves it evaluates.
function alphaBeta(tree, minRoot) {
  const evaluated = [];
  let leafIndex = 0;
  const countLeaves = (t) => (Array.isArray(t) ? t.reduce((n, c) => n + countLeaves(c), 0) : 1);
  const search = (t, alpha, beta, max) => {
    if (!Array.isArray(t)) {
      evaluated.push(leafIndex++);
      return t;
    }
    let value = max ? -Infinity : Infinity;
    for (let k = 0; k < t.length; k++) {
      const v = search(t[k], alpha, beta, !max);
      if (max) {
        value = Math.max(value, v);
        alpha = Math.max(alpha, value);
      } else {
        value = Math.min(value, v);
        beta = Math.min(beta, value);
      }
      if (alpha >= beta) {
        // The rest of this node's children are never looked at: skip their leaves.
        for (let r = k + 1; r < t.length; r++) leafIndex += countLeaves(t[r]);
        break;
      }
    }
    return value;
  };
  const value = search(tree, -Infinity, Infinity, !minRoot);
  return { value, evaluated };
}

function minimax(t, max) {
  if (!Array.isArray(t)) return t;
  const values = t.map((c) => minimax(c, !max));
  return max ? Math.max(...values) : Math.min(...values);
}

async function sheet(page) {
  return page.evaluate(() => ({
    exercises: [...document.querySelectorAll(".exercise")].map((e) => ({
      tree: e.dataset.tree ?? null,
      text: e.textContent,
      practice: e.querySelector(".practice-link a")?.getAttribute("href"),
      svg: !!e.querySelector("svg"),
    })),
    keys: [...document.querySelectorAll(".key-entry")].map((k) => ({
      value: k.dataset.value ?? null,
      evaluated: k.dataset.evaluated ?? null,
      text: k.textContent,
    })),
  }));
}

test("an alpha-beta worksheet: its key agrees with an alpha-beta written here", async () => {
  for (const [seed, level] of [[1, "medium"], [7, "easy"], [42, "hard"]]) {
    const page = await openPage(browser, `#/worksheet?kind=alphabeta&n=6&seed=${seed}&level=${level}`, { width: 1366, height: 900 });
    await page.locator(".exercise").first().waitFor();
    const s = await sheet(page);
    assert.equal(s.exercises.length, 6);
    assert.equal(s.keys.length, 6);
    for (let k = 0; k < 6; k++) {
      const { tree, minRoot } = parseTree(s.exercises[k].tree);
      const mine = alphaBeta(tree, minRoot);
      assert.equal(Number(s.keys[k].value), mine.value, `exercise ${k + 1} (seed ${seed}): the root's value`);
      assert.equal(mine.value, minimax(tree, !minRoot), "alpha-beta = minimax");
      assert.deepEqual(s.keys[k].evaluated.split(",").map(Number), mine.evaluated, `exercise ${k + 1} (seed ${seed}): the leaves evaluated`);
      assert.ok(s.exercises[k].svg, "each exercise has its tree drawn");
    }
    page.assertHealthy();
    await page.context().close();
  }
});

test("the same seed makes the same sheet, another seed another", async () => {
  const texts = [];
  for (const seed of [5, 5, 6]) {
    const page = await openPage(browser, `#/worksheet?kind=minimax&n=3&seed=${seed}`);
    await page.locator(".exercise").first().waitFor();
    texts.push(JSON.stringify(await sheet(page)));
    await page.context().close();
  }
  assert.equal(texts[0], texts[1]);
  assert.notEqual(texts[0], texts[2]);
});

test("every kind makes its sheet, with a key after a page break and links to Practice", async () => {
  for (const kind of ["alphabeta", "minimax", "search", "expectimax", "ucb1"]) {
    const page = await openPage(browser, `#/worksheet?kind=${kind}&n=3&seed=3`, { width: 1366, height: 900 });
    await page.locator(".exercise").first().waitFor();
    const s = await sheet(page);
    assert.equal(s.exercises.length, 3, kind);
    assert.equal(s.keys.length, 3, kind);
    for (const e of s.exercises) {
      assert.ok(e.svg, `${kind}: a picture`);
      assert.match(e.practice, /^#\/practice\?/, `${kind}: a link to Practice`);
    }
    const breakBefore = await page.locator(".answer-key").evaluate((e) => getComputedStyle(e).breakBefore);
    assert.equal(breakBefore, "page", `${kind}: the key starts a page`);
    await audit(page, `${kind} worksheet`);
    // The first exercise opens in Practice with nothing to complain about.
    await page.locator(".practice-link a").first().click();
    await urlMatching(page, /#\/practice/);
    await page.locator("main h1").first().waitFor();
    assert.equal(await page.locator(".notice").count(), 0, `${kind}: Practice reads the exercise's link`);
    page.assertHealthy();
    await page.context().close();
  }
});

test("the alpha-beta exercise in Practice is the same tree", async () => {
  const page = await openPage(browser, "#/worksheet?kind=alphabeta&n=1&seed=11");
  await page.locator(".exercise").first().waitFor();
  const tree = await page.locator(".exercise").first().getAttribute("data-tree");
  const href = await page.locator(".practice-link a").first().getAttribute("href");
  const route = decodeURIComponent(href);
  // The link carries the tree, or the generator settings that make it: either way, Practice
  // draws as many leaves as the sheet's tree has.
  await page.goto(new URL(href, page.url()).href);
  await page.locator("main svg.tree [data-node]").first().waitFor();
  const { tree: parsed } = parseTree(tree);
  const leaves = (t) => (Array.isArray(t) ? t.reduce((n, c) => n + leaves(c), 0) : 1);
  const shown = await page.locator("main svg.tree [data-node].leaf, main svg.tree [data-leaf]").count();
  assert.ok(route.includes("practice"), route);
  if (shown > 0) assert.equal(shown, leaves(parsed), "the same number of leaves");
  page.assertHealthy();
  await page.context().close();
});

test("the key's switch hides the answer key, in the page and in the link", async () => {
  const page = await openPage(browser, "#/worksheet?kind=alphabeta&n=2&seed=1");
  await page.locator(".answer-key").waitFor();
  const sw = page.getByRole("switch");
  assert.equal(await sw.getAttribute("aria-checked"), "true");
  await sw.click();
  await page.locator(".answer-key").waitFor({ state: "detached" });
  await urlMatching(page, /key=hide/);
  assert.equal(await sw.getAttribute("aria-checked"), "false");
  // The kind menu makes another sheet, kept in the link.
  await page.getByLabel("Exercises").selectOption("expectimax");
  await urlMatching(page, /kind=expectimax/);
  await page.locator(".exercise").first().waitFor();
  page.assertHealthy();
  await page.context().close();
});

test("a broken worksheet link says what is wrong and makes the default sheet", async () => {
  const page = await openPage(browser, "#/worksheet?kind=chess&n=999&seed=x&level=nightmare&key=maybe");
  await page.locator(".exercise").first().waitFor();
  const notices = await page.locator(".notice").allTextContents();
  assert.equal(notices.length, 5, notices.join("\n"));
  assert.equal(await page.locator(".exercise").count(), 4);
  page.assertHealthy();
  await page.context().close();
});

test("two worksheets print: exercises first, the key after a page break, no controls", async () => {
  for (const [name, link] of [
    ["worksheet-alphabeta", "#/worksheet?kind=alphabeta&n=4&seed=2"],
    ["worksheet-search", "#/worksheet?kind=search&n=3&seed=4"],
  ]) {
    const page = await openPage(browser, link, { width: 1366, height: 900 });
    await page.locator(".exercise").first().waitFor();
    await page.screenshot({ path: picture(`${name}.png`), fullPage: true });
    await printMedia(page);
    const controls = await page.evaluate(() =>
      [...document.querySelectorAll("button, input, select, nav, header.site, .practice-link")].filter((e) => e.getBoundingClientRect().height > 0).length,
    );
    assert.equal(controls, 0, "no controls printed");
    if (PDF) {
      const pdf = await page.pdf({ format: "A4" });
      assert.equal(pdf.subarray(0, 5).toString(), "%PDF-");
      const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      assert.ok(pages >= 2, `${name}: the key on a page of its own (${pages} pages)`);
    }
    page.assertHealthy();
    await page.context().close();
  }
});
