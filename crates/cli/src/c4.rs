//! `arbor c4 solve`: exact scores of connect-four positions, one per line.

use std::io::{BufRead, Write};
use std::time::Instant;

use arbor_games::connect4::{Position, Solver};

use crate::UsageError;

/// Arguments of `arbor c4`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(clap::Subcommand)]
enum What {
    /// Score positions read one per line — the columns played, 1 to 7, first player first
    /// (anything after the first space is ignored, so the data sets' lines work as they are) —
    /// from the files given or standard input. Prints for each `moves score nodes micros`: the
    /// exact score for the player to move (positive wins, the sooner the larger: 22 less the
    /// winner's stones at the end; 0 draws; negative loses).
    Solve(SolveArgs),
}

#[derive(clap::Args)]
struct SolveArgs {
    /// Only win (1), draw (0) or loss (−1): faster.
    #[arg(long)]
    weak: bool,
    /// Transposition table of 2^BITS entries (12 bytes each).
    #[arg(long, default_value_t = 18, value_parser = clap::value_parser!(u32).range(17..=28))]
    table_bits: u32,
    /// In a solve that has visited 2^22 nodes the table grows to 2^BITS entries (back for the
    /// next position); at most --table-bits: never.
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u32).range(17..=28))]
    grow_bits: u32,
    /// Files with one position per line (default: standard input).
    files: Vec<std::path::PathBuf>,
}

/// Runs `arbor c4`. Malformed lines are reported on standard error and skipped; the exit status
/// is then 1.
pub fn run(args: &Args) -> Result<bool, UsageError> {
    let What::Solve(args) = &args.what;
    let mut solver = Solver::new(args.table_bits);
    if args.grow_bits > args.table_bits {
        solver = solver.with_table_growth(args.grow_bits, 1 << 22);
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut all_good = true;
    for (name, input) in crate::input::open(&args.files)? {
        for (i, line) in input.lines().enumerate() {
            let line = line.map_err(|e| UsageError(format!("cannot read {name}: {e}")))?;
            let moves = line.split(' ').next().unwrap_or("").trim();
            let position = match Position::from_moves(moves) {
                Ok(p) if p.is_won() => Err("the game is already won".to_string()),
                Ok(p) if p.is_full() => Err("the board is already full".to_string()),
                Ok(p) => Ok(p),
                Err(e) => Err(e.to_string()),
            };
            let position = match position {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("arbor: {name}, line {}: “{moves}”: {e}; skipping it", i + 1);
                    all_good = false;
                    continue;
                }
            };
            solver.reset();
            let started = Instant::now();
            let solved = solver
                .solve(&position, args.weak)
                .expect("a solve without a budget finishes");
            let micros = started.elapsed().as_micros();
            let _ = writeln!(out, "{moves} {} {} {micros}", solved.score, solved.nodes);
        }
    }
    Ok(all_good)
}
