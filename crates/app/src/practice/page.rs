//! The practice page: what the student has answered, as state and reducer. The exercise itself
//! (tree, questions, the engine's run) is made from the settings in the link
//! ([`crate::practice`]); these states hold only what the student did to it.

use std::rc::Rc;

use arbor_game::NodeId;
use arbor_search::NodeId as SearchNode;

use crate::alphabeta::practice::{self as alphabeta, Answers, Exercise, Question, Report};
use crate::chance::practice as chance;
use crate::mcts::practice as mcts;
use crate::search::practice as search;

/// Alpha-beta practice: the answers, and whether they were checked since the last change.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AbState {
    /// The student's marks and typed values.
    pub answers: Answers,
    /// Checked since the last change of an answer (the report is derived, never stored).
    pub checked: bool,
    /// The real run is shown from this step (where the answers and the engine first differ).
    pub reveal: Option<usize>,
}

/// What the student does in alpha-beta practice.
#[derive(Clone, Debug)]
pub enum AbAction {
    /// Mark a branch as pruned, or take the mark back (the root cannot be marked).
    ToggleMark(NodeId),
    /// Type an answer.
    Answer(NodeId, Question, String),
    /// Check the answers.
    Check,
    /// Show the real run from the first difference.
    Reveal(Rc<Exercise>),
    /// Back to the answers.
    CloseReveal,
    /// Clear every answer.
    Clear,
}

impl AbState {
    /// The report on the answers, once checked.
    pub fn report(&self, ex: &Exercise) -> Option<Report> {
        self.checked.then(|| alphabeta::check(ex, &self.answers))
    }
}

impl crate::Reducer for AbState {
    type Action = AbAction;

    fn ignores(&self, action: &AbAction) -> bool {
        match action {
            AbAction::ToggleMark(id) => *id == NodeId::ROOT,
            AbAction::Check => self.checked,
            AbAction::CloseReveal => self.reveal.is_none(),
            AbAction::Clear => *self == AbState::default(),
            _ => false,
        }
    }

    fn apply(&mut self, action: AbAction) {
        let s = self;
        match action {
            AbAction::ToggleMark(id) => {
                if id == NodeId::ROOT {
                    return;
                }
                if !s.answers.marked.remove(&id) {
                    s.answers.marked.insert(id);
                }
                s.checked = false;
            }
            AbAction::Answer(id, which, text) => {
                let map = match which {
                    Question::Value => &mut s.answers.values,
                    Question::Alpha => &mut s.answers.alphas,
                    _ => &mut s.answers.betas,
                };
                map.insert(id, text);
                s.checked = false;
            }
            AbAction::Check => s.checked = true,
            AbAction::Reveal(ex) => {
                let report = alphabeta::check(&ex, &s.answers);
                s.reveal = Some(report.first_difference.unwrap_or(0));
            }
            AbAction::CloseReveal => s.reveal = None,
            AbAction::Clear => {
                s.answers = Answers::default();
                s.checked = false;
            }
        }
    }
}

/// Search practice: the questions answered so far and the one under way.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchState {
    /// Per question answered: right at the first try? (Its length is the question under way.)
    pub first_try: Vec<bool>,
    /// The question under way was already answered wrongly once.
    pub tried: bool,
    /// The last feedback: right or not, and why.
    pub message: Option<(bool, String)>,
    /// The frontier order being entered (the whole-frontier level).
    pub order: Vec<SearchNode>,
}

/// What the student does in search practice.
#[derive(Clone, Debug)]
pub enum SearchAction {
    /// Click a node of the tree: the answer (next-node level), or one more in the order.
    Click(Rc<search::Exercise>, SearchNode),
    /// Check the order entered.
    CheckOrder(Rc<search::Exercise>),
    /// Clear the order entered.
    ClearOrder,
}

impl SearchState {
    /// The question under way (the number answered so far).
    pub fn question(&self) -> usize {
        self.first_try.len()
    }

