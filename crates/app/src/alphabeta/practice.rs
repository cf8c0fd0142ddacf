//! Alpha-beta practice: the student marks the branches they think are pruned and types values
//! (and, at the hardest level, the window each chosen node is entered with); the answer key is
//! the engine's own trace of the same search, so it is right by construction.

use std::collections::{BTreeMap, BTreeSet};

use arbor_game::{Event, GameTree, NodeId, Ordering, INF};

use crate::alphabeta::{self, Algorithm, Run};
use crate::scene::show_value;

/// How much the student is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Mark the pruned branches.
    Prune,
    /// Also the values some nodes return.
    Values,
    /// Also the (α, β) some nodes are entered with.
    Windows,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 3] = [Level::Prune, Level::Values, Level::Windows];

    /// URL name.
    pub fn key(self) -> &'static str {
        match self {
            Level::Prune => "prune",
            Level::Values => "values",
            Level::Windows => "windows",
        }
    }

    /// Menu name.
    pub fn title(self) -> &'static str {
        match self {
            Level::Prune => "Mark the pruned branches",
            Level::Values => "… and the values returned",
            Level::Windows => "… and (α, β) on entry",
        }
    }

    /// Reads a URL name.
    pub fn from_key(key: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.key() == key)
    }
}

/// A cut-off, as the key explains it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    /// The node that stopped searching its children.
    pub at: NodeId,
    /// The value that caused it.
    pub value: i32,
    /// The bound it reached: β at a MAX node, α at a MIN node.
    pub bound: i32,
    /// The node is MAX.
    pub max: bool,
    /// The frame just after the cut.
    pub frame: usize,
}

/// What the engine did, node by node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Key {
    /// Each pruned branch (a child skipped by a cut-off), with the cut that skipped it.
    pub pruned: BTreeMap<NodeId, Cut>,
    /// The value each searched node returned.
    pub values: BTreeMap<NodeId, i32>,
    /// The window each searched node was entered with.
    pub windows: BTreeMap<NodeId, (i32, i32)>,
    /// What each searched node's children returned to it, in order.
    pub returned: BTreeMap<NodeId, Vec<(NodeId, i32)>>,
    /// The frame just after each node was entered.
    pub entered: BTreeMap<NodeId, usize>,
    /// The frame just after each node finished.
    pub exited: BTreeMap<NodeId, usize>,
}

impl Key {
    /// Reads the key off a run's trace.
    pub fn of(run: &Run) -> Key {
        let replay = &run.replay;
        let trace = replay.trace();
        let tree = replay.tree();
        let mut key = Key::default();
        let node = |t: u32| trace.nodes[t as usize].state;
        for (s, step) in replay.steps().iter().enumerate() {
            for event in &trace.events[step.events.clone()] {
                match event {
                    Event::Enter { node: t, window } => {
                        let n = node(*t);
                        key.windows.insert(n, window.unwrap_or((-INF, INF)));
                        key.entered.insert(n, s + 1);
                    }
                    Event::Exit { node: t, value, .. } => {
                        key.values.insert(node(*t), *value);
                        key.exited.insert(node(*t), s + 1);
                    }
                    Event::Return {
                        node: t,
                        child,
                        value,
                    } => key
                        .returned
                        .entry(node(*t))
                        .or_default()
                        .push((node(*child), *value)),
                    Event::Cutoff {
                        node: t,
                        value,
                        skipped,
                    } => {
                        let at = node(*t);
                        let max = tree.player_at(at) == 0;
                        let (alpha, beta) = key.windows.get(&at).copied().unwrap_or((-INF, INF));
                        let cut = Cut {
                            at,
                            value: *value,
                            bound: if max { beta } else { alpha },
                            max,
                            frame: s + 1,
                        };
                        for child in skipped {
                            key.pruned.insert(*child, cut);
                        }
                    }
                    _ => {}
                }
            }
        }
        key
    }
}

