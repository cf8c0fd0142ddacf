//! `arbor bench observer`: what watching a search costs — alpha-beta untraced (the no-op
//! observer) and traced (the recorder), against the same search with its observer hooks
//! deleted, on a synthetic uniform tree.

use std::time::Instant;

use arbor_game::{
    alpha_beta, mix64, AlphaBetaOptions, Budget, Fail, Game, Ordering, Outcome, Quiet, Recorder,
    SplitMix64, INF,
};
use arbor_util::MoveLists;

use super::median;
use crate::UsageError;

/// A uniform game tree that needs no memory: a position is its path's number, a leaf's value a
/// hash of it. MAX moves at even plies.
struct Synthetic {
    branching: u32,
    depth: u32,
}

impl Game for Synthetic {
    type State = (u32, u64);
    type Move = u32;

    fn to_move(&self, s: &(u32, u64)) -> usize {
        (s.0 % 2) as usize
    }

    fn actions(&self, _s: &(u32, u64), moves: &mut Vec<u32>) {
        moves.extend(0..self.branching);
    }

    fn result(&self, s: &(u32, u64), mv: u32) -> (u32, u64) {
        (
            s.0 + 1,
            s.1.wrapping_mul(u64::from(self.branching)) + u64::from(mv) + 1,
        )
    }

    fn is_terminal(&self, s: &(u32, u64)) -> bool {
        s.0 == self.depth
    }

    fn utility(&self, s: &(u32, u64)) -> i32 {
        (mix64(s.1) % 2001) as i32 - 1000
    }

    fn evaluate(&self, s: &(u32, u64)) -> i32 {
        self.utility(s)
    }

    fn hash(&self, s: &(u32, u64)) -> u64 {
        mix64(s.1 ^ (u64::from(s.0) << 56))
    }
}

/// The bookkeeping of the library's search without its observer hooks: node counts, the
/// budget's charge, the growing table's check, best-move tracking and cutoff counts, the
/// option checks, and the lists of moves and of the children ordering made, kept per ply.
/// Only the hooks are gone, so comparing it with `alpha_beta` + `Quiet` measures what the
/// no-op observer costs. (Kept in step with `alpha_beta`: bookkeeping added there and not
/// here would be counted as the observer's.) A measuring stick for this benchmark only; it
/// plays no part in Arbor.
struct Bare<'a> {
    game: &'a Synthetic,
    options: AlphaBetaOptions,
    visited: u64,
    evaluated: u64,
    horizon: u64,
    cutoffs: u64,
    budget: Budget<'a>,
    /// The node count at which a growing table would grow (none here, as in the library's
    /// default).
    grow_at: Option<u64>,
    table: Option<Vec<u64>>,
    remember: bool,
    moves: MoveLists<u32>,
    children: MoveLists<(u32, u64)>,
}

impl Bare<'_> {
    /// A leaf valued in its parent's loop, as the library does.
    #[inline(always)]
    fn leaf(&mut self, s: &(u32, u64), remaining: u32) -> Result<Option<i32>, ()> {
        let terminal = self.game.is_terminal(s);
        if !terminal && remaining != 0 {
            return Ok(None);
        }
        self.visited += 1;
        self.budget.charge(self.visited).map_err(|_| ())?;
        let colour = if self.game.to_move(s) == 0 { 1 } else { -1 };
        self.evaluated += 1;
        self.horizon += u64::from(!terminal);
        let value = if terminal {
            self.game.utility(s)
        } else {
            self.game.evaluate(s)
        };
        Ok(Some(colour * value))
    }

    /// Alpha-beta's interior node, as the library's (`AlphaBeta::interior`) without the hooks.
    // Long on purpose: kept in step with the library's search, which is one function (its
    // reason is given there); split, it would measure a differently compiled search.
    fn node(
        &mut self,
        s: &(u32, u64),
        remaining: u32,
        mut alpha: i32,
        beta: i32,
    ) -> Result<(i32, Option<u32>), ()> {
        if let Some(v) = self.leaf(s, remaining)? {
            return Ok((v, None));
        }
        self.visited += 1;
        self.budget.charge(self.visited).map_err(|_| ())?;
        if self.visited & 1023 == 0 && self.grow_at.is_some_and(|g| self.visited >= g) {
            self.grow_at = None;
        }
        let key = if self.table.is_some() || self.remember {
            self.game.hash(s)
        } else {
            0
        };
        let hint = self
            .table
            .as_ref()
            .and_then(|t| t.get(key as usize % t.len()).copied());
        let below = if remaining == u32::MAX {
            remaining
        } else {
            remaining - 1
        };
        let ply = s.0;
        let mut list = self.moves.take(ply);
        let mut children = self.children.take(ply);
        self.game.actions(s, &mut list);
        if let (0, Some(seed)) = (ply, self.options.shuffle) {
            SplitMix64(seed).shuffle(&mut list);
        } else {
            match self.options.ordering {
                Ordering::Natural => {}
                Ordering::Reversed => list.reverse(),
                _ => {
                    list.sort_unstable();
                    children.extend(list.iter().map(|&m| self.game.result(s, m)));
                }
            }
            if let Some(first) = hint.map(|h| h as u32) {
                if let Some(pos) = list.iter().position(|&m| m == first) {
                    list[..=pos].rotate_right(1);
                    if !children.is_empty() {
                        children[..=pos].rotate_right(1);
                    }
                }
            }
        }
        let mut best = -INF;
        let mut best_move = None;
        let mut result = Ok(());
        // By index, as the library's loop (which slices off the moves a cutoff skips).
        #[allow(clippy::needless_range_loop)]
        for i in 0..list.len() {
            let m = list[i];
            let child = match children.get(i) {
                Some(c) => *c,
                None => self.game.result(s, m),
            };
            let searched = match self.leaf(&child, below) {
                Ok(Some(v)) => Ok(v),
                Ok(None) => self.node(&child, below, -beta, -alpha).map(|(v, _)| v),
                Err(e) => Err(e),
            };
            let v = match searched {
                Ok(v) => -v,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            if v > best {
                best = v;
                best_move = Some(m);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                if i + 1 < list.len() {
                    self.cutoffs += 1;
                }
                break;
            }
        }
        self.moves.give_back(ply, list);
        self.children.give_back(ply, children);
        result?;
        let value = match self.options.fail {
            Fail::Soft => best,
            Fail::Hard if best >= beta => beta,
            Fail::Hard => alpha,
        };
        Ok((value, best_move))
    }
}

