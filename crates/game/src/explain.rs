//! Real games as explicit trees, so the stepper can show them: a whole small game expanded
//! ([`expand`]), or the part of a game one recorded search explored ([`explain`]) — every node
//! it entered, the moves its cutoffs pruned as stubs, and its trace renumbered onto that tree.
//! Stepping the result replays the search that played, event for event.

use crate::game::Game;
use crate::observe::{Event, Trace, TraceId, TraceNode};
use crate::tree::{GameTree, NodeId, RawNode, RootPlayer};

/// The whole game below `root` as a tree (leaves valued by their utility), or an error if it
/// has more than `max_nodes` nodes.
pub fn expand<G: Game>(game: &G, root: &G::State, max_nodes: usize) -> Result<GameTree, String> {
    fn go<G: Game>(
        game: &G,
        state: &G::State,
        count: &mut usize,
        max: usize,
    ) -> Result<RawNode, String> {
        *count += 1;
        if *count > max {
            return Err(format!("the game has more than {max} positions to draw"));
        }
        if game.is_terminal(state) {
            return Ok(RawNode::leaf(game.utility(state)));
        }
        let mut moves = Vec::new();
        game.actions(state, &mut moves);
        let children = moves
            .into_iter()
            .map(|m| go(game, &game.result(state, m), count, max))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(RawNode::inner(children))
    }
    let raw = go(game, root, &mut 0, max_nodes)?;
    let first = if game.to_move(root) == 0 {
        RootPlayer::Max
    } else {
        RootPlayer::Min
    };
    GameTree::from_raw(raw, first)
}

/// A recorded search of a game, turned into an explicit tree and a trace over it.
#[derive(Clone, Debug)]
pub struct Explained<S, M> {
    /// The explored tree: every position the search entered, plus stubs for pruned moves.
    pub tree: GameTree,
    /// The search, renumbered onto `tree` (replay it with [`crate::replay::Replay`]).
    pub trace: Trace<NodeId, NodeId>,
    /// Each tree node's position.
    pub states: Vec<S>,
    /// Each tree node's move from its parent (`None` at the root).
    pub moves: Vec<Option<M>>,
    /// False for a stub: a move the search never entered (pruned, or beyond the recorder's
    /// limit). Its payoff in `tree` means nothing.
    pub explored: Vec<bool>,
}

struct Temp<S, M> {
    mv: Option<M>,
    state: S,
    children: Vec<usize>,
    explored: bool,
    /// The value the search gave it last (a leaf's utility or evaluation, or a table's answer).
    value: Option<i32>,
}

/// Turns a recorded search of `game` into an explicit tree. Positions are told apart by the
/// moves that reach them, so a position searched again (in a later iteration, or a later
/// null-window search) is the same tree node; a transposition reached by other moves is
/// another. `label` names a node by its move (`None` for breadth-first letters).
pub fn explain<G: Game>(
    game: &G,
    trace: &Trace<G::State, G::Move>,
    label: impl Fn(G::Move) -> Option<String>,
) -> Result<Explained<G::State, G::Move>, String> {
    let (temps, at) = explored(game, trace)?;
    let (order, number) = breadth_first(&temps);
    let first_player = if game.to_move(&temps[0].state) == 0 {
        RootPlayer::Max
    } else {
        RootPlayer::Min
    };
    let tree = GameTree::from_raw(raw(&temps, 0, &label), first_player)?;
    debug_assert!(order
        .iter()
        .enumerate()
        .all(|(n, &t)| tree.nodes()[n].children.len() == temps[t].children.len()));
    let node_id = |t: usize| NodeId(number[t]);
    // A move from a trace node, as the tree node it leads to.
    let child_id = |trace_node: TraceId, mv: G::Move| {
        let parent = at[trace_node as usize];
        temps[parent]
            .children
            .iter()
            .find(|&&c| temps[c].mv == Some(mv))
            .map(|&c| node_id(c))
            .expect("every move a trace names has a node")
    };
    let nodes = trace
        .nodes
        .iter()
        .zip(&at)
        .map(|(n, &t)| TraceNode {
            parent: n.parent,
            mv: n.parent.map(|_| node_id(t)),
            state: node_id(t),
            depth: n.depth,
        })
        .collect();
    let events = trace
        .events
        .iter()
        .map(|e| renumbered(e, &child_id))
        .collect();
    let mut states = vec![None; temps.len()];
    let mut moves = vec![None; temps.len()];
    let mut explored = vec![false; temps.len()];
    for (t, temp) in temps.into_iter().enumerate() {
        let n = number[t] as usize;
        moves[n] = temp.mv;
        explored[n] = temp.explored;
        states[n] = Some(temp.state);
    }
    Ok(Explained {
        tree,
        trace: Trace {
            nodes,
            events,
            omitted: trace.omitted,
            skipped: trace.skipped,
        },
        states: states
            .into_iter()
            .map(|s| s.expect("every node has a state"))
            .collect(),
        moves,
        explored,
    })
}

