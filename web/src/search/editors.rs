//! The problem panel: choose and edit the problem, and the search's options.

use super::{BlocksEditor, GridSettings, PuzzleEditor};
use arbor_search::{Algorithm, Mode, TieBreak, GRAPH_PRESETS};
use yew::prelude::*;

use crate::components::controls::on_select;
use crate::store::Store;

use super::{Action, State};
use std::rc::Rc;

use arbor_app::search::heuristic_note::HeuristicNote;
use arbor_app::search::{Problem, Settings};

/// What is searched and how, first on the page: the kind of problem, the example (trees and
/// graphs), and the algorithm. The problem's own settings and the search's options follow in
/// [`ProblemPanel`]. (A function, not a component: it is drawn with the page.)
pub(super) fn choice(s: &Settings, text: &str, d: &UseReducerDispatcher<Store<State>>) -> Html {
    html! {
        <>
            <h2>{ "Problem and search" }</h2>
            { kind_tabs(s.problem.kind(), d) }
            <div class="menus">
                if matches!(s.problem, Problem::Graph { .. }) {
                    { example_menu(text, d) }
                }
                { algorithm_menu(s, d) }
            </div>
        </>
    }
}

/// Props of [`ProblemPanel`].
#[derive(Properties, PartialEq)]
pub struct ProblemPanelProps {
    /// The settings.
    pub settings: Settings,
    /// The graph text box.
    pub text: String,
    /// What is wrong with the problem.
    pub error: Option<String>,
    /// A typed graph's heuristic check.
    pub heuristic: Option<Rc<HeuristicNote>>,
    /// Where actions go.
    pub dispatch: UseReducerDispatcher<Store<State>>,
}

/// The problem in detail (its text, board or grid, and its heuristic) and the search's
/// options.
#[component]
pub fn ProblemPanel(props: &ProblemPanelProps) -> Html {
    crate::renders::count("ProblemPanel");
    let d = &props.dispatch;
    let s = &props.settings;
    html! {
        <>
            { editor(props) }
            if let Some(e) = &props.error {
                <p class="error" role="alert">{ e.clone() }</p>
            }
            if let Some(note) = &props.heuristic {
                <HeuristicPanel note={note.clone()} />
            }
            <h2>{ "Search options" }</h2>
            if s.tie_applies() {
                { tie_menu(s, d) }
            }
            { mode_menu(s, d) }
            if s.cycle_check_applies() {
                { cycle_check(s, d) }
            }
            if matches!(s.algorithm, Algorithm::DepthLimited | Algorithm::IterativeDeepening | Algorithm::DepthFirst) {
                { depth_menu(s, d) }
            }
        </>
    }
}

/// The kinds of problem, as tabs; choosing one opens its default problem.
fn kind_tabs(kind: &str, d: &UseReducerDispatcher<Store<State>>) -> Html {
    let choose = |k: &'static str| {
        let d = d.clone();
        Callback::from(move |_: Event| d.dispatch(Action::Problem(Problem::default_of(k))))
    };
    html! {
        <div class="tabs" role="radiogroup" aria-label="Kind of problem">
            // (A phone shows the short name, which the full one, the radio's name, contains.)
            { for [("graph", "Tree or graph", "Graph"), ("puzzle", "Sliding puzzle", "Puzzle"), ("blocks", "Blocks world", "Blocks"), ("grid", "Grid", "Grid")].into_iter().map(|(k, name, short)| html! {
                <label class={classes!("tab", (kind == k).then_some("chosen"))}>
                    <input type="radio" name="problem-kind" value={k} aria-label={name} checked={kind == k} onchange={choose(k)} />
                    <span class="full" aria-hidden="true">{ name }</span><span class="short" aria-hidden="true">{ short }</span>
                </label>
            }) }
        </div>
    }
}

