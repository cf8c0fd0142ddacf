//! The step controls shared by every stepped view: jump to start, step back, play/pause, step
//! forward, jump to end, speed, and a scrubber; and [`use_step_keys`], the keys that drive them
//! (← → Space Home End) wherever the focus does not need them itself.

use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

pub use arbor_app::control::{Control, SPEEDS};

/// True if a key press belongs to the focused element rather than to the page's step keys:
/// typing in a field or a menu; Space or Enter on a button or link (they press it); any key
/// inside an element marked `data-keys="own"` (the tree drawing, whose arrows move between
/// nodes).
pub fn owns_key(e: &web_sys::KeyboardEvent) -> bool {
    let Some(el) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return false;
    };
    let tag = el.tag_name().to_ascii_uppercase();
    if matches!(tag.as_str(), "INPUT" | "TEXTAREA" | "SELECT") {
        return true;
    }
    let presses = matches!(e.key().as_str(), " " | "Spacebar" | "Enter");
    let pressable = matches!(tag.as_str(), "BUTTON" | "A" | "SUMMARY")
        || el.get_attribute("role").as_deref() == Some("button");
    (presses && pressable) || el.closest("[data-keys=\"own\"]").ok().flatten().is_some()
}

/// Listens to the document's key presses (until dropped): `on` gets each one no modifier holds
/// and the focused element does not need ([`owns_key`]), and says whether it used it (its
/// default action is then prevented). The step keys, lecture mode and a tour's keys use it.
pub fn document_keys(
    on: impl Fn(&web_sys::KeyboardEvent) -> bool + 'static,
) -> Option<EventListener> {
    let doc = web_sys::window()?.document()?;
    let options = EventListenerOptions::enable_prevent_default();
    Some(EventListener::new_with_options(
        &doc,
        "keydown",
        options,
        move |e| {
            let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                return;
            };
            if !(e.ctrl_key() || e.meta_key() || e.alt_key() || owns_key(e)) && on(e) {
                e.prevent_default();
            }
        },
    ))
}

/// The step keys of a stepped view — → step forward, ← back, Space play or pause, Home the
/// start, End the end; in lecture mode Page Down and Page Up too — sent to `on`, unless the
/// focused element needs the key ([`owns_key`]), a modifier is held, or a tour shows the view
/// (the arrows are the tour's).
#[hook]
pub fn use_step_keys(on: Callback<Control>) {
    use_effect_with((), move |_| {
        let listener = document_keys(move |e| {
            if crate::url::hosting() {
                return false;
            }
            let control = Control::for_key(&e.key(), crate::url::presenting());
            control.map(|c| on.emit(c)).is_some()
        });
        move || drop(listener)
    });
}

/// A `<select>`'s change handler: the chosen value mapped to an action of a page's reducer
/// (`None`: ignored).
pub fn on_select<R: Reducible + 'static>(
    d: &UseReducerDispatcher<R>,
    to_action: impl Fn(&str) -> Option<R::Action> + 'static,
) -> Callback<Event> {
    let d = d.clone();
    Callback::from(move |e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Some(action) = to_action(&select.value()) {
            d.dispatch(action);
        }
    })
}

/// A `<select>` whose menu shows `value` after every render, returned as the node to give it.
/// The options' `selected` attributes alone do not always move a menu the user has changed
/// (the heuristics lab's table menu went on showing 10 with 100 in use).
#[hook]
pub fn use_select_value(value: String) -> NodeRef {
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect(move || {
            if let Some(select) = node.cast::<web_sys::HtmlSelectElement>() {
                if select.value() != value {
                    select.set_value(&value);
                }
            }
        });
    }
    node
}

/// The play timer of a stepped view: while `playing`, `tick` every `speed` milliseconds.
#[hook]
pub fn use_play_timer(playing: bool, speed: u32, tick: Callback<()>) {
    use_effect_with((playing, speed), move |&(playing, speed)| {
        let timer =
            playing.then(|| gloo_timers::callback::Interval::new(speed, move || tick.emit(())));
        move || drop(timer)
    });
}

/// Props of [`StepControls`].
#[derive(Properties, PartialEq)]
pub struct StepControlsProps {
    /// Steps done (0 to `len`).
    pub step: usize,
    /// Number of steps.
    pub len: usize,
    /// Playing now.
    pub playing: bool,
    /// Milliseconds per step.
    pub speed: u32,
    /// Where the controls report.
    pub on: Callback<Control>,
}

