//! MCTS practice: at a selection step of a real run, say which child UCB1 takes (and, at the
//! harder level, compute every child's UCB1); checked against the engine's own selection.

use crate::components::exercise::{cannot_set, ExerciseSettings};
use crate::components::tree_view::{DrawingId, Looks, TreeView};
use crate::store::Store;
use arbor_app::mcts::practice::{Exercise, Level};
use arbor_app::mcts::{exploration_text, MctsSettings};
use arbor_app::practice::page::{MctsAction, MctsState};
use arbor_app::practice::Settings;
use arbor_app::route::{Route, View};
use arbor_app::scene::NodeMark;
use arbor_app::url::UrlSettings;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(crate) struct McProps {
    pub settings: Settings,
}

/// The practice's store.
type PracticeState = UseReducerHandle<Store<MctsState>>;

/// MCTS practice.
#[component]
pub(crate) fn McPractice(props: &McProps) -> Html {
    crate::renders::count("McPractice");
    let settings = props.settings.clone();
    let exercise = use_memo(settings.clone(), |s| {
        s.mcts_request()
            .and_then(|r| Exercise::new(&r, s.mcts_level))
            .map(Rc::new)
    });
    let state = use_reducer(|| Store::new(MctsState::default()));
    let ex = match &*exercise {
        Ok(ex) => ex.clone(),
        Err(e) => return cannot_set(settings, e),
    };
    let total = ex.questions.len();
    let q = state.question();
    let done = q >= total;
    let c = exploration_text(settings.exploration);
    let score = if done {
        format!("Done: {} of {total} right at the first try.", state.right())
    } else {
        format!(
            "Question {} of {total} — {} right at the first try so far.",
            q + 1,
            state.right()
        )
    };
    let body = if done {
        html! {
            <p><a href={mcts_page_link(&settings)}>{ "Step through the whole run on the MCTS page →" }</a></p>
        }
    } else {
        question(&ex, &state, q, &c)
    };
    html! {
        <div class="practice-grid">
            <ExerciseSettings settings={settings.clone()} />
            <div class="main">
                <p class="lede">{ format!("Monte Carlo tree search (UCT, c = {c}) runs {} iterations on this tree. At each question it is in the selection phase: UCB1 = Q/n + c·√(ln N / n), with Q/n the child's mean reward for the player choosing, n its visits and N the parent's.{}",
                    ex.view.iterations, if ex.level == Level::Numbers { " Type every child's UCB1 (two decimals), and pick the child taken." } else { " Pick the child taken." }) }</p>
                <p class="score" role="status">{ score }</p>
                { body }
            </div>
        </div>
    }
}

/// The link to the MCTS page with the exercise's run.
fn mcts_page_link(settings: &Settings) -> String {
    let request = settings.mcts_request().ok();
    let mut route = Route::new(View::Mcts);
    if let Some(request) = request {
        MctsSettings { request, step: 0 }.to_route(&mut route);
    }
    route.to_link()
}

/// Question `q`: the tree as it stands, the children to choose from, the verdict once checked.
fn question(ex: &Rc<Exercise>, state: &PracticeState, q: usize, c: &str) -> Html {
    let total = ex.questions.len();
    let question = &ex.questions[q];
    let frame = ex.view.frame(question.step);
    let scene = Rc::new(ex.view.scene(frame.nodes.len()));
    let marks: Vec<NodeMark> = ex.view.marks(&frame);
    let parent = ex.name(question.node).to_string();
    let solved = state.solved();
    let numbers = ex.level == Level::Numbers;
    let on_check = {
        let (d, ex) = (state.dispatcher(), ex.clone());
        Callback::from(move |_: MouseEvent| d.dispatch(MctsAction::Check(ex.clone())))
    };
    let on_next = {
        let d = state.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(MctsAction::Next))
    };
    html! {
        <>
            <p class="question"><strong>{ format!("Iteration {}: selection is at {parent} (N = {}).", question.iteration, question.visits) }</strong>
                { format!(" Every move from {parent} has been tried, so {} takes the child with the highest UCB1. Which one?", ex.chooser(question)) }</p>
            <TreeView<NodeMark> scene={scene} looks={Looks::of(marks)} drawing={DrawingId::Key(question.step as u64)}
                focus={Some(question.node as usize)} follows=true
                title={format!("Monte Carlo search tree before question {} (each node: Q/n)", q + 1)} />
            <table class="ucb practice-ucb">
                <caption>{ format!("{parent}'s children (N = {}, c = {c})", question.visits) }</caption>
                <thead><tr><th scope="col">{ "Takes" }</th><th scope="col">{ "Child" }</th><th scope="col">{ "n" }</th><th scope="col">{ "Q/n" }</th>
                    if numbers { <th scope="col">{ "UCB1" }</th> }
                </tr></thead>
                <tbody>{ for question.scores.iter().map(|s| child_row(ex, state, s)) }</tbody>
            </table>
            if let Some(f) = &state.feedback {
                <p class={classes!("feedback", if f.right { "right" } else { "wrong" })} role="alert">{ if f.right { "✓ " } else { "✗ " } }{ f.message.clone() }</p>
                if f.right {
                    <ul class="verdicts">
                        { for question.scores.iter().map(|s| html! { <li class={if s.child == question.chosen { "right" } else { "" }}>{ format!("{}: {}", ex.name(s.child), ex.terms(question, s)) }</li> }) }
                    </ul>
                }
            }
            <div class="row">
                if solved {
                    <button type="button" class="primary" onclick={on_next}>{ if q + 1 == total { "Finish" } else { "Next question" } }</button>
                } else {
                    <button type="button" class="primary" onclick={on_check}>{ "Check" }</button>
                }
            </div>
        </>
    }
}

/// A child to choose: its pick, its counts, and (at the harder level) its UCB1 typed.
fn child_row(ex: &Exercise, state: &PracticeState, s: &arbor_game::Ucb) -> Html {
    let solved = state.solved();
    let numbers = ex.level == Level::Numbers;
    let wrong = state
        .feedback
        .as_ref()
        .is_some_and(|f| f.wrong_values.contains(&s.child));
    let child = s.child;
    let name = ex.name(child).to_string();
    let picked = state.answer.pick == Some(child);
    let on_pick = {
        let d = state.dispatcher();
        Callback::from(move |_: Event| d.dispatch(MctsAction::Pick(child)))
    };
    let typed = state
        .answer
        .values
        .iter()
        .find(|(c, _)| *c == child)
        .map(|(_, t)| t.clone())
        .unwrap_or_default();
    let on_value = {
        let d = state.dispatcher();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.dispatch(MctsAction::Value(child, input.value()));
        })
    };
    html! {
        <tr class={classes!(picked.then_some("chosen"), wrong.then_some("wrong"))} data-child={name.clone()}>
            <td><input type="radio" name="mcts-pick" id={format!("pick-{child}")} checked={picked} disabled={solved} onchange={on_pick} /></td>
            <th scope="row"><label for={format!("pick-{child}")}>{ name.clone() }</label></th>
            <td>{ s.visits }</td>
            <td>{ format!("{:.3}", s.mean) }</td>
            if numbers {
                <td><input type="text" inputmode="decimal" size="5" value={typed} oninput={on_value} disabled={solved}
                    aria-label={format!("UCB1 of {name}")} /></td>
            }
        </tr>
    }
}
