//! The MCTS page's model: Monte Carlo tree search (UCT) on an explicit tree or a game position,
//! run by the engine in the worker, and replayed phase by phase from its recorded events —
//! selection with every child's UCB1 terms, expansion, the playout, backpropagation — with
//! the root children's visit shares over the whole run beside their exact minimax values.
//! Nothing here re-derives what the engine did: visits, rewards, UCB1 terms and choices are read
//! from the events.

use arbor_game::{
    mcts, minimax, replay_tree, Budget, Game, GameTree, MctsEvent, MctsId, MctsObserver,
    MctsOptions, MctsRecorder, NodeId, Quiet, Ucb,
};
use arbor_games::ai::score_moves;
use arbor_games::connect4::{Connect4, Eval, Solver};
use serde::{Deserialize, Serialize};

use crate::play::ai::{label, position, TTT};
use crate::play::{Kind, Move, Pos, Rules};
use crate::route::Route;
use crate::scene::{
    text_width, type_size, Margins, NodeMark, Scene, Shape, Shown, Status, TreeShape, GAP_X, GAP_Y,
    MARGIN,
};

/// The tree the page opens with: the textbook's three-move example (minimax picks the first
/// move, worth 3).
pub const DEFAULT_TREE: &str = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]";

/// Iterations the stepper replays; a longer run is plotted whole and stepped through these.
pub const RECORD_ITERATIONS: u64 = 300;

/// Most iterations a run may ask for.
pub const MAX_ITERATIONS: u64 = 200_000;

/// The textbook's exploration constant, √2, in hundredths.
pub const DEFAULT_EXPLORATION: u32 = 141;

/// What MCTS searches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MctsSource {
    /// An explicit tree, in text form: random playouts run down to its leaves.
    Tree(String),
    /// A position of a game: its rules and the moves that lead to it.
    Game {
        /// The rules.
        rules: Rules,
        /// The moves, as the Play page writes them.
        moves: String,
        /// Tic-tac-toe: the first player plays O (the names of the sides only).
        #[serde(default)]
        o_first: bool,
    },
}

/// A run to make (everything the page's URL holds but the step).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MctsRequest {
    /// What to search.
    pub source: MctsSource,
    /// Iterations.
    pub iterations: u64,
    /// The exploration constant c, in hundredths.
    pub exploration: u32,
    /// The seed of expansion and playouts.
    pub seed: u64,
}

impl Default for MctsRequest {
    fn default() -> Self {
        MctsRequest {
            source: MctsSource::Tree(DEFAULT_TREE.into()),
            iterations: 100,
            exploration: DEFAULT_EXPLORATION,
            seed: 1,
        }
    }
}

/// Whose turn it is at a node (or that the game is over there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Turn {
    /// MAX (the first player) moves.
    Max,
    /// MIN (the second player) moves.
    Min,
    /// A leaf, or a finished game.
    End,
}

/// A node MCTS added while it was recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct McNode {
    /// Its move's name (the root: the tree's root label, or "start").
    pub label: String,
    /// Whose turn it is there.
    pub turn: Turn,
}

/// The exact value of a root move, where the game can be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Exact {
    /// An explicit tree: the child's minimax value (for MAX).
    Value(i32),
    /// A game: 1 the player making the move wins, 0 a draw, −1 a loss, with perfect play.
    Outcome(i8),
}

/// A root move, at the end of the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RootMove {
    /// Its name.
    pub label: String,
    /// Visits.
    pub visits: u64,
    /// Mean reward for the player making the move.
    pub mean: f64,
    /// Its exact value, if it could be found (`None`: the game is too big to solve here).
    pub exact: Option<Exact>,
    /// Minimax's choice (one of the best by the exact values).
    pub optimal: bool,
}

/// The root moves' visits at one iteration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sample {
    /// After this many iterations.
    pub iteration: u64,
    /// Each root move's visits (in the order of [`MctsView::moves`]).
    pub visits: Vec<u64>,
}

/// A run as the page shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MctsView {
    /// Every node added in the recorded iterations, by id.
    pub nodes: Vec<McNode>,
    /// The recorded iterations' events; a move is an index into `names`.
    pub events: Vec<MctsEvent<u32>>,
    /// Move names.
    pub names: Vec<String>,
    /// Iterations run.
    pub iterations: u64,
    /// Iterations recorded.
    pub recorded: u64,
    /// The root's moves, in the order MCTS added them.
    pub moves: Vec<RootMove>,
    /// The root moves' visits over the run.
    pub samples: Vec<Sample>,
    /// The move MCTS plays (an index into `moves`): the most visited.
    pub best: Option<usize>,
    /// How a playout's end becomes a reward for MAX, in words.
    pub reward_rule: String,
    /// The player to move at the root (0 MAX, 1 MIN).
    pub root_player: usize,
    /// The sides' names (MAX, MIN; or X, O …).
    pub sides: [String; 2],
}

