//! Connect four, 7 columns by 6 rows, on two 64-bit bitboards as in Pons' solver.
//!
//! Bit `7·c + r` is the cell in column `c` (0 = left), row `r` (0 = bottom); the seventh bit
//! of every column stays empty, so shifts never carry a line from one column into the next.
//! A position keeps the stones of the player to move and the mask of all stones, plus the
//! empty cells where each player would complete four, updated as stones are played.
//!
//! Two games are played on these positions, both by the one alpha-beta engine:
//! - [`Connect4`]: the whole game, every legal move, valued at a depth limit by the seed's
//!   runs-of-two-and-three heuristic or by a stronger threat-based evaluation ([`Eval`]);
//! - [`Connect4Solver`]: the game as a strong solver sees it — only moves that do not hand the
//!   opponent an immediate win, a position where the mover wins at once or must lose at once
//!   ends the search, values are exact scores (the data sets' convention), and every position
//!   carries bounds on its score. With the engine's transposition table, move ordering and
//!   null-window bisection ([`arbor_game::AlphaBeta::solve`]) it gives the exact score of any
//!   position.

use arbor_game::{
    AlphaBeta, AlphaBetaOptions, Budget, Clock, Game, Observer, Ordering, Quiet, Table,
};
use arbor_util::Aborted;

use crate::ai::{self, Choice, Plan};

/// Columns.
pub const WIDTH: usize = 7;
/// Rows.
pub const HEIGHT: usize = 6;
/// Cells.
pub const CELLS: u32 = (WIDTH * HEIGHT) as u32;

/// The exact score of a game won with the winner's `stones`-th stone, for the winner: the
/// data sets' (Pons') convention, one more than the stones the winner had left — 22 − stones on
/// the 7 × 6 board. The loser's score is its negative; a draw is 0. The one place the formula
/// is written.
pub const fn win_score(stones: i32) -> i32 {
    CELLS as i32 / 2 + 1 - stones
}

/// The winner's stones at the end of a game whose exact score for the winner is `score` (the
/// inverse of [`win_score`]).
pub const fn winning_stones(score: i32) -> i32 {
    CELLS as i32 / 2 + 1 - score
}

/// The bottom cell of every column.
const BOTTOM: u64 = {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= 1 << (c * 7);
        c += 1;
    }
    m
};
/// Every cell of the board.
const BOARD: u64 = BOTTOM * 0x3F;
/// Rows 1, 3 and 5 counted from 1 at the bottom (0, 2, 4 from 0): the first player's threats
/// there are the ones that tend to decide the game; the second player's are in the others.
const ODD_ROWS: u64 = BOTTOM * 0b01_0101;
const EVEN_ROWS: u64 = BOTTOM * 0b10_1010;

const fn column_mask(c: usize) -> u64 {
    0x3F << (c * 7)
}

const fn top_of(c: usize) -> u64 {
    1 << (5 + c * 7)
}

/// The order moves are listed in: centre first, where most games are decided.
pub const CENTRE_FIRST: [u8; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// Empty cells where `stones` would complete four in a row (whether playable yet or not).
#[inline(always)]
fn winning_cells(stones: u64, mask: u64) -> u64 {
    let p = stones;
    // Vertical: three below.
    let mut r = (p << 1) & (p << 2) & (p << 3);
    // Horizontal (shift 7) and the two diagonals (shifts 6 and 8).
    macro_rules! line {
        ($s:expr) => {{
            let s = $s;
            let two = (p << s) & (p << (2 * s));
            r |= two & (p << (3 * s));
            r |= two & (p >> s);
            let two = (p >> s) & (p >> (2 * s));
            r |= two & (p << s);
            r |= two & (p >> (3 * s));
        }};
    }
    line!(7);
    line!(6);
    line!(8);
    r & (BOARD ^ mask)
}

/// True if `stones` has four in a row.
#[inline]
fn has_four(stones: u64) -> bool {
    [1u32, 7, 6, 8].iter().any(|&s| {
        let m = stones & (stones >> s);
        m & (m >> (2 * s)) != 0
    })
}

/// A position: the stones, whose turn it is, and where each player threatens to win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Stones of the player to move.
    current: u64,
    /// Every stone.
    mask: u64,
    /// Empty cells that would complete four for the player to move.
    mine: u64,
    /// … and for the player who moved last.
    theirs: u64,
    /// Stones played.
    moves: u8,
    /// The player who moved last has four in a row.
    won: bool,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

/// Why a moves string is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovesError {
    /// 0-based character index of the offending move.
    pub index: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for MovesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "move {}: {}", self.index + 1, self.message)
    }
}

