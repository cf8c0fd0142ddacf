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
        Scene::of_sized(
            &SizedTree {
                keys: &keys,
                parent: &|k| tree.nodes()[k].parent.map(NodeId::index),
                label: &|k| tree.nodes()[k].label.clone(),
                shape: &shape_of,
                picture: pictures.map(|_| &picture as &dyn Fn(usize) -> Option<Rc<GamePicture>>),
                bent: false,
            },
            &metrics,
            collapsed,
        )
    }

    /// Places a tree whose nodes are drawn as a game tree's are — sized by `metrics`, with a
    /// picture of each node's position if `tree` has them — with the gaps and margins that
    /// leave room for every word and picture around a node (the tree behind a move, MCTS's
    /// tree of a game).
    pub fn of_sized(
        tree: &SizedTree<'_>,
        metrics: &Metrics,
        collapsed: &dyn Fn(usize) -> bool,
    ) -> Scene {
        let pictures = tree.picture.is_some();
        let (left, right, top, bottom) = metrics.extents(pictures);
        // Neighbours on a level are at least one gap apart: room for both nodes' words.
        let gap_x = (left + right + 10.0).max(if pictures { GAP_X * 1.3 } else { GAP_X });
        let gap_y = (top + bottom + 10.0).max(if pictures { GAP_Y * 1.45 } else { GAP_Y });
        let mut scene = Scene::build(
            &TreeShape {
                keys: tree.keys,
                parent: tree.parent,
                label: tree.label,
                shape: tree.shape,
                gap_x,
                gap_y,
                picture: tree.picture,
                margins: Margins {
                    x: (left.max(right) + 6.0).max(MARGIN),
                    top: (top + 6.0).max(MARGIN),
                    // Every word and mark below a node, the fold mark included.
                    bottom: (bottom + 6.0).max(MARGIN),
                },
                half_width: &|shape| metrics.half_width(shape),
            },
            collapsed,
        );
        if tree.bent {
            // Turns a little clear of the lowest and highest things a node draws.
            scene.bends = Some((bottom + 2.0, top + 2.0));
        }
        scene
    }
}

/// A tree drawn as a game tree is ([`Scene::of_sized`]): its keys (the root first, each after
/// its parent), and each key's parent, name, shape and picture.
pub struct SizedTree<'a> {
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
    /// Edges bend around what the nodes draw ([`Scene::bend`]) instead of running straight
    /// from centre to centre, across other nodes where a parent's children spread wide.
    pub bent: bool,
}
