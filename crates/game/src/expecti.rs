//! Expectimax and expectiminimax on explicit trees with chance nodes, observed step by step.
//!
//! A chance node's value is the expectation of its children's values, Σ pᵢ·vᵢ, computed exactly
//! ([`Ratio`]). Decision nodes take the largest (MAX) or smallest (MIN) child value:
//!
//! - under [`Rule::Expectiminimax`] decision levels alternate MAX and MIN from the root (MIN
//!   first for a `min` tree) and chance nodes do not change whose turn it is — MAX → chance →
//!   MIN → chance → MAX, as in backgammon;
//! - under [`Rule::Expectimax`] every decision node is MAX: the opponent is chance itself, as
//!   Pacman's ghosts are in Berkeley's CS188.
//!
//! With [`Options::bounds`] `(L, U)` — every leaf known to lie in [L, U] — the search prunes as
//! Ballard's *-minimax (Star1) does: decision nodes run fail-soft alpha-beta, and a chance node
//! whose expectation can no longer reach its window stops early. After children 1…i with
//! probabilities p₁…pᵢ, the rest (probability r = 1 − p₁ − … − pᵢ) lies between r·L and r·U,
//! so the node's value lies between `S + r·L` and `S + r·U` (S = Σ pⱼ·vⱼ so far). Child i is
//! searched with the window that keeps those bounds inside (α, β):
//!
//! ```text
//! αᵢ = (α − S − (r_after)·U) / pᵢ      βᵢ = (β − S − (r_after)·L) / pᵢ
//! ```
//!
//! (r_after the probability left after child i), clamped to [L, U]. A child value at or below αᵢ
//! makes the whole expectation at most α (a fail low); at or above βᵢ, at least β (a fail high).
//! Values are fail-soft: a cut node returns a bound, and its exit says which ([`Kind`]).

use crate::ratio::{Overflow, Ratio};
use crate::tree::{GameTree, NodeId};

/// Who decides at decision nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Every decision node is MAX; chance is the only opponent.
    Expectimax,
    /// Decision levels alternate MAX and MIN; chance nodes do not take a turn.
    Expectiminimax,
}

/// Settings of an expectation search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Who decides.
    pub rule: Rule,
    /// `Some((L, U))`: every leaf lies in [L, U], and the search prunes (Star1); `None`: every
    /// node is searched.
    pub bounds: Option<(i32, i32)>,
}

/// What a returned value says of the node's true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The value is exact.
    Exact,
    /// The true value is at most this (the node failed low).
    AtMost,
    /// The true value is at least this (the node failed high).
    AtLeast,
}

/// A search window: `None` is −∞ below and +∞ above.
pub type Window = (Option<Ratio>, Option<Ratio>);

/// Counts of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ExpectStats {
    /// Nodes entered.
    pub visited: u64,
    /// Leaves valued.
    pub evaluated: u64,
    /// Nodes that stopped early (decision cutoffs and chance-node cutoffs).
    pub cutoffs: u64,
}

/// The result of an expectation search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectOutcome {
    /// The root's value, exactly.
    pub value: Ratio,
    /// At a decision root, the child it chooses.
    pub best: Option<NodeId>,
    /// Counts.
    pub stats: ExpectStats,
}

/// Why an expectation search could not give a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExpectError {
    /// The stated bounds are the wrong way round.
    BadBounds(i32, i32),
    /// A leaf lies outside the stated bounds: pruning with them could give a wrong value.
    OutOfBounds {
        /// The leaf's label.
        label: String,
        /// Its value.
        value: i32,
        /// The bounds.
        bounds: (i32, i32),
    },
    /// The exact fractions grew too large.
    Overflow,
    /// The leaves hold utility vectors: expectations here are of one value, MAX's.
    Vectors,
}

impl std::fmt::Display for ExpectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExpectError::BadBounds(l, u) => write!(
                f,
                "the leaf bounds [{l}, {u}] are the wrong way round: the lower must not exceed the upper"
            ),
            ExpectError::OutOfBounds {
                label,
                value,
                bounds: (l, u),
            } => write!(
                f,
                "leaf {label} = {value} lies outside the stated bounds [{l}, {u}]; pruning with them could give a wrong value"
            ),
            ExpectError::Overflow => Overflow.fmt(f),
            ExpectError::Vectors => f.write_str(
                "expectimax and expectiminimax value two-player trees (one number at each leaf), not utility vectors",
            ),
        }
    }
}

