//! The alpha-beta stepper: pick a tree, step the search node by node, read why.

mod inputs;
mod panels;
pub(crate) mod practice;

use crate::components::export::ExportMenu;
use crate::components::legend::Legend;
use arbor_app::url::UrlSettings;
pub(crate) use inputs::{GamePanelNow, GamePanelProps, LeafEditorNow, LeafEditorProps};
use inputs::{TreeInput, TreeTools};
pub(crate) use panels::{CompareBodyNow, CompareProps};
use panels::{ComparePanel, StatsTable};

use std::cell::RefCell;
use std::rc::Rc;

use arbor_game::{Fail, GameTree, NodeId, RootPlayer};
use yew::prelude::*;

use arbor_app::alphabeta::page::{Action, State};

use crate::components::controls::{Control, StepControls};
use crate::components::export::to_json;
use crate::components::pseudocode::Pseudocode;
use crate::components::tree_view::{next_revision, search_focus, DrawingId, Looks, TreeView};
use crate::store::Store;
use arbor_app::alphabeta;
use arbor_app::alphabeta::{
    caption::caption, pseudocode, view::StepView, Algorithm, Perspective, Run, Settings, Source,
};
use arbor_app::route::{Route, View};
use arbor_app::same::Same;
use arbor_app::scene::{NodeMark, Scene};

/// Props of [`AlphaBeta`].
#[derive(Properties, PartialEq)]
pub struct AlphaBetaProps {
    /// The route it was opened with.
    pub route: Route,
}

/// The alpha-beta stepper page.
#[component]
pub fn AlphaBeta(props: &AlphaBetaProps) -> Html {
    crate::renders::count("AlphaBeta");
    let state = crate::page::use_stepped_page::<State>(&props.route);
    let dispatch = state.dispatcher();

    let run = state.run.clone();
    // While a game's search is being recorded, the step asked for waits for it.
    let step = state.settings.step.min(state.run.replay.len());
    let tree = state.tree.clone();
    let scene = use_tree_scene(&state);
    let perspective = if run.algorithm == Algorithm::Negamax {
        Perspective::Mover
    } else {
        Perspective::Max
    };
    let (view, looks) = use_step_looks(&run, step, perspective, state.game.is_none());
    let held = view.borrow();
    let frame = held.as_ref().expect("a step view").frame();
    let text = caption(&run.replay, run.algorithm, step, frame, perspective);
    let handlers = use_handlers(&dispatch, &run, &state.settings);
    let drawn = TreeShown {
        scene,
        looks,
        title: tree_title(&tree, &run, step),
        focus: search_focus(frame.finished, &frame.principal, frame.current),
        answer: frame.finished,
    };

    html! {
        <section class="page stepper">
            <h1>{ if state.game.is_some() || state.loading { "The search behind a move" } else { "Alpha-beta stepper" } }</h1>
            { for state.notices.iter().map(|n| html! { <p class="notice" role="alert">{ n.clone() }</p> }) }
            <div class="stepper-grid">
                { inputs(&state, &dispatch) }
                <div class="main">
                    <StepControls step={step} len={run.replay.len()} playing={state.playing} speed={state.speed} on={handlers.on_control.clone()} />
                    <p class="caption" role="status" aria-live="polite" aria-atomic="true">{ text }</p>
                    if let Some(id) = state.editing {
                        <LeafEditor node={id} tree={tree.clone()} dispatch={dispatch.clone()} />
                    }
                    { tree_or_loading(&state, drawn, &handlers, &dispatch) }
                    <Legend perspective={perspective} players={tree.players()} />
                </div>
                <aside class="explain" aria-label="Explanation">
                    <Pseudocode lines={pseudocode::listing(run.algorithm)} current={pseudocode::line_at(&run, step)} title={run.algorithm.title()} />
                    <StatsTable run={run.clone()} now={frame.stats} />
                </aside>
            </div>
            { compare(&state, &dispatch) }
        </section>
    }
}

