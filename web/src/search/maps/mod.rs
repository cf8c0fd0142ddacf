//! The benchmark maps page (`#/maps`, issue 38): open a Moving AI map and its scenarios (a file,
//! dropped or picked, or a shared map fetched when chosen), pick a scenario, and step the
//! search over the map; Arbor's length beside the benchmark's.

mod canvas;

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use arbor_app::maps::page::{length_words, map_status, Action, Load, Opened, State};
use arbor_app::maps::record::Shown;
use arbor_app::maps::MapResult;
use arbor_app::maps::{shared, SHARED, SHARED_FOLDER};
use arbor_app::route::Route;
use arbor_app::same::{same_opt, Same};
use arbor_app::search::page::Run;
use arbor_app::search::{cell_name, CostUnit};
use arbor_puzzles::{fixed_steps, GridHeuristic, MapSearch, Scenario};
use arbor_search::Status;

use super::RunStatus;
use crate::components::controls::{on_select, StepControls};
use crate::store::Store;
use canvas::MapCanvas;

/// Props of [`Maps`].
#[derive(Properties, PartialEq, Clone)]
pub struct MapsProps {
    /// The route it was opened with.
    pub route: Route,
}

/// The page.
#[component]
pub fn Maps(props: &MapsProps) -> Html {
    crate::renders::count("Maps");
    let state = crate::page::use_stepped_page::<State>(&props.route);
    let dispatch = state.dispatcher();
    use_map_worker(&state, &dispatch);
    use_fetch(&state.load, &dispatch);
    let ondrop = on_drop(&dispatch);
    let ondragover = Callback::from(|e: DragEvent| e.prevent_default());
    let shown = use_shown(&state.result, state.settings.step, state.map.as_ref());
    html! {
        <section class="page stepper maps-view" {ondrop} {ondragover}>
            <style>{ include_str!("../grid.css") }{ include_str!("maps.css") }</style>
            <h1>{ "Benchmark maps" }</h1>
            { for state.notices.iter().map(|n| html! { <p class="notice" role="alert">{ n.clone() }</p> }) }
            <div class={classes!("maps-grid", state.map.is_some().then_some("has-map"))}>
                <aside class="inputs" aria-label="The map and the search">
                    <OpenPanel chosen={state.settings.map.map(|m| m.key)} load={state.load.clone()}
                        map={state.map.as_ref().map(Same::of)} dispatch={dispatch.clone()} />
                    if let Some(map) = &state.map {
                        <ScenarioPanel map={map.clone()} scen={state.settings.scen} dispatch={dispatch.clone()} />
                    }
                    <SearchPanel search={state.settings.search} heuristic={state.settings.heuristic}
                        w={state.settings.w} dispatch={dispatch.clone()} />
                </aside>
                <div class="main">
                    if let Run::Done(summary) = &state.run {
                        <div class="run-status" role="status" aria-live="polite"><span>{ map_status(summary) }</span></div>
                    } else {
                        <RunStatus run={state.run.clone()} recorded={0} costs={CostUnit::Steps} on_stop={dispatch.to_callback().reform(|_: MouseEvent| Action::Stop)} />
                    }
                    if let Some(map) = &state.map {
                        { verdict(&state) }
                        { stepped(&state, map, &shown, &dispatch) }
                    }
                </div>
            </div>
        </section>
    }
}

/// The page's worker: a new one for every search; Stop ends it. (The map's text is copied into
/// a request only when a search is asked for.)
#[hook]
fn use_map_worker(state: &State, dispatch: &UseReducerDispatcher<Store<State>>) {
    let asked = use_mut_ref(|| 0u64);
    let request = if *asked.borrow() != state.run_id {
        *asked.borrow_mut() = state.run_id;
        state.request()
    } else {
        None
    };
    crate::worker::use_worker_runs(
        state.run_id,
        request,
        matches!(state.run, Run::Stopped(_)),
        dispatch
            .to_callback()
            .reform(|(id, m)| Action::Worker(id, m)),
    );
}

