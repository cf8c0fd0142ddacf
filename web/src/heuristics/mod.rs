//! The heuristics lab: one board's every estimate beside its true distance, with the pattern
//! database's groups drawn on the board; Korf's 100 solved in this tab; the textbook's table of
//! nodes and effective branching factors. The worker does the work and keeps its databases.

use yew::prelude::*;

use crate::components::controls::{on_select, use_select_value};
use crate::components::tree_svg::fmt;
use crate::search::compare::marker;
use arbor_app::heuristics::page::{Action, State, Work, KORF_COUNTS, PER_DEPTH, SHAPES};
use arbor_app::heuristics::{EstimatesView, KorfRow, Truth};
use arbor_app::route::Route;
use arbor_puzzles::heuristic_table::{Column, Row};
use arbor_puzzles::Heuristic;
use arbor_util::group_thousands;

/// Group colours (Okabe–Ito, light enough for black numbers) and the letter each group's tiles
/// carry, so groups are told apart without colour.
const GROUPS: [(&str, &str); 4] = [
    ("#9fd3f5", "A"),
    ("#ffd27a", "B"),
    ("#8fe0c5", "C"),
    ("#f0b8d8", "D"),
];

/// Each column's marker, dash and colour in the b* chart.
const COLUMN_STYLE: [(&str, &str, &str); 6] = [
    ("triangle", "1 3", "#d55e00"),
    ("cross", "3 3", "#cc79a7"),
    ("circle", "none", "#0072b2"),
    ("diamond", "8 3 2 3", "#009e73"),
    ("square", "6 3", "#e69f00"),
    ("star", "none", "#1d2330"),
];

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
    let act = |a: fn() -> Action| {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(a()))
    };
    let on_stop = act(|| Action::Stop);
    let busy = state.running;
    let status = match (&state.building, busy) {
        (Some((f, what)), _) => format!("Building the {what} pattern database: {:.0}%…", 100.0 * f),
        (None, Some(Work::Estimates)) => "Finding the true distance…".to_string(),
        _ => String::new(),
    };
    let settings = &state.settings;
    // The menus show the values in use, whatever the browser made of their options.
    let korf_menu = use_select_value(settings.korf.to_string());
    let per_depth_menu = use_select_value(settings.per_depth.to_string());
    let ids_menu = use_select_value(settings.ids_max.to_string());
    let shape = format!("{}x{}", settings.rows, settings.cols);
    let on_shape = on_select(&dispatch, |v| {
        let (r, c) = v.split_once('x')?;
        Some(Action::Shape(r.parse().ok()?, c.parse().ok()?))
    });
    let on_goal = on_select(&dispatch, |v| Some(Action::BlankFirst(v == "first")));
    let on_korf = on_select(&dispatch, |v| v.parse().ok().map(Action::Korf));
    let on_text = {
        let d = dispatch.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.dispatch(Action::Text(input.value()));
        })
    };
    let on_shuffle = {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Shuffle(js_sys::Date::now() as u64)))
    };
    let stop_button = |work: Work| {
        (busy == Some(work))
            .then(|| html! { <button class="stop" onclick={on_stop.clone()}>{ "Stop" }</button> })
    };
    html! {
        <section class="page lab">
            <h1>{ "Heuristics lab" }</h1>
            <p class="lede">{ "The same puzzle, the same optimal answer — and a thousand times fewer nodes with a better heuristic. Every estimate beside the true distance, pattern databases built here in your browser, Korf's 100 15-puzzles solved in this tab, and the textbook's table of effective branching factors." }</p>
            { for state.notices.iter().map(|n| html! { <p class="notice" role="alert">{ n.clone() }</p> }) }
            if let Some(f) = &state.failed {
                <p class="notice" role="alert">{ f.clone() }</p>
            }
            <p class="lab-status" role="status" aria-live="polite">{ status }</p>

            <h2 id="board">{ "One board, every estimate" }</h2>
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
                <button onclick={act(|| Action::Textbook)}>{ "The textbook's 8-puzzle" }</button>
                <button onclick={on_shuffle}>{ "Shuffle" }</button>
                <label>{ "Korf's instance " }
                    <select onchange={on_korf} aria-label="One of Korf's 100 15-puzzles">
                        <option value="" selected=true>{ "choose…" }</option>
                        { for (1..=100).map(|i| html! { <option value={i.to_string()}>{ i }</option> }) }
                    </select>
                </label>
            </div>
            <label class="lab-tiles">{ "Tiles, row by row (0 is the blank) " }
                <input type="text" value={state.text.clone()} oninput={on_text} spellcheck="false"
                    aria-invalid={state.error.is_some().then_some("true")} aria-describedby="lab-tiles-error" />
            </label>
            if let Some(e) = &state.error {
                <p id="lab-tiles-error" class="error" role="alert">{ e.clone() }</p>
            }
            if let Some(v) = &state.estimates {
                <Estimates view={v.clone()} />
            }

            <h2 id="korf">{ "Korf's 100 in this tab" }</h2>
            <p>{ "Korf's 100 random 15-puzzles (1985) are the classic test of a heuristic: with Manhattan distance IDA* generates 36 billion nodes to solve them all. Here the 6-6-3 additive pattern database is built in your browser (three tables, 33 MB: the fewest moves of each group's tiles from every placement), then IDA* — the same engine the search page steps — solves all 100 optimally." }</p>
            <div class="lab-inputs">
                <label>{ "Instances 1 to " }
                    <select ref={korf_menu} onchange={on_select(&dispatch, |v| v.parse().ok().map(Action::KorfCount))} aria-label="Korf's instances to solve, from 1 to">
                        { for KORF_COUNTS.iter().map(|&n| html! { <option value={n.to_string()} selected={n == settings.korf}>{ n }</option> }) }
                    </select>
                </label>
                <button onclick={act(|| Action::RunKorf)} disabled={busy == Some(Work::Korf)}>{ "Solve them" }</button>
                { stop_button(Work::Korf) }
            </div>
            <Korf korf={state.korf.clone()} running={busy == Some(Work::Korf)}
                building={state.building.clone().filter(|_| busy == Some(Work::Korf))} status={state.korf_status()} of={settings.korf} />

            <h2 id="table">{ "The textbook's table" }</h2>
            <p>{ "Russell and Norvig compare heuristics by the nodes A* generates and the effective branching factor b*: the branching of a uniform tree of the solution's depth d with as many nodes, N + 1 = 1 + b* + (b*)² + … + (b*)ᵈ. A better heuristic brings b* towards 1. Puzzles are drawn from all the 8-puzzles exactly d moves from the goal (the exact database lists them)." }</p>
            <div class="lab-inputs">
                <label>{ "Puzzles per depth " }
                    <select ref={per_depth_menu} onchange={on_select(&dispatch, |v| v.parse().ok().map(Action::PerDepth))} aria-label="Puzzles per depth">
                        { choices(&PER_DEPTH, settings.per_depth) }
                    </select>
                </label>
                <label>{ "Iterative deepening up to depth " }
                    <select ref={ids_menu} onchange={on_select(&dispatch, |v| v.parse().ok().map(Action::IdsMax))} aria-label="Iterative deepening up to depth">
                        { choices(&[6, 8, 10, 12], settings.ids_max) }
                    </select>
                </label>
                <button onclick={act(|| Action::RunTable)} disabled={busy == Some(Work::Table)}>{ "Make the table" }</button>
                { stop_button(Work::Table) }
            </div>
            <Table rows={state.table.clone()} status={state.table_status()} per_depth={settings.per_depth} />
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct EstimatesProps {
    view: std::rc::Rc<EstimatesView>,
}

#[component]
fn Estimates(props: &EstimatesProps) -> Html {
    crate::renders::count("Estimates");
    let v = &props.view;
    let group_of = |tile: u8| v.groups.iter().position(|g| g.contains(&tile));
    let truth = match v.truth {
        Truth::Exact(d) => Some(d),
        Truth::Solved { length, .. } => Some(length),
        _ => None,
    };
    let top = v
        .estimates
        .iter()
        .map(|e| e.value)
        .chain(truth)
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let bar = |value: u32, class: &'static str| {
        html! { <span class={classes!("lab-bar", class)} style={format!("width: {:.1}%", 100.0 * value as f64 / top)}></span> }
    };
    let shares = if v.shares.len() > 1 {
        v.shares
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {s}", GROUPS[i % GROUPS.len()].1))
            .collect::<Vec<_>>()
            .join(" + ")
    } else {
        String::new()
    };
    let truth_text = match &v.truth {
        Truth::Exact(_) => "read from the exact database (every board's distance, found by breadth-first search from the goal)".to_string(),
        Truth::Solved { nodes, millis, .. } => format!(
            "found by IDA*{}: {} nodes, {:.0} ms",
            if v.database.is_empty() { " with linear conflicts" } else { " with the pattern database" },
            group_thousands(*nodes),
            millis
        ),
        Truth::Unsolvable => "none: this board cannot reach the goal (its tiles' arrangement has the wrong parity)".into(),
        Truth::TooHard => format!(
            "not found within {} nodes (no pattern database for boards over 16 cells)",
            group_thousands(arbor_app::heuristics::TRUTH_BUDGET)
        ),
    };
    html! {
        <div class="lab-board">
            <figure>
                <div class="puzzle-board" role="img" style={format!("grid-template-columns: repeat({}, 2.6rem)", v.cols)}
                    aria-label={format!("The board, row by row: {}", v.tiles.iter().map(|t| if *t == 0 { "blank".to_string() } else { t.to_string() }).collect::<Vec<_>>().join(", "))}>
                    { for v.tiles.iter().map(|&t| {
                        if t == 0 {
                            html! { <span class="tile blank"></span> }
                        } else {
                            let g = group_of(t);
                            let style = g.map(|g| format!("background: {}", GROUPS[g % GROUPS.len()].0));
                            html! { <span class="tile" style={style}>{ t }
                                if let Some(g) = g { <sub class="group-tag">{ GROUPS[g % GROUPS.len()].1 }</sub> }
                            </span> }
                        }
                    }) }
                </div>
                <figcaption>
                    { match (v.database.as_str(), v.groups.len()) {
                        ("", _) => "No pattern database for a board this large.".to_string(),
                        ("exact", _) => "The exact database: the whole board is one pattern.".to_string(),
                        (name, _) => format!("The {name} additive pattern database: {}.", v.groups.iter().enumerate().map(|(i, g)| format!("group {} = tiles {}", GROUPS[i % GROUPS.len()].1, g.iter().map(u8::to_string).collect::<Vec<_>>().join(", "))).collect::<Vec<_>>().join("; ")),
                    } }
                </figcaption>
            </figure>
            <table class="compare-table lab-estimates">
                <caption>{ "Each heuristic's estimate and the true distance" }</caption>
                <thead><tr><th scope="col">{ "Heuristic" }</th><th scope="col">{ "Estimate" }</th><th scope="col" class="bar-col"><span class="sr-only">{ "As a bar" }</span></th></tr></thead>
                <tbody>
                    { for v.estimates.iter().map(|e| html! {
                        <tr>
                            <th scope="row">{ e.heuristic.title() }
                                if e.heuristic == Heuristic::Pdb && !shares.is_empty() { <span class="hint">{ format!(" ({shares})") }</span> }
                            </th>
                            <td>{ e.value }</td>
                            <td class="bar-col">{ bar(e.value, "estimate") }</td>
                        </tr>
                    }) }
                    <tr class="truth">
                        <th scope="row">{ "True distance" }</th>
                        <td>{ truth.map_or("–".to_string(), |t| t.to_string()) }</td>
                        <td class="bar-col">{ truth.map(|t| bar(t, "true")).unwrap_or_default() }</td>
                    </tr>
                </tbody>
            </table>
            <p class="hint">{ "True distance: " }{ truth_text }{ ". An admissible heuristic never goes past it; the closer it comes, the fewer nodes A* and IDA* look at." }</p>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct KorfProps {
    korf: Vec<KorfRow>,
    running: bool,
    building: Option<(f64, String)>,
    /// What the run is doing or did.
    status: Option<String>,
    of: u32,
}

#[component]
fn Korf(props: &KorfProps) -> Html {
    crate::renders::count("Korf");
    let s = props;
    if s.korf.is_empty() && s.status.is_none() {
        return html! {};
    }
    html! {
        <div class="lab-korf">
            if let Some((f, _)) = &s.building {
                <progress max="1" value={f.to_string()} aria-label="Building the pattern database"></progress>
            } else if s.running {
                <progress max={s.of.to_string()} value={s.korf.len().to_string()} aria-label="Instances solved"></progress>
            }
            <p class="korf-summary" aria-live="polite">{ s.status.clone().unwrap_or_default() }</p>
            <div class="table-scroll" tabindex="0" role="region" aria-label="Korf's instances solved">
                <table class="compare-table">
                    <thead><tr><th scope="col">{ "#" }</th><th scope="col">{ "Length" }</th><th scope="col">{ "Nodes" }</th><th scope="col">{ "Time" }</th><th scope="col">{ "Manhattan's nodes" }</th><th scope="col">{ "Fewer" }</th></tr></thead>
                    <tbody>
                        { for s.korf.iter().rev().map(|r| html! {
                            <tr>
                                <th scope="row">{ r.id }</th>
                                <td>{ if r.length == r.expected { format!("{} ✓", r.length) } else { format!("{} ✗ (data: {})", r.length, r.expected) } }</td>
                                <td>{ group_thousands(r.nodes) }</td>
                                <td>{ format!("{:.0} ms", r.millis) }</td>
                                <td>{ r.manhattan_nodes.map_or("–".into(), group_thousands) }</td>
                                <td>{ r.manhattan_nodes.map_or(String::new(), |m| format!("{:.0}×", m as f64 / r.nodes.max(1) as f64)) }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct TableProps {
    rows: Vec<Row>,
    /// What the run is doing or did.
    status: Option<String>,
    per_depth: u32,
}

#[component]
fn Table(props: &TableProps) -> Html {
    crate::renders::count("Table");
    if props.rows.is_empty() && props.status.is_none() {
        return html! {};
    }
    let status = props.status.clone().unwrap_or_default();
    let cell = |row: &Row, i: usize| row.cells.get(i).copied().flatten();
    html! {
        <div class="lab-table">
            <p aria-live="polite">{ status }</p>
            <div class="table-scroll" tabindex="0" role="region" aria-label="Mean nodes generated and b* by depth">
                <table class="compare-table">
                    <caption>{ format!("Mean nodes generated (besides the start) over {} puzzles per depth, and b*", props.per_depth) }</caption>
                    <thead>
                        <tr><th scope="col" rowspan="2">{ "d" }</th><th scope="colgroup" colspan={Column::ALL.len().to_string()}>{ "Nodes generated" }</th><th scope="colgroup" colspan={Column::ALL.len().to_string()}>{ "Effective branching factor b*" }</th></tr>
                        <tr>
                            { for Column::ALL.iter().map(|c| html! { <th scope="col">{ c.title() }</th> }) }
                            { for Column::ALL.iter().map(|c| html! { <th scope="col">{ c.title() }</th> }) }
                        </tr>
                    </thead>
                    <tbody>
                        { for props.rows.iter().map(|row| html! {
                            <tr>
                                <th scope="row">{ row.depth }</th>
                                { for (0..Column::ALL.len()).map(|i| html! { <td>{ cell(row, i).map_or("–".into(), |c| group_thousands(c.nodes.round() as u64)) }</td> }) }
                                { for (0..Column::ALL.len()).map(|i| html! { <td>{ cell(row, i).and_then(|c| c.bstar).map_or("–".into(), |b| format!("{b:.2}")) }</td> }) }
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            <BstarChart rows={props.rows.clone()} />
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct ChartProps {
    rows: Vec<Row>,
}

/// b* against depth, a line per column.
#[component]
fn BstarChart(props: &ChartProps) -> Html {
    crate::renders::count("BstarChart");
    if props.rows.is_empty() {
        return html! {};
    }
    let (w, h, left, right, top, bottom) = (660.0, 320.0, 52.0, 200.0, 16.0, 44.0);
    let max_depth = props.rows.iter().map(|r| r.depth).max().unwrap_or(1).max(2) as f64;
    let max_b = props
        .rows
        .iter()
        .flat_map(|r| r.cells.iter().flatten().filter_map(|c| c.bstar))
        .fold(2.0f64, f64::max)
        .ceil();
    let sx = |d: f64| left + d / max_depth * (w - left - right);
    let sy = |b: f64| top + (1.0 - (b - 1.0) / (max_b - 1.0)) * (h - top - bottom);
    let title = "Effective branching factor b* against solution depth";
    let ticks: Vec<f64> = (0..=((max_b - 1.0) * 2.0) as u32)
        .map(|i| 1.0 + i as f64 / 2.0)
        .collect();
    html! {
        // (On a phone the chart keeps a readable size and scrolls sideways in its frame, which
        // the keyboard can then reach.)
        <figure class="chart readable-chart" tabindex="0">
            <svg viewBox={format!("0 0 {w} {h}")} width={w.to_string()} height={h.to_string()} role="img" aria-label={title}>
                <title>{ title }</title>
                { for ticks.iter().map(|&b| html! {
                    <g class="grid"><line x1={fmt(left)} x2={fmt(w - right)} y1={fmt(sy(b))} y2={fmt(sy(b))} /><text x={fmt(left - 6.0)} y={fmt(sy(b) + 4.0)} class="tick-y">{ format!("{b:.1}") }</text></g>
                }) }
                { for props.rows.iter().map(|r| html! {
                    <text class="tick-x" x={fmt(sx(r.depth as f64))} y={fmt(h - bottom + 16.0)}>{ r.depth }</text>
                }) }
                <text class="axis" x={fmt((left + w - right) / 2.0)} y={fmt(h - 6.0)}>{ "solution depth d" }</text>
                <text class="axis" transform={format!("rotate(-90) translate({} 14)", fmt(-(top + h - bottom) / 2.0))}>{ "b*" }</text>
                { for Column::ALL.iter().enumerate().map(|(i, c)| {
                    let (shape, dash, colour) = COLUMN_STYLE[i];
                    let pts: Vec<(f64, f64)> = props.rows.iter().filter_map(|r| r.cells.get(i).copied().flatten().and_then(|c| c.bstar).map(|b| (sx(r.depth as f64), sy(b)))).collect();
                    let line = pts.iter().map(|(x, y)| format!("{},{}", fmt(*x), fmt(*y))).collect::<Vec<_>>().join(" ");
                    let ly = top + 8.0 + i as f64 * 22.0;
                    html! {
                        <g class="series">
                            <polyline points={line} fill="none" stroke={colour} stroke-width="2" stroke-dasharray={dash} />
                            { for pts.iter().map(|&(x, y)| marker(shape, x, y, colour)) }
                            { marker(shape, w - right + 16.0, ly, colour) }
                            <text class="legend-text" x={fmt(w - right + 28.0)} y={fmt(ly + 4.0)}>{ c.title() }</text>
                        </g>
                    }
                }) }
            </svg>
            <figcaption>{ title }{ ": each line a search, each marker a depth's mean. A perfect heuristic would reach 1." }</figcaption>
        </figure>
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
