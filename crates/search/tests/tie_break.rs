//! Ties in the frontier searches (uniform cost, greedy, A*).
//!
//! The first tests pin the usual rules: the expansion orders and fingerprints in them were
//! printed by the engine before the tie rule became an option (commit 7abc6f7) — change
//! detectors, pinning that a search's usual rule (FIFO for uniform cost and greedy, lowest h
//! for A*, [`TieBreak::usual`]) still expands exactly what it expanded then. The orders of the
//! hand-made graphs below are derived by hand.

use arbor_search::{
    graph_preset, search, Algorithm, Budget, Event, Graph, Mode, Options, Recorder, TieBreak,
};
use arbor_util::SplitMix64;

mod common;
use common::random_graph;

/// The names of the nodes a search expands, in order.
fn expansions(graph: &Graph, options: Options) -> String {
    let mut rec = Recorder::new();
    search(graph, &options, &Budget::nodes(2_000), &mut rec);
    let trace = rec.into_trace();
    trace
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Expand { node } => Some(graph.name(trace.nodes[*node as usize].state)),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// FNV-1a over the expansion orders of 500 random graphs, for a search.
fn fingerprint(options: impl Fn(Algorithm) -> Options, algorithm: Algorithm, mode: Mode) -> u64 {
    let mut rng = SplitMix64(0x7115);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for _ in 0..500 {
        let graph =
            Graph::parse(&random_graph(&mut rng, false)).expect("a well-formed random graph");
        let order = expansions(&graph, options(algorithm).mode(mode));
        for b in order.bytes().chain([b'\n']) {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    hash
}

const FRONTIER_SEARCHES: [Algorithm; 3] =
    [Algorithm::UniformCost, Algorithm::Greedy, Algorithm::AStar];

/// The presets, in tree and graph search: the expansion orders of commit 7abc6f7.
#[test]
fn the_usual_rule_expands_the_presets_as_before() {
    let seed = Graph::parse(graph_preset("seed000-tree").unwrap().text).unwrap();
    let romania = Graph::parse(graph_preset("romania").unwrap().text).unwrap();
    // Every node of seed 000's tree ties (unit costs, no estimates): first in, first out is
    // breadth-first order.
    for a in FRONTIER_SEARCHES {
        for m in [Mode::Tree, Mode::Graph] {
            assert_eq!(
                expansions(&seed, Options::new(a).mode(m)),
                "A B C D E F G H I J K L M N O P",
                "{a:?} {m:?}"
            );
        }
    }
    let cases = [
        (Algorithm::UniformCost, Mode::Tree, "Arad Zerind Timisoara Sibiu Oradea Arad Zerind Rimnicu_Vilcea Zerind Lugoj Arad Fagaras Timisoara Arad Oradea Sibiu Oradea Arad Oradea Sibiu Mehadia Sibiu Arad Zerind Pitesti Sibiu Timisoara Timisoara Zerind Zerind Zerind Craiova Zerind Zerind Lugoj Rimnicu_Vilcea Drobeta Zerind Sibiu Rimnicu_Vilcea Lugoj Rimnicu_Vilcea Oradea Arad Arad Fagaras Fagaras Timisoara Fagaras Timisoara Rimnicu_Vilcea Timisoara"),
        (Algorithm::UniformCost, Mode::Graph, "Arad Zerind Timisoara Sibiu Oradea Rimnicu_Vilcea Lugoj Fagaras Mehadia Pitesti Craiova Drobeta"),
        (Algorithm::Greedy, Mode::Tree, "Arad Sibiu Fagaras"),
        (Algorithm::Greedy, Mode::Graph, "Arad Sibiu Fagaras"),
        (Algorithm::AStar, Mode::Tree, "Arad Sibiu Rimnicu_Vilcea Fagaras Pitesti"),
        (Algorithm::AStar, Mode::Graph, "Arad Sibiu Rimnicu_Vilcea Fagaras Pitesti"),
    ];
    for (a, m, want) in cases {
        assert_eq!(
            expansions(&romania, Options::new(a).mode(m)),
            want,
            "{a:?} {m:?}"
        );
    }
}

/// 500 random graphs full of ties, each search in tree and graph mode: the fingerprints of
/// their expansion orders under commit 7abc6f7.
#[test]
fn the_usual_rule_expands_random_graphs_as_before() {
    let cases = [
        (Algorithm::UniformCost, Mode::Tree, 0x8085_cbcf_949c_fe0e),
        (Algorithm::UniformCost, Mode::Graph, 0xabc5_d054_ca42_7c65),
        (Algorithm::Greedy, Mode::Tree, 0xb48e_e1e3_5fb6_5d7b),
        (Algorithm::Greedy, Mode::Graph, 0x5a4b_3797_58e0_f84d),
        (Algorithm::AStar, Mode::Tree, 0x0992_22a6_143d_08ca),
        (Algorithm::AStar, Mode::Graph, 0x3c12_6096_12bc_b842),
    ];
    for (a, m, want) in cases {
        assert_eq!(fingerprint(Options::new, a, m), want, "{a:?} {m:?}");
    }
}

/// FIFO is the usual rule of uniform cost and greedy, and lowest h A*'s: asking for it by name
/// changes nothing. For greedy, whose priority is h, lowest h is FIFO. A* with FIFO is not its
/// usual rule: on these graphs it expands differently (the rule reaches the engine).
#[test]
fn the_usual_rules_by_name() {
    let by_name = |tie: TieBreak| move |a: Algorithm| Options::new(a).tie(tie);
    for m in [Mode::Tree, Mode::Graph] {
        for a in [Algorithm::UniformCost, Algorithm::Greedy] {
            assert_eq!(
                fingerprint(by_name(TieBreak::Fifo), a, m),
                fingerprint(Options::new, a, m)
            );
        }
        assert_eq!(
            fingerprint(by_name(TieBreak::LowestH), Algorithm::Greedy, m),
            fingerprint(Options::new, Algorithm::Greedy, m)
        );
        assert_eq!(
            fingerprint(by_name(TieBreak::LowestH), Algorithm::AStar, m),
            fingerprint(Options::new, Algorithm::AStar, m)
        );
        assert_ne!(
            fingerprint(by_name(TieBreak::Fifo), Algorithm::AStar, m),
            fingerprint(Options::new, Algorithm::AStar, m)
        );
    }
}

/// Three roads from S, all with f = 4 at the fork, generated in the order A, B, C (the order
/// of S's line); only the road through B reaches G at cost 4. h is consistent (so admissible):
/// h(S) = 4 ≤ 1 + 3, 3 + 1, 2 + 2; h(A) = 3 ≤ 4 + 0, h(B) = 1 ≤ 1 + 0, h(C) = 2 ≤ 3 + 0.
///
/// ```text
///          S  h=4
///      1 / 3|  \ 2
///      A    B    C       h: A=3 B=1 C=2   g: A=1 B=3 C=2   f = 4 all three
///      4 \ 1|  / 3
///          G  h=0
/// ```
const FORK: &str = "S -> A:1 B:3 C:2
A -> G:4
B -> G:1
C -> G:3
h S=4 A=3 B=1 C=2 G=0
start S
goal G";

/// A* on [`FORK`] expands in three orders, one per rule — derived by hand:
///
/// - FIFO: after S, A B C wait with f = 4; A is oldest. A reaches G at g = 5 (f = 5). B, the
///   older of B and C, reaches G again at g = 4 (f = 4; a cheaper path, so G joins again).
///   C (f = 4, older than the new G) is expanded next — its G, g = 5, is dropped in graph
///   search — then G is taken. Expanded: S A B C.
/// - LIFO: C is newest: it reaches G at g = 5. Of A and B, B is newer: it reaches G at g = 4,
///   f = 4, now the newest of the f = 4 nodes, so G is taken next. Expanded: S C B.
/// - Lowest h: B has the lowest h (1): it reaches G with f = 4 and h = 0, lower than A's 3 and
///   C's 2, so G is taken next. Expanded: S B.
///
/// Every rule finds S → B → G, cost 4, in graph and in tree search (no state but G is reached
/// twice).
#[test]
fn three_rules_three_orders_on_a_hand_made_graph() {
    let graph = Graph::parse(FORK).unwrap();
    let cases = [
        (TieBreak::Fifo, "S A B C"),
        (TieBreak::Lifo, "S C B"),
        (TieBreak::LowestH, "S B"),
    ];
    for (tie, want) in cases {
        for mode in [Mode::Graph, Mode::Tree] {
            let options = Options::new(Algorithm::AStar).tie(tie).mode(mode);
            assert_eq!(expansions(&graph, options), want, "{tie:?} {mode:?}");
            let out = search(
                &graph,
                &options,
                &Budget::unlimited(),
                &mut arbor_search::Quiet,
            );
            let solution = out.solution.expect("G is reachable");
            let path: Vec<&str> = solution.actions.iter().map(|s| graph.name(s.to)).collect();
            assert_eq!(path, ["B", "G"], "{tie:?} {mode:?}");
            assert_eq!(solution.cost, 4);
        }
    }
}

/// Uniform cost with ties in g: S's children X, Y, Z all cost 1 (h: X=2, Y=0, Z=1), and each
/// leads to the goal at cost 3. FIFO expands X, Y, Z in order; LIFO Z, Y, X; lowest h Y, Z, X
/// (uniform cost reads h only to order its ties). The goal, g = 3, comes last whatever the rule.
#[test]
fn uniform_cost_orders_its_ties_too() {
    let graph =
        Graph::parse("S -> X Y Z\nX -> G:2\nY -> G:2\nZ -> G:2\nh X=2 Y=0 Z=1\nstart S\ngoal G")
            .unwrap();
    let cases = [
        (TieBreak::Fifo, "S X Y Z"),
        (TieBreak::Lifo, "S Z Y X"),
        (TieBreak::LowestH, "S Y Z X"),
    ];
    for (tie, want) in cases {
        let options = Options::new(Algorithm::UniformCost).tie(tie);
        assert_eq!(expansions(&graph, options), want, "{tie:?}");
    }
}

/// Options written before the tie rule existed read back with the algorithm's usual rule; a
/// rule written is read back as written; an unknown one is refused.
#[test]
fn options_without_a_tie_rule_read_as_the_usual_one() {
    let astar: Options = serde_json::from_str(
        r#"{"algorithm":"a-star","mode":"graph","cycle_check":true,"depth_limit":null}"#,
    )
    .unwrap();
    assert_eq!(astar, Options::new(Algorithm::AStar));
    assert_eq!(astar.tie, TieBreak::LowestH);
    let ucs: Options = serde_json::from_str(
        r#"{"algorithm":"uniform-cost","mode":"tree","cycle_check":false,"depth_limit":4}"#,
    )
    .unwrap();
    assert_eq!(ucs.tie, TieBreak::Fifo);
    let lifo = Options::new(Algorithm::AStar).tie(TieBreak::Lifo);
    let text = serde_json::to_string(&lifo).unwrap();
    assert!(text.contains(r#""tie":"lifo""#), "{text}");
    assert_eq!(serde_json::from_str::<Options>(&text).unwrap(), lifo);
    assert!(serde_json::from_str::<Options>(&text.replace("lifo", "random")).is_err());
}