/// Fetches a shared map and its scenarios when one is chosen.
#[hook]
fn use_fetch(load: &Load, dispatch: &UseReducerDispatcher<Store<State>>) {
    let d = dispatch.clone();
    use_effect_with(load.clone(), move |load| {
        if let Load::Fetching(id, m) = load.clone() {
            wasm_bindgen_futures::spawn_local(async move {
                let texts = match (fetch_text(m.map).await, fetch_text(m.scen).await) {
                    (Ok(a), Ok(b)) => Ok((a, b)),
                    (Err(e), _) | (_, Err(e)) => Err(e),
                };
                d.dispatch(Action::Fetched(id, texts));
            });
        }
    });
}

/// A shared map's file, as text.
async fn fetch_text(file: &str) -> Result<String, String> {
    use wasm_bindgen::JsCast;
    let window = web_sys::window().ok_or("no window")?;
    let url = format!("{SHARED_FOLDER}{file}");
    let response = wasm_bindgen_futures::JsFuture::from(window.fetch_with_str(&url))
        .await
        .map_err(|_| format!("the network did not answer for {file}"))?;
    // (`fetch` gives a Response: no check of its kind, one binding fewer in the shell.)
    let response: web_sys::Response = response.unchecked_into();
    let status = response.status();
    if status != 200 {
        return Err(format!("{file} answered {status}"));
    }
    let text = response.text().map_err(|_| "no text")?;
    wasm_bindgen_futures::JsFuture::from(text)
        .await
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| format!("{file} is not text"))
}

/// Reads files (a map first, then scenarios) into the page.
fn read_files(files: web_sys::FileList, d: UseReducerDispatcher<Store<State>>) {
    let mut list: Vec<web_sys::File> = (0..files.length()).filter_map(|i| files.get(i)).collect();
    // A map before its scenarios, whatever order they were picked or dropped in.
    list.sort_by_key(|f| f.name().to_ascii_lowercase().ends_with(".scen"));
    wasm_bindgen_futures::spawn_local(async move {
        for file in list {
            // (A file of any size is read: a map larger than 1024 × 1024 is refused by its
            // header, the first thing read.)
            let name = file.name();
            let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
            let text = text.ok().and_then(|t| t.as_string()).unwrap_or_default();
            d.dispatch(Action::File(name, text));
        }
    });
}

/// Files dropped on the page.
fn on_drop(d: &UseReducerDispatcher<Store<State>>) -> Callback<DragEvent> {
    let d = d.clone();
    Callback::from(move |e: DragEvent| {
        e.prevent_default();
        if let Some(files) = e.data_transfer().and_then(|t| t.files()) {
            read_files(files, d.clone());
        }
    })
}

/// Props of [`OpenPanel`].
#[derive(Properties)]
struct OpenPanelProps {
    /// The shared map chosen.
    chosen: Option<&'static str>,
    load: Load,
    map: Option<Same<Opened>>,
    dispatch: UseReducerDispatcher<Store<State>>,
}

impl PartialEq for OpenPanelProps {
    fn eq(&self, other: &Self) -> bool {
        self.chosen == other.chosen && self.load == other.load && self.map == other.map
    }
}

/// Where the map comes from: a shared one, or files (drawn again only when one of them
/// changes, not at every step).
#[component]
fn OpenPanel(props: &OpenPanelProps) -> Html {
    let (chosen, d) = (props.chosen, &props.dispatch);
    let on_file = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Some(files) = input.files() {
                read_files(files, d.clone());
            }
        })
    };
    html! {
        <div class="map-open">
            <label>{ "Shared map " }
                <select onchange={on_select(d, |k| shared(k).map(Action::Choose))}>
                    <option value="" selected={chosen.is_none()} disabled=true>{ "Choose a map…" }</option>
                    { for SHARED.iter().map(|m| html! { <option value={m.key} selected={chosen == Some(m.key)}>{ m.title }</option> }) }
                </select>
            </label>
            <label class="map-file">{ "Or open your own (.map, then its .scen) " }
                <input type="file" accept=".map,.scen" multiple=true onchange={on_file} />
            </label>
            <p class="hint">{ "You can also drop the files anywhere on this page. Maps are Moving AI's format, up to 1024 × 1024." }</p>
            { match &props.load {
                Load::Fetching(_, m) => html! { <p class="hint" role="status">{ format!("Fetching {}…", m.map) }</p> },
                Load::Failed(why) => html! { <p class="error" role="alert">{ why.clone() }</p> },
                Load::Idle => html! {},
            } }
            if let Some(map) = &props.map {
                <p class="map-about">{ about(map) }</p>
            }
        </div>
    }
}

