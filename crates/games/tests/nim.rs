//! Nim: seed 001's game and tree, and perfect play against the theory of Nim.

use std::collections::HashMap;

use arbor_game::{
    alpha_beta, explain::expand, presets::NIM_FROM_4, AlphaBetaOptions, GameTree, Quiet,
};
use arbor_games::ai::{self, Plan};
use arbor_games::nim::{mover_wins_by_theory, Nim, Piles, Take};

#[test]
fn the_game_from_four_is_the_slides_tree() {
    let tree = expand(&Nim::default(), &Piles::new(&[4]).unwrap(), 1000).unwrap();
    assert_eq!(tree, GameTree::parse(NIM_FROM_4).unwrap());
    let out = alpha_beta(
        &tree,
        &tree.root(),
        &AlphaBetaOptions::default(),
        &mut Quiet,
    );
    assert_eq!(out.value, -1, "with 4 left, the player to move loses");
}

#[test]
fn from_nine_the_first_player_wins_by_taking_one() {
    let game = Nim::default();
    let start = Piles::new(&[9]).unwrap();
    for seed in 0..10 {
        let choice = ai::choose(
            &game,
            &start,
            &Plan::new(None, seed),
            arbor_game::Budget::unlimited(),
            &mut Quiet,
            |_| {},
        )
        .unwrap();
        assert_eq!(choice.value, 1);
        assert!(choice.proven);
        assert_eq!(
            choice.mv,
            Take { pile: 0, take: 1 },
            "leave a multiple of 4"
        );
    }
}

/// Does the player to move win? By definition: some move leaves a position the opponent loses
/// (taking the last match is a win under normal play, a loss under misère play).
fn mover_wins(rules: &Nim, sizes: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> bool {
    if sizes.iter().all(|&s| s == 0) {
        // The previous player took the last match.
        return rules.misere;
    }
    if let Some(&w) = memo.get(sizes) {
        return w;
    }
    let mut wins = false;
    for (i, &s) in sizes.iter().enumerate() {
        for take in 1..=rules.max_take.map_or(s, |m| m.min(s)) {
            let mut next = sizes.to_vec();
            next[i] -= take;
            if !mover_wins(rules, &next, memo) {
                wins = true;
            }
        }
    }
    memo.insert(sizes.to_vec(), wins);
    wins
}

#[test]
fn perfect_play_agrees_with_the_theory() {
    let mut rng = arbor_util::SplitMix64(11);
    for _ in 0..400 {
        let count = rng.range(1, 4) as usize;
        let sizes: Vec<u8> = (0..count).map(|_| rng.range(0, 7) as u8).collect();
        for max_take in [None, Some(1), Some(2), Some(3)] {
            for misere in [false, true] {
                let rules = Nim { max_take, misere };
                let start = Piles::new(&sizes).expect("up to 4 piles of up to 7 stones are valid");
                if start.is_empty() {
                    continue;
                }
                let out = alpha_beta(
                    &rules,
                    &start,
                    &AlphaBetaOptions {
                        table_bits: Some(16),
                        ..AlphaBetaOptions::default()
                    },
                    &mut Quiet,
                );
                // Whatever the theory says (where it speaks), the search must say; where it
                // is silent, a memoised recursion over the positions is the judge.
                let truth = mover_wins_by_theory(&rules, &sizes)
                    .unwrap_or_else(|| mover_wins(&rules, &sizes, &mut HashMap::new()));
                assert_eq!(truth, mover_wins(&rules, &sizes, &mut HashMap::new()));
                assert_eq!(out.value == 1, truth, "{sizes:?} {rules:?}");
            }
        }
    }
}

#[test]
fn piles_are_checked() {
    assert!(Piles::parse("3, 4,5").is_ok());
    assert!(Piles::parse("3,x").unwrap_err().contains("pile 2"));
    assert!(Piles::parse("").is_err());
    assert!(Piles::parse("40").unwrap_err().contains("at most"));
}
