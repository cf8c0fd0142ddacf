//! `arbor c4 solve`: exact scores of connect-four positions, one per line; `arbor c4 hints`:
//! every column's hint, as the Play page gives them; `arbor c4 book`: the opening book.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

use arbor_games::connect4::{HintValue, PerfectPlayer, Position, Solver};
use arbor_games::connect4_book::{self, Book, BookMove, Side};

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
    /// Every column's hint at positions read as `solve` reads them, as the Play page gives
    /// them: the perfect player's solver (its table kept from one position to the next)
    /// within the time allowed. Prints for each `moves millis` and, for columns 1 to 7, the
    /// exact score after the column for the player to move (as `solve` prints it), or `win`,
    /// `draw`, `loss` where only the result was proven in time, or `~v` for an unproven
    /// estimate (the threat evaluation six plies deep), or `full`.
    Hints(HintsArgs),
    /// Make the opening book: every position the perfect player can face up to --plies
    /// stones, as first and as second player, whatever the opponent plays, solved weakly (win,
    /// draw or loss) with a move that keeps the result. Each position solved is appended to
    /// the journal at once, so a stopped run resumes where it was; two runs, one per --side,
    /// with a journal each, use two cores, and a last run given both journals writes the book.
    Book(BookArgs),
    /// Random early openings for `arbor bench c4 --reference`: --count positions of --min to
    /// --max stones (each length equally likely, each move a random legal column), none
    /// decided on the board (no four made, no win at once for the player to move), no two the
    /// same; their moves, a line each, the same for the same --seed.
    Openings(OpeningsArgs),
}

#[derive(clap::Args)]
struct OpeningsArgs {
    #[arg(long, default_value_t = 40)]
    count: usize,
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=40))]
    min: u32,
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(0..=40))]
    max: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(clap::Args)]
struct BookArgs {
    /// The deepest positions, in stones on the board.
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(0..=20))]
    plies: u32,
    /// first, second or both.
    #[arg(long, default_value = "both")]
    side: String,
    /// Journals of positions solved (`key result move nodes micros` per line): all are read,
    /// new positions are appended to the first.
    #[arg(long, required = true)]
    journal: Vec<PathBuf>,
    /// Write the book here once every position is solved.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Transposition table of 2^BITS entries (8 bytes each), kept from one position to the
    /// next.
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u32).range(17..=28))]
    table_bits: u32,
}

#[derive(clap::Args)]
struct HintsArgs {
    /// Time for each position's hints, in milliseconds (the Play page allows 2,000).
    #[arg(long, default_value_t = 2_000)]
    millis: u32,
    /// The solver's table of 2^BITS entries (8 bytes each), kept from one position to the
    /// next (the Play page's player keeps 2^21).
    #[arg(long, default_value_t = 21, value_parser = clap::value_parser!(u32).range(17..=28))]
    table_bits: u32,
    /// The opening book whose results to give where it holds the position after a column
    /// (the Play page's is web/c4-opening.book).
    #[arg(long)]
    book: Option<PathBuf>,
    /// Files with one position per line (default: standard input).
    files: Vec<PathBuf>,
}

#[derive(clap::Args)]
struct SolveArgs {
    /// Only win (1), draw (0) or loss (−1): faster.
    #[arg(long)]
    weak: bool,
    /// Also print where the solve's work went: for the main table and the near one (the
    /// positions 18 plies or more below), the share of inner nodes whose position the table
    /// held and the share it answered outright (`main 61.2/48.0 near …`); the share of cutoffs
    /// made by the first move tried (`first 93.1`); and, for each null-window search of the
    /// solve, the root's moves searched out of its moves (`root 1/4,4/4`). Slower: every node
    /// is watched.
    #[arg(long)]
    profile: bool,
    /// Positions this many plies or more below the one solved go in the near table, 2^18
    /// entries that stay in the processor's cache; 0: none, every position in the main table.
    #[arg(long, default_value_t = arbor_games::connect4::NEAR_FROM_PLY)]
    near_from: u32,
    /// Transposition table of 2^BITS entries (8 bytes each), for the positions less than 18
    /// plies below the one solved (those further down have a 2 MiB table of their own).
    #[arg(long, default_value_t = 18, value_parser = clap::value_parser!(u32).range(17..=28))]
    table_bits: u32,
    /// In a solve that has visited 2^22 nodes the table grows to 2^BITS entries (back for the
    /// next position); at most --table-bits: never. 2^22 entries are 32 MiB.
    #[arg(long, default_value_t = 22, value_parser = clap::value_parser!(u32).range(17..=28))]
    grow_bits: u32,
    /// Files with one position per line (default: standard input).
    files: Vec<std::path::PathBuf>,
}

