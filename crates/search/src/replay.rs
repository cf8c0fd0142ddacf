//! Replaying a recorded search step by step: which nodes are in the frontier, which explored,
//! which not yet seen, and in what order — from the trace alone, so the visualiser shows what
//! the search did.
//!
//! A *step* groups the events a person would tell as one thing:
//! - a new iteration;
//! - a node taken from the frontier (or, in IDA*, reached) and goal-tested — with a depth
//!   cutoff, a stale skip or the goal found;
//! - a node expanded, with the children generated and what became of each (pushed, dropped,
//!   cut off) until the search moves on to visit one;
//! - in IDA*, more children generated when the search comes back to a node.

use serde::{Deserialize, Serialize};

use crate::observe::{Cut, Dropped, Event, NodeId, Rank};
use crate::outcome::{Algorithm, Cost};

/// What the replay needs to know of a recorded node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NodeInfo {
    /// Its parent.
    pub parent: Option<NodeId>,
    /// Path cost from the start.
    pub g: Cost,
    /// Heuristic estimate.
    pub h: Cost,
    /// Depth in the search tree.
    pub depth: u32,
    /// The iteration it belongs to (0 without iterations).
    pub iteration: u32,
}

impl<S, A> From<&crate::observe::TraceNode<S, A>> for NodeInfo {
    fn from(n: &crate::observe::TraceNode<S, A>) -> NodeInfo {
        NodeInfo {
            parent: n.parent,
            g: n.g,
            h: n.h,
            depth: n.depth,
            iteration: n.iteration,
        }
    }
}

/// What a step does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// The search starts: the start node is generated.
    Start,
    /// A new iteration.
    Iteration,
    /// A node is visited: taken from the frontier and goal-tested.
    Visit,
    /// A node is expanded and its children generated.
    Expand,
    /// More children of an earlier-expanded node are generated (IDA*, after backtracking).
    Generate,
    /// Bidirectional search: the two searches have met on the cheapest path (the step's node
    /// is the forward search's meeting node).
    Meet,
}

/// One step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The events it covers.
    pub events: std::ops::Range<usize>,
    /// What it does.
    pub kind: StepKind,
    /// The node it is about.
    pub node: Option<NodeId>,
}

/// Where a node stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum Seen {
    /// Not generated yet (or in another iteration).
    #[default]
    NotYet,
    /// Generated and waiting in the frontier.
    Frontier,
    /// Generated, not in a frontier (IDA* generates and descends at once).
    Generated,
    /// Taken from the frontier and goal-tested, not expanded (yet).
    Visited,
    /// Expanded: its children were generated.
    Expanded,
    /// Dropped as a repeat.
    Dropped(Dropped),
    /// Not expanded because of a limit.
    CutOff(Cut),
    /// The goal.
    Goal,
}

/// The state after some steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchFrame {
    /// Each recorded node's standing.
    pub seen: Vec<Seen>,
    /// Each node's place in expansion order (1 for the first expanded), if expanded.
    pub expansion: Vec<Option<u32>>,
    /// The node the last step was about.
    pub current: Option<NodeId>,
    /// The iteration under way (its depth limit or f bound), for iterative searches.
    pub iteration: Option<Cost>,
    /// The frontier, next to leave first (IDA*: the current path, deepest first).
    pub frontier: Vec<NodeId>,
    /// Expanded nodes of this iteration, in order.
    pub explored: Vec<NodeId>,
    /// Nodes goal-tested in each iteration, in order: the traversal order.
    pub visits: Vec<(Option<Cost>, Vec<NodeId>)>,
    /// Counts so far (over all iterations).
    pub expanded: u64,
    /// Nodes generated so far (the start once).
    pub generated: u64,
    /// Largest frontier so far.
    pub peak_frontier: usize,
    /// The goal node, once found.
    pub found: Option<NodeId>,
    /// The path from the start to the goal (once found), start first.
    pub path: Vec<NodeId>,
    /// Bidirectional search: the backward search's node where the two met (the forward one
    /// is `found`).
    pub met: Option<NodeId>,
}

/// A recorded search, ready to step.
#[derive(Clone, Debug)]
pub struct SearchReplay {
    nodes: Vec<NodeInfo>,
    events: Vec<Event>,
    algorithm: Algorithm,
    steps: Vec<Step>,
    /// The rank each node joined the frontier with (none if it never did).
    ranks: Vec<Option<Rank>>,
}

