//! A benchmark, not a test: connect four's perfect player in the browser, as the Play page's
//! worker runs it (the same `think`, the opening book it loads, the table it keeps from move to
//! move), in 20 games from the empty board — as first player in ten, second in ten — against a
//! random player (ten games) and the threat evaluation 6 plies deep (ten). Prints each move's
//! time and how it was proven. Ignored by the tests; `cargo xtask bench-web` runs it.

#![cfg(target_arch = "wasm32")]

use arbor_app::play::ThinkRequest;
use arbor_app::play::{Kind, Move, Rules};
use arbor_games::connect4::{Position, Proof};
use arbor_util::SplitMix64;
use arbor_worker::{set_book_loader, think};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const BOOK: &[u8] = include_bytes!("../c4-opening.book");

#[wasm_bindgen_test]
#[ignore = "a benchmark: `cargo xtask bench-web` runs it"]
fn connect_four_perfect_player_from_the_empty_board() {
    set_book_loader(Box::new(|| Ok(BOOK.to_vec())));
    let performance = web_sys::window().unwrap().performance().unwrap();
    let now = move || performance.now();
    let rules = Rules::of(Kind::Connect4);
    let mut times = Vec::new();
    let (mut proven, mut book, mut exact, mut result, mut lost_positions, mut lookahead) =
        (0, 0, 0, 0, 0, 0);
    let mut lost = 0;
    for game in 0..20u64 {
        let perfect_side = (game % 2) as usize;
        let random = game < 10;
        let mut rng = SplitMix64(0xC4 + game);
        let mut moves = String::new();
        let mut p = Position::new();
        while !p.is_over() {
            let mover = p.to_move();
            let col = if mover == perfect_side || !random {
                let level = if mover == perfect_side {
                    "perfect"
                } else {
                    "threats6"
                };
                let request = ThinkRequest {
                    rules: rules.clone(),
                    moves: moves.clone(),
                    level: level.into(),
                    seed: rng.next_u64() >> 11,
                    millis: 5_000,
                };
                let start = now();
                let t = think(&request, &now, &mut |_| {}).unwrap();
                if mover == perfect_side {
                    times.push(now() - start);
                    proven += usize::from(t.proven);
                    book += usize::from(t.proof == Some(Proof::Book));
                    exact += usize::from(t.proof == Some(Proof::Exact));
                    result += usize::from(t.proof == Some(Proof::Result));
                    lost_positions += usize::from(t.proof == Some(Proof::Lost));
                    lookahead += usize::from(t.proof == Some(Proof::Lookahead));
                }
                let Move::Column(c) = t.mv else {
                    panic!("a connect-four move")
                };
                usize::from(c)
            } else {
                let open: Vec<usize> = (0..7).filter(|&c| p.can_play(c)).collect();
                open[(rng.next_u64() % open.len() as u64) as usize]
            };
            moves.push(char::from(b'1' + col as u8));
            p = p.play(col);
        }
        if p.is_won() && p.to_move() == perfect_side {
            lost += 1;
            console_log!("ARBOR-BENCH-LOST game={game} moves={moves}");
        }
    }
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    let pct = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
    console_log!(
        "ARBOR-BENCH c4-play games=20 moves={} median_ms={:.1} p95_ms={:.1} max_ms={:.1} proven={} book={} exact={} result={} lost_positions={} lookahead={} lost={}",
        times.len(),
        pct(0.5),
        pct(0.95),
        sorted[sorted.len() - 1],
        proven,
        book,
        exact,
        result,
        lost_positions,
        lookahead,
        lost
    );
}
