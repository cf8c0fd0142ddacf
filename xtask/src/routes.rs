//! What a first visit of each route fetches (issue 36), as a browser with an empty cache asks
//! for it with brotli: the page (`index.html`), its style and icon, the app's shell (in
//! `app-<hash>/`: `main.js`, `__wasm_split.js`, `main_bg.wasm`) and the route's part
//! (`part-<page>.bin`). The test command fails when a route's first visit is above its
//! ceiling, so a page can add to its own route only.

use std::path::{Path, PathBuf};

/// Each route's ceiling, in bytes (brotli): today's figure and about 1.5 KB of room for a build
/// elsewhere. Lower a ceiling whenever a cut lands (see CHANGELOG.md and docs/benchmarks.md).
/// Issue 36's lines: `#/` and `#/alphabeta` at most 250 KiB (256,000 bytes), every route at
/// most 350 KiB (358,400 bytes). `#/alphabeta` was 249,528 bytes when set (249,799 with the
/// print style), 6.2 KB under its line: what its first view needs must make room for anything
/// it adds. Issue 37's lecture mode, share buttons and three new pages in the registry added
/// about 5.6 KB to the shell, so every route's ceiling rose by that; `#/alphabeta`'s is its line.
/// `#/maps` rose 2.9 KB with its panels made components (drawn only when they change: part of
/// what made a step 3× cheaper) and the fixes of its first audit; 9 KB under issue 36's line.
/// The Play page's styles moved from the shared sheet into its part (2026-11-29): every other
/// route −0.8 KB (ceilings lowered by that where over 1.5 KB of room was left), `#/play` +0.9 KB.
pub const CEILINGS: [(&str, usize); 13] = [
    ("#/", 165_700),
    ("#/alphabeta", 256_000),
    ("#/chance", 221_000),
    ("#/mcts", 229_400),
    ("#/search", 262_400),
    ("#/heuristics", 166_200),
    ("#/play", 183_000),
    ("#/practice", 252_800),
    ("#/teachers", 140_400),
    ("#/tours", 159_200),
    ("#/tour", 153_200),
    ("#/worksheet", 223_200),
    ("#/maps", 349_200),
];

/// A route and the bytes of its first visit.
pub struct FirstVisit {
    pub route: String,
    pub bytes: usize,
    /// The bytes of its part (and of any later part its page is drawn from).
    pub part: usize,
}

/// The brotli size of `file` (its `.br` copy, written by `cargo xtask dist`).
fn brotli(file: &Path) -> Result<usize, String> {
    let mut copy = file.to_path_buf().into_os_string();
    copy.push(".br");
    std::fs::metadata(&copy)
        .map(|m| m.len() as usize)
        .map_err(|e| {
            format!(
                "{}: {e} (run `cargo xtask dist`)",
                PathBuf::from(copy).display()
            )
        })
}

/// Every route's first visit, from `dist/`.
pub fn first_visits(dist: &Path) -> Result<Vec<FirstVisit>, String> {
    let mut shared = vec![dist.join("index.html")];
    let mut app = None;
    for entry in std::fs::read_dir(dist)
        .map_err(|e| e.to_string())?
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().to_string();
        let path = entry.path();
        if path.is_dir() && name.starts_with("app-") {
            if app.replace(path).is_some() {
                return Err("dist/ holds two app-<hash>/ folders: build it afresh".into());
            }
        } else if name.ends_with(".css") || name.starts_with("favicon-") && name.ends_with(".svg") {
            shared.push(path);
        }
    }
    let app = app.ok_or("dist/ has no app-<hash>/ folder")?;
    for f in ["main.js", "__wasm_split.js", "main_bg.wasm"] {
        shared.push(app.join(f));
    }
    let name_of = |p: &Path| p.strip_prefix(dist).unwrap_or(p).display().to_string();
    let mut shared_files = Vec::new();
    for f in &shared {
        shared_files.push((name_of(f), brotli(f)?));
    }
    crate::pages::route_parts()
        .into_iter()
        .map(|(path, part)| {
            let part_file = app.join(format!("part-{part}.bin"));
            let mut files = shared_files.clone();
            files.push((name_of(&part_file), brotli(&part_file)?));
            // (A later part the page is drawn from, as its part's code fetches it.)
            for later in later_parts_drawn(&path) {
                let file = app.join(format!("part-{later}.bin"));
                files.push((name_of(&file), brotli(&file)?));
            }
            let part = files[shared_files.len()..].iter().map(|(_, b)| b).sum();
            Ok(FirstVisit {
                route: format!("#/{path}"),
                bytes: files.iter().map(|(_, b)| b).sum(),
                part,
            })
        })
        .collect()
}

/// The later parts the page at `path` (`maps` for `#/maps`) is drawn from.
fn later_parts_drawn(path: &str) -> &'static [&'static str] {
    let view = arbor_app::route::Route::parse(&format!("#/{path}")).view;
    arbor_app::pages::later_parts_drawn(&view)
}

/// Prints each route's first visit against its ceiling.
pub fn report(visits: &[FirstVisit]) {
    eprintln!(
        "dist: first visit of each route (brotli, as a browser with an empty cache fetches it):"
    );
    for v in visits {
        let ceiling = ceiling(&v.route).map_or("no ceiling".into(), |c| format!("ceiling {c}"));
        eprintln!(
            "dist:   {:<14} {:>8} bytes ({:>4} KiB; {ceiling}) — the part {} bytes",
            v.route,
            v.bytes,
            v.bytes.div_ceil(1024),
            v.part
        );
    }
}

fn ceiling(route: &str) -> Option<usize> {
    CEILINGS.iter().find(|(r, _)| *r == route).map(|(_, c)| *c)
}

/// Fails if a route's first visit is above its ceiling, or a route has none.
pub fn check(visits: &[FirstVisit]) -> Result<(), String> {
    let mut over = Vec::new();
    for v in visits {
        match ceiling(&v.route) {
            None => over.push(format!("{} has no ceiling in xtask/src/routes.rs", v.route)),
            Some(c) if v.bytes > c => over.push(format!(
                "{}'s first visit is {} bytes, above its ceiling of {c}",
                v.route, v.bytes
            )),
            Some(_) => {}
        }
    }
    if over.is_empty() {
        Ok(())
    } else {
        Err(over.join("; "))
    }
}
