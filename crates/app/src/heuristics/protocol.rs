//! What the heuristics lab asks its worker, and what comes back: a board's estimates, Korf's
//! instances solved, the textbook's table, and the progress of a pattern database's build.

use arbor_puzzles::heuristic_table::{Row, TableSpec};
use arbor_puzzles::Heuristic;

use serde::{Deserialize, Serialize};

/// Nodes the true distance of a board too large for a pattern database may take to find.
pub const TRUTH_BUDGET: u64 = 50_000_000;

/// What the lab asks its worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LabRequest {
    /// The run's number, echoed in every answer.
    pub run: u64,
    /// The work.
    pub job: Job,
}

/// The lab's kinds of work.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Job {
    /// Every heuristic's estimate for a board, and its true distance.
    Estimates {
        /// Rows.
        rows: u8,
        /// Columns.
        cols: u8,
        /// The board, row-major.
        tiles: Vec<u8>,
        /// The goal.
        goal: Vec<u8>,
    },
    /// The estimates of Korf's instance `id` (1 to 100).
    KorfBoard {
        /// The instance.
        id: u32,
    },
    /// Korf's instances `first` to `last`, by IDA* with the 6-6-3 database (built first).
    Korf {
        /// The first instance.
        first: u32,
        /// The last instance.
        last: u32,
    },
    /// The textbook's table.
    Table(TableSpec),
}

/// One heuristic's estimate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The heuristic.
    pub heuristic: Heuristic,
    /// Its value for the board.
    pub value: u32,
}

/// The board's true distance, as found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Truth {
    /// Read from the exact database.
    Exact(u32),
    /// Found by IDA* (with the pattern database where there is one).
    Solved {
        /// The optimal length.
        length: u32,
        /// Nodes IDA* generated.
        nodes: u64,
        /// Milliseconds it took.
        millis: f64,
    },
    /// No sequence of moves reaches the goal.
    Unsolvable,
    /// IDA* did not finish within [`TRUTH_BUDGET`] nodes.
    TooHard,
}

/// A board's estimates.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EstimatesView {
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
    /// The board.
    pub tiles: Vec<u8>,
    /// The goal.
    pub goal: Vec<u8>,
    /// Misplaced tiles, Manhattan distance, linear conflicts and (where there is one) the
    /// pattern database, in that order.
    pub estimates: Vec<Estimate>,
    /// The database's groups of tiles (none when it is exact or there is none).
    pub groups: Vec<Vec<u8>>,
    /// Each group's share of the database's estimate.
    pub shares: Vec<u32>,
    /// "6-6-3", "exact", or empty when the board has no database.
    pub database: String,
    /// The true distance.
    pub truth: Truth,
}

/// One of Korf's instances, solved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KorfRow {
    /// Its number.
    pub id: u32,
    /// The length found.
    pub length: u32,
    /// The optimal length the data gives.
    pub expected: u32,
    /// Nodes generated.
    pub nodes: u64,
    /// Nodes IDA* with Manhattan distance generates (from the data).
    pub manhattan_nodes: Option<u64>,
    /// Milliseconds.
    pub millis: f64,
}

/// What the worker says back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LabAnswer {
    /// A pattern database is being built: the share done, and which.
    Building {
        /// From 0 to 1.
        fraction: f64,
        /// E.g. "6-6-3 for 4 × 4".
        what: String,
    },
    /// A pattern database is ready (built in `millis`, or `0` when it was built before).
    Built {
        /// What it is.
        what: String,
        /// Milliseconds the build took.
        millis: f64,
    },
    /// A board's estimates.
    Estimates(Box<EstimatesView>),
    /// An instance solved.
    Solved(KorfRow),
    /// Every instance asked for is solved.
    KorfDone {
        /// Milliseconds solving took, the build not counted.
        millis: f64,
    },
    /// The table: puzzles done at this depth.
    Working {
        /// The depth.
        depth: u32,
        /// Puzzles done.
        done: u32,
    },
    /// A row of the table.
    Row(Row),
    /// The table is done.
    TableDone {
        /// Milliseconds it took.
        millis: f64,
    },
    /// The job could not be done.
    Failed(String),
}

/// What the lab asks its worker.
pub type Request = LabRequest;

/// What the worker answers the lab: an answer to run number `.0`.
pub type Answer = (u64, LabAnswer);
