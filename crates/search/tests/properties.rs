//! Property tests with shrinking (proptest): random graphs written as the search page's text,
//! every search checked against an independent shortest-path oracle (the `pathfinding` crate),
//! against the other searches, against itself unobserved, and against what the stepper's replay
//! shows. A failure shrinks to a small graph, printed as text.
#![cfg(not(target_arch = "wasm32"))]

use arbor_search::replay::{NodeInfo, SearchReplay};
use arbor_search::{
    search, Algorithm, Budget, Graph, Limit, Mode, Options, Outcome, Quiet, Recorder, Status, Step,
    TieBreak,
};
use proptest::prelude::*;

/// A random problem: `n` nodes N0…, directed edges with costs, goals, and how far below the
/// true distance each estimate is.
#[derive(Clone, Debug)]
struct Spec {
    n: usize,
    edges: Vec<(usize, usize, u32)>,
    goals: Vec<usize>,
    /// Per node, the share (0–100 %) of its true distance its estimate takes.
    h_share: Vec<u32>,
}

fn spec(unit: bool) -> impl Strategy<Value = Spec> {
    (2usize..=9).prop_flat_map(move |n| {
        let cost = if unit { 1u32..=1 } else { 1u32..=20 };
        (
            proptest::collection::vec((0..n, 0..n, cost), 0..=3 * n),
            proptest::collection::vec(0..n, 1..=2),
            proptest::collection::vec(0u32..=100, n),
        )
            .prop_map(move |(edges, goals, h_share)| Spec {
                n,
                edges: edges.into_iter().filter(|(a, b, _)| a != b).collect(),
                goals,
                h_share,
            })
    })
}

/// The cheapest cost from every node to a goal (`None`: no goal reachable), by the oracle.
fn distances(s: &Spec) -> Vec<Option<u64>> {
    (0..s.n)
        .map(|from| {
            pathfinding::prelude::dijkstra(
                &from,
                |&a| {
                    s.edges
                        .iter()
                        .filter(move |e| e.0 == a)
                        .map(|e| (e.1, e.2))
                        .collect::<Vec<_>>()
                },
                |x| s.goals.contains(x),
            )
            .map(|(_, cost): (_, u32)| u64::from(cost))
        })
        .collect()
}

/// The problem as the search page's text, with admissible estimates (a share of the true
/// distance; 0 where no goal can be reached).
fn text(s: &Spec) -> String {
    let dist = distances(s);
    let mut out = String::new();
    for (a, b, c) in &s.edges {
        out.push_str(&format!("N{a} -> N{b}:{c}\n"));
    }
    out.push('h');
    for (i, (d, share)) in dist.iter().zip(&s.h_share).enumerate() {
        let h = d.map_or(0, |d| d * u64::from(*share) / 100);
        out.push_str(&format!(" N{i}={h}"));
    }
    out.push_str("\nstart N0\ngoal");
    for g in &s.goals {
        out.push_str(&format!(" N{g}"));
    }
    out.push('\n');
    out
}

/// The same problem with consistent estimates: the true distance capped at `cap` (a capped
/// consistent heuristic stays consistent: min(h*(n), cap) ≤ c + min(h*(n'), cap)).
fn consistent_text(s: &Spec, cap: u32) -> String {
    let dist = distances(s);
    let mut out = String::new();
    for (a, b, c) in &s.edges {
        out.push_str(&format!("N{a} -> N{b}:{c}\n"));
    }
    out.push('h');
    for (i, d) in dist.iter().enumerate() {
        out.push_str(&format!(" N{i}={}", d.map_or(0, |d| d.min(u64::from(cap)))));
    }
    out.push_str("\nstart N0\ngoal");
    for g in &s.goals {
        out.push_str(&format!(" N{g}"));
    }
    out.push('\n');
    out
}

fn graph_of(s: &Spec) -> (Graph, String) {
    let t = text(s);
    let g = Graph::parse(&t).unwrap_or_else(|e| panic!("{e:?} in\n{t}"));
    (g, t)
}

/// Enough for every graph search here (9 nodes); a tree search can meet a cycle it never
/// leaves (no goal reachable, or cheap loops before an expensive goal), and is then judged only
/// if it finished within the budget.
fn budget() -> Budget<'static> {
    Budget::nodes(5_000)
}

