//! The page and its worker: every page's requests and answers in one envelope each way, and the
//! compact bytes they cross as. A page's own types live in its folder (`search::Request`,
//! `play::Answer`…); [`Job`] ties each request to its answer, so a page's hook hears only its
//! own replies.

use serde::{Deserialize, Serialize};

use crate::work::Reply;
use crate::{alphabeta, heuristics, maps, mcts, play, search};

/// A request to the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToWorker {
    /// The search page: a recorded search, or the scalability chart.
    Search(search::Request),
    /// The Play page: the AI's move, or hints.
    Play(play::Request),
    /// The stepper: the search behind an AI move.
    AlphaBeta(alphabeta::Request),
    /// The MCTS page: a run.
    Mcts(mcts::Request),
    /// The heuristics lab's work.
    Heuristics(heuristics::Request),
    /// Panic on purpose: how the end-to-end tests check that a panic in the worker is told to
    /// the page and the page goes on.
    Panic,
    /// The maps page: a search on a benchmark map.
    Maps(maps::Request),
}

/// What the worker sends back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker is ready for requests.
    Ready,
    /// The worker panicked (what and where): it is dead, and the page starts another for the
    /// next request.
    Panicked(String),
    /// A request could not be carried out at all: it could not be read, or the worker died or
    /// could not start (told to whichever page's job it was).
    Failed(String),
    /// About the search page's job.
    Search(Reply<search::Answer>),
    /// About the Play page's job.
    Play(Reply<play::Answer>),
    /// About the stepper's job.
    AlphaBeta(Reply<alphabeta::Answer>),
    /// About the MCTS page's job.
    Mcts(Reply<mcts::Answer>),
    /// About the lab's job.
    Heuristics(Reply<heuristics::Answer>),
    /// About the maps page's job.
    Maps(Reply<maps::Answer>),
}

/// A page's request: how it travels, and which replies are its own.
pub trait Job: Clone + PartialEq + Serialize + serde::de::DeserializeOwned + 'static {
    /// What the worker answers.
    type Answer: Serialize + serde::de::DeserializeOwned + 'static;
    /// The index of the [`FromWorker`] variant that carries this job's replies: the first
    /// byte of such a message (see [`reply`]).
    const VARIANT: u8;
    /// The index of the [`ToWorker`] variant that carries this job: the first byte of its
    /// request (see [`request_bytes`]).
    const REQUEST: u8;
    /// The worker that runs this job: each kind of job has a worker of its own, which holds
    /// only the engines it uses (`arbor-worker-<name>.js` and its wasm, beside the page).
    const WORKER: &'static str;
    /// The request in the envelope.
    fn to_worker(self) -> ToWorker;
    /// The reply, if the message is about this kind of job (a request that could not be read
    /// is told as a failure to whichever page sent it).
    fn reply(message: FromWorker) -> Option<Reply<Self::Answer>>;
}

macro_rules! job {
    ($request:ty, $answer:ty, $variant:ident, $index:expr, $asked:expr, $worker:literal) => {
        impl Job for $request {
            type Answer = $answer;
            const VARIANT: u8 = $index;
            const REQUEST: u8 = $asked;
            const WORKER: &'static str = $worker;
            fn to_worker(self) -> ToWorker {
                ToWorker::$variant(self)
            }
            fn reply(message: FromWorker) -> Option<Reply<$answer>> {
                match message {
                    FromWorker::$variant(r) => Some(r),
                    FromWorker::Failed(e) => Some(Reply::Failed(e)),
                    _ => None,
                }
            }
        }
    };
}

job!(search::Request, search::Answer, Search, 3, 0, "search");
job!(play::Request, play::Answer, Play, 4, 1, "play");
job!(
    alphabeta::Request,
    alphabeta::Answer,
    AlphaBeta,
    5,
    2,
    "alphabeta"
);
job!(mcts::Request, mcts::Answer, Mcts, 6, 3, "mcts");
job!(
    heuristics::Request,
    heuristics::Answer,
    Heuristics,
    7,
    4,
    "heuristics"
);

job!(maps::Request, maps::Answer, Maps, 8, MAPS, "maps");

/// The index of [`ToWorker::Panic`].
const PANIC: u8 = 5;
/// The index of [`ToWorker::Maps`] (after [`ToWorker::Panic`], whose index is kept).
const MAPS: u8 = 6;

/// The indices of [`FromWorker`]'s variants that are not about one page's job.
const READY: u8 = 0;
const PANICKED: u8 = 1;
const FAILED: u8 = 2;
/// The last variant's index.
const LAST: u8 = 8;

/// The worker's own news, as the page's handle on it reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum News {
    /// [`FromWorker::Ready`].
    Ready,
    /// [`FromWorker::Panicked`].
    Panicked(String),
}

