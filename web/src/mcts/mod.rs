//! The MCTS page: Monte Carlo tree search on a tree or a game position, run in the worker and
//! stepped phase by phase — selection with every child's UCB1 terms, expansion, the playout,
//! backpropagation — with the root moves' visit shares plotted over the run beside their exact
//! minimax values.

pub(crate) mod practice;

use std::rc::Rc;

use yew::prelude::*;

use crate::components::controls::{on_select, Control, StepControls};
use crate::components::legend::{max_icon, min_icon, path_icon, square_icon};
use crate::components::pseudocode::Pseudocode;
use crate::components::tree_input::TreeText;
use crate::components::tree_view::{DrawingId, Looks, TreeView};
use crate::store::Store;
use arbor_app::mcts::page::{Action, State};
use arbor_app::mcts::{exploration_text, number, phase, Frame, MctsView, Sample};
use arbor_app::play::Kind;
use arbor_app::route::Route;
use arbor_app::same::same_opt;
use arbor_app::scene::{show_value, Scene};
use arbor_game::MctsEvent;

/// The listing beside the tree, a line per phase.
const LISTING: &[&str] = &[
    "function MCTS(root): repeat for each iteration",
    "  selection: while every move of node is tried, node ← the child with the highest Q/n + c·√(ln N / n)",
    "  expansion: if node is not the end, node ← a new child by an untried move",
    "  simulation: r ← the end of random moves from node",
    "  backpropagation: each node on the path gains n + 1 and r for the player who moved into it",
    "return the root's most visited move",
];

/// Colours of the plot's lines (Okabe and Ito's, safe for colour-blind readers), each with its
/// own dash pattern too.
const LINES: [(&str, &str); 9] = [
    ("#0072b2", ""),
    ("#d55e00", "6 3"),
    ("#009e73", "2 2"),
    ("#cc79a7", "8 3 2 3"),
    ("#000000", "1 3"),
    ("#e69f00", "10 4"),
    ("#56b4e9", "4 2 1 2"),
    ("#7a5c00", "12 2 2 2"),
    ("#666666", "3 6"),
];

/// Props of [`Mcts`].
#[derive(Properties, PartialEq)]
pub struct MctsProps {
    /// The route it was opened with.
    pub route: Route,
}

/// The MCTS page.
#[component]
pub fn Mcts(props: &MctsProps) -> Html {
    crate::renders::count("Mcts");
    let state = crate::page::use_stepped_page::<State>(&props.route);
    let dispatch = state.dispatcher();
    // The run in the worker: a new one for every request; finished or stopped, it goes.
    crate::worker::use_worker_runs(
        state.asked,
        Some(state.settings.request.clone()),
        !state.running,
        dispatch
            .to_callback()
            .reform(|(id, m)| Action::Worker(id, m)),
    );
    let on_control = {
        let d = dispatch.clone();
        use_callback((), move |c, _| d.dispatch(Action::Control(c)))
    };

    let view = state.view.clone();
    let step = state.settings.step.min(state.steps());
    let scene_view = view.clone();
    let frame = view.as_ref().map(|v| v.frame(step));
    let added = frame.as_ref().map_or(1, |f| f.nodes.len());
    let scene = use_memo((same_opt(&view), added), move |(_, added)| {
        scene_view.map(|v| Rc::new(v.scene(*added)))
    });
    let on_stop = {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Stop))
    };
    let body = match (&view, frame, &*scene) {
        (Some(v), Some(frame), Some(scene)) => {
            let at = Stepped {
                view: v,
                frame,
                scene,
                step,
            };
            stepper(&state, &dispatch, at, on_control)
        }
        _ => html! {
            <div class="stepper-grid">
                { inputs(&state, &dispatch) }
            </div>
        },
    };
    html! {
        <section class="page stepper mcts">
            <style>{ include_str!("style.css") }</style>
            <h1>{ "Monte Carlo tree search, step by step" }</h1>
            { for state.notices.iter().map(|n| html! { <p class="notice" role="alert">{ n.clone() }</p> }) }
            // (Stop comes first: after the progress, it moved as the count grew, under the pointer.)
            if let Some(text) = run_status(&state) {
                <p class="run-status" role="status"><button type="button" class="stop" onclick={on_stop}>{ "Stop" }</button>{ " " }<span>{ text }</span></p>
            }
            { body }
        </section>
    }
}

