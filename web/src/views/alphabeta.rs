//! The alpha-beta stepper: pick a tree, step the search node by node, read why.

use std::cell::RefCell;
use std::rc::Rc;

use arbor_game::presets::PRESETS;
use arbor_game::replay::Cursor;
use arbor_game::{Fail, GameTree, NodeId, Ordering, RandomSpec, RootPlayer};
use yew::prelude::*;

use crate::store::Store;
use arbor_app::pages::alphabeta::{Action, State};

use crate::components::controls::{on_select, use_play_timer, use_step_keys, StepControls};
use crate::components::export::{to_json, ExportMenu};
use crate::components::pseudocode::Pseudocode;
use crate::components::tree_svg::TreeSvg;
use crate::components::tree_view::{Looks, TreeView};
use crate::worker::SearchWorker;
use arbor_app::route::{Route, View};
use arbor_app::scene::{NodeMark, Scene};
use arbor_app::stepper::{
    self, caption::caption, ordering_key, ordering_title, pseudocode, Algorithm, GameSource,
    OrderResult, Perspective, Run, Settings, Source,
};
use arbor_app::worker_api::{FromWorker, ToWorker};

/// Props of [`AlphaBeta`].
#[derive(Properties, PartialEq)]
pub struct AlphaBetaProps {
    /// The route it was opened with.
    pub route: Route,
}

