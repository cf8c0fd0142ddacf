//! How the visualiser draws a state: the problem's shape, to picture a state (a name, tiles,
//! a blocks-world grid).

use super::*;
use crate::search::StateView;
use arbor_puzzles::BlocksSpec;
use std::rc::Rc;

/// What a search-tree node shows in a picture.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Picture {
    /// Nothing (not generated).
    #[default]
    None,
    /// A name.
    Name(Rc<str>),
    /// Puzzle tiles.
    Tiles {
        /// Columns.
        cols: u8,
        /// Tiles, row-major.
        tiles: Rc<[u8]>,
    },
    /// A blocks-world grid.
    Blocks {
        /// Columns.
        width: u8,
        /// Rows.
        height: u8,
        /// The agent's cell.
        agent: u8,
        /// Each block's cell, in letter order.
        blocks: Rc<[u8]>,
        /// Each block's letter.
        names: Rc<[char]>,
        /// Blocked cells.
        walls: Rc<[u8]>,
    },
}

/// A blocks-world grid's fixed parts: width, height, block letters, blocked cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridShape {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// Block letters, in order.
    pub names: Rc<[char]>,
    /// Blocked cells.
    pub walls: Rc<[u8]>,
}

/// How the visualiser draws a state: the problem's shape, to picture a state.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Drawing {
    /// Puzzle columns (0 if not a puzzle).
    pub cols: u8,
    /// The blocks world's grid.
    pub blocks: Option<GridShape>,
}

impl Drawing {
    /// The drawing for a problem.
    pub fn of(problem: &Problem) -> Drawing {
        match problem {
            Problem::Graph { .. } | Problem::Grid(_) => Drawing::default(),
            Problem::Puzzle { cols, .. } => Drawing {
                cols: *cols,
                blocks: None,
            },
            Problem::Blocks { text, .. } => {
                let spec = BlocksSpec::parse(text).ok();
                Drawing {
                    cols: 0,
                    blocks: spec.map(|s| {
                        let walls: Vec<u8> = s
                            .walls
                            .iter()
                            .map(|&(x, y)| ((y - 1) * s.width + (x - 1)) as u8)
                            .collect();
                        GridShape {
                            width: s.width as u8,
                            height: s.height as u8,
                            names: s.blocks.iter().map(|b| b.0).collect::<Vec<_>>().into(),
                            walls: walls.into(),
                        }
                    }),
                }
            }
        }
    }

    /// The picture of a state.
    pub fn picture(&self, state: &StateView) -> Picture {
        match state {
            StateView::Name(n) => Picture::Name(n.as_str().into()),
            StateView::Cell { x, y } => Picture::Name(cell_name(*x, *y).as_str().into()),
            StateView::Tiles(t) => Picture::Tiles {
                cols: self.cols.max(1),
                tiles: t.as_slice().into(),
            },
            StateView::Blocks { agent, blocks } => match &self.blocks {
                Some(grid) => Picture::Blocks {
                    width: grid.width,
                    height: grid.height,
                    agent: *agent,
                    blocks: blocks.as_slice().into(),
                    names: grid.names.clone(),
                    walls: grid.walls.clone(),
                },
                None => Picture::None,
            },
        }
    }

    /// A short label for lists: the name, or the node's number.
    pub fn label(&self, id: usize, state: &StateView) -> String {
        match state {
            StateView::Name(n) => n.clone(),
            StateView::Cell { x, y } => cell_name(*x, *y),
            _ => format!("#{id}"),
        }
    }
}
