//! Replaying a recorded search over the explicit tree it searched: what every node shows after
//! any step. The stepper draws these frames; tests read the same frames, so what is checked is
//! what is shown.
//!
//! A *step* is a group of trace events that a person would tell as one thing:
//! - a node is entered with its window (α, β);
//! - a leaf (or a node at the depth limit, or one the table answers) is valued and its value
//!   handed to its parent, with the parent's α or β update;
//! - a finished node returns its value to its parent, with the parent's update;
//! - a cutoff prunes the rest of a node's children;
//! - a transposition-table entry narrows a window;
//! - iterative deepening starts a new iteration.

use std::ops::Range;

use crate::observe::{Bound, Event, HitEffect, Side, Trace, TraceId};
use crate::tree::{GameTree, NodeId};

/// What kind of thing a step does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// An inner node is entered.
    Enter,
    /// A node is valued without searching below it (a leaf, the depth limit, or the table),
    /// and the value goes to its parent.
    Evaluate,
    /// A node finished and returned its value to its parent.
    Return,
    /// A node stopped early; the rest of its children are pruned.
    Cutoff,
    /// The transposition table narrowed a node's window.
    TableHit,
    /// A new iteration of iterative deepening.
    Iteration,
}

/// One step of the replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The trace events it covers.
    pub events: Range<usize>,
    /// What it does.
    pub kind: StepKind,
    /// The node it is about (the node entered, valued, returning, or cut off); `None` for an
    /// iteration marker.
    pub node: Option<NodeId>,
}

/// How a node's shown value relates to its true minimax value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ValueKind {
    /// The value is exact.
    #[default]
    Exact,
    /// The true value is at least this (a MAX node cut off, or any node failing high).
    AtLeast,
    /// The true value is at most this.
    AtMost,
    /// An open node's best child so far, which bounds nothing yet: that child came back only
    /// bounded from the other side (it failed low under a MAX node, high under a MIN node),
    /// so the node's value may be below it (above it, for MIN).
    SoFar,
}

/// Where a node stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum NodeStatus {
    /// Not reached (in this iteration).
    #[default]
    Unvisited,
    /// Entered, not finished: on the search's current path.
    Open,
    /// Finished.
    Done,
    /// Never searched: below a cutoff.
    Pruned,
}

/// One node in a frame.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct NodeFrame {
    /// Where it stands.
    pub status: NodeStatus,
    /// Its value so far: final once done; for an open node, the best of its children so far.
    pub value: Option<i32>,
    /// How `value` relates to the true value.
    pub kind: ValueKind,
    /// Its utility vector (three or more players).
    pub vector: Option<Vec<i32>>,
    /// (α, β) as it stands (open) or as it was left (done), MAX's view.
    pub window: Option<(i32, i32)>,
    /// The table answered this node: searched no further.
    pub from_table: bool,
    /// The best child, once done.
    pub best: Option<NodeId>,
}

impl NodeFrame {
    /// A node just entered with this window.
    fn entered(window: Option<(i32, i32)>) -> NodeFrame {
        NodeFrame {
            status: NodeStatus::Open,
            window,
            ..NodeFrame::default()
        }
    }

    /// One side of the node's window moved to `value`.
    fn set_bound(&mut self, side: Side, value: i32) {
        if let Some((a, b)) = self.window.as_mut() {
            match side {
                Side::Alpha => *a = value,
                Side::Beta => *b = value,
            }
        }
    }

    /// A child's value returned to this open node (a MAX node if `max_node`): kept if it is
    /// the best so far. While the node is open that bounds its value from one side if the
    /// child's own value does (`child_kind`), else it is only the best so far.
    fn take_return(&mut self, max_node: bool, child: NodeId, child_kind: ValueKind, value: i32) {
        let better = match self.value {
            None => true,
            Some(v) if max_node => value > v,
            Some(v) => value < v,
        };
        if better {
            self.value = Some(value);
            self.best = Some(child);
            // While open, the best so far bounds the node's value from one side, if the
            // child's own value does: a child that failed low only says MAX gets at most
            // that much from it.
            self.kind = match (max_node, child_kind) {
                (true, ValueKind::Exact | ValueKind::AtLeast) => ValueKind::AtLeast,
                (false, ValueKind::Exact | ValueKind::AtMost) => ValueKind::AtMost,
                _ => ValueKind::SoFar,
            };
        }
    }

