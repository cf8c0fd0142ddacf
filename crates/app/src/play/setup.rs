//! A game in progress on the Play page: the rules, who plays each side, the moves played
//! (with undo and redo), the options, its URL form, and the status line.

use crate::game::*;
use crate::route::Route;
use crate::url::{UrlSettings, UrlWarning};
use arbor_games::tictactoe::Board;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person, at the board.
    Human,
    /// The AI, at a level (its URL name).
    Ai(&'static str),
}

/// A game in progress: the rules, who plays, the moves (with redo), and the options, all of it
/// in the URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The rules.
    pub rules: Rules,
    /// Who plays the side that moves first, and the other.
    pub players: [Player; 2],
    /// Tic-tac-toe: the first player plays O instead of X (the seed's "who starts" choice).
    pub o_first: bool,
    /// Every move made, including undone ones still available to redo.
    pub moves: Vec<Move>,
    /// How many of `moves` are played.
    pub played: usize,
    /// Show every move's score on human turns.
    pub hints: bool,
    /// Seed of the AI's choices among equally good moves (a new game draws a new one).
    pub seed: u64,
    /// Seconds the perfect connect-four AI may think.
    pub think_seconds: u32,
}

impl Setup {
    /// A new game: a human first, the AI second at its default level.
    pub fn new(kind: Kind) -> Setup {
        Setup {
            rules: Rules::of(kind),
            players: [Player::Human, Player::Ai(kind.default_level().key)],
            o_first: false,
            moves: Vec::new(),
            played: 0,
            hints: false,
            seed: 1,
            think_seconds: 5,
        }
    }

    /// The position after the moves played.
    pub fn position(&self) -> Pos {
        let mut pos = self.rules.start().unwrap_or(Pos::Ttt(Board::new()));
        for &mv in &self.moves[..self.played] {
            if let Ok(next) = pos.play(&self.rules, mv) {
                pos = next;
            }
        }
        pos
    }

    /// The moves played, as text (the URL's form; for connect four, the data sets' form).
    pub fn moves_text(&self) -> String {
        moves_text(self.rules.kind, &self.moves[..self.played])
    }

    /// Plays a move (dropping any moves that could have been redone), or says why not.
    pub fn play(&mut self, mv: Move) -> Result<(), String> {
        self.position().play(&self.rules, mv)?;
        self.moves.truncate(self.played);
        self.moves.push(mv);
        self.played += 1;
        Ok(())
    }

    /// Takes back the last move; true if there was one.
    pub fn undo(&mut self) -> bool {
        if self.played == 0 {
            return false;
        }
        self.played -= 1;
        true
    }

    /// Plays again a move taken back; true if there was one.
    pub fn redo(&mut self) -> bool {
        if self.played == self.moves.len() {
            return false;
        }
        self.played += 1;
        true
    }

    /// The name of a side (0 moves first): X/O (as chosen), the colours, or Nim's players.
    pub fn side_name(&self, side: usize) -> &'static str {
        let names = self.rules.kind.side_names();
        if self.rules.kind == Kind::TicTacToe && self.o_first {
            names[1 - side]
        } else {
            names[side]
        }
    }

    /// The level of a side's AI, if the AI plays it.
    pub fn level(&self, side: usize) -> Option<&'static Level> {
        match self.players[side] {
            Player::Ai(key) => self.rules.kind.level(key),
            Player::Human => None,
        }
    }

    /// Some AI player thinks for as long as the thinking time allows (connect four's perfect
    /// player, MCTS as time allows).
    pub fn uses_clock(&self) -> bool {
        (0..2).any(|side| {
            self.level(side).is_some_and(|l| match l.strength {
                Strength::Perfect => self.rules.kind == Kind::Connect4,
                Strength::Mcts { timed, .. } => timed,
                Strength::Depth { .. } => false,
            })
        })
    }
}

impl Setup {
    /// Both a person and the AI play.
    fn has_human_and_ai(&self) -> bool {
        self.players.contains(&Player::Human) && self.players.iter().any(|p| *p != Player::Human)
    }

    /// A side's name with who plays it: "X (you)", "O (the AI)" (plain when only people play).
    fn side_with_player(&self, side: usize) -> String {
        let who = match self.players[side] {
            Player::Human if self.players.iter().all(|p| *p == Player::Human) => "",
            Player::Human => " (you)",
            Player::Ai(_) => " (the AI)",
        };
        format!("{}{who}", self.side_name(side))
    }

