//! Chance-node practice: the student types the value of every chance, MAX and MIN node; the
//! answer key is the engine's own run of expectimax or expectiminimax on the same tree (the
//! values it returned, and what each child returned to it), so it is right by construction.

use std::collections::BTreeMap;
use std::rc::Rc;

use arbor_game::{ExpectEvent, GameTree, NodeId, Ratio, Rule};

use crate::chance::{expression, role, run, spoken, ChanceFrame, ChanceRun};
use crate::scene::decimal;

/// Most nodes a practice tree may have.
pub const MAX_NODES: usize = 80;

/// An exercise: the engine's run, and the nodes asked, in the order the engine finished them.
#[derive(Debug)]
pub struct Exercise {
    /// The run.
    pub run: ChanceRun,
    /// Its last frame: every node's value, and what its children returned to it.
    pub end: ChanceFrame,
    /// The inner nodes, children before parents (the order the search returns them).
    pub asked: Vec<NodeId>,
}

impl PartialEq for Exercise {
    fn eq(&self, other: &Exercise) -> bool {
        Rc::ptr_eq(&self.run.tree, &other.run.tree) && self.run.rule == other.run.rule
    }
}

/// The verdict on one node's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The engine's value.
    Right,
    /// Another value.
    Wrong,
    /// Nothing typed.
    Missing,
    /// Not a number.
    Unreadable,
}

/// One node's answer, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The node.
    pub node: NodeId,
    /// The verdict.
    pub verdict: Verdict,
    /// Why the value is what it is, with the engine's numbers.
    pub reason: String,
}

impl Exercise {
    /// Runs the engine on `tree` under `rule`.
    pub fn new(tree: GameTree, rule: Rule) -> Result<Exercise, String> {
        if tree.len() > MAX_NODES {
            return Err(format!(
                "a tree of {} nodes is too large to practise on (at most {MAX_NODES})",
                tree.len()
            ));
        }
        if !tree.has_plain_values() || tree.players() != 2 {
            return Err("practice needs one value per leaf, not utility vectors".into());
        }
        if tree.node(tree.root()).is_leaf() {
            return Err("the tree is a single leaf: there is nothing to compute".into());
        }
        let run = run(Rc::new(tree), rule, None)?;
        let end = run.frame(run.len());
        let asked = run
            .events
            .iter()
            .filter_map(|e| match e {
                ExpectEvent::Exit { node, .. } if !run.tree.node(*node).is_leaf() => Some(*node),
                _ => None,
            })
            .collect();
        Ok(Exercise { run, end, asked })
    }

    /// The engine's value of a node.
    pub fn value(&self, id: NodeId) -> Option<Ratio> {
        self.end.nodes[id.index()].value
    }

    /// A node's name and role: `C (chance)`.
    pub fn name(&self, id: NodeId) -> String {
        format!("{} ({})", self.run.tree.node(id).label, role(&self.run, id))
    }

    /// A chance node's children with their probabilities: `E 1/2, F 1/3, G 1/6`.
    pub fn chances(&self, id: NodeId) -> Option<String> {
        let node = self.run.tree.node(id);
        let probs = node.chance.as_deref()?;
        let parts: Vec<String> = node
            .children
            .iter()
            .zip(probs)
            .map(|(c, p)| format!("{} {p}", self.run.tree.node(*c).label))
            .collect();
        Some(parts.join(", "))
    }

    /// Why a node's value is what it is, from what its children returned to it in the run.
    pub fn reason(&self, id: NodeId) -> String {
        let Some(v) = self.value(id) else {
            return "the search did not finish this node".into();
        };
        let node = self.run.tree.node(id);
        if node.is_chance() {
            return format!(
                "the expectation {} = {}",
                expression(&self.run, &self.end, id),
                spoken(v)
            );
        }
        let returned: Vec<String> = self.end.nodes[id.index()]
            .returned
            .iter()
            .map(|r| r.map_or("?".into(), decimal))
            .collect();
        let which = if role(&self.run, id) == "MAX" {
            "largest"
        } else {
            "smallest"
        };
        format!(
            "the {which} of its children's values {}: {}",
            returned.join(", "),
            spoken(v)
        )
    }

    /// Checks typed values (by node) against the engine's, every asked node in order.
    pub fn check(&self, answers: &BTreeMap<NodeId, String>) -> Vec<Checked> {
        self.asked
            .iter()
            .map(|&node| {
                let want = self.value(node);
                let typed = answers.get(&node).map(|t| t.trim()).unwrap_or("");
                let verdict = if typed.is_empty() {
                    Verdict::Missing
                } else {
                    match (parse_answer(typed), want) {
                        (None, _) => Verdict::Unreadable,
                        (Some(a), Some(w)) if a.matches(w) => Verdict::Right,
                        _ => Verdict::Wrong,
                    }
                };
                Checked {
                    node,
                    verdict,
                    reason: self.reason(node),
                }
            })
            .collect()
    }
}

/// A typed value: exact (`21/4`, `5`, `-3/2`) or decimal with its number of places (`5.25`,
/// `5.33`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Typed {
    /// The value typed.
    pub value: Ratio,
    /// Decimal places, if written as a decimal.
    pub places: Option<u32>,
}

impl Typed {
    /// Right for `want`: exactly, or — for a decimal of two places or more — `want` rounded to
    /// those places (`5.33` for 16/3).
    pub fn matches(self, want: Ratio) -> bool {
        if self.value == want {
            return true;
        }
        match self.places {
            Some(p) if p >= 2 => {
                want.decimals(p) == self.value.decimals(p) && want.decimals(p).is_some()
            }
            _ => false,
        }
    }
}

