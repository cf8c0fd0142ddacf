//! `arbor bench`: speed measurements, printed as tables (their figures go in the README).

use std::time::Instant;

use arbor_game::{
    alpha_beta, mix64, AlphaBetaOptions, Budget, Fail, Game, Ordering, Outcome, Quiet, Recorder,
    SplitMix64, INF,
};
use arbor_util::MoveLists;

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
        /// Transposition table of 2^BITS entries.
        #[arg(long, default_value_t = 18)]
        table_bits: u32,
        /// In a solve that has visited --grow-after nodes, the table grows to 2^BITS entries
        /// (back to --table-bits for the next position); 0: never. 2^25 entries are 384 MB.
        #[arg(long, default_value_t = 25)]
        grow_bits: u32,
        /// Nodes of a solve before its table grows.
        #[arg(long, default_value_t = 1 << 22)]
        grow_after: u64,
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
        } => observer(*branching, *depth, (*runs).max(1)),
        What::Astar { count, seed } => astar((*count).max(1), *seed),
        What::Ida {
            file,
            instances,
            runs,
        } => ida(file, instances, (*runs).clamp(1, 21)),
        What::Pdb { file, instances } => pdb(file, instances),
        What::Mcts { iterations, runs } => {
            mcts_speed((*iterations).clamp(1, 100_000_000), (*runs).clamp(1, 101));
            Ok(())
        }
        What::C4 {
            dir,
            sets,
            limit,
            table_bits,
            grow_bits,
            grow_after,
        } => connect4(dir, sets, *limit, *table_bits, (*grow_bits, *grow_after)),
    }
}

/// The reference figures of one set: mean seconds and mean nodes.
fn reference(readme: &str, set: &str) -> Option<(f64, f64)> {
    let line = readme
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("| {set} |")))?;
    let cells: Vec<&str> = line.split('|').map(str::trim).collect();
    let time = cells.get(2)?;
    let mut words = time.split_whitespace();
    let value: f64 = words.next()?.parse().ok()?;
    let unit = match words.next()? {
        "µs" | "us" => 1e-6,
        "ms" => 1e-3,
        "s" => 1.0,
        _ => return None,
    };
    let nodes: f64 = cells.get(3)?.replace(',', "").parse().ok()?;
    Some((value * unit, nodes))
}

fn show_time(seconds: f64) -> String {
    if seconds < 1e-3 {
        format!("{:.1} µs", seconds * 1e6)
    } else if seconds < 1.0 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{seconds:.2} s")
    }
}

