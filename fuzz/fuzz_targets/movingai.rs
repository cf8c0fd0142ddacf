//! A Moving AI map and scenario file, as opened in the grid page or given to `arbor grid scen`:
//! the input is the map's text, then a NUL byte, then the scenario file's. Neither parser may
//! panic; a map and scenarios they accept are searched (the first few scenarios, within a node
//! budget) by A*, Jump Point Search and uniform cost search, which must agree on every length
//! they all finish — and a length found is never below the octile distance between the ends.
#![no_main]

use arbor_puzzles::{GridHeuristic, GridMap, Scenario};
use arbor_search::{search, Algorithm, Budget, Mode, Options, Quiet, Status};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (map_text, scen_text) = text.split_once('\0').unwrap_or((text, ""));
    let Ok(map) = GridMap::parse(map_text) else {
        let _ = Scenario::parse_file(scen_text, None);
        return;
    };
    let Ok(scenarios) = Scenario::parse_file(scen_text, Some(&map)) else {
        return;
    };
    for s in scenarios.iter().take(4) {
        let grid = map.grid(s.start, s.goal).expect("a checked scenario's ends are passable");
        let octile = GridHeuristic::Octile.value(
            s.start.0.abs_diff(s.goal.0) as u32,
            s.start.1.abs_diff(s.goal.1) as u32,
        );
        let options = |a| Options::new(a).mode(Mode::Graph);
        let run = |g: &arbor_puzzles::Grid, a| {
            let out = search(g, &options(a), &Budget::nodes(20_000), &mut Quiet);
            match out.status {
                Status::CutOff { .. } => None,
                _ => Some(out.solution.map(|f| f.cost)),
            }
        };
        let a_star = run(&grid, Algorithm::AStar);
        let jps = run(&grid.clone().with_jumps(true).unwrap(), Algorithm::AStar);
        let ucs = run(&grid.clone().with_heuristic(GridHeuristic::Zero), Algorithm::UniformCost);
        let done: Vec<Option<u64>> = [a_star, jps, ucs].into_iter().flatten().collect();
        if let Some(first) = done.first() {
            assert!(done.iter().all(|d| d == first), "{done:?} on line {}", s.line);
            if let Some(length) = first {
                assert!(*length >= octile, "{length} below the octile distance {octile}");
            }
        }
    }
});
