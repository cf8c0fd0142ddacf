//! The search page's settings, problems and marks, with searches the worker records.

use arbor_app::search::*;
use arbor_app::url::UrlSettings;

use arbor_app::work::Reply;
#[allow(unused_imports)]
use arbor_worker::*;

use arbor_app::route::Route;
use arbor_app::route::View;
use arbor_app::search::{GridSpec, ProblemSpec};
use arbor_puzzles::{GridHeuristic, Heuristic};
use arbor_search::replay::SearchReplay;
use arbor_search::{Algorithm, Mode, Options, TieBreak};

/// A grid's 10⁻¹⁰ of a step are written as steps, rounded to four decimals, with no more
/// decimals than needed; other problems' costs as they are.
#[test]
fn costs_are_written_in_the_problems_unit() {
    let steps = CostUnit::of(&Problem::default_grid());
    assert_eq!(steps, CostUnit::Steps);
    for (cost, shown) in [
        (220_000_000_000, "22"),
        (1_600_000_000_000, "160"),
        (164_142_135_624, "16.4142"),
        (14_142_135_624, "1.4142"),
        (28_284_271_248, "2.8284"),
        (15_000_000_000, "1.5"),
        (500_000_000, "0.05"),
        (499_999, "0"),
        (500_000, "0.0001"),
        (19_999_999_999, "2"),
        (0, "0"),
    ] {
        assert_eq!(steps.show(cost), shown);
    }
    assert_eq!(CostUnit::of(&Problem::seed_tree()).show(2200), "2200");
    assert_eq!(CostUnit::of(&Problem::eight(4, 1)), CostUnit::Whole);
}

#[test]
fn a_grid_problem_round_trips_through_the_url_and_bad_parts_are_named() {
    let spec = GridSpec {
        text: "S..#\n.5.G\n".into(),
        diagonal: true,
        heuristic: GridHeuristic::Octile,
        inflation: 15,
        jumps: false,
    };
    let grid = Problem::Grid(spec.clone());
    let s = Settings {
        problem: grid.clone(),
        algorithm: Algorithm::AStar,
        ..Settings::default()
    };
    let mut r = Route::new(View::Search);
    s.to_route(&mut r);
    assert!(
        r.to_hash()
            .contains("grid=S..%23%2F.5.G&moves=8&h=octile&w=1.5"),
        "{}",
        r.to_hash()
    );
    let (back, warnings) = Settings::from_route(&Route::parse(&r.to_link()));
    assert_eq!(warnings, Vec::<String>::new());
    assert_eq!(back.problem, grid);
    assert!(matches!(
        grid.spec(),
        Ok(ProblemSpec::Grid(GridSpec { inflation: 15, .. }))
    ));
    // Jump Point Search on weighted cells cannot be searched: said before searching.
    let jps = Problem::Grid(GridSpec {
        jumps: true,
        ..spec
    });
    assert!(jps.spec().unwrap_err().contains("weighted"));
    // Jump Point Search that cannot apply is turned off; the link's grid and moves stay.
    for (link, why) in [
        ("grid=S3.G&moves=8&jps=1", "weighted"),
        ("grid=S..G&moves=4&jps=1", "diagonal"),
    ] {
        let (s, warnings) =
            Settings::from_route(&Route::parse(&format!("#/search?problem=grid&{link}")));
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains(why) && warnings[0].contains("Jump Point Search is off"));
        let Problem::Grid(spec) = &s.problem else {
            panic!("not a grid")
        };
        assert!(!spec.jumps && spec.text.starts_with("S"), "{spec:?}");
        assert_eq!(spec.diagonal, link.contains("moves=8"));
    }
    let (s, warnings) = Settings::from_route(&Route::parse(
        "#/search?problem=grid&grid=S.x/..G&moves=6&h=magic&w=9",
    ));
    assert_eq!(warnings.len(), 4, "{warnings:?}");
    assert!(
        warnings.iter().any(|w| w.contains("line 1, column 3")),
        "{warnings:?}"
    );
    assert_eq!(s.problem, Problem::default_grid());
    assert_eq!(parse_inflation("1.5"), Some(15));
    assert_eq!(parse_inflation("5"), Some(50));
    assert_eq!(parse_inflation("0.5"), None);
    assert_eq!(parse_inflation("1.55"), None);
}

