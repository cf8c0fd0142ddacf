//! Large boards: the sliding puzzle and the blocks-world grid, as grids of buttons when they
//! can be edited (each cell named for screen readers and keyboards) or as a picture.

use yew::prelude::*;

/// Props of [`PuzzleBoard`].
#[derive(Properties, PartialEq)]
pub struct PuzzleBoardProps {
    /// Columns.
    pub cols: u8,
    /// Tiles, row-major (0 = the blank).
    pub tiles: Vec<u8>,
    /// Called with a cell when it is activated (editing); none for a picture.
    #[prop_or_default]
    pub on_cell: Option<Callback<usize>>,
    /// Accessible name of the board.
    pub title: AttrValue,
}

/// A sliding-puzzle board.
#[component]
pub fn PuzzleBoard(props: &PuzzleBoardProps) -> Html {
    crate::renders::count("PuzzleBoard");
    let cols = props.cols.max(1) as usize;
    let style = format!("grid-template-columns: repeat({cols}, 2.6rem)");
    html! {
        <div class="puzzle-board" role="group" aria-label={props.title.clone()} {style}>
            { for props.tiles.iter().enumerate().map(|(i, &t)| {
                let (r, c) = (i / cols + 1, i % cols + 1);
                let name = if t == 0 { format!("Row {r}, column {c}: blank") } else { format!("Row {r}, column {c}: tile {t}") };
                match &props.on_cell {
                    Some(cb) => {
                        let cb = cb.clone();
                        html! {
                            <button type="button" class={classes!("tile", (t == 0).then_some("blank"))} aria-label={name}
                                onclick={Callback::from(move |_| cb.emit(i))}>{ if t == 0 { String::new() } else { t.to_string() } }</button>
                        }
                    }
                    None => html! {
                        <div class={classes!("tile", (t == 0).then_some("blank"))} role="img" aria-label={name}>{ if t == 0 { String::new() } else { t.to_string() } }</div>
                    },
                }
            }) }
        </div>
    }
}

/// What is in a blocks-world cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Nothing.
    Empty,
    /// The agent.
    Agent,
    /// A block.
    Block(char),
    /// A blocked cell.
    Wall,
}

/// Props of [`BlocksGrid`].
#[derive(Properties, PartialEq)]
pub struct BlocksGridProps {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Each cell, row-major.
    pub cells: Vec<Cell>,
    /// Goal letters by cell.
    pub goals: Vec<Option<char>>,
    /// Called with a cell when it is activated (editing).
    #[prop_or_default]
    pub on_cell: Option<Callback<usize>>,
    /// Accessible name.
    pub title: AttrValue,
}

/// A blocks-world grid: blocks as lettered squares, the agent as @, goals as dashed outlines
/// with their letter in the corner.
#[component]
pub fn BlocksGrid(props: &BlocksGridProps) -> Html {
    crate::renders::count("BlocksGrid");
    let style = format!(
        "grid-template-columns: repeat({}, 2.6rem)",
        props.width.max(1)
    );
    html! {
        <div class="blocks-grid" role="group" aria-label={props.title.clone()} {style}>
            { for props.cells.iter().enumerate().map(|(i, cell)| {
                let (x, y) = (i % props.width + 1, i / props.width + 1);
                let goal = props.goals.get(i).copied().flatten();
                let (text, what) = match cell {
                    Cell::Empty => (String::new(), "empty".to_string()),
                    Cell::Agent => ("@".into(), "the agent".into()),
                    Cell::Block(c) => (c.to_string(), format!("block {c}")),
                    Cell::Wall => ("".into(), "blocked".into()),
                };
                let mut name = format!("Column {x}, row {y}: {what}");
                if let Some(g) = goal {
                    name.push_str(&format!(", goal of {g}"));
                }
                let class = classes!(
                    "gcell",
                    match cell {
                        Cell::Agent => "agent",
                        Cell::Block(_) => "block",
                        Cell::Wall => "wall",
                        Cell::Empty => "empty",
                    },
                    goal.map(|_| "goal")
                );
                // The goal's letter is drawn by the stylesheet (`data-goal`), not as text: the
                // cell's name already says it.
                let goal_tag = goal.map(|g| html! { <span class="goal-tag" aria-hidden="true" data-goal={g.to_string()}></span> });
                match &props.on_cell {
                    Some(cb) => {
                        let cb = cb.clone();
                        html! { <button type="button" {class} aria-label={name} onclick={Callback::from(move |_| cb.emit(i))}>{ text }{ for goal_tag }</button> }
                    }
                    None => html! { <div {class} role="img" aria-label={name}>{ text }{ for goal_tag }</div> },
                }
            }) }
        </div>
    }
}
