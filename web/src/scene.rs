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
    /// Half the width of the node's shape (game trees: wide enough for the widest value the
    /// tree can show; see [`Metrics`]).
    pub half_width: f64,
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
    /// Room around the drawing, so nothing drawn beside a node is cut off at its edge.
    pub margins: Margins,
    /// Half the width of a node's shape.
    pub half_width: &'a dyn Fn(Shape) -> f64,
}

/// Room around a drawing, in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Margins {
    /// Left and right.
    pub x: f64,
    /// Above the root.
    pub top: f64,
    /// Below the lowest nodes.
    pub bottom: f64,
}

impl Default for Margins {
    fn default() -> Self {
        Margins {
            x: MARGIN,
            top: MARGIN,
            bottom: MARGIN,
        }
    }
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
        let metrics = Metrics::of(tree);
        let (left, right, top, bottom) = metrics.extents(pictures.is_some());
        // Neighbours on a level are at least one gap apart: room for both nodes' words.
        let gap_x = (left + right + 10.0).max(if pictures.is_some() {
            GAP_X * 1.3
        } else {
            GAP_X
        });
        let gap_y = (top + bottom + 10.0).max(if pictures.is_some() {
            GAP_Y * 1.45
        } else {
            GAP_Y
        });
        let picture = |k: usize| pictures.and_then(|p| p.get(k).cloned());
        let shape_of = |k: usize| {
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
        };
        Scene::build(
            &TreeShape {
                keys: &keys,
                parent: &|k| tree.nodes()[k].parent.map(NodeId::index),
                label: &|k| tree.nodes()[k].label.clone(),
                shape: &shape_of,
                gap_x,
                gap_y,
                picture: pictures.map(|_| &picture as &dyn Fn(usize) -> Option<Rc<GamePicture>>),
                margins: Margins {
                    x: (left.max(right) + 6.0).max(MARGIN),
                    top: (top + 6.0).max(MARGIN),
                    // The folded marker hangs 64 px below a node.
                    bottom: (bottom.max(64.0) + 6.0).max(MARGIN),
                },
                half_width: &|shape| metrics.half_width(shape),
            },
            collapsed,
        )
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
                    x: tree.margins.x + layout.x[k] * tree.gap_x,
                    y: tree.margins.top + f64::from(layout.depth[k]) * tree.gap_y,
                    parent: parent[i].map(|p| index_of[p]),
                    hidden: if shown[k].is_empty() { size[i] - 1 } else { 0 },
                    picture: tree.picture.and_then(|p| p(key)),
                    half_width: (tree.half_width)((tree.shape)(key)),
                }
            })
            .collect();
        let m = tree.margins;
        Scene {
            nodes,
            width: 2.0 * m.x + layout.width * tree.gap_x,
            height: m.top + m.bottom + f64::from(layout.height) * tree.gap_y,
        }
    }
}

/// Type sizes of the words drawn on a game tree (CSS pixels), as `style.css` sets them.
pub mod type_size {
    /// A node's value.
    pub const VALUE: f64 = 15.0;
    /// A utility vector.
    pub const VECTOR: f64 = 13.0;
    /// A node's name, whose turn it is, a table note.
    pub const SMALL: f64 = 12.0;
    /// (α, β), monospaced.
    pub const WINDOW: f64 = 12.0;
}

/// An upper bound on the width of `text` drawn at `size` pixels in the system's sans-serif
/// (`mono`: its monospace): generous per character (wide letters, bold digits at 0.7 em), so
/// that room made from it is room enough.
pub fn text_width(text: &str, size: f64, mono: bool) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            _ if mono => 0.62,
            ' ' | ',' | '.' | '(' | ')' | ':' | '|' | 'i' | 'l' | 'j' | 't' | 'f' | 'r' => 0.45,
            'M' | 'W' | 'm' | 'w' | '@' => 1.0,
            '−' | '≥' | '≤' | '∞' | '+' | '=' | '<' | '>' => 0.86,
            _ => 0.74,
        })
        .sum();
    em * size
}

/// The vertical extent of a line of text at `size` pixels whose baseline is at `baseline`:
/// (top, bottom).
pub fn text_span(baseline: f64, size: f64) -> (f64, f64) {
    (baseline - 0.8 * size, baseline + 0.25 * size)
}

