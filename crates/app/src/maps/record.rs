//! A search on a benchmark map, recorded compactly enough to step through hundreds of thousands of
//! expansions: each step is a node taken from the frontier, with the cells whose marks the
//! engine's events changed in it (each change keeps the mark before, so a step back undoes it).
//! The page keeps one array of marks and moves it step by step ([`MapMarks::seek`]), never
//! replaying the search from its start.
//!
//! A cell's mark is the strongest standing any of its nodes has had — reached and dropped,
//! frontier, explored — as the grid page's [`crate::search::cell_marks`] shows it; a test checks
//! the two agree at every step on small grids.

use arbor_search::{Cost, Cut, Dropped, NodeId, Observer, Problem, Rank};
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::MapResult;
use crate::search::CellMark;
use crate::work::{ProgressClock, Reply};

/// The most steps recorded; the search goes on unrecorded after them.
pub const RECORD_STEPS: usize = 300_000;

/// A map search's record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapRecord {
    /// Step k's (1-based) node taken from the frontier: its cell, at `taken[k - 1]`.
    pub taken: Vec<u32>,
    /// Its path cost.
    pub g: Vec<Cost>,
    /// Its estimate.
    pub h: Vec<Cost>,
    /// Where step k's changes end in `changes` (`ends[0]`: the start's, before any step).
    pub ends: Vec<u32>,
    /// The changes: a cell, its mark before and its mark after ([`change`]).
    pub changes: Vec<u32>,
    /// True when the search went on past the steps recorded.
    pub cut_short: bool,
}

/// A change of `cell`'s mark from `old` to `new`, in one number.
pub fn change(cell: u32, old: CellMark, new: CellMark) -> u32 {
    cell | (old as u32) << 24 | (new as u32) << 28
}

/// A change's cell, mark before and mark after.
pub fn parts(change: u32) -> (usize, CellMark, CellMark) {
    (
        (change & 0x00ff_ffff) as usize,
        CellMark::from_bits(change >> 24 & 0xf),
        CellMark::from_bits(change >> 28),
    )
}

impl MapRecord {
    /// Steps recorded (nodes taken from the frontier).
    pub fn steps(&self) -> usize {
        self.taken.len()
    }

    /// Step `k`'s changes (`0`: the start's).
    pub fn changes_of(&self, k: usize) -> &[u32] {
        let from = if k == 0 { 0 } else { self.ends[k - 1] as usize };
        let to = self.ends.get(k).map_or(from, |&e| e as usize);
        &self.changes[from.min(to)..to]
    }
}

/// Each cell's mark at a step, moved from step to step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapMarks {
    /// Each cell's mark, row-major.
    pub marks: Vec<CellMark>,
    /// The step they are at.
    pub at: usize,
    /// Cells with each mark, by the mark's number (every mark has one, so a record naming a
    /// mark a search never gives a cell cannot index past the end).
    pub counts: [usize; 6],
}

impl MapMarks {
    /// The marks of a map of `cells` cells at step 0 of `record`.
    pub fn new(record: &MapRecord, cells: usize) -> MapMarks {
        let mut m = MapMarks {
            marks: vec![CellMark::None; cells],
            at: 0,
            counts: [cells, 0, 0, 0, 0, 0],
        };
        for &c in record.changes_of(0) {
            let (cell, _, new) = parts(c);
            m.set(cell, new);
        }
        m
    }

    fn set(&mut self, cell: usize, mark: CellMark) {
        if let Some(m) = self.marks.get_mut(cell) {
            self.counts[*m as usize] -= 1;
            self.counts[mark as usize] += 1;
            *m = mark;
        }
    }

    /// Moves to step `to` (at most the last), a step at a time, telling `changed` of each cell
    /// whose mark changes.
    pub fn seek(
        &mut self,
        record: &MapRecord,
        to: usize,
        mut changed: impl FnMut(usize, CellMark),
    ) {
        let to = to.min(record.steps());
        while self.at < to {
            self.at += 1;
            for &c in record.changes_of(self.at) {
                let (cell, _, new) = parts(c);
                self.set(cell, new);
                changed(cell, new);
            }
        }
        while self.at > to {
            for &c in record.changes_of(self.at).iter().rev() {
                let (cell, old, _) = parts(c);
                self.set(cell, old);
                changed(cell, old);
            }
            self.at -= 1;
        }
    }

    /// Cells in the frontier.
    pub fn frontier(&self) -> usize {
        self.counts[CellMark::Frontier as usize]
    }

    /// Cells explored.
    pub fn explored(&self) -> usize {
        self.counts[CellMark::Explored as usize]
    }
}

/// The marks at the step shown — the page's one cursor over a record: the caption reads its
/// counts, and the map's image repaints only the cells changed since it last asked
/// ([`Shown::take_changes`]).
#[derive(Debug)]
pub struct Shown {
    /// The record the marks are of.
    of: Option<Rc<MapResult>>,
    /// The marks (none: no record, the bare map).
    pub marks: Option<MapMarks>,
    /// Cells changed since the image last asked.
    changed: Vec<usize>,
    /// Every cell to repaint: the record changed since the image last asked.
    all: bool,
}

impl Default for Shown {
    /// No record; the first image to ask repaints every cell.
    fn default() -> Self {
        Shown {
            of: None,
            marks: None,
            changed: Vec::new(),
            all: true,
        }
    }
}

