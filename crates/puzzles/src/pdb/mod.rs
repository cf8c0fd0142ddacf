//! Pattern databases for the sliding puzzle, built here by breadth-first search backwards from
//! the goal — no downloaded tables.
//!
//! - **Additive** (Korf and Felner, 2002): the tiles are split into disjoint groups; for each
//!   group a table holds, for every placement of the group's tiles, the fewest moves *of those
//!   tiles* that bring them home, the blank travelling free through the other cells. Each move
//!   moves one tile, of one group, so the sum over the groups never overestimates: an admissible
//!   heuristic never below Manhattan distance. Not always consistent: a table keeps, for each
//!   placement, the distance from the blank's nearest region, so where the group's tiles wall the
//!   blank in, one move can change the estimate by more than 1 (IDA* and A* with reopening stay
//!   optimal). The 15-puzzle's usual split is 6-6-3.
//! - **Exact** (boards of at most 9 cells): the distance of every board from the goal, the whole
//!   state space searched (181,440 solvable 8-puzzles) — the true distance as a heuristic.
//!
//! An additive table is indexed by the cells of the group's tiles, `B` bits each (`B` = the
//! bits for a cell number): `index = Σ cell(tileᵢ) << (B·i)`. Cells that two tiles cannot share
//! leave holes; in exchange the index of a child differs from its parent's by one term.
//!
//! The parts: the database and its estimates here; `build`, the tables built; `perm`,
//! permutations ranked (the exact database's index).

mod build;
mod perm;

use std::fmt;

use crate::board::{Board, SLOTS};
use perm::{rank, unrank};

/// Most tiles in one group of an additive database.
pub const MAX_GROUP: usize = 7;
/// Most cells on a board with an additive database (the 15-puzzle).
pub const MAX_PDB_CELLS: usize = 16;
/// Most cells on a board with an exact database (the 8-puzzle).
pub const MAX_EXACT_CELLS: usize = 9;
/// Largest search space (placements × blank cells, counting holes) a group may have: 2²⁸, the
/// 15-puzzle's six-tile groups (a 32 MB bit set for each of the three the build keeps).
const MAX_SPACE_BITS: u32 = 28;

/// Why a database cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdbError(pub String);

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PdbError {}

/// How far a build has got, told after each distance level of each table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BuildProgress {
    /// The table being built (0-based) and how many there are.
    pub table: usize,
    /// How many tables.
    pub tables: usize,
    /// The distance level just finished.
    pub level: u32,
    /// States (placements with a blank cell) reached so far in this table.
    pub reached: u64,
    /// States in this table's space.
    pub states: u64,
    /// The share of the whole build done, from 0 to 1 (the tables counted by their states).
    pub fraction: f64,
}

/// What one table holds (see [`PatternDb::table_stats`]).
#[derive(Clone, Debug, PartialEq)]
pub struct TableStats {
    /// Its tiles (none for an exact database).
    pub tiles: Vec<u8>,
    /// Boards (exact) or placements (additive) it holds a distance for.
    pub entries: u64,
    /// The largest distance.
    pub largest: u32,
    /// The mean distance.
    pub mean: f64,
}

/// The build was stopped by its progress callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// One group of an additive database and its table.
#[derive(Clone)]
struct Group {
    tiles: Vec<u8>,
    /// Fewest moves of the group's tiles, by placement index; `u8::MAX` for indices no
    /// placement has.
    table: Vec<u8>,
}

#[derive(Clone)]
enum Tables {
    Additive {
        groups: Vec<Group>,
        /// For each tile: its group (`u8::MAX` for the blank) and its shift in the group's index.
        group_of: [u8; SLOTS],
        shift_of: [u8; SLOTS],
        /// For each group, each tile's weight in its index: `1 << shift` for the group's own
        /// tiles, 0 for the others (`index = Σ cell · weight[tile]`, without a branch).
        weight: Vec<[u32; SLOTS]>,
    },
    /// By the rank of the board's permutation (Lehmer code); `u8::MAX` for unreachable boards.
    Exact { table: Vec<u8> },
}

