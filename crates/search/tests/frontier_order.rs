//! The replay's frontier is the engine's: on random problems, for every search with a frontier,
//! whenever the engine takes a node from its frontier, that node is the first of the frontier
//! the replay showed just before — in tree and graph mode, with ties in g and h everywhere,
//! under every tie rule.

use arbor_search::replay::{SearchReplay, StepKind};
use arbor_search::{search, Algorithm, Budget, Graph, Mode, Options, Recorder, TieBreak};
use arbor_util::SplitMix64;

/// Problems per algorithm and mode.
const PROBLEMS: u64 = 1_000;

/// A random weighted graph as text: 4–12 nodes, small costs and estimates (so g, h and f tie
/// often), edges both ways or one way, one or two goals.
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
    // Make sure every node is named, the start first.
    text.push('h');
    for i in 0..n {
        text.push_str(&format!(" {}={}", name(i), rng.range(0, 2)));
    }
    text.push_str(&format!(
        "\nstart {}\ngoal {}",
        name(0),
        name(rng.range(1, n as i64 - 1) as usize)
    ));
    if rng.range(0, 2) == 0 {
        text.push_str(&format!(" {}", name(rng.range(1, n as i64 - 1) as usize)));
    }
    text
}

/// Runs `options` on `graph` and checks every visit against the frame before it; returns the
/// number of visits checked.
fn check(graph: &Graph, options: Options, text: &str) -> usize {
    let mut rec = Recorder::new();
    search(graph, &options, &Budget::nodes(400), &mut rec);
    let trace = rec.into_trace();
    let replay = SearchReplay::new(
        trace
            .nodes
            .iter()
            .map(arbor_search::replay::NodeInfo::from)
            .collect(),
        trace.events.clone(),
        options.algorithm,
    );
    let mut checked = 0;
    for (i, step) in replay.steps().iter().enumerate() {
        if step.kind != StepKind::Visit {
            continue;
        }
        let taken = step.node.expect("a visit is of a node");
        let before = replay.frame(i);
        assert_eq!(
            before.frontier.first(),
            Some(&taken),
            "{:?} {:?} {:?}: step {i} takes {taken}, but the replay's frontier was {:?}\n{text}",
            options.algorithm,
            options.mode,
            options.tie,
            before.frontier
        );
        checked += 1;
    }
    checked
}

#[test]
fn the_replayed_frontier_leads_with_the_node_the_engine_takes_next() {
    let algorithms = [
        Algorithm::BreadthFirst,
        Algorithm::DepthFirst,
        Algorithm::DepthLimited,
        Algorithm::IterativeDeepening,
        Algorithm::UniformCost,
        Algorithm::Greedy,
        Algorithm::AStar,
        // Two frontiers, the lower of the two first: one order across both.
        Algorithm::Bidirectional,
    ];
    for algorithm in algorithms {
        // The rules that apply (the others' ties are their queue's or stack's order).
        let ties: &[TieBreak] = if TieBreak::applies_to(algorithm) {
            &TieBreak::ALL
        } else {
            &[TieBreak::Fifo]
        };
        for (mode, &tie) in [Mode::Tree, Mode::Graph]
            .into_iter()
            .flat_map(|m| ties.iter().map(move |t| (m, t)))
        {
            let mut rng = SplitMix64(0xF0_0D ^ algorithm as u64);
            let mut visits = 0;
            for _ in 0..PROBLEMS {
                let text = random_graph(&mut rng);
                let graph = Graph::parse(&text).expect("a well-formed random graph");
                let mut options = Options::new(algorithm).mode(mode).tie(tie);
                if matches!(
                    algorithm,
                    Algorithm::DepthLimited | Algorithm::IterativeDeepening
                ) {
                    options.depth_limit = Some(rng.range(1, 5) as u32);
                }
                visits += check(&graph, options, &text);
            }
            // The problems are not trivial: most visits come from a frontier of several.
            assert!(
                visits > 3 * PROBLEMS as usize,
                "{algorithm:?} {mode:?} {tie:?}: {visits} visits"
            );
        }
    }
}
