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

/// A small picture of a game position, drawn at a node of a game's search tree.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum GamePicture {
    /// Tic-tac-toe cells, row by row: 0 empty, 1 the first player's mark, 2 the second's.
    /// `o_first` draws the first player's marks as O.
    TicTacToe {
        /// The nine cells.
        cells: [u8; 9],
        /// The first player plays O.
        o_first: bool,
    },
    /// Connect four, 42 cells row by row from the top: 0 empty, 1 first player, 2 second.
    Connect4(Vec<u8>),
    /// Nim's piles.
    Nim(Vec<u8>),
}

/// One node, placed.
#[derive(Clone, Debug, PartialEq)]
pub struct SceneNode {
    /// The node's key: its index in the tree it was built from (and in the marks).
    pub key: usize,
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
    /// A picture of the node's position (game trees from real games).
    pub picture: Option<Rc<GamePicture>>,
}

/// A whole tree, placed.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// The drawn nodes, parents before children.
    pub nodes: Vec<SceneNode>,
    /// Drawing width in pixels.
    pub width: f64,
    /// Drawing height in pixels.
    pub height: f64,
}

/// Any tree to place: its nodes as keys (parents before children, the root first), and how
/// to name and shape each.
pub struct TreeShape<'a> {
    /// The keys, the root first, each after its parent.
    pub keys: &'a [usize],
    /// A key's parent (`None` for the root).
    pub parent: &'a dyn Fn(usize) -> Option<usize>,
    /// A key's label.
    pub label: &'a dyn Fn(usize) -> String,
    /// A key's shape.
    pub shape: &'a dyn Fn(usize) -> Shape,
    /// A key's picture, if nodes have them.
    pub picture: Option<&'a dyn Fn(usize) -> Option<Rc<GamePicture>>>,
    /// Horizontal distance between neighbours, in pixels.
    pub gap_x: f64,
    /// Vertical distance between levels, in pixels.
    pub gap_y: f64,
}

impl Scene {
    /// Places every node of a game tree.
    pub fn of_tree(tree: &GameTree) -> Scene {
        Scene::of_visible(tree, &|_| false)
    }

    /// Places the nodes of a game tree that are not below a collapsed node (keys are node
    /// indices).
    pub fn of_visible(tree: &GameTree, collapsed: &dyn Fn(usize) -> bool) -> Scene {
        Scene::of_game_tree(tree, collapsed, None)
    }

    /// [`Scene::of_visible`] for the tree of a real game's search, with a picture of each
    /// node's position (and room for it).
    pub fn of_game(
        tree: &GameTree,
        collapsed: &dyn Fn(usize) -> bool,
        pictures: &[Rc<GamePicture>],
    ) -> Scene {
        Scene::of_game_tree(tree, collapsed, Some(pictures))
    }

    fn of_game_tree(
        tree: &GameTree,
        collapsed: &dyn Fn(usize) -> bool,
        pictures: Option<&[Rc<GamePicture>]>,
    ) -> Scene {
        let keys: Vec<usize> = (0..tree.len()).collect();
        let gap_x = if pictures.is_some() {
            GAP_X * 1.3
        } else if tree.players() > 2 {
            // Utility vectors are wider than single values.
            GAP_X * (0.6 + 0.3 * tree.players() as f64)
        } else {
            GAP_X
        };
        let picture = |k: usize| pictures.and_then(|p| p.get(k).cloned());
        let mut scene = Scene::build(
            &TreeShape {
                keys: &keys,
                parent: &|k| tree.nodes()[k].parent.map(NodeId::index),
                label: &|k| tree.nodes()[k].label.clone(),
                shape: &|k| {
                    let id = NodeId(k as u32);
                    if tree.node(id).is_leaf() {
                        Shape::Leaf
                    } else if tree.players() > 2 {
                        Shape::Player(tree.player_at(id) as u8)
                    } else if tree.player_at(id) == 0 {
                        Shape::Max
                    } else {
                        Shape::Min
                    }
                },
                gap_x,
                gap_y: if pictures.is_some() {
                    GAP_Y * 1.45
                } else {
                    GAP_Y
                },
                picture: pictures.map(|_| &picture as &dyn Fn(usize) -> Option<Rc<GamePicture>>),
            },
            collapsed,
        );
        if pictures.is_some() {
            // Room for the pictures under the lowest nodes.
            scene.height += 50.0;
        }
        scene
    }

