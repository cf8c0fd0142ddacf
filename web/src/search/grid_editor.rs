//! The grid problem's two parts: the board (draw and erase walls and weighted cells with the
//! mouse, a finger or the keyboard, drag the start and the goal, and the search's marks drawn
//! on it), and its settings (a new empty grid or a maze, 4- or 8-way moves, the heuristic,
//! weighted A*'s w, Jump Point Search). Edits are drawn at once and searched when the stroke
//! ends.

use std::cell::RefCell;
use std::rc::Rc;

use super::{Action, State};
use crate::components::controls::on_select;
use crate::components::grid_canvas::GridCanvas;
use crate::store::Store;
use arbor_app::search::line::{cells, Connect};
use arbor_app::search::GridSpec;
use arbor_app::search::{cell_name, CellMark, Problem};
use arbor_puzzles::{Grid, GridEdit, GridHeuristic};
use arbor_search::Algorithm;
use yew::functional::UseForceUpdateHandle;
use yew::prelude::*;

/// Searches `spec`'s settings on `grid`; weighted cells rule Jump Point Search out.
fn send(d: &UseReducerDispatcher<Store<State>>, spec: &GridSpec, grid: &Grid) {
    d.dispatch(Action::Problem(Problem::Grid(GridSpec {
        text: grid.to_text(),
        jumps: spec.jumps && spec.diagonal && !grid.weighted(),
        ..spec.clone()
    })))
}

/// The grid as drawn (the search's settings aside); the default grid if the text is not one.
fn drawn(spec: &GridSpec) -> Grid {
    Grid::parse(&spec.text, false, GridHeuristic::Zero).unwrap_or_else(|_| Grid::open(20, 12))
}

/// What a press on the grid draws.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tool {
    Wall,
    Weight(u8),
    Start,
    Goal,
}

impl Tool {
    /// What a stroke that begins on `cell` does to every cell it crosses: on the start or the
    /// goal, move it; with the wall tool on a wall (or a weight on that weight), erase, as in
    /// PathFinding.js; else draw.
    fn edit(self, grid: &Grid, cell: usize) -> GridEdit {
        if cell as u32 == grid.start_cell() {
            return GridEdit::Start;
        }
        if cell as u32 == grid.goal() {
            return GridEdit::Goal;
        }
        match self {
            Tool::Wall if grid.is_wall(cell) => GridEdit::Free,
            Tool::Wall => GridEdit::Wall,
            Tool::Weight(w) if grid.weight(cell) == w => GridEdit::Free,
            Tool::Weight(w) => GridEdit::Weight(w),
            Tool::Start => GridEdit::Start,
            Tool::Goal => GridEdit::Goal,
        }
    }
}

fn heuristic_name(h: GridHeuristic) -> &'static str {
    match h {
        GridHeuristic::Zero => "None (h = 0: Dijkstra)",
        GridHeuristic::Manhattan => "Manhattan",
        GridHeuristic::Octile => "Octile",
        GridHeuristic::Euclidean => "Euclidean",
        GridHeuristic::Chebyshev => "Chebyshev",
    }
}

/// The words for a cell, for the keyboard cursor's announcement: its row and column, and the
/// name the captions and lists give it.
fn describe(grid: &Grid, cell: usize) -> String {
    let (x, y) = (cell % grid.width(), cell / grid.width());
    let what = if cell as u32 == grid.start_cell() {
        "the start".to_string()
    } else if cell as u32 == grid.goal() {
        "the goal".to_string()
    } else {
        match grid.weight(cell) {
            0 => "a wall".into(),
            1 => "free".into(),
            w => format!("weight {w}"),
        }
    };
    format!(
        "Row {}, column {}, {}: {what}",
        y + 1,
        x + 1,
        cell_name(x, y)
    )
}

/// A select's change as its value, for local state.
fn on_select_state(f: impl Fn(&str) + 'static) -> Callback<Event> {
    Callback::from(move |e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        f(&select.value());
    })
}

