//! The MCTS page: its settings (all in the URL), state and reducer. The run itself happens in
//! the worker; the page asks for it whenever the settings change, and replays what comes back.

use std::rc::Rc;

use crate::control::{Control, Playback};
use crate::mcts::{parse_exploration, MctsSettings, MctsSource, MctsView, MAX_ITERATIONS};
use crate::play::{Kind, Rules};
use crate::route::Route;
use crate::worker_api::FromWorker;

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
    Worker(u64, FromWorker),
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
            self.progress = None;
            self.playing = false;
            self.pending_step = None;
        }
        Ok(())
    }
}

impl crate::Reducer for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = Rc::unwrap_or_clone(self);
        let len = s.steps();
        match action {
            Action::Control(c) => s.playback().apply(c, len),
            Action::Tick => s.playback().tick(len),
            Action::Game(kind) => {
                s.text_error = None;
                let (text, moves) = (s.text.clone(), s.moves.clone());
                s.error = s
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
                if let MctsSource::Game { moves, .. } = &s.settings.request.source {
                    s.moves = moves.clone();
                }
            }
            Action::Text(text) => {
                s.text = text.clone();
                s.text_error = s.ask(|x| x.request.source = MctsSource::Tree(text)).err();
            }
            Action::Moves(moves) => {
                s.moves = moves.clone();
                if let MctsSource::Game { rules, o_first, .. } = s.settings.request.source.clone() {
                    // Shown (and kept in the link) by the names the table gives the moves.
                    let moves = crate::mcts::named_moves(&rules, &moves);
                    s.moves = moves.clone();
                    s.error = s
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
            Action::Iterations(text) => match text.trim().parse::<u64>() {
                Ok(n) if (1..=MAX_ITERATIONS).contains(&n) => {
                    s.error = s.ask(|x| x.request.iterations = n).err()
                }
                _ => {
                    s.error = Some(format!(
                        "“{text}” is not a number of iterations from 1 to {MAX_ITERATIONS}"
                    ))
                }
            },
            Action::Exploration(text) => match parse_exploration(&text) {
                Ok(c) => s.error = s.ask(|x| x.request.exploration = c).err(),
                Err(e) => s.error = Some(format!("The exploration constant: {e}")),
            },
            Action::Seed(text) => match text.trim().parse::<u64>() {
                Ok(seed) => s.error = s.ask(|x| x.request.seed = seed).err(),
                Err(_) => s.error = Some(format!("“{text}” is not a seed (a whole number)")),
            },
            // Messages of a run asked for before the last are stale.
            Action::Worker(id, _) if id != s.asked => {}
            Action::Worker(_, FromWorker::Progress { generated, .. }) => {
                s.progress = Some(generated)
            }
            Action::Worker(_, FromWorker::Mcts(view)) => {
                s.running = false;
                s.progress = None;
                let len = view.len();
                s.view = Some(Rc::new(*view));
                if let Some(step) = s.pending_step.take() {
                    if step > len {
                        s.notices.push(format!(
                            "The link asks for step {step}, but this run has {len} steps; showing the last."
                        ));
                    }
                    s.settings.step = step.min(len);
                } else {
                    s.settings.step = 0;
                }
            }
            Action::Worker(_, FromWorker::Failed(e)) => {
                s.running = false;
                s.progress = None;
                s.error = Some(e);
            }
            Action::Worker(..) => {}
            Action::Stop => {
                s.running = false;
                s.progress = None;
                s.error = Some("Stopped: change a setting to run again.".into());
            }
        }
        Rc::new(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::run;
    use crate::route::View;
    use crate::Reducer;

    fn open(link: &str) -> Rc<State> {
        Rc::new(State::new(&Route::parse(link)))
    }

    /// What the page does when the worker answers: the run made from the state's request.
    fn answer(s: Rc<State>) -> Rc<State> {
        let view = run(&s.settings.request, &mut |_| {}).unwrap();
        let asked = s.asked;
        s.reduce(Action::Worker(asked, FromWorker::Mcts(Box::new(view))))
    }

    #[test]
    fn a_link_opens_at_its_step_and_settings_ask_for_new_runs() {
        let s = open("#/mcts?n=50&seed=3&step=12");
        assert!(s.running);
        let s = answer(s);
        assert_eq!(s.settings.step, 12);
        assert!(!s.running);
        let asked = s.asked;
        let s = s.reduce(Action::Exploration("0.5".into()));
        assert_eq!(s.settings.request.exploration, 50);
        assert_eq!(s.asked, asked + 1);
        assert_eq!(s.settings.step, 0);
        let s = answer(s);
        assert_eq!(s.settings.step, 0);
        // Bad input is named and changes nothing.
        for action in [
            Action::Exploration("lots".into()),
            Action::Iterations("0".into()),
            Action::Seed("-1".into()),
            Action::Text("[[1,2],[3".into()),
            Action::Text("[?[1,2],[3,4]]".into()),
        ] {
            let t = s.clone().reduce(action);
            assert!(t.error.is_some() || t.text_error.is_some());
            assert_eq!(t.asked, s.asked);
        }
        let s = s.reduce(Action::Game(Some(Kind::TicTacToe)));
        assert_eq!(s.settings.request.iterations, 1000);
        let s = s.reduce(Action::Moves("5".into()));
        let s = answer(s);
        let mut route = Route::new(View::Mcts);
        s.settings.to_route(&mut route);
        let back = State::new(&Route::parse(&route.to_hash()));
        assert_eq!(back.settings, s.settings);
        // A finished game is refused.
        let t = s.clone().reduce(Action::Moves("1425369".into()));
        assert!(
            t.error.as_deref().unwrap().contains("over"),
            "{:?}",
            t.error
        );
    }

    /// Tic-tac-toe's moves box and link name the moves as the table of root moves does
    /// (a1–c3); the Play page's numbered cells are read too, and shown by name.
    #[test]
    fn tic_tac_toe_moves_are_named_as_the_table_names_them() {
        let s = open("#/mcts?game=ttt&moves=51&n=50&seed=1");
        assert_eq!(s.moves, "b2a1");
        assert_eq!(s.error, None);
        let s = s.reduce(Action::Moves("b2 a1 C3".into()));
        assert_eq!((s.moves.as_str(), s.error.as_deref()), ("b2a1c3", None));
        let mut route = Route::new(View::Mcts);
        s.settings.to_route(&mut route);
        assert_eq!(route.get("moves"), Some("b2a1c3"));
        let back = State::new(&Route::parse(&route.to_hash()));
        assert_eq!(
            (back.settings, back.moves),
            (s.settings.clone(), s.moves.clone())
        );
        // The hint's words are the table's: its example is a position of named moves.
        let hint = crate::mcts::moves_hint(Some(Kind::TicTacToe));
        assert!(hint.contains("a1–c3") && hint.contains("b2a1"), "{hint}");
        let s = s.reduce(Action::Moves("b2a1".into()));
        let view = answer(s).view.clone().unwrap();
        assert!(
            view.moves.iter().any(|m| m.label == "c3"),
            "the table names c3"
        );
        // A move that is not one is named, and changes nothing.
        let t = open("#/mcts?game=ttt&moves=51").reduce(Action::Moves("b2d4".into()));
        assert!(
            t.error.as_deref().unwrap().contains("“d4”"),
            "{:?}",
            t.error
        );
    }

    #[test]
    fn a_broken_link_falls_back_and_says_so() {
        let s = open("#/mcts?tree=%5B%5B1%2C2%5D&n=lots&c=99");
        assert_eq!(s.notices.len(), 3, "{:?}", s.notices);
        assert_eq!(s.text, "[[1,2]");
        assert!(s.text_error.is_some());
        assert!(run(&s.settings.request, &mut |_| {}).is_ok());
        let s = answer(open("#/mcts?step=99999"));
        assert_eq!(s.settings.step, s.steps());
        assert!(s.notices[0].contains("99999"));
    }
}
