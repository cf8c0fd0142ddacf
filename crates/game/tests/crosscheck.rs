//! Cross-checks between the searches: minimax is ground truth; every form of alpha-beta must
//! give its value, fail-soft and fail-hard must keep their contracts, and the best order must
//! reach the Knuth–Moore minimum.

use arbor_game::{
    alpha_beta, iterative_deepening, knuth_moore_minimum, minimax, mix64, AlphaBeta,
    AlphaBetaOptions, Budget, Fail, Game, GameTree, Narrow, Ordering, Quiet, RandomSpec, Slot,
    SplitMix64, INF,
};

/// Random trees of many shapes: depth 1–5, branching 1–4, small value ranges (so ties are
/// common), some with evaluations on inner nodes.
fn random_trees(count: u64) -> impl Iterator<Item = GameTree> {
    (0..count).map(|seed| {
        let mut rng = SplitMix64(seed ^ 0xC0FFEE);
        let depth = rng.range(1, 5) as u32;
        let max_branching = rng.range(1, if depth >= 5 { 3 } else { 4 }) as u32;
        let spread = rng.range(0, 12) as i32;
        let spec = RandomSpec {
            depth,
            min_branching: rng.range(1, i64::from(max_branching)) as u32,
            max_branching,
            low: -spread,
            high: spread,
            players: 2,
            seed,
            chance: false,
        };
        let tree = spec.generate().expect("valid settings");
        if seed % 3 == 0 {
            tree.with_root_player(arbor_game::RootPlayer::Min)
        } else {
            tree
        }
    })
}

#[test]
fn alpha_beta_equals_minimax_on_ten_thousand_trees() {
    for tree in random_trees(10_000) {
        let truth = minimax(&tree, &tree.root(), None, &mut Quiet).value;
        for fail in [Fail::Soft, Fail::Hard] {
            for ordering in Ordering::ALL {
                for table_bits in [None, Some(8)] {
                    let options = AlphaBetaOptions {
                        fail,
                        ordering,
                        table_bits,
                        ..AlphaBetaOptions::default()
                    };
                    let outcome = alpha_beta(&tree, &tree.root(), &options, &mut Quiet);
                    assert_eq!(outcome.value, truth, "{options:?} on {}", tree.to_text());
                }
            }
        }
        let deepening = iterative_deepening(
            &tree,
            &tree.root(),
            &AlphaBetaOptions {
                table_bits: Some(8),
                ..AlphaBetaOptions::default()
            },
            Budget::unlimited(),
            &mut Quiet,
            |_| {},
        );
        assert!(deepening.complete);
        assert_eq!(deepening.best().unwrap().value, truth, "{}", tree.to_text());
    }
}

#[test]
fn alpha_beta_never_evaluates_more_leaves_than_minimax() {
    for tree in random_trees(2_000) {
        let mm = minimax(&tree, &tree.root(), None, &mut Quiet).stats;
        let ab = alpha_beta(
            &tree,
            &tree.root(),
            &AlphaBetaOptions::default(),
            &mut Quiet,
        )
        .stats;
        assert!(ab.evaluated <= mm.evaluated && ab.visited <= mm.visited);
    }
}

#[test]
fn depth_limited_alpha_beta_equals_depth_limited_minimax() {
    // Inner nodes carry evaluations (a leaf's value stands for itself).
    for (i, tree) in random_trees(2_000).enumerate() {
        let raw = with_evaluations(tree.to_raw(), i as u64);
        let tree = GameTree::from_raw(raw, tree.root_player()).unwrap();
        for depth in 0..4 {
            let truth = minimax(&tree, &tree.root(), Some(depth), &mut Quiet).value;
            for ordering in Ordering::ALL {
                let options = AlphaBetaOptions {
                    depth: Some(depth),
                    ordering,
                    table_bits: Some(6),
                    ..AlphaBetaOptions::default()
                };
                assert_eq!(
                    alpha_beta(&tree, &tree.root(), &options, &mut Quiet).value,
                    truth
                );
            }
        }
    }
}

