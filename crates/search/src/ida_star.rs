//! IDA*: depth-first search within a bound on f = g + h; when an iteration finds no goal, the
//! next bound is the smallest f that exceeded this one (Korf, 1985). Memory is the current
//! path alone.
//!
//! The state is moved in place along the path ([`Problem::apply`] / [`Problem::undo`]), and
//! with cycle checks on, a move that undoes the move before it is not generated at all
//! (Korf's predecessor elimination). A node is generated when its move is applied; a node whose
//! f exceeds the bound is generated, then cut off.

use arbor_util::{Aborted, Budget, Meter};

use crate::observe::{Cut, NodeId, Observer, Quiet};
use crate::outcome::{Cost, Limit, Options, Outcome, Solution, Stats, Status};
use crate::problem::{Problem, Run};

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

/// A value on a cache line of its own. (IDA*'s state, away from the counts it updates at every
/// node, measured 1.12× the plain IDA*'s time against 1.16× beside them.)
#[repr(align(64))]
struct Line<S>(S);

struct IdaStar<'a, P: Problem, O, M> {
    problem: &'a P,
    /// The state, moved along the path and back. (Held here rather than passed down: the
    /// search then reaches it, and everything else it keeps, from one pointer.)
    state: Line<P::State>,
    observer: &'a mut O,
    meter: M,
    stats: Stats,
    /// The next node number. Nodes are numbered across iterations, so each iteration's tree
    /// is its own; the start, re-entered each iteration, is *generated* only once.
    next_id: NodeId,
    cycle_check: bool,
    max_depth: u32,
    bound: Cost,
    /// The smallest f above the bound met in this iteration, or `Cost::MAX` for none (an f
    /// of `Cost::MAX` itself stops the search as past [`crate::MAX_PATH_COST`]).
    next: Cost,
    depth_cut: bool,
    /// The deepest node generated: IDA* stores only the path to it.
    deepest: u32,
    /// The solution's actions, each at its depth, filled in as the recursion unwinds; as long
    /// as the deepest path can be, so that it is written without ever growing.
    path: Vec<Option<P::Action>>,
    cost: Cost,
    /// Set when the search stops without a goal.
    stopped: Option<Stop>,
}

