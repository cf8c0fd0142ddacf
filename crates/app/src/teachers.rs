//! What the "For teachers" page lists: every seed example as a ready link, and the URL
//! parameters of each view. Pure, so tests check that every link opens without a complaint and
//! that every parameter the views write is documented.

use crate::url::UrlSettings;
use arbor_game::Ordering;
use arbor_puzzles::Heuristic;
use arbor_search::{Algorithm as SearchAlgorithm, Mode};

use crate::alphabeta::{self, Algorithm, Source};
use crate::play::{Kind, Player, Setup};
use crate::route::{Route, View};
use crate::search::{self, Problem, BLOCKS_PRESETS};

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
    let settings = alphabeta::Settings {
        source: Source::Preset(preset),
        // The preset's own root (seed 000's example has MIN there).
        min_root: Source::Preset(preset).root_is_min(),
        algorithm,
        ordering,
        depth,
        ..alphabeta::Settings::default()
    };
    let mut route = Route::new(View::AlphaBeta);
    settings.to_route(&mut route);
    route
}

fn search_route(problem: Problem, algorithm: SearchAlgorithm, depth: Option<u32>) -> Route {
    let settings = search::Settings {
        problem,
        algorithm,
        mode: Mode::Graph,
        depth,
        ..search::Settings::default()
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
    [
        seed_000(),
        seed_001(),
        seed_002(),
        seed_003_004(),
        practice_and_connect_four(),
    ]
    .concat()
}

/// Seed 000's examples: uninformed search on the tree A … S, alpha-beta with MIN at the root,
/// tic-tac-toe against the ideal player.
fn seed_000() -> Vec<Example> {
    let seed_tree = Problem::seed_tree();
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
    ]
}

/// Seed 001's examples: the slides' pruning example, Nim, three players.
fn seed_001() -> Vec<Example> {
    let mut nim = Setup::new(Kind::Nim);
    nim.players = [Player::Human, Player::Ai("perfect")];
    nim.hints = true;
    vec![
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
    ]
}

/// Seed 002's examples: the blocks world by A*, tic-tac-toe with the computer as O.
fn seed_002() -> Vec<Example> {
    let blocks = |i: usize| Problem::Blocks {
        text: BLOCKS_PRESETS[i].2.to_string(),
        heuristic: true,
    };
    let mut ttt_o = Setup::new(Kind::TicTacToe);
    ttt_o.players = [Player::Ai("perfect"), Player::Human];
    ttt_o.o_first = true;
    vec![
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
    ]
}

/// Seed 003's tutorial trees, then seed 004's 8-puzzle.
fn seed_003_004() -> Vec<Example> {
    vec![
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
    ]
}

