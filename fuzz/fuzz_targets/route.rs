//! A link's location hash, with its packed `z=` values: every page of the registry
//! (`arbor_app::pages::PAGES`) reads its settings from what the route parser makes of it, and
//! the link it writes back reads as the same link, without a complaint; a route written back as
//! a link reads as the same route.
#![no_main]

use arbor_app::pages::PAGES;
use arbor_app::route::{Route, UNPACKED_LIMIT};
use arbor_app::url::UrlSettings;
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
    // Every page reads its settings from the same route; the link it writes reads back as the
    // same link, with nothing to complain about.
    for page in PAGES {
        let Some(read) = arbor_app::pages::link_reader(page.view) else { continue };
        let mut asked = route.clone();
        asked.view = page.view.clone();
        let (link, _) = read(&asked);
        let (again, warnings) = read(&Route::parse(&link.to_hash()));
        assert!(warnings.is_empty(), "{:?} on {:?}: {warnings:?}", page.view, link.to_hash());
        assert_eq!(again.to_hash(), link.to_hash(), "{:?}'s link of {hash:?} did not read back", page.view);
    }
    // The exercises and the problems the settings name are set, or refused in words.
    let (practice, _) = arbor_app::practice::Settings::from_route(&route);
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
    let (search, _) = arbor_app::search::Settings::from_route(&route);
    let _ = search.problem.spec();
    let _ = arbor_app::mcts::page::State::new(&route);
});
