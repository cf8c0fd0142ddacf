//! What the "For teachers" page lists: every seed example as a ready link, and the URL
//! parameters of each view. Pure, so tests check that every link opens without a complaint and
//! that every parameter the views write is documented.

use arbor_game::Ordering;
use arbor_puzzles::Heuristic;
use arbor_search::{Algorithm as SearchAlgorithm, Mode};

use crate::explore::{self, Problem, BLOCKS_PRESETS};
use crate::play::{Kind, Player, Setup};
use crate::route::{Route, View};
use crate::stepper::{self, Algorithm, Source};

/// One example of the seeds, as a link.
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    /// Which seed document it comes from (`000` … `004`).
    pub seed: &'static str,
    /// What it shows.
    pub title: &'static str,
    /// What to look for.
    pub expect: &'static str,
    /// The link.
    pub route: Route,
}

fn stepper_route(
    preset: &'static str,
    algorithm: Algorithm,
    ordering: Ordering,
    depth: Option<u32>,
) -> Route {
    let settings = stepper::Settings {
        source: Source::Preset(preset),
        algorithm,
        ordering,
        depth,
        ..stepper::Settings::default()
    };
    let mut route = Route::new(View::AlphaBeta);
    settings.to_route(&mut route);
    route
}

fn search_route(problem: Problem, algorithm: SearchAlgorithm, depth: Option<u32>) -> Route {
    let settings = explore::Settings {
        problem,
        algorithm,
        mode: Mode::Graph,
        depth,
        ..explore::Settings::default()
    };
    let mut route = Route::new(View::Search);
    settings.to_route(&mut route);
    route
}

fn play_route(setup: Setup) -> Route {
    let mut route = Route::new(View::Play);
    setup.to_route(&mut route);
    route
}

fn practice_route(settings: crate::practice::Settings) -> Route {
    let mut route = Route::new(View::Practice);
    settings.to_route(&mut route);
    route
}

fn puzzle(tiles: &[u8]) -> Problem {
    let side = (tiles.len() as f64).sqrt() as u8;
    Problem::Puzzle {
        rows: side,
        cols: side,
        tiles: tiles.to_vec(),
        blank_first: false,
        heuristic: Heuristic::Manhattan,
    }
}

/// The 8-puzzle example's start.
const PUZZLE: [u8; 9] = [8, 1, 3, 4, 0, 2, 7, 6, 5];

