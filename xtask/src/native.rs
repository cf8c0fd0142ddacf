//! The native tests as the test command runs them: every test program built in one cargo run,
//! then the programs run two at a time, longest first (by the last run's times), each one's
//! output printed whole when it ends; then the doc tests. `cargo test` runs its programs one
//! after another, and most of them leave one of the two cores idle (124 s for the programs in
//! turn, 160 s of processor time).

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::Instant;

use crate::{describe, lanes::LANES, run};

/// One test program cargo built.
#[derive(Debug)]
struct Program {
    /// Its source, from the workspace's root: `crates/game/tests/crosscheck.rs`.
    label: String,
    exe: PathBuf,
    /// Its package's folder, where cargo runs it.
    dir: PathBuf,
}

/// What `cargo test --no-run --message-format=json` told of what it built: the test programs,
/// and the packages with a library that has doc tests.
#[derive(Default)]
struct Built {
    programs: Vec<Program>,
    documented: BTreeSet<String>,
}

/// Reads cargo's JSON messages (one a line; other lines are ignored).
fn read_built(root: &Path, text: &str) -> Built {
    let mut built = Built::default();
    for line in text.lines() {
        let Ok(m) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if m["reason"] != "compiler-artifact" {
            continue;
        }
        let target = &m["target"];
        let is_lib = target["kind"]
            .as_array()
            .is_some_and(|k| k.iter().any(|k| k == "lib"));
        if is_lib && target["doctest"] == true {
            if let Some(id) = m["package_id"].as_str() {
                built.documented.insert(package_name(id).to_string());
            }
        }
        let (Some(exe), Some(src), Some(manifest)) = (
            m["executable"].as_str(),
            target["src_path"].as_str(),
            m["manifest_path"].as_str(),
        ) else {
            continue;
        };
        if m["profile"]["test"] != true {
            continue;
        }
        let label = Path::new(src)
            .strip_prefix(root)
            .unwrap_or(Path::new(src))
            .display()
            .to_string();
        built.programs.push(Program {
            label,
            exe: exe.into(),
            dir: Path::new(manifest)
                .parent()
                .unwrap_or(Path::new("."))
                .into(),
        });
    }
    built
}

/// A package's name from cargo's package id: `path+file:///…/util#arbor-util@0.1.0` (or the
/// older `arbor-util 0.1.0 (path+file:///…)`).
fn package_name(id: &str) -> &str {
    match id.rsplit_once('#') {
        Some((_, tail)) => tail.split('@').next().unwrap_or(tail),
        None => id.split(' ').next().unwrap_or(id),
    }
}

/// The last run's seconds for each program, kept in the target folder.
fn times_path(root: &Path) -> PathBuf {
    root.join("target/native-test-times.txt")
}

fn read_times(root: &Path) -> BTreeMap<String, f64> {
    std::fs::read_to_string(times_path(root))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| {
            let (label, s) = l.split_once('\t')?;
            Some((label.to_string(), s.parse().ok()?))
        })
        .collect()
}

/// The programs in the order they start: longest first by the last run's times, those not
/// timed yet before all (a new program may be long), cargo's order among equals.
fn ordered(mut programs: Vec<Program>, times: &BTreeMap<String, f64>) -> Vec<Program> {
    programs.sort_by(|a, b| {
        let t = |p: &Program| times.get(&p.label).copied().unwrap_or(f64::INFINITY);
        t(b).total_cmp(&t(a))
    });
    programs
}

/// Builds the tests of `packages` (every package of the workspace if `None`) with `cargo` (a
/// command made for the arguments given), runs every test program two at a time, then the doc
/// tests.
pub fn test(
    root: &Path,
    cargo: &dyn Fn(&[&str]) -> Command,
    packages: Option<&[String]>,
) -> Result<(), String> {
    let selection: Vec<&str> = match packages {
        None => vec!["--workspace"],
        Some(names) => names.iter().flat_map(|p| ["-p", p.as_str()]).collect(),
    };
    let built = build(root, cargo, &selection)?;
    let count = built.programs.len();
    let mut times = read_times(root);
    eprintln!("+ {count} test programs, {LANES} at a time");
    let (failed, ran) = run_programs(ordered(built.programs, &times));
    times.extend(ran);
    let kept: String = times
        .iter()
        .map(|(l, s)| format!("{l}\t{s:.2}\n"))
        .collect();
    let _ = std::fs::write(times_path(root), kept);
    // Doc tests: the packages chosen that have a library (cargo refuses `--doc` for a package
    // without one).
    let docs: Vec<&str> = match packages {
        None => vec!["--workspace"],
        Some(names) => names
            .iter()
            .filter(|p| built.documented.contains(p.as_str()))
            .flat_map(|p| ["-p", p.as_str()])
            .collect(),
    };
    let doc_result = if docs.is_empty() {
        Ok(())
    } else {
        run(&mut cargo(&[&["test", "--doc"], &docs[..]].concat()))
    };
    if !failed.is_empty() {
        return Err(format!(
            "{} of {} test programs failed: {}",
            failed.len(),
            count,
            failed.join(", ")
        ));
    }
    doc_result
}

