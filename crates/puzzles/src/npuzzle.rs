//! The sliding-tile puzzle on any board of `rows × cols` cells (the 8-puzzle is 3 × 3, the
//! 15-puzzle 4 × 4), up to [`MAX_CELLS`] cells.
//!
//! Tiles are numbered 1 to `rows·cols − 1`; 0 is the blank. An action moves the blank up,
//! down, left or right (the tile there slides the other way). The goal is configurable; by
//! default the tiles are in order with the blank last.

use std::fmt;
use std::sync::Arc;

use arbor_search::{Problem, Run};
use arbor_util::SplitMix64;

use crate::pdb::PatternDb;

/// Most cells on a board (5 × 5).
pub const MAX_CELLS: usize = 25;

/// Cells are stored in arrays of this size and indexed modulo it, so that indexing needs no
/// bounds checks in the search's inner loop.
pub(crate) const SLOTS: usize = 32;
const MASK: usize = SLOTS - 1;

/// Where the blank moves. The values are Korf's order, so that a direction's opposite is
/// `3 − d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[repr(u8)]
pub enum Dir {
    /// Up a row.
    Up = 0,
    /// Left a column.
    Left = 1,
    /// Right a column.
    Right = 2,
    /// Down a row.
    Down = 3,
}

impl Dir {
    /// The cell one step from `cell` this way on a `width` × `height` board of cells numbered
    /// row by row, or `None` off the board: the one grid step of the sliding puzzle's blank, the
    /// blocks world's agent and the path-finding grid.
    pub fn step(self, cell: usize, width: usize, height: usize) -> Option<usize> {
        let (x, y) = (cell % width, cell / width);
        match self {
            Dir::Up if y > 0 => Some(cell - width),
            Dir::Down if y + 1 < height => Some(cell + width),
            Dir::Left if x > 0 => Some(cell - 1),
            Dir::Right if x + 1 < width => Some(cell + 1),
            _ => None,
        }
    }

    /// The letter used in move lists: U, D, L, R.
    pub fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }

    /// The opposite direction.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// True if `self` undoes `other`.
    #[inline]
    pub fn undoes(self, other: Dir) -> bool {
        self as u8 + other as u8 == 3
    }

    /// The order actions are tried in (Korf's: up, left, right, down).
    pub const ORDER: [Dir; 4] = [Dir::Up, Dir::Left, Dir::Right, Dir::Down];
}

/// A move of the sliding puzzle's blank: its direction, and the cell it moves to (so a search
/// reads the tile that moves without looking the neighbour up again).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Slide {
    /// The direction.
    pub dir: Dir,
    /// The cell the blank moves to.
    pub to: u8,
}

impl Slide {
    /// The letter used in move lists: U, D, L, R.
    pub fn letter(self) -> char {
        self.dir.letter()
    }
}

/// Some of the four directions, in order: the moves possible in a grid cell.
#[derive(Clone, Copy, Debug)]
pub struct Dirs {
    list: [Dir; 4],
    len: u8,
    next: u8,
}

impl Dirs {
    /// The directions, of up, down, left, right in that order, for which `allowed` is true.
    pub fn allowed(mut allowed: impl FnMut(Dir) -> bool) -> Dirs {
        let mut out = Dirs {
            list: [Dir::Up; 4],
            len: 0,
            next: 0,
        };
        for d in [Dir::Up, Dir::Down, Dir::Left, Dir::Right] {
            if allowed(d) {
                out.list[out.len as usize] = d;
                out.len += 1;
            }
        }
        out
    }
}

impl Iterator for Dirs {
    type Item = Dir;

    fn next(&mut self) -> Option<Dir> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.list[(self.next - 1) as usize & 3]
        })
    }
}

/// A position: the tile in each cell, row-major, and where the blank is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    cells: [u8; SLOTS],
    blank: u8,
}

/// Hashed as four words: the cells decide the blank, so it adds nothing.
impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for chunk in self.cells.chunks_exact(8) {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            state.write_u64(u64::from_le_bytes(word));
        }
    }
}

impl Board {
    /// The tiles, row-major (only the board's own cells).
    pub fn tiles(&self, len: usize) -> &[u8] {
        &self.cells[..len]
    }

    /// The blank's cell.
    pub fn blank(&self) -> usize {
        self.blank as usize
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self
            .cells
            .iter()
            .rposition(|&c| c != 0)
            .map_or(1, |i| i + 1)
            .max(self.blank as usize + 1);
        write!(f, "{:?}", &self.cells[..n])
    }
}

/// Heuristics for the puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Heuristic {
    /// No estimate (0): A* becomes uniform cost.
    Zero,
    /// Tiles not in their goal cell.
    Misplaced,
    /// Sum of each tile's distance (rows plus columns) from its goal cell.
    #[default]
    Manhattan,
    /// Manhattan distance plus 2 for each pair of tiles that must pass each other in a row or
    /// column (Hansson, Mayer and Yung, 1992).
    LinearConflict,
    /// A pattern database ([`PatternDb`]): additive tables for groups of tiles, or the exact
    /// distance on small boards. Only a puzzle given a database ([`NPuzzle::with_pdb`]) uses it.
    Pdb,
}

impl Heuristic {
    /// Every heuristic that needs nothing built first (not [`Heuristic::Pdb`]).
    pub const ALL: [Heuristic; 4] = [
        Heuristic::Zero,
        Heuristic::Misplaced,
        Heuristic::Manhattan,
        Heuristic::LinearConflict,
    ];

