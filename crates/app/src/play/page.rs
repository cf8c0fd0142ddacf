//! The Play page: the game, the AI's jobs in the worker, undo and redo, as state and reducer.

use crate::url::UrlSettings;

use super::{Answer, Request};
use crate::play::{move_seed, Kind, Move, Outcome, Player, Rules, Setup};
use crate::play::{Hint, ThinkRequest, Thinking, Thought};
use crate::route::Route;
use crate::work::Reply;

/// The AI's last move, and what reproduces its search.
#[derive(Clone, Debug, PartialEq)]
pub struct AiMove {
    /// The moves before it.
    pub before: String,
    /// The side that played it.
    pub side: usize,
    /// Its level.
    pub level: &'static str,
    /// Its seed.
    pub seed: u64,
    /// What it found.
    pub thought: Thought,
}

/// What the worker is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Nothing.
    Idle,
    /// The AI is choosing its move.
    Thinking,
    /// Scoring the moves for a hint.
    Hinting,
}

/// The page's state.
#[derive(Clone)]
pub struct State {
    /// The game: rules, players, moves played and undone.
    pub setup: Setup,
    /// Notes for the player: what a link got wrong.
    pub notes: Vec<String>,
    /// Why the last click was refused.
    pub message: Option<String>,
    /// Refusals so far: each is a new alert, so a screen reader hears it even when it repeats.
    pub refusals: u64,
    /// What the worker is doing.
    pub task: Task,
    /// Increases with every request to the worker.
    pub job: u64,
    /// Increases whenever the worker must be stopped.
    pub kill: u64,
    /// The AI's progress while it thinks.
    pub progress: Option<Thinking>,
    /// The AI's last move, to open the search behind it.
    pub last_ai: Option<AiMove>,
    /// Hints for the position with these moves.
    pub hints: Option<(String, Vec<Hint>)>,
    /// The AI waits (after Stop with nothing found, undo in AI-vs-AI, or a failure).
    pub paused: bool,
    /// What went wrong in the worker, if anything.
    pub failed: Option<String>,
}

/// What can happen on the page.
pub enum Action {
    /// A move on the board.
    Click(Move),
    /// Take back a move (back to a person's turn).
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Start again, with this new seed (drawn from the browser's random source).
    NewGame(u64),
    /// Who plays a side.
    Player(usize, Player),
    /// Tic-tac-toe: the first player plays O.
    OFirst(bool),
    /// Show hints.
    Hints(bool),
    /// Seconds the perfect connect-four AI may think.
    Think(u32),
    /// New rules (a new game, with this new seed).
    Rules(Rules, u64),
    /// Stop the AI: it plays the best move found so far.
    Stop,
    /// Let a paused AI move.
    Resume,
    /// A message from the worker about job `u64`.
    Worker(u64, Reply<Answer>),
}

impl State {
    /// The page as a link opens it: exactly the position it holds. If the AI is to move there,
    /// it waits to be asked (Continue), so the position shown is the one shared. Without a
    /// seed in the link, the game gets `fresh_seed`.
    pub fn new(route: &Route, fresh_seed: u64) -> State {
        let (mut setup, notes) = Setup::from_route(route);
        if route.get("seed").is_none() {
            setup.seed = fresh_seed;
        }
        let ai_to_move = matches!(setup.position().outcome(&setup.rules),
            Outcome::ToMove(side) if setup.players[side] != Player::Human);
        let mut s = State {
            setup,
            notes,
            message: None,
            refusals: 0,
            task: Task::Idle,
            job: 0,
            kill: 0,
            progress: None,
            last_ai: None,
            hints: None,
            paused: ai_to_move,
            failed: None,
        };
        s.schedule();
        s
    }

    /// Stops whatever the worker is doing.
    fn cancel(&mut self) {
        if self.task != Task::Idle {
            self.task = Task::Idle;
            self.kill += 1;
            self.job += 1;
        }
        self.progress = None;
    }

