//! IDA*: depth-first search within a bound on f = g + h; when an iteration finds no goal, the
//! next bound is the smallest f that exceeded this one (Korf, 1985). Memory is the current
//! path alone.
//!
//! The state is moved in place along the path ([`Problem::apply`] / [`Problem::undo`]), and
//! with cycle checks on, a move that undoes the move before it is not generated at all
//! (Korf's predecessor elimination). A node is generated when its move is applied; a node whose
//! f exceeds the bound is generated, then cut off.

use arbor_util::{Aborted, Budget, Meter};

use crate::observe::{Cut, NodeId, Observer};
use crate::outcome::{Limit, Options, Outcome, Solution, Stats, Status};
use crate::problem::Problem;

/// Deepest path IDA* follows: enough for any sliding-tile puzzle it can finish, and shallow
/// enough for the browser's stack.
pub const MAX_IDA_DEPTH: u32 = 1_000;

/// What IDA* asks of its budget at each node it generates: the budget's meter, or — for an
/// unlimited budget — nothing, so that the check compiles away.
trait Ticks {
    fn tick(&mut self, count: u64) -> Result<(), Aborted>;
}

impl Ticks for Meter<'_> {
    #[inline(always)]
    fn tick(&mut self, count: u64) -> Result<(), Aborted> {
        Meter::tick(self, count)
    }
}

/// An unlimited budget.
struct Unlimited;

impl Ticks for Unlimited {
    #[inline(always)]
    fn tick(&mut self, _count: u64) -> Result<(), Aborted> {
        Ok(())
    }
}

struct IdaStar<'a, P: Problem, O, M> {
    problem: &'a P,
    observer: &'a mut O,
    meter: M,
    stats: Stats,
    /// The next node number. Nodes are numbered across iterations, so each iteration's tree
    /// is its own; the start, re-entered each iteration, is *generated* only once.
    next_id: NodeId,
    cycle_check: bool,
    max_depth: u32,
    bound: u32,
    /// The smallest f above the bound met in this iteration.
    next: u32,
    depth_cut: bool,
    /// The deepest node visited: IDA* stores only the path to it.
    deepest: u32,
    /// Filled with the solution's actions, goal first, as the recursion unwinds.
    path: Vec<P::Action>,
    cost: u32,
    /// Set when a path's g or f passed [`crate::MAX_PATH_COST`] (the search then stops).
    overflow: bool,
}

