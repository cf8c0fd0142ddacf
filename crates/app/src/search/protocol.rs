//! What the search page asks its worker, and what comes back: the problem, the search's
//! options, the recorded part of the search and how it ended; the scalability chart's runs.

use arbor_puzzles::{BlocksSpec, Heuristic};
use arbor_search::replay::NodeInfo;
use arbor_search::{Algorithm, Event, Options, Stats, Status};
use serde::{Deserialize, Serialize};

/// A problem, as the page describes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProblemSpec {
    /// A tree or graph in text form.
    Graph {
        /// The text.
        text: String,
    },
    /// A sliding-tile puzzle.
    Puzzle {
        /// Rows.
        rows: u8,
        /// Columns.
        cols: u8,
        /// Start tiles, row-major.
        start: Vec<u8>,
        /// Goal tiles.
        goal: Vec<u8>,
        /// The heuristic.
        heuristic: Heuristic,
    },
    /// The blocks world.
    Blocks {
        /// The grid, blocks, agent and goals.
        spec: BlocksSpec,
        /// Use the blocks' Manhattan distance as the heuristic.
        heuristic: bool,
    },
    /// Path-finding on a grid.
    Grid(GridSpec),
}

/// A grid problem: the page's setting, the worker's request and the editor's props alike.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridSpec {
    /// The grid's text (`#` walls, `.` free, `2`–`9` weights, `S`, `G`).
    pub text: String,
    /// Eight-way moves.
    pub diagonal: bool,
    /// The heuristic.
    pub heuristic: arbor_puzzles::GridHeuristic,
    /// Weighted A*'s w in tenths (10: plain A*).
    pub inflation: u32,
    /// Jump Point Search's successors.
    pub jumps: bool,
}

impl GridSpec {
    /// The grid, ready to search, or what is wrong with it.
    pub fn build(&self) -> Result<arbor_puzzles::Grid, String> {
        arbor_puzzles::Grid::parse(&self.text, self.diagonal, self.heuristic)
            .and_then(|g| g.with_inflation(self.inflation).with_jumps(self.jumps))
    }
}

/// A state, as the visualiser draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StateView {
    /// A named node.
    Name(String),
    /// Puzzle tiles, row-major.
    Tiles(Vec<u8>),
    /// A grid cell, by column and row (0-based).
    Cell {
        /// Column.
        x: u8,
        /// Row.
        y: u8,
    },
    /// The agent's cell and each block's cell (row-major, 0-based).
    Blocks {
        /// The agent.
        agent: u8,
        /// The blocks, in letter order.
        blocks: Vec<u8>,
    },
}

/// A recorded node.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewNode {
    /// Tree position and costs.
    pub info: NodeInfo,
    /// The action from the parent, in words ("C", "U", "→").
    pub action: Option<String>,
    /// The state.
    pub state: StateView,
}

/// The recorded part of a search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchView {
    /// The first nodes generated.
    pub nodes: Vec<ViewNode>,
    /// Everything that happened to them.
    pub events: Vec<Event>,
    /// True when the search generated more nodes than were recorded: the record is its
    /// beginning only.
    pub cut_short: bool,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchSummary {
    /// Found, exhausted or cut off.
    pub status: Status,
    /// The solution's actions, in words.
    pub actions: Vec<String>,
    /// The states along the solution, the start first.
    pub states: Vec<StateView>,
    /// The solution's cost.
    pub cost: arbor_search::Cost,
    /// Counts.
    pub stats: Stats,
    /// Milliseconds the search took.
    pub millis: f64,
}

/// A request to the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchRequest {
    /// The problem.
    pub problem: ProblemSpec,
    /// The search.
    pub options: Options,
    /// Record at most this many nodes for the visualiser.
    pub record: usize,
    /// Give up after generating this many nodes.
    pub max_nodes: Option<u64>,
}

/// The puzzles the scalability chart can sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Family {
    /// The 8-puzzle.
    Eight,
    /// The coursework's blocks world: A, B, C to stack in column 2 of a 4 × 4 grid.
    Blocks,
}

/// Nodes expanded against solution depth, per algorithm (the coursework's scalability chart).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScaleRequest {
    /// Which puzzle.
    pub family: Family,
    /// The optimal solution depths to sample.
    pub depths: Vec<u32>,
    /// The searches to run on each.
    pub algorithms: Vec<Algorithm>,
    /// Tree or graph search.
    pub mode: arbor_search::Mode,
    /// Most nodes generated per run (a run over budget is reported as such).
    pub budget: u64,
    /// Seed for the instances.
    pub seed: u64,
}

/// What the search page asks its worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// Run one search, recording it.
    Search(SearchRequest),
    /// Sample the scalability chart.
    Scale(ScaleRequest),
}

/// What the worker answers the search page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// The recorded part (sent as soon as the record is full, or at the end).
    Recorded(SearchView),
    /// The search ended.
    Done(SearchSummary),
    /// Scalability: one run's nodes expanded (`None`: over budget or not found).
    ScalePoint {
        /// The search.
        algorithm: Algorithm,
        /// The instance's optimal depth.
        depth: u32,
        /// Nodes expanded.
        expanded: Option<u64>,
    },
    /// Scalability: no instance of this depth was found to sample.
    ScaleMissing {
        /// The depth.
        depth: u32,
    },
    /// Scalability: every run is done.
    ScaleDone,
}
