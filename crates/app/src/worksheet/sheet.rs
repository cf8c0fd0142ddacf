//! A sheet: its exercises made from the sheet's settings, each as the practice exercise of the
//! same settings (so its link opens the same exercise in Practice), with its answer from the
//! engine.

use arbor_util::SplitMix64;

use super::svg::Svg;
use super::{order, trees, Kind, Level, Settings};
use crate::practice::{self, Kind as PracticeKind};
use crate::route::{Route, View};
use crate::url::UrlSettings;

/// A whole sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    /// Its title: the kind, the level and the seed.
    pub title: String,
    /// What to do, for every exercise.
    pub instructions: String,
    /// The exercises, numbered from 1.
    pub exercises: Vec<Exercise>,
}

/// One exercise.
#[derive(Clone, Debug, PartialEq)]
pub struct Exercise {
    /// Its number, from 1.
    pub number: usize,
    /// What is asked, in a sentence or two.
    pub question: String,
    /// The tree text exactly as the steppers read it ([`arbor_game::GameTree::parse`]), for
    /// alpha-beta, minimax, expectimax and UCB1; `None` for search.
    pub tree: Option<String>,
    /// For search: the problem text as Practice's search reads it (`text=`).
    pub problem: Option<String>,
    /// The exercise's picture.
    pub figure: Svg,
    /// The Practice link that opens the same exercise (the same tree or problem, the same
    /// search).
    pub practice: Route,
    /// The answer.
    pub answer: Answer,
}

/// An exercise's answer, from the engine.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The answer in words, line by line.
    pub lines: Vec<String>,
    /// The root's value as text (alpha-beta, minimax, expectimax: an integer or an exact
    /// fraction such as `16/3`), for `data-value`.
    pub value: Option<String>,
    /// Alpha-beta only: the 0-based left-to-right indices (among all leaves) of the leaves
    /// alpha-beta evaluates, for `data-evaluated`.
    pub evaluated: Option<Vec<usize>>,
    /// Search: (node expanded, frontier after it) per step; UCB1: (child, its numbers and
    /// UCB1 value) per child; empty otherwise.
    pub steps: Vec<(String, String)>,
    /// The key's picture: the tree with every node's value, pruned branches dashed (or the
    /// search tree with the expansion order).
    pub figure: Option<Svg>,
}

/// The seeds tried for one exercise, should a generated exercise not do (an MCTS run whose
/// selection never chooses, say): the first almost always does.
const ATTEMPTS: u64 = 8;

/// The sheet of `settings`: the same settings, the same sheet.
pub fn sheet(settings: &Settings) -> Sheet {
    let exercises = (1..=settings.n.clamp(1, super::MOST_EXERCISES))
        .map(|number| exercise(settings, number))
        .collect();
    Sheet {
        title: format!(
            "{} worksheet ({}, seed {})",
            settings.kind.label(),
            settings.level.key(),
            settings.seed
        ),
        instructions: instructions(settings.kind).into(),
        exercises,
    }
}

/// What to do, for every exercise of a kind.
fn instructions(kind: Kind) -> &'static str {
    match kind {
        Kind::AlphaBeta => {
            "Run alpha-beta on each tree: MAX (▲) at the root, MIN (▼) below it, children \
             searched left to right. Give the root's value and the leaves alpha-beta never \
             evaluates. Leaves are numbered 1, 2, 3, … from the left (the small numbers under \
             them)."
        }
        Kind::Minimax => {
            "Compute the minimax value of every inner node of each tree: MAX (▲) at the root, \
             MIN (▼) below it, levels alternating. Say which move MAX makes at the root."
        }
        Kind::Search => {
            "Each problem is a tree: edges carry step costs, h under a node (greedy and A*) is its \
             heuristic estimate, the double circle is the goal. Run the search named (tree search; the \
             goal test when a node is taken from the frontier; children generated left to \
             right; ties to the node that joined the frontier first). Give the order the nodes \
             are expanded and the frontier after each expansion, next to leave first."
        }
        Kind::Expectimax => {
            "Compute the expectimax value of every inner node: MAX (▲) takes the largest child \
             value; a chance node (○) the expectation, Σ p·v, with the probabilities on its \
             edges. Exact fractions or decimals to two places."
        }
        Kind::Ucb1 => {
            "Monte Carlo tree search (UCT) has run for a few iterations on each tree; a playout's \
             reward is its leaf's value scaled to [0, 1] for MAX (1 minus that for MIN). At the \
             node named, selection takes the child with the highest UCB1 = Q/n + c·√(ln N / n): \
             Q the child's total reward for the player choosing, n its visits, N the node's \
             visits. Which child does it take? Give every child's UCB1 value."
        }
    }
}

