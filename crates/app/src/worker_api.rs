//! What the page and its search worker say to each other, and the worker's side of it: run a
//! search, report progress as it goes, send back what the visualiser needs.
//!
//! Pure Rust (the browser plumbing is in `worker.rs` and the client), so the worker's logic is
//! tested natively.

use arbor_puzzles::{BlocksSpec, BlocksWorld, Heuristic, NPuzzle};
use arbor_search::replay::NodeInfo;
use arbor_search::Rank;
use arbor_search::{
    search, Algorithm, Budget, Event, Graph, NodeId, Observer, Options, Problem, Quiet, Recorder,
    Stats, Status,
};
use serde::{Deserialize, Serialize};

/// A problem, as the page describes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProblemSpec {
    /// A tree or graph in text form.
    Graph {
        /// The text.
        text: String,
    },
    /// A sliding-tile puzzle.
    Puzzle {
        /// Rows.
        rows: u8,
        /// Columns.
        cols: u8,
        /// Start tiles, row-major.
        start: Vec<u8>,
        /// Goal tiles.
        goal: Vec<u8>,
        /// The heuristic.
        heuristic: Heuristic,
    },
    /// The blocks world.
    Blocks {
        /// The grid, blocks, agent and goals.
        spec: BlocksSpec,
        /// Use the blocks' Manhattan distance as the heuristic.
        heuristic: bool,
    },
    /// Path-finding on a grid.
    Grid(GridSpec),
}

/// A grid problem: the page's setting, the worker's request and the editor's props alike.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridSpec {
    /// The grid's text (`#` walls, `.` free, `2`–`9` weights, `S`, `G`).
    pub text: String,
    /// Eight-way moves.
    pub diagonal: bool,
    /// The heuristic.
    pub heuristic: arbor_puzzles::GridHeuristic,
    /// Weighted A*'s w in tenths (10: plain A*).
    pub inflation: u32,
    /// Jump Point Search's successors.
    pub jumps: bool,
}

impl GridSpec {
    /// The grid, ready to search, or what is wrong with it.
    pub fn build(&self) -> Result<arbor_puzzles::Grid, String> {
        arbor_puzzles::Grid::parse(&self.text, self.diagonal, self.heuristic)
            .and_then(|g| g.with_inflation(self.inflation).with_jumps(self.jumps))
    }
}

/// A state, as the visualiser draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StateView {
    /// A named node.
    Name(String),
    /// Puzzle tiles, row-major.
    Tiles(Vec<u8>),
    /// A grid cell, by column and row (0-based).
    Cell {
        /// Column.
        x: u8,
        /// Row.
        y: u8,
    },
    /// The agent's cell and each block's cell (row-major, 0-based).
    Blocks {
        /// The agent.
        agent: u8,
        /// The blocks, in letter order.
        blocks: Vec<u8>,
    },
}

/// A recorded node.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewNode {
    /// Tree position and costs.
    pub info: NodeInfo,
    /// The action from the parent, in words ("C", "U", "→").
    pub action: Option<String>,
    /// The state.
    pub state: StateView,
}

/// The recorded part of a search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchView {
    /// The first nodes generated.
    pub nodes: Vec<ViewNode>,
    /// Everything that happened to them.
    pub events: Vec<Event>,
    /// True when the search generated more nodes than were recorded: the record is its
    /// beginning only.
    pub cut_short: bool,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchSummary {
    /// Found, exhausted or cut off.
    pub status: Status,
    /// The solution's actions, in words.
    pub actions: Vec<String>,
    /// The states along the solution, the start first.
    pub states: Vec<StateView>,
    /// The solution's cost.
    pub cost: u32,
    /// Counts.
    pub stats: Stats,
    /// Milliseconds the search took.
    pub millis: f64,
}