    /// A child's utility vector returned to this node, where `player` moves: kept if it is
    /// the best for that player so far.
    fn take_vector(&mut self, player: usize, child: NodeId, values: &[i32]) {
        if self
            .vector
            .as_ref()
            .is_none_or(|v| values[player] > v[player])
        {
            self.vector = Some(values.to_vec());
            self.best = Some(child);
        }
    }

    /// The table answered this node with `value`, a bound of this kind.
    fn answered_by_table(&mut self, value: i32, bound: Bound) {
        self.from_table = true;
        self.value = Some(value);
        self.kind = match bound {
            Bound::Exact => ValueKind::Exact,
            Bound::Lower => ValueKind::AtLeast,
            Bound::Upper => ValueKind::AtMost,
        };
    }

    /// The node finished with `value` (and `best`, if it searched below), having been entered
    /// with the window `entered`.
    fn exit(&mut self, value: i32, best: Option<NodeId>, entered: Option<(i32, i32)>) {
        self.status = NodeStatus::Done;
        self.value = Some(value);
        if best.is_some() {
            self.best = best;
        }
        // A searched node's value outside the window it entered with is only a bound; a
        // leaf's utility (or evaluation) is what it is.
        let searched = best.is_some();
        self.kind = match entered {
            Some((a, _)) if searched && value <= a => ValueKind::AtMost,
            Some((_, b)) if searched && value >= b => ValueKind::AtLeast,
            _ if self.from_table => self.kind,
            _ => ValueKind::Exact,
        };
    }

    /// A node of a game of three or more finished with these values (and `best`, if it
    /// searched below).
    fn exit_vector(&mut self, values: &[i32], best: Option<NodeId>) {
        self.status = NodeStatus::Done;
        self.vector = Some(values.to_vec());
        if best.is_some() {
            self.best = best;
        }
    }
}

/// A new iteration begins at `depth`: every node of `frame` back to as it was before the
/// search, told to `touch` first if it changes.
fn restart(frame: &mut Frame, depth: u32, touch: &mut dyn FnMut(NodeId, &NodeFrame)) {
    frame.iteration = Some(depth);
    for (i, n) in frame.nodes.iter_mut().enumerate() {
        if *n != NodeFrame::default() {
            touch(NodeId(i as u32), n);
            *n = NodeFrame::default();
        }
    }
}

/// Counts up to a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct FrameStats {
    /// Nodes entered.
    pub visited: u64,
    /// Nodes valued by utility or evaluation.
    pub evaluated: u64,
    /// Nodes currently marked pruned.
    pub pruned: u64,
    /// Cutoffs so far.
    pub cutoffs: u64,
    /// Table entries used.
    pub table_hits: u64,
}

/// Everything shown after some number of steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// One entry per tree node.
    pub nodes: Vec<NodeFrame>,
    /// The node the last step was about.
    pub current: Option<NodeId>,
    /// The iteration under way (iterative deepening), if any.
    pub iteration: Option<u32>,
    /// Counts so far.
    pub stats: FrameStats,
    /// True once the root has finished: the principal variation is known.
    pub finished: bool,
    /// Nodes on the principal variation (once finished), root first.
    pub principal: Vec<NodeId>,
}

/// A recorded search of an explicit tree, ready to be stepped.
#[derive(Clone, Debug)]
pub struct Replay {
    tree: std::rc::Rc<GameTree>,
    trace: Trace<NodeId, NodeId>,
    steps: Vec<Step>,
    /// The window each trace node was entered with.
    entry_windows: Vec<Option<(i32, i32)>>,
}

impl Replay {
    /// Groups the trace's events into steps.
    pub fn new(tree: impl Into<std::rc::Rc<GameTree>>, trace: Trace<NodeId, NodeId>) -> Replay {
        let tree = tree.into();
        let steps = group(&trace);
        let mut entry_windows = vec![None; trace.nodes.len()];
        for event in &trace.events {
            if let Event::Enter { node, window } = event {
                entry_windows[*node as usize] = *window;
            }
        }
        Replay {
            tree,
            trace,
            steps,
            entry_windows,
        }
    }