/// Every example of the seeds, in seed order.
pub fn examples() -> Vec<Example> {
    let seed_tree = Problem::seed_tree();
    let blocks = |i: usize| Problem::Blocks {
        text: BLOCKS_PRESETS[i].2.to_string(),
        heuristic: true,
    };
    let mut ttt_o = Setup::new(Kind::TicTacToe);
    ttt_o.players = [Player::Ai("perfect"), Player::Human];
    ttt_o.o_first = true;
    let mut nim = Setup::new(Kind::Nim);
    nim.players = [Player::Human, Player::Ai("perfect")];
    nim.hints = true;
    let mut c4 = Setup::new(Kind::Connect4);
    c4.players = [Player::Human, Player::Ai("seed4")];
    vec![
        Example {
            seed: "000",
            title: "Depth-limited search on the tree A … S, limit 3",
            expect: "Visits A B E I F J K C G L D H M N (limits 0–4 in the depth menu).",
            route: search_route(seed_tree.clone(), SearchAlgorithm::DepthLimited, Some(3)),
        },
        Example {
            seed: "000",
            title: "Iterative deepening for R",
            expect: "Not reachable at depth 3; found at depth 4 after A B E I F J K O P C G L R.",
            route: search_route(seed_tree, SearchAlgorithm::IterativeDeepening, None),
        },
        Example {
            seed: "000",
            title: "Alpha-beta with MIN at the root",
            expect: "Root 4; the leaf 8 is pruned, since 6 ≥ β = 4 at the second MAX node.",
            route: stepper_route(
                "seed000-min-root",
                Algorithm::AlphaBeta,
                Ordering::Natural,
                None,
            ),
        },
        Example {
            seed: "000",
            title: "Tic-tac-toe against the “ideal player”",
            expect:
                "The perfect level scores wins 10 − depth, so it wins soonest and loses latest.",
            route: play_route(Setup::new(Kind::TicTacToe)),
        },
        Example {
            seed: "001",
            title: "The slides' pruning example",
            expect: "max(min(3,12,8), min(2,x,y), min(14,5,2)) = 3: x and y are pruned.",
            route: stepper_route(
                "seed001-aima",
                Algorithm::AlphaBeta,
                Ordering::Natural,
                None,
            ),
        },
        Example {
            seed: "001",
            title: "Nim from 4, its whole game tree",
            expect: "Minimax gives the root −1: the player to move loses.",
            route: stepper_route("seed001-nim4", Algorithm::Minimax, Ordering::Natural, None),
        },
        Example {
            seed: "001",
            title: "Nim from 9 against the perfect player, with hints",
            expect: "Take 1 to leave a multiple of 4, and you win.",
            route: play_route(nim),
        },
        Example {
            seed: "001",
            title: "Three players: max^n",
            expect: "Each player maximises its own utility; the root's vector is (1, 2, 6).",
            route: stepper_route("aima-maxn", Algorithm::MaxN, Ordering::Natural, None),
        },
        Example {
            seed: "002",
            title: "Blocks world, the first start",
            expect: "A* finds the optimal depth 3.",
            route: search_route(blocks(0), SearchAlgorithm::AStar, None),
        },
        Example {
            seed: "002",
            title: "Blocks world, the second start",
            expect: "A* finds the optimal depth 16.",
            route: search_route(blocks(1), SearchAlgorithm::AStar, None),
        },
        Example {
            seed: "002",
            title: "Tic-tac-toe: the computer starts, playing O",
            expect: "The computer never loses.",
            route: play_route(ttt_o),
        },
        Example {
            seed: "003",
            title: "The minimax tutorial tree",
            expect: "D = 4, E = 6, F = −3, G = 7; B = 4, C = −3; A = 4.",
            route: stepper_route(
                "seed003-minimax",
                Algorithm::Minimax,
                Ordering::Natural,
                None,
            ),
        },
        Example {
            seed: "003",
            title: "The alpha-beta tutorial tree",
            expect: "A = 3; E's right leaf and the whole of G are pruned.",
            route: stepper_route(
                "seed003-alphabeta",
                Algorithm::AlphaBeta,
                Ordering::Natural,
                None,
            ),
        },
        Example {
            seed: "003",
            title: "The same tree in the worst order",
            expect: "Worst-first ordering prunes less; open “Compare move orders” for the counts.",
            route: stepper_route(
                "seed003-alphabeta",
                Algorithm::AlphaBeta,
                Ordering::Worst,
                None,
            ),
        },
        Example {
            seed: "004",
            title: "An 8-puzzle by A* with Manhattan distance",
            expect: "An optimal solution of 14 moves; compare the nodes with breadth-first search.",
            route: search_route(puzzle(&PUZZLE), SearchAlgorithm::AStar, None),
        },
        Example {
            seed: "003",
            title: "Practice: mark what alpha-beta prunes on the tutorial tree",
            expect: "Mark E's right leaf and G; Check gives the score, Reveal steps the run.",
            route: practice_route(crate::practice::Settings {
                tree: Some(
                    arbor_game::presets::preset("seed003-alphabeta")
                        .map(|p| p.text.to_string())
                        .unwrap_or_default(),
                ),
                ab_level: crate::practice::alphabeta::Level::Values,
                ..Default::default()
            }),
        },
        Example {
            seed: "000",
            title: "Practice: breadth-first search on the tree A … S",
            expect: "Click the node taken next: B C D E F G H …",
            route: practice_route(crate::practice::Settings {
                kind: crate::practice::Kind::Search,
                algorithm: SearchAlgorithm::BreadthFirst,
                text: Some("A[B[E[I] F[J K[O P]]] C[G[L[R]]] D[H[M N[S]]]]\ngoal R".into()),
                ..Default::default()
            }),
        },
        Example {
            seed: "004",
            title: "Connect four against the seed's heuristic, 4 plies",
            expect: "Runs of 2 and 3 scored 1 and 3, a run of 4 wins.",
            route: play_route(c4),
        },
    ]
}

