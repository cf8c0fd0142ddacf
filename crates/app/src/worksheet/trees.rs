//! The game-tree exercises — alpha-beta, minimax, expectimax, UCB1 — made from their practice
//! settings, each answered by the engine run the practice's own key comes from.

use std::collections::BTreeMap;

use arbor_game::{GameTree, NodeId, Ordering, Rule};

use super::sheet::{Answer, Made};
use super::svg::{draw, Picture, Shape};
use crate::alphabeta::practice::{Exercise as AbExercise, Key};
use crate::alphabeta::{self, Algorithm};
use crate::practice;

/// The picture of a game tree: leaves' values shown, inner nodes blank with their labels
/// beside them, MAX ▲, MIN ▼ (every decision node MAX under `expectimax`), chance ○ with
/// each edge's probability; `numbered`: each leaf's number (from 1, left to right) below it.
pub(super) fn tree_picture(
    tree: &GameTree,
    title: &str,
    expectimax: bool,
    numbered: bool,
) -> Picture {
    let children: Vec<Vec<usize>> = tree
        .nodes()
        .iter()
        .map(|n| n.children.iter().map(|c| c.index()).collect())
        .collect();
    let shape = (0..tree.len())
        .map(|i| {
            let node = tree.node(NodeId(i as u32));
            if node.is_leaf() {
                Shape::Leaf
            } else if node.is_chance() {
                Shape::Chance
            } else if expectimax || tree.player_at(NodeId(i as u32)) == 0 {
                Shape::Max
            } else {
                Shape::Min
            }
        })
        .collect();
    let mut p = Picture::new(title, children, shape);
    let leaf_index = tree.leaf_indices();
    for (i, node) in tree.nodes().iter().enumerate() {
        if node.is_leaf() {
            p.text[i] = signed(node.payoff.first().copied().unwrap_or(0));
            if numbered {
                p.note[i] = leaf_index[i].map_or(String::new(), |k| (k + 1).to_string());
            }
        } else {
            p.name[i] = node.label.clone();
        }
        if let Some(probs) = &node.chance {
            for (c, q) in node.children.iter().zip(probs) {
                p.edge[c.index()] = if node.decimal {
                    q.exact_decimal().unwrap_or_else(|| q.to_string())
                } else {
                    q.to_string()
                };
            }
        }
    }
    p
}

/// An integer as shown: a true minus sign.
fn signed(v: i32) -> String {
    crate::scene::show_value(v)
}

/// The tree of an alpha-beta or minimax exercise, and its text.
fn game_tree(p: &practice::Settings) -> Result<(GameTree, String), String> {
    let tree = p.tree()?;
    let text = tree.to_text();
    Ok((tree, text))
}

/// A fail-soft value as the key shows it: `≤v` at or below the node's α, `≥v` at or above
/// its β (a bound, not the exact minimax value), else `v`.
fn bounded(key: &Key, id: NodeId) -> Option<String> {
    let v = *key.values.get(&id)?;
    let (alpha, beta) = key
        .windows
        .get(&id)
        .copied()
        .unwrap_or((-arbor_game::INF, arbor_game::INF));
    Some(if v <= alpha {
        format!("≤{}", signed(v))
    } else if v >= beta {
        format!("≥{}", signed(v))
    } else {
        signed(v)
    })
}

/// The key's picture of an alpha-beta or minimax run: every searched node's value, the
/// branches it pruned dashed.
fn key_picture(tree: &GameTree, key: &Key, title: &str) -> Picture {
    let mut p = tree_picture(tree, title, false, true);
    for i in 0..tree.len() {
        let id = NodeId(i as u32);
        let node = tree.node(id);
        // Below a pruned branch everything is pruned.
        let pruned =
            key.pruned.contains_key(&id) || node.parent.is_some_and(|q| p.dashed[q.index()]);
        p.dashed[i] = pruned;
        if !node.is_leaf() {
            p.text[i] = bounded(key, id).unwrap_or_default();
        }
    }
    p
}

/// The labels and values of a list of leaves: `4, 7, 8 (values 9, 2, 6)`.
fn leaf_list(tree: &GameTree, leaves: &[NodeId], index: &[Option<usize>]) -> String {
    let numbers: Vec<String> = leaves
        .iter()
        .filter_map(|l| index[l.index()].map(|k| (k + 1).to_string()))
        .collect();
    let values: Vec<String> = leaves
        .iter()
        .map(|l| signed(tree.node(*l).payoff.first().copied().unwrap_or(0)))
        .collect();
    format!("{} (values {})", numbers.join(", "), values.join(", "))
}

