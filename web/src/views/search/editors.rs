//! The problem panel: choose and edit the problem, and the search's options.

use arbor_puzzles::{BlocksSpec, Dir, Heuristic, NPuzzle};
use arbor_search::{Algorithm, Mode, GRAPH_PRESETS};
use yew::prelude::*;

use crate::components::controls::on_select;
use crate::store::Store;

use super::{Action, State};
use crate::components::board::{BlocksGrid, Cell, PuzzleBoard};
use arbor_app::explore::{Problem, Settings, BLOCKS_PRESETS};

/// Props of [`ProblemPanel`].
#[derive(Properties, PartialEq)]
pub struct ProblemPanelProps {
    /// The settings.
    pub settings: Settings,
    /// The graph text box.
    pub text: String,
    /// What is wrong with the problem.
    pub error: Option<String>,
    /// Where actions go.
    pub dispatch: UseReducerDispatcher<Store<State>>,
}

/// The panel.
#[component]
pub fn ProblemPanel(props: &ProblemPanelProps) -> Html {
    let d = &props.dispatch;
    let s = &props.settings;
    let kind = s.problem.kind();
    let choose = |k: &'static str| {
        let d = d.clone();
        Callback::from(move |_: Event| {
            d.dispatch(Action::Problem(match k {
                "puzzle" => Problem::eight(12, 1),
                "blocks" => Problem::Blocks {
                    text: BLOCKS_PRESETS[0].2.into(),
                    heuristic: true,
                },
                _ => Problem::seed_tree(),
            }))
        })
    };
    let editor = match &s.problem {
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
    };
    let on_algo = on_select(d, |v| Algorithm::from_key(v).map(Action::Algorithm));
    let on_mode = on_select(d, |v| {
        Some(Action::Mode(if v == "tree" {
            Mode::Tree
        } else {
            Mode::Graph
        }))
    });
    let on_depth = on_select(d, |v| Some(Action::Depth(v.parse().ok())));
    let on_cycles = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.dispatch(Action::Cycles(input.checked()));
        })
    };
    let graph_rule = if s.limited() {
        "Graph search: skip states explored no deeper"
    } else {
        "Graph search: skip states already reached"
    };
    html! {
        <>
            <h2>{ "Problem" }</h2>
            <div class="tabs" role="radiogroup" aria-label="Kind of problem">
                { for [("graph", "Tree or graph"), ("puzzle", "Sliding puzzle"), ("blocks", "Blocks world")].into_iter().map(|(k, name)| html! {
                    <label class={classes!("tab", (kind == k).then_some("chosen"))}>
                        <input type="radio" name="problem-kind" value={k} checked={kind == k} onchange={choose(k)} />{ name }
                    </label>
                }) }
            </div>
            { editor }
            if let Some(e) = &props.error {
                <p class="error" role="alert">{ e.clone() }</p>
            }
            <h2>{ "Search" }</h2>
            <label class="stack">{ "Algorithm" }
                <select aria-label="Algorithm" onchange={on_algo}>
                    { for Algorithm::ALL.iter().map(|a| html! { <option value={a.key()} selected={*a == s.algorithm}>{ a.title() }</option> }) }
                </select>
            </label>
            <label class="stack">{ "Repeated states" }
                <select aria-label="Tree or graph search" onchange={on_mode} disabled={!s.mode_applies()}>
                    <option value="graph" selected={s.mode == Mode::Graph}>{ graph_rule }</option>
                    <option value="tree" selected={s.mode == Mode::Tree}>{ "Tree search: no memory of states" }</option>
                </select>
            </label>
            if !s.mode_applies() {
                <p class="hint">{ "IDA* keeps only the current path: it is always a tree search." }</p>
            }
            if s.cycle_check_applies() {
                <label class="check"><input type="checkbox" checked={s.cycle_check} onchange={on_cycles} />{ " Skip moves back onto the current path" }</label>
            }
            if matches!(s.algorithm, Algorithm::DepthLimited | Algorithm::IterativeDeepening | Algorithm::DepthFirst) {
                <label class="stack">{ if s.algorithm == Algorithm::IterativeDeepening { "Deepest iteration" } else { "Depth limit" } }
                    <select aria-label="Depth limit" onchange={on_depth}>
                        <option value="" selected={s.depth.is_none()}>{ if s.algorithm == Algorithm::DepthLimited { "3 (default)" } else { "None" } }</option>
                        { for (0..=30u32).map(|k| html! { <option value={k.to_string()} selected={s.depth == Some(k)}>{ k }</option> }) }
                    </select>
                </label>
            }
        </>
    }
}

