//! The Web Workers that run searches off the main thread, and the page's handle on them.
//!
//! Each kind of job has a worker of its own, holding only the engines it uses
//! ([`arbor_app::protocol::Job::WORKER`]): a page fetches its own job's worker, the first time
//! it asks for a search. The worker posts its news, ready, once its WebAssembly is running;
//! the handle queues requests until then. The handle reads the worker's own news; a page's hook
//! reads its own job's replies ([`arbor_app::protocol::reply`]), and a page writes its own
//! job's requests ([`arbor_app::protocol::request_bytes`]), so no page's part carries every
//! page's messages. Stopping a search terminates the worker (a running search cannot read
//! messages); the next request starts a fresh one.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::{hook, use_effect_with, use_mut_ref};
use yew::Callback;

use arbor_app::protocol::{news, panic_request, reply, request_bytes, Job, News};
use arbor_app::work::Reply;

/// The worker script for `J`'s jobs, next to the page: `web/arbor-worker_loader.js`, which
/// loads the worker binary of that kind of job (Trunk names its files after the binary), so a
/// page fetches the engines of its own job only.
fn worker_url<J: Job>() -> String {
    format!("./arbor-worker_loader.js?{}", J::WORKER)
}

/// A message's bytes as what `postMessage` carries.
fn bytes_value(bytes: &[u8]) -> JsValue {
    js_sys::Uint8Array::from(bytes).into()
}

/// The bytes of a message received.
fn value_bytes(value: &JsValue) -> Result<Vec<u8>, String> {
    value
        .dyn_ref::<js_sys::Uint8Array>()
        .map(js_sys::Uint8Array::to_vec)
        .ok_or_else(|| "the message is not bytes".to_string())
}

/// Why a message from the worker is not read.
fn unreadable(why: &str) -> String {
    format!("the worker's answer could not be read: {why}")
}

/// What the handle passes on: a message about a job, as bytes, or why the worker failed.
type Heard = Result<Vec<u8>, String>;

/// The page's handle on the worker of `J`'s jobs: it sends `J`'s requests only, to that worker.
/// Dropping it terminates the worker. A worker that panicked (or failed to load) is dead; the
/// next request starts a new one.
pub struct SearchWorker<J: Job> {
    on_message: Callback<Heard>,
    live: RefCell<Live>,
    job: std::marker::PhantomData<fn(J)>,
}

/// One running worker and its handlers.
struct Live {
    worker: web_sys::Worker,
    ready: Rc<Cell<bool>>,
    dead: Rc<Cell<bool>>,
    queue: Rc<RefCell<Vec<JsValue>>>,
    _onmessage: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _onerror: Closure<dyn FnMut(web_sys::Event)>,
}

impl<J: Job> SearchWorker<J> {
    /// Starts a worker for one page's jobs: only that page's replies reach `on_reply` (a
    /// failure of the worker itself is told as a failed job).
    pub fn for_job(on_reply: Callback<Reply<J::Answer>>) -> Result<SearchWorker<J>, String> {
        let on_message = Callback::from(move |heard: Heard| {
            let read = heard.and_then(|bytes| reply::<J>(&bytes).map_err(|e| unreadable(&e)));
            match read {
                Ok(Some(r)) => on_reply.emit(r),
                Ok(None) => {}
                Err(e) => on_reply.emit(Reply::Failed(e)),
            }
        });
        Ok(SearchWorker {
            live: RefCell::new(Live::start(&worker_url::<J>(), on_message.clone())?),
            on_message,
            job: std::marker::PhantomData,
        })
    }

    /// Sends a page's job (queued until the worker is ready), first starting a new worker if
    /// the last one died.
    pub fn send_job(&self, request: &J) -> Result<(), String> {
        if self.live.borrow().dead.get() {
            let fresh = Live::start(&worker_url::<J>(), self.on_message.clone())?;
            self.live.replace(fresh).stop();
        }
        let mut messages = Vec::with_capacity(2);
        if crate::crash::take_worker_panic() {
            messages.push(bytes_value(&panic_request()));
        }
        messages.push(bytes_value(&request_bytes(request)?));
        let live = self.live.borrow();
        for message in messages {
            if live.ready.get() {
                live.worker
                    .post_message(&message)
                    .map_err(|e| format!("{e:?}"))?;
            } else {
                live.queue.borrow_mut().push(message);
            }
        }
        Ok(())
    }
}