/// A pattern database for one board shape and goal.
#[derive(Clone)]
pub struct PatternDb {
    rows: usize,
    cols: usize,
    goal: Vec<u8>,
    /// Bits per cell number in an additive index.
    bits: u32,
    tables: Tables,
}

impl fmt::Debug for PatternDb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "PatternDb({}×{}, {}, {} bytes)",
            self.rows,
            self.cols,
            self.describe(),
            self.bytes()
        )
    }
}

/// The usual groups for a board: for the 15-puzzle with the blank in a corner, Korf and
/// Felner's 6-6-3 (the three tiles of the blank's row, and the two 3 × 2 blocks below it);
/// otherwise the goal's tiles in reading order, in groups of at most six. `None` for boards an
/// exact database covers (at most 9 cells) or too large for additive tables (over 16).
pub fn default_groups(rows: usize, cols: usize, goal: &[u8]) -> Option<Vec<Vec<u8>>> {
    let n = rows * cols;
    if n <= MAX_EXACT_CELLS || n > MAX_PDB_CELLS || goal.len() != n {
        return None;
    }
    let blank = goal.iter().position(|&t| t == 0)?;
    let corner = |r: usize, c: usize| {
        let r = if blank / cols == 0 { r } else { rows - 1 - r };
        let c = if blank % cols == 0 { c } else { cols - 1 - c };
        goal[r * cols + c]
    };
    let in_corner = (blank / cols == 0 || blank / cols == rows - 1)
        && (blank % cols == 0 || blank % cols == cols - 1);
    if rows == 4 && cols == 4 && in_corner {
        let top: Vec<u8> = (1..4).map(|c| corner(0, c)).collect();
        let block = |c0: usize| -> Vec<u8> {
            let mut tiles: Vec<u8> = (1..4)
                .flat_map(|r| (c0..c0 + 2).map(move |c| (r, c)))
                .map(|(r, c)| corner(r, c))
                .collect();
            tiles.sort_unstable();
            tiles
        };
        let mut top = top;
        top.sort_unstable();
        return Some(vec![block(0), block(2), top]);
    }
    let tiles: Vec<u8> = goal.iter().copied().filter(|&t| t != 0).collect();
    let count = tiles.len().div_ceil(6);
    let per = tiles.len().div_ceil(count);
    Some(tiles.chunks(per).map(<[u8]>::to_vec).collect())
}

