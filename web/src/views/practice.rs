//! Practice: the student predicts, Arbor checks against the engine's own trace.
//!
//! - Alpha-beta: mark the branches alpha-beta prunes (click a node, or Tab to it and press
//!   Enter), type values and windows; Check marks each answer; Reveal steps the real run from
//!   the first difference.
//! - Search: click the node taken from the frontier next (or order the whole frontier); a
//!   wrong click is answered with the algorithm's rule and the figures that decide it.

use std::collections::BTreeMap;
use std::rc::Rc;

use arbor_game::NodeId;
use yew::prelude::*;

use crate::components::controls::{use_play_timer, Control, StepControls};
use crate::components::practice_look::PracticeMark;
use crate::components::pseudocode::Pseudocode;
use crate::components::tree_view::{Looks, TreeView};
use arbor_app::control::{Stepping, SteppingAction};
use arbor_app::explore::{Drawing, Problem, SearchMark};
use arbor_app::pages::practice::{AbAction, AbState, SearchAction, SearchState};
use arbor_app::practice::alphabeta::{self, Exercise, Question, Report, Verdict};

use crate::store::Store;
use arbor_app::practice::{search, Kind, Settings};
use arbor_app::route::{Route, View};
use arbor_app::scene::{Margins, NodeMark, Scene, Shape, TreeShape, GAP_Y};
use arbor_app::stepper::{self, Algorithm, Perspective};

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

/// Props of [`Practice`].
#[derive(Properties, PartialEq)]
pub struct PracticeProps {
    /// The route it was opened with.
    pub route: Route,
}

/// The practice page.
#[component]
pub fn Practice(props: &PracticeProps) -> Html {
    let (settings, notes) = Settings::from_route(&props.route);
    let tab = |kind: Kind, text: &'static str| {
        let s = Settings {
            kind,
            ..Settings::default()
        };
        let mut r = Route::new(View::Practice);
        s.to_route(&mut r);
        let current = settings.kind == kind;
        html! {
            <a class={classes!("tab", current.then_some("current"))} href={r.to_link()} aria-current={current.then_some("page")}>{ text }</a>
        }
    };
    html! {
        <section class="page practice">
            <h1>{ "Practice" }</h1>
            { for notes.iter().map(|n| html! { <p class="notice" role="alert">{ n.clone() }</p> }) }
            <nav class="tabs" aria-label="Practice">
                { tab(Kind::AlphaBeta, "Alpha-beta: what is pruned?") }
                { tab(Kind::Search, "Search: what comes next?") }
            </nav>
            {
                match settings.kind {
                    Kind::AlphaBeta => html! { <AbPractice settings={settings.clone()} /> },
                    Kind::Search => html! { <SearchPractice settings={settings.clone()} /> },
                }
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct SettingsProps {
    settings: Settings,
}

/// The exercise settings: changing one opens a new exercise (and a new link).
#[component]
fn ExerciseSettings(props: &SettingsProps) -> Html {
    let s = props.settings.clone();
    let number = |label: &'static str,
                  value: i64,
                  lo: i64,
                  hi: i64,
                  set: fn(&mut Settings, i64)| {
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
    };
    let select = |label: &'static str,
                  options: Vec<(String, String)>,
                  current: String,
                  set: SetFrom| {
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
    };
    let new_exercise = {
        let s = s.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = s.clone();
            next.seed = arbor_util::mix64(next.seed.wrapping_add(1)) >> 11;
            next.tree = None;
            next.text = None;
            open(&next);
        })
    };
    let given = match s.kind {
        Kind::AlphaBeta => s.tree.is_some(),
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
                    Kind::AlphaBeta => html! {
                        <>
                            { select("Difficulty", alphabeta::Level::ALL.iter().map(|l| (l.key().to_string(), l.title().to_string())).collect(),
                                s.ab_level.key().to_string(), Rc::new(|s: &mut Settings, v: &str| if let Some(l) = alphabeta::Level::from_key(v) { s.ab_level = l })) }
                            <div class="random-grid">
                                { number("Depth", s.depth.into(), 1, 5, |s, v| s.depth = v as u32) }
                                { number("Seed", s.seed as i64, 0, (1 << 53) - 1, |s, v| s.seed = v as u64) }
                                { number("Fewest children", s.branching.0.into(), 1, 4, |s, v| { s.branching.0 = v as u32; s.branching.1 = s.branching.1.max(v as u32) }) }
                                { number("Most children", s.branching.1.into(), 2, 4, |s, v| { s.branching.1 = v as u32; s.branching.0 = s.branching.0.min(v as u32) }) }
                                { number("Lowest value", s.low.into(), -99, 99, |s, v| { s.low = v as i32; s.high = s.high.max(v as i32) }) }
                                { number("Highest value", s.high.into(), -99, 99, |s, v| { s.high = v as i32; s.low = s.low.min(v as i32) }) }
                            </div>
                        </>
                    },
                    Kind::Search => html! {
                        <>
                            { select("Search", search::ALGORITHMS.iter().map(|a| (a.key().to_string(), a.title().to_string())).collect(),
                                s.algorithm.key().to_string(), Rc::new(|s: &mut Settings, v: &str| if let Some(a) = search::ALGORITHMS.into_iter().find(|a| a.key() == v) { s.algorithm = a })) }
                            { select("Difficulty", vec![("next".into(), "Click the node expanded next".into()), ("frontier".into(), "Order the whole frontier".into())],
                                s.search_level.key().to_string(), Rc::new(|s: &mut Settings, v: &str| if let Some(l) = search::Level::from_key(v) { s.search_level = l })) }
                            <div class="random-grid">
                                { number("Depth", s.depth.into(), 1, 4, |s, v| s.depth = v as u32) }
                                { number("Most children", s.branching.1.into(), 2, 3, |s, v| s.branching.1 = v as u32) }
                                { number("Seed", s.seed as i64, 0, (1 << 53) - 1, |s, v| s.seed = v as u64) }
                            </div>
                        </>
                    },
                }
            }
            <div class="row"><button type="button" onclick={new_exercise}>{ "New exercise" }</button></div>
            <p class="hint">{ "The link in the address bar is this exercise: send it, and the same tree and questions open." }</p>
        </aside>
    }
}