    /// Gives the worker its next job, if there is one: the AI's move, or hints for a person.
    fn schedule(&mut self) {
        if self.task != Task::Idle {
            return;
        }
        let pos = self.setup.position();
        let Outcome::ToMove(side) = pos.outcome(&self.setup.rules) else {
            return;
        };
        match self.setup.players[side] {
            Player::Ai(_) if !self.paused => {
                self.task = Task::Thinking;
                self.job += 1;
                self.progress = None;
            }
            Player::Human if self.setup.hints => {
                let moves = self.setup.moves_text();
                if self.hints.as_ref().is_none_or(|(m, _)| *m != moves) {
                    self.task = Task::Hinting;
                    self.job += 1;
                }
            }
            _ => {}
        }
    }

    /// The request for the current job.
    pub fn request(&self) -> Option<Request> {
        let s = &self.setup;
        match self.task {
            Task::Idle => None,
            Task::Thinking => {
                let side = s.position().to_move();
                let level = s.level(side)?;
                Some(Request::Think(ThinkRequest {
                    rules: s.rules.clone(),
                    moves: s.moves_text(),
                    level: level.key.to_string(),
                    seed: move_seed(s),
                    millis: s.think_seconds * 1000,
                }))
            }
            Task::Hinting => Some(Request::Hints {
                rules: s.rules.clone(),
                moves: s.moves_text(),
            }),
        }
    }

    /// True if some side is played by a person.
    pub fn has_human(&self) -> bool {
        self.setup.players.contains(&Player::Human)
    }

    /// Takes back (or plays again) a move with `step`, and goes on until a person is to move
    /// (one move only when nobody plays). False if there was no move to step over.
    fn walk(&mut self, step: fn(&mut Setup) -> bool) -> bool {
        if !step(&mut self.setup) {
            return false;
        }
        if self.has_human() {
            while self.setup.players[self.setup.position().to_move()] != Player::Human
                && step(&mut self.setup)
            {}
        }
        true
    }

    /// Plays the AI's move.
    fn apply_ai(&mut self, thought: Thought) {
        let pos = self.setup.position();
        let side = pos.to_move();
        let Some(level) = self.setup.level(side) else {
            return;
        };
        let before = self.setup.moves_text();
        let seed = move_seed(&self.setup);
        if let Err(e) = self.setup.play(thought.mv) {
            self.failed = Some(format!("The AI chose a move that is not allowed: {e}"));
            self.paused = true;
            return;
        }
        self.last_ai = Some(AiMove {
            before,
            side,
            level: level.key,
            seed,
            thought,
        });
    }

    /// A new game: no moves, nothing remembered of the last, this seed.
    fn restart(&mut self, seed: u64) {
        self.cancel();
        self.setup.moves.clear();
        self.setup.played = 0;
        self.setup.seed = seed;
        self.last_ai = None;
        self.hints = None;
        self.paused = false;
        self.failed = None;
        self.message = None;
    }
}

impl crate::Reducer for State {
    type Action = Action;

    fn ignores(&self, action: &Action) -> bool {
        match action {
            // Messages about a job since cancelled or replaced are stale.
            Action::Worker(job, _) => *job != self.job,
            Action::Hints(on) => *on == self.setup.hints,
            Action::Think(secs) => (*secs).clamp(1, 60) == self.setup.think_seconds,
            Action::Stop => self.task != Task::Thinking,
            Action::Resume => !self.paused && self.failed.is_none(),
            _ => false,
        }
    }