/// True unless the budget stopped the search, which only a tree search may need. IDA* is one
/// in any mode: its cycle check drops only a move straight back (Korf's predecessor
/// elimination), so around a longer cycle with no goal beyond it, it deepens until its depth
/// cap.
fn decided(out: &Outcome<Step>, options: Options, text: &str) -> Result<bool, TestCaseError> {
    let cut = out.status
        == (Status::CutOff {
            limit: Limit::Budget,
        });
    let tree = options.mode == Mode::Tree || options.algorithm == Algorithm::IdaStar;
    prop_assert!(!cut || tree, "{:?} ran out of budget\n{}", options, text);
    Ok(!cut)
}

fn run(graph: &Graph, options: Options) -> Outcome<Step> {
    search(graph, &options, &budget(), &mut Quiet)
}

/// The solution is a path of the graph from the start to a goal, costing what it says.
fn check_path(graph: &Graph, out: &Outcome<Step>) -> Result<(), TestCaseError> {
    let Some(sol) = &out.solution else {
        return Ok(());
    };
    let mut at = graph.find("N0").unwrap();
    let mut cost = 0u64;
    for step in &sol.actions {
        prop_assert_eq!(step.from, at);
        prop_assert!(
            graph.edges(at).contains(&(step.to, step.cost)),
            "no edge {:?}",
            step
        );
        cost += u64::from(step.cost);
        at = step.to;
    }
    prop_assert_eq!(cost, sol.cost);
    let goals: Vec<u32> = (0..graph.len() as u32)
        .filter(|&i| arbor_search::Problem::is_goal(graph, &i))
        .collect();
    prop_assert!(goals.contains(&at));
    Ok(())
}

