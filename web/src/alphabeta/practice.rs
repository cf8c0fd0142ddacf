//! Alpha-beta practice: mark the pruned branches, type values and windows; the report and the real run.

use crate::components::controls::{use_play_timer, Control, StepControls};
use crate::components::exercise::{cannot_set, ExerciseSettings};
use crate::components::practice_look::PracticeMark;
use crate::components::pseudocode::Pseudocode;
use crate::components::tree_view::{DrawingId, Looks, TreeView};
use crate::store::Store;
use arbor_app::alphabeta::practice::{
    self as ab_practice, Answers, Exercise, Question, Report, Verdict,
};
use arbor_app::alphabeta::{self, Algorithm, Perspective};
use arbor_app::control::{Stepping, SteppingAction};
use arbor_app::practice::page::{AbAction, AbState};
use arbor_app::practice::Settings;
use arbor_app::scene::{NodeMark, Scene};
use arbor_game::{GameTree, NodeId};
use std::collections::BTreeMap;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(crate) struct AbProps {
    pub settings: Settings,
}

/// Alpha-beta practice.
#[component]
pub(crate) fn AbPractice(props: &AbProps) -> Html {
    crate::renders::count("AbPractice");
    let settings = props.settings.clone();
    // The exercise and its drawing in one memo: every hook runs before the early return
    // below, so a render that cannot set an exercise calls the same hooks as one that can.
    let exercise = use_memo(settings.clone(), |s| {
        s.tree().map(|t| {
            let ex = Rc::new(Exercise::new(&t, s.ab_level, s.seed));
            let scene = Rc::new(Scene::of_tree(ex.tree()));
            (ex, scene)
        })
    });
    let state = use_reducer(|| Store::new(AbState::default()));
    let answers = &state.answers;
    let (ex, scene) = match &*exercise {
        Ok((ex, scene)) => (ex.clone(), scene.clone()),
        Err(e) => return cannot_set(settings, e),
    };
    let tree = ex.tree().clone();
    let report: Option<Report> = state.report(&ex);
    let asking = Asking {
        answers,
        tree: &tree,
        // Question numbers: the nodes asked about, in the order the search meets them.
        number: ex.numbers(),
        report: report.as_ref(),
        dispatch: state.dispatcher(),
    };
    let on_node = {
        let d = state.dispatcher();
        Callback::from(move |key: usize| d.dispatch(AbAction::ToggleMark(NodeId(key as u32))))
    };
    let marks = practice_marks(&ex, &asking);

    html! {
        <div class="practice-grid">
            <ExerciseSettings settings={settings.clone()} />
            <div class="main">
                <p class="lede">{ instructions(ex.level) }</p>
                if let Some(frame) = state.reveal {
                    <Reveal run={ex.clone()} start={frame} on_close={{ let d = state.dispatcher(); Callback::from(move |_| d.dispatch(AbAction::CloseReveal)) }} />
                } else {
                    <TreeView<PracticeMark> scene={scene.clone()} looks={Looks::of(marks)} drawing={DrawingId::of(&scene)}
                        all_buttons=true on_leaf={Some(on_node)}
                        title={format!("Practice tree of {} nodes: {} branches marked as pruned", tree.len(), answers.marked.len())} />
                    { questions(&ex, &asking) }
                    { buttons(&ex, &state.dispatcher()) }
                }
                if let Some(r) = &report {
                    <ReportView report={r.clone()} tree={Rc::new(tree.clone())} />
                }
            </div>
        </div>
    }
}

/// What the questions read: the answers typed, the question numbers, the report if checked.
struct Asking<'a> {
    answers: &'a Answers,
    tree: &'a GameTree,
    /// Each node asked about, numbered in the order the search meets it.
    number: BTreeMap<NodeId, usize>,
    report: Option<&'a Report>,
    dispatch: UseReducerDispatcher<Store<AbState>>,
}

/// What the student is asked to do at this level.
fn instructions(level: ab_practice::Level) -> &'static str {
    match level {
        ab_practice::Level::Prune => "Alpha-beta searches this tree left to right, MAX (▲) at the root. Click each node whose branch alpha-beta prunes (or Tab to it and press Enter): mark only the highest node of each cut. Then Check.",
        ab_practice::Level::Values => "Mark the pruned branches, and type the value alpha-beta (fail-soft) returns from each node marked ?n.",
        ab_practice::Level::Windows => "Mark the pruned branches, type the values returned, and the (α, β) each node marked ?n is entered with.",
    }
}

/// The fields for the values and windows asked, in the order the search meets their nodes.
fn questions(ex: &Exercise, asking: &Asking) -> Html {
    let mut asked: Vec<NodeId> = asking.number.keys().copied().collect();
    asked.sort_by_key(|n| asking.number[n]);
    html! {
        if !asked.is_empty() {
            <fieldset class="questions">
                <legend>{ "Questions" }</legend>
                { for asked.iter().map(|&n| html! {
                    <>
                        if ex.ask_values.contains(&n) { { answer_field(asking, n, Question::Value) } }
                        if ex.ask_windows.contains(&n) { { answer_field(asking, n, Question::Alpha) }{ answer_field(asking, n, Question::Beta) } }
                    </>
                }) }
                <p class="hint" id="value-help">{ "Whole numbers; −∞ and +∞ may be typed as -inf and inf." }</p>
            </fieldset>
        }
    }
}