    /// Its name, for people.
    pub fn title(self) -> &'static str {
        match self {
            Heuristic::Zero => "None (h = 0)",
            Heuristic::Misplaced => "Misplaced tiles (h₁)",
            Heuristic::Manhattan => "Manhattan distance (h₂)",
            Heuristic::LinearConflict => "Manhattan + linear conflicts",
            Heuristic::Pdb => "Pattern database",
        }
    }

    /// Short name.
    pub fn key(self) -> &'static str {
        match self {
            Heuristic::Zero => "zero",
            Heuristic::Misplaced => "misplaced",
            Heuristic::Manhattan => "manhattan",
            Heuristic::LinearConflict => "linear",
            Heuristic::Pdb => "pdb",
        }
    }
}

/// Why a puzzle cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError(pub String);

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PuzzleError {}

/// A sliding-tile puzzle: board shape, start, goal and heuristic.
#[derive(Clone, Debug)]
pub struct NPuzzle {
    rows: usize,
    cols: usize,
    start: Board,
    goal: Board,
    heuristic: Heuristic,
    /// `distance[tile][cell]`: the tile's Manhattan distance from `cell` to its goal.
    distance: [[u8; SLOTS]; SLOTS],
    /// Each cell's neighbour in each direction (`u8::MAX` where there is none).
    neighbour: [[u8; 4]; SLOTS],
    /// `moves[cell][previous]`: the blank's moves from each cell, in the order they are tried
    /// — but the one that undoes the `previous` direction; all of them at [`ANY_PREVIOUS`].
    moves: [[Slides; ANY_PREVIOUS + 1]; SLOTS],
    /// True when the heuristic is zero only at the goal (then `h == 0` is the goal test).
    exact_at_goal: bool,
    /// The pattern database, when one is given; the heuristic is [`Heuristic::Pdb`] only then.
    pdb: Option<Arc<PatternDb>>,
}

/// The blank's cell on `board`.
#[cold]
#[inline(never)]
fn blank_of(board: &Board) -> u8 {
    board.blank
}

/// [`ANY_PREVIOUS`], out of line: the list chosen by a branch (which the processor predicts)
/// rather than by a conditional move (which waits for the search's cycle-check setting to be
/// read; 3% of IDA*'s time).
#[cold]
#[inline(never)]
fn all_moves() -> usize {
    ANY_PREVIOUS
}

/// The index of [`NPuzzle::moves`]' lists that leaves no move out.
const ANY_PREVIOUS: usize = 4;

/// Up to four moves of the blank, one to a byte in a word, the first lowest: as an iterator,
/// the moves still to come. A byte is `0x80 | dir << 5 | to` (cells below 32), so that the
/// word is 0 once the last has been taken.
///
/// (One word that IDA* keeps in a register: the next move is a shift away, where a list in
/// memory takes a read on the way from one child's bound test to the next.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slides(u32);

impl Slides {
    /// No moves.
    const NONE: Slides = Slides(0);

    /// The same moves, and `slide` after them (the list holds four at most).
    fn then(self, slide: Slide) -> Slides {
        let at = 8 * (32 - self.0.leading_zeros()).div_ceil(8);
        debug_assert!(at < 32 && usize::from(slide.to) < SLOTS);
        let byte = 0x80 | (dir_index(slide.dir) as u32) << 5 | u32::from(slide.to);
        Slides(self.0 | byte << at)
    }
}

impl Iterator for Slides {
    type Item = Slide;

    // (Always inlined: the wasm build's size settings would otherwise leave it a call.)
    #[inline(always)]
    fn next(&mut self) -> Option<Slide> {
        let byte = self.0 as u8;
        (byte != 0).then(|| {
            self.0 >>= 8;
            let dir = match byte >> 5 & 3 {
                0 => Dir::Up,
                1 => Dir::Left,
                2 => Dir::Right,
                _ => Dir::Down,
            };
            Slide {
                dir,
                to: byte & MASK as u8,
            }
        })
    }
}

#[inline]
fn dir_index(d: Dir) -> usize {
    d as usize & 3
}