/// The editor of the problem's kind.
fn editor(props: &ProblemPanelProps) -> Html {
    let d = &props.dispatch;
    match &props.settings.problem {
        Problem::Graph { .. } => {
            html! { <GraphEditor text={props.text.clone()} dispatch={d.clone()} /> }
        }
        Problem::Puzzle {
            rows,
            cols,
            tiles,
            blank_first,
            heuristic,
        } => html! {
            <PuzzleEditor rows={*rows} cols={*cols} tiles={tiles.clone()} blank_first={*blank_first} heuristic={*heuristic} dispatch={d.clone()} />
        },
        Problem::Blocks { text, heuristic } => {
            html! { <BlocksEditor text={text.clone()} heuristic={*heuristic} dispatch={d.clone()} /> }
        }
        Problem::Grid(spec) => {
            html! { <GridSettings spec={spec.clone()} algorithm={props.settings.algorithm} dispatch={d.clone()} /> }
        }
    }
}

/// The search menu.
fn algorithm_menu(s: &Settings, d: &UseReducerDispatcher<Store<State>>) -> Html {
    let on_algo = on_select(d, |v| Algorithm::from_key(v).map(Action::Algorithm));
    html! {
        <label class="stack">{ "Algorithm" }
            <select aria-label="Algorithm" onchange={on_algo}>
                { for Algorithm::ALL.iter().map(|a| html! { <option value={a.key()} selected={*a == s.algorithm}>{ a.title() }</option> }) }
            </select>
        </label>
    }
}

/// The tie rule of uniform cost, greedy and A*, the search's usual one marked, and what ties
/// are there.
fn tie_menu(s: &Settings, d: &UseReducerDispatcher<Store<State>>) -> Html {
    let on_tie = on_select(d, |v| TieBreak::from_key(v).map(Action::Tie));
    let usual = TieBreak::usual(s.algorithm);
    let tie_hint = match s.algorithm {
        Algorithm::UniformCost => "Which frontier node goes first when several have the same g. The caption says when a tie decided.",
        Algorithm::Greedy => "Which frontier node goes first when several have the same h. Greedy's priority is h already, so “lowest h” is the same as oldest first.",
        _ => "Which frontier node goes first when several have the same f. The caption says when a tie decided.",
    };
    html! {
        <>
            <label class="stack">{ "Ties" }
                <select aria-label="Ties" onchange={on_tie}>
                    { for TieBreak::ALL.iter().map(|&t| html! {
                        <option value={t.key()} selected={t == s.tie}>{ tie_name(t) }{ if t == usual { " — usual" } else { "" } }</option>
                    }) }
                </select>
            </label>
            <p class="hint">{ tie_hint }</p>
        </>
    }
}

/// Tree or graph search (IDA* is always a tree search, and says so).
fn mode_menu(s: &Settings, d: &UseReducerDispatcher<Store<State>>) -> Html {
    let on_mode = on_select(d, |v| {
        Some(Action::Mode(if v == "tree" {
            Mode::Tree
        } else {
            Mode::Graph
        }))
    });
    let graph_rule = if s.limited() {
        "Graph search: skip states explored no deeper"
    } else {
        "Graph search: skip states already reached"
    };
    html! {
        <>
            <label class="stack">{ "Repeated states" }
                <select aria-label="Tree or graph search" onchange={on_mode} disabled={!s.mode_applies()}>
                    <option value="graph" selected={s.mode == Mode::Graph}>{ graph_rule }</option>
                    <option value="tree" selected={s.mode == Mode::Tree}>{ "Tree search: no memory of states" }</option>
                </select>
            </label>
            if !s.mode_applies() {
                <p class="hint">{ "IDA* keeps only the current path: it is always a tree search." }</p>
            }
        </>
    }
}

/// The check for cycles. IDA* drops only a move straight back to the parent (Korf's
/// predecessor elimination); the depth-first searches check the whole current path.
fn cycle_check(s: &Settings, d: &UseReducerDispatcher<Store<State>>) -> Html {
    let on_cycles = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.dispatch(Action::Cycles(input.checked()));
        })
    };
    html! {
        <label class="check"><input type="checkbox" checked={s.cycle_check} onchange={on_cycles} />{
            if s.algorithm == Algorithm::IdaStar { " Skip a move straight back to the parent" } else { " Skip moves back onto the current path" }
        }</label>
    }
}

