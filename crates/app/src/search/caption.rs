//! Plain words for each step of a search, and the pseudocode line it is at.

use arbor_search::replay::{NodeInfo, SearchFrame, SearchReplay, Seen, Step, StepKind};
use arbor_search::{Algorithm, Cost, Cut, Dropped, Event, Mode, Status};
use arbor_util::and_list;

use super::CostUnit;
use crate::search::SearchView;

/// What a search orders its frontier by, and a node's value of it: f for A* and IDA*, h for
/// greedy search, g for uniform cost and bidirectional search; none for the others.
pub fn priority(algorithm: Algorithm, n: &NodeInfo) -> Option<(&'static str, Cost)> {
    match algorithm {
        Algorithm::AStar | Algorithm::IdaStar => Some(("f", n.g + n.h)),
        Algorithm::Greedy => Some(("h", n.h)),
        Algorithm::UniformCost | Algorithm::Bidirectional => Some(("g", n.g)),
        _ => None,
    }
}

/// Best-first search's listing, with the test of a child already reached and what follows it.
macro_rules! best_first {
    ($test:literal, $push:literal) => {
        [
            "frontier ← a queue holding the start node",
            "reached ← {start}                  ▷ graph search",
            "while frontier is not empty do",
            "  node ← POP(frontier)              ▷ the best first",
            "  if IS-GOAL(node.state) then return node",
            "  for each child in EXPAND(node) do",
            $test,
            $push,
            "return failure",
        ]
    };
}

/// The pseudocode of a search: `mode` and `limited` (whether a depth limit applies) choose
/// what graph search does with a state it has explored before.
pub fn listing(algorithm: Algorithm, mode: Mode, limited: bool) -> &'static [&'static str] {
    let graph = mode == Mode::Graph;
    match algorithm {
        // Breadth-first and greedy search never look again at a state reached before; uniform
        // cost and A* do when the new path is cheaper: the same listing but for that test.
        Algorithm::BreadthFirst | Algorithm::Greedy => BREADTH_FIRST,
        Algorithm::UniformCost | Algorithm::AStar => CHEAPEST_FIRST,
        Algorithm::DepthFirst | Algorithm::DepthLimited if graph && limited => {
            DEPTH_FIRST_GRAPH_LIMITED
        }
        Algorithm::DepthFirst | Algorithm::DepthLimited if graph => DEPTH_FIRST_GRAPH,
        Algorithm::DepthFirst | Algorithm::DepthLimited => DEPTH_FIRST_TREE,
        Algorithm::IterativeDeepening if graph => ITERATIVE_DEEPENING_GRAPH,
        Algorithm::IterativeDeepening => ITERATIVE_DEEPENING_TREE,
        Algorithm::Bidirectional => BIDIRECTIONAL,
        Algorithm::IdaStar => IDA_STAR,
    }
}

/// Breadth-first and greedy search: a state reached before is never looked at again.
const BREADTH_FIRST: &[&str] = &best_first!(
    "    if child.state not in reached then",
    "      add child.state to reached; PUSH(frontier, child)"
);

/// Uniform cost and A*: a state reached before is looked at again when the new path is cheaper.
const CHEAPEST_FIRST: &[&str] = &best_first!(
    "    if child.state not in reached, or reached dearer, then",
    "      reached[child.state] ← child; PUSH(frontier, child)"
);

/// Depth-first graph search under a depth limit: a state is explored again when reached shallower.
const DEPTH_FIRST_GRAPH_LIMITED: &[&str] = &[
    "frontier ← a stack holding the start node",
    "explored ← {}          ▷ each state's shallowest depth explored",
    "while frontier is not empty do",
    "  node ← POP(frontier)              ▷ the newest first",
    "  if node.state was explored at a depth ≤ DEPTH(node) then continue",
    "  explored[node.state] ← DEPTH(node)  ▷ again, if reached shallower",
    "  if IS-GOAL(node.state) then return node",
    "  if DEPTH(node) = ℓ then result ← cutoff; continue",
    "  for each child in EXPAND(node), last first do",
    "    unless child.state was explored at a depth ≤ DEPTH(child): PUSH(frontier, child)",
    "return result (failure or cutoff)",
];

