//! Depth-first search with an explicit stack (LIFO frontier), depth-limited search, and
//! iterative deepening.
//!
//! A node's children are all generated when it is expanded and pushed so that the first is on
//! top: nodes are visited in the order of a left-to-right preorder walk, the order the
//! tutorials list ("A B E I F J K …"). The goal test is made when a node is popped.
//!
//! Graph search remembers each explored state with the shallowest depth it was explored at.
//! Without a depth limit a state is explored once. With one, a state reached again *shallower*
//! than before is explored again: below it there is now more depth left, and skipping it would
//! miss goals within the limit — iterative deepening would then return a deeper goal than the
//! shallowest (the 8-puzzle `8 1 3 4 0 2 7 6 5`: 22 moves instead of 14).

use std::collections::HashMap;

use arbor_util::{Budget, FxBuildHasher};

use crate::observe::{Cut, Dropped, NodeId, Observer};
use crate::outcome::{
    add_cost, Algorithm, Cost, Limit, Mode, Options, Outcome, Solution, Stats, Status,
};
use crate::problem::Problem;

/// A node on the stack.
struct Entry<S, A> {
    state: S,
    id: NodeId,
    depth: u32,
    g: Cost,
    action: Option<A>,
}

/// How one depth-first pass ended.
enum Pass<A> {
    Found(Solution<A>),
    /// The stack emptied; `cut` says whether the depth limit stopped any node.
    Emptied {
        cut: bool,
    },
    Aborted,
    /// A path's cost passed [`crate::MAX_PATH_COST`].
    CostOverflow,
}

/// One depth-first pass from the start, to depth `limit` (if any), numbering nodes from
/// `*next_id`. The start counts as generated only in the first pass (later passes re-enter
/// it).
fn pass<P: Problem, O: Observer<P>>(
    problem: &P,
    options: &Options,
    limit: Option<u32>,
    budget: &Budget<'_>,
    observer: &mut O,
    stats: &mut Stats,
    next_id: &mut NodeId,
) -> Pass<P::Action> {
    let mut walk = Walk {
        problem,
        graph: options.mode == Mode::Graph,
        cycle_check: options.cycle_check,
        limit,
        explored: HashMap::default(),
        path: Vec::new(),
        children: Vec::new(),
    };
    let start = problem.start();
    let id = *next_id;
    *next_id += 1;
    if id == 0 {
        stats.generated += 1;
    }
    observer.generated(id, None, None, &start, 0, 0);
    let mut stack = vec![Entry {
        state: start,
        id,
        depth: 0,
        g: 0,
        action: None,
    }];
    // A stack gives up its last push first: its rank is the push order reversed.
    let mut pushes: u32 = 0;
    let mut rank = || {
        pushes += 1;
        [u64::from(u32::MAX - pushes), 0, 0]
    };
    observer.pushed(id, rank());
    stats.peak_frontier = stats.peak_frontier.max(1);
    let mut cut = false;
    while let Some(entry) = stack.pop() {
        observer.popped(entry.id);
        walk.path.truncate(entry.depth as usize);
        if walk.graph && !walk.explore(&entry, observer) {
            continue;
        }
        let goal = problem.is_goal(&entry.state);
        observer.goal_test(entry.id, goal);
        if goal {
            observer.found(entry.id);
            return Pass::Found(walk.solution(&entry));
        }
        // At the limit, a node with moves is cut off (something may lie deeper); a node
        // without is simply a leaf.
        if let Some(limit) = limit.filter(|&l| entry.depth >= l) {
            if problem.actions(&entry.state).next().is_some() {
                cut = true;
                observer.cut_off(entry.id, Cut::Depth { limit });
            }
            continue;
        }
        stats.expanded += 1;
        observer.expanded(entry.id);
        if let Err(end) = walk.expand(&entry, budget, observer, stats, next_id) {
            return end;
        }
        walk.path.push(entry);
        // The first child ends on top of the stack.
        while let Some(child) = walk.children.pop() {
            observer.pushed(child.id, rank());
            stack.push(child);
        }
        stats.peak_frontier = stats.peak_frontier.max(stack.len() as u64);
        let stored = stack.len() + walk.path.len() + walk.explored.len();
        stats.peak_stored = stats.peak_stored.max(stored as u64);
    }
    Pass::Emptied { cut }
}

/// A depth-first pass under way, besides its stack: the path from the start to the node being
/// visited (its states and the actions to them), in graph search each explored state with the
/// shallowest depth it was explored at, and the children of the node being expanded.
struct Walk<'p, P: Problem> {
    problem: &'p P,
    graph: bool,
    cycle_check: bool,
    limit: Option<u32>,
    explored: HashMap<P::State, u32, FxBuildHasher>,
    path: Vec<Entry<P::State, P::Action>>,
    children: Vec<Entry<P::State, P::Action>>,
}

