//! What the stepper's tree view reads at a step: the frame, kept by a cursor that moves a step
//! at a time (a step costs what it changes), and each node's mark in it.

use std::rc::Rc;

use arbor_game::replay::{Cursor, Frame};

use super::{highlighted, mark_of, Perspective, Run};
use crate::scene::NodeMark;

/// A run's frame at the step on show. It holds the run it follows, so a new run is always
/// told from the old one (never by an address the old one freed: see [`crate::same`]).
pub struct StepView {
    run: Rc<Run>,
    cursor: Cursor,
}

impl StepView {
    /// At step 0 of `run`.
    pub fn new(run: Rc<Run>) -> StepView {
        let cursor = Cursor::new(&run.replay);
        StepView { run, cursor }
    }

    /// Moves to `step` of `run` (from step 0 if `run` is not the run followed so far) and
    /// returns the nodes whose looks may have changed: those the steps changed, and the
    /// current node and principal variation before and after. After a new run, every node may
    /// have changed: `None`.
    pub fn seek(&mut self, run: &Rc<Run>, step: usize) -> Option<Vec<usize>> {
        if !Rc::ptr_eq(&self.run, run) {
            *self = StepView::new(run.clone());
            self.cursor.seek(&run.replay, step);
            self.cursor.take_changed();
            return None;
        }
        let before = highlighted(self.cursor.frame());
        self.cursor.seek(&self.run.replay, step);
        let mut changed: Vec<usize> = self
            .cursor
            .take_changed()
            .iter()
            .map(|n| n.index())
            .collect();
        changed.extend(before.into_iter().chain(highlighted(self.cursor.frame())));
        Some(changed)
    }

    /// The run followed.
    pub fn run(&self) -> &Rc<Run> {
        &self.run
    }

    /// The frame at the step.
    pub fn frame(&self) -> &Frame {
        self.cursor.frame()
    }

    /// The step.
    pub fn step(&self) -> usize {
        self.cursor.done()
    }

    /// Node `k`'s mark at the step (see [`mark_of`]).
    pub fn mark(&self, k: usize, perspective: Perspective, known_leaves: bool) -> NodeMark {
        mark_of(
            self.run.replay.tree(),
            self.cursor.frame(),
            k,
            perspective,
            known_leaves,
        )
    }
}
