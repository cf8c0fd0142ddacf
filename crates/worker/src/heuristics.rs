//! The heuristics lab's work, done in the worker: one board's every estimate beside its true
//! distance, Korf's 100 solved with the 6-6-3 pattern database, and the textbook's table of
//! nodes and b*. The pattern databases built stay in the worker for the next request.

use std::cell::RefCell;
use std::sync::Arc;

use arbor_app::heuristics::*;
use arbor_puzzles::heuristic_table::HeuristicTable;
use arbor_puzzles::{
    parse_korf, BuildProgress, Heuristic, NPuzzle, PatternDb, KORF_GOAL, MAX_PDB_CELLS,
};
use arbor_search::{search, Algorithm, Budget, Options, Problem, Quiet, Status};

/// Korf's 100, as the data file gives them.
const KORF: &str = include_str!("../../../data/npuzzle/korf100.txt");
thread_local! {
    /// The databases built so far in this worker.
    static DATABASES: RefCell<Vec<Arc<PatternDb>>> = const { RefCell::new(Vec::new()) };
}

/// The standard database of a board, from the cache or built (telling the progress).
fn database(
    rows: usize,
    cols: usize,
    goal: &[u8],
    post: &mut dyn FnMut(LabAnswer),
    now: &dyn Fn() -> f64,
) -> Result<Arc<PatternDb>, String> {
    let cached = DATABASES.with(|d| {
        d.borrow()
            .iter()
            .find(|db| db.rows() == rows && db.cols() == cols && db.goal() == goal)
            .cloned()
    });
    let what = |db: &PatternDb| format!("{} for {rows} × {cols}", db.describe());
    if let Some(db) = cached {
        post(LabAnswer::Built {
            what: what(&db),
            millis: 0.0,
        });
        return Ok(db);
    }
    let name = PatternDb::standard_name(rows, cols, goal);
    let start = now();
    let mut last = start;
    let mut progress = |p: BuildProgress| {
        let t = now();
        if t - last >= arbor_app::work::PROGRESS_MS {
            last = t;
            post(LabAnswer::Building {
                fraction: p.fraction,
                what: format!("{name} for {rows} × {cols}"),
            });
        }
        true
    };
    let db =
        Arc::new(PatternDb::standard(rows, cols, goal, &mut progress).map_err(|e| e.to_string())?);
    post(LabAnswer::Built {
        what: what(&db),
        millis: now() - start,
    });
    DATABASES.with(|d| d.borrow_mut().push(db.clone()));
    Ok(db)
}

/// Does a lab job, posting its answers.
pub fn answer(request: &LabRequest, post: &mut dyn FnMut(u64, LabAnswer), now: &dyn Fn() -> f64) {
    let run = request.run;
    let mut post = |a: LabAnswer| post(run, a);
    let result = match &request.job {
        Job::Estimates {
            rows,
            cols,
            tiles,
            goal,
        } => estimates(*rows as usize, *cols as usize, tiles, goal, &mut post, now)
            .map(|v| post(LabAnswer::Estimates(Box::new(v)))),
        Job::KorfBoard { id } => match korf_tiles(*id) {
            Some(tiles) => estimates(4, 4, &tiles, &KORF_GOAL, &mut post, now)
                .map(|v| post(LabAnswer::Estimates(Box::new(v)))),
            None => Err(format!(
                "there is no instance {id}: Korf's are numbered 1 to 100"
            )),
        },
        Job::Korf { first, last } => korf(*first, *last, &mut post, now),
        Job::Table(spec) => {
            let start = now();
            let table = HeuristicTable::new();
            for &depth in &spec.depths {
                let mut last = now();
                let row = table.row(depth, spec, &mut |done| {
                    let t = now();
                    if t - last >= arbor_app::work::PROGRESS_MS {
                        last = t;
                        post(LabAnswer::Working { depth, done });
                    }
                });
                post(LabAnswer::Row(row));
            }
            post(LabAnswer::TableDone {
                millis: now() - start,
            });
            Ok(())
        }
    };
    if let Err(e) = result {
        post(LabAnswer::Failed(e));
    }
}