#[derive(Properties, PartialEq, Clone)]
pub(crate) struct GridBoardProps {
    pub spec: GridSpec,
    pub dispatch: UseReducerDispatcher<Store<State>>,
    /// The search's marks at the step shown.
    #[prop_or_default]
    pub marks: Option<Rc<Vec<CellMark>>>,
    /// The path found, cell by cell.
    #[prop_or_default]
    pub path: Option<Rc<Vec<usize>>>,
    /// What the canvas shows besides the grid (the search's progress), for screen readers.
    #[prop_or_default]
    pub status: AttrValue,
}

/// The board: the tool, and the grid drawn on and searched.
#[component]
pub(super) fn GridBoardNow(props: &GridBoardProps) -> Html {
    crate::renders::count("GridBoard");
    let edited = use_edited(&props.spec);
    let redraw = use_force_update();
    let tool = use_state(|| Tool::Wall);
    // The stroke under way: what it does to each cell, and the last cell it reached.
    let stroke = use_mut_ref(|| None::<(GridEdit, usize)>);
    let cursor = use_state(|| None::<usize>);
    let said = use_state(String::new);
    let board = Board {
        edited: edited.clone(),
        redraw,
    };
    let commit = {
        let (edited, spec, d) = (edited.clone(), props.spec.clone(), props.dispatch.clone());
        move || send(&d, &spec, &edited.borrow())
    };
    let on_down = on_stroke_start(&board, &tool, &stroke);
    let on_drag = on_stroke_drag(&board, &stroke);
    let on_up = {
        let (stroke, commit) = (stroke.clone(), commit.clone());
        Callback::from(move |()| {
            if stroke.borrow_mut().take().is_some() {
                commit();
            }
        })
    };
    let apply = move |cell: usize, edit: GridEdit| -> bool { board.apply(&[cell], edit) };
    let on_key = key_handler(&edited, &cursor, &tool, &said, apply, commit);
    let g = edited.borrow().clone();
    let label = grid_label(&g, &props.status);
    html! {
        <>
            { tool_menu(&tool) }
            <GridCanvas grid={g} cursor={*cursor} label={label}
                marks={props.marks.clone()} path={props.path.clone()}
                on_down={Some(on_down)} on_drag={Some(on_drag)} on_up={Some(on_up)} on_key={Some(on_key)} />
            <p class="hint grid-said" aria-live="polite">{ if said.is_empty() { "Drag the start (▲) or the goal (◆) to move it.".to_string() } else { (*said).clone() } }</p>
        </>
    }
}

/// The grid as edited — drawn at once, searched when a stroke ends — read again from the
/// spec's text whenever a new problem (a link, a maze, an empty grid) replaces it.
#[hook]
fn use_edited(spec: &GridSpec) -> Rc<RefCell<Rc<Grid>>> {
    let edited = use_mut_ref(|| Rc::new(drawn(spec)));
    let read_from = use_mut_ref(|| spec.text.clone());
    if *read_from.borrow() != spec.text {
        *read_from.borrow_mut() = spec.text.clone();
        *edited.borrow_mut() = Rc::new(drawn(spec));
    }
    edited
}

/// The grid as edited, and the board's redraw.
#[derive(Clone)]
struct Board {
    edited: Rc<RefCell<Rc<Grid>>>,
    redraw: UseForceUpdateHandle,
}

impl Board {
    /// Applies an edit to cells, drawn at once; whether any changed.
    fn apply(&self, cells: &[usize], edit: GridEdit) -> bool {
        let mut g = (**self.edited.borrow()).clone();
        let mut changed = false;
        for &cell in cells {
            changed |= g.edit(cell, edit);
        }
        if changed {
            *self.edited.borrow_mut() = Rc::new(g);
            self.redraw.force_update();
        }
        changed
    }
}

/// A press on a cell: the stroke begins, with what the tool does there.
fn on_stroke_start(
    board: &Board,
    tool: &UseStateHandle<Tool>,
    stroke: &Rc<RefCell<Option<(GridEdit, usize)>>>,
) -> Callback<usize> {
    let (board, tool, stroke) = (board.clone(), tool.clone(), stroke.clone());
    Callback::from(move |cell: usize| {
        let edit = tool.edit(&board.edited.borrow(), cell);
        *stroke.borrow_mut() = Some((edit, cell));
        board.apply(&[cell], edit);
    })
}

