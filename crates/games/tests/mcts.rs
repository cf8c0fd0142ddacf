//! Monte Carlo tree search on real games: UCT against minimax's optimal moves (worked out here by
//! a plain recursion over the board, apart from the engine), determinism for a seed, and the
//! recorded run rebuilding the very tree the search grew.

use std::collections::{HashMap, HashSet};

use arbor_game::{mcts, replay_tree, Budget, Game, MctsOptions, MctsRecorder, Quiet, SplitMix64};
use arbor_games::nim::{Nim, Piles};
use arbor_games::tictactoe::{Board, TicTacToe};

/// Win 1, draw ½, loss 0, for MAX.
fn by_sign(u: i32) -> f64 {
    match u.signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}

/// The game-theoretic value of a board for X (+1 win, 0 draw, −1 loss), by plain recursion.
fn value(board: Board, memo: &mut HashMap<Board, i32>) -> i32 {
    if let Some(&v) = memo.get(&board) {
        return v;
    }
    let v = match board.winner() {
        Some(0) => 1,
        Some(_) => -1,
        None if board.is_over() => 0,
        None => {
            let values = (0..9)
                .filter(|&i| board.can_play(i))
                .map(|i| value(board.play(i), memo));
            if board.to_move() == 0 {
                values.max().unwrap()
            } else {
                values.min().unwrap()
            }
        }
    };
    memo.insert(board, v);
    v
}

/// 200 different positions from seeded random play where not every move is as good.
fn positions(memo: &mut HashMap<Board, i32>) -> Vec<Board> {
    let mut rng = SplitMix64(2026);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    while out.len() < 200 {
        let mut board = Board::new();
        let plies = rng.range(0, 7);
        for _ in 0..plies {
            if board.is_over() {
                break;
            }
            let free: Vec<usize> = (0..9).filter(|&i| board.can_play(i)).collect();
            board = board.play(free[rng.range(0, free.len() as i64 - 1) as usize]);
        }
        if board.is_over() || !seen.insert(board) {
            continue;
        }
        let children: Vec<i32> = (0..9)
            .filter(|&i| board.can_play(i))
            .map(|i| value(board.play(i), memo))
            .collect();
        if children.iter().any(|&v| v != children[0]) {
            out.push(board);
        }
    }
    out
}

#[test]
fn uct_finds_a_minimax_optimal_move_in_tic_tac_toe() {
    let game = TicTacToe::default();
    let mut memo = HashMap::new();
    let boards = positions(&mut memo);
    let mut good = 0;
    let mut wrong = Vec::new();
    for (k, board) in boards.iter().enumerate() {
        let options = MctsOptions {
            iterations: 3000,
            seed: k as u64 + 1,
            ..MctsOptions::default()
        };
        let run = mcts(
            &game,
            board,
            &options,
            &Budget::unlimited(),
            by_sign,
            &mut Quiet,
        );
        let (_, mv) = run.best().expect("a move");
        let best = value(*board, &mut memo);
        if value(board.play(mv as usize), &mut memo) == best {
            good += 1;
        } else {
            wrong.push(board.to_text());
        }
    }
    println!("UCT picked a minimax-optimal move in {good} of 200 positions; missed: {wrong:?}");
    assert!(good >= 190, "{good} of 200; missed: {wrong:?}");
}

#[test]
fn a_seed_gives_the_same_run_and_the_trace_rebuilds_the_tree() {
    let game = TicTacToe::default();
    let board = Board::parse("X.O/.X./...").unwrap();
    let options = MctsOptions {
        iterations: 500,
        seed: 9,
        ..MctsOptions::default()
    };
    let mut rec = MctsRecorder::with_limit(u64::MAX);
    let run = mcts(
        &game,
        &board,
        &options,
        &Budget::unlimited(),
        by_sign,
        &mut rec,
    );
    let mut again = MctsRecorder::with_limit(u64::MAX);
    let rerun = mcts(
        &game,
        &board,
        &options,
        &Budget::unlimited(),
        by_sign,
        &mut again,
    );
    assert_eq!(rec.events, again.events);
    assert_eq!(
        run.best().map(|b| b.1),
        rerun.best().map(|b| b.1),
        "same seed, same move"
    );
    let quiet = mcts(
        &game,
        &board,
        &options,
        &Budget::unlimited(),
        by_sign,
        &mut Quiet,
    );
    assert_eq!(
        quiet.nodes.len(),
        run.nodes.len(),
        "observing changes nothing"
    );
    let rebuilt = replay_tree(&rec.events, rec.events.len());
    assert_eq!(rebuilt.len(), run.nodes.len());
    for (r, n) in rebuilt.iter().zip(&run.nodes) {
        assert_eq!(r.parent, n.parent);
        assert_eq!(r.mv, n.mv);
        assert_eq!(r.children, n.children);
        assert_eq!(r.visits, n.visits);
        assert_eq!(r.reward.to_bits(), n.reward.to_bits());
    }
    // The root's visits are the iterations; each child's visits add up to them (less the root's
    // own first visit, which expanded nothing above it).
    assert_eq!(run.nodes[0].visits, 500);
    let child_visits: u64 = run.nodes[0]
        .children
        .iter()
        .map(|&c| run.nodes[c as usize].visits)
        .sum();
    assert_eq!(child_visits, 500);
    let other = mcts(
        &game,
        &board,
        &MctsOptions {
            seed: 10,
            ..options
        },
        &Budget::unlimited(),
        by_sign,
        &mut Quiet,
    );
    assert_ne!(
        other.nodes.iter().map(|n| n.visits).collect::<Vec<_>>(),
        run.nodes.iter().map(|n| n.visits).collect::<Vec<_>>(),
        "another seed, another run"
    );
}

#[test]
fn uct_takes_the_winning_nim_move() {
    // One pile of 9, take 1 to 3: the winning move leaves a multiple of 4, so takes 1.
    let rules = Nim::default();
    let piles = Piles::new(&[9]).unwrap();
    let options = MctsOptions {
        iterations: 4000,
        ..MctsOptions::default()
    };
    let run = mcts(
        &rules,
        &piles,
        &options,
        &Budget::unlimited(),
        by_sign,
        &mut Quiet,
    );
    let (_, mv) = run.best().unwrap();
    let after = rules.result(&piles, mv);
    assert_eq!(after.sizes(), &[8]);
}

#[test]
fn a_budget_stops_the_run() {
    let game = TicTacToe::default();
    let run = mcts(
        &game,
        &Board::new(),
        &MctsOptions {
            iterations: 1_000_000,
            ..MctsOptions::default()
        },
        &Budget::nodes(100),
        by_sign,
        &mut Quiet,
    );
    assert!(run.aborted);
    assert_eq!(run.iterations, 100);
}