/// Tree text, by example (each is parsed in a test).
pub const TREE_TEXTS: [(&str, &str); 5] = [
    (
        "[[3,12,8],[2,4,6],[14,5,2]]",
        "MAX at the root over three MIN nodes",
    ),
    ("min [[2,4],[6,8]]", "MIN at the root"),
    ("[B:[D:3,E:12],C:[F:2,G:4]]", "nodes named in the text"),
    (
        "[{5}[1,2],{3}[3,4]]",
        "static evaluations of inner nodes, used at a depth limit",
    ),
    (
        "[[(1,2,6),(4,2,3)],[(6,1,2),(7,4,1)]]",
        "utility vectors: three players, max^n",
    ),
];

/// One documented URL parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// The parameter's name.
    pub name: &'static str,
    /// Its values.
    pub values: &'static str,
    /// What it does.
    pub meaning: &'static str,
}

const fn p(name: &'static str, values: &'static str, meaning: &'static str) -> Param {
    Param {
        name,
        values,
        meaning,
    }
}

/// Parameters every view takes.
pub const COMMON_PARAMS: &[Param] = &[
    p("embed", "1", "The view alone, without Arbor's header, for an <iframe>; a small “Open in Arbor” link leads to the full app."),
    p("z", "packed text", "Long values (a large tree's text) packed to keep links short: raw deflate, then base64url. Arbor writes it; values written after it override it."),
    p("step", "0, 1, 2, …", "The step shown in the alpha-beta and search views (0: before the search starts)."),
];

/// `#/alphabeta`.
pub const STEPPER_PARAMS: &[Param] = &[
    p("preset", "seed003-alphabeta, seed003-minimax, seed001-aima, seed000-min-root, seed001-nim4, aima-maxn", "One of the built-in trees."),
    p("tree", "tree text, e.g. [[3,12,8],[2,4,6],[14,5,2]]", "A tree of your own (see Tree text below)."),
    p("random", "depth,smallest branching,largest branching,lowest value,highest value,seed[,players]", "A random tree, the same for the same numbers."),
    p("root", "min", "MIN moves at the root."),
    p("algo", "minimax, alphabeta, alphabeta-hard, negamax, deepening, maxn", "The search (default alphabeta, the fail-soft form)."),
    p("order", "natural, reversed, evaluation, best, worst", "The move order of the pruning searches."),
    p("depth", "0 … 64", "A depth limit: nodes there are valued by their evaluation."),
    p("game, moves, level, seed, solver, piles, take, misere, first", "as on #/play", "The search behind an AI move in a game: the position before the move, and the level and seed that reproduce it; solver=1 for the connect-four solver's search."),
];

/// `#/search`.
pub const SEARCH_PARAMS: &[Param] = &[
    p("problem", "graph, puzzle, blocks", "What is searched."),
    p(
        "preset",
        "seed000-tree, romania",
        "A built-in tree or graph (problem=graph).",
    ),
    p(
        "text",
        "graph text",
        "A tree or graph of your own (problem=graph).",
    ),
    p(
        "size",
        "RxC, e.g. 3x3",
        "The sliding puzzle's size (problem=puzzle).",
    ),
    p(
        "tiles",
        "comma-separated tiles, 0 = blank",
        "The puzzle's start, row by row.",
    ),
    p(
        "goal",
        "first",
        "The blank first in the goal (default: last).",
    ),
    p(
        "h",
        "zero, misplaced, manhattan, linear (puzzle); zero (blocks)",
        "The heuristic (default: Manhattan distance; for blocks, the blocks' distances).",
    ),
    p(
        "blocks",
        "e.g. 4x4 A(2,2) B(2,3) C(1,4) @(3,3) goal A(2,2) B(2,3) C(2,4)",
        "The blocks world (problem=blocks).",
    ),
    p(
        "algo",
        "bfs, dfs, dls, iddfs, ucs, greedy, astar, idastar",
        "The search.",
    ),
    p(
        "mode",
        "tree, graph",
        "Tree search (no explored set) or graph search.",
    ),
    p(
        "cycles",
        "allow",
        "Depth-first searches may walk back onto their own path.",
    ),
    p(
        "depth",
        "0 … 200",
        "The depth limit (dls), or the deepest iteration (iddfs).",
    ),
];

