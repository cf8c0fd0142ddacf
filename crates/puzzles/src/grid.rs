//! Path-finding on a grid with walls: from S to G, a step up, down, left or right costing 1;
//! the heuristic is the Manhattan distance to G.
//!
//! Text form: one line per row, `#` a wall, `.` (or a space) free, `S` the start, `G` the goal.

use arbor_search::Problem;

use crate::npuzzle::{Dir, Dirs};

/// Most cells on a grid.
pub const MAX_PATH_CELLS: usize = 100 * 100;

/// A grid path-finding problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridPath {
    width: usize,
    height: usize,
    wall: Vec<bool>,
    start: u32,
    goal: u32,
}

impl GridPath {
    /// Reads a grid; says which line and column is wrong.
    ///
    /// ```
    /// use arbor_puzzles::GridPath;
    /// use arbor_search::{search, Algorithm, Options, Quiet, Budget};
    /// let g = GridPath::parse("S.#\n..#\n#.G").unwrap();
    /// let out = search(&g, &Options::new(Algorithm::AStar), &Budget::unlimited(), &mut Quiet);
    /// assert_eq!(out.solution.unwrap().cost, 4);
    /// ```
    pub fn parse(text: &str) -> Result<GridPath, String> {
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
        if width * height > MAX_PATH_CELLS {
            return Err(format!(
                "the grid has {} cells; at most {MAX_PATH_CELLS}",
                width * height
            ));
        }
        let mut wall = vec![false; width * height];
        let (mut start, mut goal) = (None, None);
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let cell = (y * width + x) as u32;
                match ch {
                    '#' => wall[cell as usize] = true,
                    '.' | ' ' => {}
                    'S' | 's' if start.is_none() => start = Some(cell),
                    'G' | 'g' if goal.is_none() => goal = Some(cell),
                    'S' | 's' | 'G' | 'g' => {
                        return Err(format!("line {}, column {}: a second '{ch}'", y + 1, x + 1))
                    }
                    other => {
                        return Err(format!(
                            "line {}, column {}: '{other}' is not '#', '.', 'S' or 'G'",
                            y + 1,
                            x + 1
                        ))
                    }
                }
            }
        }
        Ok(GridPath {
            width,
            height,
            wall,
            start: start.ok_or("no start: put an S on the grid")?,
            goal: goal.ok_or("no goal: put a G on the grid")?,
        })
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
        self.wall[cell]
    }

    /// The goal cell.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    fn step(&self, cell: usize, d: Dir) -> Option<usize> {
        d.step(cell, self.width, self.height)
            .filter(|&to| !self.wall[to])
    }
}

impl Problem for GridPath {
    type State = u32;
    type Action = Dir;
    type Undo = u32;
    type Actions<'a> = Dirs;

    fn start(&self) -> u32 {
        self.start
    }

    fn is_goal(&self, state: &u32) -> bool {
        *state == self.goal
    }

    fn actions(&self, state: &u32) -> Dirs {
        Dirs::allowed(|d| self.step(*state as usize, d).is_some())
    }

    fn apply(&self, state: &mut u32, action: Dir) -> u32 {
        let to = self.step(*state as usize, action).expect("a legal move") as u32;
        std::mem::replace(state, to)
    }

    fn undo(&self, state: &mut u32, undo: u32) {
        *state = undo;
    }

    fn heuristic(&self, state: &u32) -> u32 {
        let (a, b) = (*state as usize, self.goal as usize);
        ((a % self.width).abs_diff(b % self.width) + (a / self.width).abs_diff(b / self.width))
            as u32
    }

    fn reverses(&self, action: Dir, previous: Dir) -> bool {
        action == previous.opposite()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mistakes_name_the_place() {
        assert!(GridPath::parse("S.x\n..G")
            .unwrap_err()
            .contains("line 1, column 3"));
        assert!(GridPath::parse("S..\n..S\nG")
            .unwrap_err()
            .contains("second 'S'"));
        assert!(GridPath::parse("...\n..G")
            .unwrap_err()
            .contains("no start"));
    }
}
