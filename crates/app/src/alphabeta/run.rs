//! Running a search on a tree, recorded to be stepped; the trace export; the search behind a
//! game move as a run.

use super::*;
use crate::scene::show_value;
use arbor_game::replay::Replay;
use arbor_game::{
    alpha_beta, iterative_deepening, knuth_moore_minimum, maxn, minimax, AlphaBetaOptions, Budget,
    Fail, GameTree, NodeId, Ordering, Quiet, Recorder, Stats, Trace,
};
use std::rc::Rc;

/// A search run on a tree, ready to step through.
#[derive(Debug)]
pub struct Run {
    /// The recorded search over the tree.
    pub replay: Replay,
    /// The algorithm that ran (max^n whenever the tree has three or more players).
    pub algorithm: Algorithm,
    /// Its counts.
    pub stats: Stats,
    /// Plain minimax's counts on the same tree (and depth limit), for comparison (none for the
    /// partial tree of a game's search).
    pub minimax: Option<Stats>,
    /// For a uniform tree, the fewest leaves any search must evaluate.
    pub knuth_moore: Option<u64>,
    /// The root's value (two players) or vector.
    pub result: String,
    /// Counts at the end of the replay.
    pub end: arbor_game::replay::FrameStats,
    /// What a limit cut short, in words (the search's node budget, or the record's size).
    pub limited: Option<String>,
}

/// The most nodes a search the stepper records may visit: every search but iterative
/// deepening enters each node of a tree (at most [`arbor_game::MAX_NODES`]) once, and
/// iterative deepening stops here, keeping its deepest finished iteration.
pub const STEPPER_NODE_BUDGET: u64 = 1_000_000;
/// The most nodes the stepper records (about 250 bytes each with their events); the search
/// goes on unrecorded beyond them, and the page says so.
pub const STEPPER_RECORD_LIMIT: usize = 250_000;

/// A tree node as the trace export describes it.
#[derive(Debug, serde::Serialize)]
pub struct ExportNode {
    /// Its id (events' trace nodes name it in `tree_node`).
    pub id: u32,
    /// Its path from the root, as `data-node` on the page: `r`, `r.0`, `r.0.1`, …
    pub path: String,
    /// Its label.
    pub label: String,
    /// Who moves there: `max` / `min` (two players) or the player's number.
    pub player: String,
    /// A leaf's utility (one entry, or one per player).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub payoff: Vec<i32>,
    /// Its children's ids, left to right.
    pub children: Vec<u32>,
}

/// A node the search entered.
#[derive(Debug, serde::Serialize)]
pub struct ExportTraceNode {
    /// The tree node.
    pub tree_node: u32,
    /// Its path.
    pub path: String,
    /// The trace node it was entered from.
    pub parent: Option<u32>,
}

/// The trace as exported: the tree, the nodes the search entered, and every event in order
/// (events name trace nodes by index into `trace_nodes`).
#[derive(Debug, serde::Serialize)]
pub struct TraceExport<'a> {
    /// Always `"arbor-game-trace"`.
    pub format: &'static str,
    /// Bumped if the shape changes.
    pub version: u32,
    /// The link that shows this search.
    pub link: String,
    /// The algorithm (URL name).
    pub algorithm: &'static str,
    /// The move order (URL name).
    pub ordering: &'static str,
    /// The depth limit.
    pub depth: Option<u32>,
    /// The root's value (or vector), as shown.
    pub result: String,
    /// The tree in Arbor's text form.
    pub tree_text: String,
    /// Every node of the tree, breadth-first.
    pub tree: Vec<ExportNode>,
    /// The nodes the search entered, in order of entry.
    pub trace_nodes: Vec<ExportTraceNode>,
    /// What happened, in order.
    pub events: &'a [arbor_game::Event<NodeId>],
    /// The counts.
    pub stats: Stats,
}

/// The export of a run, for `link`.
pub fn trace_export<'a>(
    run: &'a Run,
    ordering: Ordering,
    depth: Option<u32>,
    link: String,
) -> TraceExport<'a> {
    let tree = run.replay.tree();
    let trace = run.replay.trace();
    let player = |id: NodeId| match (tree.players(), tree.player_at(id)) {
        (2, 0) => "max".to_string(),
        (2, _) => "min".to_string(),
        (_, p) => (p + 1).to_string(),
    };
    TraceExport {
        format: "arbor-game-trace",
        version: 2,
        link,
        algorithm: run.algorithm.key(),
        ordering: ordering_key(ordering),
        depth,
        result: run.result.clone(),
        tree_text: tree.to_text(),
        tree: tree
            .nodes()
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let id = NodeId(i as u32);
                ExportNode {
                    id: id.0,
                    path: tree.path(id),
                    label: n.label.clone(),
                    player: player(id),
                    payoff: n.payoff.clone(),
                    children: n.children.iter().map(|c| c.0).collect(),
                }
            })
            .collect(),
        trace_nodes: trace
            .nodes
            .iter()
            .map(|n| ExportTraceNode {
                tree_node: n.state.0,
                path: tree.path(n.state),
                parent: n.parent,
            })
            .collect(),
        events: &trace.events,
        stats: run.stats,
    }
}