/// The page when the exercise's tree cannot be made: the settings stay, to fix it.
fn cannot_set(settings: Settings, e: &str) -> Html {
    html! {
        <div class="practice-grid">
            <ExerciseSettings settings={settings} />
            <p class="error" role="alert">{ format!("This exercise cannot be set: {e}.") }</p>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct AbProps {
    settings: Settings,
}

/// Alpha-beta practice.
#[component]
fn AbPractice(props: &AbProps) -> Html {
    let settings = props.settings.clone();
    let exercise = use_memo(settings.clone(), |s| {
        s.tree()
            .map(|t| Rc::new(Exercise::new(&t, s.ab_level, s.seed)))
    });
    let state = use_reducer(|| Store::new(AbState::default()));
    let answers = &state.answers;
    let ex = match &*exercise {
        Ok(ex) => ex.clone(),
        Err(e) => return cannot_set(settings, e),
    };
    let tree = ex.tree().clone();
    let scene = use_memo(settings.clone(), {
        let tree = tree.clone();
        move |_| Rc::new(Scene::of_tree(&tree))
    });
    // Question numbers: the nodes asked about, in the order the search meets them.
    let number: BTreeMap<NodeId, usize> = ex.numbers();
    let mut asked: Vec<NodeId> = number.keys().copied().collect();
    asked.sort_by_key(|n| number[n]);

    let report: Option<Report> = state.report(&ex);
    // What the engine had, wherever an answer was wrong or missing: drawn on the tree.
    let corrections = report
        .as_ref()
        .map(|r| r.corrections(&ex.key))
        .unwrap_or_default();
    let on_node = {
        let d = state.dispatcher();
        Callback::from(move |key: usize| d.dispatch(AbAction::ToggleMark(NodeId(key as u32))))
    };
    let field = |n: NodeId, which: Question| {
        let value = match which {
            Question::Value => answers.values.get(&n),
            Question::Alpha => answers.alphas.get(&n),
            _ => answers.betas.get(&n),
        }
        .cloned()
        .unwrap_or_default();
        let label = tree.node(n).label.clone();
        let q = number.get(&n).copied().unwrap_or(0);
        let text = match which {
            Question::Value => format!("?{q} Value {label} returns"),
            Question::Alpha => format!("?{q} α when {label} is entered"),
            _ => format!("?{q} β when {label} is entered"),
        };
        let verdict = report.as_ref().and_then(|r| {
            r.items
                .iter()
                .find(|i| i.node == n && i.question == which)
                .map(|i| i.verdict)
        });
        let oninput = {
            let d = state.dispatcher();
            Callback::from(move |e: InputEvent| {
                let input: web_sys::HtmlInputElement = e.target_unchecked_into();
                d.dispatch(AbAction::Answer(n, which, input.value()));
            })
        };
        html! {
            <label class={classes!("answer", verdict.map(verdict_class))}>
                <span>{ text }</span>
                <input type="text" inputmode="numeric" size="5" {value} {oninput} aria-describedby="value-help" />
                if let Some(v) = verdict { <span class="verdict-word">{ verdict_words(v) }</span> }
            </label>
        }
    };
    let on = |action: fn(&Rc<Exercise>) -> AbAction| {
        let (d, ex) = (state.dispatcher(), ex.clone());
        Callback::from(move |_: MouseEvent| d.dispatch(action(&ex)))
    };
    let on_check = on(|_| AbAction::Check);
    let on_reveal = on(|ex| AbAction::Reveal(ex.clone()));
    let on_clear = on(|_| AbAction::Clear);

    // The student's tree: cuts, questions, verdicts.
    let branch_verdicts: BTreeMap<NodeId, Verdict> = report
        .as_ref()
        .map(|r| {
            r.items
                .iter()
                .filter(|i| i.question == Question::Branch)
                .map(|i| (i.node, i.verdict))
                .collect()
        })
        .unwrap_or_default();
    let marks: Vec<PracticeMark> = tree
        .nodes()
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let id = NodeId(i as u32);
            let mut under = false;
            let mut at = n.parent;
            while let Some(p) = at {
                under |= answers.marked.contains(&p);
                at = tree.node(p).parent;
            }
            let answered = report.as_ref().and_then(|r| {
                let verdicts: Vec<Verdict> = r
                    .items
                    .iter()
                    .filter(|i| i.node == id && i.question != Question::Branch)
                    .map(|i| i.verdict)
                    .collect();
                (!verdicts.is_empty()).then(|| {
                    if verdicts.contains(&Verdict::Wrong) {
                        Verdict::Wrong
                    } else if verdicts.contains(&Verdict::Missed) {
                        Verdict::Missed
                    } else {
                        Verdict::Right
                    }
                })
            });
            PracticeMark {
                answered,
                value: n.payoff.first().copied(),
                marked: answers.marked.contains(&id),
                under_mark: under,
                asked: number.get(&id).copied(),
                verdict: branch_verdicts.get(&id).copied(),
                correction: corrections.get(&id).copied().unwrap_or_default(),
            }
        })
        .collect();
    let instructions = match ex.level {
        alphabeta::Level::Prune => "Alpha-beta searches this tree left to right, MAX (▲) at the root. Click each node whose branch alpha-beta prunes (or Tab to it and press Enter): mark only the highest node of each cut. Then Check.",
        alphabeta::Level::Values => "Mark the pruned branches, and type the value alpha-beta (fail-soft) returns from each node marked ?n.",
        alphabeta::Level::Windows => "Mark the pruned branches, type the values returned, and the (α, β) each node marked ?n is entered with.",
    };

    html! {
        <div class="practice-grid">
            <ExerciseSettings settings={settings.clone()} />
            <div class="main">
                <p class="lede">{ instructions }</p>
                if let Some(frame) = state.reveal {
                    <Reveal run={ex.clone()} start={frame} on_close={{ let d = state.dispatcher(); Callback::from(move |_| d.dispatch(AbAction::CloseReveal)) }} />
                } else {
                    <TreeView<PracticeMark> scene={(*scene).clone()} looks={Looks::of(marks)} drawing={Rc::as_ptr(&*scene) as usize as u64}
                        all_buttons=true on_leaf={Some(on_node)}
                        title={format!("Practice tree of {} nodes: {} branches marked as pruned", tree.len(), answers.marked.len())} />
                    if !asked.is_empty() {
                        <fieldset class="questions">
                            <legend>{ "Questions" }</legend>
                            { for asked.iter().map(|&n| html! {
                                <>
                                    if ex.ask_values.contains(&n) { { field(n, Question::Value) } }
                                    if ex.ask_windows.contains(&n) { { field(n, Question::Alpha) }{ field(n, Question::Beta) } }
                                </>
                            }) }
                            <p class="hint" id="value-help">{ "Whole numbers; −∞ and +∞ may be typed as -inf and inf." }</p>
                        </fieldset>
                    }
                    <div class="row">
                        <button type="button" class="primary" onclick={on_check}>{ "Check" }</button>
                        <button type="button" onclick={on_reveal}>{ "Reveal" }</button>
                        <button type="button" onclick={on_clear}>{ "Clear answers" }</button>
                    </div>
                }
                if let Some(r) = &report {
                    <ReportView report={r.clone()} tree={Rc::new(tree.clone())} />
                }
            </div>
        </div>
    }
}