/// Reads the worker's own news from a message's bytes; `None` when the message is about a job
/// (for [`reply`] to read).
///
/// A page's handle reads a message in two steps so that no page decodes the whole
/// [`FromWorker`]: its decoder holds every page's answers (25 KB of the stepper's part when it
/// did), while [`reply`] decodes one page's.
pub fn news(bytes: &[u8]) -> Result<Option<News>, String> {
    let (&variant, rest) = bytes.split_first().ok_or("the message is empty")?;
    Ok(match variant {
        READY => Some(News::Ready),
        PANICKED => Some(News::Panicked(from_bytes(rest)?)),
        FAILED..=LAST => None,
        other => return Err(format!("the message is of no known kind ({other})")),
    })
}

/// Reads a reply about `J`'s job from a message's bytes (postcard writes an enum as its
/// variant's index, then what it holds); `None` when the message is about another kind of job
/// or is the worker's own news. A request that could not be carried out at all
/// ([`FromWorker::Failed`]) is told to whichever page reads it.
pub fn reply<J: Job>(bytes: &[u8]) -> Result<Option<Reply<J::Answer>>, String> {
    let (&variant, rest) = bytes.split_first().ok_or("the message is empty")?;
    Ok(match variant {
        FAILED => Some(Reply::Failed(from_bytes(rest)?)),
        v if v == J::VARIANT => Some(from_bytes(rest)?),
        v if v <= LAST => None,
        other => return Err(format!("the message is of no known kind ({other})")),
    })
}

/// A request for `J`'s worker as bytes: the same bytes as [`to_bytes`] of its [`ToWorker`],
/// written without the envelope's encoder (which holds every page's requests).
pub fn request_bytes<J: Job>(request: &J) -> Result<Vec<u8>, String> {
    tagged(J::REQUEST, request)
}

/// A variant's bytes as postcard writes an enum: its index, then what it holds.
fn tagged<T: Serialize + ?Sized>(index: u8, body: &T) -> Result<Vec<u8>, String> {
    let mut bytes = vec![index];
    bytes.extend(to_bytes(body)?);
    Ok(bytes)
}

/// [`ToWorker::Panic`] as bytes.
pub fn panic_request() -> Vec<u8> {
    vec![PANIC]
}

/// What a worker for `J`'s jobs was asked.
#[derive(Clone, Debug, PartialEq)]
pub enum Asked<J> {
    /// A job of its kind.
    Job(J),
    /// [`ToWorker::Panic`].
    Panic,
}

/// Reads a request from its bytes in the worker for `J`'s jobs, which decodes its own kind of
/// request only; another page's request is an error (it was sent to the wrong worker).
pub fn asked<J: Job>(bytes: &[u8]) -> Result<Asked<J>, String> {
    let (&variant, rest) = bytes.split_first().ok_or("the request is empty")?;
    match variant {
        PANIC if rest.is_empty() => Ok(Asked::Panic),
        v if v == J::REQUEST => from_bytes(rest).map(Asked::Job),
        v if v < PANIC || v == MAPS => Err(format!(
            "the {} worker was sent another page's request (kind {v})",
            J::WORKER
        )),
        other => Err(format!("the request is of no known kind ({other})")),
    }
}

/// A reply about `J`'s job as bytes: the same bytes as [`to_bytes`] of its [`FromWorker`],
/// written without the envelope's encoder (which holds every page's answers).
pub fn reply_bytes<J: Job>(reply: &Reply<J::Answer>) -> Result<Vec<u8>, String> {
    tagged(J::VARIANT, reply)
}

/// The worker's own news as bytes (the same as [`FromWorker::Ready`]'s or
/// [`FromWorker::Panicked`]'s).
pub fn news_bytes(news: &News) -> Result<Vec<u8>, String> {
    match news {
        News::Ready => Ok(vec![READY]),
        News::Panicked(what) => tagged(PANICKED, what),
    }
}

/// [`FromWorker::Failed`] as bytes.
pub fn failed_bytes(why: &str) -> Result<Vec<u8>, String> {
    tagged(FAILED, why)
}

/// A message as the bytes that cross between the page and its worker.
///
/// A compact binary form (postcard): structs travel as their fields in order, enums as a
/// variant number, so neither side carries code to match field names, and a large recorded
/// search is one byte array instead of thousands of JavaScript objects.
pub fn to_bytes<T: Serialize + ?Sized>(message: &T) -> Result<Vec<u8>, String> {
    postcard::to_allocvec(message).map_err(|e| format!("the message could not be written: {e}"))
}

/// A message read back from [`to_bytes`]' bytes.
pub fn from_bytes<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    postcard::from_bytes(bytes).map_err(|e| e.to_string())
}

/// A panic's message and place, for the person reading the page: "message (file:line)".
pub fn panic_text(info: &std::panic::PanicHookInfo<'_>) -> String {
    let payload = info.payload();
    let message = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into());
    match info.location() {
        Some(l) => format!("{message} ({}:{})", l.file(), l.line()),
        None => message,
    }
}