/// The alpha-beta stepper page.
#[component]
pub fn AlphaBeta(props: &AlphaBetaProps) -> Html {
    let state = {
        let route = props.route.clone();
        use_reducer(move || Store::new(State::new(&route)))
    };
    let dispatch = state.dispatcher();

    // The URL follows the settings, so any view can be shared and reloaded.
    {
        let settings = state.settings.clone();
        use_effect_with(settings, |settings| {
            let mut route = Route::new(View::AlphaBeta);
            settings.to_route(&mut route);
            crate::url::replace_url(&route);
        });
    }
    // The search behind a game move is recorded in the worker (it may be long).
    {
        let dispatch = dispatch.clone();
        let request = match (&state.settings.source, state.loading) {
            (Source::Game(g), true) => Some(ToWorker::Explain {
                request: g.request(
                    state.settings.depth.unwrap_or(1),
                    arbor_app::play::ai::RECORD_LIMIT,
                ),
                o_first: g.o_first,
            }),
            _ => None,
        };
        let worker = use_mut_ref(|| None::<SearchWorker>);
        use_effect_with((), move |_| {
            if let Some(request) = request {
                let d = dispatch.clone();
                // The worker stays until the page closes (it is idle once it has answered).
                let spawned = SearchWorker::spawn(Callback::from(move |m: FromWorker| match m {
                    FromWorker::Explained(view) => d.dispatch(Action::GameLoaded(view)),
                    FromWorker::Failed(e) => d.dispatch(Action::GameFailed(e)),
                    _ => {}
                }));
                match spawned {
                    Ok(w) => {
                        if let Err(e) = w.send(&request) {
                            dispatch.dispatch(Action::GameFailed(e));
                        }
                        *worker.borrow_mut() = Some(w);
                    }
                    Err(e) => dispatch.dispatch(Action::GameFailed(e)),
                }
            }
        });
    }
    // Playing: one step per tick.
    use_play_timer(
        state.playing,
        state.speed,
        dispatch.to_callback().reform(|()| Action::Tick),
    );
    // Keys: ← → Space Home End, unless the focus needs them.
    use_step_keys(dispatch.to_callback().reform(Action::Control));

    let run = state.run.clone();
    // While a game's search is being recorded, the step asked for waits for it.
    let step = state.settings.step.min(state.run.replay.len());
    let tree = state.tree.clone();
    let collapsed = state.collapsed.clone();
    let pictures = state.game.as_ref().map(|g| g.pictures.clone());
    let scene = use_memo(
        (tree.clone(), collapsed.clone()),
        move |(tree, collapsed)| {
            let folded = |key: usize| collapsed.contains(&NodeId(key as u32));
            Rc::new(match &pictures {
                Some(p) if p.len() == tree.len() => Scene::of_game(tree, &folded, p),
                _ => Scene::of_visible(tree, &folded),
            })
        },
    );
    let perspective = if run.algorithm == Algorithm::Negamax {
        Perspective::Mover
    } else {
        Perspective::Max
    };
    // A run is a new `Rc` whenever it changes: memoise on its identity.
    let run_id = Rc::as_ptr(&run) as usize;
    // The frame at this step, kept by a cursor that moves a step at a time (a step costs what
    // it changes), and the nodes whose looks changed since the last render.
    let cursor: Rc<RefCell<Option<(usize, Cursor)>>> = use_mut_ref(|| None);
    let changed = {
        let mut c = cursor.borrow_mut();
        if c.as_ref().is_none_or(|(id, _)| *id != run_id) {
            *c = Some((run_id, Cursor::new(&run.replay)));
        }
        let (_, cur) = c.as_mut().expect("a cursor");
        let before = stepper::highlighted(cur.frame());
        cur.seek(&run.replay, step);
        let mut changed: Vec<usize> = cur.take_changed().iter().map(|n| n.index()).collect();
        changed.extend(before.into_iter().chain(stepper::highlighted(cur.frame())));
        changed
    };
    let known_leaves = state.game.is_none();
    let looks = {
        let (run, cursor) = (run.clone(), cursor.clone());
        let changed = Rc::new(changed);
        use_memo((run_id, step, perspective), move |(_, _, p)| {
            let p = *p;
            Looks {
                get: Rc::new(move |k: usize| {
                    let c = cursor.borrow();
                    let frame = c.as_ref().expect("a cursor").1.frame();
                    stepper::mark_of(run.replay.tree(), frame, k, p, known_leaves)
                }),
                revision: (run_id as u64).wrapping_mul(0x9E37_79B9)
                    ^ (step as u64)
                    ^ ((p as u64) << 62),
                changed: Some(changed),
            }
        })
    };
    let held = cursor.borrow();
    let frame = held.as_ref().expect("a cursor").1.frame();
    let text = caption(&run.replay, run.algorithm, step, frame, perspective);
    let line = pseudocode::line_at(&run, step);

    // Callbacks made once: a new callback is a new prop, and would redraw every node.
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
            (run_id, state.settings.clone()),
            move |_: (), (_, settings)| {
                let mut route = Route::new(View::AlphaBeta);
                settings.to_route(&mut route);
                let export =
                    stepper::trace_export(&run, settings.ordering, settings.depth, route.to_link());
                to_json(&export)
            },
        )
    };
    let title = format!(
        "Game tree of {} nodes searched by {}; step {} of {}",
        tree.len(),
        run.algorithm.title(),
        step,
        run.replay.len()
    );

    html! {
        <section class="page stepper">
            <h1>{ if state.game.is_some() || state.loading { "The search behind a move" } else { "Alpha-beta stepper" } }</h1>
            { for state.notices.iter().map(|n| html! { <p class="notice" role="alert">{ n.clone() }</p> }) }
            <div class="stepper-grid">
                <aside class="inputs" aria-label="Tree and search">
                    if let Source::Game(source) = &state.settings.source {
                        <GamePanel source={source.clone()} depth={state.settings.depth.unwrap_or(1)} algorithm={run.algorithm}
                            recorded={state.game.as_ref().map(|g| (g.recorded, g.omitted, g.skipped))} nodes={tree.len()} />
                    } else {
                        // Without the step: the form (and its text box, which may hold a large
                        // tree) is not redrawn as the search is stepped.
                        <TreeInput state_settings={Settings { step: 0, ..state.settings.clone() }} text={state.text.clone()} nodes={tree.len()} error={state.text_error.clone()}
                            random={state.random} root_is_min={tree.root_player() == RootPlayer::Min} players={tree.players()}
                            dispatch={dispatch.clone()} />
                    }
                </aside>
                <div class="main">
                    <StepControls step={step} len={run.replay.len()} playing={state.playing} speed={state.speed} on={on_control} />
                    <p class="caption" role="status" aria-live="polite" aria-atomic="true">{ text }</p>
                    if let Some(id) = state.editing {
                        <LeafEditor node={id} tree={tree.clone()} dispatch={dispatch.clone()} />
                    }
                    if state.loading {
                        <p class="loading" role="status"><span class="spinner" aria-hidden="true"></span>{ "Recording the AI's search in the background…" }</p>
                    } else {
                        <TreeView<NodeMark> scene={(*scene).clone()} looks={(*looks).clone()} title={title}
                            drawing={Rc::as_ptr(&tree) as usize as u64} focus={frame.current.map(|n| n.index())} follows=true
                            on_leaf={(tree.players() == 2 && state.game.is_none()).then_some(on_leaf)} on_inner={Some(on_inner)}>
                            <ExportMenu selector=".stepper .main svg.tree" name="arbor-tree" trace={Some(on_trace)} />
                            <TreeTools height={tree.height()} collapsed={!state.collapsed.is_empty()} dispatch={dispatch.clone()} />
                        </TreeView<NodeMark>>
                    }
                    <Legend perspective={perspective} players={tree.players()} />
                </div>
                <aside class="explain" aria-label="Explanation">
                    <Pseudocode lines={pseudocode::listing(run.algorithm)} current={line} title={run.algorithm.title()} />
                    <StatsTable run={run.clone()} now={frame.stats} />
                </aside>
            </div>
            if tree.players() == 2 && state.game.is_none() && !state.loading {
                <ComparePanel tree={tree.clone()} open={state.compare} fail={if run.algorithm == Algorithm::AlphaBetaHard { Fail::Hard } else { Fail::Soft }}
                    depth={state.settings.depth} dispatch={dispatch.clone()} />
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct TreeInputProps {
    state_settings: Settings,
    text: Option<String>,
    /// The tree's size.
    nodes: usize,
    error: Option<String>,
    random: RandomSpec,
    root_is_min: bool,
    players: usize,
    dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
fn TreeInput(props: &TreeInputProps) -> Html {
    let s = &props.state_settings;
    let d = props.dispatch.clone();
    let on_preset = on_select(&d, |v| {
        PRESETS
            .iter()
            .find(|p| p.id == v)
            .map(|p| Action::Preset(p.id))
    });
    let on_algo = on_select(&d, |v| Algorithm::from_key(v).map(Action::Algorithm));
    let on_order = on_select(&d, |v| {
        Ordering::ALL
            .into_iter()
            .find(|o| ordering_key(*o) == v)
            .map(Action::Ordering)
    });
    let on_depth = on_select(&d, |v| Some(Action::Depth(v.parse().ok())));
    let on_root = on_select(&d, |v| Some(Action::MinRoot(v == "min")));
    let on_text = {
        let d = d.clone();
        Callback::from(move |e: InputEvent| {
            let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            d.dispatch(Action::Text(area.value()));
        })
    };
    let random = props.random;
    let field = |label: &'static str, value: i64, set: fn(&mut RandomSpec, i64)| {
        let d = d.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Ok(v) = input.value().parse::<i64>() {
                let mut spec = random;
                set(&mut spec, v);
                d.dispatch(Action::RandomForm(spec));
            }
        });
        html! {
            <label>{ label }<input type="number" value={value.to_string()} {oninput} /></label>
        }
    };
    let on_generate = d.to_callback().reform(|_: MouseEvent| Action::Generate);
    let on_new_seed = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| {
            let mut spec = random;
            spec.seed = arbor_game::mix64(spec.seed.wrapping_add(1)) % 100_000;
            d.dispatch(Action::RandomForm(spec));
            d.dispatch(Action::Generate);
        })
    };
    let preset_id = match &s.source {
        Source::Preset(id) => *id,
        _ => "",
    };
    let error_id = "tree-text-error";
    html! {
        <>
            <h2>{ "Tree" }</h2>
            <label class="stack">{ "Example from the course notes" }
                <select onchange={on_preset} aria-label="Example tree">
                    <option value="" selected={preset_id.is_empty()} disabled=true>{ "Choose an example…" }</option>
                    { for PRESETS.iter().map(|p| html! {
                        <option value={p.id} selected={p.id == preset_id} title={p.notes}>{ p.title }</option>
                    }) }
                </select>
            </label>
            if let Some(p) = PRESETS.iter().find(|p| p.id == preset_id) {
                <p class="hint">{ p.source }{ ": " }{ p.notes }</p>
            }
            <details class="random" open={matches!(s.source, Source::Random(_))}>
                <summary>{ "Random tree" }</summary>
                <div class="random-grid">
                    { field("Depth", random.depth.into(), |s, v| s.depth = v.clamp(0, 16) as u32) }
                    { field("Seed", random.seed as i64, |s, v| s.seed = v.max(0) as u64) }
                    { field("Fewest children", random.min_branching.into(), |s, v| s.min_branching = v.clamp(1, 20) as u32) }
                    { field("Most children", random.max_branching.into(), |s, v| s.max_branching = v.clamp(1, 20) as u32) }
                    { field("Lowest value", random.low.into(), |s, v| s.low = v.clamp(-999, 999) as i32) }
                    { field("Highest value", random.high.into(), |s, v| s.high = v.clamp(-999, 999) as i32) }
                    { field("Players", random.players.into(), |s, v| s.players = v.clamp(2, 6) as u32) }
                </div>
                <div class="row">
                    <button type="button" onclick={on_generate}>{ "Generate" }</button>
                    <button type="button" onclick={on_new_seed}>{ "New seed" }</button>
                </div>
            </details>
            if let Some(text) = &props.text {
                <label class="stack" for="tree-text">{ "Tree as text" }</label>
                <textarea id="tree-text" class={classes!("tree-text", props.error.is_some().then_some("invalid"))} rows="4" spellcheck="false"
                    aria-invalid={props.error.is_some().then_some("true")} aria-describedby={props.error.is_some().then_some(error_id)}
                    value={text.clone()} oninput={on_text} />
            } else {
                <p class="stack-title">{ "Tree as text" }</p>
                <p class="hint">{ format!("This tree has {} nodes: its text is long. ", props.nodes) }
                    <button type="button" onclick={props.dispatch.to_callback().reform(|_: MouseEvent| Action::WriteText)}>{ "Write it out" }</button>
                </p>
            }
            if let Some(e) = &props.error {
                <p id={error_id} class="error" role="alert">{ e.clone() }{ " — the last good tree stays drawn." }</p>
            } else {
                <p class="hint">{ "A leaf is a number, an inner node [child, child, …]. Start with “min” for MIN at the root; name nodes as B:[…]; click a leaf to change it." }</p>
            }
            <h2>{ "Search" }</h2>
            <label class="stack">{ "Algorithm" }
                <select onchange={on_algo} aria-label="Algorithm" disabled={props.players > 2}>
                    { for Algorithm::ALL.iter().filter(|a| (props.players > 2) == (**a == Algorithm::MaxN)).map(|a| html! {
                        <option value={a.key()} selected={*a == s.algorithm || props.players > 2}>{ a.title() }</option>
                    }) }
                </select>
            </label>
            if props.players == 2 {
                <label class="stack">{ "Move order" }
                    <select onchange={on_order} aria-label="Move order" disabled={!s.algorithm.prunes()}>
                        { for Ordering::ALL.iter().map(|o| html! {
                            <option value={ordering_key(*o)} selected={*o == s.ordering}>{ ordering_title(*o) }</option>
                        }) }
                    </select>
                </label>
                <label class="stack">{ "Root" }
                    <select onchange={on_root} aria-label="Player at the root">
                        <option value="max" selected={!props.root_is_min}>{ "MAX moves first" }</option>
                        <option value="min" selected={props.root_is_min}>{ "MIN moves first" }</option>
                    </select>
                </label>
            }
            <label class="stack">{ "Depth limit" }
                <select onchange={on_depth} aria-label="Depth limit">
                    <option value="" selected={s.depth.is_none()}>{ "None: search to the leaves" }</option>
                    { for (0..=8u32).map(|d| html! {
                        <option value={d.to_string()} selected={s.depth == Some(d)}>{ format!("{d} plies (evaluate there)") }</option>
                    }) }
                </select>
            </label>
        </>
    }
}

