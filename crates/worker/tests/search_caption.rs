//! The search page's captions and pseudocode lines, read from searches the worker records.

use arbor_app::search::caption::*;
use arbor_app::search::CostUnit;
use arbor_app::search::SearchView;
use arbor_app::search::{ProblemSpec, SearchRequest};
use arbor_app::work::Reply;
use arbor_search::replay::{SearchReplay, StepKind};
use arbor_search::{graph_preset, Options, TieBreak};
use arbor_search::{Algorithm, Cut, Dropped, Event, Mode, Status};
#[allow(unused_imports)]
use arbor_worker::*;

/// The worker's record (at most `record` nodes) and how the run ended.
fn record_with(options: Options, text: &str, record: usize) -> (SearchView, SearchReplay, Status) {
    record_problem(options, ProblemSpec::Graph { text: text.into() }, record)
}

/// The worker's record of any problem (at most `record` nodes) and how the run ended.
fn record_problem(
    options: Options,
    problem: ProblemSpec,
    record: usize,
) -> (SearchView, SearchReplay, Status) {
    let algorithm = options.algorithm;
    let mut out = Vec::new();
    out.extend(replies(
        arbor_app::search::Request::Search(SearchRequest {
            problem,
            options,
            record,
            max_nodes: None,
        }),
        &|| 0.0,
    ));
    let view = out
        .iter()
        .find_map(|m| match m {
            Reply::Answer(arbor_app::search::Answer::Recorded(v)) => Some(v.clone()),
            _ => None,
        })
        .unwrap();
    let status = out
        .iter()
        .find_map(|m| match m {
            Reply::Answer(arbor_app::search::Answer::Done(s)) => Some(s.status),
            _ => None,
        })
        .unwrap();
    let replay = SearchReplay::new(
        view.nodes.iter().map(|n| n.info).collect(),
        view.events.clone(),
        algorithm,
    );
    (view, replay, status)
}

fn all(algorithm: Algorithm, text: &str) -> Vec<String> {
    all_with(Options::new(algorithm), text)
}

fn all_with(options: Options, text: &str) -> Vec<String> {
    let (view, replay, status) = record_with(options, text, 10_000);
    let label = |id: u64| match &view.nodes[id as usize].state {
        arbor_app::search::StateView::Name(n) => n.clone(),
        _ => id.to_string(),
    };
    (0..=replay.len())
        .map(|k| {
            caption(
                &view,
                &replay,
                &replay.frame(k),
                k,
                &label,
                Some(&status),
                CostUnit::Whole,
            )
        })
        .collect()
}

/// With no path to the goal, each search's last caption says why it fails, once the
/// search has run out of nodes; a record cut short says only that it is cut short.
#[test]
fn a_search_without_a_path_says_why_it_fails() {
    let text = "A -- B:1 C:2\nD -- E:1\nstart A\ngoal E";
    for (algorithm, why) in [
        (Algorithm::BreadthFirst, "The frontier is empty"),
        (Algorithm::DepthFirst, "The frontier is empty"),
        (Algorithm::UniformCost, "The frontier is empty"),
        (Algorithm::Greedy, "The frontier is empty"),
        (Algorithm::AStar, "The frontier is empty"),
        (
            Algorithm::IterativeDeepening,
            "No node was cut off at the depth limit",
        ),
        (Algorithm::IdaStar, "No f went over the bound"),
        (Algorithm::Bidirectional, "Both queues are empty"),
    ] {
        let captions = all(algorithm, text);
        let last = captions.last().unwrap();
        assert!(
            last.contains(why) && last.ends_with("The search fails."),
            "{algorithm:?}: {last}"
        );
        assert!(
            captions[..captions.len() - 1]
                .iter()
                .all(|c| !c.contains("fails")),
            "{algorithm:?}"
        );
    }
    // A record of the first 3 nodes of a longer search.
    let (view, replay, status) = record_with(
        Options::new(Algorithm::BreadthFirst),
        graph_preset("romania").unwrap().text,
        3,
    );
    assert!(view.cut_short);
    let end = replay.len();
    let last = caption(
        &view,
        &replay,
        &replay.frame(end),
        end,
        &|id| id.to_string(),
        Some(&status),
        CostUnit::Whole,
    );
    assert!(
        last.ends_with(
            "The recording ends here, with the first 3 nodes generated; the search went on beyond them (how it ended is above)."
        ),
        "{last}"
    );
}

