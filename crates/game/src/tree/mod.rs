//! Explicit game trees: the hand-drawn trees of lecture notes, and their text form.
//!
//! A [`GameTree`] stores its nodes breadth-first, so node `i` is the `i`-th node a reader meets
//! going level by level, left to right — the order in which textbooks letter them A, B, C, ….
//!
//! # Text form
//!
//! ```text
//! tree    := ('max' | 'min')? node
//! node    := (label ':')? ('{' int '}')? (int | vector | '[' node (','? node)* ']' | chance)
//! chance  := '?[' (prob ':')? node (','? (prob ':')? node)* ']'
//! prob    := int '/' int | int? '.' digits | int
//! vector  := '(' int (',' int)* ')'
//! label   := letter (letter | digit | '_' | '\'')*
//! ```
//!
//! - A leaf is an integer (the utility for MAX), or, in a tree for three or more players, a
//!   utility vector `(a, b, c)` with one entry per player.
//! - An inner node is a bracketed list of children, separated by commas or white space:
//!   `[[3,12,8],[2,4,6],[14,5,2]]`.
//! - `min` before the tree puts MIN at the root; levels alternate below it.
//! - `B:[...]` names a node; nodes without a name are lettered breadth-first.
//! - `{5}[...]` gives an inner node a static evaluation, used at a depth limit and for ordering
//!   moves by evaluation.
//! - `?[a, b, c]` is a chance node whose children are equally likely; `?[1/4: a, 3/4: b]` or
//!   `?[0.25: a, 0.75: b]` gives each child its probability (more than 0, summing to 1). Chance
//!   nodes do not change whose turn it is: in `[?[[1,2],[3,4]]]` MAX is at the root and MIN at
//!   the nodes below the chance node. They need plain values at the leaves (two players).
//!
//! The parts: the tree and its queries here; `raw`, trees given as nested data and their
//! breadth-first numbering; `text`, the text form read and written.

mod raw;
mod text;

pub use raw::{auto_label, RawNode};
pub use text::{ParseError, MAX_LEAF};

use crate::ratio::Ratio;
use raw::{build, players_of};

/// Index of a node in its [`GameTree`] (breadth-first position; the root is `NodeId(0)`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The root of every tree.
    pub const ROOT: NodeId = NodeId(0);

    /// The index as a `usize`, for slicing.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One node of an explicit tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// Display name: given in the text, or a breadth-first letter.
    pub label: String,
    /// `None` for the root.
    pub parent: Option<NodeId>,
    /// Children, left to right.
    pub children: Vec<NodeId>,
    /// Distance from the root.
    pub depth: u32,
    /// A leaf's utility: one entry in a two-player tree (MAX's utility), one per player in a
    /// multi-player tree. Empty for inner nodes.
    pub payoff: Vec<i32>,
    /// A static evaluation for an inner node, if the text gave one.
    pub eval: Option<i32>,
    /// For a chance node, the probability of each child (positive, summing to 1); `None` for a
    /// decision node or a leaf.
    pub chance: Option<Vec<Ratio>>,
    /// A chance node's probabilities were written as decimals (0.9), not as fractions: they
    /// are shown and written back so.
    pub decimal: bool,
}

impl TreeNode {
    /// True for a node without children.
    pub fn is_leaf(&self) -> bool {
        self.children.is_empty()
    }

    /// True for a chance node.
    pub fn is_chance(&self) -> bool {
        self.chance.is_some()
    }
}

/// Who moves at the root of a two-player tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RootPlayer {
    /// MAX moves first (the usual convention).
    #[default]
    Max,
    /// MIN moves first.
    Min,
}

/// A finite game tree given node by node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTree {
    nodes: Vec<TreeNode>,
    players: usize,
    root_player: RootPlayer,
    /// True when some node is a chance node.
    chance: bool,
}

/// Limits that keep a typed tree small enough to draw and search.
pub const MAX_NODES: usize = 100_000;
/// Deepest nesting accepted in tree text.
pub const MAX_DEPTH: usize = 64;

