//! `arbor graph`: a tree or graph in the search page's text form (`A -- B:4 C:2`, `h A=5`,
//! `start A`, `goal G`) — search it, or check its heuristic.

use std::io::Read;

use arbor_search::{
    search, Algorithm, Budget, Event, Graph, Limit, Mode, Options, Recorder, Stats, Status,
    TieBreak,
};
use serde::Serialize;

use crate::UsageError;

/// Arguments of `arbor graph`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(clap::Subcommand)]
enum What {
    /// Search the problem and print one JSON object: how it ended, the nodes expanded in order,
    /// the path found and its cost, and the counts.
    Search(SearchArgs),
    /// Check the heuristic against the true costs to a goal and say, in words, whether it is
    /// admissible and consistent, naming every node and edge that is not. Exit status 1 if it
    /// is not both.
    Check(CheckArgs),
}

#[derive(clap::Args)]
struct SearchArgs {
    /// The search: bfs, dfs, dls, iddfs, ucs, greedy, astar or idastar.
    #[arg(long, default_value = "astar", value_parser = algorithm)]
    algo: Algorithm,
    /// Uniform cost, greedy and A*: which of the frontier nodes of equal priority goes first —
    /// fifo (the oldest), lifo (the newest) or lowest-h (then the oldest). Default: the
    /// search's usual rule, fifo, but lowest-h for A*.
    #[arg(long, value_parser = tie_rule)]
    tie: Option<TieBreak>,
    /// Tree search: no memory of the states reached (default: graph search).
    #[arg(long)]
    tree: bool,
    /// The depth limit (dls: default 3; iddfs: the deepest iteration; others: nodes this deep
    /// are not expanded).
    #[arg(long)]
    depth: Option<u32>,
    /// Give up after generating this many nodes.
    #[arg(long, default_value_t = 1_000_000)]
    max_nodes: u64,
    /// The file holding the problem (default: standard input).
    file: Option<std::path::PathBuf>,
}

#[derive(clap::Args)]
struct CheckArgs {
    /// The file holding the problem (default: standard input).
    file: Option<std::path::PathBuf>,
}

fn algorithm(key: &str) -> Result<Algorithm, String> {
    Algorithm::from_key(key).ok_or_else(|| {
        format!(
            "no search is called “{key}”; the searches are {}",
            Algorithm::ALL.map(Algorithm::key).join(", ")
        )
    })
}

fn tie_rule(key: &str) -> Result<TieBreak, String> {
    TieBreak::from_key(key).ok_or_else(|| {
        format!(
            "no tie rule is called “{key}”; the rules are {}",
            TieBreak::ALL.map(TieBreak::key).join(", ")
        )
    })
}

/// Most nodes recorded for the list of expansions.
const RECORD: usize = 100_000;

#[derive(Serialize)]
struct Report<'a> {
    algo: &'static str,
    /// The tie rule, for the searches it applies to.
    #[serde(skip_serializing_if = "Option::is_none")]
    tie: Option<&'static str>,
    mode: Mode,
    /// found, exhausted, or cut off by the depth limit, the node budget or the cost limit.
    status: &'static str,
    /// The states expanded, in order (the first [`RECORD`] nodes generated).
    expanded: Vec<&'a str>,
    /// True if more nodes were generated than recorded: `expanded` then lists the recorded
    /// nodes' expansions only.
    expanded_truncated: bool,
    /// The states along the path found, the start first.
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<Vec<&'a str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cost: Option<u64>,
    stats: Stats,
}

/// Runs `arbor graph`; `Ok(false)` when `check` finds a fault.
pub fn run(args: &Args) -> Result<bool, UsageError> {
    match &args.what {
        What::Search(a) => search_graph(a).map(|()| true),
        What::Check(a) => {
            let graph = read(a.file.as_deref())?;
            let check = graph.check_heuristic();
            println!("{}", check.display(&graph));
            Ok(check.is_admissible() && check.is_consistent())
        }
    }
}

fn read(file: Option<&std::path::Path>) -> Result<Graph, UsageError> {
    let (name, text) = match file {
        Some(f) => (
            f.display().to_string(),
            std::fs::read_to_string(f)
                .map_err(|e| UsageError(format!("cannot read {}: {e}", f.display())))?,
        ),
        None => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| UsageError(format!("cannot read standard input: {e}")))?;
            ("standard input".into(), text)
        }
    };
    Graph::parse(&text).map_err(|e| UsageError(format!("{name}, {e}")))
}

fn search_graph(args: &SearchArgs) -> Result<(), UsageError> {
    let algorithm = args.algo;
    if args.tie.is_some() && !TieBreak::applies_to(algorithm) {
        return Err(UsageError(format!(
            "--tie orders the frontier of ucs, greedy and astar; {} has no priorities to tie",
            algorithm.key()
        )));
    }
    let graph = read(args.file.as_deref())?;
    let mut options =
        Options::new(algorithm).mode(if args.tree { Mode::Tree } else { Mode::Graph });
    options.depth_limit = match algorithm {
        Algorithm::DepthLimited => Some(args.depth.unwrap_or(3)),
        _ => args.depth,
    };
    if let Some(tie) = args.tie {
        options.tie = tie;
    }
    let mut rec = Recorder::with_limit(RECORD);
    let out = search(&graph, &options, &Budget::nodes(args.max_nodes), &mut rec);
    let trace = rec.into_trace();
    let name = |node: u64| graph.name(trace.nodes[node as usize].state);
    let expanded = trace
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Expand { node } => Some(name(*node)),
            _ => None,
        })
        .collect();
    let path = out.solution.as_ref().map(|s| {
        std::iter::once(graph.name(arbor_search::Problem::start(&graph)))
            .chain(s.actions.iter().map(|step| graph.name(step.to)))
            .collect()
    });
    let report = Report {
        algo: algorithm.key(),
        tie: TieBreak::applies_to(algorithm).then(|| options.tie.key()),
        mode: options.mode,
        status: match out.status {
            Status::Found => "found",
            Status::Exhausted => "exhausted",
            Status::CutOff {
                limit: Limit::Depth,
            } => "cut off by the depth limit",
            Status::CutOff {
                limit: Limit::Budget,
            } => "cut off by --max-nodes",
            Status::CutOff { limit: Limit::Cost } => "cut off: a path cost too large to count",
            Status::CutOff {
                limit: Limit::Backward,
            } => "not searched: no goal to search backwards from",
        },
        expanded,
        expanded_truncated: trace.omitted > 0,
        path,
        cost: out.solution.as_ref().map(|s| s.cost),
        stats: out.stats,
    };
    println!(
        "{}",
        serde_json::to_string(&report).expect("a report is plain data")
    );
    Ok(())
}
