//! The alpha-beta stepper's model, pure and tested natively: what to search ([`Settings`], read
//! from and written to the URL), running it ([`Run`]), and turning a frame into what each drawn
//! node shows ([`marks`]). Captions and pseudocode live in the submodules.

pub mod caption;
pub mod compare;
pub mod pseudocode;
pub mod view;

pub use compare::{compare_orders, Comparison, OrderResult};

use std::rc::Rc;

use arbor_game::presets::{preset, PRESETS};
use arbor_game::replay::{Frame, NodeStatus, Replay, ValueKind};
use arbor_game::{
    alpha_beta, iterative_deepening, knuth_moore_minimum, maxn, minimax, AlphaBetaOptions, Budget,
    Fail, GameTree, NodeId, Ordering, Quiet, RandomSpec, Recorder, RootPlayer, Stats,
};

use crate::play::Rules;
use crate::route::Route;
pub use crate::scene::vector_text;
use crate::scene::{show_value, NodeMark, Relation, Shown, Status};

/// The searches the stepper can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Plain minimax.
    Minimax,
    /// Alpha-beta, fail-soft: the textbook's MAX-VALUE / MIN-VALUE.
    AlphaBeta,
    /// Alpha-beta, fail-hard: values clamped to (α, β).
    AlphaBetaHard,
    /// The same alpha-beta written as negamax: values for the player to move.
    Negamax,
    /// Iterative deepening alpha-beta with a transposition table.
    Deepening,
    /// max^n, for trees of three or more players.
    MaxN,
    /// Connect four's solver: null-window alpha-beta searches that close in on the exact score
    /// (only for the search behind a game move; not in the menu).
    Solver,
}

impl Algorithm {
    /// Every algorithm, in menu order.
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaHard,
        Algorithm::Negamax,
        Algorithm::Deepening,
        Algorithm::MaxN,
    ];

    /// URL name.
    pub fn key(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::AlphaBetaHard => "alphabeta-hard",
            Algorithm::Negamax => "negamax",
            Algorithm::Deepening => "deepening",
            Algorithm::MaxN => "maxn",
            Algorithm::Solver => "solver",
        }
    }

    /// Menu name.
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::Minimax => "Minimax",
            Algorithm::AlphaBeta => "Alpha-beta (fail-soft)",
            Algorithm::AlphaBetaHard => "Alpha-beta (fail-hard)",
            Algorithm::Negamax => "Alpha-beta, negamax form",
            Algorithm::Deepening => "Iterative deepening + table",
            Algorithm::MaxN => "max^n (3+ players)",
            Algorithm::Solver => "Null-window solver + table",
        }
    }

    /// Reads a URL name.
    pub fn from_key(key: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.key() == key)
    }

    /// True for the algorithms that prune (and so have an order and a window).
    pub fn prunes(self) -> bool {
        !matches!(self, Algorithm::Minimax | Algorithm::MaxN)
    }
}

/// URL name of an ordering.
pub fn ordering_key(o: Ordering) -> &'static str {
    match o {
        Ordering::Natural => "natural",
        Ordering::Reversed => "reversed",
        Ordering::Evaluation => "evaluation",
        Ordering::Best => "best",
        Ordering::Worst => "worst",
    }
}