impl SearchReplay {
    /// Groups the events into steps. `nodes[i]` describes node `i`.
    pub fn new(nodes: Vec<NodeInfo>, events: Vec<Event>, algorithm: Algorithm) -> SearchReplay {
        let steps = group(&events);
        let mut ranks = vec![None; nodes.len()];
        for e in &events {
            if let Event::Push { node, rank } = *e {
                if let Some(slot) = ranks.get_mut(node as usize) {
                    *slot = Some(rank);
                }
            }
        }
        SearchReplay {
            nodes,
            events,
            algorithm,
            steps,
            ranks,
        }
    }

    /// The rank a node joined the frontier with, as the engine recorded it: the frontier gives
    /// up its nodes in increasing rank (see [`Rank`]). For uniform cost, greedy and A*, its
    /// first entry is the priority (g, h or f) and the rest is the tie rule's.
    pub fn rank(&self, node: NodeId) -> Option<Rank> {
        self.ranks.get(node as usize).copied().flatten()
    }

    /// The steps.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Number of steps (frames go from 0 to this).
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True if nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The events.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The recorded nodes.
    pub fn nodes(&self) -> &[NodeInfo] {
        &self.nodes
    }

    /// The algorithm that ran.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The iteration a node belongs to (0 without iterations), for drawing one iteration's tree.
    pub fn iteration_of(&self, node: NodeId) -> u32 {
        self.nodes.get(node as usize).map_or(0, |n| n.iteration)
    }

    /// The frame after the first `done` steps.
    pub fn frame(&self, done: usize) -> SearchFrame {
        let done = done.min(self.steps.len());
        let end = if done == 0 {
            0
        } else {
            self.steps[done - 1].events.end
        };
        let n = self.nodes.len();
        let mut f = SearchFrame {
            seen: vec![Seen::NotYet; n],
            expansion: vec![None; n],
            current: None,
            iteration: None,
            frontier: Vec::new(),
            explored: Vec::new(),
            visits: Vec::new(),
            expanded: 0,
            generated: 0,
            peak_frontier: 0,
            found: None,
            path: Vec::new(),
            met: None,
        };
        let mut frontier = Frontier {
            pending: Vec::new(),
            inside: vec![false; n],
            len: 0,
        };
        for event in &self.events[..end] {
            self.apply(&mut f, &mut frontier, event);
        }
        f.current = if done == 0 {
            None
        } else {
            self.steps[done - 1].node
        };
        f.frontier = if self.algorithm == Algorithm::IdaStar {
            // No frontier: the path from the start to the current node.
            self.up_from(f.current)
        } else {
            frontier.in_order()
        };
        if let Some(goal) = f.found {
            f.path = self.up_from(Some(goal));
            f.path.reverse();
            // Bidirectional: on from the meeting to a goal, along the backward tree (its meeting
            // node is the forward one's state, already on the path).
            let beyond = f.met.and_then(|b| self.nodes[b as usize].parent);
            f.path.extend(self.up_from(beyond));
        }
        f
    }

