//! Sharing: "Copy link" and the "Embed" dialog in the site header, and the "Open in Arbor" link
//! of an embedded view. Views keep the address bar in step with what they show
//! ([`crate::url::replace_url`]), so these read the current location when used.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use arbor_app::pages::{embed_snippet, EMBED_SIZES};
use arbor_app::route::Route;

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

/// "Copy link" and "Embed", for the site header.
#[component]
pub fn ShareBar() -> Html {
    crate::renders::count("ShareBar");
    let copied = use_state(|| None::<Copied>);
    let dialog = use_node_ref();
    let size = use_state(|| 0usize);
    let snippet = use_state(String::new);
    let snippet_copied = use_state(|| None::<bool>);

    let on_copy = {
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
    };
    let close_copied = {
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| copied.set(None))
    };
    let make_snippet = |size: usize| {
        here()
            .map(|(base, route)| embed_snippet(&base, &route, EMBED_SIZES[size]))
            .unwrap_or_default()
    };
    let on_embed = {
        let (dialog, snippet, size, snippet_copied) = (
            dialog.clone(),
            snippet.clone(),
            size.clone(),
            snippet_copied.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            snippet.set(make_snippet(*size));
            snippet_copied.set(None);
            if let Some(d) = dialog.cast::<web_sys::HtmlDialogElement>() {
                let _ = d.show_modal();
            }
        })
    };
    let on_size = {
        let (snippet, size) = (snippet.clone(), size.clone());
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
    };
    let on_copy_snippet = {
        let (snippet, snippet_copied) = (snippet.clone(), snippet_copied.clone());
        Callback::from(move |_: MouseEvent| {
            let done = snippet_copied.clone();
            copy(
                (*snippet).clone(),
                Callback::from(move |ok| done.set(Some(ok))),
            );
        })
    };
    let on_close = {
        let dialog = dialog.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(d) = dialog.cast::<web_sys::HtmlDialogElement>() {
                d.close();
            }
        })
    };
    let preview = here()
        .map(|(base, route)| {
            let mut r = route.without_embed();
            r.set("embed", "1");
            format!("{base}{}", r.to_link())
        })
        .unwrap_or_default();

    html! {
        <div class="share">
            <button type="button" onclick={on_copy}>{ "Copy link" }</button>
            <button type="button" onclick={on_embed}>{ "Embed" }</button>
            if let Some(c) = &*copied {
                <div class="share-pop" aria-live="polite">
                    <p>{ if c.ok { format!("Link copied ({} characters):", c.link.len()) } else { "Copy this link (Ctrl+C):".to_string() } }</p>
                    <input type="text" readonly=true class="link" aria-label="Link to this view" value={c.link.clone()} onfocus={Callback::from(select_all)} />
                    <button type="button" onclick={close_copied}>{ "Close" }</button>
                </div>
            }
            <dialog ref={dialog} class="embed-dialog" aria-labelledby="embed-title">
                <h2 id="embed-title">{ "Embed this view" }</h2>
                <p>{ "Paste this into a course page: it shows the view as it is now, without Arbor's header, with a small “Open in Arbor” link to the full app." }</p>
                <label class="stack">{ "Size" }
                    <select onchange={on_size}>
                        { for EMBED_SIZES.iter().enumerate().map(|(i, (w, h))| html! {
                            <option value={i.to_string()} selected={i == *size}>{ format!("{w} × {h}") }</option>
                        }) }
                    </select>
                </label>
                <label class="stack">{ "HTML" }
                    <textarea readonly=true rows="5" class="snippet" value={(*snippet).clone()} onfocus={Callback::from(select_all)} />
                </label>
                <div class="row">
                    <button type="button" onclick={on_copy_snippet}>{ "Copy snippet" }</button>
                    <a href={preview} target="_blank" rel="noopener">{ "Preview the embedded view ↗" }</a>
                    <button type="button" onclick={on_close}>{ "Close" }</button>
                </div>
                <p class="hint" aria-live="polite">{ match *snippet_copied {
                    Some(true) => "Snippet copied.",
                    Some(false) => "Could not reach the clipboard: select the HTML above and copy it.",
                    None => "",
                } }</p>
            </dialog>
        </div>
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