    /// The tree.
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    /// The trace.
    pub fn trace(&self) -> &Trace<NodeId, NodeId> {
        &self.trace
    }

    /// The steps, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Number of steps; frames go from 0 (nothing done) to this (the end).
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True if the search recorded nothing.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The tree node a trace node stands for.
    pub fn tree_node(&self, t: TraceId) -> NodeId {
        self.trace.nodes[t as usize].state
    }

    /// The frame after the first `done` steps (`done` is clamped to [`Replay::len`]).
    pub fn frame(&self, done: usize) -> Frame {
        let done = done.min(self.steps.len());
        let end = if done == 0 {
            0
        } else {
            self.steps[done - 1].events.end
        };
        let mut frame = self.empty_frame();
        for event in &self.trace.events[..end] {
            self.apply(&mut frame, event, &mut |_, _| {});
        }
        frame.stats.pruned = frame
            .nodes
            .iter()
            .filter(|n| n.status == NodeStatus::Pruned)
            .count() as u64;
        self.finish(&mut frame, done);
        frame
    }

    /// Sets what follows from the nodes after `done` steps: the current node, whether the root
    /// has finished, and then the principal variation.
    fn finish(&self, frame: &mut Frame, done: usize) {
        let root = self.tree.root();
        frame.current = if done == 0 {
            None
        } else {
            self.steps[done - 1].node
        };
        frame.finished = frame.nodes[root.index()].status == NodeStatus::Done;
        frame.principal.clear();
        if frame.finished {
            let mut at = Some(root);
            while let Some(id) = at {
                frame.principal.push(id);
                at = frame.nodes[id.index()].best;
            }
        }
    }

    /// A frame at step 0, with nothing done.
    fn empty_frame(&self) -> Frame {
        Frame {
            nodes: vec![NodeFrame::default(); self.tree.len()],
            current: None,
            iteration: None,
            stats: FrameStats::default(),
            finished: false,
            principal: Vec::new(),
        }
    }

    /// Applies one event to `frame`. `touch` hears of every node before it changes, with the
    /// node as it was (what [`Cursor`] keeps to step back).
    fn apply(
        &self,
        frame: &mut Frame,
        event: &Event<NodeId>,
        touch: &mut dyn FnMut(NodeId, &NodeFrame),
    ) {
        let node_of = |t: &TraceId| self.tree_node(*t);
        // The node an event changes, told to `touch` first.
        macro_rules! node {
            ($id:expr) => {{
                let id: NodeId = $id;
                touch(id, &frame.nodes[id.index()]);
                &mut frame.nodes[id.index()]
            }};
        }
        match event {
            Event::Iteration { depth } => restart(frame, *depth, touch),
            Event::Enter { node, window } => {
                let id = node_of(node);
                frame.stats.visited += 1;
                *node!(id) = NodeFrame::entered(*window);
            }
            Event::Evaluate { node, value, .. } => {
                frame.stats.evaluated += 1;
                node!(node_of(node)).value = Some(*value);
            }
            Event::EvaluateVector { node, values, .. } => {
                frame.stats.evaluated += 1;
                node!(node_of(node)).vector = Some(values.clone());
            }
            Event::Return { node, child, value } => {
                let (id, child) = (node_of(node), node_of(child));
                let max_node = self.tree.player_at(id) == 0;
                let child_kind = frame.nodes[child.index()].kind;
                node!(id).take_return(max_node, child, child_kind, *value);
            }
            Event::ReturnVector {
                node,
                child,
                values,
            } => {
                let (id, child) = (node_of(node), node_of(child));
                let player = self.tree.player_at(id);
                node!(id).take_vector(player, child, values);
            }
            Event::Bound { node, side, value } => node!(node_of(node)).set_bound(*side, *value),
            Event::Cutoff { skipped, .. } => {
                frame.stats.cutoffs += 1;
                for &s in skipped {
                    self.mark_pruned(frame, s, touch);
                }
            }
            Event::TableHit {
                node,
                value,
                bound,
                effect,
                ..
            } => {
                if *effect != HitEffect::MoveOnly {
                    frame.stats.table_hits += 1;
                }
                if *effect == HitEffect::Answered {
                    node!(node_of(node)).answered_by_table(*value, *bound);
                }
            }
            Event::TableStore { .. } => {}
            Event::Exit { node, value, best } => {
                let entered = self.entry_window(node);
                node!(node_of(node)).exit(*value, *best, entered);
            }
            Event::ExitVector { node, values, best } => {
                node!(node_of(node)).exit_vector(values, *best);
            }
        }
    }

