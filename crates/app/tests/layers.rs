//! The layers, as `Cargo.lock` records the dependencies (dev-dependencies included): the app
//! models build and run without a browser (nothing in `arbor-app`'s tree is a browser or UI
//! crate), and the page's module never links what runs in the worker (`arbor-worker`, with the
//! players and solvers only the worker needs).

use std::collections::{BTreeMap, BTreeSet};

/// Crates that tie code to a browser or to Yew.
const BROWSER: [&str; 8] = [
    "yew",
    "web-sys",
    "js-sys",
    "wasm-bindgen",
    "wasm-bindgen-futures",
    "gloo",
    "gloo-events",
    "gloo-timers",
];

/// Each package of the lock file (`name version`, as two versions of one crate may both be
/// there) with its dependencies, each resolved to such a key: the lock names a dependency's
/// version only where the name alone is ambiguous.
fn lock_graph(lock: &str) -> BTreeMap<String, Vec<String>> {
    let mut raw: Vec<(String, String, Vec<String>)> = Vec::new();
    for block in lock.split("[[package]]").skip(1) {
        let field = |key: &str| {
            block
                .lines()
                .find_map(|l| l.strip_prefix(key))
                .map(|n| n.trim_matches('"').to_string())
        };
        let (Some(name), Some(version)) = (field("name = "), field("version = ")) else {
            continue;
        };
        let deps = block
            .split_once("dependencies = [")
            .map(|(_, rest)| rest.split(']').next().unwrap_or(""))
            .unwrap_or("")
            .split(',')
            .map(|d| d.trim().trim_matches('"').to_string())
            .filter(|d| !d.is_empty())
            .collect();
        raw.push((name, version, deps));
    }
    let key = |dep: &str| -> String {
        let mut parts = dep.split(' ');
        let name = parts.next().unwrap_or("");
        match parts.next() {
            Some(version) => format!("{name} {version}"),
            None => raw
                .iter()
                .find(|(n, _, _)| n == name)
                .map_or_else(|| name.to_string(), |(n, v, _)| format!("{n} {v}")),
        }
    };
    raw.iter()
        .map(|(n, v, deps)| (format!("{n} {v}"), deps.iter().map(|d| key(d)).collect()))
        .collect()
}

/// The names of every package `root` (a crate name) depends on, directly or not.
fn closure(graph: &BTreeMap<String, Vec<String>>, root: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<String> = graph
        .keys()
        .filter(|k| k.split(' ').next() == Some(root))
        .cloned()
        .collect();
    while let Some(p) = todo.pop() {
        for d in graph.get(&p).into_iter().flatten() {
            if seen.insert(d.clone()) {
                todo.push(d.clone());
            }
        }
    }
    seen.iter()
        .map(|k| k.split(' ').next().unwrap_or("").to_string())
        .collect()
}

#[test]
fn the_app_models_depend_on_no_browser_crate() {
    let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock"))
        .expect("the workspace's Cargo.lock");
    let graph = lock_graph(&lock);
    let deps = closure(&graph, "arbor-app");
    assert!(
        deps.contains("arbor-game") && deps.contains("serde"),
        "{deps:?}"
    );
    let browser: Vec<&String> = deps
        .iter()
        .filter(|d| BROWSER.contains(&d.as_str()) || d.starts_with("gloo"))
        .collect();
    assert!(browser.is_empty(), "arbor-app depends on {browser:?}");
    // The check itself sees a browser crate where there is one.
    assert!(closure(&graph, "arbor-web").contains("yew"));
}

/// The crates named in a manifest's `[dependencies]` (not its dev-dependencies, which the
/// page's module never links: the wasm benchmarks use the worker's crate).
fn normal_dependencies(manifest: &str) -> Vec<String> {
    let section = manifest
        .split("\n[")
        .find(|s| s.starts_with("dependencies]"))
        .expect("a [dependencies] section");
    section
        .lines()
        .skip(1)
        .filter_map(|l| l.split(['=', '.']).next())
        .map(str::trim)
        .filter(|n| !n.is_empty() && !n.starts_with('#') && !n.starts_with(' '))
        .map(String::from)
        .collect()
}

#[test]
fn the_page_never_links_the_worker_crate() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
    let lock = std::fs::read_to_string(format!("{root}Cargo.lock")).expect("Cargo.lock");
    let manifest = std::fs::read_to_string(format!("{root}web/Cargo.toml")).expect("the page's");
    let graph = lock_graph(&lock);
    let direct = normal_dependencies(&manifest);
    assert!(direct.iter().any(|d| d == "arbor-app") && direct.iter().any(|d| d == "yew"));
    let mut linked: BTreeSet<String> = direct.iter().cloned().collect();
    for d in &direct {
        linked.extend(closure(&graph, d));
    }
    assert!(
        !linked.contains("arbor-worker") && !linked.contains("arbor-web-worker"),
        "the page's module links the worker's crate: {direct:?}"
    );
    // The check itself sees the worker crate where it is linked.
    assert!(closure(&graph, "arbor-web-worker").contains("arbor-worker"));
}
