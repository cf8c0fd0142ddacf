//! Grid path-finding against an independent oracle (the `pathfinding` crate's Dijkstra over the
//! same moves and costs, written here from the rules, not from `Grid`'s own successors): every
//! optimal search finds the cheapest cost, weighted A* stays within its bound, and Jump Point
//! Search finds the cheapest cost too, on random grids of every kind.

use arbor_puzzles::{Grid, GridHeuristic, DIAGONAL, STRAIGHT};
use arbor_search::{search, Algorithm, Budget, Mode, Options, Quiet};
use arbor_util::SplitMix64;

/// A random grid as text: walls with probability `walls`/100, weights where `weighted`.
fn random_text(w: usize, h: usize, walls: u64, weighted: bool, rng: &mut SplitMix64) -> String {
    let mut cells: Vec<char> = (0..w * h)
        .map(|_| {
            let r = rng.next_u64() % 100;
            if r < walls {
                '#'
            } else if weighted && r.is_multiple_of(4) {
                (b'2' + (rng.next_u64() % 8) as u8) as char
            } else {
                '.'
            }
        })
        .collect();
    let s = (rng.next_u64() % (w * h) as u64) as usize;
    let mut g = (rng.next_u64() % (w * h) as u64) as usize;
    if g == s {
        g = (s + 1) % (w * h);
    }
    cells[s] = 'S';
    cells[g] = 'G';
    cells
        .chunks(w)
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect()
}

/// The oracle: Dijkstra over cells from the text, with the documented rules.
fn oracle(text: &str, diagonal: bool) -> Option<u64> {
    let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let (h, w) = (rows.len() as i32, rows[0].len() as i32);
    let at = |x: i32, y: i32| -> Option<char> {
        (x >= 0 && y >= 0 && x < w && y < h)
            .then(|| rows[y as usize][x as usize])
            .filter(|&c| c != '#')
    };
    let weight = |c: char| -> u64 { u64::from(c.to_digit(10).unwrap_or(1)) };
    let find = |ch: char| {
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .find(|&(x, y)| rows[y as usize][x as usize] == ch)
            .unwrap()
    };
    let (start, goal) = (find('S'), find('G'));
    let mut moves: Vec<(i32, i32)> = vec![(0, -1), (-1, 0), (1, 0), (0, 1)];
    if diagonal {
        moves.extend([(-1, -1), (1, -1), (-1, 1), (1, 1)]);
    }
    pathfinding::prelude::dijkstra(
        &start,
        |&(x, y)| {
            moves
                .iter()
                .filter_map(|&(dx, dy)| {
                    let c = at(x + dx, y + dy)?;
                    if dx != 0 && dy != 0 {
                        at(x + dx, y)?;
                        at(x, y + dy)?;
                    }
                    let base = if dx != 0 && dy != 0 {
                        DIAGONAL
                    } else {
                        STRAIGHT
                    };
                    Some(((x + dx, y + dy), base * weight(c)))
                })
                .collect::<Vec<_>>()
        },
        |&p| p == goal,
    )
    .map(|(_, cost)| cost)
}

fn cost(g: &Grid, algorithm: Algorithm) -> Option<u64> {
    search(
        g,
        &Options::new(algorithm).mode(Mode::Graph),
        &Budget::unlimited(),
        &mut Quiet,
    )
    .solution
    .map(|s| s.cost)
}

#[test]
fn every_optimal_search_finds_the_oracles_cost() {
    let mut rng = SplitMix64(11);
    for i in 0..400 {
        let (w, h) = (
            2 + (rng.next_u64() % 14) as usize,
            1 + (rng.next_u64() % 12) as usize,
        );
        let diagonal = i % 2 == 0;
        let weighted = i % 3 == 0;
        let text = random_text(w, h, 10 + (i % 30), weighted, &mut rng);
        let truth = oracle(&text, diagonal);
        for hk in GridHeuristic::ALL {
            let g = Grid::parse(&text, diagonal, hk).unwrap();
            let got = cost(&g, Algorithm::AStar);
            if hk.admissible(diagonal) {
                assert_eq!(got, truth, "A* with {hk:?}, diagonal {diagonal}:\n{text}");
            } else {
                // Manhattan on an 8-way grid may overestimate: a path, never a cheaper one.
                assert_eq!(got.is_some(), truth.is_some());
                assert!(got >= truth);
            }
        }
        let g = Grid::parse(&text, diagonal, GridHeuristic::Zero).unwrap();
        assert_eq!(cost(&g, Algorithm::UniformCost), truth, "Dijkstra:\n{text}");
        assert_eq!(
            cost(&g, Algorithm::Bidirectional),
            truth,
            "bidirectional:\n{text}"
        );
        if !weighted {
            let steps = cost(&g, Algorithm::BreadthFirst);
            assert_eq!(steps.is_some(), truth.is_some());
            if !diagonal {
                assert_eq!(steps, truth, "BFS on a 4-way grid without weights:\n{text}");
            }
        }
    }
}

#[test]
fn weighted_a_star_stays_within_w_times_the_cheapest() {
    let mut rng = SplitMix64(12);
    for i in 0..300 {
        let diagonal = i % 2 == 1;
        let text = random_text(12, 10, 25, i % 3 == 0, &mut rng);
        let Some(truth) = oracle(&text, diagonal) else {
            continue;
        };
        for w in [10u32, 15, 20, 30, 50] {
            let hk = if diagonal {
                GridHeuristic::Octile
            } else {
                GridHeuristic::Manhattan
            };
            let g = Grid::parse(&text, diagonal, hk).unwrap().with_inflation(w);
            let got = cost(&g, Algorithm::AStar).unwrap();
            assert!(
                got >= truth && got * 10 <= truth * u64::from(w),
                "w {w}: {got} vs {truth}:\n{text}"
            );
        }
    }
}

