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

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use arbor_util::{Budget, FxBuildHasher};

use crate::best_first::heap_key;
use crate::observe::{Dropped, NodeId, Observer};
use crate::outcome::{Limit, Options, Outcome, Solution, Stats, Status};
use crate::problem::Problem;

struct Node<S, A> {
    state: S,
    id: NodeId,
    parent: Option<u32>,
    /// The action between the node and its parent, forwards (parent → node for the forward
    /// tree, node → parent for the backward one).
    action: Option<A>,
    g: u32,
    backward: bool,
}

/// A meeting: `(g, node)` on `side` reaches a state the other side reached at `(g, node)`;
/// kept as `(cost, forward node, backward node)` if it is the cheapest so far. Fails if the
/// cost passes what a u32 counts.
fn meet(
    meeting: &mut Option<(u32, u32, u32)>,
    side: usize,
    (g, node): (u32, u32),
    (g_other, other): (u32, u32),
) -> Result<(), ()> {
    let cost = g.checked_add(g_other).ok_or(())?;
    if meeting.is_none_or(|(mu, _, _)| cost < mu) {
        *meeting = Some(if side == 0 {
            (cost, node, other)
        } else {
            (cost, other, node)
        });
    }
    Ok(())
}

/// The search stopped: a path's cost passed what a u32 counts.
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
    let mut stats = Stats {
        iterations: 1,
        ..Stats::default()
    };
    let goals = problem.goal_states();
    if goals.is_empty() {
        return Outcome {
            status: Status::CutOff {
                limit: Limit::Backward,
            },
            solution: None,
            stats,
        };
    }
    let mut nodes: Vec<Node<P::State, P::Action>> = Vec::new();
    // Each side's frontier (heap keys: g, push order, arena index) and best g per state (with
    // the node that reached it).
    let mut heaps: [BinaryHeap<Reverse<u128>>; 2] = [BinaryHeap::new(), BinaryHeap::new()];
    let mut best: [HashMap<P::State, (u32, u32), FxBuildHasher>; 2] =
        [HashMap::default(), HashMap::default()];
    let mut order: u32 = 0;
    let mut push = |heaps: &mut [BinaryHeap<Reverse<u128>>; 2], side: usize, index: u32, g: u32| {
        order += 1;
        let rank = [g, 0, order];
        heaps[side].push(heap_key(rank, index));
        rank
    };
    let start = problem.start();
    for (i, state) in std::iter::once(start).chain(goals).enumerate() {
        let side = usize::from(i > 0);
        if best[side].contains_key(&state) {
            continue;
        }
        let index = nodes.len() as u32;
        let id = index as NodeId;
        stats.generated += 1;
        observer.generated(id, None, None, &state, 0, 0);
        best[side].insert(state.clone(), (0, index));
        nodes.push(Node {
            state,
            id,
            parent: None,
            action: None,
            g: 0,
            backward: side == 1,
        });
        let rank = push(&mut heaps, side, index, 0);
        observer.pushed(id, rank);
    }
    stats.peak_frontier = (heaps[0].len() + heaps[1].len()) as u64;
    stats.peak_stored = nodes.len() as u64;
    // The best meeting so far: its cost and the two nodes.
    let mut meeting: Option<(u32, u32, u32)> = None;
    let top = |heap: &BinaryHeap<Reverse<u128>>| heap.peek().map(|Reverse(k)| (k >> 96) as u32);
    let mut predecessors = Vec::new();
    loop {
        // The side whose lowest node comes first (the forward side on a tie of g and order).
        let side = match (heaps[0].peek(), heaps[1].peek()) {
            (Some(Reverse(a)), Some(Reverse(b))) => usize::from(b < a),
            (Some(_), None) => 0,
            (None, Some(_)) => 1,
            (None, None) => break,
        };
        if let Some((mu, _, _)) = meeting {
            let lowest = u64::from(top(&heaps[0]).unwrap_or(u32::MAX))
                + u64::from(top(&heaps[1]).unwrap_or(u32::MAX));
            if lowest >= u64::from(mu) {
                break;
            }
        }
        let Some(Reverse(key)) = heaps[side].pop() else {
            break;
        };
        let index = key as u32;
        let node = &nodes[index as usize];
        observer.popped(node.id);
        if best[side]
            .get(&node.state)
            .is_some_and(|&(g, _)| g < node.g)
        {
            observer.dropped(node.id, Dropped::Stale);
            continue;
        }
        let other = best[1 - side].get(&node.state).copied();
        observer.goal_test(node.id, false);
        if let Some(other) = other {
            if meet(&mut meeting, side, (node.g, index), other).is_err() {
                return cost_too_large(stats);
            }
        }
        stats.expanded += 1;
        observer.expanded(node.id);
        let (parent_id, g) = (node.id, node.g);
        let state = node.state.clone();
        predecessors.clear();
        if side == 0 {
            for a in problem.actions(&state) {
                let mut child = state.clone();
                let cost = problem.step_cost(&child, a);
                problem.apply(&mut child, a);
                predecessors.push((child, a, cost));
            }
        } else {
            problem.predecessors(&state, &mut predecessors);
        }
        for (child, a, cost) in predecessors.drain(..) {
            let Some(child_g) = g.checked_add(cost) else {
                return cost_too_large(stats);
            };
            let id = stats.generated;
            stats.generated += 1;
            observer.generated(id, Some(parent_id), Some(a), &child, child_g, 0);
            if budget.charge(stats.generated).is_err() {
                return Outcome {
                    status: Status::CutOff {
                        limit: Limit::Budget,
                    },
                    solution: None,
                    stats,
                };
            }
            if best[side]
                .get(&child)
                .is_some_and(|&(seen, _)| seen <= child_g)
            {
                observer.dropped(id, Dropped::Reached);
                continue;
            }
            let child_index = nodes.len() as u32;
            best[side].insert(child.clone(), (child_g, child_index));
            // A meeting as soon as it is seen: the cheapest through it so far.
            if let Some(&other) = best[1 - side].get(&child) {
                if meet(&mut meeting, side, (child_g, child_index), other).is_err() {
                    return cost_too_large(stats);
                }
            }
            nodes.push(Node {
                state: child,
                id,
                parent: Some(index),
                action: Some(a),
                g: child_g,
                backward: side == 1,
            });
            let rank = push(&mut heaps, side, child_index, child_g);
            observer.pushed(id, rank);
        }
        stats.peak_frontier = stats
            .peak_frontier
            .max((heaps[0].len() + heaps[1].len()) as u64);
        stats.peak_stored = stats.peak_stored.max(nodes.len() as u64);
    }
    match meeting {
        Some((cost, forward, backward)) => {
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
                stats,
            }
        }
        None => Outcome {
            status: Status::Exhausted,
            solution: None,
            stats,
        },
    }
}
