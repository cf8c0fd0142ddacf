//! The Moving AI grid benchmark's two formats (N. Sturtevant, "Benchmarks for Grid-Based
//! Pathfinding", 2012): a map (`.map`) and its scenarios (`.scen`).
//!
//! A map: `type octile`, `height H`, `width W`, `map`, then H rows of W characters, where `.`,
//! `G` and `S` are passable and `@`, `O`, `T` and `W` are not. A scenario file: `version 1`,
//! then one problem a line — bucket, map file, map width and height, start x and y, goal x and
//! y (x the column, y the row, from the top left, 0-based), and the optimal length — for
//! 8-connected moves, a straight step 1 and a diagonal one √2, no corner cut. A mistake is named
//! by its line and column.

use arbor_search::{search, Algorithm, Budget, Cost, Mode, Options, Quiet, TextError};

use crate::grid::{Grid, MAX_MAP_SIDE, STRAIGHT};

/// A map: its size and which cells are passable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridMap {
    width: usize,
    height: usize,
    passable: Vec<bool>,
}

/// One scenario: a start and a goal on a map, with the benchmark's optimal length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// The bucket (scenarios of similar length share one).
    pub bucket: u32,
    /// The map's file name, as the scenario file gives it.
    pub map: String,
    /// The map's size as the scenario file gives it: (width, height).
    pub size: (usize, usize),
    /// The start: (x, y).
    pub start: (usize, usize),
    /// The goal: (x, y).
    pub goal: (usize, usize),
    /// The optimal length, in the grid's unit (10⁻¹⁰ of a step), read from its decimals exactly.
    pub optimal: Cost,
    /// The optimal length as the file writes it.
    pub optimal_text: String,
    /// The scenario's line in its file (1-based).
    pub line: usize,
}

/// How far a length may be from the published one and still match it: 10⁻⁴ of a step.
pub const MATCH_WITHIN: Cost = STRAIGHT / 10_000;

fn error(line: usize, column: usize, message: impl Into<String>) -> TextError {
    TextError {
        line,
        column,
        message: message.into(),
    }
}

/// The lines of a text, numbered from 1, without their line ends (`\n` or `\r\n`).
fn numbered(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l))
}

/// A whole number in a field at `column`, at most `max`.
fn whole(
    field: &str,
    what: &str,
    max: u64,
    (line, column): (usize, usize),
) -> Result<u64, TextError> {
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        let shown = arbor_util::shown(field);
        return Err(error(
            line,
            column,
            format!("{what}: '{shown}' is not a whole number"),
        ));
    }
    match field.parse::<u64>() {
        Ok(v) if v <= max => Ok(v),
        _ => Err(error(
            line,
            column,
            format!("{what}: {field} is more than {max}"),
        )),
    }
}

