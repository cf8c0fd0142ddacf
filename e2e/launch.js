// What the tests start on this machine, shared by the end-to-end tests and the wasm tests'
// runner: Debian's Firefox ESR through Playwright over WebDriver BiDi (Playwright 1.55, as
// `playwright-bidi`: later releases ask Firefox 140 for a command it lacks), and a free port.
import { createServer } from "node:net";
import bidi from "playwright-bidi";

export function launchFirefox() {
  return bidi._bidiFirefox.launch({
    executablePath: process.env.FIREFOX ?? "/usr/bin/firefox-esr",
    headless: true,
  });
}

// A loopback port no one listens on.
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
