//! A game's rules, its moves (and their text form) and its positions: what is legal, who is to
//! move, how a game ended.

use super::*;
use arbor_games::connect4::{self, Position};
use arbor_games::nim::{Nim, Piles, Take};
use arbor_games::tictactoe::Board;
use serde::{Deserialize, Serialize};

/// The rules: which game, and for Nim its piles and variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// The game.
    pub kind: Kind,
    /// Nim's starting piles.
    pub piles: Vec<u8>,
    /// Nim's cap on a take (`None`: any number).
    pub max_take: Option<u8>,
    /// Nim: whoever takes the last match loses.
    pub misere: bool,
}

impl Rules {
    /// The default rules of a game (Nim: seed 001's one pile of 9, take 1–3).
    pub fn of(kind: Kind) -> Rules {
        Rules {
            kind,
            piles: vec![9],
            max_take: Some(3),
            misere: false,
        }
    }

    /// Nim's rules as the engine takes them.
    pub fn nim(&self) -> Nim {
        Nim {
            max_take: self.max_take,
            misere: self.misere,
        }
    }

    /// The position before any move.
    pub fn start(&self) -> Result<Pos, String> {
        Ok(match self.kind {
            Kind::TicTacToe => Pos::Ttt(Board::new()),
            Kind::Connect4 => Pos::C4(Position::new()),
            Kind::Nim => Pos::Nim(Piles::new(&self.piles)?),
        })
    }

    /// Reads the moves' text form (see [`Move::key`]): cells 1–9 for tic-tac-toe, or their
    /// names a1–c3 (column letter, row from the top: `b2a1`), columns 1–7 for connect four
    /// (both run together, `4453`, spaces and commas allowed), `pile:take` pairs for Nim
    /// (`1:3,2:1`).
    pub fn parse_moves(&self, text: &str) -> Result<Vec<Move>, String> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(Vec::new());
        }
        let words: Vec<String> = match self.kind {
            Kind::Nim => text.split(',').map(|w| w.trim().to_string()).collect(),
            _ => {
                // One character a move, but a letter and the digit after it (a cell's name).
                let mut words = Vec::new();
                let mut chars = text
                    .chars()
                    .filter(|c| !c.is_ascii_whitespace() && *c != ',')
                    .peekable();
                while let Some(c) = chars.next() {
                    let mut word = c.to_string();
                    if c.is_ascii_alphabetic() {
                        word.extend(chars.next_if(char::is_ascii_digit));
                    }
                    words.push(word);
                }
                words
            }
        };
        let mut pos = self.start()?;
        let mut moves = Vec::new();
        for (i, word) in words.iter().enumerate() {
            let mv = Move::parse(self.kind, word).ok_or_else(|| {
                format!(
                    "move {} (“{}”) is not a move of {}",
                    i + 1,
                    arbor_util::shown(word),
                    self.kind.title()
                )
            })?;
            pos = pos
                .play(self, mv)
                .map_err(|e| format!("move {} ({}): {e}", i + 1, mv.describe(self.kind)))?;
            moves.push(mv);
        }
        Ok(moves)
    }
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Move {
    /// Mark a tic-tac-toe cell, 0–8.
    Cell(u8),
    /// Drop into a connect-four column, 0–6.
    Column(u8),
    /// Take from a Nim pile.
    Take(Take),
}

impl Move {
    /// The text form: `5`, `4`, `2:3` (1-based cells, columns and piles).
    pub fn key(self) -> String {
        match self {
            Move::Cell(c) | Move::Column(c) => (c + 1).to_string(),
            Move::Take(t) => format!("{}:{}", t.pile + 1, t.take),
        }
    }

    /// Reads the text form for a game.
    pub fn parse(kind: Kind, word: &str) -> Option<Move> {
        match kind {
            Kind::TicTacToe => match word.as_bytes() {
                // A cell's name: its column's letter, then its row from the top.
                &[col, row] if col.is_ascii_alphabetic() => {
                    let col = col.to_ascii_lowercase().checked_sub(b'a')?;
                    let row = row.checked_sub(b'1')?;
                    (col < 3 && row < 3).then_some(Move::Cell(row * 3 + col))
                }
                _ => match word.parse::<u8>() {
                    Ok(n @ 1..=9) => Some(Move::Cell(n - 1)),
                    _ => None,
                },
            },
            Kind::Connect4 => match word.parse::<u8>() {
                Ok(n @ 1..=7) => Some(Move::Column(n - 1)),
                _ => None,
            },
            Kind::Nim => {
                let (p, t) = word.split_once(':')?;
                let pile: u8 = p.trim().parse().ok()?;
                let take: u8 = t.trim().parse().ok()?;
                // Lazily: `pile - 1` only once `pile >= 1` is known.
                (pile >= 1 && take >= 1).then(|| {
                    Move::Take(Take {
                        pile: pile - 1,
                        take,
                    })
                })
            }
        }
    }

