//! Code a page's first view does not need (issue 36), in parts of the module of their own:
//! `later_components!` draws a component from such a part (a loading line until its code is
//! here), `later_code!` gives functions from one. A page invokes them in its own module (so no
//! page's code refers to the shell's list of parts); `crate::parts` fetches them all while the
//! reader is idle, once every page is here. Without the `split` feature they are plain
//! functions of one module.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_split_helpers::SplitLoaderError;
use yew::prelude::*;

/// Components a page's first view does not need, each drawn by code fetched the first time it
/// is drawn (or while the reader is idle, once every page is here): the split point named
/// first holds it (several components may share one), and a line says it is loading, or what
/// went wrong. The component named is the one drawn; its props are the real one's. With
/// `seen: true` its code is fetched only once its place scrolls into view (it is below the
/// fold of a page's first view), or while the reader is idle.
macro_rules! later_components {
    ($($module:ident: $slot:ident => $name:ident($props:ty, seen: $seen:literal) = $view:expr;)*) => {
        $(
            mod $slot {
                #[allow(unused_imports)]
                use super::*;
                use ::std::cell::Cell;
                #[cfg(feature = "split")]
                use ::wasm_split_helpers::wasm_split;
                use ::wasm_split_helpers::SplitLoaderError;
                #[allow(unused_imports)]
                use ::yew::prelude::*;
                thread_local! {
                    static HERE: Cell<Option<fn(&$props) -> Html>> = const { Cell::new(None) };
                }
                #[cfg_attr(feature = "split", wasm_split($module, fallible))]
                fn $slot() -> Result<fn(&$props) -> Html, SplitLoaderError> {
                    Ok($view)
                }
                /// Its code, if here (always, in one module).
                pub(super) fn here() -> Option<fn(&$props) -> Html> {
                    let here = HERE.with(Cell::get);
                    #[cfg(not(feature = "split"))]
                    let here = here.or_else(|| $slot().ok());
                    here
                }
                /// Fetches its code (once).
                pub(super) async fn load() -> Result<(), SplitLoaderError> {
                    if HERE.with(Cell::get).is_none() {
                        let made = $crate::later::call!($slot)?;
                        HERE.with(|h| h.set(Some(made)));
                        // Other places waiting for code of the same part may have it now.
                        $crate::later::wake_waiting();
                    }
                    Ok(())
                }
                #[component]
                pub(crate) fn Piece(props: &$props) -> Html {
                    let here = here();
                    let waiting = $crate::later::use_later(here.is_none(), $seen, load);
                    match here {
                        Some(view) => view(props),
                        None => waiting,
                    }
                }
            }
            pub(crate) use $slot::Piece as $name;
        )*
        /// Fetches the code of every component above not yet here, one after another, while
        /// the reader is idle.
        pub(crate) async fn fetch_components_when_idle() {
            $(
                if $slot::here().is_none() {
                    $crate::later::idle().await;
                    let _ = $crate::later::fetching_while_idle(stringify!($module), $slot::load()).await;
                }
            )*
        }
    };
}

pub(crate) use later_components;

/// Code a page fetches the first time it is used (or while the reader is idle, once every page
/// is here): the split point named first holds it. Each gives an `async fn` of the same name.
macro_rules! later_code {
    ($($module:ident: $slot:ident -> $ty:ty = $value:expr;)*) => {
        $(
            mod $slot {
                #[allow(unused_imports)]
                use super::*;
                #[cfg(feature = "split")]
                use ::wasm_split_helpers::wasm_split;
                use ::wasm_split_helpers::SplitLoaderError;
                #[cfg_attr(feature = "split", wasm_split($module, fallible))]
                fn $slot() -> Result<$ty, SplitLoaderError> {
                    Ok($value)
                }
                /// The code, fetched first if it is not here.
                pub(crate) async fn get() -> Result<$ty, SplitLoaderError> {
                    $crate::later::call!($slot)
                }
            }
            pub(crate) use $slot::get as $slot;
        )*
        /// Fetches the code above not yet here, one after another, while the reader is idle
        /// (a part already here answers at once).
        pub(crate) async fn fetch_code_when_idle() {
            $(
                $crate::later::idle().await;
                let _ = $crate::later::fetching_while_idle(stringify!($module), $slot()).await;
            )*
        }
    };
}

pub(crate) use later_code;