/// While the run goes on in the worker: how far it is.
fn run_status(state: &State) -> Option<String> {
    if !state.running {
        return None;
    }
    let done = state
        .progress
        .map(|i| format!(" ({i} iterations so far)"))
        .unwrap_or_default();
    Some(format!(
        "Running {} iterations in the background{done}…",
        state.settings.request.iterations
    ))
}

/// The run at the step shown.
struct Stepped<'a> {
    view: &'a Rc<MctsView>,
    frame: Frame<'a>,
    scene: &'a Rc<Scene>,
    step: usize,
}

/// The inputs' panel: what MCTS searches, and the run's settings.
fn inputs(state: &State, dispatch: &UseReducerDispatcher<Store<State>>) -> Html {
    html! {
        <aside class="inputs" aria-label="What MCTS searches">
            <Inputs state={Rc::new(InputsState::of(state))} dispatch={dispatch.clone()} />
        </aside>
    }
}

/// The page once a run is there: the inputs, the stepped tree with its plot, and the listing
/// with the step's numbers.
fn stepper(
    state: &State,
    dispatch: &UseReducerDispatcher<Store<State>>,
    at: Stepped,
    on_control: Callback<Control>,
) -> Html {
    let (v, frame, step) = (at.view, &at.frame, at.step);
    let marks = v.marks(frame);
    let caption = v.caption(frame);
    let line = frame.event.map_or(0, |e| 1 + phase(e));
    let title = format!(
        "Monte Carlo search tree of {} nodes after step {} of {}",
        frame.nodes.len(),
        step,
        v.len()
    );
    html! {
        <div class="stepper-grid">
            { inputs(state, dispatch) }
            <div class="main">
                <StepControls step={step} len={v.len()} playing={state.playing} speed={state.speed} on={on_control} />
                <p class="caption" role="status" aria-live="polite" aria-atomic="true">{ caption }</p>
                <TreeView<arbor_app::scene::NodeMark> scene={at.scene.clone()} looks={Looks::of(marks)} title={title}
                    drawing={DrawingId::of(v)} focus={frame.path.last().map(|&n| n as usize)} follows=true />
                { legend(v) }
                <Plot view={v.clone()} iteration={frame.iteration} />
            </div>
            <aside class="explain" aria-label="Explanation">
                <Pseudocode lines={LISTING} current={Some(line)} title="Monte Carlo tree search (UCT)" />
                { detail(v, frame.event) }
                <p class="hint">{ format!("Reward for MAX: {}. The stepper replays the first {} of {} iterations; the plot shows them all.", v.reward_rule, v.recorded, v.iterations) }</p>
            </aside>
        </div>
    }
}

/// The legend under the tree.
fn legend(v: &MctsView) -> Html {
    html! {
        <ul class="legend" aria-label="Legend">
            <li>{ max_icon() }{ format!("{} to move", v.sides[0]) }</li>
            <li>{ min_icon() }{ format!("{} to move", v.sides[1]) }</li>
            <li>{ square_icon("lg-leaf") }{ "the end (a leaf)" }</li>
            <li data-legend="current">{ square_icon("lg-current") }{ "where the iteration is (thick outline)" }</li>
            <li data-legend="principal">{ path_icon() }{ "this iteration's path" }</li>
            <li class="hint">{ "Each node shows Q/n: the reward of the player who moved into it, over its visits. The root shows its visits." }</li>
        </ul>
    }
}

