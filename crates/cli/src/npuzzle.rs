//! `arbor npuzzle solve`: solve sliding-tile puzzles, one per line.

use std::io::{BufRead, Write};
use std::time::Instant;

use arbor_puzzles::{parse_tiles, square_side, Heuristic, NPuzzle, MAX_CELLS};
use arbor_search::{search, Algorithm, Budget, Options, Quiet, Status};
use clap::ValueEnum;

use crate::UsageError;

/// Arguments of `arbor npuzzle`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(clap::Subcommand)]
enum What {
    /// Solve puzzles read one per line (tiles row-major, 0 = the blank) from the files given,
    /// or from standard input. Prints for each: `length nodes micros moves` (nodes generated;
    /// the blank's moves as U/D/L/R, `-` for none), or `unsolvable`, or `cutoff` when a limit
    /// stops the search.
    Solve(SolveArgs),
}

#[derive(clap::Args)]
struct SolveArgs {
    /// The search.
    #[arg(long, value_enum, default_value_t = Algo::Idastar)]
    algo: Algo,
    /// The heuristic for informed searches.
    #[arg(long, value_enum, default_value_t = HeuristicArg::Manhattan)]
    heuristic: HeuristicArg,
    /// The goal tiles, e.g. 1,2,3,4,5,6,7,8,0 (default: in order, the blank last).
    #[arg(long)]
    goal: Option<String>,
    /// The board shape as ROWSxCOLS, for boards that are not square (default: from the count).
    #[arg(long)]
    size: Option<String>,
    /// Give up on a puzzle after generating this many nodes.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Files with one puzzle per line (default: standard input).
    files: Vec<std::path::PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Algo {
    Bfs,
    Dfs,
    Iddfs,
    Ucs,
    Greedy,
    Astar,
    Idastar,
}

#[derive(Clone, Copy, ValueEnum)]
enum HeuristicArg {
    Zero,
    Misplaced,
    Manhattan,
    Linear,
}

/// Runs `arbor npuzzle`. Malformed lines are reported and skipped; the exit status is then 1.
pub fn run(args: &Args) -> Result<bool, UsageError> {
    let What::Solve(args) = &args.what;
    let algorithm = match args.algo {
        Algo::Bfs => Algorithm::BreadthFirst,
        Algo::Dfs => Algorithm::DepthFirst,
        Algo::Iddfs => Algorithm::IterativeDeepening,
        Algo::Ucs => Algorithm::UniformCost,
        Algo::Greedy => Algorithm::Greedy,
        Algo::Astar => Algorithm::AStar,
        Algo::Idastar => Algorithm::IdaStar,
    };
    let heuristic = match args.heuristic {
        HeuristicArg::Zero => Heuristic::Zero,
        HeuristicArg::Misplaced => Heuristic::Misplaced,
        HeuristicArg::Manhattan => Heuristic::Manhattan,
        HeuristicArg::Linear => Heuristic::LinearConflict,
    };
    let goal = match &args.goal {
        Some(g) => Some(parse_tiles(g).map_err(|e| UsageError(format!("--goal: {e}")))?),
        None => None,
    };
    let shape = match &args.size {
        Some(s) => {
            let (r, c) = s
                .split_once(['x', 'X', '×'])
                .and_then(|(r, c)| {
                    Some((
                        r.trim().parse::<usize>().ok()?,
                        c.trim().parse::<usize>().ok()?,
                    ))
                })
                .ok_or_else(|| {
                    UsageError(format!("--size: expected ROWSxCOLS such as 3x4, not “{s}”"))
                })?;
            if r < 2 || c < 2 || r.checked_mul(c).is_none_or(|n| n > MAX_CELLS) {
                return Err(UsageError(format!(
                    "--size: a board has at least 2 rows and 2 columns and at most {MAX_CELLS} cells, not {r} × {c}"
                )));
            }
            Some((r, c))
        }
        None => None,
    };
    let options = Options::new(algorithm);
    let budget = match args.max_nodes {
        Some(n) => Budget::nodes(n),
        None => Budget::unlimited(),
    };

    let inputs = crate::input::open(&args.files)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut all_good = true;
    for (name, input) in inputs {
        for (i, line) in input.lines().enumerate() {
            let line = line.map_err(|e| UsageError(format!("cannot read {name}: {e}")))?;
            let text = line.split('#').next().unwrap_or("").trim();
            if text.is_empty() {
                continue;
            }
            let puzzle = parse_tiles(text).and_then(|tiles| {
                let (rows, cols) = match shape {
                    Some(s) => s,
                    None => square_side(tiles.len()).map(|s| (s, s)).ok_or_else(|| {
                        format!(
                            "{} tiles do not make a square board; give --size ROWSxCOLS",
                            tiles.len()
                        )
                    })?,
                };
                let goal = goal
                    .clone()
                    .unwrap_or_else(|| NPuzzle::standard_goal(rows * cols));
                NPuzzle::new(rows, cols, &tiles, &goal, heuristic).map_err(|e| e.0)
            });
            let puzzle = match puzzle {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("arbor: {name}, line {}: {e}; skipping it", i + 1);
                    all_good = false;
                    continue;
                }
            };
            if !puzzle.is_solvable() {
                let _ = writeln!(out, "unsolvable");
                continue;
            }
            let started = Instant::now();
            let outcome = search(&puzzle, &options, &budget, &mut Quiet);
            let micros = started.elapsed().as_micros();
            let _ = match (outcome.status, outcome.solution) {
                (Status::Found, Some(s)) => {
                    let moves: String = s.actions.iter().map(|d| d.letter()).collect();
                    writeln!(
                        out,
                        "{} {} {} {}",
                        s.depth(),
                        outcome.stats.generated,
                        micros,
                        if moves.is_empty() { "-".into() } else { moves }
                    )
                }
                (Status::Exhausted, _) => writeln!(out, "unsolvable"),
                _ => writeln!(out, "cutoff {} {}", outcome.stats.generated, micros),
            };
        }
    }
    Ok(all_good)
}
