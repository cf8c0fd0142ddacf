//! The pseudocode listings of expectimax, expectiminimax and Star1, and the line of a step.

use super::*;
use arbor_game::{ExpectEvent, ExpectKind, NodeId, Rule};

/// A pseudocode listing, and the line each kind of step is at.
struct Listing {
    lines: &'static [&'static str],
    /// A leaf's value returned (at the root: the whole search).
    terminal: usize,
    /// A MAX node chooses.
    max: usize,
    /// A MIN node chooses.
    min: usize,
    /// A chance node starts its sum.
    chance: usize,
    /// A child's value is added to a chance node's sum.
    add: usize,
    /// A chance node returns its sum.
    done: usize,
    /// A chance node stops early, failing low (and failing high, the line after); only searches
    /// with bounds stop early.
    cut_low: usize,
}

const EXPECTIMAX: Listing = Listing {
    lines: &[
        "function VALUE(node)",
        "  if TERMINAL(node) then return UTILITY(node)",
        "  if MAX(node) then return max of VALUE(c) over its children c",
        "  v ← 0   ▷ a chance node",
        "  for each child c, with probability p, do",
        "    v ← v + p · VALUE(c)",
        "  return v",
    ],
    terminal: 1,
    max: 2,
    min: 2,
    chance: 3,
    add: 5,
    done: 6,
    cut_low: 6,
};

const EXPECTIMINIMAX: Listing = Listing {
    lines: &[
        "function VALUE(node)",
        "  if TERMINAL(node) then return UTILITY(node)",
        "  if MAX(node) then return max of VALUE(c) over its children c",
        "  if MIN(node) then return min of VALUE(c) over its children c",
        "  v ← 0   ▷ a chance node",
        "  for each child c, with probability p, do",
        "    v ← v + p · VALUE(c)",
        "  return v",
    ],
    terminal: 1,
    max: 2,
    min: 3,
    chance: 4,
    add: 6,
    done: 7,
    cut_low: 7,
};

const STAR1: Listing = Listing {
    lines: &[
        "function VALUE(node, α, β)   ▷ every leaf in [L, U]",
        "  if TERMINAL(node) then return UTILITY(node)",
        "  if MAX(node) or MIN(node) then alpha-beta over its children",
        "  S ← 0; P ← 0   ▷ a chance node",
        "  for each child c, with probability p, do",
        "    v ← VALUE(c, child's α, β)   ▷ see the caption",
        "    S ← S + p · v; P ← P + p",
        "    if S + (1 − P) · U ≤ α then return S + (1 − P) · U   ▷ prune",
        "    if S + (1 − P) · L ≥ β then return S + (1 − P) · L   ▷ prune",
        "  return S",
    ],
    terminal: 1,
    max: 2,
    min: 2,
    chance: 3,
    add: 6,
    done: 9,
    cut_low: 7,
};

fn listing_of(rule: Rule, bounds: bool) -> &'static Listing {
    match (rule, bounds) {
        (_, true) => &STAR1,
        (Rule::Expectimax, false) => &EXPECTIMAX,
        (Rule::Expectiminimax, false) => &EXPECTIMINIMAX,
    }
}

/// The pseudocode listing for a rule, with or without bounds.
pub fn listing(rule: Rule, bounds: bool) -> &'static [&'static str] {
    listing_of(rule, bounds).lines
}

/// The listing's line for the step (`None` before the first): the line of the node the value
/// goes to — a chance parent adds it, a decision parent chooses — or of the node itself when it
/// is entered, is the root, or stops early.
pub fn line_at(run: &ChanceRun, step: usize) -> Option<usize> {
    let s = run.steps.get(step.checked_sub(1)?)?;
    let l = listing_of(run.rule, run.bounds.is_some());
    let tree = &run.tree;
    let choose = |id: NodeId| if role(run, id) == "MIN" { l.min } else { l.max };
    let node = tree.node(s.node);
    Some(match (s.kind, node.parent) {
        (StepKind::Cutoff, _) if node.is_chance() => {
            let high = run.events[s.events.clone()].iter().any(|e| {
                matches!(
                    e,
                    ExpectEvent::Cutoff {
                        kind: ExpectKind::AtLeast,
                        ..
                    }
                )
            });
            l.cut_low + usize::from(high)
        }
        (StepKind::Cutoff, _) => choose(s.node),
        (StepKind::Enter, _) if node.is_chance() => l.chance,
        (StepKind::Enter, _) => choose(s.node),
        (_, Some(p)) if tree.node(p).is_chance() => l.add,
        (_, Some(p)) => choose(p),
        (StepKind::Leaf, None) => l.terminal,
        (_, None) if node.is_chance() => l.done,
        (_, None) => choose(s.node),
    })
}