impl std::error::Error for MovesError {}

impl Position {
    /// The empty board, the first player to move.
    pub const fn new() -> Position {
        Position {
            current: 0,
            mask: 0,
            mine: 0,
            theirs: 0,
            moves: 0,
            won: false,
        }
    }

    /// The position after a moves string: columns `1`–`7` as played, the first player first
    /// (the data sets' form). Fails, naming the move, on any other character, a move into a
    /// full column, or a move after the game was won.
    ///
    /// ```
    /// use arbor_games::connect4::Position;
    /// let p = Position::from_moves("4453").unwrap();
    /// assert_eq!(p.moves(), 4);
    /// assert!(Position::from_moves("4444444").is_err()); // column 4 holds six
    /// assert!(Position::from_moves("12a").is_err());
    /// ```
    pub fn from_moves(text: &str) -> Result<Position, MovesError> {
        let mut p = Position::new();
        for (index, ch) in text.chars().enumerate() {
            let col = match ch {
                '1'..='7' => ch as usize - '1' as usize,
                _ => {
                    return Err(MovesError {
                        index,
                        message: format!("'{ch}' is not a column (columns are 1 to 7)"),
                    })
                }
            };
            if p.won {
                return Err(MovesError {
                    index,
                    message: "the game was already won by the move before".into(),
                });
            }
            if !p.can_play(col) {
                return Err(MovesError {
                    index,
                    message: format!("column {} is full", col + 1),
                });
            }
            p = p.play(col);
        }
        Ok(p)
    }

    /// Stones played so far.
    pub fn moves(&self) -> u32 {
        u32::from(self.moves)
    }

    /// The player to move: 0 (the first player) or 1.
    pub fn to_move(&self) -> usize {
        usize::from(self.moves & 1)
    }

    /// True if a stone can go into column `col` (0-based).
    pub fn can_play(&self, col: usize) -> bool {
        col < WIDTH && self.mask & top_of(col) == 0
    }

    /// The cell a stone dropped into `col` would fill, as a bit.
    #[inline(always)]
    fn drop_cell(&self, col: usize) -> u64 {
        (self.mask + (1 << (col * 7))) & column_mask(col)
    }

    /// The position after dropping a stone into `col` (0-based), which must be playable.
    #[inline]
    pub fn play(&self, col: usize) -> Position {
        let stone = self.drop_cell(col);
        let mover = self.current | stone;
        let mask = self.mask | stone;
        Position {
            current: self.current ^ self.mask,
            mask,
            // The new mover's threats are the old "theirs", less the cell just filled.
            mine: self.theirs & !mask,
            theirs: winning_cells(mover, mask),
            moves: self.moves + 1,
            won: self.mine & stone != 0,
        }
    }

    /// True if the player who moved last has four in a row.
    pub fn is_won(&self) -> bool {
        self.won
    }

    /// True if the board is full.
    pub fn is_full(&self) -> bool {
        u32::from(self.moves) == CELLS
    }

    /// True when the game is over: won, or a full board.
    pub fn is_over(&self) -> bool {
        self.won || self.is_full()
    }

    /// Who holds a cell (row 0 at the bottom): `Some(0)` for the first player.
    pub fn cell(&self, row: usize, col: usize) -> Option<usize> {
        let bit = 1u64 << (col * 7 + row);
        if self.mask & bit == 0 {
            None
        } else if (self.current & bit != 0) == (self.moves & 1 == 0) {
            Some(0)
        } else {
            Some(1)
        }
    }

    /// The stones of a player.
    fn stones(&self, player: usize) -> u64 {
        if player == self.to_move() {
            self.current
        } else {
            self.current ^ self.mask
        }
    }

