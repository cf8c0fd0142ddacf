//! The search page's settings, all in its URL: the problem, the search, tree or graph search,
//! cycle checks, the depth limit, the tie rule and the step.

use super::*;
use crate::route::Route;
use crate::search::GridSpec;
use crate::url::{UrlSettings, UrlWarning};
use arbor_puzzles::{GridHeuristic, Heuristic};
use arbor_search::{graph_preset, Algorithm, Mode, Options, TieBreak, GRAPH_PRESETS};

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
}

impl UrlSettings for Settings {
    /// Reads the settings from a route, keeping defaults for what is missing or wrong and
    /// saying what was wrong.
    fn from_route(route: &Route) -> (Self, Vec<UrlWarning>) {
        let mut s = Settings::default();
        let mut warnings = Vec::new();
        match route.get("problem").unwrap_or("graph") {
            "graph" => {
                if let Some(problem) = graph_from_route(route, &mut warnings) {
                    s.problem = problem;
                }
            }
            "puzzle" => s.problem = puzzle_from_route(route, &mut warnings),
            "grid" => s.problem = grid_from_route(route, &mut warnings),
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
        search_from_route(route, &mut s, &mut warnings);
        (s, warnings)
    }

    /// Writes the settings into a route.
    fn to_route(&self, route: &mut Route) {
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

/// A link's graph: its example or its text (`None`: neither, the default graph stays).
fn graph_from_route(route: &Route, warnings: &mut Vec<UrlWarning>) -> Option<Problem> {
    let mut problem = None;
    if let Some(id) = route.get("preset") {
        match graph_preset(id) {
            Some(p) => {
                problem = Some(Problem::Graph {
                    text: p.text.into(),
                })
            }
            None => warnings.push(format!("There is no example called “{id}”.")),
        }
    }
    if let Some(text) = route.get("text") {
        problem = Some(Problem::Graph { text: text.into() });
    }
    problem
}

/// A link's sliding puzzle: its shape, tiles, goal and heuristic.
fn puzzle_from_route(route: &Route, warnings: &mut Vec<UrlWarning>) -> Problem {
    let size = route.get("size");
    let (rows, cols) = size
        .and_then(|v| v.split_once('x'))
        .and_then(|(r, c)| Some((r.parse::<u8>().ok()?, c.parse::<u8>().ok()?)))
        .filter(|&(r, c)| {
            r >= 2 && c >= 2 && usize::from(r) * usize::from(c) <= arbor_puzzles::MAX_CELLS
        })
        .unwrap_or_else(|| {
            if let Some(v) = size {
                warnings.push(format!(
                    "The puzzle size “{v}” is not ROWSxCOLS with at least 2 of each and at most {} cells; showing the 8-puzzle.",
                    arbor_puzzles::MAX_CELLS
                ));
            }
            (3, 3)
        });
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
    match tiles {
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
    }
}

/// A link's grid: its cells, moves, heuristic and weight, and Jump Point Search where it
/// applies.
fn grid_from_route(route: &Route, warnings: &mut Vec<UrlWarning>) -> Problem {
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
    problem
}

/// The search part of a link: the algorithm, the tie rule, tree or graph search, cycle checks,
/// the depth limit and the step.
fn search_from_route(route: &Route, s: &mut Settings, warnings: &mut Vec<UrlWarning>) {
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
            Err(_) => warnings.push(format!("The step “{k}” is not a step number (0, 1, 2, …).")),
        }
    }
}
