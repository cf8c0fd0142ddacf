//! What a search did, counted.

use serde::Serialize;

/// Counts a search keeps. A node is *visited* when the search enters it; it is *evaluated* when
/// it is valued without searching below it (a terminal node, or a node at the depth limit).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Nodes entered, the root included.
    pub visited: u64,
    /// Nodes valued by their utility or the evaluation function.
    pub evaluated: u64,
    /// Times a node stopped early because its value reached the far end of its window.
    pub cutoffs: u64,
    /// Transposition-table entries found and used (to answer a node or narrow its window).
    pub table_hits: u64,
    /// Transposition-table entries written.
    pub table_stores: u64,
}

impl Stats {
    /// Adds another search's counts to these.
    pub fn add(&mut self, other: &Stats) {
        self.visited += other.visited;
        self.evaluated += other.evaluated;
        self.cutoffs += other.cutoffs;
        self.table_hits += other.table_hits;
        self.table_stores += other.table_stores;
    }

    /// The counts added since `earlier` was taken.
    pub fn since(&self, earlier: &Stats) -> Stats {
        Stats {
            visited: self.visited - earlier.visited,
            evaluated: self.evaluated - earlier.evaluated,
            cutoffs: self.cutoffs - earlier.cutoffs,
            table_hits: self.table_hits - earlier.table_hits,
            table_stores: self.table_stores - earlier.table_stores,
        }
    }
}

/// The fewest leaves any algorithm must examine to prove the value of a uniform tree of
/// branching `b` and depth `d` (Knuth and Moore, 1975): `b^⌈d/2⌉ + b^⌊d/2⌋ − 1`. Alpha-beta
/// reaches it when every node's best move comes first. `None` if it does not fit in a `u64`.
///
/// ```
/// assert_eq!(arbor_game::knuth_moore_minimum(3, 2), Some(5));
/// assert_eq!(arbor_game::knuth_moore_minimum(2, 3), Some(5));
/// ```
pub fn knuth_moore_minimum(b: u64, d: u32) -> Option<u64> {
    let hi = b.checked_pow(d.div_ceil(2))?;
    let lo = b.checked_pow(d / 2)?;
    (hi + lo).checked_sub(1)
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcome<M> {
    /// The root's value, for MAX.
    pub value: i32,
    /// The best move at the root (`None` at a terminal root).
    pub best: Option<M>,
    /// What the search did.
    pub stats: Stats,
}
