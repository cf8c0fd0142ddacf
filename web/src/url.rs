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
        let here = current_hash();
        w.forget_if_left(&here);
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
        if w.waiting_since.is_none() {
            w.asked_at = here;
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

/// Writes the last change of a burst that waited, unless a link was followed since it was asked
/// for (the address is then the link's: writing the view that was left over it would take the
/// reader back, or leave the app on the old view when the write comes before the `hashchange`).
fn write_late(w: &mut UrlWriter) {
    if w.forget_if_left(&current_hash()) {
        return;
    }
    w.stop_waiting();
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
        w.forget_if_left(&current_hash());
        w.waiting_since = None;
        w.timer.take().and(w.last.clone())
    });
    if let Some(route) = route {
        write_url(&route);
    }
}

/// The address bar's writer: the last route asked for, the budget of immediate writes, the
/// timer that writes the last of a burst, since when a change has been waiting, and the address
/// it was asked for at.
#[derive(Default)]
struct UrlWriter {
    last: Option<Route>,
    budget: UrlBudget,
    timer: Option<gloo_timers::callback::Timeout>,
    waiting_since: Option<f64>,
    asked_at: String,
}

impl UrlWriter {
    /// No change waiting any more (the timer dropped, so cleared).
    fn stop_waiting(&mut self) {
        self.timer = None;
        self.waiting_since = None;
    }

    /// Drops the change waiting if it was asked for at another address than `here`: a link was
    /// followed since, and the change belongs to the view that was left. The next change is
    /// then written whatever the last one was. Whether one was dropped.
    fn forget_if_left(&mut self, here: &str) -> bool {
        let left = self.timer.is_some() && self.asked_at != here;
        if left {
            self.stop_waiting();
            self.last = None;
        }
        left
    }
}

/// The location's hash now ("" without a window).
fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
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
    asks(&current_hash(), "present")
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

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use super::*;
    use wasm_bindgen_test::*;

    wasm_bindgen_test_configure!(run_in_browser);

    fn at_step(view: View, step: u32) -> Route {
        let mut route = Route::new(view);
        route.set("step", step.to_string());
        route
    }

    /// A view's change still waiting when the reader follows a link is not written over the
    /// link's address (it was: the tours' test, going from tour to tour, now and then found the
    /// last tour's address back and its view still drawn); the next view's changes are.
    #[wasm_bindgen_test]
    fn a_change_waiting_when_a_link_is_followed_is_dropped() {
        let location = web_sys::window().unwrap().location();
        location.set_hash("#/alphabeta").unwrap();
        // A burst spends the budget: the last of it waits.
        for step in 1..=20 {
            replace_url(&at_step(View::AlphaBeta, step));
        }
        assert!(URL.with(|w| w.borrow().timer.is_some()), "a change waits");
        // With no link followed, what waits is written.
        flush_url();
        assert_eq!(current_hash(), at_step(View::AlphaBeta, 20).to_link());
        for step in 21..=40 {
            replace_url(&at_step(View::AlphaBeta, step));
        }
        assert!(
            URL.with(|w| w.borrow().timer.is_some()),
            "a change waits again"
        );
        location.set_hash("#/chance").unwrap();
        flush_url();
        assert_eq!(current_hash(), "#/chance", "the link's address stays");
        replace_url(&at_step(View::Chance, 3));
        flush_url();
        assert_eq!(current_hash(), at_step(View::Chance, 3).to_link());
    }
}
