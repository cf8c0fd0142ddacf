//! The Play page: the game, the AI's jobs in the worker, undo and redo, as state and reducer.

use std::rc::Rc;

use crate::play::ai::{Hint, ThinkRequest, Thinking, Thought};
use crate::play::{move_seed, Kind, Move, Outcome, Player, Rules, Setup};
use crate::route::Route;
use crate::worker_api::{FromWorker, ToWorker};

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
    Worker(u64, FromWorker),
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
    pub fn request(&self) -> Option<ToWorker> {
        let s = &self.setup;
        match self.task {
            Task::Idle => None,
            Task::Thinking => {
                let side = s.position().to_move();
                let level = s.level(side)?;
                Some(ToWorker::Think(ThinkRequest {
                    rules: s.rules.clone(),
                    moves: s.moves_text(),
                    level: level.key.to_string(),
                    seed: move_seed(s),
                    millis: s.think_seconds * 1000,
                }))
            }
            Task::Hinting => Some(ToWorker::Hints {
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

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = Rc::unwrap_or_clone(self);
        // A refusal is told anew each time, the same words or not.
        let refusable = matches!(action, Action::Click(_) | Action::Undo | Action::Redo);
        match action {
            Action::Click(mv) => {
                let pos = s.setup.position();
                let rules = &s.setup.rules;
                s.message = match pos.outcome(rules) {
                    Outcome::ToMove(side) if s.setup.players[side] != Player::Human => {
                        Some(format!(
                            "It is the AI's turn ({}); wait for it, or press Stop.",
                            s.setup.side_name(side)
                        ))
                    }
                    Outcome::ToMove(_) => match pos.play(rules, mv) {
                        Err(e) => Some(format!("That move is not allowed: {e}.")),
                        Ok(_) => {
                            if s.task == Task::Hinting {
                                s.cancel();
                            }
                            let _ = s.setup.play(mv);
                            // A person moved: the AI answers.
                            s.paused = false;
                            None
                        }
                    },
                    _ => Some("The game is over: start a new game, or undo.".into()),
                };
            }
            Action::Undo => {
                s.cancel();
                s.message = None;
                if s.walk(Setup::undo) {
                    // In a game the AI plays alone, nobody's turn stops it: wait.
                    s.paused = !s.has_human();
                    s.last_ai = None;
                } else {
                    s.message = Some("There is no move to take back.".into());
                }
            }
            Action::Redo => {
                s.cancel();
                s.message = None;
                if s.walk(Setup::redo) {
                    s.last_ai = None;
                } else {
                    s.message = Some("There is no move to play again.".into());
                }
            }
            Action::NewGame(seed) => s.restart(seed),
            Action::Player(side, player) => {
                s.cancel();
                s.setup.players[side] = player;
                s.paused = false;
                s.failed = None;
            }
            Action::OFirst(o) => s.setup.o_first = o && s.setup.rules.kind == Kind::TicTacToe,
            Action::Hints(on) => {
                s.setup.hints = on;
                if !on && s.task == Task::Hinting {
                    s.cancel();
                }
            }
            Action::Think(secs) => s.setup.think_seconds = secs.clamp(1, 60),
            Action::Rules(rules, seed) => {
                // Another game keeps who plays, each AI at a level the new game has.
                let kind = rules.kind;
                for player in &mut s.setup.players {
                    if let Player::Ai(level) = player {
                        if kind.level(level).is_none() {
                            *player = Player::Ai(kind.default_level().key);
                        }
                    }
                }
                s.setup.o_first &= kind == Kind::TicTacToe;
                s.setup.rules = rules;
                s.restart(seed);
            }
            Action::Stop => {
                if s.task == Task::Thinking {
                    let best = s.progress.as_ref().and_then(|p| p.best.clone());
                    s.cancel();
                    match best {
                        Some(mut thought) => {
                            thought.stopped = true;
                            thought.proven = false;
                            s.apply_ai(thought);
                        }
                        None => s.paused = true,
                    }
                }
            }
            Action::Resume => {
                s.paused = false;
                s.failed = None;
            }
            Action::Worker(job, message) => {
                if job != s.job {
                    return Rc::new(s);
                }
                match message {
                    FromWorker::Thinking(t) if s.task == Task::Thinking => s.progress = Some(t),
                    FromWorker::Thought(t) if s.task == Task::Thinking => {
                        s.task = Task::Idle;
                        s.progress = None;
                        s.apply_ai(t);
                    }
                    FromWorker::Hints(h) if s.task == Task::Hinting => {
                        s.task = Task::Idle;
                        s.hints = Some((s.setup.moves_text(), h));
                    }
                    FromWorker::Failed(e) => {
                        s.task = Task::Idle;
                        s.kill += 1;
                        s.failed = Some(e);
                        s.paused = true;
                    }
                    _ => {}
                }
            }
        }
        if refusable && s.message.is_some() {
            s.refusals += 1;
        }
        s.schedule();
        Rc::new(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::View;
    use crate::worker_api::answer;
    use crate::Reducer;

    fn step(s: State, a: Action) -> State {
        match Rc::try_unwrap(Rc::new(s).reduce(a)) {
            Ok(s) => s,
            Err(_) => unreachable!("the only reference"),
        }
    }

    /// What the worker answers to the page's current request (natively, the same code).
    fn worker(s: &State) -> Vec<FromWorker> {
        let mut out = Vec::new();
        answer(&s.request().expect("a job"), &mut |m| out.push(m), &|| 0.0);
        out
    }

    /// Tic-tac-toe: X a person, O the AI at depth 2.
    fn game() -> State {
        let mut s = State::new(&Route::new(View::Play), 7);
        s = step(s, Action::Player(0, Player::Human));
        step(s, Action::Player(1, Player::Ai("d2")))
    }

    #[test]
    fn a_person_moves_the_ai_answers_and_undo_redo_walk_back_to_the_person() {
        let mut s = game();
        assert_eq!(s.task, Task::Idle);
        s = step(s, Action::Click(Move::Cell(4)));
        assert_eq!(s.task, Task::Thinking, "the AI answers a move");
        assert!(matches!(s.request(), Some(ToWorker::Think(_))));
        let job = s.job;
        for m in worker(&s) {
            s = step(s, Action::Worker(job, m));
        }
        assert_eq!(s.task, Task::Idle);
        assert_eq!(s.setup.moves.len(), 2);
        assert!(s.last_ai.is_some());
        // Undo takes back the AI's move and the person's: the person is to move again.
        s = step(s, Action::Undo);
        assert_eq!(s.setup.played, 0);
        assert!(s.last_ai.is_none() && s.task == Task::Idle);
        s = step(s, Action::Redo);
        assert_eq!(s.setup.played, 2);
        assert_eq!(
            s.task,
            Task::Idle,
            "redo replays the AI's move; nothing to think"
        );
        // Nothing more to redo: said, and counted as a refusal.
        let refusals = s.refusals;
        s = step(s, Action::Redo);
        assert!(s.message.is_some());
        assert_eq!(s.refusals, refusals + 1);
    }

    #[test]
    fn an_answer_to_a_cancelled_search_is_ignored() {
        let mut s = game();
        s = step(s, Action::Click(Move::Cell(0)));
        let cancelled = s.job;
        let stale = worker(&s);
        // The person takes the move back while the AI thinks: the job is cancelled.
        s = step(s, Action::Undo);
        assert_eq!(s.task, Task::Idle);
        assert!(s.job > cancelled);
        let before = (s.setup.moves.clone(), s.setup.played, s.last_ai.clone());
        for m in stale {
            s = step(s, Action::Worker(cancelled, m));
        }
        assert_eq!(
            (s.setup.moves.clone(), s.setup.played, s.last_ai.clone()),
            before
        );
        assert!(s.failed.is_none());
    }

    #[test]
    fn stop_plays_the_best_move_so_far_marked_not_proven_or_waits_without_one() {
        let mut s = game();
        s = step(s, Action::Click(Move::Cell(0)));
        let job = s.job;
        let answers = worker(&s);
        let best = answers.iter().find_map(|m| match m {
            FromWorker::Thought(t) => Some(t.clone()),
            _ => None,
        });
        // Progress with a best move so far, then Stop.
        s = step(
            s,
            Action::Worker(
                job,
                FromWorker::Thinking(Thinking {
                    depth: 1,
                    nodes: 10,
                    best: best.clone(),
                    solving: false,
                    mcts: false,
                }),
            ),
        );
        s = step(s, Action::Stop);
        let played = s.last_ai.as_ref().expect("the AI played").thought.clone();
        assert!(played.stopped && !played.proven);
        assert_eq!(played.mv, best.unwrap().mv);
        assert_eq!(s.task, Task::Idle);
        // The worker's late answer to the stopped job changes nothing.
        let moves = s.setup.moves.clone();
        for m in answers {
            s = step(s, Action::Worker(job, m));
        }
        assert_eq!(s.setup.moves, moves);

        // Stop before anything was found: the AI waits, and Resume sets it thinking again.
        let mut s = game();
        s = step(s, Action::Click(Move::Cell(0)));
        s = step(s, Action::Stop);
        assert!(s.paused && s.task == Task::Idle && s.last_ai.is_none());
        s = step(s, Action::Resume);
        assert_eq!(s.task, Task::Thinking);
    }

    #[test]
    fn a_failed_worker_pauses_the_ai_and_says_why() {
        let mut s = game();
        s = step(s, Action::Click(Move::Cell(0)));
        let (job, kill) = (s.job, s.kill);
        s = step(
            s,
            Action::Worker(job, FromWorker::Failed("out of memory".into())),
        );
        assert!(s.paused && s.task == Task::Idle);
        assert_eq!(s.failed.as_deref(), Some("out of memory"));
        assert_eq!(s.kill, kill + 1, "the worker is replaced");
    }

    #[test]
    fn a_link_with_the_ai_to_move_waits_to_be_asked() {
        let mut route = Route::new(View::Play);
        route.set("p1", "d2");
        route.set("p2", "human");
        let s = State::new(&route, 3);
        assert_eq!(s.setup.players[0], Player::Ai("d2"));
        assert!(s.paused && s.task == Task::Idle);
        let s = step(s, Action::Resume);
        assert_eq!(s.task, Task::Thinking);
    }
}
