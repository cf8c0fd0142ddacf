//! What each node shows, who decides where, the values in words, and the caption of a step.

use super::*;
use crate::scene::labels;
use crate::scene::{decimal, fraction_end, NodeMark, Relation, Shown, Status};
use arbor_game::replay::NodeStatus;
use arbor_game::{max_decides, ExpectEvent, ExpectKind, NodeId, Ratio, Rule};

/// What node `i` shows in `frame`.
pub fn mark_of(run: &ChanceRun, frame: &ChanceFrame, principal: &[NodeId], i: usize) -> NodeMark {
    let id = NodeId(i as u32);
    let (node, f) = (run.tree.node(id), &frame.nodes[i]);
    let relation = |k: Option<ExpectKind>| match k {
        Some(ExpectKind::AtLeast) => Relation::AtLeast,
        Some(ExpectKind::AtMost) => Relation::AtMost,
        _ => Relation::Exact,
    };
    let value = match (f.value, node.is_leaf()) {
        (Some(v), _) if f.standing == NodeStatus::Done || !node.is_chance() => {
            Shown::Fraction(v, relation(f.kind))
        }
        // A leaf's value is known before the search reaches it.
        (_, true) => Shown::Fraction(Ratio::int(node.payoff[0].into()), Relation::Exact),
        _ => Shown::Nothing,
    };
    let current = frame.current == Some(id);
    NodeMark {
        status: match f.standing {
            _ if current => Status::Current,
            NodeStatus::Unvisited => Status::Unvisited,
            NodeStatus::Open | NodeStatus::Done => Status::Visited,
            NodeStatus::Pruned => Status::Pruned,
        },
        value,
        settled: f.standing == NodeStatus::Done,
        window: None,
        principal: principal.contains(&id),
        open: f.standing == NodeStatus::Open,
        from_table: false,
        fraction_window: if node.is_leaf() { None } else { f.window },
    }
}

/// Who decides at a node, in words.
pub fn role(run: &ChanceRun, id: NodeId) -> &'static str {
    let node = run.tree.node(id);
    if node.is_leaf() {
        "leaf"
    } else if node.is_chance() {
        "chance"
    } else if max_decides(&run.tree, run.rule, id) {
        "MAX"
    } else {
        "MIN"
    }
}

/// A value in a caption: the fraction, and its decimals where they differ (`7/3 ≈ 2.33`).
pub fn spoken(v: Ratio) -> String {
    if v.is_integer() {
        decimal(v)
    } else {
        let d = decimal(v);
        let exact = v.to_string().replace('-', "−");
        if v.checked_mul(Ratio::int(100)).is_ok_and(Ratio::is_integer) {
            format!("{exact} = {d}")
        } else {
            format!("{exact} ≈ {d}")
        }
    }
}

