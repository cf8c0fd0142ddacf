//! The MCTS page: its settings (all in the URL), state and reducer. The run itself happens in
//! the worker; the page asks for it whenever the settings change, and replays what comes back.

use crate::url::UrlSettings;
use std::rc::Rc;

use crate::control::{changes, ticks, Control, Playback};
use crate::game::{Kind, Rules};
use crate::mcts::{parse_exploration, MctsSettings, MctsSource, MctsView, MAX_ITERATIONS};
use crate::route::Route;
use crate::work::Reply;

/// The page's state.
#[derive(Clone)]
pub struct State {
    /// The settings, all in the URL.
    pub settings: MctsSettings,
    /// The last run that came back (for the settings, unless `running`).
    pub view: Option<Rc<MctsView>>,
    /// A run is on its way: its number (the worker is asked again when it changes).
    pub asked: u64,
    /// A run is under way.
    pub running: bool,
    /// Iterations done so far in the run under way.
    pub progress: Option<u64>,
    /// The tree text box (it may hold a tree that does not parse).
    pub text: String,
    /// The moves box.
    pub moves: String,
    /// What is wrong with the inputs or the run, if anything.
    pub error: Option<String>,
    /// The run for the settings shown was stopped: the tree shown is the last run that
    /// finished, until a setting changes.
    pub stopped: bool,
    /// What is wrong with the tree text box's tree, if anything.
    pub text_error: Option<String>,
    /// Stepping on its own.
    pub playing: bool,
    /// Milliseconds between steps while playing.
    pub speed: u32,
    /// Notes for the reader: what a link got wrong.
    pub notices: Vec<String>,
    /// The step the link asked for, kept until the run it belongs to arrives.
    pending_step: Option<usize>,
}

/// What can happen on the page.
pub enum Action {
    /// A step control.
    Control(Control),
    /// The play timer fired.
    Tick,
    /// Search a tree (`None`) or a game's position.
    Game(Option<Kind>),
    /// The tree text changed.
    Text(String),
    /// The moves changed.
    Moves(String),
    /// Iterations.
    Iterations(String),
    /// The exploration constant.
    Exploration(String),
    /// The seed.
    Seed(String),
    /// The worker's message about run number `.0`.
    Worker(u64, Reply<super::Answer>),
    /// Stop the run under way.
    Stop,
}

impl State {
    /// The step controls' hold on the state.
    fn playback(&mut self) -> Playback<'_> {
        Playback {
            step: &mut self.settings.step,
            playing: &mut self.playing,
            speed: &mut self.speed,
        }
    }

    /// The page as the route opens it: the run is asked for at once.
    pub fn new(route: &Route) -> State {
        let (settings, notices) = MctsSettings::from_route(route);
        let (text, moves) = match &settings.request.source {
            MctsSource::Tree(t) => (t.clone(), String::new()),
            MctsSource::Game { moves, .. } => {
                (crate::mcts::DEFAULT_TREE.to_string(), moves.clone())
            }
        };
        let pending_step = Some(settings.step);
        let mut state = State {
            settings,
            view: None,
            asked: 1,
            running: true,
            progress: None,
            text,
            moves,
            error: None,
            stopped: false,
            text_error: None,
            playing: false,
            speed: 700,
            notices,
            pending_step,
        };
        if let Err(e) = state.settings.request.source.prepare() {
            state.notices.push(format!(
                "The link's {} cannot be searched: {e}. Showing the first example instead.",
                if matches!(state.settings.request.source, MctsSource::Tree(_)) {
                    "tree"
                } else {
                    "position"
                }
            ));
            state.text_error = Some(e);
            state.settings.request.source = MctsSource::Tree(crate::mcts::DEFAULT_TREE.into());
        }
        state
    }

    /// What the settings' panel says of the inputs and the run: what is wrong, or that the
    /// run was stopped.
    pub fn message(&self) -> Option<String> {
        self.error.clone().or_else(|| {
            self.stopped.then(|| {
                let shown = if self.view.is_some() {
                    " the tree shown is the last run that finished, with other settings;"
                } else {
                    ""
                };
                format!("Stopped:{shown} change a setting to run again.")
            })
        })
    }

    /// Steps of the run shown.
    pub fn steps(&self) -> usize {
        self.view.as_ref().map_or(0, |v| v.len())
    }

    /// Asks for a new run with changed settings if they can be searched; otherwise says why
    /// (the caller shows it where it belongs) and keeps the last run.
    fn ask(&mut self, change: impl FnOnce(&mut MctsSettings)) -> Result<(), String> {
        let mut settings = self.settings.clone();
        change(&mut settings);
        settings.request.source.prepare()?;
        if settings.request != self.settings.request {
            settings.step = 0;
            self.settings = settings;
            self.asked += 1;
            self.running = true;
            self.stopped = false;
            self.progress = None;
            self.playing = false;
            self.pending_step = None;
        }
        Ok(())
    }
}