/// Every heuristic's estimate of a board, the pattern database's (and its groups' shares)
/// where the board is small enough to build one, and the board's true distance.
fn estimates(
    rows: usize,
    cols: usize,
    tiles: &[u8],
    goal: &[u8],
    post: &mut dyn FnMut(LabAnswer),
    now: &dyn Fn() -> f64,
) -> Result<EstimatesView, String> {
    let p = NPuzzle::new(rows, cols, tiles, goal, Heuristic::Manhattan).map_err(|e| e.0)?;
    let board = p.start();
    let mut estimates: Vec<Estimate> = [
        Heuristic::Misplaced,
        Heuristic::Manhattan,
        Heuristic::LinearConflict,
    ]
    .into_iter()
    .map(|h| Estimate {
        heuristic: h,
        value: p.estimate_with(h, &board),
    })
    .collect();
    let db = if rows * cols <= MAX_PDB_CELLS {
        Some(database(rows, cols, goal, post, now)?)
    } else {
        None
    };
    let mut view = EstimatesView {
        rows: rows as u8,
        cols: cols as u8,
        tiles: tiles.to_vec(),
        goal: goal.to_vec(),
        estimates: Vec::new(),
        groups: Vec::new(),
        shares: Vec::new(),
        database: String::new(),
        truth: Truth::Unsolvable,
    };
    if let Some(db) = &db {
        view.database = db.describe();
        view.groups = db.groups();
        if let Some(shares) = db.shares(tiles) {
            estimates.push(Estimate {
                heuristic: Heuristic::Pdb,
                value: shares.iter().sum(),
            });
            view.shares = shares;
        }
    }
    view.estimates = estimates;
    if p.is_solvable() {
        view.truth = truth(&p, tiles, db.as_ref(), now)?;
    }
    Ok(view)
}

/// A solvable board's true distance: the database's, when it is exact; else IDA*'s, with the
/// database (unlimited) or linear conflicts (within a budget of nodes).
fn truth(
    p: &NPuzzle,
    tiles: &[u8],
    db: Option<&Arc<PatternDb>>,
    now: &dyn Fn() -> f64,
) -> Result<Truth, String> {
    if let Some(db) = db.filter(|db| db.is_exact()) {
        return Ok(db.value(tiles).map_or(Truth::Unsolvable, Truth::Exact));
    }
    let (puzzle, budget) = match db {
        Some(db) => (
            p.with_pdb(db.clone()).map_err(|e| e.0)?,
            Budget::unlimited(),
        ),
        None => (
            p.with_heuristic(Heuristic::LinearConflict),
            Budget::nodes(TRUTH_BUDGET),
        ),
    };
    let start = now();
    let out = search(
        &puzzle,
        &Options::new(Algorithm::IdaStar),
        &budget,
        &mut Quiet,
    );
    Ok(match (out.status, out.solution) {
        (Status::Found, Some(s)) => Truth::Solved {
            // (Every move costs 1: the length is the moves.)
            length: s.depth() as u32,
            nodes: out.stats.generated,
            millis: now() - start,
        },
        _ => Truth::TooHard,
    })
}

fn korf(
    first: u32,
    last: u32,
    post: &mut dyn FnMut(LabAnswer),
    now: &dyn Fn() -> f64,
) -> Result<(), String> {
    let db = database(4, 4, &KORF_GOAL, post, now)?;
    let start = now();
    for instance in parse_korf(KORF)
        .into_iter()
        .filter(|i| (first..=last).contains(&i.id))
    {
        let p = NPuzzle::new(4, 4, &instance.tiles, &KORF_GOAL, Heuristic::Manhattan)
            .and_then(|p| p.with_pdb(db.clone()))
            .map_err(|e| e.0)?;
        let t = now();
        let out = search(
            &p,
            &Options::new(Algorithm::IdaStar),
            &Budget::unlimited(),
            &mut Quiet,
        );
        post(LabAnswer::Solved(KorfRow {
            id: instance.id,
            length: out.solution.map_or(0, |s| s.depth() as u32),
            expected: instance.length,
            nodes: out.stats.generated,
            manhattan_nodes: instance.manhattan_nodes,
            millis: now() - t,
        }));
    }
    post(LabAnswer::KorfDone {
        millis: now() - start,
    });
    Ok(())
}

