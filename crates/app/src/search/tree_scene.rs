//! The recorded search tree as drawn: each node's box (its state's picture), one iteration's
//! tree placed, and the node kept in view.

use std::collections::BTreeSet;

use super::Picture;
use crate::scene::{text_box, text_width, Margins, Rect, Scene, Shape, TreeShape, GAP_Y};
use crate::search::page::Recorded;
use crate::search::StateView;

/// A puzzle tile's side in a node's picture.
pub const TILE: f64 = 11.0;
/// A blocks-world cell's side in a node's picture.
pub const BLOCK_CELL: f64 = 9.0;

/// The type size of a state's name in its node's box (`svg.tree .snode .name` in style.css).
pub const NAME_SIZE: f64 = 13.0;

/// Room either side of a name in its box.
const NAME_PAD: f64 = 5.0;

/// The narrowest box (a short name, or none).
const NARROWEST: f64 = 46.0;

/// How far a name's baseline is below its box's centre.
pub const NAME_BASELINE: f64 = 4.5;

/// The width of a name as the tree writes it (followed by a space, as every word drawn is).
pub fn name_width(name: &str) -> f64 {
    text_width(name, NAME_SIZE, false) + text_width(" ", NAME_SIZE, false)
}

/// The rectangle a name drawn in the box centred at (`x`, `y`) fills (with the space after
/// it, as drawn).
pub fn name_rect(name: &str, x: f64, y: f64) -> Rect {
    text_box(
        &format!("{name} "),
        x,
        y + NAME_BASELINE,
        NAME_SIZE,
        false,
        0,
    )
}

/// The type size of the costs under a node's box (`svg.tree .snode .costs`, monospaced).
pub const COSTS_SIZE: f64 = 12.0;

/// How far the costs' baseline is below the box's bottom edge.
pub const COSTS_BELOW: f64 = 14.0;

/// The rectangle the costs `text` under a box of height `h` centred at (`x`, `y`) fill (with
/// the space after them, as drawn).
pub fn costs_rect(text: &str, x: f64, y: f64, h: f64) -> Rect {
    text_box(
        &format!("{text} "),
        x,
        y + h / 2.0 + COSTS_BELOW,
        COSTS_SIZE,
        true,
        0,
    )
}

/// The width of the box of a node named `name`.
fn name_box_width(name: &str) -> f64 {
    (name_width(name) + 2.0 * NAME_PAD).max(NARROWEST)
}

