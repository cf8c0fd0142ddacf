//! The blocks world's editor: the grid drawn with the mouse, touch or keys.

use super::{Action, State};
use crate::components::board::{BlocksGrid, Cell};
use crate::components::controls::on_select;
use crate::store::Store;
use arbor_app::search::{Problem, BLOCKS_PRESETS};
use arbor_puzzles::BlocksSpec;
use yew::prelude::*;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Tool {
    Agent,
    Block(char),
    Goal(char),
    Wall,
    Erase,
}

#[derive(Properties, PartialEq, Clone)]
pub(crate) struct BlocksEditorProps {
    pub text: String,
    pub heuristic: bool,
    pub dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
pub(super) fn BlocksEditorNow(props: &BlocksEditorProps) -> Html {
    crate::renders::count("BlocksEditor");
    let d = &props.dispatch;
    let tool = use_state(|| Tool::Agent);
    let spec = BlocksSpec::parse(&props.text).ok();
    let heuristic = props.heuristic;
    let on_preset = on_select(d, move |v| {
        BLOCKS_PRESETS.iter().find(|p| p.0 == v).map(|p| {
            Action::Problem(Problem::Blocks {
                text: p.2.into(),
                heuristic,
            })
        })
    });
    let Some(spec) = spec else {
        return unreadable(on_preset);
    };
    let (w, h) = (spec.width, spec.height);
    let (cells, goals) = drawing(&spec);
    let on_cell = {
        let (spec, tool, d) = (spec.clone(), *tool, d.clone());
        Callback::from(move |cell: usize| {
            if let Some(s) = placed(&spec, tool, (cell % w + 1, cell / w + 1)) {
                d.dispatch(Action::Problem(Problem::Blocks {
                    text: s.to_text(),
                    heuristic,
                }));
            }
        })
    };
    let on_heuristic = {
        let (d, text) = (d.clone(), props.text.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.dispatch(Action::Problem(Problem::Blocks {
                text: text.clone(),
                heuristic: input.checked(),
            }));
        })
    };
    html! {
        <>
            { example_and_size(&props.text, (w, h), on_preset, on_resize(d, &spec, heuristic)) }
            { tools(&spec, &tool) }
            <BlocksGrid width={w} height={h} cells={cells} goals={goals} on_cell={Some(on_cell)} title="Start grid: click a cell to place what the tool says" />
            <label class="check"><input type="checkbox" checked={heuristic} onchange={on_heuristic} />{ " Heuristic: the blocks' distance to their goals" }</label>
        </>
    }
}

/// A grid the link gave that could not be read: the examples, to choose one.
fn unreadable(on_preset: Callback<Event>) -> Html {
    html! {
        <>
            <label class="stack">{ "Example" }
                <select aria-label="Example grid" onchange={on_preset}>
                    <option value="" selected=true disabled=true>{ "Choose…" }</option>
                    { for BLOCKS_PRESETS.iter().map(|p| html! { <option value={p.0}>{ p.1 }</option> }) }
                </select>
            </label>
            <p class="error" role="alert">{ "The grid in the link could not be read; choose an example." }</p>
        </>
    }
}

/// The grid's cells and each cell's goal letter, row by row (what lies outside it left out).
fn drawing(spec: &BlocksSpec) -> (Vec<Cell>, Vec<Option<char>>) {
    let (w, h) = (spec.width, spec.height);
    let at = |(x, y): (usize, usize)| (y - 1) * w + (x - 1);
    let inside = |p: (usize, usize)| p.0 >= 1 && p.1 >= 1 && p.0 <= w && p.1 <= h;
    let mut cells = vec![Cell::Empty; w * h];
    let mut goals = vec![None; w * h];
    for &p in spec.walls.iter().filter(|&&p| inside(p)) {
        cells[at(p)] = Cell::Wall;
    }
    for &(c, p) in spec.blocks.iter().filter(|b| inside(b.1)) {
        cells[at(p)] = Cell::Block(c);
    }
    if inside(spec.agent) {
        cells[at(spec.agent)] = Cell::Agent;
    }
    for &(c, p) in spec.goals.iter().filter(|g| inside(g.1)) {
        goals[at(p)] = Some(c);
    }
    (cells, goals)
}