/// How big a game tree's nodes are drawn: every shape holds the widest value the tree can
/// show, and the gaps and margins leave room for every word drawn around a node.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metrics {
    /// Half the width of the widest value (or bound, or vector) a node can show.
    pub value_half: f64,
    /// The widest line of (α, β).
    pub window_width: f64,
    /// The widest node name.
    pub label_width: f64,
    /// The widest "A to move" (multi-player trees; 0 otherwise).
    pub tag_width: f64,
}

impl Metrics {
    /// The metrics of a tree: from every value its leaves, evaluations and bounds can show
    /// (negated too, for the negamax form), and ±∞.
    pub fn of(tree: &GameTree) -> Metrics {
        // Values come from the leaves (and evaluations); the window's ends may be ±∞.
        let mut values = Vec::new();
        let mut vectors = 0.0f64;
        for n in tree.nodes() {
            if tree.players() > 2 {
                if !n.payoff.is_empty() {
                    vectors = vectors.max(text_width(
                        &vector_text(&n.payoff),
                        type_size::VECTOR,
                        false,
                    ));
                }
            } else {
                values.extend(
                    n.payoff
                        .iter()
                        .chain(&n.eval)
                        .flat_map(|&v| [v, v.saturating_neg()]),
                );
            }
        }
        let scalar = values
            .iter()
            .map(|&v| text_width(&format!("≥{}", show_value(v)), type_size::VALUE, false))
            .fold(0.0, f64::max);
        let window_width = values
            .iter()
            .chain(&[arbor_game::INF, -arbor_game::INF])
            .map(|&v| text_width(&format!("α {}", show_value(v)), type_size::WINDOW, true))
            .fold(0.0, f64::max);
        let label_width = tree
            .nodes()
            .iter()
            .map(|n| text_width(&n.label, type_size::SMALL, false))
            .fold(0.0, f64::max);
        let tag_width = if tree.players() > 2 {
            text_width("W to move", type_size::SMALL, false)
        } else {
            0.0
        };
        Metrics {
            value_half: scalar.max(vectors) / 2.0,
            window_width,
            label_width,
            tag_width,
        }
    }

    /// Half the width of a shape: the value fits inside (a triangle at the middle of the
    /// value's line, where the value sits).
    pub fn half_width(&self, shape: Shape) -> f64 {
        match shape {
            Shape::Leaf => (self.value_half + 5.0).max(17.0),
            Shape::Player(_) => (self.value_half + 9.0).max(21.0),
            // The triangles are 40 high; the value's middle line is 28.5 from the apex.
            Shape::Max | Shape::Min => ((self.value_half + 1.5) * 40.0 / 28.5).max(24.0),
        }
    }

    /// How far a node's drawing reaches from its centre — (left, right, up, down) — with every
    /// word it can show at its widest. `pictures`: the node carries its position's picture.
    pub fn extents(&self, pictures: bool) -> (f64, f64, f64, f64) {
        let widest = |shapes: &[Shape], f: &dyn Fn(Shape) -> f64| {
            shapes.iter().map(|&s| f(s)).fold(0.0, f64::max)
        };
        let shapes: &[Shape] = if self.tag_width > 0.0 {
            &[Shape::Leaf, Shape::Player(0)]
        } else {
            &[Shape::Leaf, Shape::Max, Shape::Min]
        };
        let picture = if pictures { 40.0 } else { 0.0 };
        let words = [self.window_width / 2.0, self.tag_width / 2.0, picture];
        let left = widest(shapes, &|s| {
            let label = -label_offset(s, self.half_width(s)).0 + self.label_width;
            (self.half_width(s) + STROKE).max(label)
        });
        let note = NOTE_OFFSET + text_width("TT", type_size::SMALL, false);
        let right = widest(shapes, &|s| (self.half_width(s) + STROKE).max(note));
        let left = words.into_iter().fold(left, f64::max);
        let right = words.into_iter().fold(right, f64::max);
        let mut up = text_span(LABEL_BASELINE, type_size::SMALL).0;
        if self.tag_width > 0.0 {
            up = up.min(text_span(TAG_BASELINE, type_size::SMALL).0);
        }
        let below = window_below(pictures) + WINDOW_LINE;
        let down = text_span(below, type_size::WINDOW).1;
        (left, right, -up, down)
    }
}

