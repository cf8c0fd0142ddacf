//! Explicit search problems: a tree or a weighted graph given as text.
//!
//! # Text form
//!
//! A tree, in brackets (every step costs 1):
//!
//! ```text
//! A[B[E[I] F[J K[O P]]] C[G[L[R]]] D[H[M N[S]]]]
//! goal R
//! ```
//!
//! Or a graph, one line per node's edges, in the order they are tried:
//!
//! ```text
//! Arad -- Zerind:75 Sibiu:140 Timisoara:118   # "--" goes both ways, "->" one way
//! Sibiu -> Fagaras:99                         # a cost after ':' (1 if none)
//! h Arad=366 Sibiu=253 Fagaras=176            # heuristic estimates (0 if none)
//! start Arad                                  # default: the first node named
//! goal Bucharest                              # one or more goals
//! ```
//!
//! Names are letters, digits and `_`; `#` starts a comment. Costs are whole numbers from 1.

use std::collections::HashMap;
use std::fmt;

use crate::outcome::Cost;
use crate::problem::Problem;

/// Most nodes in a text problem.
pub const MAX_GRAPH_NODES: usize = 10_000;
/// Largest cost or heuristic value.
pub const MAX_COST: u32 = 1_000_000;

/// A move along an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Step {
    /// The node left.
    pub from: u32,
    /// The node reached.
    pub to: u32,
    /// The edge's cost.
    pub cost: u32,
}

/// A search problem given node by node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    names: Vec<String>,
    edges: Vec<Vec<(u32, u32)>>,
    h: Vec<u32>,
    start: u32,
    goal: Vec<bool>,
    tree: bool,
}

/// A mistake in problem text: where it is and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for TextError {}

#[derive(Default)]
struct Builder {
    names: Vec<String>,
    index: HashMap<String, u32>,
    edges: Vec<Vec<(u32, u32)>>,
    h: Vec<Option<u32>>,
    start: Option<u32>,
    /// The line of the `start` directive, once one is read.
    start_line: usize,
    goals: Vec<u32>,
}

impl Builder {
    fn node(&mut self, name: &str, at: (usize, usize)) -> Result<u32, TextError> {
        if let Some(&i) = self.index.get(name) {
            return Ok(i);
        }
        if self.names.len() >= MAX_GRAPH_NODES {
            return Err(error(
                at,
                format!("too many nodes: at most {MAX_GRAPH_NODES}"),
            ));
        }
        let i = self.names.len() as u32;
        self.names.push(name.to_string());
        self.index.insert(name.to_string(), i);
        self.edges.push(Vec::new());
        self.h.push(None);
        Ok(i)
    }
}

fn error(at: (usize, usize), message: impl Into<String>) -> TextError {
    TextError {
        line: at.0,
        column: at.1,
        message: message.into(),
    }
}

/// A cursor over one line.
struct Line<'a> {
    chars: Vec<char>,
    pos: usize,
    number: usize,
    _text: &'a str,
}

impl<'a> Line<'a> {
    fn new(text: &'a str, number: usize) -> Self {
        let text = text.split('#').next().unwrap_or("");
        Line {
            chars: text.chars().collect(),
            pos: 0,
            number,
            _text: text,
        }
    }

    fn at(&self) -> (usize, usize) {
        (self.number, self.pos + 1)
    }

    fn skip_ws(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn done(&mut self) -> bool {
        self.skip_ws();
        self.pos >= self.chars.len()
    }

    fn found(&self) -> String {
        match self.peek() {
            Some(c) => arbor_util::quote_char(c),
            None => "the end of the line".into(),
        }
    }

    fn name(&mut self) -> Result<String, TextError> {
        self.skip_ws();
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.pos += 1;
        }
        if self.pos == start {
            return Err(error(
                self.at(),
                format!("expected a node name, found {}", self.found()),
            ));
        }
        Ok(self.chars[start..self.pos].iter().collect())
    }

    /// The rest of the word at the cursor (to the next space), for quoting.
    fn word_here(&self) -> String {
        self.chars[self.pos..]
            .iter()
            .take_while(|c| !c.is_whitespace())
            .collect()
    }