fn connect4(
    dir: &std::path::Path,
    sets: &[String],
    limit: Option<usize>,
    table_bits: u32,
    (grow_bits, grow_after): (u32, u64),
) -> Result<(), UsageError> {
    use arbor_games::connect4::{Position, Solver};
    const ALL: [&str; 6] = [
        "Test_L3_R1",
        "Test_L2_R1",
        "Test_L2_R2",
        "Test_L1_R1",
        "Test_L1_R2",
        "Test_L1_R3",
    ];
    let sets: Vec<String> = if sets.is_empty() {
        ALL.iter().map(|s| s.to_string()).collect()
    } else {
        sets.to_vec()
    };
    let readme = dir
        .parent()
        .map(|d| std::fs::read_to_string(d.join("README.md")).unwrap_or_default())
        .unwrap_or_default();
    println!(
        "Strong solve, transposition table of 2^{table_bits} entries{} reset for every position (the fastest of up to three runs of a set); the reference: {}",
        if grow_bits > table_bits {
            format!(", growing to 2^{grow_bits} in a solve past {grow_after} nodes,")
        } else {
            String::new()
        },
        if readme.is_empty() { "not found" } else { "data/README.md" }
    );
    println!();
    println!("| set | positions | mean time | reference | ratio | mean nodes | reference nodes |");
    println!("|---|---|---|---|---|---|---|");
    let mut solver = Solver::new(table_bits);
    if grow_bits > table_bits {
        solver = solver.with_table_growth(grow_bits, grow_after);
    }
    for set in &sets {
        let path = dir.join(set);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| UsageError(format!("cannot read {}: {e}", path.display())))?;
        let take = limit.unwrap_or(if set == "Test_L1_R3" { 100 } else { usize::MAX });
        let mut positions = Vec::new();
        for (i, line) in text.lines().take(take).enumerate() {
            let mut words = line.split_whitespace();
            let (Some(moves), Some(expected)) = (words.next(), words.next()) else {
                return Err(UsageError(format!(
                    "{set}, line {}: expected `moves score`",
                    i + 1
                )));
            };
            let expected: i32 = expected
                .parse()
                .map_err(|_| UsageError(format!("{set}, line {}: bad score", i + 1)))?;
            let p = Position::from_moves(moves)
                .map_err(|e| UsageError(format!("{set}, line {}: {e}", i + 1)))?;
            positions.push((i + 1, moves, p, expected));
        }
        // Timings on this machine wander by a fifth from run to run: a set is run up to three
        // times (while that takes under twenty seconds in all) and the fastest run is kept.
        let mut best = f64::INFINITY;
        let mut nodes = 0u64;
        let mut spent = 0.0;
        let mut cpu_of_best = None;
        for _ in 0..3 {
            let mut seconds = 0.0;
            let mut cpu = Some(0.0);
            nodes = 0;
            for (done, (line, moves, p, expected)) in positions.iter().enumerate() {
                solver.reset();
                let cpu_start = thread_cpu_seconds();
                let start = Instant::now();
                let solved = solver.solve(p, false).expect("no budget");
                seconds += start.elapsed().as_secs_f64();
                cpu = match (cpu, cpu_start, thread_cpu_seconds()) {
                    (Some(sum), Some(a), Some(b)) => Some(sum + (b - a)),
                    _ => None,
                };
                if solved.score != *expected {
                    return Err(UsageError(format!(
                        "{set}, line {line}: {moves} scored {}, the set says {expected}",
                        solved.score
                    )));
                }
                nodes += solved.nodes;
                // A long run says how it goes, so that a stopped run is not lost.
                if positions.len() > 100 && (done + 1) % 10 == 0 {
                    let k = (done + 1) as f64;
                    eprintln!(
                        "{set}: {} of {} lines scored, mean {}{}, {:.0} nodes",
                        done + 1,
                        positions.len(),
                        show_time(seconds / k),
                        cpu.map(|c| format!(" (processor time {})", show_time(c / k)))
                            .unwrap_or_default(),
                        nodes as f64 / k
                    );
                }
            }
            if seconds < best {
                best = seconds;
                cpu_of_best = cpu;
            }
            spent += seconds;
            if spent > 20.0 {
                break;
            }
        }
        let count = positions.len();
        let n = count.max(1) as f64;
        let (mean, mean_nodes) = (best / n, nodes as f64 / n);
        let (ref_time, ref_nodes, ratio) = match reference(&readme, set) {
            Some((t, k)) => (show_time(t), format!("{k:.0}"), format!("{:.2}×", mean / t)),
            None => ("–".into(), "–".into(), "–".into()),
        };
        println!(
            "| {set} | {count} | {} | {ref_time} | {ratio} | {mean_nodes:.0} | {ref_nodes} |",
            show_time(mean)
        );
        // Wall time is what a user waits; where other work shared the processor it is more than
        // the solver's own processor time, which is then said beside it.
        if let Some(cpu) = cpu_of_best.filter(|&c| best > 1.05 * c) {
            let ratio = reference(&readme, set)
                .map(|(t, _)| format!(", {:.2}× the reference", cpu / n / t))
                .unwrap_or_default();
            eprintln!(
                "{set}: the machine was busy: the solver's own processor time was {} per position{ratio}",
                show_time(cpu / n)
            );
        }
    }
    Ok(())
}