/// While a component's code is missing: fetches it (at once, or once its place is seen when
/// `when_seen`), draws the component again once it is here (fetched by it, or while the reader
/// was idle), and gives the line to show meanwhile.
#[hook]
pub(crate) fn use_later<F>(missing: bool, when_seen: bool, load: fn() -> F) -> Html
where
    F: std::future::Future<Output = Result<(), SplitLoaderError>> + 'static,
{
    let update = use_force_update();
    let failed = use_state(|| false);
    let spot = use_node_ref();
    {
        let (failed, spot) = (failed.clone(), spot.clone());
        use_effect_with(missing, move |&missing| {
            let mut kept = None;
            if missing {
                let waiting = WAITING.with(|w| {
                    let mut w = w.borrow_mut();
                    w.0 += 1;
                    let id = w.0;
                    let again = update.clone();
                    w.1.push((id, Rc::new(move || again.force_update())));
                    id
                });
                let fetch = move || {
                    wasm_bindgen_futures::spawn_local(async move {
                        match load().await {
                            Ok(()) => update.force_update(),
                            Err(_) => failed.set(true),
                        }
                    })
                };
                let observer = match spot.cast::<web_sys::Element>() {
                    Some(place) if when_seen => once_seen(&place, fetch),
                    _ => {
                        fetch();
                        None
                    }
                };
                kept = Some((waiting, observer));
            }
            move || {
                if let Some((waiting, observer)) = kept {
                    WAITING.with(|w| w.borrow_mut().1.retain(|(id, _)| *id != waiting));
                    if let Some((o, _)) = observer {
                        o.disconnect();
                    }
                }
            }
        });
    }
    if *failed {
        html! { <p class="notice" role="alert">{ "This part of the page could not be fetched: check the connection, then reload." }</p> }
    } else {
        html! { <span ref={spot} class="later-loading hint" role="status">{ "Loading…" }</span> }
    }
}

/// A waiting component's way to be drawn again (see [`use_later`]).
type Wake = Rc<dyn Fn()>;

thread_local! {
    /// The components waiting for their code, to draw again when code arrives while the reader
    /// is idle (with the last id given out).
    static WAITING: RefCell<(u64, Vec<(u64, Wake)>)> = const { RefCell::new((0, Vec::new())) };
}

/// Draws again every component waiting for its code (some code has arrived).
pub(crate) fn wake_waiting() {
    let all: Vec<Wake> = WAITING.with(|w| w.borrow().1.iter().map(|(_, f)| f.clone()).collect());
    for wake in all {
        wake();
    }
}

/// Something to do once.
type Once = RefCell<Option<Box<dyn FnOnce()>>>;

/// An observer and its handler.
type Seen = (
    web_sys::IntersectionObserver,
    Closure<dyn FnMut(js_sys::Array)>,
);

/// Calls `then` once `place` is in view; `None` (and `then` at once) where the browser cannot
/// tell.
fn once_seen(place: &web_sys::Element, then: impl FnOnce() + 'static) -> Option<Seen> {
    let then: Rc<Once> = Rc::new(RefCell::new(Some(Box::new(then))));
    let run = move |then: &Once| {
        let f = then.borrow_mut().take();
        if let Some(f) = f {
            f();
        }
    };
    let handler = {
        let then = then.clone();
        Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            let seen = entries.iter().any(|e| {
                e.dyn_into::<web_sys::IntersectionObserverEntry>()
                    .is_ok_and(|e| e.is_intersecting())
            });
            if seen {
                run(&then);
            }
        })
    };
    match web_sys::IntersectionObserver::new(handler.as_ref().unchecked_ref()) {
        Ok(observer) => {
            observer.observe(place);
            Some((observer, handler))
        }
        Err(_) => {
            run(&then);
            None
        }
    }
}

/// Runs `load` with the app's note that the part `name` is fetched while the reader is idle
/// (file by file, only what is not here yet: see `cargo xtask dist`), then takes the note back.
pub(crate) async fn fetching_while_idle<T>(
    name: &str,
    load: impl std::future::Future<Output = T>,
) -> T {
    let window = web_sys::window();
    if let Some(w) = &window {
        let _ = js_sys::Reflect::set(w, &"__arborIdle".into(), &name.into());
    }
    let out = load.await;
    if let Some(w) = &window {
        let _ = js_sys::Reflect::set(w, &"__arborIdle".into(), &JsValue::UNDEFINED);
    }
    out
}

/// Calls a split point: awaited where the module is split, at once where it is not.
macro_rules! call {
    ($f:ident) => {{
        #[cfg(feature = "split")]
        let made = $f().await;
        #[cfg(not(feature = "split"))]
        let made = $f();
        made
    }};
}
pub(crate) use call;

/// Resolves when the browser is idle (or after a short wait where it cannot say).
pub(crate) async fn idle() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let window = web_sys::window().expect("a window");
        let idle = js_sys::Reflect::get(&window, &"requestIdleCallback".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        match idle {
            Some(f) => {
                // At most two seconds: a page that is never idle (a game's timers) still gets
                // the rest.
                let opts = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&opts, &"timeout".into(), &2000.into());
                let _ = f.call2(&window, &resolve, &opts);
            }
            None => {
                let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 200);
            }
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}
