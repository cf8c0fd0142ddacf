//! The app's module, split by page (issue 36): built with the `split` feature, split at each
//! page's split point (`web/src/parts.rs`) by `wasm_split_cli_support`, bound by wasm-bindgen,
//! optimised by wasm-opt, and written with its loader into `dist/app-<hash>/`.
//!
//! A first visit fetches the shell (`main_bg.wasm`, `main.js`, `__wasm_split.js`) and one file
//! for its page, `part-<page>.bin`: every piece of code the page needs beyond the shell, end to
//! end (the splitter writes each piece shared by a set of pages as a module of its own — dozens
//! for one page — and a browser would fetch them six at a time). A page opened later is fetched
//! the same way; pages fetched while the reader is idle come piece by piece, only what is not
//! here yet.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::tools::ToolEnv;
use crate::{run, tools};

/// The folder the split app is written to, under `dist/`: `app-` and a hash of its files.
pub struct SplitApp {
    /// `app-<hash>` (relative to `dist/`).
    pub folder: String,
    /// Each page's part file (relative to the folder): `part-<page>.bin`.
    pub parts: Vec<String>,
}

/// Splits, binds and optimises the app Trunk linked into `dist/app-<hash>/`, in place of
/// Trunk's unsplit copy.
pub fn build(root: &Path, env: &ToolEnv, pages: &[String]) -> Result<SplitApp, String> {
    let target = root.join("target");
    // Trunk linked it (see `build_dist`), with relocations (`web/build.rs`).
    let linked = target
        .join(tools::WASM_TARGET)
        .join("web-app/arbor-web.wasm");
    let work = target.join("arbor-split");
    let _ = std::fs::remove_dir_all(&work);
    let pieces = work.join("pieces");
    std::fs::create_dir_all(&pieces).map_err(|e| format!("{}: {e}", pieces.display()))?;
    let input = std::fs::read(&linked).map_err(|e| format!("{}: {e}", linked.display()))?;
    let main_in = pieces.join("main.wasm");
    let split = {
        let mut opts = wasm_split_cli_support::Options::new(&input);
        opts.output_dir = &pieces;
        opts.main_out_path = &main_in;
        wasm_split_cli_support::transform(opts).map_err(|e| format!("splitting the app: {e:#}"))?
    };
    // The shell, bound.
    let out = work.join("out");
    let mut bindgen = Command::new(&env.wasm_bindgen);
    bindgen.arg(&main_in).arg("--out-dir").arg(&out).args([
        "--out-name",
        "main",
        "--target",
        "web",
        "--keep-lld-exports",
        "--no-typescript",
    ]);
    run(&mut bindgen)?;
    std::fs::remove_file(&main_in).map_err(|e| e.to_string())?;
    // The pieces beside it.
    for entry in std::fs::read_dir(&pieces)
        .map_err(|e| e.to_string())?
        .flatten()
    {
        std::fs::rename(entry.path(), out.join(entry.file_name())).map_err(|e| e.to_string())?;
    }
    optimise(root, &out, env)?;
    // Each part's pieces in one file, and the loader told where they are.
    let parts = bundle_parts(&out, &split.prefetch_map, pages)?;
    let loader = out.join("__wasm_split.js");
    let js = std::fs::read_to_string(&loader).map_err(|e| format!("{}: {e}", loader.display()))?;
    std::fs::write(&loader, with_parts(&js, &parts)?).map_err(|e| e.to_string())?;
    crate::minify::javascript(&[out.join("main.js"), loader.clone()], env)?;
    // Named by a hash of everything in it: every file in it can be kept for a year.
    let folder = format!("app-{}", folder_hash(&out)?);
    let dist = root.join("dist");
    // Trunk's unsplit copy goes.
    for entry in std::fs::read_dir(&dist)
        .map_err(|e| e.to_string())?
        .flatten()
    {
        if entry
            .file_name()
            .to_string_lossy()
            .starts_with("arbor-web-")
        {
            std::fs::remove_file(entry.path()).map_err(|e| e.to_string())?;
        }
    }
    let dest = dist.join(&folder);
    let _ = std::fs::remove_dir_all(&dest);
    std::fs::rename(&out, &dest).map_err(|e| format!("{}: {e}", dest.display()))?;
    Ok(SplitApp {
        folder,
        parts: parts.into_values().map(|(name, _)| name).collect(),
    })
}

