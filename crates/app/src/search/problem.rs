//! Which kind of problem the page searches: a typed tree or graph, a sliding-tile puzzle, the
//! blocks world or a grid; its defaults, the search that suits it, and what the worker is asked.

use super::*;
use crate::search::{GridSpec, ProblemSpec};
use arbor_puzzles::{BlocksSpec, BlocksWorld, Grid, GridHeuristic, Heuristic, NPuzzle};
use arbor_search::{graph_preset, Algorithm, Graph};

/// The coursework's blocks-world starts.
pub const BLOCKS_PRESETS: &[(&str, &str, &str)] = &[
    (
        "near",
        "Coursework start 1 (depth 3)",
        "4x4 A(2,2) B(2,3) C(1,4) @(3,3) goal A(2,2) B(2,3) C(2,4)",
    ),
    (
        "far",
        "Coursework start 2 (depth 16)",
        "4x4 A(1,2) B(1,3) C(4,3) @(2,1) goal A(2,2) B(2,3) C(2,4)",
    ),
];

/// Which kind of problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A tree or graph as text.
    Graph {
        /// The text.
        text: String,
    },
    /// A sliding-tile puzzle.
    Puzzle {
        /// Rows.
        rows: u8,
        /// Columns.
        cols: u8,
        /// Start tiles.
        tiles: Vec<u8>,
        /// Goal with the blank first (else last).
        blank_first: bool,
        /// The heuristic.
        heuristic: Heuristic,
    },
    /// The blocks world, in its text form.
    Blocks {
        /// The settings text.
        text: String,
        /// Use the heuristic.
        heuristic: bool,
    },
    /// Path-finding on a grid, in its text form.
    Grid(GridSpec),
}

/// The grid the page opens with: a wall between the start and the goal, with a gap.
pub const GRID_DEFAULT: &str = "\
....................
....................
..........#.........
..........#.........
..........#.........
...S......#......G..
..........#.........
..........#.........
..........#.........
..........#.........
....................
....................
";

