//! The search exercise: the order a search expands a small tree problem, with the frontier
//! after each expansion, read off the engine's recorded run as search practice records it.

use arbor_search::{Algorithm, Graph};

use super::sheet::{Answer, Made};
use super::svg::{draw, Picture, Shape};
use crate::practice;
use crate::search::practice::Exercise;

/// The search's name in a question.
fn name(a: Algorithm) -> &'static str {
    match a {
        Algorithm::BreadthFirst => "breadth-first search (BFS)",
        Algorithm::DepthFirst => "depth-first search (DFS)",
        Algorithm::UniformCost => "uniform-cost search (UCS)",
        Algorithm::Greedy => "greedy best-first search",
        _ => "A* search",
    }
}

/// Whether the search reads the heuristic.
fn informed(a: Algorithm) -> bool {
    matches!(a, Algorithm::Greedy | Algorithm::AStar)
}

/// The problem's tree as a picture (node 0 the start), with its step costs and (for an
/// informed search) h values; `order`: each expanded node's place, for the key.
fn picture(
    text: &str,
    algorithm: Algorithm,
    order: &[String],
    title: &str,
) -> Result<Picture, String> {
    let graph = Graph::parse(text).map_err(|e| format!("{e:?}"))?;
    let line = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key))
            .map(str::trim)
            .unwrap_or("")
            .to_string()
    };
    let start = graph.find(&line("start ")).unwrap_or(0);
    let goals: Vec<String> = line("goal ")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let h: Vec<(String, String)> = line("h ")
        .split_whitespace()
        .filter_map(|kv| {
            kv.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
        })
        .collect();
    // Breadth-first from the start: node 0 the start, each node once.
    let mut ids = vec![start];
    let mut children: Vec<Vec<usize>> = Vec::new();
    let mut costs = vec![String::new()];
    let mut i = 0;
    while i < ids.len() {
        let mut kids = Vec::new();
        for &(to, cost) in graph.edges(ids[i]) {
            if ids.contains(&to) {
                return Err("the problem is not a tree".into());
            }
            kids.push(ids.len());
            ids.push(to);
            costs.push(cost.to_string());
        }
        children.push(kids);
        i += 1;
    }
    let names: Vec<String> = ids.iter().map(|&n| graph.name(n).to_string()).collect();
    let shape = names
        .iter()
        .map(|n| {
            if goals.contains(n) {
                Shape::Goal
            } else {
                Shape::Node
            }
        })
        .collect();
    let mut p = Picture::new(title, children, shape);
    p.edge = costs;
    for (k, n) in names.iter().enumerate() {
        p.text[k] = n.clone();
        if informed(algorithm) {
            if let Some((_, v)) = h.iter().find(|(name, _)| name == n) {
                p.note[k] = format!("h={v}");
            }
        }
        if let Some(place) = order.iter().position(|o| o == n) {
            p.name[k] = format!("{}.", place + 1);
        }
    }
    Ok(p)
}

/// A frontier node as the key lists it: its name, and what the search orders it by.
fn entry(ex: &Exercise, n: arbor_search::NodeId) -> String {
    let info = ex.view.nodes[n as usize].info;
    let name = ex.name(n);
    match ex.algorithm {
        Algorithm::UniformCost => format!("{name} (g={})", info.g),
        Algorithm::Greedy => format!("{name} (h={})", info.h),
        Algorithm::AStar => format!("{name} (f={}+{}={})", info.g, info.h, info.g + info.h),
        _ => name,
    }
}

/// A search exercise: the expansion order and the frontier after each expansion.
pub(super) fn search(p: &practice::Settings) -> Result<Made, String> {
    let text = p.problem();
    let ex = Exercise::new(&text, p.algorithm, p.search_level)?;
    let steps = ex.replay.steps();
    let visits: Vec<(usize, arbor_search::NodeId)> = steps
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == arbor_search::replay::StepKind::Visit)
        .filter_map(|(i, s)| Some((i, s.node?)))
        .collect();
    let end = ex.replay.frame(ex.replay.len());
    let mut answer_steps = Vec::new();
    for (k, &(_, node)) in visits.iter().enumerate() {
        if end.found == Some(node) {
            break;
        }
        let after = visits.get(k + 1).map_or(ex.replay.len(), |&(i, _)| i);
        let frontier: Vec<String> = ex
            .replay
            .frame(after)
            .frontier
            .iter()
            .map(|&f| entry(&ex, f))
            .collect();
        answer_steps.push((ex.name(node), format!("[{}]", frontier.join(", "))));
    }
    let expanded: Vec<String> = answer_steps.iter().map(|(n, _)| n.clone()).collect();
    let mut lines = vec![format!("Expanded: {}", expanded.join(" "))];
    if let Some(goal) = end.found {
        let path: Vec<String> = end.path.iter().map(|&n| ex.name(n)).collect();
        lines.push(format!(
            "Then {} leaves the frontier: the goal. Path {}, cost {}",
            ex.name(goal),
            path.join(" → "),
            ex.view.nodes[goal as usize].info.g
        ));
    }
    lines.extend(
        answer_steps
            .iter()
            .map(|(n, f)| format!("after {n}: frontier {f}")),
    );
    let search = name(p.algorithm);
    let figure = picture(
        &text,
        p.algorithm,
        &[],
        &format!("Search problem for {search}"),
    )?;
    let key = picture(
        &text,
        p.algorithm,
        &expanded,
        &format!("The problem with the order {search} expands its nodes"),
    )?;
    Ok(Made {
        question: format!(
            "Run {search} from {} on this problem. In what order are the nodes expanded, and \
             what is the frontier after each expansion?",
            figure.text[0]
        ),
        figure: draw(&figure),
        answer: Answer {
            lines,
            value: None,
            evaluated: None,
            steps: answer_steps,
            figure: Some(draw(&key)),
        },
        tree: None,
        problem: Some(text),
    })
}