fn with_evaluations(mut raw: arbor_game::RawNode, seed: u64) -> arbor_game::RawNode {
    if !raw.children.is_empty() {
        raw.eval = Some((mix64(seed) % 21) as i32 - 10);
        raw.children = raw
            .children
            .into_iter()
            .enumerate()
            .map(|(k, c)| with_evaluations(c, mix64(seed + k as u64 + 1)))
            .collect();
    }
    raw
}

#[test]
fn fail_soft_and_fail_hard_keep_their_contracts_in_any_window() {
    let mut rng = SplitMix64(7);
    for tree in random_trees(3_000) {
        let truth = minimax(&tree, &tree.root(), None, &mut Quiet).value;
        for _ in 0..4 {
            let a = rng.range(-14, 13) as i32;
            let b = rng.range(i64::from(a) + 1, 14) as i32;
            for table_bits in [None, Some(8)] {
                let soft = alpha_beta(
                    &tree,
                    &tree.root(),
                    &AlphaBetaOptions {
                        window: (a, b),
                        table_bits,
                        ..AlphaBetaOptions::default()
                    },
                    &mut Quiet,
                )
                .value;
                // Fail-soft: a result at or below α is an upper bound, at or above β a lower
                // bound, and inside the window it is exact.
                if soft <= a {
                    assert!(truth <= soft, "soft {soft} in ({a},{b}), truth {truth}");
                } else if soft >= b {
                    assert!(truth >= soft, "soft {soft} in ({a},{b}), truth {truth}");
                } else {
                    assert_eq!(soft, truth);
                }
                let hard = alpha_beta(
                    &tree,
                    &tree.root(),
                    &AlphaBetaOptions {
                        window: (a, b),
                        fail: Fail::Hard,
                        table_bits,
                        ..AlphaBetaOptions::default()
                    },
                    &mut Quiet,
                )
                .value;
                // Fail-hard: the true value clamped to the window.
                assert_eq!(hard, truth.clamp(a, b), "hard in ({a},{b})");
            }
        }
    }
}

/// A uniform tree with all-distinct leaf values.
fn distinct_uniform(b: u32, d: u32, seed: u64) -> GameTree {
    let spec = RandomSpec {
        depth: d,
        min_branching: b,
        max_branching: b,
        low: 0,
        high: 0,
        players: 2,
        seed,
        chance: false,
    };
    let tree = spec.generate().unwrap();
    // Replace the leaves, left to right, by a random permutation of 0..n (in one pass over the
    // tree's raw form: one `with_payoff` a leaf copies the whole tree each time).
    let mut values: Vec<i32> = (0..tree.leaves().len() as i32).collect();
    SplitMix64(seed).shuffle(&mut values);
    fn fill(raw: &mut arbor_game::RawNode, values: &mut std::slice::Iter<'_, i32>) {
        if raw.children.is_empty() {
            raw.payoff = vec![*values.next().unwrap()];
        }
        for child in &mut raw.children {
            fill(child, values);
        }
    }
    let mut raw = tree.to_raw();
    fill(&mut raw, &mut values.iter());
    GameTree::from_raw(raw, tree.root_player()).unwrap()
}

#[test]
fn best_order_reaches_the_knuth_moore_minimum_exactly() {
    for b in 1..=4u32 {
        for d in 1..=6u32 {
            if u64::from(b).pow(d) > 5_000 {
                continue;
            }
            for seed in 0..10 {
                let tree = distinct_uniform(b, d, seed);
                let floor = knuth_moore_minimum(u64::from(b), d).unwrap();
                for fail in [Fail::Soft, Fail::Hard] {
                    let best = alpha_beta(
                        &tree,
                        &tree.root(),
                        &AlphaBetaOptions {
                            ordering: Ordering::Best,
                            fail,
                            ..AlphaBetaOptions::default()
                        },
                        &mut Quiet,
                    );
                    assert_eq!(best.stats.evaluated, floor, "b={b} d={d} seed={seed}");
                    // No order does better than the minimum.
                    for ordering in [Ordering::Natural, Ordering::Reversed, Ordering::Worst] {
                        let other = alpha_beta(
                            &tree,
                            &tree.root(),
                            &AlphaBetaOptions {
                                ordering,
                                fail,
                                ..AlphaBetaOptions::default()
                            },
                            &mut Quiet,
                        );
                        assert!(other.stats.evaluated >= floor);
                    }
                }
                // Ties only help: with every leaf equal, the best order still needs the minimum.
                let flat = RandomSpec {
                    depth: d,
                    min_branching: b,
                    max_branching: b,
                    low: 0,
                    high: 0,
                    players: 2,
                    seed,
                    chance: false,
                }
                .generate()
                .unwrap();
                let flat_best = alpha_beta(
                    &flat,
                    &flat.root(),
                    &AlphaBetaOptions {
                        ordering: Ordering::Best,
                        ..AlphaBetaOptions::default()
                    },
                    &mut Quiet,
                );
                assert!(flat_best.stats.evaluated <= floor);
            }
        }
    }
}

