//! A benchmark, not a test: Monte Carlo tree search in the browser, as `arbor bench mcts`
//! measures it natively — UCT with c = √2 and random playouts from the empty board, 100,000
//! iterations, the median of five seeds — on tic-tac-toe and connect four. Ignored by the
//! tests; `cargo xtask bench-web` runs it (with `--include-ignored`) and sets the line it
//! prints beside the native figures of the same command.

#![cfg(target_arch = "wasm32")]

use arbor_game::{mcts, Budget, Game, MctsOptions, Quiet};
use arbor_games::connect4::{Connect4, Position};
use arbor_games::tictactoe::{Board, TicTacToe};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const ITERATIONS: u64 = 100_000;
const RUNS: u64 = 5;

fn by_sign(u: i32) -> f64 {
    f64::from(u.signum() + 1) / 2.0
}

/// Iterations per second, the median of [`RUNS`] seeds, and the nodes of the last tree.
fn median_rate<G: Game>(game: &G, root: &G::State) -> (f64, usize) {
    let performance = web_sys::window().unwrap().performance().unwrap();
    let mut rates = Vec::new();
    let mut nodes = 0;
    for seed in 1..=RUNS {
        let options = MctsOptions {
            iterations: ITERATIONS,
            seed,
            ..MctsOptions::default()
        };
        let start = performance.now();
        let tree = mcts(
            game,
            root,
            &options,
            &Budget::unlimited(),
            by_sign,
            &mut Quiet,
        );
        let seconds = (performance.now() - start) / 1000.0;
        assert_eq!(tree.iterations, ITERATIONS);
        rates.push(tree.iterations as f64 / seconds);
        nodes = tree.nodes.len();
    }
    rates.sort_by(f64::total_cmp);
    (rates[rates.len() / 2], nodes)
}

#[wasm_bindgen_test]
#[ignore = "a benchmark: `cargo xtask bench-web` runs it"]
fn mcts_iterations_per_second() {
    let (ttt, ttt_nodes) = median_rate(&TicTacToe::default(), &Board::new());
    let (c4, c4_nodes) = median_rate(&Connect4::default(), &Position::new());
    console_log!(
        "ARBOR-BENCH mcts ttt_rate={ttt:.0} ttt_nodes={ttt_nodes} c4_rate={c4:.0} c4_nodes={c4_nodes}"
    );
}