/// Depth-first graph search: a state is explored once.
const DEPTH_FIRST_GRAPH: &[&str] = &[
    "frontier ← a stack holding the start node",
    "explored ← {}",
    "while frontier is not empty do",
    "  node ← POP(frontier)              ▷ the newest first",
    "  if node.state is in explored then continue",
    "  add node.state to explored",
    "  if IS-GOAL(node.state) then return node",
    "  if DEPTH(node) = ℓ then result ← cutoff; continue",
    "  for each child in EXPAND(node), last first do",
    "    unless child.state is in explored: PUSH(frontier, child)",
    "return result (failure or cutoff)",
];

/// Depth-first tree search: only the current path is checked.
const DEPTH_FIRST_TREE: &[&str] = &[
    "frontier ← a stack holding the start node",
    "while frontier is not empty do",
    "  node ← POP(frontier)              ▷ the newest first",
    "  if IS-GOAL(node.state) then return node",
    "  if DEPTH(node) = ℓ then result ← cutoff; continue",
    "  for each child in EXPAND(node), last first do",
    "    if child.state is not on the path then PUSH(frontier, child)",
    "return result (failure or cutoff)",
];

/// Iterative deepening, each iteration a depth-limited graph search.
const ITERATIVE_DEEPENING_GRAPH: &[&str] = &[
    "for ℓ ← 0, 1, 2, … do",
    "  result ← DEPTH-LIMITED-SEARCH(problem, ℓ):",
    "    frontier ← a stack holding the start node; explored ← {}",
    "    node ← POP(frontier)",
    "    if node.state was explored at a depth ≤ DEPTH(node) then continue",
    "    explored[node.state] ← DEPTH(node)  ▷ again, if reached shallower",
    "    if IS-GOAL(node.state) then return node",
    "    if DEPTH(node) = ℓ then result ← cutoff; continue",
    "    for each child in EXPAND(node): unless its state was explored at a depth ≤ its own, PUSH(frontier, child)",
    "  if result ≠ cutoff then return result",
];

/// Iterative deepening, each iteration a depth-limited tree search.
const ITERATIVE_DEEPENING_TREE: &[&str] = &[
    "for ℓ ← 0, 1, 2, … do",
    "  result ← DEPTH-LIMITED-SEARCH(problem, ℓ):",
    "    frontier ← a stack holding the start node",
    "    node ← POP(frontier)",
    "    if IS-GOAL(node.state) then return node",
    "    if DEPTH(node) = ℓ then result ← cutoff; continue",
    "    for each child in EXPAND(node): PUSH(frontier, child)",
    "  if result ≠ cutoff then return result",
];

/// Bidirectional search: uniform cost from both ends until they meet.
const BIDIRECTIONAL: &[&str] = &[
    "forward ← a queue holding the start; backward ← one holding the goals; μ ← ∞",
    "while either queue holds nodes do",
    "  if lowest g forward + lowest g backward ≥ μ then return the path through the meeting",
    "  node ← POP the lowest g of the two   ▷ ties: the one queued first",
    "  if node.state was reached by the other side then μ ← min(μ, g + its g there)",
    "  for each child in EXPAND(node)   ▷ backward: the states a move leads here from",
    "    if child.state not reached on this side (or cheaper) then PUSH(this side, child)",
    "return the path through the meeting, or failure",
];

/// IDA*: depth-first within a bound on f, raised each iteration.
const IDA_STAR: &[&str] = &[
    "bound ← h(start)",
    "loop",
    "  t ← SEARCH(start, g = 0, bound)",
    "  if t = FOUND then return the path; if t = ∞ then return failure; bound ← t",
    "function SEARCH(node, g, bound)",
    "  if g + h(node) > bound then return g + h(node)",
    "  if IS-GOAL(node) then return FOUND",
    "  for each child in EXPAND(node) (not undoing the last move) do",
    "    t ← SEARCH(child, g + cost, bound); keep the least t",
    "  return the least t",
];

