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
    let out = arbor()
        .args(["tree", "[[3,12,8],[2,4,6],[14,5,2]]"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(json["value"], 3);
    assert_eq!(
        json["evaluated"],
        serde_json::json!([0, 1, 2, 3, 4, 5, 6, 7, 8])
    );
}
