//! Search practice: on a small generated tree (step costs on the edges, heuristic values at the
//! nodes), the student clicks the node they think is taken from the frontier next — or, at the
//! harder level, orders the whole frontier. Answers and reasons come from the engine's own
//! recorded run.

use arbor_search::replay::{SearchFrame, SearchReplay, StepKind};
use arbor_search::{Algorithm, Mode, NodeId, Options, TieBreak};
use arbor_util::SplitMix64;

use crate::search::{ProblemSpec, SearchRequest, SearchView, StateView};
use crate::work::Reply;

/// The searches practised.
pub const ALGORITHMS: [Algorithm; 5] = [
    Algorithm::BreadthFirst,
    Algorithm::DepthFirst,
    Algorithm::UniformCost,
    Algorithm::Greedy,
    Algorithm::AStar,
];

/// How much is asked at each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Click the node taken from the frontier next.
    Next,
    /// Click the whole frontier in the order its nodes will leave it.
    Frontier,
}

impl Level {
    /// URL name.
    pub fn key(self) -> &'static str {
        match self {
            Level::Next => "next",
            Level::Frontier => "frontier",
        }
    }

    /// Reads a URL name.
    pub fn from_key(key: &str) -> Option<Level> {
        [Level::Next, Level::Frontier]
            .into_iter()
            .find(|l| l.key() == key)
    }
}

/// Names for generated nodes: A … Z, then A1 … Z1, …
fn node_name(i: usize) -> String {
    let letter = (b'A' + (i % 26) as u8) as char;
    match i / 26 {
        0 => letter.to_string(),
        n => format!("{letter}{n}"),
    }
}

/// A random tree problem as graph text: `depth` levels, 1 to `branching` children a node (the
/// root has `branching`), step costs 1–9, one goal among the deepest nodes, and heuristic
/// values that never overestimate (below the goal's ancestors: at most the true cost).
pub fn problem_text(depth: u32, branching: u32, seed: u64) -> String {
    let depth = depth.clamp(1, 4);
    let branching = branching.clamp(2, 3);
    let mut rng = SplitMix64(seed ^ 0x7ea5_c4e5);
    // (parent, cost, depth), breadth-first.
    let mut nodes: Vec<(Option<usize>, u32, u32)> = vec![(None, 0, 0)];
    let mut i = 0;
    while i < nodes.len() {
        let d = nodes[i].2;
        if d < depth {
            let count = if i == 0 {
                branching
            } else {
                rng.range(1, i64::from(branching)) as u32
            };
            for _ in 0..count {
                let cost = rng.range(1, 9) as u32;
                nodes.push((Some(i), cost, d + 1));
            }
        }
        i += 1;
    }
    let deepest: Vec<usize> = (0..nodes.len()).filter(|&n| nodes[n].2 == depth).collect();
    let goal = deepest[rng.range(0, deepest.len() as i64 - 1) as usize];
    // The true cost to the goal along its path, for the goal's ancestors.
    let mut to_goal = vec![None; nodes.len()];
    let (mut at, mut cost) = (goal, 0);
    loop {
        to_goal[at] = Some(cost);
        match nodes[at].0 {
            Some(p) => {
                cost += nodes[at].1;
                at = p;
            }
            None => break,
        }
    }
    let mut lines = Vec::new();
    for (p, _) in nodes.iter().enumerate() {
        let children: Vec<String> = (0..nodes.len())
            .filter(|&c| nodes[c].0 == Some(p))
            .map(|c| format!("{}:{}", node_name(c), nodes[c].1))
            .collect();
        if !children.is_empty() {
            lines.push(format!("{} -> {}", node_name(p), children.join(" ")));
        }
    }
    let h: Vec<String> = (0..nodes.len())
        .map(|n| {
            let value = match to_goal[n] {
                Some(c) => c.saturating_sub(rng.range(0, 3) as u32),
                None => rng.range(2, 14) as u32,
            };
            format!("{}={value}", node_name(n))
        })
        .collect();
    lines.push(format!("h {}", h.join(" ")));
    lines.push("start A".into());
    lines.push(format!("goal {}", node_name(goal)));
    lines.join("\n")
}

