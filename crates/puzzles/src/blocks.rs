//! The blocks world of the coursework (seed 002): an agent walks a grid, up, down, left or
//! right; walking into a block swaps the two. The goal puts given blocks on given cells; the
//! agent may end anywhere. Cells may be blocked.
//!
//! Positions are written as the coursework writes them: `(x, y)` = (column, row), 1-based,
//! row 1 at the top.

use std::fmt;

use arbor_search::Problem;

use crate::board::{Dir, Dirs};

/// Most blocks.
pub const MAX_BLOCKS: usize = 8;
/// Most cells (8 × 8).
pub const MAX_GRID_CELLS: usize = 64;

/// A position: the agent's cell and each block's cell (cells are row-major, 0-based).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Blocks {
    agent: u8,
    blocks: [u8; MAX_BLOCKS],
}

impl Blocks {
    /// The agent's cell.
    pub fn agent(&self) -> usize {
        self.agent as usize
    }

    /// The cell of block `i`.
    pub fn block(&self, i: usize) -> usize {
        self.blocks[i] as usize
    }
}

impl fmt::Debug for Blocks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "@{} {:?}", self.agent, self.blocks)
    }
}

/// A blocks-world puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlocksWorld {
    width: usize,
    height: usize,
    names: Vec<char>,
    blocked: Vec<bool>,
    start: Blocks,
    /// Each block's goal cell, if it has one.
    goal: Vec<Option<u8>>,
    heuristic: bool,
}

/// What it takes to undo a move: the agent's cell before, and whether a block was swapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlocksUndo {
    agent: u8,
    swapped: Option<u8>,
}

/// The settings of a blocks world, in the coursework's coordinates.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BlocksSpec {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Blocks: a letter and its start `(x, y)`.
    pub blocks: Vec<(char, (usize, usize))>,
    /// The agent's start `(x, y)`.
    pub agent: (usize, usize),
    /// Blocked cells.
    pub walls: Vec<(usize, usize)>,
    /// Goal cells of blocks, by letter.
    pub goals: Vec<(char, (usize, usize))>,
}

impl BlocksSpec {
    /// Reads the text form: the grid size, then each piece at its `(x, y)` — a block as its
    /// letter, the agent as `@`, a blocked cell as `#` — then `goal` and the blocks' goal
    /// cells:
    ///
    /// ```
    /// use arbor_puzzles::BlocksSpec;
    /// let spec = BlocksSpec::parse("4x4 A(2,2) B(2,3) C(1,4) @(3,3) goal A(2,2) B(2,3) C(2,4)").unwrap();
    /// assert_eq!(spec, BlocksSpec::coursework((2, 2), (2, 3), (1, 4), (3, 3)));
    /// assert_eq!(BlocksSpec::parse(&spec.to_text()).unwrap(), spec);
    /// ```
    pub fn parse(text: &str) -> Result<BlocksSpec, String> {
        let mut words = text.split_whitespace();
        let size = words
            .next()
            .ok_or("empty: start with the grid size, such as 4x4")?;
        let (w, h) = size
            .split_once(['x', 'X'])
            .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
            .ok_or_else(|| {
                format!(
                    "“{}” is not a grid size such as 4x4",
                    arbor_util::shown(size)
                )
            })?;
        let mut spec = BlocksSpec {
            width: w,
            height: h,
            blocks: Vec::new(),
            agent: (0, 0),
            walls: Vec::new(),
            goals: Vec::new(),
        };
        let mut agent = None;
        let mut in_goal = false;
        for word in words {
            if word.eq_ignore_ascii_case("goal") {
                in_goal = true;
                continue;
            }
            let mut chars = word.chars();
            let piece = chars.next().unwrap_or(' ');
            let rest: String = chars.collect();
            let at = rest
                .strip_prefix('(')
                .and_then(|r| r.strip_suffix(')'))
                .and_then(|r| r.split_once(','))
                .and_then(|(x, y)| {
                    Some((
                        x.trim().parse::<usize>().ok()?,
                        y.trim().parse::<usize>().ok()?,
                    ))
                })
                .ok_or_else(|| {
                    format!(
                        "“{}” is not a piece at a place, such as A(2,3)",
                        arbor_util::shown(word)
                    )
                })?;
            match (piece, in_goal) {
                ('@', false) => {
                    if let Some((x, y)) = agent {
                        return Err(format!(
                            "two agents: @({x},{y}) and {}; the blocks world has one",
                            arbor_util::shown(word)
                        ));
                    }
                    agent = Some(at)
                }
                ('#', false) => spec.walls.push(at),
                (c, _) if c.is_ascii_uppercase() => {
                    if in_goal {
                        spec.goals.push((c, at));
                    } else {
                        spec.blocks.push((c, at));
                    }
                }
                _ => return Err(format!("“{}”: a piece is a capital letter (a block), @ (the agent) or # (a blocked cell)", arbor_util::shown(word))),
            }
        }
        spec.agent = agent.ok_or("no agent: place it with @(x,y)")?;
        Ok(spec)
    }

