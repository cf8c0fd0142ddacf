//! `arbor npuzzle solve`: solve sliding-tile puzzles, one per line.

use std::io::{BufRead, Write};
use std::time::Instant;

use std::collections::HashMap;
use std::sync::Arc;

use arbor_puzzles::{parse_tiles, square_side, Heuristic, NPuzzle, PatternDb, MAX_CELLS};
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
    /// Build a pattern database (the exact one for boards of at most 9 cells, additive tables
    /// for up to 16: the 15-puzzle's 6-6-3 unless --groups says otherwise) and print its
    /// tables: entries, the largest and mean value, the time taken.
    Pdb(PdbArgs),
    /// The textbook's comparison of heuristics on the 8-puzzle: for each solution depth, the
    /// mean nodes generated (besides the start) and the effective branching factor b* of
    /// iterative deepening and of A* with each heuristic, over random puzzles of exactly that
    /// depth (drawn from all of them).
    Table(TableArgs),
}

#[derive(clap::Args)]
struct TableArgs {
    /// The depths: `2-24` (every one), `2-24/2` (every second), or `2,8,14`.
    #[arg(long, default_value = "2-24/2")]
    depths: String,
    /// Puzzles per depth.
    #[arg(long, default_value_t = 100)]
    per_depth: u32,
    /// Iterative deepening only up to this depth.
    #[arg(long, default_value_t = 12)]
    ids_max: u32,
    /// The seed the puzzles are drawn with.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(clap::Args)]
struct PdbArgs {
    /// The board shape as ROWSxCOLS.
    #[arg(long, default_value = "4x4")]
    size: String,
    /// The goal tiles (default: in order, the blank last).
    #[arg(long)]
    goal: Option<String>,
    /// The groups of an additive database, e.g. `1,2,3/4,5,8,9,12,13/6,7,10,11,14,15`.
    #[arg(long)]
    groups: Option<String>,
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
    /// The groups of tiles of the pattern database (`--heuristic pdb`), e.g.
    /// `1,2,3/4,5,8,9,12,13/6,7,10,11,14,15` (default: exact up to 9 cells, else 6-6-3 style).
    #[arg(long)]
    groups: Option<String>,
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
    /// A pattern database, built when the first puzzle of its board and goal is read.
    Pdb,
}

/// Runs `arbor npuzzle`. Malformed lines are reported and skipped; the exit status is then 1.
pub fn run(args: &Args) -> Result<bool, UsageError> {
    let args = match &args.what {
        What::Solve(args) => args,
        What::Pdb(args) => return build_only(args).map(|()| true),
        What::Table(args) => return table(args).map(|()| true),
    };
    let mut setup = Setup::new(args)?;
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
            match setup.puzzle(text) {
                Ok(puzzle) => setup.solve(&puzzle, &mut out),
                Err(e) => {
                    eprintln!("arbor: {name}, line {}: {e}; skipping it", i + 1);
                    all_good = false;
                }
            }
        }
    }
    Ok(all_good)
}

/// `arbor npuzzle solve`'s settings, and the pattern databases built so far (one for each board
/// shape and goal met).
struct Setup<'a> {
    args: &'a SolveArgs,
    options: Options,
    heuristic: Heuristic,
    goal: Option<Vec<u8>>,
    shape: Option<(usize, usize)>,
    groups: Option<Vec<Vec<u8>>>,
    budget: Budget<'static>,
    databases: HashMap<(usize, usize, Vec<u8>), Arc<PatternDb>>,
}