/// Runs the chosen search on `tree`, recording it.
pub fn run(tree: &GameTree, algorithm: Algorithm, ordering: Ordering, depth: Option<u32>) -> Run {
    run_shared(Rc::new(tree.clone()), algorithm, ordering, depth)
}

/// [`run`] on a tree the caller shares (a large tree is not copied for the replay).
pub fn run_shared(
    shared: Rc<GameTree>,
    algorithm: Algorithm,
    ordering: Ordering,
    depth: Option<u32>,
) -> Run {
    let tree = &*shared;
    let root = tree.root();
    let algorithm = if tree.players() > 2 {
        Algorithm::MaxN
    } else if algorithm == Algorithm::MaxN {
        Algorithm::AlphaBeta
    } else {
        algorithm
    };
    let mut recorder = Recorder::with_limit(STEPPER_RECORD_LIMIT);
    let (stats, result, stopped) = search(tree, algorithm, ordering, depth, &mut recorder);
    let minimax_stats = if tree.players() > 2 {
        stats
    } else {
        minimax(tree, &root, depth, &mut Quiet).stats
    };
    let trace = recorder.into_trace();
    let limited = limit_words(stopped, &stats, &trace);
    let replay = Replay::new(shared.clone(), trace);
    let end = replay.frame(replay.len()).stats;
    Run {
        limited,
        replay,
        end,
        algorithm,
        stats,
        minimax: Some(minimax_stats),
        knuth_moore: tree
            .uniform_shape()
            .filter(|_| depth.is_none())
            .and_then(|(b, d)| knuth_moore_minimum(b as u64, d)),
        result,
    }
}

/// Runs `algorithm` on `tree` into `recorder`: its counts, the root's value (or vector) as
/// shown, and whether it stopped at the stepper's node budget (iterative deepening only).
fn search(
    tree: &GameTree,
    algorithm: Algorithm,
    ordering: Ordering,
    depth: Option<u32>,
    recorder: &mut Recorder<NodeId, NodeId>,
) -> (Stats, String, bool) {
    let root = tree.root();
    let options = AlphaBetaOptions {
        fail: if algorithm == Algorithm::AlphaBetaHard {
            Fail::Hard
        } else {
            Fail::Soft
        },
        ordering,
        depth,
        ..AlphaBetaOptions::default()
    };
    match algorithm {
        Algorithm::MaxN => {
            let o = maxn(tree, &root, depth, recorder);
            (o.stats, vector_text(&o.values), false)
        }
        Algorithm::Minimax => {
            let o = minimax(tree, &root, depth, recorder);
            (o.stats, show_value(o.value), false)
        }
        Algorithm::Deepening => {
            let options = AlphaBetaOptions {
                table_bits: Some(12),
                ..options
            };
            let d = iterative_deepening(
                tree,
                &root,
                &options,
                Budget::nodes(STEPPER_NODE_BUDGET),
                recorder,
                |_| {},
            );
            let value = d
                .best()
                .map_or_else(|| "?".to_string(), |o| show_value(o.value));
            (d.stats, value, d.aborted)
        }
        _ => {
            let o = alpha_beta(tree, &root, &options, recorder);
            (o.stats, show_value(o.value), false)
        }
    }
}

/// What a limit cut short, in words: the node budget that stopped iterative deepening, or the
/// nodes entered beyond the record (`None`: nothing).
fn limit_words(stopped: bool, stats: &Stats, trace: &Trace<NodeId, NodeId>) -> Option<String> {
    match (stopped, trace.omitted) {
        (true, _) => Some(format!(
            "Iterative deepening stopped after {} nodes, the most the stepper lets one search \
             visit: the value is its deepest finished iteration's{}.",
            stats.visited,
            if trace.omitted > 0 {
                format!(", and the first {} nodes are drawn", trace.nodes.len())
            } else {
                String::new()
            }
        )),
        (false, 0) => None,
        (false, omitted) => Some(format!(
            "The first {} nodes the search entered are drawn; {omitted} more are counted but \
             not recorded.",
            trace.nodes.len()
        )),
    }
}

/// The search behind a game move, recorded in the worker, ready to step: its tree, the run,
/// and each node's picture and whether the search entered it.
pub fn run_game(view: &crate::alphabeta::ExplainedView) -> Result<(GameTree, Run), String> {
    let tree = GameTree::parse(&view.tree)
        .map_err(|e| format!("the recorded tree could not be read: {e}"))?;
    if view.pictures.len() != tree.len() || view.explored.len() != tree.len() {
        return Err("the recorded tree and its pictures do not match".into());
    }
    let replay = Replay::new(tree.clone(), view.trace.clone());
    let end = replay.frame(replay.len());
    let root = end.nodes.first().and_then(|n| n.value);
    let stats = Stats {
        visited: view.trace.nodes.len() as u64 + view.trace.omitted,
        evaluated: end.stats.evaluated,
        cutoffs: end.stats.cutoffs,
        table_hits: end.stats.table_hits,
        table_stores: 0,
    };
    let run = Run {
        end: end.stats,
        replay,
        algorithm: if view.solver {
            Algorithm::Solver
        } else {
            Algorithm::Deepening
        },
        stats,
        minimax: None,
        knuth_moore: None,
        result: root.map_or_else(|| "?".to_string(), show_value),
        limited: None,
    };
    Ok((tree, run))
}
