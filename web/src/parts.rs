//! Each page's code in a part of the module of its own (issue 36): the shell (header,
//! navigation, the link's parsing, the panic hook) loads first, and a page's part is fetched
//! the first time the page is opened — or earlier, while the reader is idle.
//!
//! A part is a split point (`wasm_split_helpers`): `cargo xtask dist` builds with the `split`
//! feature and splits the linked module at these functions, so whatever only a page's part
//! reaches is fetched with that part. Without the feature (tests, `cargo check`) the parts are
//! plain functions of one module.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use arbor_app::pages::{part_name, PAGES};
use arbor_app::route::{Route, View};
#[cfg(feature = "split")]
use wasm_split_helpers::wasm_split;
use wasm_split_helpers::SplitLoaderError;
use yew::prelude::*;

/// A page's view, made by its part's code.
pub type PageFn = fn(&Route) -> Html;

/// The split points, one a page, each named as the build names the page's files
/// (`part-<name>.bin`: the route's first path segment, `home` for home). Each gives the page's
/// view: a stepped page keyed by the whole link, so opening another link remounts it with its
/// state (pages keep the address in step with `replace_url`, which fires no `hashchange`, so
/// their own changes do not remount them).
macro_rules! split_points {
    ($($name:ident => $page:expr;)*) => {$(
        #[cfg_attr(feature = "split", wasm_split($name, fallible))]
        fn $name() -> Result<PageFn, SplitLoaderError> {
            Ok($page)
        }
    )*};
}

split_points! {
    home => |_| html! { <crate::home::Home /> };
    alphabeta => |route| html! { <crate::alphabeta::AlphaBeta key={route.to_hash()} route={route.clone()} /> };
    chance => |route| html! { <crate::chance::Chance key={route.to_hash()} route={route.clone()} /> };
    mcts => |route| html! { <crate::mcts::Mcts key={route.to_hash()} route={route.clone()} /> };
    search => |route| html! { <crate::search::Search key={route.to_hash()} route={route.clone()} /> };
    heuristics => |route| html! { <crate::heuristics::Lab key={route.to_hash()} route={route.clone()} /> };
    play => |route| html! { <crate::play::Play key={route.to_hash()} route={route.clone()} /> };
    practice => |route| html! { <crate::practice::Practice key={route.to_hash()} route={route.clone()} /> };
    teachers => |_| html! { <crate::teachers::Teachers /> };
}

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
                use super::*;
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
                        let made = call!($slot)?;
                        HERE.with(|h| h.set(Some(made)));
                        // Other places waiting for code of the same part may have it now.
                        wake_waiting();
                    }
                    Ok(())
                }
                #[component]
                pub(crate) fn Piece(props: &$props) -> Html {
                    let here = here();
                    let waiting = use_later(here.is_none(), $seen, load);
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
        async fn fetch_later_when_idle() {
            $(
                if $slot::here().is_none() {
                    idle().await;
                    let _ = fetching_while_idle(stringify!($module), $slot::load()).await;
                }
            )*
        }
    };
}

/// Code a page fetches the first time it is used (or while the reader is idle, once every page
/// is here): the split point named first holds it. Each gives an `async fn` of the same name.
macro_rules! later_code {
    ($($module:ident: $slot:ident -> $ty:ty = $value:expr;)*) => {
        $(
            mod $slot {
                use super::*;
                #[cfg_attr(feature = "split", wasm_split($module, fallible))]
                fn $slot() -> Result<$ty, SplitLoaderError> {
                    Ok($value)
                }
                /// The code, fetched first if it is not here.
                pub(crate) async fn get() -> Result<$ty, SplitLoaderError> {
                    call!($slot)
                }
            }
            pub(crate) use $slot::get as $slot;
        )*
        /// Fetches the code above not yet here, one after another, while the reader is idle
        /// (a part already here answers at once).
        async fn fetch_later_code_when_idle() {
            $(
                idle().await;
                let _ = fetching_while_idle(stringify!($module), $slot()).await;
            )*
        }
    };
}

