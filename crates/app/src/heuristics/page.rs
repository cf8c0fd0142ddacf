//! The heuristics lab page: a board's every estimate beside its true distance and the pattern
//! database's groups; Korf's 100 solved in the tab; the textbook's table of nodes and b*. The
//! work is done in the worker ([`crate::heuristics`]), which keeps its pattern databases from one job
//! to the next; the page shows what comes back.

use std::rc::Rc;

use arbor_puzzles::heuristic_table::{Row, TableSpec};
use arbor_puzzles::{parse_tiles, NPuzzle, MAX_CELLS};

use crate::heuristics::{EstimatesView, Job, KorfRow, LabAnswer, LabRequest};
use crate::route::Route;
use crate::url::{UrlSettings, UrlWarning};
use crate::work::Reply;
use arbor_util::group_thousands;

/// Russell and Norvig's 8-puzzle (their Figure 3.28): misplaced tiles 8, Manhattan 18, 26 moves.
pub const TEXTBOOK_BOARD: [u8; 9] = [7, 2, 4, 5, 0, 6, 8, 3, 1];

/// The board shapes offered (rows, columns).
pub const SHAPES: [(u8, u8); 7] = [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)];

/// How many of Korf's instances the page offers to solve.
pub const KORF_COUNTS: [u32; 4] = [10, 25, 50, 100];

/// Puzzles per depth the table offers.
pub const PER_DEPTH: [u32; 4] = [10, 20, 50, 100];

/// The page's settings, all in the URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
    /// The board.
    pub tiles: Vec<u8>,
    /// The goal has the blank first (else last).
    pub blank_first: bool,
    /// The table: puzzles per depth.
    pub per_depth: u32,
    /// The table: iterative deepening up to this depth.
    pub ids_max: u32,
    /// Korf's instances solved: 1 to this.
    pub korf: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            rows: 3,
            cols: 3,
            tiles: TEXTBOOK_BOARD.to_vec(),
            blank_first: true,
            per_depth: 20,
            ids_max: 10,
            korf: 100,
        }
    }
}

impl Settings {
    /// The goal tiles.
    pub fn goal(&self) -> Vec<u8> {
        let n = self.rows as usize * self.cols as usize;
        if self.blank_first {
            (0..n as u8).collect()
        } else {
            NPuzzle::standard_goal(n)
        }
    }

    /// The table's request.
    pub fn table_spec(&self) -> TableSpec {
        TableSpec {
            depths: (1..=12).map(|i| 2 * i).collect(),
            per_depth: self.per_depth,
            ids_max_depth: self.ids_max,
            seed: 1,
        }
    }
}

/// The lab's jobs, as the page tracks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// A board's estimates.
    Estimates,
    /// Korf's 100.
    Korf,
    /// The textbook's table.
    Table,
}

/// The page's state.
#[derive(Clone, Debug)]
pub struct State {
    /// The settings, all in the URL.
    pub settings: Settings,
    /// The board's text box (it may hold a board that is not one).
    pub text: String,
    /// What is wrong with the text box's board, if anything.
    pub error: Option<String>,
    /// What a link got wrong.
    pub notices: Vec<String>,
    /// The current run's number (the worker is asked again when it changes).
    pub asked: u64,
    /// The current run's request.
    pub request: Option<LabRequest>,
    /// The worker is to be replaced before the request (a job is under way).
    pub fresh: bool,
    /// Stop asked this many times (the worker goes each time).
    pub stops: u64,
    /// The job under way.
    pub running: Option<Work>,
    /// A database under construction: the share done and which.
    pub building: Option<(f64, String)>,
    /// The last database ready: which, and its build time (0 when it was built before).
    pub built: Option<(String, f64)>,
    /// The board's estimates.
    pub estimates: Option<Rc<EstimatesView>>,
    /// Korf's instances solved so far.
    pub korf: Vec<KorfRow>,
    /// Korf's run: milliseconds solving took, and building, once done.
    pub korf_done: Option<(f64, f64)>,
    /// The table's rows so far.
    pub table: Vec<Row>,
    /// The table under way: the depth and puzzles done.
    pub working: Option<(u32, u32)>,
    /// The table's time once done.
    pub table_done: Option<f64>,
    /// The worker's failure, if the last job failed.
    pub failed: Option<String>,
    /// The job the user stopped last (until another starts).
    pub stopped: Option<Work>,
    /// Korf's run has its pattern database (built, or built before).
    pub korf_ready: bool,
}

