//! Monte Carlo tree search over the games, run in the worker for the MCTS page: the run
//! recorded as the page steps it, each root move's exact value from the game's solver.

use arbor_app::game::{label, Kind, Move, Pos, TTT};
use arbor_app::mcts::{
    check_iterations, grow, run_tree, win_draw_loss, Exact, MctsRequest, MctsSource, MctsView,
    Prepared, Setting, C4_SOLVE_NODES,
};
use arbor_game::Budget;
use arbor_games::ai::score_moves;
use arbor_games::connect4::{Connect4, Eval, Solver};

/// Runs MCTS for `request`, reporting the iterations done now and then.
pub fn run(request: &MctsRequest, progress: &mut dyn FnMut(u64)) -> Result<MctsView, String> {
    check_iterations(request)?;
    let o_first = matches!(request.source, MctsSource::Game { o_first: true, .. });
    let sides = |k: Kind| {
        let [a, b] = k.side_names().map(String::from);
        if o_first && k == Kind::TicTacToe {
            [b, a]
        } else {
            [a, b]
        }
    };
    match request.source.prepare()? {
        Prepared::Tree(_) => run_tree(request, progress),
        Prepared::Game(rules, pos) => {
            let piles = rules.piles.len();
            let rule = "a win 1, a draw ½, a loss 0 (for MAX, the first player)".to_string();
            let outcome = |v: i32| Some(Exact::Outcome(v.signum() as i8));
            match pos {
                Pos::Ttt(board) => {
                    let scores = score_moves(&TTT, &board, None, 16);
                    let exact = |mv: u8, _: &_| {
                        scores
                            .iter()
                            .find(|m| m.mv == mv)
                            .and_then(|m| outcome(m.value))
                    };
                    let name = |m: u8| label(Move::Cell(m), piles);
                    grow(
                        request,
                        Setting {
                            game: &TTT,
                            root: board,
                            root_label: "start".into(),
                            name: &name,
                            reward: &win_draw_loss,
                            reward_rule: rule,
                            exact: &exact,
                            sides: sides(Kind::TicTacToe),
                        },
                        progress,
                    )
                }
                Pos::Nim(piles_now) => {
                    let game = rules.nim();
                    let scores = score_moves(&game, &piles_now, None, 16);
                    let exact = |mv, _: &_| {
                        scores
                            .iter()
                            .find(|m| m.mv == mv)
                            .and_then(|m| outcome(m.value))
                    };
                    let name = |m| label(Move::Take(m), piles);
                    grow(
                        request,
                        Setting {
                            game: &game,
                            root: piles_now,
                            root_label: "start".into(),
                            name: &name,
                            reward: &win_draw_loss,
                            reward_rule: rule,
                            exact: &exact,
                            sides: sides(Kind::Nim),
                        },
                        progress,
                    )
                }
                Pos::C4(p) => {
                    let game = Connect4 { eval: Eval::Seed };
                    // Solved where it is quick: a budget of nodes per move, else left open.
                    let exact = |_: u8, s: &arbor_games::connect4::Position| {
                        if s.is_won() {
                            return Some(Exact::Outcome(1));
                        }
                        let mut solver = Solver::new(18).with_budget(Budget::nodes(C4_SOLVE_NODES));
                        solver
                            .solve(s, true)
                            .ok()
                            .map(|solved| Exact::Outcome(-(solved.score.signum() as i8)))
                    };
                    let name = |m: u8| label(Move::Column(m), piles);
                    grow(
                        request,
                        Setting {
                            game: &game,
                            root: p,
                            root_label: "start".into(),
                            name: &name,
                            reward: &win_draw_loss,
                            reward_rule: rule,
                            exact: &exact,
                            sides: sides(Kind::Connect4),
                        },
                        progress,
                    )
                }
            }
        }
    }
}