impl<P: Problem, O: Observer<P>, M: Ticks> IdaStar<'_, P, O, M> {
    /// A node whose f exceeds the bound: noted for the next bound, and cut off.
    #[inline(always)]
    fn over_bound(&mut self, id: NodeId, f: u32) {
        self.next = self.next.min(f);
        self.observer.cut_off(
            id,
            Cut::Bound {
                f,
                bound: self.bound,
            },
        );
    }

    /// Searches below `state` (node `id`, path cost `g`, heuristic `h`, with g + h within the
    /// bound); true when a goal is found (the state is then moved back to where it was, and
    /// `path` holds the way). A child over the bound is cut off here, in its parent's loop,
    /// without a call of its own: about half of all nodes are.
    fn visit(
        &mut self,
        state: &mut P::State,
        id: NodeId,
        g: u32,
        h: u32,
        depth: u32,
        previous: Option<P::Action>,
    ) -> Result<bool, Aborted> {
        debug_assert!(g + h <= self.bound);
        let goal = self.problem.is_goal_given(state, h);
        self.observer.goal_test(id, goal);
        if goal {
            self.observer.found(id);
            self.deepest = self.deepest.max(depth);
            self.cost = g;
            return Ok(true);
        }
        if depth >= self.max_depth {
            self.depth_cut = true;
            self.observer.cut_off(
                id,
                Cut::Depth {
                    limit: self.max_depth,
                },
            );
            return Ok(false);
        }
        self.stats.expanded += 1;
        self.observer.expanded(id);
        // Children are generated one deeper: noted once, after the loop, if any was.
        let mut any_child = false;
        let mut result = Ok(false);
        for a in self.problem.actions(state) {
            if self.cycle_check && previous.is_some_and(|p| self.problem.reverses(a, p)) {
                continue;
            }
            let cost = self.problem.step_cost(state, a);
            // Unwatched, a child whose f is known before the move and is over the bound is
            // generated and cut off without moving to it (about half of all nodes).
            let known_h = self.problem.heuristic_before(state, a, h);
            if !O::WATCHES {
                if let Some(child_h) = known_h {
                    let child_f = u64::from(g) + u64::from(cost) + u64::from(child_h);
                    if child_f > u64::from(self.bound) && child_f < u64::from(u32::MAX) {
                        self.stats.generated += 1;
                        any_child = true;
                        if let Err(e) = self.meter.tick(self.stats.generated) {
                            result = Err(e);
                            break;
                        }
                        self.next = self.next.min(child_f as u32);
                        continue;
                    }
                }
            }
            let undo = self.problem.apply(state, a);
            let child = if O::WATCHES {
                self.next_id += 1;
                self.next_id - 1
            } else {
                0
            };
            self.stats.generated += 1;
            any_child = true;
            let child_h = match known_h {
                Some(child_h) => child_h,
                None => self.problem.heuristic_after(state, a, undo, h),
            };
            let child_g = g.wrapping_add(cost);
            let child_f = child_g.wrapping_add(child_h);
            // Never a wrapped cost: past what a u32 counts, the search stops.
            let found = if child_g < g || child_f < child_g {
                self.overflow = true;
                Err(Aborted)
            } else {
                self.observer
                    .generated(child, Some(id), Some(a), state, child_g, child_h);
                match self.meter.tick(self.stats.generated) {
                    Ok(()) if child_f > self.bound => {
                        self.over_bound(child, child_f);
                        Ok(false)
                    }
                    Ok(()) => self.visit(state, child, child_g, child_h, depth + 1, Some(a)),
                    Err(e) => Err(e),
                }
            };
            self.problem.undo(state, undo);
            match found {
                Ok(false) => {}
                Ok(true) => {
                    self.path.push(a);
                    result = Ok(true);
                    break;
                }
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        if any_child {
            self.deepest = self.deepest.max(depth + 1);
        }
        result
    }
}

/// Runs IDA*.
pub(crate) fn ida_star<P: Problem, O: Observer<P>>(
    problem: &P,
    options: &Options,
    budget: &Budget<'_>,
    observer: &mut O,
) -> Outcome<P::Action> {
    if budget.nodes.is_none() && budget.deadline_ms.is_none() {
        run(problem, options, Unlimited, observer)
    } else {
        run(problem, options, Meter::new(*budget), observer)
    }
}

fn run<P: Problem, O: Observer<P>, M: Ticks>(
    problem: &P,
    options: &Options,
    meter: M,
    observer: &mut O,
) -> Outcome<P::Action> {
    let mut state = problem.start();
    let h0 = problem.heuristic(&state);
    let mut search = IdaStar {
        problem,
        observer,
        meter,
        stats: Stats {
            generated: 1,
            ..Stats::default()
        },
        next_id: 0,
        cycle_check: options.cycle_check,
        max_depth: options
            .depth_limit
            .unwrap_or(MAX_IDA_DEPTH)
            .min(MAX_IDA_DEPTH),
        bound: h0,
        next: u32::MAX,
        depth_cut: false,
        deepest: 0,
        path: Vec::new(),
        cost: 0,
        overflow: false,
    };
    loop {
        search.observer.iteration(search.bound);
        search.stats.iterations += 1;
        search.next = u32::MAX;
        let root = search.next_id;
        search.next_id += 1;
        search.observer.generated(root, None, None, &state, 0, h0);
        let found = search.visit(&mut state, root, 0, h0, 0, None);
        search.stats.peak_stored = u64::from(search.deepest) + 1;
        let status = match found {
            Ok(true) => {
                let mut actions = std::mem::take(&mut search.path);
                actions.reverse();
                return Outcome {
                    status: Status::Found,
                    solution: Some(Solution {
                        actions,
                        cost: search.cost,
                    }),
                    stats: search.stats,
                };
            }
            Err(_) if search.overflow => Status::CutOff { limit: Limit::Cost },
            Err(_) => Status::CutOff {
                limit: Limit::Budget,
            },
            Ok(false) if search.next == u32::MAX && search.depth_cut => Status::CutOff {
                limit: Limit::Depth,
            },
            Ok(false) if search.next == u32::MAX => Status::Exhausted,
            Ok(false) => {
                search.bound = search.next;
                continue;
            }
        };
        return Outcome {
            status,
            solution: None,
            stats: search.stats,
        };
    }
}
