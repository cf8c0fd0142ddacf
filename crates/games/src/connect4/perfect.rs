//! The perfect player: the opening book, then the solver with a transposition table kept from
//! move to move, then the depth-limited search with the threat evaluation, as far as the time
//! allows ([`PerfectPlayer::choose`]).

use arbor_game::{Budget, Clock, Observer};
use arbor_util::Aborted;

use super::book::Book;
use super::game::{proven_score, Connect4, Eval, LOOKAHEAD_DEPTH};
use super::position::{Position, WIDTH};
use super::solver::{Connect4Solver, Solved, Solver, SolverTable};
use crate::ai::{self, Choice, Plan};

/// The depth-limited search's table: 2^18 entries (3 MiB), made anew for each move.
const LOOKAHEAD_TABLE_BITS: u32 = 18;
/// Longest the depth-limited search may take, in milliseconds (or a quarter of the time, if
/// less): its move is what the player falls back on.
pub const LOOKAHEAD_MS: f64 = 150.0;
/// How long after the start of a move the search for its exact score (the fastest win, the
/// latest loss) may run, in milliseconds (or the whole time, if less): past it, the result
/// alone is proven.
pub const EXACT_MS: f64 = 600.0;

/// How a perfect-play move was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Proof {
    /// The opening book holds the position: the result (win, draw or loss) is proven, and the
    /// move keeps it; how soon is not known.
    Book,
    /// The solver proved the exact score: the move is the fastest win (or the latest loss).
    Exact,
    /// The solver proved the result (a win or a draw) and the move keeps it; the time ran
    /// out before how soon was known.
    Result,
    /// The solver proved the position lost, so every move keeps the result; the time ran out
    /// before the latest loss was known, and the move (and its value) is the depth-limited
    /// search's.
    Lost,
    /// The depth-limited search chose the move: proven only if that search sees every line
    /// end (a win at once, say).
    Lookahead,
}

/// A perfect-play choice and how it was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PerfectChoice {
    /// The move (0-based column) and its value for MAX: for [`Proof::Exact`] the exact score
    /// (the data sets' convention), for [`Proof::Book`] and [`Proof::Result`] the result (1,
    /// 0 or −1), for [`Proof::Lookahead`] and [`Proof::Lost`] a [`Connect4`] value of the
    /// deepest finished depth-limited search.
    pub choice: Choice<u8>,
    /// Nodes the depth-limited search took.
    pub lookahead_nodes: u64,
    /// Nodes the solver took (all of them, if it did not finish).
    pub solver_nodes: u64,
    /// How the move was found.
    pub proof: Proof,
}

/// Perfect play, as far as the time allows: the opening book, then connect four's solver with a
/// transposition table kept from move to move (a proof found for one move answers much of the
/// next), then the depth-limited search.
pub struct PerfectPlayer {
    pub(super) table: Option<SolverTable>,
    pub(super) table_bits: u32,
    pub(super) book: Option<Book>,
}

impl PerfectPlayer {
    /// A player whose solver's table has `2^table_bits` entries, without a book.
    pub fn new(table_bits: u32) -> PerfectPlayer {
        PerfectPlayer {
            table: None,
            table_bits,
            book: None,
        }
    }

    /// Plays from this book where it holds the position.
    pub fn set_book(&mut self, book: Option<Book>) {
        self.book = book;
    }

    /// The book, if it has one.
    pub fn book(&self) -> Option<&Book> {
        self.book.as_ref()
    }

