//! What runs in Arbor's search worker, off the page's main thread: the searches the search page
//! records, the Play page's AI and hints, the search behind an AI move, Monte Carlo tree search
//! over games, and the heuristics lab's databases and tables. The page's own module never links
//! this crate: the compiler keeps the engines it runs out of the page's download.

mod explain;
mod heuristics;
mod mcts;
mod play;
mod search;

pub use explain::explain_move;
pub use heuristics::answer as lab_answer;
pub use mcts::run as run_mcts;
pub use play::{hints, set_book_loader, think};
pub use search::serve;

use arbor_app::protocol::{FromWorker, Job, ToWorker};
use arbor_app::work::{Progress, Reply, PROGRESS_MS};

/// Answers any request, posting what the page is told.
pub fn answer(request: &ToWorker, post: &mut dyn FnMut(FromWorker), now: &dyn Fn() -> f64) {
    match request {
        ToWorker::Search(r) => search::answer(r, &mut |m| post(FromWorker::Search(m)), now),
        ToWorker::Play(r) => play::answer(r, &mut |m| post(FromWorker::Play(m)), now),
        ToWorker::AlphaBeta(r) => {
            let reply = match explain_move(&r.explain, r.o_first) {
                Ok(v) => Reply::Answer(Box::new(v)),
                Err(e) => Reply::Failed(e),
            };
            post(FromWorker::AlphaBeta(reply));
        }
        ToWorker::Mcts(r) => {
            let start = now();
            let mut last = start;
            let mut progress = |i: u64| {
                let t = now();
                if t - last >= PROGRESS_MS {
                    last = t;
                    post(FromWorker::Mcts(Reply::Progress(Progress {
                        generated: i,
                        expanded: i,
                        millis: t - start,
                    })));
                }
            };
            let reply = match run_mcts(r, &mut progress) {
                Ok(v) => Reply::Answer(Box::new(v)),
                Err(e) => Reply::Failed(e),
            };
            post(FromWorker::Mcts(reply));
        }
        ToWorker::Heuristics(r) => lab_answer(
            r,
            &mut |run, a| post(FromWorker::Heuristics(Reply::Answer((run, a)))),
            now,
        ),
        ToWorker::Panic => panic!("a panic the page asked for, to test the worker's panic hook"),
    }
}

/// A page's job done here and now, its replies collected in order (for tests and native tools).
pub fn replies<J: Job>(request: J, now: &dyn Fn() -> f64) -> Vec<Reply<J::Answer>> {
    let mut out = Vec::new();
    answer(&request.to_worker(), &mut |m| out.extend(J::reply(m)), now);
    out
}
