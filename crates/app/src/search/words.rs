//! How the page writes a search's costs (in the problem's unit), a search's name inside a
//! sentence, a grid cell's name, and weighted A*'s w.

use super::*;
use arbor_search::Algorithm;

/// The unit a problem's costs are counted in, which decides how a cost is written for the
/// reader. A grid counts in hundredths of a step (a straight step 100, a diagonal one 142), so
/// that its sums stay whole numbers; the reader is shown steps (1, 1.42).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CostUnit {
    /// Costs are what they say (trees, graphs, puzzles, the blocks world).
    #[default]
    Whole,
    /// Costs are hundredths of a step (grids).
    Hundredths,
}

impl CostUnit {
    /// The unit of a problem's costs.
    pub fn of(problem: &Problem) -> CostUnit {
        match problem {
            Problem::Grid(_) => CostUnit::Hundredths,
            _ => CostUnit::Whole,
        }
    }

    /// A cost (or g, h, f, a bound) as the reader sees it: the one function every caption,
    /// list, status and table writes a cost with.
    pub fn show(self, cost: u32) -> String {
        match self {
            CostUnit::Whole => cost.to_string(),
            // Steps with at most two decimals, none that are zeros at the end: 22, 1.5, 1.42.
            CostUnit::Hundredths => match cost % 100 {
                0 => (cost / 100).to_string(),
                f if f % 10 == 0 => format!("{}.{}", cost / 100, f / 10),
                f => format!("{}.{f:02}", cost / 100),
            },
        }
    }
}

/// A search's name inside a sentence: "iterative deepening", "depth-first search", "A*".
/// (Written out: changing a title's case would bring Unicode's case tables into the page.)
pub fn search_name(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::BreadthFirst => "breadth-first search",
        Algorithm::DepthFirst => "depth-first search",
        Algorithm::DepthLimited => "depth-limited search",
        Algorithm::IterativeDeepening => "iterative deepening",
        Algorithm::UniformCost => "uniform cost search",
        Algorithm::Greedy => "greedy best-first search",
        Algorithm::AStar => "A*",
        Algorithm::IdaStar => "IDA*",
        Algorithm::Bidirectional => "bidirectional search",
    }
}

/// A grid cell's name in captions and lists: its column and row, counted from 0.
pub fn cell_name(x: impl std::fmt::Display, y: impl std::fmt::Display) -> String {
    format!("({x},{y})")
}

/// Reads weighted A*'s w (1 to 5, one decimal) as tenths.
pub fn parse_inflation(text: &str) -> Option<u32> {
    let text = text.trim();
    let (whole, tenth) = match text.split_once('.') {
        Some((w, t)) if t.len() == 1 => (w, t),
        Some(_) => return None,
        None => (text, "0"),
    };
    let w: u32 = whole.parse().ok()?;
    let t: u32 = tenth.parse().ok()?;
    let tenths = w.checked_mul(10)?.checked_add(t)?;
    (10..=arbor_puzzles::MAX_INFLATION)
        .contains(&tenths)
        .then_some(tenths)
}
