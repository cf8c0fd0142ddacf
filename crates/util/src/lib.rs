//! What Arbor's search crates share: limits on a search ([`Budget`], with a [`Clock`] the caller
//! provides, since the browser and the machine keep time differently) and a seeded random
//! generator ([`SplitMix64`]), a fast hasher for search tables ([`FxHasher`]) and reusable move
//! lists ([`MoveLists`]).

#![deny(missing_docs)]

mod budget;
mod hash;
mod lists;
mod rng;

#[cfg(not(target_arch = "wasm32"))]
pub use budget::SystemClock;
pub use budget::{Aborted, Budget, Clock, Meter};
pub use hash::{FxBuildHasher, FxHasher};
pub use lists::MoveLists;
pub use rng::{mix64, SplitMix64};
