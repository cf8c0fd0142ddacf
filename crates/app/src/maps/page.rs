//! The maps page's state and reducer: where the map comes from (a shared one fetched, a file),
//! its scenarios, the search asked of the worker, its record and the step shown.

use std::rc::Rc;

use arbor_puzzles::{fixed_steps, GridHeuristic, GridMap, MapSearch, Scenario};

use super::record::RECORD_STEPS;
use super::{Answer, MapResult, Request};
use super::{Settings, SharedMap};
use crate::control::{changes, ticks, Control, Playback};
use crate::route::Route;
use crate::search::page::Run;
use crate::url::UrlSettings;
use crate::work::{Progress, Reply};

/// A map opened: its text (sent to the worker), the map read from it, and its scenarios.
#[derive(Debug, PartialEq, Eq)]
pub struct Opened {
    /// Its file's name.
    pub name: String,
    /// Its text.
    pub text: String,
    /// The map.
    pub map: GridMap,
    /// Its scenarios (none until a scenario file is opened for it).
    pub scenarios: Vec<Scenario>,
    /// The scenario file's name.
    pub scen_name: Option<String>,
}

impl Opened {
    /// The start and goal of scenario `k`, or — with no scenarios — the first and the last
    /// passable cells in reading order; `None` if the map has no passable cell.
    pub fn ends(&self, k: usize) -> Option<((usize, usize), (usize, usize))> {
        if let Some(s) = self.scenarios.get(k) {
            return Some((s.start, s.goal));
        }
        let (w, h) = (self.map.width(), self.map.height());
        let mut open = (0..w * h)
            .map(|c| (c % w, c / w))
            .filter(|&(x, y)| self.map.passable(x, y));
        let first = open.next()?;
        Some((first, open.next_back().unwrap_or(first)))
    }
}

/// Where the map is coming from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Load {
    /// Nothing asked.
    Idle,
    /// A shared map being fetched (the fetch numbered so).
    Fetching(u64, &'static SharedMap),
    /// What went wrong with the last map or scenario file, where.
    Failed(String),
}

/// The page's state.
#[derive(Clone, Debug)]
pub struct State {
    /// The link's settings.
    pub settings: Settings,
    /// What the link got wrong.
    pub notices: Vec<String>,
    /// The map's loading.
    pub load: Load,
    /// The fetch asked last (its answer carries the number).
    pub fetch_id: u64,
    /// The map open.
    pub map: Option<Rc<Opened>>,
    /// The worker's search.
    pub run: Run,
    /// Increases with every search asked for; the worker's messages carry it.
    pub run_id: u64,
    /// The search's record and end, once done.
    pub result: Option<Rc<MapResult>>,
    /// Stepping on its own.
    pub playing: bool,
    /// Milliseconds between steps while playing.
    pub speed: u32,
    /// The step the link asked for, applied when the search is done.
    pub pending_step: Option<usize>,
    /// The fetch under way was chosen in the menu: the new map opens on its first scenario
    /// (a link's fetch keeps the link's). Until it arrives the map open keeps its own.
    pub chosen: bool,
}

/// What can happen on the maps page.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// A step control.
    Control(Control),
    /// The play timer fired.
    Tick,
    /// A shared map chosen (fetched next).
    Choose(&'static SharedMap),
    /// A fetch answered: the map's and the scenarios' texts, or why not.
    Fetched(u64, Result<(String, String), String>),
    /// A file opened or dropped: its name and text (a `.scen` file is a scenario file, any
    /// other a map).
    File(String, String),
    /// Another scenario.
    Scenario(usize),
    /// Another search.
    Search(MapSearch),
    /// Another heuristic.
    Heuristic(GridHeuristic),
    /// Weighted A*'s w, in tenths.
    Weight(u32),
    /// Stop the search.
    Stop,
    /// A message from the worker, about run `id`.
    Worker(u64, Reply<Answer>),
}

impl State {
    /// The page as `route` opens it: a shared map it names is fetched first.
    pub fn new(route: &Route) -> State {
        let (mut settings, notices) = Settings::from_route(route);
        // The step the link asks for is taken once the search is done (no step before).
        let pending_step = Some(std::mem::take(&mut settings.step));
        let mut state = State {
            pending_step,
            chosen: false,
            load: Load::Idle,
            fetch_id: 0,
            map: None,
            run: Run::Idle,
            run_id: 0,
            result: None,
            playing: false,
            speed: 300,
            notices,
            settings,
        };
        if let Some(m) = state.settings.map {
            state.fetch_id = 1;
            state.load = Load::Fetching(1, m);
        }
        state
    }