    /// A whole number that must stand alone: `what` names it in messages ("a cost"). A sign, a
    /// decimal point or letters stuck to it are named with the whole word, where it starts.
    fn whole_number(&mut self, what: &str) -> Result<u32, TextError> {
        let at = self.at();
        let word = self.word_here();
        if self.peek() == Some('-') && word[1..].starts_with(|c: char| c.is_ascii_digit()) {
            return Err(error(
                at,
                format!("{what} cannot be negative: “{word}” is not a whole number from 0"),
            ));
        }
        let v = self.number(what)?;
        if self.peek().is_some_and(|c| !c.is_whitespace()) {
            return Err(error(
                at,
                format!("{what} must be a whole number: “{word}” is not one"),
            ));
        }
        Ok(v)
    }

    fn number(&mut self, what: &str) -> Result<u32, TextError> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let digits: String = self.chars[start..self.pos].iter().collect();
        let at = (self.number, start + 1);
        match digits.parse::<u64>() {
            Ok(v) if v <= u64::from(MAX_COST) => Ok(v as u32),
            // Too many digits for any integer type: still the typed number, quoted.
            _ if !digits.is_empty() => Err(error(
                at,
                format!("{what} must be at most {MAX_COST}; {digits} is too large"),
            )),
            _ => Err(error(
                at,
                format!("expected {what} (a whole number), found {}", self.found()),
            )),
        }
    }
}

