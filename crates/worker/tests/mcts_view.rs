//! MCTS runs as the page shows them: frames, marks, captions and scenes of runs the worker makes.

use arbor_app::mcts::*;
use arbor_app::url::UrlSettings;

use arbor_game::MctsEvent;
#[allow(unused_imports)]
use arbor_worker::*;

use arbor_app::play::{Kind, Rules};
use arbor_app::route::Route;
use arbor_app::scene::Status;

fn request(source: MctsSource, iterations: u64, seed: u64) -> MctsRequest {
    MctsRequest {
        source,
        iterations,
        exploration: DEFAULT_EXPLORATION,
        seed,
    }
}

/// A link from a game where O moved first names the sides as the Play page did, and keeps
/// it when written again.
#[test]
fn o_first_names_the_sides() {
    let route = Route::parse("#/mcts?game=ttt&first=o&moves=5&n=50&seed=3");
    let (settings, notes) = MctsSettings::from_route(&route);
    assert!(notes.is_empty(), "{notes:?}");
    let view = run_mcts(&settings.request, &mut |_| {}).unwrap();
    assert_eq!(view.sides, ["O".to_string(), "X".to_string()]);
    let mut again = Route::new(arbor_app::route::View::Mcts);
    settings.to_route(&mut again);
    assert_eq!(again.get("first"), Some("o"));
}

fn game(kind: Kind, moves: &str) -> MctsSource {
    MctsSource::Game {
        rules: Rules::of(kind),
        moves: moves.into(),
        o_first: false,
    }
}

/// Every selection step's UCB1 terms, recomputed from the tree replayed up to it, are the
/// engine's, and the child taken has the highest value.
fn check_selections(view: &MctsView, c: f64) {
    let mut checked = 0;
    for (k, e) in view.events.iter().enumerate() {
        if let MctsEvent::Select {
            node,
            visits,
            scores,
            chosen,
        } = e
        {
            let before = view.frame(k);
            let parent = &before.nodes[*node as usize];
            assert_eq!(parent.visits, *visits);
            assert_eq!(parent.children.len(), scores.len());
            let mut best = f64::MIN;
            for (&child, s) in parent.children.iter().zip(scores) {
                let n = &before.nodes[child as usize];
                let mean = n.reward / n.visits as f64;
                let explore = c * ((parent.visits as f64).ln() / n.visits as f64).sqrt();
                assert_eq!(s.child, child);
                assert!((s.mean - mean).abs() < 1e-9 && (s.explore - explore).abs() < 1e-9);
                best = best.max(mean + explore);
            }
            let taken = scores.iter().find(|s| s.child == *chosen).unwrap();
            assert!((taken.value() - best).abs() < 1e-12);
            checked += 1;
        }
    }
    assert!(checked > 10, "only {checked} selections");
}

#[test]
fn the_textbook_tree_converges_on_minimax_move() {
    let view = run_mcts(
        &request(MctsSource::Tree(DEFAULT_TREE.into()), 3000, 1),
        &mut |_| {},
    )
    .unwrap();
    let exact: Vec<Option<Exact>> = view.moves.iter().map(|m| m.exact).collect();
    let mut values: Vec<i32> = exact
        .iter()
        .map(|e| match e {
            Some(Exact::Value(v)) => *v,
            other => panic!("{other:?}"),
        })
        .collect();
    values.sort();
    assert_eq!(values, [2, 2, 3]);
    let best = &view.moves[view.best.unwrap()];
    assert!(
        best.optimal && best.exact == Some(Exact::Value(3)),
        "{view:?}"
    );
    assert_eq!(view.recorded, RECORD_ITERATIONS);
    // Every iteration visits one root move: the last sample is the end's visits.
    let last = view.samples.last().unwrap();
    assert_eq!(last.iteration, 3000);
    assert_eq!(last.visits.iter().sum::<u64>(), 3000);
    assert_eq!(
        last.visits,
        view.moves.iter().map(|m| m.visits).collect::<Vec<_>>()
    );
    assert!(view
        .samples
        .windows(2)
        .all(|w| w[0].iteration < w[1].iteration));
    check_selections(&view, 1.41);
    // The replayed tree at the end of the record has the recorded iterations' visits.
    let end = view.frame(view.len());
    assert_eq!(end.nodes[0].visits, RECORD_ITERATIONS);
    assert_eq!(end.nodes.len(), view.nodes.len());
}

#[test]
fn runs_are_links_the_same_seed_the_same_run() {
    let r = request(game(Kind::TicTacToe, "5"), 500, 9);
    let a = run_mcts(&r, &mut |_| {}).unwrap();
    assert_eq!(a, run_mcts(&r, &mut |_| {}).unwrap());
    let b = run_mcts(&MctsRequest { seed: 10, ..r }, &mut |_| {}).unwrap();
    assert_ne!(a.events, b.events);
}

