//! The sliding puzzle's editor: size, goal, heuristic, shuffles and a start set by clicking tiles.

use super::{Action, State};
use crate::components::board::PuzzleBoard;
use crate::components::controls::on_select;
use crate::store::Store;
use arbor_app::search::Problem;
use arbor_app::url::UrlSettings;
use arbor_puzzles::{Dir, Heuristic, NPuzzle};
use yew::prelude::*;

#[derive(Properties, PartialEq, Clone)]
pub(crate) struct PuzzleEditorProps {
    pub rows: u8,
    pub cols: u8,
    pub tiles: Vec<u8>,
    pub blank_first: bool,
    pub heuristic: Heuristic,
    pub dispatch: UseReducerDispatcher<Store<State>>,
}

/// The puzzle's settings besides its start: a problem is these and a board.
#[derive(Clone, Copy)]
struct Shape {
    rows: u8,
    cols: u8,
    blank_first: bool,
    heuristic: Heuristic,
}

impl Shape {
    /// The problem of this shape starting from `tiles`.
    fn with(self, tiles: Vec<u8>) -> Problem {
        Problem::Puzzle {
            rows: self.rows,
            cols: self.cols,
            tiles,
            blank_first: self.blank_first,
            heuristic: self.heuristic,
        }
    }

    /// The problem of this shape starting `moves` random moves (by `seed`) from the goal.
    fn shuffled(self, moves: u32, seed: u64) -> Problem {
        let (rows, cols) = (self.rows, self.cols);
        let goal = Problem::goal_tiles(rows, cols, self.blank_first);
        let tiles = NPuzzle::new(rows as usize, cols as usize, &goal, &goal, self.heuristic)
            .map(|q| q.shuffled(moves, seed).start_tiles())
            .unwrap_or(goal);
        self.with(tiles)
    }
}

#[component]
pub(super) fn PuzzleEditorNow(props: &PuzzleEditorProps) -> Html {
    crate::renders::count("PuzzleEditor");
    let d = &props.dispatch;
    let moves = use_state(|| 12u32);
    let seed = use_state(|| 1u64);
    let typed_error = use_state(|| None::<String>);
    let shape = Shape {
        rows: props.rows,
        cols: props.cols,
        blank_first: props.blank_first,
        heuristic: props.heuristic,
    };
    let on_size = on_select(d, move |v| {
        let (r, c) = v.split_once('x')?;
        let (rows, cols) = (r.parse().ok()?, c.parse().ok()?);
        Some(Action::Problem(
            Shape {
                rows,
                cols,
                ..shape
            }
            .shuffled(12, 1),
        ))
    });
    let on_goal = on_reshape(d, &props.tiles, move |v| {
        let blank_first = v == "first";
        Some(Shape {
            blank_first,
            ..shape
        })
    });
    let on_heuristic = on_reshape(d, &props.tiles, move |v| {
        let heuristic = Heuristic::ALL.into_iter().find(|h| h.key() == v)?;
        Some(Shape { heuristic, ..shape })
    });
    html! {
        <>
            { size_and_goal(shape, on_size, on_goal) }
            <PuzzleBoard cols={shape.cols} tiles={props.tiles.clone()} on_cell={Some(on_slide(d, &props.tiles, shape))} title="Start board: click a tile next to the blank to slide it" />
            { shuffle_row(d, shape, &moves, &seed) }
            { typed_tiles(d, &props.tiles, shape, &typed_error) }
            { heuristic_menu(shape.heuristic, on_heuristic) }
            <p class="hint"><a href={lab_link(shape, &props.tiles)}>{ "Every heuristic's estimate for this board, beside the true distance (heuristics lab)" }</a></p>
        </>
    }
}

/// A menu's change to the puzzle's shape (`f` reads it from the value), the start kept.
fn on_reshape(
    d: &UseReducerDispatcher<Store<State>>,
    tiles: &[u8],
    f: impl Fn(&str) -> Option<Shape> + 'static,
) -> Callback<Event> {
    let tiles = tiles.to_vec();
    on_select(d, move |v| Some(Action::Problem(f(v)?.with(tiles.clone()))))
}

