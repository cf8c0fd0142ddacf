//! The search page: its searches run in the worker, one per run number.

use arbor_app::control::Control;
use arbor_app::route::{Route, View};
use arbor_app::search::caption::{caption, ends_in_failure, failure_line, line, listing};
use arbor_app::search::page::{Action, Run, State};
use arbor_app::search::tree_scene::{search_scene, shown_current};
use arbor_app::search::{cell_marks, marks, Problem, BLOCKS_PRESETS};
use arbor_app::search::{Answer, Request};
use arbor_app::search::{GridSpec, StateView};
use arbor_app::work::Reply;
use arbor_puzzles::GridHeuristic;
use arbor_search::{Algorithm, Mode, TieBreak, GRAPH_PRESETS};
use proptest::prelude::*;

use crate::harness::{control, delivery, read_back, worker, Delivery, Driven};

#[derive(Clone, Debug)]
enum Do {
    Control(Control),
    Tick,
    Problem(u8, u64),
    Text(String),
    Algorithm(Algorithm),
    Mode(bool),
    Cycles(bool),
    Depth(Option<u32>),
    Tie(TieBreak),
    Stop,
    Fold(usize),
    Levels(Option<u32>),
    /// The worker answers the search asked for last.
    Answer(Delivery),
}

/// A small random grid's text: walls, weights, a start and a goal.
fn grid_text(w: usize, h: usize, seed: u64) -> String {
    let mut rng = arbor_util::SplitMix64(seed);
    let mut cells: Vec<char> = (0..w * h)
        .map(|_| match rng.next_u64() % 10 {
            0..=1 => '#',
            2 => '3',
            _ => '.',
        })
        .collect();
    cells[0] = 'S';
    cells[w * h - 1] = 'G';
    cells
        .chunks(w)
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect()
}

fn problem(kind: u8, seed: u64) -> Problem {
    match kind % 6 {
        0 => Problem::Graph {
            text: GRAPH_PRESETS[seed as usize % GRAPH_PRESETS.len()]
                .text
                .to_string(),
        },
        1 => Problem::eight((seed % 12) as u32, seed),
        2 => Problem::Blocks {
            text: BLOCKS_PRESETS[seed as usize % BLOCKS_PRESETS.len()]
                .2
                .to_string(),
            heuristic: seed.is_multiple_of(2),
        },
        3 => Problem::default_grid(),
        _ => Problem::Grid(GridSpec {
            text: grid_text(2 + (seed % 9) as usize, 2 + (seed / 9 % 9) as usize, seed),
            diagonal: seed.is_multiple_of(3),
            heuristic: [
                GridHeuristic::Manhattan,
                GridHeuristic::Octile,
                GridHeuristic::Euclidean,
            ][(seed % 3) as usize],
            inflation: 10 + (seed % 3) as u32 * 5,
            jumps: false,
        }),
    }
}

fn action() -> impl Strategy<Value = Do> {
    prop_oneof![
        5 => control(3_000).prop_map(Do::Control),
        1 => Just(Do::Tick),
        2 => (any::<u8>(), any::<u64>()).prop_map(|(k, s)| Do::Problem(k, s)),
        1 => prop_oneof![
            Just("A -> B 2\nB -> G 3\nA -> G 9\ngoal G".to_string()),
            Just("A -> ".to_string()),
            Just("S[A B[C G]]\ngoal G".to_string()),
            "[A-E] -> [A-E] [1-9]\n[A-E] -> G [1-9]\ngoal G",
        ].prop_map(Do::Text),
        2 => prop::sample::select(Algorithm::ALL.to_vec()).prop_map(Do::Algorithm),
        1 => any::<bool>().prop_map(Do::Mode),
        1 => any::<bool>().prop_map(Do::Cycles),
        1 => prop::option::of(0u32..6).prop_map(Do::Depth),
        1 => prop::sample::select(vec![TieBreak::Fifo, TieBreak::Lifo, TieBreak::LowestH]).prop_map(Do::Tie),
        1 => Just(Do::Stop),
        1 => (0usize..200).prop_map(Do::Fold),
        1 => prop::option::of(0u32..5).prop_map(Do::Levels),
        5 => delivery().prop_map(Do::Answer),
    ]
}

/// The page, with the worker's answers it is sent, each for the search it was asked for.
type Page = Driven<State, (u64, Reply<Answer>)>;

