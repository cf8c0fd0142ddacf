//! The opening book in `web/c4-opening.book`, checked against the solver: it covers every
//! position the perfect player can face up to its depth, and a sample of its entries, solved
//! again here, have the result it gives, and their move keeps it.

use std::collections::HashMap;

use arbor_games::connect4::{Position, Solver};
use arbor_games::connect4_book::{walk, Book, Side};

fn book() -> Book {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/c4-opening.book");
    let bytes = std::fs::read(path).expect("the book is committed");
    Book::from_bytes(&bytes).expect("the book reads")
}

#[test]
fn the_book_covers_every_position_the_perfect_player_can_face() {
    let book = book();
    let mut known: HashMap<_, _> = book.iter().map(|(p, m)| (p.key(), m)).collect();
    let mut met = 0;
    for side in [Side::First, Side::Second] {
        met += walk(side, book.plies(), &mut known, |p| {
            panic!("{side:?}: a position the book lacks, key {}", p.key())
        })
        .len();
    }
    assert_eq!(met, book.len(), "every entry is met, once");
    assert!(book.plies() >= 8);
}

#[test]
fn a_sample_of_the_book_solved_again_agrees() {
    let book = book();
    let mut solver = Solver::new(20);
    let deep: Vec<_> = book
        .iter()
        .filter(|(p, _)| p.moves() + 1 >= book.plies())
        .collect();
    let step = deep.len() / 16;
    let mut checked = 0;
    for (p, m) in deep.into_iter().step_by(step.max(1)).take(16) {
        solver.reset();
        let result = solver.solve(&p, true).unwrap().score;
        assert_eq!(result, m.result, "key {}", p.key());
        let child: Position = p.play(usize::from(m.mv));
        let after = if child.is_won() {
            1
        } else {
            solver.reset();
            -solver.solve(&child, true).unwrap().score
        };
        assert_eq!(after, m.result, "key {}: column {}", p.key(), m.mv + 1);
        checked += 1;
    }
    assert_eq!(checked, 16);
}
