//! What the Play page says in words of the hints and of the AI's moves.

use crate::game::*;
use arbor_games::connect4::{self};

/// A hint in words, for a button's accessible name: the badge's own words first (a name holds
/// the text a sighted user sees, for speech input), then the verdict spelled out — in connect
/// four, a win or loss without its length is proven but how soon is not known, and an
/// estimate is not proven and counts no moves.
pub fn hint_words(kind: Kind, verdict: Option<Verdict>) -> String {
    verdict
        .map(|v| {
            let badge = v.badge();
            match v {
                Verdict::Estimate(_) => {
                    format!(": {badge}, not proven: a heuristic value, not a count of moves")
                }
                Verdict::Playouts(_) => format!(": {badge}, not proven"),
                Verdict::Draw => format!(": {badge}"),
                Verdict::Win(None) | Verdict::Loss(None) if kind == Kind::Connect4 => {
                    format!(": {badge} ({}; proven, how soon not known)", v.text())
                }
                v => format!(": {badge} ({})", v.text()),
            }
        })
        .unwrap_or_default()
}

/// Below the board, when some hints are not proven: which moves, and that their numbers are
/// not to be ranked with the proven ones (`None` when every hint is proven).
pub fn unproven_note(kind: Kind, hints: &[super::Hint]) -> Option<String> {
    let names: Vec<String> = hints
        .iter()
        .filter(|h| matches!(h.verdict, Verdict::Estimate(_)))
        .map(|h| h.mv.describe(kind))
        .collect();
    if names.is_empty() {
        return None;
    }
    if names.len() == hints.len() {
        return Some(
            "No hint was proven in the time for hints (◆): their numbers are the threat \
             evaluation's, six plies on, on its own scale (higher is better), not a count of \
             moves."
                .to_string(),
        );
    }
    let (these, their) = if names.len() == 1 {
        ("this move", "Its")
    } else {
        ("these moves", "Their")
    };
    Some(format!(
        "Not proven in the time for hints: {} (◆). {their} numbers are the threat \
         evaluation's, six plies on, on its own scale (higher is better): not a count of \
         moves, and not comparable with the proven wins and losses; compare {these} only with \
         each other.",
        arbor_util::and_list(&names),
    ))
}

/// What the AI panel says of an AI move's value and how it was found (every level but
/// MCTS's, whose run is told otherwise).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNote {
    /// The value, for MAX.
    pub value: String,
    /// The nodes searched, and whether and how the move is proven.
    pub proof: String,
    /// No search ran for the move: why (said in place of the link to the tree behind it).
    pub no_search: Option<String>,
}

/// What the AI panel says of `thought`, a move the AI made at a level searching with
/// `strength`, in a game whose first player (MAX) is named `max`: the value with the scale it
/// is on — the opening book's result, the solver's exact score or weak result, a
/// depth-limited search's heuristic value (or a finished game it saw), tic-tac-toe's and
/// Nim's values — and only a search's value called the root's of the tree behind the move.
pub fn move_note(thought: &super::Thought, strength: Strength, max: &str) -> MoveNote {
    use connect4::Proof;
    let v = crate::scene::show_value(thought.value);
    let for_max = format!("for MAX ({max}, who moved first)");
    const ROOT: &str = "It is the value at the root of the tree behind this move.";
    let limited = matches!(strength, Strength::Depth { .. });
    let value = match (thought.mv, thought.proof) {
        (_, Some(Proof::Book)) => format!(
            "Result from the opening book: {v} {for_max} — on the book's scale, 1 a win for MAX, 0 a draw, −1 a loss; how soon is not in the book."
        ),
        (_, Some(Proof::Exact)) => format!(
            "Exact score from the solver: {v} {for_max} — on the solver's scale, a win scores 22 less the winner's stones when the game ends (the sooner, the larger), a loss the negative, a draw 0. {ROOT}"
        ),
        (_, Some(Proof::Result)) => format!(
            "Result from the solver: {v} {for_max} — on a weak solve's scale, 1 a win for MAX, 0 a draw, −1 a loss; how soon was not found in time. {ROOT}"
        ),
        (Move::Column(_), _) => match connect4::proven_score(thought.value) {
            Some(score) => format!(
                "A finished game within the search's {}: {v} {for_max} — on the depth-limited search's scale a game it sees won is worth 1000 plus the exact score (here {}: 22 less the winner's stones), a game lost the negative, so this is proven. {ROOT}",
                arbor_util::counted(u64::from(thought.depth), "ply", "plies"),
                score.abs()
            ),
            None => format!(
                "Heuristic value ({}, {} ahead): {v} {for_max} — not proven, on the evaluation's own scale (higher is better for MAX; a game seen to its end is worth more than 1000). {ROOT}",
                if matches!(strength, Strength::Depth { threats: false, .. }) {
                    "the seed's heuristic: runs of two and three"
                } else {
                    "the threat evaluation"
                },
                arbor_util::counted(u64::from(thought.depth), "ply", "plies")
            ),
        },
        (Move::Cell(_), _) => format!(
            "Value {for_max}: {v} — on the search's scale, a win is worth 10 less the marks on the board when it ends, a loss the negative, a draw 0{}. {ROOT}",
            if limited { " (as is a game unfinished at the depth limit)" } else { "" }
        ),
        (Move::Take(_), _) => format!(
            "Value {for_max}: {v} — 1 a win for MAX, −1 a loss{}. {ROOT}",
            if limited { ", 0 a game unfinished at the depth limit" } else { "" }
        ),
    };
    let how = if thought.proof == Some(Proof::Book) {
        "proven: Arbor's opening book holds this position (solved offline by the same solver: win, draw or loss; how soon is not in the book).".to_string()
    } else if thought.proof == Some(Proof::Lost) {
        format!(
            "proven: the solver proved every move loses; it played the move its {}-ply lookahead prefers.",
            thought.depth
        )
    } else if thought.proof == Some(Proof::Result) {
        "proven: the solver proved the result and that this move keeps it; how soon was not found in time.".to_string()
    } else if thought.proof == Some(Proof::Exact) {
        "proven: the solver found the exact score — the fastest win, or the latest loss."
            .to_string()
    } else if thought.proven {
        "proven (searched to the end of the game).".to_string()
    } else if thought.stopped {
        format!(
            "not proven: stopped, so it played the best move of its deepest finished search ({}).",
            arbor_util::counted(u64::from(thought.depth), "ply", "plies")
        )
    } else {
        format!(
            "not proven: it looked {} ahead.",
            arbor_util::counted(u64::from(thought.depth), "ply", "plies")
        )
    };
    MoveNote {
        value,
        proof: format!(
            "{}; {how}",
            arbor_util::counted(thought.nodes, "node", "nodes")
        ),
        no_search: (thought.proof == Some(Proof::Book)).then(|| {
            "No search ran for this move: the book's answer took minutes of solving, offline (arbor c4 book).".to_string()
        }),
    }
}
