//! Arbor's single-page app: Yew components over the pure search crates.
//!
//! The pure parts — routes ([`route`]) and what a drawn tree looks like ([`scene`]) — are plain
//! Rust, tested natively; components only turn them into HTML and SVG.

#![deny(missing_docs)]

mod app;
pub mod camera;
mod components;
pub mod explore;
pub mod play;
pub mod practice;
pub mod route;
pub mod scene;
pub mod stepper;
pub mod teachers;
mod views;
pub mod worker;
pub mod worker_api;

pub use app::App;

/// Mounts the app on the page's body, replacing the loading message.
pub fn start() {
    if let Some(boot) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot"))
    {
        boot.remove();
    }
    yew::Renderer::<App>::new().render();
}