/// A click on a cell: a tile next to the blank slides into it.
fn on_slide(d: &UseReducerDispatcher<Store<State>>, tiles: &[u8], shape: Shape) -> Callback<usize> {
    let (d, tiles) = (d.clone(), tiles.to_vec());
    let (rows, cols) = (shape.rows as usize, shape.cols as usize);
    Callback::from(move |cell: usize| {
        let Some(blank) = tiles.iter().position(|&t| t == 0) else {
            return;
        };
        let adjacent = [Dir::Up, Dir::Down, Dir::Left, Dir::Right]
            .into_iter()
            .any(|d| d.step(blank, cols, rows) == Some(cell));
        if adjacent {
            let mut next = tiles.clone();
            next.swap(cell, blank);
            d.dispatch(Action::Problem(shape.with(next)));
        }
    })
}

/// The board's size and the goal's blank.
fn size_and_goal(shape: Shape, on_size: Callback<Event>, on_goal: Callback<Event>) -> Html {
    let (rows, cols, blank_first) = (shape.rows, shape.cols, shape.blank_first);
    html! {
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
    }
}

/// How many moves a shuffle makes, and Shuffle (each shuffle a new one).
fn shuffle_row(
    d: &UseReducerDispatcher<Store<State>>,
    shape: Shape,
    moves: &UseStateHandle<u32>,
    seed: &UseStateHandle<u64>,
) -> Html {
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
            d.dispatch(Action::Problem(shape.shuffled(*moves, next)));
        })
    };
    let moves = **moves;
    html! {
        <div class="row">
            <label>{ "Shuffle " }
                <select aria-label="Shuffle moves" onchange={on_moves}>
                    { for [4u32, 8, 12, 16, 20, 30, 60].into_iter().map(|m| html! { <option value={m.to_string()} selected={m == moves}>{ format!("{m} moves") }</option> }) }
                </select>
            </label>
            <button type="button" onclick={on_shuffle}>{ "Shuffle" }</button>
        </div>
    }
}

/// The start typed as numbers, and what is wrong with what was typed.
fn typed_tiles(
    d: &UseReducerDispatcher<Store<State>>,
    tiles: &[u8],
    shape: Shape,
    typed_error: &UseStateHandle<Option<String>>,
) -> Html {
    let typed = tiles
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    html! {
        <>
            <label class="stack">{ "Tiles (row by row, 0 = blank)" }
                <input type="text" aria-label="Tiles" value={typed} onchange={on_typed(d, shape, typed_error)} />
            </label>
            if let Some(e) = &**typed_error {
                <p class="error" role="alert">{ e.clone() }</p>
            }
        </>
    }
}

/// A start typed: the problem if it fits the board, else what is wrong with it.
fn on_typed(
    d: &UseReducerDispatcher<Store<State>>,
    shape: Shape,
    typed_error: &UseStateHandle<Option<String>>,
) -> Callback<Event> {
    let (d, typed_error) = (d.clone(), typed_error.clone());
    let (rows, cols) = (shape.rows, shape.cols);
    let n = rows as usize * cols as usize;
    Callback::from(move |e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        match arbor_puzzles::parse_tiles(&input.value()) {
            Ok(t) if t.len() == n => {
                typed_error.set(None);
                d.dispatch(Action::Problem(shape.with(t)));
            }
            Ok(t) => typed_error.set(Some(format!(
                "{} tiles: a {rows} × {cols} board needs {n}.",
                t.len()
            ))),
            Err(e) => typed_error.set(Some(e)),
        }
    })
}

/// The heuristic menu.
fn heuristic_menu(heuristic: Heuristic, on_heuristic: Callback<Event>) -> Html {
    html! {
        <label class="stack">{ "Heuristic" }
            <select aria-label="Heuristic" onchange={on_heuristic}>
                { for Heuristic::ALL.into_iter().map(|h| html! {
                    <option value={h.key()} selected={h == heuristic}>{ h.title() }</option>
                }) }
            </select>
        </label>
    }
}

/// The heuristics lab's link for this board.
fn lab_link(shape: Shape, tiles: &[u8]) -> String {
    let mut route = arbor_app::route::Route::new(arbor_app::route::View::Heuristics);
    arbor_app::heuristics::page::Settings {
        rows: shape.rows,
        cols: shape.cols,
        tiles: tiles.to_vec(),
        blank_first: shape.blank_first,
        ..Default::default()
    }
    .to_route(&mut route);
    route.to_hash()
}
