//! The page's URL parameters, as the teachers' page documents them.

use crate::url::{p, pe, Param};

/// `#/alphabeta`.
pub const PARAMS: &[Param] = &[
    p("preset", "seed003-alphabeta, seed003-minimax, seed001-aima, seed000-min-root, seed001-nim4, aima-maxn", "One of the built-in trees."),
    pe("tree", "tree text, e.g. [[3,12,8],[2,4,6],[14,5,2]]", "A tree of your own (see Tree text below).", &["#/alphabeta?tree=[[3,12,8],[2,4,6],[14,5,2]]", "#/alphabeta?tree=min%20[X:[3,5],Y:[2,9]]"]),
    pe("random", "depth,smallest branching,largest branching,lowest value,highest value,seed[,players]", "A random tree, the same for the same numbers.", &["#/alphabeta?random=3,2,3,-9,9,7", "#/alphabeta?random=3,2,2,0,9,7,3&algo=maxn"]),
    p("root", "min, max", "MIN (or MAX) moves at the root, where the tree says otherwise."),
    p("algo", "minimax, alphabeta, alphabeta-hard, negamax, deepening, maxn", "The search (default alphabeta, the fail-soft form)."),
    p("order", "natural, reversed, evaluation, best, worst", "The move order of the pruning searches."),
    pe("depth", "0 … 64", "A depth limit: nodes there are valued by their evaluation.", &["#/alphabeta?preset=seed003-minimax&depth=2"]),
    pe("game, moves, level, seed, solver, piles, take, misere, first", "as on #/play", "The search behind an AI move in a game: the position before the move, and the level and seed that reproduce it; solver=1 for the connect-four solver's search.", &["#/alphabeta?game=ttt&first=o&moves=5&level=perfect&seed=3&depth=8", "#/alphabeta?game=c4&moves=536553711753541133152&level=perfect&seed=5&depth=8&solver=1", "#/alphabeta?game=nim&piles=3,4,5&take=any&misere=1&moves=1:3,2:1&level=perfect&seed=4&depth=9"]),
];