/// `cargo test --no-run` over `selection`, its diagnostics shown, its messages read.
fn build(
    root: &Path,
    cargo: &dyn Fn(&[&str]) -> Command,
    selection: &[&str],
) -> Result<Built, String> {
    let mut build = cargo(
        &[
            &[
                "test",
                "--no-run",
                "--message-format=json-render-diagnostics",
            ],
            selection,
        ]
        .concat(),
    );
    build.stdout(Stdio::piped()).stderr(Stdio::inherit());
    eprintln!("+ {}", describe(&build));
    let out = build
        .output()
        .map_err(|e| format!("could not start `{}`: {e}", describe(&build)))?;
    if !out.status.success() {
        return Err(format!("`{}` failed ({})", describe(&build), out.status));
    }
    Ok(read_built(root, &String::from_utf8_lossy(&out.stdout)))
}

/// Runs the programs in their order, [`LANES`] at a time, each where cargo would run it, its
/// output printed whole as it ends. The programs that failed, and each one's seconds.
fn run_programs(programs: Vec<Program>) -> (Vec<String>, Vec<(String, f64)>) {
    let queue = Mutex::new(programs);
    let told = Mutex::new((Vec::new(), Vec::new()));
    std::thread::scope(|s| {
        for _ in 0..LANES {
            s.spawn(|| loop {
                let next = {
                    let mut q = queue.lock().unwrap();
                    (!q.is_empty()).then(|| q.remove(0))
                };
                let Some(program) = next else {
                    break;
                };
                let t = Instant::now();
                let result = Command::new(&program.exe)
                    .current_dir(&program.dir)
                    .env("CARGO_MANIFEST_DIR", &program.dir)
                    .stdin(Stdio::null())
                    .output();
                let seconds = t.elapsed().as_secs_f64();
                let (ok, text) = match result {
                    Ok(o) => (
                        o.status.success(),
                        format!(
                            "{}{}",
                            String::from_utf8_lossy(&o.stdout),
                            String::from_utf8_lossy(&o.stderr)
                        ),
                    ),
                    Err(e) => (false, format!("could not start: {e}\n")),
                };
                let mut told = told.lock().unwrap();
                let _ = writeln!(
                    std::io::stderr().lock(),
                    "\n--- {} ({}, {seconds:.1} s)\n{}",
                    program.label,
                    if ok { "ok" } else { "FAILED" },
                    text.trim_end()
                );
                told.1.push((program.label.clone(), seconds));
                if !ok {
                    told.0.push(program.label.clone());
                }
            });
        }
    });
    told.into_inner().unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn artifact(kind: &str, src: &str, exe: Option<&str>, test: bool) -> String {
        serde_json::json!({
            "reason": "compiler-artifact",
            "package_id": "path+file:///w/crates/game#arbor-game@0.1.0",
            "manifest_path": "/w/crates/game/Cargo.toml",
            "target": {"kind": [kind], "name": "x", "src_path": src, "doctest": kind == "lib"},
            "profile": {"test": test},
            "executable": exe,
        })
        .to_string()
    }

    #[test]
    fn cargo_s_messages_give_the_test_programs_and_the_documented_packages() {
        let text = [
            artifact("lib", "/w/crates/game/src/lib.rs", None, false),
            artifact("lib", "/w/crates/game/src/lib.rs", Some("/t/game-1"), true),
            artifact(
                "test",
                "/w/crates/game/tests/crosscheck.rs",
                Some("/t/cc-2"),
                true,
            ),
            artifact("bin", "/w/crates/game/src/main.rs", Some("/t/bin"), false),
            r#"{"reason":"build-finished","success":true}"#.to_string(),
            "not json".to_string(),
        ]
        .join("\n");
        let built = read_built(Path::new("/w"), &text);
        let labels: Vec<_> = built.programs.iter().map(|p| p.label.as_str()).collect();
        assert_eq!(
            labels,
            ["crates/game/src/lib.rs", "crates/game/tests/crosscheck.rs"]
        );
        assert_eq!(built.programs[1].exe, PathBuf::from("/t/cc-2"));
        assert_eq!(built.programs[1].dir, PathBuf::from("/w/crates/game"));
        assert_eq!(
            built.documented.into_iter().collect::<Vec<_>>(),
            ["arbor-game"]
        );
        assert_eq!(
            package_name("arbor-util 0.1.0 (path+file:///w)"),
            "arbor-util"
        );
    }

    #[test]
    fn the_longest_start_first_and_the_untimed_before_all() {
        let p = |l: &str| Program {
            label: l.into(),
            exe: l.into(),
            dir: ".".into(),
        };
        let times = BTreeMap::from([("a".to_string(), 1.0), ("b".to_string(), 40.0)]);
        let order: Vec<_> = ordered(vec![p("a"), p("b"), p("new")], &times)
            .into_iter()
            .map(|p| p.label)
            .collect();
        assert_eq!(order, ["new", "b", "a"]);
    }
}