    /// Steps in the record.
    pub fn steps(&self) -> usize {
        self.result.as_ref().map_or(0, |r| r.record.steps())
    }

    /// The scenario shown, if the map has scenarios.
    pub fn scenario(&self) -> Option<&Scenario> {
        self.map.as_ref()?.scenarios.get(self.settings.scen)
    }

    /// The request for the worker: the map, the scenario's ends and the search.
    pub fn request(&self) -> Option<Request> {
        let map = self.map.as_ref()?;
        let (start, goal) = map.ends(self.settings.scen)?;
        Some(Request {
            map: map.text.clone(),
            start,
            goal,
            search: self.settings.search,
            heuristic: self.settings.heuristic,
            w: self.settings.w,
            record: RECORD_STEPS,
        })
    }

    /// Asks for a new search of the map open (if any), from step 0.
    fn ask(&mut self) {
        self.playing = false;
        self.result = None;
        self.settings.step = 0;
        self.run_id += 1;
        self.run = if self.request().is_some() {
            Run::Running(0, 0, 0.0)
        } else {
            Run::Idle
        };
    }

    /// A map's text read: it replaces the map open, or — if it is not a map — says where it
    /// is wrong and the map open stays.
    fn open_map(&mut self, name: String, text: String, shared: Option<&'static SharedMap>) -> bool {
        match GridMap::parse(&text) {
            Ok(map) => {
                self.map = Some(Rc::new(Opened {
                    name,
                    text,
                    map,
                    scenarios: Vec::new(),
                    scen_name: None,
                }));
                self.settings.map = shared;
                self.load = Load::Idle;
                true
            }
            Err(e) => {
                self.load = Load::Failed(format!("{name} is not a map: {e}."));
                false
            }
        }
    }

    /// A scenario file's text read, for the map open: its scenarios, or where it is wrong.
    fn open_scenarios(&mut self, name: String, text: &str) -> bool {
        let Some(open) = &self.map else {
            self.load = Load::Failed(format!(
                "{name} is a scenario file: open its map (.map) first, then the scenarios."
            ));
            return false;
        };
        match Scenario::parse_file(text, Some(&open.map)) {
            Ok(scenarios) => {
                self.map = Some(Rc::new(Opened {
                    name: open.name.clone(),
                    text: open.text.clone(),
                    map: open.map.clone(),
                    scenarios,
                    scen_name: Some(name),
                }));
                self.load = Load::Idle;
                true
            }
            Err(e) => {
                self.load = Load::Failed(format!(
                    "{name} does not hold scenarios for {}: {e}.",
                    open.name
                ));
                false
            }
        }
    }

    /// The fetched map and its scenarios (`chosen`: in the menu, so shown from its first
    /// scenario).
    fn fetched(
        &mut self,
        shared: &'static SharedMap,
        texts: Result<(String, String), String>,
        chosen: bool,
    ) {
        match texts {
            Ok((map, scen)) => {
                if !self.open_map(shared.map.into(), map, Some(shared)) {
                    return;
                }
                if chosen {
                    self.settings.scen = 0;
                }
                if self.open_scenarios(shared.scen.into(), &scen) {
                    let n = self.map.as_ref().map_or(0, |m| m.scenarios.len());
                    if self.settings.scen >= n && n > 0 {
                        self.notices.push(format!(
                            "The link asks for scenario {}, but {} has {n} (0 to {}); showing scenario 0.",
                            self.settings.scen,
                            shared.scen,
                            n - 1
                        ));
                        self.settings.scen = 0;
                    }
                }
            }
            Err(why) => {
                self.load = Load::Failed(format!("{} could not be fetched: {why}.", shared.map))
            }
        }
    }

    fn playback(&mut self) -> Playback<'_> {
        Playback {
            step: &mut self.settings.step,
            playing: &mut self.playing,
            speed: &mut self.speed,
        }
    }

    /// A message from the worker about the search shown.
    fn worker_message(&mut self, message: Reply<Answer>) {
        match message {
            Reply::Progress(Progress {
                generated,
                expanded,
                millis,
            }) => self.run = Run::Running(generated, expanded, millis),
            Reply::Answer(Answer::Done(result)) => {
                let len = result.record.steps();
                self.run = Run::Done(Box::new(result.summary.clone()));
                self.result = Some(Rc::from(result));
                if let Some(step) = self.pending_step.take() {
                    if step > len {
                        self.notices.push(format!("The link asks for step {step}, but this search has {len} steps; showing the last."));
                    }
                    self.settings.step = step.min(len);
                }
            }
            Reply::Failed(why) => {
                self.run = Run::Failed(why);
                self.result = None;
                self.settings.step = 0;
                self.playing = false;
            }
        }
    }
}

