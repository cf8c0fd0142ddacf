//! The textbook's comparison of heuristics on the 8-puzzle (Russell and Norvig, Figure 3.29):
//! for each solution depth, the mean nodes generated and the effective branching factor b* of
//! iterative deepening and of A* with each heuristic, over random puzzles of exactly that depth.
//!
//! Puzzles are drawn uniformly (with replacement) from all the boards exactly `d` moves from the
//! goal, which the exact database lists. Nodes are those generated besides the start (the N of
//! N + 1 = 1 + b* + … + (b*)^d); b* is computed from the mean.

use std::sync::Arc;

use arbor_search::{effective_branching_factor, search, Algorithm, Budget, Mode, Options, Quiet};
use arbor_util::SplitMix64;
use serde::{Deserialize, Serialize};

use crate::npuzzle::{Heuristic, NPuzzle};
use crate::pdb::PatternDb;

/// A column: a search and its heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Column {
    /// Iterative deepening as the textbook ran it: tree search without cycle checks (a move
    /// straight back is generated too).
    Ids,
    /// A* (graph search) with misplaced tiles (the textbook's h₁).
    Misplaced,
    /// A* with Manhattan distance (h₂).
    Manhattan,
    /// A* with linear conflicts.
    LinearConflict,
    /// A* with an additive pattern database, tiles 1–4 and 5–8.
    Pdb,
    /// A* with the true distance (the exact database): the perfect heuristic.
    Exact,
}

impl Column {
    /// Every column, in the table's order.
    pub const ALL: [Column; 6] = [
        Column::Ids,
        Column::Misplaced,
        Column::Manhattan,
        Column::LinearConflict,
        Column::Pdb,
        Column::Exact,
    ];

    /// Its heading.
    pub fn title(self) -> &'static str {
        match self {
            Column::Ids => "IDS",
            Column::Misplaced => "A* misplaced tiles",
            Column::Manhattan => "A* Manhattan",
            Column::LinearConflict => "A* linear conflict",
            Column::Pdb => "A* pattern database 4-4",
            Column::Exact => "A* true distance",
        }
    }
}

/// What to measure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSpec {
    /// The solution depths (rows).
    pub depths: Vec<u32>,
    /// Puzzles per depth.
    pub per_depth: u32,
    /// Iterative deepening only up to this depth (it takes millions of nodes by depth 14).
    pub ids_max_depth: u32,
    /// The seed the puzzles are drawn with.
    pub seed: u64,
}

impl Default for TableSpec {
    /// The textbook's rows: depths 2, 4, …, 24; 100 puzzles each; IDS to depth 12.
    fn default() -> Self {
        TableSpec {
            depths: (1..=12).map(|i| 2 * i).collect(),
            per_depth: 100,
            ids_max_depth: 12,
            seed: 1,
        }
    }
}

/// One column's figures in a row.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    /// Mean nodes generated besides the start.
    pub nodes: f64,
    /// The effective branching factor for that mean.
    pub bstar: Option<f64>,
}

/// A row: a depth, and each column's figures (`None` where the column was not run).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The solution depth.
    pub depth: u32,
    /// Puzzles averaged.
    pub puzzles: u32,
    /// By [`Column::ALL`].
    pub cells: Vec<Option<Cell>>,
}

/// The 8-puzzle's databases, built once for the whole table.
pub struct HeuristicTable {
    base: NPuzzle,
    exact: Arc<PatternDb>,
    additive: Arc<PatternDb>,
    by_distance: Vec<Vec<u32>>,
}

impl Default for HeuristicTable {
    fn default() -> Self {
        Self::new()
    }
}

