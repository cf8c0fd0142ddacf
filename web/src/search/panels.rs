//! The visualiser's panels: run status, view tools, legend, frontier and explored lists,
//! statistics, and the solution player.

use std::rc::Rc;

use arbor_puzzles::BlocksSpec;
use arbor_search::replay::SearchFrame;
use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::store::Store;

use super::{status_words, Action, Recorded, Run, State};
use crate::components::board::{BlocksGrid, Cell, PuzzleBoard};
use arbor_app::search::{path_summarised, path_words, CostUnit, Problem};
use arbor_app::search::{SearchSummary, StateView};

/// Props of [`RunStatus`].
#[derive(Properties, PartialEq)]
pub struct RunStatusProps {
    /// The run.
    pub run: Run,
    /// Nodes recorded.
    pub recorded: usize,
    /// The unit the problem's costs are counted in.
    pub costs: CostUnit,
    /// Stop the search.
    pub on_stop: Callback<MouseEvent>,
}

/// What the worker is doing, and Stop.
#[component]
pub fn RunStatus(props: &RunStatusProps) -> Html {
    crate::renders::count("RunStatus");
    let (text, busy) = match &props.run {
        Run::Idle => (String::new(), false),
        Run::Running(g, e, ms) => (
            if *g == 0 {
                "Searching…".to_string()
            } else {
                format!(
                    "Searching… {g} nodes generated, {e} expanded, {} s",
                    crate::components::tree_svg::fixed(ms / 1000.0, 1)
                )
            },
            true,
        ),
        Run::Stopped(g) if props.recorded > 0 => (
            format!("Stopped after about {g} nodes. The steps below are the part recorded before."),
            false,
        ),
        // Nothing recorded (a map search's steps come once it is done).
        Run::Stopped(0) => (
            "Stopped before the search reported its first nodes, so there are no steps to \
             show. Change a setting to search again."
                .to_string(),
            false,
        ),
        Run::Stopped(g) => (
            format!(
                "Stopped after about {g} nodes, before any step was recorded, so there are none \
                 to show. Change a setting to search again."
            ),
            false,
        ),
        Run::Done(s) => (status_words(s, props.costs), false),
        Run::Failed(m) => (m.clone(), false),
    };
    // (Drawn when empty too, with room for its longest words: the grid and the tree below it
    // stay where they are as the status changes, under a finger or a pointer mid-edit.)
    html! {
        <div class={classes!("run-status", matches!(props.run, Run::Failed(_)).then_some("failed"), text.is_empty().then_some("idle"))} role="status" aria-live="polite">
            <span>{ text }</span>
            if busy {
                <button type="button" class="stop" onclick={props.on_stop.clone()}>{ "Stop" }</button>
            }
        </div>
    }
}

/// Props of [`TreeTools`].
#[derive(Properties, PartialEq)]
pub struct TreeToolsProps {
    /// Levels shown (none: all).
    pub levels: Option<u32>,
    /// Nodes drawn.
    pub drawn: usize,
    /// Nodes generated in all.
    pub total: u64,
    /// Where actions go.
    pub dispatch: UseReducerDispatcher<Store<State>>,
}

/// Zoom, levels, and how much of the tree is shown.
#[component]
pub fn TreeTools(props: &TreeToolsProps) -> Html {
    crate::renders::count("TreeTools");
    let d = &props.dispatch;
    let on_levels = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            d.dispatch(Action::Levels(select.value().parse().ok()));
        })
    };
    html! {
        <div class="tree-tools" role="group" aria-label="View">
            <label>{ "Show " }
                <select aria-label="Levels shown" onchange={on_levels}>
                    <option value="" selected={props.levels.is_none()}>{ "all levels" }</option>
                    { for (1..=12u32).map(|l| html! { <option value={l.to_string()} selected={props.levels == Some(l)}>{ format!("{l} levels") }</option> }) }
                </select>
            </label>
            <span class="shown">{ format!("showing {} of {} nodes", props.drawn, props.total) }</span>
        </div>
    }
}

/// Props of [`Legend`].
#[derive(Properties, PartialEq)]
pub struct LegendProps {
    /// Show g + h = f.
    pub informed: bool,
}