/// A request to the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchRequest {
    /// The problem.
    pub problem: ProblemSpec,
    /// The search.
    pub options: Options,
    /// Record at most this many nodes for the visualiser.
    pub record: usize,
    /// Give up after generating this many nodes.
    pub max_nodes: Option<u64>,
}

/// The puzzles the scalability chart can sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Family {
    /// The 8-puzzle.
    Eight,
    /// The coursework's blocks world: A, B, C to stack in column 2 of a 4 × 4 grid.
    Blocks,
}

/// Nodes expanded against solution depth, per algorithm (the coursework's scalability chart).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScaleRequest {
    /// Which puzzle.
    pub family: Family,
    /// The optimal solution depths to sample.
    pub depths: Vec<u32>,
    /// The searches to run on each.
    pub algorithms: Vec<Algorithm>,
    /// Tree or graph search.
    pub mode: arbor_search::Mode,
    /// Most nodes generated per run (a run over budget is reported as such).
    pub budget: u64,
    /// Seed for the instances.
    pub seed: u64,
}

/// A request to the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToWorker {
    /// Run one search, recording it.
    Search(SearchRequest),
    /// Sample the scalability chart.
    Scale(ScaleRequest),
    /// Choose the AI's move.
    Think(crate::play::ai::ThinkRequest),
    /// Score every move of a position, for hints.
    Hints {
        /// The rules.
        rules: crate::play::Rules,
        /// The moves so far.
        moves: String,
    },
    /// Record the search behind an AI move.
    Explain {
        /// The move's search.
        request: crate::play::ai::ExplainRequest,
        /// Tic-tac-toe: draw the first player's marks as O.
        o_first: bool,
    },
    /// Run Monte Carlo tree search, recording its first iterations.
    Mcts(crate::mcts::MctsRequest),
    /// The heuristics lab's work.
    Lab(crate::heuristics::LabRequest),
    /// Panic on purpose: how the end-to-end tests check that a panic in the worker is told to
    /// the page and the page goes on.
    Panic,
}

/// What the worker sends back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker is ready for requests.
    Ready,
    /// The worker panicked (what and where): it is dead, and the page starts another for the
    /// next request.
    Panicked(String),
    /// The search goes on: nodes so far, milliseconds so far.
    Progress {
        /// Nodes generated.
        generated: u64,
        /// Nodes expanded.
        expanded: u64,
        /// Time so far.
        millis: f64,
    },
    /// The recorded part (sent as soon as the record is full, or at the end).
    Recorded(SearchView),
    /// The search ended.
    Done(SearchSummary),
    /// The request could not be carried out.
    Failed(String),
    /// Scalability: one run's nodes expanded (`None`: over budget or not found).
    ScalePoint {
        /// The search.
        algorithm: Algorithm,
        /// The instance's optimal depth.
        depth: u32,
        /// Nodes expanded.
        expanded: Option<u64>,
    },
    /// Scalability: no instance of this depth was found to sample.
    ScaleMissing {
        /// The depth.
        depth: u32,
    },
    /// Scalability: every run is done.
    ScaleDone,
    /// The AI is thinking.
    Thinking(crate::play::ai::Thinking),
    /// The AI's move.
    Thought(crate::play::ai::Thought),
    /// Every move's score.
    Hints(Vec<crate::play::ai::Hint>),
    /// The search behind a move.
    Explained(Box<crate::play::ai::ExplainedView>),
    /// A Monte Carlo tree search, recorded.
    Mcts(Box<crate::mcts::MctsView>),
    /// The heuristics lab's answer to run number `.0`.
    Lab(u64, crate::heuristics::LabAnswer),
}

/// A message as the bytes that cross between the page and its worker.
///
/// A compact binary form (postcard): structs travel as their fields in order, enums as a
/// variant number, so neither side carries code to match field names, and a large recorded
/// search is one byte array instead of thousands of JavaScript objects.
pub fn to_bytes<T: Serialize>(message: &T) -> Result<Vec<u8>, String> {
    postcard::to_allocvec(message).map_err(|e| format!("the message could not be written: {e}"))
}