#[derive(Properties, PartialEq)]
struct GamePanelProps {
    source: GameSource,
    depth: u32,
    algorithm: Algorithm,
    /// Nodes recorded and nodes beyond the record, once loaded.
    recorded: Option<(usize, u64, u32)>,
    nodes: usize,
}

/// What the tree of a game's search is: the game, the position, the level, and a way back.
#[component]
fn GamePanel(props: &GamePanelProps) -> Html {
    let g = &props.source;
    let kind = g.rules.kind;
    let level = kind.level(&g.level).map_or("?", |l| l.title);
    let moves = g.rules.parse_moves(&g.moves).unwrap_or_default();
    html! {
        <>
            <h2>{ "Game" }</h2>
            <p>{ format!("{}: the AI's move after ", kind.title()) }
                if moves.is_empty() { { "no moves" } } else { { "the moves " }<code class="moves">{ g.moves.clone() }</code> }
            </p>
            <p>{ "Level: " }<strong>{ level }</strong></p>
            <p class="hint">{ {
                let names = kind.side_names();
                let (first, second) = if g.o_first { (names[1], names[0]) } else { (names[0], names[1]) };
                format!("▲ MAX is {first}, who moved first; ▼ MIN is {second}. Values are for MAX{}.",
                    match kind {
                        arbor_app::play::Kind::TicTacToe => ": a win is worth 10 less the marks on the board when it ends",
                        arbor_app::play::Kind::Connect4 if props.algorithm == Algorithm::Solver => ": the exact score, 22 less the winner's stones",
                        arbor_app::play::Kind::Connect4 => ": a win is worth 1000 and more; smaller values are the evaluation",
                        arbor_app::play::Kind::Nim => ": +1 or −1",
                    })
            } }</p>
            <p>{ "Search: " }<strong>{ props.algorithm.title() }</strong>
                { if props.algorithm == Algorithm::Solver { String::new() } else { format!(", to depth {}", props.depth) } }</p>
            <p class="hint">{ "This is the search that chose the move, replayed event for event: the same engine, seed and depth. Each node shows its position; the root is the position before the move." }</p>
            if let Some((recorded, omitted, skipped)) = props.recorded {
                <p class="hint">{ format!("{} positions drawn ({} entered by the search{}). Nodes start folded below the first level: click one to unfold it (or press Enter on it); stepping unfolds what the search reaches.",
                    props.nodes, recorded,
                    match (skipped, omitted) {
                        (0, 0) => String::new(),
                        (0, _) => format!("; {omitted} more beyond the first {recorded} are not recorded"),
                        (1, _) => format!("; the search's first iteration, {omitted} positions, is not drawn: the tree shows the last ones, which chose the move"),
                        (k, _) => format!("; its first {k} iterations, {omitted} positions, are not drawn: the tree shows the last ones, which chose the move"),
                    }) }</p>
            }
            <p><a href={g.play_route().to_hash()}>{ "← Back to the game at this position" }</a></p>
        </>
    }
}

