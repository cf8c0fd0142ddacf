//! The front page: what Arbor is, and a first tree whose values the core search computed.

use std::rc::Rc;

use arbor_game::{minimax, presets, Event, GameTree, Recorder};
use yew::prelude::*;

use crate::components::whole_tree::TreeSvg;
use arbor_app::pages::{card, start_line, PAGES};
use arbor_app::route::Route;
use arbor_app::scene::{show_value, NodeMark, Relation, Scene, Shown, Status};

/// A tree drawn with its values, and the root's value.
struct Solved {
    scene: Rc<Scene>,
    marks: Rc<Vec<NodeMark>>,
    value: i32,
}

/// The minimax tree of seed 003, solved by [`minimax`] and drawn with every value.
fn solved_tree() -> Result<Solved, String> {
    let preset = presets::preset("seed003-minimax").ok_or("the preset is missing")?;
    let tree = GameTree::parse(preset.text).map_err(|e| e.to_string())?;
    let mut recorder = Recorder::new();
    let outcome = minimax(&tree, &tree.root(), None, &mut recorder);
    let trace = recorder.into_trace();
    let mut marks = vec![NodeMark::default(); tree.len()];
    for event in &trace.events {
        if let Event::Exit { node, value, .. } = event {
            let id = trace.nodes[*node as usize].state;
            let mark = &mut marks[id.index()];
            mark.status = Status::Visited;
            mark.value = Shown::Scalar(*value, Relation::Exact);
            mark.settled = true;
        }
    }
    // The principal variation: follow each node's best move from the root.
    let mut at = Some(tree.root());
    let best: std::collections::HashMap<_, _> = trace
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Exit {
                node,
                best: Some(b),
                ..
            } => Some((trace.nodes[*node as usize].state, *b)),
            _ => None,
        })
        .collect();
    while let Some(id) = at {
        marks[id.index()].principal = true;
        at = best.get(&id).copied();
    }
    Ok(Solved {
        scene: Rc::new(Scene::of_tree(&tree)),
        marks: Rc::new(marks),
        value: outcome.value,
    })
}

/// The front page.
#[component]
pub fn Home() -> Html {
    crate::renders::count("Home");
    let solved = use_memo((), |_| solved_tree());
    let figure = match &*solved {
        Ok(Solved {
            scene,
            marks,
            value,
        }) => html! {
            <figure class="hero-tree">
                <TreeSvg<NodeMark> scene={scene.clone()} marks={marks.clone()}
                    title={format!("Minimax game tree: MAX at the root, value {}", show_value(*value))} />
                <figcaption>
                    { "Minimax on the tutorial tree: MAX (▲) takes the largest child value, MIN (▼) the smallest. The root's value is " }
                    <strong class="root-value" data-root-value={value.to_string()}>{ show_value(*value) }</strong>
                    { "; the bold path is the line both players choose." }
                </figcaption>
            </figure>
        },
        Err(message) => {
            html! { <p class="error" role="alert">{ format!("The example tree could not be solved: {message}") }</p> }
        }
    };
    html! {
        <section class="page home">
            <h1>{ "See how AI search thinks" }</h1>
            <p class="lede">
                { "Arbor steps through the searches of an AI course — minimax and alpha-beta on game trees; breadth-first, depth-first, iterative deepening, uniform cost, greedy, A* and IDA* on puzzles — node by node, in your browser." }
            </p>
            { figure }
            <ul class="starts">
                { for PAGES.iter().filter_map(|p| Some((p, start_line(p.view)?))).map(|(p, start)| html! {
                    <li><a href={Route::new(p.view.clone()).to_hash()}>{ start }</a></li>
                }) }
            </ul>
            <ul class="cards">
                { for PAGES.iter().filter_map(|p| Some((p, p.nav?, card(p.view)?))).map(|(p, label, card)| html! {
                    <li><a href={Route::new(p.view.clone()).to_hash()}><strong>{ label.full() }</strong><span>{ card }</span></a></li>
                }) }
            </ul>
        </section>
    }
}