fn verdict_class(v: Verdict) -> &'static str {
    match v {
        Verdict::Right => "right",
        Verdict::Wrong => "wrong",
        Verdict::Missed => "missed",
    }
}

fn verdict_words(v: Verdict) -> &'static str {
    match v {
        Verdict::Right => "✓ right",
        Verdict::Wrong => "✗ wrong",
        Verdict::Missed => "✂ missed",
    }
}

#[derive(Properties, PartialEq)]
struct ReportProps {
    report: Report,
    tree: Rc<arbor_game::GameTree>,
}

#[component]
fn ReportView(props: &ReportProps) -> Html {
    let r = &props.report;
    let what = |q: Question| match q {
        Question::Branch => "pruned?",
        Question::Value => "value",
        Question::Alpha => "α",
        Question::Beta => "β",
    };
    html! {
        <section class="report" aria-label="Your answers, checked">
            <p class="score" role="status">{ format!("Score: {} of {}", r.right, r.total) }
                { if r.right == r.total { " — all right." } else { "" } }</p>
            <ul class="verdicts">
                { for r.items.iter().map(|i| html! {
                    <li class={verdict_class(i.verdict)}>
                        <strong>{ format!("{} {} {}: ", verdict_words(i.verdict), props.tree.node(i.node).label, what(i.question)) }</strong>
                        { i.why.clone() }
                    </li>
                }) }
            </ul>
        </section>
    }
}

