//! Path-finding on a grid: walls, cells that cost more to enter, moves in four or eight
//! directions, and the grid heuristics — Manhattan, octile, Euclidean and Chebyshev distance.
//!
//! Costs are in units of 10⁻¹⁰ of a step: a straight step costs [`STRAIGHT`] (10¹⁰) and a
//! diagonal one [`DIAGONAL`] (√2 · 10¹⁰, rounded *up*, so that straight-line distance never
//! overestimates), each times the weight (1–9) of the cell entered. Sums are exact integers;
//! a path's length read from them is within 3 · 10⁻¹¹ of the true one per diagonal step, far
//! inside the 10⁻⁴ the benchmark's published lengths are compared to. A diagonal step may not
//! cut a wall's corner: both cells beside it must be free (the Moving AI benchmark's rule).
//!
//! Weighted A* is A* with the heuristic inflated by w ≥ 1 ([`Grid::with_inflation`]): it finds
//! a path costing at most w times the cheapest. Jump Point Search (Harabor and Grastien, 2011)
//! is A* over *jump points* ([`Grid::with_jumps`], eight-way grids without weights): a state is a
//! cell with the direction it was entered in; its successors are the cells where a straight or
//! diagonal run from it meets something that matters (the goal, or a cell a wall makes a
//! detour necessary for).
//!
//! Text form: one line per row; `#` a wall, `.` (or a space) a free cell, `2`–`9` a cell of that
//! weight (`1` is `.`), `S` the start, `G` the goal.

use arbor_search::{Cost, Problem};

mod jps;
use arbor_util::SplitMix64;
use serde::{Deserialize, Serialize};

/// Most cells on a grid typed as text or drawn in the editor (100 × 100).
pub const MAX_PATH_CELLS: usize = 100 * 100;
/// Longest side of a grid typed as text or drawn in the editor.
pub const MAX_SIDE: usize = 100;
/// Longest side of a grid read from a map file (the benchmark's largest maps are 1024 × 1024).
pub const MAX_MAP_SIDE: usize = 1024;
/// The cost of a straight step: one step is 10¹⁰ units.
pub const STRAIGHT: Cost = 10_000_000_000;
/// The cost of a diagonal step: √2 = 1.414213562373095… steps, in units, rounded up.
pub const DIAGONAL: Cost = 14_142_135_624;
/// The largest heuristic inflation of weighted A*, in tenths (w = 5).
pub const MAX_INFLATION: u32 = 50;

/// The grid heuristics (each times [`STRAIGHT`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GridHeuristic {
    /// No estimate: A* becomes Dijkstra's algorithm.
    Zero,
    /// |dx| + |dy|: exact on an open four-way grid; it overestimates once diagonal moves are
    /// allowed (a diagonal step covers two of its units for √2).
    #[default]
    Manhattan,
    /// The cost of the best mix of diagonal and straight steps: exact on an open eight-way grid.
    Octile,
    /// Straight-line distance.
    Euclidean,
    /// max(|dx|, |dy|): as if a diagonal step cost as little as a straight one.
    Chebyshev,
}

impl GridHeuristic {
    /// Every heuristic.
    pub const ALL: [GridHeuristic; 5] = [
        GridHeuristic::Zero,
        GridHeuristic::Manhattan,
        GridHeuristic::Octile,
        GridHeuristic::Euclidean,
        GridHeuristic::Chebyshev,
    ];

