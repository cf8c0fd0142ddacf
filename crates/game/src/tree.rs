//! Explicit game trees: the hand-drawn trees of lecture notes, and their text form.
//!
//! A [`GameTree`] stores its nodes breadth-first, so node `i` is the `i`-th node a reader meets
//! going level by level, left to right — the order in which textbooks letter them A, B, C, ….
//!
//! # Text form
//!
//! ```text
//! tree    := ('max' | 'min')? node
//! node    := (label ':')? ('{' int '}')? (int | vector | '[' node (','? node)* ']' | chance)
//! chance  := '?[' (prob ':')? node (','? (prob ':')? node)* ']'
//! prob    := int '/' int | int? '.' digits | int
//! vector  := '(' int (',' int)* ')'
//! label   := letter (letter | digit | '_' | '\'')*
//! ```
//!
//! - A leaf is an integer (the utility for MAX), or, in a tree for three or more players, a
//!   utility vector `(a, b, c)` with one entry per player.
//! - An inner node is a bracketed list of children, separated by commas or white space:
//!   `[[3,12,8],[2,4,6],[14,5,2]]`.
//! - `min` before the tree puts MIN at the root; levels alternate below it.
//! - `B:[...]` names a node; nodes without a name are lettered breadth-first.
//! - `{5}[...]` gives an inner node a static evaluation, used at a depth limit and for ordering
//!   moves by evaluation.
//! - `?[a, b, c]` is a chance node whose children are equally likely; `?[1/4: a, 3/4: b]` or
//!   `?[0.25: a, 0.75: b]` gives each child its probability (more than 0, summing to 1). Chance
//!   nodes do not change whose turn it is: in `[?[[1,2],[3,4]]]` MAX is at the root and MIN at
//!   the nodes below the chance node. They need plain values at the leaves (two players).

use std::fmt;

use crate::ratio::Ratio;

/// Index of a node in its [`GameTree`] (breadth-first position; the root is `NodeId(0)`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The root of every tree.
    pub const ROOT: NodeId = NodeId(0);

    /// The index as a `usize`, for slicing.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One node of an explicit tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// Display name: given in the text, or a breadth-first letter.
    pub label: String,
    /// `None` for the root.
    pub parent: Option<NodeId>,
    /// Children, left to right.
    pub children: Vec<NodeId>,
    /// Distance from the root.
    pub depth: u32,
    /// A leaf's utility: one entry in a two-player tree (MAX's utility), one per player in a
    /// multi-player tree. Empty for inner nodes.
    pub payoff: Vec<i32>,
    /// A static evaluation for an inner node, if the text gave one.
    pub eval: Option<i32>,
    /// For a chance node, the probability of each child (positive, summing to 1); `None` for a
    /// decision node or a leaf.
    pub chance: Option<Vec<Ratio>>,
}

impl TreeNode {
    /// True for a node without children.
    pub fn is_leaf(&self) -> bool {
        self.children.is_empty()
    }

    /// True for a chance node.
    pub fn is_chance(&self) -> bool {
        self.chance.is_some()
    }
}

/// Who moves at the root of a two-player tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RootPlayer {
    /// MAX moves first (the usual convention).
    #[default]
    Max,
    /// MIN moves first.
    Min,
}

/// A finite game tree given node by node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTree {
    nodes: Vec<TreeNode>,
    players: usize,
    root_player: RootPlayer,
    /// True when some node is a chance node.
    chance: bool,
}

/// Why a tree text or a tree description could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 0-based character offset of the problem.
    pub offset: usize,
    /// 1-based line of the problem.
    pub line: usize,
    /// 1-based column (in characters) of the problem.
    pub column: usize,
    /// What went wrong, in words ("expected ']' or another child").
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

/// Limits that keep a typed tree small enough to draw and search.
pub const MAX_NODES: usize = 100_000;
/// Deepest nesting accepted in tree text.
pub const MAX_DEPTH: usize = 64;

