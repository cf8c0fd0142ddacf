//! The `arbor` binary as a user runs it.

use assert_cmd::Command;

mod common;

fn arbor() -> Command {
    Command::cargo_bin("arbor").expect("the arbor binary is built")
}

#[test]
fn help_lists_the_subcommands() {
    let out = arbor()
        .arg("--help")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("tree"), "{text}");
}

#[test]
fn unknown_command_is_a_usage_error() {
    assert!(usage_error(&["frobnicate"]).contains("frobnicate"));
}

#[test]
fn bad_option_value_is_a_usage_error() {
    arbor()
        .args(["tree", "--algo", "magic", "[1,2]"])
        .assert()
        .code(2);
}

/// What `arbor ARGS` says on standard error, exiting with status 2 (a usage error).
fn usage_error(args: &[&str]) -> String {
    let out = arbor()
        .args(args)
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn malformed_tree_names_the_place() {
    let text = usage_error(&["tree", "[[3,12,8],[2,4,6]"]);
    assert!(
        text.contains("column 18") && text.contains("expected ']'"),
        "{text}"
    );
}

#[test]
fn minimax_of_the_seed_tree() {
    let json = tree_json(&["--algo", "minimax", "[[3,12,8],[2,4,6],[14,5,2]]"]);
    assert_eq!(json["value"], 3);
    assert_eq!(
        json["evaluated"],
        serde_json::json!([0, 1, 2, 3, 4, 5, 6, 7, 8])
    );
    assert_eq!(json["pruned"], serde_json::json!([]));
}

fn tree_json(args: &[&str]) -> serde_json::Value {
    let out = arbor()
        .arg("tree")
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).unwrap()
}

#[test]
fn alpha_beta_of_the_seed_trees() {
    // Seed 001: x and y (the leaves 4 and 6) are pruned.
    let json = tree_json(&["--algo", "alphabeta", "[[3,12,8],[2,4,6],[14,5,2]]"]);
    assert_eq!(json["value"], 3);
    assert_eq!(json["evaluated"], serde_json::json!([0, 1, 2, 3, 6, 7, 8]));
    assert_eq!(json["pruned"], serde_json::json!(["I", "J"]));
    assert_eq!(json["minimax_evaluated"], 9);
    assert_eq!(json["knuth_moore_minimum"], 5);
    assert_eq!(json["stats"]["cutoffs"], 1);
    // Seed 003: E's right leaf and all of G are pruned; A = 3.
    let json = tree_json(&["[[[2,3],[5,9]],[[0,1],[7,5]]]"]);
    assert_eq!(json["value"], 3);
    assert_eq!(json["evaluated"], serde_json::json!([0, 1, 2, 4, 5]));
    assert_eq!(json["pruned"], serde_json::json!(["G", "K", "N", "O"]));
    assert_eq!(json["principal"], serde_json::json!(["A", "B", "D", "I"]));
    // Seed 000: MIN root; the leaf 8 is pruned.
    let json = tree_json(&["min [[2,4],[6,8]]"]);
    assert_eq!(json["value"], 4);
    assert_eq!(json["evaluated"], serde_json::json!([0, 1, 2]));
}

#[test]
fn expectimax_and_expectiminimax() {
    // Berkeley CS188's example: chance nodes worth 8, 4 and 7; MAX takes 8.
    let cs188 = "[?[3,12,9], ?[2,4,6], ?[15,6,0]]";
    let json = tree_json(&["--algo", "expectimax", cs188]);
    assert_eq!(json["value"], 8.0);
    assert_eq!(json["exact"], "8");
    assert_eq!(json["best"], "B");
    // With every leaf in [0, 15], C (2, 4, ?) can reach at most 2/3 + 4/3 + 15/3 = 7 < 8: J is
    // never looked at.
    let json = tree_json(&["--algo", "expectimax", "--bounds", "0,15", cs188]);
    assert_eq!(json["value"], 8.0);
    assert_eq!(json["pruned"], serde_json::json!(["J"]));
    assert_eq!(json["unpruned_evaluated"], 9);
    // AIMA's fig. 5.12: a1 is worth 0.9·2 + 0.1·3 = 2.1, a2 0.9·1 + 0.1·4 = 1.3.
    let json = tree_json(&[
        "--algo",
        "expectiminimax",
        "[?[0.9: [2,2], 0.1: [3,3]], ?[0.9: [1,1], 0.1: [4,4]]]",
    ]);
    assert_eq!(json["exact"], "21/10");
    assert_eq!(json["value"], 2.1);
    assert_eq!(
        tree_json(&["--algo", "expectimax", "?[1/3: 1, 1/3: 2, 1/3: 4]"])["exact"],
        "7/3"
    );
}

