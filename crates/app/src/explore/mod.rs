//! The search visualiser's model, pure and tested natively: what to search (settings, read from
//! and written to the URL), the problem the worker is asked to solve, and what each drawn node
//! of the search tree shows at a step.

pub mod caption;
pub mod heuristic_note;
pub mod line;
pub mod tree_scene;

use std::rc::Rc;

use arbor_puzzles::{BlocksSpec, BlocksWorld, Grid, GridHeuristic, Heuristic, NPuzzle};
use arbor_search::replay::{SearchFrame, SearchReplay, Seen};
use arbor_search::{graph_preset, Algorithm, Graph, Mode, Options, TieBreak, GRAPH_PRESETS};

use crate::route::Route;
use crate::worker_api::{GridSpec, ProblemSpec, SearchView, StateView};

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

/// Everything the visualiser shows; all of it lives in the URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The problem.
    pub problem: Problem,
    /// The search.
    pub algorithm: Algorithm,
    /// Tree or graph search.
    pub mode: Mode,
    /// Depth-first searches: skip moves back onto the current path.
    pub cycle_check: bool,
    /// Depth limit (depth-limited search; the deepest iteration of iterative deepening).
    pub depth: Option<u32>,
    /// Uniform cost, greedy and A*: the order of nodes of equal priority. In the URL only
    /// when it is not the algorithm's usual rule ([`TieBreak::usual`]).
    pub tie: TieBreak,
    /// The step shown.
    pub step: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            problem: Problem::seed_tree(),
            algorithm: Algorithm::IterativeDeepening,
            mode: Mode::Graph,
            cycle_check: true,
            depth: None,
            tie: TieBreak::usual(Algorithm::IterativeDeepening),
            step: 0,
        }
    }
}

fn heuristic_from(key: &str) -> Option<Heuristic> {
    Heuristic::ALL.into_iter().find(|h| h.key() == key)
}

impl Settings {
    /// Whether a depth limit applies: always to depth-limited search and iterative deepening,
    /// to depth-first search when one is set.
    pub fn limited(&self) -> bool {
        matches!(
            self.algorithm,
            Algorithm::DepthLimited | Algorithm::IterativeDeepening
        ) || (self.algorithm == Algorithm::DepthFirst && self.depth.is_some())
    }

    /// Whether the tree/graph choice applies (IDA* keeps only its path, so it is always a
    /// tree search).
    pub fn mode_applies(&self) -> bool {
        self.algorithm != Algorithm::IdaStar
    }

    /// Whether the check against moving back onto the current path applies: in tree search
    /// (graph search's explored set already holds the path) and to IDA*.
    pub fn cycle_check_applies(&self) -> bool {
        self.algorithm == Algorithm::IdaStar
            || (self.mode == Mode::Tree
                && matches!(
                    self.algorithm,
                    Algorithm::DepthFirst | Algorithm::DepthLimited | Algorithm::IterativeDeepening
                ))
    }

    /// Whether the tie rule applies (uniform cost, greedy and A* order a frontier by priority).
    pub fn tie_applies(&self) -> bool {
        TieBreak::applies_to(self.algorithm)
    }

    /// Another search: a tie rule left at the old search's usual one becomes the new one's.
    pub fn set_algorithm(&mut self, algorithm: Algorithm) {
        if self.tie == TieBreak::usual(self.algorithm) {
            self.tie = TieBreak::usual(algorithm);
        }
        self.algorithm = algorithm;
    }

    /// The search options.
    pub fn options(&self) -> Options {
        Options {
            algorithm: self.algorithm,
            mode: self.mode,
            cycle_check: self.cycle_check,
            depth_limit: match self.algorithm {
                Algorithm::DepthLimited => Some(self.depth.unwrap_or(3)),
                _ => self.depth,
            },
            tie: self.tie,
        }
    }

