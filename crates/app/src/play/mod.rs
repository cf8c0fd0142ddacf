//! The Play page (`#/play`), pure and tested natively: a game in progress ([`Setup`]: the rules,
//! the moves played with undo and redo, who plays each side, its URL form), the AI's jobs for
//! the worker (its `protocol` module), the links to the searches behind a move, what the AI's values and hints
//! say in words, and the page's state and reducer ([`page`]). The games themselves — kinds,
//! levels, rules, moves, verdicts — are the shared vocabulary of [`crate::game`].

mod links;
pub mod page;
mod params;
mod protocol;
mod setup;
mod words;

pub use crate::game::*;
pub use links::*;
pub use params::PARAMS;
pub use protocol::*;
pub use setup::*;
pub use words::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::UrlSettings;
    use arbor_games::connect4::{self, Position};
    use arbor_games::nim::Take;

    use crate::route::Route;

    /// Tic-tac-toe's moves read by the names the trees and tables give them (a1–c3: the column
    /// letter, then the row from the top), or as cells 1–9 row by row, as the Play page's links
    /// have them; spaces and commas between them are allowed.
    #[test]
    fn tic_tac_toe_moves_read_by_their_names_or_numbers() {
        let rules = Rules::of(Kind::TicTacToe);
        let numbers = rules.parse_moves("519").unwrap();
        assert_eq!(numbers, [Move::Cell(4), Move::Cell(0), Move::Cell(8)]);
        for text in ["b2a1c3", "B2 a1 C3", "b2, a1, c3", "b2 1 c3"] {
            assert_eq!(rules.parse_moves(text).as_ref(), Ok(&numbers), "{text}");
        }
        assert_eq!(
            numbers.iter().map(|&m| label(m, 0)).collect::<Vec<_>>(),
            ["b2", "a1", "c3"]
        );
        for (text, says) in [
            ("d1", "“d1”"),
            ("a4", "“a4”"),
            ("b2b2", "taken"),
            ("0", "“0”"),
        ] {
            let e = rules.parse_moves(text).unwrap_err();
            assert!(e.contains(says), "{text}: {e}");
        }
    }

    /// The status line says every move, the AI's included, then whose turn it is or how the
    /// game ended: what a screen reader hears in the live region.
    #[test]
    fn the_status_tells_the_last_move_and_the_end() {
        let mut s = Setup::new(Kind::TicTacToe);
        assert_eq!(s.status(false, false), "X to move (you).");
        s.play(Move::Cell(4)).unwrap();
        assert_eq!(
            s.status(true, false),
            "X (you) played row 2, column 2. O to move (the AI is thinking…)."
        );
        s.play(Move::Cell(0)).unwrap();
        assert_eq!(
            s.status(false, false),
            "O (the AI) played row 1, column 1. X to move (you)."
        );
        for c in [1, 3, 7] {
            s.play(Move::Cell(c)).unwrap();
        }
        // X: 4, 1, 7 — the middle column.
        assert_eq!(
            s.status(false, false),
            "X (you) played row 3, column 2. Game over: X wins with three in a row. You win!"
        );
        let mut s = Setup::new(Kind::Connect4);
        s.players = [Player::Ai("perfect"), Player::Human];
        assert_eq!(
            s.status(false, true),
            "Blue ● to move (the AI: press Continue to let it move)."
        );
    }

    #[test]
    fn moves_round_trip_through_the_url() {
        for kind in Kind::ALL {
            let mut s = Setup::new(kind);
            let legal = s.position().actions(&s.rules);
            s.play(legal[0]).unwrap();
            let legal = s.position().actions(&s.rules);
            s.play(*legal.last().unwrap()).unwrap();
            s.players = [Player::Ai(kind.levels()[0].key), Player::Human];
            s.hints = true;
            let mut route = Route::new(crate::route::View::Play);
            s.to_route(&mut route);
            let (back, notes) = Setup::from_route(&Route::parse(&route.to_hash()));
            assert!(notes.is_empty(), "{notes:?}");
            assert_eq!(back, s, "{}", route.to_hash());
        }
    }

    #[test]
    fn illegal_moves_are_refused_with_a_reason() {
        let mut s = Setup::new(Kind::TicTacToe);
        s.play(Move::Cell(4)).unwrap();
        assert_eq!(
            s.play(Move::Cell(4)).unwrap_err(),
            "row 2, column 2 is taken"
        );
        let mut c = Setup::new(Kind::Connect4);
        for _ in 0..6 {
            c.play(Move::Column(0)).unwrap();
        }
        assert_eq!(c.play(Move::Column(0)).unwrap_err(), "column 1 is full");
        let mut n = Setup::new(Kind::Nim);
        assert_eq!(
            n.play(Move::Take(Take { pile: 0, take: 4 })).unwrap_err(),
            "a move takes at most 3"
        );
    }

    #[test]
    fn undo_and_redo() {
        let mut s = Setup::new(Kind::Connect4);
        s.play(Move::Column(3)).unwrap();
        s.play(Move::Column(2)).unwrap();
        let before = s.position();
        assert!(s.undo());
        assert_ne!(s.position(), before);
        assert!(s.redo());
        assert_eq!(s.position(), before);
        assert!(!s.redo());
        s.undo();
        s.play(Move::Column(6)).unwrap();
        assert!(!s.redo(), "a new move drops the undone one");
        assert_eq!(s.moves_text(), "47");
    }

    #[test]
    fn broken_links_say_what_is_wrong() {
        let (s, notes) = Setup::from_route(&Route::parse("#/play?game=c4&moves=4444444"));
        assert_eq!(s.played, 0);
        assert!(
            notes[0].contains("move 7") && notes[0].contains("column 4 is full"),
            "{notes:?}"
        );
        let (_, notes) = Setup::from_route(&Route::parse("#/play?game=chess"));
        assert!(notes[0].contains("chess"));
        // Found by fuzzing (issue 15): pile 0 subtracted with overflow before it was refused.
        let (s, notes) = Setup::from_route(&Route::parse("#/play?game=nim&moves=0:1"));
        assert_eq!(s.played, 0);
        assert!(notes[0].contains("move 1 (“0:1”)"), "{notes:?}");
        let (s, notes) = Setup::from_route(&Route::parse("#/play?game=nim&piles=3,x&p2=god"));
        assert_eq!(s.rules.piles, vec![9]);
        assert_eq!(notes.len(), 2, "{notes:?}");
    }

    /// Issue 33: a hint not proven in time says so, in the badge a sighted person reads as in
    /// the name a screen reader reads (which holds the badge's words), and below the board;
    /// and it is never ranked among proven hints. A result proven without how soon says that.
    #[test]
    fn an_unproven_hint_says_so() {
        let estimate = Verdict::Estimate(-14);
        let badge = estimate.badge();
        assert!(badge.ends_with('?'), "{badge}");
        let words = hint_words(Kind::Connect4, Some(estimate));
        assert!(
            words.contains(&badge) && words.contains("not proven"),
            "{words}"
        );
        assert!(words.contains("not a count of moves"), "{words}");
        // Proven verdicts are ranked, an estimate (whatever its number) is not.
        assert_eq!(estimate.rank(), None);
        assert_eq!(Verdict::Estimate(900).rank(), None);
        let ranked: Vec<Verdict> = vec![
            Verdict::Loss(Some(2)),
            Verdict::Loss(Some(10)),
            Verdict::Loss(None),
            Verdict::Draw,
            Verdict::Win(None),
            Verdict::Win(Some(15)),
            Verdict::Win(Some(1)),
        ];
        assert!(ranked.windows(2).all(|w| w[0].rank() < w[1].rank()));
        // A result without how soon: proven, and said so, in connect four; Nim's wins are
        // never counted, and say nothing of it.
        assert_eq!(
            hint_words(Kind::Connect4, Some(Verdict::Win(None))),
            ": win (wins; proven, how soon not known)"
        );
        assert_eq!(
            hint_words(Kind::Nim, Some(Verdict::Win(None))),
            ": win (wins)"
        );
        assert_eq!(
            hint_words(Kind::Connect4, Some(Verdict::Loss(Some(10)))),
            ": loss 10 (loses in 10 moves)"
        );
        // The note below the board names the unproven moves, and only when there are some.
        let hint = |c: u8, verdict| super::Hint {
            mv: Move::Column(c),
            verdict,
        };
        let mut hints = vec![hint(0, Verdict::Loss(Some(10))), hint(1, estimate)];
        let note = unproven_note(Kind::Connect4, &hints).unwrap();
        assert!(note.starts_with("Not proven in the time for hints: column 2 (◆). Its numbers"));
        hints.push(hint(4, Verdict::Estimate(3)));
        let note = unproven_note(Kind::Connect4, &hints).unwrap();
        assert!(
            note.contains("column 2 and column 5 (◆). Their numbers"),
            "{note}"
        );
        let all: Vec<super::Hint> = hints.iter().skip(1).cloned().collect();
        let note = unproven_note(Kind::Connect4, &all).unwrap();
        assert!(note.starts_with("No hint was proven"), "{note}");
        hints.retain(|h| h.verdict.rank().is_some());
        assert_eq!(unproven_note(Kind::Connect4, &hints), None);
    }

    /// A connect-four AI move's thought, as `think` gives it.
    fn c4_thought(value: i32, verdict: Verdict, proof: Option<connect4::Proof>) -> super::Thought {
        super::Thought {
            mv: Move::Column(3),
            verdict,
            value,
            depth: 6,
            nodes: if proof == Some(connect4::Proof::Book) {
                0
            } else {
                5_000
            },
            proven: proof.is_some(),
            stopped: false,
            solver: matches!(
                proof,
                Some(connect4::Proof::Exact | connect4::Proof::Result)
            ),
            weak: matches!(proof, Some(connect4::Proof::Book | connect4::Proof::Result)),
            proof,
            note: None,
            mcts: None,
        }
    }

    /// Issue 33: a book move said "Its search valued the position 1" beside "No search ran for
    /// this move", and values changed scale (1, 17, −1015) with no word of why. Each value now
    /// says what it is and on what scale; only a search's value is called a search's.
    #[test]
    fn every_value_says_its_scale_and_a_book_move_no_search() {
        use connect4::Proof;
        let max = "Blue ●";
        let (perfect, threats, seed) = (
            Strength::Perfect,
            Strength::Depth {
                depth: 6,
                threats: true,
            },
            Strength::Depth {
                depth: 4,
                threats: false,
            },
        );
        let book = move_note(
            &c4_thought(1, Verdict::Win(None), Some(Proof::Book)),
            perfect,
            max,
        );
        assert!(!book.value.contains("search"), "{}", book.value);
        assert!(book.value.contains("opening book"), "{}", book.value);
        assert!(book.value.contains("1 a win"), "{}", book.value);
        assert!(book.no_search.is_some());
        let exact = move_note(
            &c4_thought(17, Verdict::Win(Some(2)), Some(Proof::Exact)),
            perfect,
            max,
        );
        assert!(
            exact
                .value
                .starts_with("Exact score from the solver: 17 for MAX"),
            "{}",
            exact.value
        );
        assert!(
            exact.value.contains("22 less the winner's stones"),
            "{}",
            exact.value
        );
        let result = move_note(
            &c4_thought(-1, Verdict::Win(None), Some(Proof::Result)),
            perfect,
            max,
        );
        assert!(
            result
                .value
                .starts_with("Result from the solver: −1 for MAX"),
            "{}",
            result.value
        );
        assert!(result.value.contains("how soon"), "{}", result.value);
        let guess = move_note(&c4_thought(17, Verdict::Estimate(17), None), threats, max);
        assert!(
            guess
                .value
                .starts_with("Heuristic value (the threat evaluation, 6 plies ahead): 17"),
            "{}",
            guess.value
        );
        assert!(guess.value.contains("not proven"), "{}", guess.value);
        let seeds = move_note(&c4_thought(-3, Verdict::Estimate(3), None), seed, max);
        assert!(
            seeds.value.contains("the seed's heuristic"),
            "{}",
            seeds.value
        );
        let seen = move_note(
            &c4_thought(-1015, Verdict::Loss(Some(3)), None),
            threats,
            max,
        );
        assert!(
            seen.value.contains("1000 plus the exact score (here 15"),
            "{}",
            seen.value
        );
        // The solver proved every move lost: the value is the lookahead's, and says so.
        let lost = move_note(
            &c4_thought(-40, Verdict::Loss(None), Some(Proof::Lost)),
            perfect,
            max,
        );
        assert!(lost.value.starts_with("Heuristic value"), "{}", lost.value);
        assert!(
            lost.proof.contains("the solver proved every move loses"),
            "{}",
            lost.proof
        );
        // Tic-tac-toe and Nim: their own scales.
        let ttt = super::Thought {
            mv: Move::Cell(4),
            value: 0,
            ..c4_thought(0, Verdict::Draw, None)
        };
        let note = move_note(&ttt, perfect, "X");
        assert!(note.value.contains("10 less the marks"), "{}", note.value);
        let nim = super::Thought {
            mv: Move::Take(Take { pile: 0, take: 1 }),
            value: 1,
            ..c4_thought(1, Verdict::Win(None), None)
        };
        let note = move_note(&nim, threats, "Player 1");
        assert!(
            note.value
                .contains("1 a win for MAX, −1 a loss, 0 a game unfinished"),
            "{}",
            note.value
        );
        for n in [&exact, &result, &guess, &seeds, &seen, &lost] {
            assert!(
                n.value.contains("for MAX (Blue ●, who moved first)"),
                "{}",
                n.value
            );
            assert!(
                n.value.contains("root of the tree behind this move"),
                "{}",
                n.value
            );
            assert_eq!(n.no_search, None);
        }
    }

    #[test]
    fn connect_four_verdicts_count_moves() {
        // The first player to move on an empty board who wins with the 4th stone: score 18.
        let p = Position::new();
        assert_eq!(c4_max_verdict(18, true, &p), Verdict::Win(Some(4)));
        assert_eq!(c4_max_verdict(-18, true, &p), Verdict::Loss(Some(4)));
        assert_eq!(c4_max_verdict(0, true, &p), Verdict::Draw);
        assert_eq!(c4_max_verdict(12, false, &p), Verdict::Estimate(12));
        assert_eq!(
            c4_max_verdict(connect4::WIN + 18, false, &p),
            Verdict::Win(Some(4))
        );
    }
}
