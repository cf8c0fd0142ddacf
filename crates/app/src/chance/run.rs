//! The engine's recorded run on a tree with chance nodes, grouped into steps a person tells
//! as one thing, and the frame after any step.

use arbor_game::replay::NodeStatus;
use arbor_game::{
    expectiminimax, ExpectEvent, ExpectKind, ExpectOptions, ExpectRecorder, ExpectStats, GameTree,
    NodeId, Ratio, Rule, Window,
};
use std::ops::Range;
use std::rc::Rc;

/// What a step does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// An inner node is entered.
    Enter,
    /// A leaf is valued and its value handed to its parent.
    Leaf,
    /// An inner node finished and handed its value to its parent.
    Return,
    /// A node stops early; the rest of its children are pruned.
    Cutoff,
}

/// A group of events a person tells as one thing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The events it covers.
    pub events: Range<usize>,
    /// What it does.
    pub kind: StepKind,
    /// The node it is about.
    pub node: NodeId,
}

/// The engine's recorded run on a tree, ready to step.
#[derive(Debug)]
pub struct ChanceRun {
    /// The tree.
    pub tree: Rc<GameTree>,
    /// The rule it ran under.
    pub rule: Rule,
    /// The leaf bounds it pruned with.
    pub bounds: Option<(i32, i32)>,
    /// Every event, in order.
    pub events: Vec<ExpectEvent>,
    /// The events grouped into steps.
    pub steps: Vec<Step>,
    /// The root's value.
    pub value: Ratio,
    /// The root's chosen child (a decision root).
    pub best: Option<NodeId>,
    /// Counts.
    pub stats: ExpectStats,
    /// Leaves the same search evaluates without pruning.
    pub unpruned: u64,
}

/// Most nodes of a tree the chance stepper records (every step replays from the start).
pub const CHANCE_NODE_LIMIT: usize = 5_000;

/// Runs the engine on `tree`, recording it.
pub fn run(
    tree: Rc<GameTree>,
    rule: Rule,
    bounds: Option<(i32, i32)>,
) -> Result<ChanceRun, String> {
    if tree.len() > CHANCE_NODE_LIMIT {
        return Err(format!(
            "the tree has {} nodes; the chance stepper shows trees of up to {CHANCE_NODE_LIMIT}",
            tree.len()
        ));
    }
    let mut rec = ExpectRecorder::default();
    let outcome = expectiminimax(&tree, &ExpectOptions { rule, bounds }, &mut rec)
        .map_err(|e| e.to_string())?;
    let unpruned = expectiminimax(
        &tree,
        &ExpectOptions { rule, bounds: None },
        &mut arbor_game::Quiet,
    )
    .map_err(|e| e.to_string())?
    .stats
    .evaluated;
    let steps = group(&tree, &rec.events);
    Ok(ChanceRun {
        tree,
        rule,
        bounds,
        steps,
        events: rec.events,
        value: outcome.value,
        best: outcome.best,
        stats: outcome.stats,
        unpruned,
    })
}

/// Steps begin where an inner node is entered, a leaf is entered (its value and its parent's
/// update go with it), an inner node exits (its parent's update goes with it) or a node is cut
/// off.
fn group(tree: &GameTree, events: &[ExpectEvent]) -> Vec<Step> {
    arbor_util::group_steps(events.len(), |i, _| match &events[i] {
        ExpectEvent::Enter { node, .. } if tree.node(*node).is_leaf() => {
            Some((StepKind::Leaf, *node))
        }
        ExpectEvent::Enter { node, .. } => Some((StepKind::Enter, *node)),
        ExpectEvent::Exit { node, .. } if !tree.node(*node).is_leaf() => {
            Some((StepKind::Return, *node))
        }
        ExpectEvent::Cutoff { node, .. } => Some((StepKind::Cutoff, *node)),
        _ => None,
    })
    .into_iter()
    .map(|(events, (kind, node))| Step { events, kind, node })
    .collect()
}

