//! A plain IDA* for the 15-puzzle (Korf, 1985) — the measuring stick of `arbor bench ida`, not
//! part of Arbor: the board moved in place, Manhattan distance updated by the tile that moved,
//! the move straight back never generated, the blank tried up, left, right, down. Arbor's own
//! IDA* (the generic, observed engine of `arbor-search`) is measured against it.
//!
//! The goal has the blank in cell 0 and tile i in cell i, as in Korf's 100 instances.

/// Cells of the board.
const N: usize = 16;

struct Plain {
    board: [u8; N],
    /// `dist[tile][cell]`: the tile's Manhattan distance from `cell` to its goal cell.
    dist: [[u8; N]; N],
    /// `moves[cell]`: the cells the blank can move to from `cell`, with the move (0 up, 1 left,
    /// 2 right, 3 down; `3 - m` undoes `m`), and how many there are.
    moves: [([(u8, u8); 4], u8); N],
    bound: u32,
    next: u32,
    generated: u64,
}

impl Plain {
    fn search(&mut self, blank: usize, g: u32, h: u32, previous: u8) -> bool {
        if h == 0 {
            return true;
        }
        let (list, len) = self.moves[blank];
        for &(to, m) in &list[..len as usize] {
            if m + previous == 3 {
                continue;
            }
            let to = to as usize;
            let tile = self.board[to];
            let t = tile as usize;
            let child_h = h + u32::from(self.dist[t][blank]) - u32::from(self.dist[t][to]);
            self.generated += 1;
            if g + 1 + child_h > self.bound {
                self.next = self.next.min(g + 1 + child_h);
                continue;
            }
            self.board[blank] = tile;
            self.board[to] = 0;
            let found = self.search(to, g + 1, child_h, m);
            self.board[to] = tile;
            self.board[blank] = 0;
            if found {
                return true;
            }
        }
        false
    }
}

/// Solves a 15-puzzle board (16 tiles, 0 the blank): the optimal length and the nodes
/// generated (the start counted once, every child counted when its move is made, as Korf's
/// data counts them).
pub fn solve(tiles: &[u8; N]) -> (u32, u64) {
    let mut p = Plain {
        board: *tiles,
        dist: [[0; N]; N],
        moves: [([(0, 0); 4], 0); N],
        bound: 0,
        next: 0,
        generated: 1,
    };
    for cell in 0..N {
        let (r, c) = (cell / 4, cell % 4);
        for (m, (dr, dc)) in [(-1i32, 0i32), (0, -1), (0, 1), (1, 0)]
            .into_iter()
            .enumerate()
        {
            let (nr, nc) = (r as i32 + dr, c as i32 + dc);
            if (0..4).contains(&nr) && (0..4).contains(&nc) {
                let (list, len) = &mut p.moves[cell];
                list[*len as usize] = ((nr * 4 + nc) as u8, m as u8);
                *len += 1;
            }
        }
        for tile in 1..N {
            p.dist[tile][cell] =
                ((r as i32 - (tile / 4) as i32).abs() + (c as i32 - (tile % 4) as i32).abs()) as u8;
        }
    }
    let blank = tiles.iter().position(|&t| t == 0).expect("a blank");
    let h: u32 = (0..N)
        .filter(|&c| tiles[c] != 0)
        .map(|c| u32::from(p.dist[tiles[c] as usize][c]))
        .sum();
    p.bound = h;
    loop {
        p.next = u32::MAX;
        // 4 is no move (no m + 4 is 3): nothing is skipped at the start.
        if p.search(blank, 0, h, 4) {
            return (p.bound, p.generated);
        }
        p.bound = p.next;
    }
}

#[cfg(test)]
mod tests {
    /// Korf's instance 2 (the data file's length and nodes).
    #[test]
    fn korf_two() {
        let tiles = [13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6];
        assert_eq!(super::solve(&tiles), (55, 15_300_442));
    }
}
