//! One hook for a page's store and keys: the state made from the page's link, its settings kept
//! in the address bar, and — for a stepped page — the play timer and the step keys.

use yew::prelude::*;

use arbor_app::route::Route;
use arbor_app::url::UrlSettings;
use arbor_app::{PageState, SteppedPage};

use crate::components::controls::{use_play_timer, use_step_keys};
use crate::store::Store;

/// A new seed from the browser's random source, below 2^53 (so a URL and JavaScript carry it
/// exactly): every game gets its own tie-breaks.
pub fn fresh_seed() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_991.0) as u64
}

/// A page's store, made from `route` once; its settings written to the address bar whenever
/// they change.
#[hook]
pub fn use_page<S: PageState + 'static>(route: &Route) -> UseReducerHandle<Store<S>> {
    let state = {
        let route = route.clone();
        use_reducer(move || Store::new(S::open(&route, fresh_seed())))
    };
    crate::url::use_address(
        route.view.clone(),
        state.settings().clone(),
        <S::Settings as UrlSettings>::to_route,
    );
    state
}

/// [`use_page`] for a page stepped through a run: with the play timer and the step keys
/// (→ ← Space Home End, unless the focus needs them).
#[hook]
pub fn use_stepped_page<S: SteppedPage + 'static>(route: &Route) -> UseReducerHandle<Store<S>> {
    let state = use_page::<S>(route);
    let dispatch = state.dispatcher();
    let (playing, speed) = state.playing();
    use_play_timer(
        playing,
        speed,
        dispatch.to_callback().reform(|()| S::tick()),
    );
    use_step_keys(dispatch.to_callback().reform(S::control));
    state
}
