//! A tree placed: its nodes in pixels, breadth-first, and the indexes that find them by place,
//! by path and by key.

use std::rc::Rc;

use super::{GamePicture, Rect};

/// Horizontal distance between neighbouring nodes, in pixels.
pub const GAP_X: f64 = 62.0;
/// Vertical distance between levels, in pixels, at least (a level's words sit beside its
/// nodes, so this is the room for edges: short enough that a small frame shows a deep node
/// with the root above it, readable).
pub const GAP_Y: f64 = 72.0;
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
    /// A chance node: a circle.
    Chance,
}

impl Shape {
    /// The CSS class of the shape.
    pub fn class(self) -> &'static str {
        match self {
            Shape::Max => "max",
            Shape::Min => "min",
            Shape::Player(_) => "player",
            Shape::Leaf => "leaf",
            Shape::Chance => "chance",
        }
    }
}

/// One node, placed.
#[derive(Clone, Debug, PartialEq)]
pub struct SceneNode {
    /// The node's key: its index in the tree it was built from (and in the marks).
    pub key: usize,
    /// Its place among its parent's children (0 for the first; 0 for the root): with the
    /// parents', its path ([`Scene::path`]).
    pub slot: u32,
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
    /// tree can show; see [`Metrics`](super::Metrics)).
    pub half_width: f64,
    /// What is written on the edge from its parent: a chance node's child's probability.
    pub note: Option<Rc<str>>,
}

/// A whole tree, placed.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// The drawn nodes, breadth-first: parents before children, each level left to right.
    pub nodes: Vec<SceneNode>,
    /// Drawing width in pixels.
    pub width: f64,
    /// Drawing height in pixels.
    pub height: f64,
    /// Each node's children: consecutive in breadth-first order, so a range of `nodes`.
    pub children: Vec<std::ops::Range<usize>>,
    /// Each level's nodes (a range of `nodes`, left to right).
    pub levels: Vec<std::ops::Range<usize>>,
    /// Where each key is drawn (an index into `nodes`), for keys below collapsed nodes `None`.
    pub index_of_key: Vec<Option<u32>>,
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
    /// Horizontal distance between neighbours, in pixels: the least, if `spread` is given.
    pub gap_x: f64,
    /// How far a key's drawing reaches left and right of its centre: the gap is then the least
    /// that keeps every two neighbours on a level apart, with room between.
    pub spread: Option<&'a dyn Fn(usize) -> (f64, f64)>,
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

/// Room between the drawings of two neighbours on a level, in pixels.
const BETWEEN: f64 = 10.0;

/// The least horizontal gap (pixels per layout unit) that keeps every two neighbours on a level
/// of `layout` (whose nodes are `visible`, indexes into `keys`) at least [`BETWEEN`] apart.
fn needed_gap(
    layout: &arbor_layout::Layout,
    visible: &[usize],
    keys: &[usize],
    spread: &dyn Fn(usize) -> (f64, f64),
) -> f64 {
    let mut gap: f64 = 0.0;
    // The visible nodes are breadth-first: each level's left to right.
    for k in 1..visible.len() {
        if layout.depth[k] != layout.depth[k - 1] {
            continue;
        }
        let units = layout.x[k] - layout.x[k - 1];
        if units > 0.0 {
            let (_, right) = spread(keys[visible[k - 1]]);
            let (left, _) = spread(keys[visible[k]]);
            gap = gap.max((right + left + BETWEEN) / units);
        }
    }
    gap
}

