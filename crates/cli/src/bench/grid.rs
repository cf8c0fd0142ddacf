//! `arbor bench grid`: A* and Jump Point Search on the Moving AI maps in `data/movingai/`,
//! against A* from the `pathfinding` crate over the same grid, in one run.
//!
//! The reference is written here from the benchmark's rule alone — cells as (x, y), eight
//! neighbours, no corner cut, a straight step 10¹⁰ units and a diagonal one √2 · 10¹⁰ rounded
//! up (Arbor's units, so the lengths compare exactly), octile distance — and handed to
//! `pathfinding::prelude::astar`. Each map's scenarios are solved by the three in turn, the
//! three alternating for --runs rounds; the fastest round of each is reported. Every length is
//! checked against the published one: a wrong one is an error, not a figure.

use std::path::Path;
use std::time::Instant;

use arbor_puzzles::{GridMap, Scenario, DIAGONAL, STRAIGHT};

use crate::grid::{load, GridAlgo};
use crate::UsageError;

/// The maps and how many of their scenarios: every one of the small maps and Boston's, every
/// `k`-th of the two 512 × 512 ones (spread over their buckets, the longest included).
const SETS: [(&str, usize); 7] = [
    ("empty-16-16-random-1.scen", 1),
    ("random-32-32-20-random-1.scen", 1),
    ("arena.map.scen", 1),
    ("den312d.map.scen", 1),
    ("Boston_0_256.map.scen", 1),
    ("64room_005.map.scen", 5),
    ("maze512-1-9.map.scen", 20),
];

/// The reference: A* from the `pathfinding` crate on the map, from `start` to `goal` (x, y).
fn reference(map: &GridMap, start: (usize, usize), goal: (usize, usize)) -> Option<u64> {
    let (w, h) = (map.width() as isize, map.height() as isize);
    let open = |x: isize, y: isize| {
        x >= 0 && y >= 0 && x < w && y < h && map.passable(x as usize, y as usize)
    };
    let successors = |&(x, y): &(isize, isize)| {
        let mut out = Vec::with_capacity(8);
        for (dx, dy) in [
            (0, -1),
            (-1, 0),
            (1, 0),
            (0, 1),
            (-1, -1),
            (1, -1),
            (-1, 1),
            (1, 1),
        ] {
            let diagonal = dx != 0 && dy != 0;
            if open(x + dx, y + dy) && (!diagonal || (open(x + dx, y) && open(x, y + dy))) {
                out.push(((x + dx, y + dy), if diagonal { DIAGONAL } else { STRAIGHT }));
            }
        }
        out
    };
    let goal = (goal.0 as isize, goal.1 as isize);
    let octile = |&(x, y): &(isize, isize)| {
        let (dx, dy) = (
            (x - goal.0).unsigned_abs() as u64,
            (y - goal.1).unsigned_abs() as u64,
        );
        STRAIGHT * dx.abs_diff(dy) + DIAGONAL * dx.min(dy)
    };
    pathfinding::prelude::astar(
        &(start.0 as isize, start.1 as isize),
        successors,
        octile,
        |&p| p == goal,
    )
    .map(|(_, cost)| cost)
}

/// Seconds to solve `scenarios` one way, checking each length.
fn time(
    map: &GridMap,
    scenarios: &[&Scenario],
    way: Option<GridAlgo>,
    name: &str,
) -> Result<f64, UsageError> {
    let first = scenarios[0];
    let mut prepared =
        way.map(|algo| algo.prepare(map.grid(first.start, first.goal).expect("checked"), 10));
    let started = Instant::now();
    for s in scenarios {
        let length = match &mut prepared {
            None => reference(map, s.start, s.goal),
            Some((grid, algorithm)) => s.solve(grid, *algorithm).map_err(UsageError)?,
        };
        if !length.is_some_and(|l| s.matches(l)) {
            return Err(UsageError(format!(
                "{name} gives {length:?} on line {} of the scenarios for {}, not {}",
                s.line, s.map, s.optimal_text
            )));
        }
    }
    Ok(started.elapsed().as_secs_f64())
}

/// Runs `arbor bench grid`.
pub fn grid(dir: &Path, runs: usize) -> Result<(), UsageError> {
    println!("Grid path-finding on the Moving AI maps: A* from the pathfinding crate (the reference), Arbor's A* and Arbor's JPS, fastest of {runs} alternating rounds; every length checked.");
    println!("| map | size | scenarios | reference A* | Arbor A* | ratio | Arbor JPS | ratio |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut totals = [0.0f64; 3];
    for (scen, every) in SETS {
        let (map, all) = load(&dir.join(scen))?;
        let last = all.len() - 1;
        let chosen: Vec<&Scenario> = all
            .iter()
            .enumerate()
            .filter(|&(i, _)| i % every == 0 || i == last)
            .map(|(_, s)| s)
            .collect();
        let ways = [
            (None, "the reference A*"),
            (Some(GridAlgo::Astar), "Arbor's A*"),
            (Some(GridAlgo::Jps), "Arbor's JPS"),
        ];
        let mut best = [f64::INFINITY; 3];
        for _ in 0..runs {
            for (k, (way, name)) in ways.iter().enumerate() {
                best[k] = best[k].min(time(&map, &chosen, *way, name)?);
            }
        }
        for k in 0..3 {
            totals[k] += best[k];
        }
        println!(
            "| {} | {} × {} | {} | {:.1} ms | {:.1} ms | {:.2}× | {:.1} ms | {:.2}× |",
            all[0].map,
            map.width(),
            map.height(),
            chosen.len(),
            best[0] * 1e3,
            best[1] * 1e3,
            best[1] / best[0],
            best[2] * 1e3,
            best[2] / best[0],
        );
    }
    println!(
        "| all seven | | | {:.1} ms | {:.1} ms | **{:.2}×** | {:.1} ms | **{:.2}×** |",
        totals[0] * 1e3,
        totals[1] * 1e3,
        totals[1] / totals[0],
        totals[2] * 1e3,
        totals[2] / totals[0],
    );
    Ok(())
}
