//! One guided tour (`#/tour`): the stop's view, with the teacher's note beside it. → and ←
//! (and a clicker's Page Down / Page Up) move between stops; the view's own controls still step
//! it.

use yew::prelude::*;

use arbor_app::route::Route;
use arbor_app::tours::page::{Action, State};
use arbor_app::tours::Tour as TourModel;

use crate::page::use_page;

/// Props of [`Tour`].
#[derive(Properties, PartialEq)]
pub struct TourProps {
    /// The route it was opened with.
    pub route: Route,
    /// Draws a stop's view (from its page's part).
    pub show: ShowView,
}

/// How a tour draws a stop's view: the app's one way of drawing a page from its part (handed
/// in by the parts, which the tour does not import). There is only one, so any two are equal.
#[derive(Clone, Copy)]
pub struct ShowView(pub fn(&Route) -> Html);

impl PartialEq for ShowView {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// While the tour is open, the views it shows keep their settings to themselves, and the
/// arrows move between stops.
#[hook]
fn use_tour_keys(dispatch: UseReducerDispatcher<crate::store::Store<State>>) {
    use_effect_with((), move |_| {
        crate::url::set_hosting(true);
        let listener = crate::components::controls::document_keys(move |e| {
            let action = match e.key().as_str() {
                "ArrowRight" | "PageDown" => Action::Next,
                "ArrowLeft" | "PageUp" => Action::Back,
                _ => return false,
            };
            dispatch.dispatch(action);
            true
        });
        move || {
            crate::url::set_hosting(false);
            drop(listener)
        }
    });
}

/// The page.
#[component]
pub fn Tour(props: &TourProps) -> Html {
    crate::renders::count("Tour");
    let state = use_page::<State>(&props.route);
    use_tour_keys(state.dispatcher());
    let notices = html! {
        { for state.notices.iter().map(|n| html! { <p class="notice" role="alert">{ n.clone() }</p> }) }
    };
    let tour = match &state.tour {
        Ok(tour) => tour,
        Err(e) => {
            return html! {
                <section class="page tour">
                    <h1>{ "A guided tour" }</h1>
                    { notices }
                    <p class="notice" role="alert">{ e.clone() }</p>
                    <p><a href="#/tours">{ "The guided tours" }</a></p>
                </section>
            };
        }
    };
    let at = state.settings.stop;
    let stop = &tour.stops[at];
    html! {
        <section class="page tour" aria-label={format!("Guided tour: {}", tour.title)}>
            <style>{ super::STYLE }</style>
            { notices }
            <div class="tour-body">
                <div class="tour-view">
                    { (props.show.0)(&stop.route()) }
                </div>
                { note_panel(&state, tour, at) }
            </div>
        </section>
    }
}

/// The note beside the view: the tour's title, where we are, the teacher's words, the way on.
fn note_panel(
    state: &UseReducerHandle<crate::store::Store<State>>,
    tour: &TourModel,
    at: usize,
) -> Html {
    let n = tour.stops.len();
    let stop = &tour.stops[at];
    let go = |action: Action| {
        let d = state.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(action.clone()))
    };
    html! {
        <aside class="tour-note" aria-labelledby="tour-title">
            <p class="tour-source">{ state.source.map_or("Guided tour".to_string(), |s| format!("Guided tour · {s}")) }</p>
            <h1 id="tour-title">{ tour.title.clone() }</h1>
            <p class="tour-where" aria-live="polite">{ format!("Stop {} of {n}", at + 1) }</p>
            <div class="tour-text" data-tour-note="" aria-live="polite">
                { for stop.note.split("\n\n").filter(|p| !p.trim().is_empty()).map(|p| html! { <p>{ p.trim().to_string() }</p> }) }
            </div>
            <div class="tour-nav">
                <button type="button" onclick={go(Action::Back)} disabled={at == 0} aria-keyshortcuts="ArrowLeft PageUp">{ "← Back" }</button>
                <button type="button" class="primary" onclick={go(Action::Next)} disabled={at + 1 >= n} aria-keyshortcuts="ArrowRight PageDown">{ "Next →" }</button>
            </div>
            <ol class="tour-stops" aria-label="Stops">
                { for (0..n).map(|i| html! {
                    <li><button type="button" onclick={go(Action::Go(i))} aria-current={(i == at).then_some("step")}
                        aria-label={format!("Stop {}", i + 1)}>{ i + 1 }</button></li>
                }) }
            </ol>
            <p class="tour-links">
                <a href={stop.route().to_link()}>{ "Open this view on its own" }</a>
                { " · " }<a href="#/tours">{ "All tours" }</a>
            </p>
        </aside>
    }
}
