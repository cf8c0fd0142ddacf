//! The heuristics lab's reducer, with its jobs answered by the worker's own code.

use arbor_app::heuristics::page::*;
use arbor_app::heuristics::{KorfRow, LabAnswer};
use arbor_app::route::Route;
use arbor_app::url::UrlSettings;
use arbor_app::work::Reply;
use arbor_app::Reducer;
use arbor_puzzles::heuristic_table::Row;
#[allow(unused_imports)]
use arbor_worker::*;
use std::rc::Rc;

/// Runs the state's request through the worker's own code, as the page's worker would.
fn serve(mut s: Rc<State>) -> Rc<State> {
    let Some(request) = s.request.clone() else {
        return s;
    };
    let clock = arbor_util::SteppingClock::new(1.0);
    for a in replies(request, &clock.as_fn()) {
        s = s.reduce(Action::Worker(a));
    }
    s
}

#[test]
fn the_page_opens_on_the_textbook_board_and_its_link_round_trips() {
    let s = Rc::new(State::new(&Route::parse("#/heuristics")));
    assert_eq!(s.settings.tiles, TEXTBOOK_BOARD);
    assert_eq!(s.running, Some(Work::Estimates));
    let s = serve(s);
    assert_eq!(s.running, None);
    assert_eq!(
        s.estimates.as_ref().unwrap().truth,
        arbor_app::heuristics::Truth::Exact(26)
    );
    let mut r = Route::parse("#/heuristics");
    s.settings.to_route(&mut r);
    assert_eq!(Settings::from_route(&r), (s.settings.clone(), vec![]));
}

#[test]
fn bad_links_and_boards_are_told_and_the_page_goes_on() {
    let (s, notes) = Settings::from_route(&Route::parse(
        "#/heuristics?size=9x9&tiles=1,1&per=0&ids=99&goal=middle&korf=0",
    ));
    assert_eq!(notes.len(), 6, "{notes:?}");
    // The size refused, the board is the 8-puzzle's; its tiles refused, the solved one.
    assert_eq!(s.tiles, (0..9).collect::<Vec<u8>>());
    // A size refused alone leaves the textbook's board, as the note says.
    let (s, notes) = Settings::from_route(&Route::parse("#/heuristics?size=9x9"));
    assert!(
        notes[0].contains("showing the textbook's 8-puzzle"),
        "{notes:?}"
    );
    assert_eq!(s.tiles, Settings::default().tiles);
    let (s, notes) = Settings::from_route(&Route::parse("#/heuristics?size=4x4&tiles=1,2,x"));
    assert_eq!(s.tiles, (0..16).collect::<Vec<u8>>());
    assert!(notes[0].contains("“x” is not a tile number"), "{notes:?}");
    let s = Rc::new(State::new(&Route::parse("#/heuristics")));
    let asked = s.asked;
    let s = s.reduce(Action::Text("1 2 3".into()));
    assert!(s.error.as_ref().unwrap().contains("3 tiles"));
    assert_eq!(s.asked, asked, "no new run for a board that is not one");
    let s = s.reduce(Action::Text("1 2 3 4 5 6 7 8 0".into()));
    assert_eq!(s.error, None);
    assert_eq!(s.asked, asked + 1);
}

#[test]
fn korfs_instance_comes_from_the_worker_with_its_estimates() {
    let s = serve(Rc::new(State::new(&Route::parse("#/heuristics"))));
    let s = serve(s.reduce(Action::Korf(2)));
    assert_eq!((s.settings.rows, s.settings.cols), (4, 4));
    assert_eq!(s.settings.tiles[..4], [13, 5, 4, 10]);
    assert!(s.text.starts_with("13 5 4 10"));
    assert!(matches!(
        s.estimates.as_ref().unwrap().truth,
        arbor_app::heuristics::Truth::Solved { length: 55, .. }
    ));
    let s = serve(s.reduce(Action::Korf(101)));
    assert!(s.failed.as_ref().unwrap().contains("1 to 100"));
}

/// One of Korf's instances solved, as the worker says it.
fn solved(id: u32, nodes: u64, millis: f64) -> Action {
    Action::Worker(Reply::Answer((
        0,
        LabAnswer::Solved(KorfRow {
            id,
            length: 50,
            expected: 50,
            nodes,
            manhattan_nodes: None,
            millis,
        }),
    )))
}

