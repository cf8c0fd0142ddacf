//! The heuristics lab: one board's every estimate beside its true distance, with the pattern
//! database's groups drawn on the board ([`estimates`]); Korf's 100 solved in this tab
//! ([`korf`]); the textbook's table of nodes and effective branching factors ([`table`]). The
//! worker does the work and keeps its databases.

mod estimates;
mod korf;
mod table;

use yew::prelude::*;

use crate::components::controls::{on_select, use_select_value};
use crate::store::Store;
use arbor_app::heuristics::page::{Action, State, Work, KORF_COUNTS, PER_DEPTH, SHAPES};
use arbor_app::route::Route;
use estimates::Estimates;
use korf::Korf;
use table::Table;

/// Props of [`Lab`].
#[derive(Properties, PartialEq)]
pub struct LabProps {
    /// The route it was opened with.
    pub route: Route,
}

/// The page.
#[component]
pub fn Lab(props: &LabProps) -> Html {
    crate::renders::count("Lab");
    let state = crate::page::use_page::<State>(&props.route);
    let dispatch = state.dispatcher();
    crate::worker::use_kept_worker(
        state.asked,
        state.request.clone(),
        state.fresh,
        state.stops,
        dispatch.to_callback().reform(Action::Worker),
    );
    let settings = &state.settings;
    // The menus show the values in use, whatever the browser made of their options.
    let menus = Menus {
        korf: use_select_value(settings.korf.to_string()),
        per_depth: use_select_value(settings.per_depth.to_string()),
        ids: use_select_value(settings.ids_max.to_string()),
    };
    let busy = state.running;
    html! {
        <section class="page lab">
            <style>{ include_str!("style.css") }</style>
            <h1>{ "Heuristics lab" }</h1>
            <p class="lede">{ "The same puzzle, the same optimal answer — and a thousand times fewer nodes with a better heuristic. Every estimate beside the true distance, pattern databases built here in your browser, Korf's 100 15-puzzles solved in this tab, and the textbook's table of effective branching factors." }</p>
            { notices(&state) }

            <h2 id="board">{ "One board, every estimate" }</h2>
            { board_inputs(&state, &dispatch) }
            if let Some(v) = &state.estimates {
                <Estimates view={v.clone()} />
            }

            <h2 id="korf">{ "Korf's 100 in this tab" }</h2>
            <p>{ "Korf's 100 random 15-puzzles (1985) are the classic test of a heuristic: with Manhattan distance IDA* generates 36 billion nodes to solve them all. Here the 6-6-3 additive pattern database is built in your browser (three tables, 33 MB: the fewest moves of each group's tiles from every placement), then IDA* — the same engine the search page steps — solves all 100 optimally." }</p>
            { korf_inputs(&state, &dispatch, &menus) }
            <Korf korf={state.korf.clone()} running={busy == Some(Work::Korf)}
                building={state.building.clone().filter(|_| busy == Some(Work::Korf))} status={state.korf_status()} of={settings.korf} />

            <h2 id="table">{ "The textbook's table" }</h2>
            <p>{ "Russell and Norvig compare heuristics by the nodes A* generates and the effective branching factor b*: the branching of a uniform tree of the solution's depth d with as many nodes, N + 1 = 1 + b* + (b*)² + … + (b*)ᵈ. A better heuristic brings b* towards 1. Puzzles are drawn from all the 8-puzzles exactly d moves from the goal (the exact database lists them)." }</p>
            { table_inputs(&state, &dispatch, &menus) }
            <Table rows={state.table.clone()} status={state.table_status()} per_depth={settings.per_depth} />
        </section>
    }
}

/// The lab's dispatcher.
type Dispatch = UseReducerDispatcher<Store<State>>;

/// The menus that are kept showing the values in use.
struct Menus {
    korf: NodeRef,
    per_depth: NodeRef,
    ids: NodeRef,
}

/// A button's press as the action `a` makes.
fn act(d: &Dispatch, a: fn() -> Action) -> Callback<MouseEvent> {
    let d = d.clone();
    Callback::from(move |_: MouseEvent| d.dispatch(a()))
}

/// Stop, while `work` runs.
fn stop_button(state: &State, d: &Dispatch, work: Work) -> Option<Html> {
    (state.running == Some(work)).then(|| {
        html! { <button class="stop" onclick={act(d, || Action::Stop)}>{ "Stop" }</button> }
    })
}

/// What a link got wrong, what failed, and what the worker is doing.
fn notices(state: &State) -> Html {
    let status = match (&state.building, state.running) {
        (Some((f, what)), _) => format!("Building the {what} pattern database: {:.0}%…", 100.0 * f),
        (None, Some(Work::Estimates)) => "Finding the true distance…".to_string(),
        _ => String::new(),
    };
    html! {
        <>
            { for state.notices.iter().map(|n| html! { <p class="notice" role="alert">{ n.clone() }</p> }) }
            if let Some(f) = &state.failed {
                <p class="notice" role="alert">{ f.clone() }</p>
            }
            <p class="lab-status" role="status" aria-live="polite">{ status }</p>
        </>
    }
}