/// A map in words: its name, size and scenarios.
fn about(map: &Opened) -> String {
    let (w, h) = (map.map.width(), map.map.height());
    let scen = match &map.scen_name {
        Some(name) => format!("{} scenarios ({name})", map.scenarios.len()),
        None => "no scenarios: searched from its first open cell to its last; open its .scen file for the benchmark's".into(),
    };
    format!("{}: {w} × {h} cells; {scen}.", map.name)
}

/// Props of [`ScenarioPanel`].
#[derive(Properties)]
struct ScenarioPanelProps {
    map: Rc<Opened>,
    scen: usize,
    dispatch: UseReducerDispatcher<Store<State>>,
}

impl PartialEq for ScenarioPanelProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.map, &other.map) && self.scen == other.scen
    }
}

/// The scenario: its bucket, then one of the bucket's (drawn again only when the map or the
/// scenario changes: a maze's thousands of buckets are not rebuilt at every step).
#[component]
fn ScenarioPanel(props: &ScenarioPanelProps) -> Html {
    let (map, d, k) = (&props.map, &props.dispatch, props.scen);
    if map.scenarios.is_empty() {
        return html! {};
    }
    let bucket = map.scenarios.get(k).map_or(0, |s| s.bucket);
    let buckets = buckets(&map.scenarios);
    let first_of = {
        let map = map.clone();
        move |b: &str| {
            let b: u32 = b.parse().ok()?;
            map.scenarios
                .iter()
                .position(|s| s.bucket == b)
                .map(Action::Scenario)
        }
    };
    html! {
        <div class="map-scenario">
            <label>{ "Bucket (by length) " }
                <select onchange={on_select(d, first_of)}>
                    { for buckets.iter().map(|(b, lo, hi)| html! {
                        <option value={b.to_string()} selected={*b == bucket}>{ format!("{b}: {} – {}", fixed_steps(*lo, 1), fixed_steps(*hi, 1)) }</option>
                    }) }
                </select>
            </label>
            <label>{ "Scenario " }
                <select class="scenario-pick" onchange={on_select(d, |v| v.parse().ok().map(Action::Scenario))}>
                    { for map.scenarios.iter().enumerate().filter(|(_, s)| s.bucket == bucket).map(|(i, s)| html! {
                        <option value={i.to_string()} selected={i == k}>{ scenario_words(i, s) }</option>
                    }) }
                </select>
            </label>
        </div>
    }
}

/// Each bucket with its shortest and longest optimal lengths, in file order.
fn buckets(scenarios: &[Scenario]) -> Vec<(u32, arbor_search::Cost, arbor_search::Cost)> {
    let mut out: Vec<(u32, arbor_search::Cost, arbor_search::Cost)> = Vec::new();
    for s in scenarios {
        match out.iter_mut().find(|(b, ..)| *b == s.bucket) {
            Some((_, lo, hi)) => {
                *lo = (*lo).min(s.optimal);
                *hi = (*hi).max(s.optimal);
            }
            None => out.push((s.bucket, s.optimal, s.optimal)),
        }
    }
    out
}

/// A scenario in the list.
fn scenario_words(i: usize, s: &Scenario) -> String {
    format!(
        "#{i}: {} → {}, length {}",
        cell_name(s.start.0, s.start.1),
        cell_name(s.goal.0, s.goal.1),
        s.optimal_text
    )
}

/// Props of [`SearchPanel`].
#[derive(Properties)]
struct SearchPanelProps {
    search: MapSearch,
    heuristic: GridHeuristic,
    /// Weighted A*'s w, in tenths.
    w: u32,
    dispatch: UseReducerDispatcher<Store<State>>,
}

impl PartialEq for SearchPanelProps {
    fn eq(&self, other: &Self) -> bool {
        (self.search, self.heuristic, self.w) == (other.search, other.heuristic, other.w)
    }
}