/// The scene of the tree as drawn (folded nodes left out, a game's positions as pictures),
/// made again only when the tree or the folds change.
#[hook]
fn use_tree_scene(state: &State) -> Rc<Scene> {
    let pictures = state.game.as_ref().map(|g| g.pictures.clone());
    let scene = use_memo(
        (state.tree.clone(), state.collapsed.clone()),
        move |(tree, collapsed)| {
            let folded = |key: usize| collapsed.contains(&NodeId(key as u32));
            Rc::new(match &pictures {
                Some(p) if p.len() == tree.len() => Scene::of_game(tree, &folded, p),
                _ => Scene::of_visible(tree, &folded),
            })
        },
    );
    (*scene).clone()
}

/// The step view kept across renders, moved to `step`, and the looks of the nodes there.
#[hook]
fn use_step_looks(
    run: &Rc<Run>,
    step: usize,
    perspective: Perspective,
    known_leaves: bool,
) -> (Rc<RefCell<Option<StepView>>>, Looks<NodeMark>) {
    // The frame at this step, kept by a cursor that moves a step at a time (a step costs what
    // it changes), and the nodes whose looks changed since the last render. The view holds the
    // run it follows: a new run is told by identity, never by an address the old one freed.
    let view: Rc<RefCell<Option<StepView>>> = use_mut_ref(|| None);
    let changed = {
        let mut v = view.borrow_mut();
        let v = v.get_or_insert_with(|| StepView::new(run.clone()));
        v.seek(run, step)
    };
    let looks = {
        let view = view.clone();
        use_memo((Same::of(run), step, perspective), move |(_, _, p)| {
            let p = *p;
            Looks {
                get: Rc::new(move |k: usize| {
                    view.borrow()
                        .as_ref()
                        .expect("a step view")
                        .mark(k, p, known_leaves)
                }),
                revision: next_revision(),
                changed: changed.map(Rc::new),
            }
        })
    };
    (view, (*looks).clone())
}

/// The page's callbacks for the controls, the tree's nodes and the trace export.
struct Handlers {
    on_control: Callback<Control>,
    on_leaf: Callback<usize>,
    on_inner: Callback<usize>,
    on_trace: crate::components::export::TraceJson,
}

/// The callbacks, made once: a new callback is a new prop, and would redraw every node.
#[hook]
fn use_handlers(
    dispatch: &UseReducerDispatcher<Store<State>>,
    run: &Rc<Run>,
    settings: &Settings,
) -> Handlers {
    let on_control = {
        let d = dispatch.clone();
        use_callback((), move |c, _| d.dispatch(Action::Control(c)))
    };
    let on_leaf = {
        let d = dispatch.clone();
        use_callback((), move |key: usize, _| {
            d.dispatch(Action::EditLeaf(Some(NodeId(key as u32))))
        })
    };
    let on_inner = {
        let d = dispatch.clone();
        use_callback((), move |key: usize, _| {
            d.dispatch(Action::ToggleCollapse(NodeId(key as u32)))
        })
    };
    let on_trace = {
        let run = run.clone();
        use_callback(
            (Same::of(&run), settings.clone()),
            move |_: (), (_, settings)| {
                let (run, settings) = (run.clone(), settings.clone());
                Box::pin(async move {
                    match alphabeta_trace().await {
                        Ok(trace) => trace(&run, &settings),
                        Err(_) => "{\"error\": \"the trace's code could not be fetched\"}".into(),
                    }
                }) as std::pin::Pin<Box<dyn std::future::Future<Output = String>>>
            },
        )
    };
    Handlers {
        on_control,
        on_leaf,
        on_inner,
        on_trace,
    }
}

crate::later::later_part! {
    alphabeta_tools;
    components {
        game_panel => GamePanel(GamePanelProps, seen: false) =
            |p| html! { <GamePanelNow ..p.clone() /> };
        compare_body => CompareBody(CompareProps, seen: true) =
            |p| html! { <CompareBodyNow ..p.clone() /> };
        leaf_editor => LeafEditor(LeafEditorProps, seen: false) =
            |p| html! { <LeafEditorNow ..p.clone() /> };
    }
    code {
        alphabeta_trace -> fn(&Run, &Settings) -> String = trace_json;
    }
}

