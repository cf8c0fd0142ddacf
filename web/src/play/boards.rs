//! The three boards, clickable and keyboard-usable.

use super::panels::{hint_badge, hint_words};
use arbor_app::play::Hint;
use arbor_app::play::{Kind, Move};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct TttBoardProps {
    /// Nine cells: 0 empty, 1 first player, 2 second.
    pub cells: Vec<u8>,
    pub o_first: bool,
    pub win: Vec<usize>,
    pub last: Option<Move>,
    pub hints: Option<Vec<Hint>>,
    pub on_move: Callback<Move>,
}

#[component]
pub(super) fn TttBoard(props: &TttBoardProps) -> Html {
    crate::renders::count("TttBoard");
    let mark = |p: u8| match (p, props.o_first) {
        (0, _) => "",
        (1, false) | (2, true) => "X",
        _ => "O",
    };
    html! {
        <div class="ttt-board" role="group" aria-label="Tic-tac-toe board">
            { for props.cells.iter().enumerate().map(|(i, &p)| {
                let hint = props.hints.as_ref().and_then(|h| h.iter().find(|h| h.mv == Move::Cell(i as u8)));
                let name = format!("Row {}, column {}{}{}", i / 3 + 1, i % 3 + 1,
                    if p == 0 { String::new() } else { format!(", {}", mark(p)) }, hint_words(Kind::TicTacToe, hint));
                let onclick = props.on_move.reform(move |_: MouseEvent| Move::Cell(i as u8));
                html! {
                    <button type="button" class={classes!("cell", props.win.contains(&i).then_some("win"),
                            (props.last == Some(Move::Cell(i as u8))).then_some("last"), (p != 0).then_some("taken"))}
                        aria-label={name} data-cell={i.to_string()} {onclick}>
                        <span class={classes!("mark", mark(p).to_lowercase())} aria-hidden="true">{ mark(p) }</span>
                        { hint_badge(hint) }
                    </button>
                }
            }) }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub(super) struct C4BoardProps {
    /// The board as a picture (42 cells, the top row first).
    pub cells: arbor_app::scene::GamePicture,
    /// Indices (into `cells`) of a winning line.
    pub win: Vec<usize>,
    pub last: Option<Move>,
    pub hints: Option<Vec<Hint>>,
    pub on_move: Callback<Move>,
}

#[component]
pub(super) fn C4Board(props: &C4BoardProps) -> Html {
    crate::renders::count("C4Board");
    let arbor_app::scene::GamePicture::Connect4(cells) = &props.cells else {
        return html! {};
    };
    // The last stone: the top stone of the last column played.
    let last_cell = match props.last {
        Some(Move::Column(c)) => (0..6).map(|r| r * 7 + c as usize).find(|&i| cells[i] != 0),
        _ => None,
    };
    html! {
        <div class="c4-board" role="group" aria-label="Connect-four board">
            { for (0..7usize).map(|c| {
                let hint = props.hints.as_ref().and_then(|h| h.iter().find(|h| h.mv == Move::Column(c as u8)));
                let full = cells[c] != 0;
                let name = format!("Drop in column {}{}{}", c + 1, if full { " (full)" } else { "" }, hint_words(Kind::Connect4, hint));
                let onclick = props.on_move.reform(move |_: MouseEvent| Move::Column(c as u8));
                html! {
                    <button type="button" class={classes!("column", full.then_some("full"))} aria-label={name} data-column={(c + 1).to_string()} {onclick}>
                        <span class="hint-slot">{ hint_badge(hint) }</span>
                        { for (0..6usize).map(|r| {
                            let i = r * 7 + c;
                            let disc = match cells[i] { 1 => "first", 2 => "second", _ => "empty" };
                            html! {
                                <span class={classes!("slot", disc, props.win.contains(&i).then_some("win"), (last_cell == Some(i)).then_some("last"))}
                                    data-row={(6 - r).to_string()} aria-hidden="true"></span>
                            }
                        }) }
                    </button>
                }
            }) }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub(super) struct NimBoardProps {
    pub piles: Vec<u8>,
    pub max_take: Option<u8>,
    pub hints: Option<Vec<Hint>>,
    pub on_move: Callback<Move>,
}

#[component]
pub(super) fn NimBoard(props: &NimBoardProps) -> Html {
    crate::renders::count("NimBoard");
    html! {
        <div class="nim-board" role="group" aria-label="Nim piles">
            { for props.piles.iter().enumerate().map(|(p, &size)| {
                let most = props.max_take.map_or(size, |m| m.min(size));
                html! {
                    <div class="pile">
                        <span class="pile-name">{ format!("Pile {}: {size}", p + 1) }</span>
                        <span class="matches" aria-hidden="true">{ for (0..size).map(|_| html! { <span class="match"></span> }) }</span>
                        <span class="takes">
                            { for (1..=most).map(|take| {
                                let mv = Move::Take(arbor_games::nim::Take { pile: p as u8, take });
                                let hint = props.hints.as_ref().and_then(|h| h.iter().find(|h| h.mv == mv));
                                let onclick = props.on_move.reform(move |_: MouseEvent| mv);
                                html! {
                                    <button type="button" class="take" aria-label={format!("Take {take} from pile {}{}", p + 1, hint_words(Kind::Nim, hint))} {onclick}>
                                        { format!("Take {take}") }{ hint_badge(hint) }
                                    </button>
                                }
                            }) }
                        </span>
                    </div>
                }
            }) }
        </div>
    }
}