/// The pointer dragged onto a cell. A fast drag's pointer events skip cells: every cell on the
/// line from the last one reached is painted (the start and the goal just move to where the
/// pointer is).
fn on_stroke_drag(
    board: &Board,
    stroke: &Rc<RefCell<Option<(GridEdit, usize)>>>,
) -> Callback<usize> {
    let (board, stroke) = (board.clone(), stroke.clone());
    Callback::from(move |cell: usize| {
        let Some((edit, last)) = *stroke.borrow() else {
            return;
        };
        let crossed: Vec<usize> = match edit {
            GridEdit::Start | GridEdit::Goal => vec![cell],
            _ => {
                let w = board.edited.borrow().width();
                cells((last % w, last / w), (cell % w, cell / w), Connect::Four)
                    .into_iter()
                    .skip(1)
                    .map(|(x, y)| y * w + x)
                    .collect()
            }
        };
        board.apply(&crossed, edit);
        *stroke.borrow_mut() = Some((edit, cell));
    })
}

/// The grid in words, for screen readers: its size, walls, start and goal, how to edit it with
/// the keyboard, and `status` (the search's progress).
fn grid_label(g: &Grid, status: &str) -> String {
    format!(
        "The grid, {} columns by {} rows: {} walls{}; start at row {}, column {}; goal at row {}, column {}. Tab to the grid, move with the arrow keys and press Space to change a cell. {}",
        g.width(),
        g.height(),
        g.walls(),
        if g.weighted() { ", some cells weighted" } else { "" },
        g.start_cell() as usize / g.width() + 1,
        g.start_cell() as usize % g.width() + 1,
        g.goal() as usize / g.width() + 1,
        g.goal() as usize % g.width() + 1,
        status
    )
}

/// The menu of what a click or a drag draws.
fn tool_menu(tool: &UseStateHandle<Tool>) -> Html {
    let on_tool = {
        let tool = tool.clone();
        on_select_state(move |v: &str| {
            tool.set(match v {
                "start" => Tool::Start,
                "goal" => Tool::Goal,
                "wall" => Tool::Wall,
                w => Tool::Weight(w.parse().unwrap_or(5)),
            })
        })
    };
    let tool = **tool;
    html! {
        <div class="row grid-tools">
            <label>{ "Click or drag to draw " }
                <select aria-label="Click or drag to draw" onchange={on_tool}>
                    <option value="wall" selected={tool == Tool::Wall}>{ "walls (on a wall: erase)" }</option>
                    { for (2u8..=9).map(|w| html! { <option value={w.to_string()} selected={tool == Tool::Weight(w)}>{ format!("weight {w} cells") }</option> }) }
                    <option value="start" selected={tool == Tool::Start}>{ "the start" }</option>
                    <option value="goal" selected={tool == Tool::Goal}>{ "the goal" }</option>
                </select>
            </label>
        </div>
    }
}

/// The keyboard on the grid: arrows move the cursor (announced), Space or Enter changes its
/// cell as a one-cell stroke.
fn key_handler(
    edited: &Rc<RefCell<Rc<Grid>>>,
    cursor: &UseStateHandle<Option<usize>>,
    tool: &UseStateHandle<Tool>,
    said: &UseStateHandle<String>,
    apply: impl Fn(usize, GridEdit) -> bool + 'static,
    commit: impl Fn() + 'static,
) -> Callback<KeyboardEvent> {
    let (edited, cursor, tool, said) = (edited.clone(), cursor.clone(), tool.clone(), said.clone());
    Callback::from(move |e: KeyboardEvent| {
        let g = edited.borrow().clone();
        let (w, h) = (g.width(), g.height());
        let at = cursor.unwrap_or(g.start_cell() as usize);
        let (x, y) = (at % w, at / w);
        let next = match e.key().as_str() {
            "ArrowUp" if y > 0 => at - w,
            "ArrowDown" if y + 1 < h => at + w,
            "ArrowLeft" if x > 0 => at - 1,
            "ArrowRight" if x + 1 < w => at + 1,
            "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" => at,
            " " | "Enter" => {
                if apply(at, tool.edit(&g, at)) {
                    said.set(describe(&edited.borrow(), at));
                    commit();
                } else {
                    said.set(format!(
                        "{} (not changed: the start and the goal stay free)",
                        describe(&g, at)
                    ));
                }
                return;
            }
            _ => return,
        };
        cursor.set(Some(next));
        said.set(describe(&g, next));
    })
}

