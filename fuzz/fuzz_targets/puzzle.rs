//! A sliding-puzzle line, as typed in the search page's puzzle box or given to `arbor npuzzle`:
//! the first byte picks the board's shape (2–5 rows and columns), the rest is the tiles. A
//! board the parser and `NPuzzle::new` accept is searched by A*, IDA* and greedy within a node
//! budget; a solution found must be legal and reach the goal; A* and IDA* (every heuristic is
//! admissible) must agree on its length, and on boards of up to 6 cells equal the fewest moves a
//! plain breadth-first walk of the puzzle's own moves finds.
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
    let mut lengths = Vec::new();
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
            assert!(
                solution.cost >= puzzle.heuristic(&puzzle.start()),
                "{heuristic:?} overestimates"
            );
            if algorithm != Algorithm::Greedy {
                lengths.push(solution.depth());
            }
        }
    }
    if lengths.len() == 2 {
        assert_eq!(
            lengths[0], lengths[1],
            "A* and IDA* disagree ({heuristic:?})"
        );
    }
    if rows * cols <= 6 {
        let fewest = fewest_moves(&puzzle).expect("a solvable board is solved");
        for length in lengths {
            assert_eq!(length, fewest, "{heuristic:?}: not the fewest moves");
        }
    }
});

/// The fewest moves to the goal, by a breadth-first walk of the puzzle's own moves (small
/// boards only: the seen list is searched linearly).
fn fewest_moves(p: &NPuzzle) -> Option<usize> {
    let mut seen = vec![p.start()];
    let mut layer = vec![p.start()];
    for depth in 0.. {
        if layer.iter().any(|b| p.is_goal(b)) {
            return Some(depth);
        }
        if layer.is_empty() {
            return None;
        }
        let mut next = Vec::new();
        for b in &layer {
            for a in p.actions(b) {
                let mut c = *b;
                p.apply(&mut c, a);
                if !seen.contains(&c) {
                    seen.push(c);
                    next.push(c);
                }
            }
        }
        layer = next;
    }
    None
}
