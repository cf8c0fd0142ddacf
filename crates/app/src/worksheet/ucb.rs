//! The UCB1 exercise: a selection step of MCTS's own run on the tree, as MCTS practice asks
//! it — which child selection takes, with every child's visits, total reward and UCB1.

use arbor_game::{GameTree, Ucb};

use super::sheet::{Answer, Made};
use super::svg::draw;
use super::trees::tree_picture;
use crate::mcts::practice::{Exercise, Question};
use crate::mcts::{exploration_text, number, MctsSource};
use crate::practice;

/// How far the highest UCB1 must be above the next, as shown (two decimals), for a
/// question to be asked on paper: no tie a student's rounding could turn.
const CLEAR: f64 = 0.03;

/// The rounded UCB1 values' gap between the highest and the next.
fn margin(q: &Question) -> f64 {
    let mut v: Vec<f64> = q.scores.iter().map(Ucb::value).collect();
    v.sort_by(|a, b| b.total_cmp(a));
    v.first().zip(v.get(1)).map_or(0.0, |(a, b)| a - b)
}

/// The question asked: the latest selection at the root with a clear winner (the most
/// visits to weigh), else the latest at the root whose winner shows at two decimals, else
/// the latest anywhere with a clear winner, else the practice's last.
fn chosen(ex: &Exercise) -> Option<&Question> {
    let at_root = |gap: f64| {
        ex.questions
            .iter()
            .rev()
            .find(move |q| q.node == 0 && margin(q) > gap)
    };
    at_root(CLEAR)
        .or_else(|| at_root(0.005))
        .or_else(|| ex.questions.iter().rev().find(|q| margin(q) > CLEAR))
        .or_else(|| ex.questions.last())
}

/// A UCB1 exercise.
pub(in crate::worksheet) fn ucb1(p: &practice::Settings) -> Result<Made, String> {
    let request = p.mcts_request()?;
    let MctsSource::Tree(text) = &request.source else {
        return Err("the run is not on a tree".into());
    };
    let text = text.clone();
    let tree = GameTree::parse(&text).map_err(|e| e.to_string())?;
    let ex = Exercise::new(&request, crate::mcts::practice::Level::Numbers)?;
    let q = chosen(&ex).ok_or("selection never chooses")?;
    let c = exploration_text(request.exploration);
    let at = ex.name(q.node).to_string();
    let who = ex.chooser(q).to_string();
    let children: Vec<String> = q
        .scores
        .iter()
        .map(|s| {
            format!(
                "{}: n = {}, Q = {}",
                ex.name(s.child),
                s.visits,
                number(s.mean * s.visits as f64)
            )
        })
        .collect();
    let steps: Vec<(String, String)> = q
        .scores
        .iter()
        .map(|s| {
            (
                ex.name(s.child).to_string(),
                format!(
                    "n = {}, Q = {}, UCB1 = {}",
                    s.visits,
                    number(s.mean * s.visits as f64),
                    ex.terms(q, s)
                ),
            )
        })
        .collect();
    let best = q
        .scores
        .iter()
        .find(|s| s.child == q.chosen)
        .map_or(0.0, Ucb::value);
    let mut lines = vec![format!(
        "Selection at {at} ({who} to move): N = {}, c = {c}",
        q.visits
    )];
    lines.extend(steps.iter().map(|(name, s)| format!("{name}: {s}")));
    lines.push(format!(
        "Selection takes {}: UCB1 {}, the highest",
        ex.name(q.chosen),
        number(best)
    ));
    Ok(Made {
        question: format!(
            "After {} iterations of MCTS (c = {c}), node {at} ({who} to move) has N = {} visits \
             and its children stand at {}. Which child does selection take next? Give each \
             child's UCB1.",
            q.iteration.saturating_sub(1),
            q.visits,
            children.join("; ")
        ),
        figure: draw(&tree_picture(
            &tree,
            &format!("Game tree {text}"),
            false,
            false,
        )),
        answer: Answer {
            lines,
            value: None,
            evaluated: None,
            steps,
            figure: None,
        },
        tree: Some(text),
        problem: None,
    })
}
