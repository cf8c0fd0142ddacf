//! The chance stepper's model: expectimax and expectiminimax on trees with chance nodes, run by
//! the engine once and replayed step by step from its recorded events — what each node shows,
//! the caption, the pseudocode line. Nothing here re-derives what the engine did: values,
//! windows, sums so far and cutoffs are read from the events.

use std::ops::Range;
use std::rc::Rc;

use arbor_game::presets::{chance_preset, ChancePreset, CHANCE_PRESETS};
use arbor_game::replay::NodeStatus;
use arbor_game::{
    expectiminimax, max_decides, ExpectEvent, ExpectKind, ExpectOptions, ExpectRecorder,
    ExpectStats, GameTree, NodeId, RandomSpec, Ratio, RootPlayer, Rule, Window,
};

use crate::route::Route;
use crate::scene::{decimal, fraction_end, NodeMark, Relation, Shown, Status};
use crate::stepper::caption::labels;

/// Where the tree came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChanceSource {
    /// A preset, by id.
    Preset(&'static str),
    /// A random tree with chance levels.
    Random(RandomSpec),
    /// Typed text.
    Text(String),
}

/// Everything that decides what the page shows; all of it lives in the URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChanceSettings {
    /// The tree's source.
    pub source: ChanceSource,
    /// MIN at the root (expectiminimax).
    pub min_root: bool,
    /// Expectimax or expectiminimax.
    pub rule: Rule,
    /// Leaf bounds for Star1 pruning, if the user states them.
    pub bounds: Option<(i32, i32)>,
    /// The step shown.
    pub step: usize,
}

impl Default for ChanceSettings {
    fn default() -> Self {
        ChanceSettings::of_preset(&CHANCE_PRESETS[0])
    }
}

/// The URL name of a rule.
pub fn rule_key(rule: Rule) -> &'static str {
    match rule {
        Rule::Expectimax => "expectimax",
        Rule::Expectiminimax => "expectiminimax",
    }
}

/// A rule by its URL name.
pub fn rule_of(key: &str) -> Option<Rule> {
    [Rule::Expectimax, Rule::Expectiminimax]
        .into_iter()
        .find(|r| rule_key(*r) == key)
}

/// The menu name of a rule.
pub fn rule_title(rule: Rule) -> &'static str {
    match rule {
        Rule::Expectimax => "Expectimax",
        Rule::Expectiminimax => "Expectiminimax",
    }
}

impl ChanceSettings {
    /// A preset with the search and bounds it is shown with.
    pub fn of_preset(p: &'static ChancePreset) -> ChanceSettings {
        ChanceSettings {
            source: ChanceSource::Preset(p.tree.id),
            min_root: false,
            rule: if p.expectimax {
                Rule::Expectimax
            } else {
                Rule::Expectiminimax
            },
            bounds: p.bounds,
            step: 0,
        }
    }

    /// Reads the settings from a route, keeping defaults for anything missing or wrong and
    /// saying what was wrong.
    pub fn from_route(route: &Route) -> (ChanceSettings, Vec<String>) {
        let mut s = ChanceSettings::default();
        let mut warnings = Vec::new();
        if let Some(id) = route.get("preset") {
            match chance_preset(id) {
                Some(p) => s = ChanceSettings::of_preset(p),
                None => warnings.push(format!(
                    "There is no chance preset called “{id}”; showing the first one."
                )),
            }
        }
        if let Some(spec) = route.get("random") {
            match crate::stepper::parse_random(spec) {
                Ok(spec) => {
                    s.source = ChanceSource::Random(RandomSpec {
                        chance: true,
                        ..spec
                    })
                }
                Err(e) => warnings.push(format!("The random tree in the link is not valid ({e}).")),
            }
        }
        if let Some(text) = route.get("tree") {
            s.source = ChanceSource::Text(text.to_string());
        }
        s.min_root = route.get("root") == Some("min");
        if let Some(a) = route.get("algo") {
            match rule_of(a) {
                Some(rule) => s.rule = rule,
                None => warnings.push(format!(
                    "Unknown search “{a}”: expectimax or expectiminimax; using {}.",
                    rule_key(s.rule)
                )),
            }
        }
        if let Some(b) = route.get("bounds") {
            match parse_bounds(b) {
                Ok(bounds) => s.bounds = bounds,
                Err(e) => warnings.push(format!("The leaf bounds in the link: {e}; not pruning.")),
            }
        }
        if let Some(k) = crate::stepper::step_of(route, &mut warnings) {
            s.step = k;
        }
        (s, warnings)
    }