    fn apply(&mut self, action: Action) {
        // A refusal is told anew each time, the same words or not.
        let refusable = matches!(action, Action::Click(_) | Action::Undo | Action::Redo);
        match action {
            Action::Click(mv) => self.click(mv),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::NewGame(seed) => self.restart(seed),
            Action::Player(side, player) => {
                self.cancel();
                self.setup.players[side] = player;
                self.paused = false;
                self.failed = None;
            }
            Action::OFirst(o) => self.setup.o_first = o && self.setup.rules.kind == Kind::TicTacToe,
            Action::Hints(on) => {
                self.setup.hints = on;
                if !on && self.task == Task::Hinting {
                    self.cancel();
                }
            }
            Action::Think(secs) => self.setup.think_seconds = secs.clamp(1, 60),
            Action::Rules(rules, seed) => self.set_rules(rules, seed),
            Action::Stop => self.stop(),
            Action::Resume => {
                self.paused = false;
                self.failed = None;
            }
            Action::Worker(job, message) => {
                if job != self.job {
                    return;
                }
                self.worker_message(message);
            }
        }
        if refusable && self.message.is_some() {
            self.refusals += 1;
        }
        self.schedule();
    }
}

/// What each action does, one method per action (see [`State`]'s reducer).
impl State {
    /// A person's move: played if it is their turn and the move is allowed, otherwise the
    /// message says why not.
    fn click(&mut self, mv: Move) {
        let pos = self.setup.position();
        let rules = &self.setup.rules;
        self.message = match pos.outcome(rules) {
            Outcome::ToMove(side) if self.setup.players[side] != Player::Human => Some(format!(
                "It is the AI's turn ({}); wait for it, or press Stop.",
                self.setup.side_name(side)
            )),
            Outcome::ToMove(_) => match pos.play(rules, mv) {
                Err(e) => Some(format!("That move is not allowed: {e}.")),
                Ok(_) => {
                    if self.task == Task::Hinting {
                        self.cancel();
                    }
                    let _ = self.setup.play(mv);
                    // A person moved: the AI answers.
                    self.paused = false;
                    None
                }
            },
            _ => Some("The game is over: start a new game, or undo.".into()),
        };
    }

    /// Takes back moves, back to a person's turn.
    fn undo(&mut self) {
        self.cancel();
        self.message = None;
        if self.walk(Setup::undo) {
            // In a game the AI plays alone, nobody's turn stops it: wait.
            self.paused = !self.has_human();
            self.last_ai = None;
        } else {
            self.message = Some("There is no move to take back.".into());
        }
    }

    /// Plays again moves taken back, up to a person's turn.
    fn redo(&mut self) {
        self.cancel();
        self.message = None;
        if self.walk(Setup::redo) {
            self.last_ai = None;
        } else {
            self.message = Some("There is no move to play again.".into());
        }
    }

    /// Another game: it keeps who plays, each AI at a level the new game has.
    fn set_rules(&mut self, rules: Rules, seed: u64) {
        let kind = rules.kind;
        for player in &mut self.setup.players {
            if let Player::Ai(level) = player {
                if kind.level(level).is_none() {
                    *player = Player::Ai(kind.default_level().key);
                }
            }
        }
        self.setup.o_first &= kind == Kind::TicTacToe;
        self.setup.rules = rules;
        self.restart(seed);
    }

    /// Stops the AI thinking: it plays the best move found so far, or waits if there is none.
    fn stop(&mut self) {
        if self.task == Task::Thinking {
            let best = self.progress.as_ref().and_then(|p| p.best.clone());
            self.cancel();
            match best {
                Some(mut thought) => {
                    thought.stopped = true;
                    thought.proven = false;
                    self.apply_ai(thought);
                }
                None => self.paused = true,
            }
        }
    }

    /// A message from the worker about the current job: the AI's progress, its move, the
    /// hints, or a failure.
    fn worker_message(&mut self, message: Reply<Answer>) {
        match message {
            Reply::Answer(Answer::Thinking(t)) if self.task == Task::Thinking => {
                self.progress = Some(t)
            }
            Reply::Answer(Answer::Thought(t)) if self.task == Task::Thinking => {
                self.task = Task::Idle;
                self.progress = None;
                self.apply_ai(t);
            }
            Reply::Answer(Answer::Hints(h)) if self.task == Task::Hinting => {
                self.task = Task::Idle;
                self.hints = Some((self.setup.moves_text(), h));
            }
            Reply::Failed(e) => {
                self.task = Task::Idle;
                self.kill += 1;
                self.failed = Some(e);
                self.paused = true;
            }
            _ => {}
        }
    }
}

impl crate::PageState for State {
    type Settings = crate::play::Setup;
    fn open(route: &Route, fresh_seed: u64) -> Self {
        State::new(route, fresh_seed)
    }
    fn settings(&self) -> &crate::play::Setup {
        &self.setup
    }
}
