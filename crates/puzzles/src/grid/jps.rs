//! Jump Point Search's successors (Harabor and Grastien, 2011): from a cell entered in some
//! direction, the directions the pruning keeps, and from each the jump point a run that way
//! reaches — the goal, or a cell with a forced neighbour.

use super::{cell_of, Grid, GridMove, GridMoves, GridState, CELL_BITS, DIRS, OPPOSITE};

impl Grid {
    /// True if the cell at (x, y) is on the grid and free. (Coordinates, not a cell's index:
    /// a run along the grid then takes no division at each step.)
    #[inline(always)]
    fn open_at(&self, x: isize, y: isize) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.weight[y as usize * self.width + x as usize] != 0
    }

    /// Jump Point Search: from `cell`, run in direction `d` until a cell worth stopping at (the
    /// goal, or one with a forced neighbour), or a wall. Returns it and the cells crossed.
    fn jump(&self, cell: usize, d: usize) -> Option<(usize, u32)> {
        let (x, y) = self.xy(cell);
        let (x, y) = (x as isize, y as isize);
        self.jump_from(x, y, d)
            .map(|(x, y, run)| (y as usize * self.width + x as usize, run))
    }

    /// [`Grid::jump`] from (x, y): the jump point's coordinates and the cells crossed.
    #[inline]
    fn jump_from(&self, mut x: isize, mut y: isize, d: usize) -> Option<(isize, isize, u32)> {
        let (dx, dy) = (DIRS[d].0 as isize, DIRS[d].1 as isize);
        let (gx, gy) = self.xy(self.goal as usize);
        let (gx, gy) = (gx as isize, gy as isize);
        let mut run = 0;
        loop {
            // The step: onto a free cell, and for a diagonal one, past no wall's corner.
            if !self.open_at(x + dx, y + dy)
                || (d >= 4 && !(self.open_at(x + dx, y) && self.open_at(x, y + dy)))
            {
                return None;
            }
            x += dx;
            y += dy;
            run += 1;
            if (x, y) == (gx, gy) {
                return Some((x, y, run));
            }
            if d < 4 {
                // A forced neighbour: free beside the run here, walled beside the cell before.
                let forced = if dy == 0 {
                    (self.open_at(x, y - 1) && !self.open_at(x - dx, y - 1))
                        || (self.open_at(x, y + 1) && !self.open_at(x - dx, y + 1))
                } else {
                    (self.open_at(x - 1, y) && !self.open_at(x - 1, y - dy))
                        || (self.open_at(x + 1, y) && !self.open_at(x + 1, y - dy))
                };
                if forced {
                    return Some((x, y, run));
                }
            } else {
                // A diagonal run stops where a straight run from it would stop.
                let horizontal = if dx < 0 { 1 } else { 2 };
                let vertical = if dy < 0 { 0 } else { 3 };
                if self.jump_from(x, y, horizontal).is_some()
                    || self.jump_from(x, y, vertical).is_some()
                {
                    return Some((x, y, run));
                }
            }
        }
    }

    /// Jump Point Search's successors of a state: from each direction the pruning keeps, the
    /// jump point reached.
    pub(super) fn jump_moves(&self, state: GridState) -> GridMoves {
        let cell = cell_of(state) as usize;
        let entered = (state >> CELL_BITS) as usize; // 0: the start, else dir + 1
        let mut out = GridMoves::empty();
        for d in 0..8 {
            if entered > 0 && !self.kept(cell, entered - 1, d) {
                continue;
            }
            if let Some((to, run)) = self.jump(cell, d) {
                out.list[out.len as usize] = GridMove {
                    to: to as u32,
                    dir: d as u8,
                    run,
                };
                out.len += 1;
            }
        }
        out
    }

    /// Whether JPS's pruning keeps direction `d` from `cell`, entered in direction `e`: the
    /// natural directions (straight on; for a diagonal, also its two straight parts) and, after
    /// a straight move, the directions a wall behind made necessary (across, and diagonally on
    /// to that side). Never straight back.
    fn kept(&self, cell: usize, e: usize, d: usize) -> bool {
        if d == e {
            return true;
        }
        let (ex, ey) = DIRS[e];
        let (dx, dy) = DIRS[d];
        if e >= 4 {
            // Diagonal: its horizontal and vertical parts.
            return (dx == ex && dy == 0) || (dx == 0 && dy == ey);
        }
        // Straight: across or diagonally forward, towards a side walled behind.
        let back = OPPOSITE[e] as usize;
        let Some(behind) = self.free(cell, back) else {
            return false;
        };
        let across: [usize; 2] = if e == 0 || e == 3 { [1, 2] } else { [0, 3] };
        for a in across {
            if self.free(behind, a).is_some() {
                continue;
            }
            let (ax, ay) = DIRS[a];
            if d == a || (dx == ex + ax && dy == ey + ay) {
                return true;
            }
        }
        false
    }
}
