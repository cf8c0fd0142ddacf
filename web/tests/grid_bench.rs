//! A benchmark, not a test: the Moving AI Boston map's 950 scenarios solved in a Web Worker, in
//! wasm built as the page's worker is (the `web` profile) — A* and Jump Point Search, the
//! fastest of three passes each, every length checked against the published one. Ignored by
//! the tests; `cargo xtask bench-web gridwasm` runs it and prints its line beside the native
//! figures of the same searches.

#![cfg(target_arch = "wasm32")]

use arbor_puzzles::{GridMap, Scenario};
use arbor_search::Algorithm;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_dedicated_worker);

const MAP: &str = include_str!("../../data/movingai/Boston_0_256.map");
const SCENARIOS: &str = include_str!("../../data/movingai/Boston_0_256.map.scen");

/// Milliseconds from the worker's clock (`performance.now()`).
fn now() -> f64 {
    let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).unwrap();
    let now: js_sys::Function = js_sys::Reflect::get(&performance, &"now".into())
        .unwrap()
        .unchecked_into();
    now.call0(&performance).unwrap().as_f64().unwrap()
}

/// Milliseconds to solve every scenario, with Jump Point Search or plain A*.
fn pass(map: &GridMap, scenarios: &[Scenario], jumps: bool) -> f64 {
    let first = &scenarios[0];
    let grid = map.grid(first.start, first.goal).unwrap();
    let mut grid = grid.with_jumps(jumps).unwrap();
    let start = now();
    for s in scenarios {
        let length = s.solve(&mut grid, Algorithm::AStar).unwrap();
        assert!(
            length.is_some_and(|l| s.matches(l)),
            "line {}: {length:?}",
            s.line
        );
    }
    now() - start
}

#[wasm_bindgen_test]
#[ignore = "a benchmark: `cargo xtask bench-web gridwasm` runs it"]
fn boston_in_a_worker() {
    let map = GridMap::parse(MAP).unwrap();
    let scenarios = Scenario::parse_file(SCENARIOS, Some(&map)).unwrap();
    let (mut a_star, mut jps) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..3 {
        a_star = a_star.min(pass(&map, &scenarios, false));
        jps = jps.min(pass(&map, &scenarios, true));
    }
    console_log!(
        "ARBOR-BENCH gridwasm scenarios={} astar_ms={a_star:.1} jps_ms={jps:.1}",
        scenarios.len()
    );
}
