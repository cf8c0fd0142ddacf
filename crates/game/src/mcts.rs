//! Monte Carlo tree search with UCT, observed iteration by iteration and phase by phase.
//!
//! Each iteration has four phases:
//!
//! 1. **Selection** — from the root, while the node is fully expanded and not terminal, go to the
//!    child with the highest UCB1 value, `Q/n + c·√(ln N / n)`: the child's mean reward for the
//!    player who chose it (exploitation) plus the exploration term (N the parent's visits, n the
//!    child's). Ties go to the leftmost child.
//! 2. **Expansion** — if the node reached is not terminal, one of its untried moves (drawn with
//!    the seeded generator) becomes a new child.
//! 3. **Simulation** — from the new node, uniformly random moves to the end of the game (a
//!    *playout*); its utility becomes a reward in [0, 1] for MAX through the caller's mapping.
//! 4. **Backpropagation** — every node on the path gains a visit and the reward of the player
//!    who moved into it (MAX's reward, or 1 minus it for MIN).
//!
//! The move played is the root's most visited child (ties: the higher mean, then the leftmost).
//! Everything random comes from [`SplitMix64`] seeded by the caller: the same seed, the same
//! run. Two-player games only.

use arbor_util::{Budget, SplitMix64};

use crate::game::Game;

/// Settings of a run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsOptions {
    /// Iterations to run (a [`Budget`] may stop the run sooner).
    pub iterations: u64,
    /// The exploration constant c (√2 is the textbook's for rewards in [0, 1]).
    pub exploration: f64,
    /// The seed of the expansion and playout choices.
    pub seed: u64,
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions {
            iterations: 1000,
            exploration: std::f64::consts::SQRT_2,
            seed: 1,
        }
    }
}

/// Index of a node in an [`MctsTree`] (the root is 0; nodes are numbered as they are added).
pub type MctsId = u32;

/// One node of the search tree MCTS grows.
#[derive(Clone)]
pub struct MctsNode<G: Game> {
    /// The position.
    pub state: G::State,
    /// The move from the parent (`None` at the root).
    pub mv: Option<G::Move>,
    /// The parent.
    pub parent: Option<MctsId>,
    /// Children, in the order they were added.
    pub children: Vec<MctsId>,
    /// Moves not yet tried from here.
    pub untried: Vec<G::Move>,
    /// Times this node was on an iteration's path.
    pub visits: u64,
    /// Sum of the rewards, for the player who moved into this node.
    pub reward: f64,
    /// The player who moved into this node (0, MAX, at the root: its reward is MAX's).
    pub mover: usize,
}

impl<G: Game> MctsNode<G> {
    /// The mean reward for the player who moved here (0 before any visit).
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / self.visits as f64
        }
    }
}

/// A child's UCB1 value as its terms, at the moment selection compared it.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Ucb {
    /// The child.
    pub child: MctsId,
    /// Its visits n.
    pub visits: u64,
    /// Exploitation: its mean reward Q/n for the player choosing.
    pub mean: f64,
    /// Exploration: c·√(ln N / n).
    pub explore: f64,
}

impl Ucb {
    /// mean + explore.
    pub fn value(&self) -> f64 {
        self.mean + self.explore
    }
}

/// Hooks MCTS calls as it goes; every method has an empty default.
pub trait MctsObserver<G: Game> {
    /// Iteration `i` (from 1) begins.
    fn iteration(&mut self, _i: u64) {}
    /// Selection at `node`, a parent with `visits` visits: every child's UCB1 terms, and the
    /// child taken.
    fn select(&mut self, _node: MctsId, _visits: u64, _scores: &[Ucb], _chosen: MctsId) {}
    /// `child` is added below `node` by `mv`, played by `mover`.
    fn expand(&mut self, _node: MctsId, _child: MctsId, _mv: G::Move, _mover: usize) {}
    /// A playout from `from`: its moves, the end's utility (MAX's) and MAX's reward.
    fn simulate(&mut self, _from: MctsId, _moves: &[G::Move], _utility: i32, _reward: f64) {}
    /// The nodes on the path, root first, each gain a visit and MAX's `reward` (or 1 minus it
    /// for the nodes MIN moved into).
    fn backpropagate(&mut self, _path: &[MctsId], _reward: f64) {}
    /// Iteration `tree.iterations` is over: the tree as it stands (what a player stopping the
    /// search now would choose from, [`MctsTree::best`]).
    fn done(&mut self, _tree: &MctsTree<G>) {}
}

