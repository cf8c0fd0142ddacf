//! The page's URL parameters, as the teachers' page documents them.

use crate::url::{p, pe, Param};

/// The heuristics lab's parameters.
pub const PARAMS: &[Param] = &[
    pe(
        "size",
        "ROWSxCOLS",
        "The board: 3x3 (the 8-puzzle), 4x4 (the 15-puzzle), or any other from 2x2 up to 25 cells, such as 2x3, 3x4, 5x5.",
        &["#/heuristics?size=4x4&tiles=14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3"],
    ),
    pe(
        "tiles",
        "numbers",
        "The board, row by row, 0 for the blank.",
        &["#/heuristics?size=3x3&tiles=8,6,7,2,5,4,3,0,1&goal=last"],
    ),
    p(
        "goal",
        "first, last",
        "Where the blank is in the goal (first: the textbook's and Korf's goal).",
    ),
    pe(
        "per",
        "1 to 100",
        "The table: random puzzles per depth.",
        &["#/heuristics?per=100&ids=12"],
    ),
    p(
        "ids",
        "0 to 14",
        "The table: iterative deepening's deepest row.",
    ),
    pe(
        "korf",
        "1 to 100",
        "Korf's instances to solve in the tab: 1 to this (all 100 when missing).",
        &["#/heuristics?korf=10"],
    ),
];