/// What the marks mean.
#[component]
pub fn Legend(props: &LegendProps) -> Html {
    crate::renders::count("Legend");
    let sample = |class: &'static str, extra: Html| {
        html! { <svg viewBox="0 0 24 18" aria-hidden="true"><rect class={class} x="2" y="2" width="20" height="14" rx="3" />{ extra }</svg> }
    };
    html! {
        <ul class="legend" aria-label="Legend">
            <li data-legend="frontier">{ sample("lg-frontier", html! {}) }{ "frontier (dashed)" }</li>
            <li data-legend="visited generated">{ sample("lg-visited-s", html! {}) }{ "taken, not expanded yet (light fill)" }</li>
            <li data-legend="explored">{ sample("lg-explored", html! { <><circle class="lg-order" cx="4" cy="4" r="4" /></> }) }{ "explored (filled, numbered in order)" }</li>
            <li data-legend="current">{ sample("lg-current", html! {}) }{ "current (thick outline)" }</li>
            <li data-legend="not-yet">{ sample("lg-notyet", html! {}) }{ "not yet seen (dotted)" }</li>
            <li data-legend="dropped">{ sample("lg-dropped", html! { <><line class="lg-cross" x1="2" y1="2" x2="22" y2="16" /><line class="lg-cross" x1="2" y1="16" x2="22" y2="2" /></> }) }{ "dropped as a repeat (crossed)" }</li>
            <li data-legend="cut-off">{ sample("lg-cut", html! {}) }{ "cut off by a limit (hatched)" }</li>
            <li data-legend="goal">{ sample("lg-goal", html! {}) }{ "goal (double outline)" }</li>
            <li data-legend="path"><svg viewBox="0 0 24 18" aria-hidden="true"><line class="lg-pv" x1="2" y1="9" x2="22" y2="9" /></svg>{ "solution path" }</li>
            if props.informed {
                <li class="hint">{ "Under each node: g + h = f." }</li>
            }
        </ul>
    }
}

/// Props of [`Lists`].
#[derive(Properties)]
pub struct ListsProps {
    /// The recorded search.
    pub recorded: Rc<Recorded>,
    /// The current frame.
    pub frame: Rc<SearchFrame>,
}

impl PartialEq for ListsProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.recorded, &other.recorded) && Rc::ptr_eq(&self.frame, &other.frame)
    }
}

