//! The drawn MCTS tree of game runs: a tidy tree (no two edges cross) with each node's board.

use super::*;
use crate::game::{c4_picture, label, ttt_picture, Move, TTT};
use crate::scene::{
    edge_ends, label_place, picture_box, shape_box, text_box, type_size, Rect, Scene, SceneNode,
};
use arbor_games::connect4::{Connect4, Eval};

/// Whether segments `a`–`b` and `c`–`d` cross (touching at a shared end does not count).
fn cross(a: (f64, f64), b: (f64, f64), c: (f64, f64), d: (f64, f64)) -> bool {
    let same = |p: (f64, f64), q: (f64, f64)| (p.0 - q.0).abs() < 1e-9 && (p.1 - q.1).abs() < 1e-9;
    if same(a, c) || same(a, d) || same(b, c) || same(b, d) {
        return false;
    }
    let orient = |p: (f64, f64), q: (f64, f64), r: (f64, f64)| {
        let v = (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0);
        if v.abs() < 1e-9 {
            0
        } else if v > 0.0 {
            1
        } else {
            -1
        }
    };
    let on = |p: (f64, f64), q: (f64, f64), r: (f64, f64)| {
        r.0 >= p.0.min(q.0) - 1e-9
            && r.0 <= p.0.max(q.0) + 1e-9
            && r.1 >= p.1.min(q.1) - 1e-9
            && r.1 <= p.1.max(q.1) + 1e-9
    };
    let (o1, o2, o3, o4) = (
        orient(a, b, c),
        orient(a, b, d),
        orient(c, d, a),
        orient(c, d, b),
    );
    (o1 != o2 && o3 != o4)
        || (o1 == 0 && on(a, b, c))
        || (o2 == 0 && on(a, b, d))
        || (o3 == 0 && on(c, d, a))
        || (o4 == 0 && on(c, d, b))
}

/// Whether the segment `a`–`b` passes through `r`.
fn through(a: (f64, f64), b: (f64, f64), r: &Rect) -> bool {
    // Clip the segment's parameter to the box, slab by slab.
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, d, lo, hi) in [(a.0, b.0 - a.0, r.x0, r.x1), (a.1, b.1 - a.1, r.y0, r.y1)] {
        if d.abs() < 1e-12 {
            if p < lo || p > hi {
                return false;
            }
        } else {
            let (u, v) = ((lo - p) / d, (hi - p) / d);
            t0 = t0.max(u.min(v));
            t1 = t1.min(u.max(v));
        }
    }
    t0 < t1
}

/// The edges as drawn: each one's segments, with the indices of the nodes it joins.
fn edges(scene: &Scene) -> Vec<(usize, usize, Vec<Segment>)> {
    (0..scene.nodes.len())
        .filter_map(|i| {
            let p = scene.nodes[i].parent?;
            let (a, b) = edge_ends(&scene.nodes[p], &scene.nodes[i]);
            Some((p, i, vec![(a, b)]))
        })
        .collect()
}

/// A straight piece of an edge.
type Segment = ((f64, f64), (f64, f64));

/// What a node draws: its shape, its name and its board.
fn node_boxes(node: &SceneNode) -> Vec<Rect> {
    let (lx, ly) = label_place(node);
    let mut boxes = vec![
        shape_box(node),
        text_box(&node.label, lx, ly, type_size::SMALL, false, -1),
    ];
    if let Some(p) = &node.picture {
        let (l, t, r, b) = picture_box(p);
        boxes.push(Rect {
            x0: node.x + l,
            y0: node.y + t,
            x1: node.x + r,
            y1: node.y + b,
        });
    }
    boxes
}

/// How many times an edge passes through a node it does not join: its shape, its name or its
/// board.
fn edges_through_nodes(scene: &Scene) -> usize {
    let boxes: Vec<Vec<Rect>> = scene.nodes.iter().map(node_boxes).collect();
    let mut count = 0;
    for (p, c, segments) in edges(scene) {
        for (k, b) in boxes.iter().enumerate() {
            if k != c
                && k != p
                && segments
                    .iter()
                    .any(|&(a, e)| b.iter().any(|r| through(a, e, r)))
            {
                count += 1;
            }
        }
    }
    count
}

