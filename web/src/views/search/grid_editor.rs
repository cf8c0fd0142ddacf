//! The grid's editor: draw and erase walls and weighted cells with the mouse, a finger or the
//! keyboard, drag the start and the goal, 4- or 8-way moves, the heuristic, weighted A*'s w,
//! Jump Point Search, an empty grid of a size or a maze. Edits are drawn at once and searched
//! when the stroke ends.

use std::rc::Rc;

use super::{Action, State};
use crate::components::controls::on_select;
use crate::components::grid_canvas::GridCanvas;
use crate::store::Store;
use arbor_app::explore::Problem;
use arbor_puzzles::{Grid, GridEdit, GridHeuristic};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct GridEditorProps {
    pub text: String,
    pub diagonal: bool,
    pub heuristic: GridHeuristic,
    pub inflation: u32,
    pub jumps: bool,
    pub dispatch: UseReducerDispatcher<Store<State>>,
    /// The board (the tool and the grid to draw on, with the search's marks) rather than the
    /// settings (size, maze, moves, heuristic, w, JPS).
    #[prop_or_default]
    pub board: bool,
    /// The search's marks at the step shown.
    #[prop_or_default]
    pub marks: Option<Rc<Vec<arbor_app::explore::CellMark>>>,
    /// The path found, cell by cell.
    #[prop_or_default]
    pub path: Option<Rc<Vec<usize>>>,
    /// What the canvas shows besides the grid (the search's progress), for screen readers.
    #[prop_or_default]
    pub status: AttrValue,
}

/// What a press on the grid does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tool {
    Wall,
    Weight(u8),
    Start,
    Goal,
}

/// What a stroke in progress does to each cell it crosses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stroke {
    Paint(GridEdit),
    Move(GridEdit),
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

/// The words for a cell, for the keyboard cursor's announcement.
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
    format!("Row {}, column {}: {what}", y + 1, x + 1)
}

