//! Worksheets' answer keys checked against searches written here, independently of the
//! engine: a plain recursive alpha-beta, minimax and expectimax over this file's own reading of
//! the tree text, the five searches over its own reading of the problem text, and UCB1
//! recomputed from the key's own numbers. And: the same settings make the same sheet, each
//! exercise's Practice link opens the same exercise.

use arbor_app::practice;
use arbor_app::url::UrlSettings;
use arbor_app::worksheet::{self, Kind, Level, Settings, Sheet, LEVELS};

/// A tree as read here: a leaf (its value and left-to-right number), a decision node, or a
/// chance node (each child with its probability num/den).
#[derive(Debug)]
enum T {
    Leaf(i64, usize),
    Node(Vec<T>),
    Chance(Vec<((i128, i128), T)>),
}

/// Reads tree text: `[..]` decision nodes, `?[p: .., ..]` chance nodes, integers, labels
/// `X:` skipped.
struct P<'a> {
    s: &'a [u8],
    i: usize,
    leaves: usize,
}

impl P<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && (self.s[self.i] as char).is_whitespace() {
            self.i += 1;
        }
    }
    fn int(&mut self) -> i64 {
        self.ws();
        let start = self.i;
        if self.s[self.i] == b'-' {
            self.i += 1;
        }
        while self.s[self.i].is_ascii_digit() {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i])
            .unwrap()
            .parse()
            .unwrap()
    }
    /// A probability before `:`, if there is one: `a/b:` or `0.25:`.
    fn prob(&mut self) -> Option<(i128, i128)> {
        self.ws();
        let rest = &self.s[self.i..];
        let end = rest
            .iter()
            .position(|&b| b == b':' || b == b',' || b == b']')?;
        if rest[end] != b':'
            || rest[..end]
                .iter()
                .any(|b| b.is_ascii_alphabetic() || *b == b'[')
        {
            return None;
        }
        let t = std::str::from_utf8(&rest[..end])
            .unwrap()
            .trim()
            .to_string();
        self.i += end + 1;
        Some(match t.split_once('/') {
            Some((a, b)) => (a.parse().unwrap(), b.parse().unwrap()),
            None => {
                let (w, f) = t.split_once('.').unwrap_or((&t, ""));
                let den = 10i128.pow(f.len() as u32);
                let w: i128 = if w.is_empty() { 0 } else { w.parse().unwrap() };
                (w * den + f.parse::<i128>().unwrap_or(0), den)
            }
        })
    }
    fn node(&mut self) -> T {
        self.ws();
        // A label `X:` is skipped.
        if self.s[self.i].is_ascii_alphabetic() {
            while self.s[self.i] != b':' {
                self.i += 1;
            }
            self.i += 1;
            self.ws();
        }
        let chance = self.s[self.i] == b'?';
        if chance {
            self.i += 1;
        }
        if self.s[self.i] != b'[' {
            let v = self.int();
            self.leaves += 1;
            return T::Leaf(v, self.leaves - 1);
        }
        self.i += 1;
        let mut kids = Vec::new();
        loop {
            self.ws();
            match self.s[self.i] {
                b']' => {
                    self.i += 1;
                    break;
                }
                b',' => self.i += 1,
                _ => {
                    let p = if chance { self.prob() } else { None };
                    kids.push((p, self.node()));
                }
            }
        }
        if chance {
            let n = kids.len() as i128;
            T::Chance(
                kids.into_iter()
                    .map(|(p, t)| (p.unwrap_or((1, n)), t))
                    .collect(),
            )
        } else {
            T::Node(kids.into_iter().map(|(_, t)| t).collect())
        }
    }
}

fn read(text: &str) -> T {
    let mut p = P {
        s: text.as_bytes(),
        i: 0,
        leaves: 0,
    };
    p.node()
}

/// Plain minimax, MAX at the root.
fn minimax(t: &T, max: bool) -> i64 {
    match t {
        T::Leaf(v, _) => *v,
        T::Node(kids) => {
            let vs = kids.iter().map(|k| minimax(k, !max));
            if max {
                vs.max().unwrap()
            } else {
                vs.min().unwrap()
            }
        }
        T::Chance(_) => panic!("no chance nodes here"),
    }
}

