//! The seed documents' trees give the seeds' values, prune exactly the seeds' nodes, and show
//! (α, β) as the tutorials walk them.

use arbor_game::presets::{preset, PRESETS};
use arbor_game::replay::{Frame, NodeStatus, Replay, StepKind, ValueKind};
use arbor_game::{
    alpha_beta, maxn, minimax, AlphaBetaOptions, Fail, GameTree, NodeId, Quiet, Recorder, INF,
};

fn tree(id: &str) -> GameTree {
    GameTree::parse(preset(id).expect("preset").text).expect("preset parses")
}

fn alpha_beta_replay(tree: &GameTree, fail: Fail) -> Replay {
    let mut rec = Recorder::new();
    alpha_beta(
        tree,
        &tree.root(),
        &AlphaBetaOptions {
            fail,
            ..AlphaBetaOptions::default()
        },
        &mut rec,
    );
    Replay::new(tree.clone(), rec.into_trace())
}

fn labels_with(tree: &GameTree, frame: &Frame, status: NodeStatus) -> Vec<String> {
    frame
        .nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| n.status == status)
        .map(|(i, _)| tree.node(NodeId(i as u32)).label.clone())
        .collect()
}

fn value(tree: &GameTree, frame: &Frame, label: &str) -> (Option<i32>, ValueKind) {
    let n = &frame.nodes[tree.find_label(label).unwrap().index()];
    (n.value, n.kind)
}

/// The first frame after which `label`'s node has the given window.
fn window_seen(replay: &Replay, label: &str, window: (i32, i32)) -> bool {
    let id = replay.tree().find_label(label).unwrap();
    (0..=replay.len()).any(|k| replay.frame(k).nodes[id.index()].window == Some(window))
}

#[test]
fn seed_003_minimax_tree() {
    let tree = tree("seed003-minimax");
    let mut rec = Recorder::new();
    assert_eq!(minimax(&tree, &tree.root(), None, &mut rec).value, 4);
    let replay = Replay::new(tree.clone(), rec.into_trace());
    let end = replay.frame(replay.len());
    for (label, v) in [
        ("D", 4),
        ("E", 6),
        ("F", -3),
        ("G", 7),
        ("B", 4),
        ("C", -3),
        ("A", 4),
    ] {
        assert_eq!(
            value(&tree, &end, label),
            (Some(v), ValueKind::Exact),
            "{label}"
        );
    }
    assert!(labels_with(&tree, &end, NodeStatus::Pruned).is_empty());
    // The principal variation: A → B → D → 4.
    let pv: Vec<&str> = end
        .principal
        .iter()
        .map(|&id| tree.node(id).label.as_str())
        .collect();
    assert_eq!(pv, ["A", "B", "D", "I"]);
}

#[test]
fn seed_003_alpha_beta_tree() {
    let tree = tree("seed003-alphabeta");
    for fail in [Fail::Soft, Fail::Hard] {
        let replay = alpha_beta_replay(&tree, fail);
        let end = replay.frame(replay.len());
        assert!(end.finished);
        assert_eq!(value(&tree, &end, "A"), (Some(3), ValueKind::Exact));
        // E's right leaf (K) and the whole of G (G, N, O) are pruned.
        assert_eq!(
            labels_with(&tree, &end, NodeStatus::Pruned),
            ["G", "K", "N", "O"],
            "{fail:?}"
        );
        assert_eq!(end.stats.evaluated, 5);
        assert_eq!(end.stats.pruned, 4);
        assert_eq!(end.stats.cutoffs, 2);
        // The tutorial's windows: B gets (−∞, 3) from D; E is entered with (−∞, 3) and its
        // α rises to 5 ≥ β; A's α is 3 when C and F are entered with (3, +∞); C's β falls
        // to 1 ≤ α.
        assert!(window_seen(&replay, "B", (-INF, 3)));
        assert!(window_seen(&replay, "E", (-INF, 3)));
        assert!(window_seen(&replay, "E", (5, 3)));
        assert!(window_seen(&replay, "C", (3, INF)));
        assert!(window_seen(&replay, "F", (3, INF)));
        assert!(window_seen(&replay, "D", (3, INF)));
    }
    // C's β falls to F's value: 1 in the tutorial's (fail-soft) form, where F returns 1; 3 in
    // fail-hard, where F returns its α.
    assert!(window_seen(
        &alpha_beta_replay(&tree, Fail::Soft),
        "C",
        (3, 1)
    ));
    assert!(window_seen(
        &alpha_beta_replay(&tree, Fail::Hard),
        "C",
        (3, 3)
    ));
    // Fail-soft values as the tutorial gives them: D = 3, E = 5 (at least), F = 1, C = 1.
    let replay = alpha_beta_replay(&tree, Fail::Soft);
    let end = replay.frame(replay.len());
    assert_eq!(value(&tree, &end, "D"), (Some(3), ValueKind::Exact));
    assert_eq!(value(&tree, &end, "E"), (Some(5), ValueKind::AtLeast));
    assert_eq!(value(&tree, &end, "B"), (Some(3), ValueKind::Exact));
    assert_eq!(value(&tree, &end, "F"), (Some(1), ValueKind::AtMost));
    assert_eq!(value(&tree, &end, "C"), (Some(1), ValueKind::AtMost));
    // Leaves are exact, even outside their parent's window.
    assert_eq!(value(&tree, &end, "J"), (Some(5), ValueKind::Exact));
    // Fail-hard clamps to the window: E returns β = 3, F and C return α = 3.
    let replay = alpha_beta_replay(&tree, Fail::Hard);
    let end = replay.frame(replay.len());
    assert_eq!(value(&tree, &end, "E"), (Some(3), ValueKind::AtLeast));
    assert_eq!(value(&tree, &end, "F"), (Some(3), ValueKind::AtMost));
    assert_eq!(value(&tree, &end, "C"), (Some(3), ValueKind::AtMost));
}

