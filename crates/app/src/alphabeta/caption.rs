//! What just happened, in plain words, for each step: read from the step's trace events and
//! the frames around it, so the caption says exactly what the search did.

use arbor_game::replay::{Frame, Replay, StepKind, ValueKind};
use arbor_game::{Event, GameTree, HitEffect, NodeId, Side};

use super::{vector_text, Algorithm, Perspective};
use crate::scene::labels;
use crate::scene::show_value;

fn role(tree: &GameTree, id: NodeId) -> String {
    if tree.node(id).is_leaf() {
        return "leaf".into();
    }
    if tree.players() > 2 {
        return format!("player {}", (b'A' + tree.player_at(id) as u8) as char);
    }
    if tree.player_at(id) == 0 {
        "MAX"
    } else {
        "MIN"
    }
    .into()
}

fn name(tree: &GameTree, id: NodeId) -> String {
    format!("{} ({})", tree.node(id).label, role(tree, id))
}

fn window(w: Option<(i32, i32)>) -> String {
    match w {
        Some((a, b)) => format!("(α, β) = ({}, {})", show_value(a), show_value(b)),
        None => String::new(),
    }
}

/// Numbers as the tree shows them: for MAX, or (negamax) for the player to move at each node.
struct Numbers<'a> {
    tree: &'a GameTree,
    mover: bool,
}

impl Numbers<'_> {
    fn flips(&self, id: NodeId) -> bool {
        self.mover && self.tree.player_at(id) == 1
    }

    fn value(&self, id: NodeId, v: i32) -> String {
        show_value(if self.flips(id) { -v } else { v })
    }

    fn window(&self, id: NodeId, w: Option<(i32, i32)>) -> Option<(i32, i32)> {
        w.map(|(a, b)| if self.flips(id) { (-b, -a) } else { (a, b) })
    }

    fn kind(&self, id: NodeId, k: ValueKind) -> ValueKind {
        match (k, self.flips(id)) {
            (ValueKind::AtLeast, true) => ValueKind::AtMost,
            (ValueKind::AtMost, true) => ValueKind::AtLeast,
            (k, _) => k,
        }
    }
}

/// The caption after `done` steps (0: before the search starts); `after` is the frame after
/// them. Numbers are in the tree's perspective.
pub fn caption(
    replay: &Replay,
    algorithm: Algorithm,
    done: usize,
    after: &Frame,
    perspective: Perspective,
) -> String {
    let tree = replay.tree();
    let words = Words {
        replay,
        tree,
        num: Numbers {
            tree,
            mover: perspective == Perspective::Mover,
        },
        after,
    };
    if done == 0 {
        return format!(
            "{} {}",
            intro(algorithm, &name(tree, tree.root())),
            crate::control::STEP_TO_BEGIN
        );
    }
    let steps = replay.steps();
    let Some(step) = steps.get(done - 1) else {
        return String::new();
    };
    let events = &replay.trace().events[step.events.clone()];
    let mut text = match step.kind {
        StepKind::Iteration => iteration(algorithm, events),
        StepKind::Enter => words.enter(events),
        StepKind::Evaluate => words.evaluate(events) + &words.handed_up(step.events.start, events),
        StepKind::Return => words.returned(events) + &words.handed_up(step.events.start, events),
        StepKind::Cutoff => words.cutoff(events),
        StepKind::TableHit => words.table_hit(events),
    };
    if after.finished && done == replay.len() {
        let path = labels(tree, &after.principal)
            .replace(", ", " → ")
            .replace(" and ", " → ");
        text.push_str(&format!(
            " The search is over. Principal variation: {path}."
        ));
    }
    text
}

/// The caption before the first step: what the algorithm will do, from the root `root`.
fn intro(algorithm: Algorithm, root: &str) -> String {
    match algorithm {
        Algorithm::Minimax => format!("Minimax will search every node, starting at the root {root}."),
        Algorithm::MaxN => format!("Each player picks the child whose utility vector is best for itself. The search starts at the root {root}."),
        Algorithm::Deepening => "Iterative deepening runs alpha-beta to depth 1, 2, 3, …, reusing what each round learnt.".into(),
        Algorithm::Solver => "The solver finds the exact score with null-window alpha-beta searches, each asking whether the score is above some value.".into(),
        _ => format!("Alpha-beta starts at the root {root} with (α, β) = (−∞, +∞): nothing is known yet."),
    }
}