/// The search, its heuristic and weight (drawn again only when one of them changes).
#[component]
fn SearchPanel(props: &SearchPanelProps) -> Html {
    let (d, search, w) = (&props.dispatch, props.search, props.w);
    // A weight that is not one: said beside the box (the search shown keeps its own).
    let refused = use_state(|| None::<String>);
    let on_w = {
        let (d, refused) = (d.clone(), refused.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            match arbor_app::search::parse_inflation(&input.value()) {
                Some(w) => {
                    refused.set(None);
                    d.dispatch(Action::Weight(w));
                }
                None => refused.set(Some(input.value())),
            }
        })
    };
    html! {
        <div class="map-search">
            <label>{ "Search " }
                <select class="map-algo" onchange={on_select(d, |k| MapSearch::from_key(k).map(Action::Search))}>
                    { for MapSearch::ALL.iter().map(|a| html! { <option value={a.key()} selected={*a == search}>{ title(*a) }</option> }) }
                </select>
            </label>
            if search.informed() {
                <label>{ "Heuristic " }
                    <select onchange={on_select(d, |k| GridHeuristic::from_key(k).map(Action::Heuristic))}>
                        { for GridHeuristic::ALL.iter().map(|h| html! { <option value={h.key()} selected={*h == props.heuristic}>{ heuristic_words(*h) }</option> }) }
                    </select>
                </label>
            }
            if search == MapSearch::Weighted {
                <label>{ "w " }
                    <input type="number" min="1" max="5" step="0.1" value={format!("{}.{}", w / 10, w % 10)} onchange={on_w}
                        aria-invalid={refused.is_some().then_some("true")} aria-describedby="map-w-note" />
                </label>
                <p id="map-w-note" class={if refused.is_some() { "error" } else { "hint" }} role={refused.is_some().then_some("alert")}>
                    { match &*refused {
                        Some(v) if v.trim().is_empty() => format!("The box is empty: w is a number from 1 to 5, with one decimal at most. The search shown is w = {}.{}.", w / 10, w % 10),
                        Some(v) => format!("“{v}” is not a weight: w is a number from 1 to 5, with one decimal at most. The search shown is w = {}.{}.", w / 10, w % 10),
                        None => "w from 1 to 5: w = 1 is A*; a larger w trusts h more, and a cell may be taken again when a shorter way to it turns up (so it can expand more than uniform cost).".to_string(),
                    } }
                </p>
            }
            <p class="hint">{ "Eight-way moves, a diagonal √2, no corner cut: the benchmark's rule." }</p>
        </div>
    }
}

/// A search's name in the menu.
fn title(a: MapSearch) -> String {
    let mut name = a.name().to_string();
    if let Some(first) = name.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    name
}

fn heuristic_words(h: GridHeuristic) -> &'static str {
    match h {
        GridHeuristic::Zero => "None (h = 0)",
        GridHeuristic::Manhattan => "Manhattan (overestimates diagonals)",
        GridHeuristic::Octile => "Octile",
        GridHeuristic::Euclidean => "Euclidean",
        GridHeuristic::Chebyshev => "Chebyshev",
    }
}

/// Arbor's length beside the benchmark's, once the search is done.
fn verdict(state: &State) -> Html {
    let (Run::Done(summary), Some(s)) = (&state.run, state.scenario()) else {
        return html! {};
    };
    let bench = &s.optimal_text;
    let (text, class) = match summary.status {
        Status::Found if s.matches(summary.cost) => (
            format!(
                "✓ Arbor's length {} — the benchmark's {bench}: the same.",
                length_words(summary.cost)
            ),
            "same",
        ),
        Status::Found => {
            let (more, by) = if summary.cost > s.optimal {
                ("longer", summary.cost - s.optimal)
            } else {
                ("shorter", s.optimal - summary.cost)
            };
            let why = if state.settings.search.optimal() {
                ""
            } else {
                " (this search need not find the shortest path)"
            };
            (
                format!(
                    "✗ Arbor's length {} — the benchmark's {bench}: {} {more}{why}.",
                    length_words(summary.cost),
                    fixed_steps(by, 8)
                ),
                "differs",
            )
        }
        _ => (
            format!("✗ No path found — the benchmark's length is {bench}."),
            "differs",
        ),
    };
    html! { <p class={classes!("verdict", class)} role="status" data-arbor={length_words(summary.cost)} data-benchmark={bench.clone()}>{ text }</p> }
}

