//! The search page's problem text (a bracketed tree or a list of edges, with `start`, `goal`
//! and `h` lines): every search in both modes runs on what the parser accepts, within a node
//! budget, and any path it returns is a path of the graph costing what it says.
#![no_main]

use arbor_search::{search, Algorithm, Budget, Graph, Mode, Options, Problem, Quiet};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(graph) = Graph::parse(text) else {
        return;
    };
    for algorithm in Algorithm::ALL {
        for mode in [Mode::Graph, Mode::Tree] {
            let mut options = Options::new(algorithm).mode(mode);
            options.depth_limit = (algorithm == Algorithm::DepthLimited).then_some(4);
            let out = search(&graph, &options, &Budget::nodes(5_000), &mut Quiet);
            let Some(solution) = out.solution else {
                continue;
            };
            let mut at = graph.start();
            let mut cost = 0u64;
            for step in &solution.actions {
                assert_eq!(step.from, at);
                assert!(graph.edges(at).contains(&(step.to, step.cost)));
                cost += u64::from(step.cost);
                at = step.to;
            }
            assert_eq!(cost, u64::from(solution.cost), "{options:?}");
            assert!(graph.is_goal(&at), "{options:?} ended off the goal");
        }
    }
});
