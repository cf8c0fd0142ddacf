//! The trees of the seed documents (and one textbook tree), with what they must show.

/// A tree from the course material.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Short stable id, used in URLs.
    pub id: &'static str,
    /// Title for menus.
    pub title: &'static str,
    /// Where it comes from.
    pub source: &'static str,
    /// The tree in text form.
    pub text: &'static str,
    /// What the source says about it.
    pub notes: &'static str,
}

/// Every preset, in menu order.
pub const PRESETS: &[Preset] = &[
    Preset {
        id: "seed003-alphabeta",
        title: "Alpha-beta tutorial tree (A = 3)",
        source: "Seed 003, alpha-beta walk-through",
        text: "[[[2,3],[5,9]],[[0,1],[7,5]]]",
        notes: "MAX root A over MIN nodes B, C over MAX nodes D, E, F, G. A = 3; E's right leaf and all of G are pruned.",
    },
    Preset {
        id: "seed003-minimax",
        title: "Minimax tutorial tree (A = 4)",
        source: "Seed 003, minimax walk-through",
        text: "[[[-1,4],[2,6]],[[-3,-5],[0,7]]]",
        notes: "D = 4, E = 6, F = −3, G = 7; B = 4, C = −3; A = 4.",
    },
    Preset {
        id: "seed001-aima",
        title: "Slides' pruning example (root = 3)",
        source: "Seed 001, adversarial search slides",
        text: "[[3,12,8],[2,4,6],[14,5,2]]",
        notes: "max(min(3,12,8), min(2,x,y), min(14,5,2)) = 3: x and y (4 and 6) are pruned.",
    },
    Preset {
        id: "seed000-min-root",
        title: "MIN-root example (root = 4)",
        source: "Seed 000, alpha-beta post",
        text: "min [[2,4],[6,8]]",
        notes: "MIN root over two MAX nodes: root 4; at the second MAX node 6 ≥ β = 4, so the leaf 8 is pruned.",
    },
    Preset {
        id: "seed001-nim4",
        title: "Nim from 4 (root = −1)",
        source: "Seed 001, Nim game tree",
        text: crate::presets::NIM_FROM_4,
        notes: "Take 1, 2 or 3; whoever takes the last wins. +1 when MAX takes the last, −1 when MIN does. With 4 left the player to move loses: the root is −1.",
    },
    Preset {
        id: "aima-maxn",
        title: "Three players, max^n (root = (1,2,6))",
        source: "Russell & Norvig, the three-player tree (seed 001 draws one like it)",
        text: "[[[(1,2,6),(4,2,3)],[(6,1,2),(7,4,1)]],[[(5,1,1),(1,5,2)],[(7,7,1),(5,4,5)]]]",
        notes: "Players A, B, C move in turn and each maximises its own entry of the utility vector; the root is (1,2,6).",
    },
];

/// The game tree of one-pile Nim from 4 (take 1–3, taking the last wins), as text. Leaves are
/// the empty pile: +1 if MAX took the last match, −1 if MIN did.
pub const NIM_FROM_4: &str = "[[[[-1],1],[1],-1],[[1],-1],[-1]]";

/// A preset by id.
pub fn preset(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{GameTree, RawNode, RootPlayer};

    /// Nim's tree built from its rules: `left` matches, `max_to_move` says whose turn it is.
    fn nim(left: u32, max_to_move: bool) -> RawNode {
        if left == 0 {
            // The player who just moved took the last match and won.
            return RawNode::leaf(if max_to_move { -1 } else { 1 });
        }
        RawNode::inner(
            (1..=left.min(3))
                .map(|take| nim(left - take, !max_to_move))
                .collect(),
        )
    }

    #[test]
    fn nim_preset_follows_the_rules() {
        let built = GameTree::from_raw(nim(4, true), RootPlayer::Max).unwrap();
        assert_eq!(GameTree::parse(NIM_FROM_4).unwrap(), built);
    }

    #[test]
    fn every_preset_parses() {
        for p in PRESETS {
            GameTree::parse(p.text).unwrap_or_else(|e| panic!("{}: {e}", p.id));
            assert_eq!(preset(p.id), Some(p));
        }
    }
}