/// Width and height of a node's box: a name's box is wide enough for the name (Romania's
/// "Rimnicu_Vilcea" too).
pub fn box_size(picture: &Picture) -> (f64, f64) {
    match picture {
        Picture::None => (NARROWEST, 28.0),
        Picture::Name(name) => (name_box_width(name), 28.0),
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
    let (mut w, h) = box_size(&picture);
    // Names differ in width: the widest sets the room between neighbours.
    for &k in &keys {
        if let StateView::Name(name) = &r.view.nodes[k].state {
            w = w.max(name_box_width(name));
        }
    }
    // Room between neighbours for the widest "g+h=f" drawn under a node.
    let costs = keys
        .iter()
        .map(|&k| {
            let n = &r.view.nodes[k].info;
            let text = format!("{}+{}={}", n.g, n.h, n.g.saturating_add(n.h));
            text_width(&format!("{text} "), COSTS_SIZE, true)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::page::Recorded;
    use crate::search::record::serve_graph;
    use crate::search::{Answer, CostUnit, Drawing, Problem, SearchRequest, Settings};
    use crate::work::Reply;
    use arbor_search::replay::SearchReplay;
    use arbor_search::{Algorithm, Mode, GRAPH_PRESETS};

    /// Every search of `text` the page offers, recorded as the page records it.
    fn recorded(text: &str, algorithm: Algorithm, mode: Mode) -> Option<Recorded> {
        let settings = Settings {
            problem: Problem::Graph { text: text.into() },
            algorithm,
            mode,
            tie: arbor_search::TieBreak::usual(algorithm),
            ..Settings::default()
        };
        let request = SearchRequest {
            problem: settings.problem.spec().ok()?,
            options: settings.options(),
            record: 2_000,
            max_nodes: Some(20_000),
        };
        let mut view = None;
        serve_graph(
            text,
            &request,
            &mut |reply| {
                if let Reply::Answer(Answer::Recorded(v)) = reply {
                    view = Some(v);
                }
            },
            &|| 0.0,
        );
        let view = view?;
        let replay = SearchReplay::new(
            view.nodes.iter().map(|n| n.info).collect(),
            view.events.clone(),
            algorithm,
        );
        Some(Recorded {
            view,
            replay,
            drawing: Drawing::of(&settings.problem),
            searched: settings.clone(),
            costs: CostUnit::Whole,
        })
    }

    /// What each drawn node fills: its box, its name, and the widest costs it can show.
    fn parts(r: &Recorded, scene: &Scene) -> Vec<(Rect, Option<Rect>, Rect)> {
        scene
            .nodes
            .iter()
            .map(|n| {
                let node = &r.view.nodes[n.key];
                let picture = r.drawing.picture(&node.state);
                let (w, h) = box_size(&picture);
                let frame = Rect {
                    x0: n.x - w / 2.0,
                    y0: n.y - h / 2.0,
                    x1: n.x + w / 2.0,
                    y1: n.y + h / 2.0,
                };
                let name = match &picture {
                    Picture::Name(name) => Some(name_rect(name, n.x, n.y)),
                    _ => None,
                };
                let i = node.info;
                let costs = format!("{}+{}={}", i.g, i.h, i.g + i.h);
                (frame, name, costs_rect(&costs, n.x, n.y, h))
            })
            .collect()
    }

    #[test]
    fn names_fit_their_boxes_and_never_cover_another_node_on_any_graph_preset() {
        let mut scenes = 0;
        for preset in GRAPH_PRESETS {
            for algorithm in Algorithm::ALL {
                for mode in [Mode::Graph, Mode::Tree] {
                    let Some(r) = recorded(preset.text, algorithm, mode) else {
                        continue;
                    };
                    let iterations: BTreeSet<u32> =
                        r.view.nodes.iter().map(|n| n.info.iteration).collect();
                    for iteration in iterations {
                        let scene = search_scene(&r, iteration, &BTreeSet::new());
                        let parts = parts(&r, &scene);
                        scenes += 1;
                        let at = |i: usize| {
                            format!(
                                "{} by {algorithm:?} ({mode:?}), iteration {iteration}: {}",
                                preset.id, scene.nodes[i].label
                            )
                        };
                        for (i, (frame, name, _)) in parts.iter().enumerate() {
                            if let Some(name) = name {
                                assert!(frame.holds(name), "{}'s name leaves its box", at(i));
                            }
                            for (j, (other, other_name, other_costs)) in parts.iter().enumerate() {
                                if i == j {
                                    continue;
                                }
                                assert!(!frame.overlaps(other), "{} and {} overlap", at(i), at(j));
                                assert!(
                                    !frame.overlaps(other_costs),
                                    "{} covers the costs of {}",
                                    at(i),
                                    at(j)
                                );
                                if let (Some(a), Some(b)) = (name, other_name) {
                                    assert!(
                                        !a.overlaps(b),
                                        "{} and {}: names overlap",
                                        at(i),
                                        at(j)
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(scenes > 20, "{scenes} scenes");
    }

    #[test]
    fn romanias_longest_name_widens_every_box_room() {
        let text = GRAPH_PRESETS
            .iter()
            .find(|p| p.id == "romania")
            .unwrap()
            .text;
        let r = recorded(text, Algorithm::AStar, Mode::Graph).unwrap();
        let scene = search_scene(&r, 0, &BTreeSet::new());
        let (w, _) = box_size(&Picture::Name("Rimnicu_Vilcea".into()));
        assert!(w > 100.0, "{w}");
        let level = |d: f64| {
            let mut xs: Vec<f64> = scene
                .nodes
                .iter()
                .filter(|n| n.y == d)
                .map(|n| n.x)
                .collect();
            xs.sort_by(f64::total_cmp);
            xs
        };
        for n in &scene.nodes {
            let xs = level(n.y);
            for pair in xs.windows(2) {
                assert!(pair[1] - pair[0] >= w, "{pair:?} closer than {w}");
            }
        }
    }
}