/// This thread's processor time so far, from Linux's `/proc/thread-self/schedstat`; `None`
/// elsewhere.
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}

fn mcts_speed(iterations: u64, runs: usize) {
    use arbor_game::{mcts, Budget, MctsOptions};
    use arbor_games::connect4::{Connect4, Position};
    use arbor_games::tictactoe::{Board, TicTacToe};
    fn by_sign(u: i32) -> f64 {
        f64::from(u.signum() + 1) / 2.0
    }
    fn median_rate<G: Game>(
        game: &G,
        root: &G::State,
        iterations: u64,
        runs: usize,
    ) -> (f64, usize) {
        let mut rates = Vec::new();
        let mut nodes = 0;
        for seed in 1..=runs as u64 {
            let options = MctsOptions {
                iterations,
                seed,
                ..MctsOptions::default()
            };
            let start = Instant::now();
            let tree = mcts(
                game,
                root,
                &options,
                &Budget::unlimited(),
                by_sign,
                &mut Quiet,
            );
            rates.push(tree.iterations as f64 / start.elapsed().as_secs_f64());
            nodes = tree.nodes.len();
        }
        rates.sort_by(f64::total_cmp);
        (rates[rates.len() / 2], nodes)
    }
    println!(
        "UCT (c = √2, random playouts), {iterations} iterations from the empty board; median of {runs} runs (seeds 1 to {runs})"
    );
    println!();
    println!("| game | iterations per second | nodes in the tree |");
    println!("|---|---|---|");
    let (rate, nodes) = median_rate(&TicTacToe::default(), &Board::new(), iterations, runs);
    println!(
        "| tic-tac-toe | {} | {} |",
        arbor_util::group_thousands(rate as u64),
        arbor_util::group_thousands(nodes as u64)
    );
    let (rate, nodes) = median_rate(&Connect4::default(), &Position::new(), iterations, runs);
    println!(
        "| connect four | {} | {} |",
        arbor_util::group_thousands(rate as u64),
        arbor_util::group_thousands(nodes as u64)
    );
}

/// Korf's instances named by `which` (`1`, `1-10`, `2,5,7`) from `file`.
fn korf_instances(
    file: &std::path::Path,
    which: &str,
) -> Result<Vec<arbor_puzzles::KorfInstance>, UsageError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| UsageError(format!("{}: {e}", file.display())))?;
    let mut wanted = Vec::new();
    for part in which.split(',') {
        let bad = || UsageError(format!("“{part}” is not an instance number or range"));
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (u32, u32) = (
                    a.trim().parse().map_err(|_| bad())?,
                    b.trim().parse().map_err(|_| bad())?,
                );
                wanted.extend(a..=b);
            }
            None => wanted.push(part.trim().parse().map_err(|_| bad())?),
        }
    }
    let out: Vec<_> = arbor_puzzles::parse_korf(&text)
        .into_iter()
        .filter(|i| wanted.contains(&i.id))
        .collect();
    if out.is_empty() {
        return Err(UsageError(format!(
            "no instance “{which}” in {}",
            file.display()
        )));
    }
    Ok(out)
}

