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
    /// Bidirectional: uniform cost forwards from the start and backwards from the goals, until
    /// they meet.
    Bidirectional,
}

impl Algorithm {
    /// Every algorithm, in teaching order.
    pub const ALL: [Algorithm; 9] = [
        Algorithm::BreadthFirst,
        Algorithm::DepthFirst,
        Algorithm::DepthLimited,
        Algorithm::IterativeDeepening,
        Algorithm::UniformCost,
        Algorithm::Greedy,
        Algorithm::AStar,
        Algorithm::IdaStar,
        Algorithm::Bidirectional,
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
            Algorithm::Bidirectional => "bidi",
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
            Algorithm::Bidirectional => "Bidirectional",
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
                | Algorithm::Bidirectional
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

/// How a frontier search (uniform cost, greedy, A*) orders nodes of equal priority — equal g,
/// equal h or equal f. Breadth-first and the depth-first searches have no priorities (their
/// frontier is a queue or a stack), so the rule does not apply to them.
///
/// Whatever the rule, uniform cost and A* (with a consistent heuristic) still return a
/// cheapest path: the rule only orders nodes the priority cannot tell apart.
///
/// ```
/// use arbor_search::{search, Algorithm, Budget, Event, Graph, Options, Recorder, TieBreak};
/// // X and Y both cost 1: uniform cost cannot tell them apart.
/// let g = Graph::parse("S -> X Y\nX -> G:2\nY -> G:2\ngoal G").unwrap();
/// let first = |tie| {
///     let mut rec = Recorder::new();
///     search(&g, &Options::new(Algorithm::UniformCost).tie(tie), &Budget::unlimited(), &mut rec);
///     let trace = rec.into_trace();
///     let expanded: Vec<&str> = trace.events.iter().filter_map(|e| match e {
///         Event::Expand { node } => Some(g.name(trace.nodes[*node as usize].state)),
///         _ => None,
///     }).collect();
///     expanded[1]
/// };
/// assert_eq!(first(TieBreak::Fifo), "X");
/// assert_eq!(first(TieBreak::Lifo), "Y");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieBreak {
    /// First in, first out: the node that joined the frontier first.
    Fifo,
    /// Last in, first out: the node that joined the frontier last.
    Lifo,
    /// The lowest heuristic h first, then first in, first out. For A*, among equal f, that is
    /// the node nearest the goal by its estimate (the highest g); for greedy best-first, whose
    /// priority is h already, it is the same as [`TieBreak::Fifo`].
    LowestH,
}

impl TieBreak {
    /// Every rule, as the page offers them.
    pub const ALL: [TieBreak; 3] = [TieBreak::Fifo, TieBreak::Lifo, TieBreak::LowestH];

    /// The rule a search uses unless told otherwise: A* prefers the lower h among equal f (as
    /// Arbor's A* always has); uniform cost and greedy take the oldest.
    pub fn usual(algorithm: Algorithm) -> TieBreak {
        match algorithm {
            Algorithm::AStar => TieBreak::LowestH,
            _ => TieBreak::Fifo,
        }
    }

    /// Short name, as in URLs and the command line.
    pub fn key(self) -> &'static str {
        match self {
            TieBreak::Fifo => "fifo",
            TieBreak::Lifo => "lifo",
            TieBreak::LowestH => "lowest-h",
        }
    }

    /// Reads a short name.
    pub fn from_key(key: &str) -> Option<TieBreak> {
        TieBreak::ALL.into_iter().find(|t| t.key() == key)
    }

    /// The rule in a few words.
    pub fn title(self) -> &'static str {
        match self {
            TieBreak::Fifo => "oldest first (FIFO)",
            TieBreak::Lifo => "newest first (LIFO)",
            TieBreak::LowestH => "lowest h, then oldest",
        }
    }

    /// True if the search needs every node's h to apply the rule, informed or not (uniform
    /// cost ordering its ties by h).
    pub fn uses_h(self) -> bool {
        self == TieBreak::LowestH
    }

    /// True for the searches whose ties the rule orders.
    pub fn applies_to(algorithm: Algorithm) -> bool {
        matches!(
            algorithm,
            Algorithm::UniformCost | Algorithm::Greedy | Algorithm::AStar
        )
    }
}

/// How a search runs.
///
/// Written without a `tie` (JSON from before the tie rule, say), it reads back with the
/// algorithm's usual rule ([`TieBreak::usual`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "OptionsFields", into = "OptionsFields")]
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
    /// Uniform cost, greedy and A*: which of the nodes of equal priority leaves the frontier
    /// first (ignored by the other searches).
    pub tie: TieBreak,
}

/// [`Options`] as written: `tie` may be missing.
#[derive(Serialize, Deserialize)]
struct OptionsFields {
    algorithm: Algorithm,
    mode: Mode,
    cycle_check: bool,
    depth_limit: Option<u32>,
    #[serde(default)]
    tie: Option<TieBreak>,
}

impl From<OptionsFields> for Options {
    fn from(o: OptionsFields) -> Options {
        Options {
            algorithm: o.algorithm,
            mode: o.mode,
            cycle_check: o.cycle_check,
            depth_limit: o.depth_limit,
            tie: o.tie.unwrap_or(TieBreak::usual(o.algorithm)),
        }
    }
}

impl From<Options> for OptionsFields {
    fn from(o: Options) -> OptionsFields {
        OptionsFields {
            algorithm: o.algorithm,
            mode: o.mode,
            cycle_check: o.cycle_check,
            depth_limit: o.depth_limit,
            tie: Some(o.tie),
        }
    }
}

impl Options {
    /// `algorithm` with graph search, cycle checks, no depth limit and its usual tie rule.
    pub fn new(algorithm: Algorithm) -> Options {
        Options {
            algorithm,
            mode: Mode::Graph,
            cycle_check: true,
            depth_limit: None,
            tie: TieBreak::usual(algorithm),
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

    /// The same with another tie rule.
    pub fn tie(self, tie: TieBreak) -> Options {
        Options { tie, ..self }
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
    /// Bidirectional search on a problem that cannot be searched backwards (no goal states to
    /// start from).
    Backward,
}

/// The largest path cost (and f = g + h) a search counts; a path that would cost more stops
/// the search with [`Limit::Cost`]. (One below `Cost::MAX`, which IDA* keeps for "no f over
/// the bound".)
pub const MAX_PATH_COST: Cost = Cost::MAX - 1;

/// `a + b`, if it is at most [`MAX_PATH_COST`].
#[inline(always)]
pub(crate) fn add_cost(a: Cost, b: Cost) -> Option<Cost> {
    a.checked_add(b).filter(|&c| c <= MAX_PATH_COST)
}

/// A path's cost, a step's, a heuristic's estimate: whole numbers, 64 bits wide (a problem with
/// fractional costs counts in a fixed fraction of a unit, as the grid counts in 10⁻¹⁰ of a
/// step to carry √2 exactly enough).
pub type Cost = u64;

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
    pub cost: Cost,
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