    /// Places any tree, leaving out what lies below collapsed keys.
    pub fn build(tree: &TreeShape<'_>, collapsed: &dyn Fn(usize) -> bool) -> Scene {
        let count = tree.keys.len();
        let mut local = std::collections::HashMap::with_capacity(count);
        for (i, &k) in tree.keys.iter().enumerate() {
            local.insert(k, i);
        }
        // Children in key order, and each node's path.
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); count];
        let mut parent = vec![None; count];
        for (i, &k) in tree.keys.iter().enumerate().skip(1) {
            if let Some(p) = (tree.parent)(k).and_then(|pk| local.get(&pk).copied()) {
                parent[i] = Some(p);
                children[p].push(i);
            }
        }
        let mut path: Vec<String> = vec![String::new(); count];
        let mut size = vec![1usize; count];
        for i in (1..count).rev() {
            if let Some(p) = parent[i] {
                size[p] += size[i];
            }
        }
        // Visible nodes, breadth-first from the root.
        let mut visible = Vec::new();
        let mut index_of = vec![usize::MAX; count];
        let mut queue = std::collections::VecDeque::new();
        if count > 0 {
            path[0] = "r".into();
            queue.push_back(0usize);
        }
        while let Some(i) = queue.pop_front() {
            index_of[i] = visible.len();
            visible.push(i);
            for (n, &c) in children[i].iter().enumerate() {
                path[c] = format!("{}.{n}", path[i]);
                if !collapsed(tree.keys[i]) {
                    queue.push_back(c);
                }
            }
        }
        let shown: Vec<Vec<usize>> = visible
            .iter()
            .map(|&i| {
                if collapsed(tree.keys[i]) {
                    Vec::new()
                } else {
                    children[i].iter().map(|&c| index_of[c]).collect()
                }
            })
            .collect();
        let layout = arbor_layout::tidy(&shown);
        let nodes = visible
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let key = tree.keys[i];
                SceneNode {
                    key,
                    path: Rc::from(path[i].as_str()),
                    label: Rc::from((tree.label)(key).as_str()),
                    shape: (tree.shape)(key),
                    x: MARGIN + layout.x[k] * tree.gap_x,
                    y: MARGIN + f64::from(layout.depth[k]) * tree.gap_y,
                    parent: parent[i].map(|p| index_of[p]),
                    hidden: if shown[k].is_empty() { size[i] - 1 } else { 0 },
                    picture: tree.picture.and_then(|p| p(key)),
                }
            })
            .collect();
        Scene {
            nodes,
            width: 2.0 * MARGIN + layout.width * tree.gap_x,
            height: 2.0 * MARGIN + f64::from(layout.height) * tree.gap_y,
        }
    }
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
            assert_eq!(tree.find_path(&node.path), Some(NodeId(node.key as u32)));
            assert!(node.x >= MARGIN && node.x <= scene.width - MARGIN);
        }
        // The root is centred over B and C.
        let mid = (scene.nodes[1].x + scene.nodes[2].x) / 2.0;
        assert!((scene.nodes[0].x - mid).abs() < 1e-9);
    }

    #[test]
    fn collapsed_subtrees_are_hidden_and_counted() {
        let tree = GameTree::parse("[[[-1,4],[2,6]],[[-3,-5],[0,7]]]").unwrap();
        let scene = Scene::of_visible(&tree, &|key| key == 1);
        // B's six descendants are hidden.
        assert_eq!(scene.nodes.len(), 9);
        let b = scene.nodes.iter().find(|n| n.key == 1).unwrap();
        assert_eq!(b.hidden, 6);
        for node in &scene.nodes {
            if let Some(p) = node.parent {
                assert_eq!(
                    tree.node(NodeId(node.key as u32)).parent.map(NodeId::index),
                    Some(scene.nodes[p].key)
                );
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