/// Every caption of a search on a grid, whose costs are hundredths of a step.
fn grid_captions(algorithm: Algorithm, text: &str, diagonal: bool) -> String {
    let spec = arbor_app::search::GridSpec {
        text: text.into(),
        diagonal,
        heuristic: if diagonal {
            arbor_puzzles::GridHeuristic::Octile
        } else {
            arbor_puzzles::GridHeuristic::Manhattan
        },
        inflation: 10,
        jumps: false,
    };
    let (view, replay, status) =
        record_problem(Options::new(algorithm), ProblemSpec::Grid(spec), 10_000);
    let label = |id: u64| match view.nodes[id as usize].state {
        arbor_app::search::StateView::Cell { x, y } => arbor_app::search::cell_name(x, y),
        _ => id.to_string(),
    };
    (0..=replay.len())
        .map(|k| {
            let frame = replay.frame(k);
            caption(
                &view,
                &replay,
                &frame,
                k,
                &label,
                Some(&status),
                CostUnit::Steps,
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A grid counts in 10⁻¹⁰ of a step, but its captions give steps: g, h, f, the bound, the
/// meeting and the path's cost (six straight steps cost 6, a diagonal √2 = 1.4142).
#[test]
fn grid_captions_give_costs_in_steps() {
    let wall = "S.#.\n..#G\n....\n";
    let a_star = grid_captions(Algorithm::AStar, wall, false);
    assert!(
        a_star.contains("Take the node with the lowest f, (0,0) (f = g + h = 0 + 4 = 4)."),
        "{a_star}"
    );
    assert!(a_star.contains("— depth 6, cost 6."), "{a_star}");
    assert!(!a_star.contains("00"), "{a_star}");
    let open = "S..\n...\n..G\n";
    let ucs = grid_captions(Algorithm::UniformCost, open, true);
    assert!(ucs.contains("(1,1) (g = 1.4142)"), "{ucs}");
    assert!(ucs.contains("— depth 2, cost 2.8284."), "{ucs}");
    let ida = grid_captions(Algorithm::IdaStar, wall, false);
    assert!(
        ida.contains("New iteration with the bound f ≤ 4, the start's h"),
        "{ida}"
    );
    assert!(ida.contains("(f = 6 > 4)"), "{ida}");
    let bidi = grid_captions(Algorithm::Bidirectional, open, true);
    assert!(bidi.contains("cost 2.8284."), "{bidi}");
    assert!(
        !bidi.contains("14142") && !bidi.contains("28284271"),
        "{bidi}"
    );
}

/// The failure line of every listing is one that returns failure.
#[test]
fn failure_lines_return_failure() {
    for algorithm in Algorithm::ALL {
        for mode in [Mode::Tree, Mode::Graph] {
            for limited in [false, true] {
                let lines = listing(algorithm, mode, limited);
                let at = lines[failure_line(algorithm, mode, limited)];
                assert!(
                    at.contains("failure") || at.contains("return result"),
                    "{algorithm:?} {mode:?}: {at}"
                );
            }
        }
    }
}

/// Bidirectional search's last caption gives the whole path's cost (the two halves met in
/// the middle), which is the cheapest: Arad to Bucharest by Sibiu, Rimnicu Vilcea and
/// Pitesti, 418.
#[test]
fn bidirectional_found_caption_costs_the_whole_path() {
    let text = all(
        Algorithm::Bidirectional,
        graph_preset("romania").unwrap().text,
    );
    let last = text.last().unwrap();
    assert!(
        last.contains(
            "Found: Arad → Sibiu → Rimnicu_Vilcea → Pitesti → Bucharest — depth 4, cost 418."
        ),
        "{last}"
    );
}

#[test]
fn iterative_deepening_captions() {
    let text = all(
        Algorithm::IterativeDeepening,
        graph_preset("seed000-tree").unwrap().text,
    )
    .join("\n");
    assert!(text.contains("Depth limit 4: start again"), "{text}");
    assert!(text.contains("Take R from the top of the stack (depth 4). It is a goal! Found: A → C → G → L → R — depth 4, cost 4."), "{text}");
    assert!(text.contains("It is at the depth limit 1"), "{text}");
}

#[test]
fn a_star_captions_give_f() {
    let text = all(Algorithm::AStar, graph_preset("romania").unwrap().text).join("\n");
    assert!(
        text.contains("Take the node with the lowest f, Sibiu (f = g + h = 140 + 253 = 393)."),
        "{text}"
    );
    assert!(text.contains("cost 418"), "{text}");
    let text = all(Algorithm::BreadthFirst, "A[B[D E] C[F]]\ngoal F").join("\n");
    assert!(
        text.contains("Expand A: generate B and C. B and C join the back of the queue."),
        "{text}"
    );
}

/// The graph of `arbor-search`'s tie tests: A, B and C all have f = 4 after S; h is
/// A 3, B 1, C 2.
const FORK: &str =
    "S -> A:1 B:3 C:2\nA -> G:4\nB -> G:1\nC -> G:3\nh S=4 A=3 B=1 C=2 G=0\nstart S\ngoal G";

/// The caption of a visit says which part of the tie rule chose the node, from the ranks
/// the engine recorded.
#[test]
fn ties_are_explained_by_the_rule_that_decided() {
    let captions = |tie| all_with(Options::new(Algorithm::AStar).tie(tie), FORK).join("\n");
    let fifo = captions(TieBreak::Fifo);
    assert!(fifo.contains("Take the node with the lowest f, A (f = g + h = 1 + 3 = 4). B and C have the same f = 4; the tie goes to the node that joined the frontier first (FIFO): A. Not a goal."), "{fifo}");
    // The second G (g = 4, f = 4) joined after C: C, the older, is taken.
    assert!(fifo.contains("C (f = g + h = 2 + 2 = 4). G has the same f = 4; the tie goes to the node that joined the frontier first (FIFO): C."), "{fifo}");
    let lifo = captions(TieBreak::Lifo);
    assert!(lifo.contains("Take the node with the lowest f, C (f = g + h = 2 + 2 = 4). B and A have the same f = 4; the tie goes to the node that joined the frontier last (LIFO): C."), "{lifo}");
    let lowest = captions(TieBreak::LowestH);
    assert!(lowest.contains("Take the node with the lowest f, B (f = g + h = 3 + 1 = 4). C and A have the same f = 4; the tie goes to the lowest h: B has h = 1 (C 2, A 3)."), "{lowest}");
    // G, f = 4 and h = 0, is taken before C and A by the same rule; no tie at the start.
    assert!(lowest.contains("G (f = g + h = 4 + 0 = 4). C and A have the same f = 4; the tie goes to the lowest h: G has h = 0 (C 2, A 3). It is a goal!"), "{lowest}");
    // Uniform cost on Romania has no ties: nothing is said of them.
    let ucs = all(
        Algorithm::UniformCost,
        graph_preset("romania").unwrap().text,
    )
    .join("\n");
    assert!(!ucs.contains("the tie goes"), "{ucs}");
    // Equal g and equal h under lowest h: the oldest, and the caption says h tied too.
    let equal = all_with(
        Options::new(Algorithm::UniformCost).tie(TieBreak::LowestH),
        "S -> X Y\nX -> G:3\nY -> G:3\nh X=2 Y=2\ngoal G",
    )
    .join("\n");
    assert!(equal.contains("Y has the same g = 1 and h = 2; the tie goes to the node that joined the frontier first (FIFO): X."), "{equal}");
}

#[test]
fn every_line_is_in_its_listing() {
    let events = [
        Event::Found { node: 0 },
        Event::Cutoff {
            node: 0,
            why: Cut::Depth { limit: 0 },
        },
        Event::Drop {
            node: 0,
            why: Dropped::Explored { depth: 0 },
        },
    ];
    for a in Algorithm::ALL {
        for mode in [Mode::Tree, Mode::Graph] {
            for limited in [false, true] {
                for kind in [
                    StepKind::Start,
                    StepKind::Iteration,
                    StepKind::Visit,
                    StepKind::Expand,
                    StepKind::Generate,
                ] {
                    for e in std::iter::once(None).chain(events.iter().map(Some)) {
                        let l = line(
                            a,
                            mode,
                            kind,
                            e.map(std::slice::from_ref).unwrap_or_default(),
                        )
                        .unwrap();
                        assert!(l < listing(a, mode, limited).len(), "{a:?} {mode:?}");
                    }
                }
            }
        }
    }
}

/// D is first explored at depth 2 (below A), then reached at depth 1: with the limit 2 it
/// must be searched again, or the goal G (depth 2) is missed.
#[test]
fn depth_limited_graph_search_explains_a_state_explored_again() {
    let text = "S -- A D\nA -- D\nD -- G\ngoal G";
    let all = all(Algorithm::IterativeDeepening, text);
    let joined = all.join("\n");
    assert!(
        joined.contains("Its state was explored before, but deeper (at depth 2)"),
        "{joined}"
    );
    assert!(joined.contains("Found: S → D → G — depth 2"), "{joined}");
    assert!(
        joined.contains("explored already at depth 0, no deeper than here: skip it")
            || joined.contains("its state was explored already, at depth 0"),
        "{joined}"
    );
}