/// The worker's answer `a` to the state's run.
fn told(s: Rc<State>, a: LabAnswer) -> Rc<State> {
    let run = s.asked;
    s.reduce(Action::Worker(Reply::Answer((run, a))))
}

/// While the database is built the status says so, with its progress; never a negative
/// time; and after Stop it says what was done, and that the user stopped it.
#[test]
fn korfs_status_says_what_is_being_done_and_what_was_done() {
    let s = Rc::new(State::new(&Route::parse("#/heuristics"))).reduce(Action::RunKorf);
    let status = s.korf_status().expect("a status while running");
    assert!(status.contains("pattern database"), "{status}");
    assert!(
        !status.contains("solved so far") && !status.contains("-0"),
        "{status}"
    );
    let s = told(
        s,
        LabAnswer::Building {
            fraction: 0.25,
            what: "6-6-3 for 4 × 4".into(),
        },
    );
    assert_eq!(
        s.korf_status().as_deref(),
        Some("Building the 6-6-3 for 4 × 4 pattern database before solving: 25%…")
    );
    let s = told(
        s,
        LabAnswer::Built {
            what: "6-6-3 for 4 × 4".into(),
            millis: 20_000.0,
        },
    );
    assert_eq!(
        s.korf_status().as_deref(),
        Some("0 of 100 solved so far (0.0 s of solving, 0 nodes)…")
    );
    let run = s.asked;
    let s = [solved(1, 1_000_000, 1500.0), solved(2, 2_500, 49.0)]
        .into_iter()
        .map(|a| match a {
            Action::Worker(Reply::Answer((_, a))) => Action::Worker(Reply::Answer((run, a))),
            a => a,
        })
        .fold(s, |s, a| s.reduce(a));
    assert_eq!(
        s.korf_status().as_deref(),
        Some("2 of 100 solved so far (1.5 s of solving, 1,002,500 nodes)…")
    );
    let s = s.reduce(Action::Stop);
    assert_eq!(
        s.korf_status().as_deref(),
        Some("Stopped by you after 2 of 100 solved (1.5 s of solving, 1,002,500 nodes).")
    );
    // Stopped while the database was being built: said so.
    let t = Rc::new(State::new(&Route::parse("#/heuristics?korf=10")))
        .reduce(Action::RunKorf)
        .reduce(Action::Stop);
    let said = t.korf_status().expect("a status after Stop");
    assert!(
        said.starts_with("Stopped by you") && said.contains("0 of 10"),
        "{said}"
    );
    // Nothing asked: nothing said.
    assert_eq!(
        State::new(&Route::parse("#/heuristics")).korf_status(),
        None
    );
}

/// The table's status after Stop says how far it got, not "Working…".
#[test]
fn the_tables_status_after_stop_says_how_far_it_got() {
    let s = Rc::new(State::new(&Route::parse("#/heuristics"))).reduce(Action::RunTable);
    assert_eq!(s.table_status().as_deref(), Some("Working…"));
    let s = told(s, LabAnswer::Working { depth: 2, done: 5 });
    assert_eq!(
        s.table_status().as_deref(),
        Some("Depth 2: 5 of 20 puzzles…")
    );
    let s = told(
        s,
        LabAnswer::Row(Row {
            depth: 2,
            puzzles: 20,
            cells: Vec::new(),
        }),
    );
    let s = told(s, LabAnswer::Working { depth: 4, done: 3 });
    let s = s.reduce(Action::Stop);
    assert_eq!(
        s.table_status().as_deref(),
        Some("Stopped by you at depth 4, after 1 of 12 depths.")
    );
    assert_eq!(
        State::new(&Route::parse("#/heuristics")).table_status(),
        None
    );
}

#[test]
fn a_new_job_while_one_runs_replaces_the_worker_and_stale_answers_are_ignored() {
    let s = Rc::new(State::new(&Route::parse("#/heuristics")));
    let first = s.asked;
    let s = s.reduce(Action::RunTable);
    assert!(s.fresh);
    assert_eq!(s.running, Some(Work::Table));
    let s = s.reduce(Action::Worker(Reply::Answer((
        first,
        LabAnswer::Failed("old".into()),
    ))));
    assert_eq!(s.failed, None);
    let s = s.reduce(Action::Stop);
    assert_eq!((s.running, s.stops), (None, 1));
}
