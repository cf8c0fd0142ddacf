//! The search visualiser page: the problem, the recorded search and the step, as state and reducer.

use crate::url::UrlSettings;
use std::collections::BTreeSet;
use std::rc::Rc;

use arbor_search::replay::SearchReplay;
use arbor_search::{Algorithm, Limit, Mode, Status, TieBreak};

use super::{Answer, Request};
use crate::control::{changes, ticks, Control, Playback};
use crate::route::Route;
use crate::search::heuristic_note::HeuristicNote;
use crate::search::{CostUnit, Drawing, Problem, Settings};
use crate::search::{SearchRequest, SearchSummary, SearchView};
use crate::work::{Progress, Reply};

/// Nodes recorded for the visualiser; beyond them the search goes on uncounted.
pub const RECORD: usize = 20_000;

/// A finished (or partly finished) recorded search.
pub struct Recorded {
    /// The worker's record of the search.
    pub view: SearchView,
    /// Its replay, step by step.
    pub replay: SearchReplay,
    /// How its tree is drawn.
    pub drawing: Drawing,
    /// The settings it was searched with (the step aside).
    pub searched: Settings,
    /// The unit its costs are counted in.
    pub costs: CostUnit,
}

/// Where the search worker is.
#[derive(Clone, Debug, PartialEq)]
pub enum Run {
    /// Nothing asked yet.
    Idle,
    /// Searching: nodes generated and expanded, milliseconds.
    Running(u64, u64, f64),
    /// Stopped by the user after this many nodes.
    Stopped(u64),
    /// Finished.
    Done(Box<SearchSummary>),
    /// The worker could not do it.
    Failed(String),
}

/// The visualiser's state.
#[derive(Clone)]
pub struct State {
    /// The settings, all in the URL.
    pub settings: Settings,
    /// The graph text box (may not parse).
    pub text: String,
    /// What is wrong with the problem, said before any search.
    pub problem_error: Option<String>,
    /// A typed graph's heuristic against its true costs (none for puzzles, or text that does
    /// not parse).
    pub heuristic: Option<Rc<HeuristicNote>>,
    /// Notes for the reader: what a link got wrong.
    pub notices: Vec<String>,
    /// Said when a new kind of problem changed the search (one that suits it was chosen).
    pub switched: Option<String>,
    /// Where the worker's search stands.
    pub run: Run,
    /// Increases with every search asked for; worker messages carry it.
    pub run_id: u64,
    /// The recorded search, once there is one.
    pub recorded: Option<Rc<Recorded>>,
    /// Stepping on its own (Play).
    pub playing: bool,
    /// Milliseconds between steps while playing.
    pub speed: u32,
    /// Inner nodes folded in the drawing.
    pub folded: Rc<BTreeSet<usize>>,
    /// Levels shown (none: all).
    pub levels: Option<u32>,
    /// The step asked for by the URL, applied when the record arrives.
    pub pending_step: Option<usize>,
}

/// What can happen.
pub enum Action {
    /// A step control.
    Control(Control),
    /// The play timer fired.
    Tick,
    /// A new problem.
    Problem(Problem),
    /// The graph text box changed.
    Text(String),
    /// Choose the search.
    Algorithm(Algorithm),
    /// Tree or graph search.
    Mode(Mode),
    /// Cycle checks on or off.
    Cycles(bool),
    /// The depth limit.
    Depth(Option<u32>),
    /// The tie rule of uniform cost, greedy and A*.
    Tie(TieBreak),
    /// Stop the search.
    Stop,
    /// A message from the worker, for run `id`.
    Worker(u64, Reply<Answer>),
    /// Fold or unfold a node.
    Fold(usize),
    /// Show only this many levels (none: all).
    Levels(Option<u32>),
}

impl State {
    /// The page as the route opens it.
    pub fn new(route: &Route) -> State {
        let (settings, notices) = Settings::from_route(route);
        let text = match &settings.problem {
            Problem::Graph { text } => text.clone(),
            _ => String::new(),
        };
        let mut state = State {
            pending_step: Some(settings.step),
            settings,
            text,
            problem_error: None,
            heuristic: None,
            notices,
            switched: None,
            run: Run::Idle,
            run_id: 0,
            recorded: None,
            playing: false,
            speed: 800,
            folded: Rc::default(),
            levels: None,
        };
        state.ask();
        state
    }