    /// The status line, for the page's live region: the last move (so a screen reader hears
    /// every move, the AI's included), then whose turn it is or how the game ended.
    /// `thinking`: the AI is at work; `waiting`: the AI is to move but waits to be asked.
    pub fn status(&self, thinking: bool, waiting: bool) -> String {
        let last = self.played.checked_sub(1).map(|i| {
            format!(
                "{} played {}. ",
                self.side_with_player(i % 2),
                self.moves[i].describe(self.rules.kind)
            )
        });
        let now = match self.position().outcome(&self.rules) {
            Outcome::ToMove(side) => {
                let who = match self.players[side] {
                    Player::Human if self.players.iter().all(|p| *p == Player::Human) => "",
                    Player::Human => " (you)",
                    Player::Ai(_) if thinking => " (the AI is thinking…)",
                    Player::Ai(_) if waiting => " (the AI: press Continue to let it move)",
                    Player::Ai(_) => " (the AI)",
                };
                format!("{} to move{who}.", self.side_name(side))
            }
            Outcome::Draw => "Game over: a draw.".into(),
            Outcome::Won(side) => {
                let how = match self.rules.kind {
                    Kind::TicTacToe => " with three in a row",
                    Kind::Connect4 => " with four in a row",
                    Kind::Nim if self.rules.misere => ": the other player took the last match",
                    Kind::Nim => " by taking the last match",
                };
                let person = match (self.players[side], self.has_human_and_ai()) {
                    (Player::Human, true) => " You win!",
                    (Player::Ai(_), true) => " The AI wins.",
                    _ => "",
                };
                format!("Game over: {} wins{how}.{person}", self.side_name(side))
            }
        };
        format!("{}{now}", last.unwrap_or_default())
    }
}

impl UrlSettings for Setup {
    /// Reads a setup from the URL; problems are reported and the rest kept.
    fn from_route(route: &Route) -> (Self, Vec<UrlWarning>) {
        let mut notes = Vec::new();
        let (rules, o_first) = rules_from_route(route, &mut notes);
        let kind = rules.kind;
        let mut s = Setup::new(kind);
        s.rules = rules;
        s.o_first = o_first;
        for (side, key) in ["p1", "p2"].into_iter().enumerate() {
            match route.get(key) {
                None => {}
                Some("human") => s.players[side] = Player::Human,
                Some(level) => match kind.level(level) {
                    Some(l) => s.players[side] = Player::Ai(l.key),
                    None => notes.push(format!(
                        "“{level}” is not a level of {}; the AI plays at {}.",
                        kind.title(),
                        kind.default_level().title
                    )),
                },
            }
        }
        s.hints = route.get("hints").is_some_and(|v| v == "1");
        if let Some(seed) = route.get("seed") {
            match seed.parse() {
                Ok(n) => s.seed = n,
                Err(_) => notes.push(format!("“{seed}” is not a seed; using 1.")),
            }
        }
        if let Some(t) = route.get("think") {
            match t.parse::<u32>() {
                Ok(n @ 1..=60) => s.think_seconds = n,
                _ => notes.push(format!(
                    "“{t}” is not a thinking time (1 to 60 seconds); using 5."
                )),
            }
        }
        if let Some(text) = route.get("moves") {
            match s.rules.parse_moves(text) {
                Ok(moves) => {
                    s.played = moves.len();
                    s.moves = moves;
                }
                Err(e) => notes.push(format!(
                    "The moves in the link could not all be played: {e}. Starting from the beginning."
                )),
            }
        }
        (s, notes)
    }

    /// Writes the setup into a route.
    fn to_route(&self, route: &mut Route) {
        write_rules(route, &self.rules, self.o_first);
        for (side, key) in ["p1", "p2"].into_iter().enumerate() {
            route.set(
                key,
                match self.players[side] {
                    Player::Human => "human",
                    Player::Ai(level) => level,
                },
            );
        }
        if self.hints {
            route.set("hints", "1");
        }
        route.set("seed", self.seed.to_string());
        // Whenever it is not the default, so a change of player keeps the time chosen.
        if self.uses_clock() || self.think_seconds != Setup::new(self.rules.kind).think_seconds {
            route.set("think", self.think_seconds.to_string());
        }
        route.set("moves", self.moves_text());
    }
}