/// A message read back from [`to_bytes`]' bytes.
pub fn from_bytes<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    postcard::from_bytes(bytes).map_err(|e| e.to_string())
}

/// How often the worker reports progress.
pub(crate) const PROGRESS_MS: f64 = 100.0;

/// Answers any request.
pub fn answer(request: &ToWorker, post: &mut dyn FnMut(FromWorker), now: &dyn Fn() -> f64) {
    match request {
        ToWorker::Search(r) => serve(r, post, now),
        ToWorker::Scale(r) => scale(r, post),
        ToWorker::Think(r) => {
            match crate::play::ai::think(r, now, &mut |t| post(FromWorker::Thinking(t))) {
                Ok(t) => post(FromWorker::Thought(t)),
                Err(e) => post(FromWorker::Failed(e)),
            }
        }
        ToWorker::Hints { rules, moves } => match crate::play::ai::hints(rules, moves, now) {
            Ok(h) => post(FromWorker::Hints(h)),
            Err(e) => post(FromWorker::Failed(e)),
        },
        ToWorker::Explain { request, o_first } => {
            match crate::play::ai::explain_move(request, *o_first) {
                Ok(v) => post(FromWorker::Explained(Box::new(v))),
                Err(e) => post(FromWorker::Failed(e)),
            }
        }
        ToWorker::Mcts(r) => {
            let start = now();
            let mut last = start;
            let mut progress = |i: u64| {
                let t = now();
                if t - last >= PROGRESS_MS {
                    last = t;
                    post(FromWorker::Progress {
                        generated: i,
                        expanded: i,
                        millis: t - start,
                    });
                }
            };
            match crate::mcts::run(r, &mut progress) {
                Ok(v) => post(FromWorker::Mcts(Box::new(v))),
                Err(e) => post(FromWorker::Failed(e)),
            }
        }
        ToWorker::Lab(r) => {
            crate::heuristics::answer(r, &mut |run, a| post(FromWorker::Lab(run, a)), now)
        }
        ToWorker::Panic => panic!("a panic the page asked for, to test the worker's panic hook"),
    }
}

/// A panic's message and place, for the person reading the page: "message (file:line)".
pub fn panic_text(info: &std::panic::PanicHookInfo<'_>) -> String {
    let payload = info.payload();
    let message = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into());
    match info.location() {
        Some(l) => format!("{message} ({}:{})", l.file(), l.line()),
        None => message,
    }
}

/// The optimal depth of a problem (A*, graph search), if it has a solution.
fn optimal<P: Problem>(problem: &P) -> Option<u32> {
    let out = search(
        problem,
        &Options::new(Algorithm::AStar),
        &Budget::nodes(2_000_000),
        &mut Quiet,
    );
    out.solution.map(|s| s.depth() as u32)
}

/// Runs each algorithm on instances of each depth, posting a point per run.
fn scale(request: &ScaleRequest, post: &mut dyn FnMut(FromWorker)) {
    let mut rng = arbor_util::SplitMix64(request.seed);
    for &depth in &request.depths {
        // Candidates alternate between random walks from the goal (good for shallow
        // depths) and random positions (for deep ones), until one is exactly this deep.
        match request.family {
            Family::Eight => {
                let goal = NPuzzle::standard_goal(9);
                let base = match NPuzzle::new(3, 3, &goal, &goal, Heuristic::Manhattan) {
                    Ok(b) => b,
                    Err(e) => return post(FromWorker::Failed(e.0)),
                };
                let instance = (0..ATTEMPTS).find_map(|k| {
                    let p = if k % 2 == 0 {
                        base.shuffled(depth + 2 * (k % 10), rng.next_u64())
                    } else {
                        base.with_start(&NPuzzle::random_board(9, rng.next_u64()))
                            .ok()?
                    };
                    (p.is_solvable() && optimal(&p) == Some(depth)).then_some(p)
                });
                report(instance.as_ref(), depth, request, post);
            }
            Family::Blocks => {
                // The coursework's own start is 16 deep.
                let coursework = (depth == 16)
                    .then(|| {
                        BlocksWorld::new(
                            &BlocksSpec::coursework((1, 2), (1, 3), (4, 3), (2, 1)),
                            true,
                        )
                        .ok()
                    })
                    .flatten();
                let instance = coursework.or_else(|| {
                    (0..ATTEMPTS).find_map(|k| {
                        let w = if k % 2 == 0 {
                            random_blocks(depth + (k % 12), &mut rng)?
                        } else {
                            scattered_blocks(&mut rng)?
                        };
                        (optimal(&w) == Some(depth)).then_some(w)
                    })
                });
                report(instance.as_ref(), depth, request, post);
            }
        }
    }
    post(FromWorker::ScaleDone);
}

