//! What a value means for a side — a win, a draw, a loss, how soon, or an estimate — and
//! connect four's scores and results as verdicts.

use super::*;
use arbor_games::connect4::{self, Position};
use arbor_games::tictactoe::Board;
use serde::{Deserialize, Serialize};

/// What a value means, for a side: win, draw, loss, or an estimate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// A proven win, in this many of the side's own moves (when known).
    Win(Option<u32>),
    /// A proven draw.
    Draw,
    /// A proven loss, after this many of the side's own moves (when known).
    Loss(Option<u32>),
    /// Not proven: a heuristic value (higher is better for the side).
    Estimate(i32),
    /// MCTS: the mean reward of the move's playouts for the side, in hundredths (a win 1, a
    /// draw ½, a loss 0).
    Playouts(u8),
}

impl Verdict {
    /// Short words: "wins in 3", "draw", "loses in 2", "≈ +12".
    pub fn text(self) -> String {
        let plural = |n: u32| if n == 1 { "move" } else { "moves" };
        match self {
            Verdict::Win(Some(n)) => format!("wins in {n} {}", plural(n)),
            Verdict::Win(None) => "wins".into(),
            Verdict::Draw => "draw".into(),
            Verdict::Loss(Some(n)) => format!("loses in {n} {}", plural(n)),
            Verdict::Loss(None) => "loses".into(),
            Verdict::Estimate(v) => format!(
                "≈ {}{}",
                if v > 0 { "+" } else { "" },
                crate::scene::show_value(v)
            ),
            Verdict::Playouts(p) => format!("≈ {}.{:02} mean playout reward", p / 100, p % 100),
        }
    }

    /// A verdict in a few characters, for a badge: `win 3`, `win` (how soon not known),
    /// `draw`, `loss 2`, `≈−14?` (an estimate: not proven, and not on the scale of the moves
    /// counted by wins and losses — the question mark says so where it is drawn).
    pub fn badge(self) -> String {
        match self {
            Verdict::Win(Some(n)) => format!("win {n}"),
            Verdict::Win(None) => "win".into(),
            Verdict::Draw => "draw".into(),
            Verdict::Loss(Some(n)) => format!("loss {n}"),
            Verdict::Loss(None) => "loss".into(),
            Verdict::Estimate(x) => format!("≈{}?", crate::scene::show_value(x)),
            Verdict::Playouts(p) => format!("≈{}.{:02}", p / 100, p % 100),
        }
    }

    /// A shape that tells the verdict without colour: ▲ win, ● draw, ▼ loss, ◆ estimate.
    pub fn shape(self) -> &'static str {
        match self {
            Verdict::Win(_) => "▲",
            Verdict::Draw => "●",
            Verdict::Loss(_) => "▼",
            Verdict::Estimate(_) | Verdict::Playouts(_) => "◆",
        }
    }

    /// The CSS class.
    pub fn class(self) -> &'static str {
        match self {
            Verdict::Win(_) => "win",
            Verdict::Draw => "draw",
            Verdict::Loss(_) => "loss",
            Verdict::Estimate(_) | Verdict::Playouts(_) => "estimate",
        }
    }

    /// A number to compare proven verdicts by, higher better (a win whose length is not
    /// known ranks below every counted win, a loss likewise above every counted loss); `None`
    /// for an estimate, which is on another scale and not proven: it is never ranked among
    /// proven verdicts.
    pub fn rank(self) -> Option<i64> {
        match self {
            Verdict::Win(n) => Some(1_000_000 - i64::from(n.unwrap_or(100))),
            Verdict::Draw => Some(0),
            Verdict::Loss(n) => Some(-1_000_000 + i64::from(n.unwrap_or(100))),
            Verdict::Estimate(_) | Verdict::Playouts(_) => None,
        }
    }
}