/// What weighted A*'s w does under the search chosen: the bound holds for A* and IDA* with
/// a heuristic that never overestimates, and only there.
fn weight_note(algorithm: Algorithm, w: &str, admissible: bool) -> String {
    match algorithm {
        Algorithm::AStar | Algorithm::IdaStar if admissible => {
            format!("Weighted A* with w = {w}: its path costs at most {w} times the cheapest.")
        }
        Algorithm::AStar | Algorithm::IdaStar => format!(
            "w = {w} multiplies a heuristic that already overestimates: no bound on the path's cost holds."
        ),
        Algorithm::Greedy => format!(
            "w = {w} multiplies h, but greedy best-first orders by h alone: weighted A*'s bound does not apply to it."
        ),
        _ => format!(
            "w = {w} multiplies the heuristic, which this search does not order by: choose A* for weighted A*."
        ),
    }
}

#[derive(Properties, PartialEq, Clone)]
pub(crate) struct GridSettingsProps {
    pub spec: GridSpec,
    /// The search chosen: w's bound is stated only for the searches it holds for.
    pub algorithm: Algorithm,
    pub dispatch: UseReducerDispatcher<Store<State>>,
}

/// The settings: a new grid or a maze, moves, heuristic, weighted A*'s w, Jump Point Search.
#[component]
pub(super) fn GridSettingsNow(props: &GridSettingsProps) -> Html {
    crate::renders::count("GridSettings");
    let d = &props.dispatch;
    let spec = &props.spec;
    let grid = {
        let spec = spec.clone();
        use_memo(spec.text.clone(), move |_| drawn(&spec))
    };
    let change = |f: fn(&mut GridSpec, &str) -> Option<()>| on_change(d, spec, &grid, f);
    let on_moves = change(|s, v| {
        s.diagonal = v == "8";
        Some(())
    });
    let on_heuristic = change(|s, v| {
        s.heuristic = GridHeuristic::from_key(v)?;
        Some(())
    });
    let on_w = change(|s, v| {
        s.inflation = v.parse().ok()?;
        Some(())
    });
    let on_jumps = {
        let (spec, grid, d) = (spec.clone(), grid.clone(), d.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let s = GridSpec {
                jumps: input.checked(),
                diagonal: spec.diagonal || input.checked(),
                ..spec.clone()
            };
            send(&d, &s, &grid);
        })
    };
    let size = use_state(|| 20usize);
    let seed = use_state(|| 1u64);
    let weighted = grid.weighted();
    html! {
        <>
            { new_grid(d, spec, &size, &seed) }
            { moves_and_heuristic(spec, on_moves, on_heuristic) }
            <div class="row">
                <label>{ "Weighted A*: w " }
                    <select aria-label="Weighted A*'s w" onchange={on_w}>
                        { for [10u32, 12, 15, 20, 30, 50].into_iter().map(|t| html! { <option value={t.to_string()} selected={t == spec.inflation}>{ tenths(t) }</option> }) }
                    </select>
                </label>
                <label class="check"><input type="checkbox" checked={spec.jumps} disabled={weighted} onchange={on_jumps} />{ "Jump Point Search (with A*)" }</label>
            </div>
            { notes(spec, props.algorithm, weighted) }
            <p class="hint"><a href="#/maps">{ "Benchmark maps" }</a>{ ": the Moving AI maps, up to 1024 × 1024, each length checked against the published one." }</p>
        </>
    }
}

/// A menu's change to the spec (`f` reads the value into it; none: not a value it knows),
/// searched on the grid as drawn.
fn on_change(
    d: &UseReducerDispatcher<Store<State>>,
    spec: &GridSpec,
    grid: &Rc<Grid>,
    f: fn(&mut GridSpec, &str) -> Option<()>,
) -> Callback<Event> {
    let (spec, grid, d) = (spec.clone(), grid.clone(), d.clone());
    on_select(&d.clone(), move |v| {
        let mut s = spec.clone();
        f(&mut s, v)?;
        send(&d, &s, &grid);
        None
    })
}

