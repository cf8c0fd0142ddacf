//! The search page's reducer, with its searches answered by the worker's own code.

use arbor_app::control::Control;
use arbor_app::route::Route;
use arbor_app::route::View;
use arbor_app::search::page::*;
use arbor_app::search::{Answer, Request};
use arbor_app::search::{CostUnit, Problem};
use arbor_app::url::UrlSettings;
use arbor_app::work::{Progress, Reply};
use arbor_app::Reducer;
use arbor_search::{Algorithm, TieBreak};
#[allow(unused_imports)]
use arbor_worker::*;
use std::rc::Rc;

fn step(s: State, a: Action) -> State {
    Rc::into_inner(Rc::new(s).reduce(a)).expect("the only reference")
}

fn page() -> State {
    let mut route = Route::new(View::Search);
    route.set("text", "A[B[D E] C[F G]]\ngoal G");
    route.set("algo", "bfs");
    State::new(&route)
}

/// What the worker answers to the page's current request, natively.
fn worker(s: &State) -> Vec<Reply<Answer>> {
    replies(s.request().expect("a search to ask for"), &|| 0.0)
}

/// Choosing the grid while iterative deepening is chosen (11,520 steps on the default
/// grid) switches to the grid's own search, A*, and says so; a search chosen on the grid
/// itself stays through its edits, and a search that suits the new problem stays.
#[test]
fn a_new_kind_of_problem_brings_a_search_that_suits_it() {
    let mut s = State::new(&Route::new(View::Search));
    assert_eq!(s.settings.algorithm, Algorithm::IterativeDeepening);
    assert_eq!(s.switched, None);
    s = step(s, Action::Problem(Problem::default_of("grid")));
    assert_eq!(s.settings.algorithm, Algorithm::AStar);
    assert_eq!(s.settings.tie, TieBreak::LowestH);
    assert_eq!(
        s.switched.as_deref(),
        Some("Iterative deepening is a poor fit for a grid: it reaches the same cells again and again by other paths, and depth, not distance, leads it. Switched to A*, the grid's own search; choose another below.")
    );
    let mut route = Route::new(View::Search);
    s.settings.to_route(&mut route);
    assert_eq!(route.get("algo"), Some("astar"));
    // Depth-first search chosen on the grid on purpose stays when the grid is edited.
    s = step(s, Action::Algorithm(Algorithm::DepthFirst));
    assert_eq!(
        s.switched, None,
        "the notice goes with a search chosen by hand"
    );
    let Problem::Grid(spec) = s.settings.problem.clone() else {
        panic!("a grid")
    };
    let edited = arbor_app::search::GridSpec {
        text: spec.text.replacen('.', "#", 1),
        ..spec
    };
    s = step(s, Action::Problem(Problem::Grid(edited)));
    assert_eq!(s.settings.algorithm, Algorithm::DepthFirst);
    // A puzzle suits depth-first search: no change, no notice.
    s = step(s, Action::Problem(Problem::default_of("puzzle")));
    assert_eq!(s.settings.algorithm, Algorithm::DepthFirst);
    assert_eq!(s.switched, None);
    // The blocks world has no goal state to search backwards from.
    s = step(s, Action::Algorithm(Algorithm::Bidirectional));
    s = step(s, Action::Problem(Problem::default_of("blocks")));
    assert_eq!(s.settings.algorithm, Algorithm::IterativeDeepening);
    assert!(
        s.switched
            .as_deref()
            .unwrap()
            .starts_with("Bidirectional search cannot search the blocks world"),
        "{:?}",
        s.switched
    );
}

/// The run's status and the record give a grid's costs in steps: the default grid's path
/// round its wall is 22 steps, not 2200.
#[test]
fn a_grid_search_says_its_cost_in_steps() {
    let mut route = Route::new(View::Search);
    route.set("problem", "grid");
    route.set("algo", "astar");
    let mut s = State::new(&route);
    let id = s.run_id;
    for m in worker(&s) {
        s = step(s, Action::Worker(id, m));
    }
    let Run::Done(summary) = &s.run else {
        panic!("{:?}", s.run)
    };
    let unit = s.recorded.as_ref().unwrap().costs;
    assert_eq!(unit, CostUnit::Steps);
    let words = status_words(summary, unit);
    assert!(
        words.starts_with("Found a solution of 22 steps, cost 22, after expanding"),
        "{words}"
    );
}

