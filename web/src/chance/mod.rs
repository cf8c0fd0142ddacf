//! The chance stepper: a tree with chance nodes, expectimax or expectiminimax stepped node by
//! node, the expectation forming at each chance node, and optional Star1 pruning.

pub(crate) mod practice;

use std::rc::Rc;

use yew::prelude::*;

use crate::components::controls::{on_select, StepControls};
use crate::components::legend::Legend;
use crate::components::pseudocode::Pseudocode;
use crate::components::random_form::RandomForm;
use crate::components::tree_input::{ExamplePicker, TreeText};
use crate::components::tree_view::{search_focus, DrawingId, Looks, TreeView};
use crate::store::Store;
use arbor_app::alphabeta::Perspective;
use arbor_app::chance::page::{Action, State};
use arbor_app::chance::{self, rule_key, rule_title, ChanceSource};
use arbor_app::route::Route;
use arbor_app::same::Same;
use arbor_app::scene::{NodeMark, Scene};
use arbor_game::presets::CHANCE_PRESETS;
use arbor_game::{RandomSpec, RootPlayer, Rule};

/// Props of [`Chance`].
#[derive(Properties, PartialEq)]
pub struct ChanceProps {
    /// The route it was opened with.
    pub route: Route,
}

/// The chance stepper page.
#[component]
pub fn Chance(props: &ChanceProps) -> Html {
    crate::renders::count("Chance");
    let state = crate::page::use_stepped_page::<State>(&props.route);
    let dispatch = state.dispatcher();

    let run = state.run.clone();
    let step = state.settings.step.min(run.len());
    let tree = run.tree.clone();
    let scene = use_memo(tree.clone(), |tree| Rc::new(Scene::of_tree(tree)));
    let frame = run.frame(step);
    let principal = run.principal(&frame);
    let focus = search_focus(frame.finished, &principal, frame.current);
    let marks: Vec<NodeMark> = (0..tree.len())
        .map(|i| chance::mark_of(&run, &frame, &principal, i))
        .collect();
    let end_pruned = {
        let run = run.clone();
        use_memo(Same::of(&run), move |_| run.frame(run.len()).pruned)
    };
    let caption = chance::caption(&run, &frame, step);
    let line = chance::line_at(&run, step);
    let on_control = {
        let d = dispatch.clone();
        use_callback((), move |c, _| d.dispatch(Action::Control(c)))
    };
    let title = format!(
        "Game tree of {} nodes with chance nodes, searched by {}; step {} of {}",
        tree.len(),
        rule_key(run.rule),
        step,
        run.len()
    );
    let listing_title = match (run.rule, run.bounds.is_some()) {
        (Rule::Expectimax, true) => "Expectimax with Star1 pruning",
        (Rule::Expectiminimax, true) => "Expectiminimax with Star1 pruning",
        (Rule::Expectimax, false) => "Expectimax",
        (Rule::Expectiminimax, false) => "Expectiminimax",
    };
    html! {
        <section class="page stepper chance">
            <h1>{ "Chance nodes, step by step" }</h1>
            { for state.notices.iter().map(|n| html! { <p class="notice" role="alert">{ n.clone() }</p> }) }
            <div class="stepper-grid">
                <aside class="inputs" aria-label="Tree and search">
                    <Inputs state={Rc::new(InputsState::of(&state))} dispatch={dispatch.clone()} />
                </aside>
                <div class="main">
                    <StepControls step={step} len={run.len()} playing={state.playing} speed={state.speed} on={on_control} />
                    <p class="caption" role="status" aria-live="polite" aria-atomic="true">{ caption }</p>
                    <TreeView<NodeMark> scene={(*scene).clone()} looks={Looks::of(marks)} title={title}
                        drawing={DrawingId::of(&tree)} focus={focus} whole_path={frame.finished} follows=true />
                    <Legend perspective={Perspective::Max} players={2} chance=true />
                </div>
                <aside class="explain" aria-label="Explanation">
                    <Pseudocode lines={chance::listing(run.rule, run.bounds.is_some())} current={line} title={listing_title} />
                    <div class="stats">
                        <h2>{ "Counts" }</h2>
                        <table>
                            <thead><tr><th scope="col"><span class="sr-only">{ "Count" }</span></th><th scope="col">{ "Now" }</th><th scope="col">{ "At the end" }</th></tr></thead>
                            <tbody>
                                <tr><th scope="row">{ "Visited" }</th><td>{ frame.visited }</td><td>{ run.stats.visited }</td></tr>
                                <tr><th scope="row">{ "Leaves evaluated" }</th><td>{ frame.evaluated }</td><td>{ run.stats.evaluated }</td></tr>
                                <tr><th scope="row">{ "Pruned" }</th><td>{ frame.pruned }</td><td>{ *end_pruned }</td></tr>
                                <tr><th scope="row">{ "Cutoffs" }</th><td>{ frame.cutoffs }</td><td>{ run.stats.cutoffs }</td></tr>
                            </tbody>
                        </table>
                        <p class="hint">{ format!("Root value: {}. Without pruning the search evaluates {}.", chance::spoken(run.value), arbor_util::counted(run.unpruned, "leaf", "leaves")) }</p>
                    </div>
                </aside>
            </div>
        </section>
    }
}

