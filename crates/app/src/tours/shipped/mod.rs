//! The tours Arbor ships: one for each worked example of the seed documents, and the classics.
//! Every note says what its view shows at its step; the tests check the notes' claims against
//! the engine.

mod classics;
mod seed_games;
mod seed_search;

use super::{Shipped, Stop, Tour};

fn stop(link: &str, note: &str) -> Stop {
    Stop {
        link: link.into(),
        note: note.into(),
    }
}

/// A stepped view's link at step `k`.
fn at(link: &str, k: usize) -> String {
    format!("{link}&step={k}")
}

fn tour(title: &str, about: &str, stops: Vec<Stop>) -> Tour {
    Tour {
        title: title.into(),
        about: about.into(),
        stops,
    }
}

/// Every shipped tour, in the order `#/tours` lists them: the seeds' examples in seed order,
/// then the classics.
pub fn shipped() -> Vec<Shipped> {
    vec![
        seed_search::iterative_deepening(),
        classics::ideal_tictactoe(),
        seed_games::aima_minimax(),
        seed_games::nim(),
        seed_games::maxn(),
        seed_games::transposition_table(),
        seed_search::blocks_world(),
        seed_games::alphabeta_worked(),
        seed_games::minimax_vs_alphabeta(),
        seed_games::move_ordering(),
        seed_games::min_root(),
        seed_search::npuzzle(),
        classics::connect_four_heuristic(),
        seed_search::romania(),
        classics::expectimax(),
        classics::mcts_iteration(),
    ]
}
