//! The maps page's compact record (issue 38) against the grid page's own marks: at every step
//! of every search on random small maps, each cell's mark read from the record is the mark the
//! grid page derives from the engine's full trace through its replay; and stepping the record
//! forward and back to any steps in any order lands on the marks of a walk from the start.
#![cfg(not(target_arch = "wasm32"))]

use std::rc::Rc;

use arbor_app::maps::record::{MapMarks, MapRecord, MapWatch, Repaint, Shown};
use arbor_app::maps::MapResult;
use arbor_app::search::{cell_marks, CellMark, SearchSummary, SearchView, StateView, ViewNode};
use arbor_puzzles::{cell_of, Grid, GridHeuristic, GridMap, MapSearch};
use arbor_search::replay::{NodeInfo, SearchReplay, StepKind};
use arbor_search::{search, Budget, Event, Mode, Options, Recorder};
use proptest::prelude::*;

/// A random map `w` × `h` with about `walls` in 100 cells blocked, as a grid from an open cell
/// to an open cell (none if fewer than two are open).
fn map(w: usize, h: usize, walls: u64, seed: u64) -> Option<Grid> {
    let mut rng = arbor_util::SplitMix64(seed);
    let mut text = format!("type octile\nheight {h}\nwidth {w}\nmap\n");
    let mut open = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let wall = rng.next_u64() % 100 < walls;
            text.push(if wall { '@' } else { '.' });
            if !wall {
                open.push((x, y));
            }
        }
        text.push('\n');
    }
    if open.len() < 2 {
        return None;
    }
    let start = open[(rng.next_u64() % open.len() as u64) as usize];
    let goal = open[(rng.next_u64() % open.len() as u64) as usize];
    let m = GridMap::parse(&text).expect("a map");
    Some(m.grid(start, goal).expect("open ends"))
}

/// The search's record as the maps page gets it.
fn record(grid: &Grid, algorithm: arbor_search::Algorithm) -> MapRecord {
    let of: fn(&u32) -> u32 = |&s| cell_of(s);
    let mut post = |_| {};
    let now = || 0.0;
    let mut watch = MapWatch::new(
        grid.width() * grid.height(),
        usize::MAX,
        of,
        &mut post,
        &now,
    );
    search(
        grid,
        &Options::new(algorithm).mode(Mode::Graph),
        &Budget::nodes(200_000),
        &mut watch,
    );
    watch.finish()
}