impl std::error::Error for ExpectError {}

impl From<Overflow> for ExpectError {
    fn from(_: Overflow) -> Self {
        ExpectError::Overflow
    }
}

/// Hooks the expectation search calls as it goes; calls nest like the search (`enter` … `exit`
/// bracket each node). Every method has an empty default.
pub trait ExpectObserver {
    /// A node is entered with a window ((None, None) when the search does not prune).
    fn enter(&mut self, _node: NodeId, _window: Window) {}
    /// A leaf is valued.
    fn leaf(&mut self, _node: NodeId, _value: i32) {}
    /// A child of `node` returned `value`. At a chance node `so_far` is Σ pⱼ·vⱼ over the
    /// children returned so far (this one included); at a decision node it is the best value so
    /// far.
    fn returned(&mut self, _node: NodeId, _child: NodeId, _value: Ratio, _so_far: Ratio) {}
    /// A decision node's α (`alpha`) or β moved to `value`.
    fn bound(&mut self, _node: NodeId, _alpha: bool, _value: Ratio) {}
    /// `node` stops early with `value` (a bound of the kind given); `skipped` are never searched.
    fn cutoff(&mut self, _node: NodeId, _value: Ratio, _kind: Kind, _skipped: &[NodeId]) {}
    /// `node` is done.
    fn exit(&mut self, _node: NodeId, _value: Ratio, _kind: Kind, _best: Option<NodeId>) {}
}

/// The observer that watches nothing.
impl ExpectObserver for crate::observe::Quiet {}

/// One thing that happened in an expectation search, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExpectEvent {
    /// A node is entered.
    Enter {
        /// The node.
        node: NodeId,
        /// Its window.
        window: Window,
    },
    /// A leaf is valued.
    Leaf {
        /// The leaf.
        node: NodeId,
        /// Its value.
        value: i32,
    },
    /// A child returned to its parent.
    Returned {
        /// The parent.
        node: NodeId,
        /// The child.
        child: NodeId,
        /// The child's value.
        value: Ratio,
        /// Chance node: Σ pⱼ·vⱼ so far; decision node: best so far.
        so_far: Ratio,
    },
    /// α or β of a decision node moved.
    Bound {
        /// The node.
        node: NodeId,
        /// True for α, false for β.
        alpha: bool,
        /// The new value.
        value: Ratio,
    },
    /// A node stopped early.
    Cutoff {
        /// The node.
        node: NodeId,
        /// The bound it returns.
        value: Ratio,
        /// Which bound.
        kind: Kind,
        /// Children never searched.
        skipped: Vec<NodeId>,
    },
    /// A node is done.
    Exit {
        /// The node.
        node: NodeId,
        /// Its value (a bound unless `kind` is exact).
        value: Ratio,
        /// What the value says.
        kind: Kind,
        /// A decision node's chosen child.
        best: Option<NodeId>,
    },
}

/// Keeps every event of an expectation search, to replay it.
#[derive(Clone, Debug, Default)]
pub struct ExpectRecorder {
    /// The events so far.
    pub events: Vec<ExpectEvent>,
}

impl ExpectObserver for ExpectRecorder {
    fn enter(&mut self, node: NodeId, window: Window) {
        self.events.push(ExpectEvent::Enter { node, window });
    }
    fn leaf(&mut self, node: NodeId, value: i32) {
        self.events.push(ExpectEvent::Leaf { node, value });
    }
    fn returned(&mut self, node: NodeId, child: NodeId, value: Ratio, so_far: Ratio) {
        self.events.push(ExpectEvent::Returned {
            node,
            child,
            value,
            so_far,
        });
    }
    fn bound(&mut self, node: NodeId, alpha: bool, value: Ratio) {
        self.events.push(ExpectEvent::Bound { node, alpha, value });
    }
    fn cutoff(&mut self, node: NodeId, value: Ratio, kind: Kind, skipped: &[NodeId]) {
        self.events.push(ExpectEvent::Cutoff {
            node,
            value,
            kind,
            skipped: skipped.to_vec(),
        });
    }
    fn exit(&mut self, node: NodeId, value: Ratio, kind: Kind, best: Option<NodeId>) {
        self.events.push(ExpectEvent::Exit {
            node,
            value,
            kind,
            best,
        });
    }
}

/// True when MAX decides at decision node `id` under `rule`: always under expectimax; under
/// expectiminimax when it is MAX's turn there (chance nodes take no turn).
pub fn max_decides(tree: &GameTree, rule: Rule, id: NodeId) -> bool {
    rule == Rule::Expectimax || tree.player_at(id) == 0
}