/// Frontier, explored set, counts, and each iteration's visiting order.
#[component]
pub fn Lists(props: &ListsProps) -> Html {
    crate::renders::count("Lists");
    let (r, f) = (&props.recorded, &props.frame);
    let algorithm = r.replay.algorithm();
    let name = |id: u64| {
        let n = &r.view.nodes[id as usize];
        let base = r.drawing.label(id as usize, &n.state);
        match arbor_app::search::caption::priority(algorithm, &n.info) {
            Some((name, value)) => format!("{base} ({name} {})", r.costs.show(value)),
            None => base,
        }
    };
    const SHOW: usize = 40;
    // Numbered as text (the list's own markers are cut off by its scrolling box once they
    // reach two digits); a screen reader hears the list's positions instead.
    let show = |ids: &[u64]| -> Html {
        let more = ids.len().saturating_sub(SHOW);
        html! {
            <>
                { for ids.iter().take(SHOW).enumerate().map(|(i, &id)| html! {
                    <li><span class="n" aria-hidden="true">{ format!("{}.", i + 1) }</span>{ name(id) }</li>
                }) }
                if more > 0 {
                    <li class="more">{ format!("… and {more} more") }</li>
                }
            </>
        }
    };
    let frontier_title = match algorithm {
        arbor_search::Algorithm::IdaStar => "Current path (deepest first)",
        arbor_search::Algorithm::BreadthFirst => "Frontier (a queue: front first)",
        arbor_search::Algorithm::DepthFirst
        | arbor_search::Algorithm::DepthLimited
        | arbor_search::Algorithm::IterativeDeepening => "Frontier (a stack: top first)",
        _ => "Frontier (best first)",
    };
    let rounds = f.visits.iter().filter(|(limit, _)| limit.is_some()).count() > 0;
    html! {
        <div class="lists">
            <h2>{ "Counts" }</h2>
            <table class="counts-table">
                <tbody>
                    <tr><th scope="row">{ "Expanded" }</th><td data-count="expanded">{ f.expanded }</td></tr>
                    <tr><th scope="row">{ "Generated" }</th><td data-count="generated">{ f.generated }</td></tr>
                    <tr><th scope="row">{ "In the frontier" }</th><td data-count="frontier">{ f.frontier.len() }</td></tr>
                    <tr><th scope="row">{ "Largest frontier" }</th><td data-count="peak">{ f.peak_frontier }</td></tr>
                </tbody>
            </table>
            <h2>{ frontier_title }</h2>
            <ol class="node-list frontier-list" aria-label="Frontier" tabindex="0">{ show(&f.frontier) }</ol>
            <h2>{ "Explored, in order" }</h2>
            <ol class="node-list explored-list" aria-label="Explored" tabindex="0">{ show(&f.explored) }</ol>
            if rounds {
                <h2>{ "Iterations: the order nodes were visited" }</h2>
                <ol class="rounds" aria-label="Iterations">
                    { for f.visits.iter().map(|(limit, ids)| html! {
                        <li data-limit={limit.map(|l| l.to_string())}>
                            <strong>{ match (algorithm, limit) {
                                (arbor_search::Algorithm::IdaStar, Some(l)) => format!("f ≤ {}: ", r.costs.show(*l)),
                                (_, Some(l)) => format!("Depth {l}: "),
                                _ => String::new(),
                            } }</strong>
                            <span class="order">{ ids.iter().take(60).map(|&id| r.drawing.label(id as usize, &r.view.nodes[id as usize].state)).collect::<Vec<_>>().join(" ") }</span>
                            if ids.len() > 60 { { " …" } }
                        </li>
                    }) }
                </ol>
            }
        </div>
    }
}

/// Props of [`Solution`].
#[derive(Properties, PartialEq)]
pub struct SolutionProps {
    /// The finished search.
    pub summary: SearchSummary,
    /// The problem.
    pub problem: Problem,
    /// The unit the problem's costs are counted in.
    pub costs: CostUnit,
}

/// The solution found, played move by move on the board.
#[component]
pub fn Solution(props: &SolutionProps) -> Html {
    crate::renders::count("Solution");
    let states = &props.summary.states;
    let last = states.len().saturating_sub(1);
    let (at, playing) = use_player(&props.summary, last);
    if states.is_empty() || matches!(props.problem, Problem::Graph { .. }) {
        return html! {};
    }
    if matches!(props.problem, Problem::Grid(_)) {
        // The path is drawn on the grid itself.
        return html! {
            <section class="solution" aria-label="The solution">
                <h2>{ format!("The path: {} moves, cost {}", last, props.costs.show(props.summary.cost)) }</h2>
                { moves("Moves (a number after an arrow: cells crossed by a jump): ", &props.summary.actions) }
            </section>
        };
    }
    let k = (*at).min(last);
    html! {
        <section class="solution" aria-label="The solution">
            <h2>{ format!("The solution, move by move ({k} of {last})") }</h2>
            { board(&props.problem, &states[k], k, last) }
            { player_controls(&at, &playing, k, last) }
            { moves("Moves of the blank (or the agent): ", &props.summary.actions) }
        </section>
    }
}

/// A solution's moves after `head`: all of them, or if there are many, the first and last
/// few and the whole list on request.
fn moves(head: &'static str, actions: &[String]) -> Html {
    html! {
        <>
            <p class="moves">{ head }<code>{ path_words(actions, " ") }</code></p>
            if path_summarised(actions.len()) {
                <details class="whole-path">
                    <summary>{ format!("Show all {} moves", arbor_util::group_thousands(actions.len() as u64)) }</summary>
                    <p class="path-text"><code>{ actions.join(" ") }</code></p>
                </details>
            }
        </>
    }
}