impl NPuzzle {
    /// A puzzle from its start tiles and goal tiles (row-major, 0 for the blank).
    pub fn new(
        rows: usize,
        cols: usize,
        start: &[u8],
        goal: &[u8],
        heuristic: Heuristic,
    ) -> Result<NPuzzle, PuzzleError> {
        // A product that overflows is as far past the limit as any.
        let n = rows.saturating_mul(cols);
        if rows < 2 || cols < 2 || n > MAX_CELLS {
            return Err(PuzzleError(format!(
                "a board needs at least 2 rows and 2 columns and at most {MAX_CELLS} cells, not {rows} × {cols}"
            )));
        }
        if heuristic == Heuristic::Pdb {
            return Err(PuzzleError(
                "a pattern database is built first, then given to the puzzle".into(),
            ));
        }
        let start = board(start, n, "the start")?;
        let goal = board(goal, n, "the goal")?;
        let mut goal_cell = [0usize; MAX_CELLS];
        for (cell, &tile) in goal.cells[..n].iter().enumerate() {
            goal_cell[tile as usize] = cell;
        }
        let mut distance = [[0u8; SLOTS]; SLOTS];
        for tile in 1..n {
            let (gr, gc) = (goal_cell[tile] / cols, goal_cell[tile] % cols);
            for (cell, d) in distance[tile][..n].iter_mut().enumerate() {
                let (r, c) = (cell / cols, cell % cols);
                *d = (r.abs_diff(gr) + c.abs_diff(gc)) as u8;
            }
        }
        let mut neighbour = [[u8::MAX; 4]; SLOTS];
        let mut moves = [[Slides::NONE; ANY_PREVIOUS + 1]; SLOTS];
        for cell in 0..n {
            let out = &mut neighbour[cell];
            for d in Dir::ORDER {
                if let Some(to) = d.step(cell, cols, rows) {
                    out[dir_index(d)] = to as u8;
                }
            }
            for (previous, list) in moves[cell].iter_mut().enumerate() {
                for d in Dir::ORDER {
                    // (List i follows a move in direction `Dir::ORDER[i]`, whose value is i.)
                    let undoes = Dir::ORDER.get(previous).is_some_and(|&p| d.undoes(p));
                    if out[dir_index(d)] != u8::MAX && !undoes {
                        *list = list.then(Slide {
                            dir: d,
                            to: out[dir_index(d)],
                        });
                    }
                }
            }
        }
        Ok(NPuzzle {
            rows,
            cols,
            start,
            goal,
            heuristic,
            distance,
            neighbour,
            moves,
            exact_at_goal: heuristic != Heuristic::Zero,
            pdb: None,
        })
    }