/// Reads leaf bounds as a person types them, `L,U` (`-10,10`), the lower first.
pub fn parse_bounds(text: &str) -> Result<(i32, i32), String> {
    let bad = || {
        format!(
            "“{}” is not two whole numbers L,U such as -10,10",
            arbor_util::shown(text)
        )
    };
    let (l, u) = text.split_once(',').ok_or_else(bad)?;
    let l: i32 = l.trim().parse().map_err(|_| bad())?;
    let u: i32 = u.trim().parse().map_err(|_| bad())?;
    if l > u {
        return Err(format!("the lower bound {l} is above the upper bound {u}"));
    }
    Ok((l, u))
}

/// The expectimax or expectiminimax value of `tree`'s root.
///
/// ```
/// use arbor_game::{expectiminimax, ExpectOptions, GameTree, Quiet, Ratio, Rule};
/// // Berkeley CS188's expectimax example: three chance nodes worth 8, 4 and 7.
/// let tree = GameTree::parse("[?[3,12,9], ?[2,4,6], ?[15,6,0]]").unwrap();
/// let options = ExpectOptions { rule: Rule::Expectimax, bounds: None };
/// let outcome = expectiminimax(&tree, &options, &mut Quiet).unwrap();
/// assert_eq!(outcome.value, Ratio::int(8));
/// // A chance node with given probabilities: 1/2·8 + 1/3·24 + 1/6·(−12) = 10.
/// let tree = GameTree::parse("?[1/2: 8, 1/3: 24, 1/6: -12]").unwrap();
/// assert_eq!(expectiminimax(&tree, &options, &mut Quiet).unwrap().value, Ratio::int(10));
/// ```
pub fn expectiminimax<O: ExpectObserver>(
    tree: &GameTree,
    options: &Options,
    observer: &mut O,
) -> Result<ExpectOutcome, ExpectError> {
    if !tree.has_plain_values() {
        return Err(ExpectError::Vectors);
    }
    let bounds = match options.bounds {
        None => None,
        Some((l, u)) if l > u => return Err(ExpectError::BadBounds(l, u)),
        Some((l, u)) => {
            if let Some(leaf) = tree
                .nodes()
                .iter()
                .find(|n| n.is_leaf() && !(l..=u).contains(&n.payoff[0]))
            {
                return Err(ExpectError::OutOfBounds {
                    label: leaf.label.clone(),
                    value: leaf.payoff[0],
                    bounds: (l, u),
                });
            }
            Some((Ratio::int(l.into()), Ratio::int(u.into())))
        }
    };
    let mut search = Search {
        tree,
        rule: options.rule,
        bounds,
        observer,
        stats: ExpectStats::default(),
    };
    let (value, _, best) = search.value(tree.root(), (None, None))?;
    Ok(ExpectOutcome {
        value,
        best,
        stats: search.stats,
    })
}

struct Search<'a, O> {
    tree: &'a GameTree,
    rule: Rule,
    bounds: Option<(Ratio, Ratio)>,
    observer: &'a mut O,
    stats: ExpectStats,
}