/// One typed answer (a node's value, α or β), with its verdict once checked.
fn answer_field(asking: &Asking, n: NodeId, which: Question) -> Html {
    let answers = asking.answers;
    let value = match which {
        Question::Value => answers.values.get(&n),
        Question::Alpha => answers.alphas.get(&n),
        _ => answers.betas.get(&n),
    }
    .cloned()
    .unwrap_or_default();
    let label = asking.tree.node(n).label.clone();
    let q = asking.number.get(&n).copied().unwrap_or(0);
    let text = match which {
        Question::Value => format!("?{q} Value {label} returns"),
        Question::Alpha => format!("?{q} α when {label} is entered"),
        _ => format!("?{q} β when {label} is entered"),
    };
    let verdict = asking.report.and_then(|r| {
        r.items
            .iter()
            .find(|i| i.node == n && i.question == which)
            .map(|i| i.verdict)
    });
    let oninput = {
        let d = asking.dispatch.clone();
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
}

/// Check, Reveal and Clear answers.
fn buttons(ex: &Rc<Exercise>, dispatch: &UseReducerDispatcher<Store<AbState>>) -> Html {
    let on = |action: fn(&Rc<Exercise>) -> AbAction| {
        let (d, ex) = (dispatch.clone(), ex.clone());
        Callback::from(move |_: MouseEvent| d.dispatch(action(&ex)))
    };
    let on_check = on(|_| AbAction::Check);
    let on_reveal = on(|ex| AbAction::Reveal(ex.clone()));
    let on_clear = on(|_| AbAction::Clear);
    html! {
        <div class="row">
            <button type="button" class="primary" onclick={on_check}>{ "Check" }</button>
            <button type="button" onclick={on_reveal}>{ "Reveal" }</button>
            <button type="button" onclick={on_clear}>{ "Clear answers" }</button>
        </div>
    }
}

/// The student's tree: cuts, questions, verdicts, and — where an answer was wrong or missing —
/// what the engine had.
fn practice_marks(ex: &Exercise, asking: &Asking) -> Vec<PracticeMark> {
    let (tree, answers, report) = (asking.tree, asking.answers, asking.report);
    let corrections = report.map(|r| r.corrections(&ex.key)).unwrap_or_default();
    let branch_verdicts: BTreeMap<NodeId, Verdict> = report
        .map(|r| {
            r.items
                .iter()
                .filter(|i| i.question == Question::Branch)
                .map(|i| (i.node, i.verdict))
                .collect()
        })
        .unwrap_or_default();
    tree.nodes()
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
            PracticeMark {
                answered: report.and_then(|r| answered(r, id)),
                value: n.payoff.first().copied(),
                marked: answers.marked.contains(&id),
                under_mark: under,
                asked: asking.number.get(&id).copied(),
                verdict: branch_verdicts.get(&id).copied(),
                correction: corrections.get(&id).copied().unwrap_or_default(),
            }
        })
        .collect()
}

/// The verdict on a node's typed answers taken together (the worst of them), if any was asked.
fn answered(r: &Report, id: NodeId) -> Option<Verdict> {
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
}

pub(crate) fn verdict_class(v: Verdict) -> &'static str {
    match v {
        Verdict::Right => "right",
        Verdict::Wrong => "wrong",
        Verdict::Missed => "missed",
    }
}

pub(crate) fn verdict_words(v: Verdict) -> &'static str {
    match v {
        Verdict::Right => "✓ right",
        Verdict::Wrong => "✗ wrong",
        Verdict::Missed => "✂ missed",
    }
}

#[derive(Properties, PartialEq)]
pub(crate) struct ReportProps {
    pub report: Report,
    pub tree: Rc<arbor_game::GameTree>,
}

#[component]
pub(crate) fn ReportView(props: &ReportProps) -> Html {
    crate::renders::count("ReportView");
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
pub(crate) struct RevealProps {
    pub run: Rc<Exercise>,
    pub start: usize,
    pub on_close: Callback<()>,
}

impl PartialEq for RevealProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.run, &other.run) && self.start == other.start
    }
}

/// The real run, stepped from the first difference.
#[component]
pub(crate) fn Reveal(props: &RevealProps) -> Html {
    crate::renders::count("Reveal");
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
    let marks: Vec<NodeMark> = alphabeta::marks(run.replay.tree(), &frame, Perspective::Max, true);
    let current = frame.current.map(|n| n.index());
    let scene = use_memo((), {
        let tree = run.replay.tree().clone();
        move |_| Rc::new(Scene::of_tree(&tree))
    });
    let text = alphabeta::caption::caption(
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
            <TreeView<NodeMark> scene={(*scene).clone()} looks={Looks::of(marks)} drawing={DrawingId::of(&*scene)}
                focus={current} follows=true title={format!("Alpha-beta's run, step {at} of {len}")} />
            <Pseudocode lines={alphabeta::pseudocode::listing(Algorithm::AlphaBeta)} current={alphabeta::pseudocode::line_at(run, at)} title={Algorithm::AlphaBeta.title()} />
            <div class="row"><button type="button" onclick={close}>{ "Back to your answers" }</button></div>
        </section>
    }
}
