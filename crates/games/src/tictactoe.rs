//! Tic-tac-toe on two 9-bit boards. X (MAX, player 0) moves first; cells are numbered 0–8,
//! left to right, top to bottom, and moves are listed in that order. The game ends at three in
//! a row or a full board.

use arbor_game::Game;

/// The eight lines of three.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// How a finished game is scored, for X.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// +1 if X wins, −1 if O wins, 0 for a draw (seed 002).
    Unit,
    /// +10 / −10 / 0 (seed 000).
    Ten,
    /// Seed 000's "ideal player": a win is worth 10 less the moves it took, `10 − depth`
    /// (here depth counts every mark on the board, which ranks lines the same way as counting
    /// from the search's root), so a quicker win is better and a slower loss less bad.
    #[default]
    Decayed,
}

/// A tic-tac-toe position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    x: u16,
    o: u16,
}

fn has_line(marks: u16) -> bool {
    LINES.into_iter().any(|line| marks & line == line)
}

impl Board {
    /// The empty board.
    pub const fn new() -> Board {
        Board { x: 0, o: 0 }
    }

    /// Reads nine cells, row by row: `x`, `o`, or `.` (or `-`, `_`) for empty; case and white
    /// space are ignored. X moves first, so X has as many marks as O or one more.
    ///
    /// ```
    /// use arbor_games::tictactoe::Board;
    /// let b = Board::parse("x.o/.x./..o").unwrap();
    /// assert_eq!(b.to_move(), 0);
    /// assert!(Board::parse("oo.......").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Board, String> {
        let cells: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '/')
            .collect();
        if cells.len() != 9 {
            return Err(format!(
                "a board has 9 cells (x, o or . for empty), not {}",
                cells.len()
            ));
        }
        let mut b = Board::new();
        for (i, c) in cells.iter().enumerate() {
            match c.to_ascii_lowercase() {
                'x' => b.x |= 1 << i,
                'o' => b.o |= 1 << i,
                '.' | '-' | '_' => {}
                other => {
                    return Err(format!(
                        "cell {} is '{other}': use x, o, or . for empty",
                        i + 1
                    ))
                }
            }
        }
        let (nx, no) = (b.x.count_ones(), b.o.count_ones());
        if nx != no && nx != no + 1 {
            return Err(format!(
                "X moves first, so X has as many marks as O or one more (here {nx} and {no})"
            ));
        }
        if has_line(b.x) && has_line(b.o) {
            return Err("both X and O have three in a row".into());
        }
        if has_line(b.x) && nx == no || has_line(b.o) && nx > no {
            return Err("the game went on after it was won".into());
        }
        Ok(b)
    }

    /// The nine cells as text, `x`, `o`, `.`.
    pub fn to_text(&self) -> String {
        (0..9)
            .map(|i| match self.cell(i) {
                Some(0) => 'x',
                Some(_) => 'o',
                None => '.',
            })
            .collect()
    }

    /// Who holds a cell: `Some(0)` for X, `Some(1)` for O.
    pub fn cell(&self, i: usize) -> Option<usize> {
        if self.x >> i & 1 == 1 {
            Some(0)
        } else if self.o >> i & 1 == 1 {
            Some(1)
        } else {
            None
        }
    }

    /// Marks on the board.
    pub fn marks(&self) -> u32 {
        (self.x | self.o).count_ones()
    }

    /// The player to move: 0 for X, 1 for O.
    pub fn to_move(&self) -> usize {
        usize::from(self.x.count_ones() > self.o.count_ones())
    }

    /// True if cell `i` is empty and the game is not over.
    pub fn can_play(&self, i: usize) -> bool {
        i < 9 && (self.x | self.o) >> i & 1 == 0 && !self.is_over()
    }

    /// The board after the player to move marks cell `i`.
    pub fn play(&self, i: usize) -> Board {
        let mut b = *self;
        if self.to_move() == 0 {
            b.x |= 1 << i;
        } else {
            b.o |= 1 << i;
        }
        b
    }

    /// The winner, if any: 0 for X, 1 for O.
    pub fn winner(&self) -> Option<usize> {
        if has_line(self.x) {
            Some(0)
        } else if has_line(self.o) {
            Some(1)
        } else {
            None
        }
    }

    /// The winning line's cells, if there is one.
    pub fn winning_line(&self) -> Option<[usize; 3]> {
        let marks = match self.winner()? {
            0 => self.x,
            _ => self.o,
        };
        let line = LINES.iter().find(|&&l| marks & l == l)?;
        let mut out = [0; 3];
        let mut k = 0;
        for (i, cell) in (0..9).filter(|i| line >> i & 1 == 1).enumerate() {
            out[i] = cell;
            k += 1;
        }
        debug_assert_eq!(k, 3);
        Some(out)
    }

    /// True at three in a row or a full board.
    pub fn is_over(&self) -> bool {
        (self.x | self.o) == FULL || self.winner().is_some()
    }

    /// A number unique to the position: the cells in base 3.
    fn key(&self) -> u64 {
        (0..9).rev().fold(0u64, |k, i| {
            k * 3
                + match self.cell(i) {
                    None => 0,
                    Some(p) => p as u64 + 1,
                }
        })
    }
}

/// Tic-tac-toe under a [`Scoring`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TicTacToe {
    /// How finished games are scored.
    pub scoring: Scoring,
}

impl Game for TicTacToe {
    type State = Board;
    type Move = u8;

    fn to_move(&self, state: &Board) -> usize {
        state.to_move()
    }

    fn actions(&self, state: &Board, moves: &mut Vec<u8>) {
        let taken = state.x | state.o;
        moves.extend((0..9u8).filter(|&i| taken >> i & 1 == 0));
    }

    fn result(&self, state: &Board, mv: u8) -> Board {
        state.play(mv as usize)
    }

    fn is_terminal(&self, state: &Board) -> bool {
        state.is_over()
    }

    fn utility(&self, state: &Board) -> i32 {
        let sign = match state.winner() {
            Some(0) => 1,
            Some(_) => -1,
            None => return 0,
        };
        sign * match self.scoring {
            Scoring::Unit => 1,
            Scoring::Ten => 10,
            Scoring::Decayed => 10 - state.marks() as i32,
        }
    }

    /// Beyond a depth limit the AI knows nothing more: it calls an unfinished game even.
    fn evaluate(&self, state: &Board) -> i32 {
        if state.is_over() {
            self.utility(state)
        } else {
            0
        }
    }

    fn hash(&self, state: &Board) -> u64 {
        state.key()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_winners_are_found() {
        let b = Board::parse("xxx/oo./...").unwrap();
        assert_eq!(b.winner(), Some(0));
        assert_eq!(b.winning_line(), Some([0, 1, 2]));
        assert!(b.is_over());
        assert_eq!(Board::parse(&b.to_text()).unwrap(), b);
        assert!(Board::parse("xxx/ooo/...").is_err());
        assert!(Board::parse("xxx/oo./..o").is_err()); // O moved after X won
        assert!(Board::parse("x?.......").unwrap_err().contains("cell 2"));
    }

    #[test]
    fn there_are_5478_legal_positions() {
        // The known count of positions reachable from the empty board (play stops at a win).
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![Board::new()];
        while let Some(b) = stack.pop() {
            if !seen.insert(b) {
                continue;
            }
            if !b.is_over() {
                for i in 0..9 {
                    if b.can_play(i) {
                        stack.push(b.play(i));
                    }
                }
            }
        }
        assert_eq!(seen.len(), 5478);
    }
}