/// An alpha-beta exercise: the root's value and the leaves never evaluated.
pub(super) fn alpha_beta(p: &practice::Settings) -> Result<Made, String> {
    let (tree, text) = game_tree(p)?;
    let ex = AbExercise::new(&tree, p.ab_level, p.seed);
    let key = &ex.key;
    let root = tree.root();
    let value = *key.values.get(&root).ok_or("the search did not finish")?;
    let index = tree.leaf_indices();
    let leaves = tree.leaves();
    let (seen, unseen): (Vec<NodeId>, Vec<NodeId>) =
        leaves.iter().partition(|l| key.values.contains_key(l));
    let mut lines = vec![
        format!("Root value: {}", signed(value)),
        format!("Evaluated: leaves {}", leaf_list(&tree, &seen, &index)),
    ];
    lines.push(if unseen.is_empty() {
        "Never evaluated: none — alpha-beta evaluates every leaf of this tree".into()
    } else {
        format!(
            "Never evaluated: leaves {}",
            leaf_list(&tree, &unseen, &index)
        )
    });
    lines.extend(cut_lines(&tree, key));
    let n = leaves.len();
    Ok(Made {
        question: format!(
            "Run alpha-beta on this tree ({n} leaves, numbered 1 to {n} from the left). What is \
             the root's value, and which leaves are never evaluated?"
        ),
        figure: draw(&tree_picture(
            &tree,
            &format!("Game tree {text}"),
            false,
            true,
        )),
        answer: Answer {
            lines,
            value: Some(value.to_string()),
            evaluated: Some(seen.iter().filter_map(|l| index[l.index()]).collect()),
            steps: Vec::new(),
            figure: Some(draw(&key_picture(
                &tree,
                key,
                "The tree with the values alpha-beta returns; pruned branches dashed",
            ))),
        },
        tree: Some(text),
        problem: None,
    })
}

/// Each cut-off in words: where, why, and the children it skipped.
fn cut_lines(tree: &GameTree, key: &Key) -> Vec<String> {
    let index = tree.leaf_indices();
    let mut cuts: BTreeMap<NodeId, (alphabeta::practice::Cut, Vec<String>)> = BTreeMap::new();
    for (child, cut) in &key.pruned {
        // A leaf by its number (leaves are not lettered in the picture), a node by its label.
        let name = match index[child.index()] {
            Some(k) => format!("leaf {}", k + 1),
            None => tree.node(*child).label.clone(),
        };
        cuts.entry(cut.at)
            .or_insert((*cut, Vec::new()))
            .1
            .push(name);
    }
    cuts.into_values()
        .map(|(cut, skipped)| {
            let at = &tree.node(cut.at).label;
            let (who, rel, bound) = if cut.max {
                ("MAX", "≥ β", cut.bound)
            } else {
                ("MIN", "≤ α", cut.bound)
            };
            format!(
                "Cut-off at {at} ({who}): {} {rel} = {}, so {} {} pruned",
                signed(cut.value),
                signed(bound),
                skipped.join(", "),
                if skipped.len() == 1 { "is" } else { "are" }
            )
        })
        .collect()
}

/// A minimax exercise: every inner node's value, and MAX's move.
pub(super) fn minimax(p: &practice::Settings) -> Result<Made, String> {
    let (tree, text) = game_tree(p)?;
    let run = alphabeta::run(&tree, Algorithm::Minimax, Ordering::Natural, None);
    let key = Key::of(&run);
    let root = tree.root();
    let value = *key.values.get(&root).ok_or("the search did not finish")?;
    let inner: Vec<String> = (0..tree.len())
        .map(|i| NodeId(i as u32))
        .filter(|&id| !tree.node(id).is_leaf())
        .filter_map(|id| {
            Some(format!(
                "{} = {}",
                tree.node(id).label,
                signed(*key.values.get(&id)?)
            ))
        })
        .collect();
    let mut lines = vec![
        format!("Root value: {}", signed(value)),
        format!("Inner nodes: {}", inner.join(", ")),
    ];
    // MAX's move: the first child worth the root's value (ties go to the leftmost).
    if let Some(best) = tree
        .node(root)
        .children
        .iter()
        .find(|c| key.values.get(c) == Some(&value))
    {
        lines.push(format!("MAX moves to {}", tree.node(*best).label));
    }
    Ok(Made {
        question: "Compute the minimax value of every inner node of this tree. Which move does \
                   MAX make at the root?"
            .into(),
        figure: draw(&tree_picture(
            &tree,
            &format!("Game tree {text}"),
            false,
            false,
        )),
        answer: Answer {
            lines,
            value: Some(value.to_string()),
            evaluated: None,
            steps: Vec::new(),
            figure: Some(draw(&key_picture(
                &tree,
                &key,
                "The tree with every node's minimax value",
            ))),
        },
        tree: Some(text),
        problem: None,
    })
}

/// An expectimax exercise: every chance and MAX node's value.
pub(super) fn expectimax(p: &practice::Settings) -> Result<Made, String> {
    let tree = p.chance_tree()?;
    let text = tree.to_text();
    let ex = crate::chance::practice::Exercise::new(tree.clone(), Rule::Expectimax)?;
    let root = tree.root();
    let value = ex.value(root).ok_or("the search did not finish")?;
    let mut lines = vec![format!("Root value: {}", crate::chance::spoken(value))];
    lines.extend(
        ex.asked
            .iter()
            .map(|&id| format!("{}: {}", ex.name(id), ex.reason(id))),
    );
    let mut key = tree_picture(
        &tree,
        "The tree with every node's expectimax value",
        true,
        false,
    );
    for i in 0..tree.len() {
        let id = NodeId(i as u32);
        if !tree.node(id).is_leaf() {
            key.text[i] = ex.value(id).map_or(String::new(), crate::scene::decimal);
        }
    }
    Ok(Made {
        question: "Compute the expectimax value of every inner node of this tree (every decision \
                   node is MAX). What is the root worth?"
            .into(),
        figure: draw(&tree_picture(
            &tree,
            &format!("Game tree {text}"),
            true,
            false,
        )),
        answer: Answer {
            lines,
            value: Some(value.to_string()),
            evaluated: None,
            steps: Vec::new(),
            figure: Some(draw(&key)),
        },
        tree: Some(text),
        problem: None,
    })
}

pub(super) use super::ucb::ucb1;
