//! Connect four against Pons' benchmark sets: every sampled line scored exactly, strongly and
//! weakly (the full sets run in `arbor bench c4`); perfect play, hints, and the evaluations.
#![cfg(not(target_arch = "wasm32"))]

use arbor_games::connect4::{Position, Solver};

fn lines(set: &str) -> Vec<(String, i32)> {
    let path = format!("{}/../../data/connect4/{set}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|l| {
            let mut parts = l.split_whitespace();
            let moves = parts.next().unwrap().to_string();
            let score = parts.next().unwrap().parse().unwrap();
            (moves, score)
        })
        .collect()
}

fn check(set: &str, step: usize, count: usize) {
    let mut solver = Solver::new(22);
    for (moves, expected) in lines(set).into_iter().step_by(step).take(count) {
        let p = Position::from_moves(&moves).unwrap();
        solver.reset();
        let strong = solver.solve(&p, false).unwrap();
        assert_eq!(strong.score, expected, "{set}: {moves}");
        solver.reset();
        let weak = solver.solve(&p, true).unwrap();
        assert_eq!(weak.score, expected.signum(), "{set} weak: {moves}");
    }
}

#[test]
fn end_game_easy() {
    check("Test_L3_R1", 10, 100);
}

#[test]
fn middle_game_easy() {
    check("Test_L2_R1", 20, 50);
}

#[test]
fn middle_game_medium() {
    check("Test_L2_R2", 50, 20);
}

#[test]
fn opening_easy() {
    check("Test_L1_R1", 50, 20);
}

#[test]
fn opening_medium() {
    check("Test_L1_R2", 200, 5);
}

use arbor_game::{Budget, Quiet};
use arbor_games::ai::{self, Plan};
use arbor_games::connect4::{proven_score, Connect4, Eval, HintValue, PerfectPlayer, Proof};
use arbor_util::SteppingClock;

/// Plays one game between two evaluations at the same depth; returns the winner (0 or 1, or
/// `None` for a draw).
fn play_match(evals: [Eval; 2], depth: u32, seed: u64) -> Option<usize> {
    let mut p = Position::new();
    // A few random opening moves make every game different.
    let mut rng = arbor_util::SplitMix64(seed);
    for _ in 0..2 {
        let cols: Vec<usize> = (0..7).filter(|&c| p.can_play(c)).collect();
        p = p.play(cols[rng.range(0, cols.len() as i64 - 1) as usize]);
    }
    while !p.is_over() {
        let game = Connect4 {
            eval: evals[p.to_move()],
        };
        let choice = ai::choose(
            &game,
            &p,
            &Plan::new(Some(depth), seed + u64::from(p.moves())),
            Budget::unlimited(),
            &mut Quiet,
            |_| {},
        )
        .unwrap();
        p = p.play(choice.mv as usize);
    }
    p.is_won().then(|| 1 - p.to_move())
}

#[test]
fn the_threat_evaluation_beats_the_seeds_heuristic() {
    let (mut threats, mut seed_wins) = (0, 0);
    for game in 0..24u64 {
        // Alternate who starts.
        let evals = if game % 2 == 0 {
            [Eval::Threats, Eval::Seed]
        } else {
            [Eval::Seed, Eval::Threats]
        };
        match play_match(evals, 4, game) {
            Some(w) if evals[w] == Eval::Threats => threats += 1,
            Some(_) => seed_wins += 1,
            None => {}
        }
    }
    assert!(
        threats > 2 * seed_wins,
        "threats won {threats}, the seed's heuristic {seed_wins}"
    );
}

#[test]
fn perfect_choices_in_end_games_are_proven_best_moves() {
    // A clock that stands still: the time budget never runs out, on any machine.
    let clock = SteppingClock::new(0.0);
    let mut solver = Solver::new(18);
    for (moves, expected) in lines("Test_L3_R1").into_iter().step_by(97).take(10) {
        let p = Position::from_moves(&moves).unwrap();
        let c = PerfectPlayer::new(18)
            .choose(&p, 3, &clock, 5_000.0, &mut Quiet, &mut Quiet, |_, _| {})
            .unwrap();
        assert!(c.choice.proven, "{moves}");
        assert!(
            matches!(c.proof, Proof::Exact | Proof::Lookahead),
            "{moves}: {:?}",
            c.proof
        );
        let mover = if p.moves().is_multiple_of(2) { 1 } else { -1 };
        assert_eq!(mover * c.choice.value, expected, "{moves}");
        // The move keeps the score: the opponent's score after it is its negation.
        let child = p.play(c.choice.mv as usize);
        let after = if child.is_won() {
            expected
        } else {
            solver.reset();
            -solver.solve(&child, false).unwrap().score
        };
        assert_eq!(after, expected, "{moves}: column {}", c.choice.mv + 1);
    }
}