    /// Writes the settings into a route's query.
    pub fn to_route(&self, route: &mut Route) {
        route.query.clear();
        match &self.source {
            ChanceSource::Preset(id) => route.set("preset", *id),
            ChanceSource::Random(spec) => route.set("random", crate::stepper::random_key(spec)),
            ChanceSource::Text(text) => route.set("tree", text.clone()),
        }
        if self.min_root {
            route.set("root", "min");
        }
        route.set("algo", rule_key(self.rule));
        match self.bounds {
            Some((l, u)) => route.set("bounds", format!("{l},{u}")),
            None => route.set("bounds", "none"),
        }
        if self.step > 0 {
            route.set("step", self.step.to_string());
        }
    }

    /// The tree these settings name.
    pub fn tree(&self) -> Result<GameTree, String> {
        let tree = match &self.source {
            ChanceSource::Preset(id) => {
                let p = chance_preset(id).ok_or_else(|| format!("no chance preset “{id}”"))?;
                GameTree::parse(p.tree.text).map_err(|e| e.to_string())?
            }
            ChanceSource::Random(spec) => spec.generate()?,
            ChanceSource::Text(text) => GameTree::parse(text).map_err(|e| e.to_string())?,
        };
        Ok(if self.min_root {
            tree.with_root_player(RootPlayer::Min)
        } else {
            tree
        })
    }
}

/// Reads leaf bounds `L,U` (or `none`).
pub fn parse_bounds(text: &str) -> Result<Option<(i32, i32)>, String> {
    if text.trim() == "none" {
        return Ok(None);
    }
    arbor_game::parse_bounds(text).map(Some)
}

/// What a step does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// An inner node is entered.
    Enter,
    /// A leaf is valued and its value handed to its parent.
    Leaf,
    /// An inner node finished and handed its value to its parent.
    Return,
    /// A node stops early; the rest of its children are pruned.
    Cutoff,
}

/// A group of events a person tells as one thing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The events it covers.
    pub events: Range<usize>,
    /// What it does.
    pub kind: StepKind,
    /// The node it is about.
    pub node: NodeId,
}

/// The engine's recorded run on a tree, ready to step.
#[derive(Debug)]
pub struct ChanceRun {
    /// The tree.
    pub tree: Rc<GameTree>,
    /// The rule it ran under.
    pub rule: Rule,
    /// The leaf bounds it pruned with.
    pub bounds: Option<(i32, i32)>,
    /// Every event, in order.
    pub events: Vec<ExpectEvent>,
    /// The events grouped into steps.
    pub steps: Vec<Step>,
    /// The root's value.
    pub value: Ratio,
    /// The root's chosen child (a decision root).
    pub best: Option<NodeId>,
    /// Counts.
    pub stats: ExpectStats,
    /// Leaves the same search evaluates without pruning.
    pub unpruned: u64,
}

/// Most nodes of a tree the chance stepper records (every step replays from the start).
pub const CHANCE_NODE_LIMIT: usize = 5_000;

/// Runs the engine on `tree`, recording it.
pub fn run(
    tree: Rc<GameTree>,
    rule: Rule,
    bounds: Option<(i32, i32)>,
) -> Result<ChanceRun, String> {
    if tree.len() > CHANCE_NODE_LIMIT {
        return Err(format!(
            "the tree has {} nodes; the chance stepper shows trees of up to {CHANCE_NODE_LIMIT}",
            tree.len()
        ));
    }
    let mut rec = ExpectRecorder::default();
    let outcome = expectiminimax(&tree, &ExpectOptions { rule, bounds }, &mut rec)
        .map_err(|e| e.to_string())?;
    let unpruned = expectiminimax(
        &tree,
        &ExpectOptions { rule, bounds: None },
        &mut arbor_game::Quiet,
    )
    .map_err(|e| e.to_string())?
    .stats
    .evaluated;
    let steps = group(&tree, &rec.events);
    Ok(ChanceRun {
        tree,
        rule,
        bounds,
        steps,
        events: rec.events,
        value: outcome.value,
        best: outcome.best,
        stats: outcome.stats,
        unpruned,
    })
}

