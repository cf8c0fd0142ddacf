//! `arbor tree`: search an explicit tree given as text.

use arbor_game::{minimax, Event, GameTree, Recorder, Stats};
use clap::ValueEnum;
use serde::Serialize;

use crate::UsageError;

/// Arguments of `arbor tree`.
#[derive(clap::Args)]
pub struct Args {
    /// The search to run.
    #[arg(long, value_enum, default_value_t = Algo::Minimax)]
    algo: Algo,
    /// The tree in bracket form: a leaf is an integer, an inner node `[child, child, …]`,
    /// e.g. "[[3,12,8],[2,4,6],[14,5,2]]". Prefix "min" for MIN at the root.
    tree: String,
}

#[derive(Clone, Copy, ValueEnum)]
enum Algo {
    /// Plain minimax: every node searched.
    Minimax,
}

#[derive(Serialize)]
struct Report {
    algo: &'static str,
    value: i32,
    /// 0-based left-to-right indices of the leaves evaluated, in evaluation order.
    evaluated: Vec<usize>,
    best: Option<String>,
    stats: Stats,
}

/// Runs `arbor tree`.
pub fn run(args: &Args) -> Result<(), UsageError> {
    let tree = GameTree::parse(&args.tree).map_err(|e| UsageError(format!("bad tree: {e}")))?;
    let mut recorder = Recorder::new();
    let (name, outcome) = match args.algo {
        Algo::Minimax => ("minimax", minimax(&tree, &tree.root(), None, &mut recorder)),
    };
    let trace = recorder.into_trace();
    let leaf_index = tree.leaf_indices();
    let evaluated = trace
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Evaluate { node, .. } => leaf_index[trace.nodes[*node as usize].state.index()],
            _ => None,
        })
        .collect();
    let report = Report {
        algo: name,
        value: outcome.value,
        evaluated,
        best: outcome.best.map(|id| tree.node(id).label.clone()),
        stats: outcome.stats,
    };
    println!(
        "{}",
        serde_json::to_string(&report).expect("a report serialises")
    );
    Ok(())
}