/// How the engine's events reach the page: the recorder of the first iterations, the root
/// moves' visits sampled over the whole run, and a call now and then to report progress.
struct Watch<'a, M> {
    recorder: MctsRecorder<M>,
    root_children: Vec<MctsId>,
    visits: Vec<u64>,
    every: u64,
    done: u64,
    samples: Vec<Sample>,
    progress: &'a mut dyn FnMut(u64),
}

impl<G: Game> MctsObserver<G> for Watch<'_, G::Move> {
    fn iteration(&mut self, i: u64) {
        MctsObserver::<G>::iteration(&mut self.recorder, i);
        if i.is_multiple_of(4096) {
            (self.progress)(i);
        }
    }
    fn select(&mut self, node: MctsId, visits: u64, scores: &[Ucb], chosen: MctsId) {
        MctsObserver::<G>::select(&mut self.recorder, node, visits, scores, chosen);
    }
    fn expand(&mut self, node: MctsId, child: MctsId, mv: G::Move, mover: usize) {
        MctsObserver::<G>::expand(&mut self.recorder, node, child, mv, mover);
        if node == 0 {
            self.root_children.push(child);
            self.visits.push(0);
        }
    }
    fn simulate(&mut self, from: MctsId, moves: &[G::Move], utility: i32, reward: f64) {
        MctsObserver::<G>::simulate(&mut self.recorder, from, moves, utility, reward);
    }
    fn backpropagate(&mut self, path: &[MctsId], reward: f64) {
        MctsObserver::<G>::backpropagate(&mut self.recorder, path, reward);
        if let Some(k) = path
            .get(1)
            .and_then(|c| self.root_children.iter().position(|r| r == c))
        {
            self.visits[k] += 1;
        }
        self.done += 1;
        if self.done.is_multiple_of(self.every) {
            self.samples.push(Sample {
                iteration: self.done,
                visits: self.visits.clone(),
            });
        }
    }
}

/// A root move's exact value, from the move and the position it leads to.
type ExactOf<'a, G> = dyn Fn(<G as Game>::Move, &<G as Game>::State) -> Option<Exact> + 'a;

/// What a run needs to know of its game beyond the [`Game`] itself.
struct Setting<'a, G: Game> {
    game: &'a G,
    root: G::State,
    root_label: String,
    name: &'a dyn Fn(G::Move) -> String,
    reward: &'a dyn Fn(i32) -> f64,
    reward_rule: String,
    exact: &'a ExactOf<'a, G>,
    sides: [String; 2],
}

/// A source ready to search: the tree read, or the game's position reached.
pub enum Prepared {
    /// A two-player tree with a number at each leaf.
    Tree(GameTree),
    /// A game's position with a move to make.
    Game(Rules, Pos),
}

impl MctsSource {
    /// The game searched, if it is a game.
    pub fn kind(&self) -> Option<Kind> {
        match self {
            MctsSource::Tree(_) => None,
            MctsSource::Game { rules, .. } => Some(rules.kind),
        }
    }

    /// Reads the source, or says why it cannot be searched (the page asks before the worker
    /// does).
    pub fn prepare(&self) -> Result<Prepared, String> {
        match self {
            MctsSource::Tree(text) => {
                let tree = GameTree::parse(text).map_err(|e| e.to_string())?;
                if tree.has_chance() {
                    return Err("this tree has chance nodes: MCTS here is for two players' trees (the Chance page searches them)".into());
                }
                if !tree.has_plain_values() || tree.players() != 2 {
                    return Err("MCTS here is for two players' trees with one value per leaf, not utility vectors".into());
                }
                if tree.node(tree.root()).is_leaf() {
                    return Err("the tree is a single leaf: there is no move to search".into());
                }
                Ok(Prepared::Tree(tree))
            }
            MctsSource::Game { rules, moves, .. } => {
                let pos = position(rules, moves)?;
                if pos.actions(rules).is_empty() {
                    return Err(
                        "the game is over in this position: there is no move to search".into(),
                    );
                }
                Ok(Prepared::Game(rules.clone(), pos))
            }
        }
    }
}

fn check_iterations(request: &MctsRequest) -> Result<(), String> {
    if request.iterations == 0 || request.iterations > MAX_ITERATIONS {
        return Err(format!(
            "the iterations must be from 1 to {MAX_ITERATIONS} (asked for {})",
            request.iterations
        ));
    }
    Ok(())
}

