//! Connect four, 7 columns by 6 rows, on two 64-bit bitboards as in Pons' solver.
//!
//! Two games are played on these positions ([`Position`]), both by the one alpha-beta engine:
//! - [`Connect4`]: the whole game, every legal move, valued at a depth limit by the seed's
//!   runs-of-two-and-three heuristic or by a stronger threat-based evaluation ([`Eval`]);
//! - [`Connect4Solver`]: the game as a strong solver sees it — only moves that do not hand the
//!   opponent an immediate win, a position where the mover wins at once or must lose at once
//!   ends the search, values are exact scores (the data sets' convention), and every position
//!   carries bounds on its score. With the engine's transposition table, move ordering and
//!   null-window bisection ([`arbor_game::AlphaBeta::solve`]) it gives the exact score of any
//!   position ([`Solver`]).
//!
//! One file per idea, each built on the ones before it:
//! - `position`: the bitboards, the scores' convention and the keys;
//! - `game`: [`Connect4`] and its evaluations;
//! - `solver`: [`Connect4Solver`] and the strong [`Solver`];
//! - [`book`]: the opening book, solved offline;
//! - `perfect`: the [`PerfectPlayer`] — book, solver, then lookahead, as time allows;
//! - `hints`: every column's value for the player to move ([`PerfectPlayer::hints`]).

pub mod book;
mod game;
mod hints;
mod perfect;
mod position;
mod solver;

pub use game::{proven_score, Connect4, Eval, LOOKAHEAD_DEPTH, WIN};
pub use hints::{ColumnHint, HintValue};
pub use perfect::{PerfectChoice, PerfectPlayer, Proof, EXACT_MS, LOOKAHEAD_MS};
pub use position::{
    mirror_key, win_score, winning_stones, MovesError, Position, CELLS, CENTRE_FIRST, HEIGHT, WIDTH,
};
pub use solver::{Connect4Solver, Solved, Solver, SolverTable, NEAR_BITS, NEAR_FROM_PLY};
