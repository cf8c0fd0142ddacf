//! The frontier searches: breadth-first (FIFO), uniform cost (lowest g), greedy (lowest h) and
//! A* (lowest f = g + h). One loop; they differ in the frontier's order and, in graph search,
//! in when a state reached again is worth another look.
//!
//! The goal test is made when a node leaves the frontier, which is what makes uniform cost and
//! A* optimal (breadth-first with unit costs is optimal either way).

use std::collections::{BinaryHeap, VecDeque};

use arbor_util::Budget;

use crate::observe::{Cut, Dropped, NodeId, Observer, Rank};
use crate::outcome::{
    add_cost, Algorithm, Cost, Limit, Mode, Options, Outcome, Solution, Stats, Status, TieBreak,
};
use crate::problem::Problem;
use crate::reached::Reached;

/// A node kept in the search tree.
struct Node<S, A> {
    state: S,
    id: NodeId,
    parent: Option<u32>,
    action: Option<A>,
    g: Cost,
    h: Cost,
    depth: u32,
    /// Graph search: a cheaper path to its state was found after it was pushed.
    stale: bool,
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
    Heap(BinaryHeap<HeapKey>),
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
            Frontier::Heap(h) => h.pop().map(HeapKey::index),
        }
    }
}

/// A heap entry: the rank, with the arena index for `pop` below its last part (the rank's order
/// is unique already, so the index changes no comparison); the smallest rank is the heap's
/// greatest, so it leaves first.
///
/// Compared without a branch on the first two parts (as one 128-bit number): on a grid most
/// priorities tie, and a comparison that branched on each part in turn mispredicted enough to
/// take a third of A*'s time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HeapKey([u64; 3]);

impl HeapKey {
    /// The rank's first part: the priority.
    #[inline(always)]
    pub(crate) fn priority(self) -> u64 {
        self.0[0]
    }

    /// The arena index.
    #[inline(always)]
    pub(crate) fn index(self) -> u32 {
        self.0[2] as u32
    }
}

impl Ord for HeapKey {
    #[inline(always)]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let first = |k: &HeapKey| (u128::from(k.0[0]) << 64) | u128::from(k.0[1]);
        first(other)
            .cmp(&first(self))
            .then(other.0[2].cmp(&self.0[2]))
    }
}

impl PartialOrd for HeapKey {
    #[inline(always)]
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The heap entry of a node of rank `rank` (whose last part, the order, is at most
/// `u32::MAX`) at arena index `index`.
#[inline]
pub(crate) fn heap_key(rank: Rank, index: u32) -> HeapKey {
    HeapKey([rank[0], rank[1], (rank[2] << 32) | u64::from(index)])
}

/// Runs a frontier search (`options.algorithm` is breadth-first, uniform cost, greedy or A*).
pub(crate) fn best_first<P: Problem, O: Observer<P>>(
    problem: &P,
    options: &Options,
    budget: &Budget<'_>,
    observer: &mut O,
) -> Outcome<P::Action> {
    let mut search = Search::new(problem, options);
    search.start(observer);
    let mut depth_cut = false;
    while let Some(index) = search.frontier.pop() {
        let node = &search.nodes[index as usize];
        observer.popped(node.id);
        if node.stale {
            observer.dropped(node.id, Dropped::Stale);
            continue;
        }
        let goal = problem.is_goal(&node.state);
        observer.goal_test(node.id, goal);
        if goal {
            observer.found(node.id);
            return Outcome {
                status: Status::Found,
                solution: Some(path(&search.nodes, index)),
                stats: search.stats,
            };
        }
        if let Some(limit) = options.depth_limit.filter(|&limit| node.depth >= limit) {
            depth_cut = true;
            observer.cut_off(node.id, Cut::Depth { limit });
            continue;
        }
        search.stats.expanded += 1;
        observer.expanded(node.id);
        if let Err(limit) = search.expand(index, budget, observer) {
            return Outcome {
                status: Status::CutOff { limit },
                solution: None,
                stats: search.stats,
            };
        }
        search.stats.peak_frontier = search.stats.peak_frontier.max(search.frontier.len() as u64);
        let stored = if search.graph {
            search.reached.len()
        } else {
            search.nodes.len()
        };
        search.stats.peak_stored = search.stats.peak_stored.max(stored as u64);
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
        stats: search.stats,
    }
}

/// A frontier search under way: how its algorithm runs, the nodes made (an arena the frontier
/// and each node's parent index into), the frontier, and in graph search the best g found for
/// each state reached.
struct Search<'p, P: Problem> {
    problem: &'p P,
    algorithm: Algorithm,
    tie: TieBreak,
    /// The heuristic is searched by (greedy, A*).
    informed: bool,
    /// Every node's h is needed: to search by it, or (uniform cost) to order ties by it.
    needs_h: bool,
    graph: bool,
    /// A state reached again by a cheaper path is looked at again (uniform cost and A*;
    /// breadth-first and greedy never do).
    reopen: bool,
    nodes: Vec<Node<P::State, P::Action>>,
    frontier: Frontier,
    /// Graph search: for each state reached, the node with the cheapest path to it (its g is
    /// the node's: no copy is kept).
    reached: Reached<P::State>,
    /// Nodes pushed so far.
    pushes: u32,
    stats: Stats,
}

impl<'p, P: Problem> Search<'p, P> {
    // (This and the other steps called once are always inlined, one function as before the
    // split: the web build instantiates the search with its size settings, where they would
    // stay calls of their own, and the bundle grew.)
    #[inline(always)]
    fn new(problem: &'p P, options: &Options) -> Self {
        let algorithm = options.algorithm;
        let informed = algorithm.informed();
        Search {
            problem,
            algorithm,
            tie: options.tie,
            informed,
            needs_h: informed || (algorithm == Algorithm::UniformCost && options.tie.uses_h()),
            graph: options.mode == Mode::Graph,
            reopen: matches!(algorithm, Algorithm::UniformCost | Algorithm::AStar),
            nodes: Vec::new(),
            frontier: if algorithm == Algorithm::BreadthFirst {
                Frontier::Fifo(VecDeque::new())
            } else {
                Frontier::Heap(BinaryHeap::new())
            },
            reached: Reached::for_problem(problem),
            pushes: 0,
            stats: Stats {
                iterations: 1,
                ..Stats::default()
            },
        }
    }

