//! A link's location hash, with its packed `z=` values: every page reads its settings from
//! what the route parser makes of it, and a route written back as a link reads as the same
//! route.
#![no_main]

use arbor_app::route::{Route, UNPACKED_LIMIT};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(hash) = std::str::from_utf8(data) else {
        return;
    };
    let route = Route::parse(hash);
    let size: usize = route.query.iter().map(|(k, v)| k.len() + v.len()).sum();
    if size < UNPACKED_LIMIT / 2 {
        let again = Route::parse(&route.to_link());
        assert_eq!(again.view, route.view);
        assert!(again.problems.is_empty(), "{:?}", again.problems);
        let mut a = again.query.clone();
        let mut b = route.query.clone();
        a.sort();
        b.sort();
        assert_eq!(a, b, "the link {hash:?} did not round-trip");
    }
    // Every page reads its settings from the same route, and writes them back.
    let (explore, _) = arbor_app::search::Settings::from_route(&route);
    let _ = explore.problem.spec();
    let mut out = Route::new(route.view.clone());
    explore.to_route(&mut out);
    let (stepper, _) = arbor_app::alphabeta::Settings::from_route(&route);
    stepper.to_route(&mut out);
    let (practice, _) = arbor_app::practice::Settings::from_route(&route);
    practice.to_route(&mut out);
    // The practice's link reads back as the same link, and its exercise is set or refused
    // in words.
    let back = arbor_app::practice::Settings::from_route(&Route::parse(&out.to_hash())).0;
    let mut again = Route::new(out.view.clone());
    back.to_route(&mut again);
    assert_eq!(again.to_hash(), out.to_hash(), "the practice settings of {hash:?} did not round-trip");
    match practice.kind {
        arbor_app::practice::Kind::Chance => {
            if let Ok(tree) = practice.chance_tree() {
                let _ = arbor_app::chance::practice::Exercise::new(tree, practice.rule);
            }
        }
        arbor_app::practice::Kind::Mcts => {
            if let Ok(request) = practice.mcts_request() {
                let _ = arbor_app::mcts::practice::Exercise::new(&request, practice.mcts_level);
            }
        }
        _ => {}
    }
    let (play, _) = arbor_app::play::Setup::from_route(&route);
    play.to_route(&mut out);
    let (chance, _) = arbor_app::chance::ChanceSettings::from_route(&route);
    chance.to_route(&mut out);
    // The MCTS page's settings read back as written.
    let (mcts, _) = arbor_app::mcts::MctsSettings::from_route(&route);
    let mut written = Route::new(route.view.clone());
    mcts.to_route(&mut written);
    let (back, _) = arbor_app::mcts::MctsSettings::from_route(&Route::parse(&written.to_hash()));
    assert_eq!(back, mcts, "the MCTS settings of {hash:?} did not round-trip");
    let _ = arbor_app::mcts::page::State::new(&route);
    let _ = Route::parse(&out.to_link());
});