impl Problem {
    /// URL name of the kind.
    pub fn kind(&self) -> &'static str {
        match self {
            Problem::Graph { .. } => "graph",
            Problem::Puzzle { .. } => "puzzle",
            Problem::Blocks { .. } => "blocks",
            Problem::Grid(_) => "grid",
        }
    }

    /// A new problem of a kind (its URL name), as the page's menu of kinds makes it, and as a
    /// link of that kind without its own problem opens.
    pub fn default_of(kind: &str) -> Problem {
        match kind {
            "puzzle" => Problem::shuffled_puzzle(3, 3, false, Heuristic::Manhattan),
            "blocks" => Problem::Blocks {
                text: BLOCKS_PRESETS[0].2.into(),
                heuristic: true,
            },
            "grid" => Problem::default_grid(),
            _ => Problem::seed_tree(),
        }
    }

    /// A puzzle of this shape and goal, 12 random moves from its goal (as the menu's 8-puzzle
    /// is): something to search, never the solved board.
    pub fn shuffled_puzzle(rows: u8, cols: u8, blank_first: bool, heuristic: Heuristic) -> Problem {
        let goal = Problem::goal_tiles(rows, cols, blank_first);
        let tiles = NPuzzle::new(rows as usize, cols as usize, &goal, &goal, heuristic)
            .map(|p| p.shuffled(12, 1).start_tiles())
            .unwrap_or(goal);
        Problem::Puzzle {
            rows,
            cols,
            tiles,
            blank_first,
            heuristic,
        }
    }

    /// Which searches suit this kind of problem, decided here only: the search the page opens
    /// it with when the link names none, and the searches that are a poor fit for it, each with
    /// why. (On the default grid iterative deepening takes 11,520 steps and IDA* 15,630 to
    /// A*'s 142.)
    fn fit(&self) -> (Algorithm, &'static [(Algorithm, &'static str)]) {
        const DEPTH_LED: &str = "is a poor fit for a grid: it reaches the same cells again and again by other paths, and depth, not distance, leads it";
        match self {
            Problem::Grid(_) => (
                Algorithm::AStar,
                &[
                    (Algorithm::DepthFirst, DEPTH_LED),
                    (Algorithm::DepthLimited, DEPTH_LED),
                    (Algorithm::IterativeDeepening, DEPTH_LED),
                    (Algorithm::IdaStar, "is a poor fit for a grid: keeping no memory of the cells it has searched, it reaches each one again by many paths, in every iteration"),
                ],
            ),
            Problem::Blocks { .. } => (
                Algorithm::IterativeDeepening,
                &[(Algorithm::Bidirectional, "cannot search the blocks world: its goal is where the blocks stand, whatever the agent's cell, so there is no goal state to search backwards from")],
            ),
            Problem::Graph { .. } | Problem::Puzzle { .. } => (Algorithm::IterativeDeepening, &[]),
        }
    }

    /// The search the page opens this problem with when the link names none.
    pub fn default_algorithm(&self) -> Algorithm {
        self.fit().0
    }

    /// Whether `algorithm` suits this problem (else a new problem of this kind brings its
    /// [`Problem::default_algorithm`]).
    pub fn suits(&self, algorithm: Algorithm) -> bool {
        self.fit().1.iter().all(|&(a, _)| a != algorithm)
    }

    /// Why `algorithm` does not suit this problem, said when the page switches from it to
    /// `switched_to`; `None` when it suits.
    pub fn misfit(&self, algorithm: Algorithm, switched_to: Algorithm) -> Option<String> {
        let own = match self {
            Problem::Grid(_) => "the grid's own search",
            Problem::Blocks { .. } => "the blocks world's own search",
            _ => "this problem's own search",
        };
        let why = self.fit().1.iter().find(|&&(a, _)| a == algorithm)?.1;
        // The name at the head of the sentence: its first letter a capital (all are ASCII).
        let mut name = search_name(algorithm).to_string();
        if let Some(first) = name.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        Some(format!(
            "{name} {why}. Switched to {}, {own}; choose another below.",
            search_name(switched_to)
        ))
    }

    /// The default grid problem (4-way, Manhattan distance).
    pub fn default_grid() -> Problem {
        Problem::Grid(GridSpec {
            text: GRID_DEFAULT.into(),
            diagonal: false,
            heuristic: GridHeuristic::Manhattan,
            inflation: 10,
            jumps: false,
        })
    }

    /// The grid of a grid problem, ready to search.
    pub fn grid(&self) -> Option<Result<Grid, String>> {
        match self {
            Problem::Grid(spec) => Some(spec.build()),
            _ => None,
        }
    }

    /// The seed 000 tree.
    pub fn seed_tree() -> Problem {
        Problem::Graph {
            text: graph_preset("seed000-tree")
                .map(|p| p.text.to_string())
                .unwrap_or_default(),
        }
    }

    /// A shuffled 8-puzzle.
    pub fn eight(moves: u32, seed: u64) -> Problem {
        let goal = NPuzzle::standard_goal(9);
        let tiles = NPuzzle::new(3, 3, &goal, &goal, Heuristic::Manhattan)
            .map(|p| p.shuffled(moves, seed).start_tiles())
            .unwrap_or(goal);
        Problem::Puzzle {
            rows: 3,
            cols: 3,
            tiles,
            blank_first: false,
            heuristic: Heuristic::Manhattan,
        }
    }

    /// The goal tiles of a puzzle.
    pub fn goal_tiles(rows: u8, cols: u8, blank_first: bool) -> Vec<u8> {
        let n = rows as usize * cols as usize;
        if blank_first {
            (0..n as u8).collect()
        } else {
            NPuzzle::standard_goal(n)
        }
    }

    /// The problem for the worker, or what is wrong with it (said before searching).
    pub fn spec(&self) -> Result<ProblemSpec, String> {
        match self {
            Problem::Graph { text } => {
                Graph::parse(text).map_err(|e| e.to_string())?;
                Ok(ProblemSpec::Graph { text: text.clone() })
            }
            Problem::Puzzle {
                rows,
                cols,
                tiles,
                blank_first,
                heuristic,
            } => {
                let goal = Problem::goal_tiles(*rows, *cols, *blank_first);
                let p = NPuzzle::new(*rows as usize, *cols as usize, tiles, &goal, *heuristic)
                    .map_err(|e| e.0)?;
                if !p.is_solvable() {
                    return Err("This puzzle is unsolvable: no sequence of moves reaches the goal. Each move swaps the blank with a tile, so the parity of the tiles' arrangement together with the blank's distance from its goal cell never changes — and here it differs from the goal's.".into());
                }
                Ok(ProblemSpec::Puzzle {
                    rows: *rows,
                    cols: *cols,
                    start: tiles.clone(),
                    goal,
                    heuristic: *heuristic,
                })
            }
            Problem::Blocks { text, heuristic } => {
                let spec = BlocksSpec::parse(text)?;
                BlocksWorld::new(&spec, *heuristic)?;
                Ok(ProblemSpec::Blocks {
                    spec,
                    heuristic: *heuristic,
                })
            }
            Problem::Grid(spec) => {
                spec.build()?;
                Ok(ProblemSpec::Grid(spec.clone()))
            }
        }
    }
}