    /// The usual goal: tiles 1, 2, … in order, the blank last.
    pub fn standard_goal(cells: usize) -> Vec<u8> {
        (1..cells as u8).chain([0]).collect()
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Cells on the board.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The start tiles.
    pub fn start_tiles(&self) -> Vec<u8> {
        self.start.cells[..self.cells()].to_vec()
    }

    /// The goal tiles.
    pub fn goal_tiles(&self) -> Vec<u8> {
        self.goal.cells[..self.cells()].to_vec()
    }

    /// The heuristic in use.
    pub fn heuristic_kind(&self) -> Heuristic {
        self.heuristic
    }

    /// The same puzzle with another heuristic. [`Heuristic::Pdb`] needs a database given
    /// ([`NPuzzle::with_pdb`]); without one the heuristic stays as it was.
    pub fn with_heuristic(&self, heuristic: Heuristic) -> NPuzzle {
        let heuristic = if heuristic == Heuristic::Pdb && self.pdb.is_none() {
            self.heuristic
        } else {
            heuristic
        };
        NPuzzle {
            heuristic,
            exact_at_goal: heuristic != Heuristic::Zero,
            ..self.clone()
        }
    }

    /// The same puzzle using a pattern database as its heuristic; the database must be for
    /// this board's shape and goal.
    pub fn with_pdb(&self, db: Arc<PatternDb>) -> Result<NPuzzle, PuzzleError> {
        if db.rows() != self.rows || db.cols() != self.cols || db.goal() != self.goal_tiles() {
            return Err(PuzzleError(format!(
                "the pattern database is for a {} × {} board with the goal {:?}, not this puzzle",
                db.rows(),
                db.cols(),
                db.goal()
            )));
        }
        Ok(NPuzzle {
            heuristic: Heuristic::Pdb,
            exact_at_goal: true,
            pdb: Some(db),
            ..self.clone()
        })
    }

    /// The pattern database given, if any.
    pub fn pdb(&self) -> Option<&Arc<PatternDb>> {
        self.pdb.as_ref()
    }

    /// The pattern database's estimate of the child `action` leads to (`None` without one),
    /// out of line so that the Manhattan path of the search's inner loop stays small.
    #[inline(never)]
    fn pdb_before(&self, parent: &Board, action: Slide, h: u32) -> Option<u32> {
        match (&self.pdb, self.heuristic) {
            (Some(db), Heuristic::Pdb) => {
                Some(db.estimate_after_slide(parent, action.to as usize, h))
            }
            _ => None,
        }
    }

    /// A heuristic other than Manhattan distance of a child, out of line (see `pdb_before`).
    #[inline(never)]
    fn other_after(&self, child: &Board, old_blank: u8, parent_h: u32) -> u32 {
        if let (Some(db), Heuristic::Pdb) = (&self.pdb, self.heuristic) {
            // Back to the parent, then the slide told from it.
            let mut parent = *child;
            Self::slide_raw(&mut parent, old_blank as usize);
            return db.estimate_after_slide(&parent, child.blank as usize, parent_h);
        }
        self.estimate(child)
    }

    /// Manhattan distance of the child `action` leads to from `parent` (distance `h`): only the
    /// tile next to the blank moves.
    #[inline(always)]
    fn manhattan_before(&self, parent: &Board, action: Slide, h: u32) -> u32 {
        let from = parent.blank as usize & MASK;
        let to = action.to as usize & MASK;
        let tile = parent.cells[to] as usize & MASK;
        h + u32::from(self.distance[tile][from]) - u32::from(self.distance[tile][to])
    }

    /// Manhattan distance of `child`, just reached from a parent of distance `parent_h` whose
    /// blank was in `old_blank`: only the tile that moved changes it.
    #[inline(always)]
    fn manhattan_after(&self, child: &Board, old_blank: u8, parent_h: u32) -> u32 {
        let tile = child.cells[old_blank as usize & MASK] as usize & MASK;
        let before = u32::from(self.distance[tile][child.blank as usize & MASK]);
        let after = u32::from(self.distance[tile][old_blank as usize & MASK]);
        parent_h + after - before
    }

    /// Slides the tile in cell `to` into the blank (a neighbour of it).
    #[inline]
    pub(crate) fn slide_raw(board: &mut Board, to: usize) {
        let from = board.blank as usize & MASK;
        board.cells[from] = board.cells[to & MASK];
        board.cells[to & MASK] = 0;
        board.blank = to as u8;
    }

    /// The same puzzle from another start.
    pub fn with_start(&self, start: &[u8]) -> Result<NPuzzle, PuzzleError> {
        Ok(NPuzzle {
            start: board(start, self.cells(), "the start")?,
            ..self.clone()
        })
    }

    /// True if the goal can be reached from the start. Every move swaps the blank with a
    /// tile, changing the parity of the arrangement and moving the blank one cell; so the
    /// goal is reachable exactly when the permutation from start to goal has the parity of the
    /// blank's distance between them. Answered without searching.
    pub fn is_solvable(&self) -> bool {
        let n = self.cells();
        // The permutation taking each cell's tile at the start to that tile's goal cell.
        let mut goal_cell = [0usize; MAX_CELLS];
        for (cell, &tile) in self.goal.cells[..n].iter().enumerate() {
            goal_cell[tile as usize] = cell;
        }
        let perm: Vec<usize> = self.start.cells[..n]
            .iter()
            .map(|&t| goal_cell[t as usize])
            .collect();
        let mut seen = vec![false; n];
        let mut transpositions = 0;
        for i in 0..n {
            let mut len = 0;
            let mut j = i;
            while !seen[j] {
                seen[j] = true;
                j = perm[j];
                len += 1;
            }
            if len > 0 {
                transpositions += len - 1;
            }
        }
        let (b, g) = (self.start.blank as usize, self.goal.blank as usize);
        let blank_distance =
            (b / self.cols).abs_diff(g / self.cols) + (b % self.cols).abs_diff(g % self.cols);
        transpositions % 2 == blank_distance % 2
    }

    /// The heuristic's value for a board.
    pub fn estimate(&self, board: &Board) -> u32 {
        self.estimate_with(self.heuristic, board)
    }

    /// Any heuristic's value for a board.
    pub fn estimate_with(&self, heuristic: Heuristic, board: &Board) -> u32 {
        let n = self.cells();
        match heuristic {
            Heuristic::Zero => 0,
            Heuristic::Misplaced => (0..n)
                .filter(|&c| board.cells[c] != 0 && board.cells[c] != self.goal.cells[c])
                .count() as u32,
            Heuristic::Manhattan => self.manhattan(board),
            Heuristic::LinearConflict => self.manhattan(board) + 2 * self.conflicts(board),
            // Without a database (never the puzzle's own heuristic then), Manhattan distance,
            // which every additive database is at least.
            Heuristic::Pdb => match &self.pdb {
                Some(db) => db.estimate(board),
                None => self.manhattan(board),
            },
        }
    }

    fn manhattan(&self, board: &Board) -> u32 {
        (0..self.cells())
            .map(|c| u32::from(self.distance[board.cells[c] as usize & MASK][c]))
            .sum()
    }

    /// Linear conflicts: in each row (column), tiles whose goal is in that row (column) but
    /// whose order is reversed. Each line needs as many extra pairs of moves as tiles that must
    /// leave it to let the others pass: the fewest removals leaving no conflict.
    fn conflicts(&self, board: &Board) -> u32 {
        let mut goal_cell = [0usize; MAX_CELLS];
        for (cell, &tile) in self.goal.cells[..self.cells()].iter().enumerate() {
            goal_cell[tile as usize] = cell;
        }
        let mut total = 0;
        // Rows: the goal columns of the row's tiles that belong in this row.
        for r in 0..self.rows {
            let line: Vec<usize> = (0..self.cols)
                .map(|c| board.cells[r * self.cols + c] as usize)
                .filter(|&t| t != 0 && goal_cell[t] / self.cols == r)
                .map(|t| goal_cell[t] % self.cols)
                .collect();
            total += removals(&line);
        }
        for c in 0..self.cols {
            let line: Vec<usize> = (0..self.rows)
                .map(|r| board.cells[r * self.cols + c] as usize)
                .filter(|&t| t != 0 && goal_cell[t] % self.cols == c)
                .map(|t| goal_cell[t] / self.cols)
                .collect();
            total += removals(&line);
        }
        total
    }

    /// A random start reached by `moves` random blank moves from the goal, never undoing the
    /// move just made (so it is always solvable). The same seed gives the same board.
    pub fn shuffled(&self, moves: u32, seed: u64) -> NPuzzle {
        let mut rng = SplitMix64(seed);
        let mut board = self.goal;
        let mut previous: Option<Dir> = None;
        for _ in 0..moves {
            let options: Vec<Slide> = self
                .actions(&board)
                .filter(|s| Some(s.dir.opposite()) != previous)
                .collect();
            let s = options[(rng.next_u64() % options.len() as u64) as usize];
            self.apply(&mut board, s);
            previous = Some(s.dir);
        }
        NPuzzle {
            start: board,
            ..self.clone()
        }
    }

    /// A start drawn uniformly from all boards (half of them unsolvable).
    pub fn random_board(cells: usize, seed: u64) -> Vec<u8> {
        let mut rng = SplitMix64(seed);
        let mut tiles: Vec<u8> = (0..cells as u8).collect();
        rng.shuffle(&mut tiles);
        tiles
    }

    /// The boards along a solution, from the start.
    pub fn boards_along(&self, moves: &[Slide]) -> Vec<Vec<u8>> {
        let mut board = self.start;
        let mut out = vec![self.start_tiles()];
        for &d in moves {
            self.apply(&mut board, d);
            out.push(board.cells[..self.cells()].to_vec());
        }
        out
    }
}

/// The fewest tiles to take out of a line of goal positions so the rest are in increasing
/// order: the line's length minus its longest increasing subsequence.
fn removals(line: &[usize]) -> u32 {
    if line.len() < 2 {
        return 0;
    }
    let mut best = vec![1usize; line.len()];
    for i in 0..line.len() {
        for j in 0..i {
            if line[j] < line[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    (line.len() - best.iter().max().copied().unwrap_or(1)) as u32
}

fn board(tiles: &[u8], n: usize, what: &str) -> Result<Board, PuzzleError> {
    if tiles.len() != n {
        return Err(PuzzleError(format!(
            "{what} has {} tiles; a board of {n} cells needs {n}",
            tiles.len()
        )));
    }
    let mut seen = [false; MAX_CELLS];
    let mut cells = [0u8; SLOTS];
    let mut blank = 0;
    for (i, &t) in tiles.iter().enumerate() {
        if t as usize >= n {
            return Err(PuzzleError(format!(
                "{what} has the tile {t}; tiles go from 0 (the blank) to {}",
                n - 1
            )));
        }
        if seen[t as usize] {
            return Err(PuzzleError(format!("{what} has the tile {t} twice")));
        }
        seen[t as usize] = true;
        cells[i] = t;
        if t == 0 {
            blank = i as u8;
        }
    }
    Ok(Board { cells, blank })
}

impl Problem for NPuzzle {
    type State = Board;
    type Action = Slide;
    type Undo = u8;
    type Actions<'a> = Slides;

    fn start(&self) -> Board {
        self.start
    }

    #[inline]
    fn is_goal(&self, state: &Board) -> bool {
        state.blank == self.goal.blank && state.cells == self.goal.cells
    }

    /// Every heuristic but zero is 0 exactly when every tile is home; zero is 0 everywhere, so
    /// then the board decides. (h is tested first: it is in hand, and rarely 0.)
    #[inline]
    fn is_goal_given(&self, state: &Board, h: u32) -> bool {
        h == 0 && (self.exact_at_goal || self.is_goal(state))
    }

    #[inline]
    fn actions<'a>(&'a self, state: &Board) -> Self::Actions<'a> {
        self.actions_after(state, None, false)
    }

    const UNIT_COSTS: bool = true;

    const LEAVES_OUT_REVERSES: bool = true;

    #[inline]
    fn actions_after<'a>(
        &'a self,
        state: &Board,
        previous: Option<Slide>,
        skip_reverses: bool,
    ) -> Self::Actions<'a> {
        // After a move, the blank is where it went: read from the move in hand rather than
        // from the board, where it was only just written (a read so soon after the write
        // measured 1.12× the plain IDA*'s time against 1.05×). The board is read only at the
        // start, out of line, so that the compiler does not read it anyway and then choose.
        let (blank, previous) = match previous {
            Some(p) => (p.to, dir_index(p.dir)),
            None => (blank_of(state), ANY_PREVIOUS),
        };
        debug_assert_eq!(
            blank, state.blank,
            "the move given did not reach this board"
        );
        let list = if skip_reverses { previous } else { all_moves() };
        self.moves[blank as usize & MASK][list]
    }

