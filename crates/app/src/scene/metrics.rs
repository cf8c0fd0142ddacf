//! How big a game tree's nodes are drawn, and how much room the words around them need.

use arbor_game::GameTree;

use super::{
    fold_mark, fold_top, number_width, shape_reach, show_value, side_offset, text_span, text_width,
    type_size, Shape, FOLD_HEIGHT, PICTURES_BOTTOM, STROKE, WINDOW_BASELINE, WINDOW_LINE,
};

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
    /// Half the width of the widest value a leaf shows (its own: never a bound or a mean).
    pub leaf_half: f64,
}

/// The extremes of the values a tree's nodes can show, and its widest utility vector.
struct Ranges {
    low: i32,
    high: i32,
    leaf_low: i32,
    leaf_high: i32,
    vectors: f64,
}

impl Ranges {
    fn of(tree: &GameTree) -> Ranges {
        // Values come from the leaves (and evaluations), negated too; a value's width grows
        // with its digits and sign, so the extremes are the widest. A vector's width is its
        // parts'.
        let mut r = Ranges {
            low: 0,
            high: 0,
            leaf_low: 0,
            leaf_high: 0,
            vectors: 0.0,
        };
        // Chance trees have no negamax form: their values are never negated.
        let negated = |v: i32| {
            if tree.has_chance() {
                v
            } else {
                v.saturating_neg()
            }
        };
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
                r.vectors = r.vectors.max(parts + punctuation);
            } else {
                for &v in n.payoff.iter().chain(&n.eval) {
                    r.low = r.low.min(v).min(negated(v));
                    r.high = r.high.max(v).max(negated(v));
                }
                for &v in &n.payoff {
                    r.leaf_low = r.leaf_low.min(v).min(negated(v));
                    r.leaf_high = r.leaf_high.max(v).max(negated(v));
                }
            }
        }
        r
    }
}