/// True at the last step of a search that found no goal because nothing was left to search:
/// the record is the whole search (not cut short) and the run ended exhausted (`status`, once
/// it has ended). The caption then says why, and the pseudocode is at [`failure_line`].
pub fn ends_in_failure(
    view: &SearchView,
    replay: &SearchReplay,
    frame: &SearchFrame,
    done: usize,
    status: Option<&Status>,
) -> bool {
    done == replay.len()
        && frame.found.is_none()
        && !view.cut_short
        && status == Some(&Status::Exhausted)
}

/// Why a search that [`ends_in_failure`] fails, in its own terms.
fn why_it_fails(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::IdaStar => {
            " No f went over the bound, so no bound is left to try: no goal can be reached from \
             the start. The search fails."
        }
        Algorithm::IterativeDeepening => {
            " No node was cut off at the depth limit, so a deeper limit finds nothing more: no \
             goal can be reached from the start. The search fails."
        }
        Algorithm::Bidirectional => {
            " Both queues are empty and the two searches never met: no path joins the start to \
             a goal. The search fails."
        }
        _ => " The frontier is empty: no goal can be reached from the start. The search fails.",
    }
}

/// The line of [`listing`] that returns failure: the last, but for IDA*, whose failure comes
/// back where an iteration's t does.
pub fn failure_line(algorithm: Algorithm, mode: Mode, limited: bool) -> usize {
    match algorithm {
        Algorithm::IdaStar => line(algorithm, mode, StepKind::Iteration, &[]).unwrap_or(0),
        _ => listing(algorithm, mode, limited).len() - 1,
    }
}

/// The line of [`listing`] a step is at.
pub fn line(algorithm: Algorithm, mode: Mode, kind: StepKind, events: &[Event]) -> Option<usize> {
    let has = |f: fn(&Event) -> bool| events.iter().any(f);
    let found = has(|e| matches!(e, Event::Found { .. }));
    let depth_cut = has(|e| {
        matches!(
            e,
            Event::Cutoff {
                why: Cut::Depth { .. },
                ..
            }
        )
    });
    let skipped = has(|e| {
        matches!(
            e,
            Event::Drop {
                why: Dropped::Explored { .. },
                ..
            }
        )
    });
    let graph = mode == Mode::Graph;
    Some(match algorithm {
        Algorithm::BreadthFirst | Algorithm::UniformCost | Algorithm::Greedy | Algorithm::AStar => {
            match kind {
                StepKind::Start | StepKind::Iteration | StepKind::Meet => 0,
                StepKind::Visit if found => 4,
                StepKind::Visit => 3,
                StepKind::Expand | StepKind::Generate => 7,
            }
        }
        Algorithm::DepthFirst | Algorithm::DepthLimited if graph => match kind {
            StepKind::Start | StepKind::Iteration | StepKind::Meet => 0,
            StepKind::Visit if skipped => 4,
            StepKind::Visit if found => 6,
            StepKind::Visit if depth_cut => 7,
            StepKind::Visit => 5,
            StepKind::Expand | StepKind::Generate => 9,
        },
        Algorithm::DepthFirst | Algorithm::DepthLimited => match kind {
            StepKind::Start | StepKind::Iteration | StepKind::Meet => 0,
            StepKind::Visit if found => 3,
            StepKind::Visit if depth_cut => 4,
            StepKind::Visit => 2,
            StepKind::Expand | StepKind::Generate => 6,
        },
        Algorithm::IterativeDeepening if graph => match kind {
            StepKind::Start | StepKind::Iteration | StepKind::Meet => 0,
            StepKind::Visit if skipped => 4,
            StepKind::Visit if found => 6,
            StepKind::Visit if depth_cut => 7,
            StepKind::Visit => 5,
            StepKind::Expand | StepKind::Generate => 8,
        },
        Algorithm::IterativeDeepening => match kind {
            StepKind::Start | StepKind::Iteration | StepKind::Meet => 0,
            StepKind::Visit if found => 4,
            StepKind::Visit if depth_cut => 5,
            StepKind::Visit => 3,
            StepKind::Expand | StepKind::Generate => 6,
        },
        Algorithm::Bidirectional => match kind {
            StepKind::Start | StepKind::Iteration => 0,
            StepKind::Meet => 2,
            StepKind::Visit => 4,
            StepKind::Expand | StepKind::Generate => 6,
        },
        Algorithm::IdaStar => match kind {
            StepKind::Start | StepKind::Meet => 0,
            StepKind::Iteration => 3,
            StepKind::Visit if found => 6,
            StepKind::Visit => 5,
            StepKind::Expand | StepKind::Generate => 8,
        },
    })
}

