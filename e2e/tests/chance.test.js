// The chance stepper: expectimax and expectiminimax stepped in the browser, as a student would.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { audit, launch, openPage, urlMatching } from "./helpers.js";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const TREE = "svg.tree[aria-label^='Game tree']";

async function open(path, viewport) {
  const page = await openPage(browser, path, viewport);
  await page.locator(`${TREE} [data-node="r"]`).waitFor({ timeout: 20000 });
  return page;
}

test("the lecture example steps to 8, the expectation forming at B in the caption", async () => {
  const page = await open("#/chance?preset=cs188-expectimax");
  const forward = page.getByRole("button", { name: "Step forward" });
  // Words that hold on a phone too (no → key there): the button, by its name.
  const first = (await page.locator(".caption").textContent()).trim();
  assert.ok(first.endsWith("Step forward to begin.") && !first.includes("→"), first);
  // Enter A, enter B, leaf E, leaf F.
  for (let i = 0; i < 4; i++) await forward.click();
  assert.equal(
    (await page.locator(".caption").textContent()).trim(),
    "Leaf F = 12. B (chance) so far: 1/3·3 + 1/3·12 + 1/3·? = 5 + …",
  );
  await page.getByRole("button", { name: "Jump to end" }).click();
  assert.equal(await page.locator(`${TREE} [data-node="r"]`).getAttribute("data-value"), "8");
  assert.equal(await page.locator(`${TREE} [data-node="r.1"]`).getAttribute("data-value"), "4");
  assert.match(await page.locator(".caption").textContent(), /Done: the root A is worth 8 — MAX takes B\./);
  assert.equal(await page.locator(`${TREE} [data-node="r.0"]`).getAttribute("aria-label").then((l) => l.includes("chance node")), true);
  await urlMatching(page, /#\/chance\?preset=cs188-expectimax&algo=expectimax&bounds=none&step=\d+/);
  await audit(page, "chance stepper at the end");
  page.assertHealthy();
});

test("with leaf bounds, J is pruned and the window is shown in fractions", async () => {
  const page = await open("#/chance?preset=cs188-expectimax-bounds");
  await page.getByRole("button", { name: "Jump to end" }).click();
  const pruned = await page.$$eval(`${TREE} [data-status="pruned"]`, (ns) => ns.map((n) => n.dataset.node));
  assert.deepEqual(pruned, ["r.1.2"]);
  assert.equal(await page.locator(`${TREE} [data-node="r.1"]`).getAttribute("data-value"), "7");
  // Step from the start to the cutoff: its caption says why.
  await page.getByRole("button", { name: "Reset" }).click();
  const forward = page.getByRole("button", { name: "Step forward" });
  let text = "";
  while (!/stops/.test(text) && (await forward.isEnabled())) {
    await forward.click();
    text = await page.locator(".caption").textContent();
  }
  assert.match(text, /C stops: even if every child left were worth the upper bound 15, C would be at most 7 ≤ α = 8\. Pruned: J\./, text);
  assert.equal(await page.locator(".pseudocode li.current").textContent().then((t) => t.includes("≤ α")), true);
  page.assertHealthy();
});

test("typed chance trees: probabilities, a wrong sum named, expectiminimax, and a phone", async () => {
  const page = await open("#/chance?preset=cs188-expectimax", { width: 375, height: 667 });
  const box = page.locator("#chance-text");
  await box.fill("[?[1/4: 3, 1/2: 5]]");
  assert.match(await page.locator(".error").textContent(), /probabilities of a chance node must sum to 1; these sum to 3\/4/);
  await box.fill("[?[0.9: [2,2], 0.1: [3,3]], ?[0.9: [1,1], 0.1: [4,4]]]");
  await page.getByLabel("Algorithm").selectOption("expectiminimax");
  await page.getByRole("button", { name: "Jump to end" }).click();
  assert.equal(await page.locator(`${TREE} [data-node="r"]`).getAttribute("data-value"), "21/10");
  assert.match(await page.locator(".caption").textContent(), /worth 21\/10 = 2\.1 — MAX takes B/);
  // The MIN nodes below the chance nodes are drawn as MIN.
  assert.equal(await page.locator(`${TREE} [data-node="r.0.0"]`).getAttribute("class").then((c) => c.includes("min")), true);
  await audit(page, "chance stepper on a phone");
  page.assertHealthy();
});

test("the alpha-beta stepper refuses a chance tree and says where it is valued", async () => {
  const page = await openPage(browser, "#/alphabeta?tree=%5B%3F%5B1%2C2%5D%2C3%5D");
  await page.locator(".notice").first().waitFor({ timeout: 20000 });
  assert.match(await page.locator(".notice").first().textContent(), /chance nodes/);
  page.assertHealthy();
});
