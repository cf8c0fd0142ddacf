//! The mark of a folded node: a badge with a small triangle and how many nodes it hides.

use super::{text_width, PICTURES_BOTTOM};

/// The type size of a folded node's count, as `style.css` sets it.
pub const FOLD_TEXT: f64 = 11.0;
/// The height of a folded node's badge.
pub const FOLD_HEIGHT: f64 = 14.0;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::*;
    use arbor_game::GameTree;
    use std::rc::Rc;

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
}