/// What the image must repaint.
#[derive(Debug, PartialEq, Eq)]
pub enum Repaint {
    /// Every cell (another record, or none).
    All,
    /// These cells (each may be listed more than once).
    Cells(Vec<usize>),
}

impl Shown {
    /// Moves to step `step` of `result` on a map of `cells` cells (another record: its marks
    /// from step 0).
    pub fn show(&mut self, result: Option<&Rc<MapResult>>, step: usize, cells: usize) {
        let same = match (&self.of, result) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same || self.marks.as_ref().is_some_and(|m| m.marks.len() != cells) {
            self.of = result.cloned();
            self.marks = result.map(|r| MapMarks::new(&r.record, cells));
            self.changed.clear();
            self.all = true;
        }
        let (Some(r), Some(marks)) = (&self.of, &mut self.marks) else {
            return;
        };
        let changed = &mut self.changed;
        marks.seek(&r.record, step, |cell, _| changed.push(cell));
    }

    /// What changed since the last call.
    pub fn take_changes(&mut self) -> Repaint {
        if std::mem::take(&mut self.all) {
            self.changed.clear();
            Repaint::All
        } else {
            Repaint::Cells(std::mem::take(&mut self.changed))
        }
    }

    /// Cell `cell`'s mark (none without a record).
    pub fn mark(&self, cell: usize) -> CellMark {
        self.marks
            .as_ref()
            .and_then(|m| m.marks.get(cell).copied())
            .unwrap_or_default()
    }
}

/// The observer that records a map search (and reports its progress through `post`).
pub struct MapWatch<'a, F> {
    /// The record so far.
    pub record: MapRecord,
    marks: Vec<CellMark>,
    cells: Vec<u32>,
    costs: Vec<(Cost, Cost)>,
    recording: bool,
    limit: usize,
    cell_of: F,
    generated: u64,
    expanded: u64,
    clock: ProgressClock,
    post: &'a mut dyn FnMut(Reply<super::Answer>),
    now: &'a dyn Fn() -> f64,
}

impl<'a, F> MapWatch<'a, F> {
    /// A watch over a map of `cells` cells, recording at most `limit` steps; `cell_of` gives a
    /// state's cell.
    pub fn new(
        cells: usize,
        limit: usize,
        cell_of: F,
        post: &'a mut dyn FnMut(Reply<super::Answer>),
        now: &'a dyn Fn() -> f64,
    ) -> Self {
        MapWatch {
            record: MapRecord::default(),
            marks: vec![CellMark::None; cells],
            cells: Vec::new(),
            costs: Vec::new(),
            recording: true,
            limit,
            cell_of,
            generated: 0,
            expanded: 0,
            clock: ProgressClock::new(now()),
            post,
            now,
        }
    }

    /// The record, its last step closed.
    pub fn finish(mut self) -> MapRecord {
        if self.recording {
            self.record.ends.push(self.record.changes.len() as u32);
        }
        self.record
    }

    /// Node `id`'s cell now at least `mark`.
    fn mark(&mut self, id: NodeId, mark: CellMark) {
        if !self.recording {
            return;
        }
        let Some(&cell) = self.cells.get(id as usize) else {
            return;
        };
        let Some(old) = self.marks.get_mut(cell as usize) else {
            return;
        };
        if mark > *old {
            self.record.changes.push(change(cell, *old, mark));
            *old = mark;
        }
    }
}

impl<P: Problem, F: Fn(&P::State) -> u32> Observer<P> for MapWatch<'_, F> {
    fn generated(
        &mut self,
        node: NodeId,
        _parent: Option<NodeId>,
        _action: Option<P::Action>,
        state: &P::State,
        g: Cost,
        h: Cost,
    ) {
        self.generated += 1;
        if self.recording && node as usize == self.cells.len() {
            self.cells.push((self.cell_of)(state));
            self.costs.push((g, h));
            Observer::<P>::pushed(self, node, [0; 3]);
        }
        if let Some(p) = self.clock.tick(self.generated, self.expanded, self.now) {
            (self.post)(Reply::Progress(p));
        }
    }

    fn pushed(&mut self, node: NodeId, _rank: Rank) {
        self.mark(node, CellMark::Frontier);
    }

    fn popped(&mut self, node: NodeId) {
        if !self.recording {
            return;
        }
        if self.record.taken.len() == self.limit {
            self.record.ends.push(self.record.changes.len() as u32);
            self.record.cut_short = true;
            self.recording = false;
            // What recording needed is not needed any more.
            self.cells = Vec::new();
            self.costs = Vec::new();
            self.marks = Vec::new();
            return;
        }
        let (Some(&cell), Some(&(g, h))) =
            (self.cells.get(node as usize), self.costs.get(node as usize))
        else {
            return;
        };
        self.record.ends.push(self.record.changes.len() as u32);
        self.record.taken.push(cell);
        self.record.g.push(g);
        self.record.h.push(h);
    }

    fn goal_test(&mut self, node: NodeId, _goal: bool) {
        self.mark(node, CellMark::Explored);
    }

    fn expanded(&mut self, node: NodeId) {
        self.expanded += 1;
        self.mark(node, CellMark::Explored);
    }

    fn dropped(&mut self, node: NodeId, _why: Dropped) {
        self.mark(node, CellMark::Dropped);
    }

    fn cut_off(&mut self, node: NodeId, _why: Cut) {
        self.mark(node, CellMark::Dropped);
    }

    fn found(&mut self, node: NodeId) {
        self.mark(node, CellMark::Explored);
    }
}
