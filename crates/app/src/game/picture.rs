//! A position as a picture: the board or piles drawn at a node of the tree behind a move, and a
//! move as a node's label.

use arbor_games::connect4::Position;
use arbor_games::nim::Piles;
use arbor_games::tictactoe::{Board, Scoring, TicTacToe};

use super::Move;
use crate::scene::GamePicture;

/// The tic-tac-toe AI's scoring: the seed's "ideal player", who wins soonest and loses latest.
pub const TTT: TicTacToe = TicTacToe {
    scoring: Scoring::Decayed,
};

/// A tic-tac-toe board as a picture.
pub fn ttt_picture(b: &Board, o_first: bool) -> GamePicture {
    let mut cells = [0u8; 9];
    for (i, c) in cells.iter_mut().enumerate() {
        *c = b.cell(i).map_or(0, |p| p as u8 + 1);
    }
    GamePicture::TicTacToe { cells, o_first }
}

/// A connect-four board as a picture, top row first.
pub fn c4_picture(p: &Position) -> GamePicture {
    let mut cells = Vec::with_capacity(42);
    for row in (0..6).rev() {
        for col in 0..7 {
            cells.push(p.cell(row, col).map_or(0, |x| x as u8 + 1));
        }
    }
    GamePicture::Connect4(cells)
}

/// Nim's piles as a picture.
pub fn nim_picture(p: &Piles) -> GamePicture {
    GamePicture::Nim(p.sizes().to_vec())
}

/// A move as a node label: `b2` (column letter, row from the top) in tic-tac-toe, `col4` in
/// connect four, `t2` or `p1t2` in Nim.
pub fn label(m: Move, piles: usize) -> String {
    match m {
        Move::Cell(c) => format!("{}{}", (b'a' + c % 3) as char, c / 3 + 1),
        Move::Column(c) => format!("col{}", c + 1),
        Move::Take(t) if piles == 1 => format!("t{}", t.take),
        Move::Take(t) => format!("p{}t{}", t.pile + 1, t.take),
    }
}
