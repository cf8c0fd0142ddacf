//! The search page's searches, run in the worker: a search recorded for the page (its first
//! nodes, then progress, then how it ended), and the scalability chart's runs.

use arbor_puzzles::{BlocksSpec, BlocksWorld, Heuristic, NPuzzle};
use arbor_search::{search, Algorithm, Budget, Options, Problem, Quiet, Status};

use arbor_app::search::record::{record, serve_graph};
use arbor_app::search::*;
use arbor_app::work::Reply;

/// The optimal depth of a problem (A*, graph search), if it has a solution.
fn optimal<P: Problem>(problem: &P) -> Option<u32> {
    let out = search(
        problem,
        &Options::new(Algorithm::AStar),
        &Budget::nodes(2_000_000),
        &mut Quiet,
    );
    out.solution.map(|s| s.depth() as u32)
}

/// Runs each algorithm on instances of each depth, posting a point per run.
fn scale(request: &ScaleRequest, post: &mut dyn FnMut(Reply<Answer>)) {
    let mut rng = arbor_util::SplitMix64(request.seed);
    for &depth in &request.depths {
        // Candidates alternate between random walks from the goal (good for shallow
        // depths) and random positions (for deep ones), until one is exactly this deep.
        match request.family {
            Family::Eight => {
                let goal = NPuzzle::standard_goal(9);
                let base = match NPuzzle::new(3, 3, &goal, &goal, Heuristic::Manhattan) {
                    Ok(b) => b,
                    Err(e) => return post(Reply::Failed(e.0)),
                };
                let instance = (0..ATTEMPTS).find_map(|k| {
                    let p = if k % 2 == 0 {
                        base.shuffled(depth + 2 * (k % 10), rng.next_u64())
                    } else {
                        base.with_start(&NPuzzle::random_board(9, rng.next_u64()))
                            .ok()?
                    };
                    (p.is_solvable() && optimal(&p) == Some(depth)).then_some(p)
                });
                report(instance.as_ref(), depth, request, post);
            }
            Family::Blocks => {
                // The coursework's own start is 16 deep.
                let coursework = (depth == 16)
                    .then(|| {
                        BlocksWorld::new(
                            &BlocksSpec::coursework((1, 2), (1, 3), (4, 3), (2, 1)),
                            true,
                        )
                        .ok()
                    })
                    .flatten();
                let instance = coursework.or_else(|| {
                    (0..ATTEMPTS).find_map(|k| {
                        let w = if k % 2 == 0 {
                            random_blocks(depth + (k % 12), &mut rng)?
                        } else {
                            scattered_blocks(&mut rng)?
                        };
                        (optimal(&w) == Some(depth)).then_some(w)
                    })
                });
                report(instance.as_ref(), depth, request, post);
            }
        }
    }
    post(Reply::Answer(Answer::ScaleDone));
}

/// Candidate instances tried for each depth.
const ATTEMPTS: u32 = 3_000;

/// The coursework's blocks world with the blocks and the agent on random distinct cells.
fn scattered_blocks(rng: &mut arbor_util::SplitMix64) -> Option<BlocksWorld> {
    let mut cells: Vec<usize> = (0..16).collect();
    rng.shuffle(&mut cells);
    let cell = |c: usize| (c % 4 + 1, c / 4 + 1);
    let spec = BlocksSpec::coursework(
        cell(cells[0]),
        cell(cells[1]),
        cell(cells[2]),
        cell(cells[3]),
    );
    BlocksWorld::new(&spec, true).ok()
}