impl<'a> Setup<'a> {
    fn new(args: &'a SolveArgs) -> Result<Self, UsageError> {
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
            // The puzzle is built with Manhattan distance, then given its database.
            HeuristicArg::Pdb => Heuristic::Manhattan,
        };
        let goal = match &args.goal {
            Some(g) => Some(parse_tiles(g).map_err(|e| UsageError(format!("--goal: {e}")))?),
            None => None,
        };
        Ok(Setup {
            args,
            options: Options::new(algorithm),
            heuristic,
            goal,
            shape: args.size.as_deref().map(parse_shape).transpose()?,
            groups: args.groups.as_deref().map(parse_groups).transpose()?,
            budget: match args.max_nodes {
                Some(n) => Budget::nodes(n),
                None => Budget::unlimited(),
            },
            databases: HashMap::new(),
        })
    }

    /// The puzzle a line gives (its board the square one unless --size says), with its
    /// pattern database if one is asked for (built the first time its board and goal are met).
    fn puzzle(&mut self, text: &str) -> Result<NPuzzle, String> {
        let tiles = parse_tiles(text)?;
        let (rows, cols) = match self.shape {
            Some(s) => s,
            None => square_side(tiles.len()).map(|s| (s, s)).ok_or_else(|| {
                format!(
                    "{} tiles do not make a square board; give --size ROWSxCOLS",
                    tiles.len()
                )
            })?,
        };
        let goal = self
            .goal
            .clone()
            .unwrap_or_else(|| NPuzzle::standard_goal(rows * cols));
        let p = NPuzzle::new(rows, cols, &tiles, &goal, self.heuristic).map_err(|e| e.0)?;
        if !matches!(self.args.heuristic, HeuristicArg::Pdb) {
            return Ok(p);
        }
        let key = (p.rows(), p.cols(), p.goal_tiles());
        let db = match self.databases.get(&key) {
            Some(db) => db.clone(),
            None => {
                let db = Arc::new(build(p.rows(), p.cols(), &key.2, self.groups.as_deref())?);
                self.databases.insert(key, db.clone());
                db
            }
        };
        p.with_pdb(db).map_err(|e| e.0)
    }

    /// Solves a puzzle and prints the line for it: `length nodes micros moves`, `unsolvable`
    /// or `cutoff nodes micros`.
    fn solve(&self, puzzle: &NPuzzle, out: &mut impl Write) {
        if !puzzle.is_solvable() {
            let _ = writeln!(out, "unsolvable");
            return;
        }
        let started = Instant::now();
        let outcome = search(puzzle, &self.options, &self.budget, &mut Quiet);
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

/// Reads `ROWSxCOLS`.
fn parse_shape(s: &str) -> Result<(usize, usize), UsageError> {
    let (r, c) = s
        .split_once(['x', 'X', '×'])
        .and_then(|(r, c)| {
            Some((
                r.trim().parse::<usize>().ok()?,
                c.trim().parse::<usize>().ok()?,
            ))
        })
        .ok_or_else(|| UsageError(format!("--size: expected ROWSxCOLS such as 3x4, not “{s}”")))?;
    if r < 2 || c < 2 || r.checked_mul(c).is_none_or(|n| n > MAX_CELLS) {
        return Err(UsageError(format!(
            "--size: a board has at least 2 rows and 2 columns and at most {MAX_CELLS} cells, not {r} × {c}"
        )));
    }
    Ok((r, c))
}

/// Reads groups of tiles: `1,2,3/4,5,6`.
fn parse_groups(s: &str) -> Result<Vec<Vec<u8>>, UsageError> {
    s.split('/')
        .enumerate()
        .map(|(i, g)| {
            parse_tiles(g).map_err(|e| UsageError(format!("--groups, group {}: {e}", i + 1)))
        })
        .collect()
}

/// Builds a board's pattern database, telling its progress on standard error.
fn build(
    rows: usize,
    cols: usize,
    goal: &[u8],
    groups: Option<&[Vec<u8>]>,
) -> Result<PatternDb, String> {
    let started = Instant::now();
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut report = |p: arbor_puzzles::BuildProgress| {
        if !terminal {
            return true;
        }
        eprint!(
            "\rarbor: building table {} of {}: distance {}, {} of {} states   ",
            p.table + 1,
            p.tables,
            p.level,
            arbor_util::group_thousands(p.reached),
            arbor_util::group_thousands(p.states)
        );
        true
    };
    let db = match groups {
        Some(groups) => PatternDb::additive(rows, cols, goal, groups, &mut report),
        None => PatternDb::standard(rows, cols, goal, &mut report),
    }
    .map_err(|e| format!("pattern database: {e}"))?;
    eprintln!(
        "\rarbor: built the {} pattern database for {rows} × {cols} in {:.1} s ({} MB)          ",
        db.describe(),
        started.elapsed().as_secs_f64(),
        db.bytes().div_ceil(1 << 20)
    );
    Ok(db)
}

/// `arbor npuzzle pdb`.
fn build_only(args: &PdbArgs) -> Result<(), UsageError> {
    let (rows, cols) = parse_shape(&args.size)?;
    let goal = match &args.goal {
        Some(g) => parse_tiles(g).map_err(|e| UsageError(format!("--goal: {e}")))?,
        None => NPuzzle::standard_goal(rows * cols),
    };
    let groups = args.groups.as_deref().map(parse_groups).transpose()?;
    let db = build(rows, cols, &goal, groups.as_deref()).map_err(UsageError)?;
    println!("| table | tiles | entries | largest | mean |");
    println!("|---|---|---|---|---|");
    for (i, stats) in db.table_stats().iter().enumerate() {
        println!(
            "| {} | {} | {} | {} | {:.2} |",
            i + 1,
            if stats.tiles.is_empty() {
                "all (exact)".to_string()
            } else {
                stats
                    .tiles
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            },
            arbor_util::group_thousands(stats.entries),
            stats.largest,
            stats.mean
        );
    }
    Ok(())
}

/// Reads depths: `2-24`, `2-24/2`, `2,8,14`.
fn parse_depths(s: &str) -> Result<Vec<u32>, UsageError> {
    let bad = || {
        UsageError(format!(
            "--depths: expected 2-24, 2-24/2 or 2,8,14, not “{s}”"
        ))
    };
    let mut out = Vec::new();
    for part in s.split(',') {
        let (range, step) = match part.split_once('/') {
            Some((r, st)) => match st.trim().parse::<u32>() {
                Ok(step) if step > 0 => (r, step),
                _ => {
                    return Err(UsageError(format!(
                        "--depths: the step after '/' must be a whole number from 1, not “{st}”"
                    )))
                }
            },
            None => (part, 1),
        };
        match range.split_once('-') {
            Some((a, b)) => {
                let a: u32 = a.trim().parse().map_err(|_| bad())?;
                let b: u32 = b.trim().parse().map_err(|_| bad())?;
                out.extend((a..=b.min(40)).step_by(step as usize));
            }
            None => out.push(range.trim().parse().map_err(|_| bad())?),
        }
    }
    if out.is_empty() || out.iter().any(|&d| d == 0 || d > 40) {
        return Err(UsageError(format!(
            "--depths: depths go from 1 to 31 (the deepest 8-puzzle), not “{s}”"
        )));
    }
    Ok(out)
}

/// `arbor npuzzle table`.
fn table(args: &TableArgs) -> Result<(), UsageError> {
    use arbor_puzzles::heuristic_table::{Column, HeuristicTable, TableSpec};
    if !(1..=100_000).contains(&args.per_depth) {
        return Err(UsageError(format!(
            "--per-depth: from 1 to 100,000 puzzles, not {}",
            args.per_depth
        )));
    }
    let spec = TableSpec {
        depths: parse_depths(&args.depths)?,
        per_depth: args.per_depth,
        ids_max_depth: args.ids_max,
        seed: args.seed,
    };
    let started = Instant::now();
    let lab = HeuristicTable::new();
    println!(
        "Mean nodes generated (besides the start) and effective branching factor b*, {} random 8-puzzles per depth (seed {}); A* is graph search:",
        spec.per_depth, spec.seed
    );
    println!();
    let heads: Vec<&str> = Column::ALL.iter().map(|c| c.title()).collect();
    println!(
        "| d | {} | {} |",
        heads.join(" | "),
        heads.join(" b* | ") + " b*"
    );
    println!("|---|{}", "---|".repeat(2 * heads.len()));
    let mut notes = Vec::new();
    for &d in &spec.depths {
        let row = lab.row(d, &spec, &mut |_| {});
        if row.puzzles == 0 {
            println!("| {d} | no 8-puzzle is {d} moves from the goal |");
            continue;
        }
        let nodes: Vec<String> = row
            .cells
            .iter()
            .map(|c| {
                c.map_or("–".into(), |c| {
                    arbor_util::group_thousands(c.nodes.round() as u64)
                })
            })
            .collect();
        let bstar: Vec<String> = row
            .cells
            .iter()
            .map(|c| {
                c.and_then(|c| c.bstar)
                    .map_or("–".into(), |b| format!("{b:.2}"))
            })
            .collect();
        println!("| {d} | {} | {} |", nodes.join(" | "), bstar.join(" | "));
        let there = lab.boards_at(d);
        if there < spec.per_depth as usize {
            notes.push(format!(
                "Only {there} 8-puzzle{} {} {d} moves from the goal: the {} puzzles of that row are drawn from {}, with repeats.",
                if there == 1 { "" } else { "s" },
                if there == 1 { "is" } else { "are" },
                spec.per_depth,
                if there == 1 { "it" } else { "them" }
            ));
        }
    }
    if !notes.is_empty() {
        println!();
        for n in notes {
            println!("{n}");
        }
    }
    eprintln!("arbor: {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}
