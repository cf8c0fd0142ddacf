//! Single-agent search for Arbor.
//!
//! - [`Problem`]: the textbook's search problem (`start`, `actions`, `result` via
//!   `apply`/`undo`, `step_cost`, `is_goal`, `heuristic`), implemented here by explicit trees
//!   and graphs from text ([`Graph`]) and, in `arbor-puzzles`, by the puzzles.
//! - [`search`]: breadth-first, depth-first, depth-limited, iterative deepening, uniform cost,
//!   greedy best-first, A* and IDA*, as tree or graph search, within a [`Budget`] of nodes or
//!   time, with a typed [`Status`] — found, exhausted, or cut off by a limit.
//! - [`HeuristicCheck`]: is a [`Graph`]'s heuristic admissible and consistent, against the
//!   true costs to a goal — and where not, which nodes and edges break it.
//! - Every search is generic over an [`Observer`]: [`Quiet`] costs nothing; the [`Recorder`]
//!   keeps a [`Trace`] that the visualiser replays ([`replay`]).

#![deny(missing_docs)]

mod best_first;
mod bidirectional;
mod branching;
mod depth_first;
mod graph;
mod heuristic_check;
mod ida_star;
mod observe;
mod outcome;
mod problem;
mod reached;
pub mod replay;

pub use arbor_util::{Aborted, Budget, Clock};
pub use branching::effective_branching_factor;
pub use graph::{
    graph_preset, Graph, GraphPreset, Step, TextError, GRAPH_PRESETS, MAX_COST, MAX_GRAPH_NODES,
};
pub use heuristic_check::{
    GoalEstimate, HeuristicCheck, InconsistentEdge, Overestimate, ToGoal, WithNames,
};
pub use ida_star::MAX_IDA_DEPTH;
pub use observe::{Cut, Dropped, Event, NodeId, Observer, Quiet, Rank, Recorder, Trace, TraceNode};
pub use outcome::{
    Algorithm, Cost, Limit, Mode, Options, Outcome, Solution, Stats, Status, TieBreak,
    MAX_PATH_COST,
};
pub use problem::{Problem, Run};

/// Runs `options.algorithm` on `problem` within `budget`, reporting to `observer`.
///
/// ```
/// use arbor_search::{search, Algorithm, Budget, Graph, Options, Quiet, Status};
/// let tree = Graph::parse("A[B[D E] C[F]]\ngoal F").unwrap();
/// let out = search(&tree, &Options::new(Algorithm::BreadthFirst), &Budget::unlimited(), &mut Quiet);
/// assert_eq!(out.status, Status::Found);
/// assert_eq!(out.solution.unwrap().depth(), 2);
/// ```
pub fn search<P: Problem, O: Observer<P>>(
    problem: &P,
    options: &Options,
    budget: &Budget<'_>,
    observer: &mut O,
) -> Outcome<P::Action> {
    match options.algorithm {
        Algorithm::BreadthFirst | Algorithm::UniformCost | Algorithm::Greedy | Algorithm::AStar => {
            best_first::best_first(problem, options, budget, observer)
        }
        Algorithm::DepthFirst | Algorithm::DepthLimited => {
            depth_first::depth_first(problem, options, budget, observer)
        }
        Algorithm::IterativeDeepening => {
            depth_first::iterative_deepening(problem, options, budget, observer)
        }
        Algorithm::IdaStar => ida_star::ida_star(problem, options, budget, observer),
        Algorithm::Bidirectional => {
            bidirectional::bidirectional(problem, options, budget, observer)
        }
    }
}