#[test]
fn each_cell_shows_the_engines_standing_of_its_nodes() {
    let problem = Problem::Grid(GridSpec {
        text: "S.#.\n..#G\n....\n".into(),
        diagonal: false,
        heuristic: GridHeuristic::Manhattan,
        inflation: 10,
        jumps: false,
    });
    for algorithm in [Algorithm::AStar, Algorithm::Bidirectional] {
        let request = arbor_app::search::SearchRequest {
            problem: problem.spec().unwrap(),
            options: Options::new(algorithm),
            record: 1000,
            max_nodes: None,
        };
        let mut out = Vec::new();
        out.extend(replies(
            arbor_app::search::Request::Search(request),
            &|| 0.0,
        ));
        let view = out
            .into_iter()
            .find_map(|m| match m {
                Reply::Answer(arbor_app::search::Answer::Recorded(v)) => Some(v),
                _ => None,
            })
            .unwrap();
        let replay = SearchReplay::new(
            view.nodes.iter().map(|n| n.info).collect(),
            view.events.clone(),
            algorithm,
        );
        // Before the first step nothing is marked; after it, the start's cell.
        let first = cell_marks(&view, &replay.frame(0), 4, 3);
        assert!(first.iter().all(|&m| m == CellMark::None));
        let after = cell_marks(&view, &replay.frame(1), 4, 3);
        assert_ne!(after[0], CellMark::None);
        // At the end: the path around the wall, S → ↓ ↓ → → ↑ to G.
        let last = cell_marks(&view, &replay.frame(replay.len()), 4, 3);
        let path: Vec<usize> = (0..12).filter(|&c| last[c] == CellMark::Path).collect();
        // (Bidirectional: the forward half and the backward half, met in the middle.)
        assert_eq!(path, [0, 1, 5, 7, 9, 10, 11], "{algorithm:?} {last:?}");
        assert!(
            last[2] == CellMark::None && last[6] == CellMark::None,
            "walls stay unmarked"
        );
    }
}

#[test]
fn settings_round_trip_through_the_url() {
    for problem in [
        Problem::seed_tree(),
        Problem::Graph {
            text: "A -> B:2\ngoal B".into(),
        },
        Problem::eight(12, 3),
        Problem::Blocks {
            text: BLOCKS_PRESETS[1].2.into(),
            heuristic: false,
        },
    ] {
        let s = Settings {
            problem,
            algorithm: Algorithm::AStar,
            mode: Mode::Tree,
            cycle_check: false,
            depth: Some(7),
            tie: TieBreak::Lifo,
            step: 12,
        };
        let mut route = Route::new(View::Search);
        s.to_route(&mut route);
        assert_eq!(
            Settings::from_route(&Route::parse(&route.to_hash())),
            (s, vec![])
        );
    }
}

/// `tie` is written only when it is not the search's usual rule, and reads back so; a
/// link without it (every link from before the rule) gets the usual rule.
#[test]
fn the_tie_rule_in_the_url() {
    let read = |hash: &str| Settings::from_route(&Route::parse(hash));
    assert_eq!(read("#/search?algo=astar").0.tie, TieBreak::LowestH);
    assert_eq!(read("#/search?algo=ucs").0.tie, TieBreak::Fifo);
    assert_eq!(read("#/search?algo=ucs&tie=lifo").0.tie, TieBreak::Lifo);
    assert_eq!(read("#/search?algo=astar&tie=fifo").0.tie, TieBreak::Fifo);
    for algorithm in Algorithm::ALL {
        for tie in TieBreak::ALL {
            let s = Settings {
                algorithm,
                tie,
                ..Settings::default()
            };
            let mut route = Route::new(View::Search);
            s.to_route(&mut route);
            assert_eq!(
                route.get("tie").is_some(),
                tie != TieBreak::usual(algorithm),
                "{algorithm:?} {tie:?}"
            );
            assert_eq!(read(&route.to_hash()), (s.clone(), vec![]));
            assert_eq!(s.options().tie, tie);
        }
    }
    let (s, warnings) = read("#/search?algo=greedy&tie=random");
    assert_eq!(s.tie, TieBreak::Fifo);
    assert_eq!(
        warnings,
        ["Unknown tie rule “random” (the rules are fifo, lifo, lowest-h); using oldest first (FIFO)."]
    );
    let (s, warnings) = read("#/search?algo=astar&tie=");
    assert_eq!(s.tie, TieBreak::LowestH);
    assert!(
        warnings[0].contains("using lowest h, then oldest"),
        "{warnings:?}"
    );
}

/// Changing the search keeps a tie rule chosen on purpose, and follows the usual one.
#[test]
fn a_new_search_keeps_a_chosen_tie_rule() {
    let mut s = Settings {
        algorithm: Algorithm::AStar,
        tie: TieBreak::LowestH,
        ..Settings::default()
    };
    s.set_algorithm(Algorithm::UniformCost);
    assert_eq!(s.tie, TieBreak::Fifo);
    s.set_algorithm(Algorithm::AStar);
    assert_eq!(s.tie, TieBreak::LowestH);
    s.tie = TieBreak::Lifo;
    s.set_algorithm(Algorithm::Greedy);
    assert_eq!(s.tie, TieBreak::Lifo);
    assert!(s.tie_applies());
    s.set_algorithm(Algorithm::BreadthFirst);
    assert!(!s.tie_applies());
}

