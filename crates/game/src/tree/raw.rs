//! Trees given as nested data ([`RawNode`]), before their nodes are numbered: what a tree
//! must be (one kind of leaf, sound chance nodes) and its breadth-first numbering.

use super::{GameTree, NodeId, RootPlayer, TreeNode, MAX_NODES};
use crate::ratio::Ratio;

/// A node given as nested data, before breadth-first numbering.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RawNode {
    /// A label, if given.
    pub label: Option<String>,
    /// A static evaluation, if given (inner nodes).
    pub eval: Option<i32>,
    /// The payoff of a leaf (one value for two players, one per player otherwise).
    pub payoff: Vec<i32>,
    /// A chance node's probabilities, one per child (positive, summing to 1).
    pub chance: Option<Vec<Ratio>>,
    /// A chance node's probabilities were written as decimals (0.9), not as fractions.
    pub decimal: bool,
    /// Children; empty for a leaf.
    pub children: Vec<RawNode>,
}

impl RawNode {
    /// A two-player leaf.
    pub fn leaf(value: i32) -> RawNode {
        RawNode {
            payoff: vec![value],
            ..RawNode::default()
        }
    }

    /// An inner node.
    pub fn inner(children: Vec<RawNode>) -> RawNode {
        RawNode {
            children,
            ..RawNode::default()
        }
    }
}

/// The probability of each of `n` equally likely children.
pub(super) fn even_chance(n: usize) -> Ratio {
    Ratio::new(1, n.max(1) as i64).unwrap_or(Ratio::ONE)
}

pub(super) fn players_of(raw: &RawNode) -> Result<usize, String> {
    let mut arity = None;
    let mut stack = vec![raw];
    let mut count = 0usize;
    let mut chance = false;
    while let Some(node) = stack.pop() {
        count += 1;
        if count > MAX_NODES {
            return Err(format!("the tree has more than {MAX_NODES} nodes"));
        }
        if let Some(p) = &node.chance {
            check_probabilities(p, node.children.len())?;
            chance = true;
        }
        if node.children.is_empty() {
            let n = node.payoff.len();
            if n == 0 {
                return Err("a leaf has no value".into());
            }
            match arity {
                None => arity = Some(n),
                Some(a) if a != n => {
                    return Err("leaves mix plain values and utility vectors".into());
                }
                Some(_) => {}
            }
        }
        stack.extend(node.children.iter());
    }
    if chance && arity.is_some_and(|a| a > 1) {
        return Err("chance nodes need plain values at the leaves (a two-player tree)".into());
    }
    Ok(match arity {
        Some(1) | None => 2,
        Some(n) => n,
    })
}

/// A chance node's probabilities must be one per child, each more than 0, summing to 1.
pub(super) fn check_probabilities(p: &[Ratio], children: usize) -> Result<(), String> {
    if p.len() != children || children == 0 {
        return Err("a chance node needs one probability per child".into());
    }
    if let Some(q) = p.iter().find(|q| **q <= Ratio::ZERO) {
        return Err(format!("a probability must be more than 0, found {q}"));
    }
    let sum = p
        .iter()
        .try_fold(Ratio::ZERO, |s, &q| s.checked_add(q))
        .map_err(|e| e.to_string())?;
    if sum != Ratio::ONE {
        return Err(format!(
            "the probabilities of a chance node must sum to 1; these sum to {sum}"
        ));
    }
    Ok(())
}

pub(super) fn build(raw: RawNode, players: usize, root_player: RootPlayer) -> GameTree {
    // Room for every node at once (a large tree would otherwise be copied as it grows).
    let count = {
        let mut n = 0usize;
        let mut stack = vec![&raw];
        while let Some(r) = stack.pop() {
            n += 1;
            stack.extend(r.children.iter());
        }
        n
    };
    let mut nodes: Vec<TreeNode> = Vec::with_capacity(count);
    let mut queue = std::collections::VecDeque::with_capacity(count);
    queue.push_back((raw, None::<NodeId>, 0u32));
    while let Some((raw, parent, depth)) = queue.pop_front() {
        let id = NodeId(nodes.len() as u32);
        if let Some(p) = parent {
            nodes[p.index()].children.push(id);
        }
        nodes.push(TreeNode {
            label: raw.label.unwrap_or_else(|| auto_label(id.index())),
            parent,
            children: Vec::with_capacity(raw.children.len()),
            depth,
            payoff: raw.payoff,
            eval: raw.eval,
            chance: raw.chance,
            decimal: raw.decimal,
        });
        for child in raw.children {
            queue.push_back((child, Some(id), depth + 1));
        }
    }
    let chance = nodes.iter().any(TreeNode::is_chance);
    GameTree {
        nodes,
        players,
        chance,
        root_player: if players == 2 {
            root_player
        } else {
            RootPlayer::Max
        },
    }
}

/// Breadth-first letters: A … Z, then AA, AB, … as spreadsheet columns are named.
pub fn auto_label(index: usize) -> String {
    let mut n = index + 1;
    let mut out = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        out.push(b'A' + rem as u8);
        n = (n - 1) / 26;
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII letters")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spreadsheet_letters() {
        assert_eq!(auto_label(0), "A");
        assert_eq!(auto_label(25), "Z");
        assert_eq!(auto_label(26), "AA");
        assert_eq!(auto_label(27), "AB");
        assert_eq!(auto_label(26 + 26 * 26), "AAA");
    }
}
