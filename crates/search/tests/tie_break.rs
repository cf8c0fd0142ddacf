//! Ties in the frontier searches (uniform cost, greedy, A*).
//!
//! The expansion orders below were printed by the engine before the tie rule became an option
//! (commit 7abc6f7): they are change detectors, pinning that a search's usual rule still
//! expands exactly what it expanded then.

use arbor_search::{
    graph_preset, search, Algorithm, Budget, Event, Graph, Mode, Options, Recorder,
};
use arbor_util::SplitMix64;

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

/// A small graph full of ties in g, h and f (the same generator as `frontier_order.rs`).
fn random_graph(rng: &mut SplitMix64) -> String {
    let n = rng.range(4, 12) as usize;
    let name = |i: usize| format!("N{i}");
    let mut text = String::new();
    for i in 0..n {
        let degree = rng.range(0, 3);
        let mut line = String::new();
        for _ in 0..degree {
            let to = rng.range(0, n as i64 - 1) as usize;
            if to != i {
                line.push_str(&format!(" {}:{}", name(to), rng.range(1, 3)));
            }
        }
        if !line.is_empty() {
            let arrow = if rng.range(0, 1) == 0 { "--" } else { "->" };
            text.push_str(&format!("{} {arrow}{line}\n", name(i)));
        }
    }
    text.push('h');
    for i in 0..n {
        text.push_str(&format!(" {}={}", name(i), rng.range(0, 2)));
    }
    text.push_str(&format!(
        "\nstart {}\ngoal {}",
        name(0),
        name(rng.range(1, n as i64 - 1) as usize)
    ));
    text
}

/// FNV-1a over the expansion orders of 500 random graphs, for a search.
fn fingerprint(options: impl Fn(Algorithm) -> Options, algorithm: Algorithm, mode: Mode) -> u64 {
    let mut rng = SplitMix64(0x7115);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for _ in 0..500 {
        let graph = Graph::parse(&random_graph(&mut rng)).expect("a well-formed random graph");
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