impl Scene {
    /// Places any tree, leaving out what lies below collapsed keys.
    pub fn build(tree: &TreeShape<'_>, collapsed: &dyn Fn(usize) -> bool) -> Scene {
        let family = Family::of(tree);
        let size = family.sizes();
        let Visible {
            order: visible,
            shown,
            slot,
        } = Visible::of(tree.keys, &family, collapsed);
        let mut index_of = vec![usize::MAX; tree.keys.len()];
        for (k, &i) in visible.iter().enumerate() {
            index_of[i] = k;
        }
        let layout = arbor_layout::tidy(&shown);
        let gap_x = match tree.spread {
            Some(spread) => needed_gap(&layout, &visible, tree.keys, spread).max(tree.gap_x),
            None => tree.gap_x,
        };
        // Across: with each node's reach known, the drawing runs from the leftmost reach to
        // the rightmost, `margins.x` beyond each; else `margins.x` beyond the outer centres.
        let (left_edge, right_edge) = match tree.spread {
            Some(spread) => visible.iter().enumerate().fold(
                (f64::INFINITY, f64::NEG_INFINITY),
                |(lo, hi), (k, &i)| {
                    let (l, r) = spread(tree.keys[i]);
                    let x = layout.x[k] * gap_x;
                    (lo.min(x - l), hi.max(x + r))
                },
            ),
            None => (0.0, layout.width * gap_x),
        };
        let nodes = visible
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let key = tree.keys[i];
                SceneNode {
                    key,
                    slot: slot[i],
                    label: Rc::from((tree.label)(key).as_str()),
                    shape: (tree.shape)(key),
                    x: tree.margins.x - left_edge + layout.x[k] * gap_x,
                    y: tree.margins.top + f64::from(layout.depth[k]) * tree.gap_y,
                    parent: family.parent[i].map(|p| index_of[p]),
                    hidden: if shown.ranges[k].is_empty() {
                        size[i] - 1
                    } else {
                        0
                    },
                    picture: tree.picture.and_then(|p| p(key)),
                    half_width: (tree.half_width)((tree.shape)(key)),
                    note: None,
                }
            })
            .collect();
        let m = tree.margins;
        Scene::indexed(
            nodes,
            shown.ranges,
            2.0 * m.x + right_edge - left_edge,
            m.top + m.bottom + f64::from(layout.height) * tree.gap_y,
        )
    }

    /// A scene of breadth-first `nodes` (`shown[i]`: node `i`'s drawn children), with the
    /// indexes that find nodes by place and by key.
    fn indexed(
        nodes: Vec<SceneNode>,
        children: Vec<std::ops::Range<usize>>,
        width: f64,
        height: f64,
    ) -> Scene {
        let mut levels: Vec<std::ops::Range<usize>> = Vec::new();
        let mut depth_of = vec![0usize; nodes.len()];
        for (i, n) in nodes.iter().enumerate() {
            let d = n.parent.map_or(0, |p| depth_of[p] + 1);
            depth_of[i] = d;
            if levels.len() <= d {
                levels.push(i..i);
            }
            levels[d].end = i + 1;
        }
        let keys = nodes.iter().map(|n| n.key + 1).max().unwrap_or(0);
        let mut index_of_key = vec![None; keys];
        for (i, n) in nodes.iter().enumerate() {
            index_of_key[n.key] = Some(i as u32);
        }
        Scene {
            nodes,
            width,
            height,
            children,
            levels,
            index_of_key,
        }
    }

    /// The nodes whose centre lies in `rect` grown by `pad` on every side, level by level, left
    /// to right: a binary search per level, so it costs what it finds.
    pub fn within(&self, rect: &Rect, pad: f64) -> Vec<usize> {
        let mut out = Vec::new();
        for level in &self.levels {
            let Some(first) = self.nodes.get(level.start) else {
                continue;
            };
            if first.y < rect.y0 - pad || first.y > rect.y1 + pad {
                continue;
            }
            let row = &self.nodes[level.clone()];
            let from = row.partition_point(|n| n.x < rect.x0 - pad);
            let to = row.partition_point(|n| n.x <= rect.x1 + pad);
            out.extend(level.start + from..level.start + to.max(from));
        }
        out
    }

    /// The path from the root of the node at index `i`: `r`, `r.0`, `r.0.2`, … — what
    /// `data-node` holds.
    pub fn path(&self, i: usize) -> String {
        let mut slots = Vec::new();
        let mut at = i;
        while let Some(p) = self.nodes[at].parent {
            slots.push(self.nodes[at].slot);
            at = p;
        }
        let mut out = String::from("r");
        for s in slots.iter().rev() {
            out.push('.');
            out.push_str(&s.to_string());
        }
        out
    }

    /// The node the arrow keys move to from the node at index `at`: ↑ its parent, ↓ its first
    /// child, ← → its neighbours, Home the root (`None`: no such node, or not a moving key).
    pub fn key_step(&self, at: usize, key: &str) -> Option<usize> {
        let parent = self.nodes[at].parent;
        let siblings = parent.map(|p| self.children[p].clone());
        match key {
            "ArrowUp" => parent,
            "ArrowDown" => Some(self.children[at].start).filter(|_| !self.children[at].is_empty()),
            "ArrowLeft" => siblings.filter(|r| at > r.start).map(|_| at - 1),
            "ArrowRight" => siblings.filter(|r| at + 1 < r.end).map(|_| at + 1),
            "Home" => Some(0),
            _ => None,
        }
    }

    /// Whether a key moves between nodes ([`Scene::key_step`]).
    pub fn is_step_key(key: &str) -> bool {
        matches!(
            key,
            "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" | "Home"
        )
    }

    /// The node at `path` (`r`, `r.0`, `r.0.2`, …), if it is drawn.
    pub fn find(&self, path: &str) -> Option<usize> {
        let mut parts = path.split('.');
        if parts.next()? != "r" || self.nodes.is_empty() {
            return None;
        }
        let mut at = 0usize;
        for part in parts {
            let k: usize = part.parse().ok()?;
            let range = self.children.get(at)?;
            at = range.start + k;
            if at >= range.end {
                return None;
            }
        }
        Some(at)
    }
}