impl<G: Game> MctsObserver<G> for crate::observe::Quiet {}

/// One thing that happened in an MCTS run.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum MctsEvent<M> {
    /// An iteration begins.
    Iteration {
        /// Its number, from 1.
        i: u64,
    },
    /// Selection took a child.
    Select {
        /// The parent.
        node: MctsId,
        /// The parent's visits N.
        visits: u64,
        /// Every child's terms.
        scores: Vec<Ucb>,
        /// The child taken.
        chosen: MctsId,
    },
    /// A node was added.
    Expand {
        /// The parent.
        node: MctsId,
        /// The new node.
        child: MctsId,
        /// Its move.
        mv: M,
        /// The player who played it.
        mover: usize,
    },
    /// A playout.
    Simulate {
        /// The node it started from.
        from: MctsId,
        /// Its moves.
        moves: Vec<M>,
        /// MAX's utility at its end.
        utility: i32,
        /// MAX's reward.
        reward: f64,
    },
    /// Backpropagation.
    Backpropagate {
        /// The path, root first.
        path: Vec<MctsId>,
        /// MAX's reward.
        reward: f64,
    },
}

impl<M> MctsEvent<M> {
    /// The same event with each move replaced by `f`'s (a name, an index into a table).
    pub fn map_moves<N>(self, mut f: impl FnMut(M) -> N) -> MctsEvent<N> {
        match self {
            MctsEvent::Iteration { i } => MctsEvent::Iteration { i },
            MctsEvent::Select {
                node,
                visits,
                scores,
                chosen,
            } => MctsEvent::Select {
                node,
                visits,
                scores,
                chosen,
            },
            MctsEvent::Expand {
                node,
                child,
                mv,
                mover,
            } => MctsEvent::Expand {
                node,
                child,
                mv: f(mv),
                mover,
            },
            MctsEvent::Simulate {
                from,
                moves,
                utility,
                reward,
            } => MctsEvent::Simulate {
                from,
                moves: moves.into_iter().map(f).collect(),
                utility,
                reward,
            },
            MctsEvent::Backpropagate { path, reward } => MctsEvent::Backpropagate { path, reward },
        }
    }
}

/// Keeps the events of the first `limit` iterations.
#[derive(Clone, Debug)]
pub struct MctsRecorder<M> {
    /// The events so far.
    pub events: Vec<MctsEvent<M>>,
    limit: u64,
    recording: bool,
}

impl<M> MctsRecorder<M> {
    /// Records the first `limit` iterations.
    pub fn with_limit(limit: u64) -> Self {
        MctsRecorder {
            events: Vec::new(),
            limit,
            recording: true,
        }
    }
}

impl<G: Game> MctsObserver<G> for MctsRecorder<G::Move> {
    fn iteration(&mut self, i: u64) {
        self.recording = i <= self.limit;
        if self.recording {
            self.events.push(MctsEvent::Iteration { i });
        }
    }
    fn select(&mut self, node: MctsId, visits: u64, scores: &[Ucb], chosen: MctsId) {
        if self.recording {
            self.events.push(MctsEvent::Select {
                node,
                visits,
                scores: scores.to_vec(),
                chosen,
            });
        }
    }
    fn expand(&mut self, node: MctsId, child: MctsId, mv: G::Move, mover: usize) {
        if self.recording {
            self.events.push(MctsEvent::Expand {
                node,
                child,
                mv,
                mover,
            });
        }
    }
    fn simulate(&mut self, from: MctsId, moves: &[G::Move], utility: i32, reward: f64) {
        if self.recording {
            self.events.push(MctsEvent::Simulate {
                from,
                moves: moves.to_vec(),
                utility,
                reward,
            });
        }
    }
    fn backpropagate(&mut self, path: &[MctsId], reward: f64) {
        if self.recording {
            self.events.push(MctsEvent::Backpropagate {
                path: path.to_vec(),
                reward,
            });
        }
    }
}

/// The tree a run grew, and how it ended.
#[derive(Clone)]
pub struct MctsTree<G: Game> {
    /// Every node, root first, in the order added.
    pub nodes: Vec<MctsNode<G>>,
    /// Iterations run.
    pub iterations: u64,
    /// True when the budget stopped the run before its iterations.
    pub aborted: bool,
}

