//! The search behind an AI move, run again in the worker and recorded as an explicit tree the
//! alpha-beta stepper replays.

use arbor_game::explain::{explain, Explained};
use arbor_game::{Budget, Game, Recorder, Trace};
use arbor_games::ai::{self};
use arbor_games::connect4::{Connect4, Connect4Solver, Eval, Solver};
use arbor_games::tictactoe::TicTacToe;

use crate::play::{level_of, plan, TABLE_BITS};
use arbor_app::alphabeta::{ExplainRequest, ExplainedView};
use arbor_app::game::{c4_picture, label, nim_picture, position, ttt_picture, TTT};
use arbor_app::game::{Move, Pos, Strength};
use arbor_app::scene::GamePicture;

fn view<S, M>(
    e: Explained<S, M>,
    picture: impl Fn(&S) -> GamePicture,
    solver: bool,
) -> ExplainedView {
    ExplainedView {
        tree: e.tree.to_text(),
        pictures: e.states.iter().map(picture).collect(),
        trace: e.trace,
        explored: e.explored,
        solver,
    }
}

/// Runs the search behind a move again, recording it, and turns it into a tree. A search
/// that enters more than `request.limit` nodes is run twice: once counting each iteration's
/// nodes, once recording its last iterations that fit (at least the last one) — the end of
/// the search, where the move is chosen, is what the tree must show.
pub fn explain_move(request: &ExplainRequest, o_first: bool) -> Result<ExplainedView, String> {
    let rules = &request.rules;
    let pos = position(rules, &request.moves)?;
    let strength = level_of(rules, &request.level)?;
    if matches!(strength, Strength::Mcts { .. }) {
        return Err(format!(
            "“{}” is an MCTS level: its moves' trees open on the MCTS page, not in the alpha-beta stepper",
            request.level
        ));
    }
    let plan = plan(strength, request.seed, Some(request.depth.max(1)));
    let piles = rules.piles.len();
    let limit = request.limit;
    /// Runs `search` recording; if it entered more than `limit` nodes, again, recording from
    /// the first iteration that lets the rest fit.
    fn record<G: Game>(
        limit: usize,
        mut search: impl FnMut(&mut Recorder<G::State, G::Move>),
    ) -> Trace<G::State, G::Move> {
        let mut rec = Recorder::with_limit(limit);
        search(&mut rec);
        if rec.trace().omitted == 0 {
            return rec.into_trace();
        }
        let first = rec.sizes().first_fitting(limit as u64);
        let mut rec = Recorder::from_iteration(first, limit);
        search(&mut rec);
        rec.into_trace()
    }
    match pos {
        Pos::Ttt(b) => {
            let trace = record::<TicTacToe>(limit, |o| {
                ai::choose(&TTT, &b, &plan, Budget::unlimited(), o, |_| {});
            });
            let e = explain(&TTT, &trace, |m| Some(label(Move::Cell(m), piles)))?;
            Ok(view(e, |s| ttt_picture(s, o_first), false))
        }
        Pos::Nim(n) => {
            let game = rules.nim();
            let trace = record::<arbor_games::nim::Nim>(limit, |o| {
                ai::choose(&game, &n, &plan, Budget::unlimited(), o, |_| {});
            });
            let e = explain(&game, &trace, |m| Some(label(Move::Take(m), piles)))?;
            Ok(view(e, nim_picture, false))
        }
        Pos::C4(p) if strength == Strength::Perfect && request.solver => {
            let trace = record::<Connect4Solver>(limit, |o| {
                let mut solver = Solver::new(TABLE_BITS);
                solver.set_shuffle(Some(request.seed));
                // Without a budget the solve finishes.
                let _ = if request.weak {
                    solver.solve_observed(&p, true, o)
                } else {
                    solver.best_move_observed(&p, o)
                };
            });
            let e = explain(&Connect4Solver, &trace, |m| {
                Some(label(Move::Column(m), piles))
            })?;
            Ok(view(e, c4_picture, true))
        }
        Pos::C4(p) => {
            let eval = match strength {
                Strength::Depth { threats: false, .. } => Eval::Seed,
                _ => Eval::Threats,
            };
            let game = Connect4 { eval };
            let trace = record::<Connect4>(limit, |o| {
                ai::choose(&game, &p, &plan, Budget::unlimited(), o, |_| {});
            });
            let e = explain(&game, &trace, |m| Some(label(Move::Column(m), piles)))?;
            Ok(view(e, c4_picture, false))
        }
    }
}
