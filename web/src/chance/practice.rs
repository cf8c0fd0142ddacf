//! Chance practice: type the value of every chance, MAX and MIN node; Check compares each with
//! the engine's run and says why the value is what it is.

use crate::components::exercise::{cannot_set, ExerciseSettings};
use crate::components::tree_view::{DrawingId, Looks, TreeView};
use crate::store::Store;
use arbor_app::chance::practice::{Checked, Exercise, Verdict};
use arbor_app::chance::{mark_of, rule_key, rule_title, ChanceRun, ChanceSettings, ChanceSource};
use arbor_app::practice::page::{ChanceAction, ChanceState};
use arbor_app::practice::Settings;
use arbor_app::route::{Route, View};
use arbor_app::scene::{NodeMark, Scene};
use arbor_app::url::UrlSettings;
use arbor_game::NodeId;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(crate) struct ChanceProps {
    pub settings: Settings,
}

fn words(v: Verdict) -> (&'static str, &'static str) {
    match v {
        Verdict::Right => ("right", "✓ right"),
        Verdict::Wrong => ("wrong", "✗ wrong"),
        Verdict::Missing => ("missed", "– no value"),
        Verdict::Unreadable => ("wrong", "✗ not a number"),
    }
}

/// Chance practice.
#[component]
pub(crate) fn ChancePractice(props: &ChanceProps) -> Html {
    crate::renders::count("ChancePractice");
    let settings = props.settings.clone();
    // The exercise and its drawing in one memo: every hook runs before the early return
    // below, so a render that cannot set an exercise calls the same hooks as one that can.
    let exercise = use_memo(settings.clone(), |s| {
        s.chance_tree()
            .and_then(|t| Exercise::new(t, s.rule))
            .map(|ex| {
                let scene = Rc::new(Scene::of_tree(&ex.run.tree));
                (Rc::new(ex), scene)
            })
    });
    let state = use_reducer(|| Store::new(ChanceState::default()));
    let (ex, scene) = match &*exercise {
        Ok((ex, scene)) => (ex.clone(), scene.clone()),
        Err(e) => return cannot_set(settings, e),
    };
    let run = &ex.run;
    let tree = run.tree.clone();
    let start = run.frame(0);
    let marks: Vec<NodeMark> = (0..tree.len())
        .map(|i| mark_of(run, &start, &[], i))
        .collect();
    let report = state.report(&ex);
    let on = |a: fn() -> ChanceAction| {
        let d = state.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(a()))
    };
    html! {
        <div class="practice-grid">
            <ExerciseSettings settings={settings.clone()} />
            <div class="main">
                <p class="lede">{ lede(run) }</p>
                <TreeView<NodeMark> scene={scene.clone()} looks={Looks::of(marks)} drawing={DrawingId::of(&tree)}
                    title={format!("Practice tree of {} nodes with chance nodes", tree.len())} />
                <p class="hint">{ "▲ MAX takes its largest child value, ▼ MIN its smallest; a round node is chance: the chances of its children are listed with its value below. Leaves show their values." }</p>
                <fieldset class="questions">
                    <legend>{ "Values" }</legend>
                    { for ex.asked.iter().map(|&n| value_field(&ex, &state, report.as_deref(), n)) }
                    <p class="hint" id="value-help">{ "A fraction (21/4) or a decimal (5.25; two decimals are enough for thirds: 5.33)." }</p>
                </fieldset>
                <div class="row">
                    <button type="button" class="primary" onclick={on(|| ChanceAction::Check)}>{ "Check" }</button>
                    <button type="button" onclick={on(|| ChanceAction::Clear)}>{ "Clear answers" }</button>
                </div>
                if let Some(r) = &report {
                    { report_view(&ex, r) }
                }
            </div>
        </div>
    }
}

/// What the student is asked, with the rule the tree is searched by.
fn lede(run: &ChanceRun) -> String {
    let turns = if rule_key(run.rule) == "expectimax" {
        "Every decision node is MAX (▲)."
    } else {
        "MAX (▲) and MIN (▼) take turns; chance nodes do not change whose turn it is."
    };
    format!("{}: type the value of every node below, children before parents. A chance node is worth the expectation of its children: each child's probability times its value, summed. {turns}",
        rule_title(run.rule))
}

/// A node's value as typed, with its verdict once checked.
fn value_field(
    ex: &Exercise,
    state: &UseReducerHandle<Store<ChanceState>>,
    report: Option<&[Checked]>,
    n: NodeId,
) -> Html {
    let value = state.answers.get(&n).cloned().unwrap_or_default();
    let oninput = {
        let d = state.dispatcher();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.dispatch(ChanceAction::Answer(n, input.value()));
        })
    };
    let verdict = report.and_then(|r| r.iter().find(|c| c.node == n).map(|c| c.verdict));
    html! {
        <label class={classes!("answer", verdict.map(|v| words(v).0))}>
            <span>{ match ex.chances(n) { Some(c) => format!("Value of {} — chances {c}", ex.name(n)), None => format!("Value of {}", ex.name(n)) } }</span>
            <input type="text" inputmode="decimal" size="6" {value} {oninput} aria-describedby="value-help" />
            if let Some(v) = verdict { <span class="verdict-word">{ words(v).1 }</span> }
        </label>
    }
}

/// The values checked: the score, each verdict with its reason, and the way to the stepper.
fn report_view(ex: &Exercise, r: &[Checked]) -> Html {
    let right = r.iter().filter(|c| c.verdict == Verdict::Right).count();
    html! {
        <section class="report" aria-label="Your values, checked">
            <p class="score" role="status">{ format!("Score: {right} of {}", r.len()) }{ if right == r.len() { " — all right." } else { "" } }</p>
            <ul class="verdicts">
                { for r.iter().map(|c| html! {
                    <li class={words(c.verdict).0}>
                        <strong>{ format!("{} {}: ", words(c.verdict).1, ex.name(c.node)) }</strong>
                        { if c.verdict == Verdict::Right { format!("{}.", c.reason) } else { format!("the engine's value is {}.", c.reason) } }
                    </li>
                }) }
            </ul>
            <p><a href={stepper_link(&ex.run)}>{ "Step through the engine's run on the Chance page →" }</a></p>
        </section>
    }
}

/// The link to the Chance page with the exercise's tree and rule.
fn stepper_link(run: &ChanceRun) -> String {
    let mut route = Route::new(View::Chance);
    ChanceSettings {
        source: ChanceSource::Text(run.tree.to_text()),
        min_root: false,
        rule: run.rule,
        bounds: None,
        step: 0,
    }
    .to_route(&mut route);
    route.to_link()
}