    /// Short name, as in URLs.
    pub fn key(self) -> &'static str {
        match self {
            GridHeuristic::Zero => "zero",
            GridHeuristic::Manhattan => "manhattan",
            GridHeuristic::Octile => "octile",
            GridHeuristic::Euclidean => "euclidean",
            GridHeuristic::Chebyshev => "chebyshev",
        }
    }

    /// Reads a short name.
    pub fn from_key(key: &str) -> Option<GridHeuristic> {
        GridHeuristic::ALL.into_iter().find(|h| h.key() == key)
    }

    /// True if it never overestimates on grids with these moves.
    pub fn admissible(self, diagonal: bool) -> bool {
        !(diagonal && self == GridHeuristic::Manhattan)
    }

    /// The estimate for a difference of (dx, dy) cells.
    pub fn value(self, dx: u32, dy: u32) -> Cost {
        let (dx, dy) = (Cost::from(dx), Cost::from(dy));
        let (lo, hi) = (dx.min(dy), dx.max(dy));
        match self {
            GridHeuristic::Zero => 0,
            GridHeuristic::Manhattan => STRAIGHT * (dx + dy),
            GridHeuristic::Octile => STRAIGHT * (hi - lo) + DIAGONAL * lo,
            GridHeuristic::Chebyshev => STRAIGHT * hi,
            GridHeuristic::Euclidean => {
                // ⌊10¹⁰·√(dx² + dy²)⌋, exactly, by integer square root.
                let square = u128::from(STRAIGHT * dx).pow(2) + u128::from(STRAIGHT * dy).pow(2);
                square.isqrt() as Cost
            }
        }
    }
}

/// ⌈2³² / width⌉, for [`Grid::xy`] (widths 1 to [`MAX_MAP_SIDE`]).
fn row_magic(width: usize) -> u64 {
    (1u64 << 32).div_ceil(width.max(1) as u64)
}

/// A grid cost (in units of 10⁻¹⁰ of a step) as steps, written with at most `decimals` (0 to
/// 10) decimals, rounded to the nearest, with no zeros at the end: `1.4142`, `2.5`, `3`.
/// (Whole numbers only: no floating point between the sum and the text.)
///
/// ```
/// use arbor_puzzles::{show_steps, DIAGONAL, STRAIGHT};
/// assert_eq!(show_steps(DIAGONAL, 4), "1.4142");
/// assert_eq!(show_steps(3 * STRAIGHT + 2 * DIAGONAL, 8), "5.82842712");
/// assert_eq!(show_steps(5 * STRAIGHT, 6), "5");
/// ```
pub fn show_steps(cost: Cost, decimals: u32) -> String {
    let (whole, digits) = steps_parts(cost, decimals);
    match digits.trim_end_matches('0') {
        "" => whole,
        fraction => format!("{whole}.{fraction}"),
    }
}

/// A grid cost as steps with exactly `decimals` (1 to 10) decimals, rounded to the nearest:
/// `2.82842712`, `3.00000000`.
pub fn fixed_steps(cost: Cost, decimals: u32) -> String {
    let (whole, digits) = steps_parts(cost, decimals.max(1));
    format!("{whole}.{digits}")
}

/// A grid cost rounded to `decimals` decimals (at most 10): its whole steps, and its decimals
/// as digits (`decimals` of them).
fn steps_parts(cost: Cost, decimals: u32) -> (String, String) {
    let decimals = decimals.min(10);
    let unit = 10u128.pow(10 - decimals);
    let rounded = (u128::from(cost) + unit / 2) / unit;
    let scale = 10u128.pow(decimals);
    let digits = if decimals == 0 {
        String::new()
    } else {
        format!("{:0width$}", rounded % scale, width = decimals as usize)
    };
    ((rounded / scale).to_string(), digits)
}

/// The eight directions as (dx, dy), straight ones first; a direction's opposite is 7 − d.
const DIRS: [(i32, i32); 8] = [
    (0, -1),
    (-1, 0),
    (1, 0),
    (0, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
];

/// Index of the opposite of each direction in [`DIRS`].
const OPPOSITE: [u8; 8] = [3, 2, 1, 0, 7, 6, 5, 4];

/// A change to one cell of a grid ([`Grid::edit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridEdit {
    /// A wall.
    Wall,
    /// A free cell of weight 1.
    Free,
    /// A cell of weight 2 to 9.
    Weight(u8),
    /// The start moves here.
    Start,
    /// The goal moves here.
    Goal,
}

