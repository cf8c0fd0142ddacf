//! MCTS practice: at a selection step of a real run, the student says which child UCB1 takes
//! next (and, at the harder level, types every child's UCB1 value); the answer key is the
//! engine's own `Select` event — its children's visits, means, exploration terms and choice.

use arbor_game::{MctsEvent, MctsId, Ucb};

use crate::mcts::{number, run_tree, MctsRequest, MctsView, Turn};

/// How much the student is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Pick the child selection takes.
    Pick,
    /// Also type every child's UCB1 value.
    Numbers,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 2] = [Level::Pick, Level::Numbers];

    /// URL name.
    pub fn key(self) -> &'static str {
        match self {
            Level::Pick => "pick",
            Level::Numbers => "ucb",
        }
    }

    /// Menu name.
    pub fn title(self) -> &'static str {
        match self {
            Level::Pick => "Pick the child taken",
            Level::Numbers => "… and compute UCB1",
        }
    }

    /// Reads a URL name.
    pub fn from_key(key: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.key() == key)
    }
}

/// Most questions an exercise asks.
pub const QUESTIONS: usize = 6;

/// A typed UCB1 value is right within this of the engine's (answers rounded to two decimals).
pub const TOLERANCE: f64 = 0.011;

/// One question: a selection step of the run.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// The step of the run just before the selection (the tree drawn as it stands).
    pub step: usize,
    /// The iteration it belongs to.
    pub iteration: u64,
    /// The node selection is at.
    pub node: MctsId,
    /// Its visits N.
    pub visits: u64,
    /// Its children as the engine scored them, in the order they were added.
    pub scores: Vec<Ucb>,
    /// The child the engine took.
    pub chosen: MctsId,
}

/// An exercise: the run and the selections asked about.
#[derive(Clone, Debug, PartialEq)]
pub struct Exercise {
    /// The run, recorded (its first iterations).
    pub view: MctsView,
    /// The exploration constant c.
    pub exploration: f64,
    /// The questions, in the run's order.
    pub questions: Vec<Question>,
    /// How much is asked.
    pub level: Level,
}

/// The student's answer to a question.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// The child picked.
    pub pick: Option<MctsId>,
    /// Typed UCB1 values, by child.
    pub values: Vec<(MctsId, String)>,
}

/// The verdict on an answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Feedback {
    /// Everything asked was right.
    pub right: bool,
    /// What was right or wrong, in words.
    pub message: String,
    /// Children whose typed UCB1 was wrong (or missing).
    pub wrong_values: Vec<MctsId>,
}

impl Exercise {
    /// Runs MCTS for `request` (on the calling thread: practice runs are small) and picks up
    /// to [`QUESTIONS`] selection steps with at least two children, spread over the run.
    pub fn new(request: &MctsRequest, level: Level) -> Result<Exercise, String> {
        let view = run_tree(request, &mut |_| {})?;
        let mut iteration = 0;
        let mut all = Vec::new();
        for (step, e) in view.events.iter().enumerate() {
            match e {
                MctsEvent::Iteration { i } => iteration = *i,
                MctsEvent::Select {
                    node,
                    visits,
                    scores,
                    chosen,
                } if scores.len() >= 2 => all.push(Question {
                    step,
                    iteration,
                    node: *node,
                    visits: *visits,
                    scores: scores.clone(),
                    chosen: *chosen,
                }),
                _ => {}
            }
        }
        if all.is_empty() {
            return Err(format!(
                "in {} iterations selection never chooses between two children or more: ask for more iterations, or a tree with more moves",
                view.recorded
            ));
        }
        // Spread over the run: the k-th of n questions from the k-th n-th of the selections.
        let n = all.len().min(QUESTIONS);
        let questions = (0..n).map(|k| all[k * all.len() / n].clone()).collect();
        Ok(Exercise {
            exploration: f64::from(request.exploration) / 100.0,
            view,
            questions,
            level,
        })
    }

    /// A node's name.
    pub fn name(&self, id: MctsId) -> &str {
        self.view.label(id)
    }

    /// The player choosing at a question's node: the one to move there.
    pub fn chooser(&self, q: &Question) -> &str {
        let min = self
            .view
            .nodes
            .get(q.node as usize)
            .is_some_and(|n| n.turn == Turn::Min);
        &self.view.sides[usize::from(min)]
    }