/// Candidate instances tried for each depth.
const ATTEMPTS: u32 = 3_000;

/// The coursework's blocks world with the blocks and the agent on random distinct cells.
fn scattered_blocks(rng: &mut arbor_util::SplitMix64) -> Option<BlocksWorld> {
    let mut cells: Vec<usize> = (0..16).collect();
    rng.shuffle(&mut cells);
    let cell = |c: usize| (c % 4 + 1, c / 4 + 1);
    let spec = BlocksSpec::coursework(
        cell(cells[0]),
        cell(cells[1]),
        cell(cells[2]),
        cell(cells[3]),
    );
    BlocksWorld::new(&spec, true).ok()
}

/// The coursework's blocks world, started from its goal with the agent at a random cell and
/// then walked `moves` random steps.
fn random_blocks(moves: u32, rng: &mut arbor_util::SplitMix64) -> Option<BlocksWorld> {
    let free = [
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
        (1, 2),
        (3, 2),
        (4, 2),
        (1, 3),
        (3, 3),
        (4, 3),
        (1, 4),
        (3, 4),
        (4, 4),
    ];
    let at = free[(rng.next_u64() % free.len() as u64) as usize];
    let goal = BlocksWorld::new(&BlocksSpec::coursework((2, 2), (2, 3), (2, 4), at), true).ok()?;
    let mut s = goal.start();
    for _ in 0..moves {
        let options: Vec<_> = goal.actions(&s).collect();
        // A walled-in agent has no move: the walk ends there (never a modulo by zero).
        if options.is_empty() {
            break;
        }
        let d = options[(rng.next_u64() % options.len() as u64) as usize];
        goal.apply(&mut s, d);
    }
    let cell = |c: usize| (c % 4 + 1, c / 4 + 1);
    let spec = BlocksSpec::coursework(
        cell(s.block(0)),
        cell(s.block(1)),
        cell(s.block(2)),
        cell(s.agent()),
    );
    BlocksWorld::new(&spec, true).ok()
}

fn report<P: Problem>(
    instance: Option<&P>,
    depth: u32,
    request: &ScaleRequest,
    post: &mut dyn FnMut(FromWorker),
) {
    if instance.is_none() {
        return post(FromWorker::ScaleMissing { depth });
    }
    for &algorithm in &request.algorithms {
        let expanded = instance.and_then(|p| {
            let options = Options {
                mode: request.mode,
                ..Options::new(algorithm)
            };
            let out = search(p, &options, &Budget::nodes(request.budget), &mut Quiet);
            (out.status == Status::Found).then_some(out.stats.expanded)
        });
        post(FromWorker::ScalePoint {
            algorithm,
            depth,
            expanded,
        });
    }
}