#[test]
fn worst_order_prunes_nothing_in_shallow_trees_with_distinct_values() {
    // Down to depth 3 every cutoff would need a value beyond a bound that the worst order
    // never lets a node reach. Deeper, a bound from two levels up can still cut ("deep
    // cutoffs"), so the worst order is only no better than any other there.
    for b in 2..=4u32 {
        for d in 1..=5u32 {
            for seed in 0..10 {
                let tree = distinct_uniform(b, d, seed);
                let run = |ordering| {
                    alpha_beta(
                        &tree,
                        &tree.root(),
                        &AlphaBetaOptions {
                            ordering,
                            ..AlphaBetaOptions::default()
                        },
                        &mut Quiet,
                    )
                    .stats
                };
                let worst = run(Ordering::Worst);
                if d <= 3 {
                    assert_eq!(worst.evaluated, u64::from(b).pow(d), "b={b} d={d}");
                    assert_eq!(worst.cutoffs, 0);
                }
                for ordering in [Ordering::Natural, Ordering::Reversed, Ordering::Best] {
                    assert!(
                        worst.evaluated >= run(ordering).evaluated,
                        "b={b} d={d} {ordering:?}"
                    );
                }
            }
        }
    }
}

/// A game whose positions are reached by many move orders: `layers` levels of `width`
/// positions; each position moves to a few positions of the next level; the last level is
/// terminal. Transpositions are everywhere, so a table gets real hits.
struct Layered {
    width: u32,
    layers: u32,
    seed: u64,
}

impl Layered {
    /// A game of 2–7 states a layer and 3–9 layers, by the seed.
    fn of_seed(seed: u64) -> Layered {
        Layered {
            width: 2 + (seed % 6) as u32,
            layers: 3 + (seed % 7) as u32,
            seed,
        }
    }

    fn roll(&self, a: u64, b: u64) -> u64 {
        mix64(self.seed ^ a.wrapping_mul(0x9E37_79B9) ^ b.wrapping_mul(0x85EB_CA6B))
    }
}

impl Game for Layered {
    type State = (u32, u32);
    type Move = u8;

    fn to_move(&self, s: &(u32, u32)) -> usize {
        (s.0 % 2) as usize
    }

    fn actions(&self, s: &(u32, u32), moves: &mut Vec<u8>) {
        let n = 1 + self.roll(u64::from(s.0), u64::from(s.1)) % 3;
        for k in 0..n {
            let target = (self.roll(u64::from(s.1) + 17, k + u64::from(s.0) * 7)
                % u64::from(self.width)) as u8;
            if !moves.contains(&target) {
                moves.push(target);
            }
        }
    }

    fn result(&self, s: &(u32, u32), mv: u8) -> (u32, u32) {
        (s.0 + 1, u32::from(mv))
    }

    fn is_terminal(&self, s: &(u32, u32)) -> bool {
        s.0 == self.layers
    }

    fn utility(&self, s: &(u32, u32)) -> i32 {
        (self.roll(99, u64::from(s.1)) % 19) as i32 - 9
    }

    fn evaluate(&self, s: &(u32, u32)) -> i32 {
        (self.roll(u64::from(s.0) + 1000, u64::from(s.1)) % 19) as i32 - 9
    }

