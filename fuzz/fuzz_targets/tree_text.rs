//! The game-tree text of the stepper, the practice page and `arbor tree`: whatever the parser
//! accepts must write back to text that reads as the same tree (a shared link never loses
//! data), and every search the stepper offers runs on it, alpha-beta agreeing with minimax. A tree
//! with chance nodes is refused by the stepper and valued by expectimax and expectiminimax,
//! Star1 pruning (with the leaves' range as bounds) agreeing with the full search.
#![no_main]

use arbor_app::alphabeta::{run, Algorithm};
use arbor_game::{
    alpha_beta, expectiminimax, minimax, AlphaBetaOptions, ExpectError, ExpectOptions, Fail,
    GameTree, Ordering, Quiet, Rule,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(tree) = GameTree::parse(text) else {
        return;
    };
    let written = tree.to_text();
    let again = GameTree::parse(&written)
        .unwrap_or_else(|e| panic!("{text:?} wrote {written:?}, which does not read: {e}"));
    assert_eq!(
        again, tree,
        "{text:?} wrote {written:?}, which reads as another tree"
    );
    assert_eq!(again.to_text(), written);

    if tree.has_chance() {
        assert!(arbor_app::alphabeta::refuse_chance(&tree).is_err());
        let bounds = tree.leaf_range();
        for rule in [Rule::Expectimax, Rule::Expectiminimax] {
            let full = expectiminimax(&tree, &ExpectOptions { rule, bounds: None }, &mut Quiet);
            let pruned = expectiminimax(
                &tree,
                &ExpectOptions {
                    rule,
                    bounds: Some(bounds),
                },
                &mut Quiet,
            );
            match (full, pruned) {
                (Ok(f), Ok(p)) => assert_eq!(f.value, p.value, "{rule:?} on {written}"),
                // Fractions beyond 128 bits are refused, never wrapped.
                (Err(ExpectError::Overflow), _) | (_, Err(ExpectError::Overflow)) => {}
                (f, p) => panic!("{rule:?} on {written}: {f:?} / {p:?}"),
            }
        }
        return;
    }
    let root = tree.root();
    if tree.players() == 2 {
        let value = minimax(&tree, &root, None, &mut Quiet).value;
        for fail in [Fail::Soft, Fail::Hard] {
            for ordering in [Ordering::Natural, Ordering::Best, Ordering::Evaluation] {
                let options = AlphaBetaOptions {
                    fail,
                    ordering,
                    table_bits: Some(6),
                    ..AlphaBetaOptions::default()
                };
                let ab = alpha_beta(&tree, &root, &options, &mut Quiet).value;
                assert_eq!(ab, value, "{options:?} on {written}");
            }
        }
    }
    // The stepper's own runs, recorded and replayed (its budget and record cap apply).
    for algorithm in [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::Deepening,
    ] {
        let r = run(&tree, algorithm, Ordering::Best, Some(3));
        let _ = r.replay.frame(r.replay.len());
    }
});
