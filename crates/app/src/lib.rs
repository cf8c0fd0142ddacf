//! Arbor's app models: everything the pages show and do, as plain Rust.
//!
//! One module per page — [`alphabeta`], [`chance`], [`mcts`], [`search`], [`heuristics`],
//! [`play`], [`practice`] — each with its settings (read from and written to the URL through
//! [`url`]), its state and its [`Reducer`]. The registry of pages ([`pages`]) and hash routes
//! ([`route`]) say what opens where; the drawn tree ([`scene`]) and the view's [`camera`], the
//! step controls ([`control`]), the games' vocabulary ([`game`]), the page–worker envelope
//! ([`protocol`]) and what a job reports back ([`work`]), the teachers' list of examples
//! ([`teachers`]) and identity by `Rc` ([`same`]) are shared by them. Nothing here depends on a
//! browser: the web crate turns these into HTML and SVG, runs the worker and keeps the address
//! bar, and every transition is tested natively.

#![deny(missing_docs)]

pub mod alphabeta;
pub mod camera;
pub mod chance;
pub mod control;
pub mod game;
pub mod heuristics;
pub mod maps;
pub mod mcts;
pub mod pages;
pub mod play;
pub mod practice;
pub mod protocol;
pub mod route;
pub mod same;
pub mod scene;
pub mod search;
pub mod teachers;
pub mod tours;
pub mod url;
pub mod work;
pub mod worksheet;

/// A page's state and what can happen to it: the page's reducer. The web crate wraps it for
/// Yew's `use_reducer`; tests drive it directly.
///
/// An action that changes nothing — a stale answer from the worker, a step past the end, a
/// setting chosen again — is known by [`Reducer::ignores`], and [`Reducer::reduce`] then returns
/// the same `Rc`: Yew skips the render.
pub trait Reducer: Sized + Clone {
    /// What can happen on the page.
    type Action;
    /// Whether `action` would change nothing.
    fn ignores(&self, action: &Self::Action) -> bool;
    /// Applies `action` to this state.
    fn apply(&mut self, action: Self::Action);
    /// The state after `action`; `self` unchanged (the same `Rc`) when nothing changes.
    fn reduce(self: std::rc::Rc<Self>, action: Self::Action) -> std::rc::Rc<Self> {
        if self.ignores(&action) {
            return self;
        }
        let mut s = std::rc::Rc::unwrap_or_clone(self);
        s.apply(action);
        std::rc::Rc::new(s)
    }
}

/// A page's state as its view opens it: made from its link, its settings written back to the
/// address bar whenever they change.
pub trait PageState: Reducer {
    /// The settings its link holds.
    type Settings: url::UrlSettings + Clone + PartialEq + 'static;
    /// The page as `route` opens it (`fresh_seed`: a seed from the browser's random source, for
    /// a page whose link gives none).
    fn open(route: &route::Route, fresh_seed: u64) -> Self;
    /// Its settings now.
    fn settings(&self) -> &Self::Settings;
}

/// A page stepped through a recorded run: the step controls, the keys and the play timer act
/// on it.
pub trait SteppedPage: PageState {
    /// Stepping on its own, and milliseconds between steps.
    fn playing(&self) -> (bool, u32);
    /// A step control as the page's action.
    fn control(control: control::Control) -> Self::Action;
    /// The play timer's tick as the page's action.
    fn tick() -> Self::Action;
}

/// Implements [`PageState`] and [`SteppedPage`] for a page whose state has `settings`,
/// `playing` and `speed` fields and `Action::Control` and `Action::Tick`.
macro_rules! stepped_page {
    ($state:ty, $settings:ty) => {
        impl crate::PageState for $state {
            type Settings = $settings;
            fn open(route: &crate::route::Route, _fresh_seed: u64) -> Self {
                Self::new(route)
            }
            fn settings(&self) -> &$settings {
                &self.settings
            }
        }
        impl crate::SteppedPage for $state {
            fn playing(&self) -> (bool, u32) {
                (self.playing, self.speed)
            }
            fn control(control: crate::control::Control) -> Action {
                Action::Control(control)
            }
            fn tick() -> Action {
                Action::Tick
            }
        }
    };
}
pub(crate) use stepped_page;