impl GameTree {
    /// Reads a tree from its text form (see the module documentation).
    ///
    /// ```
    /// use arbor_game::GameTree;
    /// let tree = GameTree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
    /// assert_eq!(tree.len(), 13);
    /// assert_eq!(tree.node(tree.root()).label, "A");
    /// assert!(GameTree::parse("[[3,12,8],[2,4,6]").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<GameTree, ParseError> {
        Parser::new(text).tree()
    }

    /// Builds a tree from a nested description (used by generators and tests), numbering its
    /// nodes breadth-first. Fails if a leaf has no value or leaves mix plain values and vectors.
    pub fn from_raw(raw: RawNode, root_player: RootPlayer) -> Result<GameTree, String> {
        let players = players_of(&raw)?;
        Ok(build(raw, players, root_player))
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never true: a tree has at least its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The root node.
    pub fn root(&self) -> NodeId {
        NodeId::ROOT
    }

    /// A node by id.
    pub fn node(&self, id: NodeId) -> &TreeNode {
        &self.nodes[id.index()]
    }

    /// All nodes, breadth-first.
    pub fn nodes(&self) -> &[TreeNode] {
        &self.nodes
    }

    /// Number of players: 2 for MAX/MIN trees, the length of the utility vectors otherwise.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Who moves at the root (two-player trees).
    pub fn root_player(&self) -> RootPlayer {
        self.root_player
    }

    /// True when the tree has chance nodes: only the expectation searches value it.
    pub fn has_chance(&self) -> bool {
        self.chance
    }

    /// The player to move at a node: 0 is MAX (or the first player), 1 is MIN (or the second).
    /// Levels alternate; chance nodes do not count as a turn, so at a chance node this is the
    /// player who decides below it.
    pub fn player_at(&self, id: NodeId) -> usize {
        let mut depth = self.node(id).depth as usize;
        if self.chance {
            let mut cur = self.node(id).parent;
            while let Some(p) = cur {
                if self.node(p).is_chance() {
                    depth -= 1;
                }
                cur = self.node(p).parent;
            }
        }
        let first = match self.root_player {
            RootPlayer::Max => 0,
            RootPlayer::Min => 1,
        };
        (first + depth) % self.players
    }

    /// Leaves, left to right.
    pub fn leaves(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut stack = vec![self.root()];
        while let Some(id) = stack.pop() {
            let node = self.node(id);
            if node.is_leaf() {
                out.push(id);
            }
            stack.extend(node.children.iter().rev());
        }
        out
    }

    /// For every node, its 0-based left-to-right index among the leaves (`None` for inner
    /// nodes).
    pub fn leaf_indices(&self) -> Vec<Option<usize>> {
        let mut out = vec![None; self.len()];
        for (i, leaf) in self.leaves().into_iter().enumerate() {
            out[leaf.index()] = Some(i);
        }
        out
    }

    /// The node's path from the root: `r`, `r.0`, `r.0.1`, … (child indices).
    pub fn path(&self, id: NodeId) -> String {
        let mut steps = Vec::new();
        let mut cur = id;
        while let Some(parent) = self.node(cur).parent {
            let pos = self
                .node(parent)
                .children
                .iter()
                .position(|&c| c == cur)
                .expect("a child is listed by its parent");
            steps.push(pos);
            cur = parent;
        }
        let mut out = String::from("r");
        for step in steps.iter().rev() {
            out.push('.');
            out.push_str(&step.to_string());
        }
        out
    }

    /// The node with a given path (`r.0.1`), if there is one.
    pub fn find_path(&self, path: &str) -> Option<NodeId> {
        let mut parts = path.split('.');
        if parts.next()? != "r" {
            return None;
        }
        let mut cur = self.root();
        for part in parts {
            let i: usize = part.parse().ok()?;
            cur = *self.node(cur).children.get(i)?;
        }
        Some(cur)
    }

    /// The first node with the given label.
    pub fn find_label(&self, label: &str) -> Option<NodeId> {
        self.nodes
            .iter()
            .position(|n| n.label == label)
            .map(|i| NodeId(i as u32))
    }

    /// True when every leaf holds one number (MAX's utility), not a utility vector — a
    /// two-player tree may still be written with two-entry vectors, `[(1,-1),(0,2)]`.
    pub fn has_plain_values(&self) -> bool {
        self.nodes
            .iter()
            .all(|n| !n.is_leaf() || n.payoff.len() == 1)
    }

    /// The smallest and largest leaf value of a two-player tree (MAX's utilities): the range
    /// an expectation search may prune with, and the scale of MCTS rewards.
    pub fn leaf_range(&self) -> (i32, i32) {
        let values = self
            .nodes
            .iter()
            .filter(|n| n.is_leaf())
            .map(|n| n.payoff[0]);
        (values.clone().min().unwrap_or(0), values.max().unwrap_or(0))
    }

    /// Height: the depth of the deepest leaf.
    pub fn height(&self) -> u32 {
        self.nodes.iter().map(|n| n.depth).max().unwrap_or(0)
    }

    /// If every inner node has the same number of children and every leaf is at the same
    /// depth, that branching factor and depth.
    pub fn uniform_shape(&self) -> Option<(usize, u32)> {
        let height = self.height();
        let mut branching = None;
        for node in &self.nodes {
            if node.is_leaf() {
                if node.depth != height {
                    return None;
                }
            } else {
                match branching {
                    None => branching = Some(node.children.len()),
                    Some(b) if b != node.children.len() => return None,
                    Some(_) => {}
                }
            }
        }
        Some((branching.unwrap_or(0), height))
    }

    /// A copy with one leaf's payoff replaced.
    pub fn with_payoff(&self, id: NodeId, payoff: Vec<i32>) -> Result<GameTree, String> {
        let node = self
            .nodes
            .get(id.index())
            .ok_or_else(|| format!("the tree has no node {}", id.index()))?;
        if !node.is_leaf() {
            return Err(format!("{} is not a leaf", node.label));
        }
        if payoff.len() != node.payoff.len() {
            return Err(format!(
                "{} needs {} value(s), got {}",
                node.label,
                node.payoff.len(),
                payoff.len()
            ));
        }
        let mut tree = self.clone();
        tree.nodes[id.index()].payoff = payoff;
        Ok(tree)
    }

    /// The same tree with MAX or MIN at the root.
    pub fn with_root_player(&self, root_player: RootPlayer) -> GameTree {
        GameTree {
            root_player,
            ..self.clone()
        }
    }

    /// Back to a nested description (the inverse of [`GameTree::from_raw`]).
    pub fn to_raw(&self) -> RawNode {
        fn go(tree: &GameTree, id: NodeId, auto: &[String]) -> RawNode {
            let node = tree.node(id);
            let label = (node.label != auto[id.index()]).then(|| node.label.clone());
            RawNode {
                label,
                eval: node.eval,
                payoff: node.payoff.clone(),
                chance: node.chance.clone(),
                children: node.children.iter().map(|&c| go(tree, c, auto)).collect(),
            }
        }
        let auto: Vec<String> = (0..self.len()).map(auto_label).collect();
        go(self, self.root(), &auto)
    }

    /// The text form; [`GameTree::parse`] reads it back to an equal tree. Labels are written
    /// only where they differ from the breadth-first lettering.
    pub fn to_text(&self) -> String {
        fn go(tree: &GameTree, id: NodeId, out: &mut String) {
            let node = tree.node(id);
            if node.label != auto_label(id.index()) {
                out.push_str(&node.label);
                out.push(':');
            }
            if let Some(e) = node.eval {
                out.push_str(&format!("{{{e}}}"));
            }
            if node.is_leaf() {
                if node.payoff.len() == 1 {
                    out.push_str(&node.payoff[0].to_string());
                } else {
                    let parts: Vec<String> = node.payoff.iter().map(|v| v.to_string()).collect();
                    out.push('(');
                    out.push_str(&parts.join(","));
                    out.push(')');
                }
            } else {
                // Equal chances are written without their probabilities.
                let probs = node
                    .chance
                    .as_ref()
                    .map(|p| (p, p.iter().all(|&q| q == even_chance(p.len()))));
                if probs.is_some() {
                    out.push('?');
                }
                out.push('[');
                for (i, &c) in node.children.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    if let Some((p, false)) = probs {
                        out.push_str(&format!("{}:", p[i]));
                    }
                    go(tree, c, out);
                }
                out.push(']');
            }
        }
        let mut out = String::new();
        if self.root_player == RootPlayer::Min && self.players == 2 {
            out.push_str("min ");
        }
        go(self, self.root(), &mut out);
        out
    }
}

