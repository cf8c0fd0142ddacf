//! Tidy tree layout: a pure function from a tree's shape to node coordinates.
//!
//! The drawing rules (Reingold and Tilford's, as in Walker's and Buchheim's refinements):
//! nodes at the same depth keep at least one unit apart, children keep their order, a parent
//! sits centred over its first and last child, and a subtree is drawn the same wherever it
//! occurs. Subtrees are packed against their left neighbours by comparing contours; packing
//! from the left alone pushes small subtrees leftwards, so the layout is also made packing
//! from the right, and the two are averaged. Averaging keeps every rule: both layouts order the
//! nodes of a level alike with gaps of at least one unit, and centring is linear.

#![deny(missing_docs)]

/// Coordinates of every node: `x` in units of the minimum gap (the leftmost node at 0), and
/// `depth` in levels (the root at 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Horizontal position of each node.
    pub x: Vec<f64>,
    /// Level of each node.
    pub depth: Vec<u32>,
    /// Largest `x`.
    pub width: f64,
    /// Largest `depth`.
    pub height: u32,
}

/// A tree's shape: each node's children, left to right (node 0 is the root).
pub trait Children {
    /// Number of nodes.
    fn count(&self) -> usize;
    /// The children of node `v`.
    fn of(&self, v: usize) -> &[usize];
}

impl Children for [Vec<usize>] {
    fn count(&self) -> usize {
        self.len()
    }
    fn of(&self, v: usize) -> &[usize] {
        &self[v]
    }
}

impl Children for Vec<Vec<usize>> {
    fn count(&self) -> usize {
        self.len()
    }
    fn of(&self, v: usize) -> &[usize] {
        &self[v]
    }
}

/// Children as ranges of one list: node `v`'s are `kids[ranges[v].clone()]` (no vector per
/// node, for large trees).
#[derive(Clone, Debug, Default)]
pub struct Ranges {
    /// Each node's children, as a range of `kids`.
    pub ranges: Vec<std::ops::Range<usize>>,
    /// All children, node by node.
    pub kids: Vec<usize>,
}

impl Children for Ranges {
    fn count(&self) -> usize {
        self.ranges.len()
    }
    fn of(&self, v: usize) -> &[usize] {
        &self.kids[self.ranges[v].clone()]
    }
}

/// Lays out the tree whose node `i` has the children `children.of(i)`; node 0 is the root.
/// Every node other than the root must be the child of exactly one node.
///
/// ```
/// let children = vec![vec![1, 2], vec![], vec![]];
/// let layout = arbor_layout::tidy(&children);
/// assert_eq!(layout.x, vec![0.5, 0.0, 1.0]);
/// assert_eq!(layout.depth, vec![0, 1, 1]);
/// ```
pub fn tidy<C: Children + ?Sized>(children: &C) -> Layout {
    let n = children.count();
    if n == 0 {
        return Layout {
            x: Vec::new(),
            depth: Vec::new(),
            width: 0.0,
            height: 0,
        };
    }
    let left = absolute(children, &packed(children, false));
    let right = absolute(children, &packed(children, true));
    let mut x: Vec<f64> = left
        .iter()
        .zip(&right)
        .map(|(a, b)| (a + b) / 2.0)
        .collect();
    let min = x.iter().copied().fold(f64::INFINITY, f64::min);
    for v in &mut x {
        *v -= min;
    }
    let width = x.iter().copied().fold(0.0, f64::max);
    let depth = depths(children);
    let height = depth.iter().copied().max().unwrap_or(0);
    Layout {
        x,
        depth,
        width,
        height,
    }
}