/// How many pairs of the scene's edges, as drawn, cross (edges that share a node meet there,
/// and do not count).
fn crossings(scene: &Scene) -> usize {
    let edges = edges(scene);
    let mut count = 0;
    for (i, (p, c, e)) in edges.iter().enumerate() {
        for (q, d, f) in &edges[i + 1..] {
            if [q, d].iter().any(|n| *n == p || *n == c) {
                continue;
            }
            if e.iter()
                .any(|&(a, b)| f.iter().any(|&(x, y)| cross(a, b, x, y)))
            {
                count += 1;
            }
        }
    }
    count
}

fn request(seed: u64) -> MctsRequest {
    MctsRequest {
        iterations: 400,
        seed,
        ..MctsRequest::default()
    }
}

fn ttt_run(seed: u64) -> MctsView {
    let name = |m: u8| label(Move::Cell(m), 1);
    let exact = |_: u8, _: &_| None;
    let picture = |b: &_| ttt_picture(b, false);
    grow(
        &request(seed),
        Setting {
            game: &TTT,
            root: Default::default(),
            root_label: "start".into(),
            name: &name,
            reward: &win_draw_loss,
            reward_rule: String::new(),
            exact: &exact,
            sides: ["X".into(), "O".into()],
            picture: Some(&picture),
        },
        &mut |_| {},
    )
    .unwrap()
}

fn c4_run(seed: u64) -> MctsView {
    let name = |m: u8| label(Move::Column(m), 1);
    let exact = |_: u8, _: &_| None;
    grow(
        &request(seed),
        Setting {
            game: &Connect4 { eval: Eval::Seed },
            root: Default::default(),
            root_label: "start".into(),
            name: &name,
            reward: &win_draw_loss,
            reward_rule: String::new(),
            exact: &exact,
            sides: ["Red".into(), "Yellow".into()],
            picture: Some(&c4_picture),
        },
        &mut |_| {},
    )
    .unwrap()
}

/// MCTS's trees of tic-tac-toe and connect four, grown from several seeds and drawn after
/// every 20th node added and at the end: each node with its board, no two edges crossing and
/// no edge across a node it does not join (straight from centre to centre, a parent's edges
/// to children spread wide ran across their siblings and names: 19 to 74 times a tree).
#[test]
fn game_trees_are_drawn_with_boards_and_no_crossing_edges() {
    for seed in 1..=6 {
        for (game, view) in [
            ("tic-tac-toe", ttt_run(seed)),
            ("connect four", c4_run(seed)),
        ] {
            let boards = view.nodes.iter().filter(|n| n.picture.is_some()).count();
            assert_eq!(boards, view.nodes.len(), "{game}, seed {seed}");
            let sizes = (1..view.nodes.len()).step_by(20).chain([view.nodes.len()]);
            for added in sizes {
                let scene = view.scene(added);
                let at = format!("{game}, seed {seed}, {added} nodes");
                assert_eq!(scene.nodes.len(), added, "{at}");
                assert!(scene.nodes.iter().all(|n| n.picture.is_some()), "{at}");
                assert_eq!(crossings(&scene), 0, "{at}: edges cross");
                assert_eq!(
                    edges_through_nodes(&scene),
                    0,
                    "{at}: an edge crosses a node"
                );
            }
        }
    }
}

/// A tree's run (no game, no boards) is drawn as before: straight edges.
#[test]
fn tree_runs_draw_no_boards_and_straight_edges() {
    let view = run_tree(&request(3), &mut |_| {}).unwrap();
    let scene = view.scene(view.nodes.len());
    assert!(view.nodes.iter().all(|n| n.picture.is_none()));
    assert!(scene.nodes.iter().all(|n| n.picture.is_none()));
    assert_eq!(crossings(&scene), 0);
}
