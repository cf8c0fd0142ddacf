//! Arbor's puzzles as search problems (see `arbor-search`):
//!
//! - [`NPuzzle`]: the sliding-tile puzzle on any board up to 5 × 5 — misplaced-tile, Manhattan
//!   and linear-conflict heuristics, solvability by parity, shuffles, any goal;
//! - [`PatternDb`]: pattern databases for it, built here — additive (the 15-puzzle's 6-6-3) or
//!   exact (the 8-puzzle);
//! - [`BlocksWorld`]: the coursework's blocks world (an agent swapping places with blocks);
//! - [`Grid`]: path-finding on a grid — walls, weighted cells, 4- or 8-way moves, Manhattan,
//!   octile, Euclidean and Chebyshev distance, weighted A*, Jump Point Search, mazes — and
//!   the Moving AI benchmark's maps and scenarios ([`GridMap`], [`Scenario`]), up to 1024 × 1024.

#![deny(missing_docs)]

mod blocks;
mod board;
mod grid;
pub mod heuristic_table;
mod korf;
mod movingai;
mod npuzzle;
mod pdb;

pub use blocks::{Blocks, BlocksSpec, BlocksUndo, BlocksWorld, MAX_BLOCKS, MAX_GRID_CELLS};
pub use board::{parse_tiles, square_side, Board, Dir, Dirs, Slide};
pub use grid::{
    cell_of, fixed_steps, show_steps, Grid, GridEdit, GridHeuristic, GridMove, GridMoves,
    GridState, DIAGONAL, MAX_INFLATION, MAX_MAP_SIDE, MAX_PATH_CELLS, MAX_SIDE, STRAIGHT,
};
pub use korf::{parse_korf, KorfInstance, KORF_GOAL};
pub use movingai::{GridMap, MapSearch, Scenario, MATCH_WITHIN};
pub use npuzzle::{Heuristic, NPuzzle, PuzzleError, MAX_CELLS};
pub use pdb::{
    default_groups, BuildProgress, PatternDb, PdbError, TableStats, MAX_EXACT_CELLS, MAX_PDB_CELLS,
};