impl<P: Problem> Walk<'_, P> {
    /// The way to `entry`, a goal: the actions along the path to it, then its own.
    // (Called once: always inlined, one function as before the split; the web build
    // instantiates the search with its size settings, where it would stay a call of its own.)
    #[inline(always)]
    fn solution(&self, entry: &Entry<P::State, P::Action>) -> Solution<P::Action> {
        let mut actions: Vec<P::Action> = self.path.iter().filter_map(|e| e.action).collect();
        actions.extend(entry.action);
        Solution {
            actions,
            cost: entry.g,
        }
    }

    /// Whether a state explored at depth `seen` is not searched again at `depth`: always
    /// without a limit; with one, unless it is now reached shallower (with more depth left
    /// below it).
    #[inline]
    fn settled(&self, seen: u32, depth: u32) -> bool {
        self.limit.is_none() || seen <= depth
    }

    /// Graph search: false (the node dropped) if the entry's state was explored already where
    /// that settles it; otherwise the state is noted as explored at the entry's depth.
    #[inline(always)]
    fn explore<O: Observer<P>>(
        &mut self,
        entry: &Entry<P::State, P::Action>,
        observer: &mut O,
    ) -> bool {
        match self.explored.get(&entry.state) {
            Some(&seen) if self.settled(seen, entry.depth) => {
                observer.dropped(entry.id, Dropped::Explored { depth: seen });
                return false;
            }
            Some(&seen) => observer.reopened(entry.id, seen),
            None => {}
        }
        self.explored.insert(entry.state.clone(), entry.depth);
        true
    }

    /// Generates the children of `entry` into `children`, in order, leaving out (as dropped)
    /// those on the path (with the cycle check) or explored already (graph search). Stops the
    /// pass when the budget runs out or a cost passes what a u32 counts.
    // (Always inlined: called once, in the loop, where it was written before.)
    #[inline(always)]
    fn expand<O: Observer<P>>(
        &mut self,
        entry: &Entry<P::State, P::Action>,
        budget: &Budget<'_>,
        observer: &mut O,
        stats: &mut Stats,
        next_id: &mut NodeId,
    ) -> Result<(), Pass<P::Action>> {
        // The settings read once, into locals: read from `self` at each child, they are read
        // again after every push (the compiler cannot tell they do not change).
        let (problem, graph, cycle_check, limit) =
            (self.problem, self.graph, self.cycle_check, self.limit);
        let settled = |seen: u32, depth: u32| limit.is_none() || seen <= depth;
        let (path, explored, children) = (&self.path, &self.explored, &mut self.children);
        children.clear();
        for a in problem.actions(&entry.state) {
            let mut child = entry.state.clone();
            let cost = problem.step_cost(&child, a);
            let Some(child_g) = add_cost(entry.g, cost) else {
                return Err(Pass::CostOverflow);
            };
            problem.apply(&mut child, a);
            let id = *next_id;
            *next_id += 1;
            stats.generated += 1;
            observer.generated(id, Some(entry.id), Some(a), &child, child_g, 0);
            if budget.charge(stats.generated).is_err() {
                return Err(Pass::Aborted);
            }
            // In graph search the explored set already holds the whole path.
            let seen = if graph {
                explored.get(&child).copied()
            } else {
                None
            };
            let on_path = cycle_check
                && !graph
                && (child == entry.state
                    || entry.action.is_some_and(|p| problem.reverses(a, p))
                    || path.iter().any(|e| e.state == child));
            if on_path {
                observer.dropped(id, Dropped::OnPath);
            } else if let Some(seen) = seen.filter(|&seen| settled(seen, entry.depth + 1)) {
                observer.dropped(id, Dropped::Explored { depth: seen });
            } else {
                children.push(Entry {
                    state: child,
                    id,
                    depth: entry.depth + 1,
                    g: child_g,
                    action: Some(a),
                });
            }
        }
        Ok(())
    }
}

/// Depth-first search (`options.depth_limit` caps it) or depth-limited search.
pub(crate) fn depth_first<P: Problem, O: Observer<P>>(
    problem: &P,
    options: &Options,
    budget: &Budget<'_>,
    observer: &mut O,
) -> Outcome<P::Action> {
    let mut stats = Stats {
        iterations: 1,
        ..Stats::default()
    };
    let limit = match options.algorithm {
        Algorithm::DepthLimited => Some(options.depth_limit.unwrap_or(0)),
        _ => options.depth_limit,
    };
    let result = pass(
        problem, options, limit, budget, observer, &mut stats, &mut 0,
    );
    finish(result, stats)
}

/// Iterative deepening: depth-limited passes with limits 0, 1, 2, … (up to
/// `options.depth_limit`), each a new iteration, until a goal is found or a pass meets no
/// depth cutoff (then nothing deeper exists).
pub(crate) fn iterative_deepening<P: Problem, O: Observer<P>>(
    problem: &P,
    options: &Options,
    budget: &Budget<'_>,
    observer: &mut O,
) -> Outcome<P::Action> {
    let mut stats = Stats::default();
    let max = options.depth_limit.unwrap_or(u32::MAX);
    let mut limit = 0;
    let mut next_id = 0;
    loop {
        observer.iteration(Cost::from(limit));
        stats.iterations += 1;
        match pass(
            problem,
            options,
            Some(limit),
            budget,
            observer,
            &mut stats,
            &mut next_id,
        ) {
            Pass::Emptied { cut: true } if limit < max => limit += 1,
            other => return finish(other, stats),
        }
    }
}

fn finish<A>(pass: Pass<A>, stats: Stats) -> Outcome<A> {
    let (status, solution) = match pass {
        Pass::Found(s) => (Status::Found, Some(s)),
        Pass::Emptied { cut: true } => (
            Status::CutOff {
                limit: Limit::Depth,
            },
            None,
        ),
        Pass::Emptied { cut: false } => (Status::Exhausted, None),
        Pass::Aborted => (
            Status::CutOff {
                limit: Limit::Budget,
            },
            None,
        ),
        Pass::CostOverflow => (Status::CutOff { limit: Limit::Cost }, None),
    };
    Outcome {
        status,
        solution,
        stats,
    }
}