/// What the inputs show: a part of the state that does not change as the search is stepped.
#[derive(PartialEq)]
struct InputsState {
    source: ChanceSource,
    text: String,
    error: Option<String>,
    rule: Rule,
    bounds: Option<(i32, i32)>,
    min_root: bool,
    random: RandomSpec,
}

impl InputsState {
    fn of(state: &State) -> InputsState {
        InputsState {
            source: state.settings.source.clone(),
            text: state.text.clone(),
            error: state.error.clone(),
            rule: state.settings.rule,
            bounds: state.settings.bounds,
            min_root: state.run.tree.root_player() == RootPlayer::Min,
            random: state.random,
        }
    }
}

#[derive(Properties, PartialEq)]
struct InputsProps {
    state: Rc<InputsState>,
    dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
fn Inputs(props: &InputsProps) -> Html {
    crate::renders::count("Inputs");
    let s = &props.state;
    let d = props.dispatch.clone();
    let on_rule = on_select(&d, |v| {
        Some(Action::Rule(if v == "expectimax" {
            Rule::Expectimax
        } else {
            Rule::Expectiminimax
        }))
    });
    let on_root = on_select(&d, |v| Some(Action::MinRoot(v == "min")));
    let on_prune = d.to_callback().reform(|e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        Action::Prune(input.checked())
    });
    let bound_field = |label: &'static str, value: i32, low: bool| {
        let (d, bounds) = (d.clone(), s.bounds);
        let oninput = Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let (Ok(v), Some((l, u))) = (input.value().parse::<i32>(), bounds) {
                d.dispatch(Action::Bounds(Some(if low { (v, u) } else { (l, v) })));
            }
        });
        html! { <label>{ label }<input type="number" value={value.to_string()} {oninput} /></label> }
    };
    let preset_id = match &s.source {
        ChanceSource::Preset(id) => Some(*id),
        _ => None,
    };
    html! {
        <>
            <h2>{ "Tree" }</h2>
            <ExamplePicker label="Example from the lectures" examples={CHANCE_PRESETS.iter().map(|p| &p.tree).collect::<Vec<_>>()}
                current={preset_id} on_pick={d.to_callback().reform(Action::Preset)} />
            <RandomForm spec={s.random} open={matches!(s.source, ChanceSource::Random(_))} title="Random tree with chance levels" max_depth={10} max_children={6} players=false
                hint="Levels alternate: decision, chance, decision, chance… Each chance node's children get probabilities from weights 1 to 3."
                on_change={d.to_callback().reform(Action::RandomForm)} on_generate={d.to_callback().reform(|()| Action::Generate)} />
            <TreeText id="chance-text" text={Some(s.text.clone())} error={s.error.clone()} on_input={d.to_callback().reform(Action::Text)}
                hint="A chance node is ?[a, b] (equally likely) or ?[1/4: a, 3/4: b] (0.25 works too); decision nodes are [a, b]; leaves are whole numbers." />
            <h2>{ "Search" }</h2>
            <label class="stack">{ "Algorithm" }
                <select onchange={on_rule} aria-label="Algorithm">
                    { for [Rule::Expectimax, Rule::Expectiminimax].iter().map(|r| html! {
                        <option value={rule_key(*r)} selected={*r == s.rule}>{ rule_title(*r) }</option>
                    }) }
                </select>
            </label>
            <p class="hint">{ if s.rule == Rule::Expectimax {
                "Every decision node is MAX's: the opponent is chance itself."
            } else {
                "MAX and MIN take turns; a chance node takes no turn (MAX → chance → MIN → chance …)."
            } }</p>
            if s.rule == Rule::Expectiminimax {
                <label class="stack">{ "Root" }
                    <select onchange={on_root} aria-label="Player at the root">
                        <option value="max" selected={!s.min_root}>{ "MAX moves first" }</option>
                        <option value="min" selected={s.min_root}>{ "MIN moves first" }</option>
                    </select>
                </label>
            }
            <label class="check"><input type="checkbox" checked={s.bounds.is_some()} onchange={on_prune} />
                { "Leaves lie in a known range: prune (Star1)" }</label>
            if let Some((l, u)) = s.bounds {
                <div class="random-grid">
                    { bound_field("Lowest leaf L", l, true) }
                    { bound_field("Highest leaf U", u, false) }
                </div>
                <p class="hint">{ "A chance node stops once even the best (or worst) the children left could be cannot bring its expectation inside (α, β)." }</p>
            }
        </>
    }
}