/// One node after some steps.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ChanceNodeFrame {
    /// Where it stands.
    pub standing: NodeStatus,
    /// Done: its value (a bound unless `kind` is exact). Open decision node: the best so far.
    pub value: Option<Ratio>,
    /// What the value says.
    pub kind: Option<ExpectKind>,
    /// The window it was entered with (searches that prune).
    pub window: Option<Window>,
    /// A chance node: Σ p·v over the children returned so far.
    pub so_far: Option<Ratio>,
    /// Values its children returned, by child position (a chance node's expression).
    pub returned: Vec<Option<Ratio>>,
}

/// Everything shown after some steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChanceFrame {
    /// One entry per tree node.
    pub nodes: Vec<ChanceNodeFrame>,
    /// The node the last step was about.
    pub current: Option<NodeId>,
    /// Leaves valued so far.
    pub evaluated: u64,
    /// Nodes entered so far.
    pub visited: u64,
    /// Cutoffs so far.
    pub cutoffs: u64,
    /// Nodes pruned so far.
    pub pruned: u64,
    /// The root has finished.
    pub finished: bool,
}

impl ChanceRun {
    /// Number of steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Never true: a run enters its root.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The frame after `step` steps, replayed from the events.
    pub fn frame(&self, step: usize) -> ChanceFrame {
        let tree = &self.tree;
        let mut nodes = vec![ChanceNodeFrame::default(); tree.len()];
        let mut frame = ChanceFrame {
            nodes: Vec::new(),
            current: None,
            evaluated: 0,
            visited: 0,
            cutoffs: 0,
            pruned: 0,
            finished: false,
        };
        let step = step.min(self.steps.len());
        let end = if step == 0 {
            0
        } else {
            self.steps[step - 1].events.end
        };
        for e in &self.events[..end] {
            match e {
                ExpectEvent::Enter { node, window } => {
                    frame.visited += 1;
                    let n = &mut nodes[node.index()];
                    n.standing = NodeStatus::Open;
                    n.window = self.bounds.map(|_| *window);
                    n.returned = vec![None; tree.node(*node).children.len()];
                }
                ExpectEvent::Leaf { .. } => frame.evaluated += 1,
                ExpectEvent::Returned {
                    node,
                    child,
                    value,
                    so_far,
                } => {
                    let n = &mut nodes[node.index()];
                    if let Some(k) = tree.node(*node).children.iter().position(|c| c == child) {
                        n.returned[k] = Some(*value);
                    }
                    if tree.node(*node).is_chance() {
                        n.so_far = Some(*so_far);
                    } else {
                        n.value = Some(*so_far);
                    }
                }
                ExpectEvent::Bound { node, alpha, value } => {
                    if let Some((a, b)) = &mut nodes[node.index()].window {
                        if *alpha {
                            *a = Some(*value);
                        } else {
                            *b = Some(*value);
                        }
                    }
                }
                ExpectEvent::Cutoff { skipped, .. } => {
                    frame.cutoffs += 1;
                    let mut stack = skipped.clone();
                    while let Some(id) = stack.pop() {
                        nodes[id.index()].standing = NodeStatus::Pruned;
                        frame.pruned += 1;
                        stack.extend(&tree.node(id).children);
                    }
                }
                ExpectEvent::Exit {
                    node, value, kind, ..
                } => {
                    let n = &mut nodes[node.index()];
                    n.standing = NodeStatus::Done;
                    n.value = Some(*value);
                    n.kind = Some(*kind);
                    if *node == tree.root() {
                        frame.finished = true;
                    }
                }
            }
        }
        frame.current = (step > 0).then(|| self.steps[step - 1].node);
        frame.nodes = nodes;
        frame
    }

    /// The decision path from the root through each chosen child, once finished.
    pub fn principal(&self, frame: &ChanceFrame) -> Vec<NodeId> {
        let mut out = Vec::new();
        if !frame.finished {
            return out;
        }
        let mut at = Some(self.tree.root());
        while let Some(id) = at {
            out.push(id);
            at = self.events.iter().find_map(|e| match e {
                ExpectEvent::Exit { node, best, .. } if *node == id => *best,
                _ => None,
            });
        }
        out
    }
}