/// Runs `arbor c4`. Malformed lines are reported on standard error and skipped; the exit status
/// is then 1.
pub fn run(args: &Args) -> Result<bool, UsageError> {
    let args = match &args.what {
        What::Solve(args) => args,
        What::Hints(args) => return hints(args),
        What::Book(args) => return book(args).map(|()| true),
        What::Openings(a) => {
            if a.min > a.max {
                return Err(UsageError("--min must be at most --max".into()));
            }
            let lines = crate::bench::random_openings(a.seed, a.count, a.min, a.max);
            for moves in &lines {
                println!("{moves}");
            }
            if lines.len() < a.count {
                eprintln!("arbor: only {} such openings found", lines.len());
                return Ok(false);
            }
            return Ok(true);
        }
    };
    let mut solver = Solver::new(args.table_bits)
        .with_near_table((args.near_from > 0).then_some(args.near_from));
    if args.grow_bits > args.table_bits {
        solver = solver.with_table_growth(args.grow_bits, 1 << 22);
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut all_good = true;
    for (name, input) in crate::input::open(&args.files)? {
        for (i, line) in input.lines().enumerate() {
            let line = line.map_err(|e| UsageError(format!("cannot read {name}: {e}")))?;
            let (moves, position) = read_position(&line);
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
            let mut profile = crate::c4_profile::Profile::default();
            let solved = if args.profile {
                solver.solve_observed(&position, args.weak, &mut profile)
            } else {
                solver.solve(&position, args.weak)
            };
            let solved = solved.expect("a solve without a budget finishes");
            let micros = started.elapsed().as_micros();
            let _ = write!(out, "{moves} {} {} {micros}", solved.score, solved.nodes);
            let _ = if args.profile {
                writeln!(out, " {}", profile.summary())
            } else {
                writeln!(out)
            };
        }
    }
    Ok(all_good)
}

/// Reads a position's line, as `solve` and `hints` read them: the moves before the first space.
fn read_position(line: &str) -> (&str, Result<Position, String>) {
    let moves = line.split(' ').next().unwrap_or("").trim();
    let position = match Position::from_moves(moves) {
        Ok(p) if p.is_won() => Err("the game is already won".to_string()),
        Ok(p) if p.is_full() => Err("the board is already full".to_string()),
        Ok(p) => Ok(p),
        Err(e) => Err(e.to_string()),
    };
    (moves, position)
}

/// Runs `arbor c4 hints`.
fn hints(args: &HintsArgs) -> Result<bool, UsageError> {
    let mut player = PerfectPlayer::new(args.table_bits);
    if let Some(path) = &args.book {
        let bytes = std::fs::read(path)
            .map_err(|e| UsageError(format!("cannot read {}: {e}", path.display())))?;
        let book =
            Book::from_bytes(&bytes).map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
        player.set_book(Some(book));
    }
    let clock = arbor_util::SystemClock::new();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut all_good = true;
    for (name, input) in crate::input::open(&args.files)? {
        for (i, line) in input.lines().enumerate() {
            let line = line.map_err(|e| UsageError(format!("cannot read {name}: {e}")))?;
            let (moves, position) = read_position(&line);
            let p = match position {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("arbor: {name}, line {}: “{moves}”: {e}; skipping it", i + 1);
                    all_good = false;
                    continue;
                }
            };
            let started = Instant::now();
            let hints = player.hints(&p, &clock, f64::from(args.millis), 6);
            let millis = started.elapsed().as_millis();
            let columns: Vec<String> = (0..7u8)
                .map(
                    |c| match hints.iter().find(|h| h.column == c).map(|h| h.value) {
                        None => "full".to_string(),
                        Some(HintValue::Exact(s)) => s.to_string(),
                        Some(HintValue::Result(r)) => match r.signum() {
                            1 => "win".to_string(),
                            0 => "draw".to_string(),
                            _ => "loss".to_string(),
                        },
                        Some(HintValue::Estimate(v)) => format!("~{v}"),
                    },
                )
                .collect();
            let _ = writeln!(out, "{moves} {millis} {}", columns.join(" "));
        }
    }
    Ok(all_good)
}