impl<P: Problem, O: Observer<P>, M: Ticks> IdaStar<'_, P, O, M> {
    /// A node whose f exceeds the bound: noted for the next bound, and cut off.
    #[inline(always)]
    fn over_bound(&mut self, id: NodeId, f: Cost) {
        self.next = self.next.min(f);
        self.observer.cut_off(
            id,
            Cut::Bound {
                f,
                bound: self.bound,
            },
        );
    }

    /// Searches below the current state (node `id`, path cost `g`, heuristic `h`, with g + h
    /// within the bound, at `depth`); true when the search stops — a goal found (`path` then
    /// holds the way) or the search cut short (`stopped` says why) — with the state moved back
    /// to where it was. A child over the bound is cut off here, in its parent's loop, without a
    /// call of its own: about half of all nodes are.
    ///
    /// `previous` is the move that reached this node (`None` at the start): with the cycle
    /// check on, the move that undoes it is not generated, and the problem may read from it
    /// what it knows of the state ([`Problem::actions_after`]).
    ///
    /// Written for speed (it is IDA*'s inner loop, and the benchmark holds it to a plain IDA*
    /// written for the 15-puzzle alone): the answer is one bool, the rare reasons kept aside;
    /// nothing in the loop is a call but the recursive one (a call there, even one never made,
    /// costs registers on every pass); and what happens once per node (the depth limit, the
    /// deepest node) is checked once, not at each child.
    // Long on purpose: IDA*'s inner loop, held to the speed of a plain IDA* written for the
    // 15-puzzle alone (`arbor bench ida`), is one function so that nothing in its loop is a call
    // but the recursive one (see above).
    fn visit(
        &mut self,
        id: NodeId,
        g: Cost,
        h: Cost,
        depth: u32,
        previous: Option<P::Action>,
    ) -> bool {
        let problem = self.problem;
        // With unit costs the depth is g: one number carried rather than two.
        let depth = if P::UNIT_COSTS { g as u32 } else { depth };
        // (The bound is read from `self` each time: a copy would be saved across every call.)
        debug_assert!(g + h <= self.bound);
        let goal = problem.is_goal_given(&self.state.0, h);
        self.observer.goal_test(id, goal);
        if goal {
            self.observer.found(id);
            self.deepest = self.deepest.max(depth);
            self.cost = g;
            self.path.truncate(depth as usize);
            return true;
        }
        if depth >= self.max_depth {
            self.depth_cut = true;
            self.observer.cut_off(
                id,
                Cut::Depth {
                    limit: self.max_depth,
                },
            );
            return false;
        }
        self.stats.expanded += 1;
        self.observer.expanded(id);
        // (A flag, not the count before the loop: where the problem leaves out reverse moves
        // itself, the compiler sees it is set whenever the loop ends, and keeps nothing.)
        let mut generated_any = false;
        let cycle_check = self.cycle_check;
        for a in problem.actions_after(&self.state.0, previous, cycle_check) {
            if !P::LEAVES_OUT_REVERSES
                && cycle_check
                && previous.is_some_and(|p| problem.reverses(a, p))
            {
                continue;
            }
            generated_any = true;
            let child_g = g.wrapping_add(problem.step_cost(&self.state.0, a));
            // With unit costs g is the depth, below the depth limit: g + 1 cannot wrap.
            let g_wrapped = !P::UNIT_COSTS && child_g < g;
            debug_assert!(!P::UNIT_COSTS || child_g == g + 1);
            let known_h = problem.heuristic_before(&self.state.0, a, h);
            let stop = match known_h {
                // Unwatched, with the child's estimate known before the move: a child over the
                // bound is generated and cut off without moving to it (about half of all
                // nodes), and one within it is entered.
                //
                // The test is h against the room the bound leaves above g: no addition on the
                // way from the tile moved to the branch. A child whose f would wrap has h
                // above any room, so the overflow test waits for the children over the bound.
                Some(child_h) if !O::WATCHES => {
                    self.stats.generated += 1;
                    let bound = self.bound;
                    if g_wrapped || child_g > bound || child_h > bound - child_g {
                        let child_f = child_g.wrapping_add(child_h);
                        if g_wrapped || child_f < child_g || child_f == Cost::MAX {
                            self.stop(Stop::Overflow)
                        } else if self.meter.tick(self.stats.generated).is_err() {
                            self.stop(Stop::Budget)
                        } else {
                            self.next = self.next.min(child_f);
                            continue;
                        }
                    } else if self.meter.tick(self.stats.generated).is_err() {
                        self.stop(Stop::Budget)
                    } else {
                        let undo = problem.apply(&mut self.state.0, a);
                        let stop = self.visit(0, child_g, child_h, depth + 1, Some(a));
                        problem.undo(&mut self.state.0, undo);
                        stop
                    }
                }
                // Otherwise each event in its order: the move, the child generated (and told),
                // then cut off or entered.
                _ => {
                    let undo = problem.apply(&mut self.state.0, a);
                    let child = self.next_id;
                    self.next_id += 1;
                    self.stats.generated += 1;
                    let child_h = known_h
                        .unwrap_or_else(|| problem.heuristic_after(&self.state.0, a, undo, h));
                    let child_f = child_g.wrapping_add(child_h);
                    // Never a wrapped cost: past what a Cost counts, the search stops.
                    let stop = if g_wrapped || child_f < child_g || child_f == Cost::MAX {
                        self.stop(Stop::Overflow)
                    } else {
                        self.observer.generated(
                            child,
                            Some(id),
                            Some(a),
                            &self.state.0,
                            child_g,
                            child_h,
                        );
                        if self.meter.tick(self.stats.generated).is_err() {
                            self.stop(Stop::Budget)
                        } else if child_f > self.bound {
                            self.over_bound(child, child_f);
                            false
                        } else {
                            self.visit(child, child_g, child_h, depth + 1, Some(a))
                        }
                    };
                    problem.undo(&mut self.state.0, undo);
                    stop
                }
            };
            if stop {
                if self.stopped.is_none() {
                    // (Indexed, never grown: no call in this loop but the recursive one.)
                    self.path[depth as usize] = Some(a);
                }
                self.deepest = self.deepest.max(depth + 1);
                return true;
            }
        }
        // Children are generated one deeper: noted if any was, and only when that is deeper
        // than any node so far — rarely — rather than at every child.
        if depth + 1 > self.deepest && generated_any {
            self.deepest = depth + 1;
        }
        false
    }

    /// The search is cut short: noted, and true (the search stops).
    #[inline(always)]
    fn stop(&mut self, why: Stop) -> bool {
        self.stopped = Some(why);
        true
    }
}

