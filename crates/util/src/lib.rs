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

/// `v` kept within `lo..=hi` (`hi` where `lo > hi`; `lo` for NaN). Unlike `f64::clamp` it
/// cannot panic, and it carries no panic message: `f64::clamp`'s formats its bounds, which links
/// all of Rust's float formatting into whatever page calls it (about 7 KB of a first visit).
pub fn clamp(v: f64, lo: f64, hi: f64) -> f64 {
    v.max(lo).min(hi)
}

#[cfg(test)]
mod tests {
    use super::clamp;

    /// Where `f64::clamp` answers (bounds in order, no NaN), `clamp` answers the same; where it
    /// would panic, `clamp` gives the upper bound.
    #[test]
    fn clamp_is_f64_clamp_without_the_panic() {
        let values = [
            f64::NEG_INFINITY,
            -1e300,
            -3.5,
            -0.0,
            0.0,
            0.25,
            1.0,
            7.75,
            1e300,
            f64::INFINITY,
        ];
        for &v in &values {
            for &lo in &values {
                for &hi in &values {
                    if lo <= hi {
                        let (ours, std) = (clamp(v, lo, hi), v.clamp(lo, hi));
                        assert!(ours == std, "clamp({v}, {lo}, {hi}): {ours} against {std}");
                    } else {
                        assert_eq!(clamp(v, lo, hi), hi);
                    }
                }
            }
        }
        assert_eq!(clamp(f64::NAN, 1.0, 2.0), 1.0);
    }
}
