//! A run to make: what MCTS searches (a tree or a game's position), its iterations, exploration
//! constant and seed; the limits; how a game's end becomes a reward.

use super::MctsView;
use crate::game::position;
use crate::game::{Kind, Pos, Rules};
use arbor_game::{GameTree, MctsOptions};
use serde::{Deserialize, Serialize};

/// The tree the page opens with: the textbook's three-move example (minimax picks the first
/// move, worth 3).
pub const DEFAULT_TREE: &str = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]";

/// Iterations the stepper replays; a longer run is plotted whole and stepped through these.
pub const RECORD_ITERATIONS: u64 = 300;

/// Most iterations a run may ask for.
pub const MAX_ITERATIONS: u64 = crate::game::MCTS_MAX_ITERATIONS;

/// The textbook's exploration constant, √2, in hundredths.
pub const DEFAULT_EXPLORATION: u32 = 141;

/// What MCTS searches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MctsSource {
    /// An explicit tree, in text form: random playouts run down to its leaves.
    Tree(String),
    /// A position of a game: its rules and the moves that lead to it.
    Game {
        /// The rules.
        rules: Rules,
        /// The moves, as the Play page writes them.
        moves: String,
        /// Tic-tac-toe: the first player plays O (the names of the sides only).
        #[serde(default)]
        o_first: bool,
    },
}

/// A run to make (everything the page's URL holds but the step).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MctsRequest {
    /// What to search.
    pub source: MctsSource,
    /// Iterations.
    pub iterations: u64,
    /// The exploration constant c, in hundredths.
    pub exploration: u32,
    /// The seed of expansion and playouts.
    pub seed: u64,
}

impl Default for MctsRequest {
    fn default() -> Self {
        MctsRequest {
            source: MctsSource::Tree(DEFAULT_TREE.into()),
            iterations: 100,
            exploration: DEFAULT_EXPLORATION,
            seed: 1,
        }
    }
}

/// A source ready to search: the tree read, or the game's position reached.
pub enum Prepared {
    /// A two-player tree with a number at each leaf.
    Tree(GameTree),
    /// A game's position with a move to make.
    Game(Rules, Pos),
}

impl MctsSource {
    /// The game searched, if it is a game.
    pub fn kind(&self) -> Option<Kind> {
        match self {
            MctsSource::Tree(_) => None,
            MctsSource::Game { rules, .. } => Some(rules.kind),
        }
    }

    /// Reads the source, or says why it cannot be searched (the page asks before the worker
    /// does).
    pub fn prepare(&self) -> Result<Prepared, String> {
        match self {
            MctsSource::Tree(text) => {
                let tree = GameTree::parse(text).map_err(|e| e.to_string())?;
                if tree.has_chance() {
                    return Err("this tree has chance nodes: MCTS here is for two players' trees (the Chance page searches them)".into());
                }
                if !tree.has_plain_values() || tree.players() != 2 {
                    return Err("MCTS here is for two players' trees with one value per leaf, not utility vectors".into());
                }
                if tree.node(tree.root()).is_leaf() {
                    return Err("the tree is a single leaf: there is no move to search".into());
                }
                Ok(Prepared::Tree(tree))
            }
            MctsSource::Game { rules, moves, .. } => {
                let pos = position(rules, moves)?;
                if pos.actions(rules).is_empty() {
                    return Err(
                        "the game is over in this position: there is no move to search".into(),
                    );
                }
                Ok(Prepared::Game(rules.clone(), pos))
            }
        }
    }
}

/// Whether the iterations asked for are within the page's limits.
pub fn check_iterations(request: &MctsRequest) -> Result<(), String> {
    if request.iterations == 0 || request.iterations > MAX_ITERATIONS {
        return Err(format!(
            "the iterations must be from 1 to {MAX_ITERATIONS} (asked for {})",
            request.iterations
        ));
    }
    Ok(())
}

/// A game's reward for MAX: a win 1, a draw ½, a loss 0 (by the sign of the end's utility) —
/// the page's runs and the Play page's MCTS player both use it, so a move's link replays it.
pub fn win_draw_loss(utility: i32) -> f64 {
    match utility.signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}

impl MctsRequest {
    /// The engine's settings for this request.
    pub fn options(&self) -> MctsOptions {
        MctsOptions {
            iterations: self.iterations,
            exploration: f64::from(self.exploration) / 100.0,
            seed: self.seed,
        }
    }
}

/// Nodes the connect-four solver may search for one root move's exact value.
pub const C4_SOLVE_NODES: u64 = 2_000_000;

/// What the MCTS page asks its worker: a run.
pub type Request = MctsRequest;

/// What the worker answers the MCTS page: the run, recorded.
pub type Answer = Box<MctsView>;
