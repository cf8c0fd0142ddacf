//! The practice exercise's settings, shared by every practice view: the menus and numbers that
//! make a new exercise (a new link), and the page shown when an exercise cannot be made.

use std::rc::Rc;

use yew::prelude::*;

use arbor_app::alphabeta::practice as alphabeta;
use arbor_app::mcts::practice as mcts;
use arbor_app::practice::{Kind, Settings};
use arbor_app::route::{Route, View};
use arbor_app::search::practice as search;
use arbor_app::url::UrlSettings;

/// Sets one setting from a menu's value.
type SetFrom = Rc<dyn Fn(&mut Settings, &str)>;

/// Opens the practice with new settings (a new link: the exercise starts afresh).
fn open(settings: &Settings) {
    let mut route = Route::new(View::Practice);
    settings.to_route(&mut route);
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(&route.to_link());
    }
}

#[derive(Properties, PartialEq)]
pub(crate) struct SettingsProps {
    pub(crate) settings: Settings,
}

/// The exercise settings: changing one opens a new exercise (and a new link).
#[component]
pub(crate) fn ExerciseSettings(props: &SettingsProps) -> Html {
    crate::renders::count("ExerciseSettings");
    let s = &props.settings;
    let given = match s.kind {
        Kind::AlphaBeta | Kind::Chance | Kind::Mcts => s.tree.is_some(),
        Kind::Search => s.text.is_some(),
    };
    html! {
        <aside class="inputs practice-settings" aria-label="Exercise">
            <h2>{ "Exercise" }</h2>
            if given {
                <p class="hint">{ "This exercise's tree was set by the link. Change a setting for a generated one." }</p>
            }
            {
                match s.kind {
                    Kind::AlphaBeta => alphabeta_settings(s),
                    Kind::Search => search_settings(s),
                    Kind::Chance => chance_settings(s),
                    Kind::Mcts => mcts_settings(s),
                }
            }
            <div class="row"><button type="button" onclick={new_exercise(s)}>{ "New exercise" }</button></div>
            <p class="hint">{ "The link in the address bar is this exercise: send it, and the same tree and questions open." }</p>
        </aside>
    }
}

/// A number setting between `lo` and `hi`: a new value opens a generated exercise.
fn number(
    s: &Settings,
    label: &'static str,
    value: i64,
    lo: i64,
    hi: i64,
    set: fn(&mut Settings, i64),
) -> Html {
    let s = s.clone();
    let onchange = Callback::from(move |e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        if let Ok(v) = input.value().parse::<i64>() {
            let mut next = s.clone();
            set(&mut next, v.clamp(lo, hi));
            next.tree = None;
            next.text = None;
            open(&next);
        }
    });
    html! {
        <label>{ label }<input type="number" min={lo.to_string()} max={hi.to_string()} value={value.to_string()} {onchange} /></label>
    }
}

/// A menu of `options` (key, title), `current` chosen: a choice opens a new exercise.
fn select(
    s: &Settings,
    label: &'static str,
    options: Vec<(String, String)>,
    current: String,
    set: SetFrom,
) -> Html {
    let s = s.clone();
    let onchange = Callback::from(move |e: Event| {
        let el: web_sys::HtmlSelectElement = e.target_unchecked_into();
        let mut next = s.clone();
        set(&mut next, &el.value());
        open(&next);
    });
    html! {
        <label class="stack">{ label }
            <select {onchange}>
                { for options.into_iter().map(|(k, t)| html! { <option value={k.clone()} selected={k == current}>{ t }</option> }) }
            </select>
        </label>
    }
}

/// "New exercise": the same settings with the next seed.
fn new_exercise(s: &Settings) -> Callback<MouseEvent> {
    let s = s.clone();
    Callback::from(move |_: MouseEvent| {
        let mut next = s.clone();
        next.seed = arbor_util::mix64(next.seed.wrapping_add(1)) >> 11;
        next.tree = None;
        next.text = None;
        open(&next);
    })
}

/// Depth, most children, values and seed of a generated tree (chance and MCTS practice).
fn tree_numbers(s: &Settings, max_depth: i64) -> Html {
    html! {
        <div class="random-grid">
            { number(s, "Depth", s.depth.into(), 1, max_depth, |s, v| s.depth = v as u32) }
            { number(s, "Most children", s.branching.1.into(), 2, 3, |s, v| s.branching.1 = v as u32) }
            { number(s, "Lowest value", s.low.into(), -99, 99, |s, v| { s.low = v as i32; s.high = s.high.max(v as i32) }) }
            { number(s, "Highest value", s.high.into(), -99, 99, |s, v| { s.high = v as i32; s.low = s.low.min(v as i32) }) }
            { number(s, "Seed", s.seed as i64, 0, (1 << 53) - 1, |s, v| s.seed = v as u64) }
        </div>
    }
}

