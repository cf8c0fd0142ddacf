//! A panic never leaves a dead page. Panics abort the WebAssembly (the release profiles set
//! `panic = "abort"`), so the app cannot go on after one; instead the panic hook puts a notice
//! over the page, in plain DOM (nothing of the app runs again): what happened, and links that
//! reload the view at its last good address or the home page.

use std::cell::{Cell, RefCell};

use wasm_bindgen::prelude::*;

thread_local! {
    /// The address of the last view that rendered without a panic.
    static LAST_GOOD: RefCell<String> = const { RefCell::new(String::new()) };
    /// Set by [`arbor_debug_panic`]: the next request to a worker first makes it panic.
    static WORKER_PANIC: Cell<bool> = const { Cell::new(false) };
}

/// Notes the address now in the bar as good: called after a view has rendered.
pub fn remember_good_link() {
    if let Some(hash) = web_sys::window().and_then(|w| w.location().hash().ok()) {
        let _ = LAST_GOOD.try_with(|l| {
            if let Ok(mut l) = l.try_borrow_mut() {
                *l = hash;
            }
        });
    }
}

/// True once after [`arbor_debug_panic`]`("worker")`.
pub fn take_worker_panic() -> bool {
    WORKER_PANIC.with(|w| w.replace(false))
}

/// Installs the page's panic hook (through Yew, which would otherwise put its own in place
/// when the app is rendered).
pub fn install() {
    yew::set_custom_panic_hook(Box::new(|info| {
        let text = arbor_app::protocol::panic_text(info);
        web_sys::console::error_1(&format!("Arbor panicked: {text}").into());
        let last = LAST_GOOD
            .try_with(|l| l.try_borrow().map(|l| l.clone()).unwrap_or_default())
            .unwrap_or_default();
        show_notice(&text, &last);
    }));
}

/// The notice over the page, built without the app.
fn show_notice(text: &str, last_good: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = document.body() else {
        return;
    };
    let Ok(notice) = document.create_element("div") else {
        return;
    };
    let last_good = if last_good.is_empty() {
        "#/"
    } else {
        last_good
    };
    // Every text is set as text, never parsed as HTML.
    let _ = notice.set_attribute("id", "crash");
    let _ = notice.set_attribute("class", "crash");
    let _ = notice.set_attribute("role", "alertdialog");
    let _ = notice.set_attribute("aria-modal", "true");
    let _ = notice.set_attribute("aria-labelledby", "crash-title");
    let _ = notice.set_attribute("aria-describedby", "crash-what");
    let element = |tag: &str, parent: &web_sys::Element, text: &str| {
        let e = document.create_element(tag).ok()?;
        e.set_text_content(Some(text));
        parent.append_child(&e).ok()?;
        Some(e)
    };
    let Ok(inner) = document.create_element("div") else {
        return;
    };
    let _ = inner.set_attribute("class", "crash-box");
    let _ = notice.append_child(&inner);
    if let Some(h) = element("h2", &inner, "Arbor stopped on an internal error") {
        let _ = h.set_attribute("id", "crash-title");
    }
    if let Some(p) = element(
        "p",
        &inner,
        "This is a bug in Arbor, not something you did wrong. The page cannot respond any more: \
         reload it to go on. What happened:",
    ) {
        let _ = p.set_attribute("id", "crash-what");
    }
    element("pre", &inner, text);
    let Some(links) = element("p", &inner, "") else {
        return;
    };
    // A reload, not only a change of address: the stopped app cannot follow a link.
    let reload = "location.replace(this.getAttribute('href')); location.reload(); return false;";
    for (id, href, label) in [
        (
            "crash-reload",
            last_good,
            "Reload this view (its last good link)",
        ),
        ("crash-home", "#/", "Reload the home page"),
    ] {
        if let Some(a) = element("a", &links, label) {
            let _ = a.set_attribute("id", id);
            let _ = a.set_attribute("href", href);
            let _ = a.set_attribute("class", "button");
            let _ = a.set_attribute("onclick", reload);
        }
    }
    let _ = body.append_child(&notice);
    if let Some(first) = document
        .get_element_by_id("crash-reload")
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = first.focus();
    }
}

/// For the end-to-end tests (from the console: `wasmBindings.arbor_debug_panic("page")`):
/// `"page"` panics at once; `"worker"` makes the next request to a search worker panic there.
#[wasm_bindgen]
pub fn arbor_debug_panic(place: &str) {
    match place {
        "worker" => WORKER_PANIC.with(|w| w.set(true)),
        _ => panic!("a panic asked for from the console, to test the page's panic hook"),
    }
}
