//! What each node shows at a step (its status, its value or a bound on it) and how values are
//! written, in words and in `data-` attributes.

use std::rc::Rc;

use arbor_game::Ratio;

/// Where a node stands at the current step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Status {
    /// Not reached yet.
    #[default]
    Unvisited,
    /// The node the search is at.
    Current,
    /// Reached (open on the path, or finished).
    Visited,
    /// Never searched because of a cutoff.
    Pruned,
}

impl Status {
    /// The `data-status` value and CSS class.
    pub fn name(self) -> &'static str {
        match self {
            Status::Unvisited => "unvisited",
            Status::Current => "current",
            Status::Visited => "visited",
            Status::Pruned => "pruned",
        }
    }
}

/// How a shown value relates to the node's true value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Relation {
    /// Exactly this.
    #[default]
    Exact,
    /// At least this (shown "≥").
    AtLeast,
    /// At most this (shown "≤").
    AtMost,
}

/// A value a node shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Shown {
    /// Nothing yet.
    #[default]
    Nothing,
    /// A value for MAX (or for the player to move, in negamax form), or a bound on it.
    Scalar(i32, Relation),
    /// A utility vector (three or more players).
    Vector(Rc<[i32]>),
    /// An expected value (or a bound on it), exact.
    Fraction(Ratio, Relation),
    /// Words of the page's own: an MCTS node's reward and visits, `2.5/4`.
    Text(Rc<str>),
}

impl Shown {
    /// The text drawn in the node: `3`, `≥5`, `−2`, `(1,2,6)`.
    pub fn text(&self) -> Option<String> {
        match self {
            Shown::Nothing => None,
            Shown::Scalar(v, r) => Some(format!(
                "{}{}",
                match r {
                    Relation::Exact => "",
                    Relation::AtLeast => "≥",
                    Relation::AtMost => "≤",
                },
                show_value(*v)
            )),
            Shown::Vector(v) => Some(vector_text(v)),
            Shown::Fraction(v, r) => Some(format!(
                "{}{}",
                match r {
                    Relation::Exact => "",
                    Relation::AtLeast => "≥",
                    Relation::AtMost => "≤",
                },
                decimal(*v)
            )),
            Shown::Text(t) => Some(t.to_string()),
        }
    }

    /// The `data-value` form: an integer, `-inf`/`+inf`, or comma-separated entries.
    pub fn data(&self) -> Option<String> {
        match self {
            Shown::Nothing => None,
            Shown::Scalar(v, _) => Some(data_value(*v)),
            Shown::Vector(v) => Some(
                v.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(","),
            ),
            Shown::Fraction(v, _) => Some(v.to_string()),
            Shown::Text(t) => Some(t.to_string()),
        }
    }
}

/// `(1,2,6)`.
pub fn vector_text(v: &[i32]) -> String {
    let parts: Vec<String> = v.iter().map(|x| show_value(*x)).collect();
    format!("({})", parts.join(","))
}

/// What one node shows at the current step: plain data, cheap to build and compare for
/// thousands of nodes; the text is made only when a node is drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeMark {
    /// Reached, current, pruned or not yet seen.
    pub status: Status,
    /// Its value so far (a leaf's from the start).
    pub value: Shown,
    /// The value is final (the node is done): it goes in `data-value`.
    pub settled: bool,
    /// α and β at this step, while the node is open (or as it left them).
    pub window: Option<(i32, i32)>,
    /// On the principal variation (shown at the end).
    pub principal: bool,
    /// Open: entered and not yet finished.
    pub open: bool,
    /// Answered by the transposition table.
    pub from_table: bool,
    /// (α, β) of a search with exact fractions (expectiminimax with bounds), while open; `None`
    /// in a window is ∓∞.
    pub fraction_window: Option<arbor_game::Window>,
}

/// An expected value for a node: a whole number as it is, otherwise to two decimals (`2.1`,
/// `2.33`, `−0.5`), with the minus sign of [`show_value`].
pub fn decimal(v: Ratio) -> String {
    let text = v.decimals(2).unwrap_or_else(|| v.to_string());
    match text.strip_prefix('-') {
        Some(rest) => format!("−{rest}"),
        None => text,
    }
}

/// A window's end in a `data-` attribute, as [`data_value`] writes one: the exact fraction,
/// `-inf` or `+inf`.
pub fn fraction_data(v: Option<Ratio>, low: bool) -> String {
    match v {
        Some(v) => v.to_string(),
        None if low => "-inf".into(),
        None => "+inf".into(),
    }
}

/// A window's end: `α 2.33`, with −∞ or +∞ for `None`.
pub fn fraction_end(v: Option<Ratio>, low: bool) -> String {
    match v {
        Some(v) => decimal(v),
        None if low => "−∞".into(),
        None => "+∞".into(),
    }
}

/// Formats a value for display, with ±∞ for the search's infinities.
pub fn show_value(v: i32) -> String {
    if v == arbor_game::INF {
        "+∞".into()
    } else if v <= -arbor_game::INF {
        "−∞".into()
    } else if v < 0 {
        format!("−{}", -(v as i64))
    } else {
        v.to_string()
    }
}

/// Formats a value for a `data-` attribute: an integer, `-inf` or `+inf`.
pub fn data_value(v: i32) -> String {
    if v == arbor_game::INF {
        "+inf".into()
    } else if v <= -arbor_game::INF {
        "-inf".into()
    } else {
        v.to_string()
    }
}

/// The nodes' labels in a sentence ("B, C and D"); the stepper's and the chance page's captions use it.
pub fn labels(tree: &arbor_game::GameTree, ids: &[arbor_game::NodeId]) -> String {
    let names: Vec<&str> = ids.iter().map(|&id| tree.node(id).label.as_str()).collect();
    arbor_util::and_list(&names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_well() {
        assert_eq!(show_value(-3), "−3");
        assert_eq!(show_value(arbor_game::INF), "+∞");
        assert_eq!(show_value(-arbor_game::INF), "−∞");
        assert_eq!(data_value(-arbor_game::INF), "-inf");
        assert_eq!(data_value(-3), "-3");
    }
}