/// The worker's side: builds the problem, runs the search, and `post`s what happens. `now`
/// gives milliseconds.
pub fn serve(request: &SearchRequest, post: &mut dyn FnMut(FromWorker), now: &dyn Fn() -> f64) {
    match &request.problem {
        ProblemSpec::Graph { text } => serve_graph(text, request, post, now),
        ProblemSpec::Puzzle {
            rows,
            cols,
            start,
            goal,
            heuristic,
        } => match NPuzzle::new(*rows as usize, *cols as usize, start, goal, *heuristic) {
            Ok(p) if !p.is_solvable() => post(FromWorker::Failed(
                "this puzzle is unsolvable: no sequence of moves reaches the goal (the tiles' arrangement has the wrong parity)".into(),
            )),
            Ok(p) => {
                let n = p.cells();
                run(&p, request, post, now, |b| StateView::Tiles(b.tiles(n).to_vec()), |d| d.letter().to_string())
            }
            Err(e) => post(FromWorker::Failed(e.0)),
        },
        ProblemSpec::Grid(spec) => match spec.build() {
            Ok(g) => {
                let width = g.width() as u32;
                run(
                    &g,
                    request,
                    post,
                    now,
                    |&s| {
                        let cell = arbor_puzzles::cell_of(s);
                        StateView::Cell {
                            x: (cell % width) as u8,
                            y: (cell / width) as u8,
                        }
                    },
                    |m| {
                        if m.run > 1 {
                            format!("{}{}", m.arrow(), m.run)
                        } else {
                            m.arrow().to_string()
                        }
                    },
                )
            }
            Err(e) => post(FromWorker::Failed(e)),
        },
        ProblemSpec::Blocks { spec, heuristic } => match BlocksWorld::new(spec, *heuristic) {
            Ok(w) => {
                let count = w.names().len();
                run(
                    &w,
                    request,
                    post,
                    now,
                    |s| StateView::Blocks {
                        agent: s.agent() as u8,
                        blocks: (0..count).map(|i| s.block(i) as u8).collect(),
                    },
                    |d| d.letter().to_string(),
                )
            }
            Err(e) => post(FromWorker::Failed(e)),
        },
    }
}

/// [`serve`] for a problem given as text (`request.problem` is not read): all the page's own
/// practice needs, so the page's module carries no puzzle or blocks-world search.
pub fn serve_graph(
    text: &str,
    request: &SearchRequest,
    post: &mut dyn FnMut(FromWorker),
    now: &dyn Fn() -> f64,
) {
    match Graph::parse(text) {
        Ok(g) => run(
            &g,
            request,
            post,
            now,
            |s| StateView::Name(g.name(*s).to_string()),
            |a| g.name(a.to).to_string(),
        ),
        Err(e) => post(FromWorker::Failed(e.to_string())),
    }
}

/// Records the first nodes, reports progress, and hands the record over when it is full.
struct Watch<'a, P: Problem> {
    recorder: Option<Recorder<P::State, P::Action>>,
    limit: usize,
    generated: u64,
    expanded: u64,
    started: f64,
    next_report: u64,
    last_report: f64,
    post: &'a mut dyn FnMut(FromWorker),
    now: &'a dyn Fn() -> f64,
    convert: &'a dyn Fn(arbor_search::Trace<P::State, P::Action>) -> SearchView,
}

impl<P: Problem> Watch<'_, P> {
    fn hand_over(&mut self) {
        if let Some(rec) = self.recorder.take() {
            let view = (self.convert)(rec.into_trace());
            (self.post)(FromWorker::Recorded(view));
        }
    }
}

