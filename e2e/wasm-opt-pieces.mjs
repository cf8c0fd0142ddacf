// wasm-opt for size on each wasm file named, in place: what `wasm-opt -Oz --converge
// --low-memory-unused --strip-producers --strip-target-features` does, with Binaryen's library
// (npm's `binaryen`, the same release as its `wasm-opt`) loaded once for all of them. npm's
// `wasm-opt` is Binaryen compiled to WebAssembly, and each run of it compiles that 10 MB module
// again: about two seconds a piece, and the app has hundreds of pieces (xtask/src/split.rs).
//
// Usage: node wasm-opt-pieces.mjs FILE...
import { readFileSync, writeFileSync } from "node:fs";
import binaryen from "binaryen";

const F = binaryen.Features;
// wasm-opt's default features (those of LLVM's default target) and the ones wasm-bindgen's
// output uses: every browser Arbor supports has them.
const FEATURES =
  F.SignExt |
  F.MutableGlobals |
  F.NontrappingFPToInt |
  F.BulkMemory |
  F.BulkMemoryOpt |
  F.Multivalue |
  F.ReferenceTypes |
  F.CallIndirectOverlong;

// -Oz; Rust never uses the low 1 KiB of memory (its stack grows down from above it), which lets
// addresses fold.
binaryen.setOptimizeLevel(2);
binaryen.setShrinkLevel(2);
binaryen.setLowMemoryUnused(true);
binaryen.setDebugInfo(false);
// As the CLI writes when optimising: through Stack IR, optimised (the library's default is not).
binaryen.setGenerateStackIR(true);
binaryen.setOptimizeStackIR(true);

function optimise(bytes) {
  const module = binaryen.readBinary(bytes, FEATURES);
  try {
    const pass = () => {
      module.optimize();
      module.runPasses(["strip-producers", "strip-target-features"]);
      return module.emitBinary();
    };
    // Again until it stops gaining, as --converge: the last pass's module is the one written.
    let out = pass();
    for (;;) {
      const next = pass();
      if (next.length >= out.length) return next;
      out = next;
    }
  } finally {
    module.dispose();
  }
}

for (const file of process.argv.slice(2)) {
  try {
    writeFileSync(file, optimise(readFileSync(file)));
  } catch (error) {
    console.error(`${file}: ${error.message ?? error}`);
    process.exit(1);
  }
}
