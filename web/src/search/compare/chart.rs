//! The scalability chart: nodes expanded against solution depth on a log scale, a line per
//! search, with the numbers in a table beneath; and the chart markers the lab's chart shares.

use arbor_search::Algorithm;
use yew::prelude::*;

use super::Points;
use crate::components::tree_svg::fmt;
use arbor_app::search::Family;

/// Props of [`Chart`].
#[derive(Properties, PartialEq)]
pub(super) struct ChartProps {
    /// The puzzle sampled.
    pub family: Family,
    /// Nodes expanded by (search, depth) so far.
    pub points: Points,
    /// Whether sampling goes on.
    pub running: bool,
    /// Depths with no start found.
    pub missing: Vec<u32>,
}

/// Each algorithm's marker, dash pattern and colour (Okabe–Ito), so lines are told apart
/// without colour.
fn style(a: Algorithm) -> (&'static str, &'static str, &'static str) {
    match a {
        Algorithm::BreadthFirst => ("circle", "none", "#0072b2"),
        Algorithm::DepthFirst => ("square", "6 3", "#e69f00"),
        Algorithm::DepthLimited => ("square", "2 2", "#999999"),
        Algorithm::IterativeDeepening => ("triangle", "1 3", "#d55e00"),
        Algorithm::UniformCost => ("diamond", "8 3 2 3", "#009e73"),
        Algorithm::Greedy => ("cross", "3 3", "#cc79a7"),
        Algorithm::AStar => ("star", "none", "#1d2330"),
        Algorithm::IdaStar => ("plus", "10 4", "#56b4e9"),
        Algorithm::Bidirectional => ("circle", "4 2 1 2", "#7a5c00"),
    }
}