/// A step that starts an iteration: the solver's next null-window search, or iterative
/// deepening's next depth.
fn iteration(algorithm: Algorithm, events: &[Event<NodeId>]) -> String {
    match events.first() {
        Some(Event::Iteration { depth }) if algorithm == Algorithm::Solver => format!(
            "Null-window search {depth}: a window one wide asks only whether the score is above its lower end; each answer halves the range the score can lie in, and the table keeps what every search learnt."
        ),
        Some(Event::Iteration { depth }) => format!(
            "Iteration {depth}: search again, {depth} {} deep, trying first the moves that were best last time.",
            if *depth == 1 { "ply" } else { "plies" }
        ),
        _ => String::new(),
    }
}

/// What a step's caption is written from: the run, its tree, the numbers as the tree shows
/// them, and the frame after the step.
struct Words<'a> {
    /// The run.
    replay: &'a Replay,
    /// Its tree.
    tree: &'a GameTree,
    /// Numbers for MAX, or for the player to move.
    num: Numbers<'a>,
    /// The frame after the step.
    after: &'a Frame,
}

impl Words<'_> {
    /// The tree's node of trace node `t`.
    fn node_of(&self, t: u32) -> NodeId {
        self.replay.tree_node(t)
    }

    /// A step that enters a node, with its window.
    fn enter(&self, events: &[Event<NodeId>]) -> String {
        let tree = self.tree;
        match events.first() {
            Some(Event::Enter { node, window: w }) => {
                let id = self.node_of(*node);
                let w = self.num.window(id, *w);
                match tree.node(id).parent {
                    None => format!("Start at the root {}{}.", name(tree, id), with(&w)),
                    Some(p) => format!(
                        "{} tries its next move: enter {}{}.",
                        tree.node(p).label,
                        name(tree, id),
                        with(&w)
                    ),
                }
            }
            _ => String::new(),
        }
    }

    /// A step that values a node without searching below it: a leaf, a node at the depth
    /// limit, a node the table already holds (the last such event is told).
    fn evaluate(&self, events: &[Event<NodeId>]) -> String {
        let (tree, num) = (self.tree, &self.num);
        let mut s = String::new();
        for e in events {
            match e {
                Event::Evaluate {
                    node,
                    value,
                    horizon,
                } => {
                    let id = self.node_of(*node);
                    s = if *horizon {
                        format!(
                            "{} is at the depth limit: its evaluation, {}, stands in for the rest.",
                            name(tree, id),
                            num.value(id, *value)
                        )
                    } else if num.flips(id) {
                        format!(
                            "Leaf {} has utility {} for MAX, so {} for MIN, who would move there.",
                            tree.node(id).label,
                            show_value(*value),
                            num.value(id, *value)
                        )
                    } else if tree.node(id).is_leaf() {
                        format!(
                            "Leaf {} has utility {}.",
                            tree.node(id).label,
                            show_value(*value)
                        )
                    } else {
                        format!(
                            "{} ends the game: utility {}.",
                            name(tree, id),
                            show_value(*value)
                        )
                    };
                }
                Event::EvaluateVector { node, values, .. } => {
                    s = format!(
                        "Leaf {} has utilities {}.",
                        tree.node(self.node_of(*node)).label,
                        vector_text(values)
                    );
                }
                Event::TableHit { node, value, .. } => {
                    let id = self.node_of(*node);
                    s = format!(
                        "The table already holds {} from an earlier search: {} — no need to search below it.",
                        name(tree, id),
                        num.value(id, *value)
                    );
                }
                _ => {}
            }
        }
        s
    }

    /// A step where a node is done: its value, and whether it is only a bound.
    fn returned(&self, events: &[Event<NodeId>]) -> String {
        let (tree, num) = (self.tree, &self.num);
        let mut s = String::new();
        for e in events {
            match e {
                Event::Exit { node, value, .. } => {
                    let id = self.node_of(*node);
                    let kind = num.kind(id, self.after.nodes[id.index()].kind);
                    let bound = match kind {
                        ValueKind::Exact | ValueKind::SoFar => String::new(),
                        ValueKind::AtLeast => " (at least: it was cut off, or failed high)".into(),
                        ValueKind::AtMost => {
                            " (at most: no child beat the bound it was given)".into()
                        }
                    };
                    s = if tree.node(id).parent.is_none() {
                        format!(
                            "The root {} is done: its value is {}{}.",
                            name(tree, id),
                            num.value(id, *value),
                            bound
                        )
                    } else {
                        format!(
                            "{} is done: value {}{}.",
                            name(tree, id),
                            num.value(id, *value),
                            bound
                        )
                    };
                }
                Event::ExitVector { node, values, .. } => {
                    let id = self.node_of(*node);
                    s = format!("{} is done: {}.", name(tree, id), vector_text(values));
                }
                _ => {}
            }
        }
        s
    }

    /// A cutoff: why play never comes to this node, and what is pruned.
    fn cutoff(&self, events: &[Event<NodeId>]) -> String {
        let (tree, num) = (self.tree, &self.num);
        match events.first() {
            Some(Event::Cutoff { node, skipped, .. }) => {
                let id = self.node_of(*node);
                let (a, b) = self.after.nodes[id.index()].window.unwrap_or((0, 0));
                let pruned = labels(tree, skipped);
                let what = if skipped.len() == 1 { "is" } else { "are" };
                if num.mover {
                    let (a, b) = num.window(id, Some((a, b))).unwrap_or((a, b));
                    format!(
                        "α = {} ≥ β = {} at {}: the opponent, higher up, already has a better choice than coming here. {pruned} {what} pruned.",
                        show_value(a), show_value(b), tree.node(id).label
                    )
                } else if tree.player_at(id) == 0 {
                    format!(
                        "{} ≥ β = {} at this MAX node {}: MIN, higher up, already has a way to hold MAX to {}, so play never comes here. {pruned} {what} pruned.",
                        show_value(a), show_value(b), tree.node(id).label, show_value(b)
                    )
                } else {
                    format!(
                        "{} ≤ α = {} at this MIN node {}: MAX, higher up, already has {} elsewhere, so play never comes here. {pruned} {what} pruned.",
                        show_value(b), show_value(a), tree.node(id).label, show_value(a)
                    )
                }
            }
            _ => String::new(),
        }
    }

    /// A step where the transposition table holds the node: a bound that narrows the window,
    /// or a shallower search's best move.
    fn table_hit(&self, events: &[Event<NodeId>]) -> String {
        let (tree, num) = (self.tree, &self.num);
        match events.first() {
            Some(Event::TableHit {
                node,
                value,
                bound,
                effect,
                depth,
            }) => {
                let id = self.node_of(*node);
                match effect {
                    HitEffect::Narrowed => format!(
                        "The table holds a bound for {}: the value is {} {}; the window narrows to {}.",
                        name(tree, id),
                        if (*bound == arbor_game::Bound::Lower) != num.flips(id) { "at least" } else { "at most" },
                        num.value(id, *value),
                        window(num.window(id, self.after.nodes[id.index()].window))
                    ),
                    _ => format!(
                        "The table holds {} from a shallower search ({depth} {}): its value is no use here, but its best move is tried first.",
                        name(tree, id),
                        if *depth == 1 { "ply" } else { "plies" }
                    ),
                }
            }
            _ => String::new(),
        }
    }

    /// [`handed_up`] for this step's events, which start at `start` in the trace.
    fn handed_up(&self, start: usize, events: &[Event<NodeId>]) -> String {
        handed_up(self.replay, &self.num, start, events, self.after)
    }
}

