//! What the worker sends back about a page's job, whatever the page: progress, the page's own
//! answer, or why the job failed. Each page names its requests and answers in its own
//! `protocol` module; [`crate::protocol`] carries them all between the page and the worker.

use serde::{Deserialize, Serialize};

/// How far a long job has come.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Nodes generated (for MCTS: iterations).
    pub generated: u64,
    /// Nodes expanded (for MCTS: iterations).
    pub expanded: u64,
    /// Milliseconds so far.
    pub millis: f64,
}

/// A message from the worker about one job of a page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply<A> {
    /// The job goes on.
    Progress(Progress),
    /// What the page asked for (some jobs answer in several parts).
    Answer(A),
    /// The job could not be done, and why (the worker's internal errors included).
    Failed(String),
}

/// How often the worker reports progress, in milliseconds.
pub const PROGRESS_MS: f64 = 100.0;

/// When a search tells the page how far it has come: every 16,384 nodes generated, at most every
/// [`PROGRESS_MS`].
#[derive(Clone, Copy, Debug)]
pub struct ProgressClock {
    started: f64,
    last: f64,
    next: u64,
}

impl ProgressClock {
    /// A clock started at `now` (milliseconds).
    pub fn new(now: f64) -> ProgressClock {
        ProgressClock {
            started: now,
            last: now,
            next: 16_384,
        }
    }

    /// After `generated` nodes (and `expanded`), the progress to report, if it is time.
    pub fn tick(
        &mut self,
        generated: u64,
        expanded: u64,
        now: &dyn Fn() -> f64,
    ) -> Option<Progress> {
        if generated < self.next {
            return None;
        }
        self.next = generated + 16_384;
        let t = now();
        (t - self.last >= PROGRESS_MS).then(|| {
            self.last = t;
            Progress {
                generated,
                expanded,
                millis: t - self.started,
            }
        })
    }
}