    /// Reads the settings from a route, keeping defaults for what is missing or wrong and
    /// saying what was wrong.
    pub fn from_route(route: &Route) -> (Settings, Vec<String>) {
        let mut s = Settings::default();
        let mut warnings = Vec::new();
        match route.get("problem").unwrap_or("graph") {
            "graph" => {
                if let Some(id) = route.get("preset") {
                    match graph_preset(id) {
                        Some(p) => {
                            s.problem = Problem::Graph {
                                text: p.text.into(),
                            }
                        }
                        None => warnings.push(format!("There is no example called “{id}”.")),
                    }
                }
                if let Some(text) = route.get("text") {
                    s.problem = Problem::Graph { text: text.into() };
                }
            }
            "puzzle" => {
                let (rows, cols) = route
                    .get("size")
                    .and_then(|v| v.split_once('x'))
                    .and_then(|(r, c)| Some((r.parse::<u8>().ok()?, c.parse::<u8>().ok()?)))
                    .unwrap_or((3, 3));
                let tiles: Option<Vec<u8>> = route
                    .get("tiles")
                    .map(|t| {
                        t.split(',')
                            .map(|x| x.trim().parse::<u8>())
                            .collect::<Result<_, _>>()
                            .ok()
                    })
                    .unwrap_or(None);
                let heuristic = match route.get("h") {
                    Some(h) => heuristic_from(h).unwrap_or_else(|| {
                        warnings.push(format!(
                            "Unknown heuristic “{h}”; using Manhattan distance."
                        ));
                        Heuristic::Manhattan
                    }),
                    None => Heuristic::Manhattan,
                };
                let blank_first = route.get("goal") == Some("first");
                s.problem = match tiles {
                    Some(tiles) => Problem::Puzzle {
                        rows,
                        cols,
                        tiles,
                        blank_first,
                        heuristic,
                    },
                    // No tiles: the puzzle the menu opens, of the link's shape and goal — a
                    // solved board only when the link gives its tiles.
                    None => {
                        if route.get("tiles").is_some() {
                            warnings.push("The puzzle's tiles in the link are not a list of numbers; showing a puzzle 12 moves from the goal.".into());
                        }
                        Problem::shuffled_puzzle(rows, cols, blank_first, heuristic)
                    }
                };
            }
            "grid" => {
                let heuristic = match route.get("h") {
                    Some(h) => GridHeuristic::from_key(h).unwrap_or_else(|| {
                        warnings.push(format!(
                            "Unknown grid heuristic “{h}” (manhattan, octile, euclidean, chebyshev, zero); using Manhattan distance."
                        ));
                        GridHeuristic::Manhattan
                    }),
                    None => GridHeuristic::Manhattan,
                };
                let diagonal = match route.get("moves") {
                    Some("8") => true,
                    Some("4") | None => false,
                    Some(other) => {
                        warnings.push(format!("Moves “{other}” are not 4 or 8; using 4."));
                        false
                    }
                };
                let inflation = match route.get("w") {
                    None => 10,
                    Some(w) => match parse_inflation(w) {
                        Some(t) => t,
                        None => {
                            warnings.push(format!(
                                "The weight w “{w}” is not a number from 1 to 5 (one decimal); using 1."
                            ));
                            10
                        }
                    },
                };
                // Rows as the editor writes them: each ends with a line break.
                let mut text = route.get("grid").unwrap_or(GRID_DEFAULT).replace('/', "\n");
                if !text.ends_with('\n') {
                    text.push('\n');
                }
                let mut problem = Problem::Grid(GridSpec {
                    text,
                    diagonal,
                    heuristic,
                    inflation,
                    jumps: route.get("jps") == Some("1"),
                });
                if let (Some(Err(e)), Problem::Grid(spec)) = (problem.grid(), &problem) {
                    // Jump Point Search that does not apply is turned off; the grid is kept.
                    let without = Problem::Grid(GridSpec {
                        jumps: false,
                        ..spec.clone()
                    });
                    if spec.jumps && matches!(without.grid(), Some(Ok(_))) {
                        warnings.push(format!("{e}; Jump Point Search is off."));
                        problem = without;
                    } else {
                        warnings.push(format!(
                            "The link's grid cannot be searched: {e}. Showing the default grid."
                        ));
                        problem = Problem::default_grid();
                    }
                }
                s.problem = problem;
            }
            "blocks" => {
                s.problem = Problem::Blocks {
                    text: route
                        .get("blocks")
                        .unwrap_or(BLOCKS_PRESETS[0].2)
                        .to_string(),
                    heuristic: route.get("h") != Some("zero"),
                };
            }
            other => warnings.push(format!(
                "Unknown problem kind “{other}”; showing the iterative-deepening tree."
            )),
        }
        s.algorithm = s.problem.default_algorithm();
        if let Some(a) = route.get("algo") {
            match Algorithm::from_key(a) {
                Some(a) => s.algorithm = a,
                None => warnings.push(format!(
                    "Unknown search “{a}”; using {}.",
                    search_name(s.algorithm)
                )),
            }
        }
        s.tie = TieBreak::usual(s.algorithm);
        if let Some(t) = route.get("tie") {
            match TieBreak::from_key(t) {
                Some(t) => s.tie = t,
                None => warnings.push(format!(
                    "Unknown tie rule “{t}” (the rules are {}); using {}.",
                    TieBreak::ALL.map(TieBreak::key).join(", "),
                    s.tie.title()
                )),
            }
        }
        match route.get("mode") {
            Some("tree") => s.mode = Mode::Tree,
            Some("graph") | None => {}
            Some(other) => warnings.push(format!("Unknown mode “{other}”; using graph search.")),
        }
        s.cycle_check = route.get("cycles") != Some("allow");
        if let Some(d) = route.get("depth") {
            match d.parse::<u32>() {
                Ok(d) if d <= 200 => s.depth = Some(d),
                _ => warnings.push(format!(
                    "The depth limit “{d}” is not a number from 0 to 200."
                )),
            }
        }
        if let Some(k) = route.get("step") {
            match k.parse() {
                Ok(k) => s.step = k,
                Err(_) => {
                    warnings.push(format!("The step “{k}” is not a step number (0, 1, 2, …)."))
                }
            }
        }
        (s, warnings)
    }

