//! Solving by null-window bisection ([`AlphaBeta::solve`]), the way Pons' connect-four solver
//! finds an exact value: searches that each ask only "is the value above m?".

use arbor_util::Aborted;

use super::AlphaBeta;
use crate::game::{Game, INF};
use crate::observe::Observer;
use crate::stats::Outcome;
use crate::table::Slot;

impl<'g, G: Game, S: Slot<G::Move>> AlphaBeta<'g, G, S> {
    /// The exact value of `root` (searched to the options' depth) and a best move, found the
    /// way Pons' connect-four solver finds it: null-window searches, each asking only "is the
    /// value above `m`?", halve the range the value can lie in until one value is left. The
    /// range starts at the game's [`Game::bounds`]; the transposition table (if any) carries
    /// what each search learnt to the next. Each search is announced to the observer as an
    /// iteration (1, 2, …).
    pub fn solve<O: Observer<G>>(
        &mut self,
        root: &G::State,
        observer: &mut O,
    ) -> Result<Outcome<G::Move>, Aborted> {
        let bounds = if self.options.depth.is_none() && !self.game.is_terminal(root) {
            self.game.bounds(root)
        } else {
            None
        };
        self.solve_within(root, bounds.unwrap_or((-INF + 1, INF - 1)), observer)
    }

    /// [`Self::solve`], starting from `range` (MAX's view, both ends included) instead of the
    /// game's bounds: a value inside it is exact; a value outside is only known to lie on that
    /// side (it is below `range.0`, or above `range.1`). With the range (−1, 1) this is a
    /// *weak* solve: win, draw or loss, without how soon.
    pub fn solve_within<O: Observer<G>>(
        &mut self,
        root: &G::State,
        range: (i32, i32),
        observer: &mut O,
    ) -> Result<Outcome<G::Move>, Aborted> {
        let saved = self.options.window;
        let result = self.bisect(root, range, observer);
        self.options.window = saved;
        result
    }

    fn bisect<O: Observer<G>>(
        &mut self,
        root: &G::State,
        range: (i32, i32),
        observer: &mut O,
    ) -> Result<Outcome<G::Move>, Aborted> {
        let before = self.stats;
        if self.game.is_terminal(root) || self.options.depth == Some(0) {
            self.options.window = (-INF, INF);
            return self.search(root, observer);
        }
        let colour = self.colour(root);
        let (lo, hi) = range;
        // The range in the mover's view.
        let (mut lo, mut hi) = if colour == 1 { (lo, hi) } else { (-hi, -lo) };
        let max_view = |a: i32, b: i32| if colour == 1 { (a, b) } else { (-b, -a) };
        let mut best = None;
        let mut round = 0;
        // The value found lies outside the range asked for (only its side is known).
        let mut outside = false;
        while lo < hi {
            let mut med = lo + ((i64::from(hi) - i64::from(lo)) / 2) as i32;
            // Pons' refinement: probe nearer zero first, where most values lie.
            if med <= 0 && lo / 2 < med {
                med = lo / 2;
            } else if med >= 0 && hi / 2 > med {
                med = hi / 2;
            }
            round += 1;
            observer.iteration(round);
            self.options.window = max_view(med, med + 1);
            let found = self.search(root, observer)?;
            let r = colour * found.value;
            if r <= med {
                hi = r;
                outside |= r < lo;
            } else {
                // The first move (in the root's order) worth more than `med`: with no move
                // worth more than `lo` after this, it is a best move.
                lo = r;
                best = found.best;
            }
        }
        if outside {
            // Below the range: report the upper bound found (no move is singled out).
            lo = hi;
        } else if self.conclude {
            round += 1;
            observer.iteration(round);
            self.options.window = max_view(lo - 1, lo + 1);
            self.concluding = true;
            let found = self.search(root, observer);
            self.concluding = false;
            let found = found?;
            debug_assert_eq!(
                colour * found.value,
                lo,
                "a value inside its window is exact"
            );
            best = found.best;
        } else if best.is_none() {
            // Every search failed low: ask once more, just below the value, for a move that
            // reaches it.
            round += 1;
            observer.iteration(round);
            self.options.window = max_view(lo - 1, lo);
            best = self.search(root, observer)?.best;
        }
        Ok(Outcome {
            value: colour * lo,
            best,
            stats: self.stats.since(&before),
        })
    }
}
