//! The page's URL parameters, as the teachers' page documents them.

use crate::url::{p, pe, Param};

/// `#/chance`.
pub const PARAMS: &[Param] = &[
    p(
        "preset",
        "cs188-expectimax, cs188-expectimax-bounds, cs188-weighted, aima-5-12, aima-5-12-scaled",
        "One of the built-in trees with chance nodes (each with its search and bounds).",
    ),
    pe(
        "tree",
        "tree text with chance nodes, e.g. [?[3,12,9],?[2,4,6]]",
        "A tree of your own: ?[a, b] equally likely, ?[1/4: a, 3/4: b] with probabilities.",
        &[
            "#/chance?tree=[?[3,12,9],?[2,4,6],?[15,6,0]]&algo=expectimax",
            "#/chance?tree=[?[0.9:[2,2],0.1:[3,3]],?[0.9:[1,1],0.1:[4,4]]]&algo=expectiminimax",
        ],
    ),
    pe(
        "random",
        "depth,smallest branching,largest branching,lowest value,highest value,seed",
        "A random tree whose levels alternate decision and chance.",
        &["#/chance?random=4,2,3,0,9,7"],
    ),
    p("root", "min", "MIN moves at the root (expectiminimax)."),
    p(
        "algo",
        "expectimax, expectiminimax",
        "Every decision MAX's, or MAX and MIN in turn.",
    ),
    pe(
        "bounds",
        "L,U or none",
        "Every leaf lies in [L, U]: prune chance nodes (Star1).",
        &["#/chance?preset=cs188-expectimax&bounds=0,15"],
    ),
];
