//! Arbor's games, each a [`arbor_game::Game`] searched by the one alpha-beta engine that the
//! stepper shows:
//!
//! - [`tictactoe`]: the seeds' scorings (±1, ±10, and the depth-decayed "ideal player");
//! - [`connect4`]: Pons-style bitboards, the seed's heuristic and a stronger one, and a strong
//!   solver that scores any position exactly;
//! - [`nim`]: one pile or several, normal or misère play, capped takes or not.
//!
//! [`ai`] chooses moves at a level (a depth limit, or perfect play), at random among equally
//! good ones, and scores every move for hints.

#![deny(missing_docs)]

pub mod ai;
pub mod connect4;
pub use connect4::book as connect4_book;
pub mod nim;
pub mod tictactoe;
