//! The MCTS page: its runs come from the worker, one per request number.

use arbor_app::control::Control;
use arbor_app::mcts::page::{Action, State};
use arbor_app::mcts::Answer;
use arbor_app::play::Kind;
use arbor_app::route::{Route, View};
use arbor_app::work::Reply;
use proptest::prelude::*;

use crate::harness::{
    control, delivery, no_notices, read_back, tree_text, worker, Delivery, Driven,
};

#[derive(Clone, Debug)]
enum Do {
    Control(Control),
    Tick,
    /// Choose a game (or a tree), then type a number of iterations (a game's 1,000 would make
    /// the test slow, not stronger).
    Game(Option<u8>, u64),
    Text(String),
    Moves(String),
    Iterations(String),
    Exploration(String),
    Seed(String),
    Stop,
    /// The worker answers the run asked for last, delivered so.
    Answer(Delivery),
}

fn action() -> impl Strategy<Value = Do> {
    prop_oneof![
        5 => control(2_000).prop_map(Do::Control),
        2 => Just(Do::Tick),
        1 => (prop::option::of(0u8..3), 1u64..200).prop_map(|(k, n)| Do::Game(k, n)),
        2 => tree_text().prop_map(Do::Text),
        2 => "[1-9]{0,6}".prop_map(Do::Moves),
        2 => prop_oneof![(1u64..300).prop_map(|n| n.to_string()), Just("0".to_string()), Just("lots".to_string())].prop_map(Do::Iterations),
        1 => prop_oneof![Just("0.5"), Just("1.41"), Just("3"), Just("x"), Just("11")].prop_map(|c| Do::Exploration(c.into())),
        1 => prop_oneof![(0u64..9).prop_map(|n| n.to_string()), Just("-1".to_string())].prop_map(Do::Seed),
        1 => Just(Do::Stop),
        5 => delivery().prop_map(Do::Answer),
    ]
}

fn kind(k: u8) -> Kind {
    [Kind::TicTacToe, Kind::Connect4, Kind::Nim][k as usize % 3]
}

/// The page, with the worker's answers it is sent, each for the run it was asked for.
type Page = Driven<State, (u64, Reply<Answer>)>;

/// What the user or the worker does, done to the page.
fn act(page: &mut Page, d: Do) {
    let action = match d {
        Do::Control(c) => Action::Control(c),
        Do::Tick => Action::Tick,
        Do::Game(k, n) => {
            page.apply(Action::Game(k.map(kind)));
            Action::Iterations(n.to_string())
        }
        Do::Text(t) => Action::Text(t),
        Do::Moves(m) => Action::Moves(m),
        Do::Iterations(n) => Action::Iterations(n),
        Do::Exploration(c) => Action::Exploration(c),
        Do::Seed(s) => Action::Seed(s),
        Do::Stop => Action::Stop,
        Do::Answer(how) => {
            let id = page.s.asked;
            let answers = worker(page.s.settings.request.clone());
            return page.answer(answers.into_iter().map(|m| (id, m)).collect(), how);
        }
    };
    page.act(action);
}

/// What the view computes from the state.
fn view(s: &State) -> Result<(), TestCaseError> {
    let step = s.settings.step;
    prop_assert!(step <= s.steps(), "step {} of {}", step, s.steps());
    if let Some(v) = &s.view {
        let frame = v.frame(step.min(v.len()));
        let marks = v.marks(&frame);
        let scene = v.scene(frame.nodes.len());
        prop_assert_eq!(marks.len(), frame.nodes.len());
        prop_assert!(scene.nodes.len() <= frame.nodes.len().max(1));
        for n in &frame.path {
            prop_assert!(
                (*n as usize) < frame.nodes.len(),
                "path node {} not in the tree",
                n
            );
        }
        let _ = v.caption(&frame);
        // A run shown as finished is the run of the settings shown.
        if !s.running && s.error.is_none() && !s.stopped {
            prop_assert_eq!(v.iterations, s.settings.request.iterations);
        }
    }
    Ok(())
}

/// The URL the page writes opens the same settings.
fn reads_back(s: &State) -> Result<(), TestCaseError> {
    let (settings, route) = read_back(&s.settings, View::Mcts)?;
    prop_assert_eq!(
        &settings.request,
        &s.settings.request,
        "{}",
        route.to_hash()
    );
    let again = State::new(&route);
    no_notices(&again.notices, &route)?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::harness::cases(48), ..ProptestConfig::default() })]

    /// Any sequence of what a user does, with the worker's answers late, twice or for runs
    /// since replaced, keeps the page whole.
    #[test]
    fn any_sequence_of_actions_keeps_the_page_whole(actions in prop::collection::vec(action(), 1..16)) {
        let mut page = Page::new(State::new(&Route::new(View::Mcts)), |(id, m)| Action::Worker(id, m));
        view(&page.s)?;
        for d in actions {
            act(&mut page, d);
            view(&page.s)?;
            reads_back(&page.s)?;
        }
    }
}
