//! Worksheets with answer keys (issue 37): `#/worksheet?kind=KIND&n=N&seed=S&level=L` makes N
//! exercises of one kind, the same sheet for the same seed, each with its answer from the
//! engine and a link to the same exercise in Practice. `arbor worksheet` prints the same sheet
//! as Markdown with SVG trees.

pub mod page;

mod markdown;
mod order;
mod sheet;
mod svg;
mod trees;
mod ucb;

pub use markdown::{markdown, PAGE_BREAK};
pub use sheet::{exercise_seed, practice_settings, sheet, Answer, Exercise, Sheet};
pub use svg::{draw, escape, Picture, Shape, Svg};

use crate::route::Route;
use crate::url::{pe, Param, UrlSettings, UrlWarning};

/// The kinds of exercise a worksheet holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Alpha-beta: the root's value and the leaves never evaluated.
    AlphaBeta,
    /// Minimax: the value of every inner node.
    Minimax,
    /// The order a search expands a small tree, with the frontier after each step.
    Search,
    /// Expectimax: the value of every chance and MAX node.
    Expectimax,
    /// UCB1: which child MCTS's selection takes, with the UCB1 values.
    Ucb1,
}

/// Every kind, in the order the page's menu lists them.
pub const KINDS: [Kind; 5] = [
    Kind::AlphaBeta,
    Kind::Minimax,
    Kind::Search,
    Kind::Expectimax,
    Kind::Ucb1,
];

impl Kind {
    /// Its name in links.
    pub fn key(self) -> &'static str {
        match self {
            Kind::AlphaBeta => "alphabeta",
            Kind::Minimax => "minimax",
            Kind::Search => "search",
            Kind::Expectimax => "expectimax",
            Kind::Ucb1 => "ucb1",
        }
    }

    /// Its name for people.
    pub fn label(self) -> &'static str {
        match self {
            Kind::AlphaBeta => "Alpha-beta",
            Kind::Minimax => "Minimax",
            Kind::Search => "Search order",
            Kind::Expectimax => "Expectimax",
            Kind::Ucb1 => "UCB1",
        }
    }

    /// The kind named `key` in a link.
    pub fn from_key(key: &str) -> Option<Kind> {
        KINDS.into_iter().find(|k| k.key() == key)
    }
}

/// How hard the exercises are: the size of the trees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Small trees.
    Easy,
    /// Trees like the textbook's.
    Medium,
    /// Deeper, wider trees.
    Hard,
}

/// Every level, easiest first.
pub const LEVELS: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

impl Level {
    /// Its name in links and menus.
    pub fn key(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The level named `key` in a link.
    pub fn from_key(key: &str) -> Option<Level> {
        LEVELS.into_iter().find(|l| l.key() == key)
    }
}

/// The most exercises one sheet holds.
pub const MOST_EXERCISES: usize = 20;

/// A worksheet's settings: its link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The kind of exercise.
    pub kind: Kind,
    /// How many exercises (1 … [`MOST_EXERCISES`]).
    pub n: usize,
    /// The seed: the same seed, the same sheet.
    pub seed: u64,
    /// How hard.
    pub level: Level,
    /// Whether the answer key is shown (and printed).
    pub key: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            kind: Kind::AlphaBeta,
            n: 4,
            seed: 1,
            level: Level::Medium,
            key: true,
        }
    }
}

/// `#/worksheet`.
pub const PARAMS: &[Param] = &[
    pe(
        "kind",
        "alphabeta, minimax, search, expectimax, ucb1",
        "The kind of exercise (default alphabeta).",
        &[
            "#/worksheet?kind=alphabeta&n=6&seed=7",
            "#/worksheet?kind=minimax&n=4&seed=2",
            "#/worksheet?kind=search&n=3&seed=5",
            "#/worksheet?kind=expectimax&n=4&seed=1",
            "#/worksheet?kind=ucb1&n=4&seed=3",
        ],
    ),
    pe(
        "n",
        "1 … 20",
        "How many exercises (default 4).",
        &["#/worksheet?kind=alphabeta&n=10"],
    ),
    pe(
        "seed",
        "a number",
        "The exercises: the same seed, the same sheet (default 1).",
        &["#/worksheet?kind=alphabeta&seed=42"],
    ),
    pe(
        "level",
        "easy, medium, hard",
        "How large the trees are (default medium).",
        &["#/worksheet?kind=alphabeta&level=hard"],
    ),
    pe(
        "key",
        "show, hide",
        "Whether the answer key follows the exercises (default show).",
        &["#/worksheet?kind=alphabeta&key=hide"],
    ),
];

impl UrlSettings for Settings {
    fn from_route(route: &Route) -> (Self, Vec<UrlWarning>) {
        let mut s = Settings::default();
        let mut notes = Vec::new();
        let shown = arbor_util::shown;
        if let Some(k) = route.get("kind") {
            match Kind::from_key(k) {
                Some(kind) => s.kind = kind,
                None => notes.push(format!(
                    "“{}” is not a kind of worksheet (alphabeta, minimax, search, expectimax or ucb1); making alpha-beta exercises.",
                    shown(k)
                )),
            }
        }
        if let Some(n) = route.get("n") {
            match n.parse::<usize>() {
                Ok(v) if (1..=MOST_EXERCISES).contains(&v) => s.n = v,
                _ => notes.push(format!(
                    "“{}” is not a number of exercises (1 … {MOST_EXERCISES}); making {}.",
                    shown(n),
                    s.n
                )),
            }
        }
        if let Some(seed) = route.get("seed") {
            match seed.parse::<u64>() {
                Ok(v) => s.seed = v,
                Err(_) => notes.push(format!(
                    "The seed “{}” is not a whole number; using {}.",
                    shown(seed),
                    s.seed
                )),
            }
        }
        if let Some(l) = route.get("level") {
            match Level::from_key(l) {
                Some(level) => s.level = level,
                None => notes.push(format!(
                    "“{}” is not a level (easy, medium or hard); using medium.",
                    shown(l)
                )),
            }
        }
        match route.get("key") {
            None | Some("show") => {}
            Some("hide") => s.key = false,
            Some(k) => notes.push(format!(
                "“{}” is not show or hide; the answer key is shown.",
                shown(k)
            )),
        }
        (s, notes)
    }

    fn to_route(&self, route: &mut Route) {
        route.query.clear();
        route.set("kind", self.kind.key());
        route.set("n", self.n.to_string());
        route.set("seed", self.seed.to_string());
        route.set("level", self.level.key());
        if !self.key {
            route.set("key", "hide");
        }
    }
}
