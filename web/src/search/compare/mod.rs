//! Comparing the searches: a table of every search on the current problem, and the
//! coursework's scalability chart (nodes expanded against solution depth, log scale), drawn in
//! [`chart`].

mod chart;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use arbor_search::{Algorithm, Mode, Options, Status};
use yew::prelude::*;

use crate::worker::SearchWorker;
use arbor_app::search::{Answer, Request};
use arbor_app::search::{CostUnit, Problem, ProblemSpec};
use arbor_app::search::{Family, ScaleRequest, SearchRequest, SearchSummary};
use arbor_app::work::Reply;
use chart::Chart;

pub(crate) use chart::marker;

/// Most nodes each compared search may generate.
const BUDGET: u64 = 3_000_000;

/// Props of [`Compare`].
#[derive(Properties, PartialEq, Clone)]
pub struct CompareProps {
    /// The problem.
    pub problem: Problem,
    /// Tree or graph search.
    pub mode: Mode,
}

/// The scalability sample so far: the puzzle, each run's nodes expanded (`None`: over
/// budget), whether sampling goes on, and depths with no instance found.
type Sample = (Family, Points, bool, Vec<u32>);

/// Nodes expanded by (search, depth); `None`: over budget.
pub(super) type Points = BTreeMap<(Algorithm, u32), Option<u64>>;

/// The table's rows, a search each.
type Rows = Vec<(Algorithm, Row)>;

/// One row of the table.
#[derive(Clone, PartialEq)]
enum Row {
    Waiting,
    Done(Box<SearchSummary>),
    Failed(String),
}

/// The comparison section.
#[component]
pub fn CompareNow(props: &CompareProps) -> Html {
    crate::renders::count("Compare");
    let rows = use_state(|| None::<Rows>);
    let points = use_state(|| None::<Sample>);
    let worker = use_mut_ref(|| None::<SearchWorker<Request>>);
    let received: Rc<RefCell<Rows>> = use_mut_ref(Vec::new).clone();
    // A new problem makes old results meaningless.
    {
        let (rows, points, worker) = (rows.clone(), points.clone(), worker.clone());
        use_effect_with((props.problem.clone(), props.mode), move |_| {
            rows.set(None);
            points.set(None);
            worker.borrow_mut().take();
        });
    }
    let on_compare = on_compare(&rows, &worker, &received, &props.problem, props.mode);
    let family = match props.problem {
        Problem::Blocks { .. } => Family::Blocks,
        _ => Family::Eight,
    };
    let on_chart = on_chart(&points, &worker, family, props.mode);
    let busy = rows
        .as_ref()
        .is_some_and(|r| r.iter().any(|(_, x)| *x == Row::Waiting))
        || points.as_ref().is_some_and(|p| p.2);
    html! {
        <section class="compare" aria-label="Compare the searches">
            <h2>{ "Compare the searches" }</h2>
            <div class="row">
                <button type="button" onclick={on_compare} disabled={busy || props.problem.spec().is_err()}>{ "Run every search on this problem" }</button>
                if !matches!(props.problem, Problem::Grid(_)) {
                    <button type="button" onclick={on_chart} disabled={busy}>{ match family {
                        Family::Blocks => "Draw the scalability chart (blocks world)",
                        Family::Eight => "Draw the scalability chart (8-puzzle)",
                    } }</button>
                }
                <span class="hint">{ format!("{} search; each run may generate up to {} nodes.", if props.mode == Mode::Tree { "Tree" } else { "Graph" }, BUDGET) }</span>
            </div>
            if let Some(rows) = &*rows {
                { table(rows, &props.problem) }
            }
            if let Some((family, points, running, missing)) = &*points {
                <Chart family={*family} points={points.clone()} running={*running} missing={missing.clone()} />
            }
        </section>
    }
}

/// Run every search on the problem in a new worker, each row filled in as its search ends.
fn on_compare(
    rows: &UseStateHandle<Option<Rows>>,
    worker: &Rc<RefCell<Option<SearchWorker<Request>>>>,
    received: &Rc<RefCell<Rows>>,
    problem: &Problem,
    mode: Mode,
) -> Callback<MouseEvent> {
    let (rows, worker, received) = (rows.clone(), worker.clone(), received.clone());
    let problem = problem.clone();
    Callback::from(move |_: MouseEvent| {
        let Ok(spec) = problem.spec() else { return };
        let order: Vec<Algorithm> = Algorithm::ALL.to_vec();
        *received.borrow_mut() = order.iter().map(|&a| (a, Row::Waiting)).collect();
        rows.set(Some(received.borrow().clone()));
        match SearchWorker::<Request>::for_job(row_filler(&rows, &received)) {
            Ok(w) => {
                for a in order {
                    let _ = w.send_job(&Request::Search(comparison(&spec, a, mode)));
                }
                *worker.borrow_mut() = Some(w);
            }
            Err(e) => rows.set(Some(vec![(Algorithm::BreadthFirst, Row::Failed(e))])),
        }
    })
}

/// The worker's answers, each into the next row in order (the worker answers in the order
/// asked).
fn row_filler(
    rows: &UseStateHandle<Option<Rows>>,
    received: &Rc<RefCell<Rows>>,
) -> Callback<Reply<Answer>> {
    let (rows, received) = (rows.clone(), received.clone());
    let next = Rc::new(std::cell::Cell::new(0usize));
    Callback::from(move |m| {
        let i = next.get();
        let row = match m {
            Reply::Answer(Answer::Done(s)) => Row::Done(Box::new(s)),
            Reply::Failed(e) => Row::Failed(e),
            _ => return,
        };
        next.set(i + 1);
        if let Some(slot) = received.borrow_mut().get_mut(i) {
            slot.1 = row;
        }
        rows.set(Some(received.borrow().clone()));
    })
}