impl PatternDb {
    /// What [`PatternDb::standard`] builds for a board, in the words of
    /// [`PatternDb::describe`]: "exact", or the group sizes such as "6-6-3".
    pub fn standard_name(rows: usize, cols: usize, goal: &[u8]) -> String {
        match default_groups(rows, cols, goal) {
            Some(groups) => group_sizes(groups.iter().map(Vec::len)),
            None => "exact".into(),
        }
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The goal the tables measure distance to.
    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    /// The groups of tiles (none for an exact database).
    pub fn groups(&self) -> Vec<Vec<u8>> {
        match &self.tables {
            Tables::Additive { groups, .. } => groups.iter().map(|g| g.tiles.clone()).collect(),
            Tables::Exact { .. } => Vec::new(),
        }
    }

    /// True for an exact database.
    pub fn is_exact(&self) -> bool {
        matches!(self.tables, Tables::Exact { .. })
    }

    /// "exact" or the group sizes, e.g. "6-6-3".
    pub fn describe(&self) -> String {
        match &self.tables {
            Tables::Exact { .. } => "exact".into(),
            Tables::Additive { groups, .. } => group_sizes(groups.iter().map(|g| g.tiles.len())),
        }
    }

    /// Each table's tiles (none: exact), how many boards or placements it holds, and its
    /// largest and mean value over them.
    pub fn table_stats(&self) -> Vec<TableStats> {
        let stats = |tiles: Vec<u8>, table: &[u8]| {
            let (mut entries, mut sum, mut largest) = (0u64, 0u64, 0u8);
            for &v in table.iter().filter(|&&v| v != u8::MAX) {
                entries += 1;
                sum += u64::from(v);
                largest = largest.max(v);
            }
            TableStats {
                tiles,
                entries,
                largest: u32::from(largest),
                mean: sum as f64 / entries.max(1) as f64,
            }
        };
        match &self.tables {
            Tables::Exact { table } => vec![stats(Vec::new(), table)],
            Tables::Additive { groups, .. } => groups
                .iter()
                .map(|g| stats(g.tiles.clone(), &g.table))
                .collect(),
        }
    }

    /// An exact database's boards, by their distance from the goal (each as its rank; see
    /// [`PatternDb::board_of_rank`]). Empty for an additive database.
    pub fn ranks_by_distance(&self) -> Vec<Vec<u32>> {
        let mut out: Vec<Vec<u32>> = Vec::new();
        if let Tables::Exact { table } = &self.tables {
            for (r, &d) in table.iter().enumerate() {
                if d != u8::MAX {
                    if out.len() <= d as usize {
                        out.resize(d as usize + 1, Vec::new());
                    }
                    out[d as usize].push(r as u32);
                }
            }
        }
        out
    }

    /// The board (tiles, row-major) of a rank from [`PatternDb::ranks_by_distance`].
    pub fn board_of_rank(&self, rank: u32) -> Vec<u8> {
        let mut tiles = vec![0u8; self.rows * self.cols];
        unrank(rank as usize, &mut tiles);
        tiles
    }

    /// Bytes the tables take.
    pub fn bytes(&self) -> usize {
        match &self.tables {
            Tables::Exact { table } => table.len(),
            Tables::Additive { groups, .. } => groups.iter().map(|g| g.table.len()).sum(),
        }
    }

    /// The database's estimate for a board given as tiles (row-major, 0 the blank), with each
    /// group's share; `None` if the board is not one of this database's shape or is not
    /// reachable from its goal.
    pub fn value(&self, tiles: &[u8]) -> Option<u32> {
        self.shares(tiles).map(|s| s.iter().sum())
    }

    /// Each group's share of the estimate for a board (one number for an exact database).
    pub fn shares(&self, tiles: &[u8]) -> Option<Vec<u32>> {
        let n = self.rows * self.cols;
        if tiles.len() != n {
            return None;
        }
        let mut seen = [false; SLOTS];
        for &t in tiles {
            if t as usize >= n || seen[t as usize] {
                return None;
            }
            seen[t as usize] = true;
        }
        match &self.tables {
            Tables::Exact { table } => {
                let v = table[rank(tiles)];
                (v != u8::MAX).then(|| vec![u32::from(v)])
            }
            Tables::Additive { groups, .. } => {
                let mut index = vec![0usize; groups.len()];
                self.indices(tiles, &mut index);
                let shares: Vec<u32> = groups
                    .iter()
                    .zip(&index)
                    .map(|(g, &i)| u32::from(g.table[i]))
                    .collect();
                shares
                    .iter()
                    .all(|&s| s != u32::from(u8::MAX))
                    .then_some(shares)
            }
        }
    }

    fn indices(&self, tiles: &[u8], index: &mut [usize]) {
        if let Tables::Additive {
            group_of, shift_of, ..
        } = &self.tables
        {
            for (cell, &t) in tiles.iter().enumerate() {
                let g = group_of[t as usize & (SLOTS - 1)];
                if g != u8::MAX {
                    index[g as usize] |= cell << shift_of[t as usize & (SLOTS - 1)];
                }
            }
        }
    }

    /// The estimate for a board (of this database's puzzle).
    #[inline]
    pub(crate) fn estimate(&self, board: &Board) -> u32 {
        let n = self.rows * self.cols;
        match &self.tables {
            Tables::Exact { table } => u32::from(table[rank(board.tiles(n))]),
            Tables::Additive { groups, .. } => {
                let mut index = [0usize; SLOTS];
                self.indices(board.tiles(n), &mut index[..groups.len()]);
                groups
                    .iter()
                    .zip(index)
                    .map(|(g, i)| u32::from(g.table[i]))
                    .sum()
            }
        }
    }

    /// The estimate after the tile in cell `to` slides into the blank's cell `from`, for a
    /// board whose estimate is `h` (the board before the move). Only the moving tile's group
    /// changes, by one term of its index.
    #[inline]
    pub(crate) fn estimate_after_slide(&self, board: &Board, to: usize, h: u32) -> u32 {
        match &self.tables {
            Tables::Exact { .. } => {
                let mut child = *board;
                child.slide(to);
                self.estimate(&child)
            }
            Tables::Additive {
                groups,
                group_of,
                shift_of,
                weight,
            } => {
                let n = self.rows * self.cols;
                let from = board.blank();
                let tile = board.tiles(n)[to] as usize & (SLOTS - 1);
                let g = group_of[tile] as usize;
                let shift = shift_of[tile];
                let weight = &weight[g];
                let mut index = 0u32;
                for (cell, &t) in board.tiles(n).iter().enumerate() {
                    index += cell as u32 * weight[t as usize & (SLOTS - 1)];
                }
                let index = index as usize;
                let table = &groups[g].table;
                let cell_mask = (1usize << self.bits) - 1;
                let child = (index & !(cell_mask << shift)) | (from << shift);
                h + u32::from(table[child]) - u32::from(table[index])
            }
        }
    }
}

/// Group sizes as "6-6-3".
fn group_sizes(sizes: impl Iterator<Item = usize>) -> String {
    sizes.map(|n| n.to_string()).collect::<Vec<_>>().join("-")
}

/// Bits for a cell number on a board of `n` cells.
fn cell_bits(n: usize) -> u32 {
    usize::BITS - (n - 1).leading_zeros()
}

#[cfg(test)]
mod tests {
    use super::perm::factorial;
    use super::*;
    use crate::npuzzle::{Heuristic, NPuzzle};
    use std::sync::Arc;