/// The last result of `runs` calls of `f`, and their median time in milliseconds.
fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> (T, f64) {
    let mut times = Vec::with_capacity(runs);
    let mut last = None;
    for _ in 0..runs {
        let start = Instant::now();
        let out = std::hint::black_box(f());
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        last = Some(out);
    }
    (last.expect("at least one run"), median(times))
}

/// Runs `arbor bench observer` on a uniform tree of this branching and depth.
pub(super) fn observer(branching: u32, depth: u32, runs: usize) -> Result<(), UsageError> {
    if !(2..=12).contains(&branching) || !(1..=14).contains(&depth) {
        return Err(UsageError("branching must be 2–12 and depth 1–14".into()));
    }
    let game = Synthetic { branching, depth };
    let root = (0, 0u64);
    let options = AlphaBetaOptions::default();
    let ((value, visited), bare_ms) = time(runs, || {
        let mut bare = Bare {
            game: &game,
            options,
            visited: 0,
            evaluated: 0,
            horizon: 0,
            cutoffs: 0,
            budget: Budget::unlimited(),
            grow_at: None,
            table: None,
            remember: false,
            moves: MoveLists::default(),
            children: MoveLists::default(),
        };
        let value = bare
            .node(&root, u32::MAX, -INF, INF)
            .map(|(v, _)| v)
            .unwrap_or(0);
        std::hint::black_box(bare.horizon);
        std::hint::black_box(bare.evaluated);
        std::hint::black_box(bare.cutoffs);
        (value, bare.visited)
    });
    let (quiet, quiet_ms): (Outcome<u32>, f64) =
        time(runs, || alpha_beta(&game, &root, &options, &mut Quiet));
    let ((traced, events), traced_ms) = time(runs, || {
        let mut recorder = Recorder::new();
        let o = alpha_beta(&game, &root, &options, &mut recorder);
        (o, recorder.into_trace().events.len())
    });
    if quiet.value != value || traced.value != value || quiet.stats.visited != visited {
        return Err(UsageError(
            "the three searches disagree: this is a bug".into(),
        ));
    }
    println!(
        "alpha-beta on a uniform tree, branching {branching}, depth {depth}: value {value}, {visited} nodes visited (median of {runs} runs)"
    );
    println!("| search | time | nodes/s | vs hooks deleted |");
    println!("|---|---|---|---|");
    for (name, ms) in [
        ("same bookkeeping, observer hooks deleted", bare_ms),
        ("alpha_beta + Quiet (no-op observer)", quiet_ms),
        ("alpha_beta + Recorder (full trace)", traced_ms),
    ] {
        println!(
            "| {name} | {ms:.1} ms | {:.1} M | {:.2}× |",
            visited as f64 / ms / 1000.0,
            ms / bare_ms
        );
    }
    println!("The trace holds {events} events.");
    Ok(())
}