/// Most nodes named in a caption's list of ties.
const TIED_NAMED: usize = 4;

/// Why the node visited at a step left the frontier before the others of its priority, read
/// from the ranks the engine recorded (see [`arbor_search::Rank`]): the priority first, then
/// the tie rule's key (h under lowest-h), then the order the nodes joined the frontier in.
/// `frame` is the one after the visit, so its frontier holds the nodes that were passed over.
/// `None` when no other node had the same priority, or for searches without priorities. Costs
/// are written in `unit`.
pub fn tie_words(
    replay: &SearchReplay,
    frame: &SearchFrame,
    node: u64,
    label: &dyn Fn(u64) -> String,
    unit: CostUnit,
) -> Option<String> {
    let priority = match replay.algorithm() {
        Algorithm::UniformCost => "g",
        Algorithm::Greedy => "h",
        Algorithm::AStar => "f",
        _ => return None,
    };
    let mine = replay.rank(node)?;
    // The frontier is in rank order: the tied nodes lead it.
    let tied: Vec<(u64, arbor_search::Rank)> = frame
        .frontier
        .iter()
        .filter_map(|&n| Some((n, replay.rank(n)?)))
        .take_while(|(_, r)| r[0] == mine[0])
        .collect();
    let &(_, next) = tied.first()?;
    let mut names: Vec<String> = tied
        .iter()
        .take(TIED_NAMED)
        .map(|&(n, _)| label(n))
        .collect();
    if tied.len() > TIED_NAMED {
        names.push(format!("{} more", tied.len() - TIED_NAMED));
    }
    let verb = if tied.len() == 1 { "has" } else { "have" };
    let me = label(node);
    let head = format!(
        "{} {verb} the same {priority} = {}",
        and_list(&names),
        unit.show(mine[0])
    );
    Some(if mine[1] < next[1] {
        let theirs: Vec<String> = tied
            .iter()
            .take(TIED_NAMED)
            .map(|&(n, r)| format!("{} {}", label(n), unit.show(r[1])))
            .collect();
        format!(
            "{head}; the tie goes to the lowest h: {me} has h = {} ({}).",
            unit.show(mine[1]),
            theirs.join(", ")
        )
    } else {
        let also = if mine[1] > 0 && priority != "h" {
            format!(" and h = {}", unit.show(mine[1]))
        } else {
            String::new()
        };
        // Nodes are numbered in the order they were generated, which is the order they
        // joined the frontier.
        let (when, rule) = if node < tied[0].0 {
            ("first", "FIFO")
        } else {
            ("last", "LIFO")
        };
        format!("{head}{also}; the tie goes to the node that joined the frontier {when} ({rule}): {me}.")
    })
}

