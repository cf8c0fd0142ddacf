//! The games' vocabulary, shared by every page that names a game (Play, the search behind a
//! move, MCTS, practice): which games there are and the AI's levels in each, their rules, moves
//! and positions, the game parts of a link, what a value means as a verdict, and a position as
//! a picture.

mod kind;
mod picture;
mod rules;
mod url;
mod verdict;

pub use kind::*;
pub use picture::*;
pub use rules::*;
pub use url::*;
pub use verdict::*;
