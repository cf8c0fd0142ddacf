//! Bidirectional search: uniform-cost search forwards from the start and backwards from the
//! goals at once, until the two meet (Pohl, 1971). With unit costs it is bidirectional
//! breadth-first search. Needs a problem that can be searched backwards
//! ([`Problem::goal_states`], [`Problem::predecessors`]).
//!
//! Both frontiers are ordered by path cost g, ties by the order nodes joined either frontier;
//! the node taken next is the lowest of the two (so the recorded ranks say which). A state
//! reached by both sides is a meeting: μ, the cheapest path through a meeting so far, is kept,
//! and the search stops when the two frontiers' lowest g add up to at least μ — no path through
//! a state yet to be taken can be cheaper. The solution is the forward path to the meeting
//! state and the backward path from it to a goal.

use std::collections::{BinaryHeap, HashMap};

use arbor_util::{Budget, FxBuildHasher};

use crate::best_first::{heap_key, HeapKey};
use crate::observe::{Dropped, NodeId, Observer, Rank};
use crate::outcome::{add_cost, Cost, Limit, Options, Outcome, Solution, Stats, Status};
use crate::problem::Problem;

struct Node<S, A> {
    state: S,
    id: NodeId,
    parent: Option<u32>,
    /// The action between the node and its parent, forwards (parent → node for the forward
    /// tree, node → parent for the backward one).
    action: Option<A>,
    g: Cost,
    backward: bool,
}

/// A meeting: `(g, node)` on `side` reaches a state the other side reached at `(g, node)`;
/// kept as `(cost, forward node, backward node)` if it is the cheapest so far. Fails if the
/// cost passes what a [`Cost`] counts.
fn meet(
    meeting: &mut Option<(Cost, u32, u32)>,
    side: usize,
    (g, node): (Cost, u32),
    (g_other, other): (Cost, u32),
) -> Result<(), ()> {
    let cost = add_cost(g, g_other).ok_or(())?;
    if meeting.is_none_or(|(mu, _, _)| cost < mu) {
        *meeting = Some(if side == 0 {
            (cost, node, other)
        } else {
            (cost, other, node)
        });
    }
    Ok(())
}

/// The search stopped: a path's cost passed what a [`Cost`] counts.
fn cost_too_large<A>(stats: Stats) -> Outcome<A> {
    Outcome {
        status: Status::CutOff { limit: Limit::Cost },
        solution: None,
        stats,
    }
}

/// Runs bidirectional search.
pub(crate) fn bidirectional<P: Problem, O: Observer<P>>(
    problem: &P,
    _options: &Options,
    budget: &Budget<'_>,
    observer: &mut O,
) -> Outcome<P::Action> {
    let mut search = Search::new(problem);
    let goals = problem.goal_states();
    if goals.is_empty() {
        return Outcome {
            status: Status::CutOff {
                limit: Limit::Backward,
            },
            solution: None,
            stats: search.stats,
        };
    }
    search.roots(goals, observer);
    let mut children = Vec::new();
    while let Some(side) = search.next_side() {
        let Some(key) = search.heaps[side].pop() else {
            break;
        };
        let index = key.index();
        let node = &search.nodes[index as usize];
        observer.popped(node.id);
        if search.best[side]
            .get(&node.state)
            .is_some_and(|&(g, _)| g < node.g)
        {
            observer.dropped(node.id, Dropped::Stale);
            continue;
        }
        let other = search.best[1 - side].get(&node.state).copied();
        observer.goal_test(node.id, false);
        if let Some(other) = other {
            if meet(&mut search.meeting, side, (node.g, index), other).is_err() {
                return cost_too_large(search.stats);
            }
        }
        search.stats.expanded += 1;
        observer.expanded(node.id);
        if let Err(limit) = search.expand(side, index, &mut children, budget, observer) {
            return Outcome {
                status: Status::CutOff { limit },
                solution: None,
                stats: search.stats,
            };
        }
        let frontier = search.heaps[0].len() + search.heaps[1].len();
        search.stats.peak_frontier = search.stats.peak_frontier.max(frontier as u64);
        search.stats.peak_stored = search.stats.peak_stored.max(search.nodes.len() as u64);
    }
    search.finish(observer)
}

/// A bidirectional search under way: the nodes of both trees (an arena), each side's frontier
/// (heap keys: g, push order, arena index) and best g per state (with the node that reached
/// it), and the best meeting so far.
struct Search<'p, P: Problem> {
    problem: &'p P,
    nodes: Vec<Node<P::State, P::Action>>,
    heaps: [BinaryHeap<HeapKey>; 2],
    best: [HashMap<P::State, (Cost, u32), FxBuildHasher>; 2],
    /// Nodes pushed so far, on either side.
    order: u32,
    /// The best meeting so far: its cost and the two nodes.
    meeting: Option<(Cost, u32, u32)>,
    stats: Stats,
}

impl<'p, P: Problem> Search<'p, P> {
    // (This and the other steps called once are always inlined, one function as before the
    // split: the web build instantiates the search with its size settings, where they would
    // stay calls of their own, and the bundle grew.)
    #[inline(always)]
    fn new(problem: &'p P) -> Self {
        Search {
            problem,
            nodes: Vec::new(),
            heaps: [BinaryHeap::new(), BinaryHeap::new()],
            best: [HashMap::default(), HashMap::default()],
            order: 0,
            meeting: None,
            stats: Stats {
                iterations: 1,
                ..Stats::default()
            },
        }
    }