/// The caption after `done` steps. `label` names a node; costs are written in `unit`.
pub fn caption(
    view: &SearchView,
    replay: &SearchReplay,
    frame: &SearchFrame,
    done: usize,
    label: &dyn Fn(u64) -> String,
    status: Option<&Status>,
    unit: CostUnit,
) -> String {
    let algorithm = replay.algorithm();
    if done == 0 {
        return opening(algorithm);
    }
    let Some(step) = replay.steps().get(done - 1) else {
        return String::new();
    };
    let words = Words {
        view,
        replay,
        frame,
        label,
        unit,
        algorithm,
    };
    let events = &replay.events()[step.events.clone()];
    let mut text = match step.kind {
        StepKind::Meet => words.meet(events),
        StepKind::Start => format!(
            "Start: the start node {} goes into the frontier.",
            step.node.map(label).unwrap_or_default()
        ),
        StepKind::Iteration => words.iteration(events),
        StepKind::Visit => words.visit(step.node.unwrap_or(0), events),
        StepKind::Expand | StepKind::Generate => words.expand(step, events),
    };
    if done == replay.len() {
        text.push_str(&words.ending(done, status));
    }
    text
}

/// The caption before the first step: the algorithm and the rule it expands nodes by.
fn opening(algorithm: Algorithm) -> String {
    format!(
        "{}: {} {}",
        algorithm.title(),
        match algorithm {
            Algorithm::BreadthFirst => "the shallowest node in the frontier is expanded first (a first-in, first-out queue).",
            Algorithm::DepthFirst => "the deepest node in the frontier is expanded first (a last-in, first-out stack).",
            Algorithm::DepthLimited => "depth-first, but nodes at the depth limit are not expanded.",
            Algorithm::IterativeDeepening => "depth-limited search with limits 0, 1, 2, … until a goal is found.",
            Algorithm::UniformCost => "the node with the cheapest path so far (lowest g) is expanded first.",
            Algorithm::Greedy => "the node that looks closest to a goal (lowest h) is expanded first.",
            Algorithm::AStar => "the node with the lowest f = g + h is expanded first.",
            Algorithm::IdaStar => "depth-first within a bound on f = g + h, raised each iteration to the smallest f that went over.",
            Algorithm::Bidirectional => "uniform cost forwards from the start and backwards from the goal at once, the cheaper node of the two first, until the two searches meet.",
        },
        crate::control::STEP_TO_BEGIN
    )
}

/// What a step's caption is written from: the search, the frame after the step, how nodes are
/// named and how costs are written.
struct Words<'a> {
    /// The recorded search's nodes.
    view: &'a SearchView,
    /// The whole run.
    replay: &'a SearchReplay,
    /// The search after the step.
    frame: &'a SearchFrame,
    /// A node's name.
    label: &'a dyn Fn(u64) -> String,
    /// How costs are written.
    unit: CostUnit,
    /// The search's algorithm.
    algorithm: Algorithm,
}