    /// A child's UCB1 as its terms, with the engine's numbers: `0.42 + 1.41·√(ln 12 / 5) =
    /// 0.42 + 0.7 = 1.12`.
    pub fn terms(&self, q: &Question, s: &Ucb) -> String {
        format!(
            "{} + {}·√(ln {} / {}) = {} + {} = {}",
            number(s.mean),
            crate::mcts::exploration_text((self.exploration * 100.0).round() as u32),
            q.visits,
            s.visits,
            number(s.mean),
            number(s.explore),
            number(s.value())
        )
    }

    /// Checks an answer to question `q` against the engine's selection.
    pub fn check(&self, q: usize, answer: &Answer) -> Feedback {
        let question = &self.questions[q];
        let best = question
            .scores
            .iter()
            .map(Ucb::value)
            .fold(f64::NEG_INFINITY, f64::max);
        let (wrong_values, mut lines) = if self.level == Level::Numbers {
            self.check_numbers(question, answer)
        } else {
            (Vec::new(), Vec::new())
        };
        let (pick_ok, said) = self.check_pick(question, answer.pick, best);
        if let Some(said) = said {
            lines.insert(0, said);
        }
        let right = pick_ok && wrong_values.is_empty();
        if right {
            lines.insert(
                0,
                format!(
                    "Right: selection takes {}, UCB1 {} — the highest of {}.",
                    self.name(question.chosen),
                    number(best),
                    question.scores.len()
                ),
            );
        }
        Feedback {
            right,
            message: lines.join(" "),
            wrong_values,
        }
    }

    /// The UCB1 values typed, checked: the children whose value is wrong or missing, and what
    /// to say of them.
    fn check_numbers(&self, question: &Question, answer: &Answer) -> (Vec<MctsId>, Vec<String>) {
        let mut wrong_values = Vec::new();
        let mut lines = Vec::new();
        let mut empty = Vec::new();
        for s in &question.scores {
            let typed = answer
                .values
                .iter()
                .find(|(c, _)| *c == s.child)
                .map_or("", |(_, t)| t.trim());
            if typed.is_empty() {
                wrong_values.push(s.child);
                empty.push(self.name(s.child).to_string());
            } else if !parse_number(typed).is_some_and(|v| (v - s.value()).abs() <= TOLERANCE) {
                wrong_values.push(s.child);
                lines.push(format!(
                    "{typed} is not the UCB1 of {}: {}.",
                    self.name(s.child),
                    self.terms(question, s)
                ));
            }
        }
        if !empty.is_empty() {
            lines.push(format!("Type the UCB1 of {} too.", empty.join(", ")));
        }
        (wrong_values, lines)
    }

    /// The child picked, checked against the engine's choice (`best`: the highest UCB1):
    /// whether it counts as right, and what to say of it first, if anything.
    fn check_pick(
        &self,
        question: &Question,
        pick: Option<MctsId>,
        best: f64,
    ) -> (bool, Option<String>) {
        let engine = self.name(question.chosen).to_string();
        match pick {
            None => (false, Some("Pick the child selection takes.".into())),
            Some(p) if p == question.chosen => (true, None),
            Some(p) => match question.scores.iter().find(|s| s.child == p) {
                // A tie with the highest: the engine takes the child added first.
                Some(s) if s.value() == best => (
                    true,
                    Some(format!(
                        "{} ties with {engine} at {}; Arbor's MCTS breaks ties for the child added first, {engine}.",
                        self.name(p),
                        number(best)
                    )),
                ),
                Some(s) => (
                    false,
                    Some(format!(
                        "Not {}: its UCB1 is {}, but {engine}'s is {}, the highest.",
                        self.name(p),
                        number(s.value()),
                        number(best)
                    )),
                ),
                None => (
                    false,
                    Some(format!(
                        "{} is not a child of {}: selection chooses among {}'s children.",
                        self.name(p),
                        self.name(question.node),
                        self.name(question.node)
                    )),
                ),
            },
        }
    }
}