#[derive(Properties, PartialEq)]
struct TreeToolsProps {
    height: u32,
    collapsed: bool,
    dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
fn TreeTools(props: &TreeToolsProps) -> Html {
    let d = &props.dispatch;
    let on_levels = on_select(d, |v| Some(Action::Levels(v.parse().ok())));
    html! {
        <span class="tree-tools">
            <label>{ "Show " }
                <select onchange={on_levels} aria-label="Levels shown">
                    <option value="" selected={!props.collapsed}>{ "all levels" }</option>
                    { for (1..props.height).map(|l| html! { <option value={l.to_string()}>{ format!("{l} levels") }</option> }) }
                </select>
            </label>
            <span class="hint">{ "Click an inner node to fold or unfold it." }</span>
        </span>
    }
}

#[derive(Properties, PartialEq)]
struct LeafEditorProps {
    node: NodeId,
    tree: Rc<GameTree>,
    dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
fn LeafEditor(props: &LeafEditorProps) -> Html {
    let input = use_node_ref();
    {
        let input = input.clone();
        use_effect_with(props.node, move |_| {
            if let Some(el) = input.cast::<web_sys::HtmlInputElement>() {
                let _ = el.focus();
                el.select();
            }
        });
    }
    let node = props.tree.node(props.node);
    let current = node.payoff.first().copied().unwrap_or(0);
    let error = use_state(|| None::<String>);
    let apply = {
        let input = input.clone();
        let d = props.dispatch.clone();
        let id = props.node;
        let error = error.clone();
        Callback::from(move |_: ()| {
            let Some(el) = input.cast::<web_sys::HtmlInputElement>() else {
                return;
            };
            match el.value().trim().replace('−', "-").parse::<i32>() {
                Ok(v) if v.abs() <= arbor_game::MAX_LEAF => d.dispatch(Action::SetLeaf(id, v)),
                _ => error.set(Some(format!(
                    "“{}” is not a whole number between −{} and {}.",
                    el.value(),
                    arbor_game::MAX_LEAF,
                    arbor_game::MAX_LEAF
                ))),
            }
        })
    };
    let onsubmit = {
        let apply = apply.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            apply.emit(());
        })
    };
    let onkeydown = {
        let d = props.dispatch.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                d.dispatch(Action::EditLeaf(None));
            }
        })
    };
    html! {
        <form class="leaf-editor" {onsubmit} {onkeydown} aria-label="Change a leaf's value">
            <label>{ format!("New value for leaf {}: ", node.label) }
                <input ref={input} type="text" inputmode="numeric" value={current.to_string()} size="6" />
            </label>
            <button type="submit">{ "Apply" }</button>
            <button type="button" onclick={props.dispatch.to_callback().reform(|_: MouseEvent| Action::EditLeaf(None))}>{ "Cancel" }</button>
            if let Some(e) = &*error {
                <span class="error" role="alert">{ e.clone() }</span>
            }
        </form>
    }
}

