//! The practice page: an exercise made from the link's settings, and what the student does to
//! it. (A new exercise is a new link, which opens a fresh page: the answers always belong to
//! the exercise shown.)

use arbor_app::url::UrlSettings;
use std::rc::Rc;

use arbor_app::alphabeta::practice::{self as ab_practice, Question};
use arbor_app::alphabeta::{self, Perspective};
use arbor_app::chance::practice as chance;
use arbor_app::mcts::practice as mcts;
use arbor_app::practice::page::{
    AbAction, AbState, ChanceAction, ChanceState, MctsAction, MctsState, SearchAction, SearchState,
};
use arbor_app::practice::{Kind, Settings};
use arbor_app::route::View;
use arbor_app::search::practice as search;
use arbor_game::{MctsId, NodeId, Rule};
use arbor_search::NodeId as SearchNode;
use proptest::prelude::*;

use crate::harness::{apply, through_address};

/// Settings a person can reach from the practice page's menus (any kind, size, level, seed).
fn settings() -> impl Strategy<Value = Settings> {
    (
        0usize..4,
        1u32..6,
        1u32..5,
        0u32..3,
        any::<u64>(),
        0u8..4,
        any::<bool>(),
    )
        .prop_map(|(kind, depth, bmin, extra, seed, level, expecti)| {
            let kind = [Kind::AlphaBeta, Kind::Search, Kind::Chance, Kind::Mcts][kind];
            let d = Settings::default();
            let (max_depth, max_b) = match kind {
                Kind::AlphaBeta => (5, 4),
                Kind::Search | Kind::Mcts => (4, 3),
                Kind::Chance => (3, 3),
            };
            let hi = (bmin + extra).clamp(2, max_b);
            Settings {
                kind,
                depth: depth.min(max_depth),
                branching: (bmin.min(hi), hi),
                seed: seed % (1 << 53),
                ab_level: [
                    ab_practice::Level::Prune,
                    ab_practice::Level::Values,
                    ab_practice::Level::Windows,
                    ab_practice::Level::Prune,
                ][level as usize],
                search_level: if level % 2 == 0 {
                    search::Level::Next
                } else {
                    search::Level::Frontier
                },
                algorithm: search::ALGORITHMS[level as usize % search::ALGORITHMS.len()],
                rule: if expecti {
                    Rule::Expectimax
                } else {
                    Rule::Expectiminimax
                },
                mcts_level: if level % 2 == 0 {
                    mcts::Level::Pick
                } else {
                    mcts::Level::Numbers
                },
                iterations: 1 + seed % 60,
                ..d
            }
        })
}

/// What the student does: node numbers taken modulo the exercise's size, or as drawn.
#[derive(Clone, Debug)]
enum Do {
    Node(u32, bool),
    Text(u32, u8, String),
    Check,
    Reveal,
    Close,
    Clear,
    Next,
}

fn action() -> impl Strategy<Value = Do> {
    prop_oneof![
        4 => (any::<u32>(), prop::bool::weighted(0.1)).prop_map(|(n, stale)| Do::Node(n, stale)),
        4 => (any::<u32>(), 0u8..3, prop_oneof![(-99i32..99).prop_map(|v| v.to_string()), Just("".to_string()), Just("x".to_string()), Just("1/3".to_string()), Just("2.5".to_string())])
            .prop_map(|(n, q, t)| Do::Text(n, q, t)),
        2 => Just(Do::Check),
        1 => Just(Do::Reveal),
        1 => Just(Do::Close),
        1 => Just(Do::Clear),
        2 => Just(Do::Next),
    ]
}

fn node(n: u32, stale: bool, len: usize) -> u32 {
    if stale {
        n % 1_000
    } else {
        n % len.max(1) as u32
    }
}