/// Offsets of each node from its parent, packing children from the left (or, mirrored, from
/// the right).
fn packed<C: Children + ?Sized>(children: &C, from_right: bool) -> Vec<f64> {
    let n = children.count();
    let mut offset = vec![0.0; n];
    // Post-order without recursion: each node's contours once its children have theirs.
    let mut contours: Vec<Option<Contour>> = vec![None; n];
    let mut stack = vec![(0usize, false)];
    let mut placed: Vec<f64> = Vec::new();
    while let Some((v, done)) = stack.pop() {
        let kids = children.of(v);
        if !done {
            stack.push((v, true));
            stack.extend(kids.iter().map(|&c| (c, false)));
            continue;
        }
        if kids.is_empty() {
            contours[v] = Some(Contour::leaf());
            continue;
        }
        let mut forest: Option<Contour> = None;
        placed.clear();
        let order = (0..kids.len()).map(|i| {
            if from_right {
                kids[kids.len() - 1 - i]
            } else {
                kids[i]
            }
        });
        for c in order.clone() {
            let mut child = contours[c].take().expect("children are laid out first");
            let at = match &forest {
                None => 0.0,
                Some(f) => f.gap_to(&child) + 1.0,
            };
            placed.push(at);
            child.shift(at);
            forest = Some(match forest {
                None => child,
                Some(f) => f.merge(child),
            });
        }
        let centre = (placed[0] + placed[placed.len() - 1]) / 2.0;
        for (c, &at) in order.zip(&placed) {
            offset[c] = at - centre;
        }
        let mut forest = forest.expect("at least one child");
        forest.shift(-centre);
        forest.push_top(0.0);
        contours[v] = Some(forest);
    }
    if from_right {
        for o in &mut offset {
            *o = -*o;
        }
    }
    offset
}

/// Leftmost and rightmost positions at each level of a subtree (or a forest of siblings).
///
/// Levels are stored deepest first, so that adding a parent's level is a push, and every value
/// is stored minus a per-side shift, so that moving a whole contour costs nothing. Merging
/// reuses the deeper side's vector and rewrites only the levels both sides share; the sum of
/// those shared heights over a tree is at most its node count, so the layout is linear.
#[derive(Clone, Debug)]
struct Contour {
    left: Vec<f64>,
    left_shift: f64,
    right: Vec<f64>,
    right_shift: f64,
}

impl Contour {
    fn leaf() -> Contour {
        Contour {
            left: vec![0.0],
            left_shift: 0.0,
            right: vec![0.0],
            right_shift: 0.0,
        }
    }

    fn shift(&mut self, by: f64) {
        self.left_shift += by;
        self.right_shift += by;
    }

    /// Adds a new top level with a single node at `x`.
    fn push_top(&mut self, x: f64) {
        self.left.push(x - self.left_shift);
        self.right.push(x - self.right_shift);
    }

