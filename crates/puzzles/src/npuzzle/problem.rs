//! The sliding puzzle as a search problem: its moves made and undone in place, its heuristic
//! updated from the move alone (before or after it is made), and, for the searches that leave
//! out their observer, the puzzle with Manhattan distance fixed ([`ManhattanTiles`]).

use arbor_search::{Cost, Problem, Run};

use super::moves::{all_moves, blank_of, dir_index, Slides, ANY_PREVIOUS};
use super::{Heuristic, NPuzzle};
use crate::board::{Board, Slide, MASK, SLOTS};

impl NPuzzle {
    /// The pattern database's estimate of the child `action` leads to (`None` without one),
    /// out of line so that the Manhattan path of the search's inner loop stays small.
    #[inline(never)]
    fn pdb_before(&self, parent: &Board, action: Slide, h: Cost) -> Option<Cost> {
        match (&self.pdb, self.heuristic) {
            (Some(db), Heuristic::Pdb) => Some(Cost::from(db.estimate_after_slide(
                parent,
                action.to as usize,
                // (A puzzle's estimates are small: a u32 holds them.)
                h as u32,
            ))),
            _ => None,
        }
    }

    /// A heuristic other than Manhattan distance of a child, out of line (see `pdb_before`).
    #[inline(never)]
    fn other_after(&self, child: &Board, old_blank: u8, parent_h: Cost) -> Cost {
        if let (Some(db), Heuristic::Pdb) = (&self.pdb, self.heuristic) {
            // Back to the parent, then the slide told from it.
            let mut parent = *child;
            parent.slide(old_blank as usize);
            let h = db.estimate_after_slide(&parent, child.blank as usize, parent_h as u32);
            return Cost::from(h);
        }
        Cost::from(self.estimate(child))
    }

    /// Manhattan distance of the child `action` leads to from `parent` (distance `h`): only the
    /// tile next to the blank moves.
    #[inline(always)]
    fn manhattan_before(&self, parent: &Board, action: Slide, h: Cost) -> Cost {
        let from = parent.blank as usize & MASK;
        let to = action.to as usize & MASK;
        let tile = parent.cells[to] as usize & MASK;
        h + Cost::from(self.distance[tile][from]) - Cost::from(self.distance[tile][to])
    }

    /// Manhattan distance of `child`, just reached from a parent of distance `parent_h` whose
    /// blank was in `old_blank`: only the tile that moved changes it.
    #[inline(always)]
    fn manhattan_after(&self, child: &Board, old_blank: u8, parent_h: Cost) -> Cost {
        let tile = child.cells[old_blank as usize & MASK] as usize & MASK;
        let before = Cost::from(self.distance[tile][child.blank as usize & MASK]);
        let after = Cost::from(self.distance[tile][old_blank as usize & MASK]);
        parent_h + after - before
    }
}

impl Problem for NPuzzle {
    type State = Board;
    type Action = Slide;
    type Undo = u8;
    type Actions<'a> = Slides;

    fn start(&self) -> Board {
        self.start
    }

    #[inline]
    fn is_goal(&self, state: &Board) -> bool {
        state.blank == self.goal.blank && state.cells == self.goal.cells
    }

    /// Every heuristic but zero is 0 exactly when every tile is home; zero is 0 everywhere, so
    /// then the board decides. (h is tested first: it is in hand, and rarely 0.)
    #[inline]
    fn is_goal_given(&self, state: &Board, h: Cost) -> bool {
        h == 0 && (self.exact_at_goal || self.is_goal(state))
    }