/// Search `a`'s run on `spec` for the table: nothing recorded, within the budget (depth-limited
/// search to depth 8).
fn comparison(spec: &ProblemSpec, a: Algorithm, mode: Mode) -> SearchRequest {
    let options = Options {
        mode,
        depth_limit: (a == Algorithm::DepthLimited).then_some(8),
        ..Options::new(a)
    };
    SearchRequest {
        problem: spec.clone(),
        options,
        record: 0,
        max_nodes: Some(BUDGET),
    }
}

/// Sample the scalability chart's puzzle in a new worker, the chart drawn as points arrive.
fn on_chart(
    points: &UseStateHandle<Option<Sample>>,
    worker: &Rc<RefCell<Option<SearchWorker<Request>>>>,
    family: Family,
    mode: Mode,
) -> Callback<MouseEvent> {
    let (points, worker) = (points.clone(), worker.clone());
    Callback::from(move |_: MouseEvent| {
        points.set(Some((family, BTreeMap::new(), true, Vec::new())));
        if let Ok(w) = SearchWorker::<Request>::for_job(point_collector(&points, family)) {
            let _ = w.send_job(&Request::Scale(scale_request(family, mode)));
            *worker.borrow_mut() = Some(w);
        }
    })
}

/// The worker's sample points, gathered into the chart's state as they arrive.
fn point_collector(
    points: &UseStateHandle<Option<Sample>>,
    family: Family,
) -> Callback<Reply<Answer>> {
    let points = points.clone();
    let collected: Rc<RefCell<Points>> = Rc::default();
    let missing: Rc<RefCell<Vec<u32>>> = Rc::default();
    Callback::from(move |m| {
        let running = match m {
            Reply::Answer(Answer::ScalePoint {
                algorithm,
                depth,
                expanded,
            }) => {
                collected.borrow_mut().insert((algorithm, depth), expanded);
                true
            }
            Reply::Answer(Answer::ScaleMissing { depth }) => {
                missing.borrow_mut().push(depth);
                true
            }
            Reply::Answer(Answer::ScaleDone) => false,
            _ => return,
        };
        points.set(Some((
            family,
            collected.borrow().clone(),
            running,
            missing.borrow().clone(),
        )));
    })
}

/// The scalability sample: the depths tried for the puzzle, the searches charted.
fn scale_request(family: Family, mode: Mode) -> ScaleRequest {
    let depths: Vec<u32> = match family {
        Family::Blocks => vec![3, 6, 8, 10, 12, 14, 16],
        Family::Eight => vec![4, 8, 12, 16, 20, 24],
    };
    let algorithms = vec![
        Algorithm::BreadthFirst,
        Algorithm::DepthFirst,
        Algorithm::IterativeDeepening,
        Algorithm::UniformCost,
        Algorithm::Greedy,
        Algorithm::AStar,
        Algorithm::IdaStar,
    ];
    ScaleRequest {
        family,
        depths,
        algorithms,
        mode,
        budget: 2_000_000,
        seed: 7,
    }
}

/// The table: a row per search, with its result and counts once it is done.
fn table(rows: &Rows, problem: &Problem) -> Html {
    html! {
        <table class="compare-table">
            <thead><tr>
                <th scope="col">{ "Search" }</th><th scope="col">{ "Result" }</th><th scope="col">{ "Depth" }</th><th scope="col">{ "Cost" }</th>
                <th scope="col">{ "Expanded" }</th><th scope="col">{ "Generated" }</th><th scope="col">{ "Largest frontier" }</th><th scope="col">{ "Time" }</th>
            </tr></thead>
            <tbody>
                { for rows.iter().map(|(a, row)| html! {
                    <tr data-algo={a.key()}>
                        <th scope="row">{ a.title() }</th>
                        { match row {
                            Row::Waiting => html! { <td colspan="7" class="hint">{ "waiting…" }</td> },
                            Row::Failed(e) => html! { <td colspan="7" class="error">{ e.clone() }</td> },
                            Row::Done(s) => done_cells(*a, s, problem),
                        } }
                    </tr>
                }) }
            </tbody>
        </table>
    }
}

/// A finished search's cells: its result, depth, cost, counts and time.
fn done_cells(a: Algorithm, s: &SearchSummary, problem: &Problem) -> Html {
    let found = s.status == Status::Found;
    html! {
        <>
            <td>{ match s.status {
                Status::Found => "found",
                Status::Exhausted => "no solution",
                Status::CutOff { limit: arbor_search::Limit::Depth } => "depth limit",
                Status::CutOff { limit: arbor_search::Limit::Cost } => "cost too large",
                Status::CutOff { limit: arbor_search::Limit::Backward } => "cannot search backwards",
                Status::CutOff { .. } => "over budget",
            } }</td>
            <td data-col="depth">{ if found { s.actions.len().to_string() } else { "—".into() } }</td>
            <td>{ if found { CostUnit::of(problem).show(s.cost) } else { "—".into() } }</td>
            <td data-col="expanded">{ s.stats.expanded }</td>
            <td>{ s.stats.generated }</td>
            <td>{ if a == Algorithm::IdaStar { "—".into() } else { s.stats.peak_frontier.to_string() } }</td>
            <td>{ format!("{} ms", crate::components::tree_svg::fixed(s.millis, 1)) }</td>
        </>
    }
}
