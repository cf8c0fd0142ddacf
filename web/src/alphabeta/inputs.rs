//! The stepper's inputs: the tree (text, presets, random trees), a game's search, the tree tools and the leaf editor.

use crate::components::controls::on_select;
use crate::components::random_form::RandomForm;
use crate::components::tree_input::{ExamplePicker, TreeText};
use crate::store::Store;
use crate::worker::SearchWorker;
use arbor_app::alphabeta::page::{Action, State};
use arbor_app::alphabeta::{ordering_key, ordering_title, Algorithm, GameSource, Settings, Source};
use arbor_app::work::Reply;
use arbor_game::presets::PRESETS;
use arbor_game::{GameTree, NodeId, Ordering, RandomSpec};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct TreeInputProps {
    pub state_settings: Settings,
    pub text: Option<String>,
    /// The tree's size.
    pub nodes: usize,
    pub error: Option<String>,
    pub random: RandomSpec,
    pub root_is_min: bool,
    pub players: usize,
    pub dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
pub(super) fn TreeInput(props: &TreeInputProps) -> Html {
    crate::renders::count("TreeInput");
    let s = &props.state_settings;
    let d = props.dispatch.clone();
    let on_algo = on_select(&d, |v| Algorithm::from_key(v).map(Action::Algorithm));
    let on_order = on_select(&d, |v| {
        Ordering::ALL
            .into_iter()
            .find(|o| ordering_key(*o) == v)
            .map(Action::Ordering)
    });
    let on_depth = on_select(&d, |v| Some(Action::Depth(v.parse().ok())));
    let on_root = on_select(&d, |v| Some(Action::MinRoot(v == "min")));
    let preset_id = match &s.source {
        Source::Preset(id) => Some(*id),
        _ => None,
    };
    html! {
        <>
            <h2>{ "Tree" }</h2>
            <ExamplePicker label="Example from the course notes" examples={PRESETS.iter().collect::<Vec<_>>()} current={preset_id}
                on_pick={d.to_callback().reform(Action::Preset)} />
            <RandomForm spec={props.random} open={matches!(s.source, Source::Random(_))} title="Random tree" max_depth={16} max_children={20} players=true
                on_change={d.to_callback().reform(Action::RandomForm)} on_generate={d.to_callback().reform(|()| Action::Generate)} />
            <TreeText id="tree-text" text={props.text.clone()} error={props.error.clone()} on_input={d.to_callback().reform(Action::Text)}
                hint="A leaf is a number, an inner node [child, child, …]. Start with “min” for MIN at the root; name nodes as B:[…]; click a leaf to change it.">
                <p class="hint">{ format!("This tree has {} nodes: its text is long. ", props.nodes) }
                    <button type="button" onclick={props.dispatch.to_callback().reform(|_: MouseEvent| Action::WriteText)}>{ "Write it out" }</button>
                </p>
            </TreeText>
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

#[derive(Properties, PartialEq, Clone)]
pub(crate) struct GamePanelProps {
    pub source: GameSource,
    pub depth: u32,
    pub algorithm: Algorithm,
    /// Nodes recorded and nodes beyond the record, once loaded.
    pub recorded: Option<(usize, u64, u32)>,
    pub nodes: usize,
    /// The game's search is still to be recorded (the panel sends it to the worker).
    pub loading: bool,
    pub dispatch: UseReducerDispatcher<Store<State>>,
}

/// What the tree of a game's search is: the game, the position, the level, and a way back;
/// it also has the search recorded, once, when the page opens waiting for it. (Drawn through
/// [`super::GamePanel`]: its code, and the worker's, is fetched with the tools.)
#[component]
pub(crate) fn GamePanelNow(props: &GamePanelProps) -> Html {
    crate::renders::count("GamePanel");
    use_game_recording(
        &props.source,
        props.depth,
        props.loading,
        props.dispatch.clone(),
    );
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
pub(super) struct TreeToolsProps {
    pub height: u32,
    pub collapsed: bool,
    pub dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
pub(super) fn TreeTools(props: &TreeToolsProps) -> Html {
    crate::renders::count("TreeTools");
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

#[derive(Properties, PartialEq, Clone)]
pub(crate) struct LeafEditorProps {
    pub node: NodeId,
    pub tree: Rc<GameTree>,
    pub dispatch: UseReducerDispatcher<Store<State>>,
}

/// A leaf's new value (drawn through [`super::LeafEditor`]).
#[component]
pub(crate) fn LeafEditorNow(props: &LeafEditorProps) -> Html {
    crate::renders::count("LeafEditor");
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

/// Sends the search behind a game move to the worker, once, when the page opens waiting for
/// it (it may be long): its answer loads the game's tree.
#[hook]
fn use_game_recording(
    g: &GameSource,
    depth: u32,
    loading: bool,
    dispatch: UseReducerDispatcher<Store<State>>,
) {
    let request = loading.then(|| arbor_app::alphabeta::Request {
        explain: g.request(depth, arbor_app::alphabeta::RECORD_LIMIT),
        o_first: g.o_first,
    });
    let worker = use_mut_ref(|| None::<SearchWorker<arbor_app::alphabeta::Request>>);
    use_effect_with((), move |_| {
        if let Some(request) = request {
            let d = dispatch.clone();
            // The worker stays until the page closes (it is idle once it has answered).
            let spawned =
                SearchWorker::<arbor_app::alphabeta::Request>::for_job(Callback::from(move |m| {
                    match m {
                        Reply::Answer(view) => d.dispatch(Action::GameLoaded(view)),
                        Reply::Failed(e) => d.dispatch(Action::GameFailed(e)),
                        Reply::Progress(_) => {}
                    }
                }));
            match spawned {
                Ok(w) => {
                    if let Err(e) = w.send_job(&request) {
                        dispatch.dispatch(Action::GameFailed(e));
                    }
                    *worker.borrow_mut() = Some(w);
                }
                Err(e) => dispatch.dispatch(Action::GameFailed(e)),
            }
        }
    });
}
