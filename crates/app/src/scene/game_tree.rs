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
        // A chance node's child: its probability, written on the edge into it.
        let note_of = |k: usize| {
            let n = tree.node(NodeId(k as u32));
            let parent = tree.node(n.parent?);
            let at = parent.children.iter().position(|&c| c.index() == k)?;
            Some(probability_text(
                parent.chance.as_ref()?[at],
                parent.decimal,
            ))
        };
        Scene::of_sized(
            &SizedTree {
                keys: &keys,
                parent: &|k| tree.nodes()[k].parent.map(NodeId::index),
                label: &|k| tree.nodes()[k].label.clone(),
                shape: &shape_of,
                picture: pictures.map(|_| &picture as &dyn Fn(usize) -> Option<Rc<GamePicture>>),
                note: tree
                    .has_chance()
                    .then_some(&note_of as &dyn Fn(usize) -> Option<String>),
            },
            &metrics,
            collapsed,
        )
    }

    /// Places a tree whose nodes are drawn as a game tree's are — sized by `metrics`, with a
    /// picture of each node's position if `tree` has them — each level spaced by what its
    /// nodes draw beside them, the levels by what they draw above and below (the tree behind a
    /// move, MCTS's tree of a game).
    pub fn of_sized(
        tree: &SizedTree<'_>,
        metrics: &Metrics,
        collapsed: &dyn Fn(usize) -> bool,
    ) -> Scene {
        let pictures = tree.picture.is_some();
        let (_, _, top, bottom) = metrics.extents(pictures);
        // The probabilities on edges need room between the levels.
        let notes = if tree.note.is_some() {
            EDGE_NOTE_ROOM
        } else {
            0.0
        };
        let gap_y = (top + bottom + 10.0 + notes).max(if pictures { GAP_Y * 1.45 } else { GAP_Y });
        let note_of = |k: usize| tree.note.and_then(|f| f(k));
        // A note's share of the room beside a node: the edges to two neighbours draw closer
        // towards their parents, by the share of the gap the note sits above the node.
        let closer = 1.0 - (-EDGE_NOTE_BASELINE + 0.35 * type_size::SMALL) / gap_y;
        let spread = |k: usize| {
            let (left, right) = metrics.spread((tree.shape)(k), pictures);
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
                keys: tree.keys,
                parent: tree.parent,
                label: tree.label,
                shape: tree.shape,
                // Neighbours on a level are as far apart as their own words need (see
                // `spread`), and never closer than this.
                gap_x: LEAST_GAP_X,
                spread: Some(&spread),
                gap_y,
                picture: tree.picture,
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
        if tree.note.is_some() {
            for n in &mut scene.nodes {
                n.note = note_of(n.key).map(|t| Rc::from(t.as_str()));
            }
        }
        scene
    }
}

/// A tree drawn as a game tree is ([`Scene::of_sized`]): its keys (the root first, each after
/// its parent), and each key's parent, name, shape, picture and the note on the edge into it.
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
    /// What is written on the edge into a key (a chance node's child's probability), if edges
    /// carry notes.
    pub note: Option<&'a dyn Fn(usize) -> Option<String>>,
}
