//! `arbor bench mcts`: Monte Carlo tree search from the empty board of tic-tac-toe and of
//! connect four, in iterations per second.

use std::time::Instant;

use arbor_game::{Game, Quiet};

/// Runs `arbor bench mcts`: `iterations` per run, the median of `runs`.
pub(super) fn mcts_speed(iterations: u64, runs: usize) {
    use arbor_game::{mcts, Budget, MctsOptions};
    use arbor_games::connect4::{Connect4, Position};
    use arbor_games::tictactoe::{Board, TicTacToe};
    fn by_sign(u: i32) -> f64 {
        f64::from(u.signum() + 1) / 2.0
    }
    fn median_rate<G: Game>(
        game: &G,
        root: &G::State,
        iterations: u64,
        runs: usize,
    ) -> (f64, usize) {
        let mut rates = Vec::new();
        let mut nodes = 0;
        for seed in 1..=runs as u64 {
            let options = MctsOptions {
                iterations,
                seed,
                ..MctsOptions::default()
            };
            let start = Instant::now();
            let tree = mcts(
                game,
                root,
                &options,
                &Budget::unlimited(),
                by_sign,
                &mut Quiet,
            );
            rates.push(tree.iterations as f64 / start.elapsed().as_secs_f64());
            nodes = tree.nodes.len();
        }
        rates.sort_by(f64::total_cmp);
        (rates[rates.len() / 2], nodes)
    }
    println!(
        "UCT (c = √2, random playouts), {iterations} iterations from the empty board; median of {runs} runs (seeds 1 to {runs})"
    );
    println!();
    println!("| game | iterations per second | nodes in the tree |");
    println!("|---|---|---|");
    let (rate, nodes) = median_rate(&TicTacToe::default(), &Board::new(), iterations, runs);
    println!(
        "| tic-tac-toe | {} | {} |",
        arbor_util::group_thousands(rate as u64),
        arbor_util::group_thousands(nodes as u64)
    );
    let (rate, nodes) = median_rate(&Connect4::default(), &Position::new(), iterations, runs);
    println!(
        "| connect four | {} | {} |",
        arbor_util::group_thousands(rate as u64),
        arbor_util::group_thousands(nodes as u64)
    );
}
