//! Comparing the searches: a table of every search on the current problem, and the
//! coursework's scalability chart (nodes expanded against solution depth, log scale).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use arbor_search::{Algorithm, Mode, Options, Status};
use yew::prelude::*;

use crate::components::tree_svg::fmt;
use crate::worker::SearchWorker;
use arbor_app::search::{Answer, Request};
use arbor_app::search::{CostUnit, Problem};
use arbor_app::search::{Family, ScaleRequest, SearchRequest, SearchSummary};
use arbor_app::work::Reply;

/// Most nodes each compared search may generate.
const BUDGET: u64 = 3_000_000;

/// Props of [`Compare`].
#[derive(Properties, PartialEq)]
pub struct CompareProps {
    /// The problem.
    pub problem: Problem,
    /// Tree or graph search.
    pub mode: Mode,
}

/// The scalability sample so far: the puzzle, each run's nodes expanded (`None`: over
/// budget), whether sampling goes on, and depths with no instance found.
type Sample = (Family, Points, bool, Vec<u32>);

/// Nodes expanded by (search, depth); `None`: over budget.
type Points = BTreeMap<(Algorithm, u32), Option<u64>>;

/// One row of the table.
#[derive(Clone, PartialEq)]
enum Row {
    Waiting,
    Done(Box<SearchSummary>),
    Failed(String),
}

