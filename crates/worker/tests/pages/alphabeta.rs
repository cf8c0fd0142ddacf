//! The alpha-beta stepper page.

use std::rc::Rc;

use arbor_app::alphabeta::page::{Action, State};
use arbor_app::alphabeta::view::StepView;
use arbor_app::alphabeta::{
    caption::caption, pseudocode, Algorithm, Comparison, Perspective, Source,
};
use arbor_app::control::Control;
use arbor_app::route::{Route, View};
use arbor_app::scene::{Relation, Scene, Shown};
use arbor_game::presets::PRESETS;
use arbor_game::{Fail, GameTree, NodeId, Ordering, RandomSpec};
use proptest::prelude::*;

use crate::harness::{add_leaf, apply, control, no_notices, read_back, text_of, typed_text};

/// What a user can do on the page, with node numbers taken modulo the tree's size when applied
/// (a click lands on a node that exists), or kept as they are (a click that arrives after the
/// tree changed).
#[derive(Clone, Debug)]
enum Do {
    Control(Control),
    Tick,
    Algorithm(Algorithm),
    Ordering(Ordering),
    Depth(Option<u32>),
    MinRoot(bool),
    Preset(usize),
    PresetGrown(usize),
    RandomForm(RandomSpec),
    Generate,
    Text(String),
    WriteText,
    EditLeaf(u32, bool),
    SetLeaf(u32, i32, bool),
    Fold(u32, bool),
    Levels(Option<u32>),
    Compare(bool),
    /// The order comparison, worked out after a render, comes back (for the tree of that
    /// moment: the next actions may have replaced it).
    ComparisonArrives,
}

fn random_spec() -> impl Strategy<Value = RandomSpec> {
    (
        0u32..7,
        0u32..5,
        0u32..5,
        -30i32..30,
        0i32..40,
        2u32..5,
        any::<u64>(),
    )
        .prop_map(
            |(depth, min_b, extra, low, span, players, seed)| RandomSpec {
                depth,
                min_branching: min_b,
                max_branching: min_b + extra,
                low,
                high: low + span,
                players: if players == 4 { 2 } else { players },
                seed,
                chance: false,
            },
        )
}

fn action() -> impl Strategy<Value = Do> {
    prop_oneof![
        6 => control(400).prop_map(Do::Control),
        2 => Just(Do::Tick),
        2 => prop::sample::select(Algorithm::ALL.to_vec()).prop_map(Do::Algorithm),
        1 => prop::sample::select(Ordering::ALL.to_vec()).prop_map(Do::Ordering),
        1 => prop::option::of(0u32..6).prop_map(Do::Depth),
        1 => any::<bool>().prop_map(Do::MinRoot),
        1 => (0..PRESETS.len()).prop_map(Do::Preset),
        1 => (0..PRESETS.len()).prop_map(Do::PresetGrown),
        1 => random_spec().prop_map(Do::RandomForm),
        2 => Just(Do::Generate),
        3 => typed_text().prop_map(Do::Text),
        1 => Just(Do::WriteText),
        1 => (any::<u32>(), any::<bool>()).prop_map(|(n, stale)| Do::EditLeaf(n, stale)),
        2 => (any::<u32>(), -99i32..99, any::<bool>()).prop_map(|(n, v, stale)| Do::SetLeaf(n, v, stale)),
        2 => (any::<u32>(), any::<bool>()).prop_map(|(n, stale)| Do::Fold(n, stale)),
        1 => prop::option::of(0u32..5).prop_map(Do::Levels),
        1 => any::<bool>().prop_map(Do::Compare),
        2 => Just(Do::ComparisonArrives),
    ]
}

/// A node number: one of the tree's (modulo its size) or, for a stale click, as drawn.
fn node(n: u32, stale: bool, len: usize) -> NodeId {
    NodeId(if stale { n % 64 } else { n % len as u32 })
}

