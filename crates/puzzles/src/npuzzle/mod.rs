//! The sliding-tile puzzle on any board of `rows × cols` cells (the 8-puzzle is 3 × 3, the
//! 15-puzzle 4 × 4), up to [`MAX_CELLS`] cells.
//!
//! Tiles are numbered 1 to `rows·cols − 1`; 0 is the blank. An action moves the blank up,
//! down, left or right (the tile there slides the other way). The goal is configurable; by
//! default the tiles are in order with the blank last.

//!
//! The parts: the puzzle, its heuristics and its boards here; `moves`, the blank's moves packed
//! for the search; `problem`, the puzzle as a search problem.

mod moves;
mod problem;

use std::fmt;
use std::sync::Arc;

use arbor_search::Problem;
use arbor_util::SplitMix64;

use crate::board::{Board, Dir, Slide, MASK, SLOTS};
use crate::pdb::PatternDb;
use moves::{dir_index, Slides, ANY_PREVIOUS};

/// Most cells on a board (5 × 5).
pub const MAX_CELLS: usize = 25;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{parse_tiles, square_side};

    /// An 8-puzzle from `start` to the usual goal, with Manhattan distance.
    pub(super) fn eight(start: &[u8]) -> NPuzzle {
        NPuzzle::new(
            3,
            3,
            start,
            &NPuzzle::standard_goal(9),
            Heuristic::Manhattan,
        )
        .unwrap()
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
