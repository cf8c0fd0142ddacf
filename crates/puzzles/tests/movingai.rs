//! The Moving AI benchmark's maps and scenarios (`data/movingai/`): Arbor's lengths against the
//! published optimal ones — every scenario of the four small maps with A*, Jump Point Search and
//! the other optimal searches, a spread sample of the three large ones with A* and JPS — and
//! JPS expanding no more nodes than A* on open maps. Malformed maps and scenario lines are
//! refused with their line and column.

use arbor_puzzles::{show_steps, Grid, GridHeuristic, GridMap, Scenario, DIAGONAL, STRAIGHT};
use arbor_search::{search, Algorithm, Budget, Mode, Options, Quiet, Status};
use std::path::PathBuf;

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/movingai")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A scenario file and its map, read and checked against each other.
fn load(scen: &str) -> (GridMap, Vec<Scenario>) {
    let text = data(scen);
    let first = Scenario::parse_file(&text, None).expect("the scenario file reads");
    let map = GridMap::parse(&data(&first[0].map)).expect("the map reads");
    let scenarios = Scenario::parse_file(&text, Some(&map)).expect("the scenarios fit the map");
    (map, scenarios)
}

/// The length `algorithm` finds on `grid` (graph search), or why not.
fn length(grid: &Grid, algorithm: Algorithm) -> Result<u64, Status> {
    let out = search(
        grid,
        &Options::new(algorithm).mode(Mode::Graph),
        &Budget::unlimited(),
        &mut Quiet,
    );
    out.solution.map(|s| s.cost).ok_or(out.status)
}

/// Every `every`-th scenario (the last always), solved by each of `searches` (a name, the grid
/// as it needs it, the algorithm): each length the published one within 10⁻⁴.
fn check(scen: &str, every: usize, searches: &[Way]) -> usize {
    let (map, scenarios) = load(scen);
    // Each search's grid made once: the scenarios move its start and goal.
    let first = &scenarios[0];
    let mut grids: Vec<Grid> = searches
        .iter()
        .map(|(_, make, _)| make(map.grid(first.start, first.goal).unwrap()))
        .collect();
    let mut checked = 0;
    let last = scenarios.len() - 1;
    for (i, s) in scenarios
        .iter()
        .enumerate()
        .filter(|&(i, _)| i % every == 0 || i == last)
    {
        for ((name, _, algorithm), grid) in searches.iter().zip(&mut grids) {
            let got = s.solve(grid, *algorithm).unwrap();
            assert!(
                got.is_some_and(|l| s.matches(l)),
                "{scen} #{i} (line {}): {name} gives {:?}, the benchmark {}",
                s.line,
                got.map(|l| show_steps(l, 8)),
                s.optimal_text
            );
        }
        checked += 1;
    }
    checked
}

fn same(g: Grid) -> Grid {
    g
}
fn jps(g: Grid) -> Grid {
    g.with_jumps(true).unwrap()
}
fn euclidean(g: Grid) -> Grid {
    g.with_heuristic(GridHeuristic::Euclidean)
}
fn chebyshev(g: Grid) -> Grid {
    g.with_heuristic(GridHeuristic::Chebyshev)
}

