//! The Play page's model, pure and tested natively: which game under which rules, the moves
//! played (with undo and redo), who plays each side, the AI's levels, the URL form of it all,
//! and what the AI's values and hints say in words.

pub mod ai;
pub mod page;

use arbor_games::connect4::{self, Position};
use arbor_games::nim::{Nim, Piles, Take};
use arbor_games::tictactoe::Board;
use serde::{Deserialize, Serialize};

use crate::route::Route;

/// The games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    /// Tic-tac-toe.
    TicTacToe,
    /// Connect four.
    Connect4,
    /// Nim.
    Nim,
}

impl Kind {
    /// Every game, in menu order.
    pub const ALL: [Kind; 3] = [Kind::TicTacToe, Kind::Connect4, Kind::Nim];

    /// URL name.
    pub fn key(self) -> &'static str {
        match self {
            Kind::TicTacToe => "ttt",
            Kind::Connect4 => "c4",
            Kind::Nim => "nim",
        }
    }

    /// Display name.
    pub fn title(self) -> &'static str {
        match self {
            Kind::TicTacToe => "Tic-tac-toe",
            Kind::Connect4 => "Connect four",
            Kind::Nim => "Nim",
        }
    }

    /// Reads a URL name.
    pub fn from_key(key: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.key() == key)
    }

    /// The two sides' names, the first player's first: X and O, or the two colours of discs,
    /// or Nim's first and second player ([`Setup::side_name`] swaps X and O when O moves first).
    pub fn side_names(self) -> [&'static str; 2] {
        match self {
            Kind::TicTacToe => ["X", "O"],
            Kind::Connect4 => ["Blue ●", "Orange ○"],
            Kind::Nim => ["Player 1", "Player 2"],
        }
    }

    /// The AI's levels, weakest first.
    pub fn levels(self) -> &'static [Level] {
        match self {
            Kind::TicTacToe => &TTT_LEVELS,
            Kind::Connect4 => &C4_LEVELS,
            Kind::Nim => &NIM_LEVELS,
        }
    }

    /// The level new AI players get.
    pub fn default_level(self) -> &'static Level {
        let key = match self {
            Kind::TicTacToe => "perfect",
            Kind::Connect4 => "threats6",
            Kind::Nim => "perfect",
        };
        self.level(key).unwrap_or(&self.levels()[0])
    }

    /// A level by URL name.
    pub fn level(self, key: &str) -> Option<&'static Level> {
        self.levels().iter().find(|l| l.key == key)
    }
}

/// How the AI searches at a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Strength {
    /// Iterative deepening alpha-beta to this depth, valuing positions there by the game's
    /// evaluation (for connect four: `threats` chooses the stronger one over the seed's).
    Depth {
        /// Plies.
        depth: u32,
        /// Connect four's threat evaluation (otherwise the seed's).
        threats: bool,
    },
    /// To the end of the game (for connect four, the solver, within the time allowed).
    Perfect,
    /// Monte Carlo tree search (UCT, c = √2) with this many iterations; `timed`: as many as
    /// the thinking time allows, up to that many.
    Mcts {
        /// Iterations (the most, when timed).
        iterations: u64,
        /// Stop when the thinking time is up.
        timed: bool,
    },
}

/// One of the AI's levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// URL name.
    pub key: &'static str,
    /// Menu name.
    pub title: &'static str,
    /// What it searches.
    pub strength: Strength,
}

const fn depth(key: &'static str, title: &'static str, d: u32, threats: bool) -> Level {
    Level {
        key,
        title,
        strength: Strength::Depth { depth: d, threats },
    }
}

const fn mcts(key: &'static str, title: &'static str, iterations: u64, timed: bool) -> Level {
    Level {
        key,
        title,
        strength: Strength::Mcts { iterations, timed },
    }
}

/// MCTS as time allows: at most as many iterations as the MCTS page replays, so that the tree
/// behind every move opens there.
const MCTS_TIMED: Level = mcts(
    "mcts-time",
    "MCTS: as time allows (at most 200,000 playouts)",
    crate::mcts::MAX_ITERATIONS,
    true,
);

const PERFECT: Level = Level {
    key: "perfect",
    title: "Perfect",
    strength: Strength::Perfect,
};

