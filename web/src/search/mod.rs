//! The search visualiser: pick a problem and a search, watch the search tree grow step by
//! step with its frontier and explored set, and compare the searches.

mod blocks_editor;
pub(crate) mod compare;
mod editors;
mod grid_editor;
mod panels;
pub(crate) mod practice;
mod puzzle_editor;

use arbor_app::url::UrlSettings;
use std::rc::Rc;

use arbor_search::Mode;
use yew::prelude::*;

pub use arbor_app::search::page::{status_words, Action, Recorded, Run, State};

use crate::components::controls::StepControls;
use crate::components::export::{to_json, ExportMenu};
use crate::components::pseudocode::Pseudocode;
use crate::components::tree_view::{DrawingId, Looks, TreeView};
use arbor_app::route::{Route, View};
use arbor_app::same::same_opt;
use arbor_app::search::caption::{caption, ends_in_failure, failure_line, line, listing};
use arbor_app::search::tree_scene::{search_scene, shown_current};
use arbor_app::search::SearchSummary;
use arbor_app::search::StateView;
use arbor_app::search::{cell_marks, marks, CellMark, CostUnit, Problem, SearchMark};

/// Props of [`Search`].
#[derive(Properties, PartialEq)]
pub struct SearchProps {
    /// The route it was opened with.
    pub route: Route,
}

