//! The search visualiser: pick a problem and a search, watch the search tree grow step by
//! step with its frontier and explored set, and compare the searches.

mod blocks_editor;
pub(crate) mod compare;
mod editors;
mod grid_editor;
pub(crate) mod maps;
mod panels;
pub(crate) use panels::RunStatus;
pub(crate) mod practice;
mod puzzle_editor;
mod shown;
use shown::{trace as trace_json, TraceFn};

// What the default view (a graph) does not need: the other problems' editors, the grid, the
// comparison below the fold (fetched once scrolled into view), the export menu's trace, and the
// benchmark maps page (`#/maps`, drawn from here).
crate::later::later_part! {
    search_tools;
    components {
        compare_section => Compare(compare::CompareProps, seen: true) =
            |p| html! { <compare::CompareNow ..p.clone() /> };
        puzzle_panel => PuzzleEditor(puzzle_editor::PuzzleEditorProps, seen: false) =
            |p| html! { <puzzle_editor::PuzzleEditorNow ..p.clone() /> };
        blocks_panel => BlocksEditor(blocks_editor::BlocksEditorProps, seen: false) =
            |p| html! { <blocks_editor::BlocksEditorNow ..p.clone() /> };
        grid_panel => GridSettings(grid_editor::GridSettingsProps, seen: false) =
            |p| html! { <grid_editor::GridSettingsNow ..p.clone() /> };
        grid_canvas => GridBoard(grid_editor::GridBoardProps, seen: false) =
            |p| html! { <grid_editor::GridBoardNow ..p.clone() /> };
        maps_page => MapsPage(maps::MapsProps, seen: false) =
            |p| html! { <maps::Maps ..p.clone() /> };
    }
    code {
        search_trace -> TraceFn = trace_json;
    }
}

use std::rc::Rc;

use arbor_search::replay::SearchFrame;
use yew::prelude::*;

pub use arbor_app::search::page::{status_words, Action, Recorded, Run, State};

use crate::components::controls::{Control, StepControls};
use crate::components::export::ExportMenu;
use crate::components::pseudocode::Pseudocode;
use crate::components::tree_view::{DrawingId, Looks, TreeView};
use crate::store::Store;
use arbor_app::route::Route;
use arbor_app::scene::Scene;
use arbor_app::search::caption::listing;
use arbor_app::search::tree_scene::shown_current;
use arbor_app::search::{CostUnit, GridSpec, Problem, SearchMark, Settings};

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
    use_search_worker(&state, &dispatch);
    let handlers = use_handlers(&state, &dispatch);
    let on_stop = {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Stop))
    };
    let step = state.settings.step;
    let recorded = state.recorded.clone();
    let frame = shown::use_frame(&recorded, step);
    let iteration = shown::iteration_shown(&frame, &recorded);
    let grid = shown::use_grid(&state.settings.problem);
    let tree_shown = grid.is_none();
    let scene = shown::use_scene(&recorded, iteration, &state.folded, tree_shown);
    let looks = shown::use_looks(&recorded, &frame, step, iteration, tree_shown);
    let grid_marks = shown::use_grid_marks(&recorded, &frame, &grid, step);
    let (text, whole_path, current_line) = shown::caption_and_line(&state, &recorded, &frame, step);
    let recorded_nodes = recorded.as_ref().map_or(0, |r| r.view.nodes.len());
    let costs = CostUnit::of(&state.settings.problem);
    let step_view = recorded.clone().map(|recorded| StepView {
        recorded,
        frame: (*frame).clone(),
        scene: (*scene).clone(),
        looks: (*looks).clone(),
        text,
        whole_path,
        tree_shown,
        total: shown::nodes_in_all(&state.run, recorded_nodes),
    });
    html! {
        <section class="page stepper search-view">
            <style>{ include_str!("grid.css") }</style>
            <h1>{ "Search, step by step" }</h1>
            { notices(&state) }
            <div class="stepper-grid search-grid">
                <aside class="choice" aria-label="Problem and search">
                    { editors::choice(&state.settings, &state.text, &dispatch) }
                </aside>
                <aside class="inputs" aria-label="The problem and the search's options">
                    <editors::ProblemPanel settings={state.settings.clone()} text={state.text.clone()}
                        error={state.problem_error.clone()} heuristic={state.heuristic.clone()} dispatch={dispatch.clone()} />
                </aside>
                <div class="main">
                    <panels::RunStatus run={state.run.clone()} recorded={recorded_nodes} costs={costs} on_stop={on_stop} />
                    if let Some(view) = &step_view {
                        { stepped(&state, view, &handlers) }
                    }
                    if let Problem::Grid(spec) = &state.settings.problem {
                        { grid_view(spec, &dispatch, &grid_marks, shown::grid_status(step, &grid_marks)) }
                    }
                    if let Run::Done(summary) = &state.run {
                        <panels::Solution summary={(**summary).clone()} problem={state.settings.problem.clone()} costs={costs} />
                    }
                </div>
                { explain(&state.settings, &recorded, &frame, current_line) }
            </div>
            <Compare problem={state.settings.problem.clone()} mode={state.settings.mode} />
        </section>
    }
}

/// The page's worker: a new one for every run; Stop terminates it.
#[hook]
fn use_search_worker(state: &State, dispatch: &UseReducerDispatcher<Store<State>>) {
    crate::worker::use_worker_runs(
        state.run_id,
        state.request(),
        matches!(state.run, Run::Stopped(_)),
        dispatch
            .to_callback()
            .reform(|(id, m)| Action::Worker(id, m)),
    );
}