/// A link to a puzzle without its tiles opens the puzzle the menu opens (never a solved
/// board, with nothing to search); a link whose tiles are the goal opens the goal.
#[test]
fn a_puzzle_link_without_tiles_opens_the_menus_puzzle() {
    let read = |hash: &str| Settings::from_route(&Route::parse(hash));
    let (s, warnings) = read("#/search?problem=puzzle");
    assert_eq!(warnings, Vec::<String>::new());
    assert_eq!(s.problem, Problem::default_of("puzzle"));
    let Problem::Puzzle { tiles, .. } = &s.problem else {
        panic!("{:?}", s.problem)
    };
    assert_ne!(*tiles, Problem::goal_tiles(3, 3, false));
    // Another size, or the blank first: a shuffled board of that shape and goal.
    for (hash, rows, cols, first) in [
        ("#/search?problem=puzzle&size=2x3", 2, 3, false),
        ("#/search?problem=puzzle&goal=first", 3, 3, true),
    ] {
        let (s, warnings) = read(hash);
        assert!(warnings.is_empty(), "{warnings:?}");
        let Problem::Puzzle { tiles, .. } = &s.problem else {
            panic!("{:?}", s.problem)
        };
        assert_eq!(tiles.len(), rows * cols);
        assert_ne!(*tiles, Problem::goal_tiles(rows as u8, cols as u8, first));
        assert!(s.problem.spec().is_ok(), "{hash}");
    }
    // Asked for: the solved board.
    let (s, _) = read("#/search?problem=puzzle&size=3x3&tiles=1,2,3,4,5,6,7,8,0");
    assert!(
        matches!(&s.problem, Problem::Puzzle { tiles, .. } if *tiles == Problem::goal_tiles(3, 3, false))
    );
    // Tiles that are not numbers: said, and the menu's puzzle shown.
    let (s, warnings) = read("#/search?problem=puzzle&tiles=1,x");
    assert_eq!(s.problem, Problem::default_of("puzzle"));
    assert!(
        warnings[0].contains("not a list of numbers"),
        "{warnings:?}"
    );
}

/// Each kind of problem opens with its own search when the link names none; the
/// searches a grid is a poor fit for are said to be so, and the default suits its problem.
#[test]
fn each_kind_of_problem_has_a_search_that_suits_it() {
    let read = |hash: &str| Settings::from_route(&Route::parse(hash)).0;
    assert_eq!(read("#/search?problem=grid").algorithm, Algorithm::AStar);
    assert_eq!(read("#/search?problem=grid").tie, TieBreak::LowestH);
    assert_eq!(
        read("#/search").algorithm,
        Algorithm::IterativeDeepening,
        "the page's first tree keeps iterative deepening"
    );
    // A link that names its search keeps it, fit or not.
    assert_eq!(
        read("#/search?problem=grid&algo=iddfs").algorithm,
        Algorithm::IterativeDeepening
    );
    let grid = Problem::default_grid();
    for a in [
        Algorithm::DepthFirst,
        Algorithm::DepthLimited,
        Algorithm::IterativeDeepening,
        Algorithm::IdaStar,
    ] {
        assert!(!grid.suits(a), "{a:?}");
    }
    for kind in ["graph", "puzzle", "blocks", "grid"] {
        let p = Problem::default_of(kind);
        assert_eq!(p.kind(), kind);
        assert!(p.suits(p.default_algorithm()), "{kind}");
        assert_eq!(
            read(&format!("#/search?problem={kind}")).algorithm,
            p.default_algorithm()
        );
    }
    assert!(!Problem::default_of("blocks").suits(Algorithm::Bidirectional));
    assert!(Problem::seed_tree().suits(Algorithm::DepthFirst));
}

#[test]
fn bad_links_fall_back_with_messages() {
    let (s, warnings) = Settings::from_route(&Route::parse(
        "#/search?problem=puzzle&tiles=1,x&h=magic&algo=nope&depth=-2",
    ));
    assert_eq!(s.algorithm, Algorithm::IterativeDeepening);
    assert_eq!(warnings.len(), 4, "{warnings:?}");
    // An unsolvable puzzle is refused before any search, with the reason.
    let p = Problem::Puzzle {
        rows: 3,
        cols: 3,
        tiles: vec![2, 1, 3, 4, 5, 6, 7, 8, 0],
        blank_first: false,
        heuristic: Heuristic::Manhattan,
    };
    assert!(p.spec().unwrap_err().contains("unsolvable"));
    assert!(Problem::Graph {
        text: "A -> ".into()
    }
    .spec()
    .unwrap_err()
    .contains("line 1"));
}