/// `#/play`.
pub const PLAY_PARAMS: &[Param] = &[
    p("game", "ttt, c4, nim", "The game."),
    p("p1, p2", "human, or a level: d1, d2, d4, perfect (ttt, nim); seed1, seed2, seed4, threats6, threats8, perfect (c4)", "Who plays first and second."),
    p("first", "o", "Tic-tac-toe: the first player plays O."),
    p("moves", "ttt: cells 1–9; c4: columns 1–7, as in Pons' files; nim: pile.count,…", "The moves so far: the position."),
    p("piles", "e.g. 9 or 3,4,5", "Nim's piles."),
    p("take", "1 … 31, or any", "Nim: the most one move may take."),
    p("misere", "1", "Nim: whoever takes the last object loses."),
    p("hints", "1", "Show every move's score on your turn."),
    p("seed", "a number", "The seed of the AI's random choice among equally good moves."),
    p("think", "1 … 60", "Seconds the perfect connect-four player may think."),
];

/// `#/practice`.
pub const PRACTICE_PARAMS: &[Param] = &[
    p(
        "kind",
        "alphabeta, search",
        "Which practice (default alphabeta).",
    ),
    p(
        "level",
        "prune, values, windows (alphabeta); next, frontier (search)",
        "How much is asked.",
    ),
    p(
        "depth",
        "1 … 5 (alphabeta), 1 … 4 (search)",
        "Depth of the generated tree.",
    ),
    p(
        "bmin, bmax",
        "1 … 4 (alphabeta), 2 … 3 (search: bmax)",
        "Fewest and most children of a node.",
    ),
    p(
        "low, high",
        "−99 … 99",
        "The range of leaf values (alphabeta).",
    ),
    p(
        "seed",
        "a number",
        "The generated tree and the nodes asked about: the same seed, the same exercise.",
    ),
    p(
        "algo",
        "bfs, dfs, ucs, greedy, astar",
        "The search practised (kind=search).",
    ),
    p(
        "tree",
        "tree text",
        "A tree of your own instead of a generated one (alphabeta).",
    ),
    p(
        "text",
        "graph text",
        "A tree or graph of your own instead of a generated one (search).",
    ),
];

/// The parameters of a view (the common ones not included).
pub fn params(view: &View) -> &'static [Param] {
    match view {
        View::AlphaBeta => STEPPER_PARAMS,
        View::Search => SEARCH_PARAMS,
        View::Play => PLAY_PARAMS,
        View::Practice => PRACTICE_PARAMS,
        _ => &[],
    }
}