    /// Cells a stone can drop into now.
    #[inline(always)]
    fn playable(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// True if the player to move can win with this move.
    #[inline]
    pub fn can_win_now(&self) -> bool {
        self.mine & self.playable() != 0
    }

    /// True if dropping into `col` wins at once.
    pub fn is_winning_move(&self, col: usize) -> bool {
        self.can_play(col) && self.mine & self.drop_cell(col) != 0
    }

    /// Playable cells whose stone does not let the opponent win at once (Pons'
    /// `possibleNonLosingMoves`): none if the opponent has two threats to play, only the block
    /// if it has one.
    #[inline]
    fn non_losing(&self) -> u64 {
        let mut possible = self.playable();
        let forced = possible & self.theirs;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        // Not under an opponent's threat.
        possible & !(self.theirs >> 1)
    }

    /// Pons' key: unique for every position, under 2^49.
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The position whose [`Position::key`] is `key`, if it is one: each column's seven bits
    /// are its stones of the player to move plus a mask as high as the column, and the player
    /// to move has as many stones as the other, or one fewer.
    pub fn from_key(key: u64) -> Option<Position> {
        let (mut current, mut mask) = (0u64, 0u64);
        for c in 0..WIDTH {
            let v = (key >> (7 * c)) & 0x7F;
            // v = (2^h − 1) + stones, with the stones below 2^h: h = ⌊log2(v + 1)⌋.
            let h = 63 - (v + 1).leading_zeros();
            if h as usize > HEIGHT {
                return None;
            }
            let column = (1u64 << h) - 1;
            current |= (v - column) << (7 * c);
            mask |= column << (7 * c);
        }
        if key >> (7 * WIDTH) != 0 {
            return None;
        }
        let moves = mask.count_ones();
        if current.count_ones() != moves / 2 {
            return None;
        }
        let other = current ^ mask;
        if has_four(current) {
            return None;
        }
        Some(Position {
            current,
            mask,
            mine: winning_cells(current, mask),
            theirs: winning_cells(other, mask),
            moves: moves as u8,
            won: has_four(other),
        })
    }

    /// The key of the position seen in a mirror (columns 1–7 read as 7–1).
    pub fn mirrored_key(&self) -> u64 {
        mirror_key(self.key())
    }

    /// The four cells (row, column) of a win, if the last mover has one.
    pub fn winning_line(&self) -> Option<[(usize, usize); 4]> {
        if !self.won {
            return None;
        }
        let stones = self.current ^ self.mask;
        for (dc, dr) in [(0i32, 1i32), (1, 0), (1, 1), (1, -1)] {
            for col in 0..WIDTH as i32 {
                for row in 0..HEIGHT as i32 {
                    let cells: Vec<(i32, i32)> =
                        (0..4).map(|k| (row + dr * k, col + dc * k)).collect();
                    let all = cells.iter().all(|&(r, c)| {
                        (0..HEIGHT as i32).contains(&r)
                            && (0..WIDTH as i32).contains(&c)
                            && stones & (1 << (c * 7 + r)) != 0
                    });
                    if all {
                        let mut out = [(0, 0); 4];
                        for (o, &(r, c)) in out.iter_mut().zip(&cells) {
                            *o = (r as usize, c as usize);
                        }
                        return Some(out);
                    }
                }
            }
        }
        None
    }

    /// The exact score, in the data sets' convention, of a game just won: the winner's stones
    /// subtracted from 22, for the player to move (who lost).
    fn lost_score(&self) -> i32 {
        -win_score((i32::from(self.moves) + 1) / 2)
    }

    /// The number the player to move's next stone would have (its stones so far, plus one).
    fn own_next_stone(&self) -> i32 {
        i32::from(self.moves) / 2 + 1
    }

    /// The number the opponent's next stone would have.
    fn their_next_stone(&self) -> i32 {
        (i32::from(self.moves) + 1) / 2 + 1
    }

    /// Bounds on the exact score for the player to move, when that player cannot win at once
    /// and has a move that does not lose at once: the opponent cannot win before their second
    /// stone from now, nor the mover before its next-but-one.
    fn score_bounds(&self) -> (i32, i32) {
        (
            -win_score(self.their_next_stone() + 1),
            win_score(self.own_next_stone() + 1),
        )
    }

    /// +1 when the first player (MAX) is to move, −1 otherwise.
    fn colour(&self) -> i32 {
        if self.moves & 1 == 0 {
            1
        } else {
            -1
        }
    }
}

/// A position key read with its columns in the opposite order: the key of the mirrored
/// position (a key has seven bits per column, none carried into the next).
pub fn mirror_key(key: u64) -> u64 {
    let mut out = 0;
    for c in 0..WIDTH {
        out |= ((key >> (7 * c)) & 0x7F) << (7 * (WIDTH - 1 - c));
    }
    out
}

/// A bijective scramble of a 49-bit key into 49 bits: a transposition table indexed by its low
/// bits spreads positions evenly and still tells every position apart (see
/// [`arbor_game::Table`]).
#[inline(always)]
fn scramble49(key: u64) -> u64 {
    const M: u64 = (1 << 49) - 1;
    let mut h = key & M;
    h ^= h >> 25;
    h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15) & M;
    h ^= h >> 23;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9) & M;
    h ^ (h >> 26)
}

