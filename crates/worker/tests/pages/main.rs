//! Every page's reducer driven by random sequences of what a user can do, with the invariants
//! checked after every action: nothing panics, the frames belong to the tree shown, the step is
//! within the run, the URL written reads back to the same state, and the view-model functions
//! the views call with that state (marks, scene, captions) hold. Worker answers are computed
//! natively by the worker's own code and delivered late, twice, or out of order.

#![cfg(not(target_arch = "wasm32"))]

mod alphabeta;
mod chance;
mod harness;
mod lab;
mod mcts;
mod play;
mod practice;
mod search;
