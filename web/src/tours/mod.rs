//! The guided tours (`#/tours`): the tours Arbor ships, and the teacher's own in the making —
//! stops added from any view ("Add to tour" in the header's Teach menu), notes written, stops moved, the tour
//! shared as a link or a JSON file, and a tour file opened.

mod tour;

pub use tour::{ShowView, Tour};

use std::rc::Rc;

use yew::prelude::*;

use arbor_app::route::{Route, View};
use arbor_app::tours::draft::{Draft, DraftAction};
use arbor_app::tours::page::{Settings, Which};
use arbor_app::tours::{shipped, Stop, Tour as TourModel};
use arbor_app::url::UrlSettings;
use arbor_app::Reducer;

/// The tours' own style (in their part: no other page's first visit carries it).
pub(crate) const STYLE: &str = include_str!("style.css");

/// Where the browser keeps the teacher's tour.
const STORAGE_KEY: &str = "arbor-tour";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The link that opens `tour` at its first stop.
fn tour_link(tour: &TourModel) -> String {
    let mut route = Route::new(View::Tour);
    Settings {
        which: Some(Which::Own(tour.clone())),
        stop: 0,
    }
    .to_route(&mut route);
    route.to_link()
}

/// The teacher's tour as Yew state: the pure [`Draft`], written to storage on every change.
struct Kept(Rc<Draft>);

impl Reducible for Kept {
    type Action = DraftAction;
    fn reduce(self: Rc<Self>, action: DraftAction) -> Rc<Self> {
        if self.0.ignores(&action) {
            return self;
        }
        Rc::new(Kept(self.0.clone().reduce(action)))
    }
}

/// Props of [`Tours`].
#[derive(Properties, PartialEq)]
pub struct ToursProps {
    /// The route it was opened with (`add`: a view to add as a stop).
    pub route: Route,
}

/// The page.
#[component]
pub fn Tours(props: &ToursProps) -> Html {
    crate::renders::count("Tours");
    let draft = use_reducer(|| {
        let text = storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
        Kept(Rc::new(Draft::from_storage(text.as_deref())))
    });
    use_effect_with(draft.0.clone(), |d| {
        if let Some(s) = storage() {
            let _ = s.set_item(STORAGE_KEY, &d.tour.to_json());
        }
    });
    let adding = props.route.get("add").map(str::to_string);
    html! {
        <section class="page tours narrow-wide">
            <style>{ STYLE }</style>
            <h1>{ "Guided tours" }</h1>
            <p class="lede">{ "A tour walks through a worked example stop by stop: the view at a step, with a note on what to see. → and ← move between stops, and " }<strong>{ "Lecture mode" }</strong>{ " in the header's Teach menu puts a tour on a projector. Every tour is a link, and embeds in a course page like any view." }</p>
            if let Some(link) = adding {
                <AddStop {link} draft={draft.dispatcher()} />
            }
            <h2 id="shipped">{ "Arbor's tours" }</h2>
            <ul class="tour-list">
                { for shipped().iter().map(|s| html! {
                    <li>
                        <a href={format!("#/tour?id={}", s.id)}>{ s.tour.title.clone() }</a>
                        <span class="tour-meta">{ format!(" — {} · {} stops", s.source, s.tour.stops.len()) }</span>
                        <p>{ s.tour.about.clone() }</p>
                    </li>
                }) }
            </ul>
            { own_tour(&draft) }
            <OpenFile />
        </section>
    }
}

/// Props of [`AddStop`].
#[derive(Properties, PartialEq)]
struct AddStopProps {
    link: String,
    draft: UseReducerDispatcher<Kept>,
}

/// "Add this view as a stop": the view's link, a note, and back to the view once added.
#[component]
fn AddStop(props: &AddStopProps) -> Html {
    let note = use_node_ref();
    let route = Route::parse(&props.link);
    if !arbor_app::tours::stop_view_allowed(&route.view) {
        return html! { <p class="notice" role="alert">{ "A tour can show the steppers, search, the lab, Play and Practice; this link is none of them." }</p> };
    }
    let title = arbor_app::pages::page(&route.view).map_or("A view", |p| p.title);
    let step = route
        .get("step")
        .map(|s| format!(", step {s}"))
        .unwrap_or_default();
    let add = {
        let (note, link, draft) = (note.clone(), props.link.clone(), props.draft.clone());
        Callback::from(move |_: MouseEvent| {
            let text = note
                .cast::<web_sys::HtmlTextAreaElement>()
                .map(|t| t.value())
                .unwrap_or_default();
            let stop = Stop {
                link: link.clone(),
                note: text,
            };
            // Kept at once (the page is left straight away), and shown if it stays.
            let stored = storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
            let kept =
                Rc::new(Draft::from_storage(stored.as_deref())).reduce(DraftAction::Add(stop));
            if let Some(s) = storage() {
                let _ = s.set_item(STORAGE_KEY, &kept.tour.to_json());
            }
            draft.dispatch(DraftAction::Load(kept.tour.clone()));
            back_to(&link);
        })
    };
    let cancel = {
        let link = props.link.clone();
        Callback::from(move |_: MouseEvent| back_to(&link))
    };
    html! {
        <section class="add-stop" aria-labelledby="add-stop-title">
            <h2 id="add-stop-title">{ "Add this view as a stop" }</h2>
            <p>{ format!("{title}{step}: ") }<a href={props.link.clone()}>{ "the view" }</a></p>
            <label class="stack">{ "Your note for this stop" }
                <textarea ref={note} rows="4" placeholder="What should the class see here?" />
            </label>
            <div class="row">
                <button type="button" class="primary" onclick={add}>{ "Add stop" }</button>
                <button type="button" onclick={cancel}>{ "Cancel" }</button>
            </div>
        </section>
    }
}

