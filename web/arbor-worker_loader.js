// A search worker's entry, started as `arbor-worker_loader.js?<job>`: each kind of job has a
// worker of its own (`arbor-worker-<job>.js` and its wasm, built by Trunk from web/worker),
// holding only the engines it uses. wasm-bindgen's script, then its wasm, with the one-object
// form of the initialisation (Trunk's own loader shim still passes a bare path, which
// wasm-bindgen warns about in the console).
var job = /^\?([a-z]+)$/.exec(self.location.search);
if (!job) throw new Error("the worker was started without its job's name: " + self.location.search);
importScripts("./arbor-worker-" + job[1] + ".js");
wasm_bindgen({ module_or_path: "./arbor-worker-" + job[1] + "_bg.wasm" });