/// Tenths written as a decimal: 15 is "1.5".
fn tenths(t: u32) -> String {
    format!("{}.{}", t / 10, t % 10)
}

/// A new grid of the size chosen: empty, or a maze (each maze a new one).
fn new_grid(
    d: &UseReducerDispatcher<Store<State>>,
    spec: &GridSpec,
    size: &UseStateHandle<usize>,
    seed: &UseStateHandle<u64>,
) -> Html {
    let on_size = {
        let size = size.clone();
        on_select_state(move |v: &str| size.set(v.parse().unwrap_or(20)))
    };
    let empty = {
        let (spec, d, size) = (spec.clone(), d.clone(), size.clone());
        Callback::from(move |_: MouseEvent| send(&d, &spec, &Grid::open(*size, *size)))
    };
    let maze = {
        let (spec, d, seed, size) = (spec.clone(), d.clone(), seed.clone(), size.clone());
        Callback::from(move |_: MouseEvent| {
            let n = *size | 1;
            send(&d, &spec, &Grid::maze(n, n, *seed));
            seed.set(*seed + 1);
        })
    };
    let size = **size;
    html! {
        <div class="row">
            <label>{ "New grid size " }
                <select aria-label="Size of a new grid" onchange={on_size}>
                    { for [10usize, 20, 30, 50, 100].into_iter().map(|n| html! { <option value={n.to_string()} selected={n == size}>{ format!("{n} × {n}") }</option> }) }
                </select>
            </label>
            <button type="button" onclick={empty}>{ "Empty grid" }</button>
            <button type="button" onclick={maze}>{ "Maze" }</button>
        </div>
    }
}

/// The moves (4- or 8-way) and the heuristic, with what costs are counted in, and a warning
/// when the heuristic overestimates.
fn moves_and_heuristic(
    spec: &GridSpec,
    on_moves: Callback<Event>,
    on_heuristic: Callback<Event>,
) -> Html {
    let (diagonal, heuristic) = (spec.diagonal, spec.heuristic);
    html! {
        <>
            <div class="row">
                <label>{ "Moves " }
                    <select aria-label="Moves" onchange={on_moves}>
                        <option value="4" selected={!diagonal}>{ "4-way" }</option>
                        <option value="8" selected={diagonal}>{ "8-way (diagonal √2)" }</option>
                    </select>
                </label>
                <label>{ "Heuristic " }
                    <select aria-label="Heuristic" onchange={on_heuristic}>
                        { for GridHeuristic::ALL.into_iter().map(|h| html! { <option value={h.key()} selected={h == heuristic}>{ heuristic_name(h) }</option> }) }
                    </select>
                </label>
            </div>
            <p class="hint">{ "Costs are in steps: a straight step costs 1, a diagonal one √2 ≈ 1.4142, each times the weight of the cell entered." }</p>
            if !heuristic.admissible(diagonal) {
                <p class="hint">{ "Manhattan distance overestimates with diagonal moves (one diagonal step of √2 covers two of its units): A* may return a longer path. Octile distance is exact on an open 8-way grid." }</p>
            }
        </>
    }
}

/// What weighted A*'s w and Jump Point Search do here, when they are chosen, and why Jump Point
/// Search is off on a weighted grid.
fn notes(spec: &GridSpec, algorithm: Algorithm, weighted: bool) -> Html {
    let admissible = spec.heuristic.admissible(spec.diagonal);
    html! {
        <>
            if spec.inflation > 10 {
                <p class="hint">{ weight_note(algorithm, &tenths(spec.inflation), admissible) }</p>
            }
            if spec.jumps {
                <p class="hint">{ "Every search here moves from jump point to jump point; A* over them is Jump Point Search. Bidirectional search cannot run over them (a jump point's state carries the direction it was entered in)." }</p>
            }
            if weighted {
                <p class="hint">{ "Jump Point Search needs every cell to cost the same: remove the weighted cells to use it." }</p>
            }
        </>
    }
}