    /// The largest overlap of `next` (as placed now) into this forest, over shared levels:
    /// `next` must move right by this plus the gap.
    fn gap_to(&self, next: &Contour) -> f64 {
        self.right
            .iter()
            .rev()
            .zip(next.left.iter().rev())
            .map(|(r, l)| (r + self.right_shift) - (l + next.left_shift))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// This forest with `next` (already placed) to its right.
    fn merge(self, next: Contour) -> Contour {
        let (right, right_shift) = overlay(
            (next.right, next.right_shift),
            (self.right, self.right_shift),
        );
        let (left, left_shift) =
            overlay((self.left, self.left_shift), (next.left, next.left_shift));
        Contour {
            left,
            left_shift,
            right,
            right_shift,
        }
    }
}

/// One side of a merged contour: `top`'s values where it has levels, `other`'s below them.
fn overlay(top: (Vec<f64>, f64), other: (Vec<f64>, f64)) -> (Vec<f64>, f64) {
    let (top, top_shift) = top;
    let (mut base, base_shift) = other;
    if top.len() >= base.len() {
        return (top, top_shift);
    }
    let offset = base.len() - top.len();
    for (slot, v) in base[offset..].iter_mut().zip(&top) {
        *slot = v + top_shift - base_shift;
    }
    (base, base_shift)
}

fn absolute<C: Children + ?Sized>(children: &C, offset: &[f64]) -> Vec<f64> {
    let mut x = vec![0.0; children.count()];
    let mut stack = vec![0usize];
    while let Some(v) = stack.pop() {
        for &c in children.of(v) {
            x[c] = x[v] + offset[c];
            stack.push(c);
        }
    }
    x
}

fn depths<C: Children + ?Sized>(children: &C) -> Vec<u32> {
    let mut depth = vec![0; children.count()];
    let mut stack = vec![0usize];
    while let Some(v) = stack.pop() {
        for &c in children.of(v) {
            depth[c] = depth[v] + 1;
            stack.push(c);
        }
    }
    depth
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A random tree: node i > 0 hangs under a random earlier node, children in index order.
    fn random_tree(n: usize, seed: u64) -> Vec<Vec<usize>> {
        let mut s = seed;
        let mut children = vec![Vec::new(); n];
        for i in 1..n {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // A parent among the last few nodes, so trees come out both deep and bushy.
            let lo = i.saturating_sub(6);
            children[lo + ((s >> 33) as usize) % (i - lo)].push(i);
        }
        children
    }

    fn check(children: &[Vec<usize>]) {
        let layout = tidy(children);
        let eps = 1e-9;
        // Parents centred over their first and last child; children in order.
        for (v, kids) in children.iter().enumerate() {
            if let (Some(&first), Some(&last)) = (kids.first(), kids.last()) {
                let mid = (layout.x[first] + layout.x[last]) / 2.0;
                assert!((layout.x[v] - mid).abs() < eps, "node {v} not centred");
                for pair in kids.windows(2) {
                    assert!(layout.x[pair[1]] - layout.x[pair[0]] >= 1.0 - eps);
                }
            }
        }
        // No two nodes of a level closer than one unit, and left-to-right order kept.
        let mut levels: Vec<Vec<usize>> = vec![Vec::new(); layout.height as usize + 1];
        let mut stack = vec![0usize];
        let mut preorder = Vec::new();
        while let Some(v) = stack.pop() {
            preorder.push(v);
            stack.extend(children[v].iter().rev());
        }
        for &v in &preorder {
            levels[layout.depth[v] as usize].push(v);
        }
        for level in &levels {
            for pair in level.windows(2) {
                assert!(
                    layout.x[pair[1]] - layout.x[pair[0]] >= 1.0 - eps,
                    "nodes {} and {} overlap",
                    pair[0],
                    pair[1]
                );
            }
        }
        let min = layout.x.iter().copied().fold(f64::INFINITY, f64::min);
        assert!(min.abs() < eps);
    }

    #[test]
    fn random_trees_are_tidy() {
        for seed in 0..300 {
            check(&random_tree(1 + (seed as usize * 7) % 200, seed));
        }
    }

    #[test]
    fn single_node_and_chain() {
        assert_eq!(tidy(&vec![vec![]]).x, vec![0.0]);
        let chain = vec![vec![1], vec![2], vec![]];
        let layout = tidy(&chain);
        assert_eq!(layout.x, vec![0.0, 0.0, 0.0]);
        assert_eq!(layout.height, 2);
    }

    #[test]
    fn symmetric_trees_are_drawn_symmetric() {
        // Root with a big left subtree, a leaf, and a big right subtree.
        let children = vec![
            vec![1, 2, 3],
            vec![4, 5],
            vec![],
            vec![6, 7],
            vec![],
            vec![],
            vec![],
            vec![],
        ];
        let layout = tidy(&children);
        let mid = layout.x[0];
        for (a, b) in [(1, 3), (4, 7), (5, 6)] {
            assert!((mid - layout.x[a] - (layout.x[b] - mid)).abs() < 1e-9);
        }
        assert!((layout.x[2] - mid).abs() < 1e-9);
        check(&children);
    }

    #[test]
    fn subtrees_pack_under_their_neighbours() {
        // Two deep chains with a wide shallow subtree between: the chains may not pass under it.
        let children = vec![
            vec![1, 2, 3],
            vec![4],
            vec![5, 6, 7],
            vec![8],
            vec![9],
            vec![],
            vec![],
            vec![],
            vec![10],
            vec![],
            vec![],
        ];
        check(&children);
        let layout = tidy(&children);
        assert!(layout.x[9] < layout.x[5] && layout.x[10] > layout.x[7]);
    }

    #[test]
    fn deep_trees_do_not_overflow_the_stack() {
        let n = 100_000;
        let children: Vec<Vec<usize>> = (0..n)
            .map(|i| if i + 1 < n { vec![i + 1] } else { vec![] })
            .collect();
        assert_eq!(tidy(&children).height, n as u32 - 1);
    }
}
