//! Monte Carlo tree search over the games, run in the worker for the MCTS page: the run
//! recorded as the page steps it, each root move's exact value from the game's solver.

use arbor_app::game::{c4_picture, label, nim_picture, ttt_picture, Kind, Move, Pos, TTT};
use arbor_app::mcts::{
    check_iterations, grow, run_tree, win_draw_loss, Exact, ExactOf, MctsRequest, MctsSource,
    MctsView, PictureOf, Prepared, Setting, C4_SOLVE_NODES,
};
use arbor_game::{Budget, Game};
use arbor_games::ai::score_moves;
use arbor_games::connect4::{Connect4, Eval, Position, Solver};

/// Runs MCTS for `request`, reporting the iterations done now and then.
pub fn run(request: &MctsRequest, progress: &mut dyn FnMut(u64)) -> Result<MctsView, String> {
    check_iterations(request)?;
    match request.source.prepare()? {
        Prepared::Tree(_) => run_tree(request, progress),
        Prepared::Game(rules, pos) => {
            let piles = rules.piles.len();
            let o_first = matches!(request.source, MctsSource::Game { o_first: true, .. });
            match pos {
                Pos::Ttt(board) => {
                    let exact = solved_moves(&TTT, &board);
                    let name = |m: u8| label(Move::Cell(m), piles);
                    let picture = |b: &_| ttt_picture(b, o_first);
                    let game = Described {
                        kind: Kind::TicTacToe,
                        name: &name,
                        exact: &exact,
                        picture: &picture,
                    };
                    grow_game(request, game, &TTT, board, progress)
                }
                Pos::Nim(piles_now) => {
                    let nim = rules.nim();
                    let exact = solved_moves(&nim, &piles_now);
                    let name = |m| label(Move::Take(m), piles);
                    let game = Described {
                        kind: Kind::Nim,
                        name: &name,
                        exact: &exact,
                        picture: &nim_picture,
                    };
                    grow_game(request, game, &nim, piles_now, progress)
                }
                Pos::C4(p) => {
                    let name = |m: u8| label(Move::Column(m), piles);
                    let exact = |_: u8, s: &Position| c4_exact(s);
                    let game = Described {
                        kind: Kind::Connect4,
                        name: &name,
                        exact: &exact,
                        picture: &c4_picture,
                    };
                    grow_game(request, game, &Connect4 { eval: Eval::Seed }, p, progress)
                }
            }
        }
    }
}

/// What the page shows of a game's run beyond the game itself: its kind, a move's name, a
/// root move's exact value and a position's picture.
struct Described<'a, G: Game> {
    kind: Kind,
    name: &'a dyn Fn(G::Move) -> String,
    exact: &'a ExactOf<'a, G>,
    picture: &'a PictureOf<'a, G>,
}

/// Grows the recorded MCTS tree of a game from `root`, rewarding a win 1, a draw ½, a loss 0.
fn grow_game<G: Game>(
    request: &MctsRequest,
    described: Described<'_, G>,
    game: &G,
    root: G::State,
    progress: &mut dyn FnMut(u64),
) -> Result<MctsView, String> {
    let setting = Setting {
        game,
        root,
        root_label: "start".into(),
        name: described.name,
        reward: &win_draw_loss,
        reward_rule: "a win 1, a draw ½, a loss 0 (for MAX, the first player)".to_string(),
        exact: described.exact,
        sides: sides(request, described.kind),
        picture: Some(described.picture),
    };
    grow(request, setting, progress)
}

/// The sides' names, as the request's game has them (in tic-tac-toe O may move first).
fn sides(request: &MctsRequest, kind: Kind) -> [String; 2] {
    let o_first = matches!(request.source, MctsSource::Game { o_first: true, .. });
    let [a, b] = kind.side_names().map(String::from);
    if o_first && kind == Kind::TicTacToe {
        [b, a]
    } else {
        [a, b]
    }
}

/// Each root move's outcome, solved to the end (tic-tac-toe and Nim are small enough).
fn solved_moves<G: Game>(game: &G, root: &G::State) -> impl Fn(G::Move, &G::State) -> Option<Exact>
where
    G::Move: PartialEq,
{
    let scores = score_moves(game, root, None, 16);
    move |mv, _| {
        scores
            .iter()
            .find(|m| m.mv == mv)
            .map(|m| Exact::Outcome(m.value.signum() as i8))
    }
}

/// A connect-four root move's outcome, where the solver proves it within a budget of nodes;
/// else left open.
fn c4_exact(after: &Position) -> Option<Exact> {
    if after.is_won() {
        return Some(Exact::Outcome(1));
    }
    let mut solver = Solver::new(18).with_budget(Budget::nodes(C4_SOLVE_NODES));
    solver
        .solve(after, true)
        .ok()
        .map(|solved| Exact::Outcome(-(solved.score.signum() as i8)))
}
