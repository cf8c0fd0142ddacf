//! `arbor bench`: speed measurements, printed as tables (their figures go in the README).
//!
//! One file per benchmark: `connect4` (the solver on Pons' sets), `observer` (what watching
//! alpha-beta costs), `puzzles` (IDA*, pattern databases, A*), `mcts`, `grid` (the Moving AI
//! maps).

mod c4_reference;
pub use c4_reference::random_openings;
mod connect4;
mod grid;
mod mcts;
mod observer;
mod puzzles;

use crate::UsageError;

/// Arguments of `arbor bench`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(clap::Subcommand)]
enum What {
    /// The cost of watching a search: alpha-beta untraced (the no-op observer) and traced (the
    /// recorder), against the same search with its observer hooks deleted.
    Observer {
        /// Branching factor of the synthetic game tree.
        #[arg(long, default_value_t = 6)]
        branching: u32,
        /// Depth of the synthetic game tree.
        #[arg(long, default_value_t = 9)]
        depth: u32,
        /// Runs of each search; the median is reported.
        #[arg(long, default_value_t = 7)]
        runs: usize,
    },
    /// The connect-four solver on Pons' test sets: every line scored (a wrong score is an
    /// error), the mean time and nodes per position beside the reference solver's (read from
    /// the data directory's README).
    C4 {
        /// Where the sets are.
        #[arg(long, default_value = "data/connect4")]
        dir: std::path::PathBuf,
        /// The sets, by name (default: every set; Test_L1_R3 only its first 100 lines, as the
        /// reference was measured, unless --limit says otherwise).
        sets: Vec<String>,
        /// Solve only the first N lines of each set.
        #[arg(long)]
        limit: Option<usize>,
        /// Transposition table of 2^BITS entries (8 bytes each), for the positions less than
        /// 18 plies below the one solved (those further down have a 2 MiB table of their own).
        #[arg(long, default_value_t = 18)]
        table_bits: u32,
        /// In a solve that has visited --grow-after nodes, the table grows to 2^BITS entries
        /// (back to --table-bits for the next position); 0: never. 2^22 entries are 32 MiB.
        #[arg(long, default_value_t = 22)]
        grow_bits: u32,
        /// Nodes of a solve before its table grows.
        #[arg(long, default_value_t = 1 << 22)]
        grow_after: u64,
        /// A reference solver (a program that reads positions on standard input and prints
        /// `moves score` for each, such as Pons' built without its book): both solve the same
        /// positions, alternating, the reference in a fresh process each; default set
        /// Early_4_9 (random openings of 4 to 9 stones).
        #[arg(long)]
        reference: Option<std::path::PathBuf>,
    },
    /// Monte Carlo tree search (UCT, random playouts) from the empty board of tic-tac-toe and of
    /// connect four: iterations per second.
    Mcts {
        /// Iterations of each run.
        #[arg(long, default_value_t = 100_000)]
        iterations: u64,
        /// Runs of each game; the median is reported.
        #[arg(long, default_value_t = 5)]
        runs: usize,
    },
    /// IDA* (Manhattan distance) on lines of Korf's 100 15-puzzles: Arbor's engine against a
    /// plain IDA* written for the 15-puzzle alone (`bench/plain-ida`), in the same run, the
    /// two alternating, the fastest of --runs each.
    Ida {
        /// The data file (Korf's format: number, 16 tiles, length, nodes).
        #[arg(long, default_value = "data/npuzzle/korf100.txt")]
        file: std::path::PathBuf,
        /// The instances, by number: `1`, `1-10`, `2,5,7`.
        #[arg(long, default_value = "1")]
        instances: String,
        /// Runs of each solver; the fastest is reported.
        #[arg(long, default_value_t = 3)]
        runs: usize,
    },
    /// IDA* with the 15-puzzle's 6-6-3 additive pattern database on lines of Korf's 100: the
    /// database's build time, then each instance's length (checked against the data), nodes,
    /// time, and the nodes IDA* with Manhattan distance needed (from the data).
    Pdb {
        /// The data file (Korf's format: number, 16 tiles, length, nodes).
        #[arg(long, default_value = "data/npuzzle/korf100.txt")]
        file: std::path::PathBuf,
        /// The instances, by number: `1`, `1-10`, `2,5,7`.
        #[arg(long, default_value = "1-100")]
        instances: String,
    },
    /// A* and Jump Point Search on the Moving AI maps (every scenario of the small maps and
    /// Boston's, a spread sample of the two 512 × 512 maps) against A* from the `pathfinding`
    /// crate over the same grid, in one run; every length checked against the published one.
    Grid {
        /// Where the maps and scenario files are.
        #[arg(long, default_value = "data/movingai")]
        dir: std::path::PathBuf,
        /// Rounds (the three searches alternating); the fastest of each is reported.
        #[arg(long, default_value_t = 3)]
        runs: usize,
    },
    /// A* (graph search, Manhattan distance) on random 8-puzzles drawn uniformly from all
    /// solvable boards: the mean time per puzzle.
    Astar {
        /// How many puzzles.
        #[arg(long, default_value_t = 1000)]
        count: u64,
        /// The seed of the first puzzle.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// Runs `arbor bench`.
pub fn run(args: &Args) -> Result<(), UsageError> {
    match &args.what {
        What::Observer {
            branching,
            depth,
            runs,
        } => observer::observer(*branching, *depth, (*runs).max(1)),
        What::Astar { count, seed } => puzzles::astar((*count).max(1), *seed),
        What::Ida {
            file,
            instances,
            runs,
        } => puzzles::ida(file, instances, (*runs).clamp(1, 21)),
        What::Pdb { file, instances } => puzzles::pdb(file, instances),
        What::Grid { dir, runs } => grid::grid(dir, (*runs).clamp(1, 21)),
        What::Mcts { iterations, runs } => {
            mcts::mcts_speed((*iterations).clamp(1, 100_000_000), (*runs).clamp(1, 101));
            Ok(())
        }
        What::C4 {
            dir,
            sets,
            limit,
            table_bits,
            grow_bits,
            grow_after,
            reference,
        } => {
            let grow = (*grow_bits, *grow_after);
            match reference {
                Some(r) => c4_reference::command(r, dir, sets, *limit, *table_bits, grow),
                None => connect4::connect4(dir, sets, *limit, *table_bits, grow),
            }
        }
    }
}

/// The median of some measurements.
fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}