/// A search to check: its name, the grid as it needs it, the algorithm.
type Way = (&'static str, fn(Grid) -> Grid, Algorithm);

const A_STAR_AND_JPS: &[Way] = &[
    ("A*", same, Algorithm::AStar),
    ("JPS", jps, Algorithm::AStar),
];

const EVERY_OPTIMAL: &[Way] = &[
    ("A*", same, Algorithm::AStar),
    ("JPS", jps, Algorithm::AStar),
    ("A* (Euclidean)", euclidean, Algorithm::AStar),
    ("A* (Chebyshev)", chebyshev, Algorithm::AStar),
    ("uniform cost", same, Algorithm::UniformCost),
    ("bidirectional", same, Algorithm::Bidirectional),
];

#[test]
fn every_scenario_of_the_small_maps_has_its_published_length() {
    for (scen, count) in [
        ("empty-16-16-random-1.scen", 128),
        ("random-32-32-20-random-1.scen", 409),
        ("arena.map.scen", 130),
        ("den312d.map.scen", 290),
    ] {
        assert_eq!(check(scen, 1, EVERY_OPTIMAL), count, "{scen}");
    }
}

#[test]
fn a_sample_of_the_large_maps_has_its_published_length() {
    // Spread over each file, the last (longest) scenario included.
    assert!(check("Boston_0_256.map.scen", 19, A_STAR_AND_JPS) >= 50);
    assert!(check("64room_005.map.scen", 116, A_STAR_AND_JPS) >= 20);
    assert!(check("maze512-1-9.map.scen", 891, A_STAR_AND_JPS) >= 20);
}

/// On maps without walls in the way (the empty map, the arena) Jump Point Search expands no
/// more nodes than A*: it only skips the cells A* would expand one by one.
#[test]
fn jps_expands_no_more_than_a_star_on_open_maps() {
    for scen in ["empty-16-16-random-1.scen", "arena.map.scen"] {
        let (map, scenarios) = load(scen);
        let (mut a, mut j) = (0, 0);
        for s in &scenarios {
            let grid = map.grid(s.start, s.goal).unwrap();
            let options = Options::new(Algorithm::AStar).mode(Mode::Graph);
            let plain = search(&grid, &options, &Budget::unlimited(), &mut Quiet)
                .stats
                .expanded;
            let jumps = search(&jps(grid), &options, &Budget::unlimited(), &mut Quiet)
                .stats
                .expanded;
            assert!(
                jumps <= plain,
                "{scen} line {}: JPS {jumps}, A* {plain}",
                s.line
            );
            (a, j) = (a + plain, j + jumps);
        }
        assert!(j * 2 < a, "{scen}: JPS expanded {j} in all, A* {a}");
    }
}

/// A diagonal step costs √2: the lengths are exact sums, never 1.42 a diagonal.
#[test]
fn a_diagonal_costs_the_square_root_of_two() {
    let map = GridMap::parse("type octile\nheight 3\nwidth 3\nmap\n...\n...\n...\n").unwrap();
    let grid = map.grid((0, 0), (2, 2)).unwrap();
    assert_eq!(length(&grid, Algorithm::AStar), Ok(2 * DIAGONAL));
    assert_eq!(show_steps(2 * DIAGONAL, 8), "2.82842712");
    // 500 diagonal steps at 1.42 would be 710; at √2 they are 707.1068 — the published figure.
    assert_eq!(show_steps(500 * DIAGONAL, 4), "707.1068");
    const { assert!(STRAIGHT * 707 < 500 * DIAGONAL && 500 * DIAGONAL < STRAIGHT * 708) };
}

fn map_error(text: &str) -> (usize, usize, String) {
    let e = GridMap::parse(text).unwrap_err();
    (e.line, e.column, e.message)
}

#[test]
fn a_malformed_map_is_refused_with_its_line_and_column() {
    let head = "type octile\nheight 2\nwidth 3\nmap\n";
    let (l, c, m) = map_error(&format!("{head}..@\n.x.\n"));
    assert_eq!((l, c), (6, 2), "{m}");
    assert!(m.contains("'x' is not a map cell"), "{m}");
    let (l, c, m) = map_error(&format!("{head}..@\n..\n"));
    assert_eq!((l, c), (6, 3), "{m}");
    assert!(m.contains("2 cells; the map's width is 3"), "{m}");
    let (l, c, m) = map_error(&format!("{head}..@\n....\n"));
    assert_eq!((l, c), (6, 4), "{m}");
    let (l, _, m) = map_error(&format!("{head}..@\n"));
    assert_eq!(l, 6, "{m}");
    assert!(m.contains("ends after 1 rows of 2"), "{m}");
    let (l, _, m) = map_error(&format!("{head}...\n...\n...\n"));
    assert_eq!(l, 7, "{m}");
    let (l, c, m) = map_error("type octile\nheight 2000\nwidth 3\nmap\n");
    assert_eq!((l, c), (2, 8), "{m}");
    assert!(m.contains("more than 1024"), "{m}");
    let (l, c, m) = map_error("type octile\nheight two\nwidth 3\nmap\n");
    assert_eq!((l, c), (2, 8), "{m}");
    assert!(m.contains("'two' is not a whole number"), "{m}");
    let (l, _, m) = map_error("type hex\nheight 2\nwidth 3\nmap\n");
    assert_eq!(l, 1, "{m}");
    let (l, _, m) = map_error("type octile\nwidth 3\nmap\n...\n");
    assert_eq!(l, 3, "{m}");
    assert!(m.contains("height and width"), "{m}");
    // Windows line ends read as well.
    let map = GridMap::parse("type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n.@\r\n").unwrap();
    assert!(map.passable(0, 0) && !map.passable(1, 0));
}

fn scen_error(text: &str) -> (usize, usize, String) {
    let map = GridMap::parse("type octile\nheight 2\nwidth 3\nmap\n..@\n...\n").unwrap();
    let e = Scenario::parse_file(text, Some(&map)).unwrap_err();
    (e.line, e.column, e.message)
}

#[test]
fn a_malformed_scenario_line_is_refused_with_its_line_and_column() {
    let ok = "0\tm.map\t3\t2\t0\t0\t2\t1\t2.41421356";
    let file = |line: &str| format!("version 1\n{ok}\n{line}\n");
    let map = GridMap::parse("type octile\nheight 2\nwidth 3\nmap\n..@\n...\n").unwrap();
    let good = Scenario::parse_file(&file(ok), Some(&map)).unwrap();
    assert_eq!(good[1].optimal, 24_142_135_600);
    assert!(good[1].matches(STRAIGHT + DIAGONAL));
    // The start on a blocked cell: named at the start's x.
    let (l, c, m) = scen_error(&file("0\tm.map\t3\t2\t2\t0\t0\t1\t2.0"));
    assert_eq!((l, c), (3, 13), "{m}");
    assert!(m.contains("the start (2, 0) is on a blocked cell"), "{m}");
    // The goal off the map.
    let (l, c, m) = scen_error(&file("0\tm.map\t3\t2\t0\t0\t3\t1\t2.0"));
    assert_eq!((l, c), (3, 17), "{m}");
    assert!(m.contains("off the 3 × 2 map"), "{m}");
    // Another map's size.
    let (l, c, m) = scen_error(&file("0\tm.map\t4\t2\t0\t0\t1\t1\t2.0"));
    assert_eq!((l, c), (3, 9), "{m}");
    assert!(m.contains("the scenario's map is 4 × 2"), "{m}");
    // A bad number, a bad length, too few fields, a wrong first line.
    let (l, c, m) = scen_error(&file("0\tm.map\t3\t2\t0\t-1\t1\t1\t2.0"));
    assert_eq!((l, c), (3, 15), "{m}");
    let (l, c, m) = scen_error(&file("0\tm.map\t3\t2\t0\t0\t1\t1\t2,5"));
    assert_eq!((l, c), (3, 21), "{m}");
    assert!(m.contains("'2,5' is not a decimal number"), "{m}");
    let (l, _, m) = scen_error(&file("0\tm.map\t3\t2\t0\t0\t1\t1"));
    assert_eq!(l, 3, "{m}");
    assert!(m.contains("8 fields"), "{m}");
    let (l, _, m) = scen_error("version 2\n");
    assert_eq!(l, 1, "{m}");
}

/// A header's value is named at its own column, in characters, whatever comes before it.
#[test]
fn a_header_value_is_named_at_its_column() {
    let (l, c, m) = map_error("type octile\n\u{3000}height height\nwidth 3\nmap\n");
    assert_eq!((l, c), (2, 9), "{m}");
    let (l, c, _) = map_error("type octile\nheight 2\nwidth  9999\nmap\n");
    assert_eq!((l, c), (3, 8));
}