/// A chart marker of a shape (circle, square, triangle, diamond, cross, plus, star) at (x, y).
pub(crate) fn marker(kind: &str, x: f64, y: f64, colour: &str) -> Html {
    let p = |pts: &[(f64, f64)]| {
        pts.iter()
            .map(|(a, b)| format!("{},{}", fmt(x + a), fmt(y + b)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    match kind {
        "circle" => html! { <circle cx={fmt(x)} cy={fmt(y)} r="4.5" fill={colour.to_string()} /> },
        "square" => {
            html! { <rect x={fmt(x - 4.0)} y={fmt(y - 4.0)} width="8" height="8" fill={colour.to_string()} /> }
        }
        "triangle" => {
            html! { <polygon points={p(&[(0.0, -5.0), (5.0, 4.0), (-5.0, 4.0)])} fill={colour.to_string()} /> }
        }
        "diamond" => {
            html! { <polygon points={p(&[(0.0, -5.5), (5.5, 0.0), (0.0, 5.5), (-5.5, 0.0)])} fill={colour.to_string()} /> }
        }
        "cross" => {
            html! { <g stroke={colour.to_string()} stroke-width="2.5"><line x1={fmt(x - 4.0)} y1={fmt(y - 4.0)} x2={fmt(x + 4.0)} y2={fmt(y + 4.0)} /><line x1={fmt(x - 4.0)} y1={fmt(y + 4.0)} x2={fmt(x + 4.0)} y2={fmt(y - 4.0)} /></g> }
        }
        "plus" => {
            html! { <g stroke={colour.to_string()} stroke-width="2.5"><line x1={fmt(x - 5.0)} y1={fmt(y)} x2={fmt(x + 5.0)} y2={fmt(y)} /><line x1={fmt(x)} y1={fmt(y - 5.0)} x2={fmt(x)} y2={fmt(y + 5.0)} /></g> }
        }
        _ => {
            html! { <polygon points={p(&[(0.0, -6.0), (1.8, -1.8), (6.0, -1.8), (2.6, 1.2), (3.8, 5.6), (0.0, 3.0), (-3.8, 5.6), (-2.6, 1.2), (-6.0, -1.8), (-1.8, -1.8)])} fill={colour.to_string()} /> }
        }
    }
}

/// The chart of the sample so far.
#[component]
pub(super) fn Chart(props: &ChartProps) -> Html {
    crate::renders::count("Chart");
    let algorithms: Vec<Algorithm> = {
        let mut v: Vec<Algorithm> = props.points.keys().map(|k| k.0).collect();
        v.dedup();
        Algorithm::ALL
            .into_iter()
            .filter(|a| v.contains(a))
            .collect()
    };
    let depths: Vec<u32> = {
        let mut d: Vec<u32> = props.points.keys().map(|k| k.1).collect();
        d.sort();
        d.dedup();
        d
    };
    let plot = Plot::new(&depths, &props.points);
    let title = match props.family {
        Family::Blocks => "Blocks world: nodes expanded against solution depth",
        Family::Eight => "8-puzzle: nodes expanded against solution depth",
    };
    html! {
        <figure class="chart">
            <svg viewBox={format!("0 0 {} {}", plot.w, plot.h)} width={plot.w.to_string()} height={plot.h.to_string()} role="img" aria-label={title}>
                <title>{ title }</title>
                { plot.axes(&depths) }
                { for algorithms.iter().enumerate().map(|(i, &a)| plot.series(i, a, &depths, &props.points)) }
            </svg>
            <figcaption>
                { title }{ if props.running { " — sampling…" } else { "." } }
                { " A ▲ at the top marks a run that went over its budget of 2,000,000 nodes (as breadth-first search ran out of memory in the coursework)." }
                if !props.missing.is_empty() {
                    { format!(" No start of depth {} was found among the samples tried.", props.missing.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")) }
                }
            </figcaption>
            { numbers(&algorithms, &depths, &props.points) }
        </figure>
    }
}

/// The chart's size, margins and scales.
struct Plot {
    w: f64,
    h: f64,
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
    max_depth: f64,
    /// The top of the scale, as a power of ten.
    max_log: f64,
}

impl Plot {
    /// The chart's frame for these depths and points.
    fn new(depths: &[u32], points: &Points) -> Plot {
        let max_log = points
            .values()
            .flatten()
            .map(|&n| (n.max(1) as f64).log10())
            .fold(1.0f64, f64::max)
            .ceil();
        Plot {
            w: 660.0,
            h: 340.0,
            left: 64.0,
            right: 170.0,
            top: 16.0,
            bottom: 44.0,
            max_depth: depths.iter().copied().max().unwrap_or(1).max(1) as f64,
            max_log,
        }
    }

    /// A depth's x.
    fn sx(&self, d: f64) -> f64 {
        self.left + d / self.max_depth * (self.w - self.left - self.right)
    }

    /// A count's y, on the log scale.
    fn sy(&self, n: u64) -> f64 {
        self.top
            + (1.0 - (n.max(1) as f64).log10() / self.max_log) * (self.h - self.top - self.bottom)
    }

    /// The grid lines at each power of ten, the depths along the bottom, and the axes' names.
    fn axes(&self, depths: &[u32]) -> Html {
        let (w, h, left, right, top, bottom) =
            (self.w, self.h, self.left, self.right, self.top, self.bottom);
        html! {
            <>
                { for (0..=self.max_log as u32).map(|p| {
                    let y = self.sy(10u64.pow(p));
                    html! { <g class="grid"><line x1={fmt(left)} x2={fmt(w - right)} y1={fmt(y)} y2={fmt(y)} /><text x={fmt(left - 6.0)} y={fmt(y + 4.0)} class="tick-y">{ format!("10{}", superscript(p)) }</text></g> }
                }) }
                { for depths.iter().map(|&d| html! {
                    <text class="tick-x" x={fmt(self.sx(d as f64))} y={fmt(h - bottom + 16.0)}>{ d }</text>
                }) }
                <text class="axis" x={fmt((left + w - right) / 2.0)} y={fmt(h - 6.0)}>{ "solution depth" }</text>
                <text class="axis" transform={format!("rotate(-90) translate({} 14)", fmt(-(top + h - bottom) / 2.0))}>{ "nodes expanded (log scale)" }</text>
            </>
        }
    }

    /// Search `a`'s line (the `i`th in the legend): its points, a ▲ for each run over budget,
    /// and its legend entry.
    fn series(&self, i: usize, a: Algorithm, depths: &[u32], points: &Points) -> Html {
        let (w, right, top) = (self.w, self.right, self.top);
        let (shape, dash, colour) = style(a);
        let pts: Vec<(f64, f64)> = depths
            .iter()
            .filter_map(|&d| {
                points
                    .get(&(a, d))
                    .copied()
                    .flatten()
                    .map(|n| (self.sx(d as f64), self.sy(n)))
            })
            .collect();
        let line = pts
            .iter()
            .map(|(x, y)| format!("{},{}", fmt(*x), fmt(*y)))
            .collect::<Vec<_>>()
            .join(" ");
        let over: Vec<u32> = depths
            .iter()
            .copied()
            .filter(|d| points.get(&(a, *d)) == Some(&None))
            .collect();
        let ly = top + 8.0 + i as f64 * 22.0;
        html! {
            <g class="series" data-algo={a.key()}>
                <polyline points={line} fill="none" stroke={colour} stroke-width="2" stroke-dasharray={dash} />
                { for pts.iter().map(|&(x, y)| marker(shape, x, y, colour)) }
                { for over.iter().map(|&d| html! { <text class="over" x={fmt(self.sx(d as f64))} y={fmt(top + 4.0)} fill={colour}>{ "▲" }</text> }) }
                { marker(shape, w - right + 16.0, ly, colour) }
                <line x1={fmt(w - right + 26.0)} x2={fmt(w - right + 44.0)} y1={fmt(ly)} y2={fmt(ly)} stroke={colour} stroke-width="2" stroke-dasharray={dash} />
                <text class="legend-text" x={fmt(w - right + 50.0)} y={fmt(ly + 4.0)}>{ a.title() }</text>
            </g>
        }
    }
}

/// The chart's numbers, in a table that opens beneath it.
fn numbers(algorithms: &[Algorithm], depths: &[u32], points: &Points) -> Html {
    html! {
        <details>
            <summary>{ "The numbers" }</summary>
            <table class="compare-table">
                <thead><tr><th scope="col">{ "Search" }</th>{ for depths.iter().map(|d| html! { <th scope="col">{ format!("depth {d}") }</th> }) }</tr></thead>
                <tbody>{ for algorithms.iter().map(|&a| html! {
                    <tr><th scope="row">{ a.title() }</th>{ for depths.iter().map(|d| html! { <td>{ match points.get(&(a, *d)) {
                        Some(Some(n)) => n.to_string(),
                        Some(None) => "over budget".into(),
                        None => "…".into(),
                    } }</td> }) }</tr>
                }) }</tbody>
            </table>
        </details>
    }
}

/// A power of ten's exponent, as superscript digits.
fn superscript(n: u32) -> String {
    n.to_string()
        .chars()
        .map(|c| match c {
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            _ => '⁹',
        })
        .collect()
}