/// The tree the search explored, as temporary nodes (the root first), and the temporary node
/// of each trace node: every node the search entered, every move a cutoff pruned or a node
/// named as its best (as stubs), and the value the search gave each node last.
#[allow(clippy::type_complexity)]
fn explored<G: Game>(
    game: &G,
    trace: &Trace<G::State, G::Move>,
) -> Result<(Vec<Temp<G::State, G::Move>>, Vec<usize>), String> {
    let Some(first) = trace.nodes.first() else {
        return Err("the search recorded no position".into());
    };
    let mut temps: Vec<Temp<G::State, G::Move>> = vec![Temp {
        mv: None,
        state: first.state.clone(),
        children: Vec::new(),
        explored: true,
        value: None,
    }];
    // Trace node → temporary node.
    let mut at: Vec<usize> = Vec::with_capacity(trace.nodes.len());
    for node in &trace.nodes {
        let id = match (node.parent, node.mv) {
            (Some(p), Some(mv)) => {
                child_of(game, &mut temps, at[p as usize], mv, Some(&node.state))
            }
            (None, _) => 0,
            (Some(_), None) => return Err("a recorded child has no move".into()),
        };
        temps[id].explored = true;
        at.push(id);
    }
    for event in &trace.events {
        match event {
            Event::Cutoff { node, skipped, .. } => {
                for &mv in skipped {
                    child_of(game, &mut temps, at[*node as usize], mv, None);
                }
            }
            Event::Exit {
                node,
                value,
                best: Some(mv),
            } => {
                child_of(game, &mut temps, at[*node as usize], *mv, None);
                temps[at[*node as usize]].value = Some(*value);
            }
            Event::Evaluate { node, value, .. } | Event::Exit { node, value, .. } => {
                temps[at[*node as usize]].value = Some(*value);
            }
            _ => {}
        }
    }
    if temps.len() > crate::tree::MAX_NODES {
        return Err(format!(
            "the search explored {} positions; at most {} can be drawn",
            temps.len(),
            crate::tree::MAX_NODES
        ));
    }
    Ok((temps, at))
}

/// The child of `parent` reached by `mv`, made if it is not there yet.
fn child_of<G: Game>(
    game: &G,
    temps: &mut Vec<Temp<G::State, G::Move>>,
    parent: usize,
    mv: G::Move,
    state: Option<&G::State>,
) -> usize {
    if let Some(&c) = temps[parent]
        .children
        .iter()
        .find(|&&c| temps[c].mv == Some(mv))
    {
        return c;
    }
    let state = state
        .cloned()
        .unwrap_or_else(|| game.result(&temps[parent].state, mv));
    temps.push(Temp {
        mv: Some(mv),
        state,
        children: Vec::new(),
        explored: false,
        value: None,
    });
    let id = temps.len() - 1;
    temps[parent].children.push(id);
    id
}

/// The temporary nodes in breadth-first order, and each one's number in the tree: its place in
/// that order, as `GameTree::from_raw` numbers nodes.
fn breadth_first<S, M>(temps: &[Temp<S, M>]) -> (Vec<usize>, Vec<u32>) {
    let mut order = vec![0usize];
    let mut i = 0;
    while i < order.len() {
        order.extend(temps[order[i]].children.iter().copied());
        i += 1;
    }
    let mut number = vec![0u32; temps.len()];
    for (n, &t) in order.iter().enumerate() {
        number[t] = n as u32;
    }
    (order, number)
}