/// Menu name of an ordering.
pub fn ordering_title(o: Ordering) -> &'static str {
    match o {
        Ordering::Natural => "Natural (left to right)",
        Ordering::Reversed => "Reversed (right to left)",
        Ordering::Evaluation => "By static evaluation",
        Ordering::Best => "Best first (perfect knowledge)",
        Ordering::Worst => "Worst first",
    }
}

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
    pub fn request(&self, depth: u32, limit: usize) -> crate::play::ai::ExplainRequest {
        crate::play::ai::ExplainRequest {
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
        let mut route = crate::play::search_route(
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

/// A problem found reading a URL: the setting is replaced by its default and the message
/// shown.
pub type UrlWarning = String;

impl Settings {
    /// Reads the settings from a route's query, keeping defaults for anything missing or
    /// wrong and saying what was wrong.
    pub fn from_route(route: &Route) -> (Settings, Vec<UrlWarning>) {
        let mut s = Settings::default();
        let mut warnings = Vec::new();
        if let Some(id) = route.get("preset") {
            match preset(id) {
                Some(p) => s.source = Source::Preset(p.id),
                None => warnings.push(format!(
                    "There is no preset called “{id}”; showing the first one."
                )),
            }
        }
        if let Some(spec) = route.get("random") {
            match parse_random(spec) {
                Ok(spec) => s.source = Source::Random(spec),
                Err(e) => warnings.push(format!("The random tree in the link is not valid ({e}).")),
            }
        }
        if let Some(text) = route.get("tree") {
            s.source = Source::Text(text.to_string());
        }
        if route.get("game").is_some() {
            let (rules, o_first) = crate::play::rules_from_route(route, &mut warnings);
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
            s.algorithm = if solver {
                Algorithm::Solver
            } else {
                Algorithm::Deepening
            };
            s.source = Source::Game(GameSource {
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
            });
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
        if let Some(k) = step_of(route, &mut warnings) {
            s.step = k;
        }
        (s, warnings)
    }

    /// Writes the settings into a route's query (only what differs from the defaults).
    pub fn to_route(&self, route: &mut Route) {
        route.query.clear();
        if let Source::Game(g) = &self.source {
            route.query = crate::play::search_route(
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

/// `depth,minb,maxb,low,high,seed` (and `,players` when not 2).
pub fn random_key(spec: &RandomSpec) -> String {
    let mut s = format!(
        "{},{},{},{},{},{}",
        spec.depth, spec.min_branching, spec.max_branching, spec.low, spec.high, spec.seed
    );
    if spec.players != 2 {
        s.push_str(&format!(",{}", spec.players));
    }
    s
}

/// Reads [`random_key`]'s form.
pub fn parse_random(s: &str) -> Result<RandomSpec, String> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    if parts.len() != 6 && parts.len() != 7 {
        return Err(
            "expected depth, smallest and largest branching, lowest and highest value, seed".into(),
        );
    }
    let num = |i: usize, what: &str| -> Result<i64, String> {
        parts[i]
            .parse::<i64>()
            .map_err(|_| format!("the {what} “{}” is not a whole number", parts[i]))
    };
    let small = |i: usize, what: &str| -> Result<u32, String> {
        u32::try_from(num(i, what)?).map_err(|_| format!("the {what} is out of range"))
    };
    let value = |i: usize, what: &str| -> Result<i32, String> {
        i32::try_from(num(i, what)?).map_err(|_| format!("the {what} is out of range"))
    };
    let spec = RandomSpec {
        depth: small(0, "depth")?,
        min_branching: small(1, "smallest branching")?,
        max_branching: small(2, "largest branching")?,
        low: value(3, "lowest value")?,
        high: value(4, "highest value")?,
        seed: parts[5]
            .parse::<u64>()
            .map_err(|_| format!("the seed “{}” is not a whole number", parts[5]))?,
        players: if parts.len() == 7 {
            small(6, "number of players")?
        } else {
            2
        },
        chance: false,
    };
    spec.check()?;
    Ok(spec)
}

/// The `step` a link asks for, if it gives a number; otherwise a warning says so.
pub fn step_of(route: &Route, warnings: &mut Vec<UrlWarning>) -> Option<usize> {
    let k = route.get("step")?;
    let step = k.parse::<usize>().ok();
    if step.is_none() {
        warnings.push(format!(
            "The step “{k}” is not a number; starting at the beginning."
        ));
    }
    step
}

/// Minimax, alpha-beta and max^n have no rule for a chance node: a tree with one is refused
/// with the searches that value it, never searched as if it were a decision node.
pub fn refuse_chance(tree: &GameTree) -> Result<(), String> {
    if tree.has_chance() {
        return Err("this tree has chance nodes (?[…]), which minimax and alpha-beta cannot value: the Chance page steps expectimax and expectiminimax on it".into());
    }
    Ok(())
}

/// A search run on a tree, ready to step through.
#[derive(Debug)]
pub struct Run {
    /// The recorded search over the tree.
    pub replay: Replay,
    /// The algorithm that ran (max^n whenever the tree has three or more players).
    pub algorithm: Algorithm,
    /// Its counts.
    pub stats: Stats,
    /// Plain minimax's counts on the same tree (and depth limit), for comparison (none for the
    /// partial tree of a game's search).
    pub minimax: Option<Stats>,
    /// For a uniform tree, the fewest leaves any search must evaluate.
    pub knuth_moore: Option<u64>,
    /// The root's value (two players) or vector.
    pub result: String,
    /// Counts at the end of the replay.
    pub end: arbor_game::replay::FrameStats,
    /// What a limit cut short, in words (the search's node budget, or the record's size).
    pub limited: Option<String>,
}

/// The most nodes a search the stepper records may visit: every search but iterative
/// deepening enters each node of a tree (at most [`arbor_game::tree::MAX_NODES`]) once, and
/// iterative deepening stops here, keeping its deepest finished iteration.
pub const STEPPER_NODE_BUDGET: u64 = 1_000_000;
/// The most nodes the stepper records (about 250 bytes each with their events); the search
/// goes on unrecorded beyond them, and the page says so.
pub const STEPPER_RECORD_LIMIT: usize = 250_000;

/// A tree node as the trace export describes it.
#[derive(Debug, serde::Serialize)]
pub struct ExportNode {
    /// Its id (events' trace nodes name it in `tree_node`).
    pub id: u32,
    /// Its path from the root, as `data-node` on the page: `r`, `r.0`, `r.0.1`, …
    pub path: String,
    /// Its label.
    pub label: String,
    /// Who moves there: `max` / `min` (two players) or the player's number.
    pub player: String,
    /// A leaf's utility (one entry, or one per player).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub payoff: Vec<i32>,
    /// Its children's ids, left to right.
    pub children: Vec<u32>,
}

/// A node the search entered.
#[derive(Debug, serde::Serialize)]
pub struct ExportTraceNode {
    /// The tree node.
    pub tree_node: u32,
    /// Its path.
    pub path: String,
    /// The trace node it was entered from.
    pub parent: Option<u32>,
}

/// The trace as exported: the tree, the nodes the search entered, and every event in order
/// (events name trace nodes by index into `trace_nodes`).
#[derive(Debug, serde::Serialize)]
pub struct TraceExport<'a> {
    /// Always `"arbor-game-trace"`.
    pub format: &'static str,
    /// Bumped if the shape changes.
    pub version: u32,
    /// The link that shows this search.
    pub link: String,
    /// The algorithm (URL name).
    pub algorithm: &'static str,
    /// The move order (URL name).
    pub ordering: &'static str,
    /// The depth limit.
    pub depth: Option<u32>,
    /// The root's value (or vector), as shown.
    pub result: String,
    /// The tree in Arbor's text form.
    pub tree_text: String,
    /// Every node of the tree, breadth-first.
    pub tree: Vec<ExportNode>,
    /// The nodes the search entered, in order of entry.
    pub trace_nodes: Vec<ExportTraceNode>,
    /// What happened, in order.
    pub events: &'a [arbor_game::Event<NodeId>],
    /// The counts.
    pub stats: Stats,
}

/// The export of a run, for `link`.
pub fn trace_export<'a>(
    run: &'a Run,
    ordering: Ordering,
    depth: Option<u32>,
    link: String,
) -> TraceExport<'a> {
    let tree = run.replay.tree();
    let trace = run.replay.trace();
    let player = |id: NodeId| match (tree.players(), tree.player_at(id)) {
        (2, 0) => "max".to_string(),
        (2, _) => "min".to_string(),
        (_, p) => (p + 1).to_string(),
    };
    TraceExport {
        format: "arbor-game-trace",
        version: 2,
        link,
        algorithm: run.algorithm.key(),
        ordering: ordering_key(ordering),
        depth,
        result: run.result.clone(),
        tree_text: tree.to_text(),
        tree: tree
            .nodes()
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let id = NodeId(i as u32);
                ExportNode {
                    id: id.0,
                    path: tree.path(id),
                    label: n.label.clone(),
                    player: player(id),
                    payoff: n.payoff.clone(),
                    children: n.children.iter().map(|c| c.0).collect(),
                }
            })
            .collect(),
        trace_nodes: trace
            .nodes
            .iter()
            .map(|n| ExportTraceNode {
                tree_node: n.state.0,
                path: tree.path(n.state),
                parent: n.parent,
            })
            .collect(),
        events: &trace.events,
        stats: run.stats,
    }
}

/// Runs the chosen search on `tree`, recording it.
pub fn run(tree: &GameTree, algorithm: Algorithm, ordering: Ordering, depth: Option<u32>) -> Run {
    run_shared(Rc::new(tree.clone()), algorithm, ordering, depth)
}

/// [`run`] on a tree the caller shares (a large tree is not copied for the replay).
pub fn run_shared(
    shared: Rc<GameTree>,
    algorithm: Algorithm,
    ordering: Ordering,
    depth: Option<u32>,
) -> Run {
    let tree = &*shared;
    let root = tree.root();
    let algorithm = if tree.players() > 2 {
        Algorithm::MaxN
    } else if algorithm == Algorithm::MaxN {
        Algorithm::AlphaBeta
    } else {
        algorithm
    };
    let mut recorder = Recorder::with_limit(STEPPER_RECORD_LIMIT);
    let mut stopped = false;
    let options = AlphaBetaOptions {
        fail: if algorithm == Algorithm::AlphaBetaHard {
            Fail::Hard
        } else {
            Fail::Soft
        },
        ordering,
        depth,
        ..AlphaBetaOptions::default()
    };
    let (stats, result) = match algorithm {
        Algorithm::MaxN => {
            let o = maxn(tree, &root, depth, &mut recorder);
            (o.stats, vector_text(&o.values))
        }
        Algorithm::Minimax => {
            let o = minimax(tree, &root, depth, &mut recorder);
            (o.stats, show_value(o.value))
        }
        Algorithm::Deepening => {
            let options = AlphaBetaOptions {
                table_bits: Some(12),
                ..options
            };
            let d = iterative_deepening(
                tree,
                &root,
                &options,
                Budget::nodes(STEPPER_NODE_BUDGET),
                &mut recorder,
                |_| {},
            );
            stopped = d.aborted;
            let value = d
                .best()
                .map_or_else(|| "?".to_string(), |o| show_value(o.value));
            (d.stats, value)
        }
        _ => {
            let o = alpha_beta(tree, &root, &options, &mut recorder);
            (o.stats, show_value(o.value))
        }
    };
    let minimax_stats = if tree.players() > 2 {
        stats
    } else {
        minimax(tree, &root, depth, &mut Quiet).stats
    };
    let trace = recorder.into_trace();
    let limited = match (stopped, trace.omitted) {
        (true, _) => Some(format!(
            "Iterative deepening stopped after {} nodes, the most the stepper lets one search \
             visit: the value is its deepest finished iteration's{}.",
            stats.visited,
            if trace.omitted > 0 {
                format!(", and the first {} nodes are drawn", trace.nodes.len())
            } else {
                String::new()
            }
        )),
        (false, 0) => None,
        (false, omitted) => Some(format!(
            "The first {} nodes the search entered are drawn; {omitted} more are counted but \
             not recorded.",
            trace.nodes.len()
        )),
    };
    let replay = Replay::new(shared.clone(), trace);
    let end = replay.frame(replay.len()).stats;
    Run {
        limited,
        replay,
        end,
        algorithm,
        stats,
        minimax: Some(minimax_stats),
        knuth_moore: tree
            .uniform_shape()
            .filter(|_| depth.is_none())
            .and_then(|(b, d)| knuth_moore_minimum(b as u64, d)),
        result,
    }
}

/// The search behind a game move, recorded in the worker, ready to step: its tree, the run,
/// and each node's picture and whether the search entered it.
pub fn run_game(view: &crate::play::ai::ExplainedView) -> Result<(GameTree, Run), String> {
    let tree = GameTree::parse(&view.tree)
        .map_err(|e| format!("the recorded tree could not be read: {e}"))?;
    if view.pictures.len() != tree.len() || view.explored.len() != tree.len() {
        return Err("the recorded tree and its pictures do not match".into());
    }
    let replay = Replay::new(tree.clone(), view.trace.clone());
    let end = replay.frame(replay.len());
    let root = end.nodes.first().and_then(|n| n.value);
    let stats = Stats {
        visited: view.trace.nodes.len() as u64 + view.trace.omitted,
        evaluated: end.stats.evaluated,
        cutoffs: end.stats.cutoffs,
        table_hits: end.stats.table_hits,
        table_stores: 0,
    };
    let run = Run {
        end: end.stats,
        replay,
        algorithm: if view.solver {
            Algorithm::Solver
        } else {
            Algorithm::Deepening
        },
        stats,
        minimax: None,
        knuth_moore: None,
        result: root.map_or_else(|| "?".to_string(), show_value),
        limited: None,
    };
    Ok((tree, run))
}

/// How values are shown on the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Perspective {
    /// MAX's view everywhere (the textbook's).
    Max,
    /// The player to move at each node (negamax).
    Mover,
}

/// What each node shows in `frame`. In a hand-drawn tree a leaf's value is known before the
/// search reaches it (`known_leaves`); in the tree of a game's search it is not.
pub fn marks(
    tree: &GameTree,
    frame: &Frame,
    perspective: Perspective,
    known_leaves: bool,
) -> Vec<NodeMark> {
    (0..tree.len())
        .map(|i| mark_of(tree, frame, i, perspective, known_leaves))
        .collect()
}

/// What node `i` shows in `frame` (see [`marks`]): a function of its own frame, and of
/// whether it is the current node or on the principal variation ([`highlighted`]).
pub fn mark_of(
    tree: &GameTree,
    frame: &Frame,
    i: usize,
    perspective: Perspective,
    known_leaves: bool,
) -> NodeMark {
    let id = arbor_game::NodeId(i as u32);
    let (node, f) = (tree.node(id), &frame.nodes[i]);
    let flip = perspective == Perspective::Mover && tree.player_at(id) == 1;
    let value = if let Some(v) = &f.vector {
        Shown::Vector(v.as_slice().into())
    } else if let Some(v) = f.value {
        let relation = match (f.kind, flip) {
            (ValueKind::Exact, _) => Relation::Exact,
            (ValueKind::AtLeast, false) | (ValueKind::AtMost, true) => Relation::AtLeast,
            _ => Relation::AtMost,
        };
        Shown::Scalar(if flip { -v } else { v }, relation)
    } else if node.is_leaf() && known_leaves {
        // A leaf's utility is known before the search reaches it (and stays shown, greyed,
        // when it is pruned).
        if node.payoff.len() == 1 {
            Shown::Scalar(node.payoff[0], Relation::Exact)
        } else {
            Shown::Vector(node.payoff.as_slice().into())
        }
    } else {
        Shown::Nothing
    };
    let current = frame.current == Some(id);
    NodeMark {
        status: match f.status {
            _ if current => Status::Current,
            NodeStatus::Unvisited => Status::Unvisited,
            NodeStatus::Open | NodeStatus::Done => Status::Visited,
            NodeStatus::Pruned => Status::Pruned,
        },
        value,
        settled: f.status == NodeStatus::Done,
        window: f.window.map(|(a, b)| if flip { (-b, -a) } else { (a, b) }),
        principal: frame.finished && frame.principal.contains(&id),
        open: f.status == NodeStatus::Open,
        from_table: f.from_table,
        fraction_window: None,
    }
}

/// The nodes whose looks depend on the frame as a whole: the current node and the principal
/// variation. A step changes their looks even where it changes nothing else about them.
pub fn highlighted(frame: &Frame) -> Vec<usize> {
    frame
        .current
        .iter()
        .chain(if frame.finished {
            frame.principal.as_slice()
        } else {
            &[]
        })
        .map(|n| n.index())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::View;

    #[test]
    fn settings_round_trip_through_the_url() {
        let settings = Settings {
            source: Source::Text("[[1, 2],[3,-4]]".into()),
            min_root: true,
            algorithm: Algorithm::AlphaBetaHard,
            ordering: Ordering::Worst,
            depth: Some(2),
            step: 7,
        };
        let mut route = Route::new(View::AlphaBeta);
        settings.to_route(&mut route);
        let back = Route::parse(&route.to_hash());
        assert_eq!(Settings::from_route(&back), (settings, vec![]));
        let random = Settings {
            source: Source::Random(RandomSpec::default()),
            ..Settings::default()
        };
        random.to_route(&mut route);
        assert_eq!(
            Settings::from_route(&Route::parse(&route.to_hash())).0,
            random
        );
    }

    #[test]
    fn bad_url_values_fall_back_with_a_message() {
        let route =
            Route::parse("#/alphabeta?preset=nope&algo=magic&order=up&depth=x&step=-1&random=1,2");
        let (settings, warnings) = Settings::from_route(&route);
        assert_eq!(settings, Settings::default());
        assert_eq!(warnings.len(), 6, "{warnings:?}");
    }

    #[test]
    fn seed_tree_marks_at_the_end() {
        let tree = GameTree::parse(preset("seed003-alphabeta").unwrap().text).unwrap();
        let run = run(&tree, Algorithm::AlphaBeta, Ordering::Natural, None);
        let end = run.replay.frame(run.replay.len());
        let marks = marks(&tree, &end, Perspective::Max, true);
        let pruned: Vec<&str> = marks
            .iter()
            .enumerate()
            .filter(|(_, m)| m.status == Status::Pruned)
            .map(|(i, _)| tree.nodes()[i].label.as_str())
            .collect();
        assert_eq!(pruned, ["G", "K", "N", "O"]);
        assert_eq!(marks[0].value.data().as_deref(), Some("3"));
        assert!(marks[0].settled);
        assert_eq!(marks[4].value.text().as_deref(), Some("≥5")); // E
        assert_eq!(run.minimax.unwrap().evaluated, 8);
        assert_eq!(run.stats.evaluated, 5);
        assert_eq!(run.knuth_moore, Some(2 * 2 + 2 - 1));
        // In negamax form the MIN nodes show values for MIN: B = −3.
        let negamax = super::marks(&tree, &end, Perspective::Mover, true);
        assert_eq!(negamax[1].value.text().as_deref(), Some("−3"));
    }

    #[test]
    fn three_players_run_max_n() {
        let tree = GameTree::parse(preset("aima-maxn").unwrap().text).unwrap();
        let run = run(&tree, Algorithm::AlphaBeta, Ordering::Natural, None);
        assert_eq!(run.algorithm, Algorithm::MaxN);
        assert_eq!(run.result, "(1,2,6)");
    }

    #[test]
    fn orders_compared() {
        let tree = GameTree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
        let results = compare_orders(&tree, Fail::Soft, None);
        let evaluated: Vec<u64> = results.iter().map(|r| r.evaluated).collect();
        assert_eq!(evaluated, [7, 5, 9]);
    }

    /// The exported trace is the run itself: the seed's leaves in order, the cut-offs, the
    /// root's value, and nodes named by their paths on the page.
    #[test]
    fn trace_export_tells_the_run() {
        let (s, _) = Settings::from_route(&Route::parse("#/alphabeta?preset=seed003-alphabeta"));
        let r = run(&s.tree().unwrap(), s.algorithm, s.ordering, s.depth);
        let json =
            serde_json::to_value(trace_export(&r, s.ordering, s.depth, "#/x".into())).unwrap();
        assert_eq!(json["format"], "arbor-game-trace");
        assert_eq!(json["version"], 2);
        assert_eq!(json["result"], "3");
        assert_eq!(json["tree"][1]["path"], "r.0");
        assert_eq!(json["tree"][1]["player"], "min");
        let paths: Vec<&str> = json["events"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|e| e.get("evaluate"))
            .map(|e| {
                json["trace_nodes"][e["node"].as_u64().unwrap() as usize]["path"]
                    .as_str()
                    .unwrap()
            })
            .collect();
        assert_eq!(
            paths,
            ["r.0.0.0", "r.0.0.1", "r.0.1.0", "r.1.0.0", "r.1.0.1"]
        );
        assert_eq!(
            json["events"].as_array().unwrap().len(),
            r.replay.trace().events.len()
        );
        assert!(json["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e.get("cutoff").is_some()));
    }

    /// Found by fuzzing (issue 15): a 347-byte link — a root with 99,000 leaves beside a spine
    /// 63 deep, iterative deepening, best-first order — recorded 6,245,064 steps (1.49 GB, 2.2 s
    /// on the page's thread). The search now runs under a node budget and the record is capped.
    #[test]
    fn a_small_link_cannot_make_a_huge_recording() {
        let spine = format!("{}1{}", "[".repeat(63), "]".repeat(63));
        let text = format!("[{spine},{}]", vec!["1"; 99_000].join(","));
        let tree = GameTree::parse(&text).unwrap();
        let run = super::run(&tree, Algorithm::Deepening, Ordering::Best, None);
        assert!(
            run.stats.visited <= STEPPER_NODE_BUDGET + 64,
            "{}",
            run.stats.visited
        );
        assert!(run.replay.trace().nodes.len() <= STEPPER_RECORD_LIMIT);
        let note = run.limited.expect("the budget is told");
        assert!(note.contains("stopped after"), "{note}");
        // A search that fits is neither stopped nor cut.
        let small = GameTree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
        for algorithm in [
            Algorithm::Minimax,
            Algorithm::AlphaBeta,
            Algorithm::Deepening,
        ] {
            let run = super::run(&small, algorithm, Ordering::Natural, None);
            assert_eq!((run.limited, run.result.as_str()), (None, "3"));
        }
    }
}