fn ida(file: &std::path::Path, which: &str, runs: usize) -> Result<(), UsageError> {
    use arbor_puzzles::{Heuristic, NPuzzle};
    use arbor_search::{search, Algorithm, Budget, Options};
    let mut instances = korf_instances(file, which)?;
    // Only instances the reference counted nodes for.
    instances.retain(|i| i.manhattan_nodes.is_some());
    let goal: Vec<u8> = (0..16).collect();
    let arbor = |tiles: &[u8; 16]| -> (u32, u64) {
        let p = NPuzzle::new(4, 4, tiles, &goal, Heuristic::Manhattan).expect("a 15-puzzle");
        let options = Options::new(Algorithm::IdaStar);
        let out = search(&p, &options, &Budget::unlimited(), &mut arbor_search::Quiet);
        let length = out.solution.map_or(0, |s| s.cost);
        (length, out.stats.generated)
    };
    println!(
        "IDA* with Manhattan distance on Korf's instances {which} ({} of them), fastest of {runs} runs each, the two solvers alternating:",
        instances.len()
    );
    println!();
    println!(
        "| instance | length | nodes (data) | Arbor IDA* | plain IDA* | Arbor against plain |"
    );
    println!("|---|---|---|---|---|---|");
    let (mut total_arbor, mut total_plain) = (0.0, 0.0);
    for i in &instances {
        let (n, tiles, length) = (&i.id, &i.tiles, &i.length);
        let nodes = &i.manhattan_nodes.unwrap_or_default();
        let (mut best_arbor, mut best_plain) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..runs {
            let t = Instant::now();
            let got = arbor(tiles);
            best_arbor = best_arbor.min(t.elapsed().as_secs_f64());
            if got != (*length, *nodes) {
                return Err(UsageError(format!(
                    "instance {n}: Arbor's IDA* gave length {} and {} nodes, the data {length} and {nodes}",
                    got.0, got.1
                )));
            }
            let t = Instant::now();
            let got = plain_ida::solve(tiles);
            best_plain = best_plain.min(t.elapsed().as_secs_f64());
            if got != (*length, *nodes) {
                return Err(UsageError(format!(
                    "instance {n}: the plain IDA* gave length {} and {} nodes, the data {length} and {nodes}",
                    got.0, got.1
                )));
            }
        }
        total_arbor += best_arbor;
        total_plain += best_plain;
        println!(
            "| {n} | {length} | {} | {:.3} s | {:.3} s | {:.2}× |",
            arbor_util::group_thousands(*nodes),
            best_arbor,
            best_plain,
            best_arbor / best_plain
        );
    }
    if instances.len() > 1 {
        println!(
            "| all | | | {total_arbor:.3} s | {total_plain:.3} s | {:.2}× |",
            total_arbor / total_plain
        );
    }
    Ok(())
}

fn pdb(file: &std::path::Path, which: &str) -> Result<(), UsageError> {
    use arbor_puzzles::{Heuristic, NPuzzle, PatternDb};
    use arbor_search::{search, Algorithm, Budget, Options};
    let instances = korf_instances(file, which)?;
    let goal: Vec<u8> = (0..16).collect();
    let started = Instant::now();
    let db = PatternDb::standard(4, 4, &goal, &mut |_| true)
        .map_err(|e| UsageError(format!("pattern database: {e}")))?;
    let build = started.elapsed().as_secs_f64();
    let db = std::sync::Arc::new(db);
    println!(
        "IDA* with the {} additive pattern database ({} MB, built in {build:.2} s) on Korf's instances {which} ({} of them):",
        db.describe(),
        db.bytes().div_ceil(1 << 20),
        instances.len()
    );
    println!();
    println!("| instance | length | nodes | time | Manhattan's nodes (data) | fewer |");
    println!("|---|---|---|---|---|---|");
    let (mut total_nodes, mut total_time) = (0u64, 0.0);
    let (mut manhattan_nodes, mut pdb_nodes_where_known) = (0u64, 0u64);
    for i in &instances {
        let (n, tiles, length, manhattan) = (i.id, &i.tiles, &i.length, i.manhattan_nodes);
        let p = NPuzzle::new(4, 4, tiles, &goal, Heuristic::Manhattan)
            .and_then(|p| p.with_pdb(db.clone()))
            .map_err(|e| UsageError(format!("instance {n}: {e}")))?;
        let t = Instant::now();
        let out = search(
            &p,
            &Options::new(Algorithm::IdaStar),
            &Budget::unlimited(),
            &mut arbor_search::Quiet,
        );
        let seconds = t.elapsed().as_secs_f64();
        let got = out.solution.as_ref().map_or(0, |s| s.cost);
        if got != *length {
            return Err(UsageError(format!(
                "instance {n}: IDA* with the pattern database gave length {got}, the data {length}"
            )));
        }
        let nodes = out.stats.generated;
        total_nodes += nodes;
        total_time += seconds;
        if let Some(m) = manhattan {
            manhattan_nodes += m;
            pdb_nodes_where_known += nodes;
        }
        println!(
            "| {n} | {length} | {} | {seconds:.3} s | {} | {} |",
            arbor_util::group_thousands(nodes),
            manhattan.map_or("not finished".into(), arbor_util::group_thousands),
            manhattan.map_or("".into(), |m| format!("{:.0}×", m as f64 / nodes as f64))
        );
    }
    if instances.len() > 1 {
        println!(
            "| all | | {} | {total_time:.2} s | {} | {:.0}× |",
            arbor_util::group_thousands(total_nodes),
            arbor_util::group_thousands(manhattan_nodes),
            manhattan_nodes as f64 / pdb_nodes_where_known.max(1) as f64
        );
        println!();
        println!(
            "{} nodes per second; the build and all {} solves: {:.1} s.",
            arbor_util::group_thousands((total_nodes as f64 / total_time) as u64),
            instances.len(),
            build + total_time
        );
    }
    Ok(())
}