impl Graph {
    /// Reads a problem from text (see the module documentation).
    ///
    /// ```
    /// use arbor_search::{search, Algorithm, Graph, Options, Quiet};
    /// let g = Graph::parse("A -- B:1 C:4\nB -- C:2\ngoal C").unwrap();
    /// let out = search(&g, &Options::new(Algorithm::UniformCost), &Default::default(), &mut Quiet);
    /// assert_eq!(out.solution.unwrap().cost, 3);
    /// ```
    pub fn parse(text: &str) -> Result<Graph, TextError> {
        let mut b = Builder::default();
        let mut tree = false;
        let mut saw_edges = false;
        for (i, raw) in text.lines().enumerate() {
            let mut line = Line::new(raw, i + 1);
            if line.done() {
                continue;
            }
            let word_at = line.at();
            let save = line.pos;
            let word = line.name()?;
            line.skip_ws();
            match word.as_str() {
                "start" | "goal" | "h" if line.peek() != Some('[') && line.peek() != Some('-') => {
                    directive(&word, &mut line, &mut b)?;
                }
                _ => {
                    line.pos = save;
                    if line.chars[line.pos..]
                        .iter()
                        .find(|c| !c.is_whitespace() && !c.is_alphanumeric() && **c != '_')
                        == Some(&'[')
                    {
                        if saw_edges || tree {
                            return Err(error(word_at, "a problem is either one bracketed tree or a list of edges, not both"));
                        }
                        tree_line(&mut line, &mut b)?;
                        tree = true;
                    } else {
                        if tree {
                            return Err(error(word_at, "a problem is either one bracketed tree or a list of edges, not both"));
                        }
                        edge_line(&mut line, &mut b)?;
                        saw_edges = true;
                    }
                }
            }
        }
        if b.names.is_empty() {
            return Err(error(
                (1, 1),
                "the problem is empty: write a tree like A[B C] or edges like A -> B C",
            ));
        }
        if b.goals.is_empty() {
            return Err(error(
                (text.lines().count().max(1), 1),
                "no goal: add a line such as “goal R”",
            ));
        }
        let mut goal = vec![false; b.names.len()];
        for g in &b.goals {
            goal[*g as usize] = true;
        }
        Ok(Graph {
            h: b.h.iter().map(|h| h.unwrap_or(0)).collect(),
            start: b.start.unwrap_or(0),
            names: b.names,
            edges: b.edges,
            goal,
            tree,
        })
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True for a problem without nodes (never: [`Graph::parse`] refuses them).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// A node's name.
    pub fn name(&self, node: u32) -> &str {
        &self.names[node as usize]
    }

    /// A node by name.
    pub fn find(&self, name: &str) -> Option<u32> {
        self.names.iter().position(|n| n == name).map(|i| i as u32)
    }

    /// A node's edges: (target, cost), in the order they are tried.
    pub fn edges(&self, node: u32) -> &[(u32, u32)] {
        &self.edges[node as usize]
    }

    /// True if the text was a bracketed tree.
    pub fn is_tree(&self) -> bool {
        self.tree
    }

    /// The same problem with another start node.
    pub fn with_start(&self, start: u32) -> Graph {
        Graph {
            start,
            ..self.clone()
        }
    }
}

fn directive(word: &str, line: &mut Line<'_>, b: &mut Builder) -> Result<(), TextError> {
    match word {
        "start" => {
            let at = line.at();
            let name = line.name()?;
            if let Some(first) = b.start {
                return Err(error(
                    at,
                    format!(
                        "the start is given twice: {} on line {} and {name} here; keep one",
                        b.names[first as usize], b.start_line
                    ),
                ));
            }
            b.start = Some(b.node(&name, at)?);
            b.start_line = at.0;
        }
        "goal" => loop {
            let at = line.at();
            let name = line.name()?;
            let g = b.node(&name, at)?;
            b.goals.push(g);
            if line.done() {
                break;
            }
        },
        _ => {
            loop {
                let at = line.at();
                let name = line.name()?;
                line.skip_ws();
                if line.peek() != Some('=') {
                    return Err(error(
                        line.at(),
                        format!(
                            "expected '=' and a value after {name} (as in h {name}=5), found {}",
                            line.found()
                        ),
                    ));
                }
                line.pos += 1;
                line.skip_ws();
                let v = line.whole_number("a heuristic value")?;
                let n = b.node(&name, at)?;
                if let Some(before) = b.h[n as usize] {
                    return Err(error(
                    at,
                    format!("{name}'s estimate is given twice ({before} before, {v} here); keep one"),
                ));
                }
                b.h[n as usize] = Some(v);
                if line.done() {
                    break;
                }
            }
        }
    }
    if !line.done() {
        return Err(error(
            line.at(),
            format!("expected the end of the line, found {}", line.found()),
        ));
    }
    Ok(())
}

fn edge_line(line: &mut Line<'_>, b: &mut Builder) -> Result<(), TextError> {
    let at = line.at();
    let name = line.name()?;
    let from = b.node(&name, at)?;
    line.skip_ws();
    let both = match (line.peek(), line.chars.get(line.pos + 1).copied()) {
        (Some('-'), Some('>')) => false,
        (Some('-'), Some('-')) => true,
        _ => {
            return Err(error(
                line.at(),
                format!(
                    "expected '->' (one way) or '--' (both ways) after {name}, found {}",
                    line.found()
                ),
            ))
        }
    };
    line.pos += 2;
    let mut any = false;
    while !line.done() {
        let at = line.at();
        let target = line.name()?;
        let cost = if line.peek() == Some(':') {
            line.pos += 1;
            let c = line.whole_number("a cost")?;
            if c == 0 {
                return Err(error((at.0, line.pos), "costs must be at least 1"));
            }
            c
        } else {
            1
        };
        let to = b.node(&target, at)?;
        if to == from {
            return Err(error(at, format!("{target} has an edge to itself")));
        }
        b.edges[from as usize].push((to, cost));
        if both {
            b.edges[to as usize].push((from, cost));
        }
        any = true;
    }
    if !any {
        return Err(error(
            line.at(),
            format!("{name} has an arrow but no node after it"),
        ));
    }
    Ok(())
}

fn tree_line(line: &mut Line<'_>, b: &mut Builder) -> Result<(), TextError> {
    // node := name ('[' node* ']')?
    fn node(line: &mut Line<'_>, b: &mut Builder, depth: usize) -> Result<u32, TextError> {
        if depth > 200 {
            return Err(error(line.at(), "the tree is nested too deeply"));
        }
        let at = line.at();
        let name = line.name()?;
        if b.index.contains_key(&name) {
            return Err(error(
                at,
                format!("{name} appears twice: in a tree every node has its own name"),
            ));
        }
        let me = b.node(&name, at)?;
        line.skip_ws();
        if line.peek() == Some('[') {
            let open = line.at();
            line.pos += 1;
            loop {
                line.skip_ws();
                match line.peek() {
                    Some(']') => {
                        line.pos += 1;
                        break;
                    }
                    Some(',') => line.pos += 1,
                    None => {
                        return Err(error(
                            line.at(),
                            format!(
                            "expected ']' to close the '[' at column {}, found the end of the line",
                            open.1
                        ),
                        ))
                    }
                    Some(_) => {
                        let child = node(line, b, depth + 1)?;
                        b.edges[me as usize].push((child, 1));
                    }
                }
            }
        }
        Ok(me)
    }
    node(line, b, 0)?;
    if !line.done() {
        return Err(error(
            line.at(),
            format!("expected the end of the tree, found {}", line.found()),
        ));
    }
    Ok(())
}

/// The steps out of a node, in order.
#[derive(Clone, Debug)]
pub struct Steps<'a> {
    from: u32,
    edges: std::slice::Iter<'a, (u32, u32)>,
}