    #[inline]
    fn apply(&self, state: &mut Board, action: Slide) -> u8 {
        // (The cell as indexed, as the undo: IDA* then keeps one copy of it, not two.)
        let from = state.blank as usize & MASK;
        debug_assert_eq!(
            action.to,
            self.neighbour[from][dir_index(action.dir)],
            "the blank cannot move {action:?} from cell {from}"
        );
        Self::slide_raw(state, action.to as usize);
        from as u8
    }

    #[inline]
    fn undo(&self, state: &mut Board, from: u8) {
        // The blank slides back.
        Self::slide_raw(state, from as usize);
    }

    fn heuristic(&self, state: &Board) -> u32 {
        self.estimate(state)
    }

    /// Manhattan distance changes only for the tile that moved: from the blank's new cell to
    /// its old one.
    #[inline]
    fn heuristic_after(&self, child: &Board, _action: Slide, old_blank: u8, parent_h: u32) -> u32 {
        if self.heuristic != Heuristic::Manhattan {
            return self.other_after(child, old_blank, parent_h);
        }
        self.manhattan_after(child, old_blank, parent_h)
    }

    /// Manhattan distance before the move: only the tile next to the blank moves.
    #[inline]
    fn heuristic_before(&self, parent: &Board, action: Slide, h: u32) -> Option<u32> {
        if self.heuristic != Heuristic::Manhattan {
            return self.pdb_before(parent, action, h);
        }
        Some(self.manhattan_before(parent, action, h))
    }