fn astar(count: u64, seed: u64) -> Result<(), UsageError> {
    use arbor_puzzles::{Heuristic, NPuzzle};
    use arbor_search::{search, Algorithm, Budget, Options};
    let goal = NPuzzle::standard_goal(9);
    let mut puzzles = Vec::new();
    let mut s = seed;
    while (puzzles.len() as u64) < count {
        let tiles = NPuzzle::random_board(9, s);
        s += 1;
        let p =
            NPuzzle::new(3, 3, &tiles, &goal, Heuristic::Manhattan).map_err(|e| UsageError(e.0))?;
        if p.is_solvable() {
            puzzles.push(p);
        }
    }
    let options = Options::new(Algorithm::AStar);
    let mut times = Vec::with_capacity(puzzles.len());
    let (mut length, mut expanded, mut generated) = (0u64, 0u64, 0u64);
    for p in &puzzles {
        let start = Instant::now();
        let out = search(p, &options, &Budget::unlimited(), &mut arbor_search::Quiet);
        times.push(start.elapsed().as_secs_f64() * 1e6);
        length += out.solution.map_or(0, |s| s.depth() as u64);
        expanded += out.stats.expanded;
        generated += out.stats.generated;
    }
    let n = puzzles.len() as f64;
    let mean = times.iter().sum::<f64>() / n;
    println!("A* with Manhattan distance, graph search, on {count} random solvable 8-puzzles (seed {seed}):");
    println!("| mean time | median time | mean length | mean expanded | mean generated |");
    println!("|---|---|---|---|---|");
    println!(
        "| {mean:.1} µs | {:.1} µs | {:.1} | {:.0} | {:.0} |",
        median(times),
        length as f64 / n,
        expanded as f64 / n,
        generated as f64 / n
    );
    Ok(())
}

/// A uniform game tree that needs no memory: a position is its path's number, a leaf's value a
/// hash of it. MAX moves at even plies.
struct Synthetic {
    branching: u32,
    depth: u32,
}

impl Game for Synthetic {
    type State = (u32, u64);
    type Move = u32;

    fn to_move(&self, s: &(u32, u64)) -> usize {
        (s.0 % 2) as usize
    }

    fn actions(&self, _s: &(u32, u64), moves: &mut Vec<u32>) {
        moves.extend(0..self.branching);
    }

    fn result(&self, s: &(u32, u64), mv: u32) -> (u32, u64) {
        (
            s.0 + 1,
            s.1.wrapping_mul(u64::from(self.branching)) + u64::from(mv) + 1,
        )
    }

