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
use crate::outcome::{Algorithm, Limit, Mode, Options, Outcome, Solution, Stats, Status};
use crate::problem::Problem;

/// A node on the stack.
struct Entry<S, A> {
    state: S,
    id: NodeId,
    depth: u32,
    g: u32,
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
    let graph = options.mode == Mode::Graph;
    // Graph search: each explored state and the shallowest depth it was explored at.
    let mut explored: HashMap<P::State, u32, FxBuildHasher> = HashMap::default();
    // Whether a state explored at depth `seen` is not searched again at `depth`: always without
    // a limit; with one, unless it is now reached shallower (with more depth left below it).
    let settled = |seen: u32, depth: u32| limit.is_none() || seen <= depth;
    // The path from the start to the node being visited: its states and the actions to them.
    let mut path: Vec<Entry<P::State, P::Action>> = Vec::new();
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
        [u32::MAX - pushes, 0, 0]
    };
    observer.pushed(id, rank());
    stats.peak_frontier = stats.peak_frontier.max(1);
    let mut cut = false;
    let mut children = Vec::new();
    while let Some(entry) = stack.pop() {
        observer.popped(entry.id);
        path.truncate(entry.depth as usize);
        if graph {
            match explored.get(&entry.state) {
                Some(&seen) if settled(seen, entry.depth) => {
                    observer.dropped(entry.id, Dropped::Explored { depth: seen });
                    continue;
                }
                Some(&seen) => observer.reopened(entry.id, seen),
                None => {}
            }
            explored.insert(entry.state.clone(), entry.depth);
        }
        let goal = problem.is_goal(&entry.state);
        observer.goal_test(entry.id, goal);
        if goal {
            observer.found(entry.id);
            let mut actions: Vec<P::Action> = path.iter().filter_map(|e| e.action).collect();
            actions.extend(entry.action);
            return Pass::Found(Solution {
                actions,
                cost: entry.g,
            });
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
        children.clear();
        for a in problem.actions(&entry.state) {
            let mut child = entry.state.clone();
            let cost = problem.step_cost(&child, a);
            let Some(child_g) = entry.g.checked_add(cost) else {
                return Pass::CostOverflow;
            };
            problem.apply(&mut child, a);
            let id = *next_id;
            *next_id += 1;
            stats.generated += 1;
            observer.generated(id, Some(entry.id), Some(a), &child, child_g, 0);
            if budget.charge(stats.generated).is_err() {
                return Pass::Aborted;
            }
            // In graph search the explored set already holds the whole path.
            let seen = if graph {
                explored.get(&child).copied()
            } else {
                None
            };
            let on_path = options.cycle_check
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
        path.push(entry);
        // The first child ends on top of the stack.
        while let Some(child) = children.pop() {
            observer.pushed(child.id, rank());
            stack.push(child);
        }
        stats.peak_frontier = stats.peak_frontier.max(stack.len() as u64);
        let stored = stack.len() + path.len() + explored.len();
        stats.peak_stored = stats.peak_stored.max(stored as u64);
    }
    Pass::Emptied { cut }
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
        observer.iteration(limit);
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