/// wasm-opt for size on every wasm file of `dir`, in place: `e2e/wasm-opt-pieces.mjs` (`-Oz
/// --converge`, the low 1 KiB of memory unused, no producers or features sections) in one node
/// process a lane, each loading Binaryen's library once. The CLI compiled Binaryen anew for each
/// of the hundreds of pieces, about two seconds each: ten minutes of the build here.
fn optimise(root: &Path, dir: &Path, env: &ToolEnv) -> Result<(), String> {
    eprintln!(
        "+ wasm-opt -Oz --converge on each piece of {}",
        dir.display()
    );
    let mut files: Vec<(u64, PathBuf)> = std::fs::read_dir(dir)
        .map_err(|e| e.to_string())?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "wasm"))
        .map(|p| (std::fs::metadata(&p).map_or(0, |m| m.len()), p))
        .collect();
    // Largest first, each to the lane with the fewest bytes so far: the shell is most of them.
    files.sort_by(|a, b| b.cmp(a));
    let mut lanes = vec![(0u64, Vec::new()); crate::lanes::LANES];
    for (size, file) in files {
        if let Some(lane) = lanes.iter_mut().min_by_key(|(bytes, _)| *bytes) {
            lane.0 += size;
            lane.1.push(file);
        }
    }
    let script = root.join("e2e/wasm-opt-pieces.mjs");
    crate::lanes::each(&lanes, |(_, files)| {
        let mut opt = Command::new("node");
        opt.arg(&script).args(files);
        env.apply(&mut opt);
        // Its warnings (one a piece: the name section's subsection Binaryen does not know) are
        // kept back; what went wrong is said if it fails.
        let done = opt.output().map_err(|e| format!("node: {e}"))?;
        if done.status.success() {
            Ok(())
        } else {
            Err(format!(
                "wasm-opt on the pieces failed ({}): {}",
                done.status,
                String::from_utf8_lossy(&done.stderr)
                    .lines()
                    .filter(|line| !line.starts_with("warning:"))
                    .collect::<Vec<_>>()
                    .join("; ")
            ))
        }
    })
    .into_iter()
    .collect()
}

/// Every part's file (see [`bundle`]): name → (file, pieces); `pages` names the pages' parts.
/// A part that is not a page's (code a page fetches later: `later_part!` in web/src/later.rs)
/// holds the pieces its page's part does not — its page being the one whose part shares most
/// of its pieces — so that it comes in one request after its page's part, whatever the other
/// pages' parts hold (the maps page, drawn from the search page's later part, needs pieces only
/// other pages' parts held: they came one by one, 34 requests).
fn bundle_parts(
    out: &Path,
    prefetch_map: &std::collections::HashMap<String, Vec<String>>,
    pages: &[String],
) -> Result<BTreeMap<String, (String, Vec<String>)>, String> {
    let of_page = |part: &str| -> std::collections::BTreeSet<&String> {
        prefetch_map
            .iter()
            .filter(|(name, _)| pages.contains(*name))
            .map(|(_, stems)| stems)
            .max_by_key(|stems| {
                let shared = stems
                    .iter()
                    .filter(|s| prefetch_map[part].contains(s))
                    .count();
                // (Ties to the smaller part: the nearer page.)
                (shared, std::cmp::Reverse(stems.len()))
            })
            .map(|stems| stems.iter().collect())
            .unwrap_or_default()
    };
    let mut parts = BTreeMap::new();
    for (part, stems) in prefetch_map {
        let stems: Vec<String> = if pages.contains(part) {
            stems.clone()
        } else {
            let page = of_page(part);
            stems
                .iter()
                .filter(|s| !page.contains(s))
                .cloned()
                .collect()
        };
        parts.insert(part.clone(), bundle(out, part, &stems)?);
    }
    Ok(parts)
}

/// Writes `part-<page>.bin`: a header saying which pieces follow — its length (4 bytes, little
/// endian), then a line `<stem>.wasm <length>` a piece — and the pieces (`<stem>.wasm` for
/// each of `stems`) end to end. The loader reads the header when the file arrives: the page's
/// shell carries no table of every part's pieces. Gives the file's name and its pieces.
fn bundle(dir: &Path, page: &str, stems: &[String]) -> Result<(String, Vec<String>), String> {
    let mut header = String::new();
    let mut body = Vec::new();
    let mut names = Vec::new();
    for stem in stems {
        let file = format!("{stem}.wasm");
        let piece = std::fs::read(dir.join(&file)).map_err(|e| format!("{file}: {e}"))?;
        header.push_str(&format!("{file} {}\n", piece.len()));
        body.extend_from_slice(&piece);
        names.push(file);
    }
    let mut bytes = Vec::with_capacity(4 + header.len() + body.len());
    let size = u32::try_from(header.len()).map_err(|_| "a part's header is too long")?;
    bytes.extend_from_slice(&size.to_le_bytes());
    bytes.extend_from_slice(header.as_bytes());
    bytes.extend_from_slice(&body);
    let name = format!("part-{page}.bin");
    std::fs::write(dir.join(&name), bytes).map_err(|e| e.to_string())?;
    Ok((name, names))
}