/// The step's numbers: every child's UCB1 terms at a selection, a playout's moves.
fn detail(v: &MctsView, event: Option<&MctsEvent<u32>>) -> Html {
    match event {
        Some(MctsEvent::Select {
            node,
            visits,
            scores,
            chosen,
        }) => html! {
            <table class="ucb">
                <caption>{ format!("UCB1 at {} (N = {visits})", v.label(*node)) }</caption>
                <thead><tr><th scope="col">{ "Child" }</th><th scope="col">{ "n" }</th><th scope="col">{ "Q/n" }</th><th scope="col">{ "c·√(ln N/n)" }</th><th scope="col">{ "UCB1" }</th></tr></thead>
                <tbody>
                    { for scores.iter().map(|s| {
                        let taken = s.child == *chosen;
                        html! {
                            <tr class={classes!(taken.then_some("chosen"))} data-child={v.label(s.child).to_string()}>
                                <th scope="row">{ v.label(s.child).to_string() }{ if taken { " ✔ chosen" } else { "" } }</th>
                                <td>{ s.visits }</td><td>{ number(s.mean) }</td><td>{ number(s.explore) }</td><td>{ number(s.value()) }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
        },
        Some(MctsEvent::Simulate {
            moves,
            utility,
            reward,
            ..
        }) => html! {
            <div class="playout">
                <h2>{ "Playout" }</h2>
                <p>{ if moves.is_empty() {
                    "No moves: the node is already the end.".to_string()
                } else {
                    moves.iter().map(|m| v.names.get(*m as usize).map_or("?", String::as_str)).collect::<Vec<_>>().join(" → ")
                } }</p>
                <p>{ format!("End: utility {}; reward for MAX {}", show_value(*utility), number(*reward)) }</p>
            </div>
        },
        _ => html! {},
    }
}

/// What the inputs show.
#[derive(PartialEq)]
struct InputsState {
    kind: Option<Kind>,
    text: String,
    moves: String,
    error: Option<String>,
    text_error: Option<String>,
    iterations: u64,
    exploration: u32,
    seed: u64,
}

impl InputsState {
    fn of(state: &State) -> InputsState {
        let r = &state.settings.request;
        InputsState {
            kind: state.settings.request.source.kind(),
            text: state.text.clone(),
            moves: state.moves.clone(),
            error: state.message(),
            text_error: state.text_error.clone(),
            iterations: r.iterations,
            exploration: r.exploration,
            seed: r.seed,
        }
    }
}

#[derive(Properties, PartialEq)]
struct InputsProps {
    state: Rc<InputsState>,
    dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
fn Inputs(props: &InputsProps) -> Html {
    crate::renders::count("Inputs");
    let s = &props.state;
    let d = props.dispatch.clone();
    let on_source = on_select(&d, |v| Some(Action::Game(Kind::from_key(v))));
    let field = |label: &'static str,
                 value: String,
                 hint: &'static str,
                 action: fn(String) -> Action| {
        let d = d.clone();
        let onchange = Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.dispatch(action(input.value()));
        });
        html! { <label class="stack">{ label }<input type="text" inputmode="decimal" {value} {onchange} aria-describedby={hint} /></label> }
    };
    let on_moves = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.dispatch(Action::Moves(input.value()));
        })
    };
    html! {
        <>
            <h2>{ "What to search" }</h2>
            <label class="stack">{ "Tree or game" }
                <select onchange={on_source} aria-label="Tree or game">
                    <option value="tree" selected={s.kind.is_none()}>{ "A tree (random playouts to the leaves)" }</option>
                    { for Kind::ALL.iter().map(|k| html! {
                        <option value={k.key()} selected={s.kind == Some(*k)}>{ k.title() }</option>
                    }) }
                </select>
            </label>
            if s.kind.is_none() {
                <TreeText id="mcts-text" text={Some(s.text.clone())} error={s.text_error.clone()} on_input={d.to_callback().reform(Action::Text)}
                    hint="Two players, a number at each leaf: [[3,12,8],[2,4,6],[14,5,2]]; start with min for MIN at the root." />
            } else {
                <label class="stack">{ "Moves so far" }
                    <input type="text" value={s.moves.clone()} onchange={on_moves} aria-describedby="mcts-moves-hint" />
                </label>
                <p class="hint" id="mcts-moves-hint">{ arbor_app::mcts::moves_hint(s.kind) }</p>
            }
            <h2>{ "The run" }</h2>
            { field("Iterations", s.iterations.to_string(), "mcts-run-hint", Action::Iterations) }
            { field("Exploration constant c", exploration_text(s.exploration), "mcts-run-hint", Action::Exploration) }
            { field("Seed", s.seed.to_string(), "mcts-run-hint", Action::Seed) }
            <p class="hint" id="mcts-run-hint">{ "c weighs exploring against exploiting (√2 ≈ 1.41 is the textbook's); the same seed gives the same run, so the link is the run." }</p>
            if let Some(e) = &s.error {
                <p class="error" role="alert">{ e.clone() }</p>
            }
        </>
    }
}

#[derive(Properties)]
struct PlotProps {
    view: Rc<MctsView>,
    iteration: u64,
}

// The same run is the same `Rc`: no need to compare its thousands of events.
impl PartialEq for PlotProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.view, &other.view) && self.iteration == other.iteration
    }
}