#[derive(Properties, PartialEq)]
struct LegendProps {
    perspective: Perspective,
    players: usize,
}

#[component]
fn Legend(props: &LegendProps) -> Html {
    html! {
        <ul class="legend" aria-label="Legend">
            if props.players > 2 {
                <li><svg viewBox="-12 -12 24 24" aria-hidden="true"><rect class="lg-max" x="-11" y="-7" width="22" height="14" rx="7" /></svg>{ "a player's node (whose turn is written above it)" }</li>
            } else {
                <li><svg viewBox="-12 -12 24 24" aria-hidden="true"><polygon class="lg-max" points="0,-10 10,7 -10,7" /></svg>{ "MAX node" }</li>
                <li><svg viewBox="-12 -12 24 24" aria-hidden="true"><polygon class="lg-min" points="0,10 10,-7 -10,-7" /></svg>{ "MIN node" }</li>
            }
            <li><svg viewBox="-12 -12 24 24" aria-hidden="true"><rect class="lg-leaf" x="-8" y="-8" width="16" height="16" /></svg>{ "leaf" }</li>
            <li data-legend="unvisited"><svg viewBox="-12 -12 24 24" aria-hidden="true"><rect class="lg-leaf" x="-8" y="-8" width="16" height="16" /></svg>{ "not reached yet (white)" }</li>
            <li data-legend="current"><svg viewBox="-12 -12 24 24" aria-hidden="true"><rect class="lg-current" x="-8" y="-8" width="16" height="16" /></svg>{ "current (thick outline)" }</li>
            <li data-legend="visited"><svg viewBox="-12 -12 24 24" aria-hidden="true"><rect class="lg-visited" x="-8" y="-8" width="16" height="16" /></svg>{ "visited (filled)" }</li>
            <li data-legend="pruned"><svg viewBox="-12 -12 24 24" aria-hidden="true"><rect class="lg-pruned" x="-8" y="-8" width="16" height="16" /><line class="lg-hatch" x1="-8" y1="8" x2="8" y2="-8" /></svg>{ "pruned (dashed, hatched; edge cut ✂)" }</li>
            <li data-legend="principal"><svg viewBox="-12 -12 24 24" aria-hidden="true"><line class="lg-pv" x1="-10" y1="0" x2="10" y2="0" /></svg>{ "principal variation" }</li>
            if props.players == 2 {
                <li data-legend="table"><span class="lg-tt" aria-hidden="true">{ "TT" }</span>{ " answered by the transposition table" }</li>
            }
            <li class="hint">{ match (props.perspective, props.players > 2) {
                (_, true) => "Each vector holds one utility per player: (A, B, C).",
                (Perspective::Max, _) => "Values are for MAX; ≥ and ≤ mark bounds.",
                (Perspective::Mover, _) => "Negamax: each value is for the player to move there.",
            } }</li>
        </ul>
    }
}

