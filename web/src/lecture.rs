//! Lecture mode (`present=1`): the view alone, sized for a projector. The view steps with a
//! presenter's clicker (Page Down / Page Up, besides → ←: the step keys); `B` blanks the screen
//! and brings it back; Escape leaves lecture mode for the same view with the site around it.

use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use arbor_app::route::Route;

/// Props of [`Lecture`].
#[derive(Properties, PartialEq)]
pub struct LectureProps {
    /// The link shown.
    pub route: Route,
}

/// The link of the view shown now (the view keeps the address in step) without lecture mode.
fn leave() {
    crate::url::flush_url();
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return;
    };
    let mut route = Route::parse(&location.hash().unwrap_or_default());
    route.query.retain(|(k, _)| k != "present");
    let _ = location.set_hash(&route.to_link());
}

/// What lecture mode adds to the view: the keys, the blank screen and a way out.
#[component]
pub fn Lecture(_props: &LectureProps) -> Html {
    let blank = use_state(|| false);
    {
        let blank = blank.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().and_then(|w| w.document()).map(|doc| {
                let options = EventListenerOptions::enable_prevent_default();
                EventListener::new_with_options(&doc, "keydown", options, move |e| {
                    let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                        return;
                    };
                    if e.ctrl_key()
                        || e.meta_key()
                        || e.alt_key()
                        || crate::components::controls::owns_key(e)
                    {
                        return;
                    }
                    match e.key().as_str() {
                        "b" | "B" | "." => {
                            e.prevent_default();
                            blank.set(!*blank);
                        }
                        "Escape" => leave(),
                        _ => {}
                    }
                })
            });
            move || drop(listener)
        });
    }
    let unblank = {
        let blank = blank.clone();
        Callback::from(move |_: MouseEvent| blank.set(false))
    };
    html! {
        <>
            <button type="button" class="leave-lecture" onclick={Callback::from(|_: MouseEvent| leave())}
                title="Leave lecture mode (Escape). B blanks the screen.">{ "Leave lecture mode" }</button>
            if *blank {
                <div class="blank-screen" role="button" tabindex="0" aria-label="The screen is blanked: press B or click to bring it back" onclick={unblank}></div>
            }
        </>
    }
}
