//! Is a graph's heuristic admissible? Consistent? Checked against the true cost to a goal.
//!
//! - h*(n), the true cost from n to the nearest goal, is found by Dijkstra's algorithm run
//!   backwards from every goal at once (along the edges reversed). A node that reaches no goal
//!   has h*(n) = ∞, which no estimate exceeds.
//! - **Admissible**: h(n) ≤ h*(n) for every node — a goal's h is then 0. A* with an admissible
//!   heuristic returns a cheapest path, if its graph search reopens a state reached again more
//!   cheaply (Arbor's does); without that it may not.
//! - **Consistent**: h(n) ≤ c + h(n') for every edge n → n' of cost c. With h(goal) = 0, a
//!   consistent heuristic is admissible, and A* never finds a cheaper path to a state it has
//!   already expanded.
//!
//! Every node is checked, reachable from the start or not.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;

use crate::graph::Graph;
use crate::problem::Problem;

/// A node's true cost to a goal, and the goal it reaches at that cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToGoal {
    /// h*(n): the cost of a cheapest path from the node to a goal.
    pub cost: u64,
    /// The goal at the end of that path (the first found, if several tie).
    pub goal: u32,
}

/// A node whose estimate is more than its true cost: h(n) > h*(n). Goals are reported apart,
/// as [`GoalEstimate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overestimate {
    /// The node.
    pub node: u32,
    /// Its estimate h(n).
    pub h: u32,
    /// Its true cost h*(n) and the goal it is to.
    pub true_cost: ToGoal,
}

/// An edge n → n' (cost c) where the estimate drops by more than the step costs:
/// h(n) > c + h(n').
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InconsistentEdge {
    /// n.
    pub from: u32,
    /// n'.
    pub to: u32,
    /// c.
    pub cost: u32,
    /// h(n).
    pub h_from: u32,
    /// h(n').
    pub h_to: u32,
}

/// A goal whose estimate is not 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoalEstimate {
    /// The goal.
    pub goal: u32,
    /// Its estimate, more than 0.
    pub h: u32,
}

/// What a graph's heuristic is, against the true costs ([`Graph::check_heuristic`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeuristicCheck {
    /// Each node's true cost to a goal, by node number; `None` for a node that reaches no goal
    /// (h* = ∞).
    pub true_costs: Vec<Option<ToGoal>>,
    /// The nodes (goals aside) with h(n) > h*(n), in node order.
    pub overestimates: Vec<Overestimate>,
    /// The edges with h(n) > c + h(n'), in the order of the nodes and their edges.
    pub inconsistent: Vec<InconsistentEdge>,
    /// The goals whose h is not 0, in node order.
    pub goals_not_zero: Vec<GoalEstimate>,
}