impl<O: ExpectObserver> Search<'_, O> {
    fn value(
        &mut self,
        id: NodeId,
        window: Window,
    ) -> Result<(Ratio, Kind, Option<NodeId>), ExpectError> {
        self.stats.visited += 1;
        self.observer.enter(id, window);
        let node = self.tree.node(id);
        if node.is_leaf() {
            self.stats.evaluated += 1;
            self.observer.leaf(id, node.payoff[0]);
            let v = Ratio::int(node.payoff[0].into());
            self.observer.exit(id, v, Kind::Exact, None);
            return Ok((v, Kind::Exact, None));
        }
        if let Some(probs) = &node.chance {
            return self.chance(id, probs, window);
        }
        let max = max_decides(self.tree, self.rule, id);
        let (mut lo, mut hi) = window;
        let mut best: Option<(Ratio, NodeId)> = None;
        let children = &node.children;
        for (i, &child) in children.iter().enumerate() {
            let (v, _, _) = if self.bounds.is_some() {
                self.value(child, (lo, hi))?
            } else {
                self.value(child, (None, None))?
            };
            let better = best.is_none_or(|(b, _)| if max { v > b } else { v < b });
            if better {
                best = Some((v, child));
            }
            let so_far = best.map_or(v, |(b, _)| b);
            self.observer.returned(id, child, v, so_far);
            if self.bounds.is_none() {
                continue;
            }
            let (passes, raises) = if max {
                (hi.is_some_and(|h| v >= h), lo.is_none_or(|l| v > l))
            } else {
                (lo.is_some_and(|l| v <= l), hi.is_none_or(|h| v < h))
            };
            if passes && i + 1 < children.len() {
                self.stats.cutoffs += 1;
                let kind = if max { Kind::AtLeast } else { Kind::AtMost };
                self.observer.cutoff(id, so_far, kind, &children[i + 1..]);
                break;
            }
            if raises && !passes {
                if max {
                    lo = Some(v);
                } else {
                    hi = Some(v);
                }
                self.observer.bound(id, max, v);
            }
        }
        let (value, chosen) = best.expect("an inner node has a child");
        let kind = kind_of(value, window);
        self.observer.exit(id, value, kind, Some(chosen));
        Ok((value, kind, Some(chosen)))
    }

    fn chance(
        &mut self,
        id: NodeId,
        probs: &[Ratio],
        window: Window,
    ) -> Result<(Ratio, Kind, Option<NodeId>), ExpectError> {
        let children = &self.tree.node(id).children;
        let (alpha, beta) = window;
        let mut sum = Ratio::ZERO;
        let mut seen = Ratio::ZERO;
        for (i, (&child, &p)) in children.iter().zip(probs).enumerate() {
            let rest = Ratio::ONE.checked_sub(seen)?.checked_sub(p)?;
            let Some((low, high)) = self.bounds else {
                let (v, _, _) = self.value(child, (None, None))?;
                sum = sum.checked_add(p.checked_mul(v)?)?;
                seen = seen.checked_add(p)?;
                self.observer.returned(id, child, v, sum);
                continue;
            };
            // The child's window: any value outside it settles this node's side of (α, β).
            let a = match alpha {
                Some(a) => Some(
                    a.checked_sub(sum)?
                        .checked_sub(rest.checked_mul(high)?)?
                        .checked_div(p)?,
                ),
                None => None,
            };
            let b = match beta {
                Some(b) => Some(
                    b.checked_sub(sum)?
                        .checked_sub(rest.checked_mul(low)?)?
                        .checked_div(p)?,
                ),
                None => None,
            };
            let child_window = (a.map(|a| a.max(low)), b.map(|b| b.min(high)));
            let (v, _, _) = self.value(child, child_window)?;
            let with_child = sum.checked_add(p.checked_mul(v)?)?;
            self.observer.returned(id, child, v, with_child);
            let cut = if a.is_some_and(|a| v <= a) {
                Some((
                    with_child.checked_add(rest.checked_mul(high)?)?,
                    Kind::AtMost,
                ))
            } else if b.is_some_and(|b| v >= b) {
                Some((
                    with_child.checked_add(rest.checked_mul(low)?)?,
                    Kind::AtLeast,
                ))
            } else {
                None
            };
            if let Some((bound, kind)) = cut {
                if i + 1 < children.len() {
                    self.stats.cutoffs += 1;
                    self.observer.cutoff(id, bound, kind, &children[i + 1..]);
                }
                self.observer.exit(id, bound, kind, None);
                return Ok((bound, kind, None));
            }
            sum = with_child;
            seen = seen.checked_add(p)?;
        }
        let kind = kind_of(sum, window);
        self.observer.exit(id, sum, kind, None);
        Ok((sum, kind, None))
    }
}

