//! The sliding puzzle's board: the tile in each cell and where the blank is, the blank's moves
//! (whose one grid step the blocks world and the path-finding grid share), and boards read
//! from text. Below both the puzzle and its pattern databases.

use std::fmt;

/// Cells are stored in arrays of this size and indexed modulo it, so that indexing needs no
/// bounds checks in the search's inner loop.
pub(crate) const SLOTS: usize = 32;
/// Indexes modulo [`SLOTS`].
pub(crate) const MASK: usize = SLOTS - 1;

/// Where the blank moves. The values are Korf's order, so that a direction's opposite is
/// `3 − d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[repr(u8)]
pub enum Dir {
    /// Up a row.
    Up = 0,
    /// Left a column.
    Left = 1,
    /// Right a column.
    Right = 2,
    /// Down a row.
    Down = 3,
}

impl Dir {
    /// The cell one step from `cell` this way on a `width` × `height` board of cells numbered
    /// row by row, or `None` off the board: the one grid step of the sliding puzzle's blank, the
    /// blocks world's agent and the path-finding grid.
    pub fn step(self, cell: usize, width: usize, height: usize) -> Option<usize> {
        let (x, y) = (cell % width, cell / width);
        match self {
            Dir::Up if y > 0 => Some(cell - width),
            Dir::Down if y + 1 < height => Some(cell + width),
            Dir::Left if x > 0 => Some(cell - 1),
            Dir::Right if x + 1 < width => Some(cell + 1),
            _ => None,
        }
    }

    /// The letter used in move lists: U, D, L, R.
    pub fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }

    /// The opposite direction.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// True if `self` undoes `other`.
    #[inline]
    pub fn undoes(self, other: Dir) -> bool {
        self as u8 + other as u8 == 3
    }

    /// The order actions are tried in (Korf's: up, left, right, down).
    pub const ORDER: [Dir; 4] = [Dir::Up, Dir::Left, Dir::Right, Dir::Down];
}

/// A move of the sliding puzzle's blank: its direction, and the cell it moves to (so a search
/// reads the tile that moves without looking the neighbour up again).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Slide {
    /// The direction.
    pub dir: Dir,
    /// The cell the blank moves to.
    pub to: u8,
}

impl Slide {
    /// The letter used in move lists: U, D, L, R.
    pub fn letter(self) -> char {
        self.dir.letter()
    }
}

/// Some of the four directions, in order: the moves possible in a grid cell.
#[derive(Clone, Copy, Debug)]
pub struct Dirs {
    list: [Dir; 4],
    len: u8,
    next: u8,
}

impl Dirs {
    /// The directions, of up, down, left, right in that order, for which `allowed` is true.
    pub fn allowed(mut allowed: impl FnMut(Dir) -> bool) -> Dirs {
        let mut out = Dirs {
            list: [Dir::Up; 4],
            len: 0,
            next: 0,
        };
        for d in [Dir::Up, Dir::Down, Dir::Left, Dir::Right] {
            if allowed(d) {
                out.list[out.len as usize] = d;
                out.len += 1;
            }
        }
        out
    }
}

impl Iterator for Dirs {
    type Item = Dir;

    fn next(&mut self) -> Option<Dir> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.list[(self.next - 1) as usize & 3]
        })
    }
}

/// A position: the tile in each cell, row-major, and where the blank is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    pub(crate) cells: [u8; SLOTS],
    pub(crate) blank: u8,
}

/// Hashed as four words: the cells decide the blank, so it adds nothing.
impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for chunk in self.cells.chunks_exact(8) {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            state.write_u64(u64::from_le_bytes(word));
        }
    }
}

impl Board {
    /// The tiles, row-major (only the board's own cells).
    pub fn tiles(&self, len: usize) -> &[u8] {
        &self.cells[..len]
    }

    /// The blank's cell.
    pub fn blank(&self) -> usize {
        self.blank as usize
    }

    /// Slides the tile in cell `to` into the blank (a neighbour of it).
    #[inline]
    pub(crate) fn slide(&mut self, to: usize) {
        let from = self.blank as usize & MASK;
        self.cells[from] = self.cells[to & MASK];
        self.cells[to & MASK] = 0;
        self.blank = to as u8;
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self
            .cells
            .iter()
            .rposition(|&c| c != 0)
            .map_or(1, |i| i + 1)
            .max(self.blank as usize + 1);
        write!(f, "{:?}", &self.cells[..n])
    }
}

/// Reads one puzzle line: tiles separated by spaces or commas. Returns the tiles.
pub fn parse_tiles(line: &str) -> Result<Vec<u8>, String> {
    let mut tiles = Vec::new();
    for word in line
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
    {
        match word.parse::<u8>() {
            Ok(t) => tiles.push(t),
            Err(_) => {
                return Err(format!(
                    "“{}” is not a tile number",
                    arbor_util::shown(word)
                ))
            }
        }
    }
    if tiles.is_empty() {
        return Err("no tiles".into());
    }
    Ok(tiles)
}

/// The board shape for `cells` tiles when none is given: the square one.
pub fn square_side(cells: usize) -> Option<usize> {
    (2..=5).find(|s| s * s == cells)
}
