//! The stepper's settings, all in the URL: which tree (a preset, a random tree, typed text or
//! the search behind a game move), the search, the move order, the depth limit and the step.

use super::*;
use crate::game::Rules;
use crate::route::Route;
use crate::route::View;
use crate::url::{parse_random, random_key, step_of, UrlSettings, UrlWarning};
use arbor_game::presets::{preset, PRESETS};
use arbor_game::{GameTree, Ordering, RandomSpec, RootPlayer};

/// The search behind an AI move in a game: everything that reproduces it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSource {
    /// The game and its rules.
    pub rules: Rules,
    /// Tic-tac-toe: the first player plays O.
    pub o_first: bool,
    /// The moves before the AI's move.
    pub moves: String,
    /// The AI's level (URL name).
    pub level: String,
    /// Its seed.
    pub seed: u64,
    /// Connect four: the solver proved the move.
    pub solver: bool,
    /// … its result only (a weak solve).
    pub weak: bool,
}

impl GameSource {
    /// The request that records this search in the worker.
    pub fn request(&self, depth: u32, limit: usize) -> crate::alphabeta::ExplainRequest {
        crate::alphabeta::ExplainRequest {
            rules: self.rules.clone(),
            moves: self.moves.clone(),
            level: self.level.clone(),
            seed: self.seed,
            depth,
            solver: self.solver,
            weak: self.weak,
            limit,
        }
    }

    /// The Play page with the game as it was before the move.
    pub fn play_route(&self) -> Route {
        let mut route = search_route(
            &self.rules,
            self.o_first,
            &self.moves,
            &self.level,
            self.seed,
            0,
            false,
            false,
        );
        route.view = crate::route::View::Play;
        route
            .query
            .retain(|(k, _)| !matches!(k.as_str(), "level" | "seed" | "depth"));
        route
    }
}

/// Where the tree came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A preset, by id.
    Preset(&'static str),
    /// The search behind an AI move (its tree comes from the search worker).
    Game(GameSource),
    /// A random tree.
    Random(RandomSpec),
    /// Typed text.
    Text(String),
}

/// Everything that decides what the stepper shows; all of it lives in the URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The tree's source.
    pub source: Source,
    /// MIN at the root (two-player trees): the source's own root unless the link or the
    /// check box says otherwise.
    pub min_root: bool,
    /// The search.
    pub algorithm: Algorithm,
    /// Move order (pruning searches).
    pub ordering: Ordering,
    /// Depth limit.
    pub depth: Option<u32>,
    /// The step shown.
    pub step: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            source: Source::Preset(PRESETS[0].id),
            min_root: false,
            algorithm: Algorithm::AlphaBeta,
            ordering: Ordering::Natural,
            depth: None,
            step: 0,
        }
    }
}

impl Settings {
    /// The tree these settings name.
    pub fn tree(&self) -> Result<GameTree, String> {
        let tree = match &self.source {
            Source::Preset(id) => {
                let p = preset(id).ok_or_else(|| format!("no preset “{id}”"))?;
                GameTree::parse(p.text).map_err(|e| e.to_string())?
            }
            Source::Random(spec) => spec.generate()?,
            Source::Text(text) => GameTree::parse(text).map_err(|e| e.to_string())?,
            Source::Game(_) => {
                return Err("the tree of a game's search comes from the search".into())
            }
        };
        refuse_chance(&tree)?;
        Ok(tree.with_root_player(if self.min_root {
            RootPlayer::Min
        } else {
            RootPlayer::Max
        }))
    }
}

impl Source {
    /// Whether the tree this source names has MIN at its root by itself: a preset or a typed
    /// tree that starts with `min`. (A game's search and a random tree start with MAX.)
    pub fn root_is_min(&self) -> bool {
        match self {
            Source::Preset(id) => preset(id).is_some_and(|p| text_root_is_min(p.text)),
            Source::Text(text) => text_root_is_min(text),
            Source::Random(_) | Source::Game(_) => false,
        }
    }
}

/// Whether a tree's text puts MIN at the root (`min [...]`), read without parsing the tree.
pub fn text_root_is_min(text: &str) -> bool {
    text.trim_start()
        .strip_prefix("min")
        .and_then(|rest| rest.chars().next())
        .is_some_and(|c| c.is_whitespace() || c == '[' || c == '(')
}

/// Minimax, alpha-beta and max^n have no rule for a chance node: a tree with one is refused
/// with the searches that value it, never searched as if it were a decision node.
pub fn refuse_chance(tree: &GameTree) -> Result<(), String> {
    if tree.has_chance() {
        return Err("this tree has chance nodes (?[…]), which minimax and alpha-beta cannot value: the Chance page steps expectimax and expectiminimax on it".into());
    }
    Ok(())
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
    let mut route = Route::new(View::AlphaBeta);
    crate::game::write_rules(&mut route, rules, o_first);
    route.set("moves", before);
    route.set("level", level);
    route.set("seed", seed.to_string());
    route.set("depth", depth.to_string());
    if solver {
        route.set("solver", if weak { "result" } else { "1" });
    }
    route
}

