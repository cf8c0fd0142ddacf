//! Tic-tac-toe: the engine's node counts from the empty board, and perfect play that never
//! loses against any line of play.

use std::collections::HashMap;

use arbor_game::{alpha_beta, minimax, AlphaBetaOptions, Fail, Game, Quiet, INF};
use arbor_games::ai::{self, Plan};
use arbor_games::tictactoe::{Board, Scoring, TicTacToe};

fn game(scoring: Scoring) -> TicTacToe {
    TicTacToe { scoring }
}

/// Nodes of the game tree below `board`, itself included, counted by walking every line of
/// play with the board's own rules (no search engine involved).
fn tree_size(board: Board) -> u64 {
    1 + (0..9)
        .filter(|&i| board.can_play(i))
        .map(|i| tree_size(board.play(i)))
        .sum::<u64>()
}

#[test]
fn plain_minimax_enters_549946_nodes() {
    // The full game tree of tic-tac-toe has 549,946 nodes (a published figure; 255,168 of
    // them are finished games), and plain minimax enters every one.
    assert_eq!(tree_size(Board::new()), 549_946);
    let out = minimax(&game(Scoring::Unit), &Board::new(), None, &mut Quiet);
    assert_eq!(out.value, 0);
    assert_eq!(out.stats.visited, 549_946);
}

fn alpha_beta_nodes(scoring: Scoring, window: (i32, i32), fail: Fail) -> (i32, u64) {
    let options = AlphaBetaOptions {
        window,
        fail,
        ..AlphaBetaOptions::default()
    };
    let out = alpha_beta(&game(scoring), &Board::new(), &options, &mut Quiet);
    (out.value, out.stats.visited)
}

/// A change detector: these counts were produced by the engine itself (no outside source
/// gives them, since they depend on its move order and leaf handling). A change in them is not
/// necessarily a bug, but it must be explained.
#[test]
fn alpha_beta_node_counts_change_detector() {
    for fail in [Fail::Soft, Fail::Hard] {
        assert_eq!(
            alpha_beta_nodes(Scoring::Unit, (-INF, INF), fail),
            (0, 18_297)
        );
        assert_eq!(alpha_beta_nodes(Scoring::Unit, (-1, 1), fail), (0, 16_811));
        assert_eq!(
            alpha_beta_nodes(Scoring::Decayed, (-INF, INF), fail),
            (0, 20_866)
        );
        // ±10 prunes exactly as ±1 does.
        assert_eq!(
            alpha_beta_nodes(Scoring::Ten, (-INF, INF), fail),
            (0, 18_297)
        );
    }
}

/// The value for X of `board` under seed 000's decayed scoring (a win is worth 10 less the
/// marks on the board when it ends), by plain minimax from the definition, remembered in `memo`.
fn decayed_value(board: Board, memo: &mut HashMap<Board, i32>) -> i32 {
    if let Some(&v) = memo.get(&board) {
        return v;
    }
    let v = match board.winner() {
        Some(w) => {
            let win = 10 - board.marks() as i32;
            if w == 0 {
                win
            } else {
                -win
            }
        }
        None if board.is_over() => 0,
        None => {
            let children = (0..9).filter(|&i| board.can_play(i)).collect::<Vec<_>>();
            let values = children
                .into_iter()
                .map(|i| decayed_value(board.play(i), memo));
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

/// Plays every line the opponent can choose against the AI (and every move the AI might
/// choose among equally good ones), returning the worst result for the AI's side (1 win,
/// 0 draw, −1 loss) and counting the games.
fn worst_case(
    board: Board,
    ai_side: usize,
    games: &mut u64,
    memo: &mut HashMap<Board, i32>,
) -> i32 {
    let g = game(Scoring::Decayed);
    if board.is_over() {
        *games += 1;
        return match board.winner() {
            None => 0,
            Some(w) if w == ai_side => 1,
            Some(_) => -1,
        };
    }
    if board.to_move() == ai_side {
        // The moves the AI might play: whatever a few seeds pick, each checked to be among
        // the best by a plain minimax written in this file.
        let sign = if ai_side == 0 { 1 } else { -1 };
        let values: Vec<(u8, i32)> = (0..9u8)
            .filter(|&i| board.can_play(i as usize))
            .map(|i| (i, sign * decayed_value(board.play(i as usize), memo)))
            .collect();
        let best = values.iter().map(|&(_, v)| v).max().unwrap();
        let mut picks = Vec::new();
        for seed in 0..6 {
            let choice = ai::choose(
                &g,
                &board,
                &Plan::new(None, seed),
                arbor_game::Budget::unlimited(),
                &mut Quiet,
                |_| {},
            )
            .unwrap();
            assert!(choice.proven);
            let value = values.iter().find(|&&(m, _)| m == choice.mv).unwrap().1;
            assert_eq!(
                value,
                best,
                "the AI picked a worse move on {}",
                board.to_text()
            );
            if !picks.contains(&choice.mv) {
                picks.push(choice.mv);
            }
        }
        picks
            .into_iter()
            .map(|m| worst_case(board.play(m as usize), ai_side, games, memo))
            .min()
            .unwrap()
    } else {
        let mut moves = Vec::new();
        g.actions(&board, &mut moves);
        moves
            .into_iter()
            .map(|m| worst_case(board.play(m as usize), ai_side, games, memo))
            .min()
            .unwrap()
    }
}

#[test]
fn the_perfect_level_never_loses_as_x_or_as_o() {
    for side in [0, 1] {
        let mut games = 0;
        let worst = worst_case(Board::new(), side, &mut games, &mut HashMap::new());
        assert!(worst >= 0, "the AI lost a game as {}", ["X", "O"][side]);
        assert!(games > 100, "only {games} games");
    }
}

#[test]
fn the_ideal_player_prefers_the_slower_loss() {
    // Seed 000's case: O cannot avoid defeat, and with the decayed score it delays it.
    // X threatens on the top row and the diagonal; O must block one.
    let board = Board::parse("x.x/.x./o.o").unwrap();
    // O to move can win at once in the bottom row.
    assert_eq!(board.to_move(), 1);
    let g = game(Scoring::Decayed);
    let scores = ai::score_moves(&g, &board, None, 10);
    let win = scores.iter().find(|s| s.mv == 7).unwrap();
    assert_eq!(
        win.value,
        10 - 6,
        "O wins at once with 6 marks on the board"
    );
    assert!(scores.iter().all(|s| s.value <= win.value));
}
