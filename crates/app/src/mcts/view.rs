//! A run as the page shows it: the nodes added while it was recorded, its events, the root
//! moves' visits over the run and their exact values; each step's frame, marks, caption and
//! scene.

use super::*;
use crate::scene::{
    text_width, type_size, GamePicture, Metrics, NodeMark, Scene, Shape, Shown, SizedTree, Status,
};
use arbor_game::{replay_tree, MctsEvent, MctsId};
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// Whose turn it is at a node (or that the game is over there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Turn {
    /// MAX (the first player) moves.
    Max,
    /// MIN (the second player) moves.
    Min,
    /// A leaf, or a finished game.
    End,
}

/// A node MCTS added while it was recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct McNode {
    /// Its move's name (the root: the tree's root label, or "start").
    pub label: String,
    /// Whose turn it is there.
    pub turn: Turn,
    /// A game's node: the picture of its position (a tree's: none).
    #[serde(default)]
    pub picture: Option<GamePicture>,
}

/// The exact value of a root move, where the game can be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Exact {
    /// An explicit tree: the child's minimax value (for MAX).
    Value(i32),
    /// A game: 1 the player making the move wins, 0 a draw, −1 a loss, with perfect play.
    Outcome(i8),
}

/// A root move, at the end of the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RootMove {
    /// Its name.
    pub label: String,
    /// Visits.
    pub visits: u64,
    /// Mean reward for the player making the move.
    pub mean: f64,
    /// Its exact value, if it could be found (`None`: the game is too big to solve here).
    pub exact: Option<Exact>,
    /// Minimax's choice (one of the best by the exact values).
    pub optimal: bool,
}

/// The root moves' visits at one iteration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sample {
    /// After this many iterations.
    pub iteration: u64,
    /// Each root move's visits (in the order of [`MctsView::moves`]).
    pub visits: Vec<u64>,
}

/// A run as the page shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MctsView {
    /// Every node added in the recorded iterations, by id.
    pub nodes: Vec<McNode>,
    /// The recorded iterations' events; a move is an index into `names`.
    pub events: Vec<MctsEvent<u32>>,
    /// Move names.
    pub names: Vec<String>,
    /// Iterations run.
    pub iterations: u64,
    /// Iterations recorded.
    pub recorded: u64,
    /// The root's moves, in the order MCTS added them.
    pub moves: Vec<RootMove>,
    /// The root moves' visits over the run.
    pub samples: Vec<Sample>,
    /// The move MCTS plays (an index into `moves`): the most visited.
    pub best: Option<usize>,
    /// How a playout's end becomes a reward for MAX, in words.
    pub reward_rule: String,
    /// The player to move at the root (0 MAX, 1 MIN).
    pub root_player: usize,
    /// The sides' names (MAX, MIN; or X, O …).
    pub sides: [String; 2],
}

/// What happened at one step, and the state of the tree after it.
pub struct Frame<'a> {
    /// Every node added so far: visits and rewards.
    pub nodes: Vec<arbor_game::ReplayedNode<u32>>,
    /// The event just replayed (none at step 0).
    pub event: Option<&'a MctsEvent<u32>>,
    /// The iteration it belongs to (0 before the first).
    pub iteration: u64,
    /// The iteration's path so far, root first.
    pub path: Vec<MctsId>,
}

/// The phase an event belongs to: 0 selection, 1 expansion, 2 simulation, 3 backpropagation.
pub fn phase(event: &MctsEvent<u32>) -> usize {
    match event {
        MctsEvent::Iteration { .. } | MctsEvent::Select { .. } => 0,
        MctsEvent::Expand { .. } => 1,
        MctsEvent::Simulate { .. } => 2,
        MctsEvent::Backpropagate { .. } => 3,
    }
}

