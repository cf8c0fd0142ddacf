//! `arbor tree`: search an explicit tree given as text and print one JSON object.

use arbor_game::replay::{NodeStatus, Replay};
use arbor_game::{
    alpha_beta, expectiminimax, knuth_moore_minimum, maxn, minimax, AlphaBetaOptions, Event,
    ExpectEvent, ExpectOptions, ExpectRecorder, ExpectStats, Fail, GameTree, NodeId, Ordering,
    Recorder, Rule, Stats, Trace,
};
use clap::ValueEnum;
use serde::Serialize;

use crate::UsageError;

/// Arguments of `arbor tree`.
#[derive(clap::Args)]
pub struct Args {
    /// The search to run (a tree with utility vectors is searched with max^n whatever this says).
    #[arg(long, value_enum, default_value_t = Algo::Alphabeta)]
    algo: Algo,
    /// Alpha-beta's form: fail-soft (the textbook's) or fail-hard.
    #[arg(long, value_enum, default_value_t = FailArg::Soft)]
    fail: FailArg,
    /// The order alpha-beta tries moves in.
    #[arg(long, value_enum, default_value_t = OrderArg::Natural)]
    order: OrderArg,
    /// Search only this many plies; inner nodes at the limit are valued by their {evaluation}.
    #[arg(long)]
    depth: Option<u32>,
    /// Use a transposition table.
    #[arg(long)]
    table: bool,
    /// Expectimax and expectiminimax: every leaf lies in [L, U] ("-10,10"), so chance nodes may
    /// be pruned (Ballard's Star1) and decision nodes run alpha-beta.
    #[arg(long, value_parser = arbor_game::parse_bounds, allow_hyphen_values = true)]
    bounds: Option<(i32, i32)>,
    /// The tree in bracket form: a leaf is an integer, an inner node `[child, child, …]`,
    /// e.g. "[[3,12,8],[2,4,6],[14,5,2]]". Start with "min" for MIN at the root. A chance node
    /// is `?[a, b]` (equal chances) or `?[1/4: a, 3/4: b]`.
    tree: String,
}

#[derive(Clone, Copy, ValueEnum)]
enum Algo {
    /// Plain minimax: every node is searched.
    Minimax,
    /// Alpha-beta pruning.
    Alphabeta,
    /// Expectimax: chance nodes average their children, every decision node is MAX.
    Expectimax,
    /// Expectiminimax: chance nodes average, decision levels alternate MAX and MIN (chance
    /// nodes take no turn).
    Expectiminimax,
}

#[derive(Clone, Copy, ValueEnum)]
enum FailArg {
    Soft,
    Hard,
}

#[derive(Clone, Copy, ValueEnum)]
enum OrderArg {
    Natural,
    Reversed,
    Evaluation,
    Best,
    Worst,
}

#[derive(Serialize)]
struct Report {
    algo: &'static str,
    /// The root's value for MAX (two players).
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<i32>,
    /// The root's utility vector (three or more players).
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<Vec<i32>>,
    /// 0-based left-to-right indices of the leaves evaluated, in evaluation order.
    evaluated: Vec<usize>,
    /// Labels of the nodes never searched because of a cutoff, breadth-first.
    pruned: Vec<String>,
    /// Label of the best move's child.
    best: Option<String>,
    /// The principal variation, as labels from the root.
    principal: Vec<String>,
    stats: Stats,
    /// Leaves plain minimax evaluates on the same tree.
    minimax_evaluated: u64,
    /// For a uniform tree, the fewest leaves any search must evaluate (Knuth and Moore).
    #[serde(skip_serializing_if = "Option::is_none")]
    knuth_moore_minimum: Option<u64>,
}

#[derive(Serialize)]
struct ChanceReport {
    algo: &'static str,
    /// The root's value, as a number.
    value: f64,
    /// The same value as an exact fraction ("33/4").
    exact: String,
    /// 0-based left-to-right indices of the leaves evaluated, in evaluation order.
    evaluated: Vec<usize>,
    /// Labels of the nodes never searched because of a cutoff, breadth-first.
    pruned: Vec<String>,
    /// Label of the root's chosen child (a decision root).
    best: Option<String>,
    stats: ExpectStats,
    /// Leaves the search evaluates without pruning.
    unpruned_evaluated: u64,
}

fn run_chance(tree: &GameTree, args: &Args, rule: Rule) -> Result<(), UsageError> {
    if args.depth.is_some() || args.table {
        return Err(UsageError(
            "--depth and --table are for minimax and alpha-beta".into(),
        ));
    }
    let options = ExpectOptions {
        rule,
        bounds: args.bounds,
    };
    let mut rec = ExpectRecorder::default();
    let outcome =
        expectiminimax(tree, &options, &mut rec).map_err(|e| UsageError(e.to_string()))?;
    let unpruned = expectiminimax(
        tree,
        &ExpectOptions { rule, bounds: None },
        &mut arbor_game::Quiet,
    )
    .map_err(|e| UsageError(e.to_string()))?;
    let leaf_index = tree.leaf_indices();
    let mut pruned = vec![false; tree.len()];
    let mut evaluated = Vec::new();
    for e in &rec.events {
        match e {
            ExpectEvent::Leaf { node, .. } => evaluated.extend(leaf_index[node.index()]),
            ExpectEvent::Cutoff { skipped, .. } => {
                let mut stack = skipped.clone();
                while let Some(id) = stack.pop() {
                    pruned[id.index()] = true;
                    stack.extend(&tree.node(id).children);
                }
            }
            _ => {}
        }
    }
    let label = |id: NodeId| tree.node(id).label.clone();
    let report = ChanceReport {
        algo: match rule {
            Rule::Expectimax => "expectimax",
            Rule::Expectiminimax => "expectiminimax",
        },
        value: outcome.value.to_f64(),
        exact: outcome.value.to_string(),
        evaluated,
        pruned: (0..tree.len())
            .filter(|&i| pruned[i])
            .map(|i| label(NodeId(i as u32)))
            .collect(),
        best: outcome.best.map(label),
        stats: outcome.stats,
        unpruned_evaluated: unpruned.stats.evaluated,
    };
    println!(
        "{}",
        serde_json::to_string(&report).expect("a report serialises")
    );
    Ok(())
}

