//! The MCTS page's reducer, with its runs made by the worker's own code.

use arbor_app::mcts::page::*;
use arbor_app::play::Kind;
use arbor_app::route::Route;
use arbor_app::route::View;
use arbor_app::url::UrlSettings;
use arbor_app::work::Reply;
use arbor_app::Reducer;
#[allow(unused_imports)]
use arbor_worker::*;
use std::rc::Rc;

fn open(link: &str) -> Rc<State> {
    Rc::new(State::new(&Route::parse(link)))
}

/// What the page does when the worker answers: the run made from the state's request.
fn answer(s: Rc<State>) -> Rc<State> {
    let view = run_mcts(&s.settings.request, &mut |_| {}).unwrap();
    let asked = s.asked;
    s.reduce(Action::Worker(asked, Reply::Answer(Box::new(view))))
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
    let hint = arbor_app::mcts::moves_hint(Some(Kind::TicTacToe));
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
    assert!(run_mcts(&s.settings.request, &mut |_| {}).is_ok());
    let s = answer(open("#/mcts?step=99999"));
    assert_eq!(s.settings.step, s.steps());
    assert!(s.notices[0].contains("99999"));
}
