//! `arbor graph`: searching a graph given as text with a tie rule, and checking its heuristic.

mod common;
use common::run as arbor;

/// A, B and C all have f = 4 after S; the orders per rule are derived by hand in
/// `crates/search/tests/tie_break.rs`.
const FORK: &str =
    "S -> A:1 B:3 C:2\nA -> G:4\nB -> G:1\nC -> G:3\nh S=4 A=3 B=1 C=2 G=0\nstart S\ngoal G\n";

fn json(args: &[&str], input: &str) -> serde_json::Value {
    let (out, err, code) = arbor(args, input);
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn the_tie_rule_orders_a_stars_expansions() {
    let cases = [
        (Some("fifo"), "fifo", ["S", "A", "B", "C"].as_slice()),
        (Some("lifo"), "lifo", &["S", "C", "B"]),
        (Some("lowest-h"), "lowest-h", &["S", "B"]),
        // A*'s usual rule.
        (None, "lowest-h", &["S", "B"]),
    ];
    for (tie, named, order) in cases {
        let mut args = vec!["graph", "search", "--algo", "astar"];
        if let Some(t) = tie {
            args.extend(["--tie", t]);
        }
        let v = json(&args, FORK);
        assert_eq!(v["tie"], named, "{v}");
        assert_eq!(v["expanded"], serde_json::json!(order), "{tie:?}: {v}");
        assert_eq!(v["path"], serde_json::json!(["S", "B", "G"]));
        assert_eq!(v["cost"], 4);
        assert_eq!(v["status"], "found");
    }
    // Uniform cost's usual rule is FIFO; breadth-first has none to name.
    let v = json(&["graph", "search", "--algo", "ucs", "--tree"], FORK);
    assert_eq!(v["tie"], "fifo");
    assert_eq!(v["mode"], "tree");
    let v = json(&["graph", "search", "--algo", "bfs"], FORK);
    assert!(v.get("tie").is_none(), "{v}");
}

#[test]
fn bad_rules_and_bad_text_are_usage_errors() {
    let (_, err, code) = arbor(&["graph", "search", "--tie", "newest"], FORK);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("no tie rule is called “newest”; the rules are fifo, lifo, lowest-h"),
        "{err}"
    );
    let (_, err, code) = arbor(&["graph", "search", "--algo", "bfs", "--tie", "lifo"], FORK);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("--tie orders the frontier of ucs, greedy and astar"),
        "{err}"
    );
    let (_, err, code) = arbor(&["graph", "check"], "A -- B\nh A=x\ngoal B");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("standard input, line 2, column 5: expected a heuristic value"),
        "{err}"
    );
}

#[test]
fn check_says_what_the_heuristic_is() {
    let (out, _, code) = arbor(&["graph", "check"], FORK);
    assert_eq!(code, Some(0));
    assert_eq!(out, "The heuristic is admissible and consistent.\n");
    let (out, _, code) = arbor(
        &["graph", "check"],
        "S -> A:1 G:5\nA -> G:3\nh S=4 A=1\ngoal G",
    );
    assert_eq!(code, Some(1));
    assert_eq!(
        out,
        "The heuristic is admissible but not consistent.\nEdge S → A (1): h(S) = 4 > 1 + h(A) = 1 + 1 = 2: not consistent.\n"
    );
}