    /// Puts the node at `index` (path cost `g`) on `side`'s frontier; its rank.
    #[inline]
    fn push(&mut self, side: usize, index: u32, g: Cost) -> Rank {
        self.order += 1;
        let rank = [g, 0, u64::from(self.order)];
        self.heaps[side].push(heap_key(rank, index));
        rank
    }

    /// The roots: the start on the forward side, the goals on the backward one (each state
    /// once), generated and pushed.
    #[inline(always)]
    fn roots<O: Observer<P>>(&mut self, goals: Vec<P::State>, observer: &mut O) {
        let start = self.problem.start();
        for (i, state) in std::iter::once(start).chain(goals).enumerate() {
            let side = usize::from(i > 0);
            if self.best[side].contains_key(&state) {
                continue;
            }
            let index = self.nodes.len() as u32;
            let id = index as NodeId;
            self.stats.generated += 1;
            observer.generated(id, None, None, &state, 0, 0);
            self.best[side].insert(state.clone(), (0, index));
            self.nodes.push(Node {
                state,
                id,
                parent: None,
                action: None,
                g: 0,
                backward: side == 1,
            });
            let rank = self.push(side, index, 0);
            observer.pushed(id, rank);
        }
        self.stats.peak_frontier = (self.heaps[0].len() + self.heaps[1].len()) as u64;
        self.stats.peak_stored = self.nodes.len() as u64;
    }

    /// The side whose lowest node comes next (the forward side on a tie of g and order), or
    /// `None` when the search is over: both frontiers empty, or their lowest g adding up to at
    /// least the best meeting's cost, so that no path through a state yet to be taken can be
    /// cheaper.
    #[inline(always)]
    fn next_side(&self) -> Option<usize> {
        let side = match (self.heaps[0].peek(), self.heaps[1].peek()) {
            (Some(a), Some(b)) => usize::from(b > a),
            (Some(_), None) => 0,
            (None, Some(_)) => 1,
            (None, None) => return None,
        };
        let top = |heap: &BinaryHeap<HeapKey>| heap.peek().map_or(Cost::MAX, |k| k.priority());
        if let Some((mu, _, _)) = self.meeting {
            let lowest = top(&self.heaps[0]).saturating_add(top(&self.heaps[1]));
            if lowest >= mu {
                return None;
            }
        }
        Some(side)
    }

    /// Expands the node at `index` on `side`: its successors (forwards) or predecessors
    /// (backwards), each generated, then dropped (its state reached as cheaply before on this
    /// side) or pushed — a meeting noted where the other side has reached it. Stops with the
    /// limit reached when the budget runs out or a cost passes what a [`Cost`] counts.
    fn expand<O: Observer<P>>(
        &mut self,
        side: usize,
        index: u32,
        children: &mut Vec<(P::State, P::Action, Cost)>,
        budget: &Budget<'_>,
        observer: &mut O,
    ) -> Result<(), Limit> {
        let problem = self.problem;
        let node = &self.nodes[index as usize];
        let (parent_id, g) = (node.id, node.g);
        let state = node.state.clone();
        children.clear();
        if side == 0 {
            for a in problem.actions(&state) {
                let mut child = state.clone();
                let cost = problem.step_cost(&child, a);
                problem.apply(&mut child, a);
                children.push((child, a, cost));
            }
        } else {
            problem.predecessors(&state, children);
        }
        for (child, a, cost) in children.drain(..) {
            let child_g = add_cost(g, cost).ok_or(Limit::Cost)?;
            let id = self.stats.generated;
            self.stats.generated += 1;
            observer.generated(id, Some(parent_id), Some(a), &child, child_g, 0);
            if budget.charge(self.stats.generated).is_err() {
                return Err(Limit::Budget);
            }
            if self.best[side]
                .get(&child)
                .is_some_and(|&(seen, _)| seen <= child_g)
            {
                observer.dropped(id, Dropped::Reached);
                continue;
            }
            let child_index = self.nodes.len() as u32;
            self.best[side].insert(child.clone(), (child_g, child_index));
            // A meeting as soon as it is seen: the cheapest through it so far.
            if let Some(&other) = self.best[1 - side].get(&child) {
                meet(&mut self.meeting, side, (child_g, child_index), other)
                    .map_err(|()| Limit::Cost)?;
            }
            self.nodes.push(Node {
                state: child,
                id,
                parent: Some(index),
                action: Some(a),
                g: child_g,
                backward: side == 1,
            });
            let rank = self.push(side, child_index, child_g);
            observer.pushed(id, rank);
        }
        Ok(())
    }

    /// The outcome: through the best meeting, the forward path to the meeting state and the
    /// backward path from it to a goal; without one, the state space exhausted.
    #[inline(always)]
    fn finish<O: Observer<P>>(self, observer: &mut O) -> Outcome<P::Action> {
        let Some((cost, forward, backward)) = self.meeting else {
            return Outcome {
                status: Status::Exhausted,
                solution: None,
                stats: self.stats,
            };
        };
        let nodes = &self.nodes;
        observer.met(nodes[forward as usize].id, nodes[backward as usize].id);
        let mut actions = Vec::new();
        let mut at = Some(forward);
        while let Some(i) = at {
            let n = &nodes[i as usize];
            actions.extend(n.action);
            at = n.parent;
        }
        actions.reverse();
        let mut at = Some(backward);
        while let Some(i) = at {
            let n = &nodes[i as usize];
            debug_assert!(n.backward);
            actions.extend(n.action);
            at = n.parent;
        }
        Outcome {
            status: Status::Found,
            solution: Some(Solution { actions, cost }),
            stats: self.stats,
        }
    }
}
