//! `cargo xtask fuzz`: the fuzz targets of `fuzz/` (cargo-fuzz, libFuzzer), each run from its
//! seeds (`fuzz/seeds/<target>`, the documents' and the tests' examples) and the corpus it grew
//! before (`fuzz/corpus/<target>`, not committed), under the limits the robustness issue sets:
//! no input slower than 1 s, no more than 512 MB. A crash stops the run and names the input
//! libFuzzer saved.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::{describe, tools};

/// Every target, in the order they run.
pub const TARGETS: [&str; 7] = [
    "tree_text",
    "search_text",
    "puzzle",
    "blocks",
    "moves",
    "route",
    "movingai",
];

/// How long each target runs.
#[derive(Clone, Copy, Debug)]
pub enum Length {
    /// This many inputs.
    Runs(u64),
    /// This many seconds.
    Seconds(u64),
}

/// What one target did.
struct Ran {
    target: &'static str,
    runs: u64,
    seconds: f64,
    corpus: usize,
}

/// `cargo xtask fuzz [TARGET…] [--runs N | --seconds S]` (default: every target, a million
/// inputs each).
pub fn command(root: &Path, args: &[String]) -> Result<(), String> {
    let mut length = Length::Runs(1_000_000);
    let mut targets: Vec<&'static str> = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let number = |v: Option<&String>| -> Result<u64, String> {
            v.and_then(|n| n.parse().ok())
                .ok_or_else(|| format!("{arg} needs a number"))
        };
        match arg.as_str() {
            "--runs" => length = Length::Runs(number(it.next())?),
            "--seconds" => length = Length::Seconds(number(it.next())?),
            name => match TARGETS.iter().find(|t| **t == name) {
                Some(t) => targets.push(t),
                None => {
                    return Err(format!(
                        "unknown fuzz target or option '{name}' (targets: {})",
                        TARGETS.join(", ")
                    ))
                }
            },
        }
    }
    if targets.is_empty() {
        targets = TARGETS.to_vec();
    }
    run(root, &targets, length)
}

/// Seconds a target runs in the smoke run (10: the test command, with the end-to-end tests in
/// three engines, stays within CI's 40 minutes; `cargo xtask fuzz` runs each for a million
/// inputs).
pub const SMOKE_SECONDS: u64 = 10;

/// The smoke run of `cargo xtask test`: every target for a few seconds, so a parser bug a
/// change brings in fails the build.
pub fn smoke(root: &Path) -> Result<(), String> {
    run(root, &TARGETS, Length::Seconds(SMOKE_SECONDS))
}

/// How every target is built: optimised, with debug assertions and overflow checks on (cargo-fuzz
/// turns both off with `--release` alone, so an overflow would wrap unseen, as in the shipped
/// wasm); safe Rust needs no address sanitizer, and without it libFuzzer's memory figure is the
/// program's own.
const BUILD: [&str; 4] = ["--sanitizer", "none", "--release", "--debug-assertions"];

fn run(root: &Path, targets: &[&'static str], length: Length) -> Result<(), String> {
    let cargo_fuzz = tools::ensure_cargo_fuzz()?;
    // Every target built first (cargo builds them side by side), then run two at a time: each
    // run is one thread, and this machine has two cores.
    let mut build = Command::new(&cargo_fuzz);
    build
        .args(["fuzz", "build"])
        .args(BUILD)
        .current_dir(root)
        // cargo-fuzz passes nightly flags; this stable toolchain accepts them so.
        .env("RUSTC_BOOTSTRAP", "1");
    crate::run(&mut build)?;
    let (done, failed): (Vec<_>, Vec<_>) =
        crate::lanes::each(targets, |&t| run_one(root, &cargo_fuzz, t, length))
            .into_iter()
            .partition(Result::is_ok);
    if !failed.is_empty() {
        return Err(failed
            .into_iter()
            .filter_map(Result::err)
            .collect::<Vec<_>>()
            .join("\n"));
    }
    let done: Vec<Ran> = done.into_iter().filter_map(Result::ok).collect();
    eprintln!("\n| target | inputs run | seconds | corpus |\n|---|---|---|---|");
    for r in &done {
        eprintln!(
            "| `{}` | {} | {:.0} | {} |",
            r.target,
            arbor_util::group_thousands(r.runs),
            r.seconds,
            r.corpus
        );
    }
    Ok(())
}

/// Runs one target (already built) for `length`, its libFuzzer output prefixed with its name.
fn run_one(
    root: &Path,
    cargo_fuzz: &Path,
    target: &'static str,
    length: Length,
) -> Result<Ran, String> {
    let fuzz = root.join("fuzz");
    let corpus = fuzz.join("corpus").join(target);
    std::fs::create_dir_all(&corpus)
        .map_err(|e| format!("cannot make {}: {e}", corpus.display()))?;
    let limit = match length {
        Length::Runs(n) => format!("-runs={n}"),
        Length::Seconds(s) => format!("-max_total_time={s}"),
    };
    let mut cmd = Command::new(cargo_fuzz);
    cmd.args(["fuzz", "run"])
        .args(BUILD)
        .arg(target)
        .arg(&corpus)
        .arg(fuzz.join("seeds").join(target))
        .args([
            "--",
            &limit,
            "-timeout=1",
            "-rss_limit_mb=512",
            "-print_final_stats=1",
        ])
        .current_dir(root)
        .env("RUSTC_BOOTSTRAP", "1")
        .stderr(Stdio::piped());
    eprintln!("+ {}", describe(&cmd));
    let started = Instant::now();
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("could not start cargo fuzz: {e}"))?;
    let mut runs = 0;
    let stderr = child.stderr.take().expect("piped");
    for line in BufReader::new(stderr).lines().map_while(Result::ok) {
        // libFuzzer's progress lines ("#4096 pulse …", "#123 NEW …") and its dictionary advice
        // are many; keep the rest.
        let noise = line.starts_with('"') || line.starts_with("###### ");
        if !noise && (!line.starts_with('#') || line.contains("DONE")) {
            eprintln!("[{target}] {line}");
        }
        if let Some(n) = line
            .strip_prefix("stat::number_of_executed_units:")
            .and_then(|n| n.trim().parse().ok())
        {
            runs = n;
        }
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    if !status.success() {
        return Err(format!(
            "fuzz target {target} failed ({status}): the input is saved under fuzz/artifacts/{target}/; \
             make it a regression test, fix the cause, and run `cargo xtask fuzz {target}` again"
        ));
    }
    let entries = std::fs::read_dir(&corpus).map_or(0, |d| d.count());
    Ok(Ran {
        target,
        runs,
        seconds: started.elapsed().as_secs_f64(),
        corpus: entries,
    })
}
