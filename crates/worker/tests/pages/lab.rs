//! The heuristics lab: a board's estimates, the textbook's table and Korf's 100 from the worker.

use arbor_app::heuristics::page::{Action, State, Work};
use arbor_app::heuristics::Answer;
use arbor_app::route::{Route, View};
use arbor_app::work::Reply;
use proptest::prelude::*;

use crate::harness::{delivery, read_back, worker, Delivery, Driven};

#[derive(Clone, Debug)]
enum Do {
    Text(String),
    Shape(u8, u8),
    BlankFirst(bool),
    Korf(u32),
    Textbook,
    Shuffle(u64),
    RunKorf,
    RunTable,
    /// One puzzle per depth, iterative deepening to 4, and make the table.
    SmallTable,
    PerDepth(u32),
    IdsMax(u32),
    KorfCount(u32),
    Stop,
    /// The worker answers the job asked for last (the quick ones: a small board's estimates,
    /// a table of a puzzle or two per depth; Korf's 100 takes minutes and is left running).
    Answer(Delivery),
}

fn action() -> impl Strategy<Value = Do> {
    prop_oneof![
        2 => prop_oneof![
            Just("1 2 3 4 0 5 6 7 8".to_string()),
            Just("8 1 3 4 0 2 7 6 5".to_string()),
            Just("1 2 3".to_string()),
            Just("1 1 2 3 4 5 6 7 0".to_string()),
            Just("x".to_string()),
            Just("1 0 2 3 4 5".to_string()),
        ].prop_map(Do::Text),
        2 => (2u8..4, 2u8..4).prop_map(|(r, c)| Do::Shape(r, c)),
        1 => any::<bool>().prop_map(Do::BlankFirst),
        1 => (0u32..102).prop_map(Do::Korf),
        1 => Just(Do::Textbook),
        2 => any::<u64>().prop_map(Do::Shuffle),
        1 => Just(Do::RunKorf),
        1 => Just(Do::RunTable),
        2 => Just(Do::SmallTable),
        2 => prop::sample::select(vec![0u32, 1, 2, 10, 100, 200]).prop_map(Do::PerDepth),
        2 => prop::sample::select(vec![0u32, 4, 6, 12, 20]).prop_map(Do::IdsMax),
        1 => (0u32..200).prop_map(Do::KorfCount),
        1 => Just(Do::Stop),
        6 => delivery().prop_map(Do::Answer),
    ]
}

/// The lab, with the worker's answers it is sent.
type Page = Driven<State, Reply<Answer>>;

/// Whether the worker's answer to this job comes quickly enough for a test.
fn quick(s: &State) -> bool {
    match s.running {
        Some(Work::Estimates) => {
            s.settings.rows as usize * s.settings.cols as usize <= 9
                && !matches!(&s.request, Some(r) if matches!(r.job, arbor_app::heuristics::Job::KorfBoard { .. }))
        }
        Some(Work::Table) => s.settings.per_depth <= 2 && s.settings.ids_max <= 6,
        _ => false,
    }
}

/// What the user or the worker does, done to the lab.
fn act(page: &mut Page, d: Do) {
    let action = match d {
        Do::Text(t) => Action::Text(t),
        Do::Shape(r, c) => Action::Shape(r, c),
        Do::BlankFirst(b) => Action::BlankFirst(b),
        Do::Korf(id) => Action::Korf(id),
        Do::Textbook => Action::Textbook,
        Do::Shuffle(seed) => Action::Shuffle(seed),
        Do::RunKorf => Action::RunKorf,
        Do::RunTable => Action::RunTable,
        Do::SmallTable => {
            page.apply(Action::PerDepth(1));
            page.apply(Action::IdsMax(4));
            Action::RunTable
        }
        Do::PerDepth(n) => Action::PerDepth(n),
        Do::IdsMax(d) => Action::IdsMax(d),
        Do::KorfCount(n) => Action::KorfCount(n),
        Do::Stop => Action::Stop,
        Do::Answer(how) => {
            let answers = match (page.s.request.clone(), quick(&page.s)) {
                (Some(request), true) => worker(request),
                _ => Vec::new(),
            };
            return page.answer(answers, how);
        }
    };
    page.act(action);
}

/// The page's invariants.
fn check(s: &State) -> Result<(), TestCaseError> {
    let st = &s.settings;
    prop_assert_eq!(st.tiles.len(), st.rows as usize * st.cols as usize);
    // The estimates shown are of the board shown (unless a new board's are on the way).
    if let (Some(e), None) = (&s.estimates, s.running) {
        prop_assert_eq!(&e.tiles, &st.tiles, "estimates of another board");
        prop_assert_eq!(&e.goal, &st.goal());
    }
    if let Some(f) = s.building.as_ref().map(|b| b.0) {
        prop_assert!((0.0..=1.0).contains(&f), "building {}", f);
    }
    Ok(())
}

/// The URL the page writes opens the same settings.
fn reads_back(s: &State) -> Result<(), TestCaseError> {
    let (settings, route) = read_back(&s.settings, View::Heuristics)?;
    prop_assert_eq!(&settings, &s.settings, "{}", route.to_hash());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::harness::cases(48), ..ProptestConfig::default() })]

    /// Any sequence of what a user does, with the worker's answers late, twice or for jobs
    /// since replaced, keeps the lab whole.
    #[test]
    fn any_sequence_of_actions_keeps_the_lab_whole(actions in prop::collection::vec(action(), 1..16)) {
        let mut page = Page::new(State::new(&Route::new(View::Heuristics)), Action::Worker);
        check(&page.s)?;
        for d in actions {
            act(&mut page, d);
            check(&page.s)?;
            reads_back(&page.s)?;
        }
    }
}
