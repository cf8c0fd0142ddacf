// The end-to-end tests' report: a line a test, each failure and skip named with the engine it
// ran in (ARBOR_BROWSER), the error under a failure, and the failures listed again at the end,
// each with its error's first line. The failed files' names go to ARBOR_FAILED_FILES, if set (the
// test command runs them once more: xtask/src/browsers.rs). Each file's time, from its first
// test's start to its last test's end, closes the report, longest first.
import { appendFileSync } from "node:fs";
import { basename } from "node:path";
import { inspect } from "node:util";

const ENGINE = process.env.ARBOR_BROWSER ?? "chromium";

const seconds = (d) => `${((d.details?.duration_ms ?? 0) / 1000).toFixed(1)} s`;
const indent = (text) => text.replace(/^/gm, "    ");
// The end's list carries each failure's reason too: CI may print no more than the end of the run.
const firstLine = (error) => String(error?.message ?? error ?? "").split("\n")[0].slice(0, 300);

export default async function* report(source) {
  const failed = [];
  const files = new Set();
  // Per file: [its first test's start, its last test's end, tests].
  const times = new Map();
  const ended = (data) => {
    if (!data?.file || data.nesting !== 0) return undefined;
    const name = basename(data.file);
    const t = Date.now();
    const entry = times.get(name) ?? [t - (data.details?.duration_ms ?? 0), t, 0];
    entry[1] = t;
    entry[2] += 1;
    times.set(name, entry);
    return entry;
  };
  let passed = 0;
  let skipped = 0;
  for await (const { type, data } of source) {
    if (type === "test:pass" || type === "test:fail") ended(data);
    if (type === "test:stdout" || type === "test:stderr") {
      yield data.message;
    } else if (type === "test:pass" && data.nesting === 0 && data.details?.type !== "suite") {
      if (data.skip !== undefined) {
        skipped += 1;
        yield `- [${ENGINE}] skipped: ${data.name} (${data.skip})\n`;
      } else {
        passed += 1;
        yield `✔ ${data.name} (${seconds(data)})\n`;
      }
    } else if (type === "test:fail" && data.nesting === 0) {
      const error = data.details?.error;
      failed.push(`${data.name}: ${firstLine(error?.cause ?? error)}`);
      if (data.file) files.add(basename(data.file));
      yield `✖ [${ENGINE}] ${data.name} (${seconds(data)})\n${indent(inspect(error?.cause ?? error))}\n`;
    }
  }
  const byTime = [...times].sort((a, b) => b[1][1] - b[1][0] - (a[1][1] - a[1][0]));
  yield `\n${ENGINE}: each file's time (its first test's start to its last test's end), longest first\n`;
  for (const [name, [start, end, tests]] of byTime) {
    yield `  ${((end - start) / 1000).toFixed(1).padStart(7)} s  ${String(tests).padStart(3)} tests  ${name}\n`;
  }
  yield `\n${ENGINE}: ${passed} passed, ${failed.length} failed, ${skipped} skipped\n`;
  for (const name of failed) yield `✖ [${ENGINE}] ${name}\n`;
  const list = process.env.ARBOR_FAILED_FILES;
  if (list && files.size) appendFileSync(list, [...files].map((f) => `${f}\n`).join(""));
}
