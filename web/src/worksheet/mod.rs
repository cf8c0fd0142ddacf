//! A worksheet (`#/worksheet`): N exercises of one kind made from a seed, each with a link to
//! the same exercise in Practice, and the answer key after a page break. The trees are the
//! pictures `arbor worksheet` puts in Markdown, made by the same pure code.

use yew::prelude::*;

use arbor_app::route::Route;
use arbor_app::worksheet::page::{Action, State};
use arbor_app::worksheet::{Exercise, Kind, Level, Svg, KINDS, LEVELS, MOST_EXERCISES};

use crate::components::controls::on_select;
use crate::page::use_page;

/// Props of [`Worksheet`].
#[derive(Properties, PartialEq)]
pub struct WorksheetProps {
    /// The route it was opened with.
    pub route: Route,
}

/// A picture made in pure Rust, as markup (escaped there).
fn picture(svg: &Svg) -> Html {
    Html::from_html_unchecked(AttrValue::from(svg.0.clone()))
}

/// The page.
#[component]
pub fn Worksheet(props: &WorksheetProps) -> Html {
    crate::renders::count("Worksheet");
    let state = use_page::<State>(&props.route);
    let sheet = &state.sheet;
    html! {
        <section class="page worksheet">
            <style>{ include_str!("style.css") }</style>
            { for state.notices.iter().map(|n| html! { <p class="notice" role="alert">{ n.clone() }</p> }) }
            { settings_bar(&state) }
            <article class="sheet" aria-labelledby="sheet-title">
                <h1 id="sheet-title">{ sheet.title.clone() }</h1>
                <p class="sheet-name">{ "Name: ______________________   Date: ____________" }</p>
                <p class="sheet-instructions">{ sheet.instructions.clone() }</p>
                <ol class="exercises">
                    { for sheet.exercises.iter().map(exercise) }
                </ol>
                if state.settings.key {
                    <section class="answer-key" aria-labelledby="key-title">
                        <h2 id="key-title">{ "Answer key" }</h2>
                        { for sheet.exercises.iter().map(key_entry) }
                    </section>
                }
            </article>
        </section>
    }
}

/// One exercise: what is asked, its picture, and where to check it.
fn exercise(ex: &Exercise) -> Html {
    html! {
        <li class="exercise" id={format!("exercise-{}", ex.number)} data-tree={ex.tree.clone()}>
            <h2>{ format!("Exercise {}", ex.number) }</h2>
            <p>{ ex.question.clone() }</p>
            <figure class="sheet-figure">{ picture(&ex.figure) }</figure>
            <p class="practice-link"><a href={ex.practice.to_link()}>{ "Check yourself: this exercise in Practice" }</a></p>
        </li>
    }
}

/// One exercise's answer.
fn key_entry(ex: &Exercise) -> Html {
    let a = &ex.answer;
    let evaluated = a
        .evaluated
        .as_ref()
        .map(|v| v.iter().map(usize::to_string).collect::<Vec<_>>().join(","));
    html! {
        <div class="key-entry" id={format!("key-{}", ex.number)} data-value={a.value.clone()} data-evaluated={evaluated}>
            <h3>{ format!("Exercise {}", ex.number) }</h3>
            { for a.lines.iter().map(|l| html! { <p>{ l.clone() }</p> }) }
            if !a.steps.is_empty() {
                <table class="key-steps">
                    <tbody>
                        { for a.steps.iter().map(|(x, y)| html! { <tr><th scope="row">{ x.clone() }</th><td>{ y.clone() }</td></tr> }) }
                    </tbody>
                </table>
            }
            if let Some(f) = &a.figure {
                <figure class="sheet-figure">{ picture(f) }</figure>
            }
        </div>
    }
}

/// The sheet's settings: kind, level, number, seed, the key's switch, and printing.
fn settings_bar(state: &UseReducerHandle<crate::store::Store<State>>) -> Html {
    let s = &state.settings;
    let d = state.dispatcher();
    let on_kind = on_select(&d, |v| Kind::from_key(v).map(Action::Kind));
    let on_level = on_select(&d, |v| Level::from_key(v).map(Action::Level));
    let on_count = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Ok(n) = input.value().trim().parse::<usize>() {
                d.dispatch(Action::Count(n));
            }
        })
    };
    let on_seed = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Ok(n) = input.value().trim().parse::<u64>() {
                d.dispatch(Action::Seed(n));
            }
        })
    };
    let new_sheet = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| {
            d.dispatch(Action::Seed(crate::page::fresh_seed() % 1_000_000))
        })
    };
    let key = s.key;
    let on_key = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::ShowKey(!key)))
    };
    let print = Callback::from(|_: MouseEvent| {
        if let Some(w) = web_sys::window() {
            let _ = w.print();
        }
    });
    html! {
        <div class="controls sheet-settings" role="group" aria-label="Worksheet settings">
            <label>{ "Exercises " }
                <select onchange={on_kind}>
                    { for KINDS.iter().map(|k| html! { <option value={k.key()} selected={*k == s.kind}>{ k.label() }</option> }) }
                </select>
            </label>
            <label>{ "Level " }
                <select onchange={on_level}>
                    { for LEVELS.iter().map(|l| html! { <option value={l.key()} selected={*l == s.level}>{ l.key() }</option> }) }
                </select>
            </label>
            <label>{ "How many " }
                <input type="number" min="1" max={MOST_EXERCISES.to_string()} value={s.n.to_string()} onchange={on_count} class="short" />
            </label>
            <label>{ "Seed " }
                <input type="number" min="0" value={s.seed.to_string()} onchange={on_seed} class="short" />
            </label>
            <button type="button" onclick={new_sheet}>{ "New sheet" }</button>
            <button type="button" role="switch" aria-checked={key.to_string()} onclick={on_key}>
                { if key { "Answer key: shown" } else { "Answer key: hidden" } }
            </button>
            <button type="button" class="primary" onclick={print}>{ "Print" }</button>
        </div>
    }
}