impl<G: Game> MctsTree<G> {
    /// The root's most visited child (ties: the higher mean, then the leftmost) and its move.
    pub fn best(&self) -> Option<(MctsId, G::Move)> {
        let root = &self.nodes[0];
        let mut best: Option<&MctsNode<G>> = None;
        let mut best_id = 0;
        for &c in &root.children {
            let n = &self.nodes[c as usize];
            let better = best.is_none_or(|b| {
                n.visits > b.visits || (n.visits == b.visits && n.mean() > b.mean())
            });
            if better {
                best = Some(n);
                best_id = c;
            }
        }
        best.and_then(|n| n.mv.map(|m| (best_id, m)))
    }
}

/// Runs MCTS from `root`. `reward` maps a terminal utility (MAX's) to MAX's reward in [0, 1] —
/// win 1, draw ½, loss 0 for a game; a leaf value scaled by the tree's range for an explicit
/// tree.
///
/// ```
/// use arbor_game::{mcts, Budget, GameTree, MctsOptions, Quiet};
/// let tree = GameTree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
/// let reward = |u: i32| f64::from(u - 2) / 12.0;
/// let options = MctsOptions { iterations: 2000, ..MctsOptions::default() };
/// let run = mcts(&tree, &tree.root(), &options, &Budget::unlimited(), reward, &mut Quiet);
/// // Minimax's move: B (worth 3 against 2 and 2).
/// assert_eq!(run.best().map(|(_, mv)| tree.node(mv).label.as_str()), Some("B"));
/// ```
pub fn mcts<G: Game, O: MctsObserver<G>>(
    game: &G,
    root: &G::State,
    options: &MctsOptions,
    budget: &Budget,
    reward: impl Fn(i32) -> f64,
    observer: &mut O,
) -> MctsTree<G> {
    let mut rng = SplitMix64(options.seed);
    let mut tree = MctsTree {
        nodes: vec![new_node(game, root.clone(), None, None, 0)],
        iterations: 0,
        aborted: false,
    };
    let mut path = Vec::new();
    let mut scores = Vec::new();
    let mut playout = Vec::new();
    let mut moves = Vec::new();
    for i in 1..=options.iterations {
        if budget.charge(i).is_err() {
            tree.aborted = true;
            break;
        }
        observer.iteration(i);
        tree.iterations = i;
        select(&tree, options.exploration, &mut path, &mut scores, observer);
        expand(game, &mut tree, &mut rng, &mut path, observer);
        let at = path[path.len() - 1];
        let from = &tree.nodes[at as usize].state;
        let utility = simulate(game, from, &mut rng, &mut playout, &mut moves);
        let r = reward(utility);
        observer.simulate(at, &playout, utility, r);
        backpropagate(&mut tree, &path, r);
        observer.backpropagate(&path, r);
        observer.done(&tree);
    }
    tree
}

/// Selection: from the root down the children of highest UCB value, while each node has
/// children and no move left untried. `path` is left holding the nodes, root first.
#[inline]
fn select<G: Game, O: MctsObserver<G>>(
    tree: &MctsTree<G>,
    exploration: f64,
    path: &mut Vec<MctsId>,
    scores: &mut Vec<Ucb>,
    observer: &mut O,
) {
    path.clear();
    let mut at: MctsId = 0;
    path.push(at);
    loop {
        let node = &tree.nodes[at as usize];
        if !node.untried.is_empty() || node.children.is_empty() {
            break;
        }
        let ln_n = (node.visits as f64).ln();
        scores.clear();
        for &c in &node.children {
            let child = &tree.nodes[c as usize];
            let n = child.visits as f64;
            scores.push(Ucb {
                child: c,
                visits: child.visits,
                mean: child.reward / n,
                explore: exploration * (ln_n / n).sqrt(),
            });
        }
        let mut chosen = scores[0];
        for s in &scores[1..] {
            if s.value() > chosen.value() {
                chosen = *s;
            }
        }
        observer.select(at, node.visits, scores, chosen.child);
        at = chosen.child;
        path.push(at);
    }
}