    /// Writes the settings into a route.
    pub fn to_route(&self, route: &mut Route) {
        route.query.clear();
        route.set("problem", self.problem.kind());
        match &self.problem {
            Problem::Graph { text } => match GRAPH_PRESETS.iter().find(|p| p.text == text) {
                Some(p) => route.set("preset", p.id),
                None => route.set("text", text.clone()),
            },
            Problem::Puzzle {
                rows,
                cols,
                tiles,
                blank_first,
                heuristic,
            } => {
                route.set("size", format!("{rows}x{cols}"));
                route.set(
                    "tiles",
                    tiles
                        .iter()
                        .map(|t| t.to_string())
                        .collect::<Vec<_>>()
                        .join(","),
                );
                if *blank_first {
                    route.set("goal", "first");
                }
                route.set("h", heuristic.key());
            }
            Problem::Blocks { text, heuristic } => {
                route.set("blocks", text.clone());
                if !heuristic {
                    route.set("h", "zero");
                }
            }
            Problem::Grid(GridSpec {
                text,
                diagonal,
                heuristic,
                inflation,
                jumps,
            }) => {
                // Rows joined by '/', which the grid's text never holds: short and readable.
                route.set("grid", text.trim_end().replace('\n', "/"));
                route.set("moves", if *diagonal { "8" } else { "4" });
                route.set("h", heuristic.key());
                if *inflation != 10 {
                    route.set("w", format!("{}.{}", inflation / 10, inflation % 10));
                }
                if *jumps {
                    route.set("jps", "1");
                }
            }
        }
        route.set("algo", self.algorithm.key());
        if self.mode == Mode::Tree {
            route.set("mode", "tree");
        }
        if !self.cycle_check {
            route.set("cycles", "allow");
        }
        if let Some(d) = self.depth {
            route.set("depth", d.to_string());
        }
        if self.tie != TieBreak::usual(self.algorithm) {
            route.set("tie", self.tie.key());
        }
        if self.step > 0 {
            route.set("step", self.step.to_string());
        }
    }
}

/// What a search-tree node shows in a picture.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Picture {
    /// Nothing (not generated).
    #[default]
    None,
    /// A name.
    Name(Rc<str>),
    /// Puzzle tiles.
    Tiles {
        /// Columns.
        cols: u8,
        /// Tiles, row-major.
        tiles: Rc<[u8]>,
    },
    /// A blocks-world grid.
    Blocks {
        /// Columns.
        width: u8,
        /// Rows.
        height: u8,
        /// The agent's cell.
        agent: u8,
        /// Each block's cell, in letter order.
        blocks: Rc<[u8]>,
        /// Each block's letter.
        names: Rc<[char]>,
        /// Blocked cells.
        walls: Rc<[u8]>,
    },
}

/// A blocks-world grid's fixed parts: width, height, block letters, blocked cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridShape {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// Block letters, in order.
    pub names: Rc<[char]>,
    /// Blocked cells.
    pub walls: Rc<[u8]>,
}

/// How the visualiser draws a state: the problem's shape, to picture a state.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Drawing {
    /// Puzzle columns (0 if not a puzzle).
    pub cols: u8,
    /// The blocks world's grid.
    pub blocks: Option<GridShape>,
}

