//! Where each thing is drawn around a node: its name, its value, its window, its note, and
//! the outline of its shape.

use super::{type_size, Rect, SceneNode, Shape};

/// Half the width of an outline's stroke, at its thickest.
pub const STROKE: f64 = 2.5;
/// How far a node's words stand off its outline, at its sides.
pub const WORD_GAP: f64 = 4.0;
/// Baseline of a node's name, from the node's centre: beside it, on the left. Every word drawn
/// at a node's side lies within the height of its outline, so the edges, which meet a node at
/// the top and bottom of its outline, never run through them.
pub const SIDE_LABEL_BASELINE: f64 = 4.5;
/// Baseline of "A to move", on the right of a multi-player node.
pub const TAG_BASELINE: f64 = SIDE_LABEL_BASELINE;
/// Baseline of the table note (TT), on the left, above the name.
pub const NOTE_BASELINE: f64 = -8.5;
/// Baseline of (α, β)'s first line, on the right; the second is [`WINDOW_LINE`] below.
pub const WINDOW_BASELINE: f64 = -2.0;
/// Baseline of the probability on the edge into a chance node's child, from the child's centre:
/// above its name.
pub const EDGE_NOTE_BASELINE: f64 = -42.0;
/// Extra room between levels of a tree with chance nodes, for the probabilities on its edges.
pub const EDGE_NOTE_ROOM: f64 = 18.0;

/// Where the probability on the edge from `parent` into `node` is written: (x, baseline), the
/// text centred on the edge just above the node's name.
pub fn edge_note_place(parent: &SceneNode, node: &SceneNode) -> (f64, f64) {
    let y = node.y + EDGE_NOTE_BASELINE - 0.35 * type_size::SMALL;
    let t = ((node.y - y) / (node.y - parent.y).max(1.0)).min(1.0);
    (
        node.x + (parent.x - node.x) * t,
        node.y + EDGE_NOTE_BASELINE,
    )
}

/// A probability as written on an edge, as the tree's text gave it: a decimal (0.9) if its
/// chance node's probabilities were written so (`decimal`), else a fraction (1/3).
pub fn probability_text(p: arbor_game::Ratio, decimal: bool) -> String {
    match decimal.then(|| p.exact_decimal()).flatten() {
        Some(d) => d,
        None => p.to_string(),
    }
}

/// Distance between the two lines of (α, β).
pub const WINDOW_LINE: f64 = 13.0;

/// Baseline of a node's value, from its centre: where its shape is wide enough.
pub fn value_baseline(shape: Shape) -> f64 {
    match shape {
        Shape::Max => 10.0,
        Shape::Min => -3.0,
        Shape::Player(_) | Shape::Chance => 5.0,
        Shape::Leaf => 5.0,
    }
}

/// Where words at a node's side start (right) or end (left), from its centre.
pub fn side_offset(half_width: f64) -> f64 {
    half_width + STROKE + WORD_GAP
}

/// Where a node's name goes: (x, baseline), the text ending there (left of the node).
pub fn label_place(node: &SceneNode) -> (f64, f64) {
    (
        node.x - side_offset(node.half_width),
        node.y + SIDE_LABEL_BASELINE,
    )
}

/// Where the table note goes: (x, baseline), the text ending there (left, above the name).
pub fn note_place(node: &SceneNode) -> (f64, f64) {
    (
        node.x - side_offset(node.half_width),
        node.y + NOTE_BASELINE,
    )
}

/// Where (α, β)'s first line goes: (x, baseline), the text starting there (right of the node).
pub fn window_place(node: &SceneNode) -> (f64, f64) {
    (
        node.x + side_offset(node.half_width),
        node.y + WINDOW_BASELINE,
    )
}

/// Where "A to move" goes: (x, baseline), the text starting there (right of the node).
pub fn tag_place(node: &SceneNode) -> (f64, f64) {
    (node.x + side_offset(node.half_width), node.y + TAG_BASELINE)
}

/// How far a node's outline reaches above and below its centre, stroke included.
pub fn shape_reach(shape: Shape) -> (f64, f64) {
    let (up, down) = match shape {
        Shape::Max => (24.0, 16.0),
        Shape::Min => (16.0, 24.0),
        Shape::Player(_) | Shape::Chance => (21.0, 21.0),
        Shape::Leaf => (17.0, 17.0),
    };
    (up + STROKE, down + STROKE)
}

/// Where the edge from `parent` to `child` is drawn: from the bottom of the parent's outline
/// (or of its position's picture) to the top of the child's.
pub fn edge_ends(parent: &SceneNode, child: &SceneNode) -> ((f64, f64), (f64, f64)) {
    let below = if parent.picture.is_some() {
        super::PICTURES_BOTTOM + 2.0
    } else {
        shape_reach(parent.shape).1
    };
    (
        (parent.x, parent.y + below),
        (child.x, child.y - shape_reach(child.shape).0),
    )
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
        Shape::Max => w * arbor_util::clamp((y1.min(bottom) - top) / 40.0, 0.0, 1.0),
        Shape::Min => w * arbor_util::clamp((bottom - y0.max(top)) / 40.0, 0.0, 1.0),
        _ => w,
    };
    Some(half + STROKE)
}

/// The bounding box of a node's shape, with its outline's stroke (at most 5 px wide).
pub fn shape_box(node: &SceneNode) -> Rect {
    let (up, down) = shape_reach(node.shape);
    Rect {
        x0: node.x - node.half_width - STROKE,
        y0: node.y - up,
        x1: node.x + node.half_width + STROKE,
        y1: node.y + down,
    }
}