/// The splitter's loader, changed to take each piece from its page's part file when the page
/// is opened (one request), and file by file when it is fetched while the reader is idle.
fn with_parts(js: &str, parts: &BTreeMap<String, (String, Vec<String>)>) -> Result<String, String> {
    const FETCH_OPEN: &str = "fetch(new URL(\"./";
    const FETCH_CLOSE: &str = "\", import.meta.url))";
    let mut out = String::with_capacity(js.len() + 4096);
    let mut rest = js;
    let mut fetches = 0;
    while let Some(at) = rest.find(FETCH_OPEN) {
        let after = &rest[at + FETCH_OPEN.len()..];
        let end = after
            .find(FETCH_CLOSE)
            .ok_or("the splitter's loader has an unclosed fetch")?;
        out.push_str(&rest[..at]);
        out.push_str(&format!("arborFetch(\"{}\")", &after[..end]));
        rest = &after[end + FETCH_CLOSE.len()..];
        fetches += 1;
    }
    out.push_str(rest);
    let mut out = one_fetcher(&out, fetches)?;
    let pieces: usize = parts.values().map(|(_, p)| p.len()).max().unwrap_or(0);
    if fetches == 0 || fetches < pieces {
        return Err(format!(
            "the splitter's loader fetches {fetches} files; expected at least {pieces}: has its form changed?"
        ));
    }
    // Each part's entry point starts its part file first.
    let mut exports = String::new();
    for (page, (file, _)) in parts {
        if *file != format!("part-{page}.bin") {
            return Err(format!(
                "the part {page} is in {file}: the loader expects part-{page}.bin"
            ));
        }
        let export = format!("export const __wasm_split_load_{page} = ");
        if !out.contains(&export) {
            return Err(format!(
                "the splitter's loader has no entry for page {page}"
            ));
        }
        out = out.replace(&export, &format!("const __arbor_load_{page} = "));
        exports.push_str(&format!(
            "export const __wasm_split_load_{page} = arborPart(\"{page}\", __arbor_load_{page});\n"
        ));
    }
    let prelude = include_str!("split_prelude.js");
    // The prelude after the imports (an ES module's imports come first).
    let imports_end = out
        .find("\n\n")
        .ok_or("the splitter's loader has no import block")?;
    Ok(format!(
        "{}\n{prelude}{}\n{exports}",
        &out[..imports_end],
        &out[imports_end..]
    ))
}

/// The splitter writes the same fetcher out for every piece (some four hundred): each becomes
/// a call of one, `arborWasm` (in the prelude), which saves every first visit some 360 bytes
/// (brotli). All `fetches` must be of that form.
fn one_fetcher(js: &str, fetches: usize) -> Result<String, String> {
    const OPEN: &str = "() => {\n    const src = arborFetch(\"";
    const CLOSE: &str = "\");\n    src.catch(() => {});\n    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));\n}\n";
    let mut out = String::with_capacity(js.len());
    let mut rest = js;
    let mut made = 0;
    while let Some(at) = rest.find(OPEN) {
        let after = &rest[at + OPEN.len()..];
        let end = after
            .find("\"")
            .ok_or("the splitter's loader has an unclosed fetcher")?;
        let Some(tail) = after[end..].strip_prefix(CLOSE) else {
            return Err("the splitter's fetcher has changed its form".into());
        };
        out.push_str(&rest[..at]);
        out.push_str(&format!("arborWasm(\"{}\")", &after[..end]));
        rest = tail;
        made += 1;
    }
    out.push_str(rest);
    if made != fetches {
        return Err(format!(
            "{made} of the loader's {fetches} fetches are the splitter's fetcher: has its form changed?"
        ));
    }
    Ok(out)
}

/// A hash of every file in `dir` (names and contents), as 16 hex digits.
fn folder_hash(dir: &Path) -> Result<String, String> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| e.to_string())?
        .flatten()
        .map(|e| e.path())
        .collect();
    names.sort();
    // FNV-1a, 64 bits: a name for a cache, not a signature.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for p in &names {
        eat(p.file_name().unwrap_or_default().as_encoded_bytes());
        eat(&std::fs::read(p).map_err(|e| e.to_string())?);
    }
    Ok(format!("{h:016x}"))
}

/// The `<head>` lines that start the app: the shell preloaded, the page's part preloaded as
/// soon as the address is known, and the shell started.
pub fn head_html(app: &SplitApp, routes: &[(String, String)]) -> String {
    let dir = &app.folder;
    let map: Vec<String> = routes
        .iter()
        .map(|(path, part)| format!("\"{path}\":\"{part}\""))
        .collect();
    format!(
        r#"<link rel="modulepreload" href="./{dir}/main.js"><link rel="modulepreload" href="./{dir}/__wasm_split.js"><link rel="preload" href="./{dir}/main_bg.wasm" as="fetch" type="application/wasm" crossorigin="anonymous">
<script>
  // The page's part, fetched alongside the shell: the route's first segment names it.
  (function () {{
    var parts = {{{}}};
    var path = (location.hash.replace(/^#\/?/, "").split(/[?/]/)[0] || "");
    var part = parts[path];
    if (!part) return;
    var link = document.createElement("link");
    link.rel = "preload"; link.as = "fetch"; link.crossOrigin = "anonymous";
    link.href = "./{dir}/part-" + part + ".bin";
    document.head.appendChild(link);
  }})();
</script>
<script type="module">
import init, * as bindings from './{dir}/main.js';
await init({{ module_or_path: './{dir}/main_bg.wasm' }});
window.wasmBindings = bindings;
</script>
"#,
        map.join(",")
    )
}
