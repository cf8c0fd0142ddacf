//! The replay's frontier is the engine's: on random problems, for every search with a frontier,
//! whenever the engine takes a node from its frontier, that node is the first of the frontier
//! the replay showed just before — in tree and graph mode, with ties in g and h everywhere,
//! under every tie rule.

use arbor_search::replay::{SearchReplay, StepKind};
use arbor_search::{search, Algorithm, Budget, Graph, Mode, Options, Recorder, TieBreak};
use arbor_util::SplitMix64;

mod common;
use common::random_graph;

/// Problems per algorithm and mode.
const PROBLEMS: u64 = 1_000;

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
                let text = random_graph(&mut rng, true);
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
