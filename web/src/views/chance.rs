//! The chance stepper: a tree with chance nodes, expectimax or expectiminimax stepped node by
//! node, the expectation forming at each chance node, and optional Star1 pruning.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::controls::{on_select, use_play_timer, use_step_keys, StepControls};
use crate::components::legend::Legend;
use crate::components::pseudocode::Pseudocode;
use crate::components::random_form::RandomForm;
use crate::components::tree_view::{Looks, TreeView};
use crate::store::Store;
use arbor_app::chance::{self, rule_key, rule_title, ChanceSource};
use arbor_app::pages::chance::{Action, State};
use arbor_app::route::{Route, View};
use arbor_app::scene::{NodeMark, Scene};
use arbor_app::stepper::Perspective;
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
    let state = {
        let route = props.route.clone();
        use_reducer(move || Store::new(State::new(&route)))
    };
    let dispatch = state.dispatcher();
    {
        let settings = state.settings.clone();
        use_effect_with(settings, |settings| {
            let mut route = Route::new(View::Chance);
            settings.to_route(&mut route);
            crate::url::replace_url(&route);
        });
    }
    use_play_timer(
        state.playing,
        state.speed,
        dispatch.to_callback().reform(|()| Action::Tick),
    );
    use_step_keys(dispatch.to_callback().reform(Action::Control));

    let run = state.run.clone();
    let step = state.settings.step.min(run.len());
    let tree = state.tree.clone();
    let scene = use_memo(tree.clone(), |tree| Rc::new(Scene::of_tree(tree)));
    let frame = run.frame(step);
    let principal = run.principal(&frame);
    let marks: Vec<NodeMark> = (0..tree.len())
        .map(|i| chance::mark_of(&run, &frame, &principal, i))
        .collect();
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
                        drawing={Rc::as_ptr(&tree) as usize as u64} focus={frame.current.map(|n| n.index())} follows=true />
                    <Legend perspective={Perspective::Max} players={2} chance=true />
                </div>
                <aside class="explain" aria-label="Explanation">
                    <Pseudocode lines={chance::listing(run.rule, run.bounds.is_some())} current={line} title={listing_title} />
                    <div class="stats">
                        <h2>{ "Counts" }</h2>
                        <table>
                            <thead><tr><th></th><th scope="col">{ "Now" }</th><th scope="col">{ "At the end" }</th></tr></thead>
                            <tbody>
                                <tr><th scope="row">{ "Visited" }</th><td>{ frame.visited }</td><td>{ run.stats.visited }</td></tr>
                                <tr><th scope="row">{ "Leaves evaluated" }</th><td>{ frame.evaluated }</td><td>{ run.stats.evaluated }</td></tr>
                                <tr><th scope="row">{ "Pruned" }</th><td>{ frame.pruned }</td><td>{ run.frame(run.len()).pruned }</td></tr>
                                <tr><th scope="row">{ "Cutoffs" }</th><td>{ frame.cutoffs }</td><td>{ run.stats.cutoffs }</td></tr>
                            </tbody>
                        </table>
                        <p class="hint">{ format!("Root value: {}. Without pruning the search evaluates {} leaves.", chance::spoken(run.value), run.unpruned) }</p>
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
    leaf_range: (i32, i32),
}

impl InputsState {
    fn of(state: &State) -> InputsState {
        let leaves = state.tree.leaves();
        let values = leaves.iter().map(|&l| state.tree.node(l).payoff[0]);
        InputsState {
            source: state.settings.source.clone(),
            text: state.text.clone(),
            error: state.error.clone(),
            rule: state.settings.rule,
            bounds: state.settings.bounds,
            min_root: state.tree.root_player() == RootPlayer::Min,
            random: state.random,
            leaf_range: (values.clone().min().unwrap_or(0), values.max().unwrap_or(0)),
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
    let s = &props.state;
    let d = props.dispatch.clone();
    let on_preset = on_select(&d, |v| {
        CHANCE_PRESETS
            .iter()
            .find(|p| p.id == v)
            .map(|p| Action::Preset(p.id))
    });
    let on_rule = on_select(&d, |v| {
        Some(Action::Rule(if v == "expectimax" {
            Rule::Expectimax
        } else {
            Rule::Expectiminimax
        }))
    });
    let on_root = on_select(&d, |v| Some(Action::MinRoot(v == "min")));
    let on_text = {
        let d = d.clone();
        Callback::from(move |e: InputEvent| {
            let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            d.dispatch(Action::Text(area.value()));
        })
    };
    let on_prune = {
        let (d, range) = (d.clone(), s.leaf_range);
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.dispatch(Action::Bounds(input.checked().then_some(range)));
        })
    };
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
        ChanceSource::Preset(id) => *id,
        _ => "",
    };
    let error_id = "chance-text-error";
    html! {
        <>
            <h2>{ "Tree" }</h2>
            <label class="stack">{ "Example from the lectures" }
                <select onchange={on_preset} aria-label="Example tree">
                    <option value="" selected={preset_id.is_empty()} disabled=true>{ "Choose an example…" }</option>
                    { for CHANCE_PRESETS.iter().map(|p| html! {
                        <option value={p.id} selected={p.id == preset_id} title={p.notes}>{ p.title }</option>
                    }) }
                </select>
            </label>
            if let Some(p) = CHANCE_PRESETS.iter().find(|p| p.id == preset_id) {
                <p class="hint">{ p.source }{ ": " }{ p.notes }</p>
            }
            <RandomForm spec={s.random} open={matches!(s.source, ChanceSource::Random(_))} title="Random tree with chance levels" max_depth={10} max_children={6} players=false
                hint="Levels alternate: decision, chance, decision, chance… Each chance node's children get probabilities from weights 1 to 3."
                on_change={d.to_callback().reform(Action::RandomForm)} on_generate={d.to_callback().reform(|()| Action::Generate)} />
            <label class="stack" for="chance-text">{ "Tree as text" }</label>
            <textarea id="chance-text" class={classes!("tree-text", s.error.is_some().then_some("invalid"))} rows="4" spellcheck="false"
                aria-invalid={s.error.is_some().then_some("true")} aria-describedby={s.error.is_some().then_some(error_id)}
                value={s.text.clone()} oninput={on_text} />
            if let Some(e) = &s.error {
                <p id={error_id} class="error" role="alert">{ e.clone() }{ " — the last good search stays drawn." }</p>
            } else {
                <p class="hint">{ "A chance node is ?[a, b] (equally likely) or ?[1/4: a, 3/4: b] (0.25 works too); decision nodes are [a, b]; leaves are whole numbers." }</p>
            }
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
