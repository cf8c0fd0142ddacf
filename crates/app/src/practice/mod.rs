//! Practice mode's model, pure and tested natively: the exercise settings (all in the URL, so
//! an exercise is a link), and the checks ([`alphabeta`], [`search`]), whose answers come from
//! the engine's own trace.

pub mod page;
mod params;

pub use params::PARAMS;

use arbor_game::{GameTree, RandomSpec, Rule};
use arbor_search::Algorithm;

use crate::mcts::{MctsRequest, MctsSource, DEFAULT_EXPLORATION, RECORD_ITERATIONS};
use crate::url::{UrlSettings, UrlWarning};

use crate::alphabeta::practice as alphabeta;
use crate::mcts::practice as mcts;
use crate::route::Route;
use crate::search::practice as search;

/// Which practice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Mark what alpha-beta prunes.
    AlphaBeta,
    /// Predict what a search expands next.
    Search,
    /// Compute the values of chance, MAX and MIN nodes.
    Chance,
    /// Say which child MCTS's selection takes.
    Mcts,
}

impl Kind {
    /// URL name.
    pub fn key(self) -> &'static str {
        match self {
            Kind::AlphaBeta => "alphabeta",
            Kind::Search => "search",
            Kind::Chance => "chance",
            Kind::Mcts => "mcts",
        }
    }
}

/// Everything that sets an exercise; all of it lives in the URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Which practice.
    pub kind: Kind,
    /// Depth of the generated tree.
    pub depth: u32,
    /// Fewest and most children of an inner node (alpha-beta), most (search).
    pub branching: (u32, u32),
    /// Leaf values' range (alpha-beta).
    pub low: i32,
    /// Leaf values' range (alpha-beta).
    pub high: i32,
    /// The seed of the generated tree and of the questions chosen.
    pub seed: u64,
    /// Alpha-beta: how much is asked.
    pub ab_level: alphabeta::Level,
    /// A tree given by the teacher instead of a generated one (alpha-beta).
    pub tree: Option<String>,
    /// The search practised.
    pub algorithm: Algorithm,
    /// Search: how much is asked.
    pub search_level: search::Level,
    /// A problem given by the teacher instead of a generated one (search).
    pub text: Option<String>,
    /// Chance: expectimax or expectiminimax.
    pub rule: Rule,
    /// MCTS: how much is asked.
    pub mcts_level: mcts::Level,
    /// MCTS: iterations of the run.
    pub iterations: u64,
    /// MCTS: the exploration constant, in hundredths.
    pub exploration: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            kind: Kind::AlphaBeta,
            depth: 3,
            branching: (2, 3),
            low: 0,
            high: 9,
            seed: 1,
            ab_level: alphabeta::Level::Prune,
            tree: None,
            algorithm: Algorithm::AStar,
            search_level: search::Level::Next,
            text: None,
            rule: Rule::Expectiminimax,
            mcts_level: mcts::Level::Pick,
            iterations: 30,
            exploration: DEFAULT_EXPLORATION,
        }
    }
}

impl Settings {
    /// The alpha-beta exercise's tree.
    pub fn tree(&self) -> Result<GameTree, String> {
        let tree = match &self.tree {
            Some(text) => GameTree::parse(text).map_err(|e| e.to_string())?,
            None => RandomSpec {
                depth: self.depth,
                min_branching: self.branching.0.max(1),
                max_branching: self.branching.1.max(self.branching.0).max(1),
                low: self.low,
                high: self.high,
                seed: self.seed,
                players: 2,
                chance: false,
            }
            .generate()?,
        };
        crate::alphabeta::refuse_chance(&tree)?;
        if tree.players() != 2 {
            return Err("practice needs a two-player tree (MAX and MIN)".into());
        }
        if tree.len() > 200 {
            return Err(format!(
                "a tree of {} nodes is too large to practise on (at most 200)",
                tree.len()
            ));
        }
        Ok(tree)
    }