    /// Questions answered right at the first try.
    pub fn right(&self) -> usize {
        self.first_try.iter().filter(|&&ok| ok).count()
    }

    fn advance(&mut self) {
        self.first_try.push(!self.tried);
        self.tried = false;
        self.order.clear();
    }
}

impl crate::Reducer for SearchState {
    type Action = SearchAction;

    fn ignores(&self, action: &SearchAction) -> bool {
        match action {
            // A click after the search is over, or on no node of this exercise's tree.
            SearchAction::Click(ex, node) => {
                self.question() >= ex.questions.len() || *node as usize >= ex.view.nodes.len()
            }
            SearchAction::CheckOrder(ex) => self.question() >= ex.questions.len(),
            SearchAction::ClearOrder => self.order.is_empty(),
        }
    }

    fn apply(&mut self, action: SearchAction) {
        let q = self.question();
        let s = self;
        match action {
            SearchAction::Click(ex, node) => {
                // A click after the search is over, or on no node of this exercise's tree.
                if q >= ex.questions.len() || node as usize >= ex.view.nodes.len() {
                    return;
                }
                match ex.level {
                    search::Level::Next => match ex.check_next(q, node) {
                        Ok(()) => {
                            s.message =
                                Some((true, format!("Right: {} is taken next.", ex.name(node))));
                            s.advance();
                        }
                        Err(why) => {
                            s.message = Some((false, format!("Not {}. {why}", ex.name(node))));
                            s.tried = true;
                        }
                    },
                    search::Level::Frontier => {
                        if let Some(i) = s.order.iter().position(|&n| n == node) {
                            s.order.remove(i);
                        } else {
                            s.order.push(node);
                        }
                        s.message = None;
                    }
                }
            }
            SearchAction::CheckOrder(ex) => {
                if q >= ex.questions.len() {
                    return;
                }
                match ex.check_order(q, &s.order) {
                    Ok(()) => {
                        s.message = Some((
                            true,
                            "Right: that is the order in which they leave the frontier.".into(),
                        ));
                        s.advance();
                    }
                    Err((_, why)) => {
                        s.message = Some((false, why));
                        s.tried = true;
                    }
                }
            }
            SearchAction::ClearOrder => s.order.clear(),
        }
    }
}

/// Chance practice: the values typed, and whether they were checked since the last change.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChanceState {
    /// Typed values, by node.
    pub answers: std::collections::BTreeMap<NodeId, String>,
    /// Checked since the last change (the report is derived, never stored).
    pub checked: bool,
}

/// What the student does in chance practice.
#[derive(Clone, Debug)]
pub enum ChanceAction {
    /// Type a node's value.
    Answer(NodeId, String),
    /// Check the values.
    Check,
    /// Clear every value.
    Clear,
}

impl ChanceState {
    /// The report on the values, once checked.
    pub fn report(&self, ex: &chance::Exercise) -> Option<Vec<chance::Checked>> {
        self.checked.then(|| ex.check(&self.answers))
    }
}

impl crate::Reducer for ChanceState {
    type Action = ChanceAction;

    fn ignores(&self, action: &ChanceAction) -> bool {
        match action {
            ChanceAction::Check => self.checked,
            ChanceAction::Clear => *self == ChanceState::default(),
            ChanceAction::Answer(..) => false,
        }
    }

    fn apply(&mut self, action: ChanceAction) {
        let s = self;
        match action {
            ChanceAction::Answer(id, text) => {
                s.answers.insert(id, text);
                s.checked = false;
            }
            ChanceAction::Check => s.checked = true,
            ChanceAction::Clear => *s = ChanceState::default(),
        }
    }
}