/// The board: its size and goal, the textbook's, a shuffle or one of Korf's, and its tiles
/// typed, with what is wrong with them.
fn board_inputs(state: &State, d: &Dispatch) -> Html {
    let settings = &state.settings;
    let shape = format!("{}x{}", settings.rows, settings.cols);
    let on_shape = on_select(d, |v| {
        let (r, c) = v.split_once('x')?;
        Some(Action::Shape(r.parse().ok()?, c.parse().ok()?))
    });
    let on_goal = on_select(d, |v| Some(Action::BlankFirst(v == "first")));
    let on_korf = on_select(d, |v| v.parse().ok().map(Action::Korf));
    let on_shuffle = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Shuffle(js_sys::Date::now() as u64)))
    };
    html! {
        <>
            <div class="lab-inputs">
                <label>{ "Board " }
                    <select onchange={on_shape} aria-label="Board size">
                        { for SHAPES.iter().map(|&(r, c)| {
                            let v = format!("{r}x{c}");
                            html! { <option value={v.clone()} selected={v == shape}>{ format!("{r} × {c}") }</option> }
                        }) }
                    </select>
                </label>
                <label>{ "Goal " }
                    <select onchange={on_goal} aria-label="Where the blank is in the goal">
                        <option value="first" selected={settings.blank_first}>{ "blank first" }</option>
                        <option value="last" selected={!settings.blank_first}>{ "blank last" }</option>
                    </select>
                </label>
                <button onclick={act(d, || Action::Textbook)}>{ "The textbook's 8-puzzle" }</button>
                <button onclick={on_shuffle}>{ "Shuffle" }</button>
                <label>{ "Korf's instance " }
                    <select onchange={on_korf} aria-label="One of Korf's 100 15-puzzles">
                        <option value="" selected=true>{ "choose…" }</option>
                        { for (1..=100).map(|i| html! { <option value={i.to_string()}>{ i }</option> }) }
                    </select>
                </label>
            </div>
            { tiles_input(state, d) }
        </>
    }
}

/// The board's tiles typed, and what is wrong with them.
fn tiles_input(state: &State, d: &Dispatch) -> Html {
    let on_text = {
        let d = d.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.dispatch(Action::Text(input.value()));
        })
    };
    html! {
        <>
            <label class="lab-tiles">{ "Tiles, row by row (0 is the blank) " }
                <input type="text" value={state.text.clone()} oninput={on_text} spellcheck="false"
                    aria-invalid={state.error.is_some().then_some("true")} aria-describedby="lab-tiles-error" />
            </label>
            if let Some(e) = &state.error {
                <p id="lab-tiles-error" class="error" role="alert">{ e.clone() }</p>
            }
        </>
    }
}

/// How many of Korf's instances to solve, Solve them, and Stop.
fn korf_inputs(state: &State, d: &Dispatch, menus: &Menus) -> Html {
    let settings = &state.settings;
    html! {
        <div class="lab-inputs">
            <label>{ "Instances 1 to " }
                <select ref={menus.korf.clone()} onchange={on_select(d, |v| v.parse().ok().map(Action::KorfCount))} aria-label="Korf's instances to solve, from 1 to">
                    { for KORF_COUNTS.iter().map(|&n| html! { <option value={n.to_string()} selected={n == settings.korf}>{ n }</option> }) }
                </select>
            </label>
            <button onclick={act(d, || Action::RunKorf)} disabled={state.running == Some(Work::Korf)}>{ "Solve them" }</button>
            { stop_button(state, d, Work::Korf) }
        </div>
    }
}

/// The table's puzzles per depth, iterative deepening's deepest run, Make the table, and Stop.
fn table_inputs(state: &State, d: &Dispatch, menus: &Menus) -> Html {
    let settings = &state.settings;
    html! {
        <div class="lab-inputs">
            <label>{ "Puzzles per depth " }
                <select ref={menus.per_depth.clone()} onchange={on_select(d, |v| v.parse().ok().map(Action::PerDepth))} aria-label="Puzzles per depth">
                    { choices(&PER_DEPTH, settings.per_depth) }
                </select>
            </label>
            <label>{ "Iterative deepening up to depth " }
                <select ref={menus.ids.clone()} onchange={on_select(d, |v| v.parse().ok().map(Action::IdsMax))} aria-label="Iterative deepening up to depth">
                    { choices(&[6, 8, 10, 12], settings.ids_max) }
                </select>
            </label>
            <button onclick={act(d, || Action::RunTable)} disabled={state.running == Some(Work::Table)}>{ "Make the table" }</button>
            { stop_button(state, d, Work::Table) }
        </div>
    }
}

/// A menu's options, with the value in use among them (a link may ask for one the menu does not
/// offer: the menu then shows it, last, rather than a value that is not in force).
fn choices(offered: &[u32], current: u32) -> Html {
    let extra = (!offered.contains(&current)).then_some(current);
    offered
        .iter()
        .copied()
        .chain(extra)
        .map(|n| html! { <option value={n.to_string()} selected={n == current}>{ n }</option> })
        .collect()
}