#[derive(Properties)]
struct RevealProps {
    run: Rc<Exercise>,
    start: usize,
    on_close: Callback<()>,
}

impl PartialEq for RevealProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.run, &other.run) && self.start == other.start
    }
}

/// The real run, stepped from the first difference.
#[component]
fn Reveal(props: &RevealProps) -> Html {
    let stepping = {
        let start = props.start;
        use_reducer(move || {
            Store::new(Stepping {
                step: start,
                playing: false,
                speed: 500,
            })
        })
    };
    let run = &props.run.run;
    let len = run.replay.len();
    let at = stepping.step.min(len);
    let frame = run.replay.frame(at);
    let marks: Vec<NodeMark> = stepper::marks(run.replay.tree(), &frame, Perspective::Max, true);
    let current = frame.current.map(|n| n.index());
    let scene = use_memo((), {
        let tree = run.replay.tree().clone();
        move |_| Rc::new(Scene::of_tree(&tree))
    });
    let text = stepper::caption::caption(
        &run.replay,
        Algorithm::AlphaBeta,
        at,
        &frame,
        Perspective::Max,
    );
    let d = stepping.dispatcher();
    use_play_timer(
        stepping.playing,
        stepping.speed,
        d.to_callback().reform(move |()| SteppingAction::Tick(len)),
    );
    let on = d
        .to_callback()
        .reform(move |c: Control| SteppingAction::Control(c, len));
    let close = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <section class="reveal" aria-label="The real run">
            <p class="hint">{ format!("The real run, from step {} — where your answers and alpha-beta first part ways.", props.start) }</p>
            <StepControls step={at} len={len} playing={stepping.playing} speed={stepping.speed} on={on} />
            <p class="caption" role="status" aria-live="polite">{ text }</p>
            <TreeView<NodeMark> scene={(*scene).clone()} looks={Looks::of(marks)} drawing={Rc::as_ptr(&*scene) as usize as u64}
                focus={current} follows=true title={format!("Alpha-beta's run, step {at} of {len}")} />
            <Pseudocode lines={stepper::pseudocode::listing(Algorithm::AlphaBeta)} current={stepper::pseudocode::line_at(run, at)} title={Algorithm::AlphaBeta.title()} />
            <div class="row"><button type="button" onclick={close}>{ "Back to your answers" }</button></div>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct SearchProps {
    settings: Settings,
}

/// Search practice.
#[component]
fn SearchPractice(props: &SearchProps) -> Html {
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
    let keys: Vec<usize> = (0..ex.view.nodes.len()).collect();
    let scene = Rc::new(Scene::build(
        &TreeShape {
            keys: &keys,
            parent: &|k| ex.view.nodes[k].info.parent.map(|p| p as usize),
            label: &|k| ex.name(k as u64),
            shape: &|_| Shape::Leaf,
            gap_x: 64.0,
            gap_y: GAP_Y * 0.9,
            picture: None,
            margins: Margins::default(),
            half_width: &|_| 0.0,
        },
        &|_| false,
    ));
    let marks = arbor_app::explore::marks(&ex.view, &ex.replay, &frame, &drawing, 0);
    let on_node = {
        let (d, ex) = (state.dispatcher(), ex.clone());
        Callback::from(move |key: usize| d.dispatch(SearchAction::Click(ex.clone(), key as u64)))
    };
    let on_check_order = {
        let (d, ex) = (state.dispatcher(), ex.clone());
        Callback::from(move |_: MouseEvent| d.dispatch(SearchAction::CheckOrder(ex.clone())))
    };
    let right = state.right();
    let informed = settings.algorithm.informed();
    let mut frontier: Vec<u64> = frame.frontier.clone();
    frontier.sort_by_key(|&n| ex.name(n));
    let instructions = match ex.level {
        search::Level::Next => format!(
            "{} runs on this tree from A to the goal. Click the frontier node (dashed outline) it takes next.",
            settings.algorithm.title()
        ),
        search::Level::Frontier => format!(
            "{}: click every frontier node in the order the search will take them, first first; then Check the order.",
            settings.algorithm.title()
        ),
    };
    html! {
        <div class="practice-grid">
            <ExerciseSettings settings={settings.clone()} />
            <div class="main">
                <p class="lede">{ instructions }</p>
                <p class="score" role="status">{
                    if done { format!("Done: {right} of {total} right at the first try.") }
                    else { format!("Question {} of {total} — {right} right at the first try so far.", q + 1) }
                }</p>
                if let Some((ok, text)) = &state.message {
                    <p class={classes!("feedback", if *ok { "right" } else { "wrong" })} role="alert">{ if *ok { "✓ " } else { "✗ " } }{ text.clone() }</p>
                }
                <TreeView<SearchMark> scene={scene} looks={Looks::of(marks)} drawing={text_id(&ex.text)}
                    all_buttons={!done} on_leaf={(!done).then_some(on_node)}
                    title={format!("Search tree, question {} of {total}", (q + 1).min(total))} />
                if ex.level == search::Level::Frontier && !done {
                    <p class="order">{ "Your order: " }
                        <strong>{ if state.order.is_empty() { "(click the frontier nodes)".to_string() } else { state.order.iter().map(|&n| ex.name(n)).collect::<Vec<_>>().join(", ") } }</strong>
                    </p>
                    <div class="row">
                        <button type="button" class="primary" onclick={on_check_order}>{ "Check the order" }</button>
                        <button type="button" onclick={{ let d = state.dispatcher(); Callback::from(move |_: MouseEvent| d.dispatch(SearchAction::ClearOrder)) }}>{ "Clear the order" }</button>
                    </div>
                }
                <table class="frontier-table">
                    <caption>{ "The frontier (by name)" }</caption>
                    <thead><tr><th scope="col">{ "Node" }</th><th scope="col">{ "depth" }</th>
                        if informed || settings.algorithm == arbor_search::Algorithm::UniformCost { <th scope="col">{ "g" }</th> }
                        if informed { <th scope="col">{ "h" }</th><th scope="col">{ "f = g + h" }</th> }
                    </tr></thead>
                    <tbody>
                        { for frontier.iter().map(|&n| {
                            let info = ex.view.nodes[n as usize].info;
                            html! { <tr><th scope="row">{ ex.name(n) }</th><td>{ info.depth }</td>
                                if informed || settings.algorithm == arbor_search::Algorithm::UniformCost { <td>{ info.g }</td> }
                                if informed { <td>{ info.h }</td><td>{ info.g + info.h }</td> }
                            </tr> }
                        }) }
                    </tbody>
                </table>
            </div>
        </div>
    }
}

/// A number for an exercise's text, so its drawing starts afresh only when the exercise changes.
fn text_id(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}
