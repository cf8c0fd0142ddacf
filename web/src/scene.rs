//! What a drawn game tree looks like: positions in pixels, shapes, and what each node shows.
//! Built from a [`GameTree`] and its tidy [`arbor_layout`] layout; the SVG component only
//! draws it.

use std::rc::Rc;

use arbor_game::{GameTree, NodeId};

/// Horizontal distance between neighbouring nodes, in pixels.
pub const GAP_X: f64 = 62.0;
/// Vertical distance between levels, in pixels.
pub const GAP_Y: f64 = 92.0;
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
    pub path: Rc<str>,
    /// Display name.
    pub label: Rc<str>,
    /// Drawn shape.
    pub shape: Shape,
    /// Centre, in pixels.
    pub x: f64,
    /// Centre, in pixels.
    pub y: f64,
    /// The parent's index in [`Scene::nodes`].
    pub parent: Option<usize>,
    /// Nodes hidden below this one because it is collapsed (0 if it is not).
    pub hidden: usize,
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
        Scene::of_visible(tree, &|_| false)
    }

    /// Places the nodes of `tree` that are not below a collapsed node.
    pub fn of_visible(tree: &GameTree, collapsed: &dyn Fn(NodeId) -> bool) -> Scene {
        // Visible nodes, breadth-first (parents before children), and their scene indices.
        let mut visible: Vec<usize> = Vec::new();
        let mut index_of = vec![usize::MAX; tree.len()];
        let mut queue = std::collections::VecDeque::from([0usize]);
        while let Some(i) = queue.pop_front() {
            index_of[i] = visible.len();
            visible.push(i);
            if !collapsed(NodeId(i as u32)) {
                queue.extend(tree.nodes()[i].children.iter().map(|c| c.index()));
            }
        }
        let children: Vec<Vec<usize>> = visible
            .iter()
            .map(|&i| {
                if collapsed(NodeId(i as u32)) {
                    Vec::new()
                } else {
                    tree.nodes()[i]
                        .children
                        .iter()
                        .map(|c| index_of[c.index()])
                        .collect()
                }
            })
            .collect();
        let subtree = subtree_sizes(tree);
        let layout = arbor_layout::tidy(&children);
        // Utility vectors are wider than single values.
        let gap_x = if tree.players() > 2 {
            GAP_X * (0.6 + 0.3 * tree.players() as f64)
        } else {
            GAP_X
        };
        let paths = paths(tree);
        let nodes = visible
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let node = &tree.nodes()[i];
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
                    path: Rc::from(paths[i].as_str()),
                    label: Rc::from(node.label.as_str()),
                    shape,
                    x: MARGIN + layout.x[k] * gap_x,
                    y: MARGIN + f64::from(layout.depth[k]) * GAP_Y,
                    parent: node.parent.map(|p| index_of[p.index()]),
                    hidden: if children[k].is_empty() && !node.is_leaf() {
                        subtree[i] - 1
                    } else {
                        0
                    },
                }
            })
            .collect();
        Scene {
            nodes,
            width: 2.0 * MARGIN + layout.width * gap_x,
            height: 2.0 * MARGIN + f64::from(layout.height) * GAP_Y,
        }
    }
}

/// Every node's subtree size (itself included).
fn subtree_sizes(tree: &GameTree) -> Vec<usize> {
    let mut size = vec![1usize; tree.len()];
    // Breadth-first order puts children after parents: add sizes from the back.
    for i in (1..tree.len()).rev() {
        if let Some(p) = tree.nodes()[i].parent {
            size[p.index()] += size[i];
        }
    }
    size
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
        assert_eq!(&*scene.nodes[13].path, "r.1.1.0");
        for node in &scene.nodes {
            assert_eq!(tree.find_path(&node.path), Some(node.id));
            assert!(node.x >= MARGIN && node.x <= scene.width - MARGIN);
        }
        // The root is centred over B and C.
        let mid = (scene.nodes[1].x + scene.nodes[2].x) / 2.0;
        assert!((scene.nodes[0].x - mid).abs() < 1e-9);
    }

    #[test]
    fn collapsed_subtrees_are_hidden_and_counted() {
        let tree = GameTree::parse("[[[-1,4],[2,6]],[[-3,-5],[0,7]]]").unwrap();
        let scene = Scene::of_visible(&tree, &|id| id == NodeId(1));
        // B's six descendants are hidden.
        assert_eq!(scene.nodes.len(), 9);
        let b = scene.nodes.iter().find(|n| n.id == NodeId(1)).unwrap();
        assert_eq!(b.hidden, 6);
        for node in &scene.nodes {
            if let Some(p) = node.parent {
                assert_eq!(tree.node(node.id).parent, Some(scene.nodes[p].id));
            }
        }
        assert!(scene.width < Scene::of_tree(&tree).width);
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

/// How a shown value relates to the node's true value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Relation {
    /// Exactly this.
    #[default]
    Exact,
    /// At least this (shown "≥").
    AtLeast,
    /// At most this (shown "≤").
    AtMost,
}

/// A value a node shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Shown {
    /// Nothing yet.
    #[default]
    Nothing,
    /// A value for MAX (or for the player to move, in negamax form), or a bound on it.
    Scalar(i32, Relation),
    /// A utility vector (three or more players).
    Vector(Rc<[i32]>),
}

impl Shown {
    /// The text drawn in the node: `3`, `≥5`, `−2`, `(1,2,6)`.
    pub fn text(&self) -> Option<String> {
        match self {
            Shown::Nothing => None,
            Shown::Scalar(v, r) => Some(format!(
                "{}{}",
                match r {
                    Relation::Exact => "",
                    Relation::AtLeast => "≥",
                    Relation::AtMost => "≤",
                },
                show_value(*v)
            )),
            Shown::Vector(v) => Some(vector_text(v)),
        }
    }

    /// The `data-value` form: an integer, `-inf`/`+inf`, or comma-separated entries.
    pub fn data(&self) -> Option<String> {
        match self {
            Shown::Nothing => None,
            Shown::Scalar(v, _) => Some(data_value(*v)),
            Shown::Vector(v) => Some(
                v.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(","),
            ),
        }
    }
}

/// `(1,2,6)`.
pub fn vector_text(v: &[i32]) -> String {
    let parts: Vec<String> = v.iter().map(|x| show_value(*x)).collect();
    format!("({})", parts.join(","))
}

/// What one node shows at the current step: plain data, cheap to build and compare for
/// thousands of nodes; the text is made only when a node is drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeMark {
    /// Reached, current, pruned or not yet seen.
    pub status: Status,
    /// Its value so far (a leaf's from the start).
    pub value: Shown,
    /// The value is final (the node is done): it goes in `data-value`.
    pub settled: bool,
    /// α and β at this step, while the node is open (or as it left them).
    pub window: Option<(i32, i32)>,
    /// On the principal variation (shown at the end).
    pub principal: bool,
    /// Open: entered and not yet finished.
    pub open: bool,
    /// Answered by the transposition table.
    pub from_table: bool,
}