/// One exercise: a tree, the run that answers it, and the nodes asked about.
#[derive(Debug)]
pub struct Exercise {
    /// The run of alpha-beta (fail-soft, natural order) on the tree.
    pub run: Run,
    /// The answers.
    pub key: Key,
    /// How much is asked.
    pub level: Level,
    /// Nodes whose returned value is asked (root first).
    pub ask_values: Vec<NodeId>,
    /// Nodes whose window on entry is asked.
    pub ask_windows: Vec<NodeId>,
}

impl Exercise {
    /// Sets an exercise on `tree` (two players). The nodes asked about are chosen by `seed`.
    pub fn new(tree: &GameTree, level: Level, seed: u64) -> Exercise {
        let run = alphabeta::run(tree, Algorithm::AlphaBeta, Ordering::Natural, None);
        let key = Key::of(&run);
        let mut rng = arbor_util::SplitMix64(seed ^ 0x005e_edab);
        let mut inner: Vec<NodeId> = key
            .values
            .keys()
            .copied()
            .filter(|&n| n != tree.root() && !tree.node(n).is_leaf())
            .collect();
        rng.shuffle(&mut inner);
        let mut ask_values = Vec::new();
        if level != Level::Prune {
            ask_values.push(tree.root());
            ask_values.extend(inner.iter().take(3));
            ask_values.sort();
        }
        let mut ask_windows = Vec::new();
        if level == Level::Windows {
            let mut searched: Vec<NodeId> = key
                .windows
                .keys()
                .copied()
                .filter(|&n| n != tree.root())
                .collect();
            rng.shuffle(&mut searched);
            ask_windows.extend(searched.iter().take(3));
            ask_windows.sort();
        }
        Exercise {
            run,
            key,
            level,
            ask_values,
            ask_windows,
        }
    }

    /// The tree.
    pub fn tree(&self) -> &GameTree {
        self.run.replay.tree()
    }

    /// The nodes asked about, numbered 1, 2, … in the order the search reaches them (so a
    /// student tracing the run meets ?1 first), each once.
    pub fn numbers(&self) -> BTreeMap<NodeId, usize> {
        let mut asked: Vec<NodeId> = self
            .ask_values
            .iter()
            .chain(&self.ask_windows)
            .copied()
            .collect();
        asked.sort_by_key(|n| (self.key.entered.get(n).copied().unwrap_or(usize::MAX), *n));
        asked.dedup();
        asked.into_iter().zip(1..).collect()
    }
}

/// What the engine had at a node, drawn on the tree after Check wherever an answer about it
/// was wrong or missing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Correction {
    /// The value it returned (a value answer was wrong or missing).
    pub value: Option<i32>,
    /// The (α, β) it was entered with (an α or β answer was wrong or missing).
    pub window: Option<(i32, i32)>,
    /// The branch to it is pruned, and the student did not mark it.
    pub cut: bool,
}

impl Report {
    /// The engine's answers for every wrong or missed item, node by node.
    pub fn corrections(&self, key: &Key) -> BTreeMap<NodeId, Correction> {
        let mut out: BTreeMap<NodeId, Correction> = BTreeMap::new();
        for item in self.items.iter().filter(|i| i.verdict != Verdict::Right) {
            let c = out.entry(item.node).or_default();
            match item.question {
                Question::Value => c.value = key.values.get(&item.node).copied(),
                Question::Alpha | Question::Beta => c.window = key.windows.get(&item.node).copied(),
                Question::Branch => c.cut |= key.pruned.contains_key(&item.node),
            }
        }
        out
    }
}

/// What the student answered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answers {
    /// Branches marked as pruned (by the child at their end).
    pub marked: BTreeSet<NodeId>,
    /// Values typed, by node.
    pub values: BTreeMap<NodeId, String>,
    /// α typed, by node.
    pub alphas: BTreeMap<NodeId, String>,
    /// β typed, by node.
    pub betas: BTreeMap<NodeId, String>,
}

/// Reads a typed value: an integer, or −∞ / +∞ in any of the usual spellings.
pub fn parse_value(text: &str) -> Option<i32> {
    let t = text.trim().replace('−', "-").replace(' ', "");
    match t.to_ascii_lowercase().as_str() {
        "-inf" | "-∞" | "-infinity" => Some(-INF),
        "inf" | "+inf" | "∞" | "+∞" | "infinity" | "+infinity" => Some(INF),
        other => other.parse().ok(),
    }
}

