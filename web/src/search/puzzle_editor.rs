//! The sliding puzzle's editor: size, goal, heuristic, shuffles and a start set by clicking tiles.

use super::{Action, State};
use crate::components::board::PuzzleBoard;
use crate::components::controls::on_select;
use crate::store::Store;
use arbor_app::search::Problem;
use arbor_app::url::UrlSettings;
use arbor_puzzles::{Dir, Heuristic, NPuzzle};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct PuzzleEditorProps {
    pub rows: u8,
    pub cols: u8,
    pub tiles: Vec<u8>,
    pub blank_first: bool,
    pub heuristic: Heuristic,
    pub dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
pub(super) fn PuzzleEditor(props: &PuzzleEditorProps) -> Html {
    crate::renders::count("PuzzleEditor");
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
    let lab = {
        let mut route = arbor_app::route::Route::new(arbor_app::route::View::Heuristics);
        arbor_app::heuristics::page::Settings {
            rows,
            cols,
            tiles: props.tiles.clone(),
            blank_first,
            ..Default::default()
        }
        .to_route(&mut route);
        route.to_hash()
    };
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
                        <option value={h.key()} selected={h == heuristic}>{ h.title() }</option>
                    }) }
                </select>
            </label>
            <p class="hint"><a href={lab}>{ "Every heuristic's estimate for this board, beside the true distance (heuristics lab)" }</a></p>
        </>
    }
}