impl Drawing {
    /// The drawing for a problem.
    pub fn of(problem: &Problem) -> Drawing {
        match problem {
            Problem::Graph { .. } | Problem::Grid(_) => Drawing::default(),
            Problem::Puzzle { cols, .. } => Drawing {
                cols: *cols,
                blocks: None,
            },
            Problem::Blocks { text, .. } => {
                let spec = BlocksSpec::parse(text).ok();
                Drawing {
                    cols: 0,
                    blocks: spec.map(|s| {
                        let walls: Vec<u8> = s
                            .walls
                            .iter()
                            .map(|&(x, y)| ((y - 1) * s.width + (x - 1)) as u8)
                            .collect();
                        GridShape {
                            width: s.width as u8,
                            height: s.height as u8,
                            names: s.blocks.iter().map(|b| b.0).collect::<Vec<_>>().into(),
                            walls: walls.into(),
                        }
                    }),
                }
            }
        }
    }

    /// The picture of a state.
    pub fn picture(&self, state: &StateView) -> Picture {
        match state {
            StateView::Name(n) => Picture::Name(n.as_str().into()),
            StateView::Cell { x, y } => Picture::Name(cell_name(*x, *y).as_str().into()),
            StateView::Tiles(t) => Picture::Tiles {
                cols: self.cols.max(1),
                tiles: t.as_slice().into(),
            },
            StateView::Blocks { agent, blocks } => match &self.blocks {
                Some(grid) => Picture::Blocks {
                    width: grid.width,
                    height: grid.height,
                    agent: *agent,
                    blocks: blocks.as_slice().into(),
                    names: grid.names.clone(),
                    walls: grid.walls.clone(),
                },
                None => Picture::None,
            },
        }
    }

    /// A short label for lists: the name, or the node's number.
    pub fn label(&self, id: usize, state: &StateView) -> String {
        match state {
            StateView::Name(n) => n.clone(),
            StateView::Cell { x, y } => cell_name(*x, *y),
            _ => format!("#{id}"),
        }
    }
}

/// The unit a problem's costs are counted in, which decides how a cost is written for the
/// reader. A grid counts in hundredths of a step (a straight step 100, a diagonal one 142), so
/// that its sums stay whole numbers; the reader is shown steps (1, 1.42).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CostUnit {
    /// Costs are what they say (trees, graphs, puzzles, the blocks world).
    #[default]
    Whole,
    /// Costs are hundredths of a step (grids).
    Hundredths,
}

impl CostUnit {
    /// The unit of a problem's costs.
    pub fn of(problem: &Problem) -> CostUnit {
        match problem {
            Problem::Grid(_) => CostUnit::Hundredths,
            _ => CostUnit::Whole,
        }
    }

    /// A cost (or g, h, f, a bound) as the reader sees it: the one function every caption,
    /// list, status and table writes a cost with.
    pub fn show(self, cost: u32) -> String {
        match self {
            CostUnit::Whole => cost.to_string(),
            // Steps with at most two decimals, none that are zeros at the end: 22, 1.5, 1.42.
            CostUnit::Hundredths => match cost % 100 {
                0 => (cost / 100).to_string(),
                f if f % 10 == 0 => format!("{}.{}", cost / 100, f / 10),
                f => format!("{}.{f:02}", cost / 100),
            },
        }
    }
}

/// A search's name inside a sentence: "iterative deepening", "depth-first search", "A*".
/// (Written out: changing a title's case would bring Unicode's case tables into the page.)
pub fn search_name(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::BreadthFirst => "breadth-first search",
        Algorithm::DepthFirst => "depth-first search",
        Algorithm::DepthLimited => "depth-limited search",
        Algorithm::IterativeDeepening => "iterative deepening",
        Algorithm::UniformCost => "uniform cost search",
        Algorithm::Greedy => "greedy best-first search",
        Algorithm::AStar => "A*",
        Algorithm::IdaStar => "IDA*",
        Algorithm::Bidirectional => "bidirectional search",
    }
}

/// A grid cell's name in captions and lists: its column and row, counted from 0.
pub fn cell_name(x: impl std::fmt::Display, y: impl std::fmt::Display) -> String {
    format!("({x},{y})")
}

