//! The pseudocode shown beside the tree, and which line each step is at.

use arbor_game::replay::{Step, StepKind};
use arbor_game::GameTree;

use super::Algorithm;

/// A listing: its lines, with indentation.
pub fn listing(algorithm: Algorithm) -> &'static [&'static str] {
    match algorithm {
        Algorithm::Minimax => MINIMAX,
        Algorithm::AlphaBeta => ALPHA_BETA,
        Algorithm::AlphaBetaHard => ALPHA_BETA_HARD,
        Algorithm::Negamax => NEGAMAX,
        Algorithm::Deepening => DEEPENING,
        Algorithm::Solver => SOLVER,
        Algorithm::MaxN => MAX_N,
    }
}

/// Minimax: MAX-VALUE and MIN-VALUE, every child searched.
const MINIMAX: &[&str] = &[
    "function MAX-VALUE(node)",
    "  if TERMINAL(node) then return UTILITY(node)",
    "  v ← −∞",
    "  for each child c of node do",
    "    v ← max(v, MIN-VALUE(c))",
    "  return v",
    "function MIN-VALUE(node)",
    "  if TERMINAL(node) then return UTILITY(node)",
    "  v ← +∞",
    "  for each child c of node do",
    "    v ← min(v, MAX-VALUE(c))",
    "  return v",
];

/// Alpha-beta, fail-soft: a node returns its best value, which may lie outside (α, β).
const ALPHA_BETA: &[&str] = &[
    "function MAX-VALUE(node, α, β)",
    "  if TERMINAL(node) then return UTILITY(node)",
    "  v ← −∞",
    "  for each child c of node do",
    "    v ← max(v, MIN-VALUE(c, α, β))",
    "    α ← max(α, v)",
    "    if α ≥ β then return v   ▷ prune the rest",
    "  return v",
    "function MIN-VALUE(node, α, β)",
    "  if TERMINAL(node) then return UTILITY(node)",
    "  v ← +∞",
    "  for each child c of node do",
    "    v ← min(v, MAX-VALUE(c, α, β))",
    "    β ← min(β, v)",
    "    if α ≥ β then return v   ▷ prune the rest",
    "  return v",
];

/// Alpha-beta, fail-hard: a node's value is clamped to (α, β).
const ALPHA_BETA_HARD: &[&str] = &[
    "function MAX-VALUE(node, α, β)",
    "  if TERMINAL(node) then return UTILITY(node)",
    "  for each child c of node do",
    "    v ← MIN-VALUE(c, α, β)",
    "    α ← max(α, v)",
    "    if α ≥ β then return β   ▷ prune the rest",
    "  return α",
    "function MIN-VALUE(node, α, β)",
    "  if TERMINAL(node) then return UTILITY(node)",
    "  for each child c of node do",
    "    v ← MAX-VALUE(c, α, β)",
    "    β ← min(β, v)",
    "    if α ≥ β then return α   ▷ prune the rest",
    "  return β",
];

/// Negamax: one function, values for the player to move.
const NEGAMAX: &[&str] = &[
    "function NEGAMAX(node, α, β)   ▷ values for the player to move",
    "  if TERMINAL(node) then return ±UTILITY(node)",
    "  v ← −∞",
    "  for each child c of node do",
    "    v ← max(v, −NEGAMAX(c, −β, −α))",
    "    α ← max(α, v)",
    "    if α ≥ β then return v   ▷ prune the rest",
    "  return v",
];

/// Iterative deepening: negamax to depth 1, 2, …, with a transposition table.
const DEEPENING: &[&str] = &[
    "function DEEPENING(root)",
    "  for depth ← 1, 2, … do",
    "    v ← NEGAMAX(root, depth, −∞, +∞)",
    "function NEGAMAX(node, depth, α, β)",
    "  if TABLE knows node to depth then use its value or bound",
    "  if TERMINAL(node) or depth = 0 then return ±EVAL(node)",
    "  try the table's best move first",
    "  for each child c of node do",
    "    v ← max(v, −NEGAMAX(c, depth − 1, −β, −α))",
    "    α ← max(α, v)",
    "    if α ≥ β then break   ▷ prune the rest",
    "  store v in TABLE; return v",
];

/// The solver: null-window negamax searches that halve the score's range.
const SOLVER: &[&str] = &[
    "function SOLVE(root)   ▷ the exact score, by halving its range",
    "  lo, hi ← bounds on the score; repeat while lo < hi:",
    "    m ← a probe between lo and hi; v ← NEGAMAX(root, m, m + 1)",
    "function NEGAMAX(node, α, β)",
    "  narrow (α, β) to the score's bounds and the TABLE's",
    "  if node ends the game now then return its score",
    "  moves that do not lose at once, most threats first",
    "  for each child c of node do",
    "    v ← max(v, −NEGAMAX(c, −β, −α))",
    "    α ← max(α, v)",
    "    if α ≥ β then break   ▷ prune the rest",
    "  store v in TABLE; return v",
];