impl HeuristicCheck {
    /// Checks `graph`'s heuristic.
    pub fn of(graph: &Graph) -> HeuristicCheck {
        let n = graph.len();
        // (A graph's estimates are at most MAX_COST, well within a u32.)
        let h = |node: u32| u32::try_from(graph.heuristic(&node)).unwrap_or(u32::MAX);
        // The edges reversed: for each node, who reaches it, at what cost.
        let mut into: Vec<Vec<(u32, u32)>> = vec![Vec::new(); n];
        for from in 0..n as u32 {
            for &(to, cost) in graph.edges(from) {
                into[to as usize].push((from, cost));
            }
        }
        let mut true_costs: Vec<Option<ToGoal>> = vec![None; n];
        let mut heap = BinaryHeap::new();
        for node in 0..n as u32 {
            if graph.is_goal(&node) {
                true_costs[node as usize] = Some(ToGoal {
                    cost: 0,
                    goal: node,
                });
                heap.push(Reverse((0u64, node)));
            }
        }
        while let Some(Reverse((cost, node))) = heap.pop() {
            let Some(here) = true_costs[node as usize] else {
                continue;
            };
            if cost > here.cost {
                continue; // an older, dearer entry
            }
            for &(from, step) in &into[node as usize] {
                let via = cost + u64::from(step);
                if true_costs[from as usize].is_none_or(|t| via < t.cost) {
                    true_costs[from as usize] = Some(ToGoal {
                        cost: via,
                        goal: here.goal,
                    });
                    heap.push(Reverse((via, from)));
                }
            }
        }
        let mut check = HeuristicCheck {
            true_costs,
            overestimates: Vec::new(),
            inconsistent: Vec::new(),
            goals_not_zero: Vec::new(),
        };
        for node in 0..n as u32 {
            let hn = h(node);
            if graph.is_goal(&node) {
                if hn > 0 {
                    check
                        .goals_not_zero
                        .push(GoalEstimate { goal: node, h: hn });
                }
            } else if let Some(t) = check.true_costs[node as usize] {
                if u64::from(hn) > t.cost {
                    check.overestimates.push(Overestimate {
                        node,
                        h: hn,
                        true_cost: t,
                    });
                }
            }
            for &(to, cost) in graph.edges(node) {
                if u64::from(hn) > u64::from(cost) + u64::from(h(to)) {
                    check.inconsistent.push(InconsistentEdge {
                        from: node,
                        to,
                        cost,
                        h_from: hn,
                        h_to: h(to),
                    });
                }
            }
        }
        check
    }

    /// True if no estimate is more than its true cost (and so every goal's is 0).
    pub fn is_admissible(&self) -> bool {
        self.overestimates.is_empty() && self.goals_not_zero.is_empty()
    }

    /// True if no edge has h(n) > c + h(n').
    pub fn is_consistent(&self) -> bool {
        self.inconsistent.is_empty()
    }

    /// The findings in words, naming the nodes of `graph`: a first line saying what the
    /// heuristic is, then one line per fault.
    pub fn display<'a>(&'a self, graph: &'a Graph) -> impl fmt::Display + 'a {
        Named(self, graph)
    }
}

impl Graph {
    /// Checks the heuristic against the true costs to a goal (see [`HeuristicCheck`]).
    ///
    /// ```
    /// use arbor_search::Graph;
    /// let g = Graph::parse("S -> A:2 G:5\nA -> G:1\nh S=3 A=2\ngoal G").unwrap();
    /// let check = g.check_heuristic();
    /// // h*(A) = 1 < h(A) = 2.
    /// assert!(!check.is_admissible());
    /// assert_eq!(check.overestimates[0].node, g.find("A").unwrap());
    /// assert_eq!(check.overestimates[0].true_cost.cost, 1);
    /// assert_eq!(
    ///     check.display(&g).to_string(),
    ///     "The heuristic is neither admissible nor consistent.\n\
    ///      h(A) = 2 is more than the true cost 1 from A to G: not admissible.\n\
    ///      Edge A → G (1): h(A) = 2 > 1 + h(G) = 1 + 0 = 1: not consistent."
    /// );
    /// ```
    pub fn check_heuristic(&self) -> HeuristicCheck {
        HeuristicCheck::of(self)
    }
}

struct Named<'a>(&'a HeuristicCheck, &'a Graph);

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Named(check, graph) = *self;
        let summary = match (check.is_admissible(), check.is_consistent()) {
            (true, true) => "admissible and consistent",
            (true, false) => "admissible but not consistent",
            (false, true) => "consistent but not admissible",
            (false, false) => "neither admissible nor consistent",
        };
        write!(f, "The heuristic is {summary}.")?;
        for g in &check.goals_not_zero {
            write!(f, "\n{}", g.display(graph))?;
        }
        for o in &check.overestimates {
            write!(f, "\n{}", o.display(graph))?;
        }
        for e in &check.inconsistent {
            write!(f, "\n{}", e.display(graph))?;
        }
        Ok(())
    }
}

/// A finding with the graph that names its nodes.
pub struct WithNames<'a, T>(&'a T, &'a Graph);