/// Offset of a won game's value in [`Connect4`]: a win is worth `WIN` plus its exact score,
/// more than any evaluation.
pub const WIN: i32 = 1000;

/// The exact score (the data sets' convention, for MAX) a [`Connect4`] value stands for, if it
/// is a proven win or loss.
pub fn proven_score(value: i32) -> Option<i32> {
    if value.abs() > WIN / 2 {
        Some(value.signum() * (value.abs() - WIN))
    } else {
        None
    }
}

/// How [`Connect4`] values a position at its depth limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Eval {
    /// Seed 004's heuristic: runs of two count 1, runs of three 3, mine minus yours.
    #[default]
    Seed,
    /// Arbor's: open lines weighted by how many stones they hold, threats (cells that would
    /// complete four) weighted by whether their row suits their owner, and the centre column.
    Threats,
}

/// The 69 lines of four cells on the board.
const LINES: [u64; 69] = {
    let mut out = [0u64; 69];
    let mut n = 0;
    let dirs: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut d = 0;
    while d < 4 {
        let (dc, dr) = dirs[d];
        let mut c = 0i32;
        while c < WIDTH as i32 {
            let mut r = 0i32;
            while r < HEIGHT as i32 {
                let (ec, er) = (c + 3 * dc, r + 3 * dr);
                if ec >= 0 && ec < WIDTH as i32 && er >= 0 && er < HEIGHT as i32 {
                    let mut m = 0u64;
                    let mut k = 0;
                    while k < 4 {
                        m |= 1 << ((c + k * dc) * 7 + r + k * dr);
                        k += 1;
                    }
                    out[n] = m;
                    n += 1;
                }
                r += 1;
            }
            c += 1;
        }
        d += 1;
    }
    out
};

/// Seed 004's runs of `k` in a row (substring counts along rows, columns and diagonals).
fn runs(stones: u64, k: u32) -> u32 {
    [1u32, 7, 6, 8]
        .iter()
        .map(|&s| {
            let mut m = stones;
            for i in 1..k {
                m &= stones >> (i * s);
            }
            m.count_ones()
        })
        .sum()
}

/// Seed 004's `heuristicValue` for one player's stones: `runsOf2 + 3·runsOf3`, where a run of
/// three is not also counted as a run of two (nor four as three).
fn seed_goodness(stones: u64) -> i32 {
    let (c2, c3, c4) = (runs(stones, 2), runs(stones, 3), runs(stones, 4));
    let r4 = c4;
    let r3 = c3.saturating_sub(r4);
    let r2 = c2.saturating_sub(r3 + r4);
    (r2 + 3 * r3) as i32
}

/// The threat-based evaluation for player 0's stones `a` against player 1's `b`.
fn threats_eval(a: u64, b: u64, mask: u64) -> i32 {
    const WEIGHT: [i32; 5] = [0, 1, 4, 12, 0];
    let mut score = 0;
    for line in LINES {
        let (na, nb) = ((a & line).count_ones(), (b & line).count_ones());
        if nb == 0 {
            score += WEIGHT[na as usize];
        } else if na == 0 {
            score -= WEIGHT[nb as usize];
        }
    }
    let (ta, tb) = (winning_cells(a, mask), winning_cells(b, mask));
    score += 10 * (ta & ODD_ROWS).count_ones() as i32 + 4 * (ta & EVEN_ROWS).count_ones() as i32;
    score -= 10 * (tb & EVEN_ROWS).count_ones() as i32 + 4 * (tb & ODD_ROWS).count_ones() as i32;
    let centre = column_mask(3);
    score += 3 * ((a & centre).count_ones() as i32 - (b & centre).count_ones() as i32);
    score.clamp(-(WIN / 2), WIN / 2)
}

