//! Code a page's first view does not need (issue 36), in parts of the module of their own:
//! `later_part!` draws components from such a part (a loading line until its code is here) and
//! gives functions from it. A page invokes it in its own module (so no page's code refers to
//! the shell's list of parts); the parts a page's part arrives with are fetched while the reader
//! is idle, once every page is here. Without the `split` feature they are plain
//! functions of one module.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_split_helpers::SplitLoaderError;
use yew::prelude::*;

/// A part of the module a page's first view does not need: components, each drawn by code
/// fetched the first time it is drawn (a loading line until then, or what went wrong), and
/// code, each an `async fn` of the slot's name giving it (fetched first if it is not here).
/// The whole part comes with one split point: each split point costs the shell a stub and the
/// loader an entry, on every page.
///
/// A component's props are the real one's. With `seen: true` its code is fetched only once its
/// place scrolls into view (it is below the fold of a page's first view). Every part is also
/// fetched while the reader is idle, once every page is here: its `LATER_PART` is listed on its
/// page's line in `crate::parts` (see [`note_later_parts`]).
macro_rules! later_part {
    (
        $module:ident;
        components { $($slot:ident => $name:ident($props:ty, seen: $seen:literal) = $view:expr;)* }
        code { $($code:ident -> $ty:ty = $value:expr;)* }
    ) => {
        mod $module {
            #[allow(unused_imports)]
            use super::*;
            use ::std::cell::Cell;
            #[cfg(feature = "split")]
            use ::wasm_split_helpers::wasm_split;
            use ::wasm_split_helpers::SplitLoaderError;
            #[allow(unused_imports)]
            use ::yew::prelude::*;
            /// Everything in the part.
            #[derive(Clone, Copy)]
            pub(crate) struct Part {
                $(pub(crate) $slot: fn(&$props) -> Html,)*
                $(pub(crate) $code: $ty,)*
            }
            thread_local! {
                static HERE: Cell<Option<Part>> = const { Cell::new(None) };
            }
            #[cfg_attr(feature = "split", wasm_split($module, fallible))]
            fn $module() -> Result<Part, SplitLoaderError> {
                Ok(Part {
                    $($slot: $view,)*
                    $($code: $value,)*
                })
            }
            /// The part, if here (always, in one module).
            #[allow(dead_code)]
            pub(crate) fn here() -> Option<Part> {
                let here = HERE.with(Cell::get);
                #[cfg(not(feature = "split"))]
                let here = here.or_else(|| $module().ok());
                here
            }
            /// The part, fetched first if it is not here.
            pub(crate) async fn load() -> Result<Part, SplitLoaderError> {
                if let Some(part) = HERE.with(Cell::get) {
                    return Ok(part);
                }
                let part = $crate::later::call!($module)?;
                HERE.with(|h| h.set(Some(part)));
                // Other places waiting for this part may have it now.
                $crate::later::wake_waiting();
                Ok(part)
            }
            /// Fetches the part (once).
            pub(crate) async fn fetch() -> Result<(), SplitLoaderError> {
                load().await.map(|_| ())
            }
            $(
                pub(crate) mod $slot {
                    use super::*;
                    #[component]
                    pub(crate) fn Piece(props: &$props) -> Html {
                        let here = here();
                        let waiting = $crate::later::use_later(here.is_none(), $seen, fetch);
                        match here {
                            Some(part) => (part.$slot)(props),
                            None => waiting,
                        }
                    }
                }
            )*
        }
        $(pub(crate) use $module::$slot::Piece as $name;)*
        $(
            /// The part's code, fetched first if it is not here.
            pub(crate) async fn $code() -> Result<$ty, ::wasm_split_helpers::SplitLoaderError> {
                $module::load().await.map(|part| part.$code)
            }
        )*
        /// The part, for its page's split point to list (`crate::parts`): fetched while the
        /// reader is idle once every page is here.
        pub(crate) const LATER_PART: $crate::later::LaterPart =
            (stringify!($module), || ::std::boxed::Box::pin($module::fetch()));
    };
}

/// A later part (see `later_part!`): its name, and what fetches it (at once if it is here).
pub(crate) type LaterPart = (
    &'static str,
    fn() -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), SplitLoaderError>>>>,
);

thread_local! {
    /// The later parts of the pages here, in the order their pages came.
    static LATER_PARTS: RefCell<Vec<LaterPart>> = const { RefCell::new(Vec::new()) };
}

/// Notes the later parts of a page whose part is here (its split point lists them), for
/// [`fetch_later_parts_when_idle`]. The code that fetches them is in the page's part.
pub(crate) fn note_later_parts(parts: &[LaterPart]) {
    LATER_PARTS.with(|l| {
        let mut l = l.borrow_mut();
        for part in parts {
            if !l.iter().any(|(name, _)| *name == part.0) {
                l.push(*part);
            }
        }
    });
}

/// Fetches the later parts of every page here, one after another while the reader is idle.
pub(crate) async fn fetch_later_parts_when_idle() {
    let parts = LATER_PARTS.with(|l| l.borrow().clone());
    for (name, fetch) in parts {
        idle().await;
        let _ = fetching_while_idle(name, fetch()).await;
    }
}

pub(crate) use later_part;

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
                        match for_the_reader(load()).await {
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

thread_local! {
    /// Fetches of code the reader's page is waiting for, under way.
    static FOR_THE_READER: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// `fetch`, counted as code the reader's page waits for: nothing is fetched while idle until
/// it has come (a page drawn from a later part — the maps page — asks for it a moment after its
/// own part arrives, and an idle fetch started in that moment came first).
pub(crate) async fn for_the_reader<T>(fetch: impl std::future::Future<Output = T>) -> T {
    FOR_THE_READER.with(|n| n.set(n.get() + 1));
    let out = fetch.await;
    FOR_THE_READER.with(|n| n.set(n.get().saturating_sub(1)));
    out
}

/// Resolves when the browser is idle and the page waits for no code of its own (or after a
/// short wait where the browser cannot say it is idle).
pub(crate) async fn idle() {
    loop {
        idle_period().await;
        if FOR_THE_READER.with(std::cell::Cell::get) == 0 {
            return;
        }
    }
}

/// Resolves when the browser is idle (or after a short wait where it cannot say).
async fn idle_period() {
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
