//! How the page writes a search's costs (in the problem's unit), a search's name inside a
//! sentence, a grid cell's name, and weighted A*'s w.

use super::*;
use arbor_search::replay::SearchFrame;
use arbor_search::{Algorithm, Cost};

/// The unit a problem's costs are counted in, which decides how a cost is written for the
/// reader. A grid counts in 10⁻¹⁰ of a step (a straight step 10¹⁰, a diagonal one √2 · 10¹⁰
/// rounded up), so that its sums stay whole numbers and exact; the reader is shown steps
/// (1, 1.4142).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CostUnit {
    /// Costs are what they say (trees, graphs, puzzles, the blocks world).
    #[default]
    Whole,
    /// Costs are 10⁻¹⁰ of a step (grids).
    Steps,
}

/// Decimals a grid's costs are shown with (fewer when the last are zeros).
pub const STEP_DECIMALS: u32 = 4;

impl CostUnit {
    /// The unit of a problem's costs.
    pub fn of(problem: &Problem) -> CostUnit {
        match problem {
            Problem::Grid(_) => CostUnit::Steps,
            _ => CostUnit::Whole,
        }
    }

    /// A cost (or g, h, f, a bound) as the reader sees it: the one function every caption,
    /// list, status and table writes a cost with.
    pub fn show(self, cost: Cost) -> String {
        match self {
            CostUnit::Whole => cost.to_string(),
            // Steps with at most four decimals, none that are zeros at the end: 22, 1.5, 1.4142.
            CostUnit::Steps => arbor_puzzles::show_steps(cost, STEP_DECIMALS),
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

/// The longest path, in states, a caption or list writes out in full; a longer one is
/// summarised by [`path_words`] and given whole on request.
pub const PATH_IN_FULL: usize = 12;

/// How many states a summarised path names at each end.
pub const PATH_ENDS: usize = 4;

/// A path (its states' names, start first) in words joined by `sep`: all of it if it has at
/// most [`PATH_IN_FULL`] states, otherwise its first and last [`PATH_ENDS`] with how many are
/// left out between them.
pub fn path_words<S: AsRef<str>>(names: &[S], sep: &str) -> String {
    let join = |part: &[S]| {
        part.iter()
            .map(|s| s.as_ref())
            .collect::<Vec<_>>()
            .join(sep)
    };
    if names.len() <= PATH_IN_FULL {
        return join(names);
    }
    let left_out = names.len() - 2 * PATH_ENDS;
    format!(
        "{}{sep}… {} more …{sep}{}",
        join(&names[..PATH_ENDS]),
        arbor_util::group_thousands(left_out as u64),
        join(&names[names.len() - PATH_ENDS..])
    )
}

/// Whether [`path_words`] leaves part of a path of `len` states out.
pub fn path_summarised(len: usize) -> bool {
    len > PATH_IN_FULL
}

/// A path found, as the caption's last step says it: its states (in full or summarised by
/// [`path_words`]), its depth (moves) and its cost, written in the problem's unit.
pub fn found_words<S: AsRef<str>>(names: &[S], cost: Cost, unit: CostUnit) -> String {
    let steps = names.len().saturating_sub(1);
    if path_summarised(names.len()) {
        format!(
            " Found: {} — a path of {} moves, cost {}; the whole path is under the caption.",
            path_words(names, " → "),
            arbor_util::group_thousands(steps as u64),
            unit.show(cost)
        )
    } else {
        format!(
            " Found: {} — depth {steps}, cost {}.",
            path_words(names, " → "),
            unit.show(cost)
        )
    }
}

/// The whole path found by step `frame`, when the caption summarises it (see
/// [`path_words`]): every state's name, start first, for the page to give on
/// request. `None` when no path is found yet, or the caption names all of it.
pub fn whole_path(frame: &SearchFrame, label: &dyn Fn(u64) -> String) -> Option<String> {
    (frame.found.is_some() && path_summarised(frame.path.len())).then(|| {
        frame
            .path
            .iter()
            .map(|&id| label(id))
            .collect::<Vec<_>>()
            .join(" → ")
    })
}

#[cfg(test)]
mod path_tests {
    use super::*;

    #[test]
    fn a_short_path_is_written_in_full() {
        let names = ["A", "C", "G", "L", "R"];
        assert_eq!(path_words(&names, " → "), "A → C → G → L → R");
        assert_eq!(
            found_words(&names, 4, CostUnit::Whole),
            " Found: A → C → G → L → R — depth 4, cost 4."
        );
    }

    #[test]
    fn a_path_of_1256_moves_is_summarised() {
        // 1,257 cells of a 100 × 100 grid: along row 0, then down the last column, and so on.
        let names: Vec<String> = (0..1257).map(|i| cell_name(i % 100, i / 100)).collect();
        let text = found_words(&names, 1256 * arbor_puzzles::STRAIGHT, CostUnit::Steps);
        assert!(
            text.chars().count() < 200,
            "{} characters: {text}",
            text.chars().count()
        );
        for part in [
            "(0,0) → (1,0) → (2,0) → (3,0) → …",
            "… 1,249 more … → ",
            "(53,12) → (54,12) → (55,12) → (56,12) —",
            "1,256 moves",
            "cost 1256",
        ] {
            assert!(text.contains(part), "{part:?} not in {text}");
        }
        assert!(!text.contains("(4,0)"), "{text}");
    }

    #[test]
    fn the_summary_starts_at_thirteen_states() {
        let names: Vec<String> = (0..13).map(|i| i.to_string()).collect();
        assert_eq!(path_words(&names[..12], " "), "0 1 2 3 4 5 6 7 8 9 10 11");
        assert_eq!(path_words(&names, " "), "0 1 2 3 … 5 more … 9 10 11 12");
    }
}
