//! The search page's problem text (a bracketed tree or a list of edges, with `start`, `goal`
//! and `h` lines): every search in both modes runs on what the parser accepts, within a node
//! budget; any path it returns is a path of the graph, costs what it says and ends on a goal;
//! and where a search finishes, breadth-first search and iterative deepening find the fewest
//! steps and uniform cost the lowest cost — under every tie rule — as an independent oracle
//! (the `pathfinding` crate) counts them. The heuristic check's true cost at the start is the
//! oracle's; where it calls the heuristic admissible, A* costs what the oracle says.
#![no_main]

use arbor_search::{
    search, Algorithm, Budget, Graph, Limit, Mode, Options, Problem, Quiet, Status, TieBreak,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(graph) = Graph::parse(text) else {
        return;
    };
    let start = graph.start();
    let successors = |&n: &u32| graph.edges(n).to_vec();
    let fewest = pathfinding::prelude::bfs(
        &start,
        |n| successors(n).into_iter().map(|(to, _)| to),
        |n| graph.is_goal(n),
    )
    .map(|path| path.len() as u32 - 1);
    let cheapest = pathfinding::prelude::dijkstra(
        &start,
        |n| successors(n).into_iter().map(|(to, c)| (to, u64::from(c))),
        |n| graph.is_goal(n),
    )
    .map(|(_, cost)| cost);
    let check = graph.check_heuristic();
    assert_eq!(
        check.true_costs[start as usize].map(|t| t.cost),
        cheapest,
        "the heuristic check's true cost at the start"
    );
    let admissible = check.is_admissible();
    let runs = Algorithm::ALL.into_iter().flat_map(|a| {
        let ties: &[TieBreak] = if TieBreak::applies_to(a) {
            &TieBreak::ALL
        } else {
            &[TieBreak::Fifo]
        };
        ties.iter().map(move |&t| (a, t))
    });
    for (algorithm, tie) in runs {
        for mode in [Mode::Graph, Mode::Tree] {
            let mut options = Options::new(algorithm).mode(mode).tie(tie);
            options.depth_limit = (algorithm == Algorithm::DepthLimited).then_some(4);
            let out = search(&graph, &options, &Budget::nodes(5_000), &mut Quiet);
            if let Some(solution) = &out.solution {
                let mut at = start;
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
            if matches!(
                out.status,
                Status::CutOff {
                    limit: Limit::Budget | Limit::Cost
                }
            ) {
                continue;
            }
            let steps = out.solution.as_ref().map(|s| s.depth() as u32);
            let cost = out.solution.as_ref().map(|s| u64::from(s.cost));
            match algorithm {
                Algorithm::BreadthFirst | Algorithm::IterativeDeepening => {
                    assert_eq!(steps, fewest, "{options:?}: not the fewest steps")
                }
                Algorithm::UniformCost | Algorithm::Bidirectional => {
                    assert_eq!(cost, cheapest, "{options:?}: not the cheapest")
                }
                Algorithm::AStar if admissible => {
                    assert_eq!(cost, cheapest, "{options:?}: admissible, but not the cheapest")
                }
                _ => {}
            }
        }
    }
});