#[derive(Properties, PartialEq)]
struct GraphEditorProps {
    text: String,
    dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
fn GraphEditor(props: &GraphEditorProps) -> Html {
    let d = &props.dispatch;
    let preset = GRAPH_PRESETS.iter().find(|p| p.text == props.text);
    let on_preset = on_select(d, |v| {
        GRAPH_PRESETS.iter().find(|p| p.id == v).map(|p| {
            Action::Problem(Problem::Graph {
                text: p.text.into(),
            })
        })
    });
    let on_text = {
        let d = d.clone();
        Callback::from(move |e: InputEvent| {
            let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            d.dispatch(Action::Text(area.value()));
        })
    };
    html! {
        <>
            <label class="stack">{ "Example" }
                <select aria-label="Example problem" onchange={on_preset}>
                    <option value="" selected={preset.is_none()} disabled=true>{ "Your own (below)" }</option>
                    { for GRAPH_PRESETS.iter().map(|p| html! { <option value={p.id} selected={preset == Some(p)}>{ p.title }</option> }) }
                </select>
            </label>
            if let Some(p) = preset {
                <p class="hint">{ p.notes }</p>
            }
            <label class="stack" for="graph-text">{ "Tree or graph as text" }</label>
            <textarea id="graph-text" class="tree-text" rows="6" spellcheck="false" value={props.text.clone()} oninput={on_text} />
            <p class="hint">{ "A tree: A[B[D E] C], then “goal E”. A graph: lines like “A -- B:4 C:2” (both ways) or “A -> B” (one way), “h A=5” for heuristic values, “start A”, “goal E”." }</p>
        </>
    }
}

#[derive(Properties, PartialEq)]
struct PuzzleEditorProps {
    rows: u8,
    cols: u8,
    tiles: Vec<u8>,
    blank_first: bool,
    heuristic: Heuristic,
    dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
fn PuzzleEditor(props: &PuzzleEditorProps) -> Html {
    let d = &props.dispatch;
    let moves = use_state(|| 12u32);
    let seed = use_state(|| 1u64);
    let typed_error = use_state(|| None::<String>);
    let p = |tiles: Vec<u8>, rows: u8, cols: u8, blank_first: bool, heuristic: Heuristic| {
        Problem::Puzzle {
            rows,
            cols,
            tiles,
            blank_first,
            heuristic,
        }
    };
    let (rows, cols, blank_first, heuristic) =
        (props.rows, props.cols, props.blank_first, props.heuristic);
    let shuffled = move |rows: u8,
                         cols: u8,
                         moves: u32,
                         seed: u64,
                         blank_first: bool,
                         heuristic: Heuristic| {
        let goal = Problem::goal_tiles(rows, cols, blank_first);
        let tiles = NPuzzle::new(rows as usize, cols as usize, &goal, &goal, heuristic)
            .map(|q| q.shuffled(moves, seed).start_tiles())
            .unwrap_or(goal);
        p(tiles, rows, cols, blank_first, heuristic)
    };
    let on_cell = {
        let (d, tiles) = (d.clone(), props.tiles.clone());
        Callback::from(move |cell: usize| {
            // A tile next to the blank slides into it.
            let Some(blank) = tiles.iter().position(|&t| t == 0) else {
                return;
            };
            let adjacent = [Dir::Up, Dir::Down, Dir::Left, Dir::Right]
                .into_iter()
                .any(|d| d.step(blank, cols as usize, rows as usize) == Some(cell));
            if adjacent {
                let mut next = tiles.clone();
                next.swap(cell, blank);
                d.dispatch(Action::Problem(p(next, rows, cols, blank_first, heuristic)));
            }
        })
    };
    let on_size = on_select(d, move |v| {
        let (r, c) = v.split_once('x')?;
        let (r, c) = (r.parse().ok()?, c.parse().ok()?);
        Some(Action::Problem(shuffled(
            r,
            c,
            12,
            1,
            blank_first,
            heuristic,
        )))
    });
    let on_goal = {
        let tiles = props.tiles.clone();
        on_select(d, move |v| {
            Some(Action::Problem(p(
                tiles.clone(),
                rows,
                cols,
                v == "first",
                heuristic,
            )))
        })
    };
    let on_heuristic = {
        let tiles = props.tiles.clone();
        on_select(d, move |v| {
            let h = Heuristic::ALL.into_iter().find(|h| h.key() == v)?;
            Some(Action::Problem(p(
                tiles.clone(),
                rows,
                cols,
                blank_first,
                h,
            )))
        })
    };
    let on_moves = {
        let moves = moves.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(m) = select.value().parse() {
                moves.set(m);
            }
        })
    };
    let on_shuffle = {
        let (d, moves, seed) = (d.clone(), moves.clone(), seed.clone());
        Callback::from(move |_: MouseEvent| {
            let next = *seed + 1;
            seed.set(next);
            d.dispatch(Action::Problem(shuffled(
                rows,
                cols,
                *moves,
                next,
                blank_first,
                heuristic,
            )));
        })
    };
    let on_typed = {
        let (d, typed_error) = (d.clone(), typed_error.clone());
        let n = rows as usize * cols as usize;
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            match arbor_puzzles::parse_tiles(&input.value()) {
                Ok(t) if t.len() == n => {
                    typed_error.set(None);
                    d.dispatch(Action::Problem(p(t, rows, cols, blank_first, heuristic)));
                }
                Ok(t) => typed_error.set(Some(format!(
                    "{} tiles: a {rows} × {cols} board needs {n}.",
                    t.len()
                ))),
                Err(e) => typed_error.set(Some(e)),
            }
        })
    };
    let typed = props
        .tiles
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    html! {
        <>
            <div class="row">
                <label>{ "Board " }
                    <select aria-label="Board size" onchange={on_size}>
                        { for [(2u8, 2u8), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)].into_iter().map(|(r, c)| html! {
                            <option value={format!("{r}x{c}")} selected={(r, c) == (rows, cols)}>{ format!("{r} × {c}") }</option>
                        }) }
                    </select>
                </label>
                <label>{ "Goal " }
                    <select aria-label="Goal" onchange={on_goal}>
                        <option value="last" selected={!blank_first}>{ "blank last" }</option>
                        <option value="first" selected={blank_first}>{ "blank first" }</option>
                    </select>
                </label>
            </div>
            <PuzzleBoard cols={cols} tiles={props.tiles.clone()} on_cell={Some(on_cell)} title="Start board: click a tile next to the blank to slide it" />
            <div class="row">
                <label>{ "Shuffle " }
                    <select aria-label="Shuffle moves" onchange={on_moves}>
                        { for [4u32, 8, 12, 16, 20, 30, 60].into_iter().map(|m| html! { <option value={m.to_string()} selected={m == *moves}>{ format!("{m} moves") }</option> }) }
                    </select>
                </label>
                <button type="button" onclick={on_shuffle}>{ "Shuffle" }</button>
            </div>
            <label class="stack">{ "Tiles (row by row, 0 = blank)" }
                <input type="text" aria-label="Tiles" value={typed} onchange={on_typed} />
            </label>
            if let Some(e) = &*typed_error {
                <p class="error" role="alert">{ e.clone() }</p>
            }
            <label class="stack">{ "Heuristic" }
                <select aria-label="Heuristic" onchange={on_heuristic}>
                    { for Heuristic::ALL.into_iter().map(|h| html! {
                        <option value={h.key()} selected={h == heuristic}>{ match h {
                            Heuristic::Zero => "None (h = 0)",
                            Heuristic::Misplaced => "Misplaced tiles",
                            Heuristic::Manhattan => "Manhattan distance",
                            Heuristic::LinearConflict => "Manhattan + linear conflicts",
                        } }</option>
                    }) }
                </select>
            </label>
        </>
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Tool {
    Agent,
    Block(char),
    Goal(char),
    Wall,
    Erase,
}