    /// A generated tree of these settings (`chance`: with chance levels).
    fn generated(&self, chance: bool) -> Result<GameTree, String> {
        RandomSpec {
            depth: self.depth,
            min_branching: 2,
            max_branching: self.branching.1.max(2),
            low: self.low,
            high: self.high,
            seed: self.seed,
            players: 2,
            chance,
        }
        .generate()
    }

    /// The chance exercise's tree.
    pub fn chance_tree(&self) -> Result<GameTree, String> {
        match &self.tree {
            Some(text) => GameTree::parse(text).map_err(|e| e.to_string()),
            None => self.generated(true),
        }
    }

    /// The MCTS exercise's run.
    pub fn mcts_request(&self) -> Result<MctsRequest, String> {
        let text = match &self.tree {
            Some(text) => text.clone(),
            None => self.generated(false)?.to_text(),
        };
        Ok(MctsRequest {
            source: MctsSource::Tree(text),
            iterations: self.iterations,
            exploration: self.exploration,
            seed: self.seed,
        })
    }

    /// The search exercise's problem text.
    pub fn problem(&self) -> String {
        match &self.text {
            Some(t) => t.clone(),
            None => search::problem_text(self.depth, self.branching.1, self.seed),
        }
    }
}

impl UrlSettings for Settings {
    /// Reads the settings from a route, keeping defaults for what is missing or wrong and
    /// saying what was wrong.
    fn from_route(route: &Route) -> (Self, Vec<UrlWarning>) {
        let mut s = Settings::default();
        let mut notes = Vec::new();
        match route.get("kind") {
            None | Some("alphabeta") => {}
            Some("search") => s.kind = Kind::Search,
            Some("chance") => s.kind = Kind::Chance,
            Some("mcts") => s.kind = Kind::Mcts,
            Some(k) => notes.push(format!(
                "“{k}” is not a kind of practice (alphabeta, search, chance or mcts); practising alpha-beta."
            )),
        }
        if s.kind == Kind::Chance {
            // Every inner node is asked: a tree that fits the screen unless more is asked for.
            s.branching.1 = 2;
        }
        tree_shape_from_route(route, &mut s, &mut notes);
        exercise_from_route(route, &mut s, &mut notes);
        s.tree = route.get("tree").map(str::to_string);
        s.text = route.get("text").map(str::to_string);
        (s, notes)
    }

    /// Writes the settings into a route.
    fn to_route(&self, route: &mut Route) {
        route.query.clear();
        let d = Settings::default();
        match self.kind {
            Kind::AlphaBeta => {
                match &self.tree {
                    Some(t) => route.set("tree", t.clone()),
                    None => {
                        route.set("depth", self.depth.to_string());
                        route.set("bmin", self.branching.0.to_string());
                        route.set("bmax", self.branching.1.to_string());
                        route.set("low", self.low.to_string());
                        route.set("high", self.high.to_string());
                        route.set("seed", self.seed.to_string());
                    }
                }
                if self.ab_level != d.ab_level {
                    route.set("level", self.ab_level.key());
                }
            }
            Kind::Search => {
                route.set("kind", "search");
                route.set("algo", self.algorithm.key());
                match &self.text {
                    Some(t) => route.set("text", t.clone()),
                    None => {
                        route.set("depth", self.depth.to_string());
                        route.set("bmax", self.branching.1.to_string());
                        route.set("seed", self.seed.to_string());
                    }
                }
                if self.search_level != d.search_level {
                    route.set("level", self.search_level.key());
                }
            }
            Kind::Chance | Kind::Mcts => {
                route.set("kind", self.kind.key());
                match &self.tree {
                    Some(t) => route.set("tree", t.clone()),
                    None => {
                        route.set("depth", self.depth.to_string());
                        route.set("bmax", self.branching.1.to_string());
                        route.set("low", self.low.to_string());
                        route.set("high", self.high.to_string());
                        route.set("seed", self.seed.to_string());
                    }
                }
                if self.kind == Kind::Chance {
                    route.set("algo", crate::chance::rule_key(self.rule));
                } else {
                    route.set("n", self.iterations.to_string());
                    if self.exploration != d.exploration {
                        route.set("c", crate::mcts::exploration_text(self.exploration));
                    }
                    if self.mcts_level != d.mcts_level {
                        route.set("level", self.mcts_level.key());
                    }
                }
            }
        }
    }
}