impl crate::Reducer for State {
    type Action = Action;

    fn ignores(&self, action: &Action) -> bool {
        let s = &self.settings;
        match action {
            Action::Control(c) => !changes(s.step, self.playing, self.speed, self.steps(), *c),
            Action::Tick => !ticks(self.playing),
            Action::Choose(m) => {
                s.map == Some(*m) && self.map.is_some()
                    || matches!(self.load, Load::Fetching(_, f) if f == *m)
            }
            Action::Fetched(id, _) => !matches!(self.load, Load::Fetching(f, _) if f == *id),
            Action::Scenario(k) => {
                *k == s.scen || *k >= self.map.as_ref().map_or(0, |m| m.scenarios.len())
            }
            Action::Search(a) => *a == s.search,
            Action::Heuristic(h) => *h == s.heuristic,
            Action::Weight(w) => *w == s.w || !(10..=arbor_puzzles::MAX_INFLATION).contains(w),
            Action::Stop => !matches!(self.run, Run::Running(..)),
            // Only the search under way is listened to.
            Action::Worker(id, _) => *id != self.run_id || !matches!(self.run, Run::Running(..)),
            Action::File(..) => false,
        }
    }

    fn apply(&mut self, action: Action) {
        let len = self.steps();
        match action {
            Action::Control(c) => self.playback().apply(c, len),
            Action::Tick => self.playback().tick(len),
            Action::Choose(m) => {
                self.fetch_id += 1;
                self.load = Load::Fetching(self.fetch_id, m);
                self.chosen = true;
                // What the link got wrong is no longer what the page shows.
                self.notices.clear();
            }
            Action::Fetched(id, texts) => {
                if let Load::Fetching(f, m) = self.load.clone() {
                    if f == id {
                        let chosen = std::mem::take(&mut self.chosen);
                        self.fetched(m, texts, chosen);
                        self.ask();
                    }
                }
            }
            Action::File(name, text) => {
                // A file replaces whatever was being fetched.
                self.fetch_id += 1;
                self.chosen = false;
                self.notices.clear();
                let opened = if name.to_ascii_lowercase().ends_with(".scen") {
                    self.open_scenarios(name, &text)
                } else {
                    self.open_map(name, text, None)
                };
                if opened {
                    self.settings.scen = 0;
                    self.ask();
                } else if matches!(self.load, Load::Fetching(..)) {
                    self.load = Load::Idle;
                }
            }
            Action::Scenario(k) => {
                self.settings.scen = k;
                self.ask();
            }
            Action::Search(a) => {
                self.settings.search = a;
                self.ask();
            }
            Action::Heuristic(h) => {
                self.settings.heuristic = h;
                self.ask();
            }
            Action::Weight(w) => {
                self.settings.w = w;
                self.ask();
            }
            Action::Stop => {
                if let Run::Running(generated, ..) = self.run {
                    self.run = Run::Stopped(generated);
                    self.run_id += 1;
                }
            }
            Action::Worker(id, message) => {
                if id == self.run_id {
                    self.worker_message(message);
                }
            }
        }
    }
}

crate::stepped_page!(State, Settings);

/// How a map search ended, in words (the engine's counts; a length in steps with four
/// decimals).
pub fn map_status(summary: &crate::search::SearchSummary) -> String {
    let (expanded, generated) = (summary.stats.expanded, summary.stats.generated);
    // Whole milliseconds (never "-0").
    let ms = summary.millis.max(0.0).round() as u64;
    match summary.status {
        arbor_search::Status::Found => format!(
            "Found a path of length {} after expanding {expanded} and generating {generated} nodes in {ms} ms.",
            fixed_steps(summary.cost, 4)
        ),
        arbor_search::Status::Exhausted => format!(
            "No path: the goal cannot be reached from the start (every reachable cell expanded: {expanded})."
        ),
        _ => crate::search::page::status_words(summary, crate::search::CostUnit::Steps),
    }
}

/// A length in steps with eight decimals, as the scenario files write theirs.
pub fn length_words(length: arbor_search::Cost) -> String {
    fixed_steps(length, 8)
}