impl Words<'_> {
    /// What the search knows of node `id`.
    fn info(&self, id: u64) -> Option<NodeInfo> {
        self.view.nodes.get(id as usize).map(|n| n.info)
    }

    /// Node `id`'s g (0 if it is not recorded).
    fn g(&self, id: u64) -> Cost {
        self.info(id).map_or(0, |n| n.g)
    }

    /// Bidirectional search's meeting, as the engine recorded it: the node forwards, and the
    /// two halves' g (the path's cost is their sum).
    fn meeting(&self, events: &[Event]) -> Option<(u64, Cost, Cost)> {
        events.iter().find_map(|e| match *e {
            Event::Meet { forward, backward } => Some((forward, self.g(forward), self.g(backward))),
            _ => None,
        })
    }

    /// What the search orders node `id` by, in brackets: ` (f = g + h = 2 + 3 = 5)`,
    /// ` (g = 4)`, or its depth for searches without priorities.
    fn costs(&self, id: u64) -> String {
        let unit = self.unit;
        let Some(n) = self.info(id) else {
            return String::new();
        };
        match priority(self.algorithm, &n) {
            Some(("f", f)) => format!(
                " (f = g + h = {} + {} = {})",
                unit.show(n.g),
                unit.show(n.h),
                unit.show(f)
            ),
            Some((name, value)) => format!(" ({name} = {})", unit.show(value)),
            None => format!(" (depth {})", n.depth),
        }
    }

    /// A step where bidirectional search's two halves meet.
    fn meet(&self, events: &[Event]) -> String {
        let unit = self.unit;
        match self.meeting(events) {
            Some((forward, gf, gb)) => format!(
                "The searches have met: the two queues' lowest g add up to no less than the best meeting, so no path through a node still queued is cheaper. The path goes from the start to {} (g = {}) and on from there to the goal (g = {} backwards): cost {}.",
                (self.label)(forward),
                unit.show(gf),
                unit.show(gb),
                unit.show(gf + gb)
            ),
            None => String::new(),
        }
    }

    /// A step that starts a new iteration: IDA*'s bound, iterative deepening's limit.
    fn iteration(&self, events: &[Event]) -> String {
        match (self.algorithm, events.first()) {
            (Algorithm::IdaStar, Some(Event::Iteration { limit })) => format!(
                "New iteration with the bound f ≤ {}{}: search depth-first again from the start.",
                self.unit.show(*limit),
                if self.frame.visits.len() > 1 { " — the smallest f that went over the last bound" } else { ", the start's h" }
            ),
            (_, Some(Event::Iteration { limit })) => format!("Depth limit {limit}: start again from the start node, searching no deeper than {limit}."),
            _ => String::new(),
        }
    }

    /// A step that takes node `id` from the frontier: where from, how ties went, and what
    /// became of it.
    fn visit(&self, id: u64, events: &[Event]) -> String {
        let mut s = self.take(id);
        let stale = events.iter().any(|e| {
            matches!(
                e,
                Event::Drop {
                    why: Dropped::Stale,
                    ..
                }
            )
        });
        if !stale {
            if let Some(tie) = tie_words(self.replay, self.frame, id, self.label, self.unit) {
                s.push(' ');
                s.push_str(&tie);
            }
        }
        for e in events {
            s.push_str(&self.visited(id, e));
        }
        s
    }

    /// Where node `id` is taken from, in the algorithm's own terms.
    fn take(&self, id: u64) -> String {
        let name = (self.label)(id);
        let costs = self.costs(id);
        match self.algorithm {
            Algorithm::BreadthFirst => format!("Take {name} from the front of the queue{costs}."),
            Algorithm::DepthFirst | Algorithm::DepthLimited | Algorithm::IterativeDeepening => {
                format!("Take {name} from the top of the stack{costs}.")
            }
            Algorithm::UniformCost => {
                format!("Take the cheapest node in the frontier, {name}{costs}.")
            }
            Algorithm::Greedy => format!("Take the node that looks nearest a goal, {name}{costs}."),
            Algorithm::AStar => format!("Take the node with the lowest f, {name}{costs}."),
            Algorithm::IdaStar => format!("Visit {name}{costs}, within the bound."),
            Algorithm::Bidirectional => {
                // Which search the node is from: the root of its tree (the start is node 0).
                let mut root = id;
                while let Some(p) = self.info(root).and_then(|n| n.parent) {
                    root = p;
                }
                format!(
                    "Take {name}, the lowest g of the two queues, from the {} search{costs}.",
                    if root == 0 { "forward" } else { "backward" },
                )
            }
        }
    }

    /// What one event of a visit to node `id` did to it, as a sentence (empty for the others).
    fn visited(&self, id: u64, e: &Event) -> String {
        match e {
            Event::Drop { why: Dropped::Stale, .. } => " A cheaper path to its state was found after it was queued, so it is skipped.".to_string(),
            Event::Drop { why: Dropped::Explored { depth }, .. } => match self.info(id) {
                Some(n) if *depth <= n.depth => format!(" Its state was explored already at depth {depth}, no deeper than here: skip it."),
                _ => format!(" Its state was explored already (at depth {depth}): skip it."),
            },
            Event::Reopen { earlier, .. } => format!(
                " Its state was explored before, but deeper (at depth {earlier}); from here more of the depth limit is left below it, so it is explored again."
            ),
            Event::GoalTest { goal: false, .. } => " Not a goal.".to_string(),
            Event::GoalTest { goal: true, .. } => " It is a goal!".to_string(),
            Event::Cutoff { why: Cut::Depth { limit }, .. } => {
                format!(" It is at the depth limit {limit}: its children are not generated.")
            }
            _ => String::new(),
        }
    }

    /// A step that expands a node, or comes back to one to generate more children: what was
    /// generated, and what joined the frontier, was dropped or went over the bound.
    fn expand(&self, step: &Step, events: &[Event]) -> String {
        let label = self.label;
        let id = step.node.unwrap_or(0);
        let parent = if step.kind == StepKind::Expand {
            id
        } else {
            self.info(id).and_then(|n| n.parent).unwrap_or(id)
        };
        let mut pushed = Vec::new();
        let mut dropped = Vec::new();
        let mut over = Vec::new();
        let mut generated = Vec::new();
        for e in events {
            match *e {
                Event::Generate { node } => generated.push(label(node)),
                Event::Push { node, .. } => pushed.push(label(node)),
                Event::Drop { node, why } => {
                    dropped.push(format!("{} ({})", label(node), dropped_why(why)))
                }
                Event::Cutoff {
                    node,
                    why: Cut::Bound { f, bound },
                } => over.push(format!(
                    "{} (f = {} > {})",
                    label(node),
                    self.unit.show(f),
                    self.unit.show(bound)
                )),
                _ => {}
            }
        }
        let mut s = if step.kind == StepKind::Expand {
            if generated.is_empty() {
                format!("Expand {}: it has no children.", label(parent))
            } else {
                format!(
                    "Expand {}: generate {}.",
                    label(parent),
                    and_list(&generated)
                )
            }
        } else {
            format!(
                "Back at {}: generate {}.",
                label(parent),
                and_list(&generated)
            )
        };
        if !pushed.is_empty() {
            let verb = if pushed.len() == 1 { "joins" } else { "join" };
            let place = match self.algorithm {
                Algorithm::BreadthFirst => "the back of the queue",
                Algorithm::DepthFirst | Algorithm::DepthLimited | Algorithm::IterativeDeepening => {
                    "the stack, the first child on top"
                }
                _ => "the frontier",
            };
            s.push_str(&format!(" {} {verb} {place}.", and_list(&pushed)));
        }
        if !dropped.is_empty() {
            s.push_str(&format!(" Dropped: {}.", dropped.join(", ")));
        }
        if !over.is_empty() {
            s.push_str(&format!(" Over the bound, cut off: {}.", and_list(&over)));
        }
        s
    }

    /// What the last step adds: the path found, or why none was.
    fn ending(&self, done: usize, status: Option<&Status>) -> String {
        let frame = self.frame;
        match frame.found {
            Some(goal) => {
                let path: Vec<String> = frame.path.iter().map(|&id| (self.label)(id)).collect();
                // Bidirectional search's path runs through its meeting: its cost is the two
                // halves' g, as the engine recorded them at the meeting.
                let g = self
                    .meeting(self.replay.events())
                    .map_or_else(|| self.g(goal), |(_, gf, gb)| gf + gb);
                super::found_words(&path, g, self.unit)
            }
            None if frame
                .seen
                .iter()
                .any(|s| matches!(s, Seen::CutOff(Cut::Depth { .. }))) =>
            {
                " No goal within the depth limit (the search was cut off).".to_string()
            }
            None if self.view.cut_short => format!(
                " The recording ends here, with the first {} nodes generated; the search went on \
                 beyond them (how it ended is above).",
                arbor_util::group_thousands(self.view.nodes.len() as u64)
            ),
            None if ends_in_failure(self.view, self.replay, frame, done, status) => {
                why_it_fails(self.algorithm).to_string()
            }
            None => " The recorded search ends here.".to_string(),
        }
    }
}

/// Why a child was dropped, in the words of a step's list of dropped children.
fn dropped_why(why: Dropped) -> String {
    match why {
        Dropped::Reached => "its state was reached already".to_string(),
        Dropped::Explored { depth } => format!("its state was explored already, at depth {depth}"),
        Dropped::OnPath => "its state is on the current path".to_string(),
        Dropped::Stale => "stale".to_string(),
    }
}