    /// The start: generated, and pushed onto the frontier.
    #[inline(always)]
    fn start<O: Observer<P>>(&mut self, observer: &mut O) {
        let start = self.problem.start();
        let h0 = if self.needs_h {
            self.problem.heuristic(&start)
        } else {
            0
        };
        self.stats.generated = 1;
        observer.generated(0, None, None, &start, 0, h0);
        if self.graph {
            let number = self.problem.dense_index(&start);
            self.reached.get_or_insert(&start, number, 0);
        }
        self.nodes.push(Node {
            state: start,
            id: 0,
            parent: None,
            action: None,
            g: 0,
            h: h0,
            depth: 0,
            stale: false,
        });
        let rank = self.push(0, 0, h0);
        observer.pushed(0, rank);
        self.stats.peak_frontier = 1;
        self.stats.peak_stored = 1;
    }

    /// Puts the node at `index` (path cost `g`, estimate `h`) on the frontier; its rank.
    #[inline]
    fn push(&mut self, index: u32, g: Cost, h: Cost) -> Rank {
        self.pushes += 1;
        match &mut self.frontier {
            Frontier::Fifo(q) => {
                q.push_back(index);
                [u64::from(self.pushes), 0, 0]
            }
            Frontier::Heap(heap) => {
                let priority = match self.algorithm {
                    Algorithm::UniformCost => g,
                    Algorithm::Greedy => h,
                    _ => g + h,
                };
                let rank = match self.tie {
                    TieBreak::Fifo => [priority, 0, u64::from(index)],
                    TieBreak::Lifo => [priority, 0, u64::from(u32::MAX - index)],
                    TieBreak::LowestH => [priority, h, u64::from(index)],
                };
                heap.push(heap_key(rank, index));
                rank
            }
        }
    }

    /// Expands the node at `index`: each child generated, then dropped (graph search: its
    /// state was reached as cheaply before) or pushed. Stops with the limit reached when the
    /// budget runs out or a cost passes what a [`Cost`] counts (never a wrapped, wrong cost).
    #[inline]
    fn expand<O: Observer<P>>(
        &mut self,
        index: u32,
        budget: &Budget<'_>,
        observer: &mut O,
    ) -> Result<(), Limit> {
        let problem = self.problem;
        let node = &self.nodes[index as usize];
        let (parent_id, g, h, depth) = (node.id, node.g, node.h, node.depth);
        for a in problem.actions(&node.state) {
            let parent = &self.nodes[index as usize];
            let mut child = parent.state.clone();
            let cost = problem.step_cost(&child, a);
            let undo = problem.apply(&mut child, a);
            let estimate = |child: &P::State| match self.needs_h {
                true => problem.heuristic_after(child, a, undo, h),
                false => 0,
            };
            let Some(child_g) = add_cost(g, cost) else {
                return Err(Limit::Cost);
            };
            let id = self.stats.generated;
            self.stats.generated += 1;
            // The estimate: for the observer, of every child; unwatched, only of a child that
            // is kept (most children on a grid reach a state reached before, and are dropped).
            let watched_h = O::WATCHES.then(|| estimate(&child));
            if let Some(child_h) = watched_h {
                observer.generated(id, Some(parent_id), Some(a), &child, child_g, child_h);
            }
            if budget.charge(self.stats.generated).is_err() {
                return Err(Limit::Budget);
            }
            let child_index = self.nodes.len() as u32;
            if self.graph {
                // (One look-up: recorded if new, else read and perhaps replaced.)
                let number = problem.dense_index(&child);
                if let Some(seen) = self.reached.get_or_insert(&child, number, child_index) {
                    let was = *seen as usize;
                    if !self.reopen || child_g >= self.nodes[was].g {
                        observer.dropped(id, Dropped::Reached);
                        continue;
                    }
                    // The node that had the cheapest path to this state is stale now.
                    *seen = child_index;
                    self.nodes[was].stale = true;
                }
            }
            let child_h = watched_h.unwrap_or_else(|| estimate(&child));
            if self.informed && add_cost(child_g, child_h).is_none() {
                return Err(Limit::Cost);
            }
            self.nodes.push(Node {
                state: child,
                id,
                parent: Some(index),
                action: Some(a),
                g: child_g,
                h: child_h,
                depth: depth + 1,
                stale: false,
            });
            let rank = self.push(child_index, child_g, child_h);
            observer.pushed(id, rank);
        }
        Ok(())
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
