//! The stepper's side panels: the legend, the counts, and the comparison of move orders.

use super::CompareBody;
use crate::components::whole_tree::TreeSvg;
use crate::store::Store;
use arbor_app::alphabeta::page::{Action, State};
use arbor_app::alphabeta::{ordering_key, ordering_title, Algorithm, Comparison, OrderResult, Run};
use arbor_app::same::Same;
use arbor_app::scene::{NodeMark, Scene};
use arbor_game::{Fail, GameTree};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties)]
pub(super) struct StatsTableProps {
    pub run: Rc<Run>,
    /// The counts at the step shown.
    pub now: arbor_game::replay::FrameStats,
}

impl PartialEq for StatsTableProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.run, &other.run) && self.now == other.now
    }
}

#[component]
pub(super) fn StatsTable(props: &StatsTableProps) -> Html {
    crate::renders::count("StatsTable");
    let run = &props.run;
    let now = props.now;
    let end = run.end;
    let row = |name: &'static str, now: u64, end: u64, minimax: Option<u64>| {
        html! {
            <tr><th scope="row">{ name }</th><td>{ now }</td><td>{ end }</td><td>{ minimax.map(|m| m.to_string()).unwrap_or_else(|| "—".into()) }</td></tr>
        }
    };
    html! {
        <div class="stats">
            <h2>{ "Counts" }</h2>
            <table>
                <thead><tr><th scope="col"><span class="sr-only">{ "Count" }</span></th><th scope="col">{ "Now" }</th><th scope="col">{ "At the end" }</th><th scope="col">{ "Minimax" }</th></tr></thead>
                <tbody>
                    { row("Visited", now.visited, end.visited, run.minimax.map(|m| m.visited)) }
                    { row("Evaluated", now.evaluated, end.evaluated, run.minimax.map(|m| m.evaluated)) }
                    { row("Pruned", now.pruned, end.pruned, run.minimax.map(|_| 0)) }
                    { row("Cutoffs", now.cutoffs, end.cutoffs, run.minimax.map(|_| 0)) }
                    if matches!(run.algorithm, Algorithm::Deepening | Algorithm::Solver) {
                        { row("Table hits", now.table_hits, end.table_hits, None) }
                    }
                </tbody>
            </table>
            <p class="result">{ "Root value when the search ends: " }<strong class="root-value">{ run.result.clone() }</strong></p>
            if let Some(note) = &run.limited {
                <p class="hint limited" role="status">{ note.clone() }</p>
            }
            if let (Some(km), Some(mm)) = (run.knuth_moore.filter(|_| run.algorithm != Algorithm::MaxN), run.minimax) {
                <p class="hint">{ format!("This tree is uniform: no search can prove its value evaluating fewer than {km} leaves (Knuth–Moore), against {} for minimax.", mm.evaluated) }</p>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub(super) struct ComparePanelProps {
    /// The tree shown (by identity: an equal tree typed again is not searched again).
    pub tree: Same<GameTree>,
    pub open: bool,
    pub fail: Fail,
    pub depth: Option<u32>,
    pub dispatch: UseReducerDispatcher<Store<State>>,
}

/// Trees drawn side by side up to this size.
pub(super) const COMPARE_DRAW_LIMIT: usize = 400;

/// The comparison's heading, a button that opens it; open, its body.
#[component]
pub(super) fn ComparePanel(props: &ComparePanelProps) -> Html {
    crate::renders::count("ComparePanel");
    let toggle = {
        let d = props.dispatch.clone();
        let open = props.open;
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Compare(!open)))
    };
    html! {
        <section class="compare" aria-label="Move order compared">
            <h2>
                <button type="button" class="disclosure" aria-expanded={props.open.to_string()} onclick={toggle}>
                    { if props.open { "▾ " } else { "▸ " } }{ "Move order: natural, best and worst on this tree" }
                </button>
            </h2>
            if props.open {
                <CompareBody tree={props.tree.clone()} fail={props.fail} depth={props.depth} />
            }
        </section>
    }
}

