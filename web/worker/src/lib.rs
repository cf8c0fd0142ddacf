//! Arbor's search workers: long searches run here, off the page's main thread. Each kind of job
//! has a worker of its own (a binary in `src/bin/`, built by Trunk as `arbor-worker-<name>`),
//! which links only the engines its job uses: a page loads the worker of its own job. Each reads
//! its requests' bytes, answers with arbor-worker's engines, and posts every answer's bytes
//! back; the page's side of it is `arbor_web::worker`.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use arbor_app::protocol::{asked, failed_bytes, news_bytes, panic_text, reply_bytes, Asked, News};
use arbor_worker::WorkerJob;

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

/// The worker for `J`'s jobs: answers requests until terminated.
pub fn serve<J: WorkerJob>() {
    let Ok(scope) = js_sys::global().dyn_into::<web_sys::DedicatedWorkerGlobalScope>() else {
        return;
    };
    // A panic kills this worker's WebAssembly (panics abort): tell the page first, which says
    // so and starts a new worker for the next request.
    {
        let scope = scope.clone();
        std::panic::set_hook(Box::new(move |info| {
            let text = panic_text(info);
            web_sys::console::error_1(&format!("Arbor's search worker panicked: {text}").into());
            if let Ok(v) = news_bytes(&News::Panicked(text)) {
                let _ = scope.post_message(&bytes_value(&v));
            }
        }));
    }
    let poster = scope.clone();
    let post = move |bytes: Result<Vec<u8>, String>| {
        if let Ok(v) = bytes {
            let _ = poster.post_message(&bytes_value(&v));
        }
    };
    let handler_post = post.clone();
    let onmessage =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let post = handler_post.clone();
            match value_bytes(&e.data()).and_then(|b| asked::<J>(&b)) {
                Ok(Asked::Job(request)) => request.work(
                    &mut |reply| post(reply_bytes::<J>(&reply)),
                    &js_sys::Date::now,
                ),
                Ok(Asked::Panic) => {
                    panic!("a panic the page asked for, to test the worker's panic hook")
                }
                Err(err) => post(failed_bytes(&format!(
                    "the request could not be read: {err}"
                ))),
            }
        });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    post(news_bytes(&News::Ready));
}

/// The opening book's file, beside the worker's script.
const BOOK_URL: &str = "./c4-opening.book";

/// Fetches the opening book. A worker may wait for its answer (the synchronous request that
/// would freeze a page only holds up the worker, which has nothing else to do meanwhile).
pub fn load_book() -> Result<Vec<u8>, String> {
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