/// Reads a typed number: `1.23`, `1,23`, `-0.5`, `−0.5`.
pub fn parse_number(text: &str) -> Option<f64> {
    let t = text.trim().replace(',', ".").replace('−', "-");
    if t.is_empty()
        || !t
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-')
    {
        return None;
    }
    t.parse::<f64>().ok().filter(|v| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::{MctsSource, DEFAULT_EXPLORATION};

    fn exercise(level: Level) -> Exercise {
        let request = MctsRequest {
            source: MctsSource::Tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]".into()),
            iterations: 40,
            exploration: DEFAULT_EXPLORATION,
            seed: 3,
        };
        Exercise::new(&request, level).unwrap()
    }

    /// The engine's own choices are right; every other child is wrong unless it ties with the
    /// highest UCB1 — recomputed here from the question's numbers (the oracle), not taken from
    /// the engine's ranking.
    #[test]
    fn the_engine_choice_is_right_and_lower_children_are_wrong() {
        let ex = exercise(Level::Pick);
        assert!(ex.questions.len() >= 3, "{} questions", ex.questions.len());
        for (q, question) in ex.questions.iter().enumerate() {
            // The textbook tree: MAX chooses at the root, MIN one level down.
            let depth_one = question.node != 0;
            assert_eq!(ex.chooser(question), if depth_one { "MIN" } else { "MAX" });
            let ln_n = (question.visits as f64).ln();
            let ucb = |s: &Ucb| {
                let n = s.visits as f64;
                s.mean + ex.exploration * (ln_n / n).sqrt()
            };
            let best = question.scores.iter().map(ucb).fold(f64::MIN, f64::max);
            for s in &question.scores {
                let f = ex.check(
                    q,
                    &Answer {
                        pick: Some(s.child),
                        values: vec![],
                    },
                );
                let top = (ucb(s) - best).abs() < 1e-12;
                assert_eq!(f.right, top, "{}: {}", ex.name(s.child), f.message);
                if s.child == question.chosen {
                    assert!(f.message.starts_with("Right: selection takes"));
                } else if !top {
                    assert!(f.message.starts_with("Not "), "{}", f.message);
                    assert!(f.message.contains(&number(best)));
                }
            }
            // No pick, and a node that is not a child.
            assert!(!ex.check(q, &Answer::default()).right);
            let f = ex.check(
                q,
                &Answer {
                    pick: Some(question.node),
                    values: vec![],
                },
            );
            assert!(!f.right && f.message.contains("is not a child"));
        }
    }

    /// At the harder level every child's UCB1 must be typed within two decimals; the wrong
    /// ones are named with the engine's terms.
    #[test]
    fn typed_ucb1_values_are_checked_to_two_decimals() {
        let ex = exercise(Level::Numbers);
        let q = ex.questions.len() - 1;
        let question = &ex.questions[q];
        let typed = |shift: f64| -> Vec<(MctsId, String)> {
            question
                .scores
                .iter()
                .map(|s| (s.child, format!("{:.2}", s.value() + shift)))
                .collect()
        };
        let good = Answer {
            pick: Some(question.chosen),
            values: typed(0.0),
        };
        let f = ex.check(q, &good);
        assert!(f.right, "{}", f.message);
        // A comma works as the decimal point.
        let comma = Answer {
            values: good
                .values
                .iter()
                .map(|(c, t)| (*c, t.replace('.', ",")))
                .collect(),
            ..good.clone()
        };
        assert!(ex.check(q, &comma).right);
        // One value off by 0.05: that child is named, with its terms.
        let mut off = good.clone();
        off.values[0].1 = format!("{:.2}", question.scores[0].value() + 0.05);
        let f = ex.check(q, &off);
        assert!(!f.right);
        assert_eq!(f.wrong_values, vec![question.scores[0].child]);
        assert!(f.message.contains("√(ln "), "{}", f.message);
        // Missing and unreadable values are wrong too; a missing one is asked for, not given.
        let mut missing = good.clone();
        let (last, _) = missing.values.pop().unwrap();
        missing.values[0].1 = "lots".into();
        let f = ex.check(q, &missing);
        assert_eq!(f.wrong_values.len(), 2);
        assert!(
            f.message
                .contains(&format!("Type the UCB1 of {} too.", ex.name(last))),
            "{}",
            f.message
        );
        assert!(
            f.message.contains("lots is not the UCB1 of"),
            "{}",
            f.message
        );
    }

    #[test]
    fn numbers_read_and_a_run_without_choices_is_refused() {
        assert_eq!(parse_number(" 1,25 "), Some(1.25));
        assert_eq!(parse_number("−0.5"), Some(-0.5));
        assert_eq!(parse_number("1e9"), None);
        assert_eq!(parse_number(""), None);
        let request = MctsRequest {
            source: MctsSource::Tree("[[1, 2], [3, 4]]".into()),
            iterations: 2,
            exploration: DEFAULT_EXPLORATION,
            seed: 1,
        };
        let e = Exercise::new(&request, Level::Pick).unwrap_err();
        assert!(e.contains("never chooses"), "{e}");
    }
}