impl Metrics {
    /// The metrics of a tree: from every value its leaves, evaluations and bounds can show
    /// (negated too, for the negamax form), and ±∞.
    pub fn of(tree: &GameTree) -> Metrics {
        let Ranges {
            low,
            high,
            leaf_low,
            leaf_high,
            vectors,
        } = Ranges::of(tree);
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
            leaf_half: vectors.max(
                number_width(leaf_low, type_size::VALUE)
                    .max(number_width(leaf_high, type_size::VALUE)),
            ) / 2.0,
        }
    }

    /// Half the width of a shape: the value fits inside (a triangle at the middle of the
    /// value's line, where the value sits).
    pub fn half_width(&self, shape: Shape) -> f64 {
        match shape {
            Shape::Leaf => (self.leaf_half + 5.0).max(17.0),
            Shape::Player(_) | Shape::Chance => (self.value_half + 9.0).max(21.0),
            // The triangles are 40 high; the value's middle line is 28.5 from the apex.
            Shape::Max | Shape::Min => ((self.value_half + 1.5) * 40.0 / 28.5).max(24.0),
        }
    }

    /// How far one node's drawing reaches left and right of its centre, with every word it can
    /// show at its widest: its name on the left (and the table note above it, for an inner
    /// node); on the right (α, β) or whose turn it is, for an inner node; below, its picture
    /// and fold mark.
    pub fn spread(&self, shape: Shape, pictures: bool) -> (f64, f64) {
        let half = self.half_width(shape);
        let side = side_offset(half);
        let outline = half + STROKE;
        let below = [if pictures { 40.0 } else { 0.0 }, self.fold_half]
            .into_iter()
            .fold(0.0, f64::max);
        let mut left = outline.max(side + self.label_width).max(below);
        let mut right = outline.max(below);
        if shape != Shape::Leaf {
            left = left.max(side + text_width("TT", type_size::SMALL, false));
            right = right.max(side + self.window_width.max(self.tag_width));
        }
        (left, right)
    }

    /// How far a node's drawing reaches from its centre — (left, right, up, down) — with every
    /// word it can show at its widest, whatever its shape. `pictures`: the node carries its
    /// position's picture.
    pub fn extents(&self, pictures: bool) -> (f64, f64, f64, f64) {
        let shapes: &[Shape] = if self.tag_width > 0.0 {
            &[Shape::Leaf, Shape::Player(0)]
        } else {
            &[Shape::Leaf, Shape::Max, Shape::Min, Shape::Chance]
        };
        let (mut left, mut right, mut up, mut down) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
        for &s in shapes {
            let (l, r) = self.spread(s, pictures);
            let (u, d) = shape_reach(s);
            (left, right, up, down) = (left.max(l), right.max(r), up.max(u), down.max(d));
        }
        // The words beside a node lie within its outline's height; below it, its picture and
        // its fold mark, where the tree has them (metrics with no fold: a tree never folded).
        let (_, words_down) = text_span(WINDOW_BASELINE + WINDOW_LINE, type_size::WINDOW);
        let mut down = down.max(words_down);
        if pictures {
            down = down.max(PICTURES_BOTTOM);
        }
        if self.fold_half > 0.0 {
            down = down.max(fold_top(pictures) + FOLD_HEIGHT);
        }
        (left, right, up, down)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::*;
    use arbor_game::NodeId;

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
            let (x, y) = tag_place(node);
            items.push(("tag", text_box(&tag, x, y, type_size::SMALL, false, 1)));
        }
        if tree.players() == 2 && !t.is_leaf() {
            let (x, first) = window_place(node);
            for (i, line) in [&widest.alpha, &widest.beta].into_iter().enumerate() {
                let y = first + i as f64 * WINDOW_LINE;
                items.push(("window", text_box(line, x, y, type_size::WINDOW, true, 1)));
            }
            // The table's note: the chance stepper has no table.
            if !tree.has_chance() {
                let (x, y) = note_place(node);
                items.push(("note", text_box("TT", x, y, type_size::SMALL, false, -1)));
            }
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
            } else if tree.has_chance() {
                values.extend(n.payoff.iter().copied());
            } else {
                values.extend(n.payoff.iter().flat_map(|&v| [v, -v]));
            }
        }
        // A chance tree's means are written with two decimals.
        let decimals = if tree.has_chance() { ".00" } else { "" };
        Widest {
            scalar: pick(
                values
                    .iter()
                    .map(|&v| format!("≥{}{decimals}", show_value(v)))
                    .collect(),
                type_size::VALUE,
                false,
            ),
            vector: pick(vectors, type_size::VECTOR, false),
            alpha: pick(
                values
                    .iter()
                    .chain(&[arbor_game::INF, -arbor_game::INF])
                    .map(|&v| format!("α {}{decimals}", show_value(v)))
                    .collect(),
                type_size::WINDOW,
                true,
            ),
            beta: pick(
                values
                    .iter()
                    .chain(&[arbor_game::INF, -arbor_game::INF])
                    .map(|&v| format!("β {}{decimals}", show_value(v)))
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
            .map(|n| {
                let mut items = node_items(tree, n, &widest);
                // The probability on the edge into it, if its parent is a chance node.
                if let (Some(note), Some(p)) = (&n.note, n.parent) {
                    let (x, baseline) = edge_note_place(&scene.nodes[p], n);
                    items.push((
                        "probability",
                        text_box(note, x, baseline, type_size::SMALL, false, 0),
                    ));
                }
                items
            })
            .collect();
        assert_edges_clear(&scene, &all, what);
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

    /// True if the segment from `a` to `b` passes through `r`.
    fn crosses(a: (f64, f64), b: (f64, f64), r: &Rect) -> bool {
        // Clipped against the rectangle's slab on each axis (Liang–Barsky).
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        let d = (b.0 - a.0, b.1 - a.1);
        for (p, q) in [
            (-d.0, a.0 - r.x0),
            (d.0, r.x1 - a.0),
            (-d.1, a.1 - r.y0),
            (d.1, r.y1 - a.1),
        ] {
            if p.abs() < 1e-12 {
                if q < 0.0 {
                    return false;
                }
            } else if p < 0.0 {
                t0 = t0.max(q / p);
            } else {
                t1 = t1.min(q / p);
            }
        }
        t0 < t1 - 1e-9
    }

    /// No edge runs through a word or a shape: a name, a value, (α, β), a note, whose turn it
    /// is, a probability (its own edge's excepted), another node's outline.
    fn assert_edges_clear(scene: &Scene, all: &[Vec<(&str, Rect)>], what: &str) {
        for (c, child) in scene.nodes.iter().enumerate() {
            let Some(p) = child.parent else { continue };
            let parent = &scene.nodes[p];
            let (a, b) = edge_ends(parent, child);
            for (i, items) in all.iter().enumerate() {
                for &(kind, r) in items {
                    let own = i == p || i == c;
                    if (own && kind == "shape") || (i == c && kind == "probability") {
                        continue;
                    }
                    assert!(
                        !crosses(a, b, &r),
                        "{what}: the edge {}–{} runs through the {kind} of {}",
                        parent.label,
                        child.label,
                        scene.nodes[i].label
                    );
                }
            }
        }
    }

    #[test]
    fn a_segment_crosses_a_box_it_runs_through_only() {
        let r = Rect {
            x0: 4.0,
            y0: 4.0,
            x1: 6.0,
            y1: 6.0,
        };
        assert!(crosses((0.0, 0.0), (10.0, 10.0), &r));
        assert!(crosses((5.0, 0.0), (5.0, 10.0), &r));
        assert!(!crosses((0.0, 10.0), (3.0, 0.0), &r));
        assert!(!crosses((0.0, 0.0), (3.9, 3.9), &r));
    }

    #[test]
    fn nothing_drawn_overlaps_on_random_chance_trees() {
        for seed in 0..60 {
            let spec = arbor_game::RandomSpec {
                depth: 2 + (seed % 3) as u32,
                min_branching: 1,
                max_branching: 4,
                low: if seed % 2 == 0 { 0 } else { -99 },
                high: if seed % 3 == 0 { 999 } else { 24 },
                players: 2,
                seed,
                chance: true,
            };
            let tree = spec.generate().unwrap();
            assert_nothing_overlaps(&tree, &format!("chance, seed {seed}"));
        }
        for preset in arbor_game::presets::CHANCE_PRESETS {
            let tree = GameTree::parse(preset.tree.text).unwrap();
            assert_nothing_overlaps(&tree, preset.tree.id);
        }
        for text in [
            "[?[1/2: 8, 1/2: 24], ?[2/3: 6, 1/3: 12]]",
            "[?[0.9: 2, 0.1: 3], ?[0.9: 1, 0.1: 4]]",
        ] {
            assert_nothing_overlaps(&GameTree::parse(text).unwrap(), text);
        }
    }

    /// Probabilities on the edges as the text gave them: decimals stay decimals, fractions
    /// fractions; equal chances written nowhere as fractions.
    #[test]
    fn probabilities_are_shown_as_typed() {
        let tree = GameTree::parse(
            "[?[0.9: 2, 0.1: 3], ?[1/2: 1, 1/2: 4], ?[0.25: 1, 0.75: 2], ?[5, 6, 7]]",
        )
        .unwrap();
        let scene = Scene::of_tree(&tree);
        let notes: Vec<&str> = scene
            .nodes
            .iter()
            .filter_map(|n| n.note.as_deref())
            .collect();
        assert_eq!(
            notes,
            ["0.9", "0.1", "1/2", "1/2", "0.25", "0.75", "1/3", "1/3", "1/3"]
        );
        assert_eq!(
            arbor_game::Ratio::new(1, 8)
                .unwrap()
                .exact_decimal()
                .as_deref(),
            Some("0.125")
        );
        assert_eq!(arbor_game::Ratio::new(1, 3).unwrap().exact_decimal(), None);
    }

    #[test]
    fn nothing_drawn_overlaps_on_the_presets() {
        for preset in arbor_game::presets::PRESETS {
            let tree = GameTree::parse(preset.text).unwrap();
            assert_nothing_overlaps(&tree, preset.id);
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
}
