//! The searches the stepper can show, and the move orders, by name.

use arbor_game::Ordering;

/// The searches the stepper can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Plain minimax.
    Minimax,
    /// Alpha-beta, fail-soft: the textbook's MAX-VALUE / MIN-VALUE.
    AlphaBeta,
    /// Alpha-beta, fail-hard: values clamped to (α, β).
    AlphaBetaHard,
    /// The same alpha-beta written as negamax: values for the player to move.
    Negamax,
    /// Iterative deepening alpha-beta with a transposition table.
    Deepening,
    /// max^n, for trees of three or more players.
    MaxN,
    /// Connect four's solver: null-window alpha-beta searches that close in on the exact score
    /// (only for the search behind a game move; not in the menu).
    Solver,
}

impl Algorithm {
    /// Every algorithm, in menu order.
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaHard,
        Algorithm::Negamax,
        Algorithm::Deepening,
        Algorithm::MaxN,
    ];

    /// URL name.
    pub fn key(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::AlphaBetaHard => "alphabeta-hard",
            Algorithm::Negamax => "negamax",
            Algorithm::Deepening => "deepening",
            Algorithm::MaxN => "maxn",
            Algorithm::Solver => "solver",
        }
    }

    /// Menu name.
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::Minimax => "Minimax",
            Algorithm::AlphaBeta => "Alpha-beta (fail-soft)",
            Algorithm::AlphaBetaHard => "Alpha-beta (fail-hard)",
            Algorithm::Negamax => "Alpha-beta, negamax form",
            Algorithm::Deepening => "Iterative deepening + table",
            Algorithm::MaxN => "max^n (3+ players)",
            Algorithm::Solver => "Null-window solver + table",
        }
    }

    /// Reads a URL name.
    pub fn from_key(key: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.key() == key)
    }

    /// True for the algorithms that prune (and so have an order and a window).
    pub fn prunes(self) -> bool {
        !matches!(self, Algorithm::Minimax | Algorithm::MaxN)
    }
}

/// URL name of an ordering.
pub fn ordering_key(o: Ordering) -> &'static str {
    match o {
        Ordering::Natural => "natural",
        Ordering::Reversed => "reversed",
        Ordering::Evaluation => "evaluation",
        Ordering::Best => "best",
        Ordering::Worst => "worst",
    }
}

/// Menu name of an ordering.
pub fn ordering_title(o: Ordering) -> &'static str {
    match o {
        Ordering::Natural => "Natural (left to right)",
        Ordering::Reversed => "Reversed (right to left)",
        Ordering::Evaluation => "By static evaluation",
        Ordering::Best => "Best first (perfect knowledge)",
        Ordering::Worst => "Worst first",
    }
}