    /// With Manhattan distance, the searches that leave out their observer (IDA*'s) run on
    /// [`ManhattanTiles`]: this puzzle with its heuristic fixed at compile time.
    fn specialised<R: Run<Board, Slide, u8>>(&self, run: R) -> R::Output {
        if self.heuristic == Heuristic::Manhattan {
            // A copy with its table of changes (once per search: 32 KB), so that the search reads
            // every table through one pointer.
            run.run(&ManhattanTiles::new(self))
        } else {
            run.run(self)
        }
    }

    #[inline]
    fn reverses(&self, action: Slide, previous: Slide) -> bool {
        action.dir.undoes(previous.dir)
    }

    fn goal_states(&self) -> Vec<Board> {
        vec![self.goal]
    }

    /// Every move can be undone: the boards one move before a board are those one move after
    /// it, each reached back by the opposite move.
    fn predecessors(&self, state: &Board, out: &mut Vec<(Board, Slide, u32)>) {
        for a in self.actions(state) {
            let before = self.result(state, a);
            let back = Slide {
                dir: a.dir.opposite(),
                to: state.blank,
            };
            out.push((before, back, 1));
        }
    }
}

/// A sliding puzzle with Manhattan distance fixed as its heuristic: the same states, moves and
/// values as the [`NPuzzle`] it wraps, with no test of which heuristic is in use at each node
/// (see [`Problem::specialised`]).
struct ManhattanTiles {
    puzzle: NPuzzle,
    /// `change[to][dir][tile]`: how the Manhattan distance changes when the blank moves `dir`
    /// into cell `to` and `tile` slides out of it the other way (−1 or +1). One read, by the
    /// tile as it is on the board, where the distance table takes two and a subtraction: the
    /// steps between the tile read and IDA*'s bound test, at every node.
    change: [[[i8; 256]; 4]; SLOTS],
}

impl ManhattanTiles {
    fn new(puzzle: &NPuzzle) -> ManhattanTiles {
        let mut change = [[[0; 256]; 4]; SLOTS];
        let n = puzzle.cells();
        for from in 0..n {
            for (d, &to) in puzzle.neighbour[from].iter().enumerate() {
                if to == u8::MAX {
                    continue;
                }
                let to = to as usize;
                for (tile, distance) in puzzle.distance.iter().enumerate().take(n).skip(1) {
                    change[to][d][tile] = distance[from] as i8 - distance[to] as i8;
                }
            }
        }
        ManhattanTiles {
            puzzle: puzzle.clone(),
            change,
        }
    }
}

impl Problem for ManhattanTiles {
    type State = Board;
    type Action = Slide;
    type Undo = u8;
    type Actions<'b>
        = <NPuzzle as Problem>::Actions<'b>
    where
        Self: 'b;

    fn start(&self) -> Board {
        self.puzzle.start()
    }

    #[inline]
    fn is_goal(&self, state: &Board) -> bool {
        self.puzzle.is_goal(state)
    }

    /// Manhattan distance is 0 exactly when every tile is home.
    #[inline]
    fn is_goal_given(&self, _state: &Board, h: u32) -> bool {
        h == 0
    }

    #[inline]
    fn actions<'b>(&'b self, state: &Board) -> Self::Actions<'b> {
        self.puzzle.actions(state)
    }

    const UNIT_COSTS: bool = true;

    const LEAVES_OUT_REVERSES: bool = true;

    #[inline]
    fn actions_after<'b>(
        &'b self,
        state: &Board,
        previous: Option<Slide>,
        skip_reverses: bool,
    ) -> Self::Actions<'b> {
        self.puzzle.actions_after(state, previous, skip_reverses)
    }

    #[inline]
    fn apply(&self, state: &mut Board, action: Slide) -> u8 {
        self.puzzle.apply(state, action)
    }

    #[inline]
    fn undo(&self, state: &mut Board, from: u8) {
        self.puzzle.undo(state, from)
    }

    fn heuristic(&self, state: &Board) -> u32 {
        self.puzzle.estimate_with(Heuristic::Manhattan, state)
    }

    #[inline]
    fn heuristic_after(&self, child: &Board, _action: Slide, old_blank: u8, parent_h: u32) -> u32 {
        self.puzzle.manhattan_after(child, old_blank, parent_h)
    }

    #[inline]
    fn heuristic_before(&self, parent: &Board, action: Slide, h: u32) -> Option<u32> {
        let to = action.to as usize & MASK;
        let tile = parent.cells[to] as usize;
        Some(h.wrapping_add_signed(i32::from(self.change[to][dir_index(action.dir)][tile])))
    }

    #[inline]
    fn reverses(&self, action: Slide, previous: Slide) -> bool {
        self.puzzle.reverses(action, previous)
    }

    fn goal_states(&self) -> Vec<Board> {
        self.puzzle.goal_states()
    }

    fn predecessors(&self, state: &Board, out: &mut Vec<(Board, Slide, u32)>) {
        self.puzzle.predecessors(state, out)
    }
}

/// Reads one puzzle line: tiles separated by spaces or commas. Returns the tiles.
pub fn parse_tiles(line: &str) -> Result<Vec<u8>, String> {
    let mut tiles = Vec::new();
    for word in line
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
    {
        match word.parse::<u8>() {
            Ok(t) => tiles.push(t),
            Err(_) => {
                return Err(format!(
                    "“{}” is not a tile number",
                    arbor_util::shown(word)
                ))
            }
        }
    }
    if tiles.is_empty() {
        return Err("no tiles".into());
    }
    Ok(tiles)
}