#[test]
fn chance_trees_are_refused_where_they_cannot_be_valued() {
    for (args, words) in [
        (vec!["tree", "[?[1,2], 3]"], "--algo expectimax"),
        (
            vec![
                "tree",
                "--algo",
                "expectimax",
                "--bounds",
                "0,5",
                "[?[1,7]]",
            ],
            "leaf D = 7 lies outside the stated bounds [0, 5]",
        ),
        (
            vec!["tree", "--algo", "expectimax", "[?[1/4: 1, 1/2: 2]]"],
            "sum to 1; these sum to 3/4",
        ),
        (
            vec!["tree", "--bounds", "0,5", "[1,2]"],
            "--bounds is for expectimax",
        ),
    ] {
        let text = usage_error(&args);
        assert!(text.contains(words), "{args:?}: {text}");
    }
}

#[test]
fn orders_forms_and_vectors() {
    let tree = "[[3,12,8],[2,4,6],[14,5,2]]";
    assert_eq!(
        tree_json(&["--order", "best", tree])["stats"]["evaluated"],
        5
    );
    assert_eq!(
        tree_json(&["--order", "worst", tree])["stats"]["evaluated"],
        9
    );
    assert_eq!(tree_json(&["--fail", "hard", "--table", tree])["value"], 3);
    let json = tree_json(&["[[(1,2,6),(4,2,3)],[(6,1,2),(7,4,1)]]"]);
    assert_eq!(json["algo"], "maxn");
    assert_eq!(json["values"], serde_json::json!([7, 4, 1]));
}

#[test]
fn bench_rejects_silly_sizes() {
    arbor()
        .args(["bench", "observer", "--depth", "40"])
        .assert()
        .code(2);
}

fn solve(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    run_with_input(&["npuzzle", "solve"], args, input)
}

/// Runs `arbor <command> <args>` with `input` on standard input: stdout, stderr, status.
fn run_with_input(command: &[&str], args: &[&str], input: &str) -> (String, String, Option<i32>) {
    common::run(&[command, args].concat(), input)
}

#[test]
fn npuzzle_solve_prints_length_nodes_micros_moves() {
    let (out, err, code) = solve(
        &["--algo", "astar"],
        "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 0 7 8\n",
    );
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<Vec<&str>> = out.lines().map(|l| l.split(' ').collect()).collect();
    assert_eq!(lines[0][0], "0");
    assert_eq!(lines[0][3], "-");
    assert_eq!((lines[1][0], lines[1][3]), ("2", "RR"));
    assert!(lines[1][1].parse::<u64>().unwrap() >= 3);
    assert!(lines[1][2].parse::<u64>().is_ok());
}

#[test]
fn npuzzle_every_algorithm_finds_the_same_optimal_length() {
    for algo in ["bfs", "iddfs", "ucs", "astar", "idastar"] {
        let (out, _, _) = solve(&["--algo", algo], "4 1 3 7 2 6 0 5 8\n");
        assert!(out.starts_with("6 "), "{algo}: {out}");
        // Where a plain explored set made iterative deepening answer 22.
        let (out, _, _) = solve(&["--algo", algo], "8 1 3 4 0 2 7 6 5\n");
        assert!(out.starts_with("14 "), "{algo}: {out}");
    }
}

#[test]
fn npuzzle_unsolvable_and_malformed_lines() {
    let input = "2 1 3 4 5 6 7 8 0\n1 2 x\n\n1 2 3 4 5 6 7 8\n1 2 0 3\n";
    let (out, err, code) = solve(&[], input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0], "unsolvable");
    assert!(
        lines[1].starts_with("1 ") && lines[1].ends_with(" R"),
        "{out}"
    );
    assert!(err.contains("line 2") && err.contains("“x”"), "{err}");
    assert!(err.contains("line 4") && err.contains("square"), "{err}");
    assert_eq!(code, Some(1));
}

