//! Renders counted by component: what a step, or a message that changes nothing, costs. The
//! benchmark reads them with `window.wasmBindings.arbor_render_counts()`.

use std::cell::RefCell;

use wasm_bindgen::prelude::wasm_bindgen;

thread_local! {
    static COUNTS: RefCell<Vec<(&'static str, u64)>> = const { RefCell::new(Vec::new()) };
}

/// Counts one render of the component `name` (called first thing in each component).
pub fn count(name: &'static str) {
    COUNTS.with_borrow_mut(|counts| match counts.iter_mut().find(|(n, _)| *n == name) {
        Some((_, k)) => *k += 1,
        None => counts.push((name, 1)),
    });
}

/// Every component's renders so far, as JSON: `{"AlphaBeta": 3, "NodeView": 45, …}`.
#[wasm_bindgen]
pub fn arbor_render_counts() -> String {
    COUNTS.with_borrow(|counts| {
        let items: Vec<String> = counts
            .iter()
            .map(|(n, k)| format!("\"{n}\": {k}"))
            .collect();
        format!("{{{}}}", items.join(", "))
    })
}