#[test]
fn the_recorded_search_is_stepped_within_its_length() {
    let mut s = page();
    let id = s.run_id;
    for m in worker(&s) {
        s = step(s, Action::Worker(id, m));
    }
    assert!(matches!(s.run, Run::Done(_)), "{:?}", s.run);
    let len = s.steps();
    assert!(len > 3);
    s = step(s, Action::Control(Control::End));
    assert_eq!(s.settings.step, len);
    s = step(s, Action::Control(Control::Forward));
    assert_eq!(s.settings.step, len);
    s = step(s, Action::Control(Control::Start));
    s = step(s, Action::Control(Control::TogglePlay));
    for _ in 0..=len {
        s = step(s, Action::Tick);
    }
    assert_eq!(s.settings.step, len);
    assert!(!s.playing);
}

/// The tie rule goes into the worker's request and the URL, and a new search is asked
/// for from step 0.
#[test]
fn the_tie_rule_searches_again() {
    let mut route = Route::new(View::Search);
    route.set("preset", "romania");
    route.set("algo", "astar");
    route.set("step", "4");
    let mut s = State::new(&route);
    let first = s.run_id;
    s = step(s, Action::Tie(TieBreak::Lifo));
    assert!(s.run_id > first);
    assert_eq!(s.settings.step, 0);
    let Some(Request::Search(request)) = s.request() else {
        panic!("a search request")
    };
    assert_eq!(request.options.tie, TieBreak::Lifo);
    let mut out = Route::new(View::Search);
    s.settings.to_route(&mut out);
    assert_eq!(out.get("tie"), Some("lifo"));
}

/// A graph's heuristic is checked as it is typed; a puzzle has no such panel.
#[test]
fn the_heuristic_check_follows_the_text() {
    let mut route = Route::new(View::Search);
    route.set("preset", "romania");
    route.set("algo", "astar");
    let mut s = State::new(&route);
    assert!(s
        .heuristic
        .as_ref()
        .is_some_and(|n| n.admissible && n.consistent));
    let broken = arbor_search::graph_preset("romania")
        .unwrap()
        .text
        .replace("Sibiu=253", "Sibiu=300");
    s = step(s, Action::Text(broken));
    let note = s.heuristic.clone().expect("a note");
    assert!(!note.admissible);
    assert!(note.faults[0].starts_with("h(Sibiu) = 300 is more than the true cost 278"));
    // Another search on the same text keeps the same note; text that does not parse has
    // none.
    s = step(s, Action::Algorithm(Algorithm::Greedy));
    assert!(Rc::ptr_eq(&note, s.heuristic.as_ref().unwrap()));
    s = step(s, Action::Text("A -> ".into()));
    assert!(s.heuristic.is_none() && s.problem_error.is_some());
    s = step(s, Action::Problem(Problem::eight(4, 1)));
    assert!(s.heuristic.is_none());
}

/// Text that stops being a problem while its search is on the way: the answers that
/// arrive after are not shown beside the error.
#[test]
fn answers_for_text_since_broken_are_ignored() {
    let mut s = page();
    s = step(s, Action::Text("A -> G\ngoal G".into()));
    let id = s.run_id;
    let answers = worker(&s);
    s = step(s, Action::Text("A -> G\nh G=abc\ngoal G".into()));
    assert!(s.problem_error.is_some());
    for m in answers {
        s = step(s, Action::Worker(id, m));
    }
    assert!(s.recorded.is_none() && s.run == Run::Idle, "{:?}", s.run);
    assert!(s.problem_error.is_some());
}

#[test]
fn answers_from_a_stopped_or_replaced_search_are_ignored() {
    let mut s = page();
    let first = s.run_id;
    let stale = worker(&s);
    s = step(
        s,
        Action::Worker(
            first,
            Reply::Progress(Progress {
                generated: 5,
                expanded: 2,
                millis: 1.0,
            }),
        ),
    );
    s = step(s, Action::Stop);
    assert_eq!(s.run, Run::Stopped(5));
    for m in stale.clone() {
        s = step(s, Action::Worker(first, m));
    }
    assert_eq!(s.run, Run::Stopped(5));
    assert!(s.recorded.is_none());
    // A new search: the old one's answers still change nothing, the new one's do.
    s = step(s, Action::Algorithm(Algorithm::DepthFirst));
    assert!(s.run_id > first);
    for m in stale {
        s = step(s, Action::Worker(first, m));
    }
    assert!(s.recorded.is_none());
    let id = s.run_id;
    for m in worker(&s) {
        s = step(s, Action::Worker(id, m));
    }
    assert!(s.recorded.is_some());
    assert!(matches!(s.run, Run::Done(_)));
}