#[derive(Properties, PartialEq, Clone)]
pub(crate) struct CompareProps {
    pub tree: Same<GameTree>,
    pub fail: Fail,
    pub depth: Option<u32>,
}

/// The comparison, open: each order's counts and tree, and minimax's. (Drawn through
/// [`super::CompareBody`]: its code is fetched with the tools, once it is in view.)
#[component]
pub(crate) fn CompareBodyNow(props: &CompareProps) -> Html {
    let results = use_comparison(props);
    let tree = &props.tree.0;
    let drawn = tree.len() <= COMPARE_DRAW_LIMIT;
    let scene = use_memo(props.tree.clone(), move |tree| {
        drawn.then(|| Rc::new(Scene::of_tree(tree)))
    });
    let current = results
        .as_deref()
        .and_then(|c| c.of(tree, props.fail, props.depth));
    let orders: &[OrderResult] = current.map_or(&[], |c| &c.orders);
    let km = tree
        .uniform_shape()
        .filter(|_| props.depth.is_none())
        .and_then(|(b, d)| arbor_game::knuth_moore_minimum(b as u64, d));
    html! {
        <>
            if current.is_none() {
                <p class="hint" role="status">{ "Running alpha-beta in each order…" }</p>
            }
            <div class="compare-grid">
                { for orders.iter().map(|r| order_figure(r, &scene, current)) }
            </div>
            { totals(current, km) }
        </>
    }
}

/// The comparison's results, the last ones worked out: three more searches of the tree, and
/// minimax, run after the tree is first drawn (a large tree's first draw does not wait for
/// them), while the panel is open. Until the new ones come, the last results are of another
/// tree: `Comparison::of` keeps them off this one.
#[hook]
fn use_comparison(props: &CompareProps) -> UseStateHandle<Option<Rc<Comparison>>> {
    let results = use_state(|| None::<Rc<Comparison>>);
    {
        let results = results.clone();
        use_effect_with(
            (props.tree.clone(), props.fail, props.depth),
            move |(tree, fail, depth)| {
                let (tree, fail, depth) = (tree.0.clone(), *fail, *depth);
                let timer = gloo_timers::callback::Timeout::new(80, move || {
                    results.set(Some(Rc::new(Comparison::run(tree, fail, depth))));
                });
                move || drop(timer)
            },
        );
    }
    results
}

/// One move order's counts, and its tree drawn small when the tree is small enough.
fn order_figure(r: &OrderResult, scene: &Option<Rc<Scene>>, current: Option<&Comparison>) -> Html {
    html! {
        <figure class="compare-item" data-order={ordering_key(r.ordering)}>
            <figcaption>
                <strong>{ ordering_title(r.ordering) }</strong>
                <span class="counts">{ format!("{} evaluated · {} visited · {} pruned", arbor_util::counted(r.evaluated, "leaf", "leaves"), arbor_util::counted(r.visited, "node", "nodes"), r.pruned) }</span>
            </figcaption>
            if let (Some(scene), Some(c)) = (scene, current) {
                // Scrolls: a tab stop, so a keyboard can scroll it too.
                <div class="compare-tree" tabindex="0" role="group" aria-label={format!("{} order, drawn", ordering_title(r.ordering))}>
                    <TreeSvg<NodeMark> scene={scene.clone()} marks={Rc::new(c.marks(r))} zoom={0.5}
                        title={format!("The tree after alpha-beta in {} order", ordering_key(r.ordering))} />
                </div>
            }
        </figure>
    }
}

/// Minimax's counts, and the Knuth–Moore minimum when the tree is uniform.
fn totals(current: Option<&Comparison>, km: Option<u64>) -> Html {
    html! {
        <p class="hint">
            if let Some(c) = current {
                { format!("Minimax evaluates {} and visits {}.", arbor_util::counted(c.minimax.evaluated, "leaf", "leaves"), arbor_util::counted(c.minimax.visited, "node", "nodes")) }
            }
            if let Some(km) = km {
                { format!(" The Knuth–Moore minimum for this uniform tree is {km} leaves; the best order reaches it.") }
            }
        </p>
    }
}