/// Expansion: if the node selected (the last of `path`) has a move untried, one of them at
/// random becomes its new child, added to `path`.
#[inline]
fn expand<G: Game, O: MctsObserver<G>>(
    game: &G,
    tree: &mut MctsTree<G>,
    rng: &mut SplitMix64,
    path: &mut Vec<MctsId>,
    observer: &mut O,
) {
    let at = path[path.len() - 1];
    if tree.nodes[at as usize].untried.is_empty() {
        return;
    }
    let untried = &mut tree.nodes[at as usize].untried;
    let k = rng.range(0, untried.len() as i64 - 1) as usize;
    let mv = untried.swap_remove(k);
    let parent = &tree.nodes[at as usize].state;
    let (state, mover) = (game.result(parent, mv), game.to_move(parent));
    let child = tree.nodes.len() as MctsId;
    tree.nodes
        .push(new_node(game, state, Some(mv), Some(at), mover));
    tree.nodes[at as usize].children.push(child);
    observer.expand(at, child, mv, mover);
    path.push(child);
}

/// Simulation: random moves from `from` to the end of the game (kept in `playout`); the
/// terminal utility.
#[inline]
fn simulate<G: Game>(
    game: &G,
    from: &G::State,
    rng: &mut SplitMix64,
    playout: &mut Vec<G::Move>,
    moves: &mut Vec<G::Move>,
) -> i32 {
    playout.clear();
    let mut state = from.clone();
    while !game.is_terminal(&state) {
        moves.clear();
        game.actions(&state, moves);
        let mv = moves[rng.range(0, moves.len() as i64 - 1) as usize];
        playout.push(mv);
        state = game.result(&state, mv);
    }
    game.utility(&state)
}

/// Backpropagation: each node of `path` counts the visit and keeps the reward of the player who
/// moved into it (MAX's reward `r`, or 1 − r).
#[inline]
fn backpropagate<G: Game>(tree: &mut MctsTree<G>, path: &[MctsId], r: f64) {
    for &id in path {
        let node = &mut tree.nodes[id as usize];
        node.visits += 1;
        node.reward += if node.mover == 0 { r } else { 1.0 - r };
    }
}

fn new_node<G: Game>(
    game: &G,
    state: G::State,
    mv: Option<G::Move>,
    parent: Option<MctsId>,
    mover: usize,
) -> MctsNode<G> {
    let mut untried = Vec::new();
    if !game.is_terminal(&state) {
        game.actions(&state, &mut untried);
    }
    MctsNode {
        state,
        mv,
        parent,
        children: Vec::new(),
        untried,
        visits: 0,
        reward: 0.0,
        mover,
    }
}

/// A node as a recorded run rebuilds it: enough to draw the tree after any event.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayedNode<M> {
    /// The parent.
    pub parent: Option<MctsId>,
    /// The move from the parent.
    pub mv: Option<M>,
    /// Children in the order added.
    pub children: Vec<MctsId>,
    /// Visits so far.
    pub visits: u64,
    /// Reward so far, for the player who moved into the node.
    pub reward: f64,
    /// The player who moved into the node.
    pub mover: usize,
}

/// The tree after the first `upto` events of a recording, rebuilt from the events alone (the
/// stepper draws it; a test checks it against the run's own tree).
pub fn replay_tree<M: Copy>(events: &[MctsEvent<M>], upto: usize) -> Vec<ReplayedNode<M>> {
    let mut nodes = vec![ReplayedNode {
        parent: None,
        mv: None,
        children: Vec::new(),
        visits: 0,
        reward: 0.0,
        mover: 0,
    }];
    for e in &events[..upto.min(events.len())] {
        match e {
            MctsEvent::Expand {
                node,
                child,
                mv,
                mover,
            } => {
                debug_assert_eq!(*child as usize, nodes.len());
                nodes.push(ReplayedNode {
                    parent: Some(*node),
                    mv: Some(*mv),
                    children: Vec::new(),
                    visits: 0,
                    reward: 0.0,
                    mover: *mover,
                });
                nodes[*node as usize].children.push(*child);
            }
            MctsEvent::Backpropagate { path, reward } => {
                for &id in path {
                    let n = &mut nodes[id as usize];
                    n.visits += 1;
                    n.reward += if n.mover == 0 { *reward } else { 1.0 - reward };
                }
            }
            _ => {}
        }
    }
    nodes
}