/// Reads a journal: positions by book key.
fn read_journal(path: &PathBuf, known: &mut HashMap<u64, BookMove>) -> Result<(), UsageError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(UsageError(format!("cannot read {}: {e}", path.display()))),
    };
    for (i, line) in text.lines().enumerate() {
        let bad = || {
            UsageError(format!(
                "{}, line {}: “{line}” is not a journal line",
                path.display(),
                i + 1
            ))
        };
        let mut f = line.split(' ').map(|w| w.parse::<i64>());
        let (Some(Ok(key)), Some(Ok(result)), Some(Ok(mv))) = (f.next(), f.next(), f.next()) else {
            // A run stopped mid-write leaves at most a cut last line.
            if i + 1 == text.lines().count() {
                break;
            }
            return Err(bad());
        };
        if !(-1..=1).contains(&result)
            || !(0..7).contains(&mv)
            || Position::from_key(key as u64).is_none()
        {
            return Err(bad());
        }
        known.insert(
            key as u64,
            BookMove {
                result: result as i32,
                mv: mv as u8,
            },
        );
    }
    Ok(())
}

fn book(args: &BookArgs) -> Result<(), UsageError> {
    let sides: &[Side] = match args.side.as_str() {
        "first" => &[Side::First],
        "second" => &[Side::Second],
        "both" => &[Side::First, Side::Second],
        other => {
            return Err(UsageError(format!(
                "--side {other}: expected first, second or both"
            )))
        }
    };
    let mut known = HashMap::new();
    for j in &args.journal {
        read_journal(j, &mut known)?;
    }
    let journal = &args.journal[0];
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(journal)
        .map_err(|e| UsageError(format!("cannot write {}: {e}", journal.display())))?;
    eprintln!("arbor: {} positions known from the journals", known.len());
    let mut solver = Solver::new(args.table_bits);
    let started = Instant::now();
    let mut solved = 0u64;
    let mut met = Vec::new();
    for &side in sides {
        met.extend(connect4_book::walk(side, args.plies, &mut known, |p| {
            let t = Instant::now();
            let (m, nodes) = connect4_book::solve_position(&mut solver, p);
            let (key, mirrored) = connect4_book::book_key(p);
            let mv = if mirrored {
                connect4_book::mirror_column(m.mv)
            } else {
                m.mv
            };
            let _ = writeln!(
                out,
                "{key} {} {mv} {nodes} {}",
                m.result,
                t.elapsed().as_micros()
            );
            let _ = out.flush();
            solved += 1;
            if solved.is_multiple_of(100) || t.elapsed().as_secs() >= 10 {
                eprintln!(
                    "arbor: {solved} solved ({} stones: {} nodes, {:.1} s) in {:.0} s",
                    p.moves(),
                    nodes,
                    t.elapsed().as_secs_f64(),
                    started.elapsed().as_secs_f64()
                );
            }
            m
        }));
    }
    eprintln!(
        "arbor: {} positions met, {solved} solved in this run ({:.0} s)",
        met.len(),
        started.elapsed().as_secs_f64()
    );
    if let Some(path) = &args.out {
        let book = Book::new(args.plies as u8, met);
        std::fs::write(path, book.to_bytes())
            .map_err(|e| UsageError(format!("cannot write {}: {e}", path.display())))?;
        eprintln!(
            "arbor: {} entries written to {}",
            book.len(),
            path.display()
        );
    }
    Ok(())
}
