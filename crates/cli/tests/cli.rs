//! The `arbor` binary as a user runs it.

use assert_cmd::Command;

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
    let out = arbor()
        .arg("frobnicate")
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(String::from_utf8(out).unwrap().contains("frobnicate"));
}

#[test]
fn bad_option_value_is_a_usage_error() {
    arbor()
        .args(["tree", "--algo", "magic", "[1,2]"])
        .assert()
        .code(2);
}

#[test]
fn malformed_tree_names_the_place() {
    let out = arbor()
        .args(["tree", "[[3,12,8],[2,4,6]"])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let text = String::from_utf8(out).unwrap();
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
