//! What a change touches, for `cargo xtask test --quick`: the files changed (the working tree
//! against HEAD; if it is clean, the last commit), the workspace packages to test natively
//! (those changed and those that depend on them), and the end-to-end files that touch them
//! (a page's own folders: the files that open that page; a test file: itself; the shell, the
//! shared components, the engines, the build or the test helpers: every file).

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// The files a change touches, from the root.
pub fn changed_files(root: &Path) -> Result<Vec<String>, String> {
    let git = |args: &[&str]| -> Result<String, String> {
        let out = Command::new("git")
            .args(args)
            .current_dir(root)
            .output()
            .map_err(|e| format!("git: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "git {}: {}",
                args.join(" "),
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    };
    // `XY path` or `XY old -> new`, untracked files listed one by one.
    let status = git(&["status", "--porcelain", "--untracked-files=all"])?;
    let mut files: Vec<String> = status
        .lines()
        .filter_map(|l| l.get(3..))
        .map(|p| {
            p.rsplit(" -> ")
                .next()
                .unwrap_or(p)
                .trim_matches('"')
                .to_string()
        })
        .collect();
    if files.is_empty() {
        files = git(&["diff", "--name-only", "HEAD~1", "HEAD"])?
            .lines()
            .map(str::to_string)
            .collect();
    }
    files.sort();
    files.dedup();
    Ok(files)
}

/// A page's folders in the code (the last segment of `web/src/<x>/`, `crates/app/src/<x>/`,
/// `crates/worker/src/<x>.rs`, `web/worker/src/bin/<x>.rs`) and the routes it draws.
const PAGE_FOLDERS: [(&str, &[&str]); 13] = [
    ("alphabeta", &["alphabeta"]),
    ("chance", &["chance"]),
    ("heuristics", &["heuristics"]),
    ("home", &[""]),
    ("mcts", &["mcts"]),
    ("play", &["play"]),
    ("practice", &["practice"]),
    ("search", &["search", "maps"]),
    ("maps", &["maps"]),
    ("teachers", &["teachers"]),
    ("tours", &["tours", "tour"]),
    ("worksheet", &["worksheet"]),
    ("alphabeta_worker", &["alphabeta"]),
];

/// What the end-to-end tests should run for a change: every file, or some (with why).
#[derive(Debug, PartialEq, Eq)]
pub enum Selection {
    Every(String),
    Some(Vec<String>),
}

/// The routes a changed path draws: `Some(routes)` for a page's own code, `None` for code every
/// page may reach, and an empty list for what no page runs.
fn routes_of(path: &str) -> Option<Vec<&'static str>> {
    let stem = |p: &str| {
        Path::new(p)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string()
    };
    let page = |name: &str| {
        PAGE_FOLDERS
            .iter()
            .find(|(folder, _)| *folder == name)
            .map(|(_, routes)| routes.to_vec())
    };
    for prefix in ["web/src/", "crates/app/src/"] {
        if let Some(rest) = path.strip_prefix(prefix) {
            // A page's folder (the maps page's view lives in the search page's folder).
            let mut parts = rest.split('/');
            let first = parts.next().unwrap_or("");
            if first == "search" && parts.next() == Some("maps") {
                return page("maps");
            }
            return if rest.contains('/') {
                page(first)
            } else {
                None
            };
        }
    }
    if let Some(rest) = path.strip_prefix("crates/worker/src/") {
        return page(&stem(rest));
    }
    if let Some(rest) = path.strip_prefix("web/worker/src/bin/") {
        return page(&stem(rest));
    }
    // What no page runs: the command line, the benchmarks, the fuzz targets, the tools that do
    // not build the page, and the documents (but for the links the tests follow).
    let nothing = [
        "crates/cli/",
        "bench/",
        "fuzz/",
        "CHANGELOG.md",
        ".ci/",
        "xtask/src/bench.rs",
        "xtask/src/fuzz.rs",
        "xtask/src/structure.rs",
        "xtask/src/changes.rs",
        "xtask/src/check.rs",
        "e2e/times.txt",
        "xtask/src/e2e.rs",
        "xtask/src/main.rs",
        "xtask/src/browsers.rs",
        "xtask/src/lanes.rs",
        "xtask/src/native.rs",
        "xtask/tests/",
        "xtask/src/tools.rs",
        "e2e/bench/",
        "e2e/tests/webkit/",
        "e2e/wasm-firefox.js",
    ];
    if nothing.iter().any(|p| path.starts_with(p)) {
        return Some(Vec::new());
    }
    None
}

/// The routes (`#/<route>`, "" for home) a test file opens, or `None` if it opens every page.
fn routes_opened(text: &str) -> Option<BTreeSet<String>> {
    if text.contains("PAGES") {
        return None;
    }
    let mut routes = BTreeSet::new();
    for (at, _) in text.match_indices("#/") {
        let name: String = text[at + 2..]
            .chars()
            .take_while(|c| c.is_ascii_lowercase())
            .collect();
        routes.insert(name);
    }
    Some(routes)
}

/// The end-to-end files a change touches.
pub fn e2e_files(root: &Path, changed: &[String]) -> Result<Selection, String> {
    let files = crate::e2e::every_file(root)?;
    let mut chosen = BTreeSet::new();
    let mut routes = BTreeSet::new();
    let mut docs = false;
    for path in changed {
        if let Some(name) = path.strip_prefix("e2e/tests/") {
            if files.iter().any(|f| f == name) {
                chosen.insert(name.to_string());
                continue;
            }
        }
        if path.starts_with("docs/") || path == "README.md" {
            docs = true;
            continue;
        }
        match routes_of(path) {
            Some(r) => routes.extend(r),
            None => {
                return Ok(Selection::Every(format!(
                    "{path} is reached from every page"
                )))
            }
        }
    }
    for file in &files {
        let text = std::fs::read_to_string(root.join("e2e/tests").join(file))
            .map_err(|e| format!("{file}: {e}"))?;
        let touched = match routes_opened(&text) {
            None => !routes.is_empty(),
            Some(opened) => routes.iter().any(|r| opened.contains(*r)),
        };
        let reads_docs = docs && (text.contains("docs/") || text.contains("README"));
        if touched || reads_docs {
            chosen.insert(file.clone());
        }
    }
    Ok(Selection::Some(chosen.into_iter().collect()))
}

/// The workspace packages whose tests a change reaches: each package a changed file is in, and
/// every package that depends on one of them (`None`: every package, for a change outside
/// them — the manifest, the lock file).
pub fn packages(root: &Path, changed: &[String]) -> Result<Option<Vec<String>>, String> {
    let members = members(root)?;
    let mut hit: BTreeSet<String> = BTreeSet::new();
    for path in changed {
        if path == "Cargo.toml" || path == "Cargo.lock" {
            return Ok(None);
        }
        // The deepest member folder holding the file (`web/worker` before `web`).
        if let Some((name, _, _)) = members
            .iter()
            .filter(|(_, dir, _)| path.starts_with(&format!("{dir}/")))
            .max_by_key(|(_, dir, _)| dir.len())
        {
            hit.insert(name.clone());
        }
    }
    // Those that depend on them, to a fixed point.
    loop {
        let before = hit.len();
        for (name, _, deps) in &members {
            if deps.iter().any(|d| hit.contains(d)) {
                hit.insert(name.clone());
            }
        }
        if hit.len() == before {
            break;
        }
    }
    Ok(Some(hit.into_iter().collect()))
}

/// The workspace's members: name, folder (from the root) and the members it depends on, read
/// from their manifests.
fn members(root: &Path) -> Result<Vec<(String, String, Vec<String>)>, String> {
    let mut dirs: Vec<String> = Vec::new();
    for top in ["crates", "web", "bench", "xtask"] {
        let dir = root.join(top);
        if dir.join("Cargo.toml").exists() {
            dirs.push(top.to_string());
        }
        if let Ok(entries) = std::fs::read_dir(&dir) {
            for e in entries.flatten() {
                if e.path().join("Cargo.toml").exists() {
                    dirs.push(format!("{top}/{}", e.file_name().to_string_lossy()));
                }
            }
        }
    }
    let mut out = Vec::new();
    for dir in dirs {
        let text = std::fs::read_to_string(root.join(&dir).join("Cargo.toml"))
            .map_err(|e| format!("{dir}/Cargo.toml: {e}"))?;
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .and_then(|l| l.strip_suffix('"'))
            .ok_or_else(|| format!("{dir}/Cargo.toml has no name"))?
            .to_string();
        // `arbor-x.workspace = true` or `arbor-x = { path = … }`, in any dependency table.
        let deps = text
            .lines()
            .filter_map(|l| {
                let key = l.split(['=', '.']).next()?.trim();
                key.starts_with("arbor-").then(|| key.to_string())
            })
            .filter(|d| *d != name)
            .collect();
        out.push((name, dir, deps));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
    }

    fn some(changed: &[&str]) -> Vec<String> {
        let changed: Vec<String> = changed.iter().map(|s| s.to_string()).collect();
        match e2e_files(root(), &changed).unwrap() {
            Selection::Some(files) => files,
            Selection::Every(why) => panic!("every file: {why}"),
        }
    }

    #[test]
    fn a_page_s_own_code_runs_the_files_that_open_it() {
        let files = some(&["web/src/worksheet/mod.rs"]);
        assert!(
            files.contains(&"worksheet.test.js".to_string()),
            "{files:?}"
        );
        assert!(!files.contains(&"stepper.test.js".to_string()), "{files:?}");
        // The files that open every page open this one too.
        assert!(files.contains(&"monkey.test.js".to_string()), "{files:?}");
        let maps = some(&["web/src/search/maps/mod.rs"]);
        assert!(maps.contains(&"maps.test.js".to_string()), "{maps:?}");
        assert!(!maps.contains(&"search.test.js".to_string()), "{maps:?}");
    }

    #[test]
    fn a_test_file_runs_itself_and_shared_code_runs_every_file() {
        assert_eq!(
            some(&["e2e/tests/stepper.test.js"]),
            vec!["stepper.test.js"]
        );
        assert!(some(&["crates/cli/src/main.rs", "CHANGELOG.md"]).is_empty());
        for shared in [
            "web/src/components/controls.rs",
            "crates/game/src/lib.rs",
            "index.html",
            "e2e/tests/helpers.js",
        ] {
            let got = e2e_files(root(), &[shared.to_string()]).unwrap();
            assert!(matches!(got, Selection::Every(_)), "{shared}: {got:?}");
        }
    }

    #[test]
    fn packages_are_those_changed_and_those_that_depend_on_them() {
        let got = packages(root(), &["crates/layout/src/lib.rs".into()])
            .unwrap()
            .unwrap();
        for p in ["arbor-layout", "arbor-app", "arbor-web"] {
            assert!(got.contains(&p.to_string()), "{p} in {got:?}");
        }
        assert!(!got.contains(&"arbor-puzzles".to_string()), "{got:?}");
        let web = packages(root(), &["web/worker/src/lib.rs".into()])
            .unwrap()
            .unwrap();
        assert!(web.contains(&"arbor-web-worker".to_string()), "{web:?}");
        assert!(packages(root(), &["Cargo.lock".into()]).unwrap().is_none());
    }
}
