//! The strong solver: connect four as a solver sees it ([`Connect4Solver`]) — only moves that
//! do not hand the opponent an immediate win, a position where the mover wins at once or must
//! lose at once ends the search, values are exact scores (the data sets' convention), and every
//! position carries bounds on its score — searched by the engine's null-window bisection
//! ([`arbor_game::AlphaBeta::solve`]) with its transposition table and move ordering
//! ([`Solver`]), which gives the exact score of any position.

use arbor_game::{
    AlphaBeta, AlphaBetaOptions, Budget, Game, Narrow, Observer, Ordering, Quiet, Table,
};
use arbor_util::Aborted;

use super::position::{column_mask, scramble49, win_score, Position, CELLS, CENTRE_FIRST, WIDTH};

/// Connect four as the strong solver sees it (see the module documentation). Values are exact
/// scores for MAX (the first player) in the data sets' convention.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Connect4Solver;

impl Game for Connect4Solver {
    type State = Position;
    type Move = u8;

    fn to_move(&self, state: &Position) -> usize {
        state.to_move()
    }

    fn actions(&self, state: &Position, moves: &mut Vec<u8>) {
        let allowed = state.non_losing();
        moves.extend(
            CENTRE_FIRST
                .iter()
                .copied()
                .filter(|&c| allowed & column_mask(c as usize) != 0),
        );
    }

    #[inline]
    fn result(&self, state: &Position, mv: u8) -> Position {
        state.play(mv as usize)
    }

    #[inline]
    fn is_terminal(&self, state: &Position) -> bool {
        state.won
            || state.can_win_now()
            || u32::from(state.moves) >= CELLS - 2
            || state.non_losing() == 0
    }

    fn utility(&self, state: &Position) -> i32 {
        let mover = if state.won {
            state.lost_score()
        } else if state.can_win_now() {
            win_score(state.own_next_stone())
        } else if state.non_losing() == 0 {
            -win_score(state.their_next_stone())
        } else {
            0
        };
        state.colour() * mover
    }

    /// For move ordering: how many cells would complete four for the player who just moved
    /// (Pons' move score), signed for MAX.
    #[inline]
    fn evaluate(&self, state: &Position) -> i32 {
        -state.colour() * state.theirs.count_ones() as i32
    }

    fn bounds(&self, state: &Position) -> Option<(i32, i32)> {
        let (lo, hi) = state.score_bounds();
        Some(if state.colour() == 1 {
            (lo, hi)
        } else {
            (-hi, -lo)
        })
    }

    #[inline]
    fn hash(&self, state: &Position) -> u64 {
        scramble49(state.key())
    }
}

/// The solver's transposition tables, to keep from one solver to the next: the main one and
/// the near one, both of 8-byte slots (scores and columns fit in a byte).
pub struct SolverTable {
    main: Table<u8, Narrow>,
    near: Option<Table<u8, Narrow>>,
}

/// The near table's size, in bits: 2^18 slots of 8 bytes (2 MiB), which stay in the cache.
pub const NEAR_BITS: u32 = 18;
/// Positions this many plies or more below the root go in the near table (see
/// [`AlphaBeta::set_near_table`]; 18 measured fastest on early openings, 12 to 24 tried).
pub const NEAR_FROM_PLY: u32 = 18;

/// The solver's game, for searches that borrow it for as long as they like.
static SOLVER_GAME: Connect4Solver = Connect4Solver;

/// An exact (or weak) score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Solved {
    /// The score for the player to move, in the data sets' convention: positive wins (the
    /// larger, the sooner), 0 draws, negative loses. A weak solve gives only its sign.
    pub score: i32,
    /// A best move (0-based column), if the solve singled one out.
    pub best: Option<u8>,
    /// Nodes searched.
    pub nodes: u64,
}

/// The strong solver: [`Connect4Solver`] searched by the engine's null-window bisection with a
/// transposition table and threat-count move ordering.
pub struct Solver<'a> {
    pub(super) search: AlphaBeta<'a, Connect4Solver, Narrow>,
}