    fn is_terminal(&self, s: &(u32, u64)) -> bool {
        s.0 == self.depth
    }

    fn utility(&self, s: &(u32, u64)) -> i32 {
        (mix64(s.1) % 2001) as i32 - 1000
    }

    fn evaluate(&self, s: &(u32, u64)) -> i32 {
        self.utility(s)
    }

    fn hash(&self, s: &(u32, u64)) -> u64 {
        mix64(s.1 ^ (u64::from(s.0) << 56))
    }
}

/// The bookkeeping of the library's search without its observer hooks: node counts, the
/// budget's charge, the growing table's check, best-move tracking and cutoff counts, the
/// option checks, and the lists of moves and of the children ordering made, kept per ply.
/// Only the hooks are gone, so comparing it with `alpha_beta` + `Quiet` measures what the
/// no-op observer costs. (Kept in step with `alpha_beta`: bookkeeping added there and not
/// here would be counted as the observer's.) A measuring stick for this benchmark only; it
/// plays no part in Arbor.
struct Bare<'a> {
    game: &'a Synthetic,
    options: AlphaBetaOptions,
    visited: u64,
    evaluated: u64,
    horizon: u64,
    cutoffs: u64,
    budget: Budget<'a>,
    /// The node count at which a growing table would grow (none here, as in the library's
    /// default).
    grow_at: Option<u64>,
    table: Option<Vec<u64>>,
    remember: bool,
    moves: MoveLists<u32>,
    children: MoveLists<(u32, u64)>,
}