/// What can happen on the page.
pub enum Action {
    /// The board's text changed.
    Text(String),
    /// Another board shape (a solved board of it).
    Shape(u8, u8),
    /// The goal's blank first or last.
    BlankFirst(bool),
    /// Korf's instance (1 to 100) as the board.
    Korf(u32),
    /// The textbook's 8-puzzle as the board.
    Textbook,
    /// A random solvable board of the shape.
    Shuffle(u64),
    /// Solve Korf's 100 in the worker.
    RunKorf,
    /// Make the textbook's table.
    RunTable,
    /// Puzzles per depth for the table.
    PerDepth(u32),
    /// Iterative deepening's deepest row.
    IdsMax(u32),
    /// How many of Korf's instances to solve.
    KorfCount(u32),
    /// Stop the job under way.
    Stop,
    /// The worker's message.
    Worker(Reply<super::Answer>),
}

fn tiles_text(tiles: &[u8]) -> String {
    tiles
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl State {
    /// The page as a route opens it: the board's estimates are asked for at once.
    pub fn new(route: &Route) -> State {
        let (settings, notices) = Settings::from_route(route);
        let mut state = State {
            text: tiles_text(&settings.tiles),
            settings,
            error: None,
            notices,
            asked: 0,
            request: None,
            fresh: false,
            stops: 0,
            running: None,
            building: None,
            built: None,
            estimates: None,
            korf: Vec::new(),
            korf_done: None,
            table: Vec::new(),
            working: None,
            table_done: None,
            failed: None,
            stopped: None,
            korf_ready: false,
        };
        state.estimate();
        state
    }

    fn start(&mut self, work: Work, job: Job) {
        self.asked += 1;
        // A job under way holds the worker: it goes, and a new one takes this job.
        self.fresh = self.running.is_some();
        self.running = Some(work);
        self.building = None;
        self.failed = None;
        self.stopped = None;
        self.request = Some(LabRequest {
            run: self.asked,
            job,
        });
        match work {
            // The last board's estimates are not this board's.
            Work::Estimates => self.estimates = None,
            Work::Korf => {
                self.korf.clear();
                self.korf_done = None;
                self.korf_ready = false;
            }
            Work::Table => {
                self.table.clear();
                self.working = None;
                self.table_done = None;
            }
        }
    }

    fn estimate(&mut self) {
        let s = &self.settings;
        let job = Job::Estimates {
            rows: s.rows,
            cols: s.cols,
            tiles: s.tiles.clone(),
            goal: s.goal(),
        };
        self.start(Work::Estimates, job);
    }

    /// Sets the board if it is one (else says why) and asks for its estimates.
    fn board(&mut self, tiles: Vec<u8>) {
        let s = &self.settings;
        match NPuzzle::new(
            s.rows as usize,
            s.cols as usize,
            &tiles,
            &s.goal(),
            arbor_puzzles::Heuristic::Manhattan,
        ) {
            Ok(_) => {
                self.error = None;
                self.settings.tiles = tiles;
                self.estimate();
            }
            Err(e) => self.error = Some(e.0),
        }
    }
}

/// Milliseconds as seconds with one decimal ("1.5"), by integer arithmetic; never negative
/// (a sum of no times is −0.0 in floating point, which `{:.1}` writes "-0.0").
pub fn seconds(millis: f64) -> String {
    let tenths = (millis / 100.0).round();
    let tenths = if tenths > 0.0 { tenths as u64 } else { 0 };
    format!("{}.{}", tenths / 10, tenths % 10)
}

impl State {
    /// What Korf's run is doing or did, in words (`None` before it is asked for): the
    /// database being built and how far, the instances solved so far, all of them solved, or
    /// how far it got when the user stopped it.
    pub fn korf_status(&self) -> Option<String> {
        let of = self.settings.korf;
        let n = self.korf.len();
        let nodes: u64 = self.korf.iter().map(|r| r.nodes).sum();
        let millis: f64 = self.korf.iter().map(|r| r.millis).sum();
        let so_far = format!(
            "{} s of solving, {} nodes",
            seconds(millis),
            group_thousands(nodes)
        );
        if let Some((solve, build)) = self.korf_done {
            let (manhattan, ours) = self
                .korf
                .iter()
                .filter_map(|r| r.manhattan_nodes.map(|m| (m, r.nodes)))
                .fold((0u64, 0u64), |(a, b), (m, n)| (a + m, b + n));
            let wrong = self.korf.iter().filter(|r| r.length != r.expected).count();
            return Some(format!(
                "All {n} instances solved in {} s ({}{} s to solve): {} nodes, {}× fewer than Manhattan distance.{}",
                seconds(solve + build),
                if build > 0.0 {
                    format!("{} s to build the database, ", seconds(build))
                } else {
                    "the database was built before, for a board above; ".into()
                },
                seconds(solve),
                group_thousands(nodes),
                manhattan / ours.max(1),
                if wrong > 0 {
                    format!(" {wrong} lengths differ from the data!")
                } else {
                    " Every length is the optimal one.".into()
                }
            ));
        }
        if self.stopped == Some(Work::Korf) {
            return Some(if n == 0 && !self.korf_ready {
                format!(
                    "Stopped by you while the pattern database was being built: 0 of {of} solved."
                )
            } else {
                format!("Stopped by you after {n} of {of} solved ({so_far}).")
            });
        }
        if self.running != Some(Work::Korf) {
            return None;
        }
        Some(match &self.building {
            Some((fraction, what)) => format!(
                "Building the {what} pattern database before solving: {}%…",
                arbor_util::clamp(100.0 * fraction, 0.0, 100.0).round() as u32
            ),
            None if !self.korf_ready => {
                "Getting the pattern database ready before solving…".to_string()
            }
            None => format!("{n} of {of} solved so far ({so_far})…"),
        })
    }

    /// What the table's run is doing or did, in words (`None` before it is asked for).
    pub fn table_status(&self) -> Option<String> {
        let depths = self.settings.table_spec().depths.len();
        if let Some(ms) = self.table_done {
            return Some(format!("Done in {} s.", seconds(ms)));
        }
        if self.stopped == Some(Work::Table) {
            let made = self.table.len();
            return Some(match self.working {
                Some((depth, _)) => {
                    format!("Stopped by you at depth {depth}, after {made} of {depths} depths.")
                }
                None => format!("Stopped by you after {made} of {depths} depths."),
            });
        }
        if self.running != Some(Work::Table) {
            return None;
        }
        Some(match self.working {
            Some((depth, done)) => format!(
                "Depth {depth}: {done} of {} puzzles…",
                self.settings.per_depth
            ),
            None => "Working…".to_string(),
        })
    }
}

impl crate::Reducer for State {
    type Action = Action;

    fn ignores(&self, action: &Action) -> bool {
        let s = &self.settings;
        match action {
            Action::PerDepth(n) => (*n).clamp(1, 100) == s.per_depth,
            Action::IdsMax(d) => (*d).min(14) == s.ids_max,
            Action::KorfCount(n) => (*n).clamp(1, 100) == s.korf,
            Action::Stop => self.running.is_none(),
            // Answers to a run asked for before the last are stale.
            Action::Worker(Reply::Answer((run, _))) => *run != self.asked,
            Action::Worker(Reply::Failed(_)) => self.running.is_none(),
            _ => false,
        }
    }

    fn apply(&mut self, action: Action) {
        match action {
            Action::Text(text) => self.set_text(text),
            Action::Shape(rows, cols) => self.set_shape(rows, cols),
            Action::BlankFirst(first) => {
                if first != self.settings.blank_first {
                    self.settings.blank_first = first;
                    let tiles = self.settings.tiles.clone();
                    self.board(tiles);
                }
            }
            Action::Korf(id) => {
                // The worker has Korf's boards: it answers with the board and its estimates.
                self.error = None;
                self.start(Work::Estimates, Job::KorfBoard { id });
            }
            Action::Textbook => {
                self.settings.rows = 3;
                self.settings.cols = 3;
                self.settings.blank_first = true;
                self.text = tiles_text(&TEXTBOOK_BOARD);
                self.board(TEXTBOOK_BOARD.to_vec());
            }
            Action::Shuffle(seed) => self.shuffle(seed),
            Action::RunKorf => {
                let last = self.settings.korf;
                self.start(Work::Korf, Job::Korf { first: 1, last })
            }
            Action::KorfCount(n) => self.settings.korf = n.clamp(1, 100),
            Action::RunTable => {
                let spec = self.settings.table_spec();
                self.start(Work::Table, Job::Table(spec));
            }
            Action::PerDepth(n) => self.settings.per_depth = n.clamp(1, 100),
            Action::IdsMax(d) => self.settings.ids_max = d.min(14),
            Action::Stop => {
                if let Some(work) = self.running.take() {
                    self.stops += 1;
                    self.building = None;
                    // (The table's depth under way is kept: the status says where it stopped.)
                    self.stopped = Some(work);
                }
            }
            Action::Worker(Reply::Answer((run, answer))) if run == self.asked => {
                self.answer(answer)
            }
            Action::Worker(Reply::Failed(e)) => {
                if self.running.take().is_some() {
                    self.failed = Some(e);
                    self.building = None;
                }
            }
            Action::Worker(_) => {}
        }
    }
}

/// What each action does, one method per action (see [`State`]'s reducer).
impl State {
    /// Keeps the text box's new text, and searches its board if it is a new one.
    fn set_text(&mut self, text: String) {
        self.text = text.clone();
        match parse_tiles(&text) {
            // The same board typed again (a space added) is not searched again.
            Ok(tiles) if tiles == self.settings.tiles => self.error = None,
            Ok(tiles) => self.board(tiles),
            Err(e) => self.error = Some(e),
        }
    }

    /// Another board shape, if it is not too big: its solved board, estimated.
    fn set_shape(&mut self, rows: u8, cols: u8) {
        if (rows, cols) != (self.settings.rows, self.settings.cols)
            && rows as usize * cols as usize <= MAX_CELLS
        {
            self.settings.rows = rows;
            self.settings.cols = cols;
            self.settings.tiles = self.settings.goal();
            self.text = tiles_text(&self.settings.tiles);
            self.error = None;
            self.estimate();
        }
    }

    /// A random solvable board of the shape, from `seed`.
    fn shuffle(&mut self, seed: u64) {
        let st = &self.settings;
        let goal = st.goal();
        if let Ok(p) = NPuzzle::new(
            st.rows as usize,
            st.cols as usize,
            &goal,
            &goal,
            arbor_puzzles::Heuristic::Manhattan,
        ) {
            // A random walk long enough to scatter the tiles; solvable by construction.
            let tiles = p.shuffled(400, seed).start_tiles();
            self.text = tiles_text(&tiles);
            self.board(tiles);
        }
    }

    /// An answer from the worker about the current run.
    fn answer(&mut self, answer: LabAnswer) {
        match answer {
            LabAnswer::Building { fraction, what } => self.building = Some((fraction, what)),
            LabAnswer::Built { what, millis } => {
                self.building = None;
                self.built = Some((what, millis));
                self.korf_ready |= self.running == Some(Work::Korf);
            }
            LabAnswer::Estimates(v) => {
                // The board shown is the one estimated (one of Korf's, when asked for).
                if v.tiles != self.settings.tiles || v.goal != self.settings.goal() {
                    self.settings.rows = v.rows;
                    self.settings.cols = v.cols;
                    self.settings.blank_first = v.goal.first() == Some(&0);
                    self.settings.tiles = v.tiles.clone();
                    self.text = tiles_text(&v.tiles);
                }
                self.estimates = Some(Rc::new(*v));
                self.running = None;
            }
            LabAnswer::Solved(row) => self.korf.push(row),
            LabAnswer::KorfDone { millis } => {
                let build = self.built.as_ref().map_or(0.0, |b| b.1);
                self.korf_done = Some((millis, build));
                self.running = None;
            }
            LabAnswer::Working { depth, done } => self.working = Some((depth, done)),
            LabAnswer::Row(row) => {
                self.working = None;
                self.table.push(row);
            }
            LabAnswer::TableDone { millis } => {
                self.table_done = Some(millis);
                self.running = None;
            }
            LabAnswer::Failed(e) => {
                self.failed = Some(e);
                self.running = None;
                self.building = None;
            }
        }
    }
}

impl UrlSettings for Settings {
    /// Reads the settings from a route, keeping defaults for what is missing or wrong and
    /// saying what was wrong.
    fn from_route(route: &Route) -> (Self, Vec<UrlWarning>) {
        let mut s = Settings::default();
        let mut notes = Vec::new();
        let mut new_size = false;
        if let Some(size) = route.get("size") {
            match size
                .split_once('x')
                .and_then(|(r, c)| Some((r.parse::<u8>().ok()?, c.parse::<u8>().ok()?)))
                .filter(|&(r, c)| r >= 2 && c >= 2 && r as usize * c as usize <= MAX_CELLS)
            {
                Some((r, c)) => {
                    (s.rows, s.cols) = (r, c);
                    s.tiles = (0..r * c).collect();
                    new_size = true;
                }
                None => notes.push(format!(
                    "The board size “{size}” is not ROWSxCOLS with at most {MAX_CELLS} cells; showing the textbook's 8-puzzle."
                )),
            }
        }
        match route.get("goal") {
            Some("first") | None => {}
            Some("last") => s.blank_first = false,
            Some(other) => notes.push(format!(
                "The goal “{other}” is not “first” or “last” (where the blank goes); the blank goes first."
            )),
        }
        if let Some(text) = route.get("tiles") {
            let n = s.rows as usize * s.cols as usize;
            match parse_tiles(text).and_then(|t| {
                NPuzzle::new(
                    s.rows as usize,
                    s.cols as usize,
                    &t,
                    &s.goal(),
                    arbor_puzzles::Heuristic::Manhattan,
                )
                .map(|_| t)
                .map_err(|e| e.0)
            }) {
                Ok(t) => s.tiles = t,
                Err(e) => {
                    notes.push(format!(
                        "The link's board cannot be used: {e}. Showing the solved board instead."
                    ));
                    s.tiles = s.goal();
                    debug_assert_eq!(s.tiles.len(), n);
                }
            }
        } else if new_size {
            s.tiles = s.goal();
        }
        if let Some(p) = route.get("per") {
            match p.parse::<u32>() {
                Ok(p) if (1..=100).contains(&p) => s.per_depth = p,
                _ => notes.push(format!(
                    "“{p}” is not a number of puzzles per depth from 1 to 100; using 20."
                )),
            }
        }
        if let Some(d) = route.get("ids") {
            match d.parse::<u32>() {
                Ok(d) if d <= 14 => s.ids_max = d,
                _ => notes.push(format!(
                    "“{d}” is not a depth from 0 to 14 for iterative deepening; using 10."
                )),
            }
        }
        if let Some(k) = route.get("korf") {
            match k.parse::<u32>() {
                Ok(k) if (1..=100).contains(&k) => s.korf = k,
                _ => notes.push(format!(
                    "“{k}” is not a number of Korf's instances from 1 to 100; solving all 100."
                )),
            }
        }
        (s, notes)
    }

    /// Writes the settings into a route.
    fn to_route(&self, route: &mut Route) {
        route.query.clear();
        route.set("size", format!("{}x{}", self.rows, self.cols));
        route.set(
            "tiles",
            self.tiles
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(","),
        );
        route.set("goal", if self.blank_first { "first" } else { "last" });
        route.set("per", self.per_depth.to_string());
        route.set("ids", self.ids_max.to_string());
        if self.korf != 100 {
            route.set("korf", self.korf.to_string());
        }
    }
}

impl crate::PageState for State {
    type Settings = Settings;
    fn open(route: &Route, _fresh_seed: u64) -> Self {
        State::new(route)
    }
    fn settings(&self) -> &Settings {
        &self.settings
    }
}