/// Connect four as played: every legal move (centre first), a win worth [`WIN`] plus its exact
/// score, an evaluation at the depth limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Connect4 {
    /// The evaluation at the depth limit.
    pub eval: Eval,
}

impl Game for Connect4 {
    type State = Position;
    type Move = u8;

    fn to_move(&self, state: &Position) -> usize {
        state.to_move()
    }

    fn actions(&self, state: &Position, moves: &mut Vec<u8>) {
        moves.extend(
            CENTRE_FIRST
                .iter()
                .copied()
                .filter(|&c| state.can_play(c as usize)),
        );
    }

    fn result(&self, state: &Position, mv: u8) -> Position {
        state.play(mv as usize)
    }

    fn is_terminal(&self, state: &Position) -> bool {
        state.is_over()
    }

    fn utility(&self, state: &Position) -> i32 {
        if state.won {
            // The player to move lost.
            -state.colour() * (WIN - state.lost_score())
        } else {
            0
        }
    }

    fn evaluate(&self, state: &Position) -> i32 {
        if state.is_over() {
            return self.utility(state);
        }
        let (a, b) = (state.stones(0), state.stones(1));
        match self.eval {
            Eval::Seed => seed_goodness(a) - seed_goodness(b),
            Eval::Threats => threats_eval(a, b, state.mask),
        }
    }

    fn hash(&self, state: &Position) -> u64 {
        scramble49(state.key())
    }
}

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
    search: AlphaBeta<'a, Connect4Solver>,
}