impl UrlSettings for Settings {
    /// Reads the settings from a route's query, keeping defaults for anything missing or
    /// wrong and saying what was wrong.
    fn from_route(route: &Route) -> (Self, Vec<UrlWarning>) {
        let mut s = Settings::default();
        let mut warnings = Vec::new();
        if let Some(source) = source_from_route(route, &mut warnings) {
            s.source = source;
        }
        if let Source::Game(g) = &s.source {
            s.algorithm = if g.solver {
                Algorithm::Solver
            } else {
                Algorithm::Deepening
            };
        }
        s.min_root = match route.get("root") {
            Some("min") => true,
            Some("max") => false,
            Some(other) => {
                warnings.push(format!(
                    "The root “{other}” is neither min nor max; using the tree's own."
                ));
                s.source.root_is_min()
            }
            None => s.source.root_is_min(),
        };
        search_from_route(route, &mut s, &mut warnings);
        (s, warnings)
    }

    /// Writes the settings into a route's query (only what differs from the defaults).
    fn to_route(&self, route: &mut Route) {
        route.query.clear();
        if let Source::Game(g) = &self.source {
            route.query = search_route(
                &g.rules,
                g.o_first,
                &g.moves,
                &g.level,
                g.seed,
                self.depth.unwrap_or(1),
                g.solver,
                g.weak,
            )
            .query;
            if self.step > 0 {
                route.set("step", self.step.to_string());
            }
            return;
        }
        match &self.source {
            Source::Game(_) => {}
            Source::Preset(id) => route.set("preset", *id),
            Source::Random(spec) => route.set("random", random_key(spec)),
            Source::Text(text) => route.set("tree", text.clone()),
        }
        // Only where it differs from the source's own root (a typed tree says "min" itself).
        if self.min_root != self.source.root_is_min() {
            route.set("root", if self.min_root { "min" } else { "max" });
        }
        if self.algorithm != Algorithm::AlphaBeta {
            route.set("algo", self.algorithm.key());
        }
        // Kept for every algorithm, so switching back to a pruning one keeps the order chosen.
        if self.ordering != Ordering::Natural {
            route.set("order", ordering_key(self.ordering));
        }
        if let Some(d) = self.depth {
            route.set("depth", d.to_string());
        }
        if self.step > 0 {
            route.set("step", self.step.to_string());
        }
    }
}

/// The tree a link shows: a preset, a random tree, a typed tree or a game's search (the last
/// given wins; `None`: none given).
fn source_from_route(route: &Route, warnings: &mut Vec<UrlWarning>) -> Option<Source> {
    let mut source = None;
    if let Some(id) = route.get("preset") {
        match preset(id) {
            Some(p) => source = Some(Source::Preset(p.id)),
            None => warnings.push(format!(
                "There is no preset called “{id}”; showing the first one."
            )),
        }
    }
    if let Some(spec) = route.get("random") {
        match parse_random(spec) {
            Ok(spec) => source = Some(Source::Random(spec)),
            Err(e) => warnings.push(format!("The random tree in the link is not valid ({e}).")),
        }
    }
    if let Some(text) = route.get("tree") {
        source = Some(Source::Text(text.to_string()));
    }
    if route.get("game").is_some() {
        source = Some(Source::Game(game_from_route(route, warnings)));
    }
    source
}

/// The game position a link searches: the rules, the level, the moves played, the seed and
/// whether the solver searches it.
fn game_from_route(route: &Route, warnings: &mut Vec<UrlWarning>) -> GameSource {
    let (rules, o_first) = crate::game::rules_from_route(route, warnings);
    let level = route.get("level").unwrap_or("perfect");
    let level = match rules.kind.level(level) {
        Some(l) => l.key.to_string(),
        None => {
            warnings.push(format!(
                "“{level}” is not a level of {}; showing the perfect level's search.",
                rules.kind.title()
            ));
            "perfect".to_string()
        }
    };
    let moves = route.get("moves").unwrap_or("").to_string();
    if let Err(e) = rules.parse_moves(&moves) {
        warnings.push(format!(
            "The moves in the link could not be played ({e}); showing the first move's search."
        ));
    }
    let weak = route.get("solver") == Some("result");
    let solver = route.get("solver") == Some("1") || weak;
    GameSource {
        moves: if rules.parse_moves(&moves).is_ok() {
            moves
        } else {
            String::new()
        },
        rules,
        o_first,
        level,
        seed: route
            .get("seed")
            .and_then(|v| v.parse().ok())
            .unwrap_or(1)
            .min((1 << 53) - 1),
        solver,
        weak,
    }
}

/// The search part of a link: the algorithm (not for a game's search), the move order, the
/// depth limit and the step.
fn search_from_route(route: &Route, s: &mut Settings, warnings: &mut Vec<UrlWarning>) {
    if let (Some(a), false) = (route.get("algo"), matches!(s.source, Source::Game(_))) {
        match Algorithm::from_key(a) {
            Some(a) => s.algorithm = a,
            None => warnings.push(format!("Unknown algorithm “{a}”; using alpha-beta.")),
        }
    }
    if let Some(o) = route.get("order") {
        match Ordering::ALL.into_iter().find(|x| ordering_key(*x) == o) {
            Some(o) => s.ordering = o,
            None => warnings.push(format!(
                "Unknown move order “{o}”; using the natural order."
            )),
        }
    }
    if let Some(d) = route.get("depth") {
        match d.parse::<u32>() {
            Ok(d) if d <= 64 => s.depth = Some(d),
            _ => warnings.push(format!(
                "The depth limit “{d}” is not a number from 0 to 64; searching to the end."
            )),
        }
    }
    if let Some(k) = step_of(route, warnings) {
        s.step = k;
    }
}