/// Max^n: each player picks the child whose utility vector is best for itself.
const MAX_N: &[&str] = &[
    "function MAXN(node)",
    "  if TERMINAL(node) then return UTILITY-VECTOR(node)",
    "  p ← PLAYER(node); best ← none",
    "  for each child c of node do",
    "    u ← MAXN(c)",
    "    if best = none or u[p] > best[p] then best ← u",
    "  return best",
];

/// The line (0-based) a step is at. `node` is the step's node; for steps that hand a value to
/// a parent the line is in the parent's function.
/// The line highlighted after `step` steps of `run` (none before the first).
pub fn line_at(run: &super::Run, step: usize) -> Option<usize> {
    let s = run.replay.steps().get(step.checked_sub(1)?)?;
    let hands_up = run.replay.trace().events[s.events.clone()].iter().any(|e| {
        matches!(
            e,
            arbor_game::Event::Return { .. } | arbor_game::Event::ReturnVector { .. }
        )
    });
    line(run.algorithm, run.replay.tree(), s, hands_up)
}

/// The line highlighted for one step (`hands_up`: a child's value came back in it).
pub fn line(
    algorithm: Algorithm,
    tree: &GameTree,
    step: &Step,
    parent_gets_value: bool,
) -> Option<usize> {
    if step.kind == StepKind::Iteration {
        return match algorithm {
            Algorithm::Deepening => Some(1),
            Algorithm::Solver => Some(2),
            _ => None,
        };
    }
    let node = step.node?;
    let is_max = tree.player_at(node) == 0;
    let parent_is_max = tree.node(node).parent.map(|p| tree.player_at(p) == 0);
    // Offset of the MIN function in two-function listings.
    let min_offset = |max_len: usize, at_max: bool| if at_max { 0 } else { max_len };
    Some(match algorithm {
        Algorithm::Minimax => match step.kind {
            StepKind::Enter => min_offset(6, is_max) + 3,
            StepKind::Evaluate | StepKind::Return if parent_gets_value => {
                min_offset(6, parent_is_max.unwrap_or(true)) + 4
            }
            StepKind::Evaluate => min_offset(6, is_max) + 1,
            _ => min_offset(6, is_max) + 5,
        },
        Algorithm::AlphaBeta => match step.kind {
            StepKind::Enter => min_offset(8, is_max) + 3,
            StepKind::Evaluate | StepKind::Return if parent_gets_value => {
                min_offset(8, parent_is_max.unwrap_or(true)) + 5
            }
            StepKind::Evaluate => min_offset(8, is_max) + 1,
            StepKind::Cutoff => min_offset(8, is_max) + 6,
            _ => min_offset(8, is_max) + 7,
        },
        Algorithm::AlphaBetaHard => match step.kind {
            StepKind::Enter => min_offset(7, is_max) + 2,
            StepKind::Evaluate | StepKind::Return if parent_gets_value => {
                min_offset(7, parent_is_max.unwrap_or(true)) + 4
            }
            StepKind::Evaluate => min_offset(7, is_max) + 1,
            StepKind::Cutoff => min_offset(7, is_max) + 5,
            _ => min_offset(7, is_max) + 6,
        },
        Algorithm::Negamax => match step.kind {
            StepKind::Enter => 3,
            StepKind::Evaluate | StepKind::Return if parent_gets_value => 5,
            StepKind::Evaluate => 1,
            StepKind::Cutoff => 6,
            _ => 7,
        },
        // The two listings share every line but the loop's (iterations return above).
        Algorithm::Deepening | Algorithm::Solver => match step.kind {
            StepKind::TableHit => 4,
            StepKind::Enter => 7,
            StepKind::Evaluate | StepKind::Return if parent_gets_value => 9,
            StepKind::Evaluate => 5,
            StepKind::Cutoff => 10,
            StepKind::Return | StepKind::Iteration => 11,
        },
        Algorithm::MaxN => match step.kind {
            StepKind::Enter => 3,
            StepKind::Evaluate | StepKind::Return if parent_gets_value => 5,
            StepKind::Evaluate => 1,
            _ => 6,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_points_into_its_listing() {
        let tree = GameTree::parse("[[1,2],[3,4]]").unwrap();
        for algorithm in Algorithm::ALL {
            let len = listing(algorithm).len();
            for kind in [
                StepKind::Enter,
                StepKind::Evaluate,
                StepKind::Return,
                StepKind::Cutoff,
                StepKind::TableHit,
                StepKind::Iteration,
            ] {
                for node in 0..tree.len() as u32 {
                    for parent in [false, true] {
                        let step = Step {
                            events: 0..1,
                            kind,
                            node: Some(arbor_game::NodeId(node)),
                        };
                        if let Some(l) = line(algorithm, &tree, &step, parent) {
                            assert!(l < len, "{algorithm:?} {kind:?} line {l}");
                        }
                    }
                }
            }
        }
    }
}