static TTT_LEVELS: [Level; 7] = [
    depth("d1", "1 ply: takes a win it sees", 1, false),
    depth("d2", "2 plies: also blocks", 2, false),
    depth("d4", "4 plies", 4, false),
    Level {
        title: "Perfect: never loses",
        ..PERFECT
    },
    mcts("mcts100", "MCTS: 100 playouts", 100, false),
    mcts("mcts1000", "MCTS: 1,000 playouts", 1000, false),
    MCTS_TIMED,
];

static C4_LEVELS: [Level; 9] = [
    depth("seed1", "Seed heuristic, 1 ply", 1, false),
    depth("seed2", "Seed heuristic, 2 plies", 2, false),
    depth("seed4", "Seed heuristic, 4 plies", 4, false),
    depth("threats6", "Threat evaluation, 6 plies", 6, true),
    depth("threats8", "Threat evaluation, 8 plies", 8, true),
    Level {
        title: "Perfect: the solver, as time allows",
        ..PERFECT
    },
    mcts("mcts1000", "MCTS: 1,000 playouts", 1000, false),
    mcts("mcts10000", "MCTS: 10,000 playouts", 10_000, false),
    MCTS_TIMED,
];

static NIM_LEVELS: [Level; 6] = [
    depth("d1", "1 ply", 1, false),
    depth("d2", "2 plies", 2, false),
    Level {
        title: "Perfect",
        ..PERFECT
    },
    mcts("mcts100", "MCTS: 100 playouts", 100, false),
    mcts("mcts1000", "MCTS: 1,000 playouts", 1000, false),
    MCTS_TIMED,
];

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

    /// Reads a setup from the URL; problems are reported and the rest kept.
    pub fn from_route(route: &Route) -> (Setup, Vec<String>) {
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

    /// Writes the setup into a route.
    pub fn to_route(&self, route: &mut Route) {
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

/// The seed of the AI's choice at the current move: the game's seed mixed with the move number,
/// so every move differs and a replayed game chooses the same. Under 2^53, so that JavaScript
/// numbers carry it exactly (to the worker, and in URLs).
pub fn move_seed(setup: &Setup) -> u64 {
    arbor_util::mix64(setup.seed ^ (setup.played as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)) >> 11
}

/// The search behind an AI move, as the alpha-beta stepper's URL: the game and rules, the
/// position before the move, and the level, seed and depth that reproduce the search.
#[allow(clippy::too_many_arguments)]
pub fn search_route(
    rules: &Rules,
    o_first: bool,
    before: &str,
    level: &str,
    seed: u64,
    depth: u32,
    solver: bool,
    weak: bool,
) -> Route {
    let mut route = Route::new(crate::route::View::AlphaBeta);
    write_rules(&mut route, rules, o_first);
    route.set("moves", before);
    route.set("level", level);
    route.set("seed", seed.to_string());
    route.set("depth", depth.to_string());
    if solver {
        route.set("solver", if weak { "result" } else { "1" });
    }
    route
}

/// The MCTS run behind an AI move, as the MCTS page's URL: the position before the move, and
/// the iterations and seed that grow the same tree.
pub fn mcts_route(
    rules: &Rules,
    o_first: bool,
    before: &str,
    mcts: &ai::MctsPlay,
    seed: u64,
) -> Route {
    let mut route = Route::new(crate::route::View::Mcts);
    crate::mcts::MctsSettings {
        request: ai::mcts_request(
            rules,
            o_first,
            before,
            (mcts.iterations, mcts.exploration),
            seed,
        ),
        step: 0,
    }
    .to_route(&mut route);
    route
}

/// Writes the game parts of a route (the inverse of [`rules_from_route`]).
pub(crate) fn write_rules(route: &mut Route, rules: &Rules, o_first: bool) {
    route.set("game", rules.kind.key());
    if rules.kind == Kind::Nim {
        let piles: Vec<String> = rules.piles.iter().map(|p| p.to_string()).collect();
        route.set("piles", piles.join(","));
        route.set(
            "take",
            rules.max_take.map_or("any".to_string(), |m| m.to_string()),
        );
        if rules.misere {
            route.set("misere", "1");
        }
    }
    if o_first {
        route.set("first", "o");
    }
}

/// Reads the game parts of a route (`game`, Nim's `piles`, `take`, `misere`, `first`) — shared
/// by the Play page and the stepper's "search behind a move".
pub fn rules_from_route(route: &Route, notes: &mut Vec<String>) -> (Rules, bool) {
    let kind = match route.get("game") {
        None => Kind::TicTacToe,
        Some(k) => Kind::from_key(k).unwrap_or_else(|| {
            notes.push(format!(
                "“{k}” is not a game here (ttt, c4 or nim); showing tic-tac-toe."
            ));
            Kind::TicTacToe
        }),
    };
    let mut rules = Rules::of(kind);
    if kind == Kind::Nim {
        if let Some(p) = route.get("piles") {
            match Piles::parse(p) {
                Ok(piles) => rules.piles = piles.sizes().to_vec(),
                Err(e) => notes.push(format!("The piles in the link: {e}; using 9.")),
            }
        }
        match route.get("take") {
            None => {}
            Some("any") => rules.max_take = None,
            Some(t) => match t.parse::<u8>() {
                Ok(n) if n >= 1 => rules.max_take = Some(n),
                _ => notes.push(format!(
                    "“{t}” is not a cap on a take (a number, or “any”); using 3."
                )),
            },
        }
        rules.misere = route.get("misere").is_some_and(|v| v == "1");
    }
    let o_first = kind == Kind::TicTacToe && route.get("first") == Some("o");
    (rules, o_first)
}

/// Moves as text: run together for tic-tac-toe and connect four, comma-separated for Nim.
pub fn moves_text(kind: Kind, moves: &[Move]) -> String {
    let keys: Vec<String> = moves.iter().map(|m| m.key()).collect();
    match kind {
        Kind::Nim => keys.join(","),
        _ => keys.concat(),
    }
}

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

/// A hint in words, for a button's accessible name: the badge's own words first (a name holds
/// the text a sighted user sees, for speech input), then the verdict spelled out — in connect
/// four, a win or loss without its length is proven but how soon is not known, and an
/// estimate is not proven and counts no moves.
pub fn hint_words(kind: Kind, verdict: Option<Verdict>) -> String {
    verdict
        .map(|v| {
            let badge = v.badge();
            match v {
                Verdict::Estimate(_) => {
                    format!(": {badge}, not proven: a heuristic value, not a count of moves")
                }
                Verdict::Playouts(_) => format!(": {badge}, not proven"),
                Verdict::Draw => format!(": {badge}"),
                Verdict::Win(None) | Verdict::Loss(None) if kind == Kind::Connect4 => {
                    format!(": {badge} ({}; proven, how soon not known)", v.text())
                }
                v => format!(": {badge} ({})", v.text()),
            }
        })
        .unwrap_or_default()
}

/// Below the board, when some hints are not proven: which moves, and that their numbers are
/// not to be ranked with the proven ones (`None` when every hint is proven).
pub fn unproven_note(kind: Kind, hints: &[ai::Hint]) -> Option<String> {
    let names: Vec<String> = hints
        .iter()
        .filter(|h| matches!(h.verdict, Verdict::Estimate(_)))
        .map(|h| h.mv.describe(kind))
        .collect();
    if names.is_empty() {
        return None;
    }
    if names.len() == hints.len() {
        return Some(
            "No hint was proven in the time for hints (◆): their numbers are the threat \
             evaluation's, six plies on, on its own scale (higher is better), not a count of \
             moves."
                .to_string(),
        );
    }
    let (these, their) = if names.len() == 1 {
        ("this move", "Its")
    } else {
        ("these moves", "Their")
    };
    Some(format!(
        "Not proven in the time for hints: {} (◆). {their} numbers are the threat \
         evaluation's, six plies on, on its own scale (higher is better): not a count of \
         moves, and not comparable with the proven wins and losses; compare {these} only with \
         each other.",
        arbor_util::and_list(&names),
    ))
}

/// What the AI panel says of an AI move's value and how it was found (every level but
/// MCTS's, whose run is told otherwise).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNote {
    /// The value, for MAX.
    pub value: String,
    /// The nodes searched, and whether and how the move is proven.
    pub proof: String,
    /// No search ran for the move: why (said in place of the link to the tree behind it).
    pub no_search: Option<String>,
}

/// What the AI panel says of `thought`, a move the AI made at a level searching with
/// `strength`, in a game whose first player (MAX) is named `max`: the value with the scale it
/// is on — the opening book's result, the solver's exact score or weak result, a
/// depth-limited search's heuristic value (or a finished game it saw), tic-tac-toe's and
/// Nim's values — and only a search's value called the root's of the tree behind the move.
pub fn move_note(thought: &ai::Thought, strength: Strength, max: &str) -> MoveNote {
    use connect4::Proof;
    let v = crate::scene::show_value(thought.value);
    let for_max = format!("for MAX ({max}, who moved first)");
    const ROOT: &str = "It is the value at the root of the tree behind this move.";
    let limited = matches!(strength, Strength::Depth { .. });
    let value = match (thought.mv, thought.proof) {
        (_, Some(Proof::Book)) => format!(
            "Result from the opening book: {v} {for_max} — on the book's scale, 1 a win for MAX, 0 a draw, −1 a loss; how soon is not in the book."
        ),
        (_, Some(Proof::Exact)) => format!(
            "Exact score from the solver: {v} {for_max} — on the solver's scale, a win scores 22 less the winner's stones when the game ends (the sooner, the larger), a loss the negative, a draw 0. {ROOT}"
        ),
        (_, Some(Proof::Result)) => format!(
            "Result from the solver: {v} {for_max} — on a weak solve's scale, 1 a win for MAX, 0 a draw, −1 a loss; how soon was not found in time. {ROOT}"
        ),
        (Move::Column(_), _) => match connect4::proven_score(thought.value) {
            Some(score) => format!(
                "A finished game within the search's {} plies: {v} {for_max} — on the depth-limited search's scale a game it sees won is worth 1000 plus the exact score (here {}: 22 less the winner's stones), a game lost the negative, so this is proven. {ROOT}",
                thought.depth,
                score.abs()
            ),
            None => format!(
                "Heuristic value ({}, {} plies ahead): {v} {for_max} — not proven, on the evaluation's own scale (higher is better for MAX; a game seen to its end is worth more than 1000). {ROOT}",
                if matches!(strength, Strength::Depth { threats: false, .. }) {
                    "the seed's heuristic: runs of two and three"
                } else {
                    "the threat evaluation"
                },
                thought.depth
            ),
        },
        (Move::Cell(_), _) => format!(
            "Value {for_max}: {v} — on the search's scale, a win is worth 10 less the marks on the board when it ends, a loss the negative, a draw 0{}. {ROOT}",
            if limited { " (as is a game unfinished at the depth limit)" } else { "" }
        ),
        (Move::Take(_), _) => format!(
            "Value {for_max}: {v} — 1 a win for MAX, −1 a loss{}. {ROOT}",
            if limited { ", 0 a game unfinished at the depth limit" } else { "" }
        ),
    };
    let how = if thought.proof == Some(Proof::Book) {
        "proven: Arbor's opening book holds this position (solved offline by the same solver: win, draw or loss; how soon is not in the book).".to_string()
    } else if thought.proof == Some(Proof::Lost) {
        format!(
            "proven: the solver proved every move loses; it played the move its {}-ply lookahead prefers.",
            thought.depth
        )
    } else if thought.proof == Some(Proof::Result) {
        "proven: the solver proved the result and that this move keeps it; how soon was not found in time.".to_string()
    } else if thought.proof == Some(Proof::Exact) {
        "proven: the solver found the exact score — the fastest win, or the latest loss."
            .to_string()
    } else if thought.proven {
        "proven (searched to the end of the game).".to_string()
    } else if thought.stopped {
        format!(
            "not proven: stopped, so it played the best move of its deepest finished search ({} plies).",
            thought.depth
        )
    } else {
        format!("not proven: it looked {} plies ahead.", thought.depth)
    };
    MoveNote {
        value,
        proof: format!(
            "{} nodes; {how}",
            arbor_util::group_thousands(thought.nodes)
        ),
        no_search: (thought.proof == Some(Proof::Book)).then(|| {
            "No search ran for this move: the book's answer took minutes of solving, offline (arbor c4 book).".to_string()
        }),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Tic-tac-toe's moves read by the names the trees and tables give them (a1–c3: the column
    /// letter, then the row from the top), or as cells 1–9 row by row, as the Play page's links
    /// have them; spaces and commas between them are allowed.
    #[test]
    fn tic_tac_toe_moves_read_by_their_names_or_numbers() {
        let rules = Rules::of(Kind::TicTacToe);
        let numbers = rules.parse_moves("519").unwrap();
        assert_eq!(numbers, [Move::Cell(4), Move::Cell(0), Move::Cell(8)]);
        for text in ["b2a1c3", "B2 a1 C3", "b2, a1, c3", "b2 1 c3"] {
            assert_eq!(rules.parse_moves(text).as_ref(), Ok(&numbers), "{text}");
        }
        assert_eq!(
            numbers.iter().map(|&m| ai::label(m, 0)).collect::<Vec<_>>(),
            ["b2", "a1", "c3"]
        );
        for (text, says) in [
            ("d1", "“d1”"),
            ("a4", "“a4”"),
            ("b2b2", "taken"),
            ("0", "“0”"),
        ] {
            let e = rules.parse_moves(text).unwrap_err();
            assert!(e.contains(says), "{text}: {e}");
        }
    }

    /// The status line says every move, the AI's included, then whose turn it is or how the
    /// game ended: what a screen reader hears in the live region.
    #[test]
    fn the_status_tells_the_last_move_and_the_end() {
        let mut s = Setup::new(Kind::TicTacToe);
        assert_eq!(s.status(false, false), "X to move (you).");
        s.play(Move::Cell(4)).unwrap();
        assert_eq!(
            s.status(true, false),
            "X (you) played row 2, column 2. O to move (the AI is thinking…)."
        );
        s.play(Move::Cell(0)).unwrap();
        assert_eq!(
            s.status(false, false),
            "O (the AI) played row 1, column 1. X to move (you)."
        );
        for c in [1, 3, 7] {
            s.play(Move::Cell(c)).unwrap();
        }
        // X: 4, 1, 7 — the middle column.
        assert_eq!(
            s.status(false, false),
            "X (you) played row 3, column 2. Game over: X wins with three in a row. You win!"
        );
        let mut s = Setup::new(Kind::Connect4);
        s.players = [Player::Ai("perfect"), Player::Human];
        assert_eq!(
            s.status(false, true),
            "Blue ● to move (the AI: press Continue to let it move)."
        );
    }

    #[test]
    fn moves_round_trip_through_the_url() {
        for kind in Kind::ALL {
            let mut s = Setup::new(kind);
            let legal = s.position().actions(&s.rules);
            s.play(legal[0]).unwrap();
            let legal = s.position().actions(&s.rules);
            s.play(*legal.last().unwrap()).unwrap();
            s.players = [Player::Ai(kind.levels()[0].key), Player::Human];
            s.hints = true;
            let mut route = Route::new(crate::route::View::Play);
            s.to_route(&mut route);
            let (back, notes) = Setup::from_route(&Route::parse(&route.to_hash()));
            assert!(notes.is_empty(), "{notes:?}");
            assert_eq!(back, s, "{}", route.to_hash());
        }
    }

    #[test]
    fn illegal_moves_are_refused_with_a_reason() {
        let mut s = Setup::new(Kind::TicTacToe);
        s.play(Move::Cell(4)).unwrap();
        assert_eq!(
            s.play(Move::Cell(4)).unwrap_err(),
            "row 2, column 2 is taken"
        );
        let mut c = Setup::new(Kind::Connect4);
        for _ in 0..6 {
            c.play(Move::Column(0)).unwrap();
        }
        assert_eq!(c.play(Move::Column(0)).unwrap_err(), "column 1 is full");
        let mut n = Setup::new(Kind::Nim);
        assert_eq!(
            n.play(Move::Take(Take { pile: 0, take: 4 })).unwrap_err(),
            "a move takes at most 3"
        );
    }

    #[test]
    fn undo_and_redo() {
        let mut s = Setup::new(Kind::Connect4);
        s.play(Move::Column(3)).unwrap();
        s.play(Move::Column(2)).unwrap();
        let before = s.position();
        assert!(s.undo());
        assert_ne!(s.position(), before);
        assert!(s.redo());
        assert_eq!(s.position(), before);
        assert!(!s.redo());
        s.undo();
        s.play(Move::Column(6)).unwrap();
        assert!(!s.redo(), "a new move drops the undone one");
        assert_eq!(s.moves_text(), "47");
    }

    #[test]
    fn broken_links_say_what_is_wrong() {
        let (s, notes) = Setup::from_route(&Route::parse("#/play?game=c4&moves=4444444"));
        assert_eq!(s.played, 0);
        assert!(
            notes[0].contains("move 7") && notes[0].contains("column 4 is full"),
            "{notes:?}"
        );
        let (_, notes) = Setup::from_route(&Route::parse("#/play?game=chess"));
        assert!(notes[0].contains("chess"));
        // Found by fuzzing (issue 15): pile 0 subtracted with overflow before it was refused.
        let (s, notes) = Setup::from_route(&Route::parse("#/play?game=nim&moves=0:1"));
        assert_eq!(s.played, 0);
        assert!(notes[0].contains("move 1 (“0:1”)"), "{notes:?}");
        let (s, notes) = Setup::from_route(&Route::parse("#/play?game=nim&piles=3,x&p2=god"));
        assert_eq!(s.rules.piles, vec![9]);
        assert_eq!(notes.len(), 2, "{notes:?}");
    }

    /// Issue 33: a hint not proven in time says so, in the badge a sighted person reads as in
    /// the name a screen reader reads (which holds the badge's words), and below the board;
    /// and it is never ranked among proven hints. A result proven without how soon says that.
    #[test]
    fn an_unproven_hint_says_so() {
        let estimate = Verdict::Estimate(-14);
        let badge = estimate.badge();
        assert!(badge.ends_with('?'), "{badge}");
        let words = hint_words(Kind::Connect4, Some(estimate));
        assert!(
            words.contains(&badge) && words.contains("not proven"),
            "{words}"
        );
        assert!(words.contains("not a count of moves"), "{words}");
        // Proven verdicts are ranked, an estimate (whatever its number) is not.
        assert_eq!(estimate.rank(), None);
        assert_eq!(Verdict::Estimate(900).rank(), None);
        let ranked: Vec<Verdict> = vec![
            Verdict::Loss(Some(2)),
            Verdict::Loss(Some(10)),
            Verdict::Loss(None),
            Verdict::Draw,
            Verdict::Win(None),
            Verdict::Win(Some(15)),
            Verdict::Win(Some(1)),
        ];
        assert!(ranked.windows(2).all(|w| w[0].rank() < w[1].rank()));
        // A result without how soon: proven, and said so, in connect four; Nim's wins are
        // never counted, and say nothing of it.
        assert_eq!(
            hint_words(Kind::Connect4, Some(Verdict::Win(None))),
            ": win (wins; proven, how soon not known)"
        );
        assert_eq!(
            hint_words(Kind::Nim, Some(Verdict::Win(None))),
            ": win (wins)"
        );
        assert_eq!(
            hint_words(Kind::Connect4, Some(Verdict::Loss(Some(10)))),
            ": loss 10 (loses in 10 moves)"
        );
        // The note below the board names the unproven moves, and only when there are some.
        let hint = |c: u8, verdict| ai::Hint {
            mv: Move::Column(c),
            verdict,
        };
        let mut hints = vec![hint(0, Verdict::Loss(Some(10))), hint(1, estimate)];
        let note = unproven_note(Kind::Connect4, &hints).unwrap();
        assert!(note.starts_with("Not proven in the time for hints: column 2 (◆). Its numbers"));
        hints.push(hint(4, Verdict::Estimate(3)));
        let note = unproven_note(Kind::Connect4, &hints).unwrap();
        assert!(
            note.contains("column 2 and column 5 (◆). Their numbers"),
            "{note}"
        );
        let all: Vec<ai::Hint> = hints.iter().skip(1).cloned().collect();
        let note = unproven_note(Kind::Connect4, &all).unwrap();
        assert!(note.starts_with("No hint was proven"), "{note}");
        hints.retain(|h| h.verdict.rank().is_some());
        assert_eq!(unproven_note(Kind::Connect4, &hints), None);
    }

    /// A connect-four AI move's thought, as `think` gives it.
    fn c4_thought(value: i32, verdict: Verdict, proof: Option<connect4::Proof>) -> ai::Thought {
        ai::Thought {
            mv: Move::Column(3),
            verdict,
            value,
            depth: 6,
            nodes: if proof == Some(connect4::Proof::Book) {
                0
            } else {
                5_000
            },
            proven: proof.is_some(),
            stopped: false,
            solver: matches!(
                proof,
                Some(connect4::Proof::Exact | connect4::Proof::Result)
            ),
            weak: matches!(proof, Some(connect4::Proof::Book | connect4::Proof::Result)),
            proof,
            note: None,
            mcts: None,
        }
    }

    /// Issue 33: a book move said "Its search valued the position 1" beside "No search ran for
    /// this move", and values changed scale (1, 17, −1015) with no word of why. Each value now
    /// says what it is and on what scale; only a search's value is called a search's.
    #[test]
    fn every_value_says_its_scale_and_a_book_move_no_search() {
        use connect4::Proof;
        let max = "Blue ●";
        let (perfect, threats, seed) = (
            Strength::Perfect,
            Strength::Depth {
                depth: 6,
                threats: true,
            },
            Strength::Depth {
                depth: 4,
                threats: false,
            },
        );
        let book = move_note(
            &c4_thought(1, Verdict::Win(None), Some(Proof::Book)),
            perfect,
            max,
        );
        assert!(!book.value.contains("search"), "{}", book.value);
        assert!(book.value.contains("opening book"), "{}", book.value);
        assert!(book.value.contains("1 a win"), "{}", book.value);
        assert!(book.no_search.is_some());
        let exact = move_note(
            &c4_thought(17, Verdict::Win(Some(2)), Some(Proof::Exact)),
            perfect,
            max,
        );
        assert!(
            exact
                .value
                .starts_with("Exact score from the solver: 17 for MAX"),
            "{}",
            exact.value
        );
        assert!(
            exact.value.contains("22 less the winner's stones"),
            "{}",
            exact.value
        );
        let result = move_note(
            &c4_thought(-1, Verdict::Win(None), Some(Proof::Result)),
            perfect,
            max,
        );
        assert!(
            result
                .value
                .starts_with("Result from the solver: −1 for MAX"),
            "{}",
            result.value
        );
        assert!(result.value.contains("how soon"), "{}", result.value);
        let guess = move_note(&c4_thought(17, Verdict::Estimate(17), None), threats, max);
        assert!(
            guess
                .value
                .starts_with("Heuristic value (the threat evaluation, 6 plies ahead): 17"),
            "{}",
            guess.value
        );
        assert!(guess.value.contains("not proven"), "{}", guess.value);
        let seeds = move_note(&c4_thought(-3, Verdict::Estimate(3), None), seed, max);
        assert!(
            seeds.value.contains("the seed's heuristic"),
            "{}",
            seeds.value
        );
        let seen = move_note(
            &c4_thought(-1015, Verdict::Loss(Some(3)), None),
            threats,
            max,
        );
        assert!(
            seen.value.contains("1000 plus the exact score (here 15"),
            "{}",
            seen.value
        );
        // The solver proved every move lost: the value is the lookahead's, and says so.
        let lost = move_note(
            &c4_thought(-40, Verdict::Loss(None), Some(Proof::Lost)),
            perfect,
            max,
        );
        assert!(lost.value.starts_with("Heuristic value"), "{}", lost.value);
        assert!(
            lost.proof.contains("the solver proved every move loses"),
            "{}",
            lost.proof
        );
        // Tic-tac-toe and Nim: their own scales.
        let ttt = ai::Thought {
            mv: Move::Cell(4),
            value: 0,
            ..c4_thought(0, Verdict::Draw, None)
        };
        let note = move_note(&ttt, perfect, "X");
        assert!(note.value.contains("10 less the marks"), "{}", note.value);
        let nim = ai::Thought {
            mv: Move::Take(Take { pile: 0, take: 1 }),
            value: 1,
            ..c4_thought(1, Verdict::Win(None), None)
        };
        let note = move_note(&nim, threats, "Player 1");
        assert!(
            note.value
                .contains("1 a win for MAX, −1 a loss, 0 a game unfinished"),
            "{}",
            note.value
        );
        for n in [&exact, &result, &guess, &seeds, &seen, &lost] {
            assert!(
                n.value.contains("for MAX (Blue ●, who moved first)"),
                "{}",
                n.value
            );
            assert!(
                n.value.contains("root of the tree behind this move"),
                "{}",
                n.value
            );
            assert_eq!(n.no_search, None);
        }
    }

    #[test]
    fn connect_four_verdicts_count_moves() {
        // The first player to move on an empty board who wins with the 4th stone: score 18.
        let p = Position::new();
        assert_eq!(c4_max_verdict(18, true, &p), Verdict::Win(Some(4)));
        assert_eq!(c4_max_verdict(-18, true, &p), Verdict::Loss(Some(4)));
        assert_eq!(c4_max_verdict(0, true, &p), Verdict::Draw);
        assert_eq!(c4_max_verdict(12, false, &p), Verdict::Estimate(12));
        assert_eq!(
            c4_max_verdict(connect4::WIN + 18, false, &p),
            Verdict::Win(Some(4))
        );
    }
}
