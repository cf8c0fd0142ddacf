//! What the search page shows at the step on show, worked out from the recorded search: the
//! step's frame, the tree's scene and looks, the grid's marks and their words, the caption and
//! the pseudocode's line, and the trace the export menu saves. Each costly part is a memo, kept
//! while what it depends on stays the same.

use std::rc::Rc;

use arbor_app::route::{Route, View};
use arbor_app::same::same_opt;
use arbor_app::scene::Scene;
use arbor_app::search::caption::{caption, ends_in_failure, failure_line, line};
use arbor_app::search::tree_scene::search_scene;
use arbor_app::search::whole_path;
use arbor_app::search::{cell_marks, marks, CellMark, Problem, SearchMark, SearchSummary};
use arbor_app::search::{Settings, StateView};
use arbor_app::url::UrlSettings;
use arbor_puzzles::Grid;
use arbor_search::replay::SearchFrame;
use arbor_search::Mode;
use std::collections::BTreeSet;
use yew::prelude::*;

use super::{Recorded, Run, State};
use crate::components::export::{to_json, TraceJson};
use crate::components::tree_view::Looks;

/// A grid's search at a step: each cell's mark, and the path found, cell by cell.
pub(super) type GridMarks = (Rc<Vec<CellMark>>, Rc<Vec<usize>>);

/// The recorded search's frame after `step` steps.
#[hook]
pub(super) fn use_frame(
    recorded: &Option<Rc<Recorded>>,
    step: usize,
) -> Rc<Option<Rc<SearchFrame>>> {
    let recorded = recorded.clone();
    // The record by identity (never by address: see `arbor_app::same`).
    use_memo((same_opt(&recorded), step), move |(_, step)| {
        recorded.map(|r| Rc::new(r.replay.frame(*step)))
    })
}

/// The iteration on show: the one under way (iterations are numbered from 1; searches without
/// iterations put every node in 0), or before any, the first.
pub(super) fn iteration_shown(
    frame: &Option<Rc<SearchFrame>>,
    recorded: &Option<Rc<Recorded>>,
) -> u32 {
    match (frame, recorded) {
        (Some(f), _) if f.iteration.is_some() => f.visits.len() as u32,
        (_, Some(r)) => r.view.nodes.first().map_or(0, |n| n.info.iteration),
        _ => 0,
    }
}

/// The problem's grid, if it is one: a grid's search is drawn on the grid itself.
#[hook]
pub(super) fn use_grid(problem: &Problem) -> Rc<Option<Rc<Grid>>> {
    use_memo(problem.clone(), |p| {
        p.grid().and_then(Result::ok).map(Rc::new)
    })
}

/// The search tree's drawing at `iteration`, with `folded` nodes folded; none for a grid.
#[hook]
pub(super) fn use_scene(
    recorded: &Option<Rc<Recorded>>,
    iteration: u32,
    folded: &Rc<BTreeSet<usize>>,
    tree_shown: bool,
) -> Rc<Option<Rc<Scene>>> {
    let rec_id = same_opt(recorded);
    let recorded = recorded.clone().filter(|_| tree_shown);
    use_memo(
        (rec_id, iteration, folded.clone(), tree_shown),
        move |(_, iteration, folded, _)| {
            recorded.map(|r| Rc::new(search_scene(&r, *iteration, folded)))
        },
    )
}

/// The tree's looks at `step` (none for a grid, which is drawn as a grid: its tree is not
/// shown).
#[hook]
pub(super) fn use_looks(
    recorded: &Option<Rc<Recorded>>,
    frame: &Option<Rc<SearchFrame>>,
    step: usize,
    iteration: u32,
    tree_shown: bool,
) -> Rc<Looks<SearchMark>> {
    let (rec_id, recorded, frame) = (same_opt(recorded), recorded.clone(), frame.clone());
    use_memo(
        (rec_id, step, iteration, tree_shown),
        move |(_, _, iteration, shown)| match (recorded, frame) {
            (Some(r), Some(f)) if *shown => {
                Looks::of(marks(&r.view, &r.replay, &f, &r.drawing, *iteration))
            }
            _ => Looks::of(Vec::<SearchMark>::new()),
        },
    )
}