impl Iterator for Steps<'_> {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        self.edges.next().map(|&(to, cost)| Step {
            from: self.from,
            to,
            cost,
        })
    }
}

impl Problem for Graph {
    type State = u32;
    type Action = Step;
    type Undo = u32;
    type Actions<'a> = Steps<'a>;

    fn start(&self) -> u32 {
        self.start
    }

    fn is_goal(&self, state: &u32) -> bool {
        self.goal[*state as usize]
    }

    fn actions<'a>(&'a self, state: &u32) -> Steps<'a> {
        Steps {
            from: *state,
            edges: self.edges[*state as usize].iter(),
        }
    }

    fn apply(&self, state: &mut u32, action: Step) -> u32 {
        std::mem::replace(state, action.to)
    }

    fn undo(&self, state: &mut u32, undo: u32) {
        *state = undo;
    }

    fn step_cost(&self, _state: &u32, action: Step) -> Cost {
        Cost::from(action.cost)
    }

    fn heuristic(&self, state: &u32) -> Cost {
        Cost::from(self.h[*state as usize])
    }

    fn reverses(&self, action: Step, previous: Step) -> bool {
        action.to == previous.from
    }

    fn goal_states(&self) -> Vec<u32> {
        (0..self.goal.len() as u32)
            .filter(|&n| self.goal[n as usize])
            .collect()
    }

    /// The edges into `state` (a scan of every edge: graphs here are small).
    fn predecessors(&self, state: &u32, out: &mut Vec<(u32, Step, Cost)>) {
        for (from, edges) in self.edges.iter().enumerate() {
            for &(to, cost) in edges {
                if to == *state {
                    let step = Step {
                        from: from as u32,
                        to,
                        cost,
                    };
                    out.push((from as u32, step, Cost::from(cost)));
                }
            }
        }
    }
}

/// A named example problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphPreset {
    /// Stable id, for URLs.
    pub id: &'static str,
    /// Menu title.
    pub title: &'static str,
    /// Where it comes from and what it shows.
    pub notes: &'static str,
    /// The problem text.
    pub text: &'static str,
}

/// The example problems.
pub const GRAPH_PRESETS: &[GraphPreset] = &[
    GraphPreset {
        id: "seed000-tree",
        title: "The iterative-deepening tree (goal R)",
        notes: "Seed 000: depth-limited orders A; A B C D; A B E F C G D H; …; iterative deepening finds R at depth 4 after A B E I F J K O P C G L R.",
        text: "A[B[E[I] F[J K[O P]]] C[G[L[R]]] D[H[M N[S]]]]\ngoal R",
    },
    GraphPreset {
        id: "romania",
        title: "Romania road map (Arad to Bucharest)",
        notes: "The textbook's map: distances in km, straight-line distances to Bucharest as the heuristic. Uniform cost and A* find 418 km via Sibiu, Rimnicu Vilcea and Pitesti; greedy takes 450 km via Fagaras.",
        text: "Arad -- Zerind:75 Sibiu:140 Timisoara:118
Zerind -- Oradea:71
Oradea -- Sibiu:151
Timisoara -- Lugoj:111
Lugoj -- Mehadia:70
Mehadia -- Drobeta:75
Drobeta -- Craiova:120
Craiova -- Rimnicu_Vilcea:146 Pitesti:138
Sibiu -- Fagaras:99 Rimnicu_Vilcea:80
Rimnicu_Vilcea -- Pitesti:97
Fagaras -- Bucharest:211
Pitesti -- Bucharest:101
Bucharest -- Giurgiu:90 Urziceni:85
Urziceni -- Hirsova:98 Vaslui:142
Hirsova -- Eforie:86
Vaslui -- Iasi:92
Iasi -- Neamt:87
h Arad=366 Bucharest=0 Craiova=160 Drobeta=242 Eforie=161 Fagaras=176 Giurgiu=77
h Hirsova=151 Iasi=226 Lugoj=244 Mehadia=241 Neamt=234 Oradea=380 Pitesti=100
h Rimnicu_Vilcea=193 Sibiu=253 Timisoara=329 Urziceni=80 Vaslui=199 Zerind=374
start Arad
goal Bucharest",
    },
];

