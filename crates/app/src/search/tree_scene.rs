//! The recorded search tree as drawn: each node's box (its state's picture), one iteration's
//! tree placed, and the node kept in view.

use std::collections::BTreeSet;

use super::Picture;
use crate::scene::{text_width, Margins, Scene, Shape, TreeShape, GAP_Y};
use crate::search::page::Recorded;
use crate::search::StateView;

/// A puzzle tile's side in a node's picture.
pub const TILE: f64 = 11.0;
/// A blocks-world cell's side in a node's picture.
pub const BLOCK_CELL: f64 = 9.0;

/// Width and height of a node's box.
pub fn box_size(picture: &Picture) -> (f64, f64) {
    match picture {
        Picture::None | Picture::Name(_) => (46.0, 28.0),
        Picture::Tiles { cols, tiles } => {
            let rows = tiles.len() / (*cols as usize).max(1);
            (f64::from(*cols) * TILE + 6.0, rows as f64 * TILE + 6.0)
        }
        Picture::Blocks { width, height, .. } => (
            f64::from(*width) * BLOCK_CELL + 6.0,
            f64::from(*height) * BLOCK_CELL + 6.0,
        ),
    }
}

/// The scene of one iteration's search tree (every recorded node of it, drawn or not yet).
pub fn search_scene(r: &Recorded, iteration: u32, folded: &BTreeSet<usize>) -> Scene {
    let keys: Vec<usize> = r
        .view
        .nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| n.info.iteration == iteration)
        .map(|(i, _)| i)
        .collect();
    let picture = keys
        .first()
        .map(|&k| r.drawing.picture(&r.view.nodes[k].state))
        .unwrap_or_default();
    let (w, h) = box_size(&picture);
    // Room between neighbours for the widest "g+h=f" drawn under a node.
    let costs = keys
        .iter()
        .map(|&k| {
            let n = &r.view.nodes[k].info;
            let text = format!("{}+{}={}", n.g, n.h, n.g.saturating_add(n.h));
            text_width(&text, 12.0, true)
        })
        .fold(0.0, f64::max);
    Scene::build(
        &TreeShape {
            keys: &keys,
            parent: &|k| r.view.nodes[k].info.parent.map(|p| p as usize),
            label: &|k| {
                let n = &r.view.nodes[k];
                match (&n.state, &n.action) {
                    (StateView::Name(name), _) => name.clone(),
                    (_, Some(a)) => format!("#{k} {a}"),
                    _ => format!("#{k}"),
                }
            },
            shape: &|_| Shape::Leaf,
            gap_x: (w + 18.0).max(costs + 8.0).max(56.0),
            spread: None,
            gap_y: (h + 40.0).max(GAP_Y * 0.8),
            picture: None,
            margins: Margins::default(),
            half_width: &|_| 0.0,
        },
        &|k| folded.contains(&k),
    )
}

/// The node to keep in view: the current one, or if it is folded away, its nearest drawn
/// ancestor (the fold that holds it).
pub fn shown_current(r: &Recorded, scene: &Scene, current: Option<u64>) -> Option<usize> {
    let mut key = current? as usize;
    loop {
        if scene.index_of_key.get(key).copied().flatten().is_some() {
            return Some(key);
        }
        key = r.view.nodes.get(key)?.info.parent? as usize;
    }
}