/// MCTS practice: the questions answered so far and the answer under way.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MctsState {
    /// Per question finished: right at the first try? (Its length is the question under way.)
    pub first_try: Vec<bool>,
    /// The question under way was already answered wrongly once.
    pub tried: bool,
    /// The answer being given.
    pub answer: mcts::Answer,
    /// The last check's verdict.
    pub feedback: Option<mcts::Feedback>,
}

/// What the student does in MCTS practice.
#[derive(Clone, Debug)]
pub enum MctsAction {
    /// Pick a child.
    Pick(arbor_game::MctsId),
    /// Type a child's UCB1.
    Value(arbor_game::MctsId, String),
    /// Check the answer to the question under way.
    Check(Rc<mcts::Exercise>),
    /// On to the next question (after a right answer).
    Next,
}

impl MctsState {
    /// The question under way.
    pub fn question(&self) -> usize {
        self.first_try.len()
    }

    /// Questions right at the first try.
    pub fn right(&self) -> usize {
        self.first_try.iter().filter(|&&ok| ok).count()
    }

    /// The question under way has been answered right (Next goes on).
    pub fn solved(&self) -> bool {
        self.feedback.as_ref().is_some_and(|f| f.right)
    }
}

impl crate::Reducer for MctsState {
    type Action = MctsAction;

    fn ignores(&self, action: &MctsAction) -> bool {
        let solved = self.solved();
        match action {
            MctsAction::Pick(_) | MctsAction::Value(..) => solved,
            MctsAction::Check(ex) => solved || self.question() >= ex.questions.len(),
            MctsAction::Next => !solved,
        }
    }

