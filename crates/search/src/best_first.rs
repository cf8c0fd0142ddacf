//! The frontier searches: breadth-first (FIFO), uniform cost (lowest g), greedy (lowest h) and
//! A* (lowest f = g + h). One loop; they differ in the frontier's order and, in graph search,
//! in when a state reached again is worth another look.
//!
//! The goal test is made when a node leaves the frontier, which is what makes uniform cost and
//! A* optimal (breadth-first with unit costs is optimal either way).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};

use arbor_util::{Budget, FxBuildHasher};

use crate::observe::{Cut, Dropped, NodeId, Observer, Rank};
use crate::outcome::{Algorithm, Limit, Mode, Options, Outcome, Solution, Stats, Status, TieBreak};
use crate::problem::Problem;

/// A node kept in the search tree.
struct Node<S, A> {
    state: S,
    id: NodeId,
    parent: Option<u32>,
    action: Option<A>,
    g: u32,
    h: u32,
    depth: u32,
}

/// The frontier, in the algorithm's order. Each node joins with a [`Rank`] and the frontier
/// gives them up in increasing rank: a queue's rank is the push order; a heap's is
/// `[priority, key, order]`, packed into one heap key, where the priority is g, h or f and
/// the tie rule ([`TieBreak`]) sets the rest:
///
/// ```text
///   FIFO      [priority, 0, index]          index: the node's place in the arena,
///   LIFO      [priority, 0, u32::MAX - index]      which grows in push order
///   lowest h  [priority, h, index]
/// ```
///
/// The heap key is the rank with the arena index below it, for `pop`. The rank is what the
/// observer records, so a replay orders the frontier as the engine does without knowing the
/// rule.
enum Frontier {
    Fifo(VecDeque<u32>),
    Heap(BinaryHeap<Reverse<u128>>),
}

impl Frontier {
    fn len(&self) -> usize {
        match self {
            Frontier::Fifo(q) => q.len(),
            Frontier::Heap(h) => h.len(),
        }
    }

    fn pop(&mut self) -> Option<u32> {
        match self {
            Frontier::Fifo(q) => q.pop_front(),
            Frontier::Heap(h) => h.pop().map(|Reverse(key)| key as u32),
        }
    }
}

/// A heap entry: the rank, then the arena index for `pop` (the rank's order is unique already,
/// so the index changes no comparison), packed into one key; the smallest rank leaves first.
pub(crate) fn heap_key(rank: Rank, index: u32) -> Reverse<u128> {
    Reverse(
        (u128::from(rank[0]) << 96)
            | (u128::from(rank[1]) << 64)
            | (u128::from(rank[2]) << 32)
            | u128::from(index),
    )
}