    /// The nodes from `node` up to its root, `node` first (none for `None`).
    fn up_from(&self, node: Option<NodeId>) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut at = node;
        while let Some(id) = at {
            out.push(id);
            at = self.nodes[id as usize].parent;
        }
        out
    }

    /// One event's change to the frame `f` and to the frontier as it stands.
    fn apply(&self, f: &mut SearchFrame, frontier: &mut Frontier, event: &Event) {
        match *event {
            Event::Iteration { limit } => {
                f.iteration = Some(limit);
                f.explored.clear();
                for (s, e) in f.seen.iter_mut().zip(f.expansion.iter_mut()) {
                    *s = Seen::NotYet;
                    *e = None;
                }
                frontier.clear();
                f.visits.push((Some(limit), Vec::new()));
            }
            Event::Generate { node } => {
                let i = node as usize;
                f.seen[i] = Seen::Generated;
                // A root of a later iteration is the start again, not a new node (the
                // goals of a bidirectional search are roots of the first iteration).
                let restart = self.nodes[i].parent.is_none()
                    && self.nodes[i].iteration > self.nodes[0].iteration;
                if !restart {
                    f.generated += 1;
                }
            }
            Event::Push { node, rank } => {
                f.seen[node as usize] = Seen::Frontier;
                frontier.push(node, rank);
                f.peak_frontier = f.peak_frontier.max(frontier.len);
            }
            Event::Pop { node } => {
                f.seen[node as usize] = Seen::Visited;
                frontier.remove(node);
            }
            Event::GoalTest { node, goal } => {
                f.seen[node as usize] = if goal { Seen::Goal } else { Seen::Visited };
                if f.visits.is_empty() {
                    f.visits.push((None, Vec::new()));
                }
                if let Some(last) = f.visits.last_mut() {
                    last.1.push(node);
                }
            }
            Event::Expand { node } => {
                f.seen[node as usize] = Seen::Expanded;
                f.expanded += 1;
                f.explored.push(node);
                f.expansion[node as usize] = Some(f.explored.len() as u32);
            }
            Event::Drop { node, why } => {
                f.seen[node as usize] = Seen::Dropped(why);
                frontier.remove(node);
            }
            Event::Cutoff { node, why } => f.seen[node as usize] = Seen::CutOff(why),
            Event::Found { node } => {
                f.found = Some(node);
                f.seen[node as usize] = Seen::Goal;
            }
            Event::Meet { forward, backward } => {
                f.found = Some(forward);
                f.met = Some(backward);
                f.seen[forward as usize] = Seen::Goal;
                f.seen[backward as usize] = Seen::Goal;
            }
            Event::Reopen { .. } => {}
        }
    }
}

/// The frontier as a replay rebuilds it: every node pushed with the rank it joined with, the
/// ones still in it marked (removals are marked as they go, and the list sorted once at the
/// end).
struct Frontier {
    pending: Vec<(Rank, NodeId)>,
    inside: Vec<bool>,
    len: usize,
}

impl Frontier {
    fn push(&mut self, node: NodeId, rank: Rank) {
        self.pending.push((rank, node));
        self.inside[node as usize] = true;
        self.len += 1;
    }

    fn remove(&mut self, node: NodeId) {
        if std::mem::take(&mut self.inside[node as usize]) {
            self.len -= 1;
        }
    }

    fn clear(&mut self) {
        self.pending.clear();
        self.inside.iter_mut().for_each(|b| *b = false);
        self.len = 0;
    }

    /// The nodes in it in the engine's order, as it recorded it: increasing rank.
    fn in_order(mut self) -> Vec<NodeId> {
        self.pending.retain(|&(_, id)| self.inside[id as usize]);
        self.pending.sort_unstable();
        self.pending.into_iter().map(|(_, id)| id).collect()
    }
}