/// Reads weighted A*'s w (1 to 5, one decimal) as tenths.
pub fn parse_inflation(text: &str) -> Option<u32> {
    let text = text.trim();
    let (whole, tenth) = match text.split_once('.') {
        Some((w, t)) if t.len() == 1 => (w, t),
        Some(_) => return None,
        None => (text, "0"),
    };
    let w: u32 = whole.parse().ok()?;
    let t: u32 = tenth.parse().ok()?;
    let tenths = w.checked_mul(10)?.checked_add(t)?;
    (10..=arbor_puzzles::MAX_INFLATION)
        .contains(&tenths)
        .then_some(tenths)
}

/// What one search-tree node shows at a step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchMark {
    /// Where it stands.
    pub seen: Seen,
    /// The node the step is about.
    pub current: bool,
    /// On the solution path (once found).
    pub on_path: bool,
    /// Its place in expansion order.
    pub order: Option<u32>,
    /// Path cost.
    pub g: u32,
    /// Heuristic.
    pub h: u32,
    /// Show g, h and f.
    pub informed: bool,
    /// Show g (weighted problems, uniform cost).
    pub costs: bool,
    /// Its picture.
    pub picture: Picture,
}

/// What each recorded node shows in `frame`: only the nodes of the current iteration.
pub fn marks(
    view: &SearchView,
    replay: &SearchReplay,
    frame: &SearchFrame,
    drawing: &Drawing,
    iteration: u32,
) -> Vec<SearchMark> {
    let algorithm = replay.algorithm();
    let informed = algorithm.informed();
    let costs = informed || algorithm == Algorithm::UniformCost;
    let on_path: std::collections::HashSet<u64> = frame.path.iter().copied().collect();
    view.nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            if n.info.iteration != iteration {
                return SearchMark::default();
            }
            SearchMark {
                seen: frame.seen[i],
                current: frame.current == Some(i as u64),
                on_path: on_path.contains(&(i as u64)),
                order: frame.expansion[i],
                g: n.info.g,
                h: n.info.h,
                informed,
                costs,
                picture: drawing.picture(&n.state),
            }
        })
        .collect()
}

