//! The reducer contract, page by page: an action that changes nothing — a stale message from
//! the worker, a step past the end, a setting chosen again — returns the same `Rc`, so Yew skips
//! the render; an action that changes something returns a new one.

use std::rc::Rc;

use arbor_app::control::Control;
use arbor_app::route::{Route, View};
use arbor_app::work::{Progress, Reply};
use arbor_app::Reducer;

/// `action` leaves the very same state.
fn kept<S: Reducer>(s: &Rc<S>, action: S::Action) -> bool {
    Rc::ptr_eq(s, &s.clone().reduce(action))
}

fn open(link: &str) -> Route {
    Route::parse(link)
}

#[test]
fn alphabeta() {
    use arbor_app::alphabeta::page::{Action, State};
    let s = Rc::new(State::new(&open("#/alphabeta?preset=seed001-aima")));
    assert!(kept(&s, Action::Control(Control::Start)));
    assert!(kept(&s, Action::Control(Control::Back)));
    assert!(kept(&s, Action::Tick));
    assert!(kept(&s, Action::Algorithm(s.settings.algorithm)));
    assert!(kept(&s, Action::Compare(s.compare)));
    assert!(kept(&s, Action::ToggleCollapse(arbor_game::NodeId(99))));
    assert!(!kept(&s, Action::Control(Control::Forward)));
    let end = s.clone().reduce(Action::Control(Control::End));
    assert!(kept(&end, Action::Control(Control::Forward)));
}

#[test]
fn chance() {
    use arbor_app::chance::page::{Action, State};
    let s = Rc::new(State::new(&open("#/chance")));
    assert!(kept(&s, Action::Control(Control::Back)));
    assert!(kept(&s, Action::Rule(s.settings.rule)));
    assert!(kept(&s, Action::Bounds(s.settings.bounds)));
    assert!(!kept(&s, Action::Control(Control::End)));
}

#[test]
fn mcts() {
    use arbor_app::mcts::page::{Action, State};
    let s = Rc::new(State::new(&open("#/mcts")));
    let stale = s.asked - 1;
    assert!(kept(&s, Action::Worker(stale, Reply::Failed("old".into()))));
    assert!(kept(
        &s,
        Action::Worker(stale, Reply::Progress(Progress::default()))
    ));
    assert!(
        kept(&s, Action::Control(Control::Forward)),
        "no run yet: no step"
    );
    assert!(!kept(&s, Action::Stop));
    let stopped = s.clone().reduce(Action::Stop);
    assert!(kept(&stopped, Action::Stop));
}

#[test]
fn search() {
    use arbor_app::search::page::{Action, State};
    let s = Rc::new(State::new(&open("#/search?algo=bfs")));
    let stale = s.run_id - 1;
    assert!(kept(&s, Action::Worker(stale, Reply::Failed("old".into()))));
    assert!(kept(&s, Action::Algorithm(s.settings.algorithm)));
    assert!(kept(&s, Action::Tie(s.settings.tie)));
    assert!(!kept(
        &s,
        Action::Worker(s.run_id, Reply::Failed("now".into()))
    ));
}

#[test]
fn heuristics() {
    use arbor_app::heuristics::page::{Action, State};
    use arbor_app::heuristics::LabAnswer;
    let s = Rc::new(State::new(&open("#/heuristics")));
    let stale = s.asked + 7;
    assert!(kept(
        &s,
        Action::Worker(Reply::Answer((stale, LabAnswer::Failed("old".into()))))
    ));
    assert!(kept(&s, Action::PerDepth(s.settings.per_depth)));
    assert!(!kept(&s, Action::PerDepth(s.settings.per_depth + 1)));
}

#[test]
fn play() {
    use arbor_app::play::page::{Action, State};
    let s = Rc::new(State::new(&open("#/play?game=ttt&hints=1"), 1));
    let stale = s.job + 3;
    assert!(kept(&s, Action::Worker(stale, Reply::Failed("old".into()))));
    assert!(kept(&s, Action::Hints(true)));
    assert!(kept(&s, Action::Stop), "nobody thinks: Stop does nothing");
    assert!(!kept(&s, Action::Hints(false)));
}

#[test]
fn practice() {
    use arbor_app::practice::page::{AbAction, AbState, ChanceAction, ChanceState};
    let s = Rc::new(AbState::default());
    assert!(kept(&s, AbAction::ToggleMark(arbor_game::NodeId::ROOT)));
    assert!(kept(&s, AbAction::Clear));
    assert!(kept(&s, AbAction::CloseReveal));
    assert!(!kept(&s, AbAction::Check));
    let c = Rc::new(ChanceState::default());
    assert!(kept(&c, ChanceAction::Clear));
    assert!(!kept(&c, ChanceAction::Check));
}

#[test]
fn tour() {
    use arbor_app::tours::page::{Action, State};
    let s = Rc::new(State::new(&open("#/tour?id=alphabeta-worked")));
    assert!(kept(&s, Action::Back), "at the first stop");
    assert!(kept(&s, Action::Go(0)));
    assert!(kept(&s, Action::Go(999)));
    assert!(!kept(&s, Action::Next));
    let end = s.clone().reduce(Action::Go(s.len() - 1));
    assert!(kept(&end, Action::Next));
}

#[test]
fn worksheet() {
    use arbor_app::worksheet::page::{Action, State};
    let s = Rc::new(State::new(&open("#/worksheet?kind=alphabeta&n=2&seed=3")));
    assert!(kept(&s, Action::Kind(s.settings.kind)));
    assert!(kept(&s, Action::Seed(3)));
    assert!(kept(&s, Action::Count(2)));
    assert!(kept(&s, Action::ShowKey(true)));
    assert!(!kept(&s, Action::ShowKey(false)));
    let more = s.clone().reduce(Action::Count(3));
    assert_eq!(
        more.sheet.exercises.len(),
        3,
        "another count, another sheet"
    );
}

#[test]
fn maps() {
    use arbor_app::maps::page::{Action, State};
    use arbor_app::maps::shared;
    let s = Rc::new(State::new(&open("#/maps?map=arena&scen=3")));
    assert!(kept(&s, Action::Control(Control::Forward)), "no record yet");
    assert!(
        kept(&s, Action::Choose(shared("arena").unwrap())),
        "being fetched"
    );
    assert!(kept(&s, Action::Fetched(99, Err("stale".into()))));
    assert!(kept(&s, Action::Scenario(5)), "no scenarios yet");
    assert!(kept(&s, Action::Search(s.settings.search)));
    assert!(kept(&s, Action::Weight(99)));
    assert!(kept(&s, Action::Stop), "nothing runs");
    assert!(kept(
        &s,
        Action::Worker(7, Reply::Progress(Progress::default()))
    ));
    assert!(!kept(&s, Action::Choose(shared("boston").unwrap())));
}

#[test]
fn routes_name_the_pages_here() {
    // Every page with a reducer is tested above (the registry lists them).
    let tested = [
        View::AlphaBeta,
        View::Chance,
        View::Mcts,
        View::Search,
        View::Heuristics,
        View::Play,
        View::Practice,
        View::Tour,
        View::Worksheet,
        View::Maps,
    ];
    for p in arbor_app::pages::PAGES
        .iter()
        .filter(|p| arbor_app::pages::link_reader(p.view).is_some())
    {
        assert!(tested.contains(p.view), "{:?} has no no-op test", p.view);
    }
}
