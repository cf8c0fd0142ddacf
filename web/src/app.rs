//! The app shell: header, navigation, and the view the location hash names.

use gloo_events::EventListener;
use yew::prelude::*;

use crate::components::share::{OpenInArbor, ShareBar};

use arbor_app::pages::PAGES;
use arbor_app::route::{Route, View};

fn current_route() -> Route {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    Route::parse(&hash)
}

/// The route the location hash names, kept in step with every `hashchange`.
#[hook]
fn use_route() -> UseStateHandle<Route> {
    let route = use_state(current_route);
    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|window| {
                EventListener::new(&window, "hashchange", move |_| route.set(current_route()))
            });
            move || drop(listener)
        });
    }
    route
}

/// The whole app.
#[component]
pub fn App() -> Html {
    crate::renders::count("App");
    let route = use_route();
    // A view that rendered is the one a panic's notice offers to reload.
    use_effect(crate::crash::remember_good_link);
    // Every page has its own title.
    use_effect_with(route.view.clone(), |view| {
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            document.set_title(&arbor_app::pages::tab_title(view));
        }
    });
    let view = page(&route);
    let problems = problems(&route);
    if route.chromeless() {
        let present = route.presenting();
        return html! {
            <main id="main" class={classes!("embedded", present.then_some("present"))} tabindex="-1">
                { problems }
                { view }
                if present {
                    <crate::lecture::Lecture />
                } else {
                    <OpenInArbor />
                }
            </main>
        };
    }
    html! {
        <>
            { skip_link() }
            { site_header(&route) }
            <main id="main" tabindex="-1">{ problems }{ view }</main>
        </>
    }
}

/// The view the route names: a page, drawn by its part, or the shell's "not found".
fn page(route: &Route) -> Html {
    match &route.view {
        View::NotFound(path) => html! { <crate::not_found::NotFound path={path.clone()} /> },
        _ => html! { <crate::parts::PagePart route={route.clone()} /> },
    }
}

/// What could not be read in the link itself (a damaged packed part); each view says what it
/// could not use of the rest.
fn problems(route: &Route) -> Html {
    html! {
        { for route.problems.iter().map(|p| html! { <p class="notice" role="alert">{ p.clone() }</p> }) }
    }
}

/// The "Skip to content" link, which moves the focus to the main part.
fn skip_link() -> Html {
    html! {
        <a class="skip" href="#main" onclick={Callback::from(|e: MouseEvent| {
            e.prevent_default();
            if let Some(main) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("main")) {
                if let Ok(main) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(main) {
                    let _ = main.focus();
                }
            }
        })}>{ "Skip to content" }</a>
    }
}

/// The site header: the brand, the navigation and the share tools.
fn site_header(route: &Route) -> Html {
    html! {
        <header class="site">
            <a class="brand" href="#/" aria-label="Arbor, home">
                <svg class="logo" viewBox="0 0 32 32" aria-hidden="true">
                    <line x1="16" y1="6" x2="8" y2="22" /><line x1="16" y1="6" x2="24" y2="22" />
                    <polygon points="16,2 21,10 11,10" /><polygon points="8,26 12,19 4,19" /><rect x="20" y="19" width="8" height="8" />
                </svg>
                <span>{ "Arbor" }</span>
            </a>
            <nav aria-label="Views">
                { for PAGES.iter().filter_map(|p| Some((p, p.nav?))).map(|(p, label)| nav_link(route, p.view.clone(), html! {
                    <>
                        if !label.long_prefix.is_empty() {
                            <span class="long">{ label.long_prefix }</span>
                        }
                        { label.label }
                    </>
                })) }
            </nav>
            <ShareBar view={route.view.clone()} />
        </header>
    }
}

/// A link of the navigation, marked as the current page when it is.
fn nav_link(route: &Route, target: View, text: Html) -> Html {
    let current = route.view == target;
    html! {
        <a href={Route::new(target).to_hash()} class={classes!(current.then_some("current"))}
           aria-current={current.then_some("page")}>{ text }</a>
    }
}
