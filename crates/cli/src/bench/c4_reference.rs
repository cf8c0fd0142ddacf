//! `arbor bench c4 --reference PATH`: Arbor's solver and a reference solver on the same
//! positions, in one run, alternating which goes first, each position solved from scratch by
//! both (Arbor with an empty table, the reference in a fresh process); each one's time, the
//! ratio, and whether every score agrees (with each other and with the set).
//!
//! The reference is any program that reads positions on standard input, one per line, and
//! prints `moves score` for each (Pascal Pons' solver does, built without its opening book).

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

use arbor_games::connect4::{Position, Solver};
use arbor_util::SplitMix64;

use crate::UsageError;

/// Runs `arbor bench c4 --reference PATH [SET…]`: each set of `dir` (Early_4_9 by default),
/// its first `limit` lines.
pub(super) fn command(
    reference: &std::path::Path,
    dir: &std::path::Path,
    sets: &[String],
    limit: Option<usize>,
    table_bits: u32,
    grow: (u32, u64),
) -> Result<(), UsageError> {
    let default = ["Early_4_9".to_string()];
    let sets = if sets.is_empty() { &default[..] } else { sets };
    for set in sets {
        let path = dir.join(set);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| UsageError(format!("cannot read {}: {e}", path.display())))?;
        let mut lines = read_lines(set, &text)?;
        lines.truncate(limit.unwrap_or(usize::MAX));
        compare(reference, set, &lines, table_bits, grow)?;
    }
    Ok(())
}

/// One position of a set: its line, its moves, and the score the set gives (if it gives one).
pub(super) struct Line<'t> {
    pub number: usize,
    pub moves: &'t str,
    pub position: Position,
    pub score: Option<i32>,
}

/// Reads a set: `moves` or `moves score` a line.
pub(super) fn read_lines<'t>(set: &str, text: &'t str) -> Result<Vec<Line<'t>>, UsageError> {
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        let Some(moves) = words.next() else { continue };
        let score = match words.next() {
            None => None,
            Some(s) => Some(
                s.parse()
                    .map_err(|_| UsageError(format!("{set}, line {}: bad score “{s}”", i + 1)))?,
            ),
        };
        let position = Position::from_moves(moves)
            .map_err(|e| UsageError(format!("{set}, line {}: {e}", i + 1)))?;
        lines.push(Line {
            number: i + 1,
            moves,
            position,
            score,
        });
    }
    Ok(lines)
}

/// What both solvers did on a set.
#[derive(Default)]
struct Totals {
    arbor: f64,
    reference: f64,
    nodes: u64,
    disagreements: Vec<String>,
}

