//! The steppers' tree inputs: a menu of examples from the course notes, and the tree as text
//! with what is wrong with it.

use arbor_game::presets::Preset;
use yew::prelude::*;

/// Props of [`ExamplePicker`].
#[derive(Properties, PartialEq)]
pub struct ExamplePickerProps {
    /// The menu's label.
    pub label: AttrValue,
    /// The examples, in menu order.
    pub examples: Vec<&'static Preset>,
    /// The id of the example shown, if one is.
    pub current: Option<&'static str>,
    /// An example was chosen (its id).
    pub on_pick: Callback<&'static str>,
}

/// A menu of example trees, and the chosen one's source and notes.
#[component]
pub fn ExamplePicker(props: &ExamplePickerProps) -> Html {
    crate::renders::count("ExamplePicker");
    let onchange = {
        let (examples, on_pick) = (props.examples.clone(), props.on_pick.clone());
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(p) = examples.iter().find(|p| p.id == select.value()) {
                on_pick.emit(p.id);
            }
        })
    };
    let current = props.current.unwrap_or("");
    html! {
        <>
            <label class="stack">{ props.label.clone() }
                <select {onchange} aria-label="Example tree">
                    <option value="" selected={current.is_empty()} disabled=true>{ "Choose an example…" }</option>
                    { for props.examples.iter().map(|p| html! {
                        <option value={p.id} selected={p.id == current} title={p.notes}>{ p.title }</option>
                    }) }
                </select>
            </label>
            if let Some(p) = props.examples.iter().find(|p| p.id == current) {
                <p class="hint">{ p.source }{ ": " }{ p.notes }</p>
            }
        </>
    }
}

/// Props of [`TreeText`].
#[derive(Properties, PartialEq)]
pub struct TreeTextProps {
    /// The text area's id.
    pub id: AttrValue,
    /// The text, or `None` while it is too long to write out (`children` are shown instead).
    pub text: Option<String>,
    /// What is wrong with the text.
    pub error: Option<String>,
    /// How to write a tree, shown while nothing is wrong.
    pub hint: AttrValue,
    /// The text changed.
    pub on_input: Callback<String>,
    /// Shown in place of the text area when there is no text.
    #[prop_or_default]
    pub children: Html,
}

/// The tree as text, marked invalid with the error beneath it while it does not read.
#[component]
pub fn TreeText(props: &TreeTextProps) -> Html {
    crate::renders::count("TreeText");
    let error_id = format!("{}-error", props.id);
    let oninput = props.on_input.reform(|e: InputEvent| {
        let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
        area.value()
    });
    let bad = props.error.is_some();
    html! {
        <>
            if let Some(text) = &props.text {
                <label class="stack" for={props.id.clone()}>{ "Tree as text" }</label>
                <textarea id={props.id.clone()} class={classes!("tree-text", bad.then_some("invalid"))} rows="4" spellcheck="false"
                    aria-invalid={bad.then_some("true")} aria-describedby={bad.then_some(error_id.clone())}
                    value={text.clone()} {oninput} />
            } else {
                <p class="stack-title">{ "Tree as text" }</p>
                { props.children.clone() }
            }
            if let Some(e) = &props.error {
                <p id={error_id} class="error" role="alert">{ e.clone() }{ " — the last good tree stays drawn." }</p>
            } else {
                <p class="hint">{ props.hint.clone() }</p>
            }
        </>
    }
}
