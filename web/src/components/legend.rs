//! The legend under a game tree: shapes, standings and how values read.

use arbor_app::alphabeta::Perspective;
use yew::prelude::*;

/// Props of [`Legend`].
#[derive(Properties, PartialEq)]
pub struct LegendProps {
    /// Whose view the values are from.
    pub perspective: Perspective,
    /// Players of the tree.
    pub players: usize,
    /// The tree has chance nodes (values are expectations).
    #[prop_or_default]
    pub chance: bool,
}

/// The legend under a game tree.
#[component]
pub fn Legend(props: &LegendProps) -> Html {
    crate::renders::count("Legend");
    html! {
        <ul class="legend" aria-label="Legend">
            if props.players > 2 {
                <li><svg viewBox="-12 -12 24 24" aria-hidden="true"><rect class="lg-max" x="-11" y="-7" width="22" height="14" rx="7" /></svg>{ "a player's node (whose turn is written above it)" }</li>
            } else {
                <li>{ max_icon() }{ "MAX node" }</li>
                <li>{ min_icon() }{ "MIN node" }</li>
            }
            if props.chance {
                <li><svg viewBox="-12 -12 24 24" aria-hidden="true"><rect class="lg-chance" x="-11" y="-7" width="22" height="14" rx="7" /></svg>{ "chance node: the expected value of its children" }</li>
            }
            <li>{ square_icon("lg-leaf") }{ "leaf" }</li>
            <li data-legend="unvisited">{ square_icon("lg-leaf") }{ "not reached yet (white)" }</li>
            <li data-legend="current">{ square_icon("lg-current") }{ "current (thick outline)" }</li>
            <li data-legend="visited">{ square_icon("lg-visited") }{ "visited (filled)" }</li>
            <li data-legend="pruned"><svg viewBox="-12 -12 24 24" aria-hidden="true"><rect class="lg-pruned" x="-8" y="-8" width="16" height="16" /><line class="lg-hatch" x1="-8" y1="8" x2="8" y2="-8" /></svg>{ "pruned (dashed, hatched; edge cut ✂)" }</li>
            <li data-legend="principal">{ path_icon() }{ "principal variation" }</li>
            if props.players == 2 && !props.chance {
                <li data-legend="table"><span class="lg-tt" aria-hidden="true">{ "TT" }</span>{ " answered by the transposition table" }</li>
            }
            <li class="hint">{ match (props.perspective, props.players > 2) {
                _ if props.chance => "Values are for MAX, to two decimals (the caption gives exact fractions); ≥ and ≤ mark bounds.",
                (_, true) => "Each vector holds one utility per player: (A, B, C).",
                (Perspective::Max, _) => "Values are for MAX; ≥ and ≤ mark bounds.",
                (Perspective::Mover, _) => "Negamax: each value is for the player to move there.",
            } }</li>
        </ul>
    }
}

/// The legend's picture of MAX's triangle.
pub fn max_icon() -> Html {
    html! { <svg viewBox="-12 -12 24 24" aria-hidden="true"><polygon class="lg-max" points="0,-10 10,7 -10,7" /></svg> }
}

/// The legend's picture of MIN's triangle.
pub fn min_icon() -> Html {
    html! { <svg viewBox="-12 -12 24 24" aria-hidden="true"><polygon class="lg-min" points="0,10 10,-7 -10,-7" /></svg> }
}

/// The legend's picture of a leaf, filled as `class` says (`lg-leaf`, `lg-current`, …).
pub fn square_icon(class: &'static str) -> Html {
    html! { <svg viewBox="-12 -12 24 24" aria-hidden="true"><rect {class} x="-8" y="-8" width="16" height="16" /></svg> }
}

/// The legend's picture of the principal variation's line.
pub fn path_icon() -> Html {
    html! { <svg viewBox="-12 -12 24 24" aria-hidden="true"><line class="lg-pv" x1="-10" y1="0" x2="10" y2="0" /></svg> }
}