impl Overestimate {
    /// In words: `h(Sibiu) = 300 is more than the true cost 278 from Sibiu to Bucharest: not
    /// admissible.`
    pub fn display<'a>(&'a self, graph: &'a Graph) -> WithNames<'a, Overestimate> {
        WithNames(self, graph)
    }
}

impl fmt::Display for WithNames<'_, Overestimate> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (o, g) = (self.0, self.1);
        let name = g.name(o.node);
        write!(
            f,
            "h({name}) = {} is more than the true cost {} from {name} to {}: not admissible.",
            o.h,
            o.true_cost.cost,
            g.name(o.true_cost.goal)
        )
    }
}

impl InconsistentEdge {
    /// In words: `Edge Sibiu → Fagaras (99): h(Sibiu) = 353 > 99 + h(Fagaras) = 99 + 176 =
    /// 275: not consistent.`
    pub fn display<'a>(&'a self, graph: &'a Graph) -> WithNames<'a, InconsistentEdge> {
        WithNames(self, graph)
    }
}

impl fmt::Display for WithNames<'_, InconsistentEdge> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (e, g) = (self.0, self.1);
        let (from, to) = (g.name(e.from), g.name(e.to));
        write!(
            f,
            "Edge {from} → {to} ({c}): h({from}) = {} > {c} + h({to}) = {c} + {} = {}: not consistent.",
            e.h_from,
            e.h_to,
            u64::from(e.cost) + u64::from(e.h_to),
            c = e.cost
        )
    }
}

impl GoalEstimate {
    /// In words: `h(Bucharest) = 5, but Bucharest is a goal: a goal's h must be 0 (not
    /// admissible).`
    pub fn display<'a>(&'a self, graph: &'a Graph) -> WithNames<'a, GoalEstimate> {
        WithNames(self, graph)
    }
}

