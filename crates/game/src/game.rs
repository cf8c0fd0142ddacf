//! The game abstraction every search in this crate works on, in the textbook's words.

use arbor_util::mix64;

use crate::tree::{GameTree, NodeId};

/// A value larger than any utility: the +∞ of the pseudocode. Its negation is −∞, and both
/// negate safely.
pub const INF: i32 = i32::MAX;

/// A deterministic, perfect-information game.
///
/// Values are integers. In a two-player game they are utilities for player 0 (MAX): MAX wants
/// them high, MIN (player 1) low. Games for more players also give a utility vector
/// ([`Game::utilities`]).
pub trait Game {
    /// A position, with everything needed to continue the game (including whose turn it is).
    type State: Clone;
    /// A move; cheap to copy.
    type Move: Copy + PartialEq + std::fmt::Debug;

    /// Number of players; 2 unless the game says otherwise.
    fn players(&self) -> usize {
        2
    }

    /// The player to move: 0 is MAX (or the first player), 1 is MIN (or the second), ….
    fn to_move(&self, state: &Self::State) -> usize;

    /// ACTIONS(s): appends the legal moves of a non-terminal state to `moves`, in the game's
    /// natural order.
    fn actions(&self, state: &Self::State, moves: &mut Vec<Self::Move>);

    /// RESULT(s, a): the state after a legal move.
    fn result(&self, state: &Self::State, mv: Self::Move) -> Self::State;

    /// True when the game is over.
    fn is_terminal(&self, state: &Self::State) -> bool;

    /// Utility of a terminal state for MAX (two-player games).
    fn utility(&self, state: &Self::State) -> i32;

    /// Utility vector of a terminal state, one entry per player. For two players the default
    /// is `[u, -u]` with `u` = [`Game::utility`].
    fn utilities(&self, state: &Self::State, out: &mut Vec<i32>) {
        let u = self.utility(state);
        out.clear();
        out.extend([u, -u]);
    }

    /// Heuristic value of a non-terminal state for MAX, used where a depth limit stops the
    /// search and to order moves. A terminal state is valued by its utility in the search, but
    /// move ordering may ask for its evaluation too, which should then rank it sensibly.
    fn evaluate(&self, state: &Self::State) -> i32;

    /// Heuristic vector for a non-terminal state in a multi-player game.
    fn evaluate_vector(&self, state: &Self::State, out: &mut Vec<i32>) {
        let v = self.evaluate(state);
        out.clear();
        out.extend([v, -v]);
    }

    /// Bounds (MAX's view) on the value of a non-terminal state searched to the end of the
    /// game, if the game knows them — in connect four, nobody can win before their next stone.
    /// A search to the end narrows its window (α, β) to them, and may stop at once.
    fn bounds(&self, _state: &Self::State) -> Option<(i32, i32)> {
        None
    }

    /// A hash of the position (a Zobrist key where the game has one), for transposition
    /// tables. Equal positions must have equal keys.
    fn hash(&self, state: &Self::State) -> u64;
}

/// An explicit tree is a game: a state is a node, a move goes to a child.
impl Game for GameTree {
    type State = NodeId;
    type Move = NodeId;

    fn players(&self) -> usize {
        GameTree::players(self)
    }

    fn to_move(&self, state: &NodeId) -> usize {
        self.player_at(*state)
    }

    fn actions(&self, state: &NodeId, moves: &mut Vec<NodeId>) {
        moves.extend_from_slice(&self.node(*state).children);
    }

    fn result(&self, _state: &NodeId, mv: NodeId) -> NodeId {
        mv
    }

    fn is_terminal(&self, state: &NodeId) -> bool {
        self.node(*state).is_leaf()
    }

    fn utility(&self, state: &NodeId) -> i32 {
        self.node(*state).payoff[0]
    }

    fn utilities(&self, state: &NodeId, out: &mut Vec<i32>) {
        let payoff = &self.node(*state).payoff;
        out.clear();
        if payoff.len() == 1 {
            out.extend([payoff[0], -payoff[0]]);
        } else {
            out.extend_from_slice(payoff);
        }
    }

    /// The evaluation given in the text (`{5}[…]`), else 0. A leaf is valued by its payoff.
    fn evaluate(&self, state: &NodeId) -> i32 {
        let node = self.node(*state);
        match node.eval {
            Some(e) => e,
            None if node.is_leaf() => node.payoff[0],
            None => 0,
        }
    }

    fn evaluate_vector(&self, state: &NodeId, out: &mut Vec<i32>) {
        let node = self.node(*state);
        out.clear();
        if node.is_leaf() {
            self.utilities(state, out);
        } else {
            out.resize(GameTree::players(self), node.eval.unwrap_or(0));
        }
    }

    fn hash(&self, state: &NodeId) -> u64 {
        mix64(u64::from(state.0) ^ 0x5EED_A5B0_0000_0000)
    }
}