/// The solution's player: the position shown (back to the start for a new solution), and
/// whether it plays, a move every half second until the last, `last`.
#[hook]
fn use_player(
    summary: &SearchSummary,
    last: usize,
) -> (UseStateHandle<usize>, UseStateHandle<bool>) {
    let at = use_state(|| 0usize);
    let playing = use_state(|| false);
    {
        let (at, playing) = (at.clone(), playing.clone());
        use_effect_with((*playing, *at), move |&(on, now)| {
            let timer = (on && now < last).then(|| {
                let at = at.clone();
                Interval::new(500, move || at.set((now + 1).min(last)))
            });
            if now >= last && on {
                playing.set(false);
            }
            move || drop(timer)
        });
    }
    {
        let at = at.clone();
        use_effect_with(summary.clone(), move |_| at.set(0));
    }
    (at, playing)
}

/// The board after `k` of the solution's `last` moves: the puzzle's tiles, or the blocks
/// world's grid.
fn board(problem: &Problem, state: &StateView, k: usize, last: usize) -> Html {
    match (problem, state) {
        (Problem::Puzzle { cols, .. }, StateView::Tiles(t)) => html! {
            <PuzzleBoard cols={*cols} tiles={t.clone()} title={format!("The board after {k} of {last} moves")} />
        },
        (Problem::Blocks { text, .. }, StateView::Blocks { agent, blocks }) => {
            match BlocksSpec::parse(text) {
                Ok(spec) => {
                    let (w, h) = (spec.width, spec.height);
                    let (cells, goals) = blocks_drawing(&spec, *agent, blocks);
                    html! { <BlocksGrid width={w} height={h} cells={cells} goals={goals} title={format!("The grid after {k} of {last} moves")} /> }
                }
                Err(_) => html! {},
            }
        }
        _ => html! {},
    }
}

/// The blocks world's cells with the agent and the blocks (in the spec's order) at these
/// cells, and each cell's goal letter.
fn blocks_drawing(spec: &BlocksSpec, agent: u8, blocks: &[u8]) -> (Vec<Cell>, Vec<Option<char>>) {
    let (w, h) = (spec.width, spec.height);
    let mut cells = vec![Cell::Empty; w * h];
    for &(x, y) in &spec.walls {
        cells[(y - 1) * w + (x - 1)] = Cell::Wall;
    }
    for (i, &c) in blocks.iter().enumerate() {
        if let Some(&(name, _)) = spec.blocks.get(i) {
            cells[c as usize] = Cell::Block(name);
        }
    }
    cells[agent as usize] = Cell::Agent;
    let mut goals = vec![None; w * h];
    for &(c, (x, y)) in &spec.goals {
        goals[(y - 1) * w + (x - 1)] = Some(c);
    }
    (cells, goals)
}

/// First, previous, play or pause, next and last, at position `k` of `last`.
fn player_controls(
    at: &UseStateHandle<usize>,
    playing: &UseStateHandle<bool>,
    k: usize,
    last: usize,
) -> Html {
    let go = |to: usize| {
        let at = at.clone();
        Callback::from(move |_: MouseEvent| at.set(to))
    };
    let toggle = {
        let (playing, at) = (playing.clone(), at.clone());
        Callback::from(move |_: MouseEvent| {
            if *at >= last {
                at.set(0);
            }
            playing.set(!*playing);
        })
    };
    let playing = **playing;
    html! {
        <div class="controls">
            <button type="button" aria-label="First position" onclick={go(0)} disabled={k == 0}>{ "⟨⟨" }</button>
            <button type="button" aria-label="Previous move" onclick={go(k.saturating_sub(1))} disabled={k == 0}>{ "⟨" }</button>
            <button type="button" aria-label={if playing { "Pause the solution" } else { "Play the solution" }} onclick={toggle}>{ if playing { "Pause" } else { "Play" } }</button>
            <button type="button" aria-label="Next move" onclick={go((k + 1).min(last))} disabled={k == last}>{ "⟩" }</button>
            <button type="button" aria-label="Last position" onclick={go(last)} disabled={k == last}>{ "⟩⟩" }</button>
        </div>
    }
}
