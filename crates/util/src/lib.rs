//! What Arbor's search crates share: limits on a search ([`Budget`], with a [`Clock`] the caller
//! provides, since the browser and the machine keep time differently) and a seeded random
//! generator ([`SplitMix64`]), a fast hasher for search tables ([`FxHasher`]), reusable move
//! lists ([`MoveLists`]), the grouping of recorded events into a stepper's steps ([`group_steps`]) and the one percent-decoder for text from links ([`percent_decode`]).

#![deny(missing_docs)]

mod budget;
mod hash;
mod lists;
mod rng;
mod steps;
mod text;

#[cfg(not(target_arch = "wasm32"))]
pub use budget::SystemClock;
pub use budget::{Aborted, Budget, Clock, Meter, SteppingClock};
pub use hash::{FxBuildHasher, FxHasher};
pub use lists::MoveLists;
pub use rng::{mix64, SplitMix64};
pub use steps::group_steps;
pub use text::{
    and_list, counted, group_thousands, is_invisible, percent_decode, quote_char, shown,
};
