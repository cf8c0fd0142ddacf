//! Random game trees from a few settings and a seed: the same settings and seed give the same
//! tree everywhere (the generator is SplitMix64, not the platform's randomness).

use crate::ratio::Ratio;
use crate::tree::{GameTree, RawNode, RootPlayer};
use arbor_util::SplitMix64;

/// Settings of a random tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RandomSpec {
    /// Plies from the root to the leaves (every leaf is this deep).
    pub depth: u32,
    /// Fewest children of an inner node.
    pub min_branching: u32,
    /// Most children of an inner node (equal to `min_branching` for a uniform tree).
    pub max_branching: u32,
    /// Smallest leaf value.
    pub low: i32,
    /// Largest leaf value.
    pub high: i32,
    /// Players: 2 for MAX/MIN values, 3 or more for utility vectors.
    pub players: u32,
    /// The seed.
    pub seed: u64,
    /// Every second level below the root is a chance node (MAX → chance → MIN → chance …),
    /// each child's probability drawn from weights 1 to 3. Needs two players.
    #[serde(default)]
    pub chance: bool,
}

impl Default for RandomSpec {
    fn default() -> Self {
        RandomSpec {
            depth: 3,
            min_branching: 2,
            max_branching: 3,
            low: -9,
            high: 9,
            players: 2,
            seed: 1,
            chance: false,
        }
    }
}

/// Most nodes a random tree may have.
pub const MAX_RANDOM_NODES: u64 = 100_000;

impl RandomSpec {
    /// Checks the settings, saying what is wrong.
    pub fn check(&self) -> Result<(), String> {
        if self.depth > 16 {
            return Err("depth must be at most 16".into());
        }
        if self.min_branching == 0 || self.min_branching > self.max_branching {
            return Err(
                "branching must be at least 1, and the smallest no more than the largest".into(),
            );
        }
        if self.max_branching > 20 {
            return Err("branching must be at most 20".into());
        }
        if self.low > self.high {
            return Err("the smallest value must not exceed the largest".into());
        }
        if self.low < -crate::tree::MAX_LEAF || self.high > crate::tree::MAX_LEAF {
            return Err(format!(
                "values must lie between -{0} and {0}",
                crate::tree::MAX_LEAF
            ));
        }
        if !(2..=6).contains(&self.players) {
            return Err("players must be from 2 to 6".into());
        }
        if self.chance && self.players != 2 {
            return Err("chance levels need two players".into());
        }
        let mut nodes: u64 = 1;
        let mut level: u64 = 1;
        for _ in 0..self.depth {
            level = level.saturating_mul(u64::from(self.max_branching));
            nodes = nodes.saturating_add(level);
        }
        if nodes > MAX_RANDOM_NODES {
            return Err(format!(
                "that tree could have {nodes} nodes; at most {MAX_RANDOM_NODES} are drawn — lower the depth or branching"
            ));
        }
        Ok(())
    }

    /// Builds the tree (MAX at the root), or says why the settings are refused.
    ///
    /// ```
    /// use arbor_game::RandomSpec;
    /// let spec = RandomSpec { depth: 2, min_branching: 3, max_branching: 3, ..RandomSpec::default() };
    /// let tree = spec.generate().unwrap();
    /// assert_eq!(tree.len(), 13);
    /// assert_eq!(tree, spec.generate().unwrap());
    /// ```
    pub fn generate(&self) -> Result<GameTree, String> {
        self.check()?;
        let mut rng = SplitMix64(self.seed);
        let raw = self.node(self.depth, self.depth, &mut rng);
        GameTree::from_raw(raw, RootPlayer::Max)
    }

    fn node(&self, top: u32, depth: u32, rng: &mut SplitMix64) -> RawNode {
        if depth == 0 {
            let entries = if self.players == 2 { 1 } else { self.players };
            return RawNode {
                payoff: (0..entries)
                    .map(|_| rng.range(i64::from(self.low), i64::from(self.high)) as i32)
                    .collect(),
                ..RawNode::default()
            };
        }
        let n = rng.range(i64::from(self.min_branching), i64::from(self.max_branching));
        let children = (0..n).map(|_| self.node(top, depth - 1, rng)).collect();
        if self.chance && (top - depth) % 2 == 1 {
            let weights: Vec<i64> = (0..n).map(|_| rng.range(1, 3)).collect();
            let total: i64 = weights.iter().sum();
            RawNode {
                chance: Some(
                    weights
                        .iter()
                        .map(|&w| Ratio::new(w, total).expect("a positive total"))
                        .collect(),
                ),
                ..RawNode::inner(children)
            }
        } else {
            RawNode::inner(children)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chance_levels_alternate_with_decisions() {
        let plain = RandomSpec::default();
        let spec = RandomSpec {
            depth: 4,
            chance: true,
            ..plain
        };
        let tree = spec.generate().unwrap();
        assert!(tree.has_chance());
        for node in tree.nodes().iter().filter(|n| !n.is_leaf()) {
            assert_eq!(node.is_chance(), node.depth % 2 == 1, "{}", node.label);
        }
        // MAX → chance → MIN → chance: the decision nodes at depth 2 are MIN.
        let deep = tree.nodes().iter().position(|n| n.depth == 2).unwrap();
        assert_eq!(tree.player_at(crate::NodeId(deep as u32)), 1);
        assert!(!RandomSpec { depth: 4, ..plain }
            .generate()
            .unwrap()
            .has_chance());
        let three = RandomSpec { players: 3, ..spec };
        assert!(three.generate().unwrap_err().contains("two players"));
    }
}