/// Textbook alpha-beta (AIMA's), children left to right, recording the leaves evaluated.
fn alpha_beta(t: &T, mut a: i64, mut b: i64, max: bool, seen: &mut Vec<usize>) -> i64 {
    match t {
        T::Leaf(v, i) => {
            seen.push(*i);
            *v
        }
        T::Node(kids) if max => {
            let mut v = i64::MIN;
            for k in kids {
                v = v.max(alpha_beta(k, a, b, false, seen));
                if v >= b {
                    return v;
                }
                a = a.max(v);
            }
            v
        }
        T::Node(kids) => {
            let mut v = i64::MAX;
            for k in kids {
                v = v.min(alpha_beta(k, a, b, true, seen));
                if v <= a {
                    return v;
                }
                b = b.min(v);
            }
            v
        }
        T::Chance(_) => panic!("no chance nodes here"),
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// Expectimax in exact fractions (num, den): every decision node MAX.
fn expectimax(t: &T) -> (i128, i128) {
    match t {
        T::Leaf(v, _) => (*v as i128, 1),
        T::Node(kids) => kids
            .iter()
            .map(expectimax)
            .max_by(|x, y| (x.0 * y.1).cmp(&(y.0 * x.1)))
            .unwrap(),
        T::Chance(kids) => kids.iter().fold((0, 1), |(n, d), ((pn, pd), k)| {
            let (vn, vd) = expectimax(k);
            let (num, den) = (n * pd * vd + pn * vn * d, d * pd * vd);
            let g = gcd(num, den);
            (num / g, den / g)
        }),
    }
}

fn fraction_text((n, d): (i128, i128)) -> String {
    if d == 1 {
        n.to_string()
    } else {
        format!("{n}/{d}")
    }
}

fn sheets(kind: Kind, seeds: std::ops::Range<u64>) -> Vec<(Settings, Sheet)> {
    let mut out = Vec::new();
    for level in LEVELS {
        for seed in seeds.clone() {
            let s = Settings {
                kind,
                n: 8,
                seed,
                level,
                key: true,
            };
            out.push((s.clone(), worksheet::sheet(&s)));
        }
    }
    out
}

/// Every exercise's Practice link reads back without a warning, as the same exercise.
fn practice_opens_the_same(sheet: &Sheet) {
    for e in &sheet.exercises {
        let route = arbor_app::route::Route::parse(&e.practice.to_link());
        let (p, notes) = practice::Settings::from_route(&route);
        assert!(notes.is_empty(), "{notes:?} in {}", e.practice.to_hash());
        match p.kind {
            practice::Kind::AlphaBeta => {
                assert_eq!(Some(p.tree().unwrap().to_text()), e.tree)
            }
            practice::Kind::Chance => {
                assert_eq!(Some(p.chance_tree().unwrap().to_text()), e.tree);
                assert_eq!(p.rule, arbor_game::Rule::Expectimax);
            }
            practice::Kind::Mcts => match p.mcts_request().unwrap().source {
                arbor_app::mcts::MctsSource::Tree(t) => assert_eq!(Some(t), e.tree),
                other => panic!("{other:?}"),
            },
            practice::Kind::Search => {
                assert_eq!(Some(p.problem()), e.problem);
                assert!(e.question.contains(match p.algorithm {
                    arbor_search::Algorithm::BreadthFirst => "(BFS)",
                    arbor_search::Algorithm::DepthFirst => "(DFS)",
                    arbor_search::Algorithm::UniformCost => "(UCS)",
                    arbor_search::Algorithm::Greedy => "greedy",
                    _ => "A*",
                }));
            }
        }
    }
}

#[test]
fn alpha_beta_keys_match_an_independent_alpha_beta() {
    let mut pruned_somewhere = 0;
    for (s, sheet) in sheets(Kind::AlphaBeta, 0..12) {
        assert_eq!(sheet.exercises.len(), s.n);
        practice_opens_the_same(&sheet);
        for e in &sheet.exercises {
            let text = e.tree.as_deref().unwrap();
            let tree = arbor_game::GameTree::parse(text).unwrap();
            let t = read(text);
            let mut seen = Vec::new();
            let v = alpha_beta(&t, i64::MIN, i64::MAX, true, &mut seen);
            assert_eq!(v, minimax(&t, true), "{text}");
            assert_eq!(e.answer.value, Some(v.to_string()), "{text}");
            assert_eq!(e.answer.evaluated.as_ref(), Some(&seen), "{text}");
            assert!(seen.len() <= tree.leaves().len());
            pruned_somewhere += usize::from(seen.len() < tree.leaves().len());
            let depth = tree.height();
            assert_eq!(
                depth,
                match s.level {
                    Level::Easy => 2,
                    Level::Medium => 3,
                    Level::Hard => 4,
                }
            );
            assert!(e
                .answer
                .lines
                .iter()
                .any(|l| l.starts_with("Never evaluated")));
            assert!(
                e.answer
                    .figure
                    .as_ref()
                    .unwrap()
                    .0
                    .contains("stroke-dasharray")
                    || seen.len() == tree.leaves().len()
            );
        }
    }
    assert!(pruned_somewhere > 100, "{pruned_somewhere}");
}

#[test]
fn minimax_and_expectimax_keys_match_independent_searches() {
    for (_, sheet) in sheets(Kind::Minimax, 0..8) {
        practice_opens_the_same(&sheet);
        for e in &sheet.exercises {
            let text = e.tree.as_deref().unwrap();
            let v = minimax(&read(text), true);
            assert_eq!(e.answer.value, Some(v.to_string()), "{text}");
        }
    }
    for (_, sheet) in sheets(Kind::Expectimax, 0..8) {
        practice_opens_the_same(&sheet);
        for e in &sheet.exercises {
            let text = e.tree.as_deref().unwrap();
            assert!(text.contains('?'), "{text}");
            let v = fraction_text(expectimax(&read(text)));
            assert_eq!(e.answer.value, Some(v), "{text}");
        }
    }
}

/// A problem as read here: each node's children with step costs, h, the start and the goals.
struct Problem {
    kids: std::collections::HashMap<String, Vec<(String, u32)>>,
    h: std::collections::HashMap<String, u32>,
    start: String,
    goal: String,
}

fn problem(text: &str) -> Problem {
    let mut p = Problem {
        kids: Default::default(),
        h: Default::default(),
        start: String::new(),
        goal: String::new(),
    };
    for line in text.lines() {
        if let Some((from, to)) = line.split_once("->") {
            let kids = to
                .split_whitespace()
                .map(|e| {
                    let (n, c) = e.split_once(':').unwrap();
                    (n.to_string(), c.parse().unwrap())
                })
                .collect();
            p.kids.insert(from.trim().to_string(), kids);
        } else if let Some(h) = line.strip_prefix("h ") {
            for kv in h.split_whitespace() {
                let (k, v) = kv.split_once('=').unwrap();
                p.h.insert(k.into(), v.parse().unwrap());
            }
        } else if let Some(s) = line.strip_prefix("start ") {
            p.start = s.trim().into();
        } else if let Some(g) = line.strip_prefix("goal ") {
            p.goal = g.trim().into();
        }
    }
    p
}

/// Tree search as the textbook runs it, goal test when a node leaves the frontier: each
/// expanded node and the frontier after it (next to leave first).
fn expansions(p: &Problem, algo: &str) -> Vec<(String, Vec<String>)> {
    // (name, g, joined): the frontier, next to leave first.
    let mut frontier = vec![(p.start.clone(), 0u32, 0u32)];
    let mut joined = 0;
    let mut out = Vec::new();
    while !frontier.is_empty() {
        let (n, g, _) = frontier.remove(0);
        if n == p.goal {
            break;
        }
        let kids: Vec<(String, u32, u32)> = p
            .kids
            .get(&n)
            .into_iter()
            .flatten()
            .map(|(k, c)| {
                joined += 1;
                (k.clone(), g + c, joined)
            })
            .collect();
        match algo {
            "bfs" => frontier.extend(kids),
            "dfs" => {
                frontier.splice(0..0, kids);
            }
            _ => {
                frontier.extend(kids);
                let h = |n: &str| p.h[n];
                frontier.sort_by_key(|(n, g, j)| match algo {
                    "ucs" => (*g, 0, *j),
                    "greedy" => (h(n), 0, *j),
                    _ => (g + h(n), h(n), *j),
                });
            }
        }
        out.push((n, frontier.iter().map(|f| f.0.clone()).collect()));
    }
    out
}

/// The names in a key's frontier `[B (g=3), C (g=5)]`.
fn names(frontier: &str) -> Vec<String> {
    let inner = frontier
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']');
    inner
        .split(", ")
        .filter(|s| !s.is_empty())
        .map(|s| s.split(' ').next().unwrap().to_string())
        .collect()
}

#[test]
fn search_keys_match_independent_searches() {
    let mut checked = std::collections::BTreeMap::new();
    for (_, sheet) in sheets(Kind::Search, 0..8) {
        practice_opens_the_same(&sheet);
        for e in &sheet.exercises {
            let text = e.problem.as_deref().unwrap();
            let algo = ["bfs", "dfs", "ucs", "greedy", "astar"][(e.number - 1) % 5];
            let want = expansions(&problem(text), algo);
            let got: Vec<(String, Vec<String>)> = e
                .answer
                .steps
                .iter()
                .map(|(n, f)| (n.clone(), names(f)))
                .collect();
            assert_eq!(got, want, "{algo} on\n{text}\n{:#?}", e.answer.lines);
            *checked.entry(algo).or_insert(0) += 1;
            let expanded: Vec<&str> = want.iter().map(|(n, _)| n.as_str()).collect();
            assert_eq!(
                e.answer.lines[0],
                format!("Expanded: {}", expanded.join(" "))
            );
        }
    }
    assert_eq!(checked.len(), 5, "{checked:?}");
}

/// The number after `key` in `text`, up to a comma, space or end.
fn after(text: &str, key: &str) -> f64 {
    let rest = &text[text.find(key).unwrap_or_else(|| panic!("{key} in {text}")) + key.len()..];
    let end = rest.find([',', ' ']).unwrap_or(rest.len());
    rest[..end].replace('−', "-").parse().unwrap()
}

#[test]
fn ucb1_keys_name_the_argmax_of_their_own_numbers() {
    for (_, sheet) in sheets(Kind::Ucb1, 0..8) {
        practice_opens_the_same(&sheet);
        for e in &sheet.exercises {
            let lines = &e.answer.lines;
            let total = after(&lines[0], "N = ");
            let c = after(&lines[0], "c = ");
            assert!(e.answer.steps.len() >= 2, "{lines:?}");
            let values: Vec<(String, f64)> = e
                .answer
                .steps
                .iter()
                .map(|(child, s)| {
                    let n = after(s, "n = ");
                    let q = after(s, "Q = ");
                    let ucb = q / n + c * (total.ln() / n).sqrt();
                    let shown: f64 = s
                        .rsplit("= ")
                        .next()
                        .unwrap()
                        .replace('−', "-")
                        .parse()
                        .unwrap();
                    assert!((ucb - shown).abs() < 0.02, "{child}: {ucb} vs {s}");
                    (child.clone(), ucb)
                })
                .collect();
            let best = values.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max);
            let chosen = lines
                .last()
                .unwrap()
                .strip_prefix("Selection takes ")
                .unwrap()
                .split(':')
                .next()
                .unwrap();
            let mine = values.iter().find(|v| v.0 == chosen).unwrap().1;
            assert!(best - mine < 0.02, "{chosen} in {values:?}");
        }
    }
}

