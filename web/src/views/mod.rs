//! One module per view.

pub mod alphabeta;
pub mod chance;
pub mod home;
pub mod lab;
pub mod mcts;
pub mod not_found;
pub mod play;
pub mod practice;
pub mod search;
pub mod teachers;