/// What the user or the worker does, done to the page.
fn act(page: &mut Page, d: Do) {
    let action = match d {
        Do::Control(c) => Action::Control(c),
        Do::Tick => Action::Tick,
        Do::Problem(k, seed) => Action::Problem(problem(k, seed)),
        Do::Text(t) => Action::Text(t),
        Do::Algorithm(a) => Action::Algorithm(a),
        Do::Mode(tree) => Action::Mode(if tree { Mode::Tree } else { Mode::Graph }),
        Do::Cycles(c) => Action::Cycles(c),
        Do::Depth(d) => Action::Depth(d),
        Do::Tie(t) => Action::Tie(t),
        Do::Stop => Action::Stop,
        Do::Fold(k) => Action::Fold(k),
        Do::Levels(l) => Action::Levels(l),
        Do::Answer(how) => {
            let id = page.s.run_id;
            let answers = match (page.s.request(), &page.s.run) {
                (Some(request), Run::Running(..)) => small(request),
                _ => Vec::new(),
            };
            return page.answer(answers.into_iter().map(|m| (id, m)).collect(), how);
        }
    };
    page.act(action);
}

/// The worker's answers, with the search cut at 60,000 nodes so a test stays quick (the page's
/// own limits are for a tab, not a test).
fn small(request: Request) -> Vec<Reply<Answer>> {
    let request = match request {
        Request::Search(mut r) => {
            r.max_nodes = Some(60_000);
            Request::Search(r)
        }
        other => other,
    };
    worker(request)
}

/// What the view computes from the state.
fn view(s: &State) -> Result<(), TestCaseError> {
    let step = s.settings.step;
    prop_assert!(step <= s.steps(), "step {} of {}", step, s.steps());
    let Some(r) = &s.recorded else {
        return Ok(());
    };
    // The record shown is of the problem and search the page shows.
    let mut searched = r.searched.clone();
    searched.step = s.settings.step;
    prop_assert_eq!(&searched, &s.settings, "the record is of other settings");
    let frame = r.replay.frame(step);
    let iteration = match frame.iteration {
        Some(_) => frame.visits.len() as u32,
        None => r.view.nodes.first().map_or(0, |n| n.info.iteration),
    };
    let status = match &s.run {
        Run::Done(summary) => Some(&summary.status),
        _ => None,
    };
    let label = |id: u64| {
        r.drawing
            .label(id as usize, &r.view.nodes[id as usize].state)
    };
    let _ = caption(&r.view, &r.replay, &frame, step, &label, status, r.costs);
    let settings = &s.settings;
    let listed = listing(settings.algorithm, settings.mode, settings.limited()).len();
    if ends_in_failure(&r.view, &r.replay, &frame, step, status) {
        let l = failure_line(settings.algorithm, settings.mode, settings.limited());
        prop_assert!(l < listed);
    } else if let Some(st) = step.checked_sub(1).and_then(|k| r.replay.steps().get(k)) {
        if let Some(l) = line(
            r.replay.algorithm(),
            settings.mode,
            st.kind,
            &r.replay.events()[st.events.clone()],
        ) {
            prop_assert!(l < listed, "line {} of {}", l, listed);
        }
    }
    match s.settings.problem.grid() {
        Some(Ok(grid)) => {
            let cells = cell_marks(&r.view, &frame, grid.width(), grid.height());
            prop_assert_eq!(cells.len(), grid.width() * grid.height());
            for n in &r.view.nodes {
                if let StateView::Cell { x, y } = n.state {
                    prop_assert!(
                        (x as usize) < grid.width() && (y as usize) < grid.height(),
                        "a cell off the grid"
                    );
                }
            }
        }
        _ => {
            let scene = search_scene(r, iteration, &s.folded);
            let _ = marks(&r.view, &r.replay, &frame, &r.drawing, iteration);
            if let Some(k) = shown_current(r, &scene, frame.current) {
                prop_assert!(k < r.view.nodes.len());
            }
        }
    }
    Ok(())
}

/// The URL the page writes opens the same settings.
fn reads_back(s: &State) -> Result<(), TestCaseError> {
    let (settings, route) = read_back(&s.settings, View::Search)?;
    prop_assert_eq!(&settings, &s.settings, "{}", route.to_hash());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::harness::cases(48), ..ProptestConfig::default() })]

    /// Any sequence of what a user does, with the worker's answers late, twice or for searches
    /// since replaced, keeps the page whole.
    #[test]
    fn any_sequence_of_actions_keeps_the_page_whole(actions in prop::collection::vec(action(), 1..16)) {
        let mut page = Page::new(State::new(&Route::new(View::Search)), |(id, m)| Action::Worker(id, m));
        view(&page.s)?;
        for d in actions {
            act(&mut page, d);
            view(&page.s)?;
            reads_back(&page.s)?;
        }
    }
}
