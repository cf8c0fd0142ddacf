//! What a drawn game tree looks like: positions in pixels, shapes, and what each node shows.
//! Built from a [`GameTree`] and its tidy [`arbor_layout`] layout; the SVG component only
//! draws it.

use arbor_game::{GameTree, NodeId};

/// Horizontal distance between neighbouring nodes, in pixels.
pub const GAP_X: f64 = 56.0;
/// Vertical distance between levels, in pixels.
pub const GAP_Y: f64 = 84.0;
/// Margin around the drawing.
pub const MARGIN: f64 = 40.0;

/// The shape a node is drawn with: whose turn it is, or a leaf.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// MAX to move: a triangle pointing up.
    Max,
    /// MIN to move: a triangle pointing down.
    Min,
    /// Player `n` to move in a game for three or more players: a circle marked with the
    /// player's letter.
    Player(u8),
    /// A leaf: a square.
    Leaf,
}

impl Shape {
    /// The CSS class of the shape.
    pub fn class(self) -> &'static str {
        match self {
            Shape::Max => "max",
            Shape::Min => "min",
            Shape::Player(_) => "player",
            Shape::Leaf => "leaf",
        }
    }
}

/// One node, placed.
#[derive(Clone, Debug, PartialEq)]
pub struct SceneNode {
    /// The tree node.
    pub id: NodeId,
    /// Path from the root (`r`, `r.0`, …), for `data-node`.
    pub path: String,
    /// Display name.
    pub label: String,
    /// Drawn shape.
    pub shape: Shape,
    /// Centre, in pixels.
    pub x: f64,
    /// Centre, in pixels.
    pub y: f64,
    /// The parent's index in [`Scene::nodes`].
    pub parent: Option<usize>,
}

/// A whole tree, placed.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// Nodes in the tree's breadth-first order (index = `NodeId`).
    pub nodes: Vec<SceneNode>,
    /// Drawing width in pixels.
    pub width: f64,
    /// Drawing height in pixels.
    pub height: f64,
}

impl Scene {
    /// Places every node of `tree`.
    pub fn of_tree(tree: &GameTree) -> Scene {
        let children: Vec<Vec<usize>> = tree
            .nodes()
            .iter()
            .map(|n| n.children.iter().map(|c| c.index()).collect())
            .collect();
        let layout = arbor_layout::tidy(&children);
        let paths = paths(tree);
        let nodes = tree
            .nodes()
            .iter()
            .enumerate()
            .map(|(i, node)| {
                let id = NodeId(i as u32);
                let shape = if node.is_leaf() {
                    Shape::Leaf
                } else if tree.players() > 2 {
                    Shape::Player(tree.player_at(id) as u8)
                } else if tree.player_at(id) == 0 {
                    Shape::Max
                } else {
                    Shape::Min
                };
                SceneNode {
                    id,
                    path: paths[i].clone(),
                    label: node.label.clone(),
                    shape,
                    x: MARGIN + layout.x[i] * GAP_X,
                    y: MARGIN + f64::from(layout.depth[i]) * GAP_Y,
                    parent: node.parent.map(NodeId::index),
                }
            })
            .collect();
        Scene {
            nodes,
            width: 2.0 * MARGIN + layout.width * GAP_X,
            height: 2.0 * MARGIN + f64::from(layout.height) * GAP_Y,
        }
    }
}

/// Every node's path, computed top-down in one pass.
fn paths(tree: &GameTree) -> Vec<String> {
    let mut out = vec![String::new(); tree.len()];
    out[0] = "r".to_string();
    // Breadth-first order puts parents before children.
    for (i, node) in tree.nodes().iter().enumerate() {
        for (k, c) in node.children.iter().enumerate() {
            out[c.index()] = format!("{}.{k}", out[i]);
        }
    }
    out
}

/// Formats a value for display, with ±∞ for the search's infinities.
pub fn show_value(v: i32) -> String {
    if v == arbor_game::INF {
        "+∞".into()
    } else if v <= -arbor_game::INF {
        "−∞".into()
    } else if v < 0 {
        format!("−{}", -(v as i64))
    } else {
        v.to_string()
    }
}

/// Formats a value for a `data-` attribute: an integer, `-inf` or `+inf`.
pub fn data_value(v: i32) -> String {
    if v == arbor_game::INF {
        "+inf".into()
    } else if v <= -arbor_game::INF {
        "-inf".into()
    } else {
        v.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_tree_scene() {
        let tree = GameTree::parse("[[[-1,4],[2,6]],[[-3,-5],[0,7]]]").unwrap();
        let scene = Scene::of_tree(&tree);
        assert_eq!(scene.nodes.len(), 15);
        assert_eq!(scene.nodes[0].shape, Shape::Max);
        assert_eq!(scene.nodes[1].shape, Shape::Min);
        assert_eq!(scene.nodes[14].shape, Shape::Leaf);
        assert_eq!(scene.nodes[13].path, "r.1.1.0");
        for node in &scene.nodes {
            assert_eq!(tree.find_path(&node.path), Some(node.id));
            assert!(node.x >= MARGIN && node.x <= scene.width - MARGIN);
        }
        // The root is centred over B and C.
        let mid = (scene.nodes[1].x + scene.nodes[2].x) / 2.0;
        assert!((scene.nodes[0].x - mid).abs() < 1e-9);
    }

    #[test]
    fn values_read_well() {
        assert_eq!(show_value(-3), "−3");
        assert_eq!(show_value(arbor_game::INF), "+∞");
        assert_eq!(show_value(-arbor_game::INF), "−∞");
        assert_eq!(data_value(-arbor_game::INF), "-inf");
        assert_eq!(data_value(-3), "-3");
    }
}

/// Where a node stands at the current step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Status {
    /// Not reached yet.
    #[default]
    Unvisited,
    /// The node the search is at.
    Current,
    /// Reached (open on the path, or finished).
    Visited,
    /// Never searched because of a cutoff.
    Pruned,
}

impl Status {
    /// The `data-status` value and CSS class.
    pub fn name(self) -> &'static str {
        match self {
            Status::Unvisited => "unvisited",
            Status::Current => "current",
            Status::Visited => "visited",
            Status::Pruned => "pruned",
        }
    }
}

/// What one node shows at the current step.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NodeMark {
    /// Reached, current, pruned or not yet seen.
    pub status: Status,
    /// Its value, once known (a leaf's from the start).
    pub value: Option<String>,
    /// The value for `data-value` (integers, `-inf`, `+inf`).
    pub data_value: Option<String>,
    /// α and β at this step, while the node is open (or as it left them).
    pub window: Option<(i32, i32)>,
    /// On the principal variation (shown at the end).
    pub principal: bool,
    /// Open: entered and not yet finished.
    pub open: bool,
    /// A short extra note drawn under the node (e.g. "TT").
    pub note: Option<String>,
}