impl<'a> Solver<'a> {
    /// A solver with a table of `2^table_bits` entries (at least 2^17, so that the table
    /// never confuses two positions), and a near table of 2^[`NEAR_BITS`] entries for the
    /// positions [`NEAR_FROM_PLY`] plies or more below the root. 18 bits (2 MiB) is fastest
    /// for quick solves: a table that stays in the processor's cache beats a larger one that
    /// saves a few nodes.
    pub fn new(table_bits: u32) -> Solver<'a> {
        let mut solver = Solver::with_options(Some(table_bits.max(17)));
        solver.search.set_near_table(NEAR_BITS, Some(NEAR_FROM_PLY));
        solver
    }

    fn with_options(table_bits: Option<u32>) -> Solver<'a> {
        Solver {
            search: AlphaBeta::with_slots(
                &SOLVER_GAME,
                AlphaBetaOptions {
                    ordering: Ordering::Evaluation,
                    table_bits,
                    ..AlphaBetaOptions::default()
                },
            ),
        }
    }

    /// Lets the table grow to `2^bits` entries in a solve that has visited `after` nodes (back
    /// to the first size at [`Solver::reset`]): the small table is fastest for the many quick
    /// solves, a large one saves most of the nodes of a hard opening.
    pub fn with_table_growth(mut self, bits: u32, after: u64) -> Self {
        self.search.set_table_growth(bits.max(17), after);
        self
    }

    /// Keeps the positions `from_ply` plies or more below the root in a table of their own
    /// ([`NEAR_FROM_PLY`] unless set; `None`: one table for every position), to measure it.
    pub fn with_near_table(mut self, from_ply: Option<u32>) -> Self {
        self.search.set_near_table(NEAR_BITS, from_ply);
        self
    }

    /// A solver with this table and what it holds (from [`Solver::take_table`]):
    /// every entry of a connect-four solver's table is a true bound on a position's exact
    /// score, whatever search stored it, so a table kept from one move of a game to the next
    /// carries the proofs already found.
    pub fn with_table(table: SolverTable) -> Self {
        let solver = Solver::with_options(None);
        let mut search = solver.search.with_table(table.main);
        match table.near {
            Some(near) => search = search.with_near_table(near, NEAR_FROM_PLY),
            None => search.set_near_table(NEAR_BITS, Some(NEAR_FROM_PLY)),
        }
        Solver { search }
    }

    /// Hands over the tables, to give them to the next solver.
    pub fn take_table(&mut self) -> Option<SolverTable> {
        let near = self.search.take_near_table();
        Some(SolverTable {
            main: self.search.take_table()?,
            near,
        })
    }

    /// Stops solves that exceed this budget (counted from the solver's creation).
    pub fn with_budget(mut self, budget: Budget<'a>) -> Self {
        self.search = self.search.with_budget(budget);
        self
    }

    /// Tries the root's moves in an order shuffled by `seed`, so that the best move returned
    /// is a uniformly random one among the best.
    pub fn set_shuffle(&mut self, seed: Option<u64>) {
        self.search.set_shuffle(seed);
    }

    /// Forgets the transposition table: the next solve starts afresh.
    pub fn reset(&mut self) {
        self.search.forget();
    }

    /// Scores `p` for the player to move: exactly, or only win / draw / loss (`weak`).
    pub fn solve(&mut self, p: &Position, weak: bool) -> Result<Solved, Aborted> {
        self.solve_observed(p, weak, &mut Quiet)
    }

    /// The exact score and a best move, for playing it: [`Self::solve_observed`] ending with
    /// one more search around the exact score ([`AlphaBeta::set_concluding`]), so that the
    /// solve's last search names the move returned, with its principal variation and the
    /// exact score at the root. `best` is `None` only when the solver's game ends at `p` (a win
    /// at once, every move losing, the board all but full): no search below it is needed.
    pub fn best_move_observed<O: Observer<Connect4Solver>>(
        &mut self,
        p: &Position,
        observer: &mut O,
    ) -> Result<Solved, Aborted> {
        self.search.set_concluding(true);
        let solved = self.solve_observed(p, false, observer);
        self.search.set_concluding(false);
        let solved = solved?;
        Ok(Solved {
            best: if SOLVER_GAME.is_terminal(p) {
                None
            } else {
                solved.best
            },
            ..solved
        })
    }

    /// [`Self::solve`], watched by an observer (to record the search, or report progress).
    pub fn solve_observed<O: Observer<Connect4Solver>>(
        &mut self,
        p: &Position,
        weak: bool,
        observer: &mut O,
    ) -> Result<Solved, Aborted> {
        // Pons' range for the player to move: a loss at the opponent's next stone at worst, a
        // win with this one at best (or, weakly, −1 to 1).
        let range = if weak {
            (-1, 1)
        } else {
            (
                -win_score(p.their_next_stone()),
                win_score(p.own_next_stone()),
            )
        };
        let range = if p.colour() == 1 {
            range
        } else {
            (-range.1, -range.0)
        };
        let out = self.search.solve_within(p, range, observer)?;
        let mut score = p.colour() * out.value;
        if weak {
            score = score.signum();
        }
        let best = out
            .best
            .or_else(|| (0..WIDTH).find(|&c| p.is_winning_move(c)).map(|c| c as u8));
        Ok(Solved {
            score,
            best,
            nodes: out.stats.visited,
        })
    }
}