/// The whole number at `key` in a link, if it is from `lo` to `hi` (a note says why not).
fn number(route: &Route, notes: &mut Vec<UrlWarning>, key: &str, lo: i64, hi: i64) -> Option<i64> {
    let v = route.get(key)?;
    match v.trim().parse::<i64>() {
        Ok(n) if (lo..=hi).contains(&n) => Some(n),
        _ => {
            notes.push(format!(
                "The {key} “{v}” is not a number from {lo} to {hi}; using the default."
            ));
            None
        }
    }
}

/// The random tree's shape in a link: its depth, branching, values and seed, within what the
/// practice's kind allows.
fn tree_shape_from_route(route: &Route, s: &mut Settings, notes: &mut Vec<UrlWarning>) {
    let (max_depth, max_b) = match s.kind {
        Kind::AlphaBeta => (5, 4),
        Kind::Search | Kind::Mcts => (4, 3),
        // Every inner node is asked: at most 40 nodes.
        Kind::Chance => (3, 3),
    };
    if let Some(d) = number(route, notes, "depth", 1, max_depth) {
        s.depth = d as u32;
    }
    if let Some(lo) = number(route, notes, "bmin", 1, max_b) {
        s.branching.0 = lo as u32;
    }
    if let Some(hi) = number(route, notes, "bmax", 2, max_b) {
        s.branching.1 = hi as u32;
    }
    if s.branching.0 > s.branching.1 {
        s.branching.0 = s.branching.1;
    }
    if let Some(v) = number(route, notes, "low", -99, 99) {
        s.low = v as i32;
    }
    if let Some(v) = number(route, notes, "high", -99, 99) {
        s.high = v as i32;
    }
    if s.low > s.high {
        notes.push("The lowest value is above the highest; using 0 to 9.".into());
        (s.low, s.high) = (0, 9);
    }
    if let Some(seed) = number(route, notes, "seed", 0, (1 << 53) - 1) {
        s.seed = seed as u64;
    }
}

