//! Connect four as played ([`Connect4`]): every legal move, valued at a depth limit by the
//! seed's runs-of-two-and-three heuristic or by a stronger threat-based evaluation ([`Eval`]).

use arbor_game::Game;

use super::position::{
    column_mask, scramble49, winning_cells, Position, CENTRE_FIRST, EVEN_ROWS, HEIGHT, ODD_ROWS,
    WIDTH,
};

/// Offset of a won game's value in [`Connect4`]: a win is worth `WIN` plus its exact score,
/// more than any evaluation.
pub const WIN: i32 = 1000;

/// How deep the perfect player's depth-limited search looks with the threat evaluation (and
/// the opening book's, for a lost position).
pub const LOOKAHEAD_DEPTH: u32 = 8;

/// The exact score (the data sets' convention, for MAX) a [`Connect4`] value stands for, if it
/// is a proven win or loss.
pub fn proven_score(value: i32) -> Option<i32> {
    if value.abs() > WIN / 2 {
        Some(value.signum() * (value.abs() - WIN))
    } else {
        None
    }
}

/// How [`Connect4`] values a position at its depth limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Eval {
    /// Seed 004's heuristic: runs of two count 1, runs of three 3, mine minus yours.
    #[default]
    Seed,
    /// Arbor's: open lines weighted by how many stones they hold, threats (cells that would
    /// complete four) weighted by whether their row suits their owner, and the centre column.
    Threats,
}

/// The 69 lines of four cells on the board.
const LINES: [u64; 69] = {
    let mut out = [0u64; 69];
    let mut n = 0;
    let dirs: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut d = 0;
    while d < 4 {
        let (dc, dr) = dirs[d];
        let mut c = 0i32;
        while c < WIDTH as i32 {
            let mut r = 0i32;
            while r < HEIGHT as i32 {
                let (ec, er) = (c + 3 * dc, r + 3 * dr);
                if ec >= 0 && ec < WIDTH as i32 && er >= 0 && er < HEIGHT as i32 {
                    let mut m = 0u64;
                    let mut k = 0;
                    while k < 4 {
                        m |= 1 << ((c + k * dc) * 7 + r + k * dr);
                        k += 1;
                    }
                    out[n] = m;
                    n += 1;
                }
                r += 1;
            }
            c += 1;
        }
        d += 1;
    }
    out
};

/// Seed 004's runs of `k` in a row (substring counts along rows, columns and diagonals).
fn runs(stones: u64, k: u32) -> u32 {
    [1u32, 7, 6, 8]
        .iter()
        .map(|&s| {
            let mut m = stones;
            for i in 1..k {
                m &= stones >> (i * s);
            }
            m.count_ones()
        })
        .sum()
}

/// Seed 004's `heuristicValue` for one player's stones: `runsOf2 + 3·runsOf3`, where a run of
/// three is not also counted as a run of two (nor four as three).
fn seed_goodness(stones: u64) -> i32 {
    let (c2, c3, c4) = (runs(stones, 2), runs(stones, 3), runs(stones, 4));
    let r4 = c4;
    let r3 = c3.saturating_sub(r4);
    let r2 = c2.saturating_sub(r3 + r4);
    (r2 + 3 * r3) as i32
}

/// The threat-based evaluation for player 0's stones `a` against player 1's `b`.
fn threats_eval(a: u64, b: u64, mask: u64) -> i32 {
    const WEIGHT: [i32; 5] = [0, 1, 4, 12, 0];
    let mut score = 0;
    for line in LINES {
        let (na, nb) = ((a & line).count_ones(), (b & line).count_ones());
        if nb == 0 {
            score += WEIGHT[na as usize];
        } else if na == 0 {
            score -= WEIGHT[nb as usize];
        }
    }
    let (ta, tb) = (winning_cells(a, mask), winning_cells(b, mask));
    score += 10 * (ta & ODD_ROWS).count_ones() as i32 + 4 * (ta & EVEN_ROWS).count_ones() as i32;
    score -= 10 * (tb & EVEN_ROWS).count_ones() as i32 + 4 * (tb & ODD_ROWS).count_ones() as i32;
    let centre = column_mask(3);
    score += 3 * ((a & centre).count_ones() as i32 - (b & centre).count_ones() as i32);
    score.clamp(-(WIN / 2), WIN / 2)
}

/// Connect four as played: every legal move (centre first), a win worth [`WIN`] plus its exact
/// score, an evaluation at the depth limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Connect4 {
    /// The evaluation at the depth limit.
    pub eval: Eval,
}

impl Game for Connect4 {
    type State = Position;
    type Move = u8;

    fn to_move(&self, state: &Position) -> usize {
        state.to_move()
    }

    fn actions(&self, state: &Position, moves: &mut Vec<u8>) {
        moves.extend(
            CENTRE_FIRST
                .iter()
                .copied()
                .filter(|&c| state.can_play(c as usize)),
        );
    }

    fn result(&self, state: &Position, mv: u8) -> Position {
        state.play(mv as usize)
    }

    fn is_terminal(&self, state: &Position) -> bool {
        state.is_over()
    }

    fn utility(&self, state: &Position) -> i32 {
        if state.won {
            // The player to move lost.
            -state.colour() * (WIN - state.lost_score())
        } else {
            0
        }
    }

    fn evaluate(&self, state: &Position) -> i32 {
        if state.is_over() {
            return self.utility(state);
        }
        let (a, b) = (state.stones(0), state.stones(1));
        match self.eval {
            Eval::Seed => seed_goodness(a) - seed_goodness(b),
            Eval::Threats => threats_eval(a, b, state.mask),
        }
    }

    fn hash(&self, state: &Position) -> u64 {
        scramble49(state.key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect4::position::BOARD;

    #[test]
    fn seed_runs_count_substrings() {
        // Three in a row along the bottom: one run of three, and of the two runs of two, one
        // is left after the three is subtracted (the seed's wordCount arithmetic).
        let p = Position::from_moves("1122").unwrap().play(2);
        assert_eq!(seed_goodness(p.stones(0)), 3 + 1);
        assert_eq!(seed_goodness(p.stones(1)), 1);
        assert_eq!(Connect4::default().evaluate(&p), 4 - 1);
    }

    #[test]
    fn lines_are_sixty_nine_fours() {
        assert!(LINES.iter().all(|l| l.count_ones() == 4 && l & !BOARD == 0));
        let distinct: std::collections::HashSet<_> = LINES.iter().collect();
        assert_eq!(distinct.len(), 69);
    }
}