/// Steps begin where an inner node is entered, a leaf is entered (its value and its parent's
/// update go with it), an inner node exits (its parent's update goes with it) or a node is cut
/// off.
fn group(tree: &GameTree, events: &[ExpectEvent]) -> Vec<Step> {
    arbor_util::group_steps(events.len(), |i, _| match &events[i] {
        ExpectEvent::Enter { node, .. } if tree.node(*node).is_leaf() => {
            Some((StepKind::Leaf, *node))
        }
        ExpectEvent::Enter { node, .. } => Some((StepKind::Enter, *node)),
        ExpectEvent::Exit { node, .. } if !tree.node(*node).is_leaf() => {
            Some((StepKind::Return, *node))
        }
        ExpectEvent::Cutoff { node, .. } => Some((StepKind::Cutoff, *node)),
        _ => None,
    })
    .into_iter()
    .map(|(events, (kind, node))| Step { events, kind, node })
    .collect()
}

/// One node after some steps.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ChanceNodeFrame {
    /// Where it stands.
    pub standing: NodeStatus,
    /// Done: its value (a bound unless `kind` is exact). Open decision node: the best so far.
    pub value: Option<Ratio>,
    /// What the value says.
    pub kind: Option<ExpectKind>,
    /// The window it was entered with (searches that prune).
    pub window: Option<Window>,
    /// A chance node: Σ p·v over the children returned so far.
    pub so_far: Option<Ratio>,
    /// Values its children returned, by child position (a chance node's expression).
    pub returned: Vec<Option<Ratio>>,
}

/// Everything shown after some steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChanceFrame {
    /// One entry per tree node.
    pub nodes: Vec<ChanceNodeFrame>,
    /// The node the last step was about.
    pub current: Option<NodeId>,
    /// Leaves valued so far.
    pub evaluated: u64,
    /// Nodes entered so far.
    pub visited: u64,
    /// Cutoffs so far.
    pub cutoffs: u64,
    /// Nodes pruned so far.
    pub pruned: u64,
    /// The root has finished.
    pub finished: bool,
}

impl ChanceRun {
    /// Number of steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Never true: a run enters its root.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The frame after `step` steps, replayed from the events.
    pub fn frame(&self, step: usize) -> ChanceFrame {
        let tree = &self.tree;
        let mut nodes = vec![ChanceNodeFrame::default(); tree.len()];
        let mut frame = ChanceFrame {
            nodes: Vec::new(),
            current: None,
            evaluated: 0,
            visited: 0,
            cutoffs: 0,
            pruned: 0,
            finished: false,
        };
        let step = step.min(self.steps.len());
        let end = if step == 0 {
            0
        } else {
            self.steps[step - 1].events.end
        };
        for e in &self.events[..end] {
            match e {
                ExpectEvent::Enter { node, window } => {
                    frame.visited += 1;
                    let n = &mut nodes[node.index()];
                    n.standing = NodeStatus::Open;
                    n.window = self.bounds.map(|_| *window);
                    n.returned = vec![None; tree.node(*node).children.len()];
                }
                ExpectEvent::Leaf { .. } => frame.evaluated += 1,
                ExpectEvent::Returned {
                    node,
                    child,
                    value,
                    so_far,
                } => {
                    let n = &mut nodes[node.index()];
                    if let Some(k) = tree.node(*node).children.iter().position(|c| c == child) {
                        n.returned[k] = Some(*value);
                    }
                    if tree.node(*node).is_chance() {
                        n.so_far = Some(*so_far);
                    } else {
                        n.value = Some(*so_far);
                    }
                }
                ExpectEvent::Bound { node, alpha, value } => {
                    if let Some((a, b)) = &mut nodes[node.index()].window {
                        if *alpha {
                            *a = Some(*value);
                        } else {
                            *b = Some(*value);
                        }
                    }
                }
                ExpectEvent::Cutoff { skipped, .. } => {
                    frame.cutoffs += 1;
                    let mut stack = skipped.clone();
                    while let Some(id) = stack.pop() {
                        nodes[id.index()].standing = NodeStatus::Pruned;
                        frame.pruned += 1;
                        stack.extend(&tree.node(id).children);
                    }
                }
                ExpectEvent::Exit {
                    node, value, kind, ..
                } => {
                    let n = &mut nodes[node.index()];
                    n.standing = NodeStatus::Done;
                    n.value = Some(*value);
                    n.kind = Some(*kind);
                    if *node == tree.root() {
                        frame.finished = true;
                    }
                }
            }
        }
        frame.current = (step > 0).then(|| self.steps[step - 1].node);
        frame.nodes = nodes;
        frame
    }