    #[inline]
    fn actions<'a>(&'a self, state: &Board) -> Self::Actions<'a> {
        self.actions_after(state, None, false)
    }

    const UNIT_COSTS: bool = true;

    const LEAVES_OUT_REVERSES: bool = true;

    #[inline]
    fn actions_after<'a>(
        &'a self,
        state: &Board,
        previous: Option<Slide>,
        skip_reverses: bool,
    ) -> Self::Actions<'a> {
        // After a move, the blank is where it went: read from the move in hand rather than
        // from the board, where it was only just written (a read so soon after the write
        // measured 1.12× the plain IDA*'s time against 1.05×). The board is read only at the
        // start, out of line, so that the compiler does not read it anyway and then choose.
        let (blank, previous) = match previous {
            Some(p) => (p.to, dir_index(p.dir)),
            None => (blank_of(state), ANY_PREVIOUS),
        };
        debug_assert_eq!(
            blank, state.blank,
            "the move given did not reach this board"
        );
        let list = if skip_reverses { previous } else { all_moves() };
        self.moves[blank as usize & MASK][list]
    }

    #[inline]
    fn apply(&self, state: &mut Board, action: Slide) -> u8 {
        // (The cell as indexed, as the undo: IDA* then keeps one copy of it, not two.)
        let from = state.blank as usize & MASK;
        debug_assert_eq!(
            action.to,
            self.neighbour[from][dir_index(action.dir)],
            "the blank cannot move {action:?} from cell {from}"
        );
        state.slide(action.to as usize);
        from as u8
    }

    #[inline]
    fn undo(&self, state: &mut Board, from: u8) {
        // The blank slides back.
        state.slide(from as usize);
    }

    fn heuristic(&self, state: &Board) -> Cost {
        Cost::from(self.estimate(state))
    }

    /// Manhattan distance changes only for the tile that moved: from the blank's new cell to
    /// its old one.
    #[inline]
    fn heuristic_after(
        &self,
        child: &Board,
        _action: Slide,
        old_blank: u8,
        parent_h: Cost,
    ) -> Cost {
        if self.heuristic != Heuristic::Manhattan {
            return self.other_after(child, old_blank, parent_h);
        }
        self.manhattan_after(child, old_blank, parent_h)
    }

    /// Manhattan distance before the move: only the tile next to the blank moves.
    #[inline]
    fn heuristic_before(&self, parent: &Board, action: Slide, h: Cost) -> Option<Cost> {
        if self.heuristic != Heuristic::Manhattan {
            return self.pdb_before(parent, action, h);
        }
        Some(self.manhattan_before(parent, action, h))
    }

    /// With Manhattan distance, the searches that leave out their observer (IDA*'s) run on
    /// [`ManhattanTiles`]: this puzzle with its heuristic fixed at compile time.
    fn specialised<R: Run<Board, Slide, u8>>(&self, run: R) -> R::Output {
        if self.heuristic == Heuristic::Manhattan {
            // A copy with its table of changes (once per search: 32 KB), so that the search reads
            // every table through one pointer.
            run.run(&ManhattanTiles::new(self))
        } else {
            run.run(self)
        }
    }

    #[inline]
    fn reverses(&self, action: Slide, previous: Slide) -> bool {
        action.dir.undoes(previous.dir)
    }

    fn goal_states(&self) -> Vec<Board> {
        vec![self.goal]
    }

    /// Every move can be undone: the boards one move before a board are those one move after
    /// it, each reached back by the opposite move.
    fn predecessors(&self, state: &Board, out: &mut Vec<(Board, Slide, Cost)>) {
        for a in self.actions(state) {
            let before = self.result(state, a);
            let back = Slide {
                dir: a.dir.opposite(),
                to: state.blank,
            };
            out.push((before, back, 1));
        }
    }
}

/// A sliding puzzle with Manhattan distance fixed as its heuristic: the same states, moves and
/// values as the [`NPuzzle`] it wraps, with no test of which heuristic is in use at each node
/// (see [`Problem::specialised`]).
struct ManhattanTiles {
    puzzle: NPuzzle,
    /// `change[to][dir][tile]`: how the Manhattan distance changes when the blank moves `dir`
    /// into cell `to` and `tile` slides out of it the other way (−1 or +1). One read, by the
    /// tile as it is on the board, where the distance table takes two and a subtraction: the
    /// steps between the tile read and IDA*'s bound test, at every node.
    change: [[[i8; 256]; 4]; SLOTS],
}

impl ManhattanTiles {
    fn new(puzzle: &NPuzzle) -> ManhattanTiles {
        let mut change = [[[0; 256]; 4]; SLOTS];
        let n = puzzle.cells();
        for from in 0..n {
            for (d, &to) in puzzle.neighbour[from].iter().enumerate() {
                if to == u8::MAX {
                    continue;
                }
                let to = to as usize;
                for (tile, distance) in puzzle.distance.iter().enumerate().take(n).skip(1) {
                    change[to][d][tile] = distance[from] as i8 - distance[to] as i8;
                }
            }
        }
        ManhattanTiles {
            puzzle: puzzle.clone(),
            change,
        }
    }
}