    /// In words: "row 2, column 3", "column 4", "take 2 from pile 1".
    pub fn describe(self, kind: Kind) -> String {
        match self {
            Move::Cell(c) => format!("row {}, column {}", c / 3 + 1, c % 3 + 1),
            Move::Column(c) => format!("column {}", c + 1),
            Move::Take(t) if kind == Kind::Nim => {
                format!("take {} from pile {}", t.take, t.pile + 1)
            }
            Move::Take(t) => format!("take {} from pile {}", t.take, t.pile + 1),
        }
    }
}

/// A position of any of the games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pos {
    /// Tic-tac-toe.
    Ttt(Board),
    /// Connect four.
    C4(Position),
    /// Nim.
    Nim(Piles),
}

/// How a game ended, or that it goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Not over: this player (0 moves first) is to move.
    ToMove(usize),
    /// This player won.
    Won(usize),
    /// A draw.
    Draw,
}

impl Pos {
    /// The player to move (0 moved first).
    pub fn to_move(&self) -> usize {
        match self {
            Pos::Ttt(b) => b.to_move(),
            Pos::C4(p) => p.to_move(),
            Pos::Nim(p) => p.to_move(),
        }
    }

    /// Over, and how; or who is to move.
    pub fn outcome(&self, rules: &Rules) -> Outcome {
        match self {
            Pos::Ttt(b) => match b.winner() {
                Some(w) => Outcome::Won(w),
                None if b.is_over() => Outcome::Draw,
                None => Outcome::ToMove(b.to_move()),
            },
            Pos::C4(p) if p.is_won() => Outcome::Won(1 - p.to_move()),
            Pos::C4(p) if p.is_full() => Outcome::Draw,
            Pos::C4(p) => Outcome::ToMove(p.to_move()),
            Pos::Nim(p) => match p.winner(&rules.nim()) {
                Some(w) => Outcome::Won(w),
                None => Outcome::ToMove(p.to_move()),
            },
        }
    }

    /// The position after `mv`, or why it is not allowed.
    pub fn play(&self, rules: &Rules, mv: Move) -> Result<Pos, String> {
        if !matches!(self.outcome(rules), Outcome::ToMove(_)) {
            return Err("the game is over".into());
        }
        match (self, mv) {
            (Pos::Ttt(_), Move::Cell(c)) if c >= 9 => Err(format!(
                "there is no cell {} (cells are 1 to 9)",
                u32::from(c) + 1
            )),
            (Pos::C4(_), Move::Column(c)) if c as usize >= connect4::WIDTH => Err(format!(
                "there is no column {} (columns are 1 to {})",
                u32::from(c) + 1,
                connect4::WIDTH
            )),
            (Pos::Ttt(b), Move::Cell(c)) => {
                if b.cell(c as usize).is_some() {
                    Err(format!("row {}, column {} is taken", c / 3 + 1, c % 3 + 1))
                } else {
                    Ok(Pos::Ttt(b.play(c as usize)))
                }
            }
            (Pos::C4(p), Move::Column(c)) => {
                if p.can_play(c as usize) {
                    Ok(Pos::C4(p.play(c as usize)))
                } else {
                    Err(format!("column {} is full", c + 1))
                }
            }
            (Pos::Nim(p), Move::Take(t)) => {
                let nim = rules.nim();
                if (t.pile as usize) >= p.sizes().len() {
                    Err(format!("there is no pile {}", t.pile + 1))
                } else if p.can_play(&nim, t) {
                    Ok(Pos::Nim(p.play(t)))
                } else if let Some(cap) = nim.max_take.filter(|&m| t.take > m) {
                    Err(format!("a move takes at most {cap}"))
                } else {
                    Err(format!(
                        "pile {} has only {} left",
                        t.pile + 1,
                        p.sizes()[t.pile as usize]
                    ))
                }
            }
            _ => Err("that is not a move of this game".into()),
        }
    }

    /// Every legal move, in the game's order.
    pub fn actions(&self, rules: &Rules) -> Vec<Move> {
        if !matches!(self.outcome(rules), Outcome::ToMove(_)) {
            return Vec::new();
        }
        match self {
            Pos::Ttt(b) => (0..9u8)
                .filter(|&c| b.can_play(c as usize))
                .map(Move::Cell)
                .collect(),
            Pos::C4(p) => (0..7u8)
                .filter(|&c| p.can_play(c as usize))
                .map(Move::Column)
                .collect(),
            Pos::Nim(p) => {
                let mut out = Vec::new();
                arbor_game::Game::actions(&rules.nim(), p, &mut out);
                out.into_iter().map(Move::Take).collect()
            }
        }
    }
}

/// Moves as text: run together for tic-tac-toe and connect four, comma-separated for Nim.
pub fn moves_text(kind: Kind, moves: &[Move]) -> String {
    let keys: Vec<String> = moves.iter().map(|m| m.key()).collect();
    match kind {
        Kind::Nim => keys.join(","),
        _ => keys.concat(),
    }
}

/// The position after a moves string, or why there is none.
pub fn position(rules: &Rules, moves: &str) -> Result<Pos, String> {
    let mut pos = rules.start()?;
    for mv in rules.parse_moves(moves)? {
        pos = pos.play(rules, mv)?;
    }
    Ok(pos)
}
