//! Arbor's single-page app: Yew components, hooks and browser glue over the app models of
//! `arbor_app` (routes, the scene, each page's state and reducer, the worker protocol), which are
//! plain Rust and tested natively; components only turn them into HTML and SVG.

#![deny(missing_docs)]

mod alphabeta;
mod app;
mod chance;
mod components;
pub mod crash;
mod heuristics;
mod home;
mod later;
mod lecture;
mod mcts;
mod not_found;
mod page;
mod parts;
mod play;
mod practice;
mod renders;
mod search;
mod store;
mod teachers;
mod tours;
mod url;
pub mod worker;
mod worksheet;

pub use app::App;

/// Mounts the app on the page's body, replacing the loading message.
pub fn start() {
    crash::install();
    if let Some(boot) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot"))
    {
        boot.remove();
    }
    yew::Renderer::<App>::new().render();
}