impl GameTree {
    /// Builds a tree from a nested description (used by generators and tests), numbering its
    /// nodes breadth-first. Fails if a leaf has no value or leaves mix plain values and vectors.
    pub fn from_raw(raw: RawNode, root_player: RootPlayer) -> Result<GameTree, String> {
        let players = players_of(&raw)?;
        Ok(build(raw, players, root_player))
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never true: a tree has at least its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The root node.
    pub fn root(&self) -> NodeId {
        NodeId::ROOT
    }

    /// A node by id.
    pub fn node(&self, id: NodeId) -> &TreeNode {
        &self.nodes[id.index()]
    }

    /// All nodes, breadth-first.
    pub fn nodes(&self) -> &[TreeNode] {
        &self.nodes
    }

    /// Number of players: 2 for MAX/MIN trees, the length of the utility vectors otherwise.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Who moves at the root (two-player trees).
    pub fn root_player(&self) -> RootPlayer {
        self.root_player
    }

    /// True when the tree has chance nodes: only the expectation searches value it.
    pub fn has_chance(&self) -> bool {
        self.chance
    }

    /// The player to move at a node: 0 is MAX (or the first player), 1 is MIN (or the second).
    /// Levels alternate; chance nodes do not count as a turn, so at a chance node this is the
    /// player who decides below it.
    pub fn player_at(&self, id: NodeId) -> usize {
        let mut depth = self.node(id).depth as usize;
        if self.chance {
            let mut cur = self.node(id).parent;
            while let Some(p) = cur {
                if self.node(p).is_chance() {
                    depth -= 1;
                }
                cur = self.node(p).parent;
            }
        }
        let first = match self.root_player {
            RootPlayer::Max => 0,
            RootPlayer::Min => 1,
        };
        (first + depth) % self.players
    }

    /// Leaves, left to right.
    pub fn leaves(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut stack = vec![self.root()];
        while let Some(id) = stack.pop() {
            let node = self.node(id);
            if node.is_leaf() {
                out.push(id);
            }
            stack.extend(node.children.iter().rev());
        }
        out
    }

    /// For every node, its 0-based left-to-right index among the leaves (`None` for inner
    /// nodes).
    pub fn leaf_indices(&self) -> Vec<Option<usize>> {
        let mut out = vec![None; self.len()];
        for (i, leaf) in self.leaves().into_iter().enumerate() {
            out[leaf.index()] = Some(i);
        }
        out
    }

    /// The node's path from the root: `r`, `r.0`, `r.0.1`, … (child indices).
    pub fn path(&self, id: NodeId) -> String {
        let mut steps = Vec::new();
        let mut cur = id;
        while let Some(parent) = self.node(cur).parent {
            let pos = self
                .node(parent)
                .children
                .iter()
                .position(|&c| c == cur)
                .expect("a child is listed by its parent");
            steps.push(pos);
            cur = parent;
        }
        let mut out = String::from("r");
        for step in steps.iter().rev() {
            out.push('.');
            out.push_str(&step.to_string());
        }
        out
    }

    /// The node with a given path (`r.0.1`), if there is one.
    pub fn find_path(&self, path: &str) -> Option<NodeId> {
        let mut parts = path.split('.');
        if parts.next()? != "r" {
            return None;
        }
        let mut cur = self.root();
        for part in parts {
            let i: usize = part.parse().ok()?;
            cur = *self.node(cur).children.get(i)?;
        }
        Some(cur)
    }

    /// The first node with the given label.
    pub fn find_label(&self, label: &str) -> Option<NodeId> {
        self.nodes
            .iter()
            .position(|n| n.label == label)
            .map(|i| NodeId(i as u32))
    }

    /// True when every leaf holds one number (MAX's utility), not a utility vector — a
    /// two-player tree may still be written with two-entry vectors, `[(1,-1),(0,2)]`.
    pub fn has_plain_values(&self) -> bool {
        self.nodes
            .iter()
            .all(|n| !n.is_leaf() || n.payoff.len() == 1)
    }

    /// The smallest and largest leaf value of a two-player tree (MAX's utilities): the range
    /// an expectation search may prune with, and the scale of MCTS rewards.
    pub fn leaf_range(&self) -> (i32, i32) {
        let values = self
            .nodes
            .iter()
            .filter(|n| n.is_leaf())
            .map(|n| n.payoff[0]);
        (values.clone().min().unwrap_or(0), values.max().unwrap_or(0))
    }

    /// Height: the depth of the deepest leaf.
    pub fn height(&self) -> u32 {
        self.nodes.iter().map(|n| n.depth).max().unwrap_or(0)
    }

    /// If every inner node has the same number of children and every leaf is at the same
    /// depth, that branching factor and depth.
    pub fn uniform_shape(&self) -> Option<(usize, u32)> {
        let height = self.height();
        let mut branching = None;
        for node in &self.nodes {
            if node.is_leaf() {
                if node.depth != height {
                    return None;
                }
            } else {
                match branching {
                    None => branching = Some(node.children.len()),
                    Some(b) if b != node.children.len() => return None,
                    Some(_) => {}
                }
            }
        }
        Some((branching.unwrap_or(0), height))
    }

    /// A copy with one leaf's payoff replaced.
    pub fn with_payoff(&self, id: NodeId, payoff: Vec<i32>) -> Result<GameTree, String> {
        let node = self
            .nodes
            .get(id.index())
            .ok_or_else(|| format!("the tree has no node {}", id.index()))?;
        if !node.is_leaf() {
            return Err(format!("{} is not a leaf", node.label));
        }
        if payoff.len() != node.payoff.len() {
            return Err(format!(
                "{} needs {} value(s), got {}",
                node.label,
                node.payoff.len(),
                payoff.len()
            ));
        }
        let mut tree = self.clone();
        tree.nodes[id.index()].payoff = payoff;
        Ok(tree)
    }

    /// The same tree with MAX or MIN at the root.
    pub fn with_root_player(&self, root_player: RootPlayer) -> GameTree {
        GameTree {
            root_player,
            ..self.clone()
        }
    }

    /// Back to a nested description (the inverse of [`GameTree::from_raw`]).
    pub fn to_raw(&self) -> RawNode {
        fn go(tree: &GameTree, id: NodeId, auto: &[String]) -> RawNode {
            let node = tree.node(id);
            let label = (node.label != auto[id.index()]).then(|| node.label.clone());
            RawNode {
                label,
                eval: node.eval,
                payoff: node.payoff.clone(),
                chance: node.chance.clone(),
                decimal: node.decimal,
                children: node.children.iter().map(|&c| go(tree, c, auto)).collect(),
            }
        }
        let auto: Vec<String> = (0..self.len()).map(auto_label).collect();
        go(self, self.root(), &auto)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_breadth_first() {
        let tree = GameTree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
        let labels: Vec<&str> = tree.nodes().iter().map(|n| n.label.as_str()).collect();
        assert_eq!(
            labels,
            ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M"]
        );
        assert_eq!(tree.node(NodeId(4)).payoff, vec![3]);
        assert_eq!(tree.path(NodeId(9)), "r.1.2");
        assert_eq!(tree.find_path("r.1.2"), Some(NodeId(9)));
        assert_eq!(tree.find_path("r.3"), None);
        assert_eq!(tree.uniform_shape(), Some((3, 2)));
    }

    #[test]
    fn spaces_labels_evals_and_min_root() {
        let tree = GameTree::parse("min  X:[ {5}[2 4]  Y:[6, -8] ]").unwrap();
        assert_eq!(tree.root_player(), RootPlayer::Min);
        assert_eq!(tree.node(NodeId(0)).label, "X");
        assert_eq!(tree.node(NodeId(1)).eval, Some(5));
        assert_eq!(tree.node(NodeId(2)).label, "Y");
        assert_eq!(tree.node(NodeId(6)).payoff, vec![-8]);
        assert_eq!(tree.player_at(NodeId(0)), 1);
        assert_eq!(tree.player_at(NodeId(1)), 0);
    }

    #[test]
    fn vectors_make_a_multiplayer_tree() {
        let tree = GameTree::parse("[[(1,2,3),(6,1,2)],[(2,2,2),(4,5,1)]]").unwrap();
        assert_eq!(tree.players(), 3);
        assert_eq!(tree.player_at(NodeId(3)), 2);
        assert_eq!(tree.player_at(NodeId(1)), 1);
    }

    #[test]
    fn leaf_edit() {
        let tree = GameTree::parse("[1,2]").unwrap();
        let edited = tree.with_payoff(NodeId(2), vec![9]).unwrap();
        assert_eq!(edited.to_text(), "[1,9]");
        assert!(tree.with_payoff(NodeId(0), vec![9]).is_err());
    }
}
