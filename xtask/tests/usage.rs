//! The xtask binary as a developer meets it: its help, and a mistyped command told as such.
//! (Running the binary also makes `cargo test` build it in its normal form, so the test
//! command's clippy sees its code as a build sees it: see `linted` in src/check.rs.)

use std::process::Command;

fn xtask(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .output()
        .expect("the xtask binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn help_lists_the_two_test_commands_and_the_rest() {
    let (code, out, _) = xtask(&["help"]);
    assert_eq!(code, Some(0));
    for command in [
        "serve",
        "test",
        "test --quick",
        "dist",
        "e2e",
        "fuzz",
        "bench",
    ] {
        assert!(
            out.contains(&format!("\n  {command} ")),
            "help names {command}:\n{out}"
        );
    }
}

#[test]
fn an_unknown_command_or_option_is_named_with_the_usage() {
    let (code, _, err) = xtask(&["tset"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("unknown command 'tset'") && err.contains("usage:"),
        "{err}"
    );
    let (code, _, err) = xtask(&["test", "--quik"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("test takes no argument but --quick"), "{err}");
}
