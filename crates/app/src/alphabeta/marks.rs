//! What each drawn node shows in a frame: its value (or bound), window, status, and whether
//! it is current or on the principal variation.

use crate::scene::{NodeMark, Relation, Shown, Status};
use arbor_game::replay::{Frame, NodeStatus, ValueKind};
use arbor_game::GameTree;

/// How values are shown on the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Perspective {
    /// MAX's view everywhere (the textbook's).
    Max,
    /// The player to move at each node (negamax).
    Mover,
}

/// What each node shows in `frame`. In a hand-drawn tree a leaf's value is known before the
/// search reaches it (`known_leaves`); in the tree of a game's search it is not.
pub fn marks(
    tree: &GameTree,
    frame: &Frame,
    perspective: Perspective,
    known_leaves: bool,
) -> Vec<NodeMark> {
    (0..tree.len())
        .map(|i| mark_of(tree, frame, i, perspective, known_leaves))
        .collect()
}

/// What node `i` shows in `frame` (see [`marks`]): a function of its own frame, and of
/// whether it is the current node or on the principal variation ([`highlighted`]).
pub fn mark_of(
    tree: &GameTree,
    frame: &Frame,
    i: usize,
    perspective: Perspective,
    known_leaves: bool,
) -> NodeMark {
    let id = arbor_game::NodeId(i as u32);
    let (node, f) = (tree.node(id), &frame.nodes[i]);
    let flip = perspective == Perspective::Mover && tree.player_at(id) == 1;
    let value = if let Some(v) = &f.vector {
        Shown::Vector(v.as_slice().into())
    } else if let (Some(_), ValueKind::SoFar) = (f.value, f.kind) {
        // The algorithm's best so far is no bound on the node yet: the caption tells it, the
        // node shows nothing it cannot stand by.
        Shown::Nothing
    } else if let Some(v) = f.value {
        let relation = match (f.kind, flip) {
            (ValueKind::Exact, _) => Relation::Exact,
            (ValueKind::AtLeast, false) | (ValueKind::AtMost, true) => Relation::AtLeast,
            _ => Relation::AtMost,
        };
        Shown::Scalar(if flip { -v } else { v }, relation)
    } else if node.is_leaf() && known_leaves {
        // A leaf's utility is known before the search reaches it (and stays shown, greyed,
        // when it is pruned), for the same player as every other number.
        if node.payoff.len() == 1 {
            Shown::Scalar(
                if flip {
                    -node.payoff[0]
                } else {
                    node.payoff[0]
                },
                Relation::Exact,
            )
        } else {
            Shown::Vector(node.payoff.as_slice().into())
        }
    } else {
        Shown::Nothing
    };
    let current = frame.current == Some(id);
    NodeMark {
        status: match f.status {
            _ if current => Status::Current,
            NodeStatus::Unvisited => Status::Unvisited,
            NodeStatus::Open | NodeStatus::Done => Status::Visited,
            NodeStatus::Pruned => Status::Pruned,
        },
        value,
        settled: f.status == NodeStatus::Done,
        window: f.window.map(|(a, b)| if flip { (-b, -a) } else { (a, b) }),
        principal: frame.finished && frame.principal.contains(&id),
        open: f.status == NodeStatus::Open,
        from_table: f.from_table,
        fraction_window: None,
    }
}

/// The nodes whose looks depend on the frame as a whole: the current node and the principal
/// variation. A step changes their looks even where it changes nothing else about them.
pub fn highlighted(frame: &Frame) -> Vec<usize> {
    frame
        .current
        .iter()
        .chain(if frame.finished {
            frame.principal.as_slice()
        } else {
            &[]
        })
        .map(|n| n.index())
        .collect()
}