impl<P: Problem> Observer<P> for Watch<'_, P> {
    fn iteration(&mut self, limit: u32) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::iteration(r, limit);
        }
    }

    fn generated(
        &mut self,
        node: NodeId,
        parent: Option<NodeId>,
        action: Option<P::Action>,
        state: &P::State,
        g: u32,
        h: u32,
    ) {
        self.generated += 1;
        if let Some(r) = &mut self.recorder {
            Observer::<P>::generated(r, node, parent, action, state, g, h);
            if node as usize >= self.limit {
                self.hand_over();
            }
        }
        if self.generated >= self.next_report {
            self.next_report = self.generated + 16_384;
            let t = (self.now)();
            if t - self.last_report >= PROGRESS_MS {
                self.last_report = t;
                (self.post)(FromWorker::Progress {
                    generated: self.generated,
                    expanded: self.expanded,
                    millis: t - self.started,
                });
            }
        }
    }

    fn pushed(&mut self, node: NodeId, rank: Rank) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::pushed(r, node, rank);
        }
    }

    fn popped(&mut self, node: NodeId) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::popped(r, node);
        }
    }

    fn goal_test(&mut self, node: NodeId, goal: bool) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::goal_test(r, node, goal);
        }
    }

    fn expanded(&mut self, node: NodeId) {
        self.expanded += 1;
        if let Some(r) = &mut self.recorder {
            Observer::<P>::expanded(r, node);
        }
    }

    fn dropped(&mut self, node: NodeId, why: arbor_search::Dropped) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::dropped(r, node, why);
        }
    }

    fn cut_off(&mut self, node: NodeId, why: arbor_search::Cut) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::cut_off(r, node, why);
        }
    }

    fn found(&mut self, node: NodeId) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::found(r, node);
        }
    }

    fn reopened(&mut self, node: NodeId, earlier: u32) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::reopened(r, node, earlier);
        }
    }

    fn met(&mut self, forward: NodeId, backward: NodeId) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::met(r, forward, backward);
        }
    }
}