impl<'a> Solver<'a> {
    /// A solver with a table of `2^table_bits` entries (at least 2^17, so that the table
    /// never confuses two positions). 18 bits (3 MiB) is fastest here: a table that stays in
    /// the processor's cache beats a larger one that saves a few nodes.
    pub fn new(table_bits: u32) -> Solver<'a> {
        Solver::with_options(Some(table_bits.max(17)))
    }

    fn with_options(table_bits: Option<u32>) -> Solver<'a> {
        Solver {
            search: AlphaBeta::new(
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

    /// A solver with this table and what it holds (from [`Solver::take_table`]):
    /// every entry of a connect-four solver's table is a true bound on a position's exact
    /// score, whatever search stored it, so a table kept from one move of a game to the next
    /// carries the proofs already found.
    pub fn with_table(table: Table<u8>) -> Self {
        let solver = Solver::with_options(None);
        Solver {
            search: solver.search.with_table(table),
        }
    }

    /// Hands over the table, to give it to the next solver.
    pub fn take_table(&mut self) -> Option<Table<u8>> {
        self.search.take_table()
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

/// How deep the perfect player's depth-limited search looks with the threat evaluation.
pub const LOOKAHEAD_DEPTH: u32 = 8;
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
    table: Option<Table<u8>>,
    table_bits: u32,
    book: Option<crate::connect4_book::Book>,
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
    pub fn set_book(&mut self, book: Option<crate::connect4_book::Book>) {
        self.book = book;
    }

    /// The book, if it has one.
    pub fn book(&self) -> Option<&crate::connect4_book::Book> {
        self.book.as_ref()
    }

    /// A solver with the player's table (a new one the first time) and this deadline: give
    /// the table back with [`PerfectPlayer::keep`].
    fn table_solver<'c>(&mut self, clock: &'c dyn Clock, deadline_ms: f64) -> Solver<'c> {
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
    fn keep(&mut self, mut solver: Solver<'_>) {
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
        if let Some(m) = self.book.as_ref().and_then(|b| b.get(p)) {
            let choice = Choice {
                mv: m.mv,
                value: colour * m.result,
                depth: 0,
                nodes: 0,
                proven: true,
                stopped: false,
            };
            progress(&choice, Some(Proof::Book));
            return Some(PerfectChoice {
                choice,
                lookahead_nodes: 0,
                solver_nodes: 0,
                proof: Proof::Book,
            });
        }
        let game = Connect4 {
            eval: Eval::Threats,
        };
        let winning = (0..WIDTH).any(|c| p.is_winning_move(c));
        let plan = Plan {
            table_bits: self.table_bits.min(LOOKAHEAD_TABLE_BITS),
            ..Plan::new(Some(if winning { 1 } else { LOOKAHEAD_DEPTH }), seed)
        };
        let lookahead = ai::choose(
            &game,
            p,
            &plan,
            Budget {
                nodes: None,
                deadline_ms: Some(start + (millis / 4.0).min(LOOKAHEAD_MS)),
                clock: Some(clock),
            },
            lookahead_observer,
            |c: &Choice<u8>| progress(c, None),
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
        // The result, weakly: win, draw or loss.
        let mut solver = self.solver(clock, start + millis, seed);
        let weak = solver.solve_observed(p, true, solver_observer);
        let mut nodes = solver.search.stats().visited;
        self.table = solver.take_table();
        let weak = match weak {
            Ok(w) => w,
            Err(Aborted) => return Some(unsolved(nodes, true)),
        };
        // How soon, if there is time.
        let mut solver = self.solver(clock, start + millis.min(EXACT_MS), seed);
        let exact = solver.best_move_observed(p, solver_observer);
        nodes += solver.search.stats().visited;
        self.table = solver.take_table();
        let (mv, value, proof) = match (exact, weak.best) {
            (
                Ok(Solved {
                    best: Some(mv),
                    score,
                    ..
                }),
                _,
            ) => (mv, score, Proof::Exact),
            (_, Some(mv)) if weak.score >= 0 => (mv, weak.score, Proof::Result),
            // Lost: every move keeps the result.
            _ if weak.score < 0 => (lookahead.mv, colour * lookahead.value, Proof::Lost),
            _ => return Some(unsolved(nodes, false)),
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
}

/// What the hints know of a column's value, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum HintValue {
    /// Proven: the exact score (the data sets' convention: positive wins, the sooner the
    /// larger; 0 draws; negative loses).
    Exact(i32),
    /// Proven: the result only — 1 win, 0 draw, −1 loss — from a weak solve or the opening
    /// book; how soon was not found in time.
    Result(i32),
    /// Not proven: a [`Connect4`] value of the threat evaluation a few plies on, for the
    /// player to move (higher is better; not on the exact scores' scale).
    Estimate(i32),
}

impl HintValue {
    /// 1 win, 0 draw, −1 loss, if proven.
    pub fn result(self) -> Option<i32> {
        match self {
            HintValue::Exact(s) | HintValue::Result(s) => Some(s.signum()),
            HintValue::Estimate(_) => None,
        }
    }
}

/// One column's hint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ColumnHint {
    /// The column, 0-based.
    pub column: u8,
    /// What is known of it.
    pub value: HintValue,
}

impl PerfectPlayer {
    /// Every playable column's value for the player to move (left to right), within `millis`
    /// on `clock`, for hints: exact where the solver proves it, else the result where a weak
    /// solve (or the book) proves it, else the threat evaluation searched `estimate_depth`
    /// plies (not proven). The solves share the player's table, kept from move to move, so a
    /// proof found for the AI's move answers much of the hints after it, and the other way.
    ///
    /// In order: wins at once; the book's results, where it holds the position after the
    /// column (when it holds every one, nothing is searched: the opening); the position
    /// itself solved weakly, as the player solves it (a loss makes every column a loss; a
    /// win or draw proves the column that keeps it) within half the time; then each column
    /// not yet known solved weakly, then each one exactly, in rounds where every column gets
    /// an equal share of the time left, so that one hard column cannot take all of it.
    pub fn hints(
        &mut self,
        p: &Position,
        clock: &dyn Clock,
        millis: f64,
        estimate_depth: u32,
    ) -> Vec<ColumnHint> {
        if p.is_over() {
            return Vec::new();
        }
        let start = clock.now_ms();
        let deadline = start + millis;
        let mut hints: Vec<(u8, Position, Option<HintValue>)> = (0..WIDTH as u8)
            .filter(|&c| p.can_play(usize::from(c)))
            .map(|c| {
                let child = p.play(usize::from(c));
                let known = if child.is_won() {
                    Some(HintValue::Exact(win_score(p.own_next_stone())))
                } else {
                    let book = self.book.as_ref().and_then(|b| b.get(&child));
                    book.map(|m| HintValue::Result(-m.result))
                };
                (c, child, known)
            })
            .collect();
        let all_known =
            |hints: &[(u8, Position, Option<HintValue>)]| hints.iter().all(|h| h.2.is_some());
        if all_known(&hints) {
            // The opening: the book holds every column (or each one wins at once).
            return finish(hints);
        }
        if !hints.iter().any(|h| h.1.is_won()) {
            let mut solver = self.table_solver(clock, start + millis / 2.0);
            let root = solver.solve(p, true);
            self.keep(solver);
            match root {
                Ok(w) if w.score < 0 => {
                    for h in hints.iter_mut().filter(|h| h.2.is_none()) {
                        h.2 = Some(HintValue::Result(-1));
                    }
                }
                Ok(w) => {
                    if let Some(h) = hints.iter_mut().find(|h| Some(h.0) == w.best) {
                        h.2.get_or_insert(HintValue::Result(w.score));
                    }
                }
                Err(Aborted) => {}
            }
        }
        // Weakly, then exactly: a column needs a solve while it is not yet known that well.
        for weak in [true, false] {
            let needs = |v: Option<HintValue>| match v {
                None => true,
                Some(HintValue::Result(_)) => !weak,
                Some(_) => false,
            };
            loop {
                let pending: Vec<usize> = (0..hints.len()).filter(|&i| needs(hints[i].2)).collect();
                let mut solved_any = false;
                for (k, &i) in pending.iter().enumerate() {
                    let now = clock.now_ms();
                    if now >= deadline {
                        break;
                    }
                    let share = (deadline - now) / (pending.len() - k) as f64;
                    let mut solver = self.table_solver(clock, now + share);
                    let solved = solver.solve(&hints[i].1, weak);
                    self.keep(solver);
                    if let Ok(s) = solved {
                        hints[i].2 = Some(if weak {
                            HintValue::Result(-s.score)
                        } else {
                            HintValue::Exact(-s.score)
                        });
                        solved_any = true;
                    }
                }
                if !solved_any {
                    break;
                }
            }
        }
        if !all_known(&hints) {
            let game = Connect4 {
                eval: Eval::Threats,
            };
            let estimates = ai::score_moves(&game, p, Some(estimate_depth), 16);
            for h in hints.iter_mut().filter(|h| h.2.is_none()) {
                let value = estimates
                    .iter()
                    .find(|s| s.mv == h.0)
                    .map_or(0, |s| s.value);
                // A win or loss the lookahead sees to its end is proven, and how soon too.
                h.2 = Some(match proven_score(value) {
                    Some(score) => HintValue::Exact(score),
                    None => HintValue::Estimate(value),
                });
            }
        }
        finish(hints)
    }
}

/// The hints found, in order.
fn finish(hints: Vec<(u8, Position, Option<HintValue>)>) -> Vec<ColumnHint> {
    hints
        .into_iter()
        .map(|(column, _, value)| ColumnHint {
            column,
            value: value.unwrap_or(HintValue::Estimate(0)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A slow, obvious four-in-a-row check on a cell grid.
    fn grid_has_four(p: &Position, player: usize) -> bool {
        let at = |r: i32, c: i32| {
            (0..HEIGHT as i32).contains(&r)
                && (0..WIDTH as i32).contains(&c)
                && p.cell(r as usize, c as usize) == Some(player)
        };
        (0..HEIGHT as i32).any(|r| {
            (0..WIDTH as i32).any(|c| {
                [(0, 1), (1, 0), (1, 1), (1, -1)]
                    .iter()
                    .any(|&(dr, dc)| (0..4).all(|k| at(r + k * dr, c + k * dc)))
            })
        })
    }

    #[test]
    fn incremental_threats_and_wins_match_a_plain_scan() {
        let mut rng = arbor_util::SplitMix64(7);
        for _ in 0..2_000 {
            let mut p = Position::new();
            while !p.is_over() {
                // Threats the slow way: every empty cell that would make four.
                for player in 0..2 {
                    let stones = p.stones(player);
                    let cells = if player == p.to_move() {
                        p.mine
                    } else {
                        p.theirs
                    };
                    for c in 0..WIDTH {
                        for r in 0..HEIGHT {
                            let bit = 1u64 << (c * 7 + r);
                            let expect = p.mask & bit == 0 && has_four(stones | bit);
                            assert_eq!(cells & bit != 0, expect);
                        }
                    }
                }
                let cols: Vec<usize> = (0..WIDTH).filter(|&c| p.can_play(c)).collect();
                let col = cols[rng.range(0, cols.len() as i64 - 1) as usize];
                let wins = p.is_winning_move(col);
                let mover = p.to_move();
                p = p.play(col);
                assert_eq!(p.is_won(), wins);
                assert_eq!(p.is_won(), grid_has_four(&p, mover));
                if p.is_won() {
                    let line = p.winning_line().unwrap();
                    assert!(line.iter().all(|&(r, c)| p.cell(r, c) == Some(mover)));
                }
            }
        }
    }

    #[test]
    fn seed_runs_count_substrings() {
        // Three in a row along the bottom: one run of three, and of the two runs of two, one
        // is left after the three is subtracted (the seed's wordCount arithmetic).
        let p = Position::from_moves("1122").unwrap().play(2);
        assert_eq!(seed_goodness(p.stones(0)), 3 + 1);
        assert_eq!(seed_goodness(p.stones(1)), 1);
        assert_eq!(Connect4::default().evaluate(&p), 4 - 1);
    }

    #[test]
    fn lines_are_sixty_nine_fours() {
        assert!(LINES.iter().all(|l| l.count_ones() == 4 && l & !BOARD == 0));
        let distinct: std::collections::HashSet<_> = LINES.iter().collect();
        assert_eq!(distinct.len(), 69);
    }

    /// Random positions of 0 to 30 stones (fewer if a game ends first).
    fn random_positions(count: usize, seed: u64) -> Vec<Position> {
        let mut rng = arbor_util::SplitMix64(seed);
        (0..count)
            .map(|_| {
                let mut p = Position::new();
                for _ in 0..rng.range(0, 30) {
                    let cols: Vec<usize> = (0..WIDTH).filter(|&c| p.can_play(c)).collect();
                    p = p.play(cols[rng.range(0, cols.len() as i64 - 1) as usize]);
                    if p.is_over() {
                        break;
                    }
                }
                p
            })
            .collect()
    }

    #[test]
    fn the_key_tells_positions_apart() {
        // Pons' key against the board itself: positions share a key only when every cell is
        // the same (and every key fits the 49 bits the scramble takes).
        let grid = |p: &Position| -> Vec<Option<usize>> {
            (0..HEIGHT)
                .flat_map(|r| (0..WIDTH).map(move |c| (r, c)))
                .map(|(r, c)| p.cell(r, c))
                .collect()
        };
        let mut seen = std::collections::HashMap::new();
        for p in random_positions(200_000, 3) {
            assert!(p.key() < 1 << 49);
            let cells = grid(&p);
            if let Some(old) = seen.insert(p.key(), cells.clone()) {
                assert_eq!(old, cells, "two boards with the key {}", p.key());
            }
        }
        // The sample repeats positions (short games) and also holds many distinct ones.
        assert!(seen.len() > 100_000);
    }

    #[test]
    fn the_key_scramble_spreads_positions_over_a_table() {
        // A table indexes by the low bits: over 2^10 slots, distinct positions' scrambled keys
        // land evenly (no slot gets 1.5 times its share), where the raw keys crowd together
        // (their low bits are the first columns).
        let keys: std::collections::HashSet<u64> = random_positions(200_000, 5)
            .iter()
            .map(Position::key)
            .collect();
        let fullest = |f: &dyn Fn(u64) -> u64| {
            let mut load = vec![0u32; 1 << 10];
            for &k in &keys {
                load[(f(k) & 1023) as usize] += 1;
            }
            f64::from(*load.iter().max().unwrap())
        };
        let share = keys.len() as f64 / 1024.0;
        assert!(share > 50.0, "{} positions", keys.len());
        assert!(fullest(&scramble49) < 1.5 * share);
        assert!(fullest(&|k| k) > 3.0 * share);
    }

    #[test]
    fn bad_move_strings_name_the_move() {
        let e = Position::from_moves("4444x").unwrap_err();
        assert_eq!(e.index, 4);
        let e = Position::from_moves("1111111").unwrap_err();
        assert_eq!((e.index, e.message.as_str()), (6, "column 1 is full"));
        // 1 2 1 2 1 2 1: the first player has four in column 1; one more move is refused.
        assert!(Position::from_moves("1212121").unwrap().is_won());
        let e = Position::from_moves("12121213").unwrap_err();
        assert_eq!(e.index, 7);
    }
}