/// Half the width of an outline's stroke, at its thickest.
pub const STROKE: f64 = 2.5;
/// Baseline of a node's name, from the node's centre: above its top left (two-player trees),
/// where a triangle is narrow and a square ends.
pub const LABEL_BASELINE: f64 = -23.0;
/// Baseline of a multi-player node's name, beside it (whose turn it is is written above).
pub const SIDE_LABEL_BASELINE: f64 = 4.5;
/// Baseline of "A to move", above a multi-player node.
pub const TAG_BASELINE: f64 = -27.0;
/// Baseline of the table note (TT), above the node's top right, level with its name.
pub const NOTE_BASELINE: f64 = LABEL_BASELINE;
/// Where the table note starts, right of the node's centre.
pub const NOTE_OFFSET: f64 = 8.0;
/// Distance between the two lines of (α, β).
pub const WINDOW_LINE: f64 = 13.0;

/// Baseline of the first line of (α, β), below the node (and its picture, if any).
pub fn window_below(pictures: bool) -> f64 {
    if pictures {
        74.0
    } else {
        37.0
    }
}

/// Baseline of a node's value, from its centre: where its shape is wide enough.
pub fn value_baseline(shape: Shape) -> f64 {
    match shape {
        Shape::Max => 10.0,
        Shape::Min => -3.0,
        Shape::Player(_) => 5.0,
        Shape::Leaf => 5.0,
    }
}

/// Where a node's name ends (it is drawn right-aligned), from the node's centre: beside a
/// multi-player node; otherwise above its top left, clear of a triangle's slope (a MAX
/// triangle is a tenth of its width across 20 px below its apex).
fn label_offset(shape: Shape, half_width: f64) -> (f64, f64) {
    match shape {
        Shape::Player(_) => (-(half_width + STROKE + 4.0), SIDE_LABEL_BASELINE),
        _ => (-(half_width * 0.1 + STROKE + 4.0).max(8.0), LABEL_BASELINE),
    }
}

/// Where a node's name goes: (x, baseline), the text ending there.
pub fn label_place(node: &SceneNode) -> (f64, f64) {
    let (dx, dy) = label_offset(node.shape, node.half_width);
    (node.x + dx, node.y + dy)
}

/// How wide a node's outline is (half, stroke included) across the band of heights
/// `y0..y1` (absolute), or `None` if the band misses it.
pub fn shape_half_at(node: &SceneNode, y0: f64, y1: f64) -> Option<f64> {
    let (y0, y1) = (y0 - node.y, y1 - node.y);
    let (top, bottom) = match node.shape {
        Shape::Max => (-24.0, 16.0),
        Shape::Min => (-16.0, 24.0),
        Shape::Player(_) => (-21.0, 21.0),
        Shape::Leaf => (-17.0, 17.0),
    };
    if y1 <= top - STROKE || y0 >= bottom + STROKE {
        return None;
    }
    let w = node.half_width;
    let half = match node.shape {
        // Widest at the lowest point of the band inside the triangle.
        Shape::Max => w * ((y1.min(bottom) - top) / 40.0).clamp(0.0, 1.0),
        Shape::Min => w * ((bottom - y0.max(top)) / 40.0).clamp(0.0, 1.0),
        _ => w,
    };
    Some(half + STROKE)
}

/// A rectangle: left, top, right, bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Left.
    pub x0: f64,
    /// Top.
    pub y0: f64,
    /// Right.
    pub x1: f64,
    /// Bottom.
    pub y1: f64,
}

impl Rect {
    /// True if the two share more than a hair.
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.x0 < other.x1 - 0.01
            && other.x0 < self.x1 - 0.01
            && self.y0 < other.y1 - 0.01
            && other.y0 < self.y1 - 0.01
    }

    /// True if `other` lies inside.
    pub fn holds(&self, other: &Rect) -> bool {
        other.x0 >= self.x0 && other.x1 <= self.x1 && other.y0 >= self.y0 && other.y1 <= self.y1
    }
}

/// The box of a line of text: `anchor` −1 (ends at x), 0 (centred), 1 (starts at x).
pub fn text_box(text: &str, x: f64, baseline: f64, size: f64, mono: bool, anchor: i8) -> Rect {
    let w = text_width(text, size, mono);
    let x0 = match anchor {
        -1 => x - w,
        0 => x - w / 2.0,
        _ => x,
    };
    let (y0, y1) = text_span(baseline, size);
    Rect {
        x0,
        y0,
        x1: x0 + w,
        y1,
    }
}

