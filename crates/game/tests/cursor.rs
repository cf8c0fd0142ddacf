//! The replay cursor gives, after any walk of steps forward, back and jumps, exactly the frame
//! the replay computes from scratch — on random trees, every search the stepper offers.

use arbor_game::replay::{Cursor, Replay};
use arbor_game::{
    alpha_beta, iterative_deepening, maxn, minimax, AlphaBetaOptions, Budget, Fail, GameTree,
    Ordering, RandomSpec, Recorder, SplitMix64,
};

fn runs(tree: &GameTree) -> Vec<Replay> {
    let root = tree.root();
    let mut out = Vec::new();
    let mut record = |f: &mut dyn FnMut(&mut Recorder<_, _>)| {
        let mut rec = Recorder::new();
        f(&mut rec);
        out.push(Replay::new(tree.clone(), rec.into_trace()));
    };
    if tree.players() > 2 {
        record(&mut |r| {
            maxn(tree, &root, None, r);
        });
        return out;
    }
    record(&mut |r| {
        minimax(tree, &root, Some(2), r);
    });
    for fail in [Fail::Soft, Fail::Hard] {
        for ordering in [Ordering::Natural, Ordering::Best] {
            let options = AlphaBetaOptions {
                fail,
                ordering,
                ..AlphaBetaOptions::default()
            };
            record(&mut |r| {
                alpha_beta(tree, &root, &options, r);
            });
        }
    }
    let options = AlphaBetaOptions {
        table_bits: Some(8),
        ..AlphaBetaOptions::default()
    };
    record(&mut |r| {
        iterative_deepening(tree, &root, &options, Budget::unlimited(), r, |_| {});
    });
    out
}

#[test]
fn the_cursor_agrees_with_the_replay_after_any_walk() {
    let mut rng = SplitMix64(17);
    for seed in 0..60u64 {
        let tree = RandomSpec {
            depth: 2 + (seed % 4) as u32,
            min_branching: 1,
            max_branching: 4,
            low: -9,
            high: 9,
            players: if seed % 7 == 0 { 3 } else { 2 },
            seed,
            chance: false,
        }
        .generate()
        .unwrap();
        for replay in runs(&tree) {
            let len = replay.len();
            let mut cursor = Cursor::new(&replay);
            let mut walk = vec![0, 1, 2, len, len.saturating_sub(1), 0, len / 2];
            for _ in 0..30 {
                let at = cursor.done() as i64;
                let next = match rng.range(0, 3) {
                    0 => at + 1,
                    1 => at - 1,
                    2 => at + rng.range(-5, 5),
                    _ => rng.range(0, len as i64),
                };
                walk.push(next.clamp(0, len as i64) as usize);
            }
            for target in walk {
                cursor.seek(&replay, target);
                assert_eq!(cursor.done(), target.min(len));
                assert_eq!(
                    cursor.frame(),
                    &replay.frame(target),
                    "seed {seed}, step {target} of {len}"
                );
            }
        }
    }
}

#[test]
fn a_step_lists_the_nodes_it_changed() {
    let tree = GameTree::parse("[[[2,3],[5,9]],[[0,1],[7,5]]]").unwrap();
    let replay = runs(&tree).remove(1);
    let mut cursor = Cursor::new(&replay);
    for k in 1..=replay.len() {
        let before = replay.frame(k - 1);
        cursor.seek(&replay, k);
        let after = replay.frame(k);
        let mut changed = cursor.take_changed();
        changed.sort();
        changed.dedup();
        let differ: Vec<_> = (0..tree.len())
            .filter(|&i| before.nodes[i] != after.nodes[i])
            .map(|i| arbor_game::NodeId(i as u32))
            .collect();
        for id in &differ {
            assert!(changed.contains(id), "step {k}: {id:?} changed, unlisted");
        }
    }
}