/// Runs MCTS for `request`, reporting the iterations done now and then.
pub fn run(request: &MctsRequest, progress: &mut dyn FnMut(u64)) -> Result<MctsView, String> {
    check_iterations(request)?;
    let o_first = matches!(request.source, MctsSource::Game { o_first: true, .. });
    let sides = |k: Kind| {
        let [a, b] = k.side_names().map(String::from);
        if o_first && k == Kind::TicTacToe {
            [b, a]
        } else {
            [a, b]
        }
    };
    match request.source.prepare()? {
        Prepared::Tree(_) => run_tree(request, progress),
        Prepared::Game(rules, pos) => {
            let piles = rules.piles.len();
            let rule = "a win 1, a draw ½, a loss 0 (for MAX, the first player)".to_string();
            let outcome = |v: i32| Some(Exact::Outcome(v.signum() as i8));
            match pos {
                Pos::Ttt(board) => {
                    let scores = score_moves(&TTT, &board, None, 16);
                    let exact = |mv: u8, _: &_| {
                        scores
                            .iter()
                            .find(|m| m.mv == mv)
                            .and_then(|m| outcome(m.value))
                    };
                    let name = |m: u8| label(Move::Cell(m), piles);
                    grow(
                        request,
                        Setting {
                            game: &TTT,
                            root: board,
                            root_label: "start".into(),
                            name: &name,
                            reward: &win_draw_loss,
                            reward_rule: rule,
                            exact: &exact,
                            sides: sides(Kind::TicTacToe),
                        },
                        progress,
                    )
                }
                Pos::Nim(piles_now) => {
                    let game = rules.nim();
                    let scores = score_moves(&game, &piles_now, None, 16);
                    let exact = |mv, _: &_| {
                        scores
                            .iter()
                            .find(|m| m.mv == mv)
                            .and_then(|m| outcome(m.value))
                    };
                    let name = |m| label(Move::Take(m), piles);
                    grow(
                        request,
                        Setting {
                            game: &game,
                            root: piles_now,
                            root_label: "start".into(),
                            name: &name,
                            reward: &win_draw_loss,
                            reward_rule: rule,
                            exact: &exact,
                            sides: sides(Kind::Nim),
                        },
                        progress,
                    )
                }
                Pos::C4(p) => {
                    let game = Connect4 { eval: Eval::Seed };
                    // Solved where it is quick: a budget of nodes per move, else left open.
                    let exact = |_: u8, s: &arbor_games::connect4::Position| {
                        if s.is_won() {
                            return Some(Exact::Outcome(1));
                        }
                        let mut solver = Solver::new(18).with_budget(Budget::nodes(C4_SOLVE_NODES));
                        solver
                            .solve(s, true)
                            .ok()
                            .map(|solved| Exact::Outcome(-(solved.score.signum() as i8)))
                    };
                    let name = |m: u8| label(Move::Column(m), piles);
                    grow(
                        request,
                        Setting {
                            game: &game,
                            root: p,
                            root_label: "start".into(),
                            name: &name,
                            reward: &win_draw_loss,
                            reward_rule: rule,
                            exact: &exact,
                            sides: sides(Kind::Connect4),
                        },
                        progress,
                    )
                }
            }
        }
    }
}

/// Runs MCTS for `request` if it searches an explicit tree (what practice runs in the page:
/// no game's code comes with it).
pub fn run_tree(request: &MctsRequest, progress: &mut dyn FnMut(u64)) -> Result<MctsView, String> {
    check_iterations(request)?;
    let Prepared::Tree(tree) = request.source.prepare()? else {
        return Err("this run searches a game, not a tree".into());
    };
    let (low, high) = tree.leaf_range();
    let span = f64::from(high) - f64::from(low);
    let reward = move |u: i32| {
        if span > 0.0 {
            (f64::from(u) - f64::from(low)) / span
        } else {
            0.5
        }
    };
    let exact =
        |_: NodeId, s: &NodeId| Some(Exact::Value(minimax(&tree, s, None, &mut Quiet).value));
    let name = |m: NodeId| tree.node(m).label.clone();
    grow(
        request,
        Setting {
            game: &tree,
            root: tree.root(),
            root_label: tree.node(tree.root()).label.clone(),
            name: &name,
            reward: &reward,
            reward_rule: if span > 0.0 {
                format!(
                    "the leaf's value scaled to [0, 1]: (v − {low}) / {}",
                    high - low
                )
            } else {
                "½: every leaf has the same value".into()
            },
            exact: &exact,
            sides: ["MAX".into(), "MIN".into()],
        },
        progress,
    )
}

/// A game's reward for MAX: a win 1, a draw ½, a loss 0 (by the sign of the end's utility) —
/// the page's runs and the Play page's MCTS player both use it, so a move's link replays it.
pub fn win_draw_loss(utility: i32) -> f64 {
    match utility.signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}

impl MctsRequest {
    /// The engine's settings for this request.
    pub fn options(&self) -> MctsOptions {
        MctsOptions {
            iterations: self.iterations,
            exploration: f64::from(self.exploration) / 100.0,
            seed: self.seed,
        }
    }
}

/// Nodes the connect-four solver may search for one root move's exact value.
pub const C4_SOLVE_NODES: u64 = 2_000_000;