/// While a component's code is missing: fetches it (at once, or once its place is seen when
/// `when_seen`), draws the component again once it is here (fetched by it, or while the reader
/// was idle), and gives the line to show meanwhile.
#[hook]
fn use_later<F>(missing: bool, when_seen: bool, load: fn() -> F) -> Html
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
fn wake_waiting() {
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
async fn fetching_while_idle<T>(name: &str, load: impl std::future::Future<Output = T>) -> T {
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

later_components! {
    alphabeta_tools: game_panel => GamePanel(crate::alphabeta::GamePanelProps, seen: false) =
        |p| html! { <crate::alphabeta::GamePanelNow ..p.clone() /> };
    alphabeta_tools: compare_body => CompareBody(crate::alphabeta::CompareProps, seen: true) =
        |p| html! { <crate::alphabeta::CompareBodyNow ..p.clone() /> };
    alphabeta_tools: leaf_editor => LeafEditor(crate::alphabeta::LeafEditorProps, seen: false) =
        |p| html! { <crate::alphabeta::LeafEditorNow ..p.clone() /> };
}

later_code! {
    export: export_code -> &'static crate::components::export::ExportCode =
        &crate::components::export::EXPORT_CODE;
    alphabeta_tools: alphabeta_trace -> fn(&arbor_app::alphabeta::Run, &arbor_app::alphabeta::Settings) -> String =
        crate::alphabeta::trace_json;
    search_tools: search_trace -> crate::search::TraceFn = crate::search::trace_json;
}

/// Makes the page of `view` from its part, fetched first if the module is split; `None` for
/// the view the shell draws itself (a path that names no page).
async fn make(view: &View) -> Option<Result<PageFn, SplitLoaderError>> {
    Some(match view {
        View::Home => call!(home),
        View::AlphaBeta => call!(alphabeta),
        View::Chance => call!(chance),
        View::Mcts => call!(mcts),
        View::Search => call!(search),
        View::Heuristics => call!(heuristics),
        View::Play => call!(play),
        View::Practice => call!(practice),
        View::Teachers => call!(teachers),
        View::NotFound(_) => return None,
    })
}

thread_local! {
    /// The pages whose parts are here.
    static LOADED: RefCell<Vec<(View, PageFn)>> = const { RefCell::new(Vec::new()) };
}

/// The page of `view`, if its part is here (always, in one module).
pub fn loaded(view: &View) -> Option<PageFn> {
    let here = LOADED.with(|l| l.borrow().iter().find(|(v, _)| v == view).map(|(_, f)| *f));
    #[cfg(not(feature = "split"))]
    let here = here.or_else(|| at_once(make(view)).flatten().and_then(Result::ok));
    here
}

/// A future that needs no waiting (a split point of one module), run to its end.
#[cfg(not(feature = "split"))]
fn at_once<T>(future: impl std::future::Future<Output = T>) -> Option<T> {
    let mut future = std::pin::pin!(future);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    match future.as_mut().poll(&mut cx) {
        std::task::Poll::Ready(t) => Some(t),
        std::task::Poll::Pending => None,
    }
}

/// Fetches `view`'s part (once) and gives its page; the first page here starts the fetching of
/// the others while the reader is idle.
pub async fn load(view: &View) -> Option<Result<PageFn, SplitLoaderError>> {
    if let Some(f) = loaded(view) {
        return Some(Ok(f));
    }
    let made = make(view).await?;
    if let Ok(f) = made {
        let first = LOADED.with(|l| {
            let mut l = l.borrow_mut();
            l.push((view.clone(), f));
            l.len() == 1
        });
        if first {
            fetch_the_rest_when_idle();
        }
    }
    Some(made)
}

/// Props of [`PagePart`].
#[derive(Properties, PartialEq)]
pub struct PagePartProps {
    pub route: Route,
}

/// A page drawn by its part: at once if the part is here, else once it has been fetched (a
/// line says it is loading, and what went wrong if it could not be fetched).
#[component]
pub fn PagePart(props: &PagePartProps) -> Html {
    let update = use_force_update();
    let failed = use_state(|| false);
    let view = props.route.view.clone();
    let here = loaded(&view);
    {
        let (update, failed) = (update.clone(), failed.clone());
        use_effect_with((view, here.is_some()), move |(view, here)| {
            if !*here {
                let view = view.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    match load(&view).await {
                        Some(Ok(_)) => update.force_update(),
                        Some(Err(_)) => failed.set(true),
                        None => {}
                    }
                });
            }
        });
    }
    match here {
        Some(page) => page(&props.route),
        None if *failed => html! {
            <p class="notice" role="alert">{ "This page's code could not be fetched: check the connection, then reload." }</p>
        },
        // The loading outline the page showed before the shell was ready.
        None => html! {
            <div class="boot-main">
                <div class="boot-status" role="status">
                    <span class="boot-text">{ "Loading the page…" }</span>
                    <span class="boot-bar" aria-hidden="true"><span></span></span>
                </div>
            </div>
        },
    }
}

/// Fetches every part not yet here, one after another, while the reader is idle.
fn fetch_the_rest_when_idle() {
    wasm_bindgen_futures::spawn_local(async {
        for page in PAGES {
            let view = page.view;
            if loaded(view).is_none() {
                idle().await;
                let _ = fetching_while_idle(&part_name(view), load(view)).await;
            }
        }
        fetch_later_when_idle().await;
        fetch_later_code_when_idle().await;
        // Every page is here: a mark for the end-to-end tests (and anyone curious).
        if let Some(html) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = html.set_attribute("data-parts", "all");
        }
    });
}

/// Resolves when the browser is idle (or after a short wait where it cannot say).
async fn idle() {
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

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
