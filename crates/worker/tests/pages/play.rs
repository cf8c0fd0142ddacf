//! The Play page: the game, the AI's moves and the hints from the worker, undo and redo.

use arbor_app::play::page::{Action, State, Task};
use arbor_app::play::Answer;
use arbor_app::play::{Kind, Move, Player, Rules, Setup};
use arbor_app::route::{Route, View};
use arbor_app::work::Reply;
use proptest::prelude::*;

use crate::harness::{delivery, read_back, worker, Delivery, Driven};

#[derive(Clone, Debug)]
enum Do {
    /// A legal move (by index among the legal ones), or any move at all.
    Click(usize, Option<u8>),
    Undo,
    Redo,
    NewGame(u64),
    Player(usize, Option<usize>),
    OFirst(bool),
    Hints(bool),
    Think(u32),
    Rules(u8, u64),
    Stop,
    Resume,
    Answer(Delivery),
}

fn action() -> impl Strategy<Value = Do> {
    prop_oneof![
        8 => (any::<usize>(), prop::option::weighted(0.1, 0u8..12)).prop_map(|(i, any)| Do::Click(i, any)),
        2 => Just(Do::Undo),
        1 => Just(Do::Redo),
        1 => any::<u64>().prop_map(Do::NewGame),
        2 => (0usize..2, prop::option::of(0usize..8)).prop_map(|(side, l)| Do::Player(side, l)),
        1 => any::<bool>().prop_map(Do::OFirst),
        2 => any::<bool>().prop_map(Do::Hints),
        1 => (0u32..3).prop_map(Do::Think),
        1 => (any::<u8>(), any::<u64>()).prop_map(|(k, s)| Do::Rules(k, s)),
        1 => Just(Do::Stop),
        1 => Just(Do::Resume),
        12 => delivery().prop_map(Do::Answer),
    ]
}

/// The page, with the worker's answers it is sent, each for the job it was asked for.
type Page = Driven<State, (u64, Reply<Answer>)>;

/// What the user or the worker does, done to the page.
fn act(page: &mut Page, d: Do) {
    let s = &page.s;
    let action = match d {
        Do::Click(i, any) => {
            let legal = s.setup.position().actions(&s.setup.rules);
            match (any, legal.is_empty()) {
                (Some(n), _) => Action::Click(match s.setup.rules.kind {
                    Kind::TicTacToe => Move::Cell(n),
                    Kind::Connect4 => Move::Column(n),
                    Kind::Nim => Move::Take(arbor_games::nim::Take {
                        pile: n % 3,
                        take: n,
                    }),
                }),
                (None, false) => Action::Click(legal[i % legal.len()]),
                (None, true) => Action::Undo,
            }
        }
        Do::Undo => Action::Undo,
        Do::Redo => Action::Redo,
        Do::NewGame(seed) => Action::NewGame(seed),
        Do::Player(side, level) => {
            let levels = s.setup.rules.kind.levels();
            Action::Player(
                side,
                match level {
                    Some(l) => Player::Ai(levels[l % levels.len()].key),
                    None => Player::Human,
                },
            )
        }
        Do::OFirst(o) => Action::OFirst(o),
        Do::Hints(h) => Action::Hints(h),
        Do::Think(t) => Action::Think(t),
        Do::Rules(k, seed) => Action::Rules(Rules::of(Kind::ALL[k as usize % 3]), seed),
        Do::Stop => Action::Stop,
        Do::Resume => Action::Resume,
        Do::Answer(how) => {
            let job = s.job;
            let answers = s.request().map(worker).unwrap_or_default();
            return page.answer(answers.into_iter().map(|m| (job, m)).collect(), how);
        }
    };
    page.act(action);
}

/// The page's invariants.
fn check(s: &State) -> Result<(), TestCaseError> {
    let setup = &s.setup;
    prop_assert!(setup.played <= setup.moves.len());
    // Every move played is legal where it was played.
    let mut pos = setup.rules.start().expect("rules that start");
    for &mv in &setup.moves[..setup.played] {
        pos = pos
            .play(&setup.rules, mv)
            .map_err(|e| TestCaseError::fail(format!("{mv:?}: {e}")))?;
    }
    // The worker has a job exactly when the page waits for one.
    prop_assert_eq!(s.task == Task::Idle, s.request().is_none(), "{:?}", s.task);
    if s.task == Task::Thinking {
        let side = setup.position().to_move();
        prop_assert!(
            matches!(setup.players[side], Player::Ai(_)),
            "thinking for a person"
        );
    }
    // Hints shown are of this position, and name its legal moves only.
    if let Some((moves, hints)) = &s.hints {
        if *moves == setup.moves_text() {
            let legal = setup.position().actions(&setup.rules);
            for h in hints {
                prop_assert!(
                    legal.contains(&h.mv),
                    "a hint for {:?}, not a legal move",
                    h.mv
                );
            }
        }
    }
    // The AI's last move is the move after `before` in the game shown.
    if let Some(ai) = &s.last_ai {
        let before = setup
            .rules
            .parse_moves(&ai.before)
            .map_err(TestCaseError::fail)?;
        prop_assert!(before.len() < setup.played + 1);
        prop_assert_eq!(setup.moves.get(before.len()), Some(&ai.thought.mv));
    }
    Ok(())
}

/// The URL the page writes opens the same game.
fn reads_back(s: &State) -> Result<(), TestCaseError> {
    let (setup, route) = read_back(&s.setup, View::Play)?;
    let shown = Setup {
        moves: s.setup.moves[..s.setup.played].to_vec(),
        ..s.setup.clone()
    };
    let read = Setup {
        moves: setup.moves[..setup.played].to_vec(),
        ..setup
    };
    prop_assert_eq!(read, shown, "{}", route.to_hash());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::harness::cases(64), ..ProptestConfig::default() })]

    /// Any sequence of play, with the worker's answers late, twice or for jobs since
    /// cancelled, keeps the game whole.
    #[test]
    fn any_sequence_of_actions_keeps_the_game_whole(kind in 0usize..3, actions in prop::collection::vec(action(), 1..24)) {
        let mut route = Route::new(View::Play);
        route.set("game", ["ttt", "c4", "nim"][kind]);
        route.set("think", "1");
        let mut page = Page::new(State::new(&route, 7), |(id, m)| Action::Worker(id, m));
        check(&page.s)?;
        for d in actions {
            act(&mut page, d);
            check(&page.s)?;
            reads_back(&page.s)?;
        }
    }
}