/// A control's icon, drawn (symbol fonts differ between systems).
fn icon(name: &str) -> Html {
    let shapes = match name {
        "start" => {
            html! { <><rect x="2" y="3" width="2.5" height="10" /><polygon points="14,3 14,13 5,8" /></> }
        }
        "back" => {
            html! { <><polygon points="12,3 12,13 3,8" /><rect x="12.5" y="3" width="1.5" height="10" /></> }
        }
        "play" => html! { <polygon points="4,2 14,8 4,14" /> },
        "pause" => {
            html! { <><rect x="3.5" y="3" width="3" height="10" /><rect x="9.5" y="3" width="3" height="10" /></> }
        }
        "forward" => {
            html! { <><polygon points="4,3 4,13 13,8" /><rect x="2" y="3" width="1.5" height="10" /></> }
        }
        _ => {
            html! { <><polygon points="2,3 2,13 11,8" /><rect x="11.5" y="3" width="2.5" height="10" /></> }
        }
    };
    html! { <svg class="icon" viewBox="0 0 16 16" aria-hidden="true">{ shapes }</svg> }
}

/// A step taken from the controls while the caption is scrolled away above them (on a phone
/// the bar stays at the top as the page scrolls) brings the caption back into view, below
/// the bar: the step's words are what the press was for.
fn bring_caption_back(e: &MouseEvent) {
    let Some(bar) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest(".controls").ok().flatten())
    else {
        return;
    };
    let caption = bar
        .closest(".stepper")
        .ok()
        .flatten()
        .or_else(|| bar.parent_element())
        .and_then(|page| page.query_selector(".caption").ok().flatten());
    if let Some(caption) = caption {
        if caption.get_bounding_client_rect().top() < bar.get_bounding_client_rect().bottom() {
            // Lands below the bar: the page's scroll-padding-top is the bar's height.
            caption.scroll_into_view_with_bool(true);
        }
    }
}

/// The control bar.
#[component]
pub fn StepControls(props: &StepControlsProps) -> Html {
    crate::renders::count("StepControls");
    let send = |c: Control| {
        let on = props.on.clone();
        Callback::from(move |e: MouseEvent| {
            on.emit(c);
            bring_caption_back(&e);
        })
    };
    let at_start = props.step == 0;
    let at_end = props.step >= props.len;
    let on_seek = {
        let on = props.on.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Ok(v) = input.value().parse::<usize>() {
                on.emit(Control::Seek(v));
            }
        })
    };
    let on_speed = {
        let on = props.on.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(v) = select.value().parse::<u32>() {
                on.emit(Control::Speed(v));
            }
        })
    };
    html! {
        <div class="controls" role="group" aria-label="Step controls">
            <button type="button" aria-label="Reset" title="Back to the start (Home)" onclick={send(Control::Start)} disabled={at_start}>{ icon("start") }</button>
            <button type="button" aria-label="Step back" title="Step back (←)" onclick={send(Control::Back)} disabled={at_start}>{ icon("back") }</button>
            if props.playing {
                <button type="button" class="play" aria-label="Pause" title="Pause (Space)" onclick={send(Control::TogglePlay)}>{ icon("pause") }</button>
            } else {
                <button type="button" class="play" aria-label="Play" title="Play (Space)" onclick={send(Control::TogglePlay)} disabled={at_end}>{ icon("play") }</button>
            }
            <button type="button" aria-label="Step forward" title="Step forward (→)" onclick={send(Control::Forward)} disabled={at_end}>{ icon("forward") }</button>
            <button type="button" aria-label="Jump to end" title="Jump to the end (End)" onclick={send(Control::End)} disabled={at_end}>{ icon("end") }</button>
            <input class="scrubber" type="range" min="0" max={props.len.to_string()} value={props.step.to_string()}
                aria-label="Step" aria-valuetext={format!("step {} of {}", props.step, props.len)} oninput={on_seek} />
            <span class="step-count" aria-live="off">{ format!("{} / {}", props.step, props.len) }</span>
            <label class="speed"><span class="speed-label">{ "Speed " }</span>
                <select onchange={on_speed} aria-label="Speed">
                    { for SPEEDS.iter().map(|&(ms, name)| html! {
                        <option value={ms.to_string()} selected={ms == props.speed}>{ name }</option>
                    }) }
                </select>
            </label>
        </div>
    }
}