/// Why IDA* stopped without a goal.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// The budget ran out.
    Budget,
    /// A path's g or f passed [`crate::MAX_PATH_COST`].
    Overflow,
}

/// Runs IDA*. An observer that watches nothing is left out, and the search runs on the
/// problem's specialised version ([`Problem::specialised`]).
pub(crate) fn ida_star<P: Problem, O: Observer<P>>(
    problem: &P,
    options: &Options,
    budget: &Budget<'_>,
    observer: &mut O,
) -> Outcome<P::Action> {
    if O::WATCHES {
        with_budget(problem, options, budget, observer)
    } else {
        problem.specialised(Unwatched { options, budget })
    }
}

/// IDA* with no observer, to run on a specialised problem.
struct Unwatched<'a, 'b> {
    options: &'a Options,
    budget: &'a Budget<'b>,
}

impl<S, A, U> Run<S, A, U> for Unwatched<'_, '_> {
    type Output = Outcome<A>;

    fn run<Q: Problem<State = S, Action = A, Undo = U>>(self, problem: &Q) -> Outcome<A> {
        with_budget(problem, self.options, self.budget, &mut Quiet)
    }
}

/// Runs IDA* with its budget's meter, or with none for an unlimited budget.
fn with_budget<P: Problem, O: Observer<P>>(
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
    let state = problem.start();
    let h0 = problem.heuristic(&state);
    let mut search = IdaStar {
        problem,
        state: Line(state),
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
        next: Cost::MAX,
        depth_cut: false,
        deepest: 0,
        path: Vec::new(),
        cost: 0,
        stopped: None,
    };
    search.path = vec![None; search.max_depth as usize + 1];
    loop {
        search.observer.iteration(search.bound);
        search.stats.iterations += 1;
        search.next = Cost::MAX;
        let root = search.next_id;
        search.next_id += 1;
        search
            .observer
            .generated(root, None, None, &search.state.0, 0, h0);
        let found = search.visit(root, 0, h0, 0, None);
        search.stats.peak_stored = u64::from(search.deepest) + 1;
        let status = match (found, search.stopped) {
            (true, None) => {
                let actions = search.path.iter().flatten().copied().collect();
                return Outcome {
                    status: Status::Found,
                    solution: Some(Solution {
                        actions,
                        cost: search.cost,
                    }),
                    stats: search.stats,
                };
            }
            (_, Some(Stop::Overflow)) => Status::CutOff { limit: Limit::Cost },
            (_, Some(Stop::Budget)) => Status::CutOff {
                limit: Limit::Budget,
            },
            (false, None) if search.next == Cost::MAX && search.depth_cut => Status::CutOff {
                limit: Limit::Depth,
            },
            (false, None) if search.next == Cost::MAX => Status::Exhausted,
            (false, None) => {
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
