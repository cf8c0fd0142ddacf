//! The page's URL parameters, as the teachers' page documents them.

use crate::url::{pe, Param};

/// `#/mcts`.
pub const PARAMS: &[Param] = &[
    pe(
        "tree",
        "tree text, e.g. [[3,12,8],[2,4,6],[14,5,2]]",
        "A two-player tree: playouts pick random children down to a leaf.",
        &["#/mcts?tree=[[3,12,8],[2,4,6],[14,5,2]]&n=200"],
    ),
    pe(
        "game, moves",
        "ttt, c4, nim; the moves as on #/play (tic-tac-toe's cells also by name, a1–c3)",
        "A game position instead of a tree (Nim also takes piles, take and misere).",
        &[
            "#/mcts?game=ttt&moves=51&n=2000",
            "#/mcts?game=c4&moves=4444&n=5000",
            "#/mcts?game=nim&piles=3,4,5&moves=&n=3000",
        ],
    ),
    pe(
        "n",
        "1 to 200000",
        "Iterations (the first 300 are stepped; the whole run is plotted).",
        &["#/mcts?n=1000"],
    ),
    pe(
        "c",
        "0 to 10, e.g. 1.41",
        "The exploration constant c in UCB1.",
        &["#/mcts?c=0.5"],
    ),
    pe(
        "seed",
        "a whole number",
        "The seed of expansions and playouts: the same seed, the same run.",
        &["#/mcts?seed=7"],
    ),
];