#[derive(Properties, PartialEq)]
struct BlocksEditorProps {
    text: String,
    heuristic: bool,
    dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
fn BlocksEditor(props: &BlocksEditorProps) -> Html {
    let d = &props.dispatch;
    let tool = use_state(|| Tool::Agent);
    let spec = BlocksSpec::parse(&props.text).ok();
    let heuristic = props.heuristic;
    let set = {
        let d = d.clone();
        move |spec: &BlocksSpec| {
            d.dispatch(Action::Problem(Problem::Blocks {
                text: spec.to_text(),
                heuristic,
            }))
        }
    };
    let on_preset = on_select(d, move |v| {
        BLOCKS_PRESETS.iter().find(|p| p.0 == v).map(|p| {
            Action::Problem(Problem::Blocks {
                text: p.2.into(),
                heuristic,
            })
        })
    });
    let Some(spec) = spec else {
        return html! {
            <>
                <label class="stack">{ "Example" }
                    <select aria-label="Example grid" onchange={on_preset}>
                        <option value="" selected=true disabled=true>{ "Choose…" }</option>
                        { for BLOCKS_PRESETS.iter().map(|p| html! { <option value={p.0}>{ p.1 }</option> }) }
                    </select>
                </label>
                <p class="error" role="alert">{ "The grid in the link could not be read; choose an example." }</p>
            </>
        };
    };
    let (w, h) = (spec.width, spec.height);
    let at = |(x, y): (usize, usize)| (y - 1) * w + (x - 1);
    let mut cells = vec![Cell::Empty; w * h];
    let mut goals = vec![None; w * h];
    for &p in &spec.walls {
        if p.0 >= 1 && p.1 >= 1 && p.0 <= w && p.1 <= h {
            cells[at(p)] = Cell::Wall;
        }
    }
    for &(c, p) in &spec.blocks {
        if p.0 >= 1 && p.1 >= 1 && p.0 <= w && p.1 <= h {
            cells[at(p)] = Cell::Block(c);
        }
    }
    if spec.agent.0 >= 1 && spec.agent.1 >= 1 && spec.agent.0 <= w && spec.agent.1 <= h {
        cells[at(spec.agent)] = Cell::Agent;
    }
    for &(c, p) in &spec.goals {
        if p.0 >= 1 && p.1 >= 1 && p.0 <= w && p.1 <= h {
            goals[at(p)] = Some(c);
        }
    }
    let on_cell = {
        let (spec, tool) = (spec.clone(), *tool);
        Callback::from(move |cell: usize| {
            let p = (cell % w + 1, cell / w + 1);
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
                        return;
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
                        return;
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
            set(&s);
        })
    };
    let on_size = {
        let spec = spec.clone();
        let d = d.clone();
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
    let letters: Vec<char> = ['A', 'B', 'C', 'D']
        .into_iter()
        .filter(|c| spec.blocks.iter().any(|b| b.0 == *c) || *c <= 'D')
        .collect();
    let tool_button = |t: Tool, name: String| {
        let chosen = *tool == t;
        let tool = tool.clone();
        html! { <button type="button" class={classes!("tool", chosen.then_some("chosen"))} aria-pressed={chosen.to_string()} onclick={Callback::from(move |_| tool.set(t))}>{ name }</button> }
    };
    html! {
        <>
            <div class="row">
                <label>{ "Example " }
                    <select aria-label="Example grid" onchange={on_preset}>
                        <option value="" selected={!BLOCKS_PRESETS.iter().any(|p| p.2 == props.text)} disabled=true>{ "Your own" }</option>
                        { for BLOCKS_PRESETS.iter().map(|p| html! { <option value={p.0} selected={p.2 == props.text}>{ p.1 }</option> }) }
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
            <div class="tools" role="group" aria-label="What a click places">
                { tool_button(Tool::Agent, "Agent @".into()) }
                { for letters.iter().map(|&c| tool_button(Tool::Block(c), format!("Block {c}"))) }
                { for letters.iter().map(|&c| tool_button(Tool::Goal(c), format!("Goal {c}"))) }
                { tool_button(Tool::Wall, "Blocked #".into()) }
                { tool_button(Tool::Erase, "Erase".into()) }
            </div>
            <BlocksGrid width={w} height={h} cells={cells} goals={goals} on_cell={Some(on_cell)} title="Start grid: click a cell to place what the tool says" />
            <label class="check"><input type="checkbox" checked={heuristic} onchange={on_heuristic} />{ " Heuristic: the blocks' distance to their goals" }</label>
        </>
    }
}
