//! The heuristic check on random graphs: its true costs agree with a brute-force relaxation
//! (Bellman–Ford, written here); every fault it names, and only those, breaks the definitions;
//! "consistent" with every goal at 0 implies "admissible"; and what it says holds for A*: an
//! admissible heuristic gives a cheapest path, a consistent one never expands a state twice.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashSet;

use arbor_search::{search, Algorithm, Budget, Event, Graph, Mode, Options, Recorder, Status};
use proptest::prelude::*;

/// A random problem: `n` nodes N0…, directed edges with costs, goals, and estimates.
#[derive(Clone, Debug)]
struct Spec {
    n: usize,
    edges: Vec<(usize, usize, u32)>,
    goals: Vec<usize>,
    /// How the estimates are made (see [`estimates`]), and their raw numbers.
    kind: u8,
    raw: Vec<u32>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (2usize..=8).prop_flat_map(|n| {
        (
            proptest::collection::vec((0..n, 0..n, 1u32..=6), 0..=3 * n),
            proptest::collection::vec(0..n, 1..=2),
            0u8..3,
            proptest::collection::vec(0u32..=RAW_MAX, n),
        )
            .prop_map(move |(edges, goals, kind, raw)| Spec {
                n,
                edges: edges.into_iter().filter(|(a, b, _)| a != b).collect(),
                goals,
                kind,
                raw,
            })
    })
}

/// h* by brute force: start from 0 at the goals and ∞ elsewhere, and relax every edge n times
/// (a cheapest path has fewer than n edges).
fn brute_true_costs(s: &Spec) -> Vec<Option<u64>> {
    let mut d: Vec<Option<u64>> = (0..s.n)
        .map(|i| s.goals.contains(&i).then_some(0))
        .collect();
    for _ in 0..s.n {
        for &(a, b, c) in &s.edges {
            if let Some(db) = d[b] {
                let via = db + u64::from(c);
                if d[a].is_none_or(|da| via < da) {
                    d[a] = Some(via);
                }
            }
        }
    }
    d
}

/// The largest raw estimate.
const RAW_MAX: u32 = 12;

/// The estimates: kind 0 any numbers; kind 1 the true cost capped at one number (the first raw
/// one), and [`RAW_MAX`] where no goal is reached — consistent, as min(h*(n), cap) ≤
/// min(c + h*(n'), cap) ≤ c + min(h*(n'), cap), and an edge into a dead end has RAW_MAX ≥ cap
/// after it; kind 2 the same with one node's raised (often breaking one or both).
fn estimates(s: &Spec) -> Vec<u32> {
    let truth = brute_true_costs(s);
    let cap = s.raw[0];
    let capped: Vec<u32> = (0..s.n)
        .map(|i| truth[i].map_or(RAW_MAX, |t| (t as u32).min(cap)))
        .collect();
    match s.kind {
        0 => s.raw.clone(),
        1 => capped,
        _ => {
            let mut h = capped;
            let i = s.raw[1] as usize % s.n;
            h[i] += 1 + s.raw[i] % 4;
            h
        }
    }
}

