//! What a search is asked to do, and what it reports.

use serde::{Deserialize, Serialize};

/// The searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// Breadth-first: the shallowest node first (a FIFO frontier).
    BreadthFirst,
    /// Depth-first: the deepest node first (a LIFO frontier).
    DepthFirst,
    /// Depth-first to a depth limit ([`Options::depth_limit`]).
    DepthLimited,
    /// Depth-limited search with limits 0, 1, 2, … until a goal is found.
    IterativeDeepening,
    /// Uniform cost: the cheapest path first (lowest g).
    UniformCost,
    /// Greedy best-first: the lowest heuristic h first.
    Greedy,
    /// A*: the lowest f = g + h first.
    AStar,
    /// Iterative-deepening A*: depth-first within an f bound that rises each iteration.
    IdaStar,
}

impl Algorithm {
    /// Every algorithm, in teaching order.
    pub const ALL: [Algorithm; 8] = [
        Algorithm::BreadthFirst,
        Algorithm::DepthFirst,
        Algorithm::DepthLimited,
        Algorithm::IterativeDeepening,
        Algorithm::UniformCost,
        Algorithm::Greedy,
        Algorithm::AStar,
        Algorithm::IdaStar,
    ];

    /// Short name, as in URLs and the command line.
    pub fn key(self) -> &'static str {
        match self {
            Algorithm::BreadthFirst => "bfs",
            Algorithm::DepthFirst => "dfs",
            Algorithm::DepthLimited => "dls",
            Algorithm::IterativeDeepening => "iddfs",
            Algorithm::UniformCost => "ucs",
            Algorithm::Greedy => "greedy",
            Algorithm::AStar => "astar",
            Algorithm::IdaStar => "idastar",
        }
    }

    /// Reads a short name.
    pub fn from_key(key: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.key() == key)
    }

    /// Full name.
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::BreadthFirst => "Breadth-first",
            Algorithm::DepthFirst => "Depth-first",
            Algorithm::DepthLimited => "Depth-limited",
            Algorithm::IterativeDeepening => "Iterative deepening",
            Algorithm::UniformCost => "Uniform cost",
            Algorithm::Greedy => "Greedy best-first",
            Algorithm::AStar => "A*",
            Algorithm::IdaStar => "IDA*",
        }
    }

    /// True for the searches that use the heuristic.
    pub fn informed(self) -> bool {
        matches!(
            self,
            Algorithm::Greedy | Algorithm::AStar | Algorithm::IdaStar
        )
    }

    /// True for the searches guaranteed to find a cheapest solution (A* and IDA* given an
    /// admissible heuristic; breadth-first and iterative deepening when every step costs 1).
    pub fn optimal(self) -> bool {
        matches!(
            self,
            Algorithm::UniformCost
                | Algorithm::AStar
                | Algorithm::IdaStar
                | Algorithm::BreadthFirst
                | Algorithm::IterativeDeepening
        )
    }
}

/// Whether a search remembers the states it has reached.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Tree search: every path is a new node, even to a state seen before.
    Tree,
    /// Graph search: a state reached before is not searched again (unless, for uniform cost
    /// and A*, by a cheaper path).
    #[default]
    Graph,
}

/// How a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// The search.
    pub algorithm: Algorithm,
    /// Tree or graph search (depth-first searches and IDA* are tree searches in any case but
    /// graph depth-first search).
    pub mode: Mode,
    /// Depth-first searches: skip a move back to a state on the current path. IDA*: skip a
    /// move that undoes the move before it (Korf's predecessor elimination; a longer cycle is
    /// cut only by the f bound).
    pub cycle_check: bool,
    /// The depth limit of depth-limited search; the deepest iteration of iterative deepening;
    /// for other searches, nodes this deep are not expanded.
    pub depth_limit: Option<u32>,
}

impl Options {
    /// `algorithm` with graph search, cycle checks and no depth limit.
    pub fn new(algorithm: Algorithm) -> Options {
        Options {
            algorithm,
            mode: Mode::Graph,
            cycle_check: true,
            depth_limit: None,
        }
    }

    /// The same with another mode.
    pub fn mode(self, mode: Mode) -> Options {
        Options { mode, ..self }
    }

    /// The same with a depth limit.
    pub fn depth_limit(self, limit: u32) -> Options {
        Options {
            depth_limit: Some(limit),
            ..self
        }
    }
}

/// Which limit stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Limit {
    /// The depth limit: there may be a solution deeper.
    Depth,
    /// The budget of nodes or time.
    Budget,
    /// A path's cost (or its f = g + h) passed [`MAX_PATH_COST`], the largest the search can
    /// count: the search stops rather than give a wrong cost.
    Cost,
}

/// The largest path cost (and f = g + h) a search counts; a path that would cost more stops
/// the search with [`Limit::Cost`].
pub const MAX_PATH_COST: u32 = u32::MAX;

/// How a search ended.
///
/// For people (JSON) it reads `{"status": "found"}`, `{"status": "cut_off", "limit": "depth"}`;
/// compact formats (the page's messages to and from its worker) carry a plain variant index,
/// as they cannot read a tag inside a map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A goal was found.
    Found,
    /// Everything reachable was searched: there is no solution.
    Exhausted,
    /// A limit stopped the search before it could decide.
    CutOff {
        /// Which limit.
        limit: Limit,
    },
}

/// [`Status`] as people read it: tagged by its `status` field.
#[derive(Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "lowercase", remote = "Status")]
enum Tagged {
    Found,
    Exhausted,
    #[serde(rename = "cut_off")]
    CutOff {
        limit: Limit,
    },
}

/// [`Status`] for compact formats.
#[derive(Serialize, Deserialize)]
#[serde(remote = "Status")]
enum Plain {
    Found,
    Exhausted,
    CutOff { limit: Limit },
}

impl Serialize for Status {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            Tagged::serialize(self, serializer)
        } else {
            Plain::serialize(self, serializer)
        }
    }
}

impl<'de> Deserialize<'de> for Status {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Status, D::Error> {
        if deserializer.is_human_readable() {
            Tagged::deserialize(deserializer)
        } else {
            Plain::deserialize(deserializer)
        }
    }
}

/// A path to a goal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution<A> {
    /// The actions, from the start.
    pub actions: Vec<A>,
    /// The sum of their costs.
    pub cost: u32,
}

impl<A> Solution<A> {
    /// Number of actions.
    pub fn depth(&self) -> usize {
        self.actions.len()
    }
}

/// Counts a search keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Nodes generated (the start included).
    pub generated: u64,
    /// Most nodes in the frontier at once.
    pub peak_frontier: u64,
    /// Most nodes held at once (frontier and explored set, or the depth-first stack and path).
    pub peak_stored: u64,
    /// Iterations (iterative deepening and IDA*; 1 otherwise).
    pub iterations: u32,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome<A> {
    /// How it ended.
    pub status: Status,
    /// The path found, if any.
    pub solution: Option<Solution<A>>,
    /// What it did.
    pub stats: Stats,
}
