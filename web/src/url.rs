//! The address bar: views keep it in step with what they show.

use std::cell::RefCell;

use arbor_app::route::{Route, UrlBudget, View, URL_MAX_WAIT_MS, URL_QUIET_MS};
use yew::prelude::*;

/// Keeps the address bar on `view` with the query `write` makes of `value`, whenever `value`
/// changes: every view's settings are its URL, so it can be shared and reloaded.
#[hook]
pub fn use_address<T: PartialEq + Clone + 'static>(
    view: View,
    value: T,
    write: fn(&T, &mut Route),
) {
    use_effect_with(value, move |value| {
        // A view a tour shows keeps its settings to itself: the address is the tour's.
        if hosting() && view != View::Tour {
            return;
        }
        let mut route = Route::new(view);
        write(value, &mut route);
        replace_url(&route);
    });
}

/// Puts `route` in the address bar without a new history entry or a `hashchange` (so the view
/// keeps its state): how views keep their URL in step with what they show. Long values are
/// packed ([`Route::to_link`]) and embed mode is kept, so the address bar is always the link to
/// share. A burst of changes (stepping with a key held) spends a [`UrlBudget`] at once; the
/// rest of it waits until the changes pause for [`URL_QUIET_MS`] — or, for a burst that does
/// not pause, at most [`URL_MAX_WAIT_MS`] — and the last change is written then.
pub fn replace_url(route: &Route) {
    URL.with(|w| {
        let mut w = w.borrow_mut();
        if w.last.as_ref() == Some(route) {
            return;
        }
        w.last = Some(route.clone());
        let now = now_ms();
        w.budget.refill(now);
        if w.timer.is_none() && w.budget.try_spend() {
            write_url(route);
            return;
        }
        let since = *w.waiting_since.get_or_insert(now);
        if now - since >= f64::from(URL_MAX_WAIT_MS) {
            write_late(&mut w);
        } else {
            // A new change restarts the wait (the timer before it is dropped, so cleared).
            w.timer = Some(gloo_timers::callback::Timeout::new(URL_QUIET_MS, || {
                URL.with(|w| write_late(&mut w.borrow_mut()))
            }));
        }
    });
}

/// Writes the last change of a burst that waited.
fn write_late(w: &mut UrlWriter) {
    w.timer = None;
    w.waiting_since = None;
    w.budget.refill(now_ms());
    w.budget.spend_late();
    if let Some(route) = w.last.clone() {
        write_url(&route);
    }
}

/// Writes at once an address update that is waiting (before the address is read to be shared).
pub fn flush_url() {
    let route = URL.with(|w| {
        let mut w = w.borrow_mut();
        w.waiting_since = None;
        w.timer.take().and(w.last.clone())
    });
    if let Some(route) = route {
        write_url(&route);
    }
}

/// The address bar's writer: the last route asked for, the budget of immediate writes, the
/// timer that writes the last of a burst, and since when a change has been waiting.
#[derive(Default)]
struct UrlWriter {
    last: Option<Route>,
    budget: UrlBudget,
    timer: Option<gloo_timers::callback::Timeout>,
    waiting_since: Option<f64>,
}

thread_local! {
    static URL: RefCell<UrlWriter> = RefCell::new(UrlWriter::default());
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// True when the location hash `hash` has `mode=1` (read without unpacking anything).
pub fn asks(hash: &str, mode: &str) -> bool {
    hash.split(['?', '&'])
        .skip(1)
        .any(|part| part.strip_prefix(mode) == Some("=1"))
}

/// True when the location's link asks for lecture mode.
pub fn presenting() -> bool {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .is_some_and(|h| asks(&h, "present"))
}

thread_local! {
    static HOSTING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// True while a tour shows a view: the view's settings and step keys are not its own.
pub fn hosting() -> bool {
    HOSTING.with(|h| h.get())
}

/// Marks that a tour shows views (while the tour is open).
pub fn set_hosting(on: bool) {
    HOSTING.with(|h| h.set(on));
}

fn write_url(route: &Route) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let current = window.location().hash().unwrap_or_default();
    let mut route = route.clone();
    // Embed and lecture mode stay (read from the query without unpacking anything).
    for mode in ["embed", "present"] {
        if asks(&current, mode) {
            route.set(mode, "1");
        }
    }
    let hash = route.to_link();
    if current == hash {
        return;
    }
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&hash));
        crate::crash::remember_good_link();
    }
}