/// The board shape for `cells` tiles when none is given: the square one.
pub fn square_side(cells: usize) -> Option<usize> {
    (2..=5).find(|s| s * s == cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eight(start: &[u8]) -> NPuzzle {
        NPuzzle::new(
            3,
            3,
            start,
            &NPuzzle::standard_goal(9),
            Heuristic::Manhattan,
        )
        .unwrap()
    }

    /// The packed move lists give, on every board shape and for every cell and previous move,
    /// the moves of [`Dir::step`] in Korf's order, less the one that undoes the previous move
    /// when reverses are skipped.
    #[test]
    fn move_lists_are_the_steps_in_order() {
        for rows in 2..=MAX_CELLS / 2 {
            for cols in 2..=MAX_CELLS / rows {
                let n = rows * cols;
                for blank in 0..n {
                    let mut start: Vec<u8> = (1..n as u8).collect();
                    start.insert(blank, 0);
                    let p = NPuzzle::new(
                        rows,
                        cols,
                        &start,
                        &NPuzzle::standard_goal(n),
                        Heuristic::Zero,
                    )
                    .unwrap();
                    let board = p.start();
                    let steps = |skip: Option<Dir>| -> Vec<Slide> {
                        Dir::ORDER
                            .into_iter()
                            .filter(|d| skip.is_none_or(|s| !d.undoes(s)))
                            .filter_map(|dir| {
                                let to = dir.step(blank, cols, rows)?;
                                Some(Slide { dir, to: to as u8 })
                            })
                            .collect()
                    };
                    assert_eq!(p.actions(&board).collect::<Vec<_>>(), steps(None));
                    for dir in Dir::ORDER {
                        // The move that brought the blank here (from the opposite side).
                        let previous = Slide {
                            dir,
                            to: blank as u8,
                        };
                        for skip in [false, true] {
                            let got: Vec<Slide> =
                                p.actions_after(&board, Some(previous), skip).collect();
                            let want = steps(skip.then_some(dir));
                            assert_eq!(got, want, "{rows} × {cols}, blank {blank}, after {dir:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn moves_and_undo() {
        let p = eight(&[1, 2, 3, 4, 5, 6, 7, 8, 0]);
        let mut b = p.start();
        let acts: Vec<Dir> = p.actions(&b).map(|s| s.dir).collect();
        assert_eq!(acts, [Dir::Up, Dir::Left]);
        let up = p.actions(&b).next().unwrap();
        let u = p.apply(&mut b, up);
        assert_eq!(b.tiles(9), [1, 2, 3, 4, 5, 0, 7, 8, 6]);
        p.undo(&mut b, u);
        assert_eq!(b, p.start());
        assert!(p.is_goal(&b));
    }

    #[test]
    fn heuristics() {
        let p = eight(&[8, 1, 3, 4, 0, 2, 7, 6, 5]);
        let b = p.start();
        // 8, 1, 2, 6 and 5 are out of place.
        assert_eq!(p.estimate_with(Heuristic::Misplaced, &b), 5);
        // 8: 3, 1: 1, 2: 2, 6: 2, 5: 2.
        assert_eq!(p.estimate_with(Heuristic::Manhattan, &b), 10);
        // A row conflict: 2 and 1 swapped in the first row.
        let p2 = eight(&[2, 1, 3, 4, 5, 6, 7, 8, 0]);
        assert_eq!(
            p2.estimate_with(Heuristic::LinearConflict, &p2.start()),
            2 + 2
        );
    }

    #[test]
    fn incremental_manhattan_matches_full() {
        let p = eight(&[8, 1, 3, 4, 0, 2, 7, 6, 5]).shuffled(50, 3);
        let mut b = p.start();
        let mut h = p.heuristic(&b);
        let mut rng = SplitMix64(4);
        for _ in 0..200 {
            let acts: Vec<Slide> = p.actions(&b).collect();
            let d = acts[(rng.next_u64() % acts.len() as u64) as usize];
            // Every move's estimate told before it is made is the one after it.
            for &other in &acts {
                let before = p.heuristic_before(&b, other, h);
                let mut child = b;
                p.apply(&mut child, other);
                assert_eq!(before, Some(p.heuristic(&child)));
            }
            let u = p.apply(&mut b, d);
            h = p.heuristic_after(&b, d, u, h);
            assert_eq!(h, p.heuristic(&b));
        }
        // Other heuristics are not told before the move.
        let linear = NPuzzle {
            heuristic: Heuristic::LinearConflict,
            ..p.clone()
        };
        let any = linear.actions(&b).next().unwrap();
        assert_eq!(linear.heuristic_before(&b, any, 0), None);
    }

    /// The specialised puzzle IDA* runs on tells each child's Manhattan distance from its
    /// table of changes: the distance counted afresh on the child, on every board shape, along
    /// random walks with a goal that is not the usual one.
    #[test]
    fn manhattan_tiles_tell_each_childs_distance() {
        for (rows, cols) in [(2, 3), (3, 2), (3, 3), (3, 5), (4, 4), (5, 5)] {
            let n = rows * cols;
            let mut goal: Vec<u8> = (0..n as u8).collect();
            goal.rotate_left(n / 2);
            let p = NPuzzle::new(rows, cols, &goal, &goal, Heuristic::Manhattan)
                .unwrap()
                .shuffled(40, n as u64);
            let tiles = ManhattanTiles::new(&p);
            let mut b = p.start();
            let mut h = tiles.heuristic(&b);
            let mut rng = SplitMix64(n as u64);
            for _ in 0..300 {
                let acts: Vec<Slide> = tiles.actions(&b).collect();
                for &a in &acts {
                    let mut child = b;
                    tiles.apply(&mut child, a);
                    let counted = p.estimate_with(Heuristic::Manhattan, &child);
                    assert_eq!(tiles.heuristic_before(&b, a, h), Some(counted));
                }
                let d = acts[(rng.next_u64() % acts.len() as u64) as usize];
                let undo = tiles.apply(&mut b, d);
                h = tiles.heuristic_after(&b, d, undo, h);
                assert_eq!(h, p.estimate_with(Heuristic::Manhattan, &b));
            }
        }
    }

    /// The lists made ready for each previous move are the board's moves in Korf's order, from
    /// its geometry, less the opposite of the previous move — on every board shape and cell.
    #[test]
    fn moves_after_a_move_leave_out_only_its_opposite() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 2), (3, 3), (3, 5), (4, 4), (5, 5)] {
            let n = rows * cols;
            for blank in 0..n {
                let mut tiles: Vec<u8> = (1..n as u8).collect();
                tiles.insert(blank, 0);
                let p = NPuzzle::new(rows, cols, &tiles, &tiles, Heuristic::Manhattan).unwrap();
                let b = p.start();
                let (r, c) = (blank / cols, blank % cols);
                let all: Vec<Dir> = Dir::ORDER
                    .into_iter()
                    .filter(|d| match d {
                        Dir::Up => r > 0,
                        Dir::Down => r + 1 < rows,
                        Dir::Left => c > 0,
                        Dir::Right => c + 1 < cols,
                    })
                    .collect();
                let dirs = |it: <NPuzzle as Problem>::Actions<'_>| -> Vec<Dir> {
                    it.map(|s| s.dir).collect()
                };
                assert_eq!(dirs(p.actions(&b)), all);
                assert_eq!(dirs(p.actions_after(&b, None, false)), all);
                assert_eq!(dirs(p.actions_after(&b, None, true)), all);
                for previous in Dir::ORDER {
                    let before = Slide {
                        dir: previous,
                        to: blank as u8,
                    };
                    let left: Vec<Dir> = all
                        .iter()
                        .copied()
                        .filter(|&d| d != previous.opposite())
                        .collect();
                    let got = dirs(p.actions_after(&b, Some(before), true));
                    assert_eq!(
                        got, left,
                        "{rows}×{cols}, blank in {blank}, after {previous:?}"
                    );
                    // Without the cycle check, every move.
                    assert_eq!(dirs(p.actions_after(&b, Some(before), false)), all);
                    for a in p.actions_after(&b, Some(before), true) {
                        assert!(!p.reverses(a, before));
                        // Every move costs 1, as `UNIT_COSTS` tells the searches.
                        assert!(NPuzzle::UNIT_COSTS && p.step_cost(&b, a) == 1);
                        assert_eq!(p.neighbour[blank][dir_index(a.dir)], a.to);
                    }
                }
            }
        }
    }

    #[test]
    fn solvability_by_parity() {
        assert!(eight(&[1, 2, 3, 4, 5, 6, 7, 8, 0]).is_solvable());
        assert!(!eight(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).is_solvable());
        assert!(eight(&[1, 2, 3, 4, 5, 6, 7, 0, 8]).is_solvable());
        // Every shuffle is solvable; a swap of two tiles makes it unsolvable.
        for seed in 0..50 {
            let p = eight(&[1, 2, 3, 4, 5, 6, 7, 8, 0]).shuffled(30, seed);
            assert!(p.is_solvable());
            let mut t = p.start_tiles();
            let (i, j) = if t[0] != 0 && t[1] != 0 {
                (0, 1)
            } else {
                (2, 3)
            };
            t.swap(i, j);
            assert!(!p.with_start(&t).unwrap().is_solvable());
        }
        // A 2 × 3 board and a blank-first goal.
        let p = NPuzzle::new(
            2,
            3,
            &[1, 2, 0, 3, 4, 5],
            &[0, 1, 2, 3, 4, 5],
            Heuristic::Manhattan,
        )
        .unwrap();
        assert!(p.is_solvable());
    }

    #[test]
    fn bad_boards_are_refused() {
        let goal = NPuzzle::standard_goal(9);
        assert!(NPuzzle::new(3, 3, &[1, 2, 3], &goal, Heuristic::Zero)
            .unwrap_err()
            .0
            .contains("3 tiles"));
        assert!(
            NPuzzle::new(3, 3, &[1, 1, 3, 4, 5, 6, 7, 8, 0], &goal, Heuristic::Zero)
                .unwrap_err()
                .0
                .contains("twice")
        );
        assert!(
            NPuzzle::new(3, 3, &[1, 9, 3, 4, 5, 6, 7, 8, 0], &goal, Heuristic::Zero)
                .unwrap_err()
                .0
                .contains("tile 9")
        );
        assert!(NPuzzle::new(6, 6, &[], &[], Heuristic::Zero).is_err());
        assert_eq!(parse_tiles("1, 2 3").unwrap(), vec![1, 2, 3]);
        assert!(parse_tiles("1 x").is_err());
        assert_eq!(square_side(16), Some(4));
        assert_eq!(square_side(12), None);
    }
}