/// The bounding box of a node's shape, with its outline's stroke (at most 5 px wide).
pub fn shape_box(node: &SceneNode) -> Rect {
    let (up, down) = match node.shape {
        Shape::Max => (24.0, 16.0),
        Shape::Min => (16.0, 24.0),
        Shape::Player(_) => (21.0, 21.0),
        Shape::Leaf => (17.0, 17.0),
    };
    let stroke = 2.5;
    Rect {
        x0: node.x - node.half_width - stroke,
        y0: node.y - up - stroke,
        x1: node.x + node.half_width + stroke,
        y1: node.y + down + stroke,
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

    /// Every box a game-tree node draws, with the widest words it can show: its shape, its
    /// name, whose turn it is, its value, (α, β) in two lines, the table note.
    fn node_items(tree: &GameTree, node: &SceneNode, widest: &Widest) -> Vec<(&'static str, Rect)> {
        let id = NodeId(node.key as u32);
        let t = tree.node(id);
        let mut items = vec![("shape", shape_box(node))];
        let (lx, ly) = label_place(node);
        items.push((
            "label",
            text_box(&node.label, lx, ly, type_size::SMALL, false, -1),
        ));
        let value = if tree.players() > 2 {
            if t.is_leaf() {
                vector_text(&t.payoff)
            } else {
                widest.vector.clone()
            }
        } else if t.is_leaf() {
            show_value(t.payoff[0])
        } else {
            widest.scalar.clone()
        };
        let size = if tree.players() > 2 {
            type_size::VECTOR
        } else {
            type_size::VALUE
        };
        let baseline = node.y + value_baseline(node.shape);
        items.push(("value", text_box(&value, node.x, baseline, size, false, 0)));
        if let Shape::Player(p) = node.shape {
            let tag = format!("{} to move", (b'A' + p) as char);
            items.push((
                "tag",
                text_box(
                    &tag,
                    node.x,
                    node.y + TAG_BASELINE,
                    type_size::SMALL,
                    false,
                    0,
                ),
            ));
        }
        if tree.players() == 2 && !t.is_leaf() {
            let below = node.y + window_below(false);
            for (i, line) in [&widest.alpha, &widest.beta].into_iter().enumerate() {
                let y = below + i as f64 * WINDOW_LINE;
                items.push((
                    "window",
                    text_box(line, node.x, y, type_size::WINDOW, true, 0),
                ));
            }
            items.push((
                "note",
                text_box(
                    "TT",
                    node.x + NOTE_OFFSET,
                    node.y + NOTE_BASELINE,
                    type_size::SMALL,
                    false,
                    1,
                ),
            ));
        }
        items
    }

    /// The widest words a tree's nodes can show.
    struct Widest {
        scalar: String,
        vector: String,
        alpha: String,
        beta: String,
    }

    fn widest(tree: &GameTree) -> Widest {
        let pick = |texts: Vec<String>, size: f64, mono: bool| {
            texts
                .into_iter()
                .max_by(|a, b| text_width(a, size, mono).total_cmp(&text_width(b, size, mono)))
                .unwrap_or_default()
        };
        let mut values = Vec::new();
        let mut vectors = Vec::new();
        for n in tree.nodes() {
            if tree.players() > 2 {
                if !n.payoff.is_empty() {
                    vectors.push(vector_text(&n.payoff));
                }
            } else {
                values.extend(n.payoff.iter().flat_map(|&v| [v, -v]));
            }
        }
        Widest {
            scalar: pick(
                values
                    .iter()
                    .map(|&v| format!("≥{}", show_value(v)))
                    .collect(),
                type_size::VALUE,
                false,
            ),
            vector: pick(vectors, type_size::VECTOR, false),
            alpha: pick(
                values
                    .iter()
                    .chain(&[arbor_game::INF, -arbor_game::INF])
                    .map(|&v| format!("α {}", show_value(v)))
                    .collect(),
                type_size::WINDOW,
                true,
            ),
            beta: pick(
                values
                    .iter()
                    .chain(&[arbor_game::INF, -arbor_game::INF])
                    .map(|&v| format!("β {}", show_value(v)))
                    .collect(),
                type_size::WINDOW,
                true,
            ),
        }
    }

    /// Nothing a node draws overlaps anything another node draws, or another word of its own;
    /// its value fits inside its shape; and nothing is cut off at the drawing's edge. The
    /// drawing is scaled as a whole, so this holds at any zoom.
    /// True if `r` touches `node`'s outline (a triangle by its slopes).
    fn hits_shape(node: &SceneNode, r: &Rect) -> bool {
        shape_half_at(node, r.y0, r.y1)
            .is_some_and(|h| r.x0 < node.x + h - 0.01 && r.x1 > node.x - h + 0.01)
    }

    /// True if item `a` of node `na` and item `b` of node `nb` overlap.
    fn clash(
        na: &SceneNode,
        (ka, ra): (&str, Rect),
        nb: &SceneNode,
        (kb, rb): (&str, Rect),
    ) -> bool {
        match (ka, kb) {
            ("shape", "shape") => ra.overlaps(&rb),
            ("shape", _) => hits_shape(na, &rb),
            (_, "shape") => hits_shape(nb, &ra),
            _ => ra.overlaps(&rb),
        }
    }

    fn assert_nothing_overlaps(tree: &GameTree, what: &str) {
        let scene = Scene::of_tree(tree);
        let widest = widest(tree);
        let all: Vec<Vec<(&str, Rect)>> = scene
            .nodes
            .iter()
            .map(|n| node_items(tree, n, &widest))
            .collect();
        let frame = Rect {
            x0: 0.0,
            y0: 0.0,
            x1: scene.width,
            y1: scene.height,
        };
        for (i, items) in all.iter().enumerate() {
            let node = &scene.nodes[i];
            for &(kind, r) in items {
                assert!(
                    frame.holds(&r),
                    "{what}: {kind} of {} is cut off: {r:?} in {frame:?}",
                    node.label
                );
            }
            // The value inside the shape: a triangle at the value's middle line.
            let shape = items[0].1;
            let value = items.iter().find(|(k, _)| *k == "value").unwrap().1;
            match node.shape {
                Shape::Max | Shape::Min => {
                    let mid = (value.y0 + value.y1) / 2.0 - node.y;
                    let from_apex = if node.shape == Shape::Max {
                        mid + 24.0
                    } else {
                        24.0 - mid
                    };
                    let half = node.half_width * from_apex / 40.0;
                    assert!(
                        value.x1 - node.x <= half + 0.01,
                        "{what}: the value of {} leaves its triangle",
                        node.label
                    );
                }
                _ => assert!(
                    shape.holds(&value),
                    "{what}: the value of {} leaves its shape: {value:?} {shape:?}",
                    node.label
                ),
            }
            for (a, &(ka, ra)) in items.iter().enumerate() {
                for &(kb, rb) in &items[a + 1..] {
                    if (ka, kb) != ("shape", "value") {
                        assert!(
                            !clash(node, (ka, ra), node, (kb, rb)),
                            "{what}: {ka} and {kb} of {} overlap",
                            node.label
                        );
                    }
                }
            }
            for (j, others) in all.iter().enumerate().skip(i + 1) {
                let other = &scene.nodes[j];
                for &(ka, ra) in items {
                    for &(kb, rb) in others {
                        assert!(
                            !clash(node, (ka, ra), other, (kb, rb)),
                            "{what}: {ka} of {} and {kb} of {} overlap",
                            node.label,
                            other.label
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn nothing_drawn_overlaps_on_random_multi_player_trees() {
        for players in [3, 4] {
            for seed in 0..40 {
                let spec = arbor_game::RandomSpec {
                    depth: 2 + (seed % 3) as u32,
                    min_branching: 1,
                    max_branching: 3,
                    low: if seed % 2 == 0 { 0 } else { -99 },
                    high: if seed % 5 == 0 { 999 } else { 9 },
                    players,
                    seed,
                };
                let tree = spec.generate().unwrap();
                assert_nothing_overlaps(&tree, &format!("{players} players, seed {seed}"));
            }
        }
        let aima = GameTree::parse(
            "[[[(1,2,6),(4,2,3)],[(6,1,2),(7,4,1)]],[[(5,1,1),(1,5,2)],[(7,7,1),(5,4,5)]]]",
        )
        .unwrap();
        assert_nothing_overlaps(&aima, "the AIMA tree");
    }

    #[test]
    fn nothing_drawn_overlaps_on_random_two_player_trees() {
        for seed in 0..40 {
            let spec = arbor_game::RandomSpec {
                depth: 2 + (seed % 3) as u32,
                min_branching: 1,
                max_branching: 4,
                low: -999,
                high: if seed % 2 == 0 { 9 } else { 9999 },
                players: 2,
                seed,
            };
            let tree = spec.generate().unwrap();
            assert_nothing_overlaps(&tree, &format!("2 players, seed {seed}"));
        }
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