/// A move on the grid: the cell reached, the direction taken, and how many cells the run took
/// (1 but for a jump).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct GridMove {
    /// The cell reached.
    pub to: u32,
    /// The direction, an index into up, left, right, down, then the diagonals up-left,
    /// up-right, down-left, down-right.
    pub dir: u8,
    /// Cells crossed.
    pub run: u32,
}

impl GridMove {
    /// The direction's arrow.
    pub fn arrow(self) -> char {
        ['↑', '←', '→', '↓', '↖', '↗', '↙', '↘'][self.dir as usize & 7]
    }
}

/// The moves out of a cell, in order.
#[derive(Clone, Debug)]
pub struct GridMoves {
    list: [GridMove; 8],
    len: u8,
    next: u8,
}

impl GridMoves {
    fn empty() -> GridMoves {
        GridMoves {
            list: [GridMove {
                to: 0,
                dir: 0,
                run: 0,
            }; 8],
            len: 0,
            next: 0,
        }
    }
}

impl Iterator for GridMoves {
    type Item = GridMove;

    fn next(&mut self) -> Option<GridMove> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.list[(self.next - 1) as usize & 7]
        })
    }
}

/// A grid path-finding problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    width: usize,
    height: usize,
    /// Each cell's weight: 0 for a wall, else 1 to 9.
    weight: Vec<u8>,
    start: u32,
    goal: u32,
    diagonal: bool,
    heuristic: GridHeuristic,
    /// Weighted A*'s w, in tenths (10: plain A*).
    inflation: u32,
    jumps: bool,
    /// ⌈2³² / width⌉: a cell's row by a multiplication ([`Grid::xy`]).
    row_magic: u64,
}

/// A state of a grid search: the cell, and for Jump Point Search the direction it was entered
/// in (`dir + 1` in the bits above the cell; 0 at the start and for other searches).
pub type GridState = u32;

/// Bits of a state that hold the cell (a map of 1024 × 1024 has 2²⁰ cells).
const CELL_BITS: u32 = 20;

/// The cell of a state.
pub fn cell_of(state: GridState) -> u32 {
    state & ((1 << CELL_BITS) - 1)
}

