// Arbor: each part's pieces come from its part file (`part-<name>.bin`, written by `cargo
// xtask dist`) when the part is needed, in one request; pieces fetched while the reader is idle
// come one by one. A part file starts with its index: the index's length (4 bytes, little
// endian), then a line "<piece> <length>" a piece; the pieces follow, end to end.
const arborStarted = new Map();
// The part files a page the reader opened is waiting for: pieces fetched on their own wait
// until these have come, so they never share the network with what the reader waits for.
const arborOpening = new Set();
function arborStart(page) {
  if (!arborStarted.has(page)) {
    const url = new URL(`./part-${page}.bin`, import.meta.url);
    const part = arborGet(url)
      .then((r) => {
        if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
        return r.arrayBuffer();
      })
      .then(arborIndex)
      .then((got) => {
        // Pieces waiting for their turn to be fetched on their own come from here instead.
        for (const [name, at] of got.pieces) {
          const take = arborWaiting.get(name);
          if (take) take(new Uint8Array(got.buffer, at[0], at[1]));
        }
        return got;
      });
    // A failed fetch is not kept: opening the page again tries again.
    part.catch(() => {
      arborStarted.delete(page);
      arborEntered.delete(page);
    });
    arborStarted.set(page, part);
    arborOpening.add(part);
    part.finally(() => arborOpening.delete(part)).catch(() => {});
  }
}
// A fetch cut off (Arbor cuts none: the page is going away — a reload, a link followed) is never
// told, as there is no one to tell (Firefox logs it otherwise, however slow the next page is);
// any other failure is told a second later, which a page going away never reaches either.
function arborGet(url) {
  return fetch(url).catch((e) =>
    new Promise((_, reject) => e.name === "AbortError" || setTimeout(reject, 1000, e)));
}
// Where each piece of a part file is: name → [offset, length].
function arborIndex(buffer) {
  const size = new DataView(buffer).getUint32(0, true);
  const lines = new TextDecoder().decode(new Uint8Array(buffer, 4, size)).split("\n");
  const pieces = new Map();
  let at = 4 + size;
  for (const line of lines) {
    if (!line) continue;
    const [name, length] = line.split(" ");
    pieces.set(name, [at, Number(length)]);
    at += Number(length);
  }
  return { buffer, pieces };
}
// A part's entry: opened by the reader, its part file is fetched first; fetched while idle
// (the app names the part in `__arborIdle`), its pieces are fetched one by one. Several split
// points may share a part: only the first call starts anything.
const arborEntered = new Set();
function arborPart(page, load) {
  return (...args) => {
    if (!arborEntered.has(page)) {
      arborEntered.add(page);
      if (globalThis.__arborIdle !== page) arborStart(page);
    }
    return load(...args);
  };
}
// A piece: from a part file fetched (or being fetched) that holds it, else on its own (also
// when that part file could not be fetched).
async function arborFetch(file) {
  for (const part of [...arborStarted.values()]) {
    let got;
    try {
      got = await part;
    } catch {
      continue;
    }
    const at = got.pieces.get(file);
    if (at) {
      return new Response(new Uint8Array(got.buffer, at[0], at[1]), { headers: { "Content-Type": "application/wasm" } });
    }
  }
  return arborAlone(file);
}
// A piece's loader, as the splitter writes it for every piece: fetched when asked for, then
// instantiated with its imports (one function here, not four hundred copies in the loader).
const arborWasm = (file) => () => {
  const src = arborFetch(file);
  src.catch(() => {});
  return async (imports) => WebAssembly.instantiateStreaming(src, imports);
};
// Pieces fetched on their own (while the reader is idle, mostly) come one at a time, each after
// any part file the reader is waiting for: a page opened meanwhile has the network to itself
// but for one small piece. A piece still waiting for its turn is taken from a part file that
// arrives with it (the page opened needs it now).
let arborQueue = Promise.resolve();
const arborWaiting = new Map();
function arborAlone(file) {
  const url = new URL("./" + file, import.meta.url);
  const fromPart = new Promise((resolve) => arborWaiting.set(file, resolve));
  const turn = arborQueue.then(async () => {
    while (arborOpening.size) await Promise.allSettled([...arborOpening]);
    if (!arborWaiting.has(file)) return fromPart;
    const r = await arborGet(url);
    if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
    return r.arrayBuffer();
  });
  arborQueue = turn.catch(() => {});
  const bytes = Promise.race([fromPart, turn]);
  bytes.finally(() => arborWaiting.delete(file)).catch(() => {});
  return bytes.then((b) => new Response(b, { headers: { "Content-Type": "application/wasm" } }));
}
