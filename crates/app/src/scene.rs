//! What a drawn game tree looks like: positions in pixels, shapes, and what each node shows.
//! Built from a [`GameTree`] and its tidy [`arbor_layout`] layout; the SVG component only
//! draws it.

use std::rc::Rc;

use arbor_game::{GameTree, NodeId, Ratio};

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
    /// tree can show; see [`Metrics`]).
    pub half_width: f64,
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
            } else if tree.node(id).is_chance() {
                Shape::Chance
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
                    // Every word and mark below a node, the fold mark included.
                    bottom: (bottom + 6.0).max(MARGIN),
                },
                half_width: &|shape| metrics.half_width(shape),
            },
            collapsed,
        )
    }

    /// Places any tree, leaving out what lies below collapsed keys.
    pub fn build(tree: &TreeShape<'_>, collapsed: &dyn Fn(usize) -> bool) -> Scene {
        let count = tree.keys.len();
        // Key → position in `keys`: a table for keys up to a few times the count (the usual
        // case: a tree's own node numbers), a map otherwise.
        let largest = tree.keys.iter().copied().max().unwrap_or(0);
        let mut table = Vec::new();
        let mut map = std::collections::HashMap::new();
        if largest <= 4 * count + 16 {
            table = vec![usize::MAX; largest + 1];
            for (i, &k) in tree.keys.iter().enumerate() {
                table[k] = i;
            }
        } else {
            map.reserve(count);
            for (i, &k) in tree.keys.iter().enumerate() {
                map.insert(k, i);
            }
        }
        let local = |k: usize| match table.get(k) {
            Some(&i) if i != usize::MAX => Some(i),
            Some(_) => None,
            None => map.get(&k).copied(),
        };
        // Children in key order, as ranges of one list (no vector per node).
        let mut parent = vec![None; count];
        let mut starts = vec![0usize; count + 1];
        for (i, &k) in tree.keys.iter().enumerate().skip(1) {
            if let Some(p) = (tree.parent)(k).and_then(local) {
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
        let children = |i: usize| &kids[starts[i]..starts[i + 1]];
        let mut slot = vec![0u32; count];
        let mut size = vec![1usize; count];
        for i in (1..count).rev() {
            if let Some(p) = parent[i] {
                size[p] += size[i];
            }
        }
        // Visible nodes, breadth-first from the root; a node's drawn children are consecutive.
        let mut visible = Vec::with_capacity(count);
        let mut shown = arbor_layout::Ranges::default();
        if count > 0 {
            visible.push(0usize);
        }
        let mut head = 0;
        while head < visible.len() {
            let i = visible[head];
            let first = visible.len();
            for (n, &c) in children(i).iter().enumerate() {
                slot[c] = n as u32;
                if !collapsed(tree.keys[i]) {
                    visible.push(c);
                }
            }
            shown.ranges.push(first..visible.len());
            head += 1;
        }
        shown.kids = (0..visible.len()).collect();
        let mut index_of = vec![usize::MAX; count];
        for (k, &i) in visible.iter().enumerate() {
            index_of[i] = k;
        }
        let layout = arbor_layout::tidy(&shown);
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
                    x: tree.margins.x + layout.x[k] * tree.gap_x,
                    y: tree.margins.top + f64::from(layout.depth[k]) * tree.gap_y,
                    parent: parent[i].map(|p| index_of[p]),
                    hidden: if shown.ranges[k].is_empty() {
                        size[i] - 1
                    } else {
                        0
                    },
                    picture: tree.picture.and_then(|p| p(key)),
                    half_width: (tree.half_width)((tree.shape)(key)),
                }
            })
            .collect();
        let m = tree.margins;
        Scene::indexed(
            nodes,
            shown.ranges,
            2.0 * m.x + layout.width * tree.gap_x,
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

/// [`text_width`] of a value as [`show_value`] writes it, without writing it.
pub fn number_width(v: i32, size: f64) -> f64 {
    let digits = v.unsigned_abs().checked_ilog10().map_or(1, |d| d + 1) as f64;
    let sign = if v < 0 { 0.86 } else { 0.0 };
    (digits * 0.74 + sign) * size
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
    /// Half the width of the widest fold mark: a node that hides every other node.
    pub fold_half: f64,
}

impl Metrics {
    /// The metrics of a tree: from every value its leaves, evaluations and bounds can show
    /// (negated too, for the negamax form), and ±∞.
    pub fn of(tree: &GameTree) -> Metrics {
        // Values come from the leaves (and evaluations), negated too; a value's width grows
        // with its digits and sign, so the extremes are the widest. A vector's width is its
        // parts'. The window's ends may also be ±∞.
        let (mut low, mut high) = (0i32, 0i32);
        let mut vectors = 0.0f64;
        let comma = text_width(",", type_size::VECTOR, false);
        for n in tree.nodes() {
            if tree.players() > 2 && !n.payoff.is_empty() {
                let parts: f64 = n
                    .payoff
                    .iter()
                    .map(|&v| number_width(v, type_size::VECTOR))
                    .sum();
                let punctuation = text_width("()", type_size::VECTOR, false)
                    + comma * (n.payoff.len() as f64 - 1.0);
                vectors = vectors.max(parts + punctuation);
            } else {
                for &v in n.payoff.iter().chain(&n.eval) {
                    low = low.min(v).min(v.saturating_neg());
                    high = high.max(v).max(v.saturating_neg());
                }
            }
        }
        let values = [low, high];
        // Expected values are shown with two decimals (−12.67).
        let decimals = if tree.has_chance() { ".00" } else { "" };
        let scalar = values
            .iter()
            .map(|&v| {
                text_width(
                    &format!("≥{}{decimals}", show_value(v)),
                    type_size::VALUE,
                    false,
                )
            })
            .fold(0.0, f64::max);
        let window_width = values
            .iter()
            .chain(&[arbor_game::INF, -arbor_game::INF])
            .map(|&v| {
                text_width(
                    &format!("α {}{decimals}", show_value(v)),
                    type_size::WINDOW,
                    true,
                )
            })
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
            fold_half: fold_mark(tree.len().saturating_sub(1), 0.0).badge.2 / 2.0,
        }
    }

    /// Half the width of a shape: the value fits inside (a triangle at the middle of the
    /// value's line, where the value sits).
    pub fn half_width(&self, shape: Shape) -> f64 {
        match shape {
            Shape::Leaf => (self.value_half + 5.0).max(17.0),
            Shape::Player(_) | Shape::Chance => (self.value_half + 9.0).max(21.0),
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
            &[Shape::Leaf, Shape::Max, Shape::Min, Shape::Chance]
        };
        let picture = if pictures { 40.0 } else { 0.0 };
        let words = [
            self.window_width / 2.0,
            self.tag_width / 2.0,
            picture,
            self.fold_half,
        ];
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
        let down = text_span(below, type_size::WINDOW)
            .1
            .max(fold_top(pictures) + FOLD_HEIGHT);
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

/// Baseline of the first line of (α, β), below the node (and its picture and fold mark, if
/// any: a folded node shows its window when the search is inside it).
pub fn window_below(pictures: bool) -> f64 {
    if pictures {
        fold_top(true) + FOLD_HEIGHT + 1.0 + 0.8 * type_size::WINDOW
    } else {
        37.0
    }
}

/// How far below a game node's centre the picture of its position starts.
pub const PICTURE_TOP: f64 = 24.0;
/// A cell of connect four's picture (7 × 6 cells).
pub const C4_CELL: f64 = 6.0;
/// A cell of tic-tac-toe's picture (3 × 3 cells).
pub const TTT_CELL: f64 = 11.0;
/// Nim's picture: one row per pile, then the sizes in words at this type size.
pub const NIM_ROW: f64 = 6.0;
/// The type size of Nim's picture's words.
pub const NIM_TEXT: f64 = 10.0;

/// The box a node's picture fills, from the node's centre: (left, top, right, bottom).
pub fn picture_box(p: &GamePicture) -> (f64, f64, f64, f64) {
    let (w, h) = match p {
        GamePicture::TicTacToe { .. } => (3.0 * TTT_CELL, 3.0 * TTT_CELL),
        GamePicture::Connect4(_) => (7.0 * C4_CELL, 6.0 * C4_CELL),
        GamePicture::Nim(piles) => {
            let words: Vec<String> = piles.iter().map(|p| p.to_string()).collect();
            let widest = piles
                .iter()
                .map(|&n| f64::from(n) * 3.0)
                .fold(0.0, f64::max);
            let baseline = piles.len() as f64 * NIM_ROW + 9.0;
            (
                widest.max(text_width(&words.join(" · "), NIM_TEXT, false)),
                text_span(baseline, NIM_TEXT).1,
            )
        }
    };
    (-w / 2.0, PICTURE_TOP, w / 2.0, PICTURE_TOP + h)
}

/// The type size of a folded node's count, as `style.css` sets it.
pub const FOLD_TEXT: f64 = 11.0;
/// The height of a folded node's badge.
pub const FOLD_HEIGHT: f64 = 14.0;
/// The bottom of the tallest picture of a position (connect four's, 6 cells; tic-tac-toe's and
/// Nim's, up to four piles, end above it).
pub const PICTURES_BOTTOM: f64 = PICTURE_TOP + 6.0 * C4_CELL;

/// Where a folded node's mark is drawn, from the node's centre: a badge, as wide as its words,
/// holding a small triangle (the subtree folded away) and how many nodes the fold hides,
/// centred under the node — or, in a tree with pictures of positions, under the picture, which
/// would hide it.
#[derive(Clone, Debug, PartialEq)]
pub struct FoldMark {
    /// The badge: left, top, width, height.
    pub badge: (f64, f64, f64, f64),
    /// The triangle's corners, in the badge's left end.
    pub triangle: [(f64, f64); 3],
    /// The count: `+7114`.
    pub text: String,
    /// The middle of the count (it is drawn centred there) and its baseline.
    pub text_at: (f64, f64),
}

/// How far below a node's centre its fold mark starts: under the node's shape (the old
/// triangle's place), or under the picture of its position.
pub fn fold_top(pictures: bool) -> f64 {
    if pictures {
        PICTURES_BOTTOM + 2.0
    } else {
        26.0
    }
}

/// The mark of a node whose fold hides `hidden` nodes, its top `top` below the node's centre
/// ([`fold_top`]). Its width comes from the count's digits ([`text_width`], generous), so
/// the count always fits.
pub fn fold_mark(hidden: usize, top: f64) -> FoldMark {
    const PAD: f64 = 4.0;
    const TRIANGLE: f64 = 8.0;
    const GAP: f64 = 3.0;
    let text = format!("+{hidden}");
    let words = text_width(&text, FOLD_TEXT, false);
    let width = PAD + TRIANGLE + GAP + words + PAD;
    let left = -width / 2.0;
    let t = left + PAD;
    FoldMark {
        badge: (left, top, width, FOLD_HEIGHT),
        triangle: [
            (t, top + 4.0),
            (t + TRIANGLE, top + 4.0),
            (t + TRIANGLE / 2.0, top + FOLD_HEIGHT - 4.0),
        ],
        text,
        text_at: (t + TRIANGLE + GAP + words / 2.0, top + 10.5),
    }
}

/// Baseline of a node's value, from its centre: where its shape is wide enough.
pub fn value_baseline(shape: Shape) -> f64 {
    match shape {
        Shape::Max => 10.0,
        Shape::Min => -3.0,
        Shape::Player(_) | Shape::Chance => 5.0,
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
        Shape::Player(_) | Shape::Chance => (-21.0, 21.0),
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
        Shape::Player(_) | Shape::Chance => (21.0, 21.0),
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

/// The nodes' labels in a sentence ("B, C and D"); the stepper's and the chance page's captions use it.
pub fn labels(tree: &arbor_game::GameTree, ids: &[arbor_game::NodeId]) -> String {
    let names: Vec<&str> = ids.iter().map(|&id| tree.node(id).label.as_str()).collect();
    arbor_util::and_list(&names)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 33: in the tree behind a connect-four move a folded node's count ("+7114") was
    /// drawn from the node's centre rightwards, under the picture of its position, which hid
    /// its first characters ("14" showed). For every count up to a million: the count lies on
    /// its badge, beside the triangle; the badge lies under every picture and above the
    /// window (α, β) drawn below them, within the room the layout leaves below a node.
    #[test]
    fn a_folded_count_is_drawn_whole() {
        let pictures = [
            GamePicture::Connect4(vec![1; 42]),
            GamePicture::TicTacToe {
                cells: [1; 9],
                o_first: false,
            },
            GamePicture::Nim(vec![9]),
            GamePicture::Nim(vec![3, 4, 5, 12]),
        ];
        let boxes: Vec<_> = pictures.iter().map(picture_box).collect();
        let window_top = text_span(window_below(true), type_size::WINDOW).0;
        for with_pictures in [false, true] {
            let top = fold_top(with_pictures);
            for n in 1..=1_000_000usize {
                let m = fold_mark(n, top);
                let (left, top, width, height) = m.badge;
                let words = text_width(&m.text, FOLD_TEXT, false);
                let (above, below) = text_span(m.text_at.1, FOLD_TEXT);
                let (start, end) = (m.text_at.0 - words / 2.0, m.text_at.0 + words / 2.0);
                let triangle_end = m.triangle.iter().map(|p| p.0).fold(f64::MIN, f64::max);
                assert!(
                    start > triangle_end && end < left + width,
                    "{} runs past its badge",
                    m.text
                );
                assert!(above > top && below < top + height, "{}", m.text);
                assert!(m
                    .triangle
                    .iter()
                    .all(|&(x, y)| x > left && y > top && y < top + height));
                if with_pictures {
                    for b in &boxes {
                        assert!(top > b.3, "{} on the picture {b:?}", m.text);
                    }
                    assert!(top + height < window_top, "{} on the window", m.text);
                }
            }
        }
        // The layout leaves room for the widest mark a tree can have (one that hides every
        // other node) beside its neighbour's, and below the lowest level.
        let leaves = (0..3000).map(|i| (i % 19).to_string()).collect::<Vec<_>>();
        let text = format!(
            "[{}]",
            leaves
                .chunks(1000)
                .map(|c| format!("[{}]", c.join(",")))
                .collect::<Vec<_>>()
                .join(",")
        );
        let tree = GameTree::parse(&text).unwrap();
        let pictures: Vec<Rc<GamePicture>> = (0..tree.len())
            .map(|_| Rc::new(GamePicture::Connect4(vec![0; 42])))
            .collect();
        let scene = Scene::of_game(&tree, &|k| k != 0, &pictures);
        let children = &scene.nodes[scene.children[0].clone()];
        assert_eq!(children.len(), 3);
        for pair in children.windows(2) {
            assert_eq!(pair[0].hidden, 1000);
            let (a, b) = (
                fold_mark(pair[0].hidden, 0.0),
                fold_mark(pair[1].hidden, 0.0),
            );
            assert!(pair[1].x - pair[0].x > (a.badge.2 + b.badge.2) / 2.0);
        }
        let lowest = children[0].y + fold_top(true) + FOLD_HEIGHT;
        assert!(
            lowest < scene.height,
            "{lowest} below the drawing ({})",
            scene.height
        );
    }

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
                    chance: false,
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
                chance: false,
            };
            let tree = spec.generate().unwrap();
            assert_nothing_overlaps(&tree, &format!("2 players, seed {seed}"));
        }
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

    #[test]
    fn a_number_is_as_wide_as_its_text() {
        for v in [0, 7, -7, 10, -99, 1234, 1_000_000, -999_999] {
            let written = text_width(&show_value(v), 15.0, false);
            assert!((number_width(v, 15.0) - written).abs() < 1e-9, "{v}");
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
    /// An expected value (or a bound on it), exact.
    Fraction(Ratio, Relation),
    /// Words of the page's own: an MCTS node's reward and visits, `2.5/4`.
    Text(Rc<str>),
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
            Shown::Fraction(v, r) => Some(format!(
                "{}{}",
                match r {
                    Relation::Exact => "",
                    Relation::AtLeast => "≥",
                    Relation::AtMost => "≤",
                },
                decimal(*v)
            )),
            Shown::Text(t) => Some(t.to_string()),
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
            Shown::Fraction(v, _) => Some(v.to_string()),
            Shown::Text(t) => Some(t.to_string()),
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
    /// (α, β) of a search with exact fractions (expectiminimax with bounds), while open; `None`
    /// in a window is ∓∞.
    pub fraction_window: Option<arbor_game::Window>,
}

/// An expected value for a node: a whole number as it is, otherwise to two decimals (`2.1`,
/// `2.33`, `−0.5`), with the minus sign of [`show_value`].
pub fn decimal(v: Ratio) -> String {
    let text = v.decimals(2).unwrap_or_else(|| v.to_string());
    match text.strip_prefix('-') {
        Some(rest) => format!("−{rest}"),
        None => text,
    }
}

/// A window's end in a `data-` attribute, as [`data_value`] writes one: the exact fraction,
/// `-inf` or `+inf`.
pub fn fraction_data(v: Option<Ratio>, low: bool) -> String {
    match v {
        Some(v) => v.to_string(),
        None if low => "-inf".into(),
        None => "+inf".into(),
    }
}

/// A window's end: `α 2.33`, with −∞ or +∞ for `None`.
pub fn fraction_end(v: Option<Ratio>, low: bool) -> String {
    match v {
        Some(v) => decimal(v),
        None if low => "−∞".into(),
        None => "+∞".into(),
    }
}