/// Alpha-beta practice: the difficulty and the generated tree's shape and values.
fn alphabeta_settings(s: &Settings) -> Html {
    html! {
        <>
            { select(s, "Difficulty", alphabeta::Level::ALL.iter().map(|l| (l.key().to_string(), l.title().to_string())).collect(),
                s.ab_level.key().to_string(), Rc::new(|s: &mut Settings, v: &str| if let Some(l) = alphabeta::Level::from_key(v) { s.ab_level = l })) }
            <div class="random-grid">
                { number(s, "Depth", s.depth.into(), 1, 5, |s, v| s.depth = v as u32) }
                { number(s, "Seed", s.seed as i64, 0, (1 << 53) - 1, |s, v| s.seed = v as u64) }
                { number(s, "Fewest children", s.branching.0.into(), 1, 4, |s, v| { s.branching.0 = v as u32; s.branching.1 = s.branching.1.max(v as u32) }) }
                { number(s, "Most children", s.branching.1.into(), 2, 4, |s, v| { s.branching.1 = v as u32; s.branching.0 = s.branching.0.min(v as u32) }) }
                { number(s, "Lowest value", s.low.into(), -99, 99, |s, v| { s.low = v as i32; s.high = s.high.max(v as i32) }) }
                { number(s, "Highest value", s.high.into(), -99, 99, |s, v| { s.high = v as i32; s.low = s.low.min(v as i32) }) }
            </div>
        </>
    }
}

/// Search practice: the algorithm, the difficulty and the generated graph's shape.
fn search_settings(s: &Settings) -> Html {
    html! {
        <>
            { select(s, "Search", search::ALGORITHMS.iter().map(|a| (a.key().to_string(), a.title().to_string())).collect(),
                s.algorithm.key().to_string(), Rc::new(|s: &mut Settings, v: &str| if let Some(a) = search::ALGORITHMS.into_iter().find(|a| a.key() == v) { s.algorithm = a })) }
            { select(s, "Difficulty", vec![("next".into(), "Click the node expanded next".into()), ("frontier".into(), "Order the whole frontier".into())],
                s.search_level.key().to_string(), Rc::new(|s: &mut Settings, v: &str| if let Some(l) = search::Level::from_key(v) { s.search_level = l })) }
            <div class="random-grid">
                { number(s, "Depth", s.depth.into(), 1, 4, |s, v| s.depth = v as u32) }
                { number(s, "Most children", s.branching.1.into(), 2, 3, |s, v| s.branching.1 = v as u32) }
                { number(s, "Seed", s.seed as i64, 0, (1 << 53) - 1, |s, v| s.seed = v as u64) }
            </div>
        </>
    }
}

/// Chance practice: the rule and the generated tree.
fn chance_settings(s: &Settings) -> Html {
    html! {
        <>
            { select(s, "Search", [arbor_game::Rule::Expectiminimax, arbor_game::Rule::Expectimax].iter().map(|r| (arbor_app::chance::rule_key(*r).to_string(), arbor_app::chance::rule_title(*r).to_string())).collect(),
                arbor_app::chance::rule_key(s.rule).to_string(), Rc::new(|s: &mut Settings, v: &str| if let Some(r) = arbor_app::chance::rule_of(v) { s.rule = r })) }
            { tree_numbers(s, 3) }
        </>
    }
}

/// MCTS practice: the difficulty, the generated tree and the iterations.
fn mcts_settings(s: &Settings) -> Html {
    html! {
        <>
            { select(s, "Difficulty", mcts::Level::ALL.iter().map(|l| (l.key().to_string(), l.title().to_string())).collect(),
                s.mcts_level.key().to_string(), Rc::new(|s: &mut Settings, v: &str| if let Some(l) = mcts::Level::from_key(v) { s.mcts_level = l })) }
            { tree_numbers(s, 4) }
            <div class="random-grid">
                { number(s, "Iterations", s.iterations as i64, 1, arbor_app::mcts::RECORD_ITERATIONS as i64, |s, v| s.iterations = v as u64) }
            </div>
        </>
    }
}

/// The page when the exercise's tree cannot be made: the settings stay, to fix it.
pub(crate) fn cannot_set(settings: Settings, e: &str) -> Html {
    html! {
        <div class="practice-grid">
            <ExerciseSettings settings={settings} />
            <p class="error" role="alert">{ format!("This exercise cannot be set: {e}.") }</p>
        </div>
    }
}
