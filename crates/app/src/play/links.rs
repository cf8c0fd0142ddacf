//! The links from a move on the Play page to the searches behind it: the alpha-beta stepper's
//! record of it, the MCTS page's run; the seed that reproduces a move.

use super::*;
use crate::game::*;
use crate::route::Route;
use crate::url::UrlSettings;

/// The seed of the AI's choice at the current move: the game's seed mixed with the move number,
/// so every move differs and a replayed game chooses the same. Under 2^53, so that JavaScript
/// numbers carry it exactly (to the worker, and in URLs).
pub fn move_seed(setup: &Setup) -> u64 {
    arbor_util::mix64(setup.seed ^ (setup.played as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)) >> 11
}

/// The MCTS run behind an AI move, as the MCTS page's URL: the position before the move, and
/// the iterations and seed that grow the same tree.
pub fn mcts_route(
    rules: &Rules,
    o_first: bool,
    before: &str,
    mcts: &super::MctsPlay,
    seed: u64,
) -> Route {
    let mut route = Route::new(crate::route::View::Mcts);
    crate::mcts::MctsSettings {
        request: super::mcts_request(
            rules,
            o_first,
            before,
            (mcts.iterations, mcts.exploration),
            seed,
        ),
        step: 0,
    }
    .to_route(&mut route);
    route
}
