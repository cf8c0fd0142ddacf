//! The cells a straight stroke crosses on a grid: a drag's pointer events skip cells when the
//! pointer moves fast, and the editor fills in the cells on the line between the last cell and
//! the new one.

/// How the cells of a line touch one another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connect {
    /// Each cell shares a side with the next: every cell the line passes through, and where it
    /// passes exactly through a corner, one of the two cells beside it (a supercover line, thin
    /// at corners). A wall drawn so blocks four-way and eight-way moves alike.
    Four,
    /// Each cell shares a side or a corner with the next: one cell per column or row along
    /// the longer axis, the nearest to the line (Bresenham's line).
    Eight,
}

/// The cells from `from` to `to` (both included, in order from `from`), each `(x, y)`. The
/// same cells whichever end the line is drawn from.
pub fn cells(from: (usize, usize), to: (usize, usize), connect: Connect) -> Vec<(usize, usize)> {
    // Drawn from the lesser end, so that a tie (a corner, a cell exactly half-way) is broken
    // the same way whichever end the stroke began at.
    if to < from {
        let mut back = cells(to, from, connect);
        back.reverse();
        return back;
    }
    let (x0, y0) = (from.0 as i64, from.1 as i64);
    let (x1, y1) = (to.0 as i64, to.1 as i64);
    let (nx, ny) = ((x1 - x0).abs(), (y1 - y0).abs());
    let (sx, sy) = ((x1 - x0).signum(), (y1 - y0).signum());
    let (mut x, mut y) = (x0, y0);
    let mut out = vec![from];
    let mut push = |x: i64, y: i64| out.push((x as usize, y as usize));
    match connect {
        Connect::Four => {
            // Walk from cell to cell, across whichever side the line meets next: after ix
            // vertical sides and iy horizontal ones, the next vertical side is at
            // t = (ix + ½) / nx and the next horizontal one at (iy + ½) / ny.
            let (mut ix, mut iy) = (0, 0);
            while ix < nx || iy < ny {
                let next = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
                if next <= 0 {
                    x += sx;
                    ix += 1;
                    if next == 0 {
                        // Exactly through a corner: the cell beside it, then the diagonal one.
                        push(x, y);
                        y += sy;
                        iy += 1;
                    }
                } else {
                    y += sy;
                    iy += 1;
                }
                push(x, y);
            }
        }
        Connect::Eight => {
            // Bresenham's line, for every octant.
            let mut err = nx - ny;
            while (x, y) != (x1, y1) {
                let e2 = 2 * err;
                if e2 >= -ny {
                    err -= ny;
                    x += sx;
                }
                if e2 <= nx {
                    err += nx;
                    y += sy;
                }
                push(x, y);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the segment between the centres of `a` and `b` passes through the inside of
    /// cell `c` (the unit square around its centre), exactly, in integers: the cells a stroke
    /// crosses. Coordinates are doubled so that cell sides fall on odd numbers.
    fn crosses(a: (usize, usize), b: (usize, usize), c: (usize, usize)) -> bool {
        let (ax, ay) = (2 * a.0 as i64, 2 * a.1 as i64);
        let (bx, by) = (2 * b.0 as i64, 2 * b.1 as i64);
        let (cx, cy) = (2 * c.0 as i64, 2 * c.1 as i64);
        // The segment P(t) = A + t (B − A), t in [0, 1], meets the open square
        // (cx − 1, cx + 1) × (cy − 1, cy + 1) iff the open t-intervals of both axes overlap
        // within [0, 1]. Each interval is kept as a fraction over the axis's |d|.
        let (dx, dy) = (bx - ax, by - ay);
        // Per axis: (low, high) with t in (low / den, high / den), or "always" / "never".
        fn axis(p: i64, d: i64, c: i64) -> Option<Option<(i64, i64, i64)>> {
            if d == 0 {
                return if (c - 1) < p && p < (c + 1) {
                    Some(None)
                } else {
                    None
                };
            }
            let (lo, hi) = if d > 0 {
                (c - 1 - p, c + 1 - p)
            } else {
                (p - c - 1, p - c + 1)
            };
            Some(Some((lo, hi, d.abs())))
        }
        let (Some(x), Some(y)) = (axis(ax, dx, cx), axis(ay, dy, cy)) else {
            return false;
        };
        // The overlap of (0, 1) — the inside of the segment, or its end cells — and both.
        let mut intervals = vec![(0i64, 1i64, 1i64)];
        intervals.extend(x);
        intervals.extend(y);
        // max of lows < min of highs, comparing fractions by cross-multiplying.
        let lt = |(n1, d1): (i64, i64), (n2, d2): (i64, i64)| n1 * d2 < n2 * d1;
        let low = intervals
            .iter()
            .map(|&(l, _, d)| (l, d))
            .fold((-1, 1), |m, v| if lt(m, v) { v } else { m });
        let high = intervals
            .iter()
            .map(|&(_, h, d)| (h, d))
            .fold((2, 1), |m, v| if lt(v, m) { v } else { m });
        lt(low, high) || a == c || b == c
    }

    /// Every pair of ends in a 9 × 9 box, so every direction and slope, steep and shallow.
    fn ends() -> Vec<((usize, usize), (usize, usize))> {
        let points: Vec<(usize, usize)> =
            (0..9).flat_map(|x| (0..9).map(move |y| (x, y))).collect();
        points
            .iter()
            .flat_map(|&a| points.iter().map(move |&b| (a, b)))
            .collect()
    }

    #[test]
    fn a_four_connected_line_paints_every_cell_the_stroke_crosses() {
        for (a, b) in ends() {
            let line = cells(a, b, Connect::Four);
            assert_eq!((line[0], *line.last().unwrap()), (a, b), "{a:?} {b:?}");
            for w in line.windows(2) {
                let step = w[0].0.abs_diff(w[1].0) + w[0].1.abs_diff(w[1].1);
                assert_eq!(step, 1, "{a:?} → {b:?}: {line:?}");
            }
            // Every cell crossed is painted; every cell painted is crossed or touched at a
            // corner the line passes through (the one side cell that keeps it connected).
            for x in 0..9 {
                for y in 0..9 {
                    if crosses(a, b, (x, y)) {
                        assert!(
                            line.contains(&(x, y)),
                            "{a:?} → {b:?} misses {:?}: {line:?}",
                            (x, y)
                        );
                    }
                }
            }
            let crossed = line.iter().filter(|&&c| crosses(a, b, c)).count();
            let corners = line.len() - crossed;
            assert!(
                corners <= a.0.abs_diff(b.0).min(a.1.abs_diff(b.1)),
                "{a:?} → {b:?}: {line:?}"
            );
            let mut back = cells(b, a, Connect::Four);
            back.reverse();
            assert_eq!(back, line, "{a:?} ↔ {b:?}");
        }
    }

    #[test]
    fn an_eight_connected_line_has_a_cell_per_step_along_its_longer_axis() {
        for (a, b) in ends() {
            let line = cells(a, b, Connect::Eight);
            let (dx, dy) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
            assert_eq!(line.len(), dx.max(dy) + 1, "{a:?} → {b:?}: {line:?}");
            assert_eq!((line[0], *line.last().unwrap()), (a, b));
            for w in line.windows(2) {
                let (sx, sy) = (w[0].0.abs_diff(w[1].0), w[0].1.abs_diff(w[1].1));
                assert!(sx.max(sy) == 1, "{a:?} → {b:?}: {line:?}");
            }
            // Each cell is the nearest to the line in its column (or row, if steep): within
            // half a cell of it, in integers.
            for &(x, y) in &line {
                let (ax, ay, bx, by) = (a.0 as i64, a.1 as i64, b.0 as i64, b.1 as i64);
                let (x, y) = (x as i64, y as i64);
                let off = if dx >= dy {
                    // y on the line at x, times dx: ay·dx + (x − ax)·(by − ay).
                    (2 * (y * (bx - ax) - ay * (bx - ax) - (x - ax) * (by - ay))).abs()
                        <= (bx - ax).abs().max(1)
                } else {
                    (2 * (x * (by - ay) - ax * (by - ay) - (y - ay) * (bx - ax))).abs()
                        <= (by - ay).abs().max(1)
                };
                assert!(
                    off,
                    "{a:?} → {b:?}: {:?} is off the line in {line:?}",
                    (x, y)
                );
            }
            let mut back = cells(b, a, Connect::Eight);
            back.reverse();
            assert_eq!(back, line, "{a:?} ↔ {b:?}");
        }
    }

    /// The fast drag: 16 cells crossed, each painted (it drew 5).
    #[test]
    fn a_fast_drag_across_sixteen_cells() {
        let line = cells((2, 3), (17, 3), Connect::Four);
        assert_eq!(line, (2..=17).map(|x| (x, 3)).collect::<Vec<_>>());
        // Through a corner at (1.5, 0.5): the four cells crossed and one beside the corner.
        let slanted = cells((0, 0), (3, 1), Connect::Four);
        assert_eq!(slanted.len(), 5, "{slanted:?}");
        for c in [(0, 0), (1, 0), (2, 1), (3, 1)] {
            assert!(slanted.contains(&c), "{slanted:?}");
        }
    }
}
