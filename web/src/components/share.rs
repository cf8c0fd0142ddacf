//! Sharing: "Copy link" and the "Embed" dialog in the site header, and the "Open in Arbor" link
//! of an embedded view. Views keep the address bar in step with what they show
//! ([`crate::url::replace_url`]), so these read the current location when used.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use arbor_app::pages::{embed_snippet, EMBED_SIZES};
use arbor_app::route::{Route, View};

/// The page's address without its hash, and its hash parsed (any address update still waiting
/// is written first).
fn here() -> Option<(String, Route)> {
    crate::url::flush_url();
    let location = web_sys::window()?.location();
    let href = location.href().ok()?;
    let hash = location.hash().unwrap_or_default();
    let base = href.split('#').next().unwrap_or(&href).to_string();
    Some((base, Route::parse(&hash)))
}

/// The full app's link to what is shown now.
pub fn current_link() -> Option<String> {
    let (base, route) = here()?;
    Some(format!("{base}{}", route.without_embed().to_link()))
}

/// Copies `text` to the clipboard; `done` gets whether it worked.
fn copy(text: String, done: Callback<bool>) {
    let Some(clipboard) = web_sys::window().map(|w| w.navigator().clipboard()) else {
        done.emit(false);
        return;
    };
    let promise = clipboard.write_text(&text);
    wasm_bindgen_futures::spawn_local(async move {
        done.emit(wasm_bindgen_futures::JsFuture::from(promise).await.is_ok());
    });
}

/// Selects the text of the field an event came from (so a failed copy is one key away).
fn select_all(e: FocusEvent) {
    if let Some(input) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    {
        input.select();
    } else if let Some(area) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
    {
        area.select();
    }
}

/// What the share popover says.
#[derive(Clone, PartialEq)]
struct Copied {
    link: String,
    ok: bool,
}

/// Props of [`ShareBar`].
#[derive(Properties, PartialEq)]
pub struct ShareBarProps {
    /// The view shown.
    pub view: View,
}

/// Closes the menu a click came from (the page stays: the menu would stay open).
fn close_menu(e: &MouseEvent) {
    let menu = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("details").ok().flatten());
    if let Some(menu) = menu {
        let _ = menu.remove_attribute("open");
    }
}

/// Opens what is shown now in lecture mode (a new history entry: Back leaves it too).
fn present(e: MouseEvent) {
    close_menu(&e);
    if let Some((_, mut route)) = here() {
        route.query.retain(|(k, _)| k != "embed");
        route.set("present", "1");
        if let Some(w) = web_sys::window() {
            let _ = w.location().set_hash(&route.to_link());
        }
    }
}

/// Opens the tours page to add what is shown now as a stop of the teacher's own tour.
fn add_to_tour(e: MouseEvent) {
    close_menu(&e);
    if let (Some((_, route)), Some(w)) = (here(), web_sys::window()) {
        let mut tours = Route::new(View::Tours);
        tours.set("add", route.without_embed().to_link());
        let _ = w.location().set_hash(&tours.to_link());
    }
}

/// "Copy link", "Embed", "Lecture mode" and "Add to tour", for the site header.
#[component]
pub fn ShareBar(props: &ShareBarProps) -> Html {
    crate::renders::count("ShareBar");
    let copied = use_state(|| None::<Copied>);
    let embed = use_embed();
    let on_copy = copy_link(&copied);
    let close_copied = {
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| copied.set(None))
    };
    let on_embed = open_embed(&embed);
    html! {
        <div class="share">
            <button type="button" onclick={on_copy}>{ "Copy link" }</button>
            <button type="button" onclick={on_embed}>{ "Embed" }</button>
            <details class="teach">
                <summary>{ "Teach" }</summary>
                <div class="teach-menu">
                    <button type="button" onclick={Callback::from(present)}>{ "Lecture mode" }</button>
                    if arbor_app::tours::stop_view_allowed(&props.view) && !matches!(props.view, View::Home | View::Teachers) {
                        <button type="button" onclick={Callback::from(add_to_tour)}>{ "Add to tour" }</button>
                    }
                    <a href="#/tours" onclick={Callback::from(|e: MouseEvent| close_menu(&e))}>{ "Guided tours" }</a>
                </div>
            </details>
            if let Some(c) = &*copied {
                { copied_popover(c, close_copied) }
            }
            { embed_dialog(&embed) }
        </div>
    }
}

/// Copies the link to what is shown now, then says how that went in `copied`.
fn copy_link(copied: &UseStateHandle<Option<Copied>>) -> Callback<MouseEvent> {
    let copied = copied.clone();
    Callback::from(move |_: MouseEvent| {
        let Some(link) = current_link() else { return };
        let copied2 = copied.clone();
        let shown = link.clone();
        copy(
            link,
            Callback::from(move |ok| {
                copied2.set(Some(Copied {
                    link: shown.clone(),
                    ok,
                }))
            }),
        );
    })
}

/// The popover after "Copy link": the link, and whether it reached the clipboard.
fn copied_popover(c: &Copied, on_close: Callback<MouseEvent>) -> Html {
    html! {
        <div class="share-pop" aria-live="polite">
            <p>{ if c.ok { format!("Link copied ({} characters):", c.link.len()) } else { "Copy this link (Ctrl+C):".to_string() } }</p>
            <input type="text" readonly=true class="link" aria-label="Link to this view" value={c.link.clone()} onfocus={Callback::from(select_all)} />
            <button type="button" onclick={on_close}>{ "Close" }</button>
        </div>
    }
}