#[test]
fn npuzzle_goal_size_and_limits() {
    // Korf's goal convention: the blank first.
    let (out, _, _) = solve(&["--goal", "0,1,2,3,4,5,6,7,8"], "1 0 2 3 4 5 6 7 8\n");
    assert!(
        out.starts_with("1 ") && out.trim_end().ends_with(" L"),
        "{out}"
    );
    let (out, _, _) = solve(&["--size", "2x3"], "1 2 3 4 0 5\n");
    assert!(
        out.starts_with("1 ") && out.trim_end().ends_with(" R"),
        "{out}"
    );
    let (out, _, _) = solve(
        &["--algo", "bfs", "--max-nodes", "10"],
        "8 6 7 2 5 4 3 0 1\n",
    );
    assert!(out.starts_with("cutoff "), "{out}");
    arbor()
        .args(["npuzzle", "solve", "--size", "three"])
        .write_stdin("1 2 3 0\n")
        .assert()
        .code(2);
}

fn c4(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    run_with_input(&["c4", "solve"], args, input)
}

#[test]
fn c4_solve_prints_moves_score_nodes_micros() {
    // The first lines of two of Pons' sets, as they are (the expected score after the space
    // is ignored).
    let (out, err, code) = c4(
        &[],
        "2252576253462244111563365343671351441 -1\n274552224131661 0\n",
    );
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<Vec<&str>> = out.lines().map(|l| l.split(' ').collect()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(
        lines[0][..2],
        ["2252576253462244111563365343671351441", "-1"]
    );
    assert_eq!(lines[1][..2], ["274552224131661", "0"]);
    for l in &lines {
        assert_eq!(l.len(), 4);
        assert!(l[2].parse::<u64>().unwrap() > 0);
        l[3].parse::<u64>().unwrap();
    }
    // Weakly: only the sign.
    let (out, _, _) = c4(&["--weak"], "5455174361263362 -1\n2531276566711153 2\n");
    let scores: Vec<&str> = out.lines().map(|l| l.split(' ').nth(1).unwrap()).collect();
    assert_eq!(scores, ["-1", "1"]);
}

/// Issue 33's position: column 2 the only win (in the solver's score 1: with the last stone),
/// every other column a loss — each the negation of `c4 solve`'s score for the position after
/// it, which is the data sets' convention (4444473521222 scores −1, 4444473521226 13, the
/// rest 6). Time enough for any machine: the hints stop as soon as every column is proven.
#[test]
fn c4_hints_print_every_columns_exact_score() {
    let (out, err, code) = run_with_input(
        &["c4", "hints"],
        &["--millis", "60000"],
        "444447352122\n4444444\n",
    );
    assert_eq!(code, Some(1), "the bad line is reported: {err}");
    assert!(
        err.contains("line 2") && err.contains("column 4 is full"),
        "{err}"
    );
    let words: Vec<&str> = out.trim_end().split(' ').collect();
    assert_eq!(words[0], "444447352122");
    words[1].parse::<u64>().unwrap();
    assert_eq!(words[2..], ["-6", "1", "-6", "-6", "-6", "-13", "-6"]);
}

#[test]
fn c4_bad_lines_are_named_and_skipped() {
    let good = "2252576253462244111563365343671351441";
    let (out, err, code) = c4(&[], &format!("12a4\n1111111\n1212121\n{good}\n"));
    assert_eq!(code, Some(1));
    assert_eq!(
        out.lines().count(),
        1,
        "only the good line is scored: {out}"
    );
    assert!(out.starts_with(good));
    assert!(
        err.contains("line 1") && err.contains("'a' is not a column"),
        "{err}"
    );
    assert!(
        err.contains("line 2") && err.contains("column 1 is full"),
        "{err}"
    );
    assert!(
        err.contains("line 3") && err.contains("already won"),
        "{err}"
    );
}

/// Found by fuzzing (issue 15): rows × cols overflowed, and 3 × 6148914691236517206 was taken
/// as a 2-cell board.
#[test]
fn npuzzle_size_that_overflows_is_refused() {
    let (_, err, code) = solve(&["--size", "3x6148914691236517206"], "1 0\n");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("at most 25 cells"), "{err}");
}
