//! The app models must build and run without a browser: nothing in `arbor-app`'s dependency
//! tree (as `Cargo.lock` records it, dev-dependencies included) may be a browser or UI crate.

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

/// Each package of the lock file with the names of its dependencies.
fn lock_graph(lock: &str) -> BTreeMap<String, Vec<String>> {
    let mut graph = BTreeMap::new();
    for block in lock.split("[[package]]").skip(1) {
        let Some(name) = block
            .lines()
            .find_map(|l| l.strip_prefix("name = "))
            .map(|n| n.trim_matches('"').to_string())
        else {
            continue;
        };
        let deps = block
            .split_once("dependencies = [")
            .map(|(_, rest)| rest.split(']').next().unwrap_or(""))
            .unwrap_or("")
            .split(',')
            .filter_map(|d| d.trim().trim_matches('"').split(' ').next())
            .filter(|d| !d.is_empty())
            .map(str::to_string)
            .collect();
        graph.entry(name).or_insert(deps);
    }
    graph
}

/// Every package `root` depends on, directly or not.
fn closure(graph: &BTreeMap<String, Vec<String>>, root: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![root.to_string()];
    while let Some(p) = todo.pop() {
        for d in graph.get(&p).into_iter().flatten() {
            if seen.insert(d.clone()) {
                todo.push(d.clone());
            }
        }
    }
    seen
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