/// The marks at the step shown: one cursor for the caption's counts and the map's image.
#[hook]
fn use_shown(
    result: &Option<Rc<MapResult>>,
    step: usize,
    map: Option<&Rc<Opened>>,
) -> Rc<RefCell<Shown>> {
    let shown = use_mut_ref(Shown::default);
    let cells = map.map_or(0, |m| m.map.width() * m.map.height());
    shown.borrow_mut().show(result.as_ref(), step, cells);
    shown
}

/// The step controls, the caption and the map.
fn stepped(
    state: &State,
    map: &Rc<Opened>,
    shown: &Rc<RefCell<Shown>>,
    d: &UseReducerDispatcher<Store<State>>,
) -> Html {
    let step = state.settings.step;
    let Some((start, goal)) = map.ends(state.settings.scen) else {
        return html! { <p class="error" role="alert">{ "This map has no open cell to search from." }</p> };
    };
    let counts = shown
        .borrow()
        .marks
        .as_ref()
        .map_or((0, 0), |m| (m.frontier(), m.explored()));
    let caption = caption(state, map, counts, (start, goal));
    let label = format!(
        "{}, {} × {} cells: start {}, goal {}; {caption}",
        map.name,
        map.map.width(),
        map.map.height(),
        cell_name(start.0, start.1),
        cell_name(goal.0, goal.1)
    );
    html! {
        <>
            if state.result.is_some() {
                <StepControls step={step} len={state.steps()} playing={state.playing} speed={state.speed} on={d.to_callback().reform(Action::Control)} />
                <p class="caption" role="status" aria-live="polite" aria-atomic="true">{ caption }</p>
            }
            <MapCanvas map={map.clone()} shown={Same(shown.clone())} result={same_opt(&state.result)} step={step} ends={(start, goal)} label={label} />
            <MapLegend />
        </>
    }
}

/// The map's colours and shapes (props never change: drawn once).
#[component]
fn MapLegend() -> Html {
    html! {
        <ul class="legend grid-legend" aria-label="Legend">
            <li><span class="gl gl-explored"></span>{ "explored" }</li>
            <li><span class="gl gl-frontier map-frontier"></span>{ "frontier" }</li>
            <li><span class="gl gl-dropped"></span>{ "reached, dropped" }</li>
            <li><span class="gl gl-current"></span>{ "the cell this step takes (outlined)" }</li>
            <li><span class="gl gl-path"></span>{ "the path found (line, at the last step)" }</li>
            <li><span class="gl gl-wall"></span>{ "blocked" }</li>
            <li>{ "▲ start, ◆ goal" }</li>
        </ul>
    }
}

/// What the step shows, in words.
fn caption(
    state: &State,
    map: &Opened,
    (frontier, explored): (usize, usize),
    (start, goal): ((usize, usize), (usize, usize)),
) -> String {
    let Some(r) = &state.result else {
        return String::new();
    };
    let (k, n) = (state.settings.step, r.record.steps());
    let w = map.map.width();
    let more = if r.record.cut_short {
        format!(" (the first {n} of {} recorded)", r.summary.stats.expanded)
    } else {
        String::new()
    };
    if k == 0 {
        return format!(
            "Step 0 of {n}{more}: the start {} waits in the frontier; the goal is {}. {}",
            cell_name(start.0, start.1),
            cell_name(goal.0, goal.1),
            arbor_app::control::STEP_TO_BEGIN
        );
    }
    let cell = r.record.taken[k - 1] as usize;
    let (g, h) = (r.record.g[k - 1], r.record.h[k - 1]);
    let costs = if state.settings.search.informed() {
        format!(
            "g {} + h {} = f {}",
            fixed_steps(g, 4),
            fixed_steps(h, 4),
            fixed_steps(g.saturating_add(h), 4)
        )
    } else {
        format!("g {}", fixed_steps(g, 4))
    };
    let at_goal = (cell % w, cell / w) == goal;
    let end = if k == n && at_goal && r.summary.status == Status::Found {
        format!(
            " It is the goal: a path of length {} found.",
            length_words(r.summary.cost)
        )
    } else {
        String::new()
    };
    format!(
        "Step {k} of {n}{more}: took {} from the frontier ({costs}). Frontier {frontier} {}, explored {explored}.{end}",
        cell_name(cell % w, cell / w),
        if frontier == 1 { "cell" } else { "cells" }
    )
}