    /// A solver with the player's table (a new one the first time) and this deadline: give
    /// the table back with [`PerfectPlayer::keep`].
    pub(super) fn table_solver<'c>(
        &mut self,
        clock: &'c dyn Clock,
        deadline_ms: f64,
    ) -> Solver<'c> {
        let solver = match self.table.take() {
            Some(table) => Solver::with_table(table),
            None => Solver::new(self.table_bits),
        };
        solver.with_budget(Budget {
            nodes: None,
            deadline_ms: Some(deadline_ms),
            clock: Some(clock),
        })
    }

    /// Keeps the table of a solver from [`PerfectPlayer::table_solver`].
    pub(super) fn keep(&mut self, mut solver: Solver<'_>) {
        self.table = solver.take_table();
    }

    /// [`PerfectPlayer::table_solver`] for a move's solve: the root's moves shuffled by
    /// `seed`, and never answered by the table at the root (so that the solve can be replayed
    /// from an empty table).
    fn solver<'c>(&mut self, clock: &'c dyn Clock, deadline_ms: f64, seed: u64) -> Solver<'c> {
        let mut solver = self.table_solver(clock, deadline_ms);
        solver.set_shuffle(Some(seed));
        solver.search.set_fresh_root(true);
        solver
    }

    /// Chooses a move at `p` within `millis`: the book's move if it holds `p`; a win at once;
    /// else the depth-limited search's move (within [`LOOKAHEAD_MS`]), then the solver's weak
    /// solve (within the whole time) and, if it finishes, its exact solve (within
    /// [`EXACT_MS`]). The move played is the best proven: the exact one, else the one that
    /// keeps the proven result, else the depth-limited search's (not proven). Every solver
    /// move is the one a solve from an empty table with the root's moves shuffled by `seed`
    /// returns, so the search behind it can be replayed.
    ///
    /// `progress` hears each finished depth of the lookahead (`None`: a [`Connect4`] value,
    /// not proven unless it sees the game end), then the move chosen with how it was proven (its
    /// value then on that proof's scale: an exact score, or a result 1, 0 or −1).
    #[allow(clippy::too_many_arguments)]
    pub fn choose<O1: Observer<Connect4>, O2: Observer<Connect4Solver>>(
        &mut self,
        p: &Position,
        seed: u64,
        clock: &dyn Clock,
        millis: f64,
        lookahead_observer: &mut O1,
        solver_observer: &mut O2,
        mut progress: impl FnMut(&Choice<u8>, Option<Proof>),
    ) -> Option<PerfectChoice> {
        if p.is_over() {
            return None;
        }
        let colour = p.colour();
        let start = clock.now_ms();
        if let Some(book) = self.book_choice(p) {
            progress(&book.choice, Some(Proof::Book));
            return Some(book);
        }
        let winning = (0..WIDTH).any(|c| p.is_winning_move(c));
        let lookahead_deadline = start + (millis / 4.0).min(LOOKAHEAD_MS);
        let lookahead = self.lookahead(
            p,
            seed,
            winning,
            Budget {
                nodes: None,
                deadline_ms: Some(lookahead_deadline),
                clock: Some(clock),
            },
            lookahead_observer,
            &mut progress,
        )?;
        let unsolved = |solver_nodes: u64, stopped: bool| PerfectChoice {
            choice: Choice {
                nodes: lookahead.nodes + solver_nodes,
                proven: lookahead.proven || proven_score(lookahead.value).is_some(),
                stopped,
                ..lookahead
            },
            lookahead_nodes: lookahead.nodes,
            solver_nodes,
            proof: Proof::Lookahead,
        };
        if winning {
            return Some(unsolved(0, false));
        }
        let (solved, nodes) = self.solve_move(p, seed, clock, (start, millis), solver_observer);
        let (mv, value, proof) = match solved {
            Solve::Proven(mv, value, proof) => (mv, value, proof),
            // Lost: every move keeps the result.
            Solve::Lost => (lookahead.mv, colour * lookahead.value, Proof::Lost),
            Solve::Stopped => return Some(unsolved(nodes, true)),
            Solve::Unproven => return Some(unsolved(nodes, false)),
        };
        let choice = Choice {
            mv,
            value: colour * value,
            depth: lookahead.depth,
            nodes: lookahead.nodes + nodes,
            proven: true,
            stopped: false,
        };
        progress(&choice, Some(proof));
        Some(PerfectChoice {
            choice,
            lookahead_nodes: lookahead.nodes,
            solver_nodes: nodes,
            proof,
        })
    }

    /// The book's move at `p`, if the book holds `p`.
    fn book_choice(&self, p: &Position) -> Option<PerfectChoice> {
        let m = self.book.as_ref().and_then(|b| b.get(p))?;
        Some(PerfectChoice {
            choice: Choice {
                mv: m.mv,
                value: p.colour() * m.result,
                depth: 0,
                nodes: 0,
                proven: true,
                stopped: false,
            },
            lookahead_nodes: 0,
            solver_nodes: 0,
            proof: Proof::Book,
        })
    }

    /// The depth-limited search's move with the threat evaluation ([`LOOKAHEAD_DEPTH`] plies,
    /// or one where a move wins at once), within `budget`; `progress` hears each finished depth.
    fn lookahead<O: Observer<Connect4>>(
        &self,
        p: &Position,
        seed: u64,
        winning: bool,
        budget: Budget<'_>,
        observer: &mut O,
        progress: &mut impl FnMut(&Choice<u8>, Option<Proof>),
    ) -> Option<Choice<u8>> {
        let game = Connect4 {
            eval: Eval::Threats,
        };
        let plan = Plan {
            table_bits: self.table_bits.min(LOOKAHEAD_TABLE_BITS),
            ..Plan::new(Some(if winning { 1 } else { LOOKAHEAD_DEPTH }), seed)
        };
        ai::choose(&game, p, &plan, budget, observer, |c: &Choice<u8>| {
            progress(c, None)
        })
    }

    /// The solver's move at `p` for a move begun at `start` with `millis` to take: the result,
    /// weakly (win, draw or loss), within the whole time, then how soon, within [`EXACT_MS`]
    /// of the start. Also the solver's nodes, both solves'.
    fn solve_move<O: Observer<Connect4Solver>>(
        &mut self,
        p: &Position,
        seed: u64,
        clock: &dyn Clock,
        (start, millis): (f64, f64),
        observer: &mut O,
    ) -> (Solve, u64) {
        let mut solver = self.solver(clock, start + millis, seed);
        let weak = solver.solve_observed(p, true, observer);
        let mut nodes = solver.search.stats().visited;
        self.table = solver.take_table();
        let weak = match weak {
            Ok(w) => w,
            Err(Aborted) => return (Solve::Stopped, nodes),
        };
        let mut solver = self.solver(clock, start + millis.min(EXACT_MS), seed);
        let exact = solver.best_move_observed(p, observer);
        nodes += solver.search.stats().visited;
        self.table = solver.take_table();
        let solved = match (exact, weak.best) {
            (
                Ok(Solved {
                    best: Some(mv),
                    score,
                    ..
                }),
                _,
            ) => Solve::Proven(mv, score, Proof::Exact),
            (_, Some(mv)) if weak.score >= 0 => Solve::Proven(mv, weak.score, Proof::Result),
            _ if weak.score < 0 => Solve::Lost,
            _ => Solve::Unproven,
        };
        (solved, nodes)
    }
}

/// What the solver found for a move ([`PerfectPlayer::solve_move`]).
enum Solve {
    /// A move, its value for the player to move (an exact score, or a result 1, 0 or −1) and
    /// how it was proven.
    Proven(u8, i32, Proof),
    /// The position is lost: every move keeps the result, and none was singled out.
    Lost,
    /// The time ran out before the weak solve finished.
    Stopped,
    /// Neither solve proved a move.
    Unproven,
}
