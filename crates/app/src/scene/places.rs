//! Where each thing is drawn around a node: its name, its value, its window, its note, and
//! the outline of its shape.

use super::{fold_top, type_size, Rect, SceneNode, Shape, FOLD_HEIGHT};

/// Half the width of an outline's stroke, at its thickest.
pub const STROKE: f64 = 2.5;
/// Baseline of a node's name, from the node's centre: above its top left (two-player trees),
/// where a triangle is narrow and a square ends.
pub const LABEL_BASELINE: f64 = -23.0;
/// Baseline of a chance node's name, above its oval.
pub const CHANCE_LABEL_BASELINE: f64 = -27.0;
/// Baseline of a multi-player node's name, beside it (whose turn it is is written above).
pub const SIDE_LABEL_BASELINE: f64 = 4.5;
/// Baseline of "A to move", above a multi-player node.
pub const TAG_BASELINE: f64 = -27.0;
/// Baseline of the table note (TT), above the node's top right, level with its name.
pub const NOTE_BASELINE: f64 = LABEL_BASELINE;
/// Where the table note starts, right of the node's centre.
pub const NOTE_OFFSET: f64 = 8.0;
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

/// A probability as written on an edge: a decimal when its lowest terms are tenths,
/// hundredths or thousandths (0.9), else a fraction (1/3).
pub fn probability_text(p: arbor_game::Ratio) -> String {
    match p.denom() {
        10 | 100 | 1000 => p.decimals(3).unwrap_or_else(|| p.to_string()),
        _ => p.to_string(),
    }
}

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
pub(super) fn label_offset(shape: Shape, half_width: f64) -> (f64, f64) {
    match shape {
        Shape::Player(_) => (-(half_width + STROKE + 4.0), SIDE_LABEL_BASELINE),
        // Above the oval, whose top is flat across most of its width.
        Shape::Chance => (
            -(half_width * 0.1 + STROKE + 4.0).max(8.0),
            CHANCE_LABEL_BASELINE,
        ),
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
