//! Move strings of the Play page and the command line: connect four's columns (`4453`, as in
//! `arbor c4 solve` lines and `moves=` links), tic-tac-toe's cells, Nim's `pile:take` pairs.
//! The first line is Nim's piles (`3,4,5`), the rest the moves. Whatever is accepted replays
//! move by move, and its text form reads back as the same moves.
#![no_main]

use arbor_app::play::{Kind, Rules};
use arbor_games::connect4::Position;
use arbor_games::tictactoe::Board;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (head, moves) = text.split_once('\n').unwrap_or(("", text));
    let _ = Position::from_moves(moves);
    let _ = Board::parse(moves);
    let mut nim = Rules::of(Kind::Nim);
    if let Ok(piles) = arbor_games::nim::Piles::parse(head) {
        nim.piles = piles.sizes().to_vec();
        nim.max_take = head
            .len()
            .checked_rem(4)
            .and_then(|t| u8::try_from(t).ok())
            .filter(|&t| t > 0);
        nim.misere = head.len() % 2 == 1;
    }
    for rules in [Rules::of(Kind::TicTacToe), Rules::of(Kind::Connect4), nim] {
        let Ok(parsed) = rules.parse_moves(moves) else {
            continue;
        };
        let mut pos = rules.start().expect("the rules start");
        for &mv in &parsed {
            pos = pos.play(&rules, mv).expect("an accepted move plays");
        }
        let sep = if rules.kind == Kind::Nim { "," } else { "" };
        let written: Vec<String> = parsed.iter().map(|m| m.key()).collect();
        let again = rules
            .parse_moves(&written.join(sep))
            .expect("written moves read");
        assert_eq!(again, parsed);
        if rules.kind == Kind::Connect4 {
            let p = Position::from_moves(&written.join("")).expect("a legal game");
            assert_eq!(p.moves() as usize, parsed.len());
        }
    }
});
