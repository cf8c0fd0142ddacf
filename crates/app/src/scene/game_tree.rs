//! A game tree's scene: each node shaped by whose turn it is, sized by the tree's [`Metrics`].

use std::rc::Rc;

use arbor_game::{GameTree, NodeId};

use super::{
    probability_text, text_width, type_size, GamePicture, Margins, Metrics, Scene, Shape,
    TreeShape, EDGE_NOTE_BASELINE, EDGE_NOTE_ROOM, GAP_Y, MARGIN,
};

/// The least distance between neighbours on a level of a game tree, in pixels.
const LEAST_GAP_X: f64 = 44.0;

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
        let (_, _, top, bottom) = metrics.extents(pictures.is_some());
        // Neighbours on a level are as far apart as their own words need (see `spread`), and
        // never closer than this.
        let gap_x = LEAST_GAP_X;
        // A chance node's children have their probability written on the edge above them.
        let notes = if tree.has_chance() {
            EDGE_NOTE_ROOM
        } else {
            0.0
        };
        let gap_y = (top + bottom + 10.0 + notes).max(if pictures.is_some() {
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
        let note_of = |k: usize| {
            let n = tree.node(NodeId(k as u32));
            let parent = tree.node(n.parent?);
            let at = parent.children.iter().position(|&c| c.index() == k)?;
            Some(probability_text(parent.chance.as_ref()?[at]))
        };
        // A note's share of the room beside a node: the edges to two neighbours draw closer
        // towards their parents, by the share of the gap the note sits above the node.
        let closer = 1.0 - (-EDGE_NOTE_BASELINE + 0.35 * type_size::SMALL) / gap_y;
        let spread = |k: usize| {
            let (left, right) = metrics.spread(shape_of(k), pictures.is_some());
            match note_of(k) {
                Some(note) => {
                    let half = (text_width(&note, type_size::SMALL, false) / 2.0 + 3.0) / closer;
                    (left.max(half), right.max(half))
                }
                None => (left, right),
            }
        };
        let mut scene = Scene::build(
            &TreeShape {
                keys: &keys,
                parent: &|k| tree.nodes()[k].parent.map(NodeId::index),
                label: &|k| tree.nodes()[k].label.clone(),
                shape: &shape_of,
                gap_x,
                spread: Some(&spread),
                gap_y,
                picture: pictures.map(|_| &picture as &dyn Fn(usize) -> Option<Rc<GamePicture>>),
                margins: Margins {
                    // Beyond the outermost nodes' reach (see `spread`).
                    x: 6.0,
                    top: (top + 6.0).max(MARGIN),
                    // Every word and mark below a node, the fold mark included.
                    bottom: (bottom + 6.0).max(MARGIN),
                },
                half_width: &|shape| metrics.half_width(shape),
            },
            collapsed,
        );
        for n in &mut scene.nodes {
            n.note = note_of(n.key).map(|t| Rc::from(t.as_str()));
        }
        scene
    }
}
