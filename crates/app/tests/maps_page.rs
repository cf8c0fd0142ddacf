//! The maps page's reducer under random actions (issue 38): whatever a reader does — choose,
//! fetch, open good and broken files, change the search, step, stop — and whatever the worker
//! answers, in any order, the page's invariants hold.
#![cfg(not(target_arch = "wasm32"))]

use std::rc::Rc;

use arbor_app::control::Control;
use arbor_app::maps::page::{Action, Load, State};
use arbor_app::maps::record::MapRecord;
use arbor_app::maps::SHARED;
use arbor_app::maps::{Answer, MapResult};
use arbor_app::route::Route;
use arbor_app::search::page::Run;
use arbor_app::search::SearchSummary;
use arbor_app::work::Reply;
use arbor_app::Reducer;
use arbor_puzzles::{GridHeuristic, MapSearch};
use arbor_search::{Stats, Status};
use proptest::prelude::*;

const MAP: &str = "type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n";
const SCEN: &str =
    "version 1\n0\tm.map\t4\t3\t0\t0\t3\t0\t3.00000000\n1\tm.map\t4\t3\t0\t0\t3\t2\t3.82842712\n";

/// A finished search's answer with `steps` steps.
fn done(steps: usize) -> Reply<Answer> {
    let record = MapRecord {
        taken: vec![0; steps],
        g: vec![0; steps],
        h: vec![0; steps],
        ends: vec![0; steps + 1],
        changes: Vec::new(),
        cut_short: false,
    };
    Reply::Answer(Answer::Done(Box::new(MapResult {
        record,
        path: vec![0, 1, 2, 3],
        summary: SearchSummary {
            status: Status::Found,
            actions: Vec::new(),
            states: Vec::new(),
            cost: 30_000_000_000,
            stats: Stats::default(),
            millis: 1.0,
        },
    })))
}

fn action() -> impl Strategy<Value = (u8, usize)> {
    (0u8..16, 0usize..12)
}

/// An action from two numbers, as the page's parts would send it (ids near the state's own,
/// so that some are current and some stale).
fn make(state: &State, (kind, n): (u8, usize)) -> Action {
    let near = |id: u64| id.saturating_sub(n as u64 % 2);
    match kind {
        0 => Action::Choose(&SHARED[n % SHARED.len()]),
        1 => Action::Fetched(near(state.fetch_id), Ok((MAP.into(), SCEN.into()))),
        2 => Action::Fetched(near(state.fetch_id), Err("offline".into())),
        3 => Action::File("m.map".into(), MAP.into()),
        4 => Action::File("m.map.scen".into(), SCEN.into()),
        5 => Action::File("bad.map".into(), "type octile\nheight 9\n".into()),
        6 => Action::File(
            "bad.scen".into(),
            "version 1\n0\tm.map\t4\t3\t0\t0\t1\t1\t1.0\n".into(),
        ),
        7 => Action::Scenario(n % 3),
        8 => Action::Search(MapSearch::ALL[n % 7]),
        9 => Action::Heuristic(GridHeuristic::ALL[n % 5]),
        10 => Action::Weight(5 + n as u32 * 5),
        11 => Action::Stop,
        12 => Action::Worker(near(state.run_id), done(n)),
        13 => Action::Worker(near(state.run_id), Reply::Failed("no".into())),
        14 => Action::Control(
            [
                Control::Forward,
                Control::Back,
                Control::End,
                Control::Start,
                Control::Seek(n),
            ][n % 5],
        ),
        _ => Action::Tick,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_maps_page_keeps_its_invariants(start in 0usize..3, actions in proptest::collection::vec(action(), 0..40)) {
        let link = ["#/maps", "#/maps?map=arena&scen=3", "#/maps?map=boston&algo=jps&step=9"][start];
        let mut s = Rc::new(State::new(&Route::parse(link)));
        // What the search shown was asked for.
        let mut asked = s.request();
        for a in actions {
            let action = make(&s, a);
            let before = s.clone();
            let ignored = s.ignores(&action);
            s = s.reduce(action);
            if ignored {
                prop_assert!(Rc::ptr_eq(&before, &s));
            }
            if s.run_id != before.run_id {
                asked = s.request();
            }
            // The search shown — under way, or its record — is of the map, the scenario and
            // the search shown (a map being fetched changes nothing until it arrives).
            if matches!(s.run, Run::Running(..)) || s.result.is_some() {
                prop_assert_eq!(&asked, &s.request());
            }
            // The step is within the record.
            prop_assert!(s.settings.step <= s.steps());
            // A record belongs to a finished search.
            if s.result.is_some() {
                prop_assert!(matches!(s.run, Run::Done(_)));
            }
            // Searching needs a map; a map always makes a request.
            if matches!(s.run, Run::Running(..)) {
                prop_assert!(s.map.is_some());
            }
            if s.map.is_some() {
                prop_assert!(s.request().is_some());
            }
            // The scenario shown is one of the map's.
            if let Some(m) = &s.map {
                prop_assert!(m.scenarios.is_empty() || s.settings.scen < m.scenarios.len());
            }
            // A fetch under way is the last one asked.
            if let Load::Fetching(id, _) = s.load {
                prop_assert_eq!(id, s.fetch_id);
            }
        }
    }
}
