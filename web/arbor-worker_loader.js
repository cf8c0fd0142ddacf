// The search worker's entry: wasm-bindgen's script, then its wasm, with the one-object form of
// the initialisation (Trunk's own loader shim still passes a bare path, which wasm-bindgen
// warns about in the console).
importScripts("./arbor-worker.js");
wasm_bindgen({ module_or_path: "./arbor-worker_bg.wasm" });
