//! Running MCTS and recording it for the page: the first iterations' events, the root moves'
//! visits sampled over the whole run, and each root move's exact value where the game can be
//! solved.

use super::*;
use crate::scene::GamePicture;
use arbor_game::{
    mcts, minimax, Budget, Game, MctsEvent, MctsId, MctsObserver, MctsRecorder, MctsTree, NodeId,
    Quiet, Ucb,
};

/// How the engine's events reach the page: the recorder of the first iterations, the root
/// moves' visits sampled over the whole run, and a call now and then to report progress.
struct Watch<'a, M> {
    recorder: MctsRecorder<M>,
    root_children: Vec<MctsId>,
    visits: Vec<u64>,
    every: u64,
    done: u64,
    samples: Vec<Sample>,
    progress: &'a mut dyn FnMut(u64),
}

impl<G: Game> MctsObserver<G> for Watch<'_, G::Move> {
    fn iteration(&mut self, i: u64) {
        MctsObserver::<G>::iteration(&mut self.recorder, i);
        if i.is_multiple_of(4096) {
            (self.progress)(i);
        }
    }
    fn select(&mut self, node: MctsId, visits: u64, scores: &[Ucb], chosen: MctsId) {
        MctsObserver::<G>::select(&mut self.recorder, node, visits, scores, chosen);
    }
    fn expand(&mut self, node: MctsId, child: MctsId, mv: G::Move, mover: usize) {
        MctsObserver::<G>::expand(&mut self.recorder, node, child, mv, mover);
        if node == 0 {
            self.root_children.push(child);
            self.visits.push(0);
        }
    }
    fn simulate(&mut self, from: MctsId, moves: &[G::Move], utility: i32, reward: f64) {
        MctsObserver::<G>::simulate(&mut self.recorder, from, moves, utility, reward);
    }
    fn backpropagate(&mut self, path: &[MctsId], reward: f64) {
        MctsObserver::<G>::backpropagate(&mut self.recorder, path, reward);
        if let Some(k) = path
            .get(1)
            .and_then(|c| self.root_children.iter().position(|r| r == c))
        {
            self.visits[k] += 1;
        }
        self.done += 1;
        if self.done.is_multiple_of(self.every) {
            self.samples.push(Sample {
                iteration: self.done,
                visits: self.visits.clone(),
            });
        }
    }
}

/// A root move's exact value, from the move and the position it leads to.
pub type ExactOf<'a, G> = dyn Fn(<G as Game>::Move, &<G as Game>::State) -> Option<Exact> + 'a;

/// A game's picture of a position.
pub type PictureOf<'a, G> = dyn Fn(&<G as Game>::State) -> GamePicture + 'a;

/// What a run needs to know of its game beyond the [`Game`] itself.
pub struct Setting<'a, G: Game> {
    /// The game.
    pub game: &'a G,
    /// The position searched.
    pub root: G::State,
    /// The root's label.
    pub root_label: String,
    /// A move's name.
    pub name: &'a dyn Fn(G::Move) -> String,
    /// A playout's end as a reward for MAX.
    pub reward: &'a dyn Fn(i32) -> f64,
    /// The reward, in words.
    pub reward_rule: String,
    /// A root move's exact value, where the game can be solved.
    pub exact: &'a ExactOf<'a, G>,
    /// The sides' names.
    pub sides: [String; 2],
    /// A game's picture of a position (a tree's nodes have none).
    pub picture: Option<&'a PictureOf<'a, G>>,
}

/// Runs MCTS for `request` if it searches an explicit tree (what practice runs in the page:
/// no game's code comes with it).
pub fn run_tree(request: &MctsRequest, progress: &mut dyn FnMut(u64)) -> Result<MctsView, String> {
    check_iterations(request)?;
    let Prepared::Tree(tree) = request.source.prepare()? else {
        return Err("this run searches a game, not a tree".into());
    };
    let (low, high) = tree.leaf_range();
    let span = f64::from(high) - f64::from(low);
    let reward = move |u: i32| {
        if span > 0.0 {
            (f64::from(u) - f64::from(low)) / span
        } else {
            0.5
        }
    };
    let exact =
        |_: NodeId, s: &NodeId| Some(Exact::Value(minimax(&tree, s, None, &mut Quiet).value));
    let name = |m: NodeId| tree.node(m).label.clone();
    grow(
        request,
        Setting {
            game: &tree,
            root: tree.root(),
            root_label: tree.node(tree.root()).label.clone(),
            name: &name,
            reward: &reward,
            reward_rule: if span > 0.0 {
                format!(
                    "the leaf's value scaled to [0, 1]: (v − {low}) / {}",
                    high - low
                )
            } else {
                "½: every leaf has the same value".into()
            },
            exact: &exact,
            sides: ["MAX".into(), "MIN".into()],
            picture: None,
        },
        progress,
    )
}