fn to_action(d: Do, s: &State) -> Option<Action> {
    let len = s.tree.len();
    Some(match d {
        Do::Control(c) => Action::Control(c),
        Do::Tick => Action::Tick,
        Do::Algorithm(a) => Action::Algorithm(a),
        Do::Ordering(o) => Action::Ordering(o),
        Do::Depth(d) => Action::Depth(d),
        Do::MinRoot(m) => Action::MinRoot(m),
        Do::Preset(i) => Action::Preset(PRESETS[i].id),
        Do::PresetGrown(i) => Action::Text(add_leaf(PRESETS[i].text)),
        Do::RandomForm(spec) => Action::RandomForm(spec),
        Do::Generate => Action::Generate,
        Do::Text(t) => Action::Text(t),
        Do::WriteText => Action::WriteText,
        Do::EditLeaf(n, stale) => Action::EditLeaf(Some(node(n, stale, len))),
        Do::SetLeaf(n, v, stale) => Action::SetLeaf(node(n, stale, len), v),
        Do::Fold(n, stale) => Action::ToggleCollapse(node(n, stale, len)),
        Do::Levels(l) => Action::Levels(l),
        Do::Compare(c) => Action::Compare(c),
        Do::ComparisonArrives => return None,
    })
}

/// What the view keeps between renders: the step's cursor, and the last order comparison.
#[derive(Default)]
pub struct Kept {
    cursor: Option<StepView>,
    comparison: Option<Comparison>,
}

/// What the page's view computes from the state, as the view does it; fails on any broken
/// invariant (and panics where the view would).
pub fn view(s: &State, kept: &mut Kept) -> Result<(), TestCaseError> {
    let run = &s.run;
    let tree = &s.tree;
    let step = s.settings.step;
    prop_assert!(
        step <= run.replay.len(),
        "step {} of {}",
        step,
        run.replay.len()
    );
    // The run is of the tree shown.
    prop_assert_eq!(run.replay.tree().len(), tree.len());
    if tree.len() <= 2_000 && s.game.is_none() {
        prop_assert_eq!(text_of(run.replay.tree()), text_of(tree));
    }
    let v = kept
        .cursor
        .get_or_insert_with(|| StepView::new(run.clone()));
    let changed = v.seek(run, step);
    let frame = v.frame();
    prop_assert_eq!(
        frame.nodes.len(),
        tree.len(),
        "the frame is of another tree"
    );
    if let Some(changed) = &changed {
        prop_assert!(
            changed.iter().all(|&k| k < tree.len()),
            "changed node out of the tree"
        );
    }
    let perspective = if run.algorithm == Algorithm::Negamax {
        Perspective::Mover
    } else {
        Perspective::Max
    };
    // Iterative deepening's early iterations show values to their depth: its numbers are
    // the tree's own once it has finished.
    let whole = run.algorithm != Algorithm::Deepening || frame.finished;
    let truth = (whole && s.game.is_none() && s.settings.depth.is_none() && tree.players() == 2)
        .then(|| minimax_of_every_node(tree));
    for k in 0..tree.len() {
        let mark = v.mark(k, perspective, s.game.is_none());
        if let (Some(truth), Shown::Scalar(shown, relation)) = (&truth, &mark.value) {
            // What the tree shows is true of the tree: a value, or a bound on it, for MAX or
            // (negamax) for the player to move there; worked out here by plain minimax.
            let id = NodeId(k as u32);
            let sign = if perspective == Perspective::Mover && tree.player_at(id) == 1 {
                -1
            } else {
                1
            };
            let value = sign * truth[k];
            let holds = match relation {
                Relation::Exact => *shown == value,
                Relation::AtLeast => value >= *shown,
                Relation::AtMost => value <= *shown,
            };
            prop_assert!(
                holds,
                "{} at step {} shows {:?} {} for node {} ({}), whose value is {}",
                run.algorithm.key(),
                step,
                relation,
                shown,
                k,
                tree.node(id).label,
                value
            );
        }
    }
    let _ = caption(&run.replay, run.algorithm, step, frame, perspective);
    if let Some(line) = pseudocode::line_at(run, step) {
        prop_assert!(line < pseudocode::listing(run.algorithm).len());
    }
    // Folded nodes are inner nodes of this tree; the leaf being edited is a leaf of it.
    for id in s.collapsed.iter() {
        prop_assert!(
            id.index() < tree.len(),
            "folded node {:?} not in the tree",
            id
        );
        prop_assert!(!tree.node(*id).is_leaf(), "a leaf is folded");
    }
    if let Some(id) = s.editing {
        prop_assert!(
            id.index() < tree.len() && tree.node(id).is_leaf(),
            "editing {:?}",
            id
        );
    }
    let scene = Scene::of_visible(tree, &|k| s.collapsed.contains(&NodeId(k as u32)));
    prop_assert!(!scene.nodes.is_empty() && scene.nodes.len() <= tree.len());
    // The comparison drawn is the one of this tree and these settings, or none yet.
    if let Some(c) = kept
        .comparison
        .as_ref()
        .and_then(|c| c.of(tree, fail_of(s), s.settings.depth))
    {
        for order in &c.orders {
            prop_assert_eq!(c.marks(order).len(), tree.len());
        }
    }
    Ok(())
}