const OPTIMAL: [Algorithm; 4] = [
    Algorithm::UniformCost,
    Algorithm::AStar,
    Algorithm::IdaStar,
    Algorithm::Bidirectional,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// On unit costs, breadth-first, iterative deepening, uniform cost, A* and IDA* find
    /// solutions of one length: the oracle's shortest; all say "no solution" together.
    #[test]
    fn shortest_searches_agree_on_length(s in spec(true)) {
        let (graph, t) = graph_of(&s);
        let truth = distances(&s)[0];
        for algorithm in [
            Algorithm::BreadthFirst,
            Algorithm::IterativeDeepening,
            Algorithm::UniformCost,
            Algorithm::AStar,
            Algorithm::IdaStar,
            Algorithm::Bidirectional,
        ] {
            for mode in [Mode::Graph, Mode::Tree] {
                let out = run(&graph, Options::new(algorithm).mode(mode));
                check_path(&graph, &out)?;
                if !decided(&out, Options::new(algorithm).mode(mode), &t)? {
                    continue;
                }
                let length = out.solution.as_ref().map(|s| s.depth() as u64);
                prop_assert_eq!(length, truth, "{:?} {:?}\n{}", algorithm, mode, t);
                let status = if truth.is_some() { Status::Found } else { Status::Exhausted };
                prop_assert_eq!(out.status, status, "{:?} {:?}\n{}", algorithm, mode, t);
            }
        }
    }

    /// On weighted graphs, uniform cost, A* (admissible estimates) and IDA* cost what
    /// Dijkstra's algorithm (the `pathfinding` crate) says, in graph and tree mode; every
    /// other search's path is a real path costing at least as much.
    #[test]
    fn optimal_searches_cost_what_dijkstra_says(s in spec(false)) {
        let (graph, t) = graph_of(&s);
        let truth = distances(&s)[0];
        for algorithm in Algorithm::ALL {
            for mode in [Mode::Graph, Mode::Tree] {
                let mut options = Options::new(algorithm).mode(mode);
                if algorithm == Algorithm::DepthLimited {
                    options.depth_limit = Some(3);
                }
                let out = run(&graph, options);
                check_path(&graph, &out)?;
                if !decided(&out, Options::new(algorithm).mode(mode), &t)? {
                    continue;
                }
                let cost = out.solution.as_ref().map(|s| s.cost);
                if OPTIMAL.contains(&algorithm) {
                    prop_assert_eq!(cost, truth, "{:?} {:?}\n{}", algorithm, mode, t);
                } else if let Some(c) = cost {
                    prop_assert!(truth.is_some_and(|best| c >= best), "{:?} {:?} {}\n{}", algorithm, mode, c, t);
                } else if algorithm != Algorithm::DepthLimited {
                    prop_assert_eq!(truth, None, "{:?} {:?} found nothing\n{}", algorithm, mode, t);
                }
            }
        }
    }

    /// Whatever the tie rule, uniform cost and A* cost what Dijkstra's algorithm (the
    /// `pathfinding` crate) says, in graph and tree mode, with admissible estimates and with
    /// consistent ones (the rule only orders nodes of equal priority). The replay is not
    /// consulted here: `frontier_order.rs` checks it under every rule.
    #[test]
    fn every_tie_rule_keeps_uniform_cost_and_a_star_optimal(s in spec(false), cap in 0u32..60) {
        let truth = distances(&s)[0];
        for t in [text(&s), consistent_text(&s, cap)] {
            let graph = Graph::parse(&t).unwrap_or_else(|e| panic!("{e:?} in\n{t}"));
            for algorithm in [Algorithm::UniformCost, Algorithm::AStar] {
                for mode in [Mode::Graph, Mode::Tree] {
                    for tie in TieBreak::ALL {
                        let options = Options::new(algorithm).mode(mode).tie(tie);
                        let out = run(&graph, options);
                        check_path(&graph, &out)?;
                        if !decided(&out, options, &t)? {
                            continue;
                        }
                        let cost = out.solution.as_ref().map(|s| s.cost);
                        prop_assert_eq!(cost, truth, "{:?} {:?} {:?}\n{}", algorithm, mode, tie, t);
                    }
                }
            }
        }
    }

    /// Observing changes nothing: every search returns the same outcome with the recorder as
    /// with the no-op observer; and every frame of the replay agrees with the trace and the
    /// outcome — counts that never go back, the frontier and explored lists made of nodes in
    /// those states, and at the end the engine's counts, its goal and its path.
    #[test]
    fn the_recorder_changes_nothing_and_the_replay_agrees(s in spec(false), limit in 0u32..4) {
        let (graph, t) = graph_of(&s);
        for algorithm in Algorithm::ALL {
            for mode in [Mode::Graph, Mode::Tree] {
                let mut options = Options::new(algorithm).mode(mode);
                if matches!(algorithm, Algorithm::DepthLimited) {
                    options.depth_limit = Some(limit);
                }
                let quiet = run(&graph, options);
                let mut rec = Recorder::new();
                let observed = search(&graph, &options, &budget(), &mut rec);
                prop_assert_eq!(&quiet, &observed, "{:?} {:?}\n{}", algorithm, mode, t);
                let trace = rec.into_trace();
                let nodes: Vec<NodeInfo> = trace
                    .nodes
                    .iter()
                    .map(arbor_search::replay::NodeInfo::from)
                    .collect();
                let replay = SearchReplay::new(nodes, trace.events.clone(), algorithm);
                let (mut expanded, mut generated) = (0, 0);
                // Every frame of a short run (a frame is replayed from the start: quadratic).
                for step in (0..=replay.len()).filter(|_| replay.len() <= 400) {
                    let f = replay.frame(step);
                    prop_assert!(f.expanded >= expanded && f.generated >= generated);
                    expanded = f.expanded;
                    generated = f.generated;
                    prop_assert_eq!(f.explored.len() as u64 <= f.expanded, true);
                    // IDA*'s frontier is its current path, never pushed.
                    prop_assert!(f.frontier.len() <= f.peak_frontier || algorithm == Algorithm::IdaStar);
                    prop_assert_eq!(f.found.is_some(), !f.path.is_empty());
                }
                let last = replay.frame(replay.len());
                prop_assert_eq!(last.expanded, observed.stats.expanded, "{:?} {:?}\n{}", algorithm, mode, t);
                prop_assert_eq!(last.generated, observed.stats.generated, "{:?} {:?}\n{}", algorithm, mode, t);
                match &observed.solution {
                    Some(sol) => {
                        let goal = last.found.expect("the replay shows the goal found");
                        // Bidirectional: the cost is the two meeting nodes' g together.
                        let backward = last.met.map_or(0, |b| trace.nodes[b as usize].g);
                        prop_assert_eq!(trace.nodes[goal as usize].g + backward, sol.cost);
                        prop_assert_eq!(last.path.len(), sol.depth() + 1);
                        let states: Vec<u32> = last.path.iter().map(|&i| trace.nodes[i as usize].state).collect();
                        let mut expect = vec![graph.find("N0").unwrap()];
                        expect.extend(sol.actions.iter().map(|a| a.to));
                        prop_assert_eq!(states, expect);
                    }
                    None => prop_assert_eq!(last.found, None),
                }
            }
        }
    }
}