    /// The window (α, β) the trace node `node` had just before event `event`: its entry window
    /// with the bound changes made to it since. Scans back from `event`, so it costs the
    /// distance to the node's entry, not a replay.
    pub fn window_before(&self, event: usize, node: TraceId) -> Option<(i32, i32)> {
        let (mut alpha, mut beta) = (None, None);
        for e in self.trace.events[..event.min(self.trace.events.len())]
            .iter()
            .rev()
        {
            match e {
                Event::Bound {
                    node: n,
                    side,
                    value,
                } if *n == node => match side {
                    Side::Alpha => alpha = alpha.or(Some(*value)),
                    Side::Beta => beta = beta.or(Some(*value)),
                },
                Event::Enter { node: n, window } if *n == node => {
                    let (a, b) = (*window)?;
                    return Some((alpha.unwrap_or(a), beta.unwrap_or(b)));
                }
                _ => {}
            }
        }
        None
    }

    /// The window a trace node was entered with.
    fn entry_window(&self, node: &TraceId) -> Option<(i32, i32)> {
        self.entry_windows.get(*node as usize).copied().flatten()
    }

    fn mark_pruned(
        &self,
        frame: &mut Frame,
        root: NodeId,
        touch: &mut dyn FnMut(NodeId, &NodeFrame),
    ) {
        let mut stack = vec![root];
        while let Some(id) = stack.pop() {
            touch(id, &frame.nodes[id.index()]);
            let n = &mut frame.nodes[id.index()];
            n.status = NodeStatus::Pruned;
            n.value = None;
            n.window = None;
            stack.extend(self.tree.node(id).children.iter().copied());
        }
    }
}

/// What one step changed, to undo it.
#[derive(Clone, Debug)]
struct Undo {
    /// Each node it changed, as it was before (once each).
    nodes: Vec<(NodeId, NodeFrame)>,
    stats: FrameStats,
    iteration: Option<u32>,
}

/// A frame kept up to date as the replay is stepped: a step forward applies that step's events
/// and remembers what they changed, a step back puts it back — each costs what the step
/// changed, not the size of the tree or the length of the search. [`Cursor::frame`] is always
/// equal to [`Replay::frame`] at [`Cursor::done`].
#[derive(Clone, Debug)]
pub struct Cursor {
    frame: Frame,
    done: usize,
    undo: Vec<Undo>,
    /// The step (plus one) at which each node was last saved in `undo`.
    saved: Vec<usize>,
    /// Nodes changed by the moves since [`Cursor::take_changed`] was last called.
    changed: Vec<NodeId>,
}

impl Cursor {
    /// A cursor at step 0 of `replay`.
    pub fn new(replay: &Replay) -> Cursor {
        Cursor {
            frame: replay.empty_frame(),
            done: 0,
            undo: Vec::new(),
            saved: vec![0; replay.tree.len()],
            changed: Vec::new(),
        }
    }

    /// The frame after [`Cursor::done`] steps.
    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    /// Steps done.
    pub fn done(&self) -> usize {
        self.done
    }

    /// The nodes whose frame changed since the last call (each at most once per step; the
    /// current node and the principal variation are not listed: see the frame).
    pub fn take_changed(&mut self) -> Vec<NodeId> {
        std::mem::take(&mut self.changed)
    }

    /// Moves to step `target` (clamped to the replay's length) of `replay`, which must be the
    /// replay the cursor was made for.
    pub fn seek(&mut self, replay: &Replay, target: usize) {
        let target = target.min(replay.len());
        if target == 0 && self.done > 0 {
            // Back to the start at once, rather than undoing every step.
            let changed: Vec<NodeId> = self
                .frame
                .nodes
                .iter()
                .enumerate()
                .filter(|(_, n)| **n != NodeFrame::default())
                .map(|(i, _)| NodeId(i as u32))
                .collect();
            *self = Cursor::new(replay);
            self.changed = changed;
            return;
        }
        while self.done < target {
            self.forward(replay);
        }
        while self.done > target {
            self.back(replay);
        }
        replay.finish(&mut self.frame, self.done);
    }