    use arbor_search::Problem;
    use arbor_util::SplitMix64;

    fn eight_goal() -> Vec<u8> {
        NPuzzle::standard_goal(9)
    }

    /// Every neighbour of every solvable 8-puzzle board, by walking the whole space.
    fn all_eights(db: &PatternDb) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let mut tiles = [0u8; 9];
        for r in 0..factorial(9) {
            unrank(r, &mut tiles);
            if db.value(&tiles).is_some() {
                out.push(tiles.to_vec());
            }
        }
        out
    }

    #[test]
    fn the_exact_eight_puzzle_database_has_the_known_depth_counts() {
        let db = PatternDb::exact(3, 3, &eight_goal(), &mut |_| true).unwrap();
        let mut counts = [0u32; 32];
        let boards = all_eights(&db);
        for b in &boards {
            counts[db.value(b).unwrap() as usize] += 1;
        }
        // The boards at each distance from the goal with the blank in a corner (OEIS A089473).
        let known = [
            1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638,
            9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
        ];
        assert_eq!(counts, known);
        assert_eq!(boards.len(), 181_440);
    }

    #[test]
    fn an_additive_database_is_admissible_and_above_manhattan_but_not_always_consistent() {
        let goal = eight_goal();
        let exact = PatternDb::exact(3, 3, &goal, &mut |_| true).unwrap();
        let groups = [vec![1, 2, 3, 4], vec![5, 6, 7, 8]];
        let db = PatternDb::additive(3, 3, &goal, &groups, &mut |_| true).unwrap();
        assert_eq!(db.describe(), "4-4");
        let base = NPuzzle::new(3, 3, &goal, &goal, Heuristic::Manhattan).unwrap();
        let (mut strictly_better, mut jumps) = (0, 0);
        for tiles in all_eights(&exact) {
            let p = base.with_start(&tiles).unwrap();
            let h = db.value(&tiles).unwrap();
            let manhattan = p.estimate_with(Heuristic::Manhattan, &p.start());
            let truth = exact.value(&tiles).unwrap();
            assert!(
                manhattan <= h && h <= truth,
                "{tiles:?}: {manhattan} {h} {truth}"
            );
            strictly_better += u32::from(h > manhattan);
            // Consistent: a move changes it by at most 1.
            let b = p.start();
            for a in p.actions(&b) {
                let child = p.result(&b, a);
                let hc = db.value(child.tiles(9)).unwrap();
                jumps += u32::from(h.abs_diff(hc) > 1);
            }
        }
        assert!(strictly_better > 10_000, "{strictly_better}");
        // Not consistent: with the blank walled in by a group's tiles, one move can change the
        // estimate by more than 1 (the table keeps the nearest blank region's distance).
        // [0, 1, 2, 4, 3, 5, 6, 8, 7] is 18 for this database; sliding the 1 left makes it 15.
        assert!(jumps > 0);
        let h = |t: &[u8]| db.value(t).unwrap();
        assert_eq!(h(&[0, 1, 2, 4, 3, 5, 6, 8, 7]), 18);
        assert_eq!(h(&[1, 0, 2, 4, 3, 5, 6, 8, 7]), 15);
    }

