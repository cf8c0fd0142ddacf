//! Search practice: click the node taken next, or order the whole frontier.

use crate::components::exercise::{cannot_set, ExerciseSettings};
use crate::components::tree_view::{DrawingId, Looks, TreeView};
use crate::store::Store;
use arbor_app::practice::page::{SearchAction, SearchState};
use arbor_app::practice::Settings;
use arbor_app::scene::{Margins, Scene, Shape, TreeShape, GAP_Y};
use arbor_app::search::practice as search;
use arbor_app::search::{Drawing, Problem, SearchMark};
use arbor_search::replay::SearchFrame;
use arbor_search::Algorithm;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(crate) struct SearchProps {
    pub settings: Settings,
}

/// Search practice.
#[component]
pub(crate) fn SearchPractice(props: &SearchProps) -> Html {
    crate::renders::count("SearchPractice");
    let settings = props.settings.clone();
    let exercise = use_memo(settings.clone(), |s| {
        search::Exercise::new(&s.problem(), s.algorithm, s.search_level).map(Rc::new)
    });
    let state = use_reducer(|| Store::new(SearchState::default()));
    let ex = match &*exercise {
        Ok(ex) => ex.clone(),
        Err(e) => return cannot_set(settings, e),
    };
    let q = state.question();
    let total = ex.questions.len();
    let done = q >= total;
    let frame = ex.frame(q);
    let drawing = Drawing::of(&Problem::Graph {
        text: ex.text.clone(),
    });
    let marks = arbor_app::search::marks(&ex.view, &ex.replay, &frame, &drawing, 0);
    let on_node = {
        let (d, ex) = (state.dispatcher(), ex.clone());
        Callback::from(move |key: usize| d.dispatch(SearchAction::Click(ex.clone(), key as u64)))
    };
    let right = state.right();
    html! {
        <div class="practice-grid">
            <ExerciseSettings settings={settings.clone()} />
            <div class="main">
                <p class="lede">{ instructions(ex.level, settings.algorithm) }</p>
                <p class="score" role="status">{
                    if done { format!("Done: {right} of {total} right at the first try.") }
                    else { format!("Question {} of {total} — {right} right at the first try so far.", q + 1) }
                }</p>
                if let Some((ok, text)) = &state.message {
                    <p class={classes!("feedback", if *ok { "right" } else { "wrong" })} role="alert">{ if *ok { "✓ " } else { "✗ " } }{ text.clone() }</p>
                }
                <TreeView<SearchMark> scene={scene(&ex)} looks={Looks::of(marks)} drawing={DrawingId::Key(text_id(&ex.text))}
                    all_buttons={!done} on_leaf={(!done).then_some(on_node)}
                    title={format!("Search tree, question {} of {total}", (q + 1).min(total))} />
                if ex.level == search::Level::Frontier && !done {
                    { order_controls(&state, &ex) }
                }
                { frontier_table(&ex, &frame, settings.algorithm) }
            </div>
        </div>
    }
}

/// The exercise's whole search tree, drawn.
fn scene(ex: &search::Exercise) -> Rc<Scene> {
    let keys: Vec<usize> = (0..ex.view.nodes.len()).collect();
    Rc::new(Scene::build(
        &TreeShape {
            keys: &keys,
            parent: &|k| ex.view.nodes[k].info.parent.map(|p| p as usize),
            label: &|k| ex.name(k as u64),
            shape: &|_| Shape::Leaf,
            gap_x: 64.0,
            spread: None,
            gap_y: GAP_Y * 0.9,
            picture: None,
            margins: Margins::default(),
            half_width: &|_| 0.0,
        },
        &|_| false,
    ))
}

/// What the exercise asks, at its level.
fn instructions(level: search::Level, algorithm: Algorithm) -> String {
    match level {
        search::Level::Next => format!(
            "{} runs on this tree from A to the goal. Click the frontier node (dashed outline) it takes next.",
            algorithm.title()
        ),
        search::Level::Frontier => format!(
            "{}: click every frontier node in the order the search will take them, first first; then Check the order.",
            algorithm.title()
        ),
    }
}

/// The order clicked so far, Check and Clear.
fn order_controls(state: &UseReducerHandle<Store<SearchState>>, ex: &Rc<search::Exercise>) -> Html {
    let on_check_order = {
        let (d, ex) = (state.dispatcher(), ex.clone());
        Callback::from(move |_: MouseEvent| d.dispatch(SearchAction::CheckOrder(ex.clone())))
    };
    let on_clear = {
        let d = state.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(SearchAction::ClearOrder))
    };
    html! {
        <>
            <p class="order">{ "Your order: " }
                <strong>{ if state.order.is_empty() { "(click the frontier nodes)".to_string() } else { state.order.iter().map(|&n| ex.name(n)).collect::<Vec<_>>().join(", ") } }</strong>
            </p>
            <div class="row">
                <button type="button" class="primary" onclick={on_check_order}>{ "Check the order" }</button>
                <button type="button" onclick={on_clear}>{ "Clear the order" }</button>
            </div>
        </>
    }
}

/// The frontier by name, with each node's depth, and g, h and f where the search uses them.
fn frontier_table(ex: &search::Exercise, frame: &SearchFrame, algorithm: Algorithm) -> Html {
    let informed = algorithm.informed();
    let costed = informed || algorithm == Algorithm::UniformCost;
    let mut frontier: Vec<u64> = frame.frontier.clone();
    frontier.sort_by_key(|&n| ex.name(n));
    html! {
        <table class="frontier-table">
            <caption>{ "The frontier (by name)" }</caption>
            <thead><tr><th scope="col">{ "Node" }</th><th scope="col">{ "depth" }</th>
                if costed { <th scope="col">{ "g" }</th> }
                if informed { <th scope="col">{ "h" }</th><th scope="col">{ "f = g + h" }</th> }
            </tr></thead>
            <tbody>
                { for frontier.iter().map(|&n| {
                    let info = ex.view.nodes[n as usize].info;
                    html! { <tr><th scope="row">{ ex.name(n) }</th><td>{ info.depth }</td>
                        if costed { <td>{ info.g }</td> }
                        if informed { <td>{ info.h }</td><td>{ info.g + info.h }</td> }
                    </tr> }
                }) }
            </tbody>
        </table>
    }
}

/// A number for an exercise's text, so its drawing starts afresh only when the exercise changes.
pub(crate) fn text_id(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}