fn run<P: Problem>(
    problem: &P,
    request: &SearchRequest,
    post: &mut dyn FnMut(FromWorker),
    now: &dyn Fn() -> f64,
    describe: impl Fn(&P::State) -> StateView,
    name: impl Fn(&P::Action) -> String,
) {
    let convert = |trace: arbor_search::Trace<P::State, P::Action>| SearchView {
        nodes: trace
            .nodes
            .iter()
            .map(|n| ViewNode {
                info: NodeInfo::from(n),
                action: n.action.as_ref().map(&name),
                state: describe(&n.state),
            })
            .collect(),
        events: trace.events,
        cut_short: trace.omitted > 0,
    };
    let budget = match request.max_nodes {
        Some(n) => Budget::nodes(n),
        None => Budget::unlimited(),
    };
    let started = now();
    let outcome = {
        let mut watch = Watch::<P> {
            recorder: Some(Recorder::with_limit(request.record)),
            limit: request.record,
            generated: 0,
            expanded: 0,
            started,
            next_report: 16_384,
            last_report: started,
            post,
            now,
            convert: &convert,
        };
        let outcome = search(problem, &request.options, &budget, &mut watch);
        watch.hand_over();
        outcome
    };
    let millis = now() - started;
    let (actions, states, cost) = match &outcome.solution {
        Some(s) => {
            let mut state = problem.start();
            let mut states = vec![describe(&state)];
            for &a in &s.actions {
                problem.apply(&mut state, a);
                states.push(describe(&state));
            }
            (s.actions.iter().map(&name).collect(), states, s.cost)
        }
        None => (Vec::new(), Vec::new(), 0),
    };
    post(FromWorker::Done(SearchSummary {
        status: outcome.status,
        actions,
        states,
        cost,
        stats: outcome.stats,
        millis,
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scalability_sample_has_a_point_per_algorithm_and_depth() {
        let mut out = Vec::new();
        answer(
            &ToWorker::Scale(ScaleRequest {
                family: Family::Blocks,
                depths: vec![3, 5],
                algorithms: vec![Algorithm::BreadthFirst, Algorithm::AStar],
                mode: arbor_search::Mode::Tree,
                budget: 200_000,
                seed: 2,
            }),
            &mut |m| out.push(m),
            &|| 0.0,
        );
        let points: Vec<(Algorithm, u32, bool)> = out
            .iter()
            .filter_map(|m| match m {
                FromWorker::ScalePoint {
                    algorithm,
                    depth,
                    expanded,
                } => Some((*algorithm, *depth, expanded.is_some())),
                _ => None,
            })
            .collect();
        assert_eq!(
            points,
            [
                (Algorithm::BreadthFirst, 3, true),
                (Algorithm::AStar, 3, true),
                (Algorithm::BreadthFirst, 5, true),
                (Algorithm::AStar, 5, true)
            ]
        );
        assert_eq!(out.last(), Some(&FromWorker::ScaleDone));
    }

    use arbor_search::graph_preset;
    use std::cell::Cell;

    /// Every answer to every kind of request crosses to the page and back unchanged.
    #[test]
    fn every_message_survives_the_bytes_between_page_and_worker() {
        use crate::play::ai::{ExplainRequest, ThinkRequest};
        use crate::play::{Kind, Rules};
        let puzzle = ProblemSpec::Puzzle {
            rows: 3,
            cols: 3,
            start: vec![1, 2, 3, 4, 0, 6, 7, 5, 8],
            goal: vec![1, 2, 3, 4, 5, 6, 7, 8, 0],
            heuristic: Heuristic::Manhattan,
        };
        let graph = ProblemSpec::Graph {
            text: graph_preset("seed000-tree").unwrap().text.to_string(),
        };
        let blocks = ProblemSpec::Blocks {
            spec: BlocksSpec::coursework((1, 2), (1, 3), (4, 3), (2, 4)),
            heuristic: true,
        };
        let mut requests: Vec<ToWorker> = [puzzle, graph, blocks]
            .into_iter()
            .flat_map(|problem| {
                [Algorithm::AStar, Algorithm::DepthLimited].map(|algorithm| {
                    ToWorker::Search(SearchRequest {
                        problem: problem.clone(),
                        options: Options::new(algorithm).depth_limit(3),
                        record: 50,
                        max_nodes: Some(20_000),
                    })
                })
            })
            .collect();
        requests.push(ToWorker::Scale(ScaleRequest {
            family: Family::Eight,
            depths: vec![2, 40],
            algorithms: vec![Algorithm::AStar],
            mode: arbor_search::Mode::Graph,
            budget: 1_000,
            seed: 1,
        }));
        for (kind, moves, level) in [
            (Kind::TicTacToe, "5", "perfect"),
            (Kind::Connect4, "4453", "seed4"),
            (Kind::Nim, "", "perfect"),
        ] {
            let rules = Rules::of(kind);
            let think = ThinkRequest {
                rules: rules.clone(),
                moves: moves.into(),
                level: level.into(),
                seed: 3,
                millis: 2_000,
            };
            let mut thought = None;
            answer(
                &ToWorker::Think(think.clone()),
                &mut |m| {
                    if let FromWorker::Thought(t) = m {
                        thought = Some(t)
                    }
                },
                &|| 0.0,
            );
            let thought = thought.expect("a move");
            requests.push(ToWorker::Think(think));
            requests.push(ToWorker::Hints {
                rules: rules.clone(),
                moves: moves.into(),
            });
            requests.push(ToWorker::Explain {
                request: ExplainRequest {
                    rules,
                    moves: moves.into(),
                    level: level.into(),
                    seed: 3,
                    depth: thought.depth,
                    solver: thought.solver,
                    weak: thought.weak,
                    limit: 500,
                },
                o_first: false,
            });
        }
        let mut kinds = std::collections::BTreeSet::new();
        for request in &requests {
            let bytes = to_bytes(request).unwrap();
            assert_eq!(&from_bytes::<ToWorker>(&bytes).unwrap(), request);
            let mut answers = Vec::new();
            // A clock that moves on (1 ms a reading): connect four's hints stop at their time.
            let clock = arbor_util::SteppingClock::new(1.0);
            answer(request, &mut |m| answers.push(m), &clock.as_fn());
            for message in answers {
                let bytes = to_bytes(&message).unwrap();
                let back: FromWorker = from_bytes(&bytes).unwrap();
                assert_eq!(back, message);
                kinds.insert(
                    format!("{message:?}")
                        .split(['(', ' '])
                        .next()
                        .unwrap()
                        .to_string(),
                );
            }
        }
        for message in [FromWorker::Ready, FromWorker::Panicked("at x.rs:1".into())] {
            assert_eq!(
                from_bytes::<FromWorker>(&to_bytes(&message).unwrap()).unwrap(),
                message
            );
        }
        for kind in [
            "Recorded",
            "Done",
            "ScalePoint",
            "ScaleDone",
            "Thought",
            "Hints",
            "Explained",
        ] {
            assert!(kinds.contains(kind), "no {kind} among {kinds:?}");
        }
        // Bytes that are not a message are refused with a reason, never a panic.
        assert!(from_bytes::<FromWorker>(&[250, 1, 2]).is_err());
        assert!(from_bytes::<ToWorker>(&[]).is_err());
    }

    fn ask(problem: ProblemSpec, algorithm: Algorithm, record: usize) -> Vec<FromWorker> {
        let mut out = Vec::new();
        let clock = Cell::new(0.0);
        serve(
            &SearchRequest {
                problem,
                options: Options::new(algorithm),
                record,
                max_nodes: Some(300_000),
            },
            &mut |m| out.push(m),
            &|| {
                clock.set(clock.get() + 60.0);
                clock.get()
            },
        );
        out
    }

    #[test]
    fn a_tree_search_sends_its_record_then_its_result() {
        let text = graph_preset("seed000-tree").unwrap().text.to_string();
        let out = ask(
            ProblemSpec::Graph { text },
            Algorithm::IterativeDeepening,
            10_000,
        );
        let [FromWorker::Recorded(view), FromWorker::Done(done)] = out.as_slice() else {
            panic!("{out:?}")
        };
        assert_eq!(done.status, Status::Found);
        assert_eq!(done.actions, ["C", "G", "L", "R"]);
        assert_eq!(done.states.first(), Some(&StateView::Name("A".into())));
        assert!(!view.events.is_empty());
    }

    #[test]
    fn a_long_search_sends_a_partial_record_early_and_reports_progress() {
        // Korf's instance 1: 276 million nodes, far beyond the 300,000 allowed here.
        let goal: Vec<u8> = (0..16).collect();
        let start = vec![14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
        let out = ask(
            ProblemSpec::Puzzle {
                rows: 4,
                cols: 4,
                start,
                goal,
                heuristic: Heuristic::Manhattan,
            },
            Algorithm::IdaStar,
            500,
        );
        let recorded = out
            .iter()
            .position(|m| matches!(m, FromWorker::Recorded(_)))
            .unwrap();
        assert!(out[recorded + 1..]
            .iter()
            .any(|m| matches!(m, FromWorker::Progress { .. })));
        let FromWorker::Recorded(view) = &out[recorded] else {
            unreachable!()
        };
        assert_eq!(view.nodes.len(), 500);
        assert!(matches!(
            out.last(),
            Some(FromWorker::Done(SearchSummary {
                status: Status::CutOff { .. },
                ..
            }))
        ));
    }

    #[test]
    fn bad_problems_fail_with_a_message() {
        let out = ask(
            ProblemSpec::Graph {
                text: "A -> B".into(),
            },
            Algorithm::BreadthFirst,
            10,
        );
        assert!(matches!(&out[..], [FromWorker::Failed(m)] if m.contains("no goal")));
        let out = ask(
            ProblemSpec::Puzzle {
                rows: 3,
                cols: 3,
                start: vec![2, 1, 3, 4, 5, 6, 7, 8, 0],
                goal: vec![1, 2, 3, 4, 5, 6, 7, 8, 0],
                heuristic: Heuristic::Manhattan,
            },
            Algorithm::AStar,
            10,
        );
        assert!(matches!(&out[..], [FromWorker::Failed(m)] if m.contains("unsolvable")));
    }
}
