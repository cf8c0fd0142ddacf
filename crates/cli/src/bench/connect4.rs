//! `arbor bench c4`: the connect-four solver on Pons' test sets, every line scored (a wrong
//! score is an error), the mean time and nodes per position beside the reference solver's.

use std::time::Instant;

use arbor_games::connect4::{Position, Solver};

use crate::UsageError;

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

/// Seconds in the unit that suits them: µs, ms or s.
fn show_time(seconds: f64) -> String {
    if seconds < 1e-3 {
        format!("{:.1} µs", seconds * 1e6)
    } else if seconds < 1.0 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{seconds:.2} s")
    }
}

/// A set's positions: line number, moves, position and the score the set gives it.
type Lines<'t> = Vec<(usize, &'t str, Position, i32)>;

/// Runs `arbor bench c4`: each set of `sets` (all six by default) in `dir`, its first `limit`
/// lines, solved with a table of `2^table_bits` entries (growing to `2^grow_bits` in a solve
/// past `grow_after` nodes), beside the reference figures in the data's README.
pub(super) fn connect4(
    dir: &std::path::Path,
    sets: &[String],
    limit: Option<usize>,
    table_bits: u32,
    (grow_bits, grow_after): (u32, u64),
) -> Result<(), UsageError> {
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
        let positions = read_set(set, &text, take)?;
        let timing = time_set(&mut solver, set, &positions)?;
        report(set, &readme, positions.len(), timing);
    }
    Ok(())
}

/// The first `take` lines of a set (`moves score` each, as `bench c4 --reference` reads them,
/// the score required here).
fn read_set<'t>(set: &str, text: &'t str, take: usize) -> Result<Lines<'t>, UsageError> {
    let mut lines = super::c4_reference::read_lines(set, text)?;
    lines.truncate(take);
    lines
        .into_iter()
        .map(|l| match l.score {
            Some(score) => Ok((l.number, l.moves, l.position, score)),
            None => Err(UsageError(format!(
                "{set}, line {}: expected `moves score`",
                l.number
            ))),
        })
        .collect()
}

/// How a set went: the fastest run's seconds in all and its processor time (where the system
/// tells it), and the last run's nodes (a solve's nodes can differ a little from run to run:
/// the table, emptied by age, is not the same memory each time).
struct Timing {
    seconds: f64,
    cpu: Option<f64>,
    nodes: u64,
}

/// Solves a set's positions, each from an empty table, checking every score. Timings on this
/// machine wander by a fifth from run to run: a set is run up to three times (while that takes
/// under twenty seconds in all) and the fastest run is kept.
fn time_set(
    solver: &mut Solver<'_>,
    set: &str,
    positions: &Lines<'_>,
) -> Result<Timing, UsageError> {
    let mut best = Timing {
        seconds: f64::INFINITY,
        cpu: None,
        nodes: 0,
    };
    let mut spent = 0.0;
    let mut last_nodes = 0;
    for _ in 0..3 {
        let mut seconds = 0.0;
        let mut cpu = Some(0.0);
        let mut nodes = 0;
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
        if seconds < best.seconds {
            best = Timing {
                seconds,
                cpu,
                nodes,
            };
        }
        last_nodes = nodes;
        spent += seconds;
        if spent > 20.0 {
            break;
        }
    }
    Ok(Timing {
        nodes: last_nodes,
        ..best
    })
}

/// A set's row of the table, and a note when the machine was busy.
fn report(set: &str, readme: &str, count: usize, timing: Timing) {
    let n = count.max(1) as f64;
    let (mean, mean_nodes) = (timing.seconds / n, timing.nodes as f64 / n);
    let (ref_time, ref_nodes, ratio) = match reference(readme, set) {
        Some((t, k)) => (show_time(t), format!("{k:.0}"), format!("{:.2}×", mean / t)),
        None => ("–".into(), "–".into(), "–".into()),
    };
    println!(
        "| {set} | {count} | {} | {ref_time} | {ratio} | {mean_nodes:.0} | {ref_nodes} |",
        show_time(mean)
    );
    // Wall time is what a user waits; where other work shared the processor it is more than
    // the solver's own processor time, which is then said beside it. Linux brings a thread's
    // count up to date at the scheduler's ticks (a few ms apart), so a set solved in less than
    // a fifth of a second is not compared: its count may still read nothing.
    let measurable = timing.seconds >= 0.2;
    if let Some(cpu) = timing
        .cpu
        .filter(|&c| measurable && timing.seconds > 1.05 * c)
    {
        let ratio = reference(readme, set)
            .map(|(t, _)| format!(", {:.2}× the reference", cpu / n / t))
            .unwrap_or_default();
        eprintln!(
            "{set}: the machine was busy: the solver's own processor time was {} per position{ratio}",
            show_time(cpu / n)
        );
    }
}

/// This thread's processor time so far, from Linux's `/proc/thread-self/schedstat`; `None`
/// elsewhere.
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}