/// Every node's minimax value for MAX, by plain recursion over the tree (the oracle of the
/// values shown).
fn minimax_of_every_node(tree: &GameTree) -> Vec<i32> {
    fn walk(tree: &GameTree, id: NodeId, out: &mut [i32]) -> i32 {
        let node = tree.node(id);
        let value = if node.is_leaf() {
            node.payoff[0]
        } else {
            let values = node.children.iter().map(|&c| walk(tree, c, out));
            if tree.player_at(id) == 0 {
                values.max()
            } else {
                values.min()
            }
            .expect("an inner node has children")
        };
        out[id.index()] = value;
        value
    }
    let mut out = vec![0; tree.len()];
    walk(tree, tree.root(), &mut out);
    out
}

fn fail_of(s: &State) -> Fail {
    if s.run.algorithm == Algorithm::AlphaBetaHard {
        Fail::Hard
    } else {
        Fail::Soft
    }
}

/// The comparison the panel works out for the page as it is (for trees it draws).
fn compare_now(s: &State) -> Option<Comparison> {
    (s.compare && s.tree.players() == 2 && s.game.is_none() && s.tree.len() <= 2_000)
        .then(|| Comparison::run(s.tree.clone(), fail_of(s), s.settings.depth))
}

/// The URL the page writes opens the same page: the same settings, tree, result and step.
fn reads_back(s: &State) -> Result<(), TestCaseError> {
    if matches!(s.settings.source, Source::Game(_)) {
        return Ok(());
    }
    let (settings, route) = read_back(&s.settings, View::AlphaBeta)?;
    prop_assert_eq!(&settings, &s.settings, "{}", route.to_hash());
    let again = State::new(&route);
    no_notices(&again.notices, &route)?;
    prop_assert_eq!(
        text_of(&again.tree),
        text_of(&s.tree),
        "{}",
        route.to_hash()
    );
    prop_assert_eq!(&again.run.result, &s.run.result);
    prop_assert_eq!(again.settings.step, s.settings.step);
    Ok(())
}

fn page(start: usize) -> State {
    let mut route = Route::new(View::AlphaBeta);
    route.set("preset", PRESETS[start % PRESETS.len()].id);
    State::new(&route)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::harness::cases(96), ..ProptestConfig::default() })]

    /// Any sequence of what a user does keeps the page whole.
    #[test]
    fn any_sequence_of_actions_keeps_the_page_whole(start in 0usize..8, actions in prop::collection::vec(action(), 1..24)) {
        let mut s = Rc::new(page(start));
        let mut kept = Kept::default();
        view(&s, &mut kept)?;
        for d in actions {
            match to_action(d, &s) {
                Some(a) => s = apply(s, a),
                None => kept.comparison = compare_now(&s),
            }
            view(&s, &mut kept)?;
            reads_back(&s)?;
        }
    }
}

/// The teacher's first try (issue 33): the preset's tree with a leaf added after its first
/// leaf, typed into the box, stepped, then a random tree, then a new seed.
#[test]
fn a_bigger_tree_typed_after_the_preset_is_drawn_from_its_own_run() {
    let mut s = Rc::new(page(0));
    let mut kept = Kept::default();
    view(&s, &mut kept).unwrap();
    kept.comparison = compare_now(&s);
    s = apply(s, Action::Control(Control::Forward));
    view(&s, &mut kept).unwrap();
    s = apply(s, Action::Text(add_leaf(PRESETS[0].text)));
    assert_eq!(s.tree.len(), 16);
    // The comparison of the 15-node tree is not drawn on the 16-node one.
    view(&s, &mut kept).unwrap();
    assert!(kept
        .comparison
        .as_ref()
        .unwrap()
        .of(&s.tree, Fail::Soft, None)
        .is_none());
    kept.comparison = compare_now(&s);
    s = apply(s, Action::Generate);
    view(&s, &mut kept).unwrap();
    let spec = RandomSpec {
        seed: 99,
        depth: 4,
        ..s.random
    };
    s = apply(s, Action::RandomForm(spec));
    s = apply(s, Action::Generate);
    view(&s, &mut kept).unwrap();
}