    #[test]
    fn incremental_estimates_equal_full_ones() {
        let goal: Vec<u8> = (0..16).collect();
        // Small groups, quick to build, for a 15-puzzle.
        let groups: Vec<Vec<u8>> = vec![
            vec![1, 2, 3, 4, 5],
            vec![6, 7, 8, 9, 10],
            (11..16).collect(),
        ];
        let db = Arc::new(PatternDb::additive(4, 4, &goal, &groups, &mut |_| true).unwrap());
        let eight = Arc::new(PatternDb::exact(3, 3, &eight_goal(), &mut |_| true).unwrap());
        for (p, db) in [
            (
                NPuzzle::new(4, 4, &goal, &goal, Heuristic::Manhattan).unwrap(),
                db,
            ),
            (
                NPuzzle::new(3, 3, &eight_goal(), &eight_goal(), Heuristic::Manhattan).unwrap(),
                eight,
            ),
        ] {
            let p = p.with_pdb(db).unwrap().shuffled(80, 5);
            assert_eq!(p.heuristic_kind(), Heuristic::Pdb);
            let mut b = p.start();
            let mut h = p.heuristic(&b);
            let mut rng = SplitMix64(9);
            for _ in 0..2_000 {
                let acts: Vec<_> = p.actions(&b).collect();
                for &a in &acts {
                    let child = p.result(&b, a);
                    assert_eq!(p.heuristic_before(&b, a, h), Some(p.heuristic(&child)));
                }
                let a = acts[(rng.next_u64() % acts.len() as u64) as usize];
                let u = p.apply(&mut b, a);
                h = p.heuristic_after(&b, a, u, h);
                assert_eq!(h, p.heuristic(&b));
                assert_eq!(h == 0, p.is_goal(&b));
            }
        }
    }

    #[test]
    fn a_database_only_fits_its_own_puzzle() {
        let db = Arc::new(PatternDb::exact(3, 3, &eight_goal(), &mut |_| true).unwrap());
        let other_goal: Vec<u8> = (0..9).collect();
        let p = NPuzzle::new(3, 3, &other_goal, &other_goal, Heuristic::Manhattan).unwrap();
        assert!(p.with_pdb(db).unwrap_err().0.contains("not this puzzle"));
        assert!(NPuzzle::new(3, 3, &other_goal, &other_goal, Heuristic::Pdb).is_err());
        // Asked for without a database, the heuristic stays.
        assert_eq!(
            p.with_heuristic(Heuristic::Pdb).heuristic_kind(),
            Heuristic::Manhattan
        );
    }

    #[test]
    fn default_groups_are_korf_and_felners_six_six_three() {
        let goal: Vec<u8> = (0..16).collect();
        assert_eq!(
            default_groups(4, 4, &goal).unwrap(),
            vec![
                vec![4, 5, 8, 9, 12, 13],
                vec![6, 7, 10, 11, 14, 15],
                vec![1, 2, 3]
            ]
        );
        // The blank last: the same shape turned round.
        let goal: Vec<u8> = (1..16).chain([0]).collect();
        assert_eq!(
            default_groups(4, 4, &goal).unwrap(),
            vec![
                vec![3, 4, 7, 8, 11, 12],
                vec![1, 2, 5, 6, 9, 10],
                vec![13, 14, 15]
            ]
        );
        // 3 × 4: eleven tiles in reading order, 6 and 5.
        let goal: Vec<u8> = (1..12).chain([0]).collect();
        let groups = default_groups(3, 4, &goal).unwrap();
        assert_eq!(groups.iter().map(Vec::len).collect::<Vec<_>>(), [6, 5]);
        assert_eq!(default_groups(3, 3, &[0; 9]), None);
    }
}