/// The export menu's trace of `run`, searched with `settings`, as JSON (its code is fetched
/// the first time it is asked for: [`alphabeta_trace`]).
pub(crate) fn trace_json(run: &Run, settings: &Settings) -> String {
    let mut route = Route::new(View::AlphaBeta);
    settings.to_route(&mut route);
    let export = alphabeta::trace_export(run, settings.ordering, settings.depth, route.to_link());
    to_json(&export)
}

/// The tree view's title: its size, the algorithm and the step.
fn tree_title(tree: &GameTree, run: &Run, step: usize) -> String {
    format!(
        "Game tree of {} nodes searched by {}; step {} of {}",
        tree.len(),
        run.algorithm.title(),
        step,
        run.replay.len()
    )
}

/// What the tree view draws at this step.
struct TreeShown {
    scene: Rc<Scene>,
    looks: Looks<NodeMark>,
    title: String,
    /// The node the search is at (at the end, the last node of the answer path).
    focus: Option<usize>,
    /// The search is over: the focus node's whole path is kept in view.
    answer: bool,
}

/// The side panel of inputs: the game searched, or the tree's form.
fn inputs(state: &State, dispatch: &UseReducerDispatcher<Store<State>>) -> Html {
    let tree = &state.tree;
    html! {
        <aside class="inputs" aria-label="Tree and search">
            if let Source::Game(source) = &state.settings.source {
                <GamePanel source={source.clone()} depth={state.settings.depth.unwrap_or(1)} algorithm={state.run.algorithm}
                    recorded={state.game.as_ref().map(|g| (g.recorded, g.omitted, g.skipped))} nodes={tree.len()}
                    loading={state.loading} dispatch={dispatch.clone()} />
            } else {
                // Without the step: the form (and its text box, which may hold a large
                // tree) is not redrawn as the search is stepped.
                <TreeInput state_settings={Settings { step: 0, ..state.settings.clone() }} text={state.text.clone()} nodes={tree.len()} error={state.text_error.clone()}
                    random={state.random} root_is_min={tree.root_player() == RootPlayer::Min} players={tree.players()}
                    dispatch={dispatch.clone()} />
            }
        </aside>
    }
}

/// The tree at this step with its tools, or a note while a game's search is being recorded.
fn tree_or_loading(
    state: &State,
    drawn: TreeShown,
    handlers: &Handlers,
    dispatch: &UseReducerDispatcher<Store<State>>,
) -> Html {
    let tree = &state.tree;
    let on_leaf = handlers.on_leaf.clone();
    html! {
        if state.loading {
            <p class="loading" role="status"><span class="spinner" aria-hidden="true"></span>{ "Recording the AI's search in the background…" }</p>
        } else {
            <TreeView<NodeMark> scene={drawn.scene} looks={drawn.looks} title={drawn.title}
                drawing={DrawingId::of(tree)} focus={drawn.focus} whole_path={drawn.answer} follows=true
                on_leaf={(tree.players() == 2 && state.game.is_none()).then_some(on_leaf)} on_inner={Some(handlers.on_inner.clone())}>
                <ExportMenu selector=".stepper .main svg.tree" name="arbor-tree" trace={Some(handlers.on_trace.clone())} />
                <TreeTools height={tree.height()} collapsed={!state.collapsed.is_empty()} dispatch={dispatch.clone()} />
            </TreeView<NodeMark>>
        }
    }
}

/// The comparison of move orders, below a two-player tree of its own (not a game's).
fn compare(state: &State, dispatch: &UseReducerDispatcher<Store<State>>) -> Html {
    let tree = &state.tree;
    let fail = if state.run.algorithm == Algorithm::AlphaBetaHard {
        Fail::Hard
    } else {
        Fail::Soft
    };
    html! {
        if tree.players() == 2 && state.game.is_none() && !state.loading {
            <ComparePanel tree={Same::of(tree)} open={state.compare} fail={fail}
                depth={state.settings.depth} dispatch={dispatch.clone()} />
        }
    }
}