/// True if `name` is documented for `view`.
pub fn documented(view: &View, name: &str) -> bool {
    params(view)
        .iter()
        .chain(COMMON_PARAMS)
        .any(|p| p.name.split(", ").any(|n| n == name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn warnings(route: &Route) -> Vec<String> {
        match route.view {
            View::AlphaBeta => stepper::Settings::from_route(route).1,
            View::Search => {
                // A problem that reads but cannot be searched is said before any search.
                let (s, mut w) = explore::Settings::from_route(route);
                w.extend(s.problem.spec().err());
                w
            }
            View::Play => Setup::from_route(route).1,
            View::Practice => crate::practice::Settings::from_route(route).1,
            _ => vec!["not a view with settings".into()],
        }
    }

    /// Every example opens without a complaint, and shows what it names.
    #[test]
    fn every_example_link_opens_cleanly() {
        let examples = examples();
        assert!(examples.len() >= 15);
        for seed in ["000", "001", "002", "003", "004"] {
            assert!(examples.iter().any(|e| e.seed == seed), "seed {seed}");
        }
        for e in &examples {
            let hash = e.route.to_link();
            let back = Route::parse(&hash);
            assert!(back.problems.is_empty(), "{hash}");
            assert_eq!(warnings(&back), Vec::<String>::new(), "{}: {hash}", e.title);
        }
        // Spot checks that the link is the example it says.
        let aima = examples
            .iter()
            .find(|e| e.title.contains("slides' pruning"))
            .unwrap();
        let (s, _) = stepper::Settings::from_route(&aima.route);
        let run = stepper::run(&s.tree().unwrap(), s.algorithm, s.ordering, s.depth);
        assert_eq!(run.result, "3");
        let far = examples
            .iter()
            .find(|e| e.title.contains("second start"))
            .unwrap();
        assert!(far.route.to_hash().contains("C(4,3)"), "{:?}", far.route);
    }

    #[test]
    fn tree_text_examples_parse() {
        for (text, _) in TREE_TEXTS {
            arbor_game::GameTree::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        }
    }

    /// Every parameter a view writes is documented, whatever the settings.
    #[test]
    fn every_parameter_written_is_documented() {
        let mut routes: Vec<Route> = examples().into_iter().map(|e| e.route).collect();
        let mut s = stepper::Settings {
            source: Source::Random(arbor_game::RandomSpec::default()),
            min_root: true,
            algorithm: Algorithm::AlphaBetaHard,
            ordering: Ordering::Best,
            depth: Some(3),
            step: 4,
        };
        for source in [
            Source::Random(arbor_game::RandomSpec::default()),
            Source::Text("[1,2]".into()),
        ] {
            s.source = source;
            let mut r = Route::new(View::AlphaBeta);
            s.to_route(&mut r);
            routes.push(r);
        }
        let game =
            "#/alphabeta?game=nim&piles=3,4&take=any&misere=1&moves=&level=d2&seed=4&depth=2";
        let (g, w) = stepper::Settings::from_route(&Route::parse(game));
        assert!(w.is_empty(), "{w:?}");
        let mut r = Route::new(View::AlphaBeta);
        g.to_route(&mut r);
        routes.push(r);
        let mut e = explore::Settings {
            problem: Problem::Puzzle {
                rows: 2,
                cols: 3,
                tiles: vec![1, 2, 3, 4, 0, 5],
                blank_first: true,
                heuristic: Heuristic::LinearConflict,
            },
            algorithm: SearchAlgorithm::DepthFirst,
            mode: Mode::Tree,
            cycle_check: false,
            depth: Some(9),
            step: 3,
        };
        for problem in [
            e.problem.clone(),
            Problem::Graph {
                text: "S-A 1\nA-G 2".into(),
            },
            Problem::Blocks {
                text: BLOCKS_PRESETS[0].2.into(),
                heuristic: false,
            },
        ] {
            e.problem = problem;
            let mut r = Route::new(View::Search);
            e.to_route(&mut r);
            routes.push(r);
        }
        let mut play = Setup::new(Kind::Connect4);
        play.players = [Player::Ai("perfect"), Player::Ai("seed1")];
        play.hints = true;
        routes.push(play_route(play));
        for kind in [
            crate::practice::Kind::AlphaBeta,
            crate::practice::Kind::Search,
        ] {
            for given in [false, true] {
                let s = crate::practice::Settings {
                    kind,
                    tree: given.then(|| "[[1,2],[3,4]]".into()),
                    text: given.then(|| "A -> B\ngoal B".into()),
                    ab_level: crate::practice::alphabeta::Level::Windows,
                    search_level: crate::practice::search::Level::Frontier,
                    ..Default::default()
                };
                let mut r = Route::new(View::Practice);
                s.to_route(&mut r);
                routes.push(r);
            }
        }
        for r in routes {
            for (k, _) in &r.query {
                assert!(documented(&r.view, k), "{k} in {}", r.to_hash());
            }
        }
    }

    /// Links broken or hostile on purpose: each complaint names what is wrong, and the view
    /// falls back to its default for that part.
    #[test]
    fn hostile_links_are_named_and_defaulted() {
        let cases = [
            ("#/search?problem=puzzle&size=255x255", "255"),
            (
                "#/search?problem=puzzle&size=3x3&tiles=1,x",
                "not a list of numbers",
            ),
            ("#/search?algo=dls&depth=4294967296", "4294967296"),
            ("#/search?problem=nowhere", "Unknown problem kind"),
            (
                "#/play?game=nim&piles=99999999999999999999,3&take=0",
                "pile 1",
            ),
            ("#/play?game=c4&moves=4444444", "column 4 is full"),
            ("#/play?game=chess", "not a game here"),
            ("#/play?p2=grandmaster", "not a level"),
            (
                "#/alphabeta?game=c4&moves=4444444&solver=1",
                "column 4 is full",
            ),
            (
                "#/alphabeta?random=8,2,6,-2147483648,2147483647,1",
                "not valid",
            ),
            ("#/alphabeta?depth=-1", "-1"),
            ("#/alphabeta?preset=%3Cscript%3E", "<script>"),
            ("#/alphabeta?step=1e9", "not a number"),
        ];
        for (hash, why) in cases {
            let route = Route::parse(hash);
            let said = warnings(&route).join(" | ");
            assert!(said.contains(why), "{hash}: {said}");
        }
    }
}