impl MctsView {
    /// Steps: one per event.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// No steps.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// The tree after `step` events, the event and the iteration's path.
    pub fn frame(&self, step: usize) -> Frame<'_> {
        let step = step.min(self.events.len());
        let nodes = replay_tree(&self.events, step);
        let mut iteration = 0;
        let mut path = vec![0];
        for e in &self.events[..step] {
            match e {
                MctsEvent::Iteration { i } => {
                    iteration = *i;
                    path = vec![0];
                }
                MctsEvent::Select { chosen, .. } => path.push(*chosen),
                MctsEvent::Expand { child, .. } => path.push(*child),
                MctsEvent::Backpropagate { path: p, .. } => path = p.clone(),
                MctsEvent::Simulate { .. } => {}
            }
        }
        Frame {
            nodes,
            event: step.checked_sub(1).map(|k| &self.events[k]),
            iteration,
            path,
        }
    }

    /// A node's name.
    pub fn label(&self, id: MctsId) -> &str {
        self.nodes
            .get(id as usize)
            .map_or("?", |n| n.label.as_str())
    }

    /// The name of the player who moved into a node (the root: who moves there).
    fn mover_name(&self, mover: usize) -> &str {
        &self.sides[mover.min(1)]
    }

    /// The sentence that says what the step did.
    pub fn caption(&self, frame: &Frame<'_>) -> String {
        let Some(event) = frame.event else {
            return format!(
                "Ready: {} iterations of select, expand, simulate, backpropagate from the root, {} to move. {}",
                self.iterations,
                self.mover_name(self.root_player),
                crate::control::STEP_TO_BEGIN
            );
        };
        match event {
            MctsEvent::Iteration { i } => format!(
                "Iteration {i}. Selection starts at the root, visited {} times so far.",
                frame.nodes[0].visits
            ),
            MctsEvent::Select {
                node,
                visits,
                scores,
                chosen,
            } => {
                let c = scores.iter().find(|s| s.child == *chosen).copied();
                let who = frame.nodes.get(*chosen as usize).map_or(0, |n| n.mover);
                match c {
                    Some(c) => format!(
                        "Selection at {} (N = {visits}): every move has been tried, so UCB1 picks the child to follow. {} chooses {}: mean {} + exploration {} = {}, the highest of {}.",
                        self.label(*node),
                        self.mover_name(who),
                        self.label(*chosen),
                        number(c.mean),
                        number(c.explore),
                        number(c.value()),
                        scores.len()
                    ),
                    None => format!("Selection at {} chooses {}.", self.label(*node), self.label(*chosen)),
                }
            }
            MctsEvent::Expand { node, mv, mover, .. } => format!(
                "Expansion: {} has moves not yet tried; one of them, {} by {}, drawn at random, becomes a new node.",
                self.label(*node),
                self.names.get(*mv as usize).map_or("?", String::as_str),
                self.mover_name(*mover)
            ),
            MctsEvent::Simulate {
                from,
                moves,
                utility,
                reward,
            } => {
                let line = moves
                    .iter()
                    .map(|m| self.names.get(*m as usize).map_or("?", String::as_str))
                    .collect::<Vec<_>>()
                    .join(" ");
                let from = self.label(*from);
                if moves.is_empty() {
                    format!(
                        "Simulation: {from} is already the end (utility {}), so there is nothing to play out: the reward for MAX is {}.",
                        crate::scene::show_value(*utility),
                        number(*reward)
                    )
                } else {
                    format!(
                        "Simulation: random moves from {from} to the end — {line} — reach utility {}: the reward for MAX is {}.",
                        crate::scene::show_value(*utility),
                        number(*reward)
                    )
                }
            }
            MctsEvent::Backpropagate { path, reward } => format!(
                "Backpropagation: {} on the path {} a visit and the reward of the player who moved into {}: {} for MAX's moves, {} for MIN's.",
                if path.len() == 1 { "the one node".to_string() } else { format!("the {} nodes", path.len()) },
                if path.len() == 1 { "gains" } else { "each gain" },
                if path.len() == 1 { "it" } else { "them" },
                number(*reward),
                number(1.0 - reward)
            ),
        }
    }

    /// What every drawn node shows at a step (by id, for the nodes added so far).
    pub fn marks(&self, frame: &Frame<'_>) -> Vec<NodeMark> {
        let current = frame.path.last().copied();
        frame
            .nodes
            .iter()
            .enumerate()
            .map(|(id, n)| {
                let id = id as MctsId;
                let value = if n.visits == 0 {
                    Shown::Nothing
                } else if id == 0 {
                    Shown::Text(format!("n {}", n.visits).into())
                } else {
                    Shown::Text(format!("{}/{}", number(n.reward), n.visits).into())
                };
                NodeMark {
                    status: if Some(id) == current {
                        Status::Current
                    } else {
                        Status::Visited
                    },
                    settled: n.visits > 0,
                    value,
                    principal: frame.path.contains(&id),
                    ..NodeMark::default()
                }
            })
            .collect()
    }

    /// The drawing of the tree after a step: the nodes added so far. A game's nodes are drawn
    /// as the tree behind a move draws them, each with its position's picture.
    pub fn scene(&self, added: usize) -> Scene {
        let added = added.min(self.nodes.len()).max(1);
        let keys: Vec<usize> = (0..added).collect();
        let parents = self.parents();
        // Room for a tally as wide as "99.5/100".
        let widest = text_width("99.5/100", type_size::VALUE, false);
        let shape = |k: usize| match self.nodes[k].turn {
            Turn::Max => Shape::Max,
            Turn::Min => Shape::Min,
            Turn::End => Shape::Leaf,
        };
        let parent = |k: usize| parents[k];
        let label = |k: usize| self.nodes[k].label.clone();
        let picture = |k: usize| self.nodes[k].picture.clone().map(Rc::new);
        let boards = self.nodes[0].picture.is_some();
        let metrics = Metrics {
            value_half: widest / 2.0,
            window_width: 0.0,
            label_width: self.nodes[..added]
                .iter()
                .map(|n| text_width(&n.label, type_size::SMALL, false))
                .fold(0.0, f64::max),
            tag_width: 0.0,
            fold_half: 0.0,
            leaf_half: widest / 2.0,
        };
        Scene::of_sized(
            &SizedTree {
                keys: &keys,
                parent: &parent,
                label: &label,
                shape: &shape,
                picture: boards.then_some(&picture as &dyn Fn(usize) -> Option<Rc<GamePicture>>),
                note: None,
            },
            &metrics,
            &|_| false,
        )
    }

    /// Each node's parent, from the expansions.
    fn parents(&self) -> Vec<Option<usize>> {
        let mut parents = vec![None; self.nodes.len()];
        for e in &self.events {
            if let MctsEvent::Expand { node, child, .. } = e {
                parents[*child as usize] = Some(*node as usize);
            }
        }
        parents
    }

    /// An exact value in words, for the player making the move.
    pub fn exact_text(&self, exact: Option<Exact>) -> String {
        match exact {
            None => "not solved here".into(),
            Some(Exact::Value(v)) => crate::scene::show_value(v),
            Some(Exact::Outcome(1)) => "wins".into(),
            Some(Exact::Outcome(0)) => "draws".into(),
            Some(Exact::Outcome(_)) => "loses".into(),
        }
    }
}