#[test]
fn jump_point_search_finds_the_cheapest_path_and_expands_fewer_nodes() {
    let mut rng = SplitMix64(13);
    let (mut jps_expanded, mut a_expanded) = (0u64, 0u64);
    for i in 0..500 {
        let (w, h) = (
            3 + (rng.next_u64() % 30) as usize,
            3 + (rng.next_u64() % 30) as usize,
        );
        let text = random_text(w, h, [0u64, 5, 15, 30][i % 4], false, &mut rng);
        let truth = oracle(&text, true);
        let g = Grid::parse(&text, true, GridHeuristic::Octile).unwrap();
        let jps = g.clone().with_jumps(true).unwrap();
        let out = search(
            &jps,
            &Options::new(Algorithm::AStar),
            &Budget::unlimited(),
            &mut Quiet,
        );
        assert_eq!(out.solution.as_ref().map(|s| s.cost), truth, "JPS:\n{text}");
        let plain = search(
            &g,
            &Options::new(Algorithm::AStar),
            &Budget::unlimited(),
            &mut Quiet,
        );
        jps_expanded += out.stats.expanded;
        a_expanded += plain.stats.expanded;
    }
    assert!(
        jps_expanded < a_expanded,
        "JPS {jps_expanded}, A* {a_expanded}"
    );
    // On an open grid with a wall across it, far fewer.
    let mut text = String::new();
    for y in 0..60 {
        for x in 0..60 {
            text.push(match (x, y) {
                (0, 0) => 'S',
                (59, 59) => 'G',
                (30, 5..=55) => '#',
                _ => '.',
            });
        }
        text.push('\n');
    }
    let g = Grid::parse(&text, true, GridHeuristic::Octile).unwrap();
    let plain = search(
        &g,
        &Options::new(Algorithm::AStar),
        &Budget::unlimited(),
        &mut Quiet,
    );
    let jumps = g.clone().with_jumps(true).unwrap();
    let jps = search(
        &jumps,
        &Options::new(Algorithm::AStar),
        &Budget::unlimited(),
        &mut Quiet,
    );
    assert_eq!(plain.solution.unwrap().cost, jps.solution.unwrap().cost);
    assert!(
        jps.stats.expanded * 10 < plain.stats.expanded,
        "JPS {} A* {}",
        jps.stats.expanded,
        plain.stats.expanded
    );
    // Refused where it does not apply.
    let g = Grid::parse("S2.\n..G", true, GridHeuristic::Octile).unwrap();
    assert!(g.with_jumps(true).unwrap_err().contains("weighted"));
    let g = Grid::parse("S..\n..G", false, GridHeuristic::Octile).unwrap();
    assert!(g.with_jumps(true).unwrap_err().contains("8-way"));
}

/// A grid that does not number its states: graph search keeps them in a hash table.
struct Unnumbered(Grid);

impl arbor_search::Problem for Unnumbered {
    type State = arbor_puzzles::GridState;
    type Action = arbor_puzzles::GridMove;
    type Undo = arbor_puzzles::GridState;
    type Actions<'a> = arbor_puzzles::GridMoves;

    fn start(&self) -> Self::State {
        self.0.start()
    }
    fn is_goal(&self, s: &Self::State) -> bool {
        self.0.is_goal(s)
    }
    fn actions(&self, s: &Self::State) -> Self::Actions<'_> {
        self.0.actions(s)
    }
    fn apply(&self, s: &mut Self::State, a: Self::Action) -> Self::Undo {
        self.0.apply(s, a)
    }
    fn undo(&self, s: &mut Self::State, u: Self::Undo) {
        self.0.undo(s, u)
    }
    fn step_cost(&self, s: &Self::State, a: Self::Action) -> u64 {
        self.0.step_cost(s, a)
    }
    fn heuristic(&self, s: &Self::State) -> u64 {
        self.0.heuristic(s)
    }
}

/// Graph search keeps a grid's states in an array indexed by cell; on the same grid without
/// the numbering (a hash table) every frontier search records the very same trace — every
/// event, every node's g and h — and the same result. (Jump Point Search keeps one node a cell
/// either way, so it is compared against the oracle above instead.)
#[test]
fn the_array_of_cells_reached_is_the_hash_table_it_replaces() {
    use arbor_search::{Problem, Recorder};
    let mut rng = SplitMix64(14);
    for i in 0..200 {
        let (w, h) = (
            2 + (rng.next_u64() % 20) as usize,
            2 + (rng.next_u64() % 20) as usize,
        );
        let text = random_text(w, h, 5 + (i % 35), i % 3 == 0, &mut rng);
        let g = Grid::parse(&text, i % 2 == 0, GridHeuristic::Octile).unwrap();
        assert_eq!(g.dense_states(), w * h);
        let plain = Unnumbered(g.clone());
        assert_eq!(plain.dense_states(), 0);
        for algorithm in [
            Algorithm::BreadthFirst,
            Algorithm::UniformCost,
            Algorithm::Greedy,
            Algorithm::AStar,
        ] {
            let options = Options::new(algorithm).mode(Mode::Graph);
            let (mut a, mut b) = (Recorder::new(), Recorder::new());
            let x = search(&g, &options, &Budget::unlimited(), &mut a);
            let y = search(&plain, &options, &Budget::unlimited(), &mut b);
            assert_eq!(x, y, "{algorithm:?}:\n{text}");
            assert_eq!(a.into_trace(), b.into_trace(), "{algorithm:?}:\n{text}");
        }
    }
}