fn text(s: &Spec, h: &[u32]) -> String {
    let mut out = String::new();
    for (a, b, c) in &s.edges {
        out.push_str(&format!("N{a} -> N{b}:{c}\n"));
    }
    out.push('h');
    for (i, v) in h.iter().enumerate() {
        out.push_str(&format!(" N{i}={v}"));
    }
    out.push_str("\nstart N0\ngoal");
    for g in &s.goals {
        out.push_str(&format!(" N{g}"));
    }
    out.push('\n');
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// The true costs are the brute force's; the faults named are exactly the nodes, goals and
    /// edges that break the definitions; consistent with goals at 0 implies admissible.
    #[test]
    fn the_check_agrees_with_brute_force(s in spec()) {
        let h = estimates(&s);
        let t = text(&s, &h);
        let graph = Graph::parse(&t).unwrap_or_else(|e| panic!("{e} in\n{t}"));
        let node = |i: usize| graph.find(&format!("N{i}")).unwrap() as usize;
        let check = graph.check_heuristic();
        let truth = brute_true_costs(&s);
        for (i, &want) in truth.iter().enumerate() {
            prop_assert_eq!(check.true_costs[node(i)].map(|c| c.cost), want, "N{}\n{}", i, t);
            // The goal named is a goal, at that cost.
            if let Some(c) = check.true_costs[node(i)] {
                prop_assert!(s.goals.iter().any(|&g| node(g) == c.goal as usize));
            }
        }
        let over: HashSet<usize> = check.overestimates.iter().map(|o| o.node as usize).collect();
        let want: HashSet<usize> = (0..s.n)
            .filter(|&i| !s.goals.contains(&i) && truth[i].is_some_and(|t| u64::from(h[i]) > t))
            .map(node)
            .collect();
        prop_assert_eq!(over, want, "\n{}", t);
        let goals: HashSet<usize> = check.goals_not_zero.iter().map(|g| g.goal as usize).collect();
        let want: HashSet<usize> = s.goals.iter().filter(|&&g| h[g] > 0).map(|&g| node(g)).collect();
        prop_assert_eq!(goals, want, "\n{}", t);
        let mut bad: Vec<(usize, usize, u32)> = check
            .inconsistent
            .iter()
            .map(|e| (e.from as usize, e.to as usize, e.cost))
            .collect();
        let mut want: Vec<(usize, usize, u32)> = s
            .edges
            .iter()
            .filter(|&&(a, b, c)| h[a] > c + h[b])
            .map(|&(a, b, c)| (node(a), node(b), c))
            .collect();
        bad.sort_unstable();
        want.sort_unstable();
        prop_assert_eq!(bad, want, "\n{}", t);
        if check.is_consistent() && check.goals_not_zero.is_empty() {
            prop_assert!(check.is_admissible(), "consistent but not admissible\n{}", t);
        }
        if s.kind == 1 {
            prop_assert!(check.is_consistent() && check.is_admissible(), "\n{}", t);
        }
    }

    /// What the check means for A*: admissible — A* finds a cheapest path in graph and tree
    /// search; consistent with goals at 0 — A*'s graph search expands no state twice.
    #[test]
    fn what_the_check_says_holds_for_a_star(s in spec()) {
        let h = estimates(&s);
        let t = text(&s, &h);
        let graph = Graph::parse(&t).unwrap();
        let check = graph.check_heuristic();
        let truth = brute_true_costs(&s)[0];
        if check.is_admissible() {
            for mode in [Mode::Graph, Mode::Tree] {
                let out = search(&graph, &Options::new(Algorithm::AStar).mode(mode), &Budget::nodes(20_000), &mut arbor_search::Quiet);
                if mode == Mode::Graph || out.status != (Status::CutOff { limit: arbor_search::Limit::Budget }) {
                    prop_assert_eq!(out.solution.map(|s| s.cost), truth, "{:?}\n{}", mode, t);
                }
            }
        }
        if check.is_consistent() && check.goals_not_zero.is_empty() {
            let mut rec = Recorder::new();
            search(&graph, &Options::new(Algorithm::AStar), &Budget::unlimited(), &mut rec);
            let trace = rec.into_trace();
            let mut expanded = HashSet::new();
            for e in &trace.events {
                if let Event::Expand { node } = e {
                    let state = trace.nodes[*node as usize].state;
                    prop_assert!(expanded.insert(state), "{} expanded twice\n{}", graph.name(state), t);
                }
            }
        }
    }
}

/// An admissible, inconsistent heuristic makes A*'s graph search expand a state twice — the
/// reopening the check's "not consistent" warns of. The orders are derived by hand.
#[test]
fn an_inconsistent_heuristic_can_make_a_star_expand_a_state_twice() {
    // S → A (1), S → B (2); A → C (3), B → C (1); C → G (3). h*: C 3, A 6, B 4, S 6.
    // h: A 1, B 4, C 0: admissible (1 ≤ 6, 4 ≤ 4, 0 ≤ 3), but B → C drops h by 4 for a step of
    // 1 — inconsistent. A*: S (f 0); A (f 1+1 = 2), B (f 2+4 = 6); take A: C at g 4, f 4;
    // take C (f 4 < 6): expand it, G at g 7, f 7; take B (f 6): C again at g 3 < 4 —
    // reopened, and expanded a second time; G at g 6. Cost 6: still a cheapest path.
    let graph =
        Graph::parse("S -> A:1 B:2\nA -> C:3\nB -> C:1\nC -> G:3\nh A=1 B=4 C=0\ngoal G").unwrap();
    let check = graph.check_heuristic();
    assert!(check.is_admissible());
    assert!(!check.is_consistent());
    let mut rec = Recorder::new();
    let out = search(
        &graph,
        &Options::new(Algorithm::AStar),
        &Budget::unlimited(),
        &mut rec,
    );
    assert_eq!(out.solution.unwrap().cost, 6);
    let trace = rec.into_trace();
    let order: Vec<&str> = trace
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Expand { node } => Some(graph.name(trace.nodes[*node as usize].state)),
            _ => None,
        })
        .collect();
    assert_eq!(order, ["S", "A", "C", "B", "C"]);
}