/// The "Embed" dialog's state: the element, the size chosen, the snippet shown and whether
/// it was copied.
struct Embed {
    dialog: NodeRef,
    size: UseStateHandle<usize>,
    snippet: UseStateHandle<String>,
    snippet_copied: UseStateHandle<Option<bool>>,
}

/// The "Embed" dialog's state, kept between renders.
#[hook]
fn use_embed() -> Embed {
    Embed {
        dialog: use_node_ref(),
        size: use_state(|| 0usize),
        snippet: use_state(String::new),
        snippet_copied: use_state(|| None::<bool>),
    }
}

/// The embedding snippet for what is shown now, at the size `EMBED_SIZES[size]`.
fn make_snippet(size: usize) -> String {
    here()
        .map(|(base, route)| embed_snippet(&base, &route, EMBED_SIZES[size]))
        .unwrap_or_default()
}

/// Opens the dialog with a fresh snippet.
fn open_embed(embed: &Embed) -> Callback<MouseEvent> {
    let (dialog, snippet, size, snippet_copied) = (
        embed.dialog.clone(),
        embed.snippet.clone(),
        embed.size.clone(),
        embed.snippet_copied.clone(),
    );
    Callback::from(move |_: MouseEvent| {
        snippet.set(make_snippet(*size));
        snippet_copied.set(None);
        if let Some(d) = dialog.cast::<web_sys::HtmlDialogElement>() {
            let _ = d.show_modal();
        }
    })
}

/// A size chosen from the menu: the snippet made anew at that size.
fn choose_size(embed: &Embed) -> Callback<Event> {
    let (snippet, size) = (embed.snippet.clone(), embed.size.clone());
    Callback::from(move |e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        let chosen = select
            .value()
            .parse()
            .unwrap_or(0)
            .min(EMBED_SIZES.len() - 1);
        size.set(chosen);
        snippet.set(make_snippet(chosen));
    })
}

/// Copies the snippet, then says how that went.
fn copy_snippet(embed: &Embed) -> Callback<MouseEvent> {
    let (snippet, snippet_copied) = (embed.snippet.clone(), embed.snippet_copied.clone());
    Callback::from(move |_: MouseEvent| {
        let done = snippet_copied.clone();
        copy(
            (*snippet).clone(),
            Callback::from(move |ok| done.set(Some(ok))),
        );
    })
}

/// Closes the dialog.
fn close_embed(embed: &Embed) -> Callback<MouseEvent> {
    let dialog = embed.dialog.clone();
    Callback::from(move |_: MouseEvent| {
        if let Some(d) = dialog.cast::<web_sys::HtmlDialogElement>() {
            d.close();
        }
    })
}

/// The embedded view of what is shown now, for the preview link.
fn preview_link() -> String {
    here()
        .map(|(base, route)| {
            let mut r = route.without_embed();
            r.set("embed", "1");
            format!("{base}{}", r.to_link())
        })
        .unwrap_or_default()
}

/// The "Embed" dialog: the size, the snippet, copying it and a preview.
fn embed_dialog(embed: &Embed) -> Html {
    let (on_size, on_copy_snippet, on_close) =
        (choose_size(embed), copy_snippet(embed), close_embed(embed));
    let preview = preview_link();
    let size = *embed.size;
    html! {
        <dialog ref={embed.dialog.clone()} class="embed-dialog" aria-labelledby="embed-title">
            <h2 id="embed-title">{ "Embed this view" }</h2>
            <p>{ "Paste this into a course page: it shows the view as it is now, without Arbor's header, with a small “Open in Arbor” link to the full app." }</p>
            <label class="stack">{ "Size" }
                <select onchange={on_size}>
                    { for EMBED_SIZES.iter().enumerate().map(|(i, (w, h))| html! {
                        <option value={i.to_string()} selected={i == size}>{ format!("{w} × {h}") }</option>
                    }) }
                </select>
            </label>
            <label class="stack">{ "HTML" }
                <textarea readonly=true rows="5" class="snippet" value={(*embed.snippet).clone()} onfocus={Callback::from(select_all)} />
            </label>
            <div class="row">
                <button type="button" onclick={on_copy_snippet}>{ "Copy snippet" }</button>
                <a href={preview} target="_blank" rel="noopener">{ "Preview the embedded view ↗" }</a>
                <button type="button" onclick={on_close}>{ "Close" }</button>
            </div>
            <p class="hint" aria-live="polite">{ match *embed.snippet_copied {
                Some(true) => "Snippet copied.",
                Some(false) => "Could not reach the clipboard: select the HTML above and copy it.",
                None => "",
            } }</p>
        </dialog>
    }
}

/// The corner link of an embedded view: opens the full app at the same state, in a new tab.
#[component]
pub fn OpenInArbor() -> Html {
    crate::renders::count("OpenInArbor");
    // The view changes the address as it goes: take it at the moment of the click (before
    // the browser follows the link).
    let anchor = use_node_ref();
    let onclick = {
        let anchor = anchor.clone();
        Callback::from(move |_: MouseEvent| {
            if let (Some(a), Some(link)) =
                (anchor.cast::<web_sys::HtmlAnchorElement>(), current_link())
            {
                a.set_href(&link);
            }
        })
    };
    let href = current_link().unwrap_or_else(|| "#/".into());
    html! {
        <a ref={anchor} class="open-full" href={href} target="_blank" rel="noopener" {onclick}>{ "Open in Arbor ↗" }</a>
    }
}