impl fmt::Display for WithNames<'_, GoalEstimate> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.1.name(self.0.goal);
        write!(
            f,
            "h({name}) = {}, but {name} is a goal: its true cost is 0, so h({name}) must be 0: not admissible.",
            self.0.h
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::graph_preset;

    fn named(g: &Graph, check: &HeuristicCheck) -> Vec<String> {
        check
            .display(g)
            .to_string()
            .lines()
            .map(String::from)
            .collect()
    }

    /// The textbook's straight-line distances to Bucharest are admissible and consistent; the
    /// true costs are the road distances (Arad 418, as uniform cost finds).
    #[test]
    fn romania_is_admissible_and_consistent() {
        let g = Graph::parse(graph_preset("romania").unwrap().text).unwrap();
        let check = g.check_heuristic();
        assert!(check.is_admissible() && check.is_consistent(), "{check:?}");
        assert_eq!(
            named(&g, &check),
            ["The heuristic is admissible and consistent."]
        );
        let cost = |name: &str| check.true_costs[g.find(name).unwrap() as usize].unwrap();
        assert_eq!(cost("Arad").cost, 418);
        assert_eq!(cost("Sibiu").cost, 278);
        assert_eq!(cost("Fagaras").cost, 211);
        assert_eq!(cost("Bucharest").cost, 0);
        assert_eq!(g.name(cost("Neamt").goal), "Bucharest");
    }

    /// Romania with Sibiu's estimate raised to 300 (its true cost is 278, by Rimnicu Vilcea and
    /// Pitesti): Sibiu is named, with both numbers; and since 300 > 80 + 193 and > 99 + 176,
    /// so are its edges to Rimnicu Vilcea and Fagaras — but not those to Arad or Oradea.
    #[test]
    fn an_overestimate_is_named_with_both_numbers() {
        let text = graph_preset("romania")
            .unwrap()
            .text
            .replace("Sibiu=253", "Sibiu=300");
        let g = Graph::parse(&text).unwrap();
        let check = g.check_heuristic();
        assert!(!check.is_admissible() && !check.is_consistent());
        assert_eq!(
            named(&g, &check),
            [
                "The heuristic is neither admissible nor consistent.",
                "h(Sibiu) = 300 is more than the true cost 278 from Sibiu to Bucharest: not admissible.",
                "Edge Sibiu → Fagaras (99): h(Sibiu) = 300 > 99 + h(Fagaras) = 99 + 176 = 275: not consistent.",
                "Edge Sibiu → Rimnicu_Vilcea (80): h(Sibiu) = 300 > 80 + h(Rimnicu_Vilcea) = 80 + 193 = 273: not consistent.",
            ]
        );
    }

    /// The textbook's example of an admissible heuristic that is not consistent: on S → A → G
    /// (costs 1, 3) and S → G (5), h(S) = 4, h(A) = 1 — each at most its true cost (4 and 3),
    /// but S → A drops h by 3 for a step of 1. Exactly that edge is named.
    #[test]
    fn admissible_but_not_consistent() {
        let g = Graph::parse("S -> A:1 G:5\nA -> G:3\nh S=4 A=1\ngoal G").unwrap();
        let check = g.check_heuristic();
        assert!(check.is_admissible());
        assert!(!check.is_consistent());
        assert_eq!(
            check.inconsistent,
            [InconsistentEdge {
                from: 0,
                to: 1,
                cost: 1,
                h_from: 4,
                h_to: 1
            }]
        );
        assert_eq!(
            named(&g, &check),
            [
                "The heuristic is admissible but not consistent.",
                "Edge S → A (1): h(S) = 4 > 1 + h(A) = 1 + 1 = 2: not consistent.",
            ]
        );
    }

    /// A goal with h > 0 is named as a goal (not as an overestimate too); a node that reaches
    /// no goal has h* = ∞ and any estimate; a two-way edge is checked both ways.
    #[test]
    fn goals_dead_ends_and_two_way_edges() {
        let g = Graph::parse("S -- G:2\nS -> D:1\nh S=2 G=1 D=999\ngoal G").unwrap();
        let check = g.check_heuristic();
        let d = g.find("D").unwrap();
        assert_eq!(check.true_costs[d as usize], None);
        assert_eq!(
            check.goals_not_zero,
            [GoalEstimate {
                goal: g.find("G").unwrap(),
                h: 1
            }]
        );
        assert!(check.overestimates.is_empty());
        // S → D: 2 ≤ 1 + 999. G → S: 1 ≤ 2 + 2. S → G: 2 ≤ 2 + 1. Consistent, not admissible.
        assert!(check.is_consistent());
        assert_eq!(
            named(&g, &check),
            [
                "The heuristic is consistent but not admissible.",
                "h(G) = 1, but G is a goal: its true cost is 0, so h(G) must be 0: not admissible.",
            ]
        );
    }

    /// Several goals: each node's true cost is to the nearest; a tree's edges go one way.
    #[test]
    fn the_nearest_goal_and_trees() {
        let g = Graph::parse("A -> B:5 C:1\nC -> D:1\nB -> D:1\nh A=2 C=1\ngoal B D").unwrap();
        let check = g.check_heuristic();
        let a = check.true_costs[0].unwrap();
        assert_eq!((a.cost, g.name(a.goal)), (2, "D"));
        assert!(check.is_admissible() && check.is_consistent());
        let tree = Graph::parse("A[B[D] C]\nh A=3 B=1 C=7\ngoal D").unwrap();
        let check = tree.check_heuristic();
        assert_eq!(check.true_costs[tree.find("C").unwrap() as usize], None);
        // A → B: 3 > 1 + 1; h(A) = 3 > h*(A) = 2. C reaches no goal: any h is admissible.
        assert_eq!(
            named(&tree, &check)[1..],
            [
                "h(A) = 3 is more than the true cost 2 from A to D: not admissible.",
                "Edge A → B (1): h(A) = 3 > 1 + h(B) = 1 + 1 = 2: not consistent.",
            ]
        );
    }
}