    /// The decision path from the root through each chosen child, once finished.
    pub fn principal(&self, frame: &ChanceFrame) -> Vec<NodeId> {
        let mut out = Vec::new();
        if !frame.finished {
            return out;
        }
        let mut at = Some(self.tree.root());
        while let Some(id) = at {
            out.push(id);
            at = self.events.iter().find_map(|e| match e {
                ExpectEvent::Exit { node, best, .. } if *node == id => *best,
                _ => None,
            });
        }
        out
    }
}

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
    let what = match run.rule {
        Rule::Expectimax => "Expectimax",
        Rule::Expectiminimax => "Expectiminimax",
    };
    if step == 0 {
        let pruning = match run.bounds {
            Some((l, u)) => format!(
                " Every leaf lies in [{}, {}], so a chance node can stop once its expectation cannot reach its window (α, β)."
                , decimal(Ratio::int(l.into())), decimal(Ratio::int(u.into()))
            ),
            None => String::new(),
        };
        return format!(
            "{what} values a chance node by the expected value of its children, Σ p · v, and a decision node by its best child.{pruning} {}",
            crate::control::STEP_TO_BEGIN
        );
    }
    let s = &run.steps[step - 1];
    let id = s.node;
    let label = &tree.node(id).label;
    let parent_part = |child: NodeId| -> String {
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
    };
    match s.kind {
        StepKind::Enter => {
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
        StepKind::Leaf => format!(
            "Leaf {label} = {}.{}",
            decimal(Ratio::int(tree.node(id).payoff[0].into())),
            parent_part(id)
        ),
        StepKind::Return => {
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
                    parent_part(id)
                )
            }
        }
        StepKind::Cutoff => {
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
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::View;

    fn preset_run(id: &str) -> ChanceRun {
        let (s, w) = ChanceSettings::from_route(&Route::parse(&format!("#/chance?preset={id}")));
        assert!(w.is_empty(), "{w:?}");
        run(Rc::new(s.tree().unwrap()), s.rule, s.bounds).unwrap()
    }

    #[test]
    fn the_lecture_example_steps_to_8() {
        let run = preset_run("cs188-expectimax");
        let end = run.frame(run.len());
        assert!(end.finished);
        assert_eq!(end.nodes[0].value, Some(Ratio::int(8)));
        assert_eq!(end.evaluated, 9);
        let text = caption(&run, &end, run.len());
        assert_eq!(text, "Done: the root A is worth 8 — MAX takes B.");
        // Before the first step: words that hold on a phone (no → key there) as on a computer,
        // naming the button, as the other stepped pages' first captions do.
        let first = caption(&run, &run.frame(0), 0);
        assert!(
            first.ends_with(crate::control::STEP_TO_BEGIN) && !first.contains('→'),
            "{first}"
        );
        // After B's second leaf: "1/3·3 + 1/3·12 + 1/3·?".
        let k = run
            .steps
            .iter()
            .position(|s| s.kind == StepKind::Leaf && run.tree.node(s.node).label == "F")
            .unwrap();
        let frame = run.frame(k + 1);
        assert_eq!(
            expression(&run, &frame, NodeId(1)),
            "1/3·3 + 1/3·12 + 1/3·?"
        );
        let text = caption(&run, &frame, k + 1);
        assert_eq!(
            text,
            "Leaf F = 12. B (chance) so far: 1/3·3 + 1/3·12 + 1/3·? = 5 + …"
        );
        assert_eq!(run.principal(&end), vec![NodeId(0), NodeId(1)]);
    }

    #[test]
    fn star1_prunes_j_and_says_why() {
        let run = preset_run("cs188-expectimax-bounds");
        let cut = run
            .steps
            .iter()
            .position(|s| s.kind == StepKind::Cutoff)
            .unwrap();
        let frame = run.frame(cut + 1);
        let text = caption(&run, &frame, cut + 1);
        assert_eq!(
            text,
            "C stops: even if every child left were worth the upper bound 15, C would be at most 7 ≤ α = 8. Pruned: J."
        );
        assert_eq!(line_at(&run, cut + 1), Some(7));
        let end = run.frame(run.len());
        assert_eq!(end.pruned, 1);
        assert_eq!(end.nodes[0].value, Some(Ratio::int(8)));
        let marks: Vec<NodeMark> = (0..run.tree.len())
            .map(|i| mark_of(&run, &end, &[], i))
            .collect();
        assert_eq!(marks[9].status, Status::Pruned);
        assert_eq!(
            marks[2].value,
            Shown::Fraction(Ratio::int(7), Relation::AtMost)
        );
        assert_eq!(marks[2].value.text().as_deref(), Some("≤7"));
    }

    #[test]
    fn expectiminimax_alternates_through_chance_nodes() {
        let run = preset_run("aima-5-12");
        assert_eq!(run.value, Ratio::new(21, 10).unwrap());
        assert_eq!(role(&run, NodeId(3)), "MIN");
        let end = run.frame(run.len());
        assert_eq!(
            caption(&run, &end, run.len()),
            "Done: the root A is worth 21/10 = 2.1 — MAX takes B."
        );
    }

    #[test]
    fn every_step_has_a_caption_and_a_line_and_the_frames_agree_with_the_engine() {
        for p in CHANCE_PRESETS {
            let run = preset_run(p.tree.id);
            let lines = listing(run.rule, run.bounds.is_some()).len();
            for step in 0..=run.len() {
                let frame = run.frame(step);
                assert!(!caption(&run, &frame, step).is_empty());
                if step > 0 {
                    assert!(
                        line_at(&run, step).is_some_and(|l| l < lines),
                        "{} {step}",
                        p.tree.id
                    );
                }
            }
            let end = run.frame(run.len());
            assert_eq!(end.nodes[0].value, Some(run.value), "{}", p.tree.id);
            assert_eq!(end.evaluated, run.stats.evaluated);
            assert_eq!(end.visited, run.stats.visited);
        }
    }

    #[test]
    fn settings_round_trip_and_bad_links_are_named() {
        let s = ChanceSettings {
            source: ChanceSource::Text("[?[1/4: 3, 3/4: 5], 2]".into()),
            min_root: true,
            rule: Rule::Expectiminimax,
            bounds: Some((-5, 9)),
            step: 4,
        };
        let mut route = Route::new(View::Chance);
        s.to_route(&mut route);
        assert_eq!(
            ChanceSettings::from_route(&Route::parse(&route.to_hash())),
            (s, vec![])
        );
        let (s, w) = ChanceSettings::from_route(&Route::parse(
            "#/chance?preset=nope&algo=magic&bounds=9,1&step=x",
        ));
        assert_eq!(s.source, ChanceSettings::default().source);
        assert_eq!(w.len(), 4, "{w:?}");
        assert!(
            w[2].contains("lower bound 9 is above the upper bound 1"),
            "{w:?}"
        );
        let random = ChanceSettings::from_route(&Route::parse("#/chance?random=4,2,3,0,9,7")).0;
        let tree = random.tree().unwrap();
        assert!(tree.has_chance());
    }

    #[test]
    fn a_leaf_outside_the_bounds_is_refused_with_its_name() {
        let tree = Rc::new(GameTree::parse("[?[1, 20], 3]").unwrap());
        let e = run(tree, Rule::Expectimax, Some((0, 10))).unwrap_err();
        assert!(e.contains("leaf E = 20"), "{e}");
    }
}
