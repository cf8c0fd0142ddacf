//! The page's URL parameters, as the teachers' page documents them.

use crate::url::{p, pe, Param};

/// `#/search`.
pub const PARAMS: &[Param] = &[
    p("problem", "graph, puzzle, blocks, grid", "What is searched."),
    p(
        "preset",
        "seed000-tree, romania",
        "A built-in tree or graph (problem=graph).",
    ),
    pe(
        "text",
        "graph text",
        "A tree or graph of your own (problem=graph).",
        &["#/search?problem=graph&text=A%20--%20B:1%20C:4%0AB%20--%20C:2%0Agoal%20C", "#/search?text=A[B[D%20E]%20C[F]]%0Agoal%20F"],
    ),
    pe(
        "size",
        "RxC, e.g. 3x3",
        "The sliding puzzle's size (problem=puzzle).",
        &["#/search?problem=puzzle&size=3x3&tiles=8,1,3,4,0,2,7,6,5", "#/search?problem=puzzle&size=2x3&tiles=1,2,3,4,0,5"],
    ),
    pe(
        "tiles",
        "comma-separated tiles, 0 = blank",
        "The puzzle's start, row by row (without it: a puzzle 12 moves from the goal, as the menu opens).",
        &["#/search?problem=puzzle&size=3x3&tiles=1,2,3,4,5,6,0,7,8&algo=astar"],
    ),
    pe(
        "goal",
        "first",
        "The blank first in the goal (default: last).",
        &["#/search?problem=puzzle&size=3x3&tiles=1,0,2,3,4,5,6,7,8&goal=first"],
    ),
    pe(
        "h",
        "zero, misplaced, manhattan, linear (puzzle); zero (blocks); zero, manhattan, octile, euclidean, chebyshev (grid)",
        "The heuristic (default: Manhattan distance; for blocks, the blocks' distances).",
        &["#/search?problem=grid&moves=8&h=octile&algo=astar", "#/search?problem=puzzle&size=3x3&tiles=8,1,3,4,0,2,7,6,5&algo=astar&h=misplaced", "#/search?problem=puzzle&size=3x3&tiles=8,1,3,4,0,2,7,6,5&algo=astar&h=linear", "#/search?problem=blocks&algo=astar&h=zero"],
    ),
    pe(
        "grid",
        "rows joined by /: # wall, . free, 2–9 a weight, S start, G goal",
        "The grid (problem=grid), at most 100 × 100.",
        &["#/search?problem=grid&grid=S..%23..../.3.%23..../...%23..G./......%23.&algo=astar"],
    ),
    pe(
        "moves",
        "4, 8",
        "Grid moves: 4-way, or 8-way with diagonals (√2) that never cut a wall's corner.",
        &["#/search?problem=grid&moves=8&h=euclidean&algo=astar"],
    ),
    pe(
        "w",
        "1 to 5, one decimal",
        "Weighted A* on a grid: the heuristic times w; the path costs at most w times the cheapest.",
        &["#/search?problem=grid&moves=8&h=octile&w=2.0&algo=astar"],
    ),
    pe(
        "jps",
        "1",
        "Jump Point Search: A* over jump points (8-way grids without weights).",
        &["#/search?problem=grid&moves=8&h=octile&jps=1&algo=astar"],
    ),
    pe(
        "blocks",
        "e.g. 4x4 A(2,2) B(2,3) C(1,4) @(3,3) goal A(2,2) B(2,3) C(2,4)",
        "The blocks world (problem=blocks).",
        &["#/search?problem=blocks&blocks=4x4%20A(2,2)%20B(2,3)%20C(1,4)%20@(3,3)%20goal%20A(2,2)%20B(2,3)%20C(2,4)&algo=bfs"],
    ),
    p(
        "algo",
        "bfs, dfs, dls, iddfs, ucs, greedy, astar, idastar, bidi",
        "The search (without it: A* on a grid, iterative deepening on the rest).",
    ),
    p(
        "mode",
        "tree, graph",
        "Tree search (no explored set) or graph search.",
    ),
    pe(
        "cycles",
        "allow",
        "Depth-first searches may walk back onto their own path.",
        &["#/search?algo=dfs&mode=tree&cycles=allow&depth=4"],
    ),
    pe(
        "depth",
        "0 … 200",
        "The depth limit (dls), or the deepest iteration (iddfs).",
        &["#/search?algo=dls&depth=3", "#/search?algo=iddfs&depth=10"],
    ),
    pe(
        "tie",
        "fifo, lifo, lowest-h",
        "Uniform cost, greedy and A*: which of the frontier nodes of equal priority is taken first — the oldest, the newest, or the lowest h (then the oldest). Default: fifo, but lowest-h for A*.",
        &["#/search?preset=romania&algo=ucs&tie=lifo", "#/search?preset=seed000-tree&algo=astar&tie=lifo"],
    ),
];
