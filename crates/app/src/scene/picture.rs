//! The small picture of a game position drawn at a node, and the box it fills.

use super::{text_span, text_width};

/// A small picture of a game position, drawn at a node of a game's search tree.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum GamePicture {
    /// Tic-tac-toe cells, row by row: 0 empty, 1 the first player's mark, 2 the second's.
    /// `o_first` draws the first player's marks as O.
    TicTacToe {
        /// The nine cells.
        cells: [u8; 9],
        /// The first player plays O.
        o_first: bool,
    },
    /// Connect four, 42 cells row by row from the top: 0 empty, 1 first player, 2 second.
    Connect4(Vec<u8>),
    /// Nim's piles.
    Nim(Vec<u8>),
}

/// How far below a game node's centre the picture of its position starts.
pub const PICTURE_TOP: f64 = 24.0;
/// A cell of connect four's picture (7 × 6 cells).
pub const C4_CELL: f64 = 6.0;
/// A cell of tic-tac-toe's picture (3 × 3 cells).
pub const TTT_CELL: f64 = 11.0;
/// Nim's picture: one row per pile, then the sizes in words at this type size.
pub const NIM_ROW: f64 = 6.0;
/// The type size of Nim's picture's words.
pub const NIM_TEXT: f64 = 10.0;

/// The box a node's picture fills, from the node's centre: (left, top, right, bottom).
pub fn picture_box(p: &GamePicture) -> (f64, f64, f64, f64) {
    let (w, h) = match p {
        GamePicture::TicTacToe { .. } => (3.0 * TTT_CELL, 3.0 * TTT_CELL),
        GamePicture::Connect4(_) => (7.0 * C4_CELL, 6.0 * C4_CELL),
        GamePicture::Nim(piles) => {
            let words: Vec<String> = piles.iter().map(|p| p.to_string()).collect();
            let widest = piles
                .iter()
                .map(|&n| f64::from(n) * 3.0)
                .fold(0.0, f64::max);
            let baseline = piles.len() as f64 * NIM_ROW + 9.0;
            (
                widest.max(text_width(&words.join(" · "), NIM_TEXT, false)),
                text_span(baseline, NIM_TEXT).1,
            )
        }
    };
    (-w / 2.0, PICTURE_TOP, w / 2.0, PICTURE_TOP + h)
}

/// The bottom of the tallest picture of a position (connect four's, 6 cells; tic-tac-toe's and
/// Nim's, up to four piles, end above it).
pub const PICTURES_BOTTOM: f64 = PICTURE_TOP + 6.0 * C4_CELL;