impl Grid {
    /// Reads a grid; says which line and column is wrong.
    ///
    /// ```
    /// use arbor_puzzles::{Grid, GridHeuristic};
    /// use arbor_search::{search, Algorithm, Options, Quiet, Budget};
    /// let g = Grid::parse("S.#\n..#\n#.G", false, GridHeuristic::Manhattan).unwrap();
    /// let out = search(&g, &Options::new(Algorithm::AStar), &Budget::unlimited(), &mut Quiet);
    /// assert_eq!(out.solution.unwrap().cost, 4 * arbor_puzzles::STRAIGHT); // four steps
    /// ```
    pub fn parse(text: &str, diagonal: bool, heuristic: GridHeuristic) -> Result<Grid, String> {
        let rows: Vec<&str> = text
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.is_empty())
            .collect();
        let height = rows.len();
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        if width == 0 || height == 0 {
            return Err("the grid is empty".into());
        }
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(format!(
                "the grid is {width} × {height}; at most {MAX_SIDE} × {MAX_SIDE}"
            ));
        }
        // Every row as wide as the widest: a short one is most likely a grid cut short (a link
        // truncated, a line lost), and filling it with free cells would search another grid.
        if let Some((y, row)) = rows
            .iter()
            .enumerate()
            .find(|(_, r)| r.chars().count() < width)
        {
            return Err(format!(
                "line {}: {} cells where the widest line has {width}; every line must be as wide (was the grid cut short?)",
                y + 1,
                row.chars().count()
            ));
        }
        let mut weight = vec![1u8; width * height];
        let (mut start, mut goal) = (None, None);
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let cell = (y * width + x) as u32;
                match ch {
                    '#' => weight[cell as usize] = 0,
                    '.' | ' ' | '1' => {}
                    '2'..='9' => weight[cell as usize] = ch as u8 - b'0',
                    'S' | 's' if start.is_none() => start = Some(cell),
                    'G' | 'g' if goal.is_none() => goal = Some(cell),
                    'S' | 's' | 'G' | 'g' => {
                        return Err(format!("line {}, column {}: a second '{ch}'", y + 1, x + 1))
                    }
                    other => {
                        return Err(format!(
                            "line {}, column {}: '{}' is not '#', '.', a weight 2–9, 'S' or 'G'",
                            y + 1,
                            x + 1,
                            arbor_util::shown(&other.to_string())
                        ))
                    }
                }
            }
        }
        Ok(Grid {
            width,
            height,
            weight,
            start: start.ok_or("no start: put an S on the grid")?,
            goal: goal.ok_or("no goal: put a G on the grid")?,
            diagonal,
            heuristic,
            inflation: 10,
            jumps: false,
            row_magic: row_magic(width),
        })
    }

    /// A map's grid ([`crate::GridMap::grid`]): its cells' weights (0 blocked, 1 free), eight-way
    /// moves, octile distance; its start and goal are the first cell until
    /// [`Grid::set_ends`] places them.
    pub(crate) fn from_map_cells(width: usize, height: usize, weight: Vec<u8>) -> Grid {
        debug_assert!(width <= MAX_MAP_SIDE && height <= MAX_MAP_SIDE);
        Grid {
            width,
            height,
            weight,
            start: 0,
            goal: 0,
            diagonal: true,
            heuristic: GridHeuristic::Octile,
            inflation: 10,
            jumps: false,
            row_magic: row_magic(width),
        }
    }

    /// Moves the start and the goal (each (x, y)): the next scenario on the same map, without a
    /// copy of it. Refused (nothing changed) off the grid or on a wall.
    pub fn set_ends(&mut self, start: (usize, usize), goal: (usize, usize)) -> Result<(), String> {
        for (what, (x, y)) in [("start", start), ("goal", goal)] {
            if x >= self.width || y >= self.height {
                return Err(format!(
                    "the {what} ({x}, {y}) is off the {} × {} grid",
                    self.width, self.height
                ));
            }
            if self.weight[y * self.width + x] == 0 {
                return Err(format!("the {what} ({x}, {y}) is on a wall"));
            }
        }
        self.start = (start.1 * self.width + start.0) as u32;
        self.goal = (goal.1 * self.width + goal.0) as u32;
        Ok(())
    }

    /// An open grid, the start in the top-left corner and the goal in the bottom-right one.
    pub fn open(width: usize, height: usize) -> Grid {
        let (width, height) = (width.clamp(2, MAX_SIDE), height.clamp(1, MAX_SIDE));
        Grid {
            width,
            height,
            weight: vec![1; width * height],
            start: 0,
            goal: (width * height - 1) as u32,
            diagonal: false,
            heuristic: GridHeuristic::Manhattan,
            inflation: 10,
            jumps: false,
            row_magic: row_magic(width),
        }
    }

    /// A maze (a random depth-first carving: one path between any two free cells), start top
    /// left, goal bottom right. The same seed gives the same maze.
    pub fn maze(width: usize, height: usize, seed: u64) -> Grid {
        let (width, height) = (width.clamp(3, MAX_SIDE), height.clamp(3, MAX_SIDE));
        let mut grid = Grid::open(width, height);
        grid.weight.fill(0);
        // Rooms on even coordinates, walls between them.
        let (rooms_x, rooms_y) = (width.div_ceil(2), height.div_ceil(2));
        let mut rng = SplitMix64(seed);
        let mut seen = vec![false; rooms_x * rooms_y];
        let mut stack = vec![(0usize, 0usize)];
        seen[0] = true;
        grid.weight[0] = 1;
        while let Some(&(x, y)) = stack.last() {
            let mut options = Vec::with_capacity(4);
            for (dx, dy) in [(0i32, -1i32), (-1, 0), (1, 0), (0, 1)] {
                let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                if nx >= 0
                    && ny >= 0
                    && (nx as usize) < rooms_x
                    && (ny as usize) < rooms_y
                    && !seen[ny as usize * rooms_x + nx as usize]
                {
                    options.push((nx as usize, ny as usize));
                }
            }
            if options.is_empty() {
                stack.pop();
                continue;
            }
            let (nx, ny) = options[(rng.next_u64() % options.len() as u64) as usize];
            seen[ny * rooms_x + nx] = true;
            grid.weight[(2 * ny) * width + 2 * nx] = 1;
            grid.weight[(y + ny) * width + (x + nx)] = 1;
            stack.push((nx, ny));
        }
        // The goal: the free cell nearest the bottom-right corner.
        grid.goal = (0..width * height)
            .rev()
            .find(|&c| grid.weight[c] != 0)
            .unwrap_or(0) as u32;
        grid
    }

    /// Changes one cell: a wall, a free cell, a weight (2–9), or the start or the goal moved
    /// there (which frees it). False if nothing changed: a wall or weight on the start or the
    /// goal is refused, and the start or the goal moved to where it is stays.
    pub fn edit(&mut self, cell: usize, edit: GridEdit) -> bool {
        if cell >= self.weight.len() {
            return false;
        }
        let ends = cell as u32 == self.start || cell as u32 == self.goal;
        match edit {
            GridEdit::Wall | GridEdit::Weight(_) if ends => return false,
            GridEdit::Wall => self.weight[cell] = 0,
            GridEdit::Free => self.weight[cell] = 1,
            GridEdit::Weight(w) => self.weight[cell] = w.clamp(1, 9),
            GridEdit::Start | GridEdit::Goal if ends => return false,
            GridEdit::Start => {
                self.weight[cell] = self.weight[cell].max(1);
                self.start = cell as u32;
            }
            GridEdit::Goal => {
                self.weight[cell] = self.weight[cell].max(1);
                self.goal = cell as u32;
            }
        }
        true
    }

    /// The same grid with 4- or 8-way moves.
    pub fn with_diagonal(mut self, diagonal: bool) -> Grid {
        self.diagonal = diagonal;
        self.jumps &= diagonal;
        self
    }

    /// The same grid with another heuristic.
    pub fn with_heuristic(mut self, heuristic: GridHeuristic) -> Grid {
        self.heuristic = heuristic;
        self
    }

    /// Weighted A*: the heuristic times `w_tenths / 10` (10 to 50, rounded down).
    pub fn with_inflation(mut self, w_tenths: u32) -> Grid {
        self.inflation = w_tenths.clamp(10, MAX_INFLATION);
        self
    }

    /// Jump Point Search's successors (eight-way grids whose cells all weigh 1).
    pub fn with_jumps(mut self, jumps: bool) -> Result<Grid, String> {
        if jumps && !self.diagonal {
            return Err("Jump Point Search needs diagonal moves (8-way)".into());
        }
        if jumps && self.weighted() {
            return Err(
                "Jump Point Search needs every cell to cost the same: this grid has weighted cells"
                    .into(),
            );
        }
        self.jumps = jumps;
        Ok(self)
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// True for a wall.
    pub fn is_wall(&self, cell: usize) -> bool {
        self.weight[cell] == 0
    }

    /// True if some cell costs more than 1 to enter.
    pub fn weighted(&self) -> bool {
        self.weight.iter().any(|&w| w > 1)
    }

    /// Walls on the grid.
    pub fn walls(&self) -> usize {
        self.weight.iter().filter(|&&w| w == 0).count()
    }

    /// A cell's weight (0 for a wall).
    pub fn weight(&self, cell: usize) -> u8 {
        self.weight[cell]
    }

    /// The start cell.
    pub fn start_cell(&self) -> u32 {
        self.start
    }

    /// The goal cell.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// Eight-way moves.
    pub fn diagonal(&self) -> bool {
        self.diagonal
    }

    /// The heuristic.
    pub fn heuristic_kind(&self) -> GridHeuristic {
        self.heuristic
    }

    /// Weighted A*'s w in tenths.
    pub fn inflation(&self) -> u32 {
        self.inflation
    }

    /// Jump Point Search's successors.
    pub fn jumps(&self) -> bool {
        self.jumps
    }

    /// The text form.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity((self.width + 1) * self.height);
        for y in 0..self.height {
            for x in 0..self.width {
                let c = y * self.width + x;
                out.push(if c as u32 == self.start {
                    'S'
                } else if c as u32 == self.goal {
                    'G'
                } else {
                    match self.weight[c] {
                        0 => '#',
                        1 => '.',
                        w => (b'0' + w) as char,
                    }
                });
            }
            out.push('\n');
        }
        out
    }

    /// The cell one step from `cell` in direction `d`, if it is on the grid and free.
    #[inline]
    fn free(&self, cell: usize, d: usize) -> Option<usize> {
        let (dx, dy) = DIRS[d];
        let (x, y) = (
            (cell % self.width) as i32 + dx,
            (cell / self.width) as i32 + dy,
        );
        (x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height)
            .then(|| y as usize * self.width + x as usize)
            .filter(|&c| self.weight[c] != 0)
    }

    /// The step from `cell` in direction `d`, if allowed: on the grid, free, and for a diagonal
    /// step both cells beside it free (no cutting a corner).
    #[cfg(test)]
    fn step(&self, cell: usize, d: usize) -> Option<usize> {
        let to = self.free(cell, d)?;
        if d >= 4 {
            let (dx, dy) = DIRS[d];
            let horizontal = if dx < 0 { 1 } else { 2 };
            let vertical = if dy < 0 { 0 } else { 3 };
            self.free(cell, horizontal)?;
            self.free(cell, vertical)?;
        }
        Some(to)
    }

    /// A cell's column and row. The row is ⌊cell / width⌋ taken as (cell · ⌈2³²/width⌉) >> 32:
    /// one multiplication where a division takes many times longer (at every node of every
    /// grid search), and exact — the multiplier's excess adds less than cell / 2³² < 2⁻¹² to the
    /// quotient, while its fraction is at most 1 − 1/width ≤ 1 − 2⁻¹⁰.
    #[inline(always)]
    pub(crate) fn xy(&self, cell: usize) -> (usize, usize) {
        debug_assert!(cell < 1 << CELL_BITS);
        let y = ((cell as u64 * self.row_magic) >> 32) as usize;
        (cell - y * self.width, y)
    }

    /// The steps out of `cell` in the order of [`DIRS`]: the four straight ones, then (eight-way)
    /// the diagonals whose two sides are free. (Its neighbours read once each, by index: the
    /// inner loop of every search on a grid.)
    #[inline]
    fn plain_moves(&self, cell: usize) -> GridMoves {
        let w = self.width;
        let (x, y) = self.xy(cell);
        let free = |c: usize| self.weight[c] != 0;
        let up = y > 0 && free(cell - w);
        let left = x > 0 && free(cell - 1);
        let right = x + 1 < w && free(cell + 1);
        let down = y + 1 < self.height && free(cell + w);
        let mut out = GridMoves::empty();
        let mut add = |ok: bool, to: usize, dir: u8| {
            if ok {
                out.list[out.len as usize & 7] = GridMove {
                    to: to as u32,
                    dir,
                    run: 1,
                };
                out.len += 1;
            }
        };
        add(up, cell.wrapping_sub(w), 0);
        add(left, cell.wrapping_sub(1), 1);
        add(right, cell + 1, 2);
        add(down, cell + w, 3);
        if self.diagonal {
            add(
                up && left && free(cell - w - 1),
                cell.wrapping_sub(w + 1),
                4,
            );
            add(
                up && right && free(cell - w + 1),
                cell.wrapping_sub(w).wrapping_add(1),
                5,
            );
            add(
                down && left && free(cell + w - 1),
                (cell + w).wrapping_sub(1),
                6,
            );
            add(down && right && free(cell + w + 1), cell + w + 1, 7);
        }
        out
    }
}

