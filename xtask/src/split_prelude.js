// Arbor: each page's pieces come from its part file (`part-<page>.bin`, written by `cargo xtask
// dist`) when the page is opened, in one request; pieces fetched while the reader is idle come
// one by one. ARBOR_PARTS (below) says where each piece is in each part file.
const arborStarted = new Map();
function arborStart(page) {
  if (!arborStarted.has(page)) {
    const url = new URL("./" + ARBOR_PARTS[page].url, import.meta.url);
    const bytes = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
      return r.arrayBuffer();
    });
    // A failed fetch is not kept: opening the page again tries again.
    bytes.catch(() => {
      arborStarted.delete(page);
      arborEntered.delete(page);
    });
    arborStarted.set(page, bytes);
  }
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
// A piece: from a part file being fetched that holds it, else on its own.
function arborFetch(file) {
  for (const [page, bytes] of arborStarted) {
    const at = ARBOR_PARTS[page].pieces[file];
    if (at) {
      return bytes.then(
        (b) => new Response(new Uint8Array(b, at[0], at[1]), { headers: { "Content-Type": "application/wasm" } })
      );
    }
  }
  return fetch(new URL("./" + file, import.meta.url));
}
