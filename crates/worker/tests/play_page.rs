//! The Play page's reducer, with the AI's moves and hints from the worker's own code.

use arbor_app::play::page::*;
use arbor_app::play::Thinking;
use arbor_app::play::{Answer, Request};
use arbor_app::play::{Move, Player};
use arbor_app::route::Route;
use arbor_app::route::View;
use arbor_app::work::Reply;
use arbor_app::Reducer;
#[allow(unused_imports)]
use arbor_worker::*;
use std::rc::Rc;

fn step(s: State, a: Action) -> State {
    match Rc::try_unwrap(Rc::new(s).reduce(a)) {
        Ok(s) => s,
        Err(_) => unreachable!("the only reference"),
    }
}

/// What the worker answers to the page's current request (natively, the same code).
fn worker(s: &State) -> Vec<Reply<Answer>> {
    replies(s.request().expect("a job"), &|| 0.0)
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
    assert!(matches!(s.request(), Some(Request::Think(_))));
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
        Reply::Answer(Answer::Thought(t)) => Some(t.clone()),
        _ => None,
    });
    // Progress with a best move so far, then Stop.
    s = step(
        s,
        Action::Worker(
            job,
            Reply::Answer(Answer::Thinking(Thinking {
                depth: 1,
                nodes: 10,
                best: best.clone(),
                solving: false,
                mcts: false,
            })),
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
        Action::Worker(job, Reply::Failed("out of memory".into())),
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