/// Runs the comparison on `lines` (of `set`), Arbor with a table of `2^table_bits` entries
/// growing to `2^grow_bits` past `grow_after` nodes.
pub(super) fn compare(
    reference: &std::path::Path,
    set: &str,
    lines: &[Line<'_>],
    table_bits: u32,
    (grow_bits, grow_after): (u32, u64),
) -> Result<(), UsageError> {
    let mut solver = Solver::new(table_bits);
    if grow_bits > table_bits {
        solver = solver.with_table_growth(grow_bits, grow_after);
    }
    let mut t = Totals::default();
    eprintln!("| line | moves | score | Arbor | nodes | reference |");
    for (i, line) in lines.iter().enumerate() {
        let mut ours = || {
            solver.reset();
            let start = Instant::now();
            let solved = solver.solve(&line.position, false).expect("no budget");
            (solved.score, solved.nodes, start.elapsed().as_secs_f64())
        };
        // Alternating: neither solver always finds the processor's caches warm.
        let ((score, nodes, secs), (ref_score, ref_secs)) = if i % 2 == 0 {
            let o = ours();
            (o, run_reference(reference, line.moves)?)
        } else {
            let r = run_reference(reference, line.moves)?;
            (ours(), r)
        };
        t.arbor += secs;
        t.reference += ref_secs;
        t.nodes += nodes;
        if score != ref_score || line.score.is_some_and(|s| s != score) {
            t.disagreements.push(format!(
                "{set}, line {}: {} — Arbor {score}, the reference {ref_score}{}",
                line.number,
                line.moves,
                line.score
                    .map(|s| format!(", the set {s}"))
                    .unwrap_or_default()
            ));
        }
        eprintln!(
            "| {} | {} | {score} | {secs:.3} s | {nodes} | {ref_secs:.3} s |",
            line.number, line.moves
        );
    }
    let n = lines.len().max(1) as f64;
    println!(
        "| set | positions | Arbor | reference | ratio | Arbor's mean nodes | every score agrees |"
    );
    println!("|---|---|---|---|---|---|---|");
    println!(
        "| {set} | {} | {:.1} s | {:.1} s | {:.2}× | {:.0} | {} |",
        lines.len(),
        t.arbor,
        t.reference,
        t.arbor / t.reference.max(f64::MIN_POSITIVE),
        t.nodes as f64 / n,
        if t.disagreements.is_empty() {
            "yes"
        } else {
            "**no**"
        }
    );
    if t.disagreements.is_empty() {
        Ok(())
    } else {
        Err(UsageError(t.disagreements.join("\n")))
    }
}

/// Runs the reference on one position in a fresh process: its score and the seconds from
/// start to exit.
fn run_reference(path: &std::path::Path, moves: &str) -> Result<(i32, f64), UsageError> {
    let fail = |what: String| UsageError(format!("the reference {}: {what}", path.display()));
    let start = Instant::now();
    let mut child = Command::new(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| fail(format!("could not start: {e}")))?;
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(format!("{moves}\n").as_bytes())
        .map_err(|e| fail(e.to_string()))?;
    let out = child.wait_with_output().map_err(|e| fail(e.to_string()))?;
    let secs = start.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&out.stdout);
    let mut words = text.split_whitespace();
    match (words.next(), words.next().and_then(|s| s.parse().ok())) {
        (Some(m), Some(score)) if m == moves => Ok((score, secs)),
        _ => Err(fail(format!(
            "printed “{}” for {moves}, not `moves score`",
            text.trim()
        ))),
    }
}

/// `count` random openings of `min..=max` stones (each length equally likely, each move a
/// random legal column), none decided on the board — no four made, no win at once for the
/// player to move — and no two the same: the moves of each, a line each. Fewer if that many
/// are not found in a thousand tries a position (there are only 7 openings of one stone).
pub fn random_openings(seed: u64, count: usize, min: u32, max: u32) -> Vec<String> {
    let mut rng = SplitMix64(seed);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < 1000 * (count + 1) {
        tries += 1;
        let plies = rng.range(i64::from(min), i64::from(max)) as u32;
        let mut p = Position::from_moves("").expect("the empty board");
        let mut moves = String::new();
        for _ in 0..plies {
            let open: Vec<usize> = (0..7).filter(|&c| p.can_play(c)).collect();
            let col = open[rng.range(0, open.len() as i64 - 1) as usize];
            p = p.play(col);
            moves.push(char::from(b'1' + col as u8));
            if p.is_won() {
                break;
            }
        }
        if p.moves() == plies && !p.is_won() && !p.can_win_now() && seen.insert(moves.clone()) {
            out.push(moves);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_undecided_distinct_and_of_their_lengths() {
        let lines = random_openings(7, 200, 4, 9);
        assert_eq!(lines.len(), 200);
        let distinct: std::collections::HashSet<_> = lines.iter().collect();
        assert_eq!(distinct.len(), 200);
        for moves in &lines {
            let p = Position::from_moves(moves).unwrap();
            assert!((4..=9).contains(&moves.len()), "{moves}");
            assert!(!p.is_won() && !p.can_win_now(), "{moves}");
        }
        // Every length turns up, and the same seed gives the same set.
        for n in 4..=9 {
            assert!(lines.iter().any(|m| m.len() == n), "no opening of {n}");
        }
        assert_eq!(random_openings(7, 200, 4, 9), lines);
        // Asked for more than there are: all there are, and no endless search.
        assert_eq!(random_openings(1, 10, 1, 1).len(), 7);
    }

    #[test]
    fn a_set_line_reads_with_or_without_its_score() {
        let lines = read_lines("t", "4453 -2\n\n4444\n").unwrap();
        assert_eq!(lines.len(), 2);
        assert_eq!((lines[0].number, lines[0].score), (1, Some(-2)));
        assert_eq!((lines[1].number, lines[1].score), (3, None));
        assert!(read_lines("t", "44 x").is_err());
        assert!(read_lines("t", "48").is_err());
    }
}