/// The examples after the seeds' own: practice on two of their trees, and seed 004's connect
/// four.
fn practice_and_connect_four() -> Vec<Example> {
    let mut c4 = Setup::new(Kind::Connect4);
    c4.players = [Player::Human, Player::Ai("seed4")];
    vec![
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
                ab_level: crate::alphabeta::practice::Level::Values,
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
pub const TREE_TEXTS: [(&str, &str); 6] = [
    (
        "[[3,12,8],[2,4,6],[14,5,2]]",
        "MAX at the root over three MIN nodes",
    ),
    ("min [[2,4],[6,8]]", "MIN at the root"),
    (
        "[?[3,12,9], ?[1/4: 2, 3/4: [4,6]]]",
        "chance nodes (#/chance): equally likely children, or given probabilities",
    ),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::{documented, params};
    use crate::url::COMMON_PARAMS;

    /// What the page a link opens tells its reader: the page's own notices (not only what its
    /// settings' reader finds: a tree that reads as settings may still not be a tree).
    fn warnings(route: &Route) -> Vec<String> {
        match route.view {
            View::AlphaBeta => {
                // (The search behind a game move is recorded by the worker: the end-to-end
                // suite opens those links in the browser.)
                let state = crate::alphabeta::page::State::new(route);
                let mut notes = state.notices.clone();
                notes.extend(state.text_error.clone());
                notes
            }
            View::Chance => {
                let state = crate::chance::page::State::new(route);
                state.notices
            }
            View::Mcts => {
                // What the page checks before it asks the worker (the run itself is the
                // worker's, opened by the end-to-end suite).
                let state = crate::mcts::page::State::new(route);
                let mut w = state.notices.clone();
                w.extend(state.settings.request.source.prepare().err());
                w.extend(crate::mcts::check_iterations(&state.settings.request).err());
                w
            }
            View::Search => {
                // A problem that reads but cannot be searched is said before any search.
                let state = crate::search::page::State::new(route);
                let mut w = state.notices.clone();
                w.extend(state.problem_error.clone());
                w
            }
            View::Play => crate::play::page::State::new(route, 1).notes,
            View::Practice => {
                // The exercise is set too: a link that reads but cannot be practised fails.
                use crate::chance::practice as chance;
                use crate::mcts::practice as mcts;
                use crate::practice::{Kind, Settings};
                let (s, mut w) = Settings::from_route(route);
                w.extend(
                    match s.kind {
                        Kind::AlphaBeta => s.tree().map(drop),
                        Kind::Search => crate::search::practice::Exercise::new(
                            &s.problem(),
                            s.algorithm,
                            s.search_level,
                        )
                        .map(drop),
                        Kind::Chance => s
                            .chance_tree()
                            .and_then(|t| chance::Exercise::new(t, s.rule))
                            .map(drop),
                        Kind::Mcts => s
                            .mcts_request()
                            .and_then(|r| mcts::Exercise::new(&r, s.mcts_level))
                            .map(drop),
                    }
                    .err(),
                );
                w
            }
            View::Heuristics => crate::heuristics::page::Settings::from_route(route).1,
            View::Tour => {
                // The tour must exist, not only read.
                let state = crate::tours::page::State::new(route);
                let mut w = state.notices.clone();
                w.extend(state.tour.err());
                w
            }
            View::Worksheet => crate::worksheet::page::State::new(route).notices,
            View::Maps => crate::maps::page::State::new(route).notices,
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
        // A preset's link shows the preset's own tree (its root player too).
        for e in &examples {
            if let Some(id) = e
                .route
                .get("preset")
                .filter(|_| e.route.view == View::AlphaBeta)
            {
                let shown = crate::alphabeta::page::State::new(&e.route).tree.to_text();
                let preset = arbor_game::presets::preset(id).unwrap();
                let own = arbor_game::GameTree::parse(preset.text).unwrap().to_text();
                assert_eq!(shown, own, "{}", e.title);
            }
        }
        // Spot checks that the link is the example it says.
        let aima = examples
            .iter()
            .find(|e| e.title.contains("slides' pruning"))
            .unwrap();
        let (s, _) = alphabeta::Settings::from_route(&aima.route);
        let run = alphabeta::run(&s.tree().unwrap(), s.algorithm, s.ordering, s.depth);
        assert_eq!(run.result, "3");
        let far = examples
            .iter()
            .find(|e| e.title.contains("second start"))
            .unwrap();
        assert!(far.route.to_hash().contains("C(4,3)"), "{:?}", far.route);
    }

    /// Every value the page documents is one the view accepts: each parameter's example links
    /// open without a complaint (and use the parameter), and where the values are a plain
    /// list of words, each word is accepted.
    #[test]
    fn every_documented_value_is_accepted() {
        // Every page with settings of its own, from the registry: a new page is checked too.
        let views: Vec<&View> = crate::pages::PAGES
            .iter()
            .filter(|p| !params(p.view).is_empty())
            .map(|p| p.view)
            .collect();
        assert!(views.len() >= 7, "pages with settings: {views:?}");
        let mut checked = 0;
        for &view in &views {
            for param in params(view).iter().chain(COMMON_PARAMS) {
                let names: Vec<&str> = param.name.split(", ").collect();
                for link in param.examples {
                    let route = Route::parse(link);
                    if params(view).iter().all(|p| p.name != param.name) && route.view != *view {
                        continue;
                    }
                    assert_eq!(route.view, *view, "{link}");
                    assert!(route.problems.is_empty(), "{link}: {:?}", route.problems);
                    assert!(
                        route.query.iter().any(|(k, _)| names.contains(&k.as_str())),
                        "{link} does not use {}",
                        param.name
                    );
                    assert_eq!(warnings(&route), Vec::<String>::new(), "{link}");
                    checked += 1;
                }
                let words: Vec<&str> = param.values.split(", ").collect();
                let plain = words.len() > 1
                    && words.iter().all(|w| {
                        w.chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                    });
                if plain && !param.name.contains(", ") {
                    for word in words {
                        let link = format!("#/{}?{}={word}", view.slug(), param.name);
                        let route = Route::parse(&link);
                        assert_eq!(warnings(&route), Vec::<String>::new(), "{link}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked >= 60, "{checked}");
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
        let mut s = alphabeta::Settings {
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
        for source in [
            crate::chance::ChanceSource::Random(crate::chance::page::default_random()),
            crate::chance::ChanceSource::Text("[?[1,2]]".into()),
            crate::chance::ChanceSource::Preset("aima-5-12"),
        ] {
            let c = crate::chance::ChanceSettings {
                source,
                min_root: true,
                rule: arbor_game::Rule::Expectiminimax,
                bounds: Some((0, 9)),
                step: 3,
            };
            let mut r = Route::new(View::Chance);
            c.to_route(&mut r);
            routes.push(r);
        }
        let game =
            "#/alphabeta?game=nim&piles=3,4&take=any&misere=1&moves=&level=d2&seed=4&depth=2";
        let (g, w) = alphabeta::Settings::from_route(&Route::parse(game));
        assert!(w.is_empty(), "{w:?}");
        let mut r = Route::new(View::AlphaBeta);
        g.to_route(&mut r);
        routes.push(r);
        let mut e = search::Settings {
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
            tie: arbor_search::TieBreak::Lifo,
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
                    ab_level: crate::alphabeta::practice::Level::Windows,
                    search_level: crate::search::practice::Level::Frontier,
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