/// The comparison section.
#[component]
pub fn Compare(props: &CompareProps) -> Html {
    crate::renders::count("Compare");
    let rows = use_state(|| None::<Vec<(Algorithm, Row)>>);
    let points = use_state(|| None::<Sample>);
    let worker = use_mut_ref(|| None::<SearchWorker>);
    let received: Rc<RefCell<Vec<(Algorithm, Row)>>> = use_mut_ref(Vec::new).clone();
    // A new problem makes old results meaningless.
    {
        let (rows, points, worker) = (rows.clone(), points.clone(), worker.clone());
        use_effect_with((props.problem.clone(), props.mode), move |_| {
            rows.set(None);
            points.set(None);
            worker.borrow_mut().take();
        });
    }
    let on_compare = {
        let (rows, worker, received) = (rows.clone(), worker.clone(), received.clone());
        let (problem, mode) = (props.problem.clone(), props.mode);
        Callback::from(move |_: MouseEvent| {
            let Ok(spec) = problem.spec() else { return };
            let order: Vec<Algorithm> = Algorithm::ALL.to_vec();
            *received.borrow_mut() = order.iter().map(|&a| (a, Row::Waiting)).collect();
            rows.set(Some(received.borrow().clone()));
            let (rows2, received2) = (rows.clone(), received.clone());
            let next = Rc::new(std::cell::Cell::new(0usize));
            let spawned = SearchWorker::for_job::<Request>(Callback::from(move |m| {
                let i = next.get();
                let row = match m {
                    Reply::Answer(Answer::Done(s)) => Row::Done(Box::new(s)),
                    Reply::Failed(e) => Row::Failed(e),
                    _ => return,
                };
                next.set(i + 1);
                if let Some(slot) = received2.borrow_mut().get_mut(i) {
                    slot.1 = row;
                }
                rows2.set(Some(received2.borrow().clone()));
            }));
            match spawned {
                Ok(w) => {
                    for a in order {
                        let options = Options {
                            mode,
                            depth_limit: (a == Algorithm::DepthLimited).then_some(8),
                            ..Options::new(a)
                        };
                        let _ = w.send_job(Request::Search(SearchRequest {
                            problem: spec.clone(),
                            options,
                            record: 0,
                            max_nodes: Some(BUDGET),
                        }));
                    }
                    *worker.borrow_mut() = Some(w);
                }
                Err(e) => rows.set(Some(vec![(Algorithm::BreadthFirst, Row::Failed(e))])),
            }
        })
    };
    let family = match props.problem {
        Problem::Blocks { .. } => Family::Blocks,
        _ => Family::Eight,
    };
    let on_chart = {
        let (points, worker) = (points.clone(), worker.clone());
        let mode = props.mode;
        Callback::from(move |_: MouseEvent| {
            let depths: Vec<u32> = match family {
                Family::Blocks => vec![3, 6, 8, 10, 12, 14, 16],
                Family::Eight => vec![4, 8, 12, 16, 20, 24],
            };
            let algorithms = vec![
                Algorithm::BreadthFirst,
                Algorithm::DepthFirst,
                Algorithm::IterativeDeepening,
                Algorithm::UniformCost,
                Algorithm::Greedy,
                Algorithm::AStar,
                Algorithm::IdaStar,
            ];
            let collected: Rc<RefCell<Points>> = Rc::default();
            let missing: Rc<RefCell<Vec<u32>>> = Rc::default();
            points.set(Some((family, BTreeMap::new(), true, Vec::new())));
            let (points2, collected2) = (points.clone(), collected.clone());
            let spawned = SearchWorker::for_job::<Request>(Callback::from(move |m| {
                let running = match m {
                    Reply::Answer(Answer::ScalePoint {
                        algorithm,
                        depth,
                        expanded,
                    }) => {
                        collected2.borrow_mut().insert((algorithm, depth), expanded);
                        true
                    }
                    Reply::Answer(Answer::ScaleMissing { depth }) => {
                        missing.borrow_mut().push(depth);
                        true
                    }
                    Reply::Answer(Answer::ScaleDone) => false,
                    _ => return,
                };
                points2.set(Some((
                    family,
                    collected2.borrow().clone(),
                    running,
                    missing.borrow().clone(),
                )));
            }));
            if let Ok(w) = spawned {
                let _ = w.send_job(Request::Scale(ScaleRequest {
                    family,
                    depths,
                    algorithms,
                    mode,
                    budget: 2_000_000,
                    seed: 7,
                }));
                *worker.borrow_mut() = Some(w);
            }
        })
    };
    let busy = rows
        .as_ref()
        .is_some_and(|r| r.iter().any(|(_, x)| *x == Row::Waiting))
        || points.as_ref().is_some_and(|p| p.2);
    html! {
        <section class="compare" aria-label="Compare the searches">
            <h2>{ "Compare the searches" }</h2>
            <div class="row">
                <button type="button" onclick={on_compare} disabled={busy || props.problem.spec().is_err()}>{ "Run every search on this problem" }</button>
                if !matches!(props.problem, Problem::Grid(_)) {
                    <button type="button" onclick={on_chart} disabled={busy}>{ match family {
                        Family::Blocks => "Draw the scalability chart (blocks world)",
                        Family::Eight => "Draw the scalability chart (8-puzzle)",
                    } }</button>
                }
                <span class="hint">{ format!("{} search; each run may generate up to {} nodes.", if props.mode == Mode::Tree { "Tree" } else { "Graph" }, BUDGET) }</span>
            </div>
            if let Some(rows) = &*rows {
                <table class="compare-table">
                    <thead><tr>
                        <th scope="col">{ "Search" }</th><th scope="col">{ "Result" }</th><th scope="col">{ "Depth" }</th><th scope="col">{ "Cost" }</th>
                        <th scope="col">{ "Expanded" }</th><th scope="col">{ "Generated" }</th><th scope="col">{ "Largest frontier" }</th><th scope="col">{ "Time" }</th>
                    </tr></thead>
                    <tbody>
                        { for rows.iter().map(|(a, row)| html! {
                            <tr data-algo={a.key()}>
                                <th scope="row">{ a.title() }</th>
                                { match row {
                                    Row::Waiting => html! { <td colspan="7" class="hint">{ "waiting…" }</td> },
                                    Row::Failed(e) => html! { <td colspan="7" class="error">{ e.clone() }</td> },
                                    Row::Done(s) => {
                                        let found = s.status == Status::Found;
                                        html! {
                                            <>
                                                <td>{ match s.status {
                                                    Status::Found => "found",
                                                    Status::Exhausted => "no solution",
                                                    Status::CutOff { limit: arbor_search::Limit::Depth } => "depth limit",
                                                    Status::CutOff { limit: arbor_search::Limit::Cost } => "cost too large",
                                                    Status::CutOff { limit: arbor_search::Limit::Backward } => "cannot search backwards",
                                                    Status::CutOff { .. } => "over budget",
                                                } }</td>
                                                <td data-col="depth">{ if found { s.actions.len().to_string() } else { "—".into() } }</td>
                                                <td>{ if found { CostUnit::of(&props.problem).show(s.cost) } else { "—".into() } }</td>
                                                <td data-col="expanded">{ s.stats.expanded }</td>
                                                <td>{ s.stats.generated }</td>
                                                <td>{ if *a == Algorithm::IdaStar { "—".into() } else { s.stats.peak_frontier.to_string() } }</td>
                                                <td>{ format!("{} ms", crate::components::tree_svg::fixed(s.millis, 1)) }</td>
                                            </>
                                        }
                                    }
                                } }
                            </tr>
                        }) }
                    </tbody>
                </table>
            }
            if let Some((family, points, running, missing)) = &*points {
                <Chart family={*family} points={points.clone()} running={*running} missing={missing.clone()} />
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct ChartProps {
    family: Family,
    points: Points,
    running: bool,
    missing: Vec<u32>,
}

/// Each algorithm's marker, dash pattern and colour (Okabe–Ito), so lines are told apart
/// without colour.
fn style(a: Algorithm) -> (&'static str, &'static str, &'static str) {
    match a {
        Algorithm::BreadthFirst => ("circle", "none", "#0072b2"),
        Algorithm::DepthFirst => ("square", "6 3", "#e69f00"),
        Algorithm::DepthLimited => ("square", "2 2", "#999999"),
        Algorithm::IterativeDeepening => ("triangle", "1 3", "#d55e00"),
        Algorithm::UniformCost => ("diamond", "8 3 2 3", "#009e73"),
        Algorithm::Greedy => ("cross", "3 3", "#cc79a7"),
        Algorithm::AStar => ("star", "none", "#1d2330"),
        Algorithm::IdaStar => ("plus", "10 4", "#56b4e9"),
        Algorithm::Bidirectional => ("circle", "4 2 1 2", "#7a5c00"),
    }
}

/// A chart marker of a shape (circle, square, triangle, diamond, cross, plus, star) at (x, y).
pub(crate) fn marker(kind: &str, x: f64, y: f64, colour: &str) -> Html {
    let p = |pts: &[(f64, f64)]| {
        pts.iter()
            .map(|(a, b)| format!("{},{}", fmt(x + a), fmt(y + b)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    match kind {
        "circle" => html! { <circle cx={fmt(x)} cy={fmt(y)} r="4.5" fill={colour.to_string()} /> },
        "square" => {
            html! { <rect x={fmt(x - 4.0)} y={fmt(y - 4.0)} width="8" height="8" fill={colour.to_string()} /> }
        }
        "triangle" => {
            html! { <polygon points={p(&[(0.0, -5.0), (5.0, 4.0), (-5.0, 4.0)])} fill={colour.to_string()} /> }
        }
        "diamond" => {
            html! { <polygon points={p(&[(0.0, -5.5), (5.5, 0.0), (0.0, 5.5), (-5.5, 0.0)])} fill={colour.to_string()} /> }
        }
        "cross" => {
            html! { <g stroke={colour.to_string()} stroke-width="2.5"><line x1={fmt(x - 4.0)} y1={fmt(y - 4.0)} x2={fmt(x + 4.0)} y2={fmt(y + 4.0)} /><line x1={fmt(x - 4.0)} y1={fmt(y + 4.0)} x2={fmt(x + 4.0)} y2={fmt(y - 4.0)} /></g> }
        }
        "plus" => {
            html! { <g stroke={colour.to_string()} stroke-width="2.5"><line x1={fmt(x - 5.0)} y1={fmt(y)} x2={fmt(x + 5.0)} y2={fmt(y)} /><line x1={fmt(x)} y1={fmt(y - 5.0)} x2={fmt(x)} y2={fmt(y + 5.0)} /></g> }
        }
        _ => {
            html! { <polygon points={p(&[(0.0, -6.0), (1.8, -1.8), (6.0, -1.8), (2.6, 1.2), (3.8, 5.6), (0.0, 3.0), (-3.8, 5.6), (-2.6, 1.2), (-6.0, -1.8), (-1.8, -1.8)])} fill={colour.to_string()} /> }
        }
    }
}

#[component]
fn Chart(props: &ChartProps) -> Html {
    crate::renders::count("Chart");
    let algorithms: Vec<Algorithm> = {
        let mut v: Vec<Algorithm> = props.points.keys().map(|k| k.0).collect();
        v.dedup();
        Algorithm::ALL
            .into_iter()
            .filter(|a| v.contains(a))
            .collect()
    };
    let depths: Vec<u32> = {
        let mut d: Vec<u32> = props.points.keys().map(|k| k.1).collect();
        d.sort();
        d.dedup();
        d
    };
    let (w, h, left, right, top, bottom) = (660.0, 340.0, 64.0, 170.0, 16.0, 44.0);
    let max_depth = depths.iter().copied().max().unwrap_or(1).max(1) as f64;
    let max_log = props
        .points
        .values()
        .flatten()
        .map(|&n| (n.max(1) as f64).log10())
        .fold(1.0f64, f64::max)
        .ceil();
    let sx = |d: f64| left + d / max_depth * (w - left - right);
    let sy = |n: u64| top + (1.0 - (n.max(1) as f64).log10() / max_log) * (h - top - bottom);
    let title = match props.family {
        Family::Blocks => "Blocks world: nodes expanded against solution depth",
        Family::Eight => "8-puzzle: nodes expanded against solution depth",
    };
    html! {
        <figure class="chart">
            <svg viewBox={format!("0 0 {w} {h}")} width={w.to_string()} height={h.to_string()} role="img" aria-label={title}>
                <title>{ title }</title>
                { for (0..=max_log as u32).map(|p| {
                    let y = sy(10u64.pow(p));
                    html! { <g class="grid"><line x1={fmt(left)} x2={fmt(w - right)} y1={fmt(y)} y2={fmt(y)} /><text x={fmt(left - 6.0)} y={fmt(y + 4.0)} class="tick-y">{ format!("10{}", superscript(p)) }</text></g> }
                }) }
                { for depths.iter().map(|&d| html! {
                    <text class="tick-x" x={fmt(sx(d as f64))} y={fmt(h - bottom + 16.0)}>{ d }</text>
                }) }
                <text class="axis" x={fmt((left + w - right) / 2.0)} y={fmt(h - 6.0)}>{ "solution depth" }</text>
                <text class="axis" transform={format!("rotate(-90) translate({} 14)", fmt(-(top + h - bottom) / 2.0))}>{ "nodes expanded (log scale)" }</text>
                { for algorithms.iter().enumerate().map(|(i, &a)| {
                    let (shape, dash, colour) = style(a);
                    let pts: Vec<(f64, f64)> = depths.iter().filter_map(|&d| props.points.get(&(a, d)).copied().flatten().map(|n| (sx(d as f64), sy(n)))).collect();
                    let line = pts.iter().map(|(x, y)| format!("{},{}", fmt(*x), fmt(*y))).collect::<Vec<_>>().join(" ");
                    let over: Vec<u32> = depths.iter().copied().filter(|d| props.points.get(&(a, *d)) == Some(&None)).collect();
                    let ly = top + 8.0 + i as f64 * 22.0;
                    html! {
                        <g class="series" data-algo={a.key()}>
                            <polyline points={line} fill="none" stroke={colour} stroke-width="2" stroke-dasharray={dash} />
                            { for pts.iter().map(|&(x, y)| marker(shape, x, y, colour)) }
                            { for over.iter().map(|&d| html! { <text class="over" x={fmt(sx(d as f64))} y={fmt(top + 4.0)} fill={colour}>{ "▲" }</text> }) }
                            { marker(shape, w - right + 16.0, ly, colour) }
                            <line x1={fmt(w - right + 26.0)} x2={fmt(w - right + 44.0)} y1={fmt(ly)} y2={fmt(ly)} stroke={colour} stroke-width="2" stroke-dasharray={dash} />
                            <text class="legend-text" x={fmt(w - right + 50.0)} y={fmt(ly + 4.0)}>{ a.title() }</text>
                        </g>
                    }
                }) }
            </svg>
            <figcaption>
                { title }{ if props.running { " — sampling…" } else { "." } }
                { " A ▲ at the top marks a run that went over its budget of 2,000,000 nodes (as breadth-first search ran out of memory in the coursework)." }
                if !props.missing.is_empty() {
                    { format!(" No start of depth {} was found among the samples tried.", props.missing.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")) }
                }
            </figcaption>
            <details>
                <summary>{ "The numbers" }</summary>
                <table class="compare-table">
                    <thead><tr><th scope="col">{ "Search" }</th>{ for depths.iter().map(|d| html! { <th scope="col">{ format!("depth {d}") }</th> }) }</tr></thead>
                    <tbody>{ for algorithms.iter().map(|&a| html! {
                        <tr><th scope="row">{ a.title() }</th>{ for depths.iter().map(|d| html! { <td>{ match props.points.get(&(a, *d)) {
                            Some(Some(n)) => n.to_string(),
                            Some(None) => "over budget".into(),
                            None => "…".into(),
                        } }</td> }) }</tr>
                    }) }</tbody>
                </table>
            </details>
        </figure>
    }
}

fn superscript(n: u32) -> String {
    n.to_string()
        .chars()
        .map(|c| match c {
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            _ => '⁹',
        })
        .collect()
}