/// The exercise's own settings in a link: the level, chance's rule, MCTS's iterations and
/// exploration constant, the search practised.
fn exercise_from_route(route: &Route, s: &mut Settings, notes: &mut Vec<UrlWarning>) {
    if let Some(l) = route.get("level") {
        match (
            s.kind,
            alphabeta::Level::from_key(l),
            search::Level::from_key(l),
            mcts::Level::from_key(l),
        ) {
            (Kind::AlphaBeta, Some(l), _, _) => s.ab_level = l,
            (Kind::Search, _, Some(l), _) => s.search_level = l,
            (Kind::Mcts, _, _, Some(l)) => s.mcts_level = l,
            _ => notes.push(format!("“{l}” is not a level of this practice.")),
        }
    }
    match route.get("algo").filter(|_| s.kind == Kind::Chance) {
        None => {}
        Some(r) => match crate::chance::rule_of(r) {
            Some(rule) => s.rule = rule,
            None => notes.push(format!(
                "“{r}” is not a rule (expectimax or expectiminimax); using expectiminimax."
            )),
        },
    }
    if let Some(n) = number(route, notes, "n", 1, RECORD_ITERATIONS as i64) {
        s.iterations = n as u64;
    }
    if let Some(c) = route.get("c") {
        match crate::mcts::parse_exploration(c) {
            Ok(c) => s.exploration = c,
            Err(e) => notes.push(format!("The exploration constant: {e}; using 1.41.")),
        }
    }
    if let Some(a) = route.get("algo").filter(|_| s.kind != Kind::Chance) {
        match search::ALGORITHMS.into_iter().find(|x| x.key() == a) {
            Some(a) => s.algorithm = a,
            None => notes.push(format!(
                "“{a}” is not a search practised here (bfs, dfs, ucs, greedy, astar); using A*."
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::View;

    #[test]
    fn settings_round_trip_through_the_url() {
        let cases = [
            Settings::default(),
            Settings {
                depth: 4,
                branching: (3, 3),
                low: -5,
                high: 20,
                seed: 77,
                ab_level: alphabeta::Level::Windows,
                ..Settings::default()
            },
            Settings {
                tree: Some("[[3,12,8],[2,4,6],[14,5,2]]".into()),
                ..Settings::default()
            },
            Settings {
                kind: Kind::Chance,
                rule: Rule::Expectimax,
                depth: 2,
                branching: (2, 3),
                seed: 9,
                ..Settings::default()
            },
            Settings {
                kind: Kind::Mcts,
                mcts_level: mcts::Level::Numbers,
                iterations: 120,
                exploration: 50,
                depth: 3,
                branching: (2, 2),
                seed: 4,
                ..Settings::default()
            },
            Settings {
                kind: Kind::Mcts,
                tree: Some("[[3,12,8],[2,4,6],[14,5,2]]".into()),
                ..Settings::default()
            },
            Settings {
                kind: Kind::Search,
                algorithm: Algorithm::UniformCost,
                search_level: search::Level::Frontier,
                depth: 2,
                seed: 5,
                ..Settings::default()
            },
        ];
        for s in cases {
            let mut route = Route::new(View::Practice);
            s.to_route(&mut route);
            let back = Route::parse(&route.to_link());
            let (read, notes) = Settings::from_route(&back);
            assert!(notes.is_empty(), "{notes:?}");
            assert_eq!(read.to_route_string(), s.to_route_string());
        }
    }

    #[test]
    fn bad_settings_are_named() {
        let (s, notes) = Settings::from_route(&Route::parse(
            "#/practice?kind=chess&depth=99&seed=x&level=genius&algo=idastar&low=9&high=1",
        ));
        assert_eq!(s, Settings::default());
        assert_eq!(notes.len(), 6, "{notes:?}");
        let big = Settings {
            tree: Some(format!("[{}]", vec!["1"; 300].join(","))),
            ..Settings::default()
        };
        assert!(big.tree().unwrap_err().contains("too large"));
        let (_, notes) =
            Settings::from_route(&Route::parse("#/practice?kind=mcts&n=5000&c=x&level=prune"));
        assert_eq!(notes.len(), 3, "{notes:?}");
        let (s, notes) = Settings::from_route(&Route::parse("#/practice?kind=chance&algo=minimax"));
        assert_eq!((s.kind, s.rule), (Kind::Chance, Rule::Expectiminimax));
        assert_eq!(notes.len(), 1, "{notes:?}");
    }

    /// Every generated chance and MCTS exercise can be set: the settings' whole range makes
    /// trees the exercises accept.
    #[test]
    fn generated_chance_and_mcts_exercises_can_be_set() {
        for depth in 1..=4 {
            for b in 2..=3 {
                for seed in 0..5 {
                    let s = Settings {
                        depth,
                        branching: (2, b),
                        seed,
                        ..Settings::default()
                    };
                    if depth <= 3 {
                        let tree = s.chance_tree().unwrap();
                        crate::chance::practice::Exercise::new(tree, s.rule).unwrap();
                    }
                    let request = s.mcts_request().unwrap();
                    if depth > 1 || b > 2 {
                        mcts::Exercise::new(&request, mcts::Level::Pick).unwrap();
                    }
                }
            }
        }
    }

    impl Settings {
        fn to_route_string(&self) -> String {
            let mut r = Route::new(View::Practice);
            self.to_route(&mut r);
            r.to_hash()
        }
    }
}