#[test]
fn games_have_exact_values_where_they_can_be_solved() {
    // X took the centre and O a corner: every X move draws with best play.
    let view = run_mcts(&request(game(Kind::TicTacToe, "51"), 2000, 1), &mut |_| {}).unwrap();
    assert_eq!(view.moves.len(), 7);
    assert!(view
        .moves
        .iter()
        .all(|m| m.exact == Some(Exact::Outcome(0)) && m.optimal));
    check_selections(&view, 1.41);
    // X threatens the top row: O must block at c1 (cell 3) or lose.
    let view = run_mcts(&request(game(Kind::TicTacToe, "152"), 3000, 1), &mut |_| {}).unwrap();
    let optimal: Vec<&str> = view
        .moves
        .iter()
        .filter(|m| m.optimal)
        .map(|m| m.label.as_str())
        .collect();
    assert_eq!(optimal, ["c1"]);
    assert_eq!(view.moves[view.best.unwrap()].label, "c1");
    assert!(view
        .moves
        .iter()
        .filter(|m| !m.optimal)
        .all(|m| m.exact == Some(Exact::Outcome(-1))));
    // Nim, 9 matches, take 1–3: taking 1 leaves 8, a multiple of 4, and wins.
    let view = run_mcts(&request(game(Kind::Nim, ""), 2000, 1), &mut |_| {}).unwrap();
    let winning: Vec<&str> = view
        .moves
        .iter()
        .filter(|m| m.exact == Some(Exact::Outcome(1)))
        .map(|m| m.label.as_str())
        .collect();
    assert_eq!(winning, ["t1"]);
    // Connect four: a late position is solved, the first move is not (too big to solve here).
    let view = run_mcts(
        &request(game(Kind::Connect4, "4444443"), 300, 1),
        &mut |_| {},
    )
    .unwrap();
    assert!(
        view.moves.iter().all(|m| m.exact.is_some()),
        "{:?}",
        view.moves
    );
    let view = run_mcts(&request(game(Kind::Connect4, ""), 100, 1), &mut |_| {}).unwrap();
    assert!(view.moves.iter().all(|m| m.exact.is_none()));
    assert!(view.moves.iter().all(|m| !m.optimal));
}

#[test]
fn what_cannot_be_searched_is_said() {
    for (source, says) in [
        (MctsSource::Tree("[?[1,2],[3,4]]".into()), "chance"),
        (MctsSource::Tree("[(1,2,3),(3,2,1)]".into()), "vectors"),
        (MctsSource::Tree("[[1,2],[3".into()), ""),
        (game(Kind::TicTacToe, "1425369"), "over"),
        (game(Kind::TicTacToe, "11"), "taken"),
    ] {
        let e = run_mcts(&request(source.clone(), 10, 1), &mut |_| {}).unwrap_err();
        assert!(e.contains(says), "{source:?}: {e}");
    }
    assert!(run_mcts(
        &request(MctsSource::Tree(DEFAULT_TREE.into()), 0, 1),
        &mut |_| {}
    )
    .is_err());
}

#[test]
fn captions_tell_each_phase_with_the_engine_numbers() {
    let view = run_mcts(
        &request(MctsSource::Tree(DEFAULT_TREE.into()), 20, 1),
        &mut |_| {},
    )
    .unwrap();
    let first = view.caption(&view.frame(0));
    assert!(
        first.ends_with(arbor_app::control::STEP_TO_BEGIN),
        "{first}"
    );
    let mut seen = [false; 4];
    for step in 0..=view.len() {
        let frame = view.frame(step);
        let text = view.caption(&frame);
        if let Some(e) = frame.event {
            seen[phase(e)] = true;
            if let MctsEvent::Select { scores, chosen, .. } = e {
                let c = scores.iter().find(|s| s.child == *chosen).unwrap();
                assert!(text.contains(&number(c.value())), "{text}");
            }
        }
        assert!(!text.is_empty());
        let marks = view.marks(&frame);
        assert_eq!(marks.len(), frame.nodes.len());
        assert_eq!(
            marks.iter().filter(|m| m.status == Status::Current).count(),
            1
        );
    }
    assert_eq!(seen, [true; 4]);
    let scene = view.scene(view.nodes.len());
    assert_eq!(scene.nodes.len(), view.nodes.len());
}

#[test]
fn exploration_constants_read_and_write() {
    assert_eq!(parse_exploration("1.41"), Ok(141));
    assert_eq!(parse_exploration("2"), Ok(200));
    assert_eq!(parse_exploration(".5"), Ok(50));
    assert_eq!(parse_exploration("0"), Ok(0));
    for bad in ["", ".", "1.414", "-1", "11", "x", "1e2"] {
        assert!(parse_exploration(bad).is_err(), "{bad}");
    }
    assert_eq!(exploration_text(141), "1.41");
    assert_eq!(exploration_text(200), "2");
    assert_eq!(exploration_text(50), "0.5");
    assert_eq!(number(0.5), "0.5");
    assert_eq!(number(2.0), "2");
    assert_eq!(number(-0.25), "−0.25");
}
