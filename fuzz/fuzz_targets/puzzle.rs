//! A sliding-puzzle line, as typed in the search page's puzzle box or given to `arbor npuzzle`:
//! the first byte picks the board's shape (2–5 rows and columns), the rest is the tiles. A
//! board the parser and `NPuzzle::new` accept is searched by A* and IDA* within a node budget;
//! a solution found must be legal and reach the goal.
#![no_main]

use arbor_puzzles::{parse_tiles, Heuristic, NPuzzle};
use arbor_search::{search, Algorithm, Budget, Options, Problem, Quiet};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&shape, rest)) = data.split_first() else {
        return;
    };
    let Ok(line) = std::str::from_utf8(rest) else {
        return;
    };
    let rows = 2 + usize::from(shape & 3);
    let cols = 2 + usize::from((shape >> 2) & 3);
    let heuristic = Heuristic::ALL[usize::from(shape >> 4) % Heuristic::ALL.len()];
    let Ok(tiles) = parse_tiles(line) else {
        return;
    };
    let goal = NPuzzle::standard_goal(rows * cols);
    let Ok(puzzle) = NPuzzle::new(rows, cols, &tiles, &goal, heuristic) else {
        return;
    };
    if !puzzle.is_solvable() {
        return;
    }
    for algorithm in [Algorithm::AStar, Algorithm::IdaStar, Algorithm::Greedy] {
        let out = search(
            &puzzle,
            &Options::new(algorithm),
            &Budget::nodes(5_000),
            &mut Quiet,
        );
        if let Some(solution) = out.solution {
            let mut state = puzzle.start();
            for &a in &solution.actions {
                assert!(puzzle.actions(&state).any(|b| b == a), "an illegal move");
                puzzle.apply(&mut state, a);
            }
            assert!(puzzle.is_goal(&state));
        }
    }
});
