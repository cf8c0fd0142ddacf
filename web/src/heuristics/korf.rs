//! Korf's 100 15-puzzles solved in this tab: the progress, and a row per instance solved.

use yew::prelude::*;

use arbor_app::heuristics::KorfRow;
use arbor_util::group_thousands;

/// Props of [`Korf`].
#[derive(Properties, PartialEq)]
pub(super) struct KorfProps {
    /// The instances solved so far.
    pub korf: Vec<KorfRow>,
    /// Whether the run goes on.
    pub running: bool,
    /// The pattern database being built: how far, and which.
    pub building: Option<(f64, String)>,
    /// What the run is doing or did.
    pub status: Option<String>,
    /// Instances asked for.
    pub of: u32,
}

/// The run's progress and the instances solved, the latest first.
#[component]
pub(super) fn Korf(props: &KorfProps) -> Html {
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