/// Grows the tree for `request` on the game `s` describes, recording the first iterations and
/// sampling the root moves' visits; the view the page steps.
pub fn grow<G: Game>(
    request: &MctsRequest,
    s: Setting<'_, G>,
    progress: &mut dyn FnMut(u64),
) -> Result<MctsView, String> {
    let options = request.options();
    let recorded = request.iterations.min(RECORD_ITERATIONS);
    let mut watch = Watch {
        recorder: MctsRecorder::with_limit(recorded),
        root_children: Vec::new(),
        visits: Vec::new(),
        every: request.iterations.div_ceil(400),
        done: 0,
        samples: Vec::new(),
        progress,
    };
    let tree = mcts(
        s.game,
        &s.root,
        &options,
        &Budget::unlimited(),
        s.reward,
        &mut watch,
    );
    let (events, names) = named_events(watch.recorder.events, s.name);
    let added = events
        .iter()
        .filter(|e| matches!(e, MctsEvent::Expand { .. }))
        .count();
    let nodes = recorded_nodes(&tree, added, &s);
    let moves = root_moves(&tree, &s);
    let root_player = s.game.to_move(&s.root);
    let best = tree
        .best()
        .and_then(|(id, _)| tree.nodes[0].children.iter().position(|&c| c == id));
    let mut samples = watch.samples;
    if samples.last().map(|x| x.iteration) != Some(tree.iterations) {
        samples.push(Sample {
            iteration: tree.iterations,
            visits: watch.visits.clone(),
        });
    }
    Ok(MctsView {
        nodes,
        events,
        names,
        iterations: tree.iterations,
        recorded,
        moves,
        samples,
        best,
        reward_rule: s.reward_rule,
        root_player,
        sides: s.sides,
    })
}

/// The recorded events with each move given by its name's number in the list of names, each
/// name once; and that list.
fn named_events<M>(
    events: Vec<MctsEvent<M>>,
    name: &dyn Fn(M) -> String,
) -> (Vec<MctsEvent<u32>>, Vec<String>) {
    let mut names: Vec<String> = Vec::new();
    let mut intern = |m: M| {
        let n = name(m);
        match names.iter().position(|x| *x == n) {
            Some(k) => k as u32,
            None => {
                names.push(n);
                names.len() as u32 - 1
            }
        }
    };
    let events = events
        .into_iter()
        .map(|e| e.map_moves(&mut intern))
        .collect();
    (events, names)
}

/// The nodes the recorded iterations added (and the root): each one's name, whose turn it is
/// there and, in a game, the picture of its position.
fn recorded_nodes<G: Game>(tree: &MctsTree<G>, added: usize, s: &Setting<'_, G>) -> Vec<McNode> {
    let turn = |state: &G::State| {
        if s.game.is_terminal(state) {
            Turn::End
        } else if s.game.to_move(state) == 0 {
            Turn::Max
        } else {
            Turn::Min
        }
    };
    tree.nodes[..=added]
        .iter()
        .map(|n| McNode {
            label: n.mv.map_or_else(|| s.root_label.clone(), s.name),
            turn: turn(&n.state),
            picture: s.picture.map(|p| p(&n.state)),
        })
        .collect()
}

/// The root's moves after the whole run: visits, mean reward, exact value where the game can
/// be solved, and which are minimax's choice (the best exact value for the player to move,
/// when every move has one).
fn root_moves<G: Game>(tree: &MctsTree<G>, s: &Setting<'_, G>) -> Vec<RootMove> {
    let mut moves: Vec<RootMove> = tree.nodes[0]
        .children
        .iter()
        .map(|&c| {
            let n = &tree.nodes[c as usize];
            RootMove {
                label: n.mv.map_or_else(String::new, s.name),
                visits: n.visits,
                mean: n.mean(),
                exact: n.mv.and_then(|mv| (s.exact)(mv, &n.state)),
                optimal: false,
            }
        })
        .collect();
    let root_player = s.game.to_move(&s.root);
    let score = |e: Exact| match e {
        Exact::Value(v) if root_player == 0 => i64::from(v),
        Exact::Value(v) => -i64::from(v),
        Exact::Outcome(o) => i64::from(o),
    };
    let scores: Option<Vec<i64>> = moves.iter().map(|m| m.exact.map(score)).collect();
    if let Some(best) = scores.as_ref().and_then(|v| v.iter().max().copied()) {
        for (m, v) in moves.iter_mut().zip(scores.iter().flatten()) {
            m.optimal = *v == best;
        }
    }
    moves
}
