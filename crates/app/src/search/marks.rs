//! What each drawn node of the search tree, and each cell of a grid, shows at a step.

use super::*;
use crate::search::{SearchView, StateView};
use arbor_search::replay::{SearchFrame, SearchReplay, Seen};
use arbor_search::Algorithm;

/// What one search-tree node shows at a step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchMark {
    /// Where it stands.
    pub seen: Seen,
    /// The node the step is about.
    pub current: bool,
    /// On the solution path (once found).
    pub on_path: bool,
    /// Its place in expansion order.
    pub order: Option<u32>,
    /// Path cost.
    pub g: arbor_search::Cost,
    /// Heuristic.
    pub h: arbor_search::Cost,
    /// Show g, h and f.
    pub informed: bool,
    /// Show g (weighted problems, uniform cost).
    pub costs: bool,
    /// Its picture.
    pub picture: Picture,
}

/// What each recorded node shows in `frame`: only the nodes of the current iteration.
pub fn marks(
    view: &SearchView,
    replay: &SearchReplay,
    frame: &SearchFrame,
    drawing: &Drawing,
    iteration: u32,
) -> Vec<SearchMark> {
    let algorithm = replay.algorithm();
    let informed = algorithm.informed();
    let costs = informed || algorithm == Algorithm::UniformCost;
    let on_path: std::collections::HashSet<u64> = frame.path.iter().copied().collect();
    view.nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            if n.info.iteration != iteration {
                return SearchMark::default();
            }
            SearchMark {
                seen: frame.seen[i],
                current: frame.current == Some(i as u64),
                on_path: on_path.contains(&(i as u64)),
                order: frame.expansion[i],
                g: n.info.g,
                h: n.info.h,
                informed,
                costs,
                picture: drawing.picture(&n.state),
            }
        })
        .collect()
}

/// The name of a standing, for `data-status` and CSS.
pub fn seen_name(seen: Seen) -> &'static str {
    match seen {
        Seen::NotYet => "not-yet",
        Seen::Frontier => "frontier",
        Seen::Generated => "generated",
        Seen::Visited => "visited",
        Seen::Expanded => "explored",
        Seen::Dropped(_) => "dropped",
        Seen::CutOff(_) => "cut-off",
        Seen::Goal => "goal",
    }
}

/// What a grid cell shows at a step of a grid search: the strongest standing of the nodes that
/// are at that cell (a cell can be reached by several nodes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub enum CellMark {
    /// Not reached yet.
    #[default]
    None,
    /// Reached and dropped as a repeat, or cut off.
    Dropped,
    /// Waiting in the frontier.
    Frontier,
    /// Taken from the frontier (goal-tested or expanded).
    Explored,
    /// The node the step is about.
    Current,
    /// On the path found.
    Path,
}

impl CellMark {
    /// The mark numbered `bits` (`as u32` gives the number); `None` for any other number.
    pub fn from_bits(bits: u32) -> CellMark {
        match bits {
            1 => CellMark::Dropped,
            2 => CellMark::Frontier,
            3 => CellMark::Explored,
            4 => CellMark::Current,
            5 => CellMark::Path,
            _ => CellMark::None,
        }
    }
}

/// Each cell's mark at `frame`, for a grid `width` × `height` (row-major), from the recorded
/// nodes' cells and the frame's standings — what the engine recorded, not re-derived.
pub fn cell_marks(
    view: &SearchView,
    frame: &SearchFrame,
    width: usize,
    height: usize,
) -> Vec<CellMark> {
    let mut marks = vec![CellMark::None; width * height];
    let on_path: std::collections::HashSet<u64> = frame.path.iter().copied().collect();
    for (id, node) in view.nodes.iter().enumerate() {
        let StateView::Cell { x, y } = node.state else {
            continue;
        };
        let cell = y as usize * width + x as usize;
        let Some(seen) = frame.seen.get(id) else {
            continue;
        };
        let mark = if on_path.contains(&(id as u64)) {
            CellMark::Path
        } else if frame.current == Some(id as u64) {
            CellMark::Current
        } else {
            match seen {
                Seen::NotYet => CellMark::None,
                Seen::Frontier | Seen::Generated => CellMark::Frontier,
                Seen::Visited | Seen::Expanded | Seen::Goal => CellMark::Explored,
                Seen::Dropped(_) | Seen::CutOff(_) => CellMark::Dropped,
            }
        };
        if let Some(m) = marks.get_mut(cell) {
            *m = (*m).max(mark);
        }
    }
    marks
}