/// The search visualiser page.
#[component]
pub fn Search(props: &SearchProps) -> Html {
    crate::renders::count("Search");
    let state = crate::page::use_stepped_page::<State>(&props.route);
    let dispatch = state.dispatcher();
    // The worker: a new one for every run; Stop terminates it.
    crate::worker::use_worker_runs(
        state.run_id,
        state.request(),
        matches!(state.run, Run::Stopped(_)),
        dispatch
            .to_callback()
            .reform(|(id, m)| Action::Worker(id, m)),
    );

    let on_control = {
        let d = dispatch.clone();
        use_callback((), move |c, _| d.dispatch(Action::Control(c)))
    };
    let on_fold = {
        let d = dispatch.clone();
        use_callback((), move |key: usize, _| d.dispatch(Action::Fold(key)))
    };
    let on_stop = {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Stop))
    };

    let step = state.settings.step;
    let recorded = state.recorded.clone();
    // The record by identity (never by address: see `arbor_app::same`).
    let rec_id = same_opt(&recorded);
    let frame = {
        let recorded = recorded.clone();
        use_memo((rec_id.clone(), step), move |(_, step)| {
            recorded.map(|r| Rc::new(r.replay.frame(*step)))
        })
    };
    // The iteration on show: the one under way (iterations are numbered from 1; searches
    // without iterations put every node in 0), or before any, the first.
    let iteration = match (&*frame, &recorded) {
        (Some(f), _) if f.iteration.is_some() => f.visits.len() as u32,
        (_, Some(r)) => r.view.nodes.first().map_or(0, |n| n.info.iteration),
        _ => 0,
    };
    // A grid's search is drawn on the grid itself: each cell's mark at this step.
    let grid = {
        let problem = state.settings.problem.clone();
        use_memo(problem, |p| p.grid().and_then(Result::ok).map(Rc::new))
    };
    let scene = {
        let recorded = recorded.clone().filter(|_| grid.is_none());
        let folded = state.folded.clone();
        use_memo(
            (rec_id.clone(), iteration, folded.clone(), grid.is_none()),
            move |(_, iteration, folded, _)| {
                recorded.map(|r| Rc::new(search_scene(&r, *iteration, folded)))
            },
        )
    };
    // The tree's looks (not for a grid, which is drawn as a grid: its tree is not shown).
    let looks = {
        let (recorded, frame) = (recorded.clone(), (*frame).clone());
        let tree_shown = grid.is_none();
        use_memo(
            (rec_id.clone(), step, iteration, tree_shown),
            move |(_, _, iteration, shown)| match (recorded, frame) {
                (Some(r), Some(f)) if *shown => {
                    Looks::of(marks(&r.view, &r.replay, &f, &r.drawing, *iteration))
                }
                _ => Looks::of(Vec::<SearchMark>::new()),
            },
        )
    };
    let grid_marks = {
        let (recorded, frame, grid) = (recorded.clone(), (*frame).clone(), (*grid).clone());
        use_memo((rec_id.clone(), step, same_opt(&grid)), move |_| {
            match (recorded, frame, grid) {
                (Some(r), Some(f), Some(g)) => {
                    let marks = cell_marks(&r.view, &f, g.width(), g.height());
                    let path: Vec<usize> = f
                        .path
                        .iter()
                        .filter_map(|&id| match r.view.nodes.get(id as usize)?.state {
                            StateView::Cell { x, y } => Some(y as usize * g.width() + x as usize),
                            _ => None,
                        })
                        .collect();
                    Some((Rc::new(marks), Rc::new(path)))
                }
                _ => None,
            }
        })
    };
    let grid_status = match &*grid_marks {
        Some((marks, path)) => format!(
            "At step {step}: {} cells explored, {} in the frontier{}.",
            marks
                .iter()
                .filter(|m| matches!(m, CellMark::Explored | CellMark::Current | CellMark::Path))
                .count(),
            marks.iter().filter(|m| **m == CellMark::Frontier).count(),
            if path.is_empty() {
                String::new()
            } else {
                format!(", a path of {} cells found", path.len())
            }
        ),
        None => String::new(),
    };
    let label = |r: &Recorded, id: u64| {
        r.drawing
            .label(id as usize, &r.view.nodes[id as usize].state)
    };
    let status = match &state.run {
        Run::Done(s) => Some(&s.status),
        _ => None,
    };
    let (text, current_line) = match (&recorded, &*frame) {
        (Some(r), Some(f)) => {
            let text = caption(
                &r.view,
                &r.replay,
                f,
                step,
                &|id| label(r, id),
                status,
                r.costs,
            );
            let settings = &state.settings;
            // The last step of a search that found nothing and had nothing left is at the line
            // that returns failure.
            let line = ends_in_failure(&r.view, &r.replay, f, step, status)
                .then(|| failure_line(settings.algorithm, settings.mode, settings.limited()))
                .or_else(|| {
                    let s = r.replay.steps().get(step.checked_sub(1)?)?;
                    line(
                        r.replay.algorithm(),
                        settings.mode,
                        s.kind,
                        &r.replay.events()[s.events.clone()],
                    )
                });
            (text, line)
        }
        _ => (String::new(), None),
    };
    let costs = CostUnit::of(&state.settings.problem);
    let drawn = scene.as_ref().as_ref().map_or(0, |s| s.nodes.len());
    let recorded_nodes = recorded.as_ref().map_or(0, |r| r.view.nodes.len());
    let total = match &state.run {
        Run::Done(s) => s.stats.generated,
        Run::Running(g, ..) | Run::Stopped(g) => (*g).max(recorded_nodes as u64),
        _ => recorded_nodes as u64,
    };

    let on_trace = {
        let recorded = recorded.clone();
        let summary = match &state.run {
            Run::Done(s) => Some(s.clone()),
            _ => None,
        };
        use_callback(
            (rec_id.clone(), state.settings.clone(), summary.is_some()),
            move |_: (), (_, settings, _)| {
                let mut route = Route::new(View::Search);
                settings.to_route(&mut route);
                let Some(r) = &recorded else {
                    return "{}".to_string();
                };
                to_json(&SearchExport {
                    format: "arbor-search-trace",
                    version: 2,
                    link: route.to_link(),
                    algorithm: settings.algorithm.key(),
                    graph_search: settings.mode == Mode::Graph,
                    tie: settings.tie_applies().then(|| settings.tie.key()),
                    nodes: &r.view.nodes,
                    events: &r.view.events,
                    summary: summary.as_deref(),
                })
            },
        )
    };
    html! {
        <section class="page stepper search-view">
            <h1>{ "Search, step by step" }</h1>
            { for state.notices.iter().map(|n| html! { <p class="notice" role="alert">{ n.clone() }</p> }) }
            if let Some(n) = &state.switched {
                <p class="notice switched" role="status">{ n.clone() }</p>
            }
            <div class="stepper-grid">
                <aside class="inputs" aria-label="Problem and search">
                    <editors::ProblemPanel settings={state.settings.clone()} text={state.text.clone()}
                        error={state.problem_error.clone()} heuristic={state.heuristic.clone()} dispatch={dispatch.clone()} />
                </aside>
                <div class="main">
                    <panels::RunStatus run={state.run.clone()} recorded={recorded_nodes} costs={costs} on_stop={on_stop} />
                    if recorded.is_some() {
                        <StepControls step={step} len={state.steps()} playing={state.playing} speed={state.speed} on={on_control} />
                        <p class="caption" role="status" aria-live="polite" aria-atomic="true">{ text }</p>
                        if grid.is_none() {
                            <panels::TreeTools levels={state.levels} drawn={drawn} total={total} dispatch={dispatch.clone()} />
                        }
                        if let (Some(scene), Some(r)) = (&*scene, &recorded) {
                            <TreeView<SearchMark> scene={scene.clone()} looks={(*looks).clone()}
                                drawing={DrawingId::of(r)} focus={shown_current(r, scene, (*frame).as_ref().and_then(|f| f.current))} follows=true
                                title={format!("Search tree of {} by {}; step {step} of {}", problem_name(&state.settings.problem), r.replay.algorithm().title(), r.replay.len())}
                                on_inner={Some(on_fold.clone())}>
                                <ExportMenu selector=".search-view .main svg.tree" name="arbor-search" trace={Some(on_trace)} />
                            </TreeView<SearchMark>>
                        }
                        if grid.is_none() {
                            <panels::Legend informed={state.settings.algorithm.informed()} />
                        }
                    }
                    if let Problem::Grid(spec) = &state.settings.problem {
                        <div class="grid-view">
                            <grid_editor::GridBoard spec={spec.clone()} dispatch={dispatch.clone()}
                                marks={grid_marks.as_ref().as_ref().map(|m| m.0.clone())} path={grid_marks.as_ref().as_ref().map(|m| m.1.clone())}
                                status={grid_status.clone()} />
                            <ul class="legend grid-legend" aria-label="Legend">
                                <li><span class="gl gl-explored"></span>{ "explored (filled)" }</li>
                                <li><span class="gl gl-frontier"></span>{ "frontier (ring)" }</li>
                                <li><span class="gl gl-current"></span>{ "the node this step is about (thick outline)" }</li>
                                <li><span class="gl gl-path"></span>{ "the path found (line)" }</li>
                                <li><span class="gl gl-wall"></span>{ "wall" }</li>
                                <li>{ "▲ start, ◆ goal; grey cells cost their number to enter" }</li>
                            </ul>
                        </div>
                    }
                    if let Run::Done(summary) = &state.run {
                        <panels::Solution summary={(**summary).clone()} problem={state.settings.problem.clone()} costs={costs} />
                    }
                </div>
                <aside class="explain" aria-label="Explanation">
                    <Pseudocode lines={listing(state.settings.algorithm, state.settings.mode, state.settings.limited())} current={current_line} title={state.settings.algorithm.title()} />
                    if let (Some(r), Some(f)) = (&recorded, &*frame) {
                        <panels::Lists recorded={r.clone()} frame={f.clone()} />
                    }
                </aside>
            </div>
            <compare::Compare problem={state.settings.problem.clone()} mode={state.settings.mode} />
        </section>
    }
}

/// The trace as exported: the recorded nodes (each with its parent, depth, g, h and state) and
/// every event in order, naming nodes by index into `nodes`.
#[derive(serde::Serialize)]
struct SearchExport<'a> {
    format: &'static str,
    version: u32,
    link: String,
    algorithm: &'static str,
    graph_search: bool,
    /// Uniform cost, greedy and A*: the tie rule (`fifo`, `lifo`, `lowest-h`).
    #[serde(skip_serializing_if = "Option::is_none")]
    tie: Option<&'static str>,
    nodes: &'a [arbor_app::search::ViewNode],
    events: &'a [arbor_search::Event],
    summary: Option<&'a SearchSummary>,
}

fn problem_name(problem: &Problem) -> String {
    match problem {
        Problem::Graph { .. } => "the tree or graph".into(),
        Problem::Puzzle { rows, cols, .. } => format!("the {}-puzzle", rows * cols - 1),
        Problem::Blocks { .. } => "the blocks world".into(),
        Problem::Grid(_) => "the grid".into(),
    }
}
