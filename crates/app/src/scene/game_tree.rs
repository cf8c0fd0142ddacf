//! A game tree's scene: each node shaped by whose turn it is, sized by the tree's [`Metrics`].

use std::rc::Rc;

use arbor_game::{GameTree, NodeId};

use super::{GamePicture, Margins, Metrics, Scene, Shape, TreeShape, GAP_X, GAP_Y, MARGIN};

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
}