/// The name of a standing, for `data-status` and CSS.
pub fn seen_name(seen: Seen) -> &'static str {
    match seen {
        Seen::NotYet => "not-yet",
        Seen::Frontier => "frontier",
        Seen::Generated => "generated",
        Seen::Visited => "visited",
        Seen::Expanded => "explored",
        Seen::Dropped(_) => "dropped",
        Seen::CutOff(_) => "cut-off",
        Seen::Goal => "goal",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::View;

    /// A grid's hundredths of a step are written as steps, with no more decimals than needed;
    /// other problems' costs as they are.
    #[test]
    fn costs_are_written_in_the_problems_unit() {
        let steps = CostUnit::of(&Problem::default_grid());
        assert_eq!(steps, CostUnit::Hundredths);
        for (cost, shown) in [
            (2200, "22"),
            (16_000, "160"),
            (1642, "16.42"),
            (142, "1.42"),
            (150, "1.5"),
            (5, "0.05"),
            (0, "0"),
        ] {
            assert_eq!(steps.show(cost), shown);
        }
        assert_eq!(CostUnit::of(&Problem::seed_tree()).show(2200), "2200");
        assert_eq!(CostUnit::of(&Problem::eight(4, 1)), CostUnit::Whole);
    }

    #[test]
    fn a_grid_problem_round_trips_through_the_url_and_bad_parts_are_named() {
        let spec = GridSpec {
            text: "S..#\n.5.G\n".into(),
            diagonal: true,
            heuristic: GridHeuristic::Octile,
            inflation: 15,
            jumps: false,
        };
        let grid = Problem::Grid(spec.clone());
        let s = Settings {
            problem: grid.clone(),
            algorithm: Algorithm::AStar,
            ..Settings::default()
        };
        let mut r = Route::new(View::Search);
        s.to_route(&mut r);
        assert!(
            r.to_hash()
                .contains("grid=S..%23%2F.5.G&moves=8&h=octile&w=1.5"),
            "{}",
            r.to_hash()
        );
        let (back, warnings) = Settings::from_route(&Route::parse(&r.to_link()));
        assert_eq!(warnings, Vec::<String>::new());
        assert_eq!(back.problem, grid);
        assert!(matches!(
            grid.spec(),
            Ok(ProblemSpec::Grid(GridSpec { inflation: 15, .. }))
        ));
        // Jump Point Search on weighted cells cannot be searched: said before searching.
        let jps = Problem::Grid(GridSpec {
            jumps: true,
            ..spec
        });
        assert!(jps.spec().unwrap_err().contains("weighted"));
        // Jump Point Search that cannot apply is turned off; the link's grid and moves stay.
        for (link, why) in [
            ("grid=S3.G&moves=8&jps=1", "weighted"),
            ("grid=S..G&moves=4&jps=1", "diagonal"),
        ] {
            let (s, warnings) =
                Settings::from_route(&Route::parse(&format!("#/search?problem=grid&{link}")));
            assert_eq!(warnings.len(), 1, "{warnings:?}");
            assert!(warnings[0].contains(why) && warnings[0].contains("Jump Point Search is off"));
            let Problem::Grid(spec) = &s.problem else {
                panic!("not a grid")
            };
            assert!(!spec.jumps && spec.text.starts_with("S"), "{spec:?}");
            assert_eq!(spec.diagonal, link.contains("moves=8"));
        }
        let (s, warnings) = Settings::from_route(&Route::parse(
            "#/search?problem=grid&grid=S.x/..G&moves=6&h=magic&w=9",
        ));
        assert_eq!(warnings.len(), 4, "{warnings:?}");
        assert!(
            warnings.iter().any(|w| w.contains("line 1, column 3")),
            "{warnings:?}"
        );
        assert_eq!(s.problem, Problem::default_grid());
        assert_eq!(parse_inflation("1.5"), Some(15));
        assert_eq!(parse_inflation("5"), Some(50));
        assert_eq!(parse_inflation("0.5"), None);
        assert_eq!(parse_inflation("1.55"), None);
    }

    #[test]
    fn each_cell_shows_the_engines_standing_of_its_nodes() {
        let problem = Problem::Grid(GridSpec {
            text: "S.#.\n..#G\n....\n".into(),
            diagonal: false,
            heuristic: GridHeuristic::Manhattan,
            inflation: 10,
            jumps: false,
        });
        for algorithm in [Algorithm::AStar, Algorithm::Bidirectional] {
            let request = crate::worker_api::SearchRequest {
                problem: problem.spec().unwrap(),
                options: Options::new(algorithm),
                record: 1000,
                max_nodes: None,
            };
            let mut out = Vec::new();
            crate::worker_api::serve(&request, &mut |m| out.push(m), &|| 0.0);
            let view = out
                .into_iter()
                .find_map(|m| match m {
                    crate::worker_api::FromWorker::Recorded(v) => Some(v),
                    _ => None,
                })
                .unwrap();
            let replay = SearchReplay::new(
                view.nodes.iter().map(|n| n.info).collect(),
                view.events.clone(),
                algorithm,
            );
            // Before the first step nothing is marked; after it, the start's cell.
            let first = cell_marks(&view, &replay.frame(0), 4, 3);
            assert!(first.iter().all(|&m| m == CellMark::None));
            let after = cell_marks(&view, &replay.frame(1), 4, 3);
            assert_ne!(after[0], CellMark::None);
            // At the end: the path around the wall, S → ↓ ↓ → → ↑ to G.
            let last = cell_marks(&view, &replay.frame(replay.len()), 4, 3);
            let path: Vec<usize> = (0..12).filter(|&c| last[c] == CellMark::Path).collect();
            // (Bidirectional: the forward half and the backward half, met in the middle.)
            assert_eq!(path, [0, 1, 5, 7, 9, 10, 11], "{algorithm:?} {last:?}");
            assert!(
                last[2] == CellMark::None && last[6] == CellMark::None,
                "walls stay unmarked"
            );
        }
    }

    #[test]
    fn settings_round_trip_through_the_url() {
        for problem in [
            Problem::seed_tree(),
            Problem::Graph {
                text: "A -> B:2\ngoal B".into(),
            },
            Problem::eight(12, 3),
            Problem::Blocks {
                text: BLOCKS_PRESETS[1].2.into(),
                heuristic: false,
            },
        ] {
            let s = Settings {
                problem,
                algorithm: Algorithm::AStar,
                mode: Mode::Tree,
                cycle_check: false,
                depth: Some(7),
                tie: TieBreak::Lifo,
                step: 12,
            };
            let mut route = Route::new(View::Search);
            s.to_route(&mut route);
            assert_eq!(
                Settings::from_route(&Route::parse(&route.to_hash())),
                (s, vec![])
            );
        }
    }

    /// `tie` is written only when it is not the search's usual rule, and reads back so; a
    /// link without it (every link from before the rule) gets the usual rule.
    #[test]
    fn the_tie_rule_in_the_url() {
        let read = |hash: &str| Settings::from_route(&Route::parse(hash));
        assert_eq!(read("#/search?algo=astar").0.tie, TieBreak::LowestH);
        assert_eq!(read("#/search?algo=ucs").0.tie, TieBreak::Fifo);
        assert_eq!(read("#/search?algo=ucs&tie=lifo").0.tie, TieBreak::Lifo);
        assert_eq!(read("#/search?algo=astar&tie=fifo").0.tie, TieBreak::Fifo);
        for algorithm in Algorithm::ALL {
            for tie in TieBreak::ALL {
                let s = Settings {
                    algorithm,
                    tie,
                    ..Settings::default()
                };
                let mut route = Route::new(View::Search);
                s.to_route(&mut route);
                assert_eq!(
                    route.get("tie").is_some(),
                    tie != TieBreak::usual(algorithm),
                    "{algorithm:?} {tie:?}"
                );
                assert_eq!(read(&route.to_hash()), (s.clone(), vec![]));
                assert_eq!(s.options().tie, tie);
            }
        }
        let (s, warnings) = read("#/search?algo=greedy&tie=random");
        assert_eq!(s.tie, TieBreak::Fifo);
        assert_eq!(
            warnings,
            ["Unknown tie rule “random” (the rules are fifo, lifo, lowest-h); using oldest first (FIFO)."]
        );
        let (s, warnings) = read("#/search?algo=astar&tie=");
        assert_eq!(s.tie, TieBreak::LowestH);
        assert!(
            warnings[0].contains("using lowest h, then oldest"),
            "{warnings:?}"
        );
    }

    /// Changing the search keeps a tie rule chosen on purpose, and follows the usual one.
    #[test]
    fn a_new_search_keeps_a_chosen_tie_rule() {
        let mut s = Settings {
            algorithm: Algorithm::AStar,
            tie: TieBreak::LowestH,
            ..Settings::default()
        };
        s.set_algorithm(Algorithm::UniformCost);
        assert_eq!(s.tie, TieBreak::Fifo);
        s.set_algorithm(Algorithm::AStar);
        assert_eq!(s.tie, TieBreak::LowestH);
        s.tie = TieBreak::Lifo;
        s.set_algorithm(Algorithm::Greedy);
        assert_eq!(s.tie, TieBreak::Lifo);
        assert!(s.tie_applies());
        s.set_algorithm(Algorithm::BreadthFirst);
        assert!(!s.tie_applies());
    }

    /// A link to a puzzle without its tiles opens the puzzle the menu opens (never a solved
    /// board, with nothing to search); a link whose tiles are the goal opens the goal.
    #[test]
    fn a_puzzle_link_without_tiles_opens_the_menus_puzzle() {
        let read = |hash: &str| Settings::from_route(&Route::parse(hash));
        let (s, warnings) = read("#/search?problem=puzzle");
        assert_eq!(warnings, Vec::<String>::new());
        assert_eq!(s.problem, Problem::default_of("puzzle"));
        let Problem::Puzzle { tiles, .. } = &s.problem else {
            panic!("{:?}", s.problem)
        };
        assert_ne!(*tiles, Problem::goal_tiles(3, 3, false));
        // Another size, or the blank first: a shuffled board of that shape and goal.
        for (hash, rows, cols, first) in [
            ("#/search?problem=puzzle&size=2x3", 2, 3, false),
            ("#/search?problem=puzzle&goal=first", 3, 3, true),
        ] {
            let (s, warnings) = read(hash);
            assert!(warnings.is_empty(), "{warnings:?}");
            let Problem::Puzzle { tiles, .. } = &s.problem else {
                panic!("{:?}", s.problem)
            };
            assert_eq!(tiles.len(), rows * cols);
            assert_ne!(*tiles, Problem::goal_tiles(rows as u8, cols as u8, first));
            assert!(s.problem.spec().is_ok(), "{hash}");
        }
        // Asked for: the solved board.
        let (s, _) = read("#/search?problem=puzzle&size=3x3&tiles=1,2,3,4,5,6,7,8,0");
        assert!(
            matches!(&s.problem, Problem::Puzzle { tiles, .. } if *tiles == Problem::goal_tiles(3, 3, false))
        );
        // Tiles that are not numbers: said, and the menu's puzzle shown.
        let (s, warnings) = read("#/search?problem=puzzle&tiles=1,x");
        assert_eq!(s.problem, Problem::default_of("puzzle"));
        assert!(
            warnings[0].contains("not a list of numbers"),
            "{warnings:?}"
        );
    }

    /// Each kind of problem opens with its own search when the link names none; the
    /// searches a grid is a poor fit for are said to be so, and the default suits its problem.
    #[test]
    fn each_kind_of_problem_has_a_search_that_suits_it() {
        let read = |hash: &str| Settings::from_route(&Route::parse(hash)).0;
        assert_eq!(read("#/search?problem=grid").algorithm, Algorithm::AStar);
        assert_eq!(read("#/search?problem=grid").tie, TieBreak::LowestH);
        assert_eq!(
            read("#/search").algorithm,
            Algorithm::IterativeDeepening,
            "the page's first tree keeps iterative deepening"
        );
        // A link that names its search keeps it, fit or not.
        assert_eq!(
            read("#/search?problem=grid&algo=iddfs").algorithm,
            Algorithm::IterativeDeepening
        );
        let grid = Problem::default_grid();
        for a in [
            Algorithm::DepthFirst,
            Algorithm::DepthLimited,
            Algorithm::IterativeDeepening,
            Algorithm::IdaStar,
        ] {
            assert!(!grid.suits(a), "{a:?}");
        }
        for kind in ["graph", "puzzle", "blocks", "grid"] {
            let p = Problem::default_of(kind);
            assert_eq!(p.kind(), kind);
            assert!(p.suits(p.default_algorithm()), "{kind}");
            assert_eq!(
                read(&format!("#/search?problem={kind}")).algorithm,
                p.default_algorithm()
            );
        }
        assert!(!Problem::default_of("blocks").suits(Algorithm::Bidirectional));
        assert!(Problem::seed_tree().suits(Algorithm::DepthFirst));
    }

    #[test]
    fn bad_links_fall_back_with_messages() {
        let (s, warnings) = Settings::from_route(&Route::parse(
            "#/search?problem=puzzle&tiles=1,x&h=magic&algo=nope&depth=-2",
        ));
        assert_eq!(s.algorithm, Algorithm::IterativeDeepening);
        assert_eq!(warnings.len(), 4, "{warnings:?}");
        // An unsolvable puzzle is refused before any search, with the reason.
        let p = Problem::Puzzle {
            rows: 3,
            cols: 3,
            tiles: vec![2, 1, 3, 4, 5, 6, 7, 8, 0],
            blank_first: false,
            heuristic: Heuristic::Manhattan,
        };
        assert!(p.spec().unwrap_err().contains("unsolvable"));
        assert!(Problem::Graph {
            text: "A -> ".into()
        }
        .spec()
        .unwrap_err()
        .contains("line 1"));
    }
}

