//! Graph search's memory of the states it has reached: for each, the node with the cheapest
//! path to it so far — in a hash table, or, for a problem that numbers its states densely
//! ([`Problem::dense_states`]), in an array indexed by the state's number: one memory access
//! where a table takes a probe, which on a large grid is most of A*'s time.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::Hash;

use arbor_util::FxBuildHasher;

use crate::problem::Problem;

/// An array slot no node has.
const NONE: u32 = u32::MAX;

/// The states reached, each with its node's index.
pub(crate) enum Reached<S> {
    /// Keyed by the state.
    Table(HashMap<S, u32, FxBuildHasher>),
    /// By the state's number: its node's index, or [`NONE`]; and how many are set.
    Dense(Vec<u32>, usize),
}

impl<S: Clone + Eq + Hash> Reached<S> {
    /// Room for the states of `problem`.
    pub(crate) fn for_problem<P: Problem<State = S>>(problem: &P) -> Self {
        match problem.dense_states() {
            0 => Reached::Table(HashMap::default()),
            n => Reached::Dense(vec![NONE; n], 0),
        }
    }

    /// How many states are recorded.
    pub(crate) fn len(&self) -> usize {
        match self {
            Reached::Table(t) => t.len(),
            Reached::Dense(_, len) => *len,
        }
    }

    /// The node recorded for `state` (whose number is `number`, for a dense problem), to read
    /// or replace; or, if there is none, `None` after recording `node` for it.
    #[inline(always)]
    pub(crate) fn get_or_insert(
        &mut self,
        state: &S,
        number: usize,
        node: u32,
    ) -> Option<&mut u32> {
        match self {
            Reached::Table(t) => match t.entry(state.clone()) {
                Entry::Occupied(e) => Some(e.into_mut()),
                Entry::Vacant(e) => {
                    e.insert(node);
                    None
                }
            },
            Reached::Dense(at, len) => {
                let slot = &mut at[number];
                if *slot == NONE {
                    *slot = node;
                    *len += 1;
                    None
                } else {
                    Some(slot)
                }
            }
        }
    }
}
