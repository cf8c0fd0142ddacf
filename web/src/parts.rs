//! Each page's code in a part of the module of its own (issue 36): the shell (header,
//! navigation, the link's parsing, the panic hook) loads first, and a page's part is fetched
//! the first time the page is opened — or earlier, while the reader is idle.
//!
//! A part is a split point (`wasm_split_helpers`): `cargo xtask dist` builds with the `split`
//! feature and splits the linked module at these functions, so whatever only a page's part
//! reaches is fetched with that part. Without the feature (tests, `cargo check`) the parts are
//! plain functions of one module.

/// Calls a part's function: awaited where the module is split.
macro_rules! part {
    ($f:ident) => {{
        #[cfg(feature = "split")]
        let f = $f().await;
        #[cfg(not(feature = "split"))]
        let f = $f();
        f
    }};
}

use std::cell::RefCell;

use arbor_app::route::{Route, View};
#[cfg(feature = "split")]
use wasm_split_helpers::wasm_split;
use wasm_split_helpers::SplitLoaderError;
use yew::prelude::*;

/// A page's view, made by its part's code.
pub type PageFn = fn(&Route) -> Html;

/// The parts: one a page (Home and "not found" are in the shell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    Home,
    AlphaBeta,
    Chance,
    Mcts,
    Search,
    Heuristics,
    Play,
    Practice,
    Teachers,
}

impl Part {
    /// Every part, in the order they are fetched while the reader is idle.
    pub const ALL: [Part; 9] = [
        Part::Home,
        Part::AlphaBeta,
        Part::Search,
        Part::Play,
        Part::Chance,
        Part::Practice,
        Part::Mcts,
        Part::Heuristics,
        Part::Teachers,
    ];

    /// The part's name: its split point's (`#[wasm_split(name)]`), as the build names its files.
    pub fn name(self) -> &'static str {
        match self {
            Part::Home => "home",
            Part::AlphaBeta => "alphabeta",
            Part::Chance => "chance",
            Part::Mcts => "mcts",
            Part::Search => "search",
            Part::Heuristics => "heuristics",
            Part::Play => "play",
            Part::Practice => "practice",
            Part::Teachers => "teachers",
        }
    }

    /// The part a view needs (`None`: the shell draws it).
    pub fn of(view: &View) -> Option<Part> {
        Some(match view {
            View::Home => Part::Home,
            View::AlphaBeta => Part::AlphaBeta,
            View::Chance => Part::Chance,
            View::Mcts => Part::Mcts,
            View::Search => Part::Search,
            View::Heuristics => Part::Heuristics,
            View::Play => Part::Play,
            View::Practice => Part::Practice,
            View::Teachers => Part::Teachers,
            View::NotFound(_) => return None,
        })
    }

    /// Fetches the part (once) and gives its page.
    pub async fn load(self) -> Result<PageFn, SplitLoaderError> {
        if let Some(f) = loaded(self) {
            return Ok(f);
        }
        let f = match self {
            Part::Home => part!(home),
            Part::AlphaBeta => part!(alphabeta),
            Part::Chance => part!(chance),
            Part::Mcts => part!(mcts),
            Part::Search => part!(search),
            Part::Heuristics => part!(heuristics),
            Part::Play => part!(play),
            Part::Practice => part!(practice),
            Part::Teachers => part!(teachers),
        }?;
        let first = LOADED.with(|l| {
            let mut l = l.borrow_mut();
            l.push((self, f));
            l.len() == 1
        });
        // The first page is here: the others are fetched while the reader is idle.
        if first {
            fetch_the_rest_when_idle();
        }
        Ok(f)
    }
}

thread_local! {
    /// The parts fetched so far, with their pages.
    static LOADED: RefCell<Vec<(Part, PageFn)>> = const { RefCell::new(Vec::new()) };
}

/// The page of `part`, if its part is here.
#[cfg(feature = "split")]
pub fn loaded(part: Part) -> Option<PageFn> {
    LOADED.with(|l| l.borrow().iter().find(|(p, _)| *p == part).map(|(_, f)| *f))
}

