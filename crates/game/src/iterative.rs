//! Iterative deepening: alpha-beta to depth 1, 2, 3, … until the game's end is reached
//! everywhere, the depth limit is hit, or the budget runs out. Each iteration tries first the
//! best moves of the one before, and shares its transposition table.

use crate::alphabeta::{AlphaBeta, Options};
use crate::game::Game;
use crate::observe::Observer;
use crate::stats::{Outcome, Stats};
use arbor_util::Budget;

/// One finished iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration<M> {
    /// Its depth limit.
    pub depth: u32,
    /// What it found, and what it cost.
    pub outcome: Outcome<M>,
}

/// The result of iterative deepening.
#[derive(Clone, Debug, PartialEq)]
pub struct Deepening<M> {
    /// The finished iterations, shallowest first. The last is the answer.
    pub iterations: Vec<Iteration<M>>,
    /// True if the budget stopped an iteration before it finished (its work is discarded).
    pub aborted: bool,
    /// True if the last iteration searched every line to the end of the game, so its value is
    /// exact.
    pub complete: bool,
    /// Counts over all iterations, the aborted one included.
    pub stats: Stats,
}

impl<M: Copy> Deepening<M> {
    /// The deepest finished iteration's outcome.
    pub fn best(&self) -> Option<&Outcome<M>> {
        self.iterations.last().map(|i| &i.outcome)
    }
}

/// Runs alpha-beta with `options` (its `depth` is the deepest iteration; `None` for no limit)
/// at depths 1, 2, … within `budget`, calling `progress` after each finished iteration.
///
/// ```
/// use arbor_game::{iterative_deepening, AlphaBetaOptions, Budget, GameTree, Quiet};
/// let tree = GameTree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
/// let run = iterative_deepening(&tree, &tree.root(), &AlphaBetaOptions::default(), Budget::unlimited(), &mut Quiet, |_| {});
/// assert_eq!(run.best().unwrap().value, 3);
/// assert!(run.complete);
/// assert_eq!(run.iterations.len(), 2);
/// ```
pub fn iterative_deepening<G: Game, O: Observer<G>>(
    game: &G,
    root: &G::State,
    options: &Options,
    budget: Budget<'_>,
    observer: &mut O,
    mut progress: impl FnMut(&Iteration<G::Move>),
) -> Deepening<G::Move> {
    let mut search = AlphaBeta::new(game, *options)
        .with_budget(budget)
        .remember_best_moves();
    let mut iterations = Vec::new();
    let mut aborted = false;
    let mut complete = false;
    let mut depth = 1;
    while options.depth.is_none_or(|limit| depth <= limit) {
        search.set_depth(Some(depth));
        observer.iteration(depth);
        let horizon_before = search.horizon_evaluations();
        match search.search(root, observer) {
            Ok(outcome) => {
                let iteration = Iteration { depth, outcome };
                progress(&iteration);
                iterations.push(iteration);
                // No line was cut short by the depth limit: a deeper search finds the same.
                if search.horizon_evaluations() == horizon_before {
                    complete = true;
                    break;
                }
            }
            Err(_) => {
                aborted = true;
                break;
            }
        }
        depth += 1;
    }
    Deepening {
        iterations,
        aborted,
        complete,
        stats: search.stats(),
    }
}
