//! One board's every estimate beside its true distance, with the pattern database's groups
//! drawn on the board.

use yew::prelude::*;

use arbor_app::heuristics::{EstimatesView, Truth};
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

/// Props of [`Estimates`].
#[derive(Properties, PartialEq)]
pub(super) struct EstimatesProps {
    /// The board's estimates and true distance.
    pub view: std::rc::Rc<EstimatesView>,
}

/// The board and its estimates.
#[component]
pub(super) fn Estimates(props: &EstimatesProps) -> Html {
    crate::renders::count("Estimates");
    let v = &props.view;
    html! {
        <div class="lab-board">
            <figure>
                { board(v) }
                <figcaption>{ database_words(v) }</figcaption>
            </figure>
            { estimates_table(v) }
            <p class="hint">{ "True distance: " }{ truth_words(v) }{ ". An admissible heuristic never goes past it; the closer it comes, the fewer nodes A* and IDA* look at." }</p>
        </div>
    }
}

/// The true distance, if it is known.
fn truth(v: &EstimatesView) -> Option<u32> {
    match v.truth {
        Truth::Exact(d) => Some(d),
        Truth::Solved { length, .. } => Some(length),
        _ => None,
    }
}

/// The board, each tile coloured and lettered by its group in the pattern database.
fn board(v: &EstimatesView) -> Html {
    let group_of = |tile: u8| v.groups.iter().position(|g| g.contains(&tile));
    let tile = |t: u8| {
        if t == 0 {
            html! { <span class="tile blank"></span> }
        } else {
            let g = group_of(t);
            let style = g.map(|g| format!("background: {}", GROUPS[g % GROUPS.len()].0));
            html! { <span class="tile" style={style}>{ t }
                if let Some(g) = g { <sub class="group-tag">{ GROUPS[g % GROUPS.len()].1 }</sub> }
            </span> }
        }
    };
    html! {
        <div class="puzzle-board" role="img" style={format!("grid-template-columns: repeat({}, 2.6rem)", v.cols)}
            aria-label={format!("The board, row by row: {}", v.tiles.iter().map(|t| if *t == 0 { "blank".to_string() } else { t.to_string() }).collect::<Vec<_>>().join(", "))}>
            { for v.tiles.iter().map(|&t| tile(t)) }
        </div>
    }
}

/// The pattern database used, and its groups.
fn database_words(v: &EstimatesView) -> String {
    match (v.database.as_str(), v.groups.len()) {
        ("", _) => "No pattern database for a board this large.".to_string(),
        ("exact", _) => "The exact database: the whole board is one pattern.".to_string(),
        (name, _) => format!(
            "The {name} additive pattern database: {}.",
            v.groups
                .iter()
                .enumerate()
                .map(|(i, g)| format!(
                    "group {} = tiles {}",
                    GROUPS[i % GROUPS.len()].1,
                    g.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
                ))
                .collect::<Vec<_>>()
                .join("; ")
        ),
    }
}

/// Each heuristic's estimate and the true distance, with bars on one scale.
fn estimates_table(v: &EstimatesView) -> Html {
    let truth = truth(v);
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
    let shares = shares_words(v);
    html! {
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
    }
}

/// Each group's share of the pattern database's estimate ("A 12 + B 9 + C 4"), when there
/// are groups to share it.
fn shares_words(v: &EstimatesView) -> String {
    if v.shares.len() > 1 {
        v.shares
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {s}", GROUPS[i % GROUPS.len()].1))
            .collect::<Vec<_>>()
            .join(" + ")
    } else {
        String::new()
    }
}

/// How the true distance was found, or why it was not.
fn truth_words(v: &EstimatesView) -> String {
    match &v.truth {
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
    }
}