/// The coursework's blocks world, started from its goal with the agent at a random cell and
/// then walked `moves` random steps.
fn random_blocks(moves: u32, rng: &mut arbor_util::SplitMix64) -> Option<BlocksWorld> {
    let free = [
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
        (1, 2),
        (3, 2),
        (4, 2),
        (1, 3),
        (3, 3),
        (4, 3),
        (1, 4),
        (3, 4),
        (4, 4),
    ];
    let at = free[(rng.next_u64() % free.len() as u64) as usize];
    let goal = BlocksWorld::new(&BlocksSpec::coursework((2, 2), (2, 3), (2, 4), at), true).ok()?;
    let mut s = goal.start();
    for _ in 0..moves {
        let options: Vec<_> = goal.actions(&s).collect();
        // A walled-in agent has no move: the walk ends there (never a modulo by zero).
        if options.is_empty() {
            break;
        }
        let d = options[(rng.next_u64() % options.len() as u64) as usize];
        goal.apply(&mut s, d);
    }
    let cell = |c: usize| (c % 4 + 1, c / 4 + 1);
    let spec = BlocksSpec::coursework(
        cell(s.block(0)),
        cell(s.block(1)),
        cell(s.block(2)),
        cell(s.agent()),
    );
    BlocksWorld::new(&spec, true).ok()
}

fn report<P: Problem>(
    instance: Option<&P>,
    depth: u32,
    request: &ScaleRequest,
    post: &mut dyn FnMut(Reply<Answer>),
) {
    if instance.is_none() {
        return post(Reply::Answer(Answer::ScaleMissing { depth }));
    }
    for &algorithm in &request.algorithms {
        let expanded = instance.and_then(|p| {
            let options = Options {
                mode: request.mode,
                ..Options::new(algorithm)
            };
            let out = search(p, &options, &Budget::nodes(request.budget), &mut Quiet);
            (out.status == Status::Found).then_some(out.stats.expanded)
        });
        post(Reply::Answer(Answer::ScalePoint {
            algorithm,
            depth,
            expanded,
        }));
    }
}

/// The worker's side: builds the problem, runs the search, and `post`s what happens. `now`
/// gives milliseconds.
pub fn serve(request: &SearchRequest, post: &mut dyn FnMut(Reply<Answer>), now: &dyn Fn() -> f64) {
    match &request.problem {
        ProblemSpec::Graph { text } => serve_graph(text, request, post, now),
        ProblemSpec::Puzzle {
            rows,
            cols,
            start,
            goal,
            heuristic,
        } => match NPuzzle::new(*rows as usize, *cols as usize, start, goal, *heuristic) {
            Ok(p) if !p.is_solvable() => post(Reply::Failed(
                "this puzzle is unsolvable: no sequence of moves reaches the goal (the tiles' arrangement has the wrong parity)".into(),
            )),
            Ok(p) => {
                let n = p.cells();
                record(&p, request, post, now, |b| StateView::Tiles(b.tiles(n).to_vec()), |d| d.letter().to_string())
            }
            Err(e) => post(Reply::Failed(e.0)),
        },
        ProblemSpec::Grid(spec) => match spec.build() {
            Ok(g) => {
                let width = g.width() as u32;
                record(
                    &g,
                    request,
                    post,
                    now,
                    |&s| {
                        let cell = arbor_puzzles::cell_of(s);
                        StateView::Cell {
                            x: (cell % width) as u8,
                            y: (cell / width) as u8,
                        }
                    },
                    |m| {
                        if m.run > 1 {
                            format!("{}{}", m.arrow(), m.run)
                        } else {
                            m.arrow().to_string()
                        }
                    },
                )
            }
            Err(e) => post(Reply::Failed(e)),
        },
        ProblemSpec::Blocks { spec, heuristic } => match BlocksWorld::new(spec, *heuristic) {
            Ok(w) => {
                let count = w.names().len();
                record(
                    &w,
                    request,
                    post,
                    now,
                    |s| StateView::Blocks {
                        agent: s.agent() as u8,
                        blocks: (0..count).map(|i| s.block(i) as u8).collect(),
                    },
                    |d| d.letter().to_string(),
                )
            }
            Err(e) => post(Reply::Failed(e)),
        },
    }
}

