//! What the stepper asks the worker for the search behind a game move, and what comes back: the
//! search recorded as an explicit tree, with each node's position drawn.

use serde::{Deserialize, Serialize};

use crate::game::Rules;
use crate::scene::GamePicture;
use arbor_game::{NodeId, Trace};

/// Most nodes of a game's search recorded for the stepper: a search that enters more is shown
/// by its last iterations that fit.
pub const RECORD_LIMIT: usize = 60_000;

/// A request to record the search behind an AI move, to step it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExplainRequest {
    /// The rules.
    pub rules: Rules,
    /// The moves before the AI's move.
    pub moves: String,
    /// The level it played at.
    pub level: String,
    /// Its seed.
    pub seed: u64,
    /// The depth its deepest finished search reached.
    pub depth: u32,
    /// Connect four: the solver proved the move.
    pub solver: bool,
    /// … its result only (a weak solve), not its exact score.
    #[serde(default)]
    pub weak: bool,
    /// Record at most this many nodes.
    pub limit: usize,
}

/// The search behind a move, as an explicit tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExplainedView {
    /// The explored tree, in text form.
    pub tree: String,
    /// The search over it.
    pub trace: Trace<NodeId, NodeId>,
    /// Each node's position.
    pub pictures: Vec<GamePicture>,
    /// False for the stubs of moves never searched.
    pub explored: Vec<bool>,
    /// The search was connect four's solver (null-window searches on exact scores).
    pub solver: bool,
}

/// What the stepper asks its worker: the search behind an AI move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// The move's search.
    pub explain: ExplainRequest,
    /// Tic-tac-toe: draw the first player's marks as O.
    pub o_first: bool,
}

/// What the worker answers the stepper: the search behind the move.
pub type Answer = Box<ExplainedView>;