/// Fail-soft: a value at or beyond a window's edge is only a bound.
fn kind_of(value: Ratio, (lo, hi): Window) -> Kind {
    if lo.is_some_and(|l| value <= l) {
        Kind::AtMost
    } else if hi.is_some_and(|h| value >= h) {
        Kind::AtLeast
    } else {
        Kind::Exact
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::Quiet;

    fn value(text: &str, rule: Rule, bounds: Option<(i32, i32)>) -> Ratio {
        let tree = GameTree::parse(text).unwrap();
        expectiminimax(&tree, &Options { rule, bounds }, &mut Quiet)
            .unwrap()
            .value
    }

    #[test]
    fn cs188_expectimax_example() {
        let text = "[?[3,12,9], ?[2,4,6], ?[15,6,0]]";
        assert_eq!(value(text, Rule::Expectimax, None), Ratio::int(8));
        assert_eq!(value(text, Rule::Expectimax, Some((0, 15))), Ratio::int(8));
    }

    /// Russell & Norvig's order-preserving transformation (AIMA 3rd ed., fig. 5.12): leaves
    /// 1, 2, 3, 4 become 1, 20, 30, 400, and MAX's choice changes from a1 (2.1 > 1.3) to a2
    /// (40.9 > 21).
    #[test]
    fn aima_leaf_scale_changes_the_choice() {
        let small =
            GameTree::parse("[?[0.9: [2,2], 0.1: [3,3]], ?[0.9: [1,1], 0.1: [4,4]]]").unwrap();
        let big = GameTree::parse("[?[0.9: [20,20], 0.1: [30,30]], ?[0.9: [1,1], 0.1: [400,400]]]")
            .unwrap();
        let options = Options {
            rule: Rule::Expectiminimax,
            bounds: None,
        };
        let a = expectiminimax(&small, &options, &mut Quiet).unwrap();
        assert_eq!(a.value, Ratio::new(21, 10).unwrap());
        assert_eq!(a.best, Some(NodeId(1)));
        let b = expectiminimax(&big, &options, &mut Quiet).unwrap();
        assert_eq!(b.value, Ratio::new(409, 10).unwrap());
        assert_eq!(b.best, Some(NodeId(2)));
    }

    #[test]
    fn chance_nodes_do_not_take_a_turn() {
        // MAX → chance → MIN: the MIN nodes take 1 and 3, the chance node averages them.
        assert_eq!(
            value("[?[[1,2],[3,4]]]", Rule::Expectiminimax, None),
            Ratio::int(2)
        );
        // Under expectimax the same nodes are MAX: 2 and 4.
        assert_eq!(
            value("[?[[1,2],[3,4]]]", Rule::Expectimax, None),
            Ratio::int(3)
        );
        // `min` puts MIN first.
        assert_eq!(
            value("min [?[[1,2],[3,4]], 9]", Rule::Expectiminimax, None),
            Ratio::new(3, 1).unwrap()
        );
    }

    #[test]
    fn star1_prunes_a_chance_node_that_cannot_win() {
        // With leaves in [0, 10], after the first chance node (5) the second one's first child
        // (0, probability 1/2) leaves at most 1/2·0 + 1/2·10 = 5 ≤ α = 5: its second child is
        // skipped.
        let tree = GameTree::parse("[?[5,5], ?[0,10]]").unwrap();
        let mut rec = ExpectRecorder::default();
        let outcome = expectiminimax(
            &tree,
            &Options {
                rule: Rule::Expectimax,
                bounds: Some((0, 10)),
            },
            &mut rec,
        )
        .unwrap();
        assert_eq!(outcome.value, Ratio::int(5));
        assert_eq!(outcome.stats.evaluated, 3);
        assert!(rec.events.iter().any(|e| matches!(
            e,
            ExpectEvent::Cutoff { node: NodeId(2), kind: Kind::AtMost, skipped, .. } if skipped == &[NodeId(6)]
        )));
        assert_eq!(
            expectiminimax(
                &tree,
                &Options {
                    rule: Rule::Expectimax,
                    bounds: None
                },
                &mut Quiet
            )
            .unwrap()
            .stats
            .evaluated,
            4
        );
    }

    /// Found reviewing the page: two-entry vectors make a two-player tree, and were valued by
    /// their first entries alone.
    #[test]
    fn utility_vectors_are_refused_even_for_two_players() {
        for text in ["[(1,2),(3,4)]", "[(1,2,3),(3,2,1)]"] {
            let tree = GameTree::parse(text).unwrap();
            let e = expectiminimax(
                &tree,
                &Options {
                    rule: Rule::Expectimax,
                    bounds: None,
                },
                &mut Quiet,
            );
            assert_eq!(e, Err(ExpectError::Vectors), "{text}");
        }
    }

    #[test]
    fn bounds_are_checked_before_the_search() {
        let tree = GameTree::parse("[?[5,12], 3]").unwrap();
        let e = expectiminimax(
            &tree,
            &Options {
                rule: Rule::Expectimax,
                bounds: Some((0, 10)),
            },
            &mut Quiet,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "leaf E = 12 lies outside the stated bounds [0, 10]; pruning with them could give a wrong value"
        );
        let e = expectiminimax(
            &tree,
            &Options {
                rule: Rule::Expectimax,
                bounds: Some((10, 0)),
            },
            &mut Quiet,
        )
        .unwrap_err();
        assert!(e.to_string().contains("wrong way round"));
    }
}