fn grow<G: Game>(
    request: &MctsRequest,
    s: Setting<'_, G>,
    progress: &mut dyn FnMut(u64),
) -> Result<MctsView, String> {
    let options = request.options();
    let recorded = request.iterations.min(RECORD_ITERATIONS);
    let mut watch = Watch {
        recorder: MctsRecorder::with_limit(recorded),
        root_children: Vec::new(),
        visits: Vec::new(),
        every: request.iterations.div_ceil(400),
        done: 0,
        samples: Vec::new(),
        progress,
    };
    let tree = mcts(
        s.game,
        &s.root,
        &options,
        &Budget::unlimited(),
        s.reward,
        &mut watch,
    );
    // Moves become names, each once.
    let mut names: Vec<String> = Vec::new();
    let mut intern = |m: G::Move| {
        let n = (s.name)(m);
        match names.iter().position(|x| *x == n) {
            Some(k) => k as u32,
            None => {
                names.push(n);
                names.len() as u32 - 1
            }
        }
    };
    let events: Vec<MctsEvent<u32>> = watch
        .recorder
        .events
        .into_iter()
        .map(|e| e.map_moves(&mut intern))
        .collect();
    let added = events
        .iter()
        .filter(|e| matches!(e, MctsEvent::Expand { .. }))
        .count();
    let turn = |state: &G::State| {
        if s.game.is_terminal(state) {
            Turn::End
        } else if s.game.to_move(state) == 0 {
            Turn::Max
        } else {
            Turn::Min
        }
    };
    let nodes = tree.nodes[..=added]
        .iter()
        .map(|n| McNode {
            label: n.mv.map_or_else(|| s.root_label.clone(), s.name),
            turn: turn(&n.state),
        })
        .collect();
    let root = &tree.nodes[0];
    let mut moves: Vec<RootMove> = root
        .children
        .iter()
        .map(|&c| {
            let n = &tree.nodes[c as usize];
            RootMove {
                label: n.mv.map_or_else(String::new, s.name),
                visits: n.visits,
                mean: n.mean(),
                exact: n.mv.and_then(|mv| (s.exact)(mv, &n.state)),
                optimal: false,
            }
        })
        .collect();
    // Minimax's choice: the best exact value for the player to move, when every move has one.
    let root_player = s.game.to_move(&s.root);
    let score = |e: Exact| match e {
        Exact::Value(v) if root_player == 0 => i64::from(v),
        Exact::Value(v) => -i64::from(v),
        Exact::Outcome(o) => i64::from(o),
    };
    let scores: Option<Vec<i64>> = moves.iter().map(|m| m.exact.map(score)).collect();
    if let Some(best) = scores.as_ref().and_then(|v| v.iter().max().copied()) {
        for (m, v) in moves.iter_mut().zip(scores.iter().flatten()) {
            m.optimal = *v == best;
        }
    }
    let best = tree
        .best()
        .and_then(|(id, _)| root.children.iter().position(|&c| c == id));
    let mut samples = watch.samples;
    if samples.last().map(|x| x.iteration) != Some(tree.iterations) {
        samples.push(Sample {
            iteration: tree.iterations,
            visits: watch.visits.clone(),
        });
    }
    Ok(MctsView {
        nodes,
        events,
        names,
        iterations: tree.iterations,
        recorded,
        moves,
        samples,
        best,
        reward_rule: s.reward_rule,
        root_player,
        sides: s.sides,
    })
}

/// The settings of the page, all in its URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MctsSettings {
    /// The run.
    pub request: MctsRequest,
    /// The step shown.
    pub step: usize,
}

impl MctsSettings {
    /// Reads the settings from a route, keeping defaults for anything missing or wrong and
    /// saying what was wrong.
    pub fn from_route(route: &Route) -> (MctsSettings, Vec<String>) {
        let mut request = MctsRequest::default();
        let mut notes = Vec::new();
        if route.get("game").is_some() {
            let (rules, o_first) = crate::play::rules_from_route(route, &mut notes);
            request.iterations = 1000;
            let moves = named_moves(&rules, route.get("moves").unwrap_or(""));
            request.source = MctsSource::Game {
                rules,
                o_first,
                moves,
            };
        } else if let Some(text) = route.get("tree") {
            request.source = MctsSource::Tree(text.to_string());
        }
        if let Some(n) = route.get("n") {
            match n.parse::<u64>() {
                Ok(n) if (1..=MAX_ITERATIONS).contains(&n) => request.iterations = n,
                _ => notes.push(format!(
                    "“{n}” is not a number of iterations (1 to {MAX_ITERATIONS}); using {}.",
                    request.iterations
                )),
            }
        }
        if let Some(c) = route.get("c") {
            match parse_exploration(c) {
                Ok(c) => request.exploration = c,
                Err(e) => notes.push(format!(
                    "The exploration constant in the link: {e}; using 1.41."
                )),
            }
        }
        if let Some(seed) = route.get("seed") {
            match seed.parse::<u64>() {
                Ok(v) => request.seed = v,
                Err(_) => notes.push(format!("“{seed}” is not a seed (a whole number); using 1.")),
            }
        }
        let step = crate::stepper::step_of(route, &mut notes).unwrap_or(0);
        (MctsSettings { request, step }, notes)
    }