/// The page of `part`: in one module, always here.
#[cfg(not(feature = "split"))]
pub fn loaded(part: Part) -> Option<PageFn> {
    Some(
        match part {
            Part::Home => home(),
            Part::AlphaBeta => alphabeta(),
            Part::Chance => chance(),
            Part::Mcts => mcts(),
            Part::Search => search(),
            Part::Heuristics => heuristics(),
            Part::Play => play(),
            Part::Practice => practice(),
            Part::Teachers => teachers(),
        }
        .unwrap_or_else(|_| unreachable!("a part of one module is always here")),
    )
}

// Each stepped page is keyed by the whole hash: opening another link remounts it with its
// state. Pages keep the address in step with `replace_url`, which fires no `hashchange`, so
// their own changes do not remount them.

#[cfg_attr(feature = "split", wasm_split(home, fallible))]
fn home() -> Result<PageFn, SplitLoaderError> {
    Ok(|_| html! { <crate::home::Home /> })
}

#[cfg_attr(feature = "split", wasm_split(alphabeta, fallible))]
fn alphabeta() -> Result<PageFn, SplitLoaderError> {
    Ok(
        |route| html! { <crate::alphabeta::AlphaBeta key={route.to_hash()} route={route.clone()} /> },
    )
}

#[cfg_attr(feature = "split", wasm_split(chance, fallible))]
fn chance() -> Result<PageFn, SplitLoaderError> {
    Ok(|route| html! { <crate::chance::Chance key={route.to_hash()} route={route.clone()} /> })
}

#[cfg_attr(feature = "split", wasm_split(mcts, fallible))]
fn mcts() -> Result<PageFn, SplitLoaderError> {
    Ok(|route| html! { <crate::mcts::Mcts key={route.to_hash()} route={route.clone()} /> })
}

#[cfg_attr(feature = "split", wasm_split(search, fallible))]
fn search() -> Result<PageFn, SplitLoaderError> {
    Ok(|route| html! { <crate::search::Search key={route.to_hash()} route={route.clone()} /> })
}

#[cfg_attr(feature = "split", wasm_split(heuristics, fallible))]
fn heuristics() -> Result<PageFn, SplitLoaderError> {
    Ok(|route| html! { <crate::heuristics::Lab key={route.to_hash()} route={route.clone()} /> })
}

#[cfg_attr(feature = "split", wasm_split(play, fallible))]
fn play() -> Result<PageFn, SplitLoaderError> {
    Ok(|route| html! { <crate::play::Play key={route.to_hash()} route={route.clone()} /> })
}

#[cfg_attr(feature = "split", wasm_split(practice, fallible))]
fn practice() -> Result<PageFn, SplitLoaderError> {
    Ok(|route| html! { <crate::practice::Practice key={route.to_hash()} route={route.clone()} /> })
}

#[cfg_attr(feature = "split", wasm_split(teachers, fallible))]
fn teachers() -> Result<PageFn, SplitLoaderError> {
    Ok(|_| html! { <crate::teachers::Teachers /> })
}

/// Props of [`PagePart`].
#[derive(Properties, PartialEq)]
pub struct PagePartProps {
    pub part: Part,
    pub route: Route,
}

/// A page drawn by its part: at once if the part is here, else once it has been fetched (a
/// line says it is loading, and what went wrong if it could not be fetched).
#[component]
pub fn PagePart(props: &PagePartProps) -> Html {
    let update = use_force_update();
    let failed = use_state(|| false);
    let here = loaded(props.part);
    {
        let (part, update, failed) = (props.part, update.clone(), failed.clone());
        use_effect_with((part, here.is_some()), move |&(part, here)| {
            if !here {
                wasm_bindgen_futures::spawn_local(async move {
                    match part.load().await {
                        Ok(_) => update.force_update(),
                        Err(_) => failed.set(true),
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
        for part in Part::ALL {
            if loaded(part).is_none() {
                idle().await;
                // Fetched file by file, only what is not here yet (a page opened now is
                // fetched in one piece: see `cargo xtask dist`).
                if let Some(window) = web_sys::window() {
                    let _ =
                        js_sys::Reflect::set(&window, &"__arborIdle".into(), &part.name().into());
                }
                let _ = part.load().await;
            }
        }
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

use wasm_bindgen::JsCast;
