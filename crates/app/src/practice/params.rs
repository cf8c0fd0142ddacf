//! The page's URL parameters, as the teachers' page documents them.

use crate::url::{p, pe, Param};

/// `#/practice`.
pub const PARAMS: &[Param] = &[
    p(
        "kind",
        "alphabeta, search, chance, mcts",
        "Which practice (default alphabeta): mark alpha-beta's cuts; predict a search's next node; compute chance, MAX and MIN nodes' values; say which child MCTS's selection takes.",
    ),
    pe(
        "level",
        "prune, values, windows (alphabeta); next, frontier (search); pick, ucb (mcts)",
        "How much is asked.",
        &["#/practice?kind=alphabeta&level=values", "#/practice?kind=alphabeta&level=windows", "#/practice?kind=search&level=frontier", "#/practice?kind=mcts&level=ucb"],
    ),
    pe(
        "depth",
        "1 … 5 (alphabeta), 1 … 4 (search, mcts), 1 … 3 (chance)",
        "Depth of the generated tree.",
        &["#/practice?kind=alphabeta&depth=4", "#/practice?kind=search&depth=3", "#/practice?kind=chance&depth=2&bmax=3"],
    ),
    pe(
        "bmin, bmax",
        "1 … 4 (alphabeta), 2 … 3 (search, chance, mcts: bmax)",
        "Fewest and most children of a node.",
        &["#/practice?kind=alphabeta&bmin=2&bmax=3", "#/practice?kind=search&bmax=3"],
    ),
    pe(
        "low, high",
        "−99 … 99",
        "The range of leaf values (alphabeta, chance, mcts).",
        &["#/practice?kind=alphabeta&low=-20&high=20", "#/practice?kind=chance&low=-9&high=9"],
    ),
    pe(
        "n",
        "1 … 300",
        "Iterations of the MCTS run the questions come from (kind=mcts).",
        &["#/practice?kind=mcts&n=100"],
    ),
    pe(
        "c",
        "0 … 10",
        "MCTS's exploration constant (kind=mcts; default 1.41).",
        &["#/practice?kind=mcts&c=0.5"],
    ),
    pe(
        "seed",
        "a number",
        "The generated tree and the nodes asked about: the same seed, the same exercise.",
        &["#/practice?kind=alphabeta&seed=42"],
    ),
    pe(
        "algo",
        "bfs, dfs, ucs, greedy, astar (search); expectimax, expectiminimax (chance)",
        "The search practised.",
        &["#/practice?kind=chance&algo=expectimax"],
    ),
    pe(
        "tree",
        "tree text",
        "A tree of your own instead of a generated one (alphabeta, mcts; chance: with chance nodes ?[…]).",
        &["#/practice?kind=alphabeta&tree=[[3,12,8],[2,4,6],[14,5,2]]", "#/practice?kind=chance&algo=expectimax&tree=[?[1/2:8,1/3:24,1/6:-12],?[1/2:3,1/3:9,1/6:6]]", "#/practice?kind=mcts&tree=[[3,12,8],[2,4,6],[14,5,2]]&n=40"],
    ),
    pe(
        "text",
        "graph text",
        "A tree or graph of your own instead of a generated one (search).",
        &["#/practice?kind=search&algo=ucs&text=S%20--%20A:1%20B:4%0AA%20--%20G:5%0AB%20--%20G:1%0Agoal%20G"],
    ),
];
