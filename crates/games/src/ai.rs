//! Choosing moves: iterative deepening alpha-beta to a level's depth (or to the end of the
//! game), with a transposition table, trying the root's moves in a seeded random order so that
//! the move chosen is a uniformly random one among the best; and scoring every move for hints.

use arbor_game::{
    iterative_deepening, AlphaBeta, AlphaBetaOptions, Budget, Game, Observer, Ordering, Quiet,
};

/// How the AI searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Plan {
    /// Deepest search in plies (`None`: to the end of the game — perfect play).
    pub depth: Option<u32>,
    /// Seed for the choice among equally good moves.
    pub seed: u64,
    /// Move order below the root.
    pub ordering: Ordering,
    /// Transposition table of `2^table_bits` entries.
    pub table_bits: u32,
}

impl Plan {
    /// A plan searching `depth` plies (`None`: to the end), with a 2^16-entry table and moves
    /// ordered by evaluation.
    pub fn new(depth: Option<u32>, seed: u64) -> Plan {
        Plan {
            depth,
            seed,
            ordering: Ordering::Evaluation,
            table_bits: 16,
        }
    }

    /// The engine options of this plan.
    pub fn options(&self) -> AlphaBetaOptions {
        AlphaBetaOptions {
            ordering: self.ordering,
            depth: self.depth,
            table_bits: Some(self.table_bits),
            shuffle: Some(self.seed),
            ..AlphaBetaOptions::default()
        }
    }
}

/// A move the AI chose, and how it came to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Choice<M> {
    /// The move.
    pub mv: M,
    /// Its value for MAX (exact if `proven`, else as far as the search saw).
    pub value: i32,
    /// Depth of the deepest finished iteration (plies).
    pub depth: u32,
    /// Nodes searched, over every iteration.
    pub nodes: u64,
    /// The search reached the end of the game on every line: the value is exact.
    pub proven: bool,
    /// The budget stopped a deeper search before it finished.
    pub stopped: bool,
}

/// Chooses a move for the player to move at `root` (`None` if the game is over), calling
/// `progress` after every finished iteration with the choice so far.
pub fn choose<G: Game, O: Observer<G>>(
    game: &G,
    root: &G::State,
    plan: &Plan,
    budget: Budget<'_>,
    observer: &mut O,
    mut progress: impl FnMut(&Choice<G::Move>),
) -> Option<Choice<G::Move>> {
    if game.is_terminal(root) {
        return None;
    }
    let mut nodes = 0;
    let run = iterative_deepening(game, root, &plan.options(), budget, observer, |it| {
        nodes += it.outcome.stats.visited;
        if let Some(mv) = it.outcome.best {
            progress(&Choice {
                mv,
                value: it.outcome.value,
                depth: it.depth,
                nodes,
                proven: false,
                stopped: false,
            });
        }
    });
    let last = run.iterations.last()?;
    Some(Choice {
        mv: last.outcome.best?,
        value: last.outcome.value,
        depth: last.depth,
        nodes: run.stats.visited,
        proven: run.complete,
        stopped: run.aborted,
    })
}

/// One move's score, for hints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MoveScore<M> {
    /// The move.
    pub mv: M,
    /// The value after it, for the player making it (higher is better for them).
    pub value: i32,
    /// Exact (searched to the end of the game), or an estimate at a depth limit.
    pub exact: bool,
}

/// Every legal move's value for the player to move, each searched `depth − 1` plies below
/// it (`None`: to the end). Searches to the end share one transposition table; depth-limited
/// ones each have their own, so that a move is marked exact only when its own search reached
/// the end of the game on every line.
pub fn score_moves<G: Game>(
    game: &G,
    root: &G::State,
    depth: Option<u32>,
    table_bits: u32,
) -> Vec<MoveScore<G::Move>> {
    if game.is_terminal(root) {
        return Vec::new();
    }
    let colour = if game.to_move(root) == 0 { 1 } else { -1 };
    let mut moves = Vec::new();
    game.actions(root, &mut moves);
    let options = AlphaBetaOptions {
        ordering: Ordering::Evaluation,
        depth: depth.map(|d| d.saturating_sub(1)),
        table_bits: Some(table_bits),
        ..AlphaBetaOptions::default()
    };
    let mut search = AlphaBeta::new(game, options);
    moves
        .into_iter()
        .map(|mv| {
            let child = game.result(root, mv);
            if depth.is_some() {
                search = AlphaBeta::new(game, options);
            }
            let before = search.horizon_evaluations();
            let outcome = search
                .search(&child, &mut Quiet)
                .expect("a search without a budget finishes");
            MoveScore {
                mv,
                value: colour * outcome.value,
                exact: search.horizon_evaluations() == before,
            }
        })
        .collect()
}
