//! Each page's code in a part of the module of its own (issue 36): the shell (header,
//! navigation, the link's parsing, the panic hook) loads first, and a page's part is fetched
//! the first time the page is opened — or earlier, while the reader is idle.
//!
//! A part is a split point (`wasm_split_helpers`): `cargo xtask dist` builds with the `split`
//! feature and splits the linked module at these functions, so whatever only a page's part
//! reaches is fetched with that part. Without the feature (tests, `cargo check`) the parts are
//! plain functions of one module.

use std::cell::RefCell;

use arbor_app::pages::{part_name, PAGES};
use arbor_app::route::{Route, View};
#[cfg(feature = "split")]
use wasm_split_helpers::wasm_split;
use wasm_split_helpers::SplitLoaderError;
use yew::prelude::*;

use crate::later::call;

/// A page's view, made by its part's code.
pub type PageFn = fn(&Route) -> Html;

/// The split points, one a page, each named as the build names the page's files
/// (`part-<name>.bin`: the route's first path segment, `home` for home), and `make`, which
/// calls the one of a view. Each gives the page's view: a stepped page keyed by the whole link,
/// so opening another link remounts it with its state (pages keep the address in step with
/// `replace_url`, which fires no `hashchange`, so their own changes do not remount them).
/// The parts a page fetches later (`crate::later`), listed after its name, are noted when its
/// part arrives, to be fetched while the reader is idle.
macro_rules! split_points {
    ($($view:ident $(| $also:ident)*: $name:ident [$($later:path),*] => $page:expr;)*) => {
        $(
            #[cfg_attr(feature = "split", wasm_split($name, fallible))]
            fn $name() -> Result<PageFn, SplitLoaderError> {
                crate::later::note_later_parts(&[$($later),*]);
                Ok($page)
            }
        )*
        /// Makes the page of `view` from its part, fetched first if the module is split;
        /// `None` for the view the shell draws itself (a path that names no page).
        async fn make(view: &View) -> Option<Result<PageFn, SplitLoaderError>> {
            Some(match view {
                $(View::$view $(| View::$also)* => call!($name),)*
                View::NotFound(_) => return None,
            })
        }
    };
}

split_points! {
    Home: home [] => |_| html! { <crate::home::Home /> };
    AlphaBeta: alphabeta [crate::alphabeta::LATER_PART, crate::components::export::LATER_PART] =>
        |route| html! { <crate::alphabeta::AlphaBeta key={route.to_hash()} route={route.clone()} /> };
    Chance: chance [] =>
        |route| html! { <crate::chance::Chance key={route.to_hash()} route={route.clone()} /> };
    Mcts: mcts [] =>
        |route| html! { <crate::mcts::Mcts key={route.to_hash()} route={route.clone()} /> };
    // The benchmark maps page is drawn from the search page's later part, with the grid's
    // tools: a split point of its own would cost every page's first visit (see `pages::part_name`).
    Search | Maps: search [crate::search::LATER_PART, crate::components::export::LATER_PART] =>
        |route| match route.view {
            View::Maps => html! { <crate::search::MapsPage key={route.to_hash()} route={route.clone()} /> },
            _ => html! { <crate::search::Search key={route.to_hash()} route={route.clone()} /> },
        };
    Heuristics: heuristics [] =>
        |route| html! { <crate::heuristics::Lab key={route.to_hash()} route={route.clone()} /> };
    Play: play [] => |route| html! { <crate::play::Play key={route.to_hash()} route={route.clone()} /> };
    Practice: practice [crate::practice::LATER_PART] =>
        |route| html! { <crate::practice::Practice key={route.to_hash()} route={route.clone()} /> };
    Teachers: teachers [] => |_| html! { <crate::teachers::Teachers /> };
    Tours: tours [] => |route| html! { <crate::tours::Tours key={route.to_hash()} route={route.clone()} /> };
    Tour: tour [] => |route| html! { <crate::tours::Tour key={route.to_hash()} route={route.clone()} show={crate::tours::ShowView(show)} /> };
    Worksheet: worksheet [] =>
        |route| html! { <crate::worksheet::Worksheet key={route.to_hash()} route={route.clone()} /> };
}

/// A view drawn by its page's part (how a tour shows its stops).
fn show(route: &Route) -> Html {
    html! { <PagePart route={route.clone()} /> }
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
                    match crate::later::for_the_reader(load(&view)).await {
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

/// Whether the pages not yet opened are fetched while the reader is idle: yes, unless the
/// browser says the reader wants to save data (`navigator.connection.saveData`), or the site's
/// storage says `arbor-idle-fetch` is `off` — as the end-to-end tests set it for every file but
/// those that test the fetching itself (each of hundreds of page loads would otherwise fetch and
/// compile every other page's code: a third of Chromium's time on them, two thirds of Firefox's).
fn fetches_while_idle() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let saves_data = js_sys::Reflect::get(&window.navigator(), &"connection".into())
        .ok()
        .filter(|c| c.is_object())
        .and_then(|c| js_sys::Reflect::get(&c, &"saveData".into()).ok())
        .is_some_and(|s| s.is_truthy());
    let told_off = window
        .local_storage()
        .ok()
        .flatten()
        .and_then(|s| s.get_item("arbor-idle-fetch").ok().flatten())
        .is_some_and(|v| v == "off");
    !saves_data && !told_off
}

/// Fetches every part not yet here, one after another, while the reader is idle.
fn fetch_the_rest_when_idle() {
    if !fetches_while_idle() {
        return;
    }
    wasm_bindgen_futures::spawn_local(async {
        for page in PAGES {
            let view = page.view;
            if loaded(view).is_none() {
                crate::later::idle().await;
                let _ = crate::later::fetching_while_idle(&part_name(view), load(view)).await;
            }
        }
        // Then the code pages fetch later (`crate::later`), as their split points list it.
        crate::later::fetch_later_parts_when_idle().await;
        // Every page is here: a mark for the end-to-end tests (and anyone curious).
        if let Some(html) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = html.set_attribute("data-parts", "all");
        }
    });
}