/// The seed of exercise `number`'s attempt `attempt`: from the sheet's seed, within the
/// 53 bits a practice link holds.
pub fn exercise_seed(seed: u64, number: usize, attempt: u64) -> u64 {
    let mut rng = SplitMix64(
        seed ^ (number as u64).wrapping_mul(0xA24B_AED4_963E_E407)
            ^ attempt.wrapping_mul(0x9FB2_1C65_1E98_DF25),
    );
    rng.next_u64() & ((1 << 53) - 1)
}

/// The tree's depth and branching (fewest, most) of a kind at a level.
fn shape(kind: Kind, level: Level) -> (u32, (u32, u32)) {
    match (kind, level) {
        (Kind::AlphaBeta | Kind::Minimax, Level::Easy) => (2, (2, 3)),
        (Kind::AlphaBeta | Kind::Minimax, Level::Medium) => (3, (2, 3)),
        (Kind::AlphaBeta | Kind::Minimax, Level::Hard) => (4, (2, 3)),
        (Kind::Search, Level::Easy) => (2, (2, 2)),
        (Kind::Search, Level::Medium) => (3, (2, 2)),
        (Kind::Search, Level::Hard) => (3, (2, 3)),
        (Kind::Expectimax | Kind::Ucb1, Level::Easy) => (2, (2, 2)),
        (Kind::Expectimax | Kind::Ucb1, Level::Medium) => (2, (2, 3)),
        (Kind::Expectimax | Kind::Ucb1, Level::Hard) => (3, (2, 3)),
    }
}

/// The practice settings of exercise `number` (attempt `attempt`): the exercise itself.
pub fn practice_settings(settings: &Settings, number: usize, attempt: u64) -> practice::Settings {
    let (depth, branching) = shape(settings.kind, settings.level);
    let mut p = practice::Settings {
        depth,
        branching,
        seed: exercise_seed(settings.seed, number, attempt),
        ..practice::Settings::default()
    };
    match settings.kind {
        Kind::AlphaBeta => p.kind = PracticeKind::AlphaBeta,
        Kind::Minimax => {
            p.kind = PracticeKind::AlphaBeta;
            p.ab_level = crate::alphabeta::practice::Level::Values;
        }
        Kind::Search => {
            p.kind = PracticeKind::Search;
            p.algorithm = crate::search::practice::ALGORITHMS[(number - 1) % 5];
            p.search_level = crate::search::practice::Level::Frontier;
        }
        Kind::Expectimax => {
            p.kind = PracticeKind::Chance;
            p.rule = arbor_game::Rule::Expectimax;
        }
        Kind::Ucb1 => {
            p.kind = PracticeKind::Mcts;
            p.iterations = match settings.level {
                Level::Easy => 12,
                Level::Medium => 24,
                Level::Hard => 40,
            };
        }
    }
    p
}

/// What one exercise is made of before it is numbered and linked.
pub(super) struct Made {
    /// The question.
    pub question: String,
    /// The tree text (game trees).
    pub tree: Option<String>,
    /// The problem text (search).
    pub problem: Option<String>,
    /// The picture.
    pub figure: Svg,
    /// The answer.
    pub answer: Answer,
}

/// Exercise `number` of the sheet.
fn exercise(settings: &Settings, number: usize) -> Exercise {
    let mut last = (practice_settings(settings, number, 0), String::new());
    for attempt in 0..ATTEMPTS {
        let p = practice_settings(settings, number, attempt);
        let made = match settings.kind {
            Kind::AlphaBeta => trees::alpha_beta(&p),
            Kind::Minimax => trees::minimax(&p),
            Kind::Expectimax => trees::expectimax(&p),
            Kind::Ucb1 => trees::ucb1(&p),
            Kind::Search => order::search(&p),
        };
        match made {
            Ok(m) => return numbered(number, &p, m),
            Err(e) => last = (p, e),
        }
    }
    // Never seen: every generated exercise so far makes one in the first attempts.
    let (p, e) = last;
    let made = Made {
        question: format!("This exercise could not be made: {e}."),
        tree: None,
        problem: None,
        figure: super::svg::draw(&super::svg::Picture::new(
            "No picture",
            vec![vec![]],
            vec![super::svg::Shape::Node],
        )),
        answer: Answer {
            lines: vec![e],
            value: None,
            evaluated: None,
            steps: Vec::new(),
            figure: None,
        },
    };
    numbered(number, &p, made)
}

/// The exercise made, numbered and linked to Practice.
fn numbered(number: usize, p: &practice::Settings, m: Made) -> Exercise {
    let mut practice = Route::new(View::Practice);
    p.to_route(&mut practice);
    Exercise {
        number,
        question: m.question,
        tree: m.tree,
        problem: m.problem,
        figure: m.figure,
        practice,
        answer: m.answer,
    }
}