/// Runs a frontier search (`options.algorithm` is breadth-first, uniform cost, greedy or A*).
pub(crate) fn best_first<P: Problem, O: Observer<P>>(
    problem: &P,
    options: &Options,
    budget: &Budget<'_>,
    observer: &mut O,
) -> Outcome<P::Action> {
    let algorithm = options.algorithm;
    let informed = algorithm.informed();
    let tie = options.tie;
    // Uniform cost ordering its ties by h needs every node's h, though it does not search by it.
    let needs_h = informed || (algorithm == Algorithm::UniformCost && tie.uses_h());
    let graph = options.mode == Mode::Graph;
    // Uniform cost and A* look again at a state reached by a cheaper path; breadth-first and
    // greedy never do.
    let reopen = matches!(algorithm, Algorithm::UniformCost | Algorithm::AStar);
    let mut stats = Stats {
        iterations: 1,
        ..Stats::default()
    };
    let mut nodes: Vec<Node<P::State, P::Action>> = Vec::new();
    let mut frontier = if algorithm == Algorithm::BreadthFirst {
        Frontier::Fifo(VecDeque::new())
    } else {
        Frontier::Heap(BinaryHeap::new())
    };
    let mut best_g: HashMap<P::State, u32, FxBuildHasher> = HashMap::default();
    let mut pushes: u32 = 0;
    let mut push = |frontier: &mut Frontier, index: u32, g: u32, h: u32| -> Rank {
        pushes += 1;
        match frontier {
            Frontier::Fifo(q) => {
                q.push_back(index);
                [pushes, 0, 0]
            }
            Frontier::Heap(heap) => {
                let priority = match algorithm {
                    Algorithm::UniformCost => g,
                    Algorithm::Greedy => h,
                    _ => g + h,
                };
                let rank = match tie {
                    TieBreak::Fifo => [priority, 0, index],
                    TieBreak::Lifo => [priority, 0, u32::MAX - index],
                    TieBreak::LowestH => [priority, h, index],
                };
                heap.push(heap_key(rank, index));
                rank
            }
        }
    };

    let start = problem.start();
    let h0 = if needs_h {
        problem.heuristic(&start)
    } else {
        0
    };
    stats.generated = 1;
    observer.generated(0, None, None, &start, 0, h0);
    if graph {
        best_g.insert(start.clone(), 0);
    }
    nodes.push(Node {
        state: start,
        id: 0,
        parent: None,
        action: None,
        g: 0,
        h: h0,
        depth: 0,
    });
    let rank = push(&mut frontier, 0, 0, h0);
    observer.pushed(0, rank);
    stats.peak_frontier = 1;
    stats.peak_stored = 1;
    let mut depth_cut = false;

    while let Some(index) = frontier.pop() {
        let node = &nodes[index as usize];
        observer.popped(node.id);
        if graph && reopen && best_g.get(&node.state).is_some_and(|&g| g < node.g) {
            observer.dropped(node.id, Dropped::Stale);
            continue;
        }
        let goal = problem.is_goal(&node.state);
        observer.goal_test(node.id, goal);
        if goal {
            observer.found(node.id);
            return Outcome {
                status: Status::Found,
                solution: Some(path(&nodes, index)),
                stats,
            };
        }
        if options.depth_limit.is_some_and(|limit| node.depth >= limit) {
            depth_cut = true;
            let limit = options.depth_limit.unwrap_or(0);
            observer.cut_off(node.id, Cut::Depth { limit });
            continue;
        }
        stats.expanded += 1;
        observer.expanded(node.id);
        let (parent_id, g, h, depth) = (node.id, node.g, node.h, node.depth);
        for a in problem.actions(&node.state) {
            let parent = &nodes[index as usize];
            let mut child = parent.state.clone();
            let cost = problem.step_cost(&child, a);
            let undo = problem.apply(&mut child, a);
            let child_h = if needs_h {
                problem.heuristic_after(&child, a, undo, h)
            } else {
                0
            };
            // A cost past what a u32 counts stops the search: never a wrapped, wrong cost.
            let Some(child_g) = g
                .checked_add(cost)
                .filter(|g| !informed || g.checked_add(child_h).is_some())
            else {
                return Outcome {
                    status: Status::CutOff { limit: Limit::Cost },
                    solution: None,
                    stats,
                };
            };
            let id = stats.generated;
            stats.generated += 1;
            observer.generated(id, Some(parent_id), Some(a), &child, child_g, child_h);
            if budget.charge(stats.generated).is_err() {
                return Outcome {
                    status: Status::CutOff {
                        limit: Limit::Budget,
                    },
                    solution: None,
                    stats,
                };
            }
            if graph {
                match best_g.get(&child) {
                    Some(&seen) if !reopen || child_g >= seen => {
                        observer.dropped(id, Dropped::Reached);
                        continue;
                    }
                    _ => {
                        best_g.insert(child.clone(), child_g);
                    }
                }
            }
            let child_index = nodes.len() as u32;
            nodes.push(Node {
                state: child,
                id,
                parent: Some(index),
                action: Some(a),
                g: child_g,
                h: child_h,
                depth: depth + 1,
            });
            let rank = push(&mut frontier, child_index, child_g, child_h);
            observer.pushed(id, rank);
        }
        stats.peak_frontier = stats.peak_frontier.max(frontier.len() as u64);
        let stored = if graph { best_g.len() } else { nodes.len() };
        stats.peak_stored = stats.peak_stored.max(stored as u64);
    }
    Outcome {
        status: if depth_cut {
            Status::CutOff {
                limit: Limit::Depth,
            }
        } else {
            Status::Exhausted
        },
        solution: None,
        stats,
    }
}

/// The actions from the start to `index`, and their cost.
fn path<S, A: Copy>(nodes: &[Node<S, A>], index: u32) -> Solution<A> {
    let mut actions = Vec::new();
    let mut at = Some(index);
    while let Some(i) = at {
        let node = &nodes[i as usize];
        if let Some(a) = node.action {
            actions.push(a);
        }
        at = node.parent;
    }
    actions.reverse();
    Solution {
        actions,
        cost: nodes[index as usize].g,
    }
}