    /// Writes the settings into a route's query.
    pub fn to_route(&self, route: &mut Route) {
        route.query.clear();
        let r = &self.request;
        match &r.source {
            MctsSource::Tree(text) => route.set("tree", text.clone()),
            MctsSource::Game {
                rules,
                moves,
                o_first,
            } => {
                crate::play::write_rules(route, rules, *o_first);
                route.set("moves", named_moves(rules, moves));
            }
        }
        route.set("n", r.iterations.to_string());
        if r.exploration != DEFAULT_EXPLORATION {
            route.set("c", exploration_text(r.exploration));
        }
        route.set("seed", r.seed.to_string());
        if self.step > 0 {
            route.set("step", self.step.to_string());
        }
    }
}

/// Reads an exploration constant (`1.41`, `0.5`, `2`) into hundredths, from 0 to 10.
pub fn parse_exploration(text: &str) -> Result<u32, String> {
    let bad = || format!("“{text}” is not a number from 0 to 10 with at most two decimals");
    let (whole, frac) = text.trim().split_once('.').unwrap_or((text.trim(), ""));
    if frac.len() > 2 || whole.is_empty() && frac.is_empty() {
        return Err(bad());
    }
    let digits = |s: &str| s.is_empty() || s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(frac) || whole.len() > 2 {
        return Err(bad());
    }
    let w: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    let f: u32 = format!("{frac:0<2}").parse().map_err(|_| bad())?;
    let c = w * 100 + f;
    if c > 1000 {
        return Err(bad());
    }
    Ok(c)
}

/// The moves box's hint for a game (`None`: a tree, which has no moves box).
pub fn moves_hint(kind: Option<Kind>) -> &'static str {
    match kind {
        Some(Kind::Nim) => "As on the Play page: pile:take, comma-separated (1:2,1:1); empty for the start.",
        Some(Kind::Connect4) => "Columns 1–7 in order (4453); empty for the start.",
        _ => "Cells by the names the table gives them, a1–c3 (the column's letter, then the row from the top), run together (b2a1); the Play page's 1–9, row by row, are read too. Empty for the start.",
    }
}

/// A game's moves as the page shows them: tic-tac-toe's by the names its tables give them
/// (`b2a1`, whether typed so or as the Play page's cells `51`); the others, and moves that do
/// not read, as they are.
pub fn named_moves(rules: &Rules, text: &str) -> String {
    match rules.parse_moves(text) {
        Ok(moves) if rules.kind == Kind::TicTacToe => moves.iter().map(|&m| label(m, 0)).collect(),
        _ => text.to_string(),
    }
}

/// Hundredths as a number: `1.41`, `2`, `0.5`.
pub fn exploration_text(c: u32) -> String {
    let text = format!("{}.{:02}", c / 100, c % 100);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A reward or a mean, as the page writes it: up to two decimals, no trailing zeros.
pub fn number(v: f64) -> String {
    let text = format!("{:.2}", v);
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    };
    if text == "-0" {
        "0".into()
    } else {
        text.replace('-', "−")
    }
}

/// What happened at one step, and the state of the tree after it.
pub struct Frame<'a> {
    /// Every node added so far: visits and rewards.
    pub nodes: Vec<arbor_game::ReplayedNode<u32>>,
    /// The event just replayed (none at step 0).
    pub event: Option<&'a MctsEvent<u32>>,
    /// The iteration it belongs to (0 before the first).
    pub iteration: u64,
    /// The iteration's path so far, root first.
    pub path: Vec<MctsId>,
}

/// The phase an event belongs to: 0 selection, 1 expansion, 2 simulation, 3 backpropagation.
pub fn phase(event: &MctsEvent<u32>) -> usize {
    match event {
        MctsEvent::Iteration { .. } | MctsEvent::Select { .. } => 0,
        MctsEvent::Expand { .. } => 1,
        MctsEvent::Simulate { .. } => 2,
        MctsEvent::Backpropagate { .. } => 3,
    }
}