/// What a grid cell shows at a step of a grid search: the strongest standing of the nodes that
/// are at that cell (a cell can be reached by several nodes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum CellMark {
    /// Not reached yet.
    #[default]
    None,
    /// Reached and dropped as a repeat, or cut off.
    Dropped,
    /// Waiting in the frontier.
    Frontier,
    /// Taken from the frontier (goal-tested or expanded).
    Explored,
    /// The node the step is about.
    Current,
    /// On the path found.
    Path,
}

/// Each cell's mark at `frame`, for a grid `width` × `height` (row-major), from the recorded
/// nodes' cells and the frame's standings — what the engine recorded, not re-derived.
pub fn cell_marks(
    view: &SearchView,
    frame: &SearchFrame,
    width: usize,
    height: usize,
) -> Vec<CellMark> {
    let mut marks = vec![CellMark::None; width * height];
    let on_path: std::collections::HashSet<u64> = frame.path.iter().copied().collect();
    for (id, node) in view.nodes.iter().enumerate() {
        let StateView::Cell { x, y } = node.state else {
            continue;
        };
        let cell = y as usize * width + x as usize;
        let Some(seen) = frame.seen.get(id) else {
            continue;
        };
        let mark = if on_path.contains(&(id as u64)) {
            CellMark::Path
        } else if frame.current == Some(id as u64) {
            CellMark::Current
        } else {
            match seen {
                Seen::NotYet => CellMark::None,
                Seen::Frontier | Seen::Generated => CellMark::Frontier,
                Seen::Visited | Seen::Expanded | Seen::Goal => CellMark::Explored,
                Seen::Dropped(_) | Seen::CutOff(_) => CellMark::Dropped,
            }
        };
        if let Some(m) = marks.get_mut(cell) {
            *m = (*m).max(mark);
        }
    }
    marks
}