/// A node given as nested data, before breadth-first numbering.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RawNode {
    /// A label, if given.
    pub label: Option<String>,
    /// A static evaluation, if given (inner nodes).
    pub eval: Option<i32>,
    /// The payoff of a leaf (one value for two players, one per player otherwise).
    pub payoff: Vec<i32>,
    /// A chance node's probabilities, one per child (positive, summing to 1).
    pub chance: Option<Vec<Ratio>>,
    /// Children; empty for a leaf.
    pub children: Vec<RawNode>,
}

impl RawNode {
    /// A two-player leaf.
    pub fn leaf(value: i32) -> RawNode {
        RawNode {
            payoff: vec![value],
            ..RawNode::default()
        }
    }

    /// An inner node.
    pub fn inner(children: Vec<RawNode>) -> RawNode {
        RawNode {
            children,
            ..RawNode::default()
        }
    }
}

/// The probability of each of `n` equally likely children.
fn even_chance(n: usize) -> Ratio {
    Ratio::new(1, n.max(1) as i64).unwrap_or(Ratio::ONE)
}

fn players_of(raw: &RawNode) -> Result<usize, String> {
    let mut arity = None;
    let mut stack = vec![raw];
    let mut count = 0usize;
    let mut chance = false;
    while let Some(node) = stack.pop() {
        count += 1;
        if count > MAX_NODES {
            return Err(format!("the tree has more than {MAX_NODES} nodes"));
        }
        if let Some(p) = &node.chance {
            check_probabilities(p, node.children.len())?;
            chance = true;
        }
        if node.children.is_empty() {
            let n = node.payoff.len();
            if n == 0 {
                return Err("a leaf has no value".into());
            }
            match arity {
                None => arity = Some(n),
                Some(a) if a != n => {
                    return Err("leaves mix plain values and utility vectors".into());
                }
                Some(_) => {}
            }
        }
        stack.extend(node.children.iter());
    }
    if chance && arity.is_some_and(|a| a > 1) {
        return Err("chance nodes need plain values at the leaves (a two-player tree)".into());
    }
    Ok(match arity {
        Some(1) | None => 2,
        Some(n) => n,
    })
}