impl Bare<'_> {
    /// A leaf valued in its parent's loop, as the library does.
    #[inline(always)]
    fn leaf(&mut self, s: &(u32, u64), remaining: u32) -> Result<Option<i32>, ()> {
        let terminal = self.game.is_terminal(s);
        if !terminal && remaining != 0 {
            return Ok(None);
        }
        self.visited += 1;
        self.budget.charge(self.visited).map_err(|_| ())?;
        let colour = if self.game.to_move(s) == 0 { 1 } else { -1 };
        self.evaluated += 1;
        self.horizon += u64::from(!terminal);
        let value = if terminal {
            self.game.utility(s)
        } else {
            self.game.evaluate(s)
        };
        Ok(Some(colour * value))
    }

    fn node(
        &mut self,
        s: &(u32, u64),
        remaining: u32,
        mut alpha: i32,
        beta: i32,
    ) -> Result<(i32, Option<u32>), ()> {
        if let Some(v) = self.leaf(s, remaining)? {
            return Ok((v, None));
        }
        self.visited += 1;
        self.budget.charge(self.visited).map_err(|_| ())?;
        if self.visited & 1023 == 0 && self.grow_at.is_some_and(|g| self.visited >= g) {
            self.grow_at = None;
        }
        let key = if self.table.is_some() || self.remember {
            self.game.hash(s)
        } else {
            0
        };
        let hint = self
            .table
            .as_ref()
            .and_then(|t| t.get(key as usize % t.len()).copied());
        let below = if remaining == u32::MAX {
            remaining
        } else {
            remaining - 1
        };
        let ply = s.0;
        let mut list = self.moves.take(ply);
        let mut children = self.children.take(ply);
        self.game.actions(s, &mut list);
        if let (0, Some(seed)) = (ply, self.options.shuffle) {
            SplitMix64(seed).shuffle(&mut list);
        } else {
            match self.options.ordering {
                Ordering::Natural => {}
                Ordering::Reversed => list.reverse(),
                _ => {
                    list.sort_unstable();
                    children.extend(list.iter().map(|&m| self.game.result(s, m)));
                }
            }
            if let Some(first) = hint.map(|h| h as u32) {
                if let Some(pos) = list.iter().position(|&m| m == first) {
                    list[..=pos].rotate_right(1);
                    if !children.is_empty() {
                        children[..=pos].rotate_right(1);
                    }
                }
            }
        }
        let mut best = -INF;
        let mut best_move = None;
        let mut result = Ok(());
        // By index, as the library's loop (which slices off the moves a cutoff skips).
        #[allow(clippy::needless_range_loop)]
        for i in 0..list.len() {
            let m = list[i];
            let child = match children.get(i) {
                Some(c) => *c,
                None => self.game.result(s, m),
            };
            let searched = match self.leaf(&child, below) {
                Ok(Some(v)) => Ok(v),
                Ok(None) => self.node(&child, below, -beta, -alpha).map(|(v, _)| v),
                Err(e) => Err(e),
            };
            let v = match searched {
                Ok(v) => -v,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            if v > best {
                best = v;
                best_move = Some(m);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                if i + 1 < list.len() {
                    self.cutoffs += 1;
                }
                break;
            }
        }
        self.moves.give_back(ply, list);
        self.children.give_back(ply, children);
        result?;
        let value = match self.options.fail {
            Fail::Soft => best,
            Fail::Hard if best >= beta => beta,
            Fail::Hard => alpha,
        };
        Ok((value, best_move))
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> (T, f64) {
    let mut times = Vec::with_capacity(runs);
    let mut last = None;
    for _ in 0..runs {
        let start = Instant::now();
        let out = std::hint::black_box(f());
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        last = Some(out);
    }
    (last.expect("at least one run"), median(times))
}

fn observer(branching: u32, depth: u32, runs: usize) -> Result<(), UsageError> {
    if !(2..=12).contains(&branching) || !(1..=14).contains(&depth) {
        return Err(UsageError("branching must be 2–12 and depth 1–14".into()));
    }
    let game = Synthetic { branching, depth };
    let root = (0, 0u64);
    let options = AlphaBetaOptions::default();
    let ((value, visited), bare_ms) = time(runs, || {
        let mut bare = Bare {
            game: &game,
            options,
            visited: 0,
            evaluated: 0,
            horizon: 0,
            cutoffs: 0,
            budget: Budget::unlimited(),
            grow_at: None,
            table: None,
            remember: false,
            moves: MoveLists::default(),
            children: MoveLists::default(),
        };
        let value = bare
            .node(&root, u32::MAX, -INF, INF)
            .map(|(v, _)| v)
            .unwrap_or(0);
        std::hint::black_box(bare.horizon);
        std::hint::black_box(bare.evaluated);
        std::hint::black_box(bare.cutoffs);
        (value, bare.visited)
    });
    let (quiet, quiet_ms): (Outcome<u32>, f64) =
        time(runs, || alpha_beta(&game, &root, &options, &mut Quiet));
    let ((traced, events), traced_ms) = time(runs, || {
        let mut recorder = Recorder::new();
        let o = alpha_beta(&game, &root, &options, &mut recorder);
        (o, recorder.into_trace().events.len())
    });
    if quiet.value != value || traced.value != value || quiet.stats.visited != visited {
        return Err(UsageError(
            "the three searches disagree: this is a bug".into(),
        ));
    }
    println!(
        "alpha-beta on a uniform tree, branching {branching}, depth {depth}: value {value}, {visited} nodes visited (median of {runs} runs)"
    );
    println!("| search | time | nodes/s | vs hooks deleted |");
    println!("|---|---|---|---|");
    for (name, ms) in [
        ("same bookkeeping, observer hooks deleted", bare_ms),
        ("alpha_beta + Quiet (no-op observer)", quiet_ms),
        ("alpha_beta + Recorder (full trace)", traced_ms),
    ] {
        println!(
            "| {name} | {ms:.1} ms | {:.1} M | {:.2}× |",
            visited as f64 / ms / 1000.0,
            ms / bare_ms
        );
    }
    println!("The trace holds {events} events.");
    Ok(())
}