impl Problem for ManhattanTiles {
    type State = Board;
    type Action = Slide;
    type Undo = u8;
    type Actions<'b>
        = <NPuzzle as Problem>::Actions<'b>
    where
        Self: 'b;

    fn start(&self) -> Board {
        self.puzzle.start()
    }

    #[inline]
    fn is_goal(&self, state: &Board) -> bool {
        self.puzzle.is_goal(state)
    }

    /// Manhattan distance is 0 exactly when every tile is home.
    #[inline]
    fn is_goal_given(&self, _state: &Board, h: Cost) -> bool {
        h == 0
    }

    #[inline]
    fn actions<'b>(&'b self, state: &Board) -> Self::Actions<'b> {
        self.puzzle.actions(state)
    }

    const UNIT_COSTS: bool = true;

    const LEAVES_OUT_REVERSES: bool = true;

    #[inline]
    fn actions_after<'b>(
        &'b self,
        state: &Board,
        previous: Option<Slide>,
        skip_reverses: bool,
    ) -> Self::Actions<'b> {
        self.puzzle.actions_after(state, previous, skip_reverses)
    }

    #[inline]
    fn apply(&self, state: &mut Board, action: Slide) -> u8 {
        self.puzzle.apply(state, action)
    }

    #[inline]
    fn undo(&self, state: &mut Board, from: u8) {
        self.puzzle.undo(state, from)
    }

    fn heuristic(&self, state: &Board) -> Cost {
        Cost::from(self.puzzle.estimate_with(Heuristic::Manhattan, state))
    }

    #[inline]
    fn heuristic_after(
        &self,
        child: &Board,
        _action: Slide,
        old_blank: u8,
        parent_h: Cost,
    ) -> Cost {
        self.puzzle.manhattan_after(child, old_blank, parent_h)
    }

    #[inline]
    fn heuristic_before(&self, parent: &Board, action: Slide, h: Cost) -> Option<Cost> {
        let to = action.to as usize & MASK;
        let tile = parent.cells[to] as usize;
        Some(h.wrapping_add_signed(i64::from(self.change[to][dir_index(action.dir)][tile])))
    }

    #[inline]
    fn reverses(&self, action: Slide, previous: Slide) -> bool {
        self.puzzle.reverses(action, previous)
    }

    fn goal_states(&self) -> Vec<Board> {
        self.puzzle.goal_states()
    }

    fn predecessors(&self, state: &Board, out: &mut Vec<(Board, Slide, Cost)>) {
        self.puzzle.predecessors(state, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Dir;
    use crate::npuzzle::tests::eight;
    use arbor_util::SplitMix64;

    #[test]
    fn moves_and_undo() {
        let p = eight(&[1, 2, 3, 4, 5, 6, 7, 8, 0]);
        let mut b = p.start();
        let acts: Vec<Dir> = p.actions(&b).map(|s| s.dir).collect();
        assert_eq!(acts, [Dir::Up, Dir::Left]);
        let up = p.actions(&b).next().unwrap();
        let u = p.apply(&mut b, up);
        assert_eq!(b.tiles(9), [1, 2, 3, 4, 5, 0, 7, 8, 6]);
        p.undo(&mut b, u);
        assert_eq!(b, p.start());
        assert!(p.is_goal(&b));
    }

    #[test]
    fn incremental_manhattan_matches_full() {
        let p = eight(&[8, 1, 3, 4, 0, 2, 7, 6, 5]).shuffled(50, 3);
        let mut b = p.start();
        let mut h = p.heuristic(&b);
        let mut rng = SplitMix64(4);
        for _ in 0..200 {
            let acts: Vec<Slide> = p.actions(&b).collect();
            let d = acts[(rng.next_u64() % acts.len() as u64) as usize];
            // Every move's estimate told before it is made is the one after it.
            for &other in &acts {
                let before = p.heuristic_before(&b, other, h);
                let mut child = b;
                p.apply(&mut child, other);
                assert_eq!(before, Some(p.heuristic(&child)));
            }
            let u = p.apply(&mut b, d);
            h = p.heuristic_after(&b, d, u, h);
            assert_eq!(h, p.heuristic(&b));
        }
        // Other heuristics are not told before the move.
        let linear = NPuzzle {
            heuristic: Heuristic::LinearConflict,
            ..p.clone()
        };
        let any = linear.actions(&b).next().unwrap();
        assert_eq!(linear.heuristic_before(&b, any, 0), None);
    }

    /// The specialised puzzle IDA* runs on tells each child's Manhattan distance from its
    /// table of changes: the distance counted afresh on the child, on every board shape, along
    /// random walks with a goal that is not the usual one.
    #[test]
    fn manhattan_tiles_tell_each_childs_distance() {
        for (rows, cols) in [(2, 3), (3, 2), (3, 3), (3, 5), (4, 4), (5, 5)] {
            let n = rows * cols;
            let mut goal: Vec<u8> = (0..n as u8).collect();
            goal.rotate_left(n / 2);
            let p = NPuzzle::new(rows, cols, &goal, &goal, Heuristic::Manhattan)
                .unwrap()
                .shuffled(40, n as u64);
            let tiles = ManhattanTiles::new(&p);
            let mut b = p.start();
            let mut h = tiles.heuristic(&b);
            let mut rng = SplitMix64(n as u64);
            for _ in 0..300 {
                let acts: Vec<Slide> = tiles.actions(&b).collect();
                for &a in &acts {
                    let mut child = b;
                    tiles.apply(&mut child, a);
                    let counted = p.estimate_with(Heuristic::Manhattan, &child);
                    assert_eq!(tiles.heuristic_before(&b, a, h), Some(Cost::from(counted)));
                }
                let d = acts[(rng.next_u64() % acts.len() as u64) as usize];
                let undo = tiles.apply(&mut b, d);
                h = tiles.heuristic_after(&b, d, undo, h);
                assert_eq!(h, Cost::from(p.estimate_with(Heuristic::Manhattan, &b)));
            }
        }
    }

    /// The lists made ready for each previous move are the board's moves in Korf's order, from
    /// its geometry, less the opposite of the previous move — on every board shape and cell.
    #[test]
    fn moves_after_a_move_leave_out_only_its_opposite() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 2), (3, 3), (3, 5), (4, 4), (5, 5)] {
            let n = rows * cols;
            for blank in 0..n {
                let mut tiles: Vec<u8> = (1..n as u8).collect();
                tiles.insert(blank, 0);
                let p = NPuzzle::new(rows, cols, &tiles, &tiles, Heuristic::Manhattan).unwrap();
                let b = p.start();
                let (r, c) = (blank / cols, blank % cols);
                let all: Vec<Dir> = Dir::ORDER
                    .into_iter()
                    .filter(|d| match d {
                        Dir::Up => r > 0,
                        Dir::Down => r + 1 < rows,
                        Dir::Left => c > 0,
                        Dir::Right => c + 1 < cols,
                    })
                    .collect();
                let dirs = |it: <NPuzzle as Problem>::Actions<'_>| -> Vec<Dir> {
                    it.map(|s| s.dir).collect()
                };
                assert_eq!(dirs(p.actions(&b)), all);
                assert_eq!(dirs(p.actions_after(&b, None, false)), all);
                assert_eq!(dirs(p.actions_after(&b, None, true)), all);
                for previous in Dir::ORDER {
                    let before = Slide {
                        dir: previous,
                        to: blank as u8,
                    };
                    let left: Vec<Dir> = all
                        .iter()
                        .copied()
                        .filter(|&d| d != previous.opposite())
                        .collect();
                    let got = dirs(p.actions_after(&b, Some(before), true));
                    assert_eq!(
                        got, left,
                        "{rows}×{cols}, blank in {blank}, after {previous:?}"
                    );
                    // Without the cycle check, every move.
                    assert_eq!(dirs(p.actions_after(&b, Some(before), false)), all);
                    for a in p.actions_after(&b, Some(before), true) {
                        assert!(!p.reverses(a, before));
                        // Every move costs 1, as `UNIT_COSTS` tells the searches.
                        assert!(NPuzzle::UNIT_COSTS && p.step_cost(&b, a) == 1);
                        assert_eq!(p.neighbour[blank][dir_index(a.dir)], a.to);
                    }
                }
            }
        }
    }
}