impl GridMap {
    /// Reads a map; says which line and column is wrong.
    ///
    /// ```
    /// use arbor_puzzles::GridMap;
    /// let map = GridMap::parse("type octile\nheight 2\nwidth 3\nmap\n..@\nT..\n").unwrap();
    /// assert_eq!((map.width(), map.height()), (3, 2));
    /// assert!(map.passable(0, 0) && !map.passable(2, 0) && !map.passable(0, 1));
    /// let e = GridMap::parse("type octile\nheight 1\nwidth 2\nmap\n.x\n").unwrap_err();
    /// assert_eq!((e.line, e.column), (5, 2));
    /// ```
    pub fn parse(text: &str) -> Result<GridMap, TextError> {
        let mut lines = numbered(text);
        let (mut height, mut width, mut typed) = (None, None, false);
        let last_header = loop {
            let Some((n, line)) = lines.next() else {
                return Err(error(1, 1, "the map ends before its 'map' line"));
            };
            let mut words = line.split_whitespace();
            let key = words.next().unwrap_or("");
            let value = words.next();
            // The value's column, in characters (after the key: a value may repeat it).
            let after_key = line.find(key).map_or(0, |i| i + key.len());
            let at = value
                .and_then(|v| line[after_key..].find(v).map(|i| i + after_key))
                .map_or(1, |b| line[..b].chars().count() + 1);
            match (key, value) {
                ("map", None) => break n,
                ("type", Some("octile")) if !typed => typed = true,
                ("type", Some(other)) if !typed => {
                    let shown = arbor_util::shown(other);
                    return Err(error(
                        n,
                        at,
                        format!("the map's type is '{shown}'; only 'octile' maps are read"),
                    ));
                }
                ("height", Some(v)) if height.is_none() => {
                    height = Some(whole(v, "the height", MAX_MAP_SIDE as u64, (n, at))? as usize)
                }
                ("width", Some(v)) if width.is_none() => {
                    width = Some(whole(v, "the width", MAX_MAP_SIDE as u64, (n, at))? as usize)
                }
                ("type" | "height" | "width", Some(_)) => {
                    return Err(error(n, 1, format!("'{key}' is given twice")))
                }
                ("", None) => {}
                _ => {
                    let shown = arbor_util::shown(line);
                    return Err(error(n, 1, format!("'{shown}' is not a map's header line (type octile, height H, width W, map)")));
                }
            }
        };
        let (Some(height), Some(width)) = (height, width) else {
            return Err(error(
                last_header,
                1,
                "the map's height and width must come before its 'map' line",
            ));
        };
        if height == 0 || width == 0 {
            return Err(error(
                last_header,
                1,
                format!("the map is {width} × {height}: it has no cells"),
            ));
        }
        let mut passable = Vec::with_capacity(width * height);
        for row in 0..height {
            let Some((n, line)) = lines.next() else {
                return Err(error(
                    last_header + row + 1,
                    1,
                    format!("the map ends after {row} rows of {height}"),
                ));
            };
            Self::read_row(line, width, n, &mut passable)?;
        }
        if let Some((n, _)) = lines.find(|(_, l)| !l.trim().is_empty()) {
            return Err(error(
                n,
                1,
                format!("more rows than the map's height, {height}"),
            ));
        }
        Ok(GridMap {
            width,
            height,
            passable,
        })
    }

