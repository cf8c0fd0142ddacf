//! A connect-four position on two 64-bit bitboards, as in Pons' solver, and the board's
//! geometry: the bit tricks that find four in a row, the scores' convention, and the key that
//! names a position in a table or a book.
//!
//! Bit `7·c + r` is the cell in column `c` (0 = left), row `r` (0 = bottom); the seventh bit
//! of every column stays empty, so shifts never carry a line from one column into the next.
//! A position keeps the stones of the player to move and the mask of all stones, plus the
//! empty cells where each player would complete four, updated as stones are played.

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
pub(super) const BOARD: u64 = BOTTOM * 0x3F;
/// Rows 1, 3 and 5 counted from 1 at the bottom (0, 2, 4 from 0): the first player's threats
/// there are the ones that tend to decide the game; the second player's are in the others.
pub(super) const ODD_ROWS: u64 = BOTTOM * 0b01_0101;
pub(super) const EVEN_ROWS: u64 = BOTTOM * 0b10_1010;

pub(super) const fn column_mask(c: usize) -> u64 {
    0x3F << (c * 7)
}

const fn top_of(c: usize) -> u64 {
    1 << (5 + c * 7)
}

/// The order moves are listed in: centre first, where most games are decided.
pub const CENTRE_FIRST: [u8; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// Empty cells where `stones` would complete four in a row (whether playable yet or not).
#[inline(always)]
pub(super) fn winning_cells(stones: u64, mask: u64) -> u64 {
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
    pub(super) current: u64,
    /// Every stone.
    pub(super) mask: u64,
    /// Empty cells that would complete four for the player to move.
    pub(super) mine: u64,
    /// … and for the player who moved last.
    pub(super) theirs: u64,
    /// Stones played.
    pub(super) moves: u8,
    /// The player who moved last has four in a row.
    pub(super) won: bool,
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
    pub(super) fn stones(&self, player: usize) -> u64 {
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
    pub(super) fn non_losing(&self) -> u64 {
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
    pub(super) fn lost_score(&self) -> i32 {
        -win_score((i32::from(self.moves) + 1) / 2)
    }

    /// The number the player to move's next stone would have (its stones so far, plus one).
    pub(super) fn own_next_stone(&self) -> i32 {
        i32::from(self.moves) / 2 + 1
    }

    /// The number the opponent's next stone would have.
    pub(super) fn their_next_stone(&self) -> i32 {
        (i32::from(self.moves) + 1) / 2 + 1
    }

    /// Bounds on the exact score for the player to move, when that player cannot win at once
    /// and has a move that does not lose at once: the opponent cannot win before their second
    /// stone from now, nor the mover before its next-but-one.
    pub(super) fn score_bounds(&self) -> (i32, i32) {
        (
            -win_score(self.their_next_stone() + 1),
            win_score(self.own_next_stone() + 1),
        )
    }

    /// +1 when the first player (MAX) is to move, −1 otherwise.
    pub(super) fn colour(&self) -> i32 {
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
pub(super) fn scramble49(key: u64) -> u64 {
    const M: u64 = (1 << 49) - 1;
    let mut h = key & M;
    h ^= h >> 25;
    h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15) & M;
    h ^= h >> 23;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9) & M;
    h ^ (h >> 26)
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
