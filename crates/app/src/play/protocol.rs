//! What the Play page asks its worker, and what comes back: the AI's move (with its progress
//! while it thinks), every move's hint.

use serde::{Deserialize, Serialize};

use super::{Rules, Verdict};
use crate::game::{decided, verdict, Move, Pos};
use crate::mcts::{MctsRequest, MctsSource};
use arbor_games::ai::Choice;
use arbor_games::connect4::Proof;

/// A request for the AI's move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThinkRequest {
    /// The rules.
    pub rules: Rules,
    /// The moves so far, as text.
    pub moves: String,
    /// The level's URL name.
    pub level: String,
    /// Seed for the choice among equally good moves.
    pub seed: u64,
    /// Time allowed (perfect connect four), in milliseconds.
    pub millis: u32,
}

/// The AI's move and how it came to it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Thought {
    /// The move.
    pub mv: Move,
    /// What the AI expects, for itself.
    pub verdict: Verdict,
    /// The value behind the verdict, for the first player (MAX), in the units of the search
    /// that chose the move: the root's value in the tree behind the move.
    pub value: i32,
    /// Depth of the deepest finished search (plies).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The verdict is proven.
    pub proven: bool,
    /// The time ran out before the search finished (the move is from the deepest search that
    /// did).
    pub stopped: bool,
    /// Connect four: the solver proved the move (otherwise the depth-limited search chose it,
    /// or the opening book holds it).
    pub solver: bool,
    /// … its result only (win, draw or loss), not how soon.
    pub weak: bool,
    /// Connect four's perfect player: how the move was found.
    pub proof: Option<Proof>,
    /// Something the player should know (the opening book could not be read, say).
    pub note: Option<String>,
    /// The move came from Monte Carlo tree search: its run.
    pub mcts: Option<MctsPlay>,
}

/// How an MCTS player chose its move: enough to grow the same tree again on the MCTS page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MctsPlay {
    /// Iterations run (when the time ran out, those finished).
    pub iterations: u64,
    /// The exploration constant c, in hundredths.
    pub exploration: u32,
    /// Visits of the move played (the root's most visited child).
    pub visits: u64,
    /// Its mean reward for the side that played it.
    pub mean: f64,
}

/// The MCTS page's request for `iterations` with exploration `c` (hundredths) from the position
/// `before` — what an MCTS player runs, and so the tree behind its move (`seed`: the move's).
pub fn mcts_request(
    rules: &Rules,
    o_first: bool,
    before: &str,
    (iterations, c): (u64, u32),
    seed: u64,
) -> MctsRequest {
    MctsRequest {
        source: MctsSource::Game {
            rules: rules.clone(),
            moves: before.to_string(),
            o_first,
        },
        iterations,
        exploration: c,
        seed,
    }
}

impl Thought {
    /// A choice of the engine's, told for the side that makes it (`exact_c4`: the value is
    /// the solver's exact score).
    pub fn of(pos: &Pos, side: usize, c: &Choice<Move>, exact_c4: bool, solver: bool) -> Thought {
        let v = verdict(pos, side, c.value, c.proven, exact_c4);
        Thought {
            mv: c.mv,
            verdict: v,
            value: c.value,
            depth: c.depth,
            nodes: c.nodes,
            proven: c.proven || decided(v),
            stopped: c.stopped,
            solver,
            weak: false,
            proof: None,
            note: None,
            mcts: None,
        }
    }
}

/// One move's hint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hint {
    /// The move.
    pub mv: Move,
    /// What it leads to, for the player making it.
    pub verdict: Verdict,
}

/// Progress while the AI thinks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Thinking {
    /// Depth of the deepest finished search.
    pub depth: u32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// The best move so far (what Stop plays), if a search has finished.
    pub best: Option<Thought>,
    /// Connect four's solver is at work (past the depth-limited search).
    pub solving: bool,
    /// MCTS is at work: `nodes` counts its iterations (playouts).
    pub mcts: bool,
}

/// What the Play page asks its worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// Choose the AI's move.
    Think(ThinkRequest),
    /// Score every move of a position, for hints.
    Hints {
        /// The rules.
        rules: Rules,
        /// The moves so far.
        moves: String,
    },
}

/// What the worker answers the Play page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// The AI is thinking.
    Thinking(Thinking),
    /// The AI's move.
    Thought(Thought),
    /// Every move's score.
    Hints(Vec<Hint>),
}