    /// One row of the map, appended to `passable`.
    fn read_row(
        line: &str,
        width: usize,
        n: usize,
        passable: &mut Vec<bool>,
    ) -> Result<(), TextError> {
        let mut count = 0;
        for (column, ch) in line.chars().enumerate() {
            if column == width {
                return Err(error(
                    n,
                    column + 1,
                    format!("the row is longer than the map's width, {width}"),
                ));
            }
            passable.push(match ch {
                '.' | 'G' | 'S' => true,
                '@' | 'O' | 'T' | 'W' => false,
                other => {
                    let shown = arbor_util::shown(&other.to_string());
                    return Err(error(n, column + 1, format!("'{shown}' is not a map cell ('.', 'G', 'S' passable; '@', 'O', 'T', 'W' not)")));
                }
            });
            count += 1;
        }
        if count < width {
            return Err(error(
                n,
                count + 1,
                format!("the row has {count} cells; the map's width is {width}"),
            ));
        }
        Ok(())
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// True if the cell at column `x`, row `y` can be entered (false off the map).
    pub fn passable(&self, x: usize, y: usize) -> bool {
        x < self.width && y < self.height && self.passable[y * self.width + x]
    }

    /// The map as a grid to search: eight-way moves, octile distance, from `start` to `goal`
    /// (each (x, y), passable).
    pub fn grid(&self, start: (usize, usize), goal: (usize, usize)) -> Result<Grid, String> {
        let weight = self.passable.iter().map(|&p| u8::from(p)).collect();
        let mut grid = Grid::from_map_cells(self.width, self.height, weight);
        grid.set_ends(start, goal)?;
        Ok(grid)
    }
}

/// A decimal length (`12.48528137`) in the grid's unit, exactly (digits past the tenth decimal
/// dropped); `None` if it is not one.
fn length(field: &str) -> Option<Cost> {
    let (whole, fraction) = field.split_once('.').unwrap_or((field, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || whole.len() > 8 {
        return None;
    }
    let mut units = whole.parse::<Cost>().ok()? * STRAIGHT;
    let mut place = STRAIGHT / 10;
    for b in fraction.bytes().take(10) {
        units += Cost::from(b - b'0') * place;
        place /= 10;
    }
    Some(units)
}

impl Scenario {
    /// Reads a scenario file; with its `map`, checks each scenario against it (the size, the
    /// start and goal on passable cells). Says which line and column is wrong.
    pub fn parse_file(text: &str, map: Option<&GridMap>) -> Result<Vec<Scenario>, TextError> {
        let mut lines = numbered(text);
        match lines.next() {
            Some((_, l))
                if l.split_whitespace().eq(["version", "1"])
                    || l.split_whitespace().eq(["version", "1.0"]) => {}
            Some((n, l)) => {
                let shown = arbor_util::shown(l);
                return Err(error(
                    n,
                    1,
                    format!("a scenario file starts 'version 1', not '{shown}'"),
                ));
            }
            None => return Err(error(1, 1, "the scenario file is empty")),
        }
        let mut out = Vec::new();
        for (n, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            let (s, columns) = Scenario::parse_line(line, n)?;
            if let Some(map) = map {
                s.check(map, &columns)?;
            }
            out.push(s);
        }
        Ok(out)
    }

    /// One scenario line: nine fields, tab- (or space-) separated; with each field's column.
    fn parse_line(line: &str, n: usize) -> Result<(Scenario, [usize; 9]), TextError> {
        // Each field with its column (1-based, in characters).
        let mut fields = Vec::with_capacity(9);
        let mut start = None;
        for (i, (b, ch)) in line.char_indices().enumerate() {
            match (ch.is_whitespace(), start) {
                (false, None) => start = Some((i, b)),
                (true, Some((col, from))) => {
                    fields.push((col + 1, &line[from..b]));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some((col, from)) = start {
            fields.push((col + 1, &line[from..]));
        }
        if fields.len() != 9 {
            return Err(error(n, 1, format!("{} fields where a scenario has 9 (bucket, map, width, height, start x, start y, goal x, goal y, optimal length)", fields.len())));
        }
        let side = MAX_MAP_SIDE as u64;
        let num = |i: usize, what: &str, max: u64| whole(fields[i].1, what, max, (n, fields[i].0));
        let bucket = num(0, "the bucket", u64::from(u32::MAX))? as u32;
        let size = (
            num(2, "the map's width", side)? as usize,
            num(3, "the map's height", side)? as usize,
        );
        let start = (
            num(4, "the start's x", side)? as usize,
            num(5, "the start's y", side)? as usize,
        );
        let goal = (
            num(6, "the goal's x", side)? as usize,
            num(7, "the goal's y", side)? as usize,
        );
        let (col, text) = fields[8];
        let Some(optimal) = length(text) else {
            let shown = arbor_util::shown(text);
            return Err(error(
                n,
                col,
                format!("the optimal length: '{shown}' is not a decimal number"),
            ));
        };
        let scenario = Scenario {
            bucket,
            map: fields[1].1.to_string(),
            size,
            start,
            goal,
            optimal,
            optimal_text: text.to_string(),
            line: n,
        };
        Ok((scenario, std::array::from_fn(|i| fields[i].0)))
    }

    /// The scenario against its map: the size the file gives, the start and goal on it and
    /// passable.
    fn check(&self, map: &GridMap, columns: &[usize; 9]) -> Result<(), TextError> {
        let column = |k: usize| columns[k];
        if self.size != (map.width, map.height) {
            let (w, h) = self.size;
            return Err(error(
                self.line,
                column(2),
                format!(
                    "the scenario's map is {w} × {h}; the map is {} × {}",
                    map.width, map.height
                ),
            ));
        }
        for (what, (x, y), k) in [("start", self.start, 4), ("goal", self.goal, 6)] {
            if x >= map.width || y >= map.height {
                return Err(error(
                    self.line,
                    column(k),
                    format!(
                        "the {what} ({x}, {y}) is off the {} × {} map",
                        map.width, map.height
                    ),
                ));
            }
            if !map.passable(x, y) {
                return Err(error(
                    self.line,
                    column(k),
                    format!("the {what} ({x}, {y}) is on a blocked cell"),
                ));
            }
        }
        Ok(())
    }

    /// The length `algorithm` finds for this scenario (graph search, unobserved, unlimited), or
    /// `None` if there is no path: on `grid`, the scenario's map as the search needs it (jumps,
    /// another heuristic, a weight), whose start and goal are moved to the scenario's — one grid
    /// serves a whole file.
    pub fn solve(&self, grid: &mut Grid, algorithm: Algorithm) -> Result<Option<Cost>, String> {
        grid.set_ends(self.start, self.goal)?;
        let options = Options::new(algorithm).mode(Mode::Graph);
        let out = search(grid, &options, &Budget::unlimited(), &mut Quiet);
        Ok(out.solution.map(|found| found.cost))
    }

    /// True if `length` (the grid's unit) is the optimal length within [`MATCH_WITHIN`].
    pub fn matches(&self, length: Cost) -> bool {
        length.abs_diff(self.optimal) <= MATCH_WITHIN
    }
}

/// The searches a map is searched with: the command line's `--algo` and the maps page's menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum MapSearch {
    /// A* (with the grid's heuristic; octile distance by default).
    AStar,
    /// Jump Point Search: A* over jump points.
    Jps,
    /// Breadth-first search: fewest steps, not the shortest length.
    BreadthFirst,
    /// Uniform cost search (Dijkstra's algorithm): no heuristic.
    UniformCost,
    /// Greedy best-first search.
    Greedy,
    /// Weighted A*: the heuristic times w.
    Weighted,
    /// Bidirectional uniform cost search.
    Bidirectional,
}

impl MapSearch {
    /// Every one, in menu order.
    pub const ALL: [MapSearch; 7] = [
        MapSearch::AStar,
        MapSearch::Jps,
        MapSearch::UniformCost,
        MapSearch::Weighted,
        MapSearch::Greedy,
        MapSearch::BreadthFirst,
        MapSearch::Bidirectional,
    ];

    /// Its name in links and on the command line.
    pub fn key(self) -> &'static str {
        match self {
            MapSearch::AStar => "astar",
            MapSearch::Jps => "jps",
            MapSearch::BreadthFirst => "bfs",
            MapSearch::UniformCost => "ucs",
            MapSearch::Greedy => "greedy",
            MapSearch::Weighted => "weighted",
            MapSearch::Bidirectional => "bidirectional",
        }
    }

    /// The search named `key`.
    pub fn from_key(key: &str) -> Option<MapSearch> {
        MapSearch::ALL.into_iter().find(|s| s.key() == key)
    }

    /// Its name for people.
    pub fn name(self) -> &'static str {
        match self {
            MapSearch::AStar => "A*",
            MapSearch::Jps => "Jump Point Search",
            MapSearch::BreadthFirst => "breadth-first search",
            MapSearch::UniformCost => "uniform cost search",
            MapSearch::Greedy => "greedy best-first search",
            MapSearch::Weighted => "weighted A*",
            MapSearch::Bidirectional => "bidirectional search",
        }
    }

    /// Whether its length is the shortest one (weighted A*, greedy and breadth-first search's
    /// need not be).
    pub fn optimal(self) -> bool {
        !matches!(
            self,
            MapSearch::Weighted | MapSearch::Greedy | MapSearch::BreadthFirst
        )
    }

    /// Whether it reads the heuristic.
    pub fn informed(self) -> bool {
        matches!(
            self,
            MapSearch::AStar | MapSearch::Jps | MapSearch::Weighted | MapSearch::Greedy
        )
    }

    /// The grid as this search needs it (`w_tenths`: weighted A*'s w), and the search.
    pub fn prepare(self, grid: Grid, w_tenths: u32) -> Result<(Grid, Algorithm), String> {
        Ok(match self {
            MapSearch::AStar => (grid, Algorithm::AStar),
            MapSearch::Jps => (grid.with_jumps(true)?, Algorithm::AStar),
            MapSearch::BreadthFirst => (grid, Algorithm::BreadthFirst),
            MapSearch::UniformCost => (
                grid.with_heuristic(crate::GridHeuristic::Zero),
                Algorithm::UniformCost,
            ),
            MapSearch::Greedy => (grid, Algorithm::Greedy),
            MapSearch::Weighted => (grid.with_inflation(w_tenths), Algorithm::AStar),
            MapSearch::Bidirectional => (grid, Algorithm::Bidirectional),
        })
    }
}