#[derive(Properties)]
struct StatsTableProps {
    run: Rc<Run>,
    /// The counts at the step shown.
    now: arbor_game::replay::FrameStats,
}

impl PartialEq for StatsTableProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.run, &other.run) && self.now == other.now
    }
}

#[component]
fn StatsTable(props: &StatsTableProps) -> Html {
    let run = &props.run;
    let now = props.now;
    let end = run.end;
    let row = |name: &'static str, now: u64, end: u64, minimax: Option<u64>| {
        html! {
            <tr><th scope="row">{ name }</th><td>{ now }</td><td>{ end }</td><td>{ minimax.map(|m| m.to_string()).unwrap_or_else(|| "—".into()) }</td></tr>
        }
    };
    html! {
        <div class="stats">
            <h2>{ "Counts" }</h2>
            <table>
                <thead><tr><th></th><th scope="col">{ "Now" }</th><th scope="col">{ "At the end" }</th><th scope="col">{ "Minimax" }</th></tr></thead>
                <tbody>
                    { row("Visited", now.visited, end.visited, run.minimax.map(|m| m.visited)) }
                    { row("Evaluated", now.evaluated, end.evaluated, run.minimax.map(|m| m.evaluated)) }
                    { row("Pruned", now.pruned, end.pruned, run.minimax.map(|_| 0)) }
                    { row("Cutoffs", now.cutoffs, end.cutoffs, run.minimax.map(|_| 0)) }
                    if matches!(run.algorithm, Algorithm::Deepening | Algorithm::Solver) {
                        { row("Table hits", now.table_hits, end.table_hits, None) }
                    }
                </tbody>
            </table>
            <p class="result">{ "Root value when the search ends: " }<strong class="root-value">{ run.result.clone() }</strong></p>
            if let (Some(km), Some(mm)) = (run.knuth_moore.filter(|_| run.algorithm != Algorithm::MaxN), run.minimax) {
                <p class="hint">{ format!("This tree is uniform: no search can prove its value evaluating fewer than {km} leaves (Knuth–Moore), against {} for minimax.", mm.evaluated) }</p>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct ComparePanelProps {
    tree: Rc<GameTree>,
    open: bool,
    fail: Fail,
    depth: Option<u32>,
    dispatch: UseReducerDispatcher<Store<State>>,
}

/// Trees drawn side by side up to this size.
const COMPARE_DRAW_LIMIT: usize = 400;

#[component]
fn ComparePanel(props: &ComparePanelProps) -> Html {
    // Three more searches of the tree, and minimax: worked out after the tree is first drawn
    // (a large tree's first draw does not wait for them).
    let results = use_state(|| None::<Rc<(Vec<OrderResult>, arbor_game::Stats)>>);
    {
        let results = results.clone();
        use_effect_with(
            (props.tree.clone(), props.fail, props.depth, props.open),
            move |(tree, fail, depth, open)| {
                results.set(None);
                let (tree, fail, depth, open) = (tree.clone(), *fail, *depth, *open);
                let timer = open.then(|| {
                    gloo_timers::callback::Timeout::new(80, move || {
                        let orders = stepper::compare_orders(&tree, fail, depth);
                        let minimax = arbor_game::minimax(
                            &*tree,
                            &tree.root(),
                            depth,
                            &mut arbor_game::Quiet,
                        )
                        .stats;
                        results.set(Some(Rc::new((orders, minimax))));
                    })
                });
                move || drop(timer)
            },
        );
    }
    let drawn = props.tree.len() <= COMPARE_DRAW_LIMIT;
    let scene = use_memo(props.tree.clone(), move |tree| {
        drawn.then(|| Rc::new(Scene::of_tree(tree)))
    });
    let toggle = {
        let d = props.dispatch.clone();
        let open = props.open;
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Compare(!open)))
    };
    let empty = (Vec::new(), arbor_game::Stats::default());
    let (orders, minimax) = match &*results {
        Some(r) => (&r.0, r.1),
        None => (&empty.0, empty.1),
    };
    let km = props
        .tree
        .uniform_shape()
        .filter(|_| props.depth.is_none())
        .and_then(|(b, d)| arbor_game::knuth_moore_minimum(b as u64, d));
    html! {
        <section class="compare" aria-label="Move order compared">
            <h2>
                <button type="button" class="disclosure" aria-expanded={props.open.to_string()} onclick={toggle}>
                    { if props.open { "▾ " } else { "▸ " } }{ "Move order: natural, best and worst on this tree" }
                </button>
            </h2>
            if props.open {
                if results.is_none() {
                    <p class="hint" role="status">{ "Running alpha-beta in each order…" }</p>
                }
                <div class="compare-grid">
                    { for orders.iter().map(|r: &OrderResult| {
                        html! {
                            <figure class="compare-item" data-order={ordering_key(r.ordering)}>
                                <figcaption>
                                    <strong>{ ordering_title(r.ordering) }</strong>
                                    <span class="counts">{ format!("{} leaves evaluated · {} nodes visited · {} pruned", r.evaluated, r.visited, r.pruned) }</span>
                                </figcaption>
                                if let Some(scene) = &*scene {
                                    // Scrolls: a tab stop, so a keyboard can scroll it too.
                                    <div class="compare-tree" tabindex="0" role="group" aria-label={format!("{} order, drawn", ordering_title(r.ordering))}>
                                        <TreeSvg<NodeMark> scene={scene.clone()} marks={Rc::new(stepper::marks(&props.tree, &r.frame, Perspective::Max, true))} zoom={0.5}
                                            title={format!("The tree after alpha-beta in {} order", ordering_key(r.ordering))} />
                                    </div>
                                }
                            </figure>
                        }
                    }) }
                </div>
                <p class="hint">
                    if results.is_some() {
                        { format!("Minimax evaluates {} leaves and visits {} nodes.", minimax.evaluated, minimax.visited) }
                    }
                    if let Some(km) = km {
                        { format!(" The Knuth–Moore minimum for this uniform tree is {km} leaves; the best order reaches it.") }
                    }
                </p>
            }
        </section>
    }
}