impl HeuristicTable {
    /// Builds the exact and the 4-4 databases for the 8-puzzle (the blank last in the goal).
    pub fn new() -> HeuristicTable {
        let goal = NPuzzle::standard_goal(9);
        let never = &mut |_| true;
        // Both builds are of fixed, valid shapes: they cannot fail.
        let exact = PatternDb::exact(3, 3, &goal, never).expect("the 8-puzzle's exact table");
        let additive =
            PatternDb::additive(3, 3, &goal, &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]], never)
                .expect("the 8-puzzle's 4-4 tables");
        HeuristicTable {
            base: NPuzzle::new(3, 3, &goal, &goal, Heuristic::Manhattan).expect("the 8-puzzle"),
            by_distance: exact.ranks_by_distance(),
            exact: Arc::new(exact),
            additive: Arc::new(additive),
        }
    }

    /// The deepest 8-puzzle (31 moves).
    pub fn deepest(&self) -> u32 {
        self.by_distance.len() as u32 - 1
    }

    /// How many 8-puzzles are exactly `depth` moves from the goal (the row draws its puzzles
    /// from them, with replacement).
    pub fn boards_at(&self, depth: u32) -> usize {
        self.boards(depth).len()
    }

    /// The ranks of the 8-puzzles exactly `depth` moves from the goal (none at depth 0: the
    /// table starts at 1).
    fn boards(&self, depth: u32) -> &[u32] {
        match self.by_distance.get(depth as usize) {
            Some(b) if depth > 0 => b,
            _ => &[],
        }
    }

    /// One row: `per_depth` random puzzles of exactly `depth` moves, every column run on each.
    /// `progress` is told after each puzzle. A depth no puzzle has gives a row of no puzzles.
    pub fn row(&self, depth: u32, spec: &TableSpec, progress: &mut dyn FnMut(u32)) -> Row {
        let boards = self.boards(depth);
        if boards.is_empty() {
            return Row {
                depth,
                puzzles: 0,
                cells: vec![None; Column::ALL.len()],
            };
        }
        let mut rng = SplitMix64(spec.seed ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut sums = [0u64; Column::ALL.len()];
        for done in 0..spec.per_depth {
            let rank = boards[(rng.next_u64() % boards.len() as u64) as usize];
            let start = self.exact.board_of_rank(rank);
            let Ok(p) = self.base.with_start(&start) else {
                continue;
            };
            for (i, column) in Column::ALL.into_iter().enumerate() {
                if column == Column::Ids && depth > spec.ids_max_depth {
                    continue;
                }
                let (puzzle, algorithm, mode) = match column {
                    Column::Ids => (p.clone(), Algorithm::IterativeDeepening, Mode::Tree),
                    Column::Misplaced => (
                        p.with_heuristic(Heuristic::Misplaced),
                        Algorithm::AStar,
                        Mode::Graph,
                    ),
                    Column::Manhattan => (p.clone(), Algorithm::AStar, Mode::Graph),
                    Column::LinearConflict => (
                        p.with_heuristic(Heuristic::LinearConflict),
                        Algorithm::AStar,
                        Mode::Graph,
                    ),
                    Column::Pdb | Column::Exact => {
                        let db = if column == Column::Pdb {
                            &self.additive
                        } else {
                            &self.exact
                        };
                        match p.with_pdb(db.clone()) {
                            Ok(q) => (q, Algorithm::AStar, Mode::Graph),
                            Err(_) => continue,
                        }
                    }
                };
                let mut options = Options::new(algorithm).mode(mode);
                options.cycle_check = column != Column::Ids;
                let out = search(&puzzle, &options, &Budget::unlimited(), &mut Quiet);
                debug_assert_eq!(
                    out.solution.map(|s| s.cost),
                    Some(u64::from(depth)),
                    "{column:?}"
                );
                sums[i] += out.stats.generated.saturating_sub(1);
            }
            progress(done + 1);
        }
        let n = spec.per_depth.max(1) as f64;
        Row {
            depth,
            puzzles: spec.per_depth,
            cells: Column::ALL
                .into_iter()
                .zip(sums)
                .map(|(column, sum)| {
                    (column != Column::Ids || depth <= spec.ids_max_depth).then(|| {
                        let nodes = sum as f64 / n;
                        Cell {
                            nodes,
                            bstar: effective_branching_factor(nodes, depth),
                        }
                    })
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn better_heuristics_generate_fewer_nodes_and_every_search_finds_the_depth() {
        let table = HeuristicTable::new();
        assert_eq!(table.deepest(), 31);
        let spec = TableSpec {
            depths: vec![4, 10, 16],
            per_depth: 12,
            ids_max_depth: 10,
            seed: 3,
        };
        for &d in &spec.depths {
            let row = table.row(d, &spec, &mut |_| {});
            assert_eq!(row.puzzles, 12);
            let nodes = |c: Column| {
                let i = Column::ALL.iter().position(|&x| x == c).unwrap();
                row.cells[i].map(|c| c.nodes)
            };
            assert_eq!(nodes(Column::Ids).is_some(), d <= 10);
            // Misplaced ≥ Manhattan ≥ linear conflict ≥ true distance, in nodes: each heuristic
            // dominates the one before, so A* expands no more (up to ties, and here by far).
            let m = nodes(Column::Misplaced).unwrap();
            let h2 = nodes(Column::Manhattan).unwrap();
            let exact = nodes(Column::Exact).unwrap();
            assert!(m >= h2 && h2 >= exact, "depth {d}: {m} {h2} {exact}");
            if let Some(ids) = nodes(Column::Ids) {
                assert!(ids >= m);
            }
            // The true distance leads straight down: at most three children a move.
            assert!(exact <= 3.0 * f64::from(d), "{exact}");
            let b = row.cells[2].unwrap().bstar.unwrap();
            assert!(b > 1.0 && b < 3.0);
        }
        // No 8-puzzle is 32 moves away.
        assert_eq!(table.row(32, &spec, &mut |_| {}).puzzles, 0);
    }
}