/// Connect four's exact score (data sets' convention, [`arbor_games::connect4::win_score`]) for
/// the side that gets it, as a verdict: with `stones_now` of the winner's stones on the board,
/// the win comes with its next `winning_stones(score) − stones_now`-th stone.
pub fn c4_verdict(score: i32, side_stones_now: u32, opponent_stones_now: u32) -> Verdict {
    use arbor_games::connect4::winning_stones;
    match score {
        0 => Verdict::Draw,
        s if s > 0 => Verdict::Win(Some(winning_stones(s) as u32 - side_stones_now)),
        s => Verdict::Loss(Some(winning_stones(-s) as u32 - opponent_stones_now)),
    }
}

/// A proven result without how soon — 1 (or more) a win, 0 a draw, −1 (or less) a loss — as
/// a verdict: the opening book's, or a weak solve's.
pub fn result_verdict(result: i32) -> Verdict {
    match result.signum() {
        0 => Verdict::Draw,
        1 => Verdict::Win(None),
        _ => Verdict::Loss(None),
    }
}

/// The sides' stones (first player's, second's) on a connect-four board.
pub fn c4_stones(p: &Position) -> [u32; 2] {
    let n = p.moves();
    [n.div_ceil(2), n / 2]
}

/// A connect-four value of the play game ([`connect4::Connect4`]) or of the solver, for MAX.
pub fn c4_max_verdict(value: i32, exact_score: bool, p: &Position) -> Verdict {
    let stones = c4_stones(p);
    let score = if exact_score {
        Some(value)
    } else {
        connect4::proven_score(value)
    };
    match score {
        Some(s) => c4_verdict(s, stones[0], stones[1]),
        None => Verdict::Estimate(value),
    }
}

/// Plies from a tic-tac-toe board to the end of a game whose decayed value is `v` (≠ 0).
pub fn ttt_plies(v: i32, board: &Board) -> u32 {
    (10 - v.unsigned_abs()).saturating_sub(board.marks())
}

/// How many of the winner's own moves a win `plies` away takes, when `to_move` moves first.
pub fn own_moves(plies: u32, winner_moves_first: bool) -> u32 {
    if winner_moves_first {
        plies.div_ceil(2)
    } else {
        plies / 2
    }
}

/// A value for MAX (the first player) as a verdict for `side`, at `pos`, where `side` is to
/// move and the value is of the game searched at this level.
pub fn verdict(pos: &Pos, side: usize, value: i32, proven: bool, exact_c4: bool) -> Verdict {
    let mine = if side == 0 { value } else { -value };
    match pos {
        Pos::Ttt(b) => {
            if mine == 0 {
                return if proven {
                    Verdict::Draw
                } else {
                    Verdict::Estimate(0)
                };
            }
            // Only finished games have a non-zero value: the result is proven.
            let plies = ttt_plies(value, b);
            let winner_first = (mine > 0) == (b.to_move() == side);
            let n = own_moves(plies, winner_first).max(1);
            if mine > 0 {
                Verdict::Win(Some(n))
            } else {
                Verdict::Loss(Some(n))
            }
        }
        Pos::C4(p) => {
            let v = c4_max_verdict(value, exact_c4, p);
            let v = match v {
                Verdict::Estimate(_) if proven && value == 0 => Verdict::Draw,
                v => v,
            };
            if side == 0 {
                v
            } else {
                flip(v)
            }
        }
        Pos::Nim(_) => match mine {
            0 => Verdict::Estimate(0),
            m if m > 0 => Verdict::Win(None),
            _ => Verdict::Loss(None),
        },
    }
}

/// A win or a loss found within a depth limit is proven all the same: only finished games are
/// worth that much, so every line the opponent (or the side) can choose ends that way.
pub fn decided(v: Verdict) -> bool {
    matches!(v, Verdict::Win(_) | Verdict::Loss(_))
}

/// The same verdict for the other side.
pub fn flip(v: Verdict) -> Verdict {
    match v {
        Verdict::Win(n) => Verdict::Loss(n),
        Verdict::Loss(n) => Verdict::Win(n),
        Verdict::Draw => Verdict::Draw,
        Verdict::Estimate(x) => Verdict::Estimate(-x),
        Verdict::Playouts(p) => Verdict::Playouts(100 - p.min(100)),
    }
}