/// What a question asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Question {
    /// Is the branch to this node pruned?
    Branch,
    /// The value the node returns.
    Value,
    /// α on entry.
    Alpha,
    /// β on entry.
    Beta,
}

/// How an answer fared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Right.
    Right,
    /// Wrong.
    Wrong,
    /// Not given though it should have been (a pruned branch not marked, a blank field).
    Missed,
}

/// One checked answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The node.
    pub node: NodeId,
    /// The question.
    pub question: Question,
    /// How it fared.
    pub verdict: Verdict,
    /// Why, in words.
    pub why: String,
    /// The frame of the run that shows it.
    pub frame: usize,
}

/// The whole check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Every answer that counts, in tree order.
    pub items: Vec<Checked>,
    /// Right answers.
    pub right: usize,
    /// Answers that count.
    pub total: usize,
    /// The earliest frame at which the student's answers and the run part ways.
    pub first_difference: Option<usize>,
}

fn name(tree: &GameTree, n: NodeId) -> String {
    let kind = if tree.node(n).is_leaf() {
        "leaf"
    } else if tree.player_at(n) == 0 {
        "MAX"
    } else {
        "MIN"
    };
    format!("{} ({kind})", tree.node(n).label)
}

fn cut_words(tree: &GameTree, cut: &Cut) -> String {
    if cut.max {
        format!(
            "at {}, {} ≥ β = {}, so its remaining children are pruned",
            name(tree, cut.at),
            show_value(cut.value),
            show_value(cut.bound)
        )
    } else {
        format!(
            "at {}, {} ≤ α = {}, so its remaining children are pruned",
            name(tree, cut.at),
            show_value(cut.value),
            show_value(cut.bound)
        )
    }
}

/// The pruned branch `n` lies inside, if an ancestor's branch is pruned.
fn pruned_above(tree: &GameTree, key: &Key, n: NodeId) -> Option<NodeId> {
    let mut at = tree.node(n).parent;
    while let Some(p) = at {
        if key.pruned.contains_key(&p) {
            return Some(p);
        }
        at = tree.node(p).parent;
    }
    None
}

/// Checks the answers against the engine's run.
pub fn check(ex: &Exercise, answers: &Answers) -> Report {
    let mut items = branch_items(ex, answers);
    items.extend(value_items(ex, answers));
    items.extend(window_items(ex, answers));
    items.sort_by_key(|i| (i.node, i.question));
    let right = items.iter().filter(|i| i.verdict == Verdict::Right).count();
    let first_difference = items
        .iter()
        .filter(|i| i.verdict != Verdict::Right)
        .map(|i| i.frame)
        .min();
    Report {
        total: items.len(),
        right,
        first_difference,
        items,
    }
}

/// The branches checked: every pruned one (found or missed) and every wrong mark (on a node of
/// this tree: answers are kept by node number, and no other tree's number is checked here).
fn branch_items(ex: &Exercise, answers: &Answers) -> Vec<Checked> {
    let tree = ex.tree();
    let key = &ex.key;
    let nodes: BTreeSet<NodeId> = key
        .pruned
        .keys()
        .chain(answers.marked.iter().filter(|n| n.index() < tree.len()))
        .copied()
        .collect();
    nodes
        .into_iter()
        .filter_map(|n| branch_item(tree, key, n, answers.marked.contains(&n)))
        .collect()
}