    fn hash(&self, s: &(u32, u32)) -> u64 {
        mix64((u64::from(s.0) << 32) | u64::from(s.1))
    }
}

#[test]
fn the_table_is_right_where_positions_repeat() {
    let mut hits = 0;
    for seed in 0..400 {
        let game = Layered::of_seed(seed);
        let root = (0, 0);
        for depth in [None, Some(2), Some(4)] {
            let truth = minimax(&game, &root, depth, &mut Quiet).value;
            for fail in [Fail::Soft, Fail::Hard] {
                for ordering in [
                    Ordering::Natural,
                    Ordering::Reversed,
                    Ordering::Evaluation,
                    Ordering::Best,
                ] {
                    for bits in [2, 10] {
                        let options = AlphaBetaOptions {
                            fail,
                            ordering,
                            depth,
                            table_bits: Some(bits),
                            ..AlphaBetaOptions::default()
                        };
                        let outcome = alpha_beta(&game, &root, &options, &mut Quiet);
                        assert_eq!(outcome.value, truth, "seed {seed} {options:?}");
                        hits += outcome.stats.table_hits;
                    }
                }
            }
            let deepening = iterative_deepening(
                &game,
                &root,
                &AlphaBetaOptions {
                    depth,
                    table_bits: Some(10),
                    ..AlphaBetaOptions::default()
                },
                Budget::unlimited(),
                &mut Quiet,
                |_| {},
            );
            assert_eq!(
                deepening.best().unwrap().value,
                truth,
                "seed {seed} deepening to {depth:?}"
            );
        }
    }
    assert!(hits > 10_000, "the table was used: {hits} hits");
}

/// Searches `game` with a near table (positions `near_from` plies or more below the root kept
/// apart, in `2^bits` slots of kind `S`) and checks every value against minimax: a full-window
/// search, then a null-window solve from a table left by the search before.
fn check_near_table<S: Slot<u8>>(game: &Layered, depth: Option<u32>) -> u64 {
    let root = (0, 0);
    let truth = minimax(game, &root, depth, &mut Quiet).value;
    let mut hits = 0;
    for near_from in 1..game.layers {
        for bits in [1, 4] {
            let options = AlphaBetaOptions {
                ordering: Ordering::Evaluation,
                depth,
                table_bits: Some(8),
                ..AlphaBetaOptions::default()
            };
            let mut search: AlphaBeta<'_, Layered, S> = AlphaBeta::with_slots(game, options);
            search.set_near_table(bits, Some(near_from));
            let what = format!(
                "seed {} {depth:?} near {bits} bits from ply {near_from}",
                game.seed
            );
            let full = search.search(&root, &mut Quiet).unwrap();
            assert_eq!(full.value, truth, "{what}: a full-window search");
            let solved = search.solve(&root, &mut Quiet).unwrap();
            assert_eq!(solved.value, truth, "{what}: a solve after it");
            search.forget();
            let fresh = search.solve(&root, &mut Quiet).unwrap();
            assert_eq!(fresh.value, truth, "{what}: a solve from nothing");
            hits += search.stats().table_hits;
        }
    }
    hits
}

#[test]
fn a_near_table_changes_no_value_in_wide_or_narrow_slots() {
    let mut hits = 0;
    for seed in 0..150 {
        let game = Layered::of_seed(seed);
        for depth in [None, Some(3)] {
            hits += check_near_table::<arbor_game::Wide<u8>>(&game, depth);
            hits += check_near_table::<Narrow>(&game, depth);
        }
    }
    assert!(hits > 10_000, "the tables were used: {hits} hits");
}

#[test]
fn a_node_budget_stops_iterative_deepening_with_the_last_finished_answer() {
    let game = Layered {
        width: 6,
        layers: 9,
        seed: 3,
    };
    let mut finished = Vec::new();
    let run = iterative_deepening(
        &game,
        &(0, 0),
        &AlphaBetaOptions::default(),
        Budget::nodes(200),
        &mut Quiet,
        |it| finished.push(it.depth),
    );
    assert!(run.aborted);
    assert!(!run.iterations.is_empty());
    assert_eq!(
        finished,
        run.iterations.iter().map(|i| i.depth).collect::<Vec<_>>()
    );
    let last = run.iterations.last().unwrap();
    assert_eq!(
        last.outcome.value,
        minimax(&game, &(0, 0), Some(last.depth), &mut Quiet).value
    );
    assert!(run.stats.visited > 200);
}