/// A preset by id.
pub fn graph_preset(id: &str) -> Option<&'static GraphPreset> {
    GRAPH_PRESETS.iter().find(|p| p.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tree_form() {
        let g = Graph::parse(GRAPH_PRESETS[0].text).unwrap();
        assert!(g.is_tree());
        assert_eq!(g.len(), 18); // A to S, without Q
        assert_eq!(g.name(g.start()), "A");
        let kids: Vec<&str> = g.edges(0).iter().map(|&(t, _)| g.name(t)).collect();
        assert_eq!(kids, ["B", "C", "D"]);
        assert!(g.is_goal(&g.find("R").unwrap()));
    }

    #[test]
    fn edge_form() {
        let g = Graph::parse(GRAPH_PRESETS[1].text).unwrap();
        assert_eq!(g.len(), 20);
        assert_eq!(g.heuristic(&g.find("Arad").unwrap()), 366);
        let sibiu = g.find("Sibiu").unwrap();
        let out: Vec<(&str, u32)> = g
            .edges(sibiu)
            .iter()
            .map(|&(t, c)| (g.name(t), c))
            .collect();
        assert_eq!(
            out,
            [
                ("Arad", 140),
                ("Oradea", 151),
                ("Fagaras", 99),
                ("Rimnicu_Vilcea", 80)
            ]
        );
    }

    #[test]
    fn mistakes_are_named_and_placed() {
        let cases = [
            ("A -> B\nB => C\ngoal C", (2, 3), "expected '->'"),
            ("A -> B:x\ngoal B", (1, 8), "a cost"),
            ("A -> B:0\ngoal B", (1, 8), "at least 1"),
            ("A -> B", (1, 1), "no goal"),
            ("A[B[C]\ngoal C", (1, 7), "expected ']'"),
            ("A[B B]\ngoal B", (1, 5), "appears twice"),
            ("h A 5\nA -> B\ngoal B", (1, 5), "expected '='"),
            ("", (1, 1), "empty"),
            ("A -> A\ngoal A", (1, 6), "itself"),
            ("A -> B\nC[D]\ngoal D", (2, 1), "not both"),
            // A heuristic value or a cost that is not a whole number, named where it starts.
            (
                "A -> B\nh A=x\ngoal B",
                (2, 5),
                "expected a heuristic value (a whole number), found 'x'",
            ),
            (
                "A -> B\nh A=2.5 B=0\ngoal B",
                (2, 5),
                "a heuristic value must be a whole number: “2.5” is not one",
            ),
            (
                "A -> B\nh  A = -3\ngoal B",
                (2, 8),
                "a heuristic value cannot be negative: “-3”",
            ),
            ("A -> B\nh A=5km\ngoal B", (2, 5), "“5km” is not one"),
            ("A -> B\nh A=\ngoal B", (2, 5), "found the end of the line"),
            (
                "A -> B:1.5\ngoal B",
                (1, 8),
                "a cost must be a whole number: “1.5” is not one",
            ),
            ("A -> B:-1\ngoal B", (1, 8), "a cost cannot be negative"),
        ];
        for (text, at, words) in cases {
            let e = Graph::parse(text).unwrap_err();
            assert_eq!((e.line, e.column), at, "{text:?}: {e}");
            assert!(e.message.contains(words), "{text:?}: {e}");
        }
    }
}
