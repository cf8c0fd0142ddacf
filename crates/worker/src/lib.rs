//! What runs in Arbor's search worker, off the page's main thread: the searches the search page
//! records, the Play page's AI and hints, the search behind an AI move, Monte Carlo tree search
//! over games, and the heuristics lab's databases and tables. The page's own module never links
//! this crate: the compiler keeps the engines it runs out of the page's download.

mod explain;
mod heuristics;
mod maps;
mod mcts;
mod play;
mod search;

pub use explain::explain_move;
pub use heuristics::answer as lab_answer;
pub use maps::serve_map;
pub use mcts::run as run_mcts;
pub use play::{hints, set_book_loader, think};
pub use search::serve;

use arbor_app::protocol::{FromWorker, Job, ToWorker};
use arbor_app::work::{Progress, Reply, PROGRESS_MS};

/// A page's job, as its worker does it: each kind of job has a worker of its own (a binary of
/// `arbor-web-worker`), which links only the engines its `work` reaches.
pub trait WorkerJob: Job {
    /// Does the job, posting each reply the page is told.
    fn work(&self, post: &mut dyn FnMut(Reply<Self::Answer>), now: &dyn Fn() -> f64);
}

impl WorkerJob for arbor_app::search::Request {
    fn work(&self, post: &mut dyn FnMut(Reply<Self::Answer>), now: &dyn Fn() -> f64) {
        search::answer(self, post, now);
    }
}

impl WorkerJob for arbor_app::maps::Request {
    fn work(&self, post: &mut dyn FnMut(Reply<Self::Answer>), now: &dyn Fn() -> f64) {
        maps::serve_map(self, post, now);
    }
}

impl WorkerJob for arbor_app::play::Request {
    fn work(&self, post: &mut dyn FnMut(Reply<Self::Answer>), now: &dyn Fn() -> f64) {
        play::answer(self, post, now);
    }
}

impl WorkerJob for arbor_app::alphabeta::Request {
    fn work(&self, post: &mut dyn FnMut(Reply<Self::Answer>), _now: &dyn Fn() -> f64) {
        post(match explain_move(&self.explain, self.o_first) {
            Ok(v) => Reply::Answer(Box::new(v)),
            Err(e) => Reply::Failed(e),
        });
    }
}

impl WorkerJob for arbor_app::mcts::Request {
    fn work(&self, post: &mut dyn FnMut(Reply<Self::Answer>), now: &dyn Fn() -> f64) {
        let start = now();
        let mut last = start;
        let mut progress = |i: u64| {
            let t = now();
            if t - last >= PROGRESS_MS {
                last = t;
                post(Reply::Progress(Progress {
                    generated: i,
                    expanded: i,
                    millis: t - start,
                }));
            }
        };
        let reply = match run_mcts(self, &mut progress) {
            Ok(v) => Reply::Answer(Box::new(v)),
            Err(e) => Reply::Failed(e),
        };
        post(reply);
    }
}

impl WorkerJob for arbor_app::heuristics::Request {
    fn work(&self, post: &mut dyn FnMut(Reply<Self::Answer>), now: &dyn Fn() -> f64) {
        lab_answer(self, &mut |run, a| post(Reply::Answer((run, a))), now);
    }
}

/// Answers any request, posting what the page is told (each worker binary answers its own
/// kind only: see [`WorkerJob`]; this is for tests and native tools).
pub fn answer(request: &ToWorker, post: &mut dyn FnMut(FromWorker), now: &dyn Fn() -> f64) {
    match request {
        ToWorker::Search(r) => r.work(&mut |m| post(FromWorker::Search(m)), now),
        ToWorker::Play(r) => r.work(&mut |m| post(FromWorker::Play(m)), now),
        ToWorker::AlphaBeta(r) => r.work(&mut |m| post(FromWorker::AlphaBeta(m)), now),
        ToWorker::Mcts(r) => r.work(&mut |m| post(FromWorker::Mcts(m)), now),
        ToWorker::Heuristics(r) => r.work(&mut |m| post(FromWorker::Heuristics(m)), now),
        ToWorker::Maps(r) => r.work(&mut |m| post(FromWorker::Maps(m)), now),
        ToWorker::Panic => panic!("a panic the page asked for, to test the worker's panic hook"),
    }
}

/// A page's job done here and now, its replies collected in order (for tests and native tools).
pub fn replies<J: WorkerJob>(request: J, now: &dyn Fn() -> f64) -> Vec<Reply<J::Answer>> {
    let mut out = Vec::new();
    request.work(&mut |m| out.push(m), now);
    out
}