/// Reads a value as a student types it: `21/4`, `5.25`, `-3`, `−1/2`, `5,25`.
pub fn parse_answer(text: &str) -> Option<Typed> {
    let t = text.trim().replace('−', "-").replace(',', ".");
    let (negative, body) = match t.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, t.as_str()),
    };
    let (value, used) = Ratio::parse_prefix(body)?;
    if used != body.len() {
        return None;
    }
    let places = body
        .split_once('.')
        .map(|(_, frac)| frac.len() as u32)
        .filter(|_| !body.contains('/'));
    let value = if negative {
        Ratio::ZERO.checked_sub(value).ok()?
    } else {
        value
    };
    Some(Typed { value, places })
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbor_game::RandomSpec;

    /// The classic lecture tree: MAX over two chance nodes.
    const LECTURE: &str = "[?[1/2: 8, 1/3: 24, 1/6: -12], ?[1/2: 3, 1/3: 9, 1/6: 6]]";

    fn answers(ex: &Exercise, f: impl Fn(NodeId, Ratio) -> String) -> BTreeMap<NodeId, String> {
        ex.asked
            .iter()
            .map(|&n| (n, f(n, ex.value(n).unwrap())))
            .collect()
    }

    #[test]
    fn the_lecture_tree_values_and_reasons() {
        let tree = GameTree::parse(LECTURE).unwrap();
        let ex = Exercise::new(tree, Rule::Expectimax).unwrap();
        // Children before the root.
        assert_eq!(ex.asked.len(), 3);
        assert_eq!(*ex.asked.last().unwrap(), ex.run.tree.root());
        let root = ex.run.tree.root();
        assert_eq!(ex.value(root), Ratio::new(10, 1));
        let first = ex.asked[0];
        assert_eq!(ex.value(first), Ratio::new(10, 1));
        assert_eq!(ex.name(first), "B (chance)");
        assert_eq!(ex.chances(first).unwrap(), "D 1/2, E 1/3, F 1/6");
        assert_eq!(ex.chances(root), None);
        assert!(
            ex.reason(first).contains("1/2·8 + 1/3·24 + 1/6·(−12)"),
            "{}",
            ex.reason(first)
        );
        assert!(
            ex.reason(root)
                .starts_with("the largest of its children's values 10, 5"),
            "{}",
            ex.reason(root)
        );
    }

    /// Typing the engine's values (as fractions, or as decimals rounded to two places) is
    /// right everywhere, on random trees with chance levels under both rules; one changed
    /// value is wrong exactly there; blanks and words are told apart.
    #[test]
    fn the_engine_values_are_right_and_a_changed_one_is_caught() {
        let mut tried = 0;
        for seed in 0..40 {
            let tree = RandomSpec {
                depth: 3,
                min_branching: 2,
                max_branching: 3,
                low: -9,
                high: 9,
                seed,
                players: 2,
                chance: true,
            }
            .generate()
            .unwrap();
            for rule in [Rule::Expectimax, Rule::Expectiminimax] {
                let ex = Exercise::new(tree.clone(), rule).unwrap();
                tried += 1;
                let exact = answers(&ex, |_, v| v.to_string());
                assert!(ex.check(&exact).iter().all(|c| c.verdict == Verdict::Right));
                let rounded = answers(&ex, |_, v| v.decimals(2).unwrap());
                let checked = ex.check(&rounded);
                // Integers and halves are exact as decimals; thirds are right rounded.
                assert!(
                    checked.iter().all(|c| c.verdict == Verdict::Right),
                    "{checked:?}"
                );
                let mut changed = exact.clone();
                let target = ex.asked[seed as usize % ex.asked.len()];
                let v = ex.value(target).unwrap();
                changed.insert(target, v.checked_add(Ratio::int(1)).unwrap().to_string());
                let checked = ex.check(&changed);
                for c in &checked {
                    let want = if c.node == target {
                        Verdict::Wrong
                    } else {
                        Verdict::Right
                    };
                    assert_eq!(c.verdict, want);
                }
                let mut odd = exact.clone();
                odd.insert(ex.asked[0], "lots".into());
                odd.remove(&ex.run.tree.root());
                let checked = ex.check(&odd);
                assert_eq!(checked[0].verdict, Verdict::Unreadable);
                assert_eq!(checked.last().unwrap().verdict, Verdict::Missing);
            }
        }
        assert_eq!(tried, 80);
    }

    #[test]
    fn answers_read_as_students_write_them() {
        let r = |n, d| Ratio::new(n, d).unwrap();
        assert_eq!(parse_answer("21/4").unwrap().value, r(21, 4));
        assert_eq!(parse_answer(" −1/2 ").unwrap().value, r(-1, 2));
        assert_eq!(
            parse_answer("5,25").unwrap(),
            Typed {
                value: r(21, 4),
                places: Some(2)
            }
        );
        assert!(parse_answer("5.33").unwrap().matches(r(16, 3)));
        assert!(
            !parse_answer("5.3").unwrap().matches(r(16, 3)),
            "one place is not enough"
        );
        assert!(!parse_answer("5.34").unwrap().matches(r(16, 3)));
        assert!(parse_answer("-7").unwrap().matches(r(-7, 1)));
        for bad in ["", "x", "1/0", "2/3/4", "1.2.3", "--1", "1e3"] {
            assert!(parse_answer(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn trees_that_cannot_be_practised_are_refused() {
        let big = GameTree::parse(&format!("[{}]", vec!["1"; 100].join(","))).unwrap();
        assert!(Exercise::new(big, Rule::Expectimax)
            .unwrap_err()
            .contains("too large"));
        let leaf = GameTree::parse("5").unwrap();
        assert!(Exercise::new(leaf, Rule::Expectimax).is_err());
    }
}