/// Runs `arbor tree`.
pub fn run(args: &Args) -> Result<(), UsageError> {
    let tree = GameTree::parse(&args.tree).map_err(|e| UsageError(format!("bad tree: {e}")))?;
    match args.algo {
        Algo::Expectimax => return run_chance(&tree, args, Rule::Expectimax),
        Algo::Expectiminimax => return run_chance(&tree, args, Rule::Expectiminimax),
        _ if tree.has_chance() => {
            return Err(UsageError(
                "the tree has chance nodes (?[…]), which minimax and alpha-beta cannot value: use --algo expectimax or --algo expectiminimax".into(),
            ))
        }
        _ if args.bounds.is_some() => {
            return Err(UsageError(
                "--bounds is for expectimax and expectiminimax".into(),
            ))
        }
        _ => {}
    }
    let mut recorder = Recorder::new();
    let searched = search(&tree, args, &mut recorder);
    let report = report(&tree, args, searched, recorder.into_trace());
    println!(
        "{}",
        serde_json::to_string(&report).expect("a report serialises")
    );
    Ok(())
}

/// What a search of a tree found: the search's name, the root's value for MAX (two players)
/// or its utility vector (more), the best move, and the counts.
struct Searched {
    name: &'static str,
    value: Option<i32>,
    values: Option<Vec<i32>>,
    best: Option<NodeId>,
    stats: Stats,
}

/// Searches a tree without chance nodes as `args` say (max^n for three or more players),
/// recorded.
fn search(tree: &GameTree, args: &Args, recorder: &mut Recorder<NodeId, NodeId>) -> Searched {
    let root = tree.root();
    let (name, value, values, best, stats) = if tree.players() > 2 {
        let o = maxn(tree, &root, args.depth, recorder);
        ("maxn", None, Some(o.values), o.best, o.stats)
    } else {
        match args.algo {
            Algo::Minimax => {
                let o = minimax(tree, &root, args.depth, recorder);
                ("minimax", Some(o.value), None, o.best, o.stats)
            }
            Algo::Expectimax | Algo::Expectiminimax => unreachable!("searched above"),
            Algo::Alphabeta => {
                let options = AlphaBetaOptions {
                    fail: match args.fail {
                        FailArg::Soft => Fail::Soft,
                        FailArg::Hard => Fail::Hard,
                    },
                    ordering: match args.order {
                        OrderArg::Natural => Ordering::Natural,
                        OrderArg::Reversed => Ordering::Reversed,
                        OrderArg::Evaluation => Ordering::Evaluation,
                        OrderArg::Best => Ordering::Best,
                        OrderArg::Worst => Ordering::Worst,
                    },
                    depth: args.depth,
                    table_bits: args.table.then_some(16),
                    ..AlphaBetaOptions::default()
                };
                let o = alpha_beta(tree, &root, &options, recorder);
                ("alphabeta", Some(o.value), None, o.best, o.stats)
            }
        }
    };
    Searched {
        name,
        value,
        values,
        best,
        stats,
    }
}

/// The report of a search from its trace: the leaves evaluated in order, the nodes pruned,
/// the principal variation, and what plain minimax and the Knuth–Moore bound say of the tree.
fn report(
    tree: &GameTree,
    args: &Args,
    searched: Searched,
    trace: Trace<NodeId, NodeId>,
) -> Report {
    let leaf_index = tree.leaf_indices();
    let evaluated = trace
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Evaluate { node, .. } | Event::EvaluateVector { node, .. } => {
                leaf_index[trace.nodes[*node as usize].state.index()]
            }
            _ => None,
        })
        .collect();
    let replay = Replay::new(tree.clone(), trace);
    let end = replay.frame(replay.len());
    let label = |id: NodeId| tree.node(id).label.clone();
    let pruned = end
        .nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| n.status == NodeStatus::Pruned)
        .map(|(i, _)| label(NodeId(i as u32)))
        .collect();
    let minimax_evaluated = if tree.players() > 2 {
        searched.stats.evaluated
    } else {
        minimax(tree, &tree.root(), args.depth, &mut arbor_game::Quiet)
            .stats
            .evaluated
    };
    Report {
        algo: searched.name,
        value: searched.value,
        values: searched.values,
        evaluated,
        pruned,
        best: searched.best.map(label),
        principal: end.principal.iter().map(|&id| label(id)).collect(),
        stats: searched.stats,
        minimax_evaluated,
        knuth_moore_minimum: tree
            .uniform_shape()
            .and_then(|(b, d)| knuth_moore_minimum(b as u64, d)),
    }
}