/// Answers the search page: a search recorded, or the scalability chart's runs.
pub fn answer(request: &Request, post: &mut dyn FnMut(Reply<Answer>), now: &dyn Fn() -> f64) {
    match request {
        Request::Search(r) => serve(r, post, now),
        Request::Scale(r) => scale(r, post),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scalability_sample_has_a_point_per_algorithm_and_depth() {
        let mut out = Vec::new();
        answer(
            &Request::Scale(ScaleRequest {
                family: Family::Blocks,
                depths: vec![3, 5],
                algorithms: vec![Algorithm::BreadthFirst, Algorithm::AStar],
                mode: arbor_search::Mode::Tree,
                budget: 200_000,
                seed: 2,
            }),
            &mut |m| out.push(m),
            &|| 0.0,
        );
        let points: Vec<(Algorithm, u32, bool)> = out
            .iter()
            .filter_map(|m| match m {
                Reply::Answer(Answer::ScalePoint {
                    algorithm,
                    depth,
                    expanded,
                }) => Some((*algorithm, *depth, expanded.is_some())),
                _ => None,
            })
            .collect();
        assert_eq!(
            points,
            [
                (Algorithm::BreadthFirst, 3, true),
                (Algorithm::AStar, 3, true),
                (Algorithm::BreadthFirst, 5, true),
                (Algorithm::AStar, 5, true)
            ]
        );
        assert_eq!(out.last(), Some(&Reply::Answer(Answer::ScaleDone)));
    }

    use arbor_search::graph_preset;
    use std::cell::Cell;

    fn ask(problem: ProblemSpec, algorithm: Algorithm, record: usize) -> Vec<Reply<Answer>> {
        let mut out = Vec::new();
        let clock = Cell::new(0.0);
        serve(
            &SearchRequest {
                problem,
                options: Options::new(algorithm),
                record,
                max_nodes: Some(300_000),
            },
            &mut |m| out.push(m),
            &|| {
                clock.set(clock.get() + 60.0);
                clock.get()
            },
        );
        out
    }

    #[test]
    fn a_tree_search_sends_its_record_then_its_result() {
        let text = graph_preset("seed000-tree").unwrap().text.to_string();
        let out = ask(
            ProblemSpec::Graph { text },
            Algorithm::IterativeDeepening,
            10_000,
        );
        let [Reply::Answer(Answer::Recorded(view)), Reply::Answer(Answer::Done(done))] =
            out.as_slice()
        else {
            panic!("{out:?}")
        };
        assert_eq!(done.status, Status::Found);
        assert_eq!(done.actions, ["C", "G", "L", "R"]);
        assert_eq!(done.states.first(), Some(&StateView::Name("A".into())));
        assert!(!view.events.is_empty());
    }

    #[test]
    fn a_long_search_sends_a_partial_record_early_and_reports_progress() {
        // Korf's instance 1: 276 million nodes, far beyond the 300,000 allowed here.
        let goal: Vec<u8> = (0..16).collect();
        let start = vec![14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
        let out = ask(
            ProblemSpec::Puzzle {
                rows: 4,
                cols: 4,
                start,
                goal,
                heuristic: Heuristic::Manhattan,
            },
            Algorithm::IdaStar,
            500,
        );
        let recorded = out
            .iter()
            .position(|m| matches!(m, Reply::Answer(Answer::Recorded(_))))
            .unwrap();
        assert!(out[recorded + 1..]
            .iter()
            .any(|m| matches!(m, Reply::Progress(_))));
        let Reply::Answer(Answer::Recorded(view)) = &out[recorded] else {
            unreachable!()
        };
        assert_eq!(view.nodes.len(), 500);
        assert!(matches!(
            out.last(),
            Some(Reply::Answer(Answer::Done(SearchSummary {
                status: Status::CutOff { .. },
                ..
            })))
        ));
    }

    #[test]
    fn bad_problems_fail_with_a_message() {
        let out = ask(
            ProblemSpec::Graph {
                text: "A -> B".into(),
            },
            Algorithm::BreadthFirst,
            10,
        );
        assert!(matches!(&out[..], [Reply::Failed(m)] if m.contains("no goal")));
        let out = ask(
            ProblemSpec::Puzzle {
                rows: 3,
                cols: 3,
                start: vec![2, 1, 3, 4, 5, 6, 7, 8, 0],
                goal: vec![1, 2, 3, 4, 5, 6, 7, 8, 0],
                heuristic: Heuristic::Manhattan,
            },
            Algorithm::AStar,
            10,
        );
        assert!(matches!(&out[..], [Reply::Failed(m)] if m.contains("unsolvable")));
    }
}