/// The depth limit of the depth-first searches, or iterative deepening's deepest iteration.
fn depth_menu(s: &Settings, d: &UseReducerDispatcher<Store<State>>) -> Html {
    let on_depth = on_select(d, |v| Some(Action::Depth(v.parse().ok())));
    html! {
        <label class="stack">{ if s.algorithm == Algorithm::IterativeDeepening { "Deepest iteration" } else { "Depth limit" } }
            <select aria-label="Depth limit" onchange={on_depth}>
                <option value="" selected={s.depth.is_none()}>{ if s.algorithm == Algorithm::DepthLimited { "3 (default)" } else { "None" } }</option>
                { for (0..=30u32).map(|k| html! { <option value={k.to_string()} selected={s.depth == Some(k)}>{ k }</option> }) }
            </select>
        </label>
    }
}

/// A tie rule in the menu.
fn tie_name(t: TieBreak) -> &'static str {
    match t {
        TieBreak::Fifo => "Oldest first (FIFO)",
        TieBreak::Lifo => "Newest first (LIFO)",
        TieBreak::LowestH => "Lowest h, then oldest",
    }
}

#[derive(Properties, PartialEq)]
struct GraphEditorProps {
    text: String,
    dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
fn GraphEditor(props: &GraphEditorProps) -> Html {
    crate::renders::count("GraphEditor");
    let d = &props.dispatch;
    let preset = GRAPH_PRESETS.iter().find(|p| p.text == props.text);
    let on_text = {
        let d = d.clone();
        Callback::from(move |e: InputEvent| {
            let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            d.dispatch(Action::Text(area.value()));
        })
    };
    html! {
        <>
            if let Some(p) = preset {
                <p class="hint example-notes">{ p.notes }</p>
            }
            <label class="stack" for="graph-text">{ "Tree or graph as text" }</label>
            <textarea id="graph-text" class="tree-text" rows="6" spellcheck="false" value={props.text.clone()} oninput={on_text} />
            <p class="hint">{ "A tree: A[B[D E] C], then “goal E”. A graph: lines like “A -- B:4 C:2” (both ways) or “A -> B” (one way), “h A=5” for heuristic values, “start A”, “goal E”." }</p>
        </>
    }
}

/// The example trees and graphs (the text box's own, once edited, is none of them).
fn example_menu(text: &str, d: &UseReducerDispatcher<Store<State>>) -> Html {
    let preset = GRAPH_PRESETS.iter().find(|p| p.text == text);
    let on_preset = on_select(d, |v| {
        GRAPH_PRESETS.iter().find(|p| p.id == v).map(|p| {
            Action::Problem(Problem::Graph {
                text: p.text.into(),
            })
        })
    });
    html! {
        <label class="stack">{ "Example" }
            <select aria-label="Example problem" onchange={on_preset}>
                <option value="" selected={preset.is_none()} disabled=true>{ "Your own (below)" }</option>
                { for GRAPH_PRESETS.iter().map(|p| html! { <option value={p.id} selected={preset == Some(p)}>{ p.title }</option> }) }
            </select>
        </label>
    }
}

#[derive(Properties, PartialEq)]
struct HeuristicPanelProps {
    note: Rc<HeuristicNote>,
}

/// Is the graph's heuristic admissible and consistent, and if not, where not.
#[component]
fn HeuristicPanel(props: &HeuristicPanelProps) -> Html {
    crate::renders::count("HeuristicPanel");
    let n = &props.note;
    let clean = n.admissible && n.consistent;
    html! {
        <section class={classes!("heuristic-check", (!clean).then_some("faulty"))} aria-labelledby="heuristic-check-title">
            <h3 id="heuristic-check-title">{ "Heuristic check" }</h3>
            <p class="verdict" role="status" aria-live="polite">{ n.verdict.clone() }</p>
            if let Some(alone) = &n.unreachable {
                <p class="unreachable">{ alone.clone() }</p>
            }
            if !n.faults.is_empty() {
                <ul class="faults">
                    { for n.faults.iter().map(|f| html! { <li>{ f.clone() }</li> }) }
                    if n.more > 0 {
                        <li class="more">{ format!("… and {} more", n.more) }</li>
                    }
                </ul>
            }
            <p class="hint">{ n.meaning.clone() }</p>
        </section>
    }
}