#[test]
fn infinities_never_leak_into_values() {
    for tree in random_trees(500) {
        let v = alpha_beta(
            &tree,
            &tree.root(),
            &AlphaBetaOptions::default(),
            &mut Quiet,
        )
        .value;
        assert!(v > -INF && v < INF);
    }
}

#[test]
fn a_time_budget_stops_iterative_deepening() {
    use std::cell::Cell;
    /// Each reading is 5 ms after the last.
    struct Fast(Cell<f64>);
    impl arbor_game::Clock for Fast {
        fn now_ms(&self) -> f64 {
            self.0.set(self.0.get() + 5.0);
            self.0.get()
        }
    }
    let clock = Fast(Cell::new(0.0));
    let game = Layered {
        width: 50,
        layers: 30,
        seed: 9,
    };
    let run = iterative_deepening(
        &game,
        &(0, 0),
        &AlphaBetaOptions::default(),
        Budget::time(&clock, 40.0),
        &mut Quiet,
        |_| {},
    );
    assert!(run.aborted, "{} iterations", run.iterations.len());
    let last = run
        .iterations
        .last()
        .expect("depth 1 finishes within the first reading");
    assert_eq!(
        last.outcome.value,
        minimax(&game, &(0, 0), Some(last.depth), &mut Quiet).value
    );
}

#[test]
fn null_window_bisection_finds_the_minimax_value_and_a_best_move() {
    for tree in random_trees(3_000) {
        let root = tree.root();
        let truth = minimax(&tree, &root, None, &mut Quiet).value;
        for (fail, table_bits) in [
            (Fail::Soft, None),
            (Fail::Soft, Some(8)),
            (Fail::Hard, Some(8)),
        ] {
            let options = AlphaBetaOptions {
                fail,
                table_bits,
                ordering: Ordering::Evaluation,
                ..AlphaBetaOptions::default()
            };
            let mut search = arbor_game::AlphaBeta::new(&tree, options);
            let solved = search.solve(&root, &mut Quiet).unwrap();
            assert_eq!(solved.value, truth, "{options:?} on {}", tree.to_text());
            if let Some(best) = solved.best {
                let child = tree.result(&root, best);
                let value = minimax(&tree, &child, None, &mut Quiet).value;
                assert_eq!(value, truth, "best move of {}", tree.to_text());
            } else {
                assert!(tree.is_terminal(&root));
            }
        }
    }
}

#[test]
fn a_shuffled_root_picks_every_best_move_and_only_best_moves() {
    // The root has five moves; three of them are worth 4.
    let tree = GameTree::parse("[[4,9],[1,7],[4,5],[6,4],[3,8]]").unwrap();
    let root = tree.root();
    let mut chosen = std::collections::BTreeSet::new();
    for seed in 0..64 {
        let options = AlphaBetaOptions {
            shuffle: Some(seed),
            ..AlphaBetaOptions::default()
        };
        let outcome = alpha_beta(&tree, &root, &options, &mut Quiet);
        assert_eq!(outcome.value, 4);
        let best = outcome.best.unwrap();
        let child = tree.result(&root, best);
        assert_eq!(minimax(&tree, &child, None, &mut Quiet).value, 4);
        chosen.insert(best);
        // Bisection chooses among the same moves.
        let mut search = arbor_game::AlphaBeta::new(&tree, options);
        let solved = search.solve(&root, &mut Quiet).unwrap();
        assert_eq!(solved.value, 4);
        let child = tree.result(&root, solved.best.unwrap());
        assert_eq!(minimax(&tree, &child, None, &mut Quiet).value, 4);
    }
    assert_eq!(chosen.len(), 3, "every best move is chosen for some seed");
}