    fn forward(&mut self, replay: &Replay) {
        let step = &replay.steps[self.done];
        let stamp = self.done + 1;
        let mut undo = Undo {
            nodes: Vec::new(),
            stats: self.frame.stats,
            iteration: self.frame.iteration,
        };
        let (saved, changed) = (&mut self.saved, &mut self.changed);
        let mut pruned: i64 = 0;
        let mut touch = |id: NodeId, before: &NodeFrame| {
            if saved[id.index()] != stamp {
                saved[id.index()] = stamp;
                if before.status == NodeStatus::Pruned {
                    pruned -= 1;
                }
                undo.nodes.push((id, before.clone()));
                changed.push(id);
            }
        };
        for event in &replay.trace.events[step.events.clone()] {
            replay.apply(&mut self.frame, event, &mut touch);
        }
        for (id, _) in &undo.nodes {
            if self.frame.nodes[id.index()].status == NodeStatus::Pruned {
                pruned += 1;
            }
        }
        self.frame.stats.pruned = self.frame.stats.pruned.saturating_add_signed(pruned);
        self.undo.push(undo);
        self.done += 1;
    }

    fn back(&mut self, _replay: &Replay) {
        let Some(undo) = self.undo.pop() else {
            return;
        };
        self.done -= 1;
        for (id, before) in undo.nodes.into_iter().rev() {
            self.saved[id.index()] = 0;
            self.changed.push(id);
            self.frame.nodes[id.index()] = before;
        }
        self.frame.stats = undo.stats;
        self.frame.iteration = undo.iteration;
    }
}

/// Splits the events into steps (see the module documentation).
fn group(trace: &Trace<NodeId, NodeId>) -> Vec<Step> {
    let events = &trace.events;
    let node_of = |t: TraceId| trace.nodes[t as usize].state;
    let mut steps = Vec::new();
    let mut i = 0;
    // After a node's exit, its parent's Return and Bound belong to the same step.
    let take_return = |mut j: usize| {
        if matches!(
            events.get(j),
            Some(Event::Return { .. } | Event::ReturnVector { .. })
        ) {
            j += 1;
            while matches!(events.get(j), Some(Event::Bound { .. })) {
                j += 1;
            }
        }
        j
    };
    while i < events.len() {
        let start = i;
        let (kind, node, end) = match &events[i] {
            Event::Iteration { .. } => (StepKind::Iteration, None, i + 1),
            Event::Enter { node, .. } => {
                // A node valued on the spot: Enter, Evaluate (or an answering table hit), Exit.
                let valued = matches!(
                    events.get(i + 1),
                    Some(Event::Evaluate { .. } | Event::EvaluateVector { .. })
                        | Some(Event::TableHit {
                            effect: HitEffect::Answered,
                            ..
                        })
                ) && matches!(
                    events.get(i + 2),
                    Some(Event::Exit { .. } | Event::ExitVector { .. })
                );
                if valued {
                    (StepKind::Evaluate, Some(node_of(*node)), take_return(i + 3))
                } else {
                    (StepKind::Enter, Some(node_of(*node)), i + 1)
                }
            }
            Event::TableStore { node, .. }
            | Event::Exit { node, .. }
            | Event::ExitVector { node, .. } => {
                let mut j = i;
                while matches!(events.get(j), Some(Event::TableStore { .. })) {
                    j += 1;
                }
                if matches!(
                    events.get(j),
                    Some(Event::Exit { .. } | Event::ExitVector { .. })
                ) {
                    j += 1;
                }
                (StepKind::Return, Some(node_of(*node)), take_return(j))
            }
            Event::Cutoff { node, .. } => (StepKind::Cutoff, Some(node_of(*node)), i + 1),
            Event::TableHit { node, .. } => (StepKind::TableHit, Some(node_of(*node)), i + 1),
            other => (StepKind::Return, other.node().map(node_of), i + 1),
        };
        steps.push(Step {
            events: start..end.max(start + 1),
            kind,
            node,
        });
        i = end.max(start + 1);
    }
    steps
}