/// Where each key stands in a tree's list of keys: a table for keys up to a few times the
/// count (the usual case: a tree's own node numbers), a map otherwise.
struct KeyPositions {
    /// Position by key (`usize::MAX`: not a key), when keys are small.
    table: Vec<usize>,
    /// Position by key, when keys are large.
    map: std::collections::HashMap<usize, usize>,
}

impl KeyPositions {
    /// The positions of `keys`.
    fn of(keys: &[usize]) -> KeyPositions {
        let count = keys.len();
        let largest = keys.iter().copied().max().unwrap_or(0);
        let mut table = Vec::new();
        let mut map = std::collections::HashMap::new();
        if largest <= 4 * count + 16 {
            table = vec![usize::MAX; largest + 1];
            for (i, &k) in keys.iter().enumerate() {
                table[k] = i;
            }
        } else {
            map.reserve(count);
            for (i, &k) in keys.iter().enumerate() {
                map.insert(k, i);
            }
        }
        KeyPositions { table, map }
    }

    /// The position of key `k`, if it is one of the keys.
    fn get(&self, k: usize) -> Option<usize> {
        match self.table.get(k) {
            Some(&i) if i != usize::MAX => Some(i),
            Some(_) => None,
            None => self.map.get(&k).copied(),
        }
    }
}

/// A tree's parents and children by position in its keys: each node's children in key order,
/// as ranges of one list (no vector per node).
struct Family {
    /// Each node's parent.
    parent: Vec<Option<usize>>,
    /// Where each node's children start in `kids` (and, one further, end).
    starts: Vec<usize>,
    /// Every node's children, node after node.
    kids: Vec<usize>,
}

impl Family {
    /// The parents and children of `tree`'s keys.
    fn of(tree: &TreeShape<'_>) -> Family {
        let count = tree.keys.len();
        let positions = KeyPositions::of(tree.keys);
        let mut parent = vec![None; count];
        let mut starts = vec![0usize; count + 1];
        for (i, &k) in tree.keys.iter().enumerate().skip(1) {
            if let Some(p) = (tree.parent)(k).and_then(|p| positions.get(p)) {
                parent[i] = Some(p);
                starts[p + 1] += 1;
            }
        }
        for i in 0..count {
            starts[i + 1] += starts[i];
        }
        let mut kids = vec![0usize; starts[count]];
        let mut fill = starts.clone();
        for (i, p) in parent.iter().enumerate() {
            if let Some(p) = *p {
                kids[fill[p]] = i;
                fill[p] += 1;
            }
        }
        Family {
            parent,
            starts,
            kids,
        }
    }

    /// The children of the node at position `i`.
    fn children(&self, i: usize) -> &[usize] {
        &self.kids[self.starts[i]..self.starts[i + 1]]
    }

    /// How many nodes each node's subtree holds, itself included.
    fn sizes(&self) -> Vec<usize> {
        let mut size = vec![1usize; self.parent.len()];
        for i in (1..self.parent.len()).rev() {
            if let Some(p) = self.parent[i] {
                size[p] += size[i];
            }
        }
        size
    }
}

/// The nodes drawn, breadth-first from the root; a node's drawn children are consecutive.
struct Visible {
    /// The drawn nodes' positions in the keys, in drawing order.
    order: Vec<usize>,
    /// Each drawn node's drawn children, as ranges of `order`.
    shown: arbor_layout::Ranges,
    /// Each node's place among its parent's children.
    slot: Vec<u32>,
}