/// Korf's instance `id` (1 to 100): its tiles.
fn korf_tiles(id: u32) -> Option<[u8; 16]> {
    parse_korf(KORF)
        .into_iter()
        .find(|i| i.id == id)
        .map(|i| i.tiles)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbor_puzzles::heuristic_table::{Row, TableSpec};

    fn run(job: Job) -> Vec<LabAnswer> {
        let mut out = Vec::new();
        let clock = arbor_util::SteppingClock::new(1.0);
        answer(
            &LabRequest { run: 7, job },
            &mut |run, a| {
                assert_eq!(run, 7);
                out.push(a);
            },
            &clock.as_fn(),
        );
        out
    }

    #[test]
    fn the_textbook_board_has_the_textbooks_estimates() {
        // Russell and Norvig's 8-puzzle (Figure 3.28): h1 = 8, h2 = 18, 26 moves.
        let answers = run(Job::Estimates {
            rows: 3,
            cols: 3,
            tiles: vec![7, 2, 4, 5, 0, 6, 8, 3, 1],
            goal: (0..9).collect(),
        });
        let Some(LabAnswer::Estimates(v)) = answers.last() else {
            panic!("{answers:?}");
        };
        let value = |h: Heuristic| v.estimates.iter().find(|e| e.heuristic == h).unwrap().value;
        assert_eq!(value(Heuristic::Misplaced), 8);
        assert_eq!(value(Heuristic::Manhattan), 18);
        assert_eq!(value(Heuristic::Pdb), 26);
        assert_eq!(v.truth, Truth::Exact(26));
        assert_eq!(v.database, "exact");
        // Every estimate is at most the truth.
        assert!(v.estimates.iter().all(|e| e.value <= 26));
    }

    #[test]
    fn an_unsolvable_board_is_said_so() {
        let answers = run(Job::Estimates {
            rows: 3,
            cols: 3,
            tiles: vec![2, 1, 3, 4, 5, 6, 7, 8, 0],
            goal: NPuzzle::standard_goal(9),
        });
        let Some(LabAnswer::Estimates(v)) = answers.last() else {
            panic!("{answers:?}");
        };
        assert_eq!(v.truth, Truth::Unsolvable);
        let bad = run(Job::Estimates {
            rows: 3,
            cols: 3,
            tiles: vec![1, 1, 3, 4, 5, 6, 7, 8, 0],
            goal: NPuzzle::standard_goal(9),
        });
        assert!(matches!(bad.last(), Some(LabAnswer::Failed(e)) if e.contains("twice")));
    }

    #[test]
    fn korfs_instances_come_back_optimal_and_the_database_is_kept() {
        let answers = run(Job::Korf { first: 1, last: 3 });
        let solved: Vec<&KorfRow> = answers
            .iter()
            .filter_map(|a| match a {
                LabAnswer::Solved(r) => Some(r),
                _ => None,
            })
            .collect();
        assert_eq!(solved.len(), 3);
        for r in &solved {
            assert_eq!(r.length, r.expected, "instance {}", r.id);
            assert!(r.nodes < r.manhattan_nodes.unwrap());
        }
        assert!(matches!(answers.last(), Some(LabAnswer::KorfDone { .. })));
        // A second run finds the database built.
        let again = run(Job::Korf { first: 2, last: 2 });
        assert!(matches!(
            &again[0],
            LabAnswer::Built { what, millis } if what == "6-6-3 for 4 × 4" && *millis == 0.0
        ));
        // And the estimates of a 15-puzzle use it: instance 2 is 55 moves.
        let answers = run(Job::Estimates {
            rows: 4,
            cols: 4,
            tiles: korf_tiles(2).unwrap().to_vec(),
            goal: KORF_GOAL.to_vec(),
        });
        let Some(LabAnswer::Estimates(v)) = answers.last() else {
            panic!("{answers:?}");
        };
        assert_eq!(v.groups.len(), 3);
        assert_eq!(v.shares.len(), 3);
        assert!(matches!(v.truth, Truth::Solved { length: 55, .. }));
    }

    #[test]
    fn the_table_comes_row_by_row() {
        let answers = run(Job::Table(TableSpec {
            depths: vec![2, 4],
            per_depth: 3,
            ids_max_depth: 4,
            seed: 1,
        }));
        let rows: Vec<&Row> = answers
            .iter()
            .filter_map(|a| match a {
                LabAnswer::Row(r) => Some(r),
                _ => None,
            })
            .collect();
        assert_eq!(rows.iter().map(|r| r.depth).collect::<Vec<_>>(), [2, 4]);
        assert!(matches!(answers.last(), Some(LabAnswer::TableDone { .. })));
    }
}