/// Back to the view a stop was added from.
fn back_to(link: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(link);
    }
}

/// The teacher's own tour: its title, its stops with their notes, and how to share it.
fn own_tour(draft: &UseReducerHandle<Kept>) -> Html {
    let tour = &draft.0.tour;
    let d = draft.dispatcher();
    let act = |action: DraftAction| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(action.clone()))
    };
    let on_title = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.dispatch(DraftAction::Title(input.value()));
        })
    };
    html! {
        <section class="own-tour" aria-labelledby="own-title">
            <h2 id="own-title">{ "Your tour" }</h2>
            if tour.stops.is_empty() {
                <p>{ "Open any view, step it where you want the class to look, and press " }<strong>{ "Add to tour" }</strong>{ " in the header's Teach menu. Your stops gather here (kept in this browser) to be noted, ordered and shared." }</p>
            } else {
                <label class="stack">{ "Title" }
                    <input type="text" value={tour.title.clone()} onchange={on_title} />
                </label>
                <ol class="own-stops">
                    { for tour.stops.iter().enumerate().map(|(i, s)| own_stop(&d, i, s, tour.stops.len())) }
                </ol>
                { share_row(tour, act(DraftAction::Clear)) }
            }
        </section>
    }
}

/// One stop of the teacher's tour, with its note and its moves.
fn own_stop(d: &UseReducerDispatcher<Kept>, i: usize, stop: &Stop, n: usize) -> Html {
    let act = |action: DraftAction| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(action.clone()))
    };
    let on_note = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            d.dispatch(DraftAction::Note(i, area.value()));
        })
    };
    let route = Route::parse(&stop.link);
    let title = arbor_app::pages::page(&route.view).map_or("A view", |p| p.title);
    let step = route
        .get("step")
        .map(|s| format!(", step {s}"))
        .unwrap_or_default();
    html! {
        <li>
            <p><a href={stop.link.clone()}>{ format!("{title}{step}") }</a></p>
            <label class="stack">{ format!("Note for stop {}", i + 1) }
                <textarea rows="3" value={stop.note.clone()} onchange={on_note} />
            </label>
            <div class="row">
                <button type="button" onclick={act(DraftAction::Up(i))} disabled={i == 0} aria-label={format!("Move stop {} up", i + 1)}>{ "↑ Up" }</button>
                <button type="button" onclick={act(DraftAction::Down(i))} disabled={i + 1 == n} aria-label={format!("Move stop {} down", i + 1)}>{ "↓ Down" }</button>
                <button type="button" onclick={act(DraftAction::Remove(i))} aria-label={format!("Remove stop {}", i + 1)}>{ "Remove" }</button>
            </div>
        </li>
    }
}

/// Opening, linking and saving the teacher's tour.
fn share_row(tour: &TourModel, clear: Callback<MouseEvent>) -> Html {
    let link = tour_link(tour);
    let json = tour.to_json();
    let file = format!("{}.json", file_name(&tour.title));
    let save = Callback::from(move |_: MouseEvent| {
        let _ = crate::components::export::download_text(&file, "application/json", &json);
    });
    html! {
        <div class="row">
            <a class="button primary" href={link.clone()}>{ "Open your tour" }</a>
            <a class="button" href={format!("{link}&present=1")}>{ "Open in lecture mode" }</a>
            <span class="hint">{ "Open it, then " }<strong>{ "Copy link" }</strong>{ " or " }<strong>{ "Embed" }</strong>{ " in the header shares it." }</span>
            <button type="button" onclick={save}>{ "Save as a file (JSON)" }</button>
            <button type="button" onclick={clear}>{ "Start again" }</button>
        </div>
    }
}

/// A file name made of a title's letters and digits.
fn file_name(title: &str) -> String {
    let name: String = title
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let name = name.trim_matches('-').to_string();
    if name.is_empty() {
        "tour".into()
    } else {
        name
    }
}

/// "Open a tour file": a tour saved as JSON opens here, or says what is wrong with it.
#[component]
fn OpenFile() -> Html {
    let problem = use_state(|| None::<String>);
    let on_file = {
        let problem = problem.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            let problem = problem.clone();
            let name = file.name();
            wasm_bindgen_futures::spawn_local(async move {
                let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
                let text = text.ok().and_then(|t| t.as_string()).unwrap_or_default();
                match TourModel::from_json(&text) {
                    Ok(tour) => back_to(&tour_link(&tour)),
                    Err(e) => problem.set(Some(format!("{name}: {e}"))),
                }
            });
        })
    };
    html! {
        <section class="open-tour" aria-labelledby="open-title">
            <h2 id="open-title">{ "Open a tour file" }</h2>
            <p>{ "A tour saved here as JSON — by you or a colleague — opens from its file." }</p>
            <input type="file" accept=".json,application/json" aria-label="A tour file (JSON)" onchange={on_file} />
            if let Some(p) = &*problem {
                <p class="notice" role="alert">{ p.clone() }</p>
            }
        </section>
    }
}
