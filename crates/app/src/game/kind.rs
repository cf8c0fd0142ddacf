//! The games, and the AI's levels in each.

use serde::{Deserialize, Serialize};

/// The games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    /// Tic-tac-toe.
    TicTacToe,
    /// Connect four.
    Connect4,
    /// Nim.
    Nim,
}

impl Kind {
    /// Every game, in menu order.
    pub const ALL: [Kind; 3] = [Kind::TicTacToe, Kind::Connect4, Kind::Nim];

    /// URL name.
    pub fn key(self) -> &'static str {
        match self {
            Kind::TicTacToe => "ttt",
            Kind::Connect4 => "c4",
            Kind::Nim => "nim",
        }
    }

    /// Display name.
    pub fn title(self) -> &'static str {
        match self {
            Kind::TicTacToe => "Tic-tac-toe",
            Kind::Connect4 => "Connect four",
            Kind::Nim => "Nim",
        }
    }

    /// Reads a URL name.
    pub fn from_key(key: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.key() == key)
    }

    /// The two sides' names, the first player's first: X and O, or the two colours of discs,
    /// or Nim's first and second player ([`crate::play::Setup::side_name`] swaps X and O when O moves first).
    pub fn side_names(self) -> [&'static str; 2] {
        match self {
            Kind::TicTacToe => ["X", "O"],
            Kind::Connect4 => ["Blue ●", "Orange ○"],
            Kind::Nim => ["Player 1", "Player 2"],
        }
    }

    /// The AI's levels, weakest first.
    pub fn levels(self) -> &'static [Level] {
        match self {
            Kind::TicTacToe => &TTT_LEVELS,
            Kind::Connect4 => &C4_LEVELS,
            Kind::Nim => &NIM_LEVELS,
        }
    }

    /// The level new AI players get.
    pub fn default_level(self) -> &'static Level {
        let key = match self {
            Kind::TicTacToe => "perfect",
            Kind::Connect4 => "threats6",
            Kind::Nim => "perfect",
        };
        self.level(key).unwrap_or(&self.levels()[0])
    }

    /// A level by URL name.
    pub fn level(self, key: &str) -> Option<&'static Level> {
        self.levels().iter().find(|l| l.key == key)
    }
}

/// How the AI searches at a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Strength {
    /// Iterative deepening alpha-beta to this depth, valuing positions there by the game's
    /// evaluation (for connect four: `threats` chooses the stronger one over the seed's).
    Depth {
        /// Plies.
        depth: u32,
        /// Connect four's threat evaluation (otherwise the seed's).
        threats: bool,
    },
    /// To the end of the game (for connect four, the solver, within the time allowed).
    Perfect,
    /// Monte Carlo tree search (UCT, c = √2) with this many iterations; `timed`: as many as
    /// the thinking time allows, up to that many.
    Mcts {
        /// Iterations (the most, when timed).
        iterations: u64,
        /// Stop when the thinking time is up.
        timed: bool,
    },
}

/// One of the AI's levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// URL name.
    pub key: &'static str,
    /// Menu name.
    pub title: &'static str,
    /// What it searches.
    pub strength: Strength,
}

const fn depth(key: &'static str, title: &'static str, d: u32, threats: bool) -> Level {
    Level {
        key,
        title,
        strength: Strength::Depth { depth: d, threats },
    }
}

const fn mcts(key: &'static str, title: &'static str, iterations: u64, timed: bool) -> Level {
    Level {
        key,
        title,
        strength: Strength::Mcts { iterations, timed },
    }
}

/// Most iterations an MCTS run may ask for (the MCTS page's limit, and MCTS as time allows).
pub const MCTS_MAX_ITERATIONS: u64 = 200_000;

/// MCTS as time allows: at most as many iterations as the MCTS page replays, so that the tree
/// behind every move opens there.
const MCTS_TIMED: Level = mcts(
    "mcts-time",
    "MCTS: as time allows (at most 200,000 playouts)",
    MCTS_MAX_ITERATIONS,
    true,
);

const PERFECT: Level = Level {
    key: "perfect",
    title: "Perfect",
    strength: Strength::Perfect,
};

static TTT_LEVELS: [Level; 7] = [
    depth("d1", "1 ply: takes a win it sees", 1, false),
    depth("d2", "2 plies: also blocks", 2, false),
    depth("d4", "4 plies", 4, false),
    Level {
        title: "Perfect: never loses",
        ..PERFECT
    },
    mcts("mcts100", "MCTS: 100 playouts", 100, false),
    mcts("mcts1000", "MCTS: 1,000 playouts", 1000, false),
    MCTS_TIMED,
];

static C4_LEVELS: [Level; 9] = [
    depth("seed1", "Seed heuristic, 1 ply", 1, false),
    depth("seed2", "Seed heuristic, 2 plies", 2, false),
    depth("seed4", "Seed heuristic, 4 plies", 4, false),
    depth("threats6", "Threat evaluation, 6 plies", 6, true),
    depth("threats8", "Threat evaluation, 8 plies", 8, true),
    Level {
        title: "Perfect: the solver, as time allows",
        ..PERFECT
    },
    mcts("mcts1000", "MCTS: 1,000 playouts", 1000, false),
    mcts("mcts10000", "MCTS: 10,000 playouts", 10_000, false),
    MCTS_TIMED,
];

static NIM_LEVELS: [Level; 6] = [
    depth("d1", "1 ply", 1, false),
    depth("d2", "2 plies", 2, false),
    Level {
        title: "Perfect",
        ..PERFECT
    },
    mcts("mcts100", "MCTS: 100 playouts", 100, false),
    mcts("mcts1000", "MCTS: 1,000 playouts", 1000, false),
    MCTS_TIMED,
];
