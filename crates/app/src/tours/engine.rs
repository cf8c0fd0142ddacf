//! Test support: what each stepped view shows at a step, read natively from the engine, as the
//! page would show it (its state built from the link, its caption at the step).

use crate::route::{Route, View};
use crate::work::Reply;

/// A stepped stop's view, as the page builds it.
pub struct Shown {
    /// The step it shows (after the page's own range check).
    pub step: usize,
    /// The steps of its run.
    pub len: usize,
    /// The caption at that step.
    pub caption: String,
}

/// The search page's state once its search (run here, as the worker would) has arrived.
fn search_state(route: &Route) -> crate::search::page::State {
    use crate::search::page::{Action, State};
    use crate::search::record::{record, serve_graph};
    use crate::search::{ProblemSpec, Request, StateView};
    use crate::Reducer;
    use arbor_puzzles::{BlocksWorld, NPuzzle};
    let mut state = std::rc::Rc::new(State::new(route));
    let Some(Request::Search(request)) = state.request() else {
        return (*state).clone();
    };
    let mut replies = Vec::new();
    let mut post = |r| replies.push(r);
    let now = || 0.0;
    match &request.problem {
        ProblemSpec::Graph { text } => serve_graph(text, &request, &mut post, &now),
        ProblemSpec::Puzzle {
            rows,
            cols,
            start,
            goal,
            heuristic,
        } => {
            let p = NPuzzle::new(*rows as usize, *cols as usize, start, goal, *heuristic)
                .expect("a puzzle");
            let n = p.cells();
            record(
                &p,
                &request,
                &mut post,
                &now,
                |b| StateView::Tiles(b.tiles(n).to_vec()),
                |d| d.letter().to_string(),
            );
        }
        ProblemSpec::Blocks { spec, heuristic } => {
            let w = BlocksWorld::new(spec, *heuristic).expect("a blocks world");
            let count = w.names().len();
            record(
                &w,
                &request,
                &mut post,
                &now,
                |s| StateView::Blocks {
                    agent: s.agent() as u8,
                    blocks: (0..count).map(|i| s.block(i) as u8).collect(),
                },
                |d| d.letter().to_string(),
            );
        }
        ProblemSpec::Grid(_) => panic!("no grid searches in the tours"),
    }
    let id = state.run_id;
    for r in replies {
        if !matches!(r, Reply::Progress(_)) {
            state = state.reduce(Action::Worker(id, r));
        }
    }
    (*state).clone()
}

/// What the view of `link` shows (`None`: a view that is not stepped).
pub fn shown(link: &str) -> Option<Shown> {
    let route = Route::parse(link);
    match route.view {
        View::AlphaBeta => Some(alphabeta_shown(&route)),
        View::Chance => {
            let s = crate::chance::page::State::new(&route);
            let step = s.settings.step;
            let caption = crate::chance::caption(&s.run, &s.run.frame(step), step);
            Some(Shown {
                step,
                len: s.run.len(),
                caption,
            })
        }
        View::Search => Some(search_shown(&route)),
        View::Mcts => Some(mcts_shown(&route)),
        _ => None,
    }
}

fn alphabeta_shown(route: &Route) -> Shown {
    use crate::alphabeta::caption::caption;
    use crate::alphabeta::{Algorithm, Perspective};
    let s = crate::alphabeta::page::State::new(route);
    let run = &s.run;
    let perspective = if run.algorithm == Algorithm::Negamax {
        Perspective::Mover
    } else {
        Perspective::Max
    };
    let step = s.settings.step;
    let frame = run.replay.frame(step);
    Shown {
        step,
        len: run.replay.len(),
        caption: caption(&run.replay, run.algorithm, step, &frame, perspective),
    }
}

fn search_shown(route: &Route) -> Shown {
    use crate::search::caption::caption;
    let s = search_state(route);
    let r = s.recorded.clone().expect("a recorded search");
    let step = s.settings.step;
    let frame = r.replay.frame(step);
    let label = |id: u64| {
        r.drawing
            .label(id as usize, &r.view.nodes[id as usize].state)
    };
    let status = match &s.run {
        crate::search::page::Run::Done(d) => Some(&d.status),
        _ => None,
    };
    Shown {
        step,
        len: r.replay.len(),
        caption: caption(&r.view, &r.replay, &frame, step, &label, status, r.costs),
    }
}

/// The MCTS page once its run (of a tree, run here as the worker would) has arrived.
fn mcts_shown(route: &Route) -> Shown {
    use crate::mcts::page::{Action, State};
    use crate::Reducer;
    let mut s = std::rc::Rc::new(State::new(route));
    let view = crate::mcts::run_tree(&s.settings.request, &mut |_| {}).expect("a tree run");
    let id = s.asked;
    s = s.reduce(Action::Worker(id, Reply::Answer(Box::new(view))));
    let v = s.view.clone().expect("a run");
    let step = s.settings.step;
    Shown {
        step,
        len: v.len(),
        caption: v.caption(&v.frame(step)),
    }
}