/// The check of the branch to `n`, `marked` as pruned or not (`None`: an unmarked branch that
/// is searched, which counts for nothing).
fn branch_item(tree: &GameTree, key: &Key, n: NodeId, marked: bool) -> Option<Checked> {
    Some(match (key.pruned.get(&n), marked) {
        (Some(cut), true) => Checked {
            node: n,
            question: Question::Branch,
            verdict: Verdict::Right,
            why: format!("Pruned: {}.", cut_words(tree, cut)),
            frame: cut.frame,
        },
        (Some(cut), false) => Checked {
            node: n,
            question: Question::Branch,
            verdict: Verdict::Missed,
            why: format!(
                "The branch to {} is pruned: {}.",
                tree.node(n).label,
                cut_words(tree, cut)
            ),
            frame: cut.frame,
        },
        (None, _) => match (pruned_above(tree, key, n), key.windows.get(&n)) {
            (Some(p), _) => Checked {
                node: n,
                question: Question::Branch,
                verdict: Verdict::Wrong,
                why: format!(
                    "{} lies inside the branch to {}, which is pruned higher up: mark only the highest cut.",
                    tree.node(n).label,
                    tree.node(p).label
                ),
                frame: key.pruned[&p].frame,
            },
            (None, Some(&(a, b))) => Checked {
                node: n,
                question: Question::Branch,
                verdict: Verdict::Wrong,
                why: format!(
                    "{} is searched: it is reached with (α, β) = ({}, {}), and no cut-off at its parent comes before it.",
                    name(tree, n),
                    show_value(a),
                    show_value(b)
                ),
                frame: key.entered.get(&n).copied().unwrap_or(0),
            },
            (None, None) => return None,
        },
    })
}

/// The values asked for, checked: each node's value and what its searched children returned.
fn value_items(ex: &Exercise, answers: &Answers) -> Vec<Checked> {
    let tree = ex.tree();
    let key = &ex.key;
    let mut items = Vec::new();
    for &n in &ex.ask_values {
        let want = key.values[&n];
        let children: Vec<String> = key
            .returned
            .get(&n)
            .map(|r| {
                r.iter()
                    .map(|(c, v)| format!("{} {}", tree.node(*c).label, show_value(*v)))
                    .collect()
            })
            .unwrap_or_default();
        let rule = if tree.player_at(n) == 0 {
            "the largest"
        } else {
            "the smallest"
        };
        let explain = format!(
            "{} returns {}, {rule} of what its searched children returned ({}).",
            name(tree, n),
            show_value(want),
            children.join(", ")
        );
        items.push(answer_item(
            n,
            Question::Value,
            answers.values.get(&n),
            want,
            explain,
            key.exited.get(&n).copied().unwrap_or(0),
        ));
    }
    items
}

/// The windows asked for, checked: each node's α and β as it was entered.
fn window_items(ex: &Exercise, answers: &Answers) -> Vec<Checked> {
    let tree = ex.tree();
    let key = &ex.key;
    let mut items = Vec::new();
    for &n in &ex.ask_windows {
        let (a, b) = key.windows[&n];
        let parent = tree
            .node(n)
            .parent
            .map(|p| tree.node(p).label.clone())
            .unwrap_or_default();
        let frame = key.entered.get(&n).copied().unwrap_or(0);
        for (question, want, typed, letter) in [
            (Question::Alpha, a, answers.alphas.get(&n), "α"),
            (Question::Beta, b, answers.betas.get(&n), "β"),
        ] {
            let explain = format!(
                "{} is entered with {letter} = {}: the window {parent} had when it turned to {}.",
                name(tree, n),
                show_value(want),
                tree.node(n).label
            );
            items.push(answer_item(n, question, typed, want, explain, frame));
        }
    }
    items
}

