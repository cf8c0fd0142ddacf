//! The hints: every playable column's value for the player to move, as far as the time
//! allows — exact, or only the result, or an estimate ([`PerfectPlayer::hints`]).

use arbor_game::Clock;
use arbor_util::Aborted;

use super::game::{proven_score, Connect4, Eval};
use super::perfect::PerfectPlayer;
use super::position::{win_score, Position, WIDTH};
use crate::ai;

/// What the hints know of a column's value, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum HintValue {
    /// Proven: the exact score (the data sets' convention: positive wins, the sooner the
    /// larger; 0 draws; negative loses).
    Exact(i32),
    /// Proven: the result only — 1 win, 0 draw, −1 loss — from a weak solve or the opening
    /// book; how soon was not found in time.
    Result(i32),
    /// Not proven: a [`Connect4`] value of the threat evaluation a few plies on, for the
    /// player to move (higher is better; not on the exact scores' scale).
    Estimate(i32),
}

impl HintValue {
    /// 1 win, 0 draw, −1 loss, if proven.
    pub fn result(self) -> Option<i32> {
        match self {
            HintValue::Exact(s) | HintValue::Result(s) => Some(s.signum()),
            HintValue::Estimate(_) => None,
        }
    }
}

/// One column's hint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ColumnHint {
    /// The column, 0-based.
    pub column: u8,
    /// What is known of it.
    pub value: HintValue,
}

/// A column being hinted: the column, the position after it, and what is known of it so far.
type Column = (u8, Position, Option<HintValue>);

impl PerfectPlayer {
    /// Every playable column's value for the player to move (left to right), within `millis`
    /// on `clock`, for hints: exact where the solver proves it, else the result where a weak
    /// solve (or the book) proves it, else the threat evaluation searched `estimate_depth`
    /// plies (not proven). The solves share the player's table, kept from move to move, so a
    /// proof found for the AI's move answers much of the hints after it, and the other way.
    ///
    /// In order: wins at once; the book's results, where it holds the position after the
    /// column (when it holds every one, nothing is searched: the opening); the position
    /// itself solved weakly, as the player solves it (a loss makes every column a loss; a
    /// win or draw proves the column that keeps it) within half the time; then each column
    /// not yet known solved weakly, then each one exactly, in rounds where every column gets
    /// an equal share of the time left, so that one hard column cannot take all of it.
    pub fn hints(
        &mut self,
        p: &Position,
        clock: &dyn Clock,
        millis: f64,
        estimate_depth: u32,
    ) -> Vec<ColumnHint> {
        if p.is_over() {
            return Vec::new();
        }
        let start = clock.now_ms();
        let deadline = start + millis;
        let mut hints = self.known_at_once(p);
        if all_known(&hints) {
            // The opening: the book holds every column (or each one wins at once).
            return finish(hints);
        }
        if !hints.iter().any(|h| h.1.is_won()) {
            self.solve_root(p, clock, start + millis / 2.0, &mut hints);
        }
        // Weakly, then exactly: a column needs a solve while it is not yet known that well.
        for weak in [true, false] {
            self.solve_columns(clock, deadline, weak, &mut hints);
        }
        if !all_known(&hints) {
            estimate_the_rest(p, estimate_depth, &mut hints);
        }
        finish(hints)
    }

    /// The playable columns, with what is known of each without a search: a win at once, or
    /// the book's result for the position after it.
    fn known_at_once(&self, p: &Position) -> Vec<Column> {
        (0..WIDTH as u8)
            .filter(|&c| p.can_play(usize::from(c)))
            .map(|c| {
                let child = p.play(usize::from(c));
                let known = if child.is_won() {
                    Some(HintValue::Exact(win_score(p.own_next_stone())))
                } else {
                    let book = self.book.as_ref().and_then(|b| b.get(&child));
                    book.map(|m| HintValue::Result(-m.result))
                };
                (c, child, known)
            })
            .collect()
    }

    /// Solves `p` itself weakly, within `deadline_ms`: a loss makes every column not yet known
    /// a loss; a win or a draw proves the column that keeps it.
    fn solve_root(
        &mut self,
        p: &Position,
        clock: &dyn Clock,
        deadline_ms: f64,
        hints: &mut [Column],
    ) {
        let mut solver = self.table_solver(clock, deadline_ms);
        let root = solver.solve(p, true);
        self.keep(solver);
        match root {
            Ok(w) if w.score < 0 => {
                for h in hints.iter_mut().filter(|h| h.2.is_none()) {
                    h.2 = Some(HintValue::Result(-1));
                }
            }
            Ok(w) => {
                if let Some(h) = hints.iter_mut().find(|h| Some(h.0) == w.best) {
                    h.2.get_or_insert(HintValue::Result(w.score));
                }
            }
            Err(Aborted) => {}
        }
    }

    /// Solves, weakly or exactly, each column not yet known that well, in rounds until the
    /// deadline or until a round proves nothing more: in each round every column pending gets
    /// an equal share of the time left.
    fn solve_columns(
        &mut self,
        clock: &dyn Clock,
        deadline: f64,
        weak: bool,
        hints: &mut [Column],
    ) {
        let needs = |v: Option<HintValue>| match v {
            None => true,
            Some(HintValue::Result(_)) => !weak,
            Some(_) => false,
        };
        loop {
            let pending: Vec<usize> = (0..hints.len()).filter(|&i| needs(hints[i].2)).collect();
            let mut solved_any = false;
            for (k, &i) in pending.iter().enumerate() {
                let now = clock.now_ms();
                if now >= deadline {
                    break;
                }
                let share = (deadline - now) / (pending.len() - k) as f64;
                let mut solver = self.table_solver(clock, now + share);
                let solved = solver.solve(&hints[i].1, weak);
                self.keep(solver);
                if let Ok(s) = solved {
                    hints[i].2 = Some(if weak {
                        HintValue::Result(-s.score)
                    } else {
                        HintValue::Exact(-s.score)
                    });
                    solved_any = true;
                }
            }
            if !solved_any {
                break;
            }
        }
    }
}

/// True when every column's value is known.
fn all_known(hints: &[Column]) -> bool {
    hints.iter().all(|h| h.2.is_some())
}

/// The columns still unknown valued by the threat evaluation searched `depth` plies: an
/// estimate, or an exact score where the search sees the game end.
fn estimate_the_rest(p: &Position, depth: u32, hints: &mut [Column]) {
    let game = Connect4 {
        eval: Eval::Threats,
    };
    let estimates = ai::score_moves(&game, p, Some(depth), 16);
    for h in hints.iter_mut().filter(|h| h.2.is_none()) {
        let value = estimates
            .iter()
            .find(|s| s.mv == h.0)
            .map_or(0, |s| s.value);
        // A win or loss the lookahead sees to its end is proven, and how soon too.
        h.2 = Some(match proven_score(value) {
            Some(score) => HintValue::Exact(score),
            None => HintValue::Estimate(value),
        });
    }
}

/// The hints found, in order.
fn finish(hints: Vec<Column>) -> Vec<ColumnHint> {
    hints
        .into_iter()
        .map(|(column, _, value)| ColumnHint {
            column,
            value: value.unwrap_or(HintValue::Estimate(0)),
        })
        .collect()
}