impl Problem for Grid {
    type State = GridState;
    type Action = GridMove;
    type Undo = GridState;
    type Actions<'a> = GridMoves;

    fn start(&self) -> GridState {
        self.start
    }

    fn is_goal(&self, state: &GridState) -> bool {
        cell_of(*state) == self.goal
    }

    fn actions(&self, state: &GridState) -> GridMoves {
        if self.jumps {
            return self.jump_moves(*state);
        }
        self.plain_moves(cell_of(*state) as usize)
    }

    fn apply(&self, state: &mut GridState, action: GridMove) -> GridState {
        let next = if self.jumps {
            action.to | (u32::from(action.dir) + 1) << CELL_BITS
        } else {
            action.to
        };
        std::mem::replace(state, next)
    }

    fn undo(&self, state: &mut GridState, undo: GridState) {
        *state = undo;
    }

    fn step_cost(&self, _state: &GridState, action: GridMove) -> Cost {
        let base = if action.dir >= 4 { DIAGONAL } else { STRAIGHT };
        base * Cost::from(action.run) * Cost::from(self.weight[action.to as usize])
    }

    fn heuristic(&self, state: &GridState) -> Cost {
        let (a, b) = (cell_of(*state) as usize, self.goal as usize);
        let ((ax, ay), (bx, by)) = (self.xy(a), self.xy(b));
        let (dx, dy) = (ax.abs_diff(bx) as u32, ay.abs_diff(by) as u32);
        let h = self.heuristic.value(dx, dy);
        if self.inflation == 10 {
            h
        } else {
            h * Cost::from(self.inflation) / 10
        }
    }