fn prepared(grid: Grid, way: MapSearch) -> (Grid, arbor_search::Algorithm) {
    way.prepare(grid.with_heuristic(GridHeuristic::Octile), 20)
        .expect("an eight-way map")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn each_step_marks_the_cells_as_the_grid_page_does(
        w in 2usize..14, h in 2usize..14, walls in 0u64..40, seed: u64, way in 0usize..7,
    ) {
        let Some(grid) = map(w, h, walls, seed) else { return Ok(()) };
        let (grid, algorithm) = prepared(grid, MapSearch::ALL[way]);
        let ours = record(&grid, algorithm);
        // The full trace, replayed as the grid page replays it.
        let mut rec = Recorder::new();
        search(&grid, &Options::new(algorithm).mode(Mode::Graph), &Budget::nodes(200_000), &mut rec);
        let trace = rec.into_trace();
        let view = SearchView {
            nodes: trace.nodes.iter().map(|n| {
                let c = cell_of(n.state) as usize;
                ViewNode { info: NodeInfo::from(n), action: None, state: StateView::Cell { x: (c % w) as u8, y: (c / w) as u8 } }
            }).collect(),
            events: trace.events.clone(),
            cut_short: false,
        };
        let replay = SearchReplay::new(view.nodes.iter().map(|n| n.info).collect(), view.events.clone(), algorithm);
        let pops: Vec<usize> = trace.events.iter().enumerate()
            .filter(|(_, e)| matches!(e, Event::Pop { .. })).map(|(i, _)| i).collect();
        prop_assert_eq!(ours.steps(), pops.len());
        let mut marks = MapMarks::new(&ours, w * h);
        let mut compared = 0;
        for k in 0..=ours.steps() {
            marks.seek(&ours, k, |_, _| {});
            let boundary = pops.get(k).copied().unwrap_or(trace.events.len());
            let Some(done) = (0..=replay.len()).find(|&d| {
                d > 0 && replay.steps()[d - 1].events.end == boundary
            }) else { continue };
            compared += 1;
            let frame = replay.frame(done);
            let theirs = cell_marks(&view, &frame, w, h);
            for (cell, (&a, &b)) in marks.marks.iter().zip(&theirs).enumerate() {
                if matches!(b, CellMark::Current | CellMark::Path) {
                    prop_assert!(a >= CellMark::Frontier, "step {} cell {}: {:?}", k, cell, a);
                } else {
                    prop_assert_eq!(a, b, "step {} cell {}", k, cell);
                }
            }
            // (Bidirectional search's last step is the meeting, about the forward side's node.)
            let meeting = replay.steps()[done - 1].kind == StepKind::Meet;
            if let (Some(node), true) = (frame.current, k > 0 && !meeting) {
                let c = cell_of(trace.nodes[node as usize].state);
                prop_assert_eq!(ours.taken[k - 1], c, "step {}", k);
            }
            let frontier = marks.marks.iter().filter(|&&m| m == CellMark::Frontier).count();
            prop_assert_eq!(marks.frontier(), frontier);
        }
        // Every step boundary but the last is a replay step's end.
        prop_assert!(compared + 1 >= ours.steps(), "{} of {}", compared, ours.steps());
    }

    #[test]
    fn stepping_to_any_steps_in_any_order_is_a_walk_from_the_start(
        w in 2usize..24, h in 2usize..24, walls in 0u64..40, seed: u64, way in 0usize..7,
        seeks in proptest::collection::vec(0usize..2_000, 1..24),
    ) {
        let Some(grid) = map(w, h, walls, seed) else { return Ok(()) };
        let (grid, algorithm) = prepared(grid, MapSearch::ALL[way]);
        let ours = record(&grid, algorithm);
        let mut marks = MapMarks::new(&ours, w * h);
        let mut painted = marks.marks.clone();
        for to in seeks {
            marks.seek(&ours, to, |cell, m| painted[cell] = m);
            let mut fresh = MapMarks::new(&ours, w * h);
            fresh.seek(&ours, to, |_, _| {});
            prop_assert_eq!(&marks, &fresh);
            // What the canvas was told is what the marks are.
            prop_assert_eq!(&painted, &marks.marks);
        }
    }

    /// The page's one cursor: whatever steps it is moved to, on whichever of two records, and
    /// however seldom the image asks for the changes, an image repainting what it is told
    /// shows the marks of the step, as a cursor fresh from the start has them.
    #[test]
    fn an_image_repainting_what_the_cursor_tells_it_shows_the_step(
        w in 2usize..20, h in 2usize..20, walls in 0u64..40, seed: u64,
        moves in proptest::collection::vec((0usize..3, 0usize..1_500, any::<bool>()), 1..30),
    ) {
        let Some(grid) = map(w, h, walls, seed) else { return Ok(()) };
        let results: Vec<Rc<MapResult>> = [MapSearch::AStar, MapSearch::BreadthFirst]
            .into_iter()
            .map(|way| {
                let (grid, algorithm) = prepared(grid.clone(), way);
                Rc::new(MapResult {
                    record: record(&grid, algorithm),
                    path: Vec::new(),
                    summary: SearchSummary {
                        status: arbor_search::Status::Found,
                        actions: Vec::new(),
                        states: Vec::new(),
                        cost: 0,
                        stats: arbor_search::Stats::default(),
                        millis: 0.0,
                    },
                })
            })
            .collect();
        let mut shown = Shown::default();
        let mut image = vec![CellMark::Path; w * h];
        for (which, step, paint) in moves {
            let result = results.get(which);
            shown.show(result, step, w * h);
            if !paint {
                continue;
            }
            match shown.take_changes() {
                Repaint::All => {
                    for (cell, m) in image.iter_mut().enumerate() {
                        *m = shown.mark(cell);
                    }
                }
                Repaint::Cells(cells) => {
                    for cell in cells {
                        image[cell] = shown.mark(cell);
                    }
                }
            }
            let expected = match result {
                Some(r) => {
                    let mut fresh = MapMarks::new(&r.record, w * h);
                    fresh.seek(&r.record, step, |_, _| {});
                    fresh.marks
                }
                None => vec![CellMark::None; w * h],
            };
            prop_assert_eq!(&image, &expected);
        }
    }
}

/// A record cut short keeps its first steps exactly, and says so.
#[test]
fn a_record_cut_short_is_the_start_of_the_whole_one() {
    let grid = map(60, 60, 10, 7).expect("a map");
    let whole = record(&grid, arbor_search::Algorithm::UniformCost);
    assert!(whole.steps() > 500);
    let of: fn(&u32) -> u32 = |&s| cell_of(s);
    let mut post = |_| {};
    let now = || 0.0;
    let mut watch = MapWatch::new(3600, 200, of, &mut post, &now);
    search(
        &grid,
        &Options::new(arbor_search::Algorithm::UniformCost).mode(Mode::Graph),
        &Budget::unlimited(),
        &mut watch,
    );
    let cut = watch.finish();
    assert!(cut.cut_short && !whole.cut_short);
    assert_eq!(cut.steps(), 200);
    assert_eq!(cut.taken[..], whole.taken[..200]);
    assert_eq!(cut.changes[..], whole.changes[..cut.changes.len()]);
    let (mut a, mut b) = (MapMarks::new(&cut, 3600), MapMarks::new(&whole, 3600));
    a.seek(&cut, 200, |_, _| {});
    b.seek(&whole, 200, |_, _| {});
    assert_eq!(a, b);
}
