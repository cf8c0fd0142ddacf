//! `arbor bench ida`, `pdb` and `astar`: the single-agent searches on sliding puzzles — IDA*
//! against a plain IDA*, IDA* with the 6-6-3 pattern database, A* on random 8-puzzles.

use std::time::Instant;

use super::median;
use crate::UsageError;

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

/// Runs `arbor bench ida` on the instances `which` of `file`, the fastest of `runs` each.
pub(super) fn ida(file: &std::path::Path, which: &str, runs: usize) -> Result<(), UsageError> {
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
        let length = out.solution.map_or(0, |s| s.depth() as u32);
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

/// Runs `arbor bench pdb` on the instances `which` of `file`.
pub(super) fn pdb(file: &std::path::Path, which: &str) -> Result<(), UsageError> {
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
        let got = out.solution.as_ref().map_or(0, |s| s.depth() as u32);
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

/// Runs `arbor bench astar` on `count` random solvable 8-puzzles from `seed`.
pub(super) fn astar(count: u64, seed: u64) -> Result<(), UsageError> {
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