impl Visible {
    /// The nodes of `family` not below a collapsed key.
    fn of(keys: &[usize], family: &Family, collapsed: &dyn Fn(usize) -> bool) -> Visible {
        let count = keys.len();
        let mut slot = vec![0u32; count];
        let mut order = Vec::with_capacity(count);
        let mut shown = arbor_layout::Ranges::default();
        if count > 0 {
            order.push(0usize);
        }
        let mut head = 0;
        while head < order.len() {
            let i = order[head];
            let first = order.len();
            for (n, &c) in family.children(i).iter().enumerate() {
                slot[c] = n as u32;
                if !collapsed(keys[i]) {
                    order.push(c);
                }
            }
            shown.ranges.push(first..order.len());
            head += 1;
        }
        shown.kids = (0..order.len()).collect();
        Visible { order, shown, slot }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbor_game::{GameTree, NodeId};

    #[test]
    fn arrows_lead_to_the_parent_first_child_and_neighbours() {
        let tree = GameTree::parse("[[1,2],[3,4,5],6]").unwrap();
        let scene = Scene::of_tree(&tree);
        let at = |path: &str| scene.find(path).unwrap();
        let go = |path: &str, key: &str| scene.key_step(at(path), key).map(|n| scene.path(n));
        assert_eq!(go("r", "ArrowUp"), None);
        assert_eq!(go("r", "ArrowDown").as_deref(), Some("r.0"));
        assert_eq!(go("r.1.2", "ArrowUp").as_deref(), Some("r.1"));
        assert_eq!(go("r.1.1", "ArrowLeft").as_deref(), Some("r.1.0"));
        assert_eq!(go("r.1.0", "ArrowLeft"), None);
        assert_eq!(go("r.1.1", "ArrowRight").as_deref(), Some("r.1.2"));
        assert_eq!(go("r.1.2", "ArrowRight"), None);
        assert_eq!(go("r.2", "ArrowDown"), None, "a leaf has no child");
        assert_eq!(go("r.1.1", "Home").as_deref(), Some("r"));
        assert_eq!(go("r.1.1", "a"), None);
        assert!(Scene::is_step_key("Home") && !Scene::is_step_key("Enter"));
    }

    #[test]
    fn seed_tree_scene() {
        let tree = GameTree::parse("[[[-1,4],[2,6]],[[-3,-5],[0,7]]]").unwrap();
        let scene = Scene::of_tree(&tree);
        assert_eq!(scene.nodes.len(), 15);
        assert_eq!(scene.nodes[0].shape, Shape::Max);
        assert_eq!(scene.nodes[1].shape, Shape::Min);
        assert_eq!(scene.nodes[14].shape, Shape::Leaf);
        assert_eq!(scene.path(13), "r.1.1.0");
        for (i, node) in scene.nodes.iter().enumerate() {
            assert_eq!(
                tree.find_path(&scene.path(i)),
                Some(NodeId(node.key as u32))
            );
            assert!(node.x - node.half_width >= 0.0 && node.x + node.half_width <= scene.width);
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
    /// Finding nodes by place and by path gives what a scan of every node gives.
    #[test]
    fn nodes_are_found_by_place_and_path() {
        for seed in 0..20 {
            let tree = arbor_game::RandomSpec {
                depth: 3 + (seed % 3) as u32,
                min_branching: 1,
                max_branching: 4,
                seed,
                ..Default::default()
            }
            .generate()
            .unwrap();
            let scene = Scene::of_visible(&tree, &|k| k % 7 == 3);
            for (i, n) in scene.nodes.iter().enumerate() {
                assert_eq!(scene.find(&scene.path(i)), Some(i), "{}", scene.path(i));
                assert_eq!(Some(NodeId(n.key as u32)), tree.find_path(&scene.path(i)));
                assert_eq!(scene.index_of_key[n.key], Some(i as u32));
                for c in scene.children[i].clone() {
                    assert_eq!(scene.nodes[c].parent, Some(i));
                }
            }
            assert_eq!(scene.find("r.99"), None);
            let mut rng = arbor_util::SplitMix64(seed);
            for _ in 0..20 {
                let x0 = rng.range(-100, scene.width as i64) as f64;
                let y0 = rng.range(-100, scene.height as i64) as f64;
                let rect = Rect {
                    x0,
                    y0,
                    x1: x0 + rng.range(0, 600) as f64,
                    y1: y0 + rng.range(0, 400) as f64,
                };
                let pad = 10.0;
                let scan: Vec<usize> = (0..scene.nodes.len())
                    .filter(|&i| {
                        let n = &scene.nodes[i];
                        n.x >= rect.x0 - pad
                            && n.x <= rect.x1 + pad
                            && n.y >= rect.y0 - pad
                            && n.y <= rect.y1 + pad
                    })
                    .collect();
                assert_eq!(scene.within(&rect, pad), scan);
            }
        }
    }
}