fn group(events: &[Event]) -> Vec<Step> {
    arbor_util::group_steps(
        events.len(),
        |i, last: Option<&(StepKind, Option<NodeId>)>| {
            let e = &events[i];
            // Does this event start a new step, or belong to the one before?
            match (e, last) {
                (Event::Iteration { .. }, _) => Some((StepKind::Iteration, None)),
                (_, None) => Some((StepKind::Start, e.node())),
                (Event::Pop { node }, _) => Some((StepKind::Visit, Some(*node))),
                (Event::Meet { forward, .. }, _) => Some((StepKind::Meet, Some(*forward))),
                (Event::GoalTest { node, .. }, Some(last)) => {
                    // Part of a visit that began with its pop; otherwise (IDA*, the start) its own.
                    let popped = last.0 == StepKind::Visit && last.1 == Some(*node);
                    (!popped).then_some((StepKind::Visit, Some(*node)))
                }
                (Event::Expand { node }, _) => Some((StepKind::Expand, Some(*node))),
                (Event::Generate { node }, Some(last)) => {
                    // A start node generated after an iteration marker joins that iteration's
                    // step, as every node generated in an expansion joins it.
                    let joins = matches!(
                        last.0,
                        StepKind::Iteration
                            | StepKind::Expand
                            | StepKind::Generate
                            | StepKind::Start
                    );
                    (!joins).then_some((StepKind::Generate, Some(*node)))
                }
                _ => None,
            }
        },
    )
    .into_iter()
    .map(|(events, (kind, node))| Step { events, kind, node })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{search, Budget, Graph, Options, Recorder};

    fn replay(text: &str, algorithm: Algorithm) -> (Graph, SearchReplay) {
        let graph = Graph::parse(text).unwrap();
        let mut rec = Recorder::new();
        search(
            &graph,
            &Options::new(algorithm),
            &Budget::unlimited(),
            &mut rec,
        );
        let trace = rec.into_trace();
        let nodes = trace.nodes.iter().map(NodeInfo::from).collect();
        (graph, SearchReplay::new(nodes, trace.events, algorithm))
    }

    const SEED000: &str = "A[B[E[I] F[J K[O P]]] C[G[L[R]]] D[H[M N[S]]]]\ngoal R";

    #[test]
    fn iterative_deepening_rounds_read_like_the_tutorial() {
        let (graph, r) = replay(SEED000, Algorithm::IterativeDeepening);
        let end = r.frame(r.len());
        // The trace's node states are graph nodes; recover names through a fresh recorder.
        let mut rec = Recorder::new();
        search(
            &graph,
            &Options::new(Algorithm::IterativeDeepening),
            &Budget::unlimited(),
            &mut rec,
        );
        let trace = rec.into_trace();
        let name = |id: NodeId| graph.name(trace.nodes[id as usize].state);
        let rounds: Vec<String> = end
            .visits
            .iter()
            .map(|(limit, ids)| {
                format!(
                    "{}: {}",
                    limit.unwrap(),
                    ids.iter().map(|&i| name(i)).collect::<Vec<_>>().join(" ")
                )
            })
            .collect();
        assert_eq!(
            rounds,
            [
                "0: A",
                "1: A B C D",
                "2: A B E F C G D H",
                "3: A B E I F J K C G L D H M N",
                "4: A B E I F J K O P C G L R",
            ]
        );
        let path: Vec<&str> = end.path.iter().map(|&i| name(i)).collect();
        assert_eq!(path, ["A", "C", "G", "L", "R"]);
        assert_eq!(end.seen[end.found.unwrap() as usize], Seen::Goal);
        // Every step has a kind and a node (but iteration markers).
        assert!(r
            .steps()
            .iter()
            .all(|s| s.node.is_some() || s.kind == StepKind::Iteration));
    }

    #[test]
    fn breadth_first_frontier_is_a_queue() {
        let (graph, r) = replay("A[B[D E] C[F]]\ngoal F", Algorithm::BreadthFirst);
        let mut rec = Recorder::new();
        search(
            &graph,
            &Options::new(Algorithm::BreadthFirst),
            &Budget::unlimited(),
            &mut rec,
        );
        let trace = rec.into_trace();
        let names = |ids: &[NodeId]| {
            ids.iter()
                .map(|&i| graph.name(trace.nodes[i as usize].state))
                .collect::<Vec<_>>()
        };
        // Start, visit A, expand A (B, C pushed), visit B, expand B (D, E pushed): C D E queue.
        let kinds: Vec<StepKind> = r.steps().iter().take(5).map(|s| s.kind).collect();
        assert_eq!(
            kinds,
            [
                StepKind::Start,
                StepKind::Visit,
                StepKind::Expand,
                StepKind::Visit,
                StepKind::Expand
            ]
        );
        let f = r.frame(5);
        assert_eq!(names(&f.frontier), ["C", "D", "E"]);
        assert_eq!(names(&f.explored), ["A", "B"]);
        assert_eq!(
            f.expansion[trace
                .nodes
                .iter()
                .position(|n| graph.name(n.state) == "B")
                .unwrap()],
            Some(2)
        );
        let end = r.frame(r.len());
        assert_eq!(names(&end.path), ["A", "C", "F"]);
        assert_eq!(end.peak_frontier, 3);
    }

    #[test]
    fn depth_first_frontier_is_a_stack_and_ida_shows_its_path() {
        let (_, r) = replay("A[B[D E] C[F]]\ngoal F", Algorithm::DepthFirst);
        let f = r.frame(3); // after expanding A: B on top of C
        assert_eq!(f.frontier.len(), 2);
        assert!(
            f.frontier[0] < f.frontier[1],
            "B (generated first) is on top"
        );
        let (_, r) = replay("A[B[D E] C[F]]\ngoal F", Algorithm::IdaStar);
        let end = r.frame(r.len());
        assert!(end.found.is_some());
        assert_eq!(end.frontier.first(), end.found.as_ref());
    }
}
