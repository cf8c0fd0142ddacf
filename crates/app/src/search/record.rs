//! A search run and recorded as the page steps it: its first nodes and events, progress every
//! so often, and how it ended. The worker runs it on every problem; the page's practice on
//! graphs only (a graph's search carries no puzzle or blocks-world code into the page).

use arbor_search::replay::NodeInfo;
use arbor_search::Rank;
use arbor_search::{search, Budget, Graph, NodeId, Observer, Problem, Recorder};

use super::{Answer, SearchRequest, SearchSummary, SearchView, StateView, ViewNode};
use crate::work::{ProgressClock, Reply};

/// The search worker's `serve` for a problem given as text (`request.problem` is not read): all the page's own
/// practice needs, so the page's module carries no puzzle or blocks-world search.
pub fn serve_graph(
    text: &str,
    request: &SearchRequest,
    post: &mut dyn FnMut(Reply<Answer>),
    now: &dyn Fn() -> f64,
) {
    match Graph::parse(text) {
        Ok(g) => record(
            &g,
            request,
            post,
            now,
            |s| StateView::Name(g.name(*s).to_string()),
            |a| g.name(a.to).to_string(),
        ),
        Err(e) => post(Reply::Failed(e.to_string())),
    }
}

/// Records the first nodes, reports progress, and hands the record over when it is full.
struct Watch<'a, P: Problem> {
    recorder: Option<Recorder<P::State, P::Action>>,
    limit: usize,
    generated: u64,
    expanded: u64,
    clock: ProgressClock,
    post: &'a mut dyn FnMut(Reply<Answer>),
    now: &'a dyn Fn() -> f64,
    convert: &'a dyn Fn(arbor_search::Trace<P::State, P::Action>) -> SearchView,
}

impl<P: Problem> Watch<'_, P> {
    fn hand_over(&mut self) {
        if let Some(rec) = self.recorder.take() {
            let view = (self.convert)(rec.into_trace());
            (self.post)(Reply::Answer(Answer::Recorded(view)));
        }
    }
}

impl<P: Problem> Observer<P> for Watch<'_, P> {
    fn iteration(&mut self, limit: arbor_search::Cost) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::iteration(r, limit);
        }
    }

    fn generated(
        &mut self,
        node: NodeId,
        parent: Option<NodeId>,
        action: Option<P::Action>,
        state: &P::State,
        g: arbor_search::Cost,
        h: arbor_search::Cost,
    ) {
        self.generated += 1;
        if let Some(r) = &mut self.recorder {
            Observer::<P>::generated(r, node, parent, action, state, g, h);
            if node as usize >= self.limit {
                self.hand_over();
            }
        }
        if let Some(p) = self.clock.tick(self.generated, self.expanded, self.now) {
            (self.post)(Reply::Progress(p));
        }
    }

    fn pushed(&mut self, node: NodeId, rank: Rank) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::pushed(r, node, rank);
        }
    }

    fn popped(&mut self, node: NodeId) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::popped(r, node);
        }
    }

    fn goal_test(&mut self, node: NodeId, goal: bool) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::goal_test(r, node, goal);
        }
    }

    fn expanded(&mut self, node: NodeId) {
        self.expanded += 1;
        if let Some(r) = &mut self.recorder {
            Observer::<P>::expanded(r, node);
        }
    }

    fn dropped(&mut self, node: NodeId, why: arbor_search::Dropped) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::dropped(r, node, why);
        }
    }

    fn cut_off(&mut self, node: NodeId, why: arbor_search::Cut) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::cut_off(r, node, why);
        }
    }

    fn found(&mut self, node: NodeId) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::found(r, node);
        }
    }

    fn reopened(&mut self, node: NodeId, earlier: u32) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::reopened(r, node, earlier);
        }
    }

    fn met(&mut self, forward: NodeId, backward: NodeId) {
        if let Some(r) = &mut self.recorder {
            Observer::<P>::met(r, forward, backward);
        }
    }
}

/// Runs a search on `problem` as `request` asks, recording its first nodes and reporting
/// progress (the page's practice runs it on graphs; the worker on every problem).
pub fn record<P: Problem>(
    problem: &P,
    request: &SearchRequest,
    post: &mut dyn FnMut(Reply<Answer>),
    now: &dyn Fn() -> f64,
    describe: impl Fn(&P::State) -> StateView,
    name: impl Fn(&P::Action) -> String,
) {
    let convert = |trace: arbor_search::Trace<P::State, P::Action>| SearchView {
        nodes: trace
            .nodes
            .iter()
            .map(|n| ViewNode {
                info: NodeInfo::from(n),
                action: n.action.as_ref().map(&name),
                state: describe(&n.state),
            })
            .collect(),
        events: trace.events,
        cut_short: trace.omitted > 0,
    };
    let budget = match request.max_nodes {
        Some(n) => Budget::nodes(n),
        None => Budget::unlimited(),
    };
    let started = now();
    let outcome = {
        let mut watch = Watch::<P> {
            recorder: Some(Recorder::with_limit(request.record)),
            limit: request.record,
            generated: 0,
            expanded: 0,
            clock: ProgressClock::new(started),
            post,
            now,
            convert: &convert,
        };
        let outcome = search(problem, &request.options, &budget, &mut watch);
        watch.hand_over();
        outcome
    };
    let millis = now() - started;
    let (actions, states, cost) = match &outcome.solution {
        Some(s) => {
            let mut state = problem.start();
            let mut states = vec![describe(&state)];
            for &a in &s.actions {
                problem.apply(&mut state, a);
                states.push(describe(&state));
            }
            (s.actions.iter().map(&name).collect(), states, s.cost)
        }
        None => (Vec::new(), Vec::new(), 0),
    };
    post(Reply::Answer(Answer::Done(SearchSummary {
        status: outcome.status,
        actions,
        states,
        cost,
        stats: outcome.stats,
        millis,
    })));
}