#[test]
fn an_unproven_perfect_choice_says_so() {
    // The empty board cannot be solved in 50 clock readings (a reading every 1,024 nodes):
    // the budget runs out after the same work on every machine.
    let clock = SteppingClock::new(1.0);
    let c = PerfectPlayer::new(18)
        .choose(
            &Position::new(),
            1,
            &clock,
            50.0,
            &mut Quiet,
            &mut Quiet,
            |_, _| {},
        )
        .unwrap();
    assert_eq!(c.proof, Proof::Lookahead);
    assert!(!c.choice.proven);
    assert!(c.choice.stopped);
    assert!(proven_score(c.choice.value).is_none());
    assert!(c.choice.depth >= 1);
}

/// Hints against the published scores: at a data set's position, the best column's exact
/// score is the position's; one move before it, the column that leads there scores the
/// position's score negated (it is then the opponent's turn). Within the hints' two seconds on
/// a clock that moves on 0.1 ms every 1,024 nodes (about ten million nodes a second).
#[test]
fn hints_give_the_published_exact_scores() {
    let mut player = PerfectPlayer::new(21);
    for (set, step) in [("Test_L3_R1", 97), ("Test_L2_R1", 111), ("Test_L2_R2", 113)] {
        for (moves, expected) in lines(set).into_iter().step_by(step).take(8) {
            let p = Position::from_moves(&moves).unwrap();
            let clock = SteppingClock::new(0.1);
            let h = player.hints(&p, &clock, 2_000.0, 6);
            assert!(
                h.iter().all(|h| matches!(h.value, HintValue::Exact(_))),
                "{set} {moves}: {h:?}"
            );
            let best = h.iter().map(|h| h.value).max_by_key(|v| match v {
                HintValue::Exact(s) => *s,
                _ => unreachable!(),
            });
            assert_eq!(best, Some(HintValue::Exact(expected)), "{set} {moves}");
            let (before, last) = moves.split_at(moves.len() - 1);
            let column = last.parse::<u8>().unwrap() - 1;
            let h = player.hints(&Position::from_moves(before).unwrap(), &clock, 2_000.0, 6);
            let led = h.iter().find(|h| h.column == column).unwrap().value;
            assert_eq!(
                led,
                HintValue::Exact(-expected),
                "{set} {before} then {last}"
            );
        }
    }
}

/// A hint not proven in time says so: the empty board in a few hundred thousand nodes gives
/// estimates (the threat evaluation's values, not exact scores), and never a proof it lacks.
#[test]
fn hints_unproven_in_time_are_estimates() {
    let clock = SteppingClock::new(1.0);
    let h = PerfectPlayer::new(18).hints(&Position::new(), &clock, 300.0, 6);
    assert_eq!(h.len(), 7);
    assert!(h.iter().all(|h| h.value.result().is_none()), "{h:?}");
}

#[test]
fn a_table_that_grows_mid_solve_keeps_every_score_exact() {
    // Growth after a few thousand nodes: most of these solves move to the large table while
    // they run, and every score is still the data set's.
    let mut solver = Solver::new(17).with_table_growth(20, 5_000);
    let mut grown = 0;
    for (moves, expected) in lines("Test_L1_R2").into_iter().step_by(50).take(12) {
        solver.reset();
        let p = Position::from_moves(&moves).unwrap();
        let solved = solver.solve(&p, false).unwrap();
        assert_eq!(solved.score, expected, "{moves}");
        grown += usize::from(solved.nodes > 5_000);
    }
    assert!(grown >= 6, "only {grown} solves grew the table");
}