#[test]
fn the_same_settings_make_the_same_sheet() {
    for kind in worksheet::KINDS {
        let s = Settings {
            kind,
            n: 5,
            seed: 2024,
            level: Level::Medium,
            key: true,
        };
        let a = worksheet::sheet(&s);
        assert_eq!(a, worksheet::sheet(&s));
        assert_eq!(a.exercises.len(), 5);
        let b = worksheet::sheet(&Settings {
            seed: 2025,
            ..s.clone()
        });
        assert_ne!(a, b);
        assert_ne!(a.exercises[0].figure, b.exercises[0].figure);
        // Exercises of a sheet differ from each other.
        assert_ne!(a.exercises[0].practice, a.exercises[1].practice);
        let md = worksheet::markdown(&a, true);
        assert_eq!(md.matches("\n## Exercise ").count(), 5);
        assert!(md.contains(worksheet::PAGE_BREAK) && md.contains("## Answer key"));
        let plain = worksheet::markdown(&a, false);
        assert!(!plain.contains("Answer key") && !plain.contains(worksheet::PAGE_BREAK));
        for e in &a.exercises {
            for svg in std::iter::once(&e.figure).chain(&e.answer.figure) {
                assert!(svg.0.starts_with("<svg ") && svg.0.ends_with("</svg>"));
                assert!(svg.0.contains("viewBox=") && svg.0.contains("<title>"));
            }
            assert!(md.contains(&e.practice.to_link()));
        }
    }
}
