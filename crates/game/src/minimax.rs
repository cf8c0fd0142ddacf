//! Plain minimax: every node is searched, as in the textbook's MAX-VALUE / MIN-VALUE.

use arbor_util::MoveLists;

use crate::game::{Game, INF};
use crate::observe::Observer;
use crate::stats::{Outcome, Stats};

/// The minimax value of `root`, searching every move to the end of the game or to `depth`
/// plies (where [`Game::evaluate`] values the positions reached). MAX (player 0) takes the
/// largest child value, MIN the smallest; among equal values the first move is kept.
///
/// ```
/// use arbor_game::{minimax, GameTree, Quiet};
/// let tree = GameTree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
/// let outcome = minimax(&tree, &tree.root(), None, &mut Quiet);
/// assert_eq!(outcome.value, 3);
/// assert_eq!(outcome.stats.evaluated, 9);
/// ```
pub fn minimax<G: Game, O: Observer<G>>(
    game: &G,
    root: &G::State,
    depth: Option<u32>,
    observer: &mut O,
) -> Outcome<G::Move> {
    let mut search = Minimax {
        game,
        observer,
        stats: Stats::default(),
        moves: MoveLists::default(),
    };
    let (value, best) = search.value(root, None, 0, depth);
    Outcome {
        value,
        best,
        stats: search.stats,
    }
}

struct Minimax<'a, G: Game, O> {
    game: &'a G,
    observer: &'a mut O,
    stats: Stats,
    /// One move buffer per ply, reused.
    moves: MoveLists<G::Move>,
}

impl<G: Game, O: Observer<G>> Minimax<'_, G, O> {
    fn value(
        &mut self,
        state: &G::State,
        mv: Option<G::Move>,
        ply: u32,
        remaining: Option<u32>,
    ) -> (i32, Option<G::Move>) {
        self.stats.visited += 1;
        self.observer.enter(state, mv, ply, None);
        if self.game.is_terminal(state) || remaining == Some(0) {
            let horizon = !self.game.is_terminal(state);
            let value = if horizon {
                self.game.evaluate(state)
            } else {
                self.game.utility(state)
            };
            self.stats.evaluated += 1;
            self.observer.evaluated(value, horizon);
            self.observer.exit(value, None);
            return (value, None);
        }
        let maximizing = self.game.to_move(state) == 0;
        let mut best_value = if maximizing { -INF } else { INF };
        let mut best_move = None;
        let mut moves = self.moves.take(ply);
        self.game.actions(state, &mut moves);
        for &m in &moves {
            let child = self.game.result(state, m);
            let (v, _) = self.value(&child, Some(m), ply + 1, remaining.map(|r| r - 1));
            self.observer.returned(v);
            let better = if maximizing {
                v > best_value
            } else {
                v < best_value
            };
            if better || best_move.is_none() {
                best_value = v;
                best_move = Some(m);
            }
        }
        self.moves.give_back(ply, moves);
        self.observer.exit(best_value, best_move);
        (best_value, best_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::{Event, Quiet, Recorder};
    use crate::tree::GameTree;

    #[test]
    fn seed_003_minimax_tree() {
        // A(MAX) → B, C (MIN) → D, E, F, G (MAX) → leaves.
        let tree = GameTree::parse("[[[-1,4],[2,6]],[[-3,-5],[0,7]]]").unwrap();
        let mut rec = Recorder::new();
        let outcome = minimax(&tree, &tree.root(), None, &mut rec);
        assert_eq!(outcome.value, 4);
        assert_eq!(outcome.stats.visited, 15);
        assert_eq!(outcome.stats.evaluated, 8);
        let trace = rec.into_trace();
        let value_of = |label: &str| {
            let id = tree.find_label(label).unwrap();
            trace.events.iter().find_map(|e| match e {
                Event::Exit { node, value, .. } if trace.nodes[*node as usize].state == id => {
                    Some(*value)
                }
                _ => None,
            })
        };
        for (label, v) in [
            ("D", 4),
            ("E", 6),
            ("F", -3),
            ("G", 7),
            ("B", 4),
            ("C", -3),
            ("A", 4),
        ] {
            assert_eq!(value_of(label), Some(v), "{label}");
        }
    }

    #[test]
    fn depth_limit_uses_the_evaluation() {
        let tree = GameTree::parse("[{5}[1,2],{-1}[9,9]]").unwrap();
        let outcome = minimax(&tree, &tree.root(), Some(1), &mut Quiet);
        assert_eq!(outcome.value, 5);
        assert_eq!(outcome.best, Some(crate::tree::NodeId(1)));
        assert_eq!(minimax(&tree, &tree.root(), None, &mut Quiet).value, 9);
    }

    #[test]
    fn min_root() {
        let tree = GameTree::parse("min [[2,4],[6,8]]").unwrap();
        assert_eq!(minimax(&tree, &tree.root(), None, &mut Quiet).value, 4);
    }
}
