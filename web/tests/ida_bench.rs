//! A benchmark, not a test: IDA* in the browser, as `arbor bench ida` measures it natively —
//! Arbor's engine (the no-op observer) against the plain 15-puzzle IDA* of `bench/plain-ida`,
//! on Korf's instance 2 (15,300,442 nodes), alternating, the fastest of three runs each.
//! Ignored by the tests; `cargo xtask bench-web ida` runs it and sets the line it prints beside
//! the native figures of the same command.

#![cfg(target_arch = "wasm32")]

use arbor_puzzles::{Heuristic, NPuzzle};
use arbor_search::{search, Algorithm, Budget, Options, Quiet};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Korf's instance 2: its tiles, optimal length and IDA*'s node count (the data file's).
const TILES: [u8; 16] = [13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6];
const LENGTH: u32 = 55;
const NODES: u64 = 15_300_442;

#[wasm_bindgen_test]
#[ignore = "a benchmark: `cargo xtask bench-web ida` runs it"]
fn ida_star_against_the_plain_one() {
    let performance = web_sys::window().unwrap().performance().unwrap();
    let goal: Vec<u8> = (0..16).collect();
    let puzzle = NPuzzle::new(4, 4, &TILES, &goal, Heuristic::Manhattan).unwrap();
    let options = Options::new(Algorithm::IdaStar);
    let (mut arbor, mut plain) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..3 {
        let start = performance.now();
        let out = search(&puzzle, &options, &Budget::unlimited(), &mut Quiet);
        arbor = arbor.min(performance.now() - start);
        assert_eq!(out.solution.map(|s| s.depth() as u32), Some(LENGTH));
        assert_eq!(out.stats.generated, NODES);
        let start = performance.now();
        let got = plain_ida::solve(&TILES);
        plain = plain.min(performance.now() - start);
        assert_eq!(got, (LENGTH, NODES));
    }
    console_log!(
        "ARBOR-BENCH ida instance=2 nodes={NODES} arbor_ms={arbor:.1} plain_ms={plain:.1}"
    );
}