    /// The text form ([`BlocksSpec::parse`] reads it back).
    pub fn to_text(&self) -> String {
        let mut out = format!("{}x{}", self.width, self.height);
        for (c, (x, y)) in &self.blocks {
            out.push_str(&format!(" {c}({x},{y})"));
        }
        out.push_str(&format!(" @({},{})", self.agent.0, self.agent.1));
        for (x, y) in &self.walls {
            out.push_str(&format!(" #({x},{y})"));
        }
        out.push_str(" goal");
        for (c, (x, y)) in &self.goals {
            out.push_str(&format!(" {c}({x},{y})"));
        }
        out
    }

    /// The coursework's goal on a 4 × 4 grid — A, B, C stacked in column 2, rows 2, 3, 4 — from
    /// the given block and agent positions.
    pub fn coursework(
        a: (usize, usize),
        b: (usize, usize),
        c: (usize, usize),
        agent: (usize, usize),
    ) -> BlocksSpec {
        BlocksSpec {
            width: 4,
            height: 4,
            blocks: vec![('A', a), ('B', b), ('C', c)],
            agent,
            walls: Vec::new(),
            goals: vec![('A', (2, 2)), ('B', (2, 3)), ('C', (2, 4))],
        }
    }
}

impl BlocksWorld {
    /// Builds the puzzle, or says what is wrong with the settings. `heuristic` turns on the
    /// blocks' Manhattan distance to their goals (otherwise 0).
    pub fn new(spec: &BlocksSpec, heuristic: bool) -> Result<BlocksWorld, String> {
        let (w, h) = (spec.width, spec.height);
        if !(2..=8).contains(&w) || !(2..=8).contains(&h) {
            return Err(format!(
                "the grid must be 2 to 8 cells each way, not {w} × {h}"
            ));
        }
        if spec.blocks.len() > MAX_BLOCKS {
            return Err(format!("at most {MAX_BLOCKS} blocks"));
        }
        let cell = |what: &str, (x, y): (usize, usize)| -> Result<u8, String> {
            if x == 0 || y == 0 || x > w || y > h {
                return Err(format!(
                    "{what} at ({x}, {y}) is off the {w} × {h} grid (columns 1–{w}, rows 1–{h})"
                ));
            }
            Ok(((y - 1) * w + (x - 1)) as u8)
        };
        let mut blocked = vec![false; w * h];
        for &p in &spec.walls {
            blocked[cell("a blocked cell", p)? as usize] = true;
        }
        let mut occupied = vec![None::<String>; w * h];
        let mut claim = |c: u8, who: String| -> Result<(), String> {
            if blocked[c as usize] {
                return Err(format!("{who} is on a blocked cell"));
            }
            if let Some(other) = &occupied[c as usize] {
                return Err(format!("{who} and {other} are on the same cell"));
            }
            occupied[c as usize] = Some(who);
            Ok(())
        };
        let agent = cell("the agent", spec.agent)?;
        claim(agent, "the agent".into())?;
        let mut blocks = [0u8; MAX_BLOCKS];
        let mut names = Vec::new();
        for (i, &(name, p)) in spec.blocks.iter().enumerate() {
            if names.contains(&name) {
                return Err(format!("two blocks are called {name}"));
            }
            let c = cell(&format!("block {name}"), p)?;
            claim(c, format!("block {name}"))?;
            blocks[i] = c;
            names.push(name);
        }
        let goal = goal_cells(spec, &names, &blocked, cell)?;
        Ok(BlocksWorld {
            width: w,
            height: h,
            names,
            blocked,
            start: Blocks { agent, blocks },
            goal,
            heuristic,
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

    /// Block letters, in order.
    pub fn names(&self) -> &[char] {
        &self.names
    }

    /// True for a blocked cell.
    pub fn is_blocked(&self, cell: usize) -> bool {
        self.blocked[cell]
    }

    /// Each block's goal cell.
    pub fn goals(&self) -> &[Option<u8>] {
        &self.goal
    }

    /// The grid drawn as the coursework prints it: `[A]`, `[@]`, `[#]` for blocked, `[ ]`.
    pub fn draw(&self, state: &Blocks) -> String {
        let mut out = String::new();
        for y in 0..self.height {
            for x in 0..self.width {
                let c = y * self.width + x;
                let mark = if state.agent as usize == c {
                    '@'
                } else if let Some(i) =
                    (0..self.names.len()).find(|&i| state.blocks[i] as usize == c)
                {
                    self.names[i]
                } else if self.blocked[c] {
                    '#'
                } else {
                    ' '
                };
                out.push('[');
                out.push(mark);
                out.push(']');
                if x + 1 < self.width {
                    out.push(' ');
                }
            }
            out.push('\n');
        }
        out
    }

    fn step(&self, cell: usize, d: Dir) -> Option<usize> {
        d.step(cell, self.width, self.height)
            .filter(|&to| !self.blocked[to])
    }
}

/// Each block's goal cell, by the blocks' order in `names` (`None`: the block may end
/// anywhere), checked: a block on the grid, a free cell, one goal for a block and one block for
/// a goal, and at least one block placed. `cell` reads a position as a cell, or says why not.
fn goal_cells(
    spec: &BlocksSpec,
    names: &[char],
    blocked: &[bool],
    cell: impl Fn(&str, (usize, usize)) -> Result<u8, String>,
) -> Result<Vec<Option<u8>>, String> {
    let mut goal = vec![None; names.len()];
    let mut taken = Vec::new();
    for &(name, p) in &spec.goals {
        let i = names
            .iter()
            .position(|&n| n == name)
            .ok_or_else(|| format!("the goal names block {name}, which is not on the grid"))?;
        let c = cell(&format!("the goal of {name}"), p)?;
        if blocked[c as usize] {
            return Err(format!("the goal of {name} is a blocked cell"));
        }
        if taken.contains(&c) {
            return Err(format!(
                "two blocks have the same goal cell ({}, {})",
                p.0, p.1
            ));
        }
        if goal[i].is_some() {
            return Err(format!("block {name} has two goal cells; give it one"));
        }
        taken.push(c);
        goal[i] = Some(c);
    }
    if goal.iter().all(Option::is_none) {
        return Err("the goal places no block: give at least one block a goal cell".into());
    }
    Ok(goal)
}

impl Problem for BlocksWorld {
    type State = Blocks;
    type Action = Dir;
    type Undo = BlocksUndo;
    type Actions<'a> = Dirs;

    fn start(&self) -> Blocks {
        self.start
    }

    fn is_goal(&self, state: &Blocks) -> bool {
        self.goal
            .iter()
            .enumerate()
            .all(|(i, g)| g.is_none_or(|c| state.blocks[i] == c))
    }

    fn actions(&self, state: &Blocks) -> Dirs {
        Dirs::allowed(|d| self.step(state.agent as usize, d).is_some())
    }

    fn apply(&self, state: &mut Blocks, action: Dir) -> BlocksUndo {
        let from = state.agent;
        let to = self.step(from as usize, action).expect("a legal move") as u8;
        let swapped = (0..self.names.len())
            .find(|&i| state.blocks[i] == to)
            .map(|i| i as u8);
        if let Some(i) = swapped {
            state.blocks[i as usize] = from;
        }
        state.agent = to;
        BlocksUndo {
            agent: from,
            swapped,
        }
    }

    fn undo(&self, state: &mut Blocks, undo: BlocksUndo) {
        if let Some(i) = undo.swapped {
            state.blocks[i as usize] = state.agent;
        }
        state.agent = undo.agent;
    }

    /// The blocks' Manhattan distances to their goal cells: each move moves at most one block
    /// one cell, so this never overestimates.
    fn heuristic(&self, state: &Blocks) -> arbor_search::Cost {
        if !self.heuristic {
            return 0;
        }
        self.goal
            .iter()
            .enumerate()
            .filter_map(|(i, g)| g.map(|c| (state.blocks[i] as usize, c as usize)))
            .map(|(a, b)| {
                ((a % self.width).abs_diff(b % self.width)
                    + (a / self.width).abs_diff(b / self.width))
                    as arbor_search::Cost
            })
            .sum()
    }

    fn reverses(&self, action: Dir, previous: Dir) -> bool {
        action == previous.opposite()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_coursework_start_is_drawn_as_printed() {
        let w = BlocksWorld::new(
            &BlocksSpec::coursework((2, 2), (2, 3), (1, 4), (3, 3)),
            true,
        )
        .unwrap();
        assert_eq!(
            w.draw(&w.start()),
            "[ ] [ ] [ ] [ ]\n[ ] [A] [ ] [ ]\n[ ] [B] [@] [ ]\n[C] [ ] [ ] [ ]\n"
        );
        assert_eq!(w.heuristic(&w.start()), 1);
    }

    #[test]
    fn walking_into_a_block_swaps() {
        let w = BlocksWorld::new(
            &BlocksSpec::coursework((2, 2), (2, 3), (1, 4), (3, 3)),
            true,
        )
        .unwrap();
        let mut s = w.start();
        let u = w.apply(&mut s, Dir::Left);
        assert_eq!(w.draw(&s).lines().nth(2), Some("[ ] [@] [B] [ ]"));
        w.undo(&mut s, u);
        assert_eq!(s, w.start());
    }

    #[test]
    fn bad_settings_are_refused() {
        let mut spec = BlocksSpec::coursework((2, 2), (2, 3), (1, 4), (2, 2));
        assert!(BlocksWorld::new(&spec, true)
            .unwrap_err()
            .contains("same cell"));
        spec.agent = (5, 1);
        assert!(BlocksWorld::new(&spec, true)
            .unwrap_err()
            .contains("off the 4 × 4 grid"));
        spec.agent = (4, 4);
        spec.walls = vec![(1, 4)];
        assert!(BlocksWorld::new(&spec, true)
            .unwrap_err()
            .contains("blocked"));
        spec.walls.clear();
        spec.goals.push(('D', (1, 1)));
        assert!(BlocksWorld::new(&spec, true)
            .unwrap_err()
            .contains("block D"));
    }
}