/// The root moves' shares of the visits against iterations, with the exact values beside.
#[component]
fn Plot(props: &PlotProps) -> Html {
    crate::renders::count("Plot");
    let v = &props.view;
    let (w, h, left, bottom) = (340.0, 170.0, 34.0, 22.0);
    let total = v.iterations.max(1) as f64;
    let x = |i: u64| left + (w - left - 8.0) * i as f64 / total;
    let y = |share: f64| 8.0 + (h - bottom - 8.0) * (1.0 - share);
    let share = |s: &Sample, k: usize| {
        s.visits.get(k).copied().unwrap_or(0) as f64 / s.iteration.max(1) as f64
    };
    let lines = v.moves.iter().enumerate().map(|(k, m)| {
        let (colour, dash) = LINES[k % LINES.len()];
        let points = v
            .samples
            .iter()
            .map(|s| format!("{:.1},{:.1}", x(s.iteration), y(share(s, k))))
            .collect::<Vec<_>>()
            .join(" ");
        html! { <polyline class="share" points={points} stroke={colour} stroke-dasharray={(!dash.is_empty()).then_some(dash)} data-move={m.label.clone()} /> }
    });
    let summary = v
        .moves
        .iter()
        .map(|m| format!("{} {}%", m.label, (100.0 * m.visits as f64 / total).round()))
        .collect::<Vec<_>>()
        .join(", ");
    html! {
        <figure class="mcts-plot">
            <figcaption>{ format!("Share of the root's visits, iterations 1 to {}", v.iterations) }</figcaption>
            <svg viewBox={format!("0 0 {w} {h}")} role="img" aria-label={format!("Visit shares after {} iterations: {summary}", v.iterations)}>
                <line class="axis" x1={left.to_string()} y1={y(0.0).to_string()} x2={(w - 8.0).to_string()} y2={y(0.0).to_string()} />
                <line class="axis" x1={left.to_string()} y1={y(0.0).to_string()} x2={left.to_string()} y2={y(1.0).to_string()} />
                <text class="tick" x={(left - 4.0).to_string()} y={(y(1.0) + 4.0).to_string()} text-anchor="end">{ "100%" }</text>
                <text class="tick" x={(left - 4.0).to_string()} y={(y(0.5) + 4.0).to_string()} text-anchor="end">{ "50%" }</text>
                <text class="tick" x={(left - 4.0).to_string()} y={(y(0.0) + 4.0).to_string()} text-anchor="end">{ "0" }</text>
                <text class="tick" x={(w - 8.0).to_string()} y={(h - 4.0).to_string()} text-anchor="end">{ v.iterations.to_string() }</text>
                if props.iteration > 0 {
                    <line class="now" x1={x(props.iteration).to_string()} y1={y(0.0).to_string()} x2={x(props.iteration).to_string()} y2={y(1.0).to_string()} />
                }
                { for lines }
            </svg>
            <table class="root-moves">
                <thead><tr><th scope="col">{ "Move" }</th><th scope="col">{ "Visits" }</th><th scope="col">{ "Q/n" }</th><th scope="col">{ "Exact value" }</th></tr></thead>
                <tbody>
                    { for v.moves.iter().enumerate().map(|(k, m)| {
                        let (colour, dash) = LINES[k % LINES.len()];
                        let played = v.best == Some(k);
                        html! {
                            <tr data-move={m.label.clone()} data-optimal={m.optimal.to_string()} class={classes!(played.then_some("chosen"))}>
                                <th scope="row">
                                    <svg class="key" viewBox="0 0 24 8" aria-hidden="true"><line x1="0" y1="4" x2="24" y2="4" stroke={colour} stroke-dasharray={(!dash.is_empty()).then_some(dash)} /></svg>
                                    { m.label.clone() }{ if played { " ◀ MCTS plays" } else { "" } }
                                </th>
                                <td>{ format!("{} ({}%)", m.visits, (100.0 * m.visits as f64 / total).round()) }</td>
                                <td>{ number(m.mean) }</td>
                                <td>{ v.exact_text(m.exact) }{ if m.optimal { " ★ minimax's choice" } else { "" } }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            <p class="hint">{ "Exact values are for the player making the move, with perfect play from there on (a tree's: its minimax value for MAX). ★ marks the moves minimax would play: the best exact value, several when they tie." }</p>
        </figure>
    }
}
