//! Words on the drawing: their type sizes, how wide and tall a line of them is, and the box
//! it fills.

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

/// [`text_width`] of a value as [`show_value`](super::show_value) writes it, without writing it.
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

/// A rectangle: left, top, right, bottom.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
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

    /// The least rectangle holding both.
    pub fn union(&self, other: &Rect) -> Rect {
        Rect {
            x0: self.x0.min(other.x0),
            y0: self.y0.min(other.y0),
            x1: self.x1.max(other.x1),
            y1: self.y1.max(other.y1),
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::show_value;

    #[test]
    fn a_number_is_as_wide_as_its_text() {
        for v in [0, 7, -7, 10, -99, 1234, 1_000_000, -999_999] {
            let written = text_width(&show_value(v), 15.0, false);
            assert!((number_width(v, 15.0) - written).abs() < 1e-9, "{v}");
        }
    }
}
