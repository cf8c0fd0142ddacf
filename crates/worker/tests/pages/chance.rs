//! The chance stepper page.

use std::rc::Rc;

use arbor_app::chance::page::{Action, State};
use arbor_app::chance::{self};
use arbor_app::control::Control;
use arbor_app::route::{Route, View};
use arbor_app::scene::Scene;
use arbor_game::presets::CHANCE_PRESETS;
use arbor_game::{RandomSpec, Rule};
use proptest::prelude::*;

use crate::harness::{apply, control, no_notices, read_back, text_of};

#[derive(Clone, Debug)]
enum Do {
    Control(Control),
    Tick,
    Rule(bool),
    Prune(bool),
    Bounds(Option<(i32, i32)>),
    MinRoot(bool),
    Preset(usize),
    RandomForm(RandomSpec),
    Generate,
    Text(String),
}

/// A chance tree's text (random, 1 to a few hundred nodes), sometimes broken.
fn chance_text() -> impl Strategy<Value = String> {
    (0u32..6, 1u32..4, 0u32..2, any::<u64>(), 0u8..5).prop_map(|(depth, b, extra, seed, how)| {
        let spec = RandomSpec {
            depth,
            min_branching: b,
            max_branching: b + extra,
            low: -9,
            high: 30,
            chance: true,
            seed,
            ..RandomSpec::default()
        };
        let text = spec
            .generate()
            .map(|t| t.to_text())
            .unwrap_or_else(|_| "?[1,2]".into());
        match how {
            0 => format!("{text}]"),
            1 => text.replacen(':', "::", 1),
            2 => text.replacen("?[", "?[1/0:", 1),
            _ => text,
        }
    })
}

fn action() -> impl Strategy<Value = Do> {
    prop_oneof![
        6 => control(300).prop_map(Do::Control),
        2 => Just(Do::Tick),
        1 => any::<bool>().prop_map(Do::Rule),
        1 => any::<bool>().prop_map(Do::Prune),
        1 => prop::option::of((-50i32..50, 0i32..60)).prop_map(|b| Do::Bounds(b.map(|(lo, w)| (lo, lo + w)))),
        1 => any::<bool>().prop_map(Do::MinRoot),
        1 => (0..CHANCE_PRESETS.len()).prop_map(Do::Preset),
        1 => (0u32..6, 1u32..4, -9i32..9, any::<u64>()).prop_map(|(depth, b, low, seed)| Do::RandomForm(RandomSpec {
            depth, min_branching: b, max_branching: b + 1, low, high: low + 9, chance: true, seed, ..RandomSpec::default()
        })),
        2 => Just(Do::Generate),
        3 => chance_text().prop_map(Do::Text),
    ]
}

fn to_action(d: Do) -> Action {
    match d {
        Do::Control(c) => Action::Control(c),
        Do::Tick => Action::Tick,
        Do::Rule(max) => Action::Rule(if max {
            Rule::Expectimax
        } else {
            Rule::Expectiminimax
        }),
        Do::Prune(on) => Action::Prune(on),
        Do::Bounds(b) => Action::Bounds(b),
        Do::MinRoot(m) => Action::MinRoot(m),
        Do::Preset(i) => Action::Preset(CHANCE_PRESETS[i].tree.id),
        Do::RandomForm(spec) => Action::RandomForm(spec),
        Do::Generate => Action::Generate,
        Do::Text(t) => Action::Text(t),
    }
}

/// What the view computes from the state.
fn view(s: &State) -> Result<(), TestCaseError> {
    let run = &s.run;
    let step = s.settings.step;
    prop_assert!(step <= run.len(), "step {} of {}", step, run.len());
    let tree = &run.tree;
    let frame = run.frame(step);
    let principal = run.principal(&frame);
    for i in 0..tree.len() {
        chance::mark_of(run, &frame, &principal, i);
    }
    let _ = run.frame(run.len()).pruned;
    let _ = chance::caption(run, &frame, step);
    if let Some(line) = chance::line_at(run, step) {
        prop_assert!(line < chance::listing(run.rule, run.bounds.is_some()).len());
    }
    let scene = Scene::of_tree(tree);
    prop_assert_eq!(scene.nodes.len(), tree.len());
    Ok(())
}

/// The URL the page writes opens the same page.
fn reads_back(s: &State) -> Result<(), TestCaseError> {
    let (settings, route) = read_back(&s.settings, View::Chance)?;
    prop_assert_eq!(&settings, &s.settings, "{}", route.to_hash());
    let again = State::new(&route);
    no_notices(&again.notices, &route)?;
    prop_assert_eq!(
        text_of(&again.run.tree),
        text_of(&s.run.tree),
        "{}",
        route.to_hash()
    );
    prop_assert_eq!(again.settings.step, s.settings.step);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::harness::cases(64), ..ProptestConfig::default() })]

    /// Any sequence of what a user does keeps the page whole.
    #[test]
    fn any_sequence_of_actions_keeps_the_page_whole(actions in prop::collection::vec(action(), 1..20)) {
        let mut s = Rc::new(State::new(&Route::new(View::Chance)));
        view(&s)?;
        for d in actions {
            s = apply(s, to_action(d));
            view(&s)?;
            reads_back(&s)?;
        }
    }
}
