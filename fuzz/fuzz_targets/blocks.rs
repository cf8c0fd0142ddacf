//! The blocks-world description of the search page (`4x4 A(1,1) B(2,1) @(3,1) goal A(2,2)`):
//! what the parser accepts is built into a problem (or refused with a message) and searched by
//! breadth-first search and A* within a node budget; a solution must reach the goal, and
//! every search that finishes finds the same number of moves (the estimate is admissible).
#![no_main]

use arbor_puzzles::{BlocksSpec, BlocksWorld};
use arbor_search::{search, Algorithm, Budget, Options, Problem, Quiet};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(spec) = BlocksSpec::parse(text) else {
        return;
    };
    let mut lengths = Vec::new();
    for heuristic in [false, true] {
        let Ok(world) = BlocksWorld::new(&spec, heuristic) else {
            return;
        };
        for algorithm in [Algorithm::BreadthFirst, Algorithm::AStar] {
            let out = search(
                &world,
                &Options::new(algorithm),
                &Budget::nodes(3_000),
                &mut Quiet,
            );
            if let Some(solution) = out.solution {
                let mut state = world.start();
                for &a in &solution.actions {
                    world.apply(&mut state, a);
                }
                assert!(world.is_goal(&state));
                lengths.push((heuristic, algorithm, solution.depth()));
            }
        }
    }
    if let Some(&(_, _, first)) = lengths.first() {
        assert!(lengths.iter().all(|l| l.2 == first), "{lengths:?}");
    }
});
