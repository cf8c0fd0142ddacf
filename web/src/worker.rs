//! The Web Worker that runs searches off the main thread, and the page's handle on it.
//!
//! The worker runs the page's own module: the page starts a small module script that imports the
//! page's JavaScript glue and instantiates the very `WebAssembly.Module` the page compiled (posted
//! to it, so nothing is fetched or compiled twice); the module's `main` sees no window and calls
//! [`run_worker`]. One module means one download, and every engine in it is the one the page has.
//!
//! The worker posts [`FromWorker::Ready`] once its WebAssembly is running; the handle queues
//! requests until then. Stopping a search terminates the worker (a running search cannot
//! read messages); the next request starts a fresh one.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use yew::Callback;

use crate::worker_api::{answer, FromWorker, ToWorker};

#[wasm_bindgen]
extern "C" {
    /// The address of this module's JavaScript glue (`import.meta.url` in the glue).
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: String;
}

/// The worker's script: wait for the glue's address and the compiled module, then instantiate
/// it (its `main` runs [`run_worker`]). A failure is thrown outside the promise, so that the page
/// hears of it as the worker's `error` event.
const BOOT_SCRIPT: &str = "self.onmessage = (e) => { self.onmessage = null; \
import(e.data.glue).then((glue) => glue.default({ module_or_path: e.data.module })) \
.catch((err) => setTimeout(() => { throw err; })); };";

thread_local! {
    /// The worker script as a `blob:` address, made once.
    static BOOT_URL: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn boot_url() -> Result<String, JsValue> {
    if let Some(url) = BOOT_URL.with_borrow(Clone::clone) {
        return Ok(url);
    }
    let parts = js_sys::Array::of1(&JsValue::from_str(BOOT_SCRIPT));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    BOOT_URL.set(Some(url.clone()));
    Ok(url)
}

/// Starts a worker running this module.
fn start_worker() -> Result<web_sys::Worker, JsValue> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = web_sys::Worker::new_with_options(&boot_url()?, &options)?;
    let start = js_sys::Object::new();
    js_sys::Reflect::set(
        &start,
        &"glue".into(),
        &GLUE_URL.with(|u| JsValue::from_str(u)),
    )?;
    js_sys::Reflect::set(&start, &"module".into(), &wasm_bindgen::module())?;
    worker.post_message(&start)?;
    Ok(worker)
}

/// The worker's entry point: answer requests until terminated.
pub fn run_worker() {
    let Ok(scope) = js_sys::global().dyn_into::<web_sys::DedicatedWorkerGlobalScope>() else {
        return;
    };
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
        let worker =
            start_worker().map_err(|e| format!("the search worker could not start: {e:?}"))?;
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