fn answer_item(
    node: NodeId,
    question: Question,
    typed: Option<&String>,
    want: i32,
    explain: String,
    frame: usize,
) -> Checked {
    let (verdict, why) = match typed.map(|t| (t, parse_value(t))) {
        None => (Verdict::Missed, format!("No answer. {explain}")),
        Some((t, _)) if t.trim().is_empty() => (Verdict::Missed, format!("No answer. {explain}")),
        Some((t, None)) => (
            Verdict::Wrong,
            format!("“{}” is not a number. {explain}", t.trim()),
        ),
        Some((_, Some(v))) if v == want => (Verdict::Right, explain),
        Some((_, Some(v))) => (
            Verdict::Wrong,
            format!("You said {}. {explain}", show_value(v)),
        ),
    };
    Checked {
        node,
        question,
        verdict,
        why,
        frame,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed003() -> GameTree {
        GameTree::parse(
            arbor_game::presets::preset("seed003-alphabeta")
                .unwrap()
                .text,
        )
        .unwrap()
    }

    fn id(tree: &GameTree, path: &str) -> NodeId {
        tree.find_path(path).unwrap()
    }

    /// Questions are numbered in the order the search enters their nodes.
    #[test]
    fn questions_are_numbered_as_the_search_meets_them() {
        for seed in 0..50 {
            let tree = arbor_game::RandomSpec {
                depth: 3 + (seed % 2) as u32,
                seed,
                ..Default::default()
            }
            .generate()
            .unwrap();
            let ex = Exercise::new(&tree, Level::Windows, seed);
            let numbers = ex.numbers();
            let mut by_number: Vec<(usize, NodeId)> =
                numbers.iter().map(|(&n, &q)| (q, n)).collect();
            by_number.sort();
            let entered: Vec<usize> = by_number.iter().map(|(_, n)| ex.key.entered[n]).collect();
            assert!(
                entered.windows(2).all(|w| w[0] < w[1]),
                "seed {seed}: {entered:?}"
            );
            assert_eq!(by_number.first().map(|p| p.0), Some(1));
            assert_eq!(by_number.len(), numbers.len());
        }
    }

    /// After Check, every wrong or missed answer gets the engine's answer to draw: the value,
    /// the window, the cut — and right ones get nothing.
    #[test]
    fn wrong_and_missed_answers_get_the_engines_answer() {
        let tree = seed003();
        let ex = Exercise::new(&tree, Level::Windows, 1);
        let report = check(&ex, &Answers::default());
        let fixes = report.corrections(&ex.key);
        for n in ex.key.pruned.keys() {
            assert!(fixes[n].cut, "the missed cut at {}", tree.node(*n).label);
        }
        for n in &ex.ask_values {
            assert_eq!(fixes[n].value, Some(ex.key.values[n]));
        }
        for n in &ex.ask_windows {
            assert_eq!(fixes[n].window, Some(ex.key.windows[n]));
        }
        let mut answers = Answers::default();
        answers.marked.extend(ex.key.pruned.keys());
        for &n in &ex.ask_values {
            answers.values.insert(n, ex.key.values[&n].to_string());
        }
        let report = check(&ex, &answers);
        let fixes = report.corrections(&ex.key);
        assert!(fixes.values().all(|c| !c.cut && c.value.is_none()));
    }

    /// The seed's answer is accepted: E's right leaf and G pruned, A = 3.
    #[test]
    fn the_right_answer_is_accepted() {
        let tree = seed003();
        let ex = Exercise::new(&tree, Level::Windows, 1);
        assert_eq!(
            ex.key.pruned.keys().copied().collect::<Vec<_>>(),
            vec![id(&tree, "r.1.1"), id(&tree, "r.0.1.1")]
        );
        let mut answers = Answers::default();
        answers.marked.extend(ex.key.pruned.keys());
        for &n in &ex.ask_values {
            answers.values.insert(n, ex.key.values[&n].to_string());
        }
        for &n in &ex.ask_windows {
            let (a, b) = ex.key.windows[&n];
            let spell = |v: i32| match v {
                v if v == INF => "+∞".to_string(),
                v if v == -INF => "-inf".to_string(),
                v => format!(" {v} "),
            };
            answers.alphas.insert(n, spell(a));
            answers.betas.insert(n, spell(b));
        }
        let report = check(&ex, &answers);
        assert_eq!(report.right, report.total, "{report:#?}");
        assert_eq!(report.total, 2 + 4 + 6);
        assert_eq!(report.first_difference, None);
        let g = report
            .items
            .iter()
            .find(|i| i.node == id(&tree, "r.1.1"))
            .unwrap();
        assert!(g.why.contains("at C (MIN), 1 ≤ α = 3"), "{}", g.why);
        assert_eq!(ex.key.values[&tree.root()], 3);
    }

    /// Each kind of wrong answer is rejected, with the engine's reason and the frame to reveal.
    #[test]
    fn wrong_answers_are_rejected_with_reasons() {
        let tree = seed003();
        let ex = Exercise::new(&tree, Level::Windows, 1);
        let f = id(&tree, "r.1.0");
        let e_right = id(&tree, "r.0.1.1");
        let g_child = id(&tree, "r.1.1.0");
        let mut answers = Answers::default();
        // G's branch missed, F marked though searched, a leaf under G marked.
        answers.marked.insert(e_right);
        answers.marked.insert(f);
        answers.marked.insert(g_child);
        answers.values.insert(tree.root(), "4".into());
        let report = check(&ex, &answers);
        let find = |n: NodeId, q: Question| {
            report
                .items
                .iter()
                .find(|i| i.node == n && i.question == q)
                .unwrap()
                .clone()
        };
        assert_eq!(find(e_right, Question::Branch).verdict, Verdict::Right);
        let missed = find(id(&tree, "r.1.1"), Question::Branch);
        assert_eq!(missed.verdict, Verdict::Missed);
        let wrong = find(f, Question::Branch);
        assert_eq!(wrong.verdict, Verdict::Wrong);
        assert!(wrong.why.contains("F (MAX) is searched"), "{}", wrong.why);
        let inside = find(g_child, Question::Branch);
        assert_eq!(inside.verdict, Verdict::Wrong);
        assert!(
            inside.why.contains("inside the branch to G"),
            "{}",
            inside.why
        );
        let root = find(tree.root(), Question::Value);
        assert_eq!(root.verdict, Verdict::Wrong);
        assert!(
            root.why.contains("You said 4. A (MAX) returns 3"),
            "{}",
            root.why
        );
        // Windows left blank are missed, not right.
        assert!(report
            .items
            .iter()
            .filter(|i| i.question == Question::Alpha)
            .all(|i| i.verdict == Verdict::Missed));
        // The first difference is F's entry, before C's cut.
        assert_eq!(
            report.first_difference,
            Some(
                ex.key.entered[&f].min(
                    report
                        .items
                        .iter()
                        .filter(|i| i.verdict != Verdict::Right)
                        .map(|i| i.frame)
                        .min()
                        .unwrap()
                )
            )
        );
        assert!(report.right < report.total);
    }

    /// On many random trees, marking exactly the engine's pruned branches scores full marks,
    /// and they are exactly the children the replay shows pruned at the top of a cut.
    #[test]
    fn keys_agree_with_the_replay() {
        for seed in 0..300 {
            let spec = arbor_game::RandomSpec {
                depth: 3 + (seed % 2) as u32,
                min_branching: 2,
                max_branching: 3,
                low: 0,
                high: 9,
                seed,
                players: 2,
                chance: false,
            };
            let tree = spec.generate().unwrap();
            let ex = Exercise::new(&tree, Level::Values, seed);
            let end = ex.run.replay.frame(ex.run.replay.len());
            for (i, n) in end.nodes.iter().enumerate() {
                let id = NodeId(i as u32);
                let parent_pruned = tree.node(id).parent.is_some_and(|p| {
                    end.nodes[p.index()].status == arbor_game::replay::NodeStatus::Pruned
                });
                let top = n.status == arbor_game::replay::NodeStatus::Pruned && !parent_pruned;
                assert_eq!(
                    top,
                    ex.key.pruned.contains_key(&id),
                    "seed {seed}, node {i}"
                );
            }
            let mut answers = Answers::default();
            answers.marked.extend(ex.key.pruned.keys());
            for &n in &ex.ask_values {
                answers.values.insert(n, ex.key.values[&n].to_string());
            }
            let report = check(&ex, &answers);
            assert_eq!(report.right, report.total, "seed {seed}");
        }
    }

    #[test]
    fn typed_values() {
        assert_eq!(parse_value(" −3 "), Some(-3));
        assert_eq!(parse_value("-∞"), Some(-INF));
        assert_eq!(parse_value("+inf"), Some(INF));
        assert_eq!(parse_value("∞"), Some(INF));
        assert_eq!(parse_value("x"), None);
    }
}