impl crate::Reducer for State {
    type Action = Action;

    fn ignores(&self, action: &Action) -> bool {
        match action {
            Action::Control(c) => !changes(
                self.settings.step,
                self.playing,
                self.speed,
                self.steps(),
                *c,
            ),
            Action::Tick => !ticks(self.playing),
            // Messages of a run asked for before the last are stale.
            Action::Worker(id, _) => *id != self.asked,
            Action::Stop => !self.running,
            _ => false,
        }
    }

    fn apply(&mut self, action: Action) {
        let len = self.steps();
        match action {
            Action::Control(c) => self.playback().apply(c, len),
            Action::Tick => self.playback().tick(len),
            Action::Game(kind) => self.choose_game(kind),
            Action::Text(text) => {
                self.text = text.clone();
                self.text_error = self
                    .ask(|x| x.request.source = MctsSource::Tree(text))
                    .err();
            }
            Action::Moves(moves) => self.set_moves(moves),
            Action::Iterations(text) => match text.trim().parse::<u64>() {
                Ok(n) if (1..=MAX_ITERATIONS).contains(&n) => {
                    self.error = self.ask(|x| x.request.iterations = n).err()
                }
                _ => {
                    self.error = Some(format!(
                        "“{text}” is not a number of iterations from 1 to {MAX_ITERATIONS}"
                    ))
                }
            },
            Action::Exploration(text) => match parse_exploration(&text) {
                Ok(c) => self.error = self.ask(|x| x.request.exploration = c).err(),
                Err(e) => self.error = Some(format!("The exploration constant: {e}")),
            },
            Action::Seed(text) => match text.trim().parse::<u64>() {
                Ok(seed) => self.error = self.ask(|x| x.request.seed = seed).err(),
                Err(_) => self.error = Some(format!("“{text}” is not a seed (a whole number)")),
            },
            // Messages of a run asked for before the last are stale.
            Action::Worker(id, _) if id != self.asked => {}
            Action::Worker(_, Reply::Progress(p)) => {
                let generated = p.generated;
                self.progress = Some(generated)
            }
            Action::Worker(_, Reply::Answer(view)) => self.run_arrived(*view),
            Action::Worker(_, Reply::Failed(e)) => {
                self.running = false;
                self.progress = None;
                self.error = Some(e);
            }
            Action::Stop => {
                self.running = false;
                self.progress = None;
                self.stopped = true;
            }
        }
    }
}

/// What each action does, one method per action (see [`State`]'s reducer).
impl State {
    /// Searches a tree (`None`) or a game of `kind` from the moves in the box (if they are of
    /// that game), with the iterations each needs.
    fn choose_game(&mut self, kind: Option<Kind>) {
        self.text_error = None;
        let (text, moves) = (self.text.clone(), self.moves.clone());
        self.error = self
            .ask(|x| {
                x.request.source = match kind {
                    None => MctsSource::Tree(text),
                    Some(k) => MctsSource::Game {
                        rules: Rules::of(k),
                        o_first: false,
                        moves: if Some(k) == x.request.source.kind() {
                            moves
                        } else {
                            String::new()
                        },
                    },
                };
                // Games need more iterations than a small tree to say anything.
                x.request.iterations = if kind.is_some() { 1000 } else { 100 };
            })
            .err();
        if let MctsSource::Game { moves, .. } = &self.settings.request.source {
            self.moves = moves.clone();
        }
    }

    /// Keeps the moves box's new text and, for a game, searches after those moves.
    fn set_moves(&mut self, moves: String) {
        self.moves = moves.clone();
        if let MctsSource::Game { rules, o_first, .. } = self.settings.request.source.clone() {
            // Shown (and kept in the link) by the names the table gives the moves.
            let moves = crate::mcts::named_moves(&rules, &moves);
            self.moves = moves.clone();
            self.error = self
                .ask(|x| {
                    x.request.source = MctsSource::Game {
                        rules,
                        moves,
                        o_first,
                    }
                })
                .err();
        }
    }

    /// The run asked for came back: it is shown, at the step the link asked for (the first
    /// run only) or at the start.
    fn run_arrived(&mut self, view: MctsView) {
        self.running = false;
        self.progress = None;
        let len = view.len();
        self.view = Some(Rc::new(view));
        if let Some(step) = self.pending_step.take() {
            if step > len {
                self.notices.push(format!(
                    "The link asks for step {step}, but this run has {len} steps; showing the last."
                ));
            }
            self.settings.step = step.min(len);
        } else {
            self.settings.step = 0;
        }
    }
}

crate::stepped_page!(State, crate::mcts::MctsSettings);