/// Each cell's mark at `step`, and the path found, for a grid's search.
#[hook]
pub(super) fn use_grid_marks(
    recorded: &Option<Rc<Recorded>>,
    frame: &Option<Rc<SearchFrame>>,
    grid: &Option<Rc<Grid>>,
    step: usize,
) -> Rc<Option<GridMarks>> {
    let rec_id = same_opt(recorded);
    let (recorded, frame, grid) = (recorded.clone(), frame.clone(), grid.clone());
    use_memo((rec_id, step, same_opt(&grid)), move |_| {
        match (recorded, frame, grid) {
            (Some(r), Some(f), Some(g)) => Some(grid_marks(&r, &f, &g)),
            _ => None,
        }
    })
}

/// A grid's cell marks in frame `f`, and the cells of its path.
fn grid_marks(r: &Recorded, f: &SearchFrame, g: &Grid) -> GridMarks {
    let marks = cell_marks(&r.view, f, g.width(), g.height());
    let path: Vec<usize> = f
        .path
        .iter()
        .filter_map(|&id| match r.view.nodes.get(id as usize)?.state {
            StateView::Cell { x, y } => Some(y as usize * g.width() + x as usize),
            _ => None,
        })
        .collect();
    (Rc::new(marks), Rc::new(path))
}

/// The grid's search at `step` in words, for screen readers (empty without one).
pub(super) fn grid_status(step: usize, grid_marks: &Option<GridMarks>) -> String {
    match grid_marks {
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
    }
}

/// The caption of the step on show, the whole path found when the caption summarises it, and
/// the pseudocode's line it is at.
pub(super) fn caption_and_line(
    state: &State,
    recorded: &Option<Rc<Recorded>>,
    frame: &Option<Rc<SearchFrame>>,
    step: usize,
) -> (String, Option<String>, Option<usize>) {
    let (Some(r), Some(f)) = (recorded, frame) else {
        return (String::new(), None, None);
    };
    let label = |id: u64| {
        r.drawing
            .label(id as usize, &r.view.nodes[id as usize].state)
    };
    let status = match &state.run {
        Run::Done(s) => Some(&s.status),
        _ => None,
    };
    let text = caption(&r.view, &r.replay, f, step, &label, status, r.costs);
    let whole = whole_path(f, &label);
    let settings = &state.settings;
    // The last step of a search that found nothing and had nothing left is at the line that
    // returns failure.
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
    (text, whole, line)
}

/// Nodes generated in all: the finished run's count, or while it runs, what it said or what
/// was recorded, whichever is more.
pub(super) fn nodes_in_all(run: &Run, recorded_nodes: usize) -> u64 {
    match run {
        Run::Done(s) => s.stats.generated,
        Run::Running(g, ..) | Run::Stopped(g) => (*g).max(recorded_nodes as u64),
        _ => recorded_nodes as u64,
    }
}

/// The export menu's trace of the recorded search, as JSON (its code is fetched the first
/// time it is asked for: [`super::search_trace`]).
#[hook]
pub(super) fn use_trace(
    recorded: &Option<Rc<Recorded>>,
    settings: &Settings,
    run: &Run,
) -> TraceJson {
    let recorded = recorded.clone();
    let summary = match run {
        Run::Done(s) => Some(s.clone()),
        _ => None,
    };
    use_callback(
        (same_opt(&recorded), settings.clone(), summary.is_some()),
        move |_: (), (_, settings, _)| {
            let (settings, recorded, summary) =
                (settings.clone(), recorded.clone(), summary.clone());
            Box::pin(async move {
                match super::search_trace().await {
                    Ok(trace) => trace(&settings, &recorded, summary.as_deref()),
                    Err(_) => "{\"error\": \"the trace's code could not be fetched\"}".into(),
                }
            }) as std::pin::Pin<Box<dyn std::future::Future<Output = String>>>
        },
    )
}

/// [`trace`]'s type.
pub(crate) type TraceFn = fn(&Settings, &Option<Rc<Recorded>>, Option<&SearchSummary>) -> String;

/// The trace of `recorded`, searched with `settings`, as JSON (`{}` without a record).
pub(crate) fn trace(
    settings: &Settings,
    recorded: &Option<Rc<Recorded>>,
    summary: Option<&SearchSummary>,
) -> String {
    let mut route = Route::new(View::Search);
    settings.to_route(&mut route);
    let Some(r) = recorded else {
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
        summary,
    })
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
