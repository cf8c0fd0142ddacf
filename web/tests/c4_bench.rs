//! A benchmark, not a test: connect four's strong solver in the browser, on every position of
//! Pons' Test_L2_R2 (built into the test), the transposition table reset before each, the
//! fastest of three runs. Ignored by the tests; `cargo xtask bench-web` runs it (with
//! `--include-ignored`) and sets the one line it prints beside the native figure.

#![cfg(target_arch = "wasm32")]

use arbor_games::connect4::{Position, Solver};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const SET: &str = include_str!("../../data/connect4/Test_L2_R2");

#[wasm_bindgen_test]
#[ignore = "a benchmark: `cargo xtask bench-web` runs it"]
fn connect_four_solver_on_test_l2_r2() {
    let positions: Vec<(Position, i32)> = SET
        .lines()
        .map(|line| {
            let mut words = line.split_whitespace();
            let p = Position::from_moves(words.next().unwrap()).unwrap();
            (p, words.next().unwrap().parse().unwrap())
        })
        .collect();
    let performance = web_sys::window().unwrap().performance().unwrap();
    let mut solver = Solver::new(18);
    let mut nodes = 0u64;
    // As natively: the fastest of three runs (timings wander on this machine).
    let mut millis = f64::INFINITY;
    for _ in 0..3 {
        nodes = 0;
        let start = performance.now();
        for (p, expected) in &positions {
            solver.reset();
            let solved = solver.solve(p, false).unwrap();
            assert_eq!(solved.score, *expected);
            nodes += solved.nodes;
        }
        millis = millis.min(performance.now() - start);
    }
    let n = positions.len() as f64;
    console_log!(
        "ARBOR-BENCH c4 Test_L2_R2 positions={} mean_ms={:.4} mean_nodes={:.0}",
        positions.len(),
        millis / n,
        nodes as f64 / n
    );
}
