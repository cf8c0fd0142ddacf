//! Seed 000: the depth-limited traversal orders of its N-ary tree, and iterative deepening
//! finding R at depth 4 — exactly as the tutorial prints them.

use arbor_search::{
    graph_preset, search, Algorithm, Budget, Event, Graph, Limit, Options, Recorder, Status,
};

const TREE: &str = "A[B[E[I] F[J K[O P]]] C[G[L[R]]] D[H[M N[S]]]]";

/// The nodes in the order the search visits (goal-tests) them, by iteration.
fn visits(graph: &Graph, options: Options) -> (Vec<Vec<String>>, Status) {
    let mut rec = Recorder::new();
    let out = search(graph, &options, &Budget::unlimited(), &mut rec);
    let trace = rec.into_trace();
    let mut rounds: Vec<Vec<String>> = vec![Vec::new()];
    for e in &trace.events {
        match e {
            Event::Iteration { .. } if rounds.last().is_some_and(|r| !r.is_empty()) => {
                rounds.push(Vec::new())
            }
            Event::GoalTest { node, .. } => {
                let state = trace.nodes[*node as usize].state;
                rounds
                    .last_mut()
                    .unwrap()
                    .push(graph.name(state).to_string());
            }
            _ => {}
        }
    }
    (rounds, out.status)
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

#[test]
fn depth_limited_orders() {
    // No goal in reach: the plain traversal to each depth.
    let graph = Graph::parse(&format!("{TREE}\ngoal Z")).unwrap();
    let expected = [
        "A",
        "A B C D",
        "A B E F C G D H",
        "A B E I F J K C G L D H M N",
        "A B E I F J K O P C G L R D H M N S",
    ];
    for (depth, order) in expected.iter().enumerate() {
        let options = Options::new(Algorithm::DepthLimited).depth_limit(depth as u32);
        let (rounds, status) = visits(&graph, options);
        assert_eq!(rounds, vec![words(order)], "depth {depth}");
        let limit_hit = depth < 4;
        assert_eq!(
            status
                == (Status::CutOff {
                    limit: Limit::Depth
                }),
            limit_hit,
            "depth {depth}: {status:?}"
        );
    }
}

#[test]
fn iterative_deepening_finds_r_at_depth_four() {
    let graph = Graph::parse(graph_preset("seed000-tree").unwrap().text).unwrap();
    // Not reachable at depth 3 …
    let (_, status) = visits(&graph, Options::new(Algorithm::DepthLimited).depth_limit(3));
    assert_eq!(
        status,
        Status::CutOff {
            limit: Limit::Depth
        }
    );
    // … found at depth 4, after A B E I F J K O P C G L R.
    let mut rec = Recorder::new();
    let out = search(
        &graph,
        &Options::new(Algorithm::IterativeDeepening),
        &Budget::unlimited(),
        &mut rec,
    );
    assert_eq!(out.status, Status::Found);
    let solution = out.solution.unwrap();
    assert_eq!(solution.depth(), 4);
    let path: Vec<&str> = solution.actions.iter().map(|s| graph.name(s.to)).collect();
    assert_eq!(path, ["C", "G", "L", "R"]);
    assert_eq!(out.stats.iterations, 5);
    let (rounds, _) = visits(&graph, Options::new(Algorithm::IterativeDeepening));
    let expected = [
        "A",
        "A B C D",
        "A B E F C G D H",
        "A B E I F J K C G L D H M N",
        "A B E I F J K O P C G L R",
    ];
    assert_eq!(
        rounds,
        expected.iter().map(|s| words(s)).collect::<Vec<_>>()
    );
}

#[test]
fn every_search_finds_r_at_depth_four() {
    let graph = Graph::parse(graph_preset("seed000-tree").unwrap().text).unwrap();
    for algorithm in Algorithm::ALL {
        if algorithm == Algorithm::DepthLimited {
            continue;
        }
        let out = search(
            &graph,
            &Options::new(algorithm),
            &Budget::unlimited(),
            &mut arbor_search::Quiet,
        );
        assert_eq!(out.solution.map(|s| s.depth()), Some(4), "{algorithm:?}");
    }
}

#[test]
fn romania_costs() {
    let graph = Graph::parse(graph_preset("romania").unwrap().text).unwrap();
    let cost = |a| {
        search(
            &graph,
            &Options::new(a),
            &Budget::unlimited(),
            &mut arbor_search::Quiet,
        )
        .solution
        .map(|s| {
            (
                s.cost,
                s.actions
                    .iter()
                    .map(|x| graph.name(x.to).to_string())
                    .collect::<Vec<_>>(),
            )
        })
    };
    let (c, path) = cost(Algorithm::AStar).unwrap();
    assert_eq!(c, 418);
    assert_eq!(path, ["Sibiu", "Rimnicu_Vilcea", "Pitesti", "Bucharest"]);
    assert_eq!(cost(Algorithm::UniformCost).unwrap().0, 418);
    assert_eq!(cost(Algorithm::IdaStar).unwrap().0, 418);
    let (g, path) = cost(Algorithm::Greedy).unwrap();
    assert_eq!((g, path.len()), (450, 3));
    // Breadth-first finds the fewest roads, not the fewest kilometres.
    assert_eq!(cost(Algorithm::BreadthFirst).unwrap().1.len(), 3);
}