/// A chance node's expectation as it stands: `1/3·2 + 1/3·4 + 1/3·?`.
pub fn expression(run: &ChanceRun, frame: &ChanceFrame, id: NodeId) -> String {
    let node = run.tree.node(id);
    let probs = node.chance.as_deref().unwrap_or(&[]);
    let returned = &frame.nodes[id.index()].returned;
    probs
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let v = returned.get(k).copied().flatten();
            let v = match v {
                Some(v) if v < Ratio::ZERO => format!("({})", decimal(v)),
                Some(v) => decimal(v),
                None => "?".into(),
            };
            format!("{p}·{v}")
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The caption after `step` steps: what the last step did and why.
pub fn caption(run: &ChanceRun, frame: &ChanceFrame, step: usize) -> String {
    let tree = &run.tree;
    if step == 0 {
        return opening(run);
    }
    let s = &run.steps[step - 1];
    let id = s.node;
    match s.kind {
        StepKind::Enter => entered(run, frame, id),
        StepKind::Leaf => format!(
            "Leaf {} = {}.{}",
            tree.node(id).label,
            decimal(Ratio::int(tree.node(id).payoff[0].into())),
            parent_part(run, frame, id)
        ),
        StepKind::Return => returned(run, frame, id),
        StepKind::Cutoff => cut_off(run, frame, s),
    }
}

/// The caption before the first step: how the rule values nodes, and when it prunes.
fn opening(run: &ChanceRun) -> String {
    let what = match run.rule {
        Rule::Expectimax => "Expectimax",
        Rule::Expectiminimax => "Expectiminimax",
    };
    let pruning = match run.bounds {
        Some((l, u)) => format!(
            " Every leaf lies in [{}, {}], so a chance node can stop once its expectation cannot reach its window (α, β)."
            , decimal(Ratio::int(l.into())), decimal(Ratio::int(u.into()))
        ),
        None => String::new(),
    };
    format!(
        "{what} values a chance node by the expected value of its children, Σ p · v, and a decision node by its best child.{pruning} {}",
        crate::control::STEP_TO_BEGIN
    )
}

/// What `child`'s parent makes of it so far: a chance node's sum, a decision node's best.
fn parent_part(run: &ChanceRun, frame: &ChanceFrame, child: NodeId) -> String {
    let tree = &run.tree;
    let Some(p) = tree.node(child).parent else {
        return String::new();
    };
    let pl = &tree.node(p).label;
    let pf = &frame.nodes[p.index()];
    if tree.node(p).is_chance() {
        let sum = pf.so_far.map_or("0".into(), spoken);
        let rest = if pf.returned.iter().any(Option::is_none) {
            " + …"
        } else {
            "."
        };
        format!(
            " {pl} (chance) so far: {} = {sum}{rest}",
            expression(run, frame, p)
        )
    } else {
        format!(
            " {pl} ({}) best so far: {}.",
            role(run, p),
            pf.value.map_or("?".into(), spoken)
        )
    }
}

/// A step that enters node `id`: what kind of node it is, with its window when the run prunes.
fn entered(run: &ChanceRun, frame: &ChanceFrame, id: NodeId) -> String {
    let tree = &run.tree;
    let label = &tree.node(id).label;
    let window = match frame.nodes[id.index()].window {
        Some((a, b)) if run.bounds.is_some() => format!(
            " with (α, β) = ({}, {})",
            fraction_end(a, true),
            fraction_end(b, false)
        ),
        _ => String::new(),
    };
    match role(run, id) {
        "chance" => format!(
            "Enter {label}, a chance node{window}: its value is the expected value of its {} children.",
            tree.node(id).children.len()
        ),
        r => format!("Enter {label}, a {r} node{window}: it takes its {} child.", if r == "MAX" { "largest" } else { "smallest" }),
    }
}

/// A step where node `id` is done: its value (a chance node's sum), and what its parent makes
/// of it, or the root's choice.
fn returned(run: &ChanceRun, frame: &ChanceFrame, id: NodeId) -> String {
    let tree = &run.tree;
    let label = &tree.node(id).label;
    let f = &frame.nodes[id.index()];
    let v = f.value.map_or("?".into(), spoken);
    let bound = match f.kind {
        Some(ExpectKind::AtMost) => "at most ",
        Some(ExpectKind::AtLeast) => "at least ",
        _ => "",
    };
    let how = if tree.node(id).is_chance() && f.kind == Some(ExpectKind::Exact) {
        format!("{} = {v}", expression(run, frame, id))
    } else {
        format!("{bound}{v}")
    };
    if tree.node(id).parent.is_none() {
        let best = run
            .best
            .map(|b| format!(" — {} takes {}", role(run, id), tree.node(b).label))
            .unwrap_or_default();
        format!("Done: the root {label} is worth {how}{best}.")
    } else {
        format!(
            "{label} ({}) is done: {how}.{}",
            role(run, id),
            parent_part(run, frame, id)
        )
    }
}

/// A cutoff step: why the node stops, and what is pruned.
fn cut_off(run: &ChanceRun, frame: &ChanceFrame, s: &Step) -> String {
    let tree = &run.tree;
    let id = s.node;
    let label = &tree.node(id).label;
    let (value, kind, skipped) = run.events[s.events.clone()]
        .iter()
        .find_map(|e| match e {
            ExpectEvent::Cutoff {
                value,
                kind,
                skipped,
                ..
            } => Some((*value, *kind, skipped.clone())),
            _ => None,
        })
        .expect("a cutoff step has its event");
    let f = &frame.nodes[id.index()];
    let (a, b) = f.window.unwrap_or((None, None));
    let reason = match (tree.node(id).is_chance(), kind) {
        (true, ExpectKind::AtMost) => format!(
            "even if every child left were worth the upper bound {}, {label} would be at most {} ≤ α = {}",
            run.bounds.map_or(String::new(), |(_, u)| u.to_string()),
            spoken(value),
            fraction_end(a, true)
        ),
        (true, _) => format!(
            "even if every child left were worth the lower bound {}, {label} would be at least {} ≥ β = {}",
            run.bounds.map_or(String::new(), |(l, _)| l.to_string()),
            spoken(value),
            fraction_end(b, false)
        ),
        (false, ExpectKind::AtLeast) => format!(
            "MAX already has {} ≥ β = {}: MIN above will not let the game come here",
            spoken(value),
            fraction_end(b, false)
        ),
        (false, _) => format!(
            "MIN already has {} ≤ α = {}: MAX above will not let the game come here",
            spoken(value),
            fraction_end(a, true)
        ),
    };
    format!(
        "{label} stops: {reason}. Pruned: {}.",
        labels(tree, &skipped)
    )
}