/// The temporary node `t` and everything below it as nested data, labelled by their moves.
fn raw<S, M: Copy>(temps: &[Temp<S, M>], t: usize, label: &dyn Fn(M) -> Option<String>) -> RawNode {
    let node = &temps[t];
    let mut r = if node.children.is_empty() {
        RawNode::leaf(node.value.unwrap_or(0))
    } else {
        RawNode::inner(
            node.children
                .iter()
                .map(|&c| raw(temps, c, label))
                .collect(),
        )
    };
    r.label = node.mv.and_then(label);
    r
}

/// An event with every move it names (a cutoff's skipped moves, a node's best move) given as
/// the tree node it leads to: `child_id` finds it from the trace node and the move.
// Long on purpose: one arm per kind of event, copied field by field, in one exhaustive match,
// so that a kind of event added to the trace cannot be forgotten here (it fails to compile).
fn renumbered<M: Copy>(
    event: &Event<M>,
    child_id: &impl Fn(TraceId, M) -> NodeId,
) -> Event<NodeId> {
    match event {
        Event::Enter { node, window } => Event::Enter {
            node: *node,
            window: *window,
        },
        Event::Evaluate {
            node,
            value,
            horizon,
        } => Event::Evaluate {
            node: *node,
            value: *value,
            horizon: *horizon,
        },
        Event::Return { node, child, value } => Event::Return {
            node: *node,
            child: *child,
            value: *value,
        },
        Event::Bound { node, side, value } => Event::Bound {
            node: *node,
            side: *side,
            value: *value,
        },
        Event::Cutoff {
            node,
            value,
            skipped,
        } => Event::Cutoff {
            node: *node,
            value: *value,
            skipped: skipped.iter().map(|&m| child_id(*node, m)).collect(),
        },
        Event::TableHit {
            node,
            value,
            bound,
            depth,
            effect,
        } => Event::TableHit {
            node: *node,
            value: *value,
            bound: *bound,
            depth: *depth,
            effect: *effect,
        },
        Event::TableStore {
            node,
            value,
            bound,
            depth,
        } => Event::TableStore {
            node: *node,
            value: *value,
            bound: *bound,
            depth: *depth,
        },
        Event::Exit { node, value, best } => Event::Exit {
            node: *node,
            value: *value,
            best: best.map(|m| child_id(*node, m)),
        },
        Event::EvaluateVector {
            node,
            values,
            horizon,
        } => Event::EvaluateVector {
            node: *node,
            values: values.clone(),
            horizon: *horizon,
        },
        Event::ReturnVector {
            node,
            child,
            values,
        } => Event::ReturnVector {
            node: *node,
            child: *child,
            values: values.clone(),
        },
        Event::ExitVector { node, values, best } => Event::ExitVector {
            node: *node,
            values: values.clone(),
            best: best.map(|m| child_id(*node, m)),
        },
        Event::Iteration { depth } => Event::Iteration { depth: *depth },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabeta::{alpha_beta, Options};
    use crate::observe::Recorder;
    use crate::replay::Replay;

    #[test]
    fn a_tree_explained_is_the_tree_searched() {
        // Searching an explicit tree and explaining the trace gives back the explored part of
        // that tree, with the same frames at the end.
        let tree = GameTree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
        let mut rec = Recorder::new();
        alpha_beta(&tree, &tree.root(), &Options::default(), &mut rec);
        let trace = rec.into_trace();
        let explained = explain(&tree, &trace, |m| Some(tree.node(m).label.clone())).unwrap();
        assert_eq!(explained.tree.len(), tree.len());
        // The pruned leaves 4 and 6 are stubs.
        let stubs: Vec<String> = (0..tree.len())
            .filter(|&i| !explained.explored[i])
            .map(|i| explained.tree.nodes()[i].label.clone())
            .collect();
        assert_eq!(stubs, ["I", "J"]);
        let a = Replay::new(tree.clone(), {
            let mut rec = Recorder::new();
            alpha_beta(&tree, &tree.root(), &Options::default(), &mut rec);
            rec.into_trace()
        });
        let b = Replay::new(explained.tree.clone(), explained.trace.clone());
        assert_eq!(a.len(), b.len());
        assert_eq!(a.frame(a.len()), b.frame(b.len()));
    }

    #[test]
    fn expand_refuses_games_too_big_to_draw() {
        let tree = GameTree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
        assert_eq!(expand(&tree, &tree.root(), 100).unwrap(), tree);
        assert!(expand(&tree, &tree.root(), 5).is_err());
    }
}
