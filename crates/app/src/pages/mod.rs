//! Each page's settings, state and reducer (its `Action`s); the web crate's views draw them.

pub mod alphabeta;
pub mod chance;
pub mod lab;
pub mod mcts;
pub mod play;
pub mod practice;
pub mod search;