    /// Checks the problem and, if it is good, asks for a new search.
    fn ask(&mut self) {
        self.playing = false;
        self.folded = Rc::default();
        self.levels = None;
        let note = match &self.settings.problem {
            Problem::Graph { text } => HeuristicNote::of_text(text),
            _ => None,
        };
        if self.heuristic.as_deref() != note.as_ref() {
            self.heuristic = note.map(Rc::new);
        }
        // The record shown is always of the problem and search shown: the last one goes
        // (its marks over a changed grid, or its captions under another search, would mislead).
        self.recorded = None;
        match self.settings.problem.spec() {
            Ok(_) => {
                self.problem_error = None;
                self.run_id += 1;
                self.run = Run::Running(0, 0, 0.0);
            }
            Err(e) => {
                self.problem_error = Some(e);
                self.run = Run::Idle;
                // The search of the text before is no longer the problem shown: its answers,
                // still on their way, change nothing.
                self.run_id += 1;
            }
        }
    }

    /// The request for the current settings.
    pub fn request(&self) -> Option<Request> {
        let problem = self.settings.problem.spec().ok()?;
        let memory_bound = matches!(
            self.settings.algorithm,
            Algorithm::BreadthFirst | Algorithm::UniformCost | Algorithm::Greedy | Algorithm::AStar
        ) || (self.settings.mode == Mode::Graph
            && self.settings.algorithm == Algorithm::DepthFirst);
        Some(Request::Search(SearchRequest {
            problem,
            options: self.settings.options(),
            record: RECORD,
            // Searches that keep every state stop before they fill the tab's memory; the
            // others run until found or stopped.
            max_nodes: Some(if memory_bound {
                4_000_000
            } else {
                20_000_000_000
            }),
        }))
    }

    /// Changes a setting and searches again from step 0.
    fn search_again(&mut self, change: impl FnOnce(&mut Settings)) {
        change(&mut self.settings);
        self.settings.step = 0;
        self.ask();
    }

    fn playback(&mut self) -> Playback<'_> {
        Playback {
            step: &mut self.settings.step,
            playing: &mut self.playing,
            speed: &mut self.speed,
        }
    }

    /// Steps in the recorded search.
    pub fn steps(&self) -> usize {
        self.recorded.as_ref().map_or(0, |r| r.replay.len())
    }
}

impl crate::Reducer for State {
    type Action = Action;

    fn ignores(&self, action: &Action) -> bool {
        let s = &self.settings;
        match action {
            Action::Control(c) => !changes(s.step, self.playing, self.speed, self.steps(), *c),
            Action::Tick => !ticks(self.playing),
            Action::Algorithm(a) => *a == s.algorithm,
            Action::Mode(m) => *m == s.mode,
            Action::Cycles(c) => *c == s.cycle_check,
            Action::Depth(d) => *d == s.depth,
            Action::Tie(t) => *t == s.tie,
            Action::Stop => !matches!(self.run, Run::Running(..)),
            // Messages of a search asked for before the last, or stopped, are stale.
            Action::Worker(id, _) => *id != self.run_id,
            _ => false,
        }
    }

    fn apply(&mut self, action: Action) {
        let len = self.steps();
        match action {
            Action::Control(c) => self.playback().apply(c, len),
            Action::Tick => self.playback().tick(len),
            Action::Problem(p) => self.set_problem(p),
            Action::Text(text) => {
                self.text = text.clone();
                self.search_again(|settings| settings.problem = Problem::Graph { text });
            }
            Action::Algorithm(a) => {
                self.switched = None;
                self.search_again(|settings| settings.set_algorithm(a))
            }
            Action::Mode(m) => self.search_again(|settings| settings.mode = m),
            Action::Cycles(c) => self.search_again(|settings| settings.cycle_check = c),
            Action::Depth(d) => self.search_again(|settings| settings.depth = d),
            Action::Tie(t) => self.search_again(|settings| settings.tie = t),
            Action::Stop => {
                if let Run::Running(generated, ..) = self.run {
                    self.run = Run::Stopped(generated);
                    self.run_id += 1; // ignore whatever the old worker still sends
                }
            }
            Action::Worker(id, message) if id == self.run_id => self.worker_message(message),
            Action::Worker(..) => {}
            Action::Fold(key) => {
                let mut set = (*self.folded).clone();
                if !set.remove(&key) {
                    set.insert(key);
                }
                self.folded = Rc::new(set);
            }
            Action::Levels(levels) => self.show_levels(levels),
        }
    }
}