#[test]
fn seed_001_pruning_example() {
    // max(min(3,12,8), min(2,x,y), min(14,5,2)) = 3: x and y are pruned.
    let tree = tree("seed001-aima");
    let replay = alpha_beta_replay(&tree, Fail::Soft);
    let end = replay.frame(replay.len());
    assert_eq!(end.nodes[0].value, Some(3));
    let pruned = labels_with(&tree, &end, NodeStatus::Pruned);
    assert_eq!(pruned, ["I", "J"]);
    assert_eq!(tree.node(tree.find_label("I").unwrap()).payoff, vec![4]);
    assert_eq!(tree.node(tree.find_label("J").unwrap()).payoff, vec![6]);
    assert_eq!(value(&tree, &end, "C"), (Some(2), ValueKind::AtMost));
}

#[test]
fn seed_000_min_root_example() {
    // MIN root over MAX nodes (2, 4) and (6, 8): root 4; 8 is pruned once 6 ≥ β = 4.
    let tree = tree("seed000-min-root");
    let replay = alpha_beta_replay(&tree, Fail::Soft);
    let end = replay.frame(replay.len());
    assert_eq!(end.nodes[0].value, Some(4));
    assert_eq!(labels_with(&tree, &end, NodeStatus::Pruned), ["G"]);
    assert_eq!(tree.node(tree.find_label("G").unwrap()).payoff, vec![8]);
    assert!(window_seen(&replay, "C", (-INF, 4)));
    assert!(window_seen(&replay, "C", (6, 4)));
    let cut = replay
        .steps()
        .iter()
        .filter(|s| s.kind == StepKind::Cutoff)
        .count();
    assert_eq!(cut, 1);
}

#[test]
fn seed_001_nim_from_four() {
    let tree = tree("seed001-nim4");
    assert_eq!(minimax(&tree, &tree.root(), None, &mut Quiet).value, -1);
    assert_eq!(
        alpha_beta(
            &tree,
            &tree.root(),
            &AlphaBetaOptions::default(),
            &mut Quiet
        )
        .value,
        -1
    );
}

#[test]
fn three_players_max_n() {
    let tree = tree("aima-maxn");
    let mut rec = Recorder::new();
    let outcome = maxn(&tree, &tree.root(), None, &mut rec);
    assert_eq!(outcome.values, vec![1, 2, 6]);
    let replay = Replay::new(tree.clone(), rec.into_trace());
    let end = replay.frame(replay.len());
    let vector = |label: &str| {
        end.nodes[tree.find_label(label).unwrap().index()]
            .vector
            .clone()
    };
    // C's choices: (1,2,6), (6,1,2), (1,5,2), (5,4,5); B's: (1,2,6), (1,5,2).
    assert_eq!(vector("D"), Some(vec![1, 2, 6]));
    assert_eq!(vector("E"), Some(vec![6, 1, 2]));
    assert_eq!(vector("F"), Some(vec![1, 5, 2]));
    assert_eq!(vector("G"), Some(vec![5, 4, 5]));
    assert_eq!(vector("B"), Some(vec![1, 2, 6]));
    assert_eq!(vector("C"), Some(vec![1, 5, 2]));
}

#[test]
fn every_preset_has_a_value_from_both_searches() {
    for p in PRESETS {
        let tree = GameTree::parse(p.text).unwrap();
        if tree.players() == 2 {
            let mm = minimax(&tree, &tree.root(), None, &mut Quiet);
            let ab = alpha_beta(
                &tree,
                &tree.root(),
                &AlphaBetaOptions::default(),
                &mut Quiet,
            );
            assert_eq!(mm.value, ab.value, "{}", p.id);
        }
    }
}