/// Runs the actions on the exercise the settings make, checking after each.
fn practise(settings: &Settings, actions: Vec<Do>) -> Result<(), TestCaseError> {
    match settings.kind {
        Kind::AlphaBeta => {
            let Ok(tree) = settings.tree() else {
                return Ok(());
            };
            let ex = Rc::new(ab_practice::Exercise::new(
                &tree,
                settings.ab_level,
                settings.seed,
            ));
            let len = ex.tree().len();
            let mut s = Rc::new(AbState::default());
            for d in actions {
                let a = match d {
                    Do::Node(n, stale) => AbAction::ToggleMark(NodeId(node(n, stale, len))),
                    Do::Text(n, q, t) => AbAction::Answer(
                        NodeId(node(n, false, len)),
                        [Question::Value, Question::Alpha, Question::Beta][q as usize],
                        t,
                    ),
                    Do::Check => AbAction::Check,
                    Do::Reveal => AbAction::Reveal(ex.clone()),
                    Do::Close => AbAction::CloseReveal,
                    Do::Clear | Do::Next => AbAction::Clear,
                };
                s = apply(s, a);
                if let Some(report) = s.report(&ex) {
                    let _ = report.corrections(&ex.key);
                    for item in &report.items {
                        prop_assert!(item.node.index() < len);
                    }
                }
                if let Some(start) = s.reveal {
                    // The real run, stepped from the first difference.
                    let run = alphabeta::run(
                        ex.tree(),
                        alphabeta::Algorithm::AlphaBeta,
                        arbor_game::Ordering::Natural,
                        None,
                    );
                    prop_assert!(start <= run.replay.len());
                    let frame = run.replay.frame(start);
                    prop_assert_eq!(
                        alphabeta::marks(run.replay.tree(), &frame, Perspective::Max, true).len(),
                        len
                    );
                }
            }
        }
        Kind::Search => {
            let Ok(ex) = search::Exercise::new(
                &settings.problem(),
                settings.algorithm,
                settings.search_level,
            ) else {
                return Ok(());
            };
            let ex = Rc::new(ex);
            let len = ex.questions.len() * 4 + 4;
            let mut s = Rc::new(SearchState::default());
            for d in actions {
                let a = match d {
                    Do::Node(n, stale) => {
                        SearchAction::Click(ex.clone(), SearchNode::from(node(n, stale, len)))
                    }
                    Do::Text(n, _, _) => {
                        SearchAction::Click(ex.clone(), SearchNode::from(node(n, false, len)))
                    }
                    Do::Check | Do::Next => SearchAction::CheckOrder(ex.clone()),
                    _ => SearchAction::ClearOrder,
                };
                s = apply(s, a);
                prop_assert!(s.question() <= ex.questions.len());
                if s.question() < ex.questions.len() {
                    let _ = ex.frame(s.question());
                }
            }
        }
        Kind::Chance => {
            let Ok(ex) = settings
                .chance_tree()
                .and_then(|t| chance::Exercise::new(t, settings.rule))
            else {
                return Ok(());
            };
            let len = ex.run.tree.len();
            let mut s = Rc::new(ChanceState::default());
            for d in actions {
                let a = match d {
                    Do::Text(n, _, t) => ChanceAction::Answer(NodeId(node(n, false, len)), t),
                    Do::Node(n, stale) => {
                        ChanceAction::Answer(NodeId(node(n, stale, len)), "1".into())
                    }
                    Do::Check | Do::Reveal => ChanceAction::Check,
                    _ => ChanceAction::Clear,
                };
                s = apply(s, a);
                if let Some(checked) = s.report(&ex) {
                    prop_assert!(checked.len() <= len);
                }
            }
        }
        Kind::Mcts => {
            let Ok(ex) = settings
                .mcts_request()
                .and_then(|r| mcts::Exercise::new(&r, settings.mcts_level))
            else {
                return Ok(());
            };
            let ex = Rc::new(ex);
            let mut s = Rc::new(MctsState::default());
            for d in actions {
                let a = match d {
                    Do::Node(n, stale) => MctsAction::Pick(node(n, stale, 64) as MctsId),
                    Do::Text(n, _, t) => MctsAction::Value(node(n, false, 64) as MctsId, t),
                    Do::Check | Do::Reveal => MctsAction::Check(ex.clone()),
                    _ => MctsAction::Next,
                };
                s = apply(s, a);
                prop_assert!(s.question() <= ex.questions.len());
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::harness::cases(96), ..ProptestConfig::default() })]

    /// Any exercise the menus make, and anything the student does to it, keeps the page whole;
    /// its link reads back to the same exercise.
    #[test]
    fn any_exercise_and_any_answers_keep_the_page_whole(settings in settings(), actions in prop::collection::vec(action(), 1..24)) {
        let route = through_address(|r| settings.to_route(r), View::Practice);
        let (back, warnings) = Settings::from_route(&route);
        prop_assert!(warnings.is_empty(), "{:?} for {}", warnings, route.to_hash());
        // The same link again (settings of another kind of practice are not part of it).
        let again = through_address(|r| back.to_route(r), View::Practice);
        prop_assert_eq!(again.to_hash(), route.to_hash());
        practise(&settings, actions)?;
    }
}
