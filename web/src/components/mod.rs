//! Presentational components: they draw what they are given.

pub mod board;
pub mod controls;
pub mod game_look;
pub mod pan;
pub mod pseudocode;
pub mod search_look;
pub mod tree_svg;
