//! The effective branching factor b*: how bushy a search really was.

/// The effective branching factor of a search that generated `nodes` nodes besides the start
/// to find a solution `depth` deep: the b* for which a uniform tree of that depth has one node
/// more, `N + 1 = 1 + b* + (b*)² + … + (b*)^d` (Russell and Norvig). Found by bisection to
/// within 10⁻⁹. `None` for depth 0 or for fewer nodes than the depth (no such tree).
///
/// ```
/// use arbor_search::effective_branching_factor;
/// // The textbook's example: 52 nodes for a solution 5 deep give b* = 1.92.
/// let b = effective_branching_factor(52.0, 5).unwrap();
/// assert!((b - 1.92).abs() < 0.005);
/// ```
pub fn effective_branching_factor(nodes: f64, depth: u32) -> Option<f64> {
    if depth == 0 || !nodes.is_finite() || nodes < f64::from(depth) {
        return None;
    }
    // Nodes of a uniform tree below the root, for branching b.
    let tree = |b: f64| -> f64 {
        let mut level = 1.0;
        let mut sum = 0.0;
        for _ in 0..depth {
            level *= b;
            sum += level;
            if sum > nodes * 2.0 + 1.0 {
                break;
            }
        }
        sum
    };
    // b* lies between 1 (a path: d nodes) and N (N children of the root).
    let (mut low, mut high) = (1.0, nodes.max(1.0));
    for _ in 0..200 {
        let mid = (low + high) / 2.0;
        if tree(mid) < nodes {
            low = mid;
        } else {
            high = mid;
        }
        if high - low < 1e-9 {
            break;
        }
    }
    Some((low + high) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_uniform_tree_gives_back_its_branching_factor() {
        for b in [1.5f64, 2.0, 2.7, 3.0, 10.0] {
            for d in 1..12 {
                let n: f64 = (1..=d).map(|i| b.powi(i)).sum();
                let got = effective_branching_factor(n, d as u32).unwrap();
                assert!((got - b).abs() < 1e-6, "b {b} d {d}: {got}");
            }
        }
        // A path: every node on the way and nothing else.
        assert!((effective_branching_factor(7.0, 7).unwrap() - 1.0).abs() < 1e-6);
        assert_eq!(effective_branching_factor(3.0, 7), None);
        assert_eq!(effective_branching_factor(10.0, 0), None);
    }
}
