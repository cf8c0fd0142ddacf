//! The textbook's table: mean nodes generated and the effective branching factor b* by depth,
//! for each heuristic, and b* charted against depth.

use yew::prelude::*;

use crate::components::tree_svg::fmt;
use crate::search::compare::marker;
use arbor_puzzles::heuristic_table::{Column, Row};
use arbor_util::group_thousands;

/// Each column's marker, dash and colour in the b* chart.
const COLUMN_STYLE: [(&str, &str, &str); 6] = [
    ("triangle", "1 3", "#d55e00"),
    ("cross", "3 3", "#cc79a7"),
    ("circle", "none", "#0072b2"),
    ("diamond", "8 3 2 3", "#009e73"),
    ("square", "6 3", "#e69f00"),
    ("star", "none", "#1d2330"),
];

/// Props of [`Table`].
#[derive(Properties, PartialEq)]
pub(super) struct TableProps {
    /// The table's rows so far, a depth each.
    pub rows: Vec<Row>,
    /// What the run is doing or did.
    pub status: Option<String>,
    /// Puzzles per depth.
    pub per_depth: u32,
}

/// The table and its chart.
#[component]
pub(super) fn Table(props: &TableProps) -> Html {
    crate::renders::count("Table");
    if props.rows.is_empty() && props.status.is_none() {
        return html! {};
    }
    let status = props.status.clone().unwrap_or_default();
    let cell = |row: &Row, i: usize| row.cells.get(i).copied().flatten();
    html! {
        <div class="lab-table">
            <p aria-live="polite">{ status }</p>
            <div class="table-scroll whole" tabindex="0" role="region" aria-label="Mean nodes generated and b* by depth">
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