fn with(w: &Option<(i32, i32)>) -> String {
    match w {
        Some(_) => format!(" with {}", window(*w)),
        None => String::new(),
    }
}

/// " D takes 3: α = max(2, 3) = 3." — what the parent made of a returned value.
fn handed_up(
    replay: &Replay,
    num: &Numbers,
    start: usize,
    events: &[Event<NodeId>],
    after: &Frame,
) -> String {
    let tree = replay.tree();
    let node_of = |t: u32| replay.tree_node(t);
    let mut parent = None;
    let mut parent_trace = None;
    let mut value = None;
    let mut bounds = Vec::new();
    for e in events {
        match e {
            Event::Return { node, value: v, .. } => {
                parent = Some(node_of(*node));
                parent_trace = Some(*node);
                value = Some(num.value(node_of(*node), *v));
            }
            Event::ReturnVector { node, values, .. } => {
                parent = Some(node_of(*node));
                value = Some(vector_text(values));
            }
            Event::Bound { side, value: v, .. } => bounds.push((*side, *v)),
            _ => {}
        }
    }
    let (Some(p), Some(v)) = (parent, value) else {
        return String::new();
    };
    let label = &tree.node(p).label;
    let was = num.window(p, parent_trace.and_then(|t| replay.window_before(start, t)));
    if let Some(&(side, new)) = bounds.last() {
        if num.mover {
            // Every node maximises its own value: the bound that moves is its α.
            let new = if num.flips(p) { -new } else { new };
            let old = was.map(|w| show_value(w.0)).unwrap_or_default();
            return format!(
                " {label} takes {v}, the child's value negated: α = max({old}, {v}) = {}.",
                show_value(new)
            );
        }
        let (old, word, op) = match side {
            Side::Alpha => (was.map(|w| w.0), "α", "max"),
            Side::Beta => (was.map(|w| w.1), "β", "min"),
        };
        let old = old.map(show_value).unwrap_or_default();
        return format!(
            " {label} takes {v}: {word} = {op}({old}, {v}) = {}.",
            show_value(new)
        );
    }
    let best = after.nodes[p.index()].value.map(|b| num.value(p, b));
    let vector_best = after.nodes[p.index()]
        .vector
        .as_ref()
        .map(|x| vector_text(x));
    match (best.or(vector_best), tree.players() > 2) {
        (Some(b), false) if b == v => format!(" {label}'s best so far is {v}."),
        (Some(b), false) => format!(" {v} is no better for {} {label} than {b}.", role(tree, p)),
        (Some(b), true) if b == v => format!(" {label}'s best so far is {v}."),
        (Some(b), true) => format!(" {} at {label} prefers {b}.", role(tree, p)),
        (None, _) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabeta::run;
    use arbor_game::presets::preset;
    use arbor_game::Ordering;

    fn captions(id: &str, algorithm: Algorithm) -> Vec<String> {
        let tree = GameTree::parse(preset(id).unwrap().text).unwrap();
        let run = run(&tree, algorithm, Ordering::Natural, None);
        let perspective = if algorithm == Algorithm::Negamax {
            Perspective::Mover
        } else {
            Perspective::Max
        };
        (0..=run.replay.len())
            .map(|k| {
                caption(
                    &run.replay,
                    run.algorithm,
                    k,
                    &run.replay.frame(k),
                    perspective,
                )
            })
            .collect()
    }

    #[test]
    fn the_min_root_example_reads_like_the_post() {
        let text = captions("seed000-min-root", Algorithm::AlphaBeta).join("\n");
        assert!(text.contains("6 ≥ β = 4 at this MAX node C"), "{text}");
        assert!(text.contains("G is pruned"), "{text}");
        assert!(text.contains("Principal variation: A → B → E"), "{text}");
    }

    #[test]
    fn the_tutorial_tree_reads_like_the_tutorial() {
        let text = captions("seed003-alphabeta", Algorithm::AlphaBeta);
        let all = text.join("\n");
        assert!(
            all.contains("Start at the root A (MAX) with (α, β) = (−∞, +∞)."),
            "{all}"
        );
        assert!(
            all.contains("Leaf I has utility 3. D takes 3: α = max(2, 3) = 3."),
            "{all}"
        );
        assert!(all.contains("B takes 3: β = min(+∞, 3) = 3."), "{all}");
        assert!(all.contains("5 ≥ β = 3 at this MAX node E"), "{all}");
        assert!(all.contains("1 ≤ α = 3 at this MIN node C"), "{all}");
        assert!(all.contains("G is pruned"), "{all}");
        // Every step has something to say.
        assert!(text.iter().all(|c| !c.is_empty()));
    }

    #[test]
    fn minimax_and_max_n_captions() {
        let text = captions("seed003-minimax", Algorithm::Minimax).join("\n");
        assert!(
            text.contains("Leaf H has utility −1. D's best so far is −1."),
            "{text}"
        );
        let text = captions("aima-maxn", Algorithm::MaxN).join("\n");
        assert!(text.contains("Leaf H has utilities (1,2,6)."), "{text}");
        assert!(
            text.contains("The root A (player A) is done") || text.contains("A (player A) is done"),
            "{text}"
        );
    }

    #[test]
    fn negamax_captions_use_the_movers_numbers() {
        let text = captions("seed003-alphabeta", Algorithm::Negamax).join("\n");
        assert!(
            text.contains("Leaf H has utility 2 for MAX, so −2 for MIN, who would move there."),
            "{text}"
        );
        assert!(
            text.contains("B takes −3, the child's value negated: α = max(−∞, −3) = −3."),
            "{text}"
        );
        assert!(text.contains("α = 5 ≥ β = 3 at E"), "{text}");
        assert!(text.contains("α = −1 ≥ β = −3 at C"), "{text}");
        assert!(
            text.contains("enter C (MIN) with (α, β) = (−∞, −3)"),
            "{text}"
        );
    }
}