#[component]
pub(super) fn GridEditor(props: &GridEditorProps) -> Html {
    let d = &props.dispatch;
    let parsed = {
        let text = props.text.clone();
        use_memo(text, |t| {
            Grid::parse(t, false, GridHeuristic::Zero).unwrap_or_else(|_| Grid::open(20, 12))
        })
    };
    // The grid as edited (drawn at once), the tool, the stroke under way, the cursor.
    let working = use_state(|| Rc::new((*parsed).clone()));
    // The same, as the handlers see it between renders (a stroke's last cell may not be drawn
    // yet when it ends).
    let latest = use_mut_ref(|| Rc::new((*parsed).clone()));
    {
        let (working, latest) = (working.clone(), latest.clone());
        use_effect_with(parsed.clone(), move |p| {
            let g = Rc::new((**p).clone());
            *latest.borrow_mut() = g.clone();
            working.set(g);
        });
    }
    let tool = use_state(|| Tool::Wall);
    let stroke = use_mut_ref(|| None::<Stroke>);
    let cursor = use_state(|| None::<usize>);
    let said = use_state(String::new);
    let (diagonal, heuristic, inflation, jumps) = (
        props.diagonal,
        props.heuristic,
        props.inflation,
        props.jumps,
    );
    let send = {
        let d = d.clone();
        move |text: String, diagonal: bool, heuristic, inflation, jumps: bool| {
            d.dispatch(Action::Problem(Problem::Grid {
                text,
                diagonal,
                heuristic,
                inflation,
                jumps,
            }))
        }
    };
    let commit = {
        let (latest, send) = (latest.clone(), send.clone());
        move || {
            let working = latest.borrow().clone();
            send(
                working.to_text(),
                diagonal,
                heuristic,
                inflation,
                // Weighted cells rule Jump Point Search out.
                jumps && (0..working.width() * working.height()).all(|c| working.weight(c) <= 1),
            )
        }
    };
    let apply = {
        let (working, latest) = (working.clone(), latest.clone());
        move |cell: usize, edit: GridEdit| -> bool {
            let mut g = (**latest.borrow()).clone();
            let changed = g.edit(cell, edit);
            if changed {
                let g = Rc::new(g);
                *latest.borrow_mut() = g.clone();
                working.set(g);
            }
            changed
        }
    };
    let on_down = {
        let (working, tool, stroke, apply) =
            (working.clone(), tool.clone(), stroke.clone(), apply.clone());
        Callback::from(move |cell: usize| {
            let g = &**working;
            let s = if cell as u32 == g.start_cell() {
                Stroke::Move(GridEdit::Start)
            } else if cell as u32 == g.goal() {
                Stroke::Move(GridEdit::Goal)
            } else {
                match *tool {
                    // A wall tool on a wall erases, as in PathFinding.js.
                    Tool::Wall if g.is_wall(cell) => Stroke::Paint(GridEdit::Free),
                    Tool::Wall => Stroke::Paint(GridEdit::Wall),
                    Tool::Weight(w) if g.weight(cell) == w => Stroke::Paint(GridEdit::Free),
                    Tool::Weight(w) => Stroke::Paint(GridEdit::Weight(w)),
                    Tool::Start => Stroke::Move(GridEdit::Start),
                    Tool::Goal => Stroke::Move(GridEdit::Goal),
                }
            };
            *stroke.borrow_mut() = Some(s);
            let (Stroke::Paint(e) | Stroke::Move(e)) = s;
            apply(cell, e);
        })
    };
    let on_drag = {
        let (stroke, apply) = (stroke.clone(), apply.clone());
        Callback::from(move |cell: usize| {
            if let Some(Stroke::Paint(e) | Stroke::Move(e)) = *stroke.borrow() {
                apply(cell, e);
            }
        })
    };
    let on_up = {
        let (stroke, commit) = (stroke.clone(), commit.clone());
        Callback::from(move |()| {
            if stroke.borrow_mut().take().is_some() {
                commit();
            }
        })
    };
    let on_key = {
        let (latest, cursor, tool, said, apply, commit) = (
            latest.clone(),
            cursor.clone(),
            tool.clone(),
            said.clone(),
            apply.clone(),
            commit.clone(),
        );
        Callback::from(move |e: KeyboardEvent| {
            let g = latest.borrow().clone();
            let (w, h) = (g.width(), g.height());
            let at = cursor.unwrap_or(g.start_cell() as usize);
            let (x, y) = (at % w, at / w);
            let next = match e.key().as_str() {
                "ArrowUp" if y > 0 => Some(at - w),
                "ArrowDown" if y + 1 < h => Some(at + w),
                "ArrowLeft" if x > 0 => Some(at - 1),
                "ArrowRight" if x + 1 < w => Some(at + 1),
                "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" => Some(at),
                " " | "Enter" => {
                    let edit = match *tool {
                        Tool::Wall if g.is_wall(at) => GridEdit::Free,
                        Tool::Wall => GridEdit::Wall,
                        Tool::Weight(k) if g.weight(at) == k => GridEdit::Free,
                        Tool::Weight(k) => GridEdit::Weight(k),
                        Tool::Start => GridEdit::Start,
                        Tool::Goal => GridEdit::Goal,
                    };
                    if apply(at, edit) {
                        said.set(describe(&latest.borrow(), at));
                        // Searched at once: a key press is a whole stroke.
                        commit();
                    } else {
                        said.set(format!(
                            "{} (not changed: the start and the goal stay free)",
                            describe(&g, at)
                        ));
                    }
                    None
                }
                _ => None,
            };
            if let Some(c) = next {
                cursor.set(Some(c));
                said.set(describe(&g, c));
            }
        })
    };
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
    let on_moves = {
        let (working, send) = (latest.clone(), send.clone());
        on_select(d, move |v| {
            let eight = v == "8";
            send(
                working.borrow().to_text(),
                eight,
                heuristic,
                inflation,
                jumps && eight,
            );
            None
        })
    };
    let on_heuristic = {
        let (working, send) = (latest.clone(), send.clone());
        on_select(d, move |v| {
            send(
                working.borrow().to_text(),
                diagonal,
                GridHeuristic::from_key(v)?,
                inflation,
                jumps,
            );
            None
        })
    };
    let on_w = {
        let (working, send) = (latest.clone(), send.clone());
        on_select(d, move |v| {
            send(
                working.borrow().to_text(),
                diagonal,
                heuristic,
                v.parse().ok()?,
                jumps,
            );
            None
        })
    };
    let on_jumps = {
        let (working, send) = (latest.clone(), send.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            send(
                working.borrow().to_text(),
                diagonal || input.checked(),
                heuristic,
                inflation,
                input.checked(),
            );
        })
    };
    let new_grid = {
        let send = send.clone();
        move |g: Grid| {
            let send = send.clone();
            Callback::from(move |_: MouseEvent| {
                send(g.to_text(), diagonal, heuristic, inflation, false)
            })
        }
    };
    let size = use_state(|| 20usize);
    let on_size = {
        let size = size.clone();
        on_select_state(move |v: &str| size.set(v.parse().unwrap_or(20)))
    };
    let seed = use_state(|| 1u64);
    let maze = {
        let (send, seed, size) = (send.clone(), seed.clone(), size.clone());
        Callback::from(move |_: MouseEvent| {
            let n = *size | 1;
            send(
                Grid::maze(n, n, *seed).to_text(),
                diagonal,
                heuristic,
                inflation,
                false,
            );
            seed.set(*seed + 1);
        })
    };
    let g = (*working).clone();
    let weighted = (0..g.width() * g.height()).any(|c| g.weight(c) > 1);
    let label = format!(
        "The grid, {} columns by {} rows: {} walls{}; start at row {}, column {}; goal at row {}, column {}. Tab to the grid, move with the arrow keys and press Space to change a cell.",
        g.width(),
        g.height(),
        (0..g.width() * g.height()).filter(|&c| g.is_wall(c)).count(),
        if weighted { ", some cells weighted" } else { "" },
        g.start_cell() as usize / g.width() + 1,
        g.start_cell() as usize % g.width() + 1,
        g.goal() as usize / g.width() + 1,
        g.goal() as usize % g.width() + 1,
    );
    let bound = if inflation > 10 {
        format!(
            "Weighted A* with w = {}.{}: its path costs at most {}.{} times the cheapest.",
            inflation / 10,
            inflation % 10,
            inflation / 10,
            inflation % 10
        )
    } else {
        String::new()
    };
    let board = html! {
        <>
            <div class="row grid-tools">
                <label>{ "Click or drag to draw " }
                    <select aria-label="What a click or drag draws" onchange={on_tool}>
                        <option value="wall" selected={*tool == Tool::Wall}>{ "walls (on a wall: erase)" }</option>
                        { for (2u8..=9).map(|w| html! { <option value={w.to_string()} selected={*tool == Tool::Weight(w)}>{ format!("weight {w} cells") }</option> }) }
                        <option value="start" selected={*tool == Tool::Start}>{ "the start" }</option>
                        <option value="goal" selected={*tool == Tool::Goal}>{ "the goal" }</option>
                    </select>
                </label>
            </div>
            <GridCanvas grid={g.clone()} cursor={*cursor} label={format!("{label} {}", props.status)}
                marks={props.marks.clone()} path={props.path.clone()}
                on_down={Some(on_down)} on_drag={Some(on_drag)} on_up={Some(on_up)} on_key={Some(on_key)} />
            <p class="hint grid-said" aria-live="polite">{ if said.is_empty() { "Drag the start (▲) or the goal (◆) to move it." .to_string() } else { (*said).clone() } }</p>
        </>
    };
    if props.board {
        return board;
    }
    html! {
        <>
            <div class="row">
                <label>{ "Size " }
                    <select aria-label="Size of a new grid" onchange={on_size}>
                        { for [10usize, 20, 30, 50, 100].into_iter().map(|n| html! { <option value={n.to_string()} selected={n == *size}>{ format!("{n} × {n}") }</option> }) }
                    </select>
                </label>
                <button type="button" onclick={new_grid(Grid::open(*size, *size))}>{ "Empty grid" }</button>
                <button type="button" onclick={maze}>{ "Maze" }</button>
            </div>
            <div class="row">
                <label>{ "Moves " }
                    <select aria-label="Moves" onchange={on_moves}>
                        <option value="4" selected={!diagonal}>{ "4-way" }</option>
                        <option value="8" selected={diagonal}>{ "8-way (diagonal 1.42)" }</option>
                    </select>
                </label>
                <label>{ "Heuristic " }
                    <select aria-label="Heuristic" onchange={on_heuristic}>
                        { for GridHeuristic::ALL.into_iter().map(|h| html! { <option value={h.key()} selected={h == heuristic}>{ heuristic_name(h) }</option> }) }
                    </select>
                </label>
            </div>
            <p class="hint">{ "Costs are in hundredths of a step: a straight step costs 100, a diagonal one 142 (√2 rounded up), each times the weight of the cell entered." }</p>
            if !heuristic.admissible(diagonal) {
                <p class="hint">{ "Manhattan distance overestimates with diagonal moves (one diagonal step of 1.42 covers two of its units): A* may return a longer path. Octile distance is exact on an open 8-way grid." }</p>
            }
            <div class="row">
                <label>{ "Weighted A*: w " }
                    <select aria-label="Weighted A*'s w" onchange={on_w}>
                        { for [10u32, 12, 15, 20, 30, 50].into_iter().map(|t| html! { <option value={t.to_string()} selected={t == inflation}>{ format!("{}.{}", t / 10, t % 10) }</option> }) }
                    </select>
                </label>
                <label class="check"><input type="checkbox" checked={jumps} disabled={weighted} onchange={on_jumps} />{ "Jump Point Search (with A*)" }</label>
            </div>
            if !bound.is_empty() {
                <p class="hint">{ bound }</p>
            }
            if weighted {
                <p class="hint">{ "Jump Point Search needs every cell to cost the same: remove the weighted cells to use it." }</p>
            }
        </>
    }
}

/// A select's change as its value, for local state.
fn on_select_state(f: impl Fn(&str) + 'static) -> Callback<Event> {
    Callback::from(move |e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        f(&select.value());
    })
}
