//! The Web Worker that runs searches off the main thread, and the page's handle on it.
//!
//! The worker posts [`FromWorker::Ready`] once its WebAssembly is running; the handle queues
//! requests until then. Stopping a search terminates the worker (a running search cannot
//! read messages); the next request starts a fresh one.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::Callback;

use arbor_app::worker_api::{answer, FromWorker, ToWorker};

/// The worker script, next to the page (Trunk names worker files after the binary).
const WORKER_URL: &str = "./arbor-worker_loader.js";

/// The worker's entry point: answer requests until terminated.
pub fn run_worker() {
    let Ok(scope) = js_sys::global().dyn_into::<web_sys::DedicatedWorkerGlobalScope>() else {
        return;
    };
    arbor_app::play::ai::set_book_loader(Box::new(load_book));
    let poster = scope.clone();
    let post = move |m: FromWorker| {
        if let Ok(v) = serde_wasm_bindgen::to_value(&m) {
            let _ = poster.post_message(&v);
        }
    };
    let handler_post = post.clone();
    let onmessage =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let mut post = handler_post.clone();
            match serde_wasm_bindgen::from_value::<ToWorker>(e.data()) {
                Ok(request) => answer(&request, &mut post, &js_sys::Date::now),
                Err(err) => post(FromWorker::Failed(format!(
                    "the request could not be read: {err}"
                ))),
            }
        });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    post(FromWorker::Ready);
}

/// The opening book's file, beside the worker's script.
const BOOK_URL: &str = "./c4-opening.book";

/// Fetches the opening book. A worker may wait for its answer (the synchronous request that
/// would freeze a page only holds up the worker, which has nothing else to do meanwhile).
fn load_book() -> Result<Vec<u8>, String> {
    let failed = |what: &str, e: JsValue| format!("{BOOK_URL}: {what} failed: {e:?}");
    let xhr = web_sys::XmlHttpRequest::new().map_err(|e| failed("a request", e))?;
    xhr.open_with_async("GET", BOOK_URL, false)
        .map_err(|e| failed("opening it", e))?;
    xhr.set_response_type(web_sys::XmlHttpRequestResponseType::Arraybuffer);
    xhr.send().map_err(|e| failed("loading it", e))?;
    match xhr.status() {
        Ok(200) => {}
        Ok(status) => return Err(format!("{BOOK_URL}: the server answered {status}")),
        Err(e) => return Err(failed("loading it", e)),
    }
    let body = xhr.response().map_err(|e| failed("reading it", e))?;
    Ok(js_sys::Uint8Array::new(&body).to_vec())
}

/// The page's handle on a worker. Dropping it terminates the worker.
pub struct SearchWorker {
    worker: web_sys::Worker,
    ready: Rc<Cell<bool>>,
    queue: Rc<RefCell<Vec<JsValue>>>,
    _onmessage: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _onerror: Closure<dyn FnMut(web_sys::Event)>,
}

impl SearchWorker {
    /// Starts a worker; its messages go to `on_message`.
    pub fn spawn(on_message: Callback<FromWorker>) -> Result<SearchWorker, String> {
        let worker = web_sys::Worker::new(WORKER_URL)
            .map_err(|e| format!("the search worker could not start: {e:?}"))?;
        let ready = Rc::new(Cell::new(false));
        let queue: Rc<RefCell<Vec<JsValue>>> = Rc::default();
        let onmessage = {
            let (ready, queue, worker) = (ready.clone(), queue.clone(), worker.clone());
            let on_message = on_message.clone();
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                match serde_wasm_bindgen::from_value::<FromWorker>(e.data()) {
                    Ok(FromWorker::Ready) => {
                        ready.set(true);
                        for message in queue.borrow_mut().drain(..) {
                            let _ = worker.post_message(&message);
                        }
                    }
                    Ok(message) => on_message.emit(message),
                    Err(err) => on_message.emit(FromWorker::Failed(format!(
                        "the worker's answer could not be read: {err}"
                    ))),
                }
            })
        };
        let onerror = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
            let detail = e
                .dyn_ref::<web_sys::ErrorEvent>()
                .map(|e| e.message())
                .unwrap_or_else(|| "it could not be loaded".into());
            on_message.emit(FromWorker::Failed(format!(
                "the search worker failed: {detail}"
            )));
        });
        worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
        worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
        Ok(SearchWorker {
            worker,
            ready,
            queue,
            _onmessage: onmessage,
            _onerror: onerror,
        })
    }

    /// Sends a request (queued until the worker is ready).
    pub fn send(&self, request: &ToWorker) -> Result<(), String> {
        let message = serde_wasm_bindgen::to_value(request).map_err(|e| e.to_string())?;
        if self.ready.get() {
            self.worker
                .post_message(&message)
                .map_err(|e| format!("{e:?}"))?;
        } else {
            self.queue.borrow_mut().push(message);
        }
        Ok(())
    }
}

impl Drop for SearchWorker {
    fn drop(&mut self) {
        // Messages the worker already sent may still be queued: unhook the handlers first, so
        // that they are never delivered to the closures dropped with this handle.
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}
