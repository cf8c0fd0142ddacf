//! The blank's moves from each cell as the search tries them: up to four, packed into one word
//! ([`Slides`]), a list for each previous move less the move that undoes it.

use crate::board::{Board, Dir, Slide, MASK, SLOTS};

/// The blank's cell on `board`.
#[cold]
#[inline(never)]
pub(super) fn blank_of(board: &Board) -> u8 {
    board.blank
}

/// [`ANY_PREVIOUS`], out of line: the list chosen by a branch (which the processor predicts)
/// rather than by a conditional move (which waits for the search's cycle-check setting to be
/// read; 3% of IDA*'s time).
#[cold]
#[inline(never)]
pub(super) fn all_moves() -> usize {
    ANY_PREVIOUS
}

/// The index of [`NPuzzle::moves`]' lists that leaves no move out.
pub(super) const ANY_PREVIOUS: usize = 4;

/// Up to four moves of the blank, one to a byte in a word, the first lowest: as an iterator,
/// the moves still to come. A byte is `0x80 | dir << 5 | to` (cells below 32), so that the
/// word is 0 once the last has been taken.
///
/// (One word that IDA* keeps in a register: the next move is a shift away, where a list in
/// memory takes a read on the way from one child's bound test to the next.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slides(u32);

impl Slides {
    /// No moves.
    pub(super) const NONE: Slides = Slides(0);

    /// The same moves, and `slide` after them (the list holds four at most).
    pub(super) fn then(self, slide: Slide) -> Slides {
        let at = 8 * (32 - self.0.leading_zeros()).div_ceil(8);
        debug_assert!(at < 32 && usize::from(slide.to) < SLOTS);
        let byte = 0x80 | (dir_index(slide.dir) as u32) << 5 | u32::from(slide.to);
        Slides(self.0 | byte << at)
    }
}

impl Iterator for Slides {
    type Item = Slide;

    // (Always inlined: the wasm build's size settings would otherwise leave it a call.)
    #[inline(always)]
    fn next(&mut self) -> Option<Slide> {
        let byte = self.0 as u8;
        (byte != 0).then(|| {
            self.0 >>= 8;
            let dir = match byte >> 5 & 3 {
                0 => Dir::Up,
                1 => Dir::Left,
                2 => Dir::Right,
                _ => Dir::Down,
            };
            Slide {
                dir,
                to: byte & MASK as u8,
            }
        })
    }
}

#[inline]
pub(super) fn dir_index(d: Dir) -> usize {
    d as usize & 3
}

#[cfg(test)]
mod tests {
    use crate::board::{Dir, Slide};
    use crate::npuzzle::{Heuristic, NPuzzle, MAX_CELLS};
    use arbor_search::Problem;

    /// The packed move lists give, on every board shape and for every cell and previous move,
    /// the moves of [`Dir::step`] in Korf's order, less the one that undoes the previous move
    /// when reverses are skipped.
    #[test]
    fn move_lists_are_the_steps_in_order() {
        for rows in 2..=MAX_CELLS / 2 {
            for cols in 2..=MAX_CELLS / rows {
                let n = rows * cols;
                for blank in 0..n {
                    let mut start: Vec<u8> = (1..n as u8).collect();
                    start.insert(blank, 0);
                    let p = NPuzzle::new(
                        rows,
                        cols,
                        &start,
                        &NPuzzle::standard_goal(n),
                        Heuristic::Zero,
                    )
                    .unwrap();
                    let board = p.start();
                    let steps = |skip: Option<Dir>| -> Vec<Slide> {
                        Dir::ORDER
                            .into_iter()
                            .filter(|d| skip.is_none_or(|s| !d.undoes(s)))
                            .filter_map(|dir| {
                                let to = dir.step(blank, cols, rows)?;
                                Some(Slide { dir, to: to as u8 })
                            })
                            .collect()
                    };
                    assert_eq!(p.actions(&board).collect::<Vec<_>>(), steps(None));
                    for dir in Dir::ORDER {
                        // The move that brought the blank here (from the opposite side).
                        let previous = Slide {
                            dir,
                            to: blank as u8,
                        };
                        for skip in [false, true] {
                            let got: Vec<Slide> =
                                p.actions_after(&board, Some(previous), skip).collect();
                            let want = steps(skip.then_some(dir));
                            assert_eq!(got, want, "{rows} × {cols}, blank {blank}, after {dir:?}");
                        }
                    }
                }
            }
        }
    }
}