/// The callbacks of the step controls, the tree's folds and the export menu's trace.
#[hook]
fn use_handlers(state: &State, dispatch: &UseReducerDispatcher<Store<State>>) -> Handlers {
    let control = {
        let d = dispatch.clone();
        use_callback((), move |c, _| d.dispatch(Action::Control(c)))
    };
    let fold = {
        let d = dispatch.clone();
        use_callback((), move |key: usize, _| d.dispatch(Action::Fold(key)))
    };
    let trace = shown::use_trace(&state.recorded, &state.settings, &state.run);
    Handlers {
        control,
        fold,
        trace,
        dispatch: dispatch.clone(),
    }
}

/// The recorded search at the step on show, as the main column draws it.
struct StepView {
    recorded: Rc<Recorded>,
    frame: Option<Rc<SearchFrame>>,
    scene: Option<Rc<Scene>>,
    looks: Looks<SearchMark>,
    /// The caption.
    text: String,
    /// The whole path found, when the caption summarises it.
    whole_path: Option<String>,
    /// Whether the tree is drawn (a grid's search is drawn on the grid instead).
    tree_shown: bool,
    /// Nodes generated in all.
    total: u64,
}

/// Where the main column's controls send what they are asked.
struct Handlers {
    control: Callback<Control>,
    fold: Callback<usize>,
    trace: crate::components::export::TraceJson,
    dispatch: UseReducerDispatcher<Store<State>>,
}

/// What a link got wrong, and a change of search a new kind of problem made.
fn notices(state: &State) -> Html {
    html! {
        <>
            { for state.notices.iter().map(|n| html! { <p class="notice" role="alert">{ n.clone() }</p> }) }
            if let Some(n) = &state.switched {
                <p class="notice switched" role="status">{ n.clone() }</p>
            }
        </>
    }
}

/// The step controls, the caption, and the tree with its tools and legend.
fn stepped(state: &State, view: &StepView, on: &Handlers) -> Html {
    let drawn = view.scene.as_ref().map_or(0, |s| s.nodes.len());
    html! {
        <>
            <StepControls step={state.settings.step} len={state.steps()} playing={state.playing} speed={state.speed} on={on.control.clone()} />
            <p class="caption" role="status" aria-live="polite" aria-atomic="true">{ view.text.clone() }</p>
            if let Some(path) = &view.whole_path {
                <details class="whole-path">
                    <summary>{ "Show the whole path" }</summary>
                    <p class="path-text">{ path.clone() }</p>
                </details>
            }
            if view.tree_shown {
                <panels::TreeTools levels={state.levels} drawn={drawn} total={view.total} dispatch={on.dispatch.clone()} />
            }
            if let Some(scene) = &view.scene {
                { tree(state, view, scene, on) }
            }
            if view.tree_shown {
                <panels::Legend informed={state.settings.algorithm.informed()} />
            }
        </>
    }
}

/// The search tree drawn, with its export menu.
fn tree(state: &State, view: &StepView, scene: &Rc<Scene>, on: &Handlers) -> Html {
    let (r, step) = (&view.recorded, state.settings.step);
    let current = view.frame.as_ref().and_then(|f| f.current);
    html! {
        <TreeView<SearchMark> scene={scene.clone()} looks={view.looks.clone()}
            drawing={DrawingId::of(r)} focus={shown_current(r, scene, current)} follows=true
            title={format!("Search tree of {} by {}; step {step} of {}", problem_name(&state.settings.problem), r.replay.algorithm().title(), r.replay.len())}
            on_inner={Some(on.fold.clone())}>
            <ExportMenu selector=".search-view .main svg.tree" name="arbor-search" trace={Some(on.trace.clone())} />
        </TreeView<SearchMark>>
    }
}

/// The grid, drawn on and searched, and its legend.
fn grid_view(
    spec: &GridSpec,
    dispatch: &UseReducerDispatcher<Store<State>>,
    grid_marks: &Option<shown::GridMarks>,
    status: String,
) -> Html {
    html! {
        <div class="grid-view">
            <GridBoard spec={spec.clone()} dispatch={dispatch.clone()}
                marks={grid_marks.as_ref().map(|m| m.0.clone())} path={grid_marks.as_ref().map(|m| m.1.clone())}
                status={status} />
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
}

/// The explanation column: the pseudocode at the step's line, and the search's lists.
fn explain(
    settings: &Settings,
    recorded: &Option<Rc<Recorded>>,
    frame: &Option<Rc<SearchFrame>>,
    current_line: Option<usize>,
) -> Html {
    html! {
        <aside class="explain" aria-label="Explanation">
            <Pseudocode lines={listing(settings.algorithm, settings.mode, settings.limited())} current={current_line} title={settings.algorithm.title()} />
            if let (Some(r), Some(f)) = (recorded, frame) {
                <panels::Lists recorded={r.clone()} frame={f.clone()} />
            }
        </aside>
    }
}

/// The problem in the tree's title.
fn problem_name(problem: &Problem) -> String {
    match problem {
        Problem::Graph { .. } => "the tree or graph".into(),
        Problem::Puzzle { rows, cols, .. } => format!("the {}-puzzle", rows * cols - 1),
        Problem::Blocks { .. } => "the blocks world".into(),
        Problem::Grid(_) => "the grid".into(),
    }
}