    fn apply(&mut self, action: MctsAction) {
        let s = self;
        let solved = s.solved();
        match action {
            MctsAction::Pick(id) if !solved => {
                s.answer.pick = Some(id);
                s.feedback = None;
            }
            MctsAction::Value(id, text) if !solved => {
                s.answer.values.retain(|(c, _)| *c != id);
                s.answer.values.push((id, text));
                s.feedback = None;
            }
            MctsAction::Check(ex) if !solved && s.question() < ex.questions.len() => {
                let f = ex.check(s.question(), &s.answer);
                if !f.right {
                    s.tried = true;
                }
                s.feedback = Some(f);
            }
            MctsAction::Next if solved => {
                s.first_try.push(!s.tried);
                s.tried = false;
                s.answer = mcts::Answer::default();
                s.feedback = None;
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Reducer;
    use arbor_game::GameTree;
    use arbor_search::Algorithm;

    fn ab(s: AbState, a: AbAction) -> AbState {
        Rc::unwrap_or_clone(Rc::new(s).reduce(a))
    }

    /// Seed 003's alpha-beta tree.
    fn exercise() -> Rc<Exercise> {
        let tree = GameTree::parse("[[[2,3],[5,9]],[[0,1],[7,5]]]").unwrap();
        Rc::new(Exercise::new(&tree, alphabeta::Level::Values, 7))
    }

    #[test]
    fn alpha_beta_marks_toggle_and_any_change_takes_the_check_back() {
        let ex = exercise();
        let pruned: Vec<NodeId> = ex.key.pruned.keys().copied().collect();
        assert!(!pruned.is_empty());
        let mut s = ab(AbState::default(), AbAction::Check);
        assert!(s.report(&ex).is_some());
        // The root cannot be marked.
        s = ab(s, AbAction::ToggleMark(NodeId::ROOT));
        assert!(s.answers.marked.is_empty() && s.checked);
        s = ab(s, AbAction::ToggleMark(pruned[0]));
        assert!(s.answers.marked.contains(&pruned[0]) && !s.checked);
        assert!(s.report(&ex).is_none());
        s = ab(s, AbAction::ToggleMark(pruned[0]));
        assert!(s.answers.marked.is_empty());
        s = ab(s, AbAction::Check);
        s = ab(
            s,
            AbAction::Answer(NodeId::ROOT, Question::Value, "3".into()),
        );
        assert_eq!(s.answers.values[&NodeId::ROOT], "3");
        assert!(!s.checked);
        s = ab(s, AbAction::Clear);
        assert_eq!(s.answers, Answers::default());
    }

    #[test]
    fn alpha_beta_answers_as_the_engine_has_them_are_all_right_and_reveal_starts_at_zero() {
        let ex = exercise();
        let mut s = AbState::default();
        for &n in ex.key.pruned.keys() {
            s = ab(s, AbAction::ToggleMark(n));
        }
        for &n in &ex.ask_values {
            let v = ex.key.values[&n];
            s = ab(s, AbAction::Answer(n, Question::Value, v.to_string()));
        }
        s = ab(s, AbAction::Check);
        let report = s.report(&ex).unwrap();
        assert!(report.first_difference.is_none(), "{report:?}");
        assert!(report
            .items
            .iter()
            .all(|i| i.verdict == alphabeta::Verdict::Right));
        s = ab(s, AbAction::Reveal(ex.clone()));
        assert_eq!(s.reveal, Some(0));
        s = ab(s, AbAction::CloseReveal);
        assert_eq!(s.reveal, None);
        // A wrong mark: the real run is shown from where the answers part from it.
        let leaf = ex
            .tree()
            .nodes()
            .iter()
            .enumerate()
            .map(|(i, _)| NodeId(i as u32))
            .find(|n| *n != NodeId::ROOT && !ex.key.pruned.contains_key(n))
            .unwrap();
        s = ab(s, AbAction::ToggleMark(leaf));
        s = ab(s, AbAction::Reveal(ex.clone()));
        assert!(s.reveal.is_some());
    }

    fn sr(s: SearchState, a: SearchAction) -> SearchState {
        Rc::unwrap_or_clone(Rc::new(s).reduce(a))
    }

    const SEED_TREE: &str = "A[B[E[I] F[J K[O P]]] C[G[L[R]]] D[H[M N[S]]]]\ngoal R";

    #[test]
    fn search_next_node_a_wrong_click_costs_the_first_try_only() {
        let ex = Rc::new(
            search::Exercise::new(SEED_TREE, Algorithm::BreadthFirst, search::Level::Next).unwrap(),
        );
        let (_, b) = ex.questions[0];
        let (_, c) = ex.questions[1];
        // Right at once.
        let mut s = sr(SearchState::default(), SearchAction::Click(ex.clone(), b));
        assert_eq!((s.question(), s.right()), (1, 1));
        assert!(s.message.as_ref().unwrap().0);
        // Wrong, then right: the question is done, not right at the first try.
        let (_, d) = ex.questions[2];
        s = sr(s, SearchAction::Click(ex.clone(), d));
        assert_eq!(s.question(), 1);
        assert!(s.tried && !s.message.as_ref().unwrap().0);
        s = sr(s, SearchAction::Click(ex.clone(), c));
        assert_eq!((s.question(), s.right()), (2, 1));
        assert!(!s.tried);
        // Every question answered: further clicks change nothing.
        for &(_, n) in &ex.questions[2..] {
            s = sr(s, SearchAction::Click(ex.clone(), n));
        }
        assert_eq!(s.question(), ex.questions.len());
        let done = s.clone();
        assert_eq!(sr(s, SearchAction::Click(ex.clone(), b)), done);
    }

    #[test]
    fn search_frontier_order_is_toggled_checked_and_cleared() {
        let ex = Rc::new(
            search::Exercise::new(SEED_TREE, Algorithm::DepthFirst, search::Level::Frontier)
                .unwrap(),
        );
        let frontier = ex.frame(0).frontier.clone();
        assert!(frontier.len() >= 2, "{frontier:?}");
        let mut s = SearchState::default();
        // Clicking a node twice takes it out again.
        s = sr(s, SearchAction::Click(ex.clone(), frontier[0]));
        s = sr(s, SearchAction::Click(ex.clone(), frontier[0]));
        assert!(s.order.is_empty());
        // The wrong order is refused and costs the first try.
        for &n in frontier.iter().rev() {
            s = sr(s, SearchAction::Click(ex.clone(), n));
        }
        s = sr(s, SearchAction::CheckOrder(ex.clone()));
        assert_eq!(s.question(), 0);
        assert!(s.tried);
        s = sr(s, SearchAction::ClearOrder);
        assert!(s.order.is_empty());
        for &n in &frontier {
            s = sr(s, SearchAction::Click(ex.clone(), n));
        }
        s = sr(s, SearchAction::CheckOrder(ex.clone()));
        assert_eq!((s.question(), s.right()), (1, 0));
        assert!(s.order.is_empty() && !s.tried);
    }

    #[test]
    fn chance_answers_are_checked_and_any_change_takes_the_check_back() {
        let tree =
            GameTree::parse("[?[1/2: 8, 1/3: 24, 1/6: -12], ?[1/2: 3, 1/3: 9, 1/6: 6]]").unwrap();
        let ex = chance::Exercise::new(tree, arbor_game::Rule::Expectimax).unwrap();
        let step = |s: ChanceState, a| Rc::unwrap_or_clone(Rc::new(s).reduce(a));
        let mut s = ChanceState::default();
        for &n in &ex.asked {
            s = step(s, ChanceAction::Answer(n, "10".into()));
        }
        assert!(s.report(&ex).is_none());
        s = step(s, ChanceAction::Check);
        let report = s.report(&ex).unwrap();
        let right: Vec<bool> = report
            .iter()
            .map(|c| c.verdict == chance::Verdict::Right)
            .collect();
        // 10, then 5 (not 10), then the root 10.
        assert_eq!(right, [true, false, true]);
        s = step(s, ChanceAction::Answer(ex.asked[1], "5".into()));
        assert!(!s.checked);
        s = step(s, ChanceAction::Clear);
        assert_eq!(s, ChanceState::default());
    }

    #[test]
    fn mcts_a_wrong_pick_costs_the_first_try_and_next_waits_for_a_right_one() {
        use crate::mcts::{MctsRequest, MctsSource, DEFAULT_EXPLORATION};
        let ex = Rc::new(
            mcts::Exercise::new(
                &MctsRequest {
                    source: MctsSource::Tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]".into()),
                    iterations: 40,
                    exploration: DEFAULT_EXPLORATION,
                    seed: 3,
                },
                mcts::Level::Pick,
            )
            .unwrap(),
        );
        let step = |s: MctsState, a| Rc::unwrap_or_clone(Rc::new(s).reduce(a));
        let q = &ex.questions[0];
        let best = q.scores.iter().map(|s| s.value()).fold(f64::MIN, f64::max);
        let wrong = q.scores.iter().find(|s| s.value() < best).unwrap().child;
        let mut s = step(MctsState::default(), MctsAction::Next);
        assert_eq!(s.question(), 0, "Next does nothing before a right answer");
        s = step(s, MctsAction::Pick(wrong));
        s = step(s, MctsAction::Check(ex.clone()));
        assert!(s.tried && !s.solved());
        s = step(s, MctsAction::Pick(q.chosen));
        s = step(s, MctsAction::Check(ex.clone()));
        assert!(s.solved());
        // Solved: picks are frozen until Next.
        let frozen = step(s.clone(), MctsAction::Pick(wrong));
        assert_eq!(frozen, s);
        s = step(s, MctsAction::Next);
        assert_eq!((s.question(), s.right()), (1, 0));
        assert_eq!(s.answer, mcts::Answer::default());
        let q = &ex.questions[1];
        s = step(s, MctsAction::Pick(q.chosen));
        s = step(s, MctsAction::Check(ex.clone()));
        s = step(s, MctsAction::Next);
        assert_eq!((s.question(), s.right()), (2, 1));
    }
}
