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

/// A tree with chance nodes from the lecture material, with the search it is shown under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChancePreset {
    /// The tree, its id, title, source and notes.
    pub tree: Preset,
    /// Shown under expectimax (every decision node MAX) rather than expectiminimax.
    pub expectimax: bool,
    /// Leaf bounds that the example prunes with, if it is a pruning example.
    pub bounds: Option<(i32, i32)>,
}

/// Every tree with chance nodes, in menu order.
pub const CHANCE_PRESETS: &[ChancePreset] = &[
    ChancePreset {
        tree: Preset {
            id: "cs188-expectimax",
            title: "Expectimax lecture example (root = 8)",
            source: "Berkeley CS188, expectimax lecture",
            text: "[?[3,12,9], ?[2,4,6], ?[15,6,0]]",
            notes: "Each chance node's children are equally likely: B = (3 + 12 + 9)/3 = 8, C = 4, D = 7; MAX takes B, 8.",
        },
        expectimax: true,
        bounds: None,
    },
    ChancePreset {
        tree: Preset {
            id: "cs188-expectimax-bounds",
            title: "The same, leaves known in [0, 15] (J pruned)",
            source: "Berkeley CS188, expectimax pruning",
            text: "[?[3,12,9], ?[2,4,6], ?[15,6,0]]",
            notes: "With every leaf at most 15, C after 2 and 4 is at most 2/3 + 4/3 + 15/3 = 7 < 8: its last leaf is never looked at.",
        },
        expectimax: true,
        bounds: Some((0, 15)),
    },
    ChancePreset {
        tree: Preset {
            id: "cs188-weighted",
            title: "A chance node with probabilities (= 10)",
            source: "Berkeley CS188, expectimax pseudocode",
            text: "?[1/2: 8, 1/3: 24, 1/6: -12]",
            notes: "v = 1/2 · 8 + 1/3 · 24 + 1/6 · (−12) = 4 + 8 − 2 = 10.",
        },
        expectimax: true,
        bounds: None,
    },
    ChancePreset {
        tree: Preset {
            id: "aima-5-12",
            title: "Expectiminimax, MAX → chance → MIN (a1 = 2.1)",
            source: "Russell & Norvig, the order-preserving transformation figure",
            text: "[?[0.9: [2,2], 0.1: [3,3]], ?[0.9: [1,1], 0.1: [4,4]]]",
            notes: "a1 is worth 0.9 · 2 + 0.1 · 3 = 2.1, a2 0.9 · 1 + 0.1 · 4 = 1.3: MAX plays a1.",
        },
        expectimax: false,
        bounds: None,
    },
    ChancePreset {
        tree: Preset {
            id: "aima-5-12-scaled",
            title: "The same with leaves 20, 30, 1, 400 (a2 = 40.9)",
            source: "Russell & Norvig, the order-preserving transformation figure",
            text: "[?[0.9: [20,20], 0.1: [30,30]], ?[0.9: [1,1], 0.1: [400,400]]]",
            notes: "The leaves keep their order, yet a1 = 21 and a2 = 40.9: MAX now plays a2. Expectiminimax needs values on a scale, not only an order.",
        },
        expectimax: false,
        bounds: None,
    },
];

/// A chance preset by id.
pub fn chance_preset(id: &str) -> Option<&'static ChancePreset> {
    CHANCE_PRESETS.iter().find(|p| p.tree.id == id)
}

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
    fn every_chance_preset_has_its_stated_value() {
        use crate::{ExpectOptions, Quiet, Ratio, Rule};
        for (id, value) in [
            ("cs188-expectimax", Ratio::int(8)),
            ("cs188-expectimax-bounds", Ratio::int(8)),
            ("cs188-weighted", Ratio::int(10)),
            ("aima-5-12", Ratio::new(21, 10).unwrap()),
            ("aima-5-12-scaled", Ratio::new(409, 10).unwrap()),
        ] {
            let p = chance_preset(id).unwrap();
            let tree = GameTree::parse(p.tree.text).unwrap();
            assert!(tree.has_chance(), "{id}");
            let options = ExpectOptions {
                rule: if p.expectimax {
                    Rule::Expectimax
                } else {
                    Rule::Expectiminimax
                },
                bounds: p.bounds,
            };
            let outcome = crate::expectiminimax(&tree, &options, &mut Quiet).unwrap();
            assert_eq!(outcome.value, value, "{id}");
        }
        assert_eq!(CHANCE_PRESETS.len(), 5);
    }

    #[test]
    fn every_preset_parses() {
        for p in PRESETS {
            GameTree::parse(p.text).unwrap_or_else(|e| panic!("{}: {e}", p.id));
            assert_eq!(preset(p.id), Some(p));
        }
    }
}