impl MctsView {
    /// Steps: one per event.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// No steps.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// The tree after `step` events, the event and the iteration's path.
    pub fn frame(&self, step: usize) -> Frame<'_> {
        let step = step.min(self.events.len());
        let nodes = replay_tree(&self.events, step);
        let mut iteration = 0;
        let mut path = vec![0];
        for e in &self.events[..step] {
            match e {
                MctsEvent::Iteration { i } => {
                    iteration = *i;
                    path = vec![0];
                }
                MctsEvent::Select { chosen, .. } => path.push(*chosen),
                MctsEvent::Expand { child, .. } => path.push(*child),
                MctsEvent::Backpropagate { path: p, .. } => path = p.clone(),
                MctsEvent::Simulate { .. } => {}
            }
        }
        Frame {
            nodes,
            event: step.checked_sub(1).map(|k| &self.events[k]),
            iteration,
            path,
        }
    }

    /// A node's name.
    pub fn label(&self, id: MctsId) -> &str {
        self.nodes
            .get(id as usize)
            .map_or("?", |n| n.label.as_str())
    }

    /// The name of the player who moved into a node (the root: who moves there).
    fn mover_name(&self, mover: usize) -> &str {
        &self.sides[mover.min(1)]
    }

    /// The sentence that says what the step did.
    pub fn caption(&self, frame: &Frame<'_>) -> String {
        let Some(event) = frame.event else {
            return format!(
                "Ready: {} iterations of select, expand, simulate, backpropagate from the root, {} to move. {}",
                self.iterations,
                self.mover_name(self.root_player),
                crate::control::STEP_TO_BEGIN
            );
        };
        match event {
            MctsEvent::Iteration { i } => format!(
                "Iteration {i}. Selection starts at the root, visited {} times so far.",
                frame.nodes[0].visits
            ),
            MctsEvent::Select {
                node,
                visits,
                scores,
                chosen,
            } => {
                let c = scores.iter().find(|s| s.child == *chosen).copied();
                let who = frame.nodes.get(*chosen as usize).map_or(0, |n| n.mover);
                match c {
                    Some(c) => format!(
                        "Selection at {} (N = {visits}): every move has been tried, so UCB1 picks the child to follow. {} chooses {}: mean {} + exploration {} = {}, the highest of {}.",
                        self.label(*node),
                        self.mover_name(who),
                        self.label(*chosen),
                        number(c.mean),
                        number(c.explore),
                        number(c.value()),
                        scores.len()
                    ),
                    None => format!("Selection at {} chooses {}.", self.label(*node), self.label(*chosen)),
                }
            }
            MctsEvent::Expand { node, mv, mover, .. } => format!(
                "Expansion: {} has moves not yet tried; one of them, {} by {}, drawn at random, becomes a new node.",
                self.label(*node),
                self.names.get(*mv as usize).map_or("?", String::as_str),
                self.mover_name(*mover)
            ),
            MctsEvent::Simulate {
                from,
                moves,
                utility,
                reward,
            } => {
                let line = moves
                    .iter()
                    .map(|m| self.names.get(*m as usize).map_or("?", String::as_str))
                    .collect::<Vec<_>>()
                    .join(" ");
                let from = self.label(*from);
                if moves.is_empty() {
                    format!(
                        "Simulation: {from} is already the end (utility {}), so there is nothing to play out: the reward for MAX is {}.",
                        crate::scene::show_value(*utility),
                        number(*reward)
                    )
                } else {
                    format!(
                        "Simulation: random moves from {from} to the end — {line} — reach utility {}: the reward for MAX is {}.",
                        crate::scene::show_value(*utility),
                        number(*reward)
                    )
                }
            }
            MctsEvent::Backpropagate { path, reward } => format!(
                "Backpropagation: the {} nodes on the path each gain a visit and the reward of the player who moved into them: {} for MAX's moves, {} for MIN's.",
                path.len(),
                number(*reward),
                number(1.0 - reward)
            ),
        }
    }

    /// What every drawn node shows at a step (by id, for the nodes added so far).
    pub fn marks(&self, frame: &Frame<'_>) -> Vec<NodeMark> {
        let current = frame.path.last().copied();
        frame
            .nodes
            .iter()
            .enumerate()
            .map(|(id, n)| {
                let id = id as MctsId;
                let value = if n.visits == 0 {
                    Shown::Nothing
                } else if id == 0 {
                    Shown::Text(format!("n {}", n.visits).into())
                } else {
                    Shown::Text(format!("{}/{}", number(n.reward), n.visits).into())
                };
                NodeMark {
                    status: if Some(id) == current {
                        Status::Current
                    } else {
                        Status::Visited
                    },
                    settled: n.visits > 0,
                    value,
                    principal: frame.path.contains(&id),
                    ..NodeMark::default()
                }
            })
            .collect()
    }

    /// The drawing of the tree after a step: the nodes added so far.
    pub fn scene(&self, added: usize) -> Scene {
        let added = added.min(self.nodes.len()).max(1);
        let keys: Vec<usize> = (0..added).collect();
        let parents = self.parents();
        // Room for a tally as wide as "99.5/100".
        let widest = text_width("99.5/100", type_size::VALUE, false);
        let half = |shape: Shape| match shape {
            Shape::Leaf => widest / 2.0 + 5.0,
            _ => ((widest / 2.0 + 1.5) * 40.0 / 28.5).max(24.0),
        };
        let shape = |k: usize| match self.nodes[k].turn {
            Turn::Max => Shape::Max,
            Turn::Min => Shape::Min,
            Turn::End => Shape::Leaf,
        };
        let gap_x = (2.0 * half(Shape::Max) + 8.0).max(GAP_X);
        Scene::build(
            &TreeShape {
                keys: &keys,
                parent: &|k| parents[k],
                label: &|k| self.nodes[k].label.clone(),
                shape: &shape,
                picture: None,
                gap_x,
                gap_y: GAP_Y,
                margins: Margins {
                    x: half(Shape::Max) + 6.0,
                    top: MARGIN,
                    bottom: MARGIN,
                },
                half_width: &half,
            },
            &|_| false,
        )
    }

    /// Each node's parent, from the expansions.
    fn parents(&self) -> Vec<Option<usize>> {
        let mut parents = vec![None; self.nodes.len()];
        for e in &self.events {
            if let MctsEvent::Expand { node, child, .. } = e {
                parents[*child as usize] = Some(*node as usize);
            }
        }
        parents
    }

    /// An exact value in words, for the player making the move.
    pub fn exact_text(&self, exact: Option<Exact>) -> String {
        match exact {
            None => "not solved here".into(),
            Some(Exact::Value(v)) => crate::scene::show_value(v),
            Some(Exact::Outcome(1)) => "wins".into(),
            Some(Exact::Outcome(0)) => "draws".into(),
            Some(Exact::Outcome(_)) => "loses".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(source: MctsSource, iterations: u64, seed: u64) -> MctsRequest {
        MctsRequest {
            source,
            iterations,
            exploration: DEFAULT_EXPLORATION,
            seed,
        }
    }

    /// A link from a game where O moved first names the sides as the Play page did, and keeps
    /// it when written again.
    #[test]
    fn o_first_names_the_sides() {
        let route = Route::parse("#/mcts?game=ttt&first=o&moves=5&n=50&seed=3");
        let (settings, notes) = MctsSettings::from_route(&route);
        assert!(notes.is_empty(), "{notes:?}");
        let view = run(&settings.request, &mut |_| {}).unwrap();
        assert_eq!(view.sides, ["O".to_string(), "X".to_string()]);
        let mut again = Route::new(crate::route::View::Mcts);
        settings.to_route(&mut again);
        assert_eq!(again.get("first"), Some("o"));
    }

    fn game(kind: Kind, moves: &str) -> MctsSource {
        MctsSource::Game {
            rules: Rules::of(kind),
            moves: moves.into(),
            o_first: false,
        }
    }

    /// Every selection step's UCB1 terms, recomputed from the tree replayed up to it, are the
    /// engine's, and the child taken has the highest value.
    fn check_selections(view: &MctsView, c: f64) {
        let mut checked = 0;
        for (k, e) in view.events.iter().enumerate() {
            if let MctsEvent::Select {
                node,
                visits,
                scores,
                chosen,
            } = e
            {
                let before = view.frame(k);
                let parent = &before.nodes[*node as usize];
                assert_eq!(parent.visits, *visits);
                assert_eq!(parent.children.len(), scores.len());
                let mut best = f64::MIN;
                for (&child, s) in parent.children.iter().zip(scores) {
                    let n = &before.nodes[child as usize];
                    let mean = n.reward / n.visits as f64;
                    let explore = c * ((parent.visits as f64).ln() / n.visits as f64).sqrt();
                    assert_eq!(s.child, child);
                    assert!((s.mean - mean).abs() < 1e-9 && (s.explore - explore).abs() < 1e-9);
                    best = best.max(mean + explore);
                }
                let taken = scores.iter().find(|s| s.child == *chosen).unwrap();
                assert!((taken.value() - best).abs() < 1e-12);
                checked += 1;
            }
        }
        assert!(checked > 10, "only {checked} selections");
    }

    #[test]
    fn the_textbook_tree_converges_on_minimax_move() {
        let view = run(
            &request(MctsSource::Tree(DEFAULT_TREE.into()), 3000, 1),
            &mut |_| {},
        )
        .unwrap();
        let exact: Vec<Option<Exact>> = view.moves.iter().map(|m| m.exact).collect();
        let mut values: Vec<i32> = exact
            .iter()
            .map(|e| match e {
                Some(Exact::Value(v)) => *v,
                other => panic!("{other:?}"),
            })
            .collect();
        values.sort();
        assert_eq!(values, [2, 2, 3]);
        let best = &view.moves[view.best.unwrap()];
        assert!(
            best.optimal && best.exact == Some(Exact::Value(3)),
            "{view:?}"
        );
        assert_eq!(view.recorded, RECORD_ITERATIONS);
        // Every iteration visits one root move: the last sample is the end's visits.
        let last = view.samples.last().unwrap();
        assert_eq!(last.iteration, 3000);
        assert_eq!(last.visits.iter().sum::<u64>(), 3000);
        assert_eq!(
            last.visits,
            view.moves.iter().map(|m| m.visits).collect::<Vec<_>>()
        );
        assert!(view
            .samples
            .windows(2)
            .all(|w| w[0].iteration < w[1].iteration));
        check_selections(&view, 1.41);
        // The replayed tree at the end of the record has the recorded iterations' visits.
        let end = view.frame(view.len());
        assert_eq!(end.nodes[0].visits, RECORD_ITERATIONS);
        assert_eq!(end.nodes.len(), view.nodes.len());
    }

    #[test]
    fn runs_are_links_the_same_seed_the_same_run() {
        let r = request(game(Kind::TicTacToe, "5"), 500, 9);
        let a = run(&r, &mut |_| {}).unwrap();
        assert_eq!(a, run(&r, &mut |_| {}).unwrap());
        let b = run(&MctsRequest { seed: 10, ..r }, &mut |_| {}).unwrap();
        assert_ne!(a.events, b.events);
    }

    #[test]
    fn games_have_exact_values_where_they_can_be_solved() {
        // X took the centre and O a corner: every X move draws with best play.
        let view = run(&request(game(Kind::TicTacToe, "51"), 2000, 1), &mut |_| {}).unwrap();
        assert_eq!(view.moves.len(), 7);
        assert!(view
            .moves
            .iter()
            .all(|m| m.exact == Some(Exact::Outcome(0)) && m.optimal));
        check_selections(&view, 1.41);
        // X threatens the top row: O must block at c1 (cell 3) or lose.
        let view = run(&request(game(Kind::TicTacToe, "152"), 3000, 1), &mut |_| {}).unwrap();
        let optimal: Vec<&str> = view
            .moves
            .iter()
            .filter(|m| m.optimal)
            .map(|m| m.label.as_str())
            .collect();
        assert_eq!(optimal, ["c1"]);
        assert_eq!(view.moves[view.best.unwrap()].label, "c1");
        assert!(view
            .moves
            .iter()
            .filter(|m| !m.optimal)
            .all(|m| m.exact == Some(Exact::Outcome(-1))));
        // Nim, 9 matches, take 1–3: taking 1 leaves 8, a multiple of 4, and wins.
        let view = run(&request(game(Kind::Nim, ""), 2000, 1), &mut |_| {}).unwrap();
        let winning: Vec<&str> = view
            .moves
            .iter()
            .filter(|m| m.exact == Some(Exact::Outcome(1)))
            .map(|m| m.label.as_str())
            .collect();
        assert_eq!(winning, ["t1"]);
        // Connect four: a late position is solved, the first move is not (too big to solve here).
        let view = run(
            &request(game(Kind::Connect4, "4444443"), 300, 1),
            &mut |_| {},
        )
        .unwrap();
        assert!(
            view.moves.iter().all(|m| m.exact.is_some()),
            "{:?}",
            view.moves
        );
        let view = run(&request(game(Kind::Connect4, ""), 100, 1), &mut |_| {}).unwrap();
        assert!(view.moves.iter().all(|m| m.exact.is_none()));
        assert!(view.moves.iter().all(|m| !m.optimal));
    }

    #[test]
    fn what_cannot_be_searched_is_said() {
        for (source, says) in [
            (MctsSource::Tree("[?[1,2],[3,4]]".into()), "chance"),
            (MctsSource::Tree("[(1,2,3),(3,2,1)]".into()), "vectors"),
            (MctsSource::Tree("[[1,2],[3".into()), ""),
            (game(Kind::TicTacToe, "1425369"), "over"),
            (game(Kind::TicTacToe, "11"), "taken"),
        ] {
            let e = run(&request(source.clone(), 10, 1), &mut |_| {}).unwrap_err();
            assert!(e.contains(says), "{source:?}: {e}");
        }
        assert!(run(
            &request(MctsSource::Tree(DEFAULT_TREE.into()), 0, 1),
            &mut |_| {}
        )
        .is_err());
    }

    #[test]
    fn captions_tell_each_phase_with_the_engine_numbers() {
        let view = run(
            &request(MctsSource::Tree(DEFAULT_TREE.into()), 20, 1),
            &mut |_| {},
        )
        .unwrap();
        let first = view.caption(&view.frame(0));
        assert!(first.ends_with(crate::control::STEP_TO_BEGIN), "{first}");
        let mut seen = [false; 4];
        for step in 0..=view.len() {
            let frame = view.frame(step);
            let text = view.caption(&frame);
            if let Some(e) = frame.event {
                seen[phase(e)] = true;
                if let MctsEvent::Select { scores, chosen, .. } = e {
                    let c = scores.iter().find(|s| s.child == *chosen).unwrap();
                    assert!(text.contains(&number(c.value())), "{text}");
                }
            }
            assert!(!text.is_empty());
            let marks = view.marks(&frame);
            assert_eq!(marks.len(), frame.nodes.len());
            assert_eq!(
                marks.iter().filter(|m| m.status == Status::Current).count(),
                1
            );
        }
        assert_eq!(seen, [true; 4]);
        let scene = view.scene(view.nodes.len());
        assert_eq!(scene.nodes.len(), view.nodes.len());
    }

    #[test]
    fn exploration_constants_read_and_write() {
        assert_eq!(parse_exploration("1.41"), Ok(141));
        assert_eq!(parse_exploration("2"), Ok(200));
        assert_eq!(parse_exploration(".5"), Ok(50));
        assert_eq!(parse_exploration("0"), Ok(0));
        for bad in ["", ".", "1.414", "-1", "11", "x", "1e2"] {
            assert!(parse_exploration(bad).is_err(), "{bad}");
        }
        assert_eq!(exploration_text(141), "1.41");
        assert_eq!(exploration_text(200), "2");
        assert_eq!(exploration_text(50), "0.5");
        assert_eq!(number(0.5), "0.5");
        assert_eq!(number(2.0), "2");
        assert_eq!(number(-0.25), "−0.25");
    }
}
