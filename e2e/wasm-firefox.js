// The wasm tests in Firefox: cargo's runner for `cargo test --target wasm32-unknown-unknown`
// (`node e2e/wasm-firefox.js <test.wasm> [args]`). wasm-bindgen-test-runner (ARBOR_WASM_RUNNER)
// serves the tests on a loopback port, as its interactive mode does; Firefox, driven by
// Playwright over WebDriver BiDi (no geckodriver to build), opens them and the runner's report
// is read from the page. Exits non-zero if a test fails, or if no report comes in ten minutes.
import { spawn } from "node:child_process";
import { freePort, launchFirefox } from "./launch.js";

const [wasm, ...args] = process.argv.slice(2);
const runner = process.env.ARBOR_WASM_RUNNER ?? "wasm-bindgen-test-runner";

const port = await freePort();
const served = spawn(runner, [wasm, ...args], {
  env: { ...process.env, NO_HEADLESS: "1", WASM_BINDGEN_TEST_ADDRESS: `127.0.0.1:${port}` },
  stdio: ["ignore", "pipe", "inherit"],
});
const stop = () => served.kill();
process.on("exit", stop);
const url = await new Promise((resolve, reject) => {
  let out = "";
  served.stdout.on("data", (chunk) => {
    out += chunk;
    const at = out.match(/available at (http:\/\/\S+)/);
    if (at) resolve(at[1]);
  });
  served.on("exit", (code) => reject(new Error(`wasm-bindgen-test-runner ended (${code}):\n${out}`)));
});

const browser = await launchFirefox();
let report = "";
try {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForFunction(() => /test result: /.test(document.getElementById("output")?.textContent ?? ""), null, {
    timeout: 600000,
    polling: 250,
  });
  report = await page.locator("#output").textContent();
} finally {
  await browser.close();
  stop();
}
console.log(`Firefox: ${wasm}\n${report}`);
process.exit(/test result: ok\./.test(report) ? 0 : 1);
