//! What the command-line tests share.

use assert_cmd::Command;

/// Runs `arbor <args>` with `input` on standard input: stdout, stderr, exit status.
pub fn run(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    let out = Command::cargo_bin("arbor")
        .expect("the arbor binary is built")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}