/// A chance node's probabilities must be one per child, each more than 0, summing to 1.
fn check_probabilities(p: &[Ratio], children: usize) -> Result<(), String> {
    if p.len() != children || children == 0 {
        return Err("a chance node needs one probability per child".into());
    }
    if let Some(q) = p.iter().find(|q| **q <= Ratio::ZERO) {
        return Err(format!("a probability must be more than 0, found {q}"));
    }
    let sum = p
        .iter()
        .try_fold(Ratio::ZERO, |s, &q| s.checked_add(q))
        .map_err(|e| e.to_string())?;
    if sum != Ratio::ONE {
        return Err(format!(
            "the probabilities of a chance node must sum to 1; these sum to {sum}"
        ));
    }
    Ok(())
}

fn build(raw: RawNode, players: usize, root_player: RootPlayer) -> GameTree {
    // Room for every node at once (a large tree would otherwise be copied as it grows).
    let count = {
        let mut n = 0usize;
        let mut stack = vec![&raw];
        while let Some(r) = stack.pop() {
            n += 1;
            stack.extend(r.children.iter());
        }
        n
    };
    let mut nodes: Vec<TreeNode> = Vec::with_capacity(count);
    let mut queue = std::collections::VecDeque::with_capacity(count);
    queue.push_back((raw, None::<NodeId>, 0u32));
    while let Some((raw, parent, depth)) = queue.pop_front() {
        let id = NodeId(nodes.len() as u32);
        if let Some(p) = parent {
            nodes[p.index()].children.push(id);
        }
        nodes.push(TreeNode {
            label: raw.label.unwrap_or_else(|| auto_label(id.index())),
            parent,
            children: Vec::with_capacity(raw.children.len()),
            depth,
            payoff: raw.payoff,
            eval: raw.eval,
            chance: raw.chance,
        });
        for child in raw.children {
            queue.push_back((child, Some(id), depth + 1));
        }
    }
    let chance = nodes.iter().any(TreeNode::is_chance);
    GameTree {
        nodes,
        players,
        chance,
        root_player: if players == 2 {
            root_player
        } else {
            RootPlayer::Max
        },
    }
}