    /// The cells, numbered as they are. (Jump Point Search's states carry the direction they
    /// were entered in as well, but are numbered by their cell alone: like the algorithm's
    /// authors, graph search keeps one node a cell, the cheapest.)
    fn dense_states(&self) -> usize {
        self.width * self.height
    }

    #[inline]
    fn dense_index(&self, state: &GridState) -> usize {
        cell_of(*state) as usize
    }

    fn reverses(&self, action: GridMove, previous: GridMove) -> bool {
        action.dir == OPPOSITE[previous.dir as usize & 7]
    }

    /// The goal, for bidirectional search (not over jump points, whose states carry the
    /// direction they were entered in).
    fn goal_states(&self) -> Vec<GridState> {
        if self.jumps {
            Vec::new()
        } else {
            vec![self.goal]
        }
    }

    /// The cells a step leads here from: the neighbours a step from here reaches, each stepping
    /// back the opposite way, at the cost of entering this cell.
    fn predecessors(&self, state: &GridState, out: &mut Vec<(GridState, GridMove, Cost)>) {
        let cell = cell_of(*state);
        for m in self.actions(state) {
            let back = GridMove {
                to: cell,
                dir: OPPOSITE[m.dir as usize & 7],
                run: 1,
            };
            out.push((m.to, back, self.step_cost(&m.to, back)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbor_search::{search, Algorithm, Budget, Options, Quiet};

    #[test]
    fn mistakes_name_the_place() {
        let parse = |t| Grid::parse(t, false, GridHeuristic::Manhattan).unwrap_err();
        assert!(parse("S.x\n..G").contains("line 1, column 3"));
        assert!(parse("S..\n..S\nG..").contains("second 'S'"));
        // A line cut short is named, not filled with free cells.
        let short = parse("S.#.G\n..#..\n..");
        assert!(
            short.contains("line 3: 2 cells where the widest line has 5"),
            "{short}"
        );
        assert!(parse("S..G\n..").contains("line 2"));
        assert!(parse("...\n..G").contains("no start"));
        assert!(parse(&".".repeat(101)).contains("at most 100"));
    }

    #[test]
    fn the_text_form_round_trips_and_weights_cost_more() {
        let text = "S.#.\n.59.\n#..G\n";
        let g = Grid::parse(text, false, GridHeuristic::Zero).unwrap();
        assert_eq!(g.to_text(), text);
        assert_eq!(g.weight(5), 5);
        let out = search(
            &g,
            &Options::new(Algorithm::UniformCost),
            &Budget::unlimited(),
            &mut Quiet,
        );
        // Every way from S to G crosses the 5 or the 9: the cheapest crosses the 5.
        assert_eq!(out.solution.unwrap().cost, STRAIGHT * (1 + 5 + 1 + 1 + 1));
    }

    #[test]
    fn edits_keep_one_start_and_one_goal_on_free_cells() {
        let mut g = Grid::open(4, 3);
        assert!(g.edit(5, GridEdit::Wall));
        assert!(g.is_wall(5));
        assert!(!g.edit(0, GridEdit::Wall), "not on the start");
        assert!(g.edit(5, GridEdit::Start));
        assert_eq!((g.start_cell(), g.weight(5)), (5, 1));
        assert!(!g.edit(5, GridEdit::Goal), "not on the start");
        assert!(
            !g.edit(5, GridEdit::Start),
            "the start where it is: nothing changes"
        );
        assert!(g.edit(6, GridEdit::Weight(7)));
        assert_eq!(g.weight(6), 7);
        assert!(!g.edit(99, GridEdit::Wall));
        let text = g.to_text();
        assert_eq!(
            Grid::parse(&text, false, GridHeuristic::Zero)
                .unwrap()
                .to_text(),
            text
        );
    }

    #[test]
    fn a_cells_row_by_multiplication_is_its_row() {
        for width in 1..=MAX_MAP_SIDE {
            let mut g = Grid::open(2, 2);
            (g.width, g.row_magic) = (width, row_magic(width));
            let rows = (1 << CELL_BITS) / width;
            for y in 0..rows {
                for cell in [y * width, y * width + width - 1] {
                    assert_eq!(g.xy(cell), (cell % width, y), "width {width}, cell {cell}");
                }
            }
        }
    }

    #[test]
    fn heuristic_values() {
        assert_eq!(GridHeuristic::Manhattan.value(3, 4), 7 * STRAIGHT);
        assert_eq!(GridHeuristic::Octile.value(3, 4), STRAIGHT + 3 * DIAGONAL);
        assert_eq!(GridHeuristic::Chebyshev.value(3, 4), 4 * STRAIGHT);
        assert_eq!(GridHeuristic::Euclidean.value(3, 4), 5 * STRAIGHT);
        // ⌊√2 · 10¹⁰⌋, one under the diagonal step (rounded up).
        assert_eq!(GridHeuristic::Euclidean.value(1, 1), DIAGONAL - 1);
        assert_eq!(
            GridHeuristic::Euclidean.value(1024, 1024),
            14_481_546_878_700
        );
        assert!(!GridHeuristic::Manhattan.admissible(true));
        assert!(GridHeuristic::Euclidean.admissible(true));
    }

    #[test]
    fn a_maze_is_one_tree_of_passages() {
        for seed in 0..20 {
            let m = Grid::maze(21, 15, seed);
            let free = (0..21 * 15).filter(|&c| !m.is_wall(c)).count();
            // Every free cell is reachable from the start (breadth-first).
            let out = search(
                &m.clone().with_heuristic(GridHeuristic::Zero),
                &Options::new(Algorithm::BreadthFirst),
                &Budget::unlimited(),
                &mut Quiet,
            );
            assert!(out.solution.is_some());
            let mut reach = vec![false; 21 * 15];
            let mut todo = vec![0usize];
            reach[0] = true;
            while let Some(c) = todo.pop() {
                for d in 0..4 {
                    if let Some(n) = m.step(c, d) {
                        if !reach[n] {
                            reach[n] = true;
                            todo.push(n);
                        }
                    }
                }
            }
            assert_eq!(reach.iter().filter(|&&r| r).count(), free);
            // A tree: free cells − 1 passages (each counted once).
            let edges: usize = (0..21 * 15)
                .filter(|&c| !m.is_wall(c))
                .map(|c| {
                    [2usize, 3]
                        .iter()
                        .filter(|&&d| m.step(c, d).is_some())
                        .count()
                })
                .sum();
            assert_eq!(edges, free - 1);
        }
    }
}
