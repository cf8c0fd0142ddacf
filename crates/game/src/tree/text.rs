//! A tree's text form (the grammar is in the module above): the parser, with errors that name
//! the line and column and what was expected there, and the writer, whose text the parser
//! reads back to an equal tree.

use std::fmt;

use super::raw::{build, check_probabilities, even_chance, players_of};
use super::{auto_label, GameTree, NodeId, RawNode, RootPlayer, MAX_DEPTH, MAX_NODES};
use crate::ratio::Ratio;

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

/// Largest magnitude of a value in tree text; keeps every search clear of its ±∞ sentinels.
pub const MAX_LEAF: i32 = 1_000_000_000;

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
                // Equal chances are written without their probabilities, unless they were
                // written as decimals (kept as typed).
                let probs = node.chance.as_ref().map(|p| {
                    let even = p.iter().all(|&q| q == even_chance(p.len()));
                    (p, even && !node.decimal)
                });
                if probs.is_some() {
                    out.push('?');
                }
                out.push('[');
                for (i, &c) in node.children.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    if let Some((p, false)) = probs {
                        let written = match p[i].exact_decimal().filter(|_| node.decimal) {
                            Some(d) => d,
                            None => p[i].to_string(),
                        };
                        out.push_str(&format!("{written}:"));
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

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    text: &'a str,
    nodes: usize,
    /// The first leaf's number of values and where it starts: every leaf must match it.
    first_leaf: Option<(usize, usize)>,
    /// Whether the probability read last was written as a decimal.
    last_decimal: bool,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Parser {
            chars: text.chars().collect(),
            pos: 0,
            text,
            nodes: 0,
            first_leaf: None,
            last_decimal: false,
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

    // (Out of line: inlined at each of its many calls, it cost 1.4 KB of the web bundle.)
    #[inline(never)]
    fn found(&self) -> String {
        match self.chars.get(self.pos) {
            None => "the end of the text".into(),
            Some(&c) => arbor_util::quote_char(c),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    // (Out of line: inlined at each of its many calls, it cost 1.4 KB of the web bundle.)
    #[inline(never)]
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

    /// One node and everything below it: an optional label and evaluation, then a bracketed
    /// list of children (a chance node's with `?` before it), a utility vector or a number.
    fn node(&mut self, depth: usize) -> Result<RawNode, ParseError> {
        self.count_node(depth)?;
        let mut raw = RawNode {
            label: self.label()?,
            eval: self.evaluation()?,
            ..RawNode::default()
        };
        let chance_at = self.pos;
        let is_chance = self.chance_mark()?;
        let mut probs = Vec::new();
        match self.peek() {
            Some('[') => {
                raw.decimal = self.children(depth, is_chance, &mut raw.children, &mut probs)?;
            }
            Some('(') => raw.payoff = self.vector()?,
            _ => {
                let start = self.pos;
                raw.payoff.push(self.int()?);
                self.leaf_arity(start, 1)?;
            }
        }
        if is_chance {
            let chances = self.chances(chance_at, &probs, raw.children.len())?;
            // Kept as decimals only if every one has an exact decimal (with its point) to
            // write back.
            raw.decimal &= chances
                .iter()
                .all(|p| p.exact_decimal().is_some_and(|d| d.contains('.')));
            raw.chance = Some(chances);
        }
        Ok(raw)
    }

    /// Counts a node met `depth` levels down, refusing a tree nested too deep or too large.
    fn count_node(&mut self, depth: usize) -> Result<(), ParseError> {
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
        Ok(())
    }

    /// A node's label `name:`, if one is written here.
    fn label(&mut self) -> Result<Option<String>, ParseError> {
        let label_start = self.pos;
        let Some(word) = self.word() else {
            return Ok(None);
        };
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
        Ok(Some(word))
    }

    /// An inner node's static evaluation `{5}`, if one is written here.
    fn evaluation(&mut self) -> Result<Option<i32>, ParseError> {
        if self.peek() != Some('{') {
            return Ok(None);
        }
        self.pos += 1;
        self.skip_ws();
        let eval = self.int()?;
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
        Ok(Some(eval))
    }

    /// True if a chance node's `?` is here (then its `[` must follow).
    fn chance_mark(&mut self) -> Result<bool, ParseError> {
        if self.peek() != Some('?') {
            return Ok(false);
        }
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
        Ok(true)
    }

    /// A bracketed list of children, separated by commas or white space, each of a chance
    /// node with its probability if one is written (into `probs`); true if any probability
    /// was written as a decimal.
    fn children(
        &mut self,
        depth: usize,
        is_chance: bool,
        children: &mut Vec<RawNode>,
        probs: &mut Vec<Option<Ratio>>,
    ) -> Result<bool, ParseError> {
        let mut decimal = false;
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
                decimal |= self.last_decimal;
            }
            children.push(self.node(depth + 1)?);
            self.skip_ws();
            match self.peek() {
                Some(']') => {
                    self.pos += 1;
                    return Ok(decimal);
                }
                Some(',') => {
                    self.pos += 1;
                    self.skip_ws();
                    if self.peek() == Some(']') {
                        return Err(
                            self.error(self.pos, "expected another child after ',', found ']'")
                        );
                    }
                }
                None => {
                    return Err(self.error(
                        self.pos,
                        format!(
                            "expected ']' to close the '[' at column {}, found the end of the text",
                            self.error(open, "").column
                        ),
                    ))
                }
                Some(c)
                    if c == '['
                        || c == '('
                        || c == '-'
                        || c == '−'
                        || c == '{'
                        || c == '?'
                        || (is_chance && c == '.')
                        || c.is_ascii_digit()
                        || c.is_alphabetic() =>
                {
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

    /// A leaf's utility vector `(a, b, c)`: one value per player, at least two.
    fn vector(&mut self) -> Result<Vec<i32>, ParseError> {
        let start = self.pos;
        self.pos += 1;
        let mut payoff = Vec::new();
        loop {
            self.skip_ws();
            payoff.push(self.int()?);
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
        if payoff.len() < 2 {
            return Err(self.error(
                self.pos - 1,
                "a utility vector needs one value per player (at least two)",
            ));
        }
        self.leaf_arity(start, payoff.len())?;
        Ok(payoff)
    }

    /// The probabilities of the chance node at `chance_at`, from those written before its
    /// children: none written, equal chances; all written, those (checked); some, an error.
    fn chances(
        &self,
        chance_at: usize,
        probs: &[Option<Ratio>],
        children: usize,
    ) -> Result<Vec<Ratio>, ParseError> {
        if probs.iter().all(Option::is_none) {
            return Ok(vec![even_chance(probs.len()); probs.len()]);
        }
        let Some(p) = probs.iter().copied().collect::<Option<Vec<Ratio>>>() else {
            return Err(self.error(
                chance_at,
                "give every child of this chance node a probability (1/4: …), or none for equal chances",
            ));
        };
        check_probabilities(&p, children)
            .map_err(|m| self.error(chance_at, format!("at this chance node, {m}")))?;
        Ok(p)
    }

    /// A child's probability `1/4:` or `0.25:` inside a chance node, if one is written there.
    fn probability(&mut self) -> Result<Option<Ratio>, ParseError> {
        // Cleared first: a child written without a probability must not inherit the flag of a
        // decimal read inside an earlier sibling's subtree.
        self.last_decimal = false;
        let start = self.pos;
        let ahead: String = self.chars[start..]
            .iter()
            .take(40)
            .take_while(|c| c.is_ascii_digit() || **c == '/' || **c == '.')
            .collect();
        let (p, len) = match Ratio::read_prefix(&ahead) {
            Ok(Some(read)) => read,
            Ok(None) => return Ok(None),
            // A whole number too large is a leaf's to report (as a value, if it is one).
            Err(why) if ahead.contains(['/', '.']) => {
                return Err(self.error(
                    start,
                    format!(
                        "the probability {ahead} cannot be read: {why}; a probability is written as 1/4 or 0.25"
                    ),
                ))
            }
            Err(_) => return Ok(None),
        };
        self.pos += len;
        self.last_decimal = ahead[..len].contains('.');
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

    // (Out of line: inlined at each of its many calls, it cost 1.4 KB of the web bundle.)
    #[inline(never)]
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

#[cfg(test)]
mod tests {
    use super::*;

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

    /// Found by the `tree_text` fuzz target once overflow checks were on (issue 40): a chance
    /// probability with a large whole part and 12 decimals overflowed 64 bits as it was read.
    #[test]
    fn a_probability_too_long_to_hold_is_named_where_it_is() {
        let input =
            "?[ 111111111.111111111111\u{c}\x00\x00\x00\x00\x00\x00\x001111111?[ 111111111.11111111111111 \n\n1";
        let e = GameTree::parse(input).unwrap_err();
        assert_eq!((e.line, e.column), (1, 4), "{e}");
        assert!(
            e.message
                .contains("the probability 111111111.111111111111 cannot be read"),
            "{e}"
        );
        let e = GameTree::parse("?[1/2: 3,\n  0.999999999999999: 4]").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3), "{e}");
        assert!(e.message.contains("more than 12 decimals"), "{e}");
        let e = GameTree::parse("?[1/0: 3, 1/2: 4]").unwrap_err();
        assert!(e.message.contains("its denominator is 0"), "{e}");
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
        for text in ["[?[0.125: 1, 0.875: 2]]", "[?[0.5: 1, 1/2: 2]]"] {
            let t = GameTree::parse(text).unwrap();
            assert_eq!(GameTree::parse(&t.to_text()).unwrap(), t, "{text}");
        }
        assert!(tree.has_chance());
        let b = tree.node(NodeId(1));
        assert_eq!(
            b.chance,
            Some(vec![Ratio::new(1, 4).unwrap(), Ratio::new(3, 4).unwrap()])
        );
        assert_eq!(
            tree.to_text(),
            "[?[1/4:3,3/4:C:[1,2]],?[0.5:7,0.5:9],X:?[1,2,3]]",
            "equal chances are written without probabilities, unless typed as decimals"
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

    /// Found by the fuzz smoke run: a decimal read inside one child's subtree marked the
    /// parent's equal chances as typed in decimals, so a tree typed without them was written
    /// back with them (and a long tree read back as another).
    #[test]
    fn a_decimal_below_does_not_mark_equal_chances_above() {
        for text in [
            "?[?[0.5:1,0.5:2],[3]]",
            "?[[?[0.5:1,0.5:2]],[3],[4],[5],[6]]",
        ] {
            let tree = GameTree::parse(text).unwrap();
            assert!(!tree.node(tree.root()).decimal, "{text}");
            assert_eq!(tree.to_text(), text);
        }
        let typed = GameTree::parse("?[0.5:?[0.5:1,0.5:2],0.5:[3]]").unwrap();
        assert!(typed.node(typed.root()).decimal);
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
