//! `arbor`: Arbor's searches from the command line.
//!
//! Each subcommand lives in its own module with an `Args` struct and a `run` function; add one
//! by adding a variant to [`Command`].

mod bench;
mod c4;
mod c4_profile;
mod graph;
mod grid;
mod input;
mod npuzzle;
mod tree;
mod worksheet;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Arbor: game-tree and single-agent search, step by step.
#[derive(Parser)]
#[command(name = "arbor", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Search an explicit game tree given as text and print the result as JSON.
    Tree(tree::Args),
    /// A tree or graph given as text, as on the search page: `arbor graph search`, `arbor graph
    /// check` (its heuristic).
    Graph(graph::Args),
    /// The Moving AI grid benchmark's scenarios: `arbor grid scen FILE.scen [--algo astar|jps|
    /// bfs|ucs|greedy|weighted --w W|bidirectional] [--every K]`.
    Grid(grid::Args),
    /// Solve sliding-tile puzzles: `arbor npuzzle solve`.
    Npuzzle(npuzzle::Args),
    /// Score connect-four positions exactly: `arbor c4 solve`.
    C4(c4::Args),
    /// Measure speed (release builds): `arbor bench observer`.
    Bench(bench::Args),
    /// Print a worksheet with its answer key as Markdown with SVG trees: `arbor worksheet
    /// --kind alphabeta|minimax|search|expectimax|ucb1 [--n N] [--seed S]
    /// [--level easy|medium|hard] [--no-key]`.
    Worksheet(worksheet::Args),
}

/// A failure the user can fix: printed as `arbor: <message>` with exit status 2.
#[derive(Debug)]
pub struct UsageError(pub String);

fn main() -> ExitCode {
    let cli = Cli::parse();
    let ok = ExitCode::SUCCESS;
    let result = match cli.command {
        Command::Tree(args) => tree::run(&args).map(|()| ok),
        Command::Graph(args) => {
            graph::run(&args).map(|clean| if clean { ok } else { ExitCode::from(1) })
        }
        Command::Grid(args) => {
            grid::run(&args).map(|all_match| if all_match { ok } else { ExitCode::from(1) })
        }
        Command::Npuzzle(args) => {
            npuzzle::run(&args).map(|all_read| if all_read { ok } else { ExitCode::from(1) })
        }
        Command::C4(args) => {
            c4::run(&args).map(|all_read| if all_read { ok } else { ExitCode::from(1) })
        }
        Command::Bench(args) => bench::run(&args).map(|()| ok),
        Command::Worksheet(args) => worksheet::run(&args).map(|()| ok),
    };
    match result {
        Ok(code) => code,
        Err(UsageError(message)) => {
            eprintln!("arbor: {message}");
            ExitCode::from(2)
        }
    }
}
