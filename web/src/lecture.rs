//! Lecture mode (`present=1`): the view alone, sized for a projector. The view steps with a
//! presenter's clicker (Page Down / Page Up, besides → ←: the step keys); `B` blanks the screen
//! and brings it back; Escape leaves lecture mode for the same view with the site around it.
//!
//! Its code and style are a part of their own, fetched when a link asks for lecture mode: the
//! shell holds only what fetches it.

#[cfg(feature = "split")]
use wasm_split_helpers::wasm_split;
use wasm_split_helpers::SplitLoaderError;
use yew::prelude::*;

use arbor_app::route::Route;

/// Lecture mode's own style: large caption and labels, black on white, the settings put away.
const STYLE: &str = include_str!("lecture.css");

/// What lecture mode draws over the view.
type LectureFn = fn() -> Html;

/// The part's split point.
#[cfg_attr(feature = "split", wasm_split(lecture, fallible))]
fn lecture() -> Result<LectureFn, SplitLoaderError> {
    Ok(|| html! { <LectureNow /> })
}

/// What lecture mode adds to the view, once its part is here (nothing until then).
#[component]
pub fn Lecture() -> Html {
    let made = use_state(|| None::<LectureFn>);
    {
        let made = made.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok(f) = crate::later::call!(lecture) {
                    made.set(Some(f));
                }
            });
        });
    }
    match *made {
        Some(f) => f(),
        None => Html::default(),
    }
}

/// The view shown now (the view keeps the address in step), without lecture mode.
fn leave() {
    crate::url::flush_url();
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return;
    };
    let mut route = Route::parse(&location.hash().unwrap_or_default());
    route.query.retain(|(k, _)| k != "present");
    let _ = location.set_hash(&route.to_link());
}

/// The keys, the blank screen, the way out and the style.
#[component]
fn LectureNow() -> Html {
    let blank = use_state(|| false);
    {
        let blank = blank.clone();
        use_effect_with((), move |_| {
            let listener = crate::components::controls::document_keys(move |e| {
                match e.key().as_str() {
                    "b" | "B" | "." => blank.set(!*blank),
                    "Escape" => leave(),
                    _ => return false,
                }
                true
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
            <style>{ STYLE }</style>
            <button type="button" class="leave-lecture" onclick={Callback::from(|_: MouseEvent| leave())}
                title="Escape leaves; B blanks the screen">{ "Leave lecture mode" }</button>
            if *blank {
                <div class="blank-screen" role="button" tabindex="0" aria-label="Screen blanked: press B or click to show it" onclick={unblank}></div>
            }
        </>
    }
}