/// What each action does, one method per action (see [`State`]'s reducer).
impl State {
    /// Searches another problem; a new kind of problem brings a search that suits it, if the
    /// one chosen does not (an edit of the same problem keeps whatever search was chosen).
    fn set_problem(&mut self, p: Problem) {
        if let Problem::Graph { text } = &p {
            self.text = text.clone();
        }
        if p.kind() != self.settings.problem.kind() {
            let to = p.default_algorithm();
            self.switched = p.misfit(self.settings.algorithm, to);
            if self.switched.is_some() {
                self.settings.set_algorithm(to);
            }
        }
        self.settings.problem = p;
        self.settings.step = 0;
        self.ask();
    }

    /// A message from the worker about the current search: its progress, its record, how it
    /// ended, or its failure.
    fn worker_message(&mut self, message: Reply<Answer>) {
        match message {
            Reply::Progress(Progress {
                generated,
                expanded,
                millis,
            }) => self.run = Run::Running(generated, expanded, millis),
            Reply::Answer(Answer::Recorded(view)) => self.record_arrived(view),
            Reply::Answer(Answer::Done(summary)) => self.run = Run::Done(Box::new(summary)),
            Reply::Failed(message) => {
                self.run = Run::Failed(message);
                self.recorded = None;
            }
            _ => {}
        }
    }

    /// The search's record came back: it is replayed, at the step the link asked for (the
    /// first search only).
    fn record_arrived(&mut self, view: SearchView) {
        let replay = SearchReplay::new(
            view.nodes.iter().map(|n| n.info).collect(),
            view.events.clone(),
            self.settings.algorithm,
        );
        let drawing = Drawing::of(&self.settings.problem);
        let len = replay.len();
        self.recorded = Some(Rc::new(Recorded {
            view,
            replay,
            drawing,
            searched: Settings {
                step: 0,
                ..self.settings.clone()
            },
            costs: CostUnit::of(&self.settings.problem),
        }));
        if let Some(step) = self.pending_step.take() {
            if step > len {
                self.notices.push(format!("The link asks for step {step}, but this search has {len} steps; showing the last."));
            }
            self.settings.step = step.min(len);
        }
    }

    /// Folds the nodes at depth `levels`, so that many levels show (`None`: every level).
    fn show_levels(&mut self, levels: Option<u32>) {
        self.levels = levels;
        self.folded = Rc::new(match (levels, &self.recorded) {
            (Some(l), Some(r)) => r
                .view
                .nodes
                .iter()
                .enumerate()
                .filter(|(_, n)| n.info.depth == l)
                .map(|(i, _)| i)
                .collect(),
            _ => BTreeSet::new(),
        });
    }
}

/// How a run ended, in words; its costs written in `unit`.
pub fn status_words(summary: &SearchSummary, unit: CostUnit) -> String {
    let (expanded, generated) = (summary.stats.expanded, summary.stats.generated);
    match summary.status {
        Status::Found => format!(
            "Found a solution of {} step{}, cost {}, after expanding {expanded} and generating {generated} nodes in {} ms.",
            summary.actions.len(),
            if summary.actions.len() == 1 { "" } else { "s" },
            unit.show(summary.cost),
            // Whole milliseconds (never "-0": a time is not negative).
            summary.millis.max(0.0).round() as u64
        ),
        Status::Exhausted => format!(
            "No solution: the search ran out of nodes after expanding {expanded} ({generated} generated)."
        ),
        Status::CutOff { limit: Limit::Depth } => "No solution within the depth limit: nodes at the limit were cut off.".into(),
        Status::CutOff { limit: Limit::Budget } => format!(
            "Stopped after generating {generated} nodes: that is the most this search may keep in the page's memory. Try a search that stores less (iterative deepening, IDA*) or an easier start."
        ),
        Status::CutOff { limit: Limit::Backward } => "Bidirectional search needs a goal state to search backwards from, and this problem has none (the blocks world's goal is where the blocks stand, whatever the agent's cell; Jump Point Search's states carry the direction they were entered in). Choose another search.".into(),
        Status::CutOff { limit: Limit::Cost } => format!(
            "Stopped after generating {generated} nodes: a path's cost passed {}, the largest this search counts, so no cost it reported could be trusted. Use smaller edge costs.",
            unit.show(arbor_search::MAX_PATH_COST)
        ),
    }
}

crate::stepped_page!(State, crate::search::Settings);