/// The grid after `tool` is used on cell `p` (1-based); none if the tool cannot go there (a
/// block or a wall on the agent).
fn placed(spec: &BlocksSpec, tool: Tool, p: (usize, usize)) -> Option<BlocksSpec> {
    let mut s = spec.clone();
    let clear = |s: &mut BlocksSpec| {
        s.blocks.retain(|b| b.1 != p);
        s.walls.retain(|&q| q != p);
    };
    match tool {
        Tool::Agent => {
            clear(&mut s);
            s.agent = p;
        }
        Tool::Block(c) => {
            if s.agent == p {
                return None;
            }
            clear(&mut s);
            s.blocks.retain(|b| b.0 != c);
            s.blocks.push((c, p));
            s.blocks.sort();
        }
        Tool::Goal(c) => {
            s.goals.retain(|g| g.0 != c && g.1 != p);
            s.goals.push((c, p));
            s.goals.sort();
        }
        Tool::Wall => {
            if s.agent == p {
                return None;
            }
            let was_wall = s.walls.contains(&p);
            clear(&mut s);
            if !was_wall {
                s.walls.push(p);
            }
        }
        Tool::Erase => {
            clear(&mut s);
            s.goals.retain(|g| g.1 != p);
        }
    }
    Some(s)
}

/// A size chosen: the grid cut or grown to it, what falls outside dropped (the agent back to
/// the corner).
fn on_resize(
    d: &UseReducerDispatcher<Store<State>>,
    spec: &BlocksSpec,
    heuristic: bool,
) -> Callback<Event> {
    let (spec, d) = (spec.clone(), d.clone());
    Callback::from(move |e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        let Some((nw, nh)) = select
            .value()
            .split_once('x')
            .and_then(|(a, b)| Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?)))
        else {
            return;
        };
        let inside = |p: &(usize, usize)| p.0 <= nw && p.1 <= nh;
        let mut s = spec.clone();
        s.width = nw;
        s.height = nh;
        s.blocks.retain(|b| inside(&b.1));
        s.walls.retain(inside);
        s.goals.retain(|g| inside(&g.1));
        if !inside(&s.agent) {
            s.agent = (1, 1);
        }
        d.dispatch(Action::Problem(Problem::Blocks {
            text: s.to_text(),
            heuristic,
        }));
    })
}

/// The examples (the one shown chosen, if it is one) and the grid's size.
fn example_and_size(
    text: &str,
    (w, h): (usize, usize),
    on_preset: Callback<Event>,
    on_size: Callback<Event>,
) -> Html {
    html! {
        <div class="row">
            <label>{ "Example " }
                <select aria-label="Example grid" onchange={on_preset}>
                    <option value="" selected={!BLOCKS_PRESETS.iter().any(|p| p.2 == text)} disabled=true>{ "Your own" }</option>
                    { for BLOCKS_PRESETS.iter().map(|p| html! { <option value={p.0} selected={p.2 == text}>{ p.1 }</option> }) }
                </select>
            </label>
            <label>{ "Grid " }
                <select aria-label="Grid size" onchange={on_size}>
                    { for [(3usize, 3usize), (4, 4), (5, 5), (6, 6)].into_iter().map(|(a, b)| html! {
                        <option value={format!("{a}x{b}")} selected={(a, b) == (w, h)}>{ format!("{a} × {b}") }</option>
                    }) }
                </select>
            </label>
        </div>
    }
}

/// The tools a click can place with, the chosen one pressed.
fn tools(spec: &BlocksSpec, tool: &UseStateHandle<Tool>) -> Html {
    let letters: Vec<char> = ['A', 'B', 'C', 'D']
        .into_iter()
        .filter(|c| spec.blocks.iter().any(|b| b.0 == *c) || *c <= 'D')
        .collect();
    let tool_button = |t: Tool, name: String| {
        let chosen = **tool == t;
        let tool = tool.clone();
        html! { <button type="button" class={classes!("tool", chosen.then_some("chosen"))} aria-pressed={chosen.to_string()} onclick={Callback::from(move |_| tool.set(t))}>{ name }</button> }
    };
    html! {
        <div class="tools" role="group" aria-label="What a click places">
            { tool_button(Tool::Agent, "Agent @".into()) }
            { for letters.iter().map(|&c| tool_button(Tool::Block(c), format!("Block {c}"))) }
            { for letters.iter().map(|&c| tool_button(Tool::Goal(c), format!("Goal {c}"))) }
            { tool_button(Tool::Wall, "Blocked #".into()) }
            { tool_button(Tool::Erase, "Erase".into()) }
        </div>
    }
}
