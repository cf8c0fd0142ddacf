//! The search itself: a node's value in negamax form, with its window narrowed by the game's
//! bounds and the transposition table, its moves put in order, its children searched until a
//! cutoff, and its result stored; every event reported to the observer in MAX's view.

use arbor_util::{Aborted, SplitMix64};

use super::{below, AlphaBeta, Fail, FULL};
use crate::game::{Game, INF};
use crate::observe::{Bound, HitEffect, Observer, Side};
use crate::table::Entry;
use crate::table::Slot;

impl<'g, G: Game, S: Slot<G::Move>> AlphaBeta<'g, G, S> {
    /// The negamax value of `state` for the player to move, searched with the window
    /// (`alpha`, `beta`) in that player's view, and the best move.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn node<O: Observer<G>>(
        &mut self,
        state: &G::State,
        mv: Option<G::Move>,
        ply: u32,
        remaining: u32,
        alpha: i32,
        beta: i32,
        observer: &mut O,
    ) -> Result<(i32, Option<G::Move>), Aborted> {
        if let Some(value) =
            self.valued_on_the_spot(state, mv, ply, remaining, alpha, beta, observer)?
        {
            return Ok((value, None));
        }
        self.interior(state, mv, ply, remaining, alpha, beta, observer)
    }

    /// [`Self::node`] for a state known to be neither terminal nor at the depth limit. In
    /// order: the game's bounds narrow the window (and may settle the node); the table answers
    /// the node, narrows the window or names a move to try first; the moves are put in order;
    /// each child is searched until a cutoff; the value is stored in the table.
    // Long on purpose: the search's inner loop, recursive, run at every inner node of every
    // search (the connect-four solver's millions). Its phases split into helpers, even ones
    // always inlined, compiled differently: 2.7% more instructions in a solve of 40 connect-four
    // positions (callgrind, 895.7 M against 920.3 M), where the code moved as it was measures
    // the same. Kept whole, the phases marked by the comments.
    #[allow(clippy::too_many_arguments)]
    fn interior<O: Observer<G>>(
        &mut self,
        state: &G::State,
        mv: Option<G::Move>,
        ply: u32,
        remaining: u32,
        mut alpha: i32,
        mut beta: i32,
        observer: &mut O,
    ) -> Result<(i32, Option<G::Move>), Aborted> {
        debug_assert!(alpha < beta);
        self.stats.visited += 1;
        self.budget.charge(self.stats.visited)?;
        if self.stats.visited & 1023 == 0 && self.growth.is_some_and(|g| self.stats.visited >= g.at)
        {
            self.grow_table();
        }
        let colour = self.colour(state);
        // Everything the observer sees is in MAX's view.
        let max_view = |a: i32, b: i32| if colour == 1 { (a, b) } else { (-b, -a) };
        observer.enter(state, mv, ply, Some(max_view(alpha, beta)));

        // The window as given, before the game's bounds or the table narrow it: a result at or
        // below it is an upper bound.
        let alpha0 = alpha;
        // The game's bounds.
        if remaining == FULL {
            if let Some((lo, hi)) = self.game.bounds(state) {
                // The bounds in the mover's view.
                let (lo, hi) = if colour == 1 { (lo, hi) } else { (-hi, -lo) };
                if lo > alpha {
                    alpha = lo;
                    self.report_bound(observer, colour, Side::Alpha, alpha, beta);
                }
                if hi < beta {
                    beta = hi;
                    self.report_bound(observer, colour, Side::Beta, alpha, beta);
                }
                if alpha >= beta {
                    // The bounds alone settle the node: its value is beyond the window.
                    let value = if lo >= beta { lo } else { hi };
                    observer.exit(colour * value, None);
                    return Ok((value, None));
                }
            }
        }
        // The table: an answer, a narrower window, or a move to try first.
        let key = if self.table.is_some() || self.use_previous {
            self.game.hash(state)
        } else {
            0
        };
        let mut hint = None;
        if let Some(entry) = self.table_at(ply).and_then(|t| t.probe(key)) {
            hint = entry.best;
            let (value, bound) = (entry.value, entry.bound);
            let effect =
                if entry.depth < remaining || (ply == 0 && (self.concluding || self.fresh_root)) {
                    HitEffect::MoveOnly
                } else {
                    match bound {
                        Bound::Exact => HitEffect::Answered,
                        Bound::Lower if value >= beta => HitEffect::Answered,
                        Bound::Upper if value <= alpha => HitEffect::Answered,
                        Bound::Lower if value > alpha => HitEffect::Narrowed,
                        Bound::Upper if value < beta => HitEffect::Narrowed,
                        _ => HitEffect::MoveOnly,
                    }
                };
            if effect != HitEffect::MoveOnly {
                self.stats.table_hits += 1;
            }
            observer.table_hit(
                colour * value,
                max_bound(bound, colour),
                entry.depth,
                effect,
            );
            match effect {
                HitEffect::Answered => {
                    let value = match self.options.fail {
                        Fail::Soft => value,
                        Fail::Hard => value.clamp(alpha, beta),
                    };
                    observer.exit(colour * value, entry.best);
                    return Ok((value, entry.best));
                }
                HitEffect::Narrowed => match bound {
                    Bound::Lower => {
                        alpha = value;
                        self.report_bound(observer, colour, Side::Alpha, alpha, beta);
                    }
                    _ => {
                        beta = value;
                        self.report_bound(observer, colour, Side::Beta, alpha, beta);
                    }
                },
                HitEffect::MoveOnly => {}
            }
        }

        // The moves, in order.
        let mut moves = self.moves.take(ply);
        let mut children = self.children.take(ply);
        self.game.actions(state, &mut moves);
        debug_assert!(
            !moves.is_empty(),
            "a state that is not terminal has a legal move"
        );
        let shuffled_root = ply == 0 && self.options.shuffle.is_some();
        if let (true, Some(seed)) = (shuffled_root, self.options.shuffle) {
            SplitMix64(seed).shuffle(&mut moves);
        } else {
            self.order(state, remaining, colour, &mut moves, &mut children);
            let first = hint.or_else(|| {
                self.use_previous
                    .then(|| self.previous_best.get(&key).copied())
                    .flatten()
            });
            if let Some(first) = first {
                if let Some(pos) = moves.iter().position(|&m| m == first) {
                    moves[..=pos].rotate_right(1);
                    if !children.is_empty() {
                        children[..=pos].rotate_right(1);
                    }
                }
            }
        }

        // The children, until a cutoff.
        let mut best = -INF;
        let mut best_move = None;
        let mut result = Ok(());
        for i in 0..moves.len() {
            let m = moves[i];
            // Ordering may have made the children already.
            let child = match children.get(i) {
                Some(c) => c.clone(),
                None => self.game.result(state, m),
            };
            let below = below(remaining);
            // Leaves are valued here rather than in a call of their own: most nodes are
            // leaves, and this keeps the search's full frame for inner nodes.
            let searched = match self.valued_on_the_spot(
                &child,
                Some(m),
                ply + 1,
                below,
                -beta,
                -alpha,
                observer,
            ) {
                Ok(Some(v)) => Ok(v),
                Ok(None) => self
                    .interior(&child, Some(m), ply + 1, below, -beta, -alpha, observer)
                    .map(|(v, _)| v),
                Err(e) => Err(e),
            };
            let v = match searched {
                Ok(v) => -v,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            observer.returned(colour * v);
            // Values never reach ±∞, so the first child always sets `best_move`.
            if v > best {
                best = v;
                best_move = Some(m);
            }
            // As the seeds' pseudocode: raise α first, then stop if α ≥ β. (Cutting at v ≥ β
            // before raising α prunes the same moves; this way the trace shows the crossed
            // bounds, as the tutorials draw them.)
            if v > alpha {
                alpha = v;
                self.report_bound(observer, colour, Side::Alpha, alpha, beta);
            }
            if alpha >= beta {
                // A cutoff prunes the moves left; at the last move there is nothing to prune.
                if i + 1 < moves.len() {
                    self.stats.cutoffs += 1;
                    observer.cutoff(colour * v, &moves[i + 1..]);
                }
                break;
            }
        }
        self.moves.give_back(ply, moves);
        self.children.give_back(ply, children);
        result?;

        // The value, stored.
        let value = match self.options.fail {
            Fail::Soft => best,
            Fail::Hard if best >= beta => beta,
            Fail::Hard => alpha,
        };
        let table = if ply >= self.near_from {
            self.near.as_mut()
        } else {
            self.table.as_mut()
        };
        if let Some(table) = table {
            let bound = if value <= alpha0 {
                Bound::Upper
            } else if value >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            table.store(Entry {
                key,
                value,
                bound,
                depth: remaining,
                best: if bound == Bound::Upper {
                    None
                } else {
                    best_move
                },
            });
            self.stats.table_stores += 1;
            observer.table_store(colour * value, max_bound(bound, colour), remaining);
        }
        if self.use_previous {
            if let Some(m) = best_move {
                self.previous_best.insert(key, m);
            }
        }
        observer.exit(colour * value, best_move);
        Ok((value, best_move))
    }

    /// Tells the observer that the mover's `side` of the window — α (raised by the mover) or
    /// β (lowered) — changed; in MAX's view a MIN node's α is β.
    #[inline(always)]
    fn report_bound<O: Observer<G>>(
        &self,
        observer: &mut O,
        colour: i32,
        side: Side,
        alpha: i32,
        beta: i32,
    ) {
        match (side, colour) {
            (Side::Alpha, 1) => observer.bound(Side::Alpha, alpha),
            (Side::Beta, 1) => observer.bound(Side::Beta, beta),
            (Side::Alpha, _) => observer.bound(Side::Beta, -alpha),
            (Side::Beta, _) => observer.bound(Side::Alpha, -beta),
        }
    }

    /// If `state` is terminal or at the depth limit, visits it as a leaf — entered, valued by
    /// its utility or evaluation, and left — and returns its value for the player to move.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn valued_on_the_spot<O: Observer<G>>(
        &mut self,
        state: &G::State,
        mv: Option<G::Move>,
        ply: u32,
        remaining: u32,
        alpha: i32,
        beta: i32,
        observer: &mut O,
    ) -> Result<Option<i32>, Aborted> {
        let terminal = self.game.is_terminal(state);
        if !terminal && remaining != 0 {
            return Ok(None);
        }
        self.stats.visited += 1;
        self.budget.charge(self.stats.visited)?;
        let colour = self.colour(state);
        let window = if colour == 1 {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        };
        observer.enter(state, mv, ply, Some(window));
        let value = if terminal {
            self.game.utility(state)
        } else {
            self.game.evaluate(state)
        };
        debug_assert!(
            value.abs() < INF,
            "a value must lie strictly between -INF and INF"
        );
        self.stats.evaluated += 1;
        self.horizon += u64::from(!terminal);
        observer.evaluated(value, !terminal);
        observer.exit(value, None);
        Ok(Some(colour * value))
    }
}

/// A bound in the mover's view, seen from MAX's: at a MIN node lower and upper swap.
fn max_bound(bound: Bound, colour: i32) -> Bound {
    match (bound, colour) {
        (Bound::Lower, -1) => Bound::Upper,
        (Bound::Upper, -1) => Bound::Lower,
        (b, _) => b,
    }
}