/// Breadth-first letters: A … Z, then AA, AB, … as spreadsheet columns are named.
pub fn auto_label(index: usize) -> String {
    let mut n = index + 1;
    let mut out = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        out.push(b'A' + rem as u8);
        n = (n - 1) / 26;
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII letters")
}

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    text: &'a str,
    nodes: usize,
    /// The first leaf's number of values and where it starts: every leaf must match it.
    first_leaf: Option<(usize, usize)>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Parser {
            chars: text.chars().collect(),
            pos: 0,
            text,
            nodes: 0,
            first_leaf: None,
        }
    }

    /// Checks that the leaf starting at `start` has as many values as the first leaf.
    fn leaf_arity(&mut self, start: usize, values: usize) -> Result<(), ParseError> {
        match self.first_leaf {
            None => {
                self.first_leaf = Some((values, start));
                Ok(())
            }
            Some((n, _)) if n == values => Ok(()),
            Some((n, at)) => {
                let kind = |k: usize| {
                    if k == 1 {
                        "a plain value".to_string()
                    } else {
                        format!("a utility vector of {k}")
                    }
                };
                let first = self.error(at, "");
                Err(self.error(
                    start,
                    format!(
                        "leaves mix plain values and utility vectors: this leaf is {}, the first leaf (line {}, column {}) is {}; every leaf must be alike",
                        kind(values),
                        first.line,
                        first.column,
                        kind(n)
                    ),
                ))
            }
        }
    }

    fn error(&self, offset: usize, message: impl Into<String>) -> ParseError {
        let before: String = self.chars[..offset.min(self.chars.len())].iter().collect();
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        ParseError {
            offset,
            line,
            column,
            message: message.into(),
        }
    }

    fn found(&self) -> String {
        match self.chars.get(self.pos) {
            None => "the end of the text".into(),
            Some(&c) => arbor_util::quote_char(c),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn tree(mut self) -> Result<GameTree, ParseError> {
        self.skip_ws();
        if self.text.trim().is_empty() {
            return Err(self.error(0, "the tree is empty: type a number or a bracketed list"));
        }
        let mut root_player = RootPlayer::Max;
        let start = self.pos;
        if let Some(word) = self.word() {
            let lower = word.to_ascii_lowercase();
            if (lower == "min" || lower == "max") && self.peek() != Some(':') {
                root_player = if lower == "min" {
                    RootPlayer::Min
                } else {
                    RootPlayer::Max
                };
            } else {
                self.pos = start;
            }
        }
        self.skip_ws();
        let root = self.node(0)?;
        self.skip_ws();
        if self.pos < self.chars.len() {
            return Err(self.error(
                self.pos,
                format!("expected the end of the tree, found {}", self.found()),
            ));
        }
        let players = players_of(&root).map_err(|m| self.error(0, m))?;
        Ok(build(root, players, root_player))
    }

    fn word(&mut self) -> Option<String> {
        let start = self.pos;
        if !self.peek().is_some_and(|c| c.is_alphabetic()) {
            return None;
        }
        while self
            .peek()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '\'')
        {
            self.pos += 1;
        }
        Some(self.chars[start..self.pos].iter().collect())
    }

    fn node(&mut self, depth: usize) -> Result<RawNode, ParseError> {
        if depth > MAX_DEPTH {
            return Err(self.error(
                self.pos,
                format!("the tree is nested more than {MAX_DEPTH} levels deep"),
            ));
        }
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(self.error(
                self.pos,
                format!("the tree has more than {MAX_NODES} nodes"),
            ));
        }
        let mut raw = RawNode::default();
        let label_start = self.pos;
        if let Some(word) = self.word() {
            self.skip_ws();
            if self.peek() != Some(':') {
                return Err(self.error(
                    label_start,
                    format!(
                        "a label must be followed by ':' (as in {word}:[1,2]), found {}",
                        self.found()
                    ),
                ));
            }
            self.pos += 1;
            self.skip_ws();
            raw.label = Some(word);
        }
        if self.peek() == Some('{') {
            self.pos += 1;
            self.skip_ws();
            raw.eval = Some(self.int()?);
            self.skip_ws();
            self.expect('}', "'}' to close the evaluation")?;
            self.skip_ws();
            if self.peek() != Some('[') {
                return Err(self.error(
                    self.pos,
                    format!(
                        "an evaluation {{…}} belongs to an inner node: expected '[', found {}",
                        self.found()
                    ),
                ));
            }
        }
        let chance_at = self.pos;
        let is_chance = self.peek() == Some('?');
        if is_chance {
            self.pos += 1;
            self.skip_ws();
            if self.peek() != Some('[') {
                return Err(self.error(
                    self.pos,
                    format!(
                        "'?' starts a chance node: expected '[' (as in ?[1, 2]), found {}",
                        self.found()
                    ),
                ));
            }
        }
        let mut probs = Vec::new();
        match self.peek() {
            Some('[') => {
                let open = self.pos;
                self.pos += 1;
                self.skip_ws();
                if self.peek() == Some(']') {
                    return Err(self.error(
                        open,
                        "an inner node needs at least one child: '[]' is empty",
                    ));
                }
                loop {
                    if is_chance {
                        probs.push(self.probability()?);
                    }
                    raw.children.push(self.node(depth + 1)?);
                    self.skip_ws();
                    match self.peek() {
                        Some(']') => {
                            self.pos += 1;
                            break;
                        }
                        Some(',') => {
                            self.pos += 1;
                            self.skip_ws();
                            if self.peek() == Some(']') {
                                return Err(self.error(self.pos, "expected another child after ',', found ']'"));
                            }
                        }
                        None => {
                            return Err(self.error(
                                self.pos,
                                format!("expected ']' to close the '[' at column {}, found the end of the text", self.error(open, "").column),
                            ))
                        }
                        Some(c) if c == '[' || c == '(' || c == '-' || c == '−' || c == '{' || c == '?' || (is_chance && c == '.') || c.is_ascii_digit() || c.is_alphabetic() => {
                            // Children separated by white space only.
                        }
                        Some(_) => {
                            return Err(self.error(
                                self.pos,
                                format!("expected ',', ']' or another child, found {}", self.found()),
                            ))
                        }
                    }
                }
            }
            Some('(') => {
                let start = self.pos;
                self.pos += 1;
                loop {
                    self.skip_ws();
                    raw.payoff.push(self.int()?);
                    self.skip_ws();
                    match self.peek() {
                        Some(',') => self.pos += 1,
                        Some(')') => {
                            self.pos += 1;
                            break;
                        }
                        _ => {
                            return Err(self.error(
                                self.pos,
                                format!(
                                    "expected ',' or ')' in a utility vector, found {}",
                                    self.found()
                                ),
                            ))
                        }
                    }
                }
                if raw.payoff.len() < 2 {
                    return Err(self.error(
                        self.pos - 1,
                        "a utility vector needs one value per player (at least two)",
                    ));
                }
                self.leaf_arity(start, raw.payoff.len())?;
            }
            _ => {
                let start = self.pos;
                raw.payoff.push(self.int()?);
                self.leaf_arity(start, 1)?;
            }
        }
        if is_chance {
            raw.chance = Some(if probs.iter().all(Option::is_none) {
                vec![even_chance(probs.len()); probs.len()]
            } else if let Some(p) = probs.iter().copied().collect::<Option<Vec<Ratio>>>() {
                check_probabilities(&p, raw.children.len())
                    .map_err(|m| self.error(chance_at, format!("at this chance node, {m}")))?;
                p
            } else {
                return Err(self.error(
                    chance_at,
                    "give every child of this chance node a probability (1/4: …), or none for equal chances",
                ));
            });
        }
        Ok(raw)
    }

    /// A child's probability `1/4:` or `0.25:` inside a chance node, if one is written there.
    fn probability(&mut self) -> Result<Option<Ratio>, ParseError> {
        let start = self.pos;
        let ahead: String = self.chars[start..]
            .iter()
            .take(40)
            .take_while(|c| c.is_ascii_digit() || **c == '/' || **c == '.')
            .collect();
        let Some((p, len)) = Ratio::parse_prefix(&ahead) else {
            return Ok(None);
        };
        self.pos += len;
        self.skip_ws();
        if self.peek() == Some(':') {
            self.pos += 1;
            self.skip_ws();
            Ok(Some(p))
        } else if ahead[..len].contains(['/', '.']) {
            Err(self.error(
                self.pos,
                format!(
                    "expected ':' after the probability {} (as in 1/4: 3; leaf values are whole numbers), found {}",
                    &ahead[..len],
                    self.found()
                ),
            ))
        } else {
            self.pos = start;
            Ok(None)
        }
    }

    fn expect(&mut self, c: char, what: &str) -> Result<(), ParseError> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(self.pos, format!("expected {what}, found {}", self.found())))
        }
    }

    fn int(&mut self) -> Result<i32, ParseError> {
        let start = self.pos;
        let mut negative = false;
        if matches!(self.peek(), Some('-') | Some('−')) {
            negative = true;
            self.pos += 1;
        } else if self.peek() == Some('+') {
            self.pos += 1;
        }
        let digits_start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == digits_start {
            self.pos = start;
            return Err(self.error(
                start,
                format!("expected a number, '[' or a label, found {}", self.found()),
            ));
        }
        let digits: String = self.chars[digits_start..self.pos].iter().collect();
        let magnitude = digits
            .parse::<i64>()
            .ok()
            .filter(|&m| m <= i64::from(MAX_LEAF));
        match magnitude {
            Some(m) => Ok((if negative { -m } else { m }) as i32),
            // The number as typed, however long: never a clamped stand-in.
            None => Err(self.error(
                start,
                format!(
                    "{}{digits} is too large: values must lie between -{MAX_LEAF} and {MAX_LEAF}",
                    if negative { "-" } else { "" }
                ),
            )),
        }
    }
}