impl Live {
    fn start(url: &str, on_message: Callback<Heard>) -> Result<Live, String> {
        let worker = web_sys::Worker::new(url)
            .map_err(|e| format!("the search worker could not start: {e:?}"))?;
        let ready = Rc::new(Cell::new(false));
        let dead = Rc::new(Cell::new(false));
        let queue: Rc<RefCell<Vec<JsValue>>> = Rc::default();
        let onmessage = {
            let (ready, dead, queue, worker) =
                (ready.clone(), dead.clone(), queue.clone(), worker.clone());
            let on_message = on_message.clone();
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                // A worker that panicked is not trusted again: its WebAssembly may answer a
                // queued request after the trap, from a broken state.
                if dead.get() {
                    return;
                }
                match value_bytes(&e.data()).and_then(|b| Ok((news(&b)?, b))) {
                    Ok((Some(News::Ready), _)) => {
                        ready.set(true);
                        for message in queue.borrow_mut().drain(..) {
                            let _ = worker.post_message(&message);
                        }
                    }
                    Ok((Some(News::Panicked(what)), _)) => {
                        dead.set(true);
                        on_message.emit(Err(format!(
                            "The search worker hit an internal error and stopped: {what}. \
                             This is a bug in Arbor; the page goes on, and the next search \
                             starts a new worker."
                        )));
                    }
                    Ok((None, bytes)) => on_message.emit(Ok(bytes)),
                    Err(err) => on_message.emit(Err(unreadable(&err))),
                }
            })
        };
        let onerror = {
            let dead = dead.clone();
            Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
                // After a panic the worker's WebAssembly traps: already told.
                if dead.replace(true) {
                    return;
                }
                let detail = e
                    .dyn_ref::<web_sys::ErrorEvent>()
                    .map(|e| e.message())
                    .unwrap_or_else(|| "it could not be loaded".into());
                on_message.emit(Err(format!("the search worker failed: {detail}")));
            })
        };
        worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
        worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
        Ok(Live {
            worker,
            ready,
            dead,
            queue,
            _onmessage: onmessage,
            _onerror: onerror,
        })
    }

    /// Unhooks the handlers and terminates the worker.
    fn stop(&self) {
        // Messages the worker already sent may still be queued: unhook the handlers first, so
        // that they are never delivered to the closures dropped with this handle.
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

impl<J: Job> Drop for SearchWorker<J> {
    fn drop(&mut self) {
        self.live.borrow().stop();
    }
}

/// A page's runs in the worker: each time `id` changes (runs are numbered from 1; 0 is none) and
/// there is a `request`, a new worker gets it — the worker of the run before goes, as a running
/// search cannot be interrupted — and every message it sends is passed on with the run's id.
/// When `stopped` turns true the worker goes.
#[hook]
pub fn use_worker_runs<J: Job>(
    id: u64,
    request: Option<J>,
    stopped: bool,
    on_reply: Callback<(u64, Reply<J::Answer>)>,
) {
    let worker = use_mut_ref(|| None::<SearchWorker<J>>);
    {
        let worker = worker.clone();
        use_effect_with(id, move |&id| {
            if let Some(request) = request.filter(|_| id > 0) {
                worker.borrow_mut().take();
                let on = on_reply.clone();
                let spawned = SearchWorker::<J>::for_job(Callback::from(move |r| {
                    on.emit((id, r));
                }))
                .and_then(|w| w.send_job(&request).map(|()| w));
                match spawned {
                    Ok(w) => *worker.borrow_mut() = Some(w),
                    Err(e) => on_reply.emit((id, Reply::Failed(e))),
                }
            }
        });
    }
    use_effect_with(stopped, move |&stopped| {
        if stopped {
            worker.borrow_mut().take();
        }
    });
}

/// A page's runs in one worker that stays from run to run (keeping what it built, such as
/// pattern databases): each time `id` changes (runs are numbered from 1; 0 is none) and there is
/// a `request`, it goes to the worker — a new worker first when `fresh` (the one there is busy:
/// a running search cannot be interrupted). Each time `stops` changes the worker goes.
#[hook]
pub fn use_kept_worker<J: Job>(
    id: u64,
    request: Option<J>,
    fresh: bool,
    stops: u64,
    on_reply: Callback<Reply<J::Answer>>,
) {
    let worker = use_mut_ref(|| None::<SearchWorker<J>>);
    {
        let worker = worker.clone();
        use_effect_with(id, move |&id| {
            if let Some(request) = request.filter(|_| id > 0) {
                if fresh {
                    worker.borrow_mut().take();
                }
                let mut slot = worker.borrow_mut();
                let sent = match slot.as_ref() {
                    Some(w) => w.send_job(&request),
                    None => SearchWorker::<J>::for_job(on_reply.clone())
                        .and_then(|w| w.send_job(&request).map(|()| *slot = Some(w))),
                };
                if let Err(e) = sent {
                    on_reply.emit(Reply::Failed(e));
                }
            }
        });
    }
    use_effect_with(stops, move |&stops| {
        if stops > 0 {
            worker.borrow_mut().take();
        }
    });
}