/// One exercise: the problem, the engine's run, and the nodes it takes from the frontier.
#[derive(Clone, Debug)]
pub struct Exercise {
    /// The problem's text.
    pub text: String,
    /// The search.
    pub algorithm: Algorithm,
    /// How much is asked.
    pub level: Level,
    /// The recorded run.
    pub view: SearchView,
    /// Its replay.
    pub replay: SearchReplay,
    /// The questions: the frame before each node leaves the frontier, and that node.
    pub questions: Vec<(usize, NodeId)>,
}

impl Exercise {
    /// Runs `algorithm` on the problem in `text` (tree search, as the textbook draws it).
    pub fn new(text: &str, algorithm: Algorithm, level: Level) -> Result<Exercise, String> {
        let request = SearchRequest {
            problem: ProblemSpec::Graph { text: text.into() },
            options: Options {
                algorithm,
                mode: Mode::Tree,
                cycle_check: true,
                depth_limit: None,
                // The rule `why_first` explains.
                tie: TieBreak::usual(algorithm),
            },
            record: 5_000,
            max_nodes: Some(5_000),
        };
        let mut view = None;
        let mut failed = None;
        crate::search::record::serve_graph(
            text,
            &request,
            &mut |m| match m {
                Reply::Answer(super::Answer::Recorded(v)) => view = Some(v),
                Reply::Failed(e) => failed = Some(e),
                _ => {}
            },
            &|| 0.0,
        );
        if let Some(e) = failed {
            return Err(e);
        }
        let view = view.ok_or("the search recorded nothing")?;
        let replay = SearchReplay::new(
            view.nodes.iter().map(|n| n.info).collect(),
            view.events.clone(),
            algorithm,
        );
        // The first node taken is the start: nothing to guess there.
        let questions: Vec<(usize, NodeId)> = replay
            .steps()
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind == StepKind::Visit)
            .filter_map(|(i, s)| Some((i, s.node?)))
            .skip(1)
            .collect();
        Ok(Exercise {
            text: text.into(),
            algorithm,
            level,
            view,
            replay,
            questions,
        })
    }

    /// A node's name.
    pub fn name(&self, n: NodeId) -> String {
        match &self.view.nodes[n as usize].state {
            StateView::Name(name) => name.clone(),
            _ => format!("#{n}"),
        }
    }

    /// g, h and f of a node, in words.
    fn costs(&self, n: NodeId) -> (arbor_search::Cost, arbor_search::Cost) {
        let info = self.view.nodes[n as usize].info;
        (info.g, info.h)
    }

    /// The state before question `q`.
    pub fn frame(&self, q: usize) -> SearchFrame {
        let frame = self.questions.get(q).map_or(self.replay.len(), |(f, _)| *f);
        self.replay.frame(frame)
    }

    /// Two frontier nodes the search cannot tell apart (same state, same costs).
    fn same(&self, a: NodeId, b: NodeId) -> bool {
        let (x, y) = (&self.view.nodes[a as usize], &self.view.nodes[b as usize]);
        x.state == y.state && x.info.g == y.info.g && x.info.h == y.info.h
    }

    /// Why `want` leaves the frontier before `clicked`, in the algorithm's own terms.
    pub fn why_first(&self, want: NodeId, clicked: NodeId) -> String {
        let (w, c) = (self.name(want), self.name(clicked));
        let ((wg, wh), (cg, ch)) = (self.costs(want), self.costs(clicked));
        let tie = format!("{w} joined the frontier first, and ties go to the earlier node");
        match self.algorithm {
            Algorithm::BreadthFirst => format!(
                "Breadth-first search takes the oldest frontier node (a first-in, first-out queue): {w} joined the frontier before {c}."
            ),
            Algorithm::DepthFirst => format!(
                "Depth-first search takes the node on top of its stack — the most recently generated, first child first: that is {w}, not {c}."
            ),
            Algorithm::UniformCost if wg == cg => format!(
                "Uniform-cost search takes the lowest path cost g. {w} and {c} both have g = {wg}; {tie}."
            ),
            Algorithm::UniformCost => format!(
                "Uniform-cost search takes the lowest path cost g: {w} has g = {wg}, {c} has g = {cg}."
            ),
            Algorithm::Greedy if wh == ch => format!(
                "Greedy best-first search takes the lowest h. {w} and {c} both have h = {wh}; {tie}."
            ),
            Algorithm::Greedy => format!(
                "Greedy best-first search takes the lowest heuristic h: {w} has h = {wh}, {c} has h = {ch}."
            ),
            _ if wg + wh == cg + ch && wh != ch => format!(
                "A* takes the lowest f = g + h. {w} and {c} both have f = {}; among equal f, A* takes the lower h: {w} has h = {wh}, {c} has h = {ch}.",
                wg + wh
            ),
            _ if wg + wh == cg + ch => format!(
                "A* takes the lowest f = g + h. {w} and {c} both have f = {} and h = {wh}; {tie}.",
                wg + wh
            ),
            _ => format!(
                "A* expands the lowest f = g + h: node {w} has f = {wg} + {wh} = {}; your choice, {c}, has f = {cg} + {ch} = {}.",
                wg + wh,
                cg + ch
            ),
        }
    }

    /// Checks a click at question `q`: `Ok` if it is the node taken next, else why not.
    pub fn check_next(&self, q: usize, clicked: NodeId) -> Result<(), String> {
        let Some(&(_, want)) = self.questions.get(q) else {
            return Err("The search is over.".into());
        };
        if clicked == want || self.same(clicked, want) {
            return Ok(());
        }
        let frame = self.frame(q);
        if !frame.frontier.contains(&clicked) {
            return Err(self.not_in_frontier(&frame, clicked));
        }
        Err(self.why_first(want, clicked))
    }

    fn not_in_frontier(&self, frame: &SearchFrame, clicked: NodeId) -> String {
        let name = self.name(clicked);
        if frame.explored.contains(&clicked)
            || matches!(
                frame.seen.get(clicked as usize),
                Some(arbor_search::replay::Seen::Expanded | arbor_search::replay::Seen::Visited)
            )
        {
            format!("{name} has already been taken from the frontier: choose among the frontier nodes (dashed outline).")
        } else {
            format!("{name} is not in the frontier yet: it is generated only when its parent is expanded.")
        }
    }

    /// Checks an ordering of the frontier at question `q`: `Ok` if it is the order in which
    /// the nodes leave, else the first place it differs and why.
    pub fn check_order(&self, q: usize, order: &[NodeId]) -> Result<(), (usize, String)> {
        let frame = self.frame(q);
        for (i, &want) in frame.frontier.iter().enumerate() {
            match order.get(i) {
                None => {
                    return Err((
                        i,
                        format!(
                            "{} of the {} frontier nodes ordered: click the rest in order.",
                            order.len(),
                            frame.frontier.len()
                        ),
                    ))
                }
                Some(&c) if c == want || self.same(c, want) => {}
                Some(&c) if !frame.frontier.contains(&c) => {
                    return Err((i, self.not_in_frontier(&frame, c)))
                }
                Some(&c) => {
                    return Err((i, format!("Place {}: {}", i + 1, self.why_first(want, c))))
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED_TREE: &str = "A[B[E[I] F[J K[O P]]] C[G[L[R]]] D[H[M N[S]]]]\ngoal R";

    fn names(ex: &Exercise) -> Vec<String> {
        ex.questions.iter().map(|&(_, n)| ex.name(n)).collect()
    }

    /// On seed 000's tree, the answers are the tutorial's orders.
    #[test]
    fn seed_tree_orders() {
        let bfs = Exercise::new(SEED_TREE, Algorithm::BreadthFirst, Level::Next).unwrap();
        assert_eq!(names(&bfs).join(" "), "B C D E F G H I J K L M N O P R");
        let dfs = Exercise::new(SEED_TREE, Algorithm::DepthFirst, Level::Next).unwrap();
        assert_eq!(names(&dfs).join(" "), "B E I F J K O P C G L R");
        // A right click is accepted, a wrong one rejected with the rule.
        let (_, c) = bfs.questions[1];
        assert_eq!(bfs.name(c), "C");
        assert!(bfs.check_next(1, c).is_ok());
        let (_, d) = bfs.questions[2];
        let why = bfs.check_next(1, d).unwrap_err();
        assert!(why.contains("oldest frontier node"), "{why}");
        assert!(why.contains("C joined the frontier before D"), "{why}");
        // A node not yet generated, and one already expanded.
        let (_, i) = bfs.questions[7];
        assert!(bfs
            .check_next(1, i)
            .unwrap_err()
            .contains("not in the frontier yet"));
        assert!(bfs
            .check_next(1, 0)
            .unwrap_err()
            .contains("already been taken"));
    }

    /// The reasons follow each algorithm's rule, with the figures of the nodes compared.
    #[test]
    fn informed_reasons_name_the_figures() {
        let text = "S -> A:1 B:4\nA -> G:5\nB -> G:1\nh S=4 A=5 B=1 G=0\ngoal G";
        let astar = Exercise::new(text, Algorithm::AStar, Level::Next).unwrap();
        let (_, b) = astar.questions[0];
        assert_eq!(astar.name(b), "B");
        let a = (0..astar.view.nodes.len() as u64)
            .find(|&n| astar.name(n) == "A")
            .unwrap();
        assert_eq!(
            astar.check_next(0, a).unwrap_err(),
            "A* expands the lowest f = g + h: node B has f = 4 + 1 = 5; your choice, A, has f = 1 + 5 = 6."
        );
        let ucs = Exercise::new(text, Algorithm::UniformCost, Level::Next).unwrap();
        let why = ucs.check_next(0, b).unwrap_err();
        assert!(why.contains("A has g = 1, B has g = 4"), "{why}");
        let greedy = Exercise::new(text, Algorithm::Greedy, Level::Next).unwrap();
        let why = greedy.check_next(0, a).unwrap_err();
        assert!(why.contains("B has h = 1, A has h = 5"), "{why}");
    }

    /// Ordering the frontier: the engine's order is accepted, a swap is rejected at its place.
    #[test]
    fn frontier_order() {
        let ex = Exercise::new(SEED_TREE, Algorithm::BreadthFirst, Level::Frontier).unwrap();
        let frame = ex.frame(1);
        assert_eq!(
            frame
                .frontier
                .iter()
                .map(|&n| ex.name(n))
                .collect::<Vec<_>>(),
            ["C", "D", "E", "F"]
        );
        assert!(ex.check_order(1, &frame.frontier).is_ok());
        let mut swapped = frame.frontier.clone();
        swapped.swap(1, 2);
        let (at, why) = ex.check_order(1, &swapped).unwrap_err();
        assert_eq!(at, 1);
        assert!(why.starts_with("Place 2: Breadth-first"), "{why}");
        assert!(ex.check_order(1, &frame.frontier[..2]).is_err());
    }

    /// Generated problems parse, have admissible heuristics (A* finds the uniform-cost
    /// optimum), and every algorithm's questions accept the engine's own answers.
    #[test]
    fn generated_problems() {
        for seed in 0..60 {
            let text = problem_text(2 + (seed % 3) as u32, 2 + (seed % 2) as u32, seed);
            let cost = |a| {
                let g = arbor_search::Graph::parse(&text).unwrap();
                arbor_search::search(
                    &g,
                    &Options::new(a),
                    &Default::default(),
                    &mut arbor_search::Quiet,
                )
                .solution
                .map(|s| s.cost)
            };
            assert!(cost(Algorithm::UniformCost).is_some(), "{text}");
            assert_eq!(
                cost(Algorithm::AStar),
                cost(Algorithm::UniformCost),
                "{text}"
            );
            for a in ALGORITHMS {
                let ex = Exercise::new(&text, a, Level::Next).unwrap();
                assert!(!ex.questions.is_empty(), "{text}");
                // The questions are the nodes the engine took from its frontier, in its order
                // (the trace's pops after the start's).
                let pops: Vec<NodeId> = ex
                    .view
                    .events
                    .iter()
                    .filter_map(|e| match *e {
                        arbor_search::Event::Pop { node } => Some(node),
                        _ => None,
                    })
                    .skip(1)
                    .collect();
                let asked: Vec<NodeId> = ex.questions.iter().map(|&(_, n)| n).collect();
                assert_eq!(asked, pops, "{a:?} on {text}");
                // The node taken is accepted; any other frontier node in another state (or at
                // other costs) is refused, with a reason.
                for (q, &(_, n)) in ex.questions.iter().enumerate() {
                    assert!(ex.check_next(q, n).is_ok());
                    for &other in &ex.frame(q).frontier {
                        if !ex.same(other, n) {
                            assert!(ex.check_next(q, other).is_err(), "{a:?} q{q} on {text}");
                        }
                    }
                }
            }
        }
        // An exercise is its link: the same seed, the same problem; another seed, another.
        assert_eq!(problem_text(3, 3, 9), problem_text(3, 3, 9));
        assert_ne!(problem_text(3, 3, 9), problem_text(3, 3, 10));
    }
}