/// Largest magnitude of a value in tree text; keeps every search clear of its ±∞ sentinels.
pub const MAX_LEAF: i32 = 1_000_000_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_breadth_first() {
        let tree = GameTree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
        let labels: Vec<&str> = tree.nodes().iter().map(|n| n.label.as_str()).collect();
        assert_eq!(
            labels,
            ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M"]
        );
        assert_eq!(tree.node(NodeId(4)).payoff, vec![3]);
        assert_eq!(tree.path(NodeId(9)), "r.1.2");
        assert_eq!(tree.find_path("r.1.2"), Some(NodeId(9)));
        assert_eq!(tree.find_path("r.3"), None);
        assert_eq!(tree.uniform_shape(), Some((3, 2)));
    }

    #[test]
    fn spreadsheet_letters() {
        assert_eq!(auto_label(0), "A");
        assert_eq!(auto_label(25), "Z");
        assert_eq!(auto_label(26), "AA");
        assert_eq!(auto_label(27), "AB");
        assert_eq!(auto_label(26 + 26 * 26), "AAA");
    }

    #[test]
    fn spaces_labels_evals_and_min_root() {
        let tree = GameTree::parse("min  X:[ {5}[2 4]  Y:[6, -8] ]").unwrap();
        assert_eq!(tree.root_player(), RootPlayer::Min);
        assert_eq!(tree.node(NodeId(0)).label, "X");
        assert_eq!(tree.node(NodeId(1)).eval, Some(5));
        assert_eq!(tree.node(NodeId(2)).label, "Y");
        assert_eq!(tree.node(NodeId(6)).payoff, vec![-8]);
        assert_eq!(tree.player_at(NodeId(0)), 1);
        assert_eq!(tree.player_at(NodeId(1)), 0);
    }

    #[test]
    fn vectors_make_a_multiplayer_tree() {
        let tree = GameTree::parse("[[(1,2,3),(6,1,2)],[(2,2,2),(4,5,1)]]").unwrap();
        assert_eq!(tree.players(), 3);
        assert_eq!(tree.player_at(NodeId(3)), 2);
        assert_eq!(tree.player_at(NodeId(1)), 1);
    }

    /// A tree that mixes plain values and vectors is refused at the leaf that breaks the rule
    /// (the example the teachers' page once listed).
    #[test]
    fn mixed_leaves_are_named_where_they_are() {
        let e = GameTree::parse("min [[1,(2,3)]]").unwrap_err();
        assert_eq!((e.line, e.column), (1, 9), "{e}");
        assert!(
            e.message.contains("this leaf is a utility vector of 2"),
            "{e}"
        );
        assert!(
            e.message
                .contains("the first leaf (line 1, column 7) is a plain value"),
            "{e}"
        );
        let e = GameTree::parse("[(1,2),\n (3,4,5)]").unwrap_err();
        assert_eq!((e.line, e.column), (2, 2), "{e}");
    }

    #[test]
    fn text_round_trips() {
        for text in [
            "[[3,12,8],[2,4,6],[14,5,2]]",
            "min [[2,4],[6,8]]",
            "Root:[{7}[1,-2],Q:5]",
            "[[(1,2,3),(6,1,2)],[(2,2,2),(4,5,1)]]",
            "42",
        ] {
            let tree = GameTree::parse(text).unwrap();
            assert_eq!(tree.to_text(), text);
            assert_eq!(GameTree::parse(&tree.to_text()).unwrap(), tree);
            let raw = tree.to_raw();
            assert_eq!(GameTree::from_raw(raw, tree.root_player()).unwrap(), tree);
        }
    }

    #[test]
    fn errors_name_the_place_and_the_expectation() {
        let cases = [
            ("[[3,12,8],[2,4,6]", 18, "expected ']'"),
            ("[3,,4]", 4, "expected a number"),
            ("[3,4]]", 6, "expected the end"),
            ("[]", 1, "at least one child"),
            ("[3;4]", 3, "expected ',', ']'"),
            ("", 1, "empty"),
            ("[1,(2,3)]", 4, "mix"),
            ("[A 3]", 2, "followed by ':'"),
            ("[99999999999]", 2, "too large"),
            ("[{3}4]", 5, "belongs to an inner node"),
        ];
        for (text, column, words) in cases {
            let err = GameTree::parse(text).unwrap_err();
            assert_eq!(err.column, column, "{text}: {err}");
            assert!(err.message.contains(words), "{text}: {err}");
        }
        let err = GameTree::parse("[1,\n [2, x]]").unwrap_err();
        assert_eq!((err.line, err.column), (2, 6), "{err}");
    }

    #[test]
    fn too_deep_is_refused_not_overflowed() {
        let text = format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000));
        let err = GameTree::parse(&text).unwrap_err();
        assert!(err.message.contains("nested"));
    }

    #[test]
    fn leaf_edit() {
        let tree = GameTree::parse("[1,2]").unwrap();
        let edited = tree.with_payoff(NodeId(2), vec![9]).unwrap();
        assert_eq!(edited.to_text(), "[1,9]");
        assert!(tree.with_payoff(NodeId(0), vec![9]).is_err());
    }

    /// Found by fuzzing (issue 15): a two-entry vector was written back as a plain value.
    #[test]
    fn two_entry_vectors_survive_the_round_trip() {
        for text in ["[[(2,2)]]", "[(1,-1),(0,3)]", "min [(1,-1),(0,3)]"] {
            let tree = GameTree::parse(text).unwrap();
            assert_eq!(tree.to_text(), text);
            assert_eq!(GameTree::parse(&tree.to_text()).unwrap(), tree);
        }
    }

    #[test]
    fn a_value_too_large_is_quoted_as_typed() {
        for (text, typed) in [
            ("[1, 12345678901234567890123]", "12345678901234567890123"),
            ("[1, -99999999999999999999]", "-99999999999999999999"),
            ("[1, 1000000001]", "1000000001"),
        ] {
            let e = GameTree::parse(text).unwrap_err();
            assert!(
                e.message.starts_with(&format!("{typed} is too large")),
                "{text}: {}",
                e.message
            );
            assert_eq!(e.column, 5, "{text}");
        }
    }

    /// Labels may repeat: in a game's tree they name the move that reached each position
    /// (the tree behind a game move labels every position so), and nothing looks a node up by
    /// its label.
    #[test]
    fn labels_may_repeat_and_round_trip() {
        let tree = GameTree::parse("[L:[L:1, R:2], R:[L:3, R:4]]").unwrap();
        assert_eq!(GameTree::parse(&tree.to_text()).unwrap(), tree);
    }

    #[test]
    fn chance_nodes_read_and_write_back() {
        let tree =
            GameTree::parse("[?[1/4: 3, 3/4: C:[1, 2]], ?[.5: 7 0.5: 9], X:?[1, 2, 3]]").unwrap();
        assert!(tree.has_chance());
        let b = tree.node(NodeId(1));
        assert_eq!(
            b.chance,
            Some(vec![Ratio::new(1, 4).unwrap(), Ratio::new(3, 4).unwrap()])
        );
        assert_eq!(
            tree.to_text(),
            "[?[1/4:3,3/4:C:[1,2]],?[7,9],X:?[1,2,3]]",
            "equal chances are written without probabilities"
        );
        assert_eq!(GameTree::parse(&tree.to_text()).unwrap(), tree);
        assert_eq!(
            GameTree::from_raw(tree.to_raw(), tree.root_player()).unwrap(),
            tree
        );
        // Chance nodes take no turn: C (below a chance node below MAX) is MIN.
        assert_eq!(tree.player_at(tree.find_label("C").unwrap()), 1);
        assert_eq!(tree.player_at(NodeId(1)), 1);
        assert!(!GameTree::parse("[1,2]").unwrap().has_chance());
    }

    #[test]
    fn chance_errors_name_the_node() {
        let cases = [
            ("[?[1/4: 3, 1/2: 4]]", 2, "sum to 1; these sum to 3/4"),
            ("[?[1/2: 3, 4]]", 2, "a probability (1/4: …), or none"),
            ("[?[0: 3, 1: 4]]", 2, "more than 0"),
            ("[? 3]", 4, "expected '['"),
            ("[?[(1,2),(3,4)]]", 1, "plain values"),
            ("[?[0.5 3]]", 8, "expected ':' after the probability 0.5"),
            ("[?[1/2 3]]", 8, "expected ':' after the probability 1/2"),
        ];
        for (text, column, words) in cases {
            let err = GameTree::parse(text).unwrap_err();
            assert!(err.message.contains(words), "{text}: {err}");
            assert_eq!(err.column, column, "{text}: {err}");
        }
    }

    #[test]
    fn an_invisible_character_is_named() {
        let e = GameTree::parse("[1,\u{200B}2]").unwrap_err();
        assert!(e.message.contains("U+200B"), "{}", e.message);
    }
}
