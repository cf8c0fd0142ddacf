//! max^n: minimax for three or more players. Each node's player picks the child whose utility
//! vector is best in its own entry; ties go to the first.

use crate::game::Game;
use crate::observe::Observer;
use crate::stats::Stats;

/// The result of a max^n search.
#[derive(Clone, Debug, PartialEq)]
pub struct VectorOutcome<M> {
    /// The root's utility vector, one entry per player.
    pub values: Vec<i32>,
    /// The root player's best move.
    pub best: Option<M>,
    /// What the search did.
    pub stats: Stats,
}

/// Searches every move (to `depth` plies, where [`Game::evaluate_vector`] stands in).
///
/// ```
/// use arbor_game::{maxn, GameTree, Quiet};
/// let tree = GameTree::parse("[[(1,2,6),(4,2,3)],[(6,1,2),(7,4,1)]]").unwrap();
/// // A picks, then B, then the leaves: B keeps (1,2,6) over (4,2,3) (a tie, the first) and
/// // (7,4,1) over (6,1,2); A prefers 7.
/// assert_eq!(maxn(&tree, &tree.root(), None, &mut Quiet).values, vec![7, 4, 1]);
/// ```
pub fn maxn<G: Game, O: Observer<G>>(
    game: &G,
    root: &G::State,
    depth: Option<u32>,
    observer: &mut O,
) -> VectorOutcome<G::Move> {
    let mut stats = Stats::default();
    let (values, best) = node(game, root, None, 0, depth, observer, &mut stats);
    VectorOutcome {
        values,
        best,
        stats,
    }
}

fn node<G: Game, O: Observer<G>>(
    game: &G,
    state: &G::State,
    mv: Option<G::Move>,
    ply: u32,
    remaining: Option<u32>,
    observer: &mut O,
    stats: &mut Stats,
) -> (Vec<i32>, Option<G::Move>) {
    stats.visited += 1;
    observer.enter(state, mv, ply, None);
    let terminal = game.is_terminal(state);
    if terminal || remaining == Some(0) {
        let mut values = Vec::with_capacity(game.players());
        if terminal {
            game.utilities(state, &mut values);
        } else {
            game.evaluate_vector(state, &mut values);
        }
        stats.evaluated += 1;
        observer.evaluated_vector(&values, !terminal);
        observer.exit_vector(&values, None);
        return (values, None);
    }
    let player = game.to_move(state);
    let mut moves = Vec::new();
    game.actions(state, &mut moves);
    let mut best: Option<(Vec<i32>, G::Move)> = None;
    for m in moves {
        let child = game.result(state, m);
        let (values, _) = node(
            game,
            &child,
            Some(m),
            ply + 1,
            remaining.map(|r| r - 1),
            observer,
            stats,
        );
        observer.returned_vector(&values);
        if best
            .as_ref()
            .is_none_or(|(b, _)| values[player] > b[player])
        {
            best = Some((values, m));
        }
    }
    let (values, best_move) = match best {
        Some((v, m)) => (v, Some(m)),
        None => (vec![0; game.players()], None),
    };
    observer.exit_vector(&values, best_move);
    (values, best_move)
}
