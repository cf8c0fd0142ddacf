//! The checks: `cargo xtask test` (every check, as CI runs it), `cargo xtask test --quick` (the
//! developer's loop) and `cargo xtask e2e` (the end-to-end tests alone).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::{
    browsers, build_dist, build_dist_if_stale, changes, check_size, e2e, fuzz, native, run, tools,
};

/// One step of `cargo xtask test`: its name, how it ended and how long it took.
struct Step {
    name: &'static str,
    outcome: Result<(), String>,
    took: Duration,
}

/// The steps of `cargo xtask test`, run one after another and told as they go; a failed step
/// does not stop the rest.
#[derive(Default)]
struct Steps {
    done: Vec<Step>,
    /// What a step adds to the summary (the end-to-end table), printed above the steps' lines.
    notes: Vec<String>,
}

impl Steps {
    /// Runs a step, telling its name, and its failure if it fails; true if it passed.
    fn run(&mut self, name: &'static str, f: impl FnOnce() -> Result<(), String>) -> bool {
        eprintln!("\n=== {name}");
        let t = Instant::now();
        let outcome = f();
        if let Err(e) = &outcome {
            eprintln!("=== {name}: FAILED: {e}");
        }
        let ok = outcome.is_ok();
        self.done.push(Step {
            name,
            outcome,
            took: t.elapsed(),
        });
        ok
    }

    /// A line per step, and the summary: `Err` if any step failed.
    fn report(&self, started: Instant) -> Result<(), String> {
        let failed = self.done.iter().filter(|s| s.outcome.is_err()).count();
        eprintln!();
        for note in self.notes.iter().filter(|n| !n.is_empty()) {
            eprintln!("{note}\n");
        }
        for s in &self.done {
            eprintln!(
                "{:>6} {:>7.1}s  {}",
                if s.outcome.is_ok() { "ok" } else { "FAILED" },
                s.took.as_secs_f64(),
                s.name
            );
        }
        let summary = format!(
            "xtask test: {} of {} steps passed, {} failed, in {:.0}s",
            self.done.len() - failed,
            self.done.len(),
            failed,
            started.elapsed().as_secs_f64()
        );
        if failed == 0 {
            println!("{summary}");
            Ok(())
        } else {
            Err(summary)
        }
    }
}

/// `cargo test -p arbor-web` for wasm, run in headless Chromium by wasm-bindgen-test-runner.
pub fn wasm_test(root: &Path, env: &tools::ToolEnv) -> Command {
    let mut cmd = Command::new("cargo");
    cmd.args([
        "test",
        "-p",
        "arbor-web",
        "--target",
        "wasm32-unknown-unknown",
    ])
    .current_dir(root)
    .env(
        "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER",
        &env.wasm_bindgen_test_runner,
    )
    .env("CHROMEDRIVER", &env.chromedriver)
    .env(
        "WASM_BINDGEN_TEST_WEBDRIVER_JSON",
        root.join("web/webdriver.json"),
    )
    .env("WASM_BINDGEN_TEST_TIMEOUT", "600");
    env.apply(&mut cmd);
    cmd
}

/// The wasm tests (not the benchmarks) in headless Firefox: `e2e/wasm-firefox.js` is cargo's
/// runner, serving each test with wasm-bindgen-test-runner and opening it in Firefox.
fn wasm_test_firefox(root: &Path, env: &tools::ToolEnv) -> Result<(), String> {
    browsers::ensure_engines(&[browsers::Engine::Firefox])?;
    let mut cmd = wasm_test(root, env);
    cmd.args(["--test", "app"])
        .env(
            "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER",
            format!("node {}", root.join("e2e/wasm-firefox.js").display()),
        )
        .env("ARBOR_WASM_RUNNER", &env.wasm_bindgen_test_runner);
    run(&mut cmd)
}

/// `cargo xtask e2e [--browser NAME]... [FILE]...`: the release build (if its sources changed
/// since `dist/` was built), then the end-to-end tests in each browser named (every one if
/// none), or only the test files given, as the test command runs them.
pub fn e2e(root: &Path, args: &[String]) -> Result<(), String> {
    let (engines, files) = browsers::chosen(args)?;
    let env = browsers::ensure_test_tools(root)?;
    browsers::ensure_engines(&engines)?;
    build_dist_if_stale(root, &env)?;
    let ran = e2e::run(root, &engines, &files, lanes())?;
    let told = e2e::summary(&ran, allow_flaky());
    match told {
        Ok(text) => {
            eprintln!("\n{text}");
            Ok(())
        }
        Err(text) => Err(text),
    }
}

/// Jobs at once in the end-to-end runs: `ARBOR_E2E_LANES`, else [`e2e::LANES`].
fn lanes() -> usize {
    std::env::var("ARBOR_E2E_LANES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(e2e::LANES)
}

/// `ARBOR_ALLOW_FLAKY=1`: a file that fails and then passes on its own does not fail the run
/// (for a local run; CI sets nothing).
fn allow_flaky() -> bool {
    std::env::var("ARBOR_ALLOW_FLAKY").is_ok_and(|v| v == "1")
}

/// `cargo xtask test`: formatting, clippy (native and wasm), the native tests, a short fuzz
/// smoke, the wasm tests, the release build and its size, and the end-to-end tests.
pub fn test(root: &Path) -> Result<(), String> {
    let started = Instant::now();
    let env = browsers::ensure_test_tools(root)?;
    let cargo = |args: &[&str]| cargo(root, &env, args);
    let mut steps = Steps::default();
    format(&mut steps, &cargo);
    let linted = |args: &[&str]| linted(root, &env, args);
    steps.run("clippy and native tests (unit, doc, integration)", || {
        native::test(root, &linted, None)
    });
    // For wasm, the page's package and, as its dependencies, every engine's library (their test
    // code never runs there: clippy checks it natively); then the page as `dist` builds it,
    // split by page.
    steps.run("clippy (wasm)", || {
        let wasm = ["--target", "wasm32-unknown-unknown"];
        let deny = ["--", "-D", "warnings"];
        cargo(
            &[
                &["clippy", "-p", "arbor-web", "--all-targets"],
                &wasm[..],
                &deny[..],
            ]
            .concat(),
        )?;
        cargo(
            &[
                &["clippy", "-p", "arbor-web", "--features", "split"],
                &wasm[..],
                &deny[..],
            ]
            .concat(),
        )
    });
    steps.run("fuzz smoke (10 s a target)", || fuzz::smoke(root));
    steps.run("wasm tests in headless Chromium", || {
        run(&mut wasm_test(root, &env))
    });
    steps.run("wasm tests in headless Firefox", || {
        wasm_test_firefox(root, &env)
    });
    let built = steps.run("release build (trunk)", || build_dist(root, &env));
    let skipped = || Err("skipped: the release build failed".to_string());
    steps.run("bundle size and compressed copies", || {
        if built {
            check_size(root)
        } else {
            skipped()
        }
    });
    end_to_end(
        root,
        built,
        &mut steps,
        "end-to-end tests, every file in Chromium, Firefox and WebKit",
        &browsers::Engine::ALL,
        &[],
    );
    steps.report(started)
}

/// `cargo xtask test --quick`, the developer's loop: formatting, clippy, the native tests of the
/// packages the change reaches, and the end-to-end files that touch what changed, in Chromium
/// (the release build first, if its sources changed). The whole command before a stop.
pub fn test_quick(root: &Path) -> Result<(), String> {
    let started = Instant::now();
    let env = browsers::ensure_test_tools(root)?;
    let changed = changes::changed_files(root)?;
    eprintln!(
        "changed: {}",
        if changed.is_empty() {
            "nothing".to_string()
        } else {
            changed.join(", ")
        }
    );
    let cargo = |args: &[&str]| cargo(root, &env, args);
    let linted = |args: &[&str]| linted(root, &env, args);
    let mut steps = Steps::default();
    format(&mut steps, &cargo);
    steps.run(
        "clippy and native tests of the packages the change reaches",
        || match changes::packages(root, &changed)? {
            Some(packages) if packages.is_empty() => {
                eprintln!("no package changed");
                Ok(())
            }
            packages => native::test(root, &linted, packages.as_deref()),
        },
    );
    let selection = changes::e2e_files(root, &changed)?;
    let files = match &selection {
        changes::Selection::Every(why) => {
            eprintln!("end-to-end: every file ({why})");
            Vec::new()
        }
        changes::Selection::Some(files) => files.clone(),
    };
    if matches!(selection, changes::Selection::Some(_)) && files.is_empty() {
        eprintln!("end-to-end: no file touches what changed");
    } else {
        let built = steps.run("release build (if its sources changed)", || {
            build_dist_if_stale(root, &env)
        });
        end_to_end(
            root,
            built,
            &mut steps,
            "end-to-end tests in Chromium (the files that touch the change)",
            &[browsers::Engine::Chromium],
            &files,
        );
    }
    steps.report(started)
}

/// `cargo` with `args`, in the workspace, with the test tools on its path.
fn cargo_command(root: &Path, env: &tools::ToolEnv, args: &[&str]) -> Command {
    let mut cmd = Command::new("cargo");
    cmd.args(args).current_dir(root);
    env.apply(&mut cmd);
    cmd
}

/// Runs [`cargo_command`].
fn cargo(root: &Path, env: &tools::ToolEnv, args: &[&str]) -> Result<(), String> {
    run(&mut cargo_command(root, env, args))
}

/// The first step of both commands: formatting.
fn format(steps: &mut Steps, cargo: &dyn Fn(&[&str]) -> Result<(), String>) {
    steps.run("format", || cargo(&["fmt", "--all", "--check"]));
}

/// `cargo` with `args` and clippy as the compiler of the workspace's own crates, warnings
/// denied (what `cargo clippy -- -D warnings` sets up, but for a build): `cargo test` then lints
/// each of the workspace's crates as it compiles it. That is `cargo clippy --workspace
/// --all-targets` without a second pass over every dependency (on a clean clone 341 s for the
/// two, against 124 + 308 s). The tests build every binary in its normal form as well as its
/// test form, since an integration test runs each (xtask's `tests/usage.rs`), so code only the
/// tests use is still reported unused. Doc tests are not linted, as under `cargo clippy`.
fn linted(root: &Path, env: &tools::ToolEnv, args: &[&str]) -> Command {
    let mut cmd = cargo_command(root, env, args);
    with_clippy(&mut cmd);
    cmd
}

/// A cargo command made to compile the workspace's crates with clippy's driver, warnings denied.
/// (`CLIPPY_ARGS` is how `cargo clippy -- ARGS` hands its arguments to the driver, each followed
/// by the separator the driver reads them by; a test below shows a lint still stops the build.)
fn with_clippy(cmd: &mut Command) -> &mut Command {
    cmd.env("RUSTC_WORKSPACE_WRAPPER", "clippy-driver").env(
        "CLIPPY_ARGS",
        "-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__",
    )
}

/// An end-to-end step: `files` (every file if none) in `engines`, skipped if the release build
/// failed. Its table (each file's time in each engine) goes into the summary; the step's error
/// is the table's count line.
fn end_to_end(
    root: &Path,
    built: bool,
    steps: &mut Steps,
    name: &'static str,
    engines: &[browsers::Engine],
    files: &[String],
) {
    let mut table = String::new();
    steps.run(name, || {
        if !built {
            return Err("skipped: the release build failed".to_string());
        }
        browsers::ensure_engines(engines)?;
        let ran = e2e::run(root, engines, files, lanes())?;
        let told = e2e::summary(&ran, allow_flaky());
        let (Ok(text) | Err(text)) = &told;
        table = text.clone();
        told.map(|_| ())
            .map_err(|e| e.lines().last().unwrap_or_default().to_string())
    });
    steps.notes.push(table);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The native step's build stops on a clippy lint (here `len_zero`) in a crate's code, and
    /// builds the same crate once the lint is answered.
    #[test]
    fn a_clippy_lint_stops_the_linted_build() {
        let dir = std::env::temp_dir().join(format!("arbor-lint-gate-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(
            dir.join("Cargo.toml"),
            "[package]\nname = \"gate\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
        )
        .unwrap();
        let build = |body: &str| {
            std::fs::write(dir.join("src/main.rs"), body).unwrap();
            let mut cmd = Command::new("cargo");
            cmd.args(["test", "--no-run", "--quiet"])
                .current_dir(&dir)
                .env("CARGO_TARGET_DIR", dir.join("target"));
            let out = with_clippy(&mut cmd).output().unwrap();
            (
                out.status.success(),
                String::from_utf8_lossy(&out.stderr).into_owned(),
            )
        };
        let (ok, told) = build("fn main() {\n    let v: Vec<u8> = Vec::new();\n    println!(\"{}\", v.len() == 0);\n}\n");
        assert!(!ok, "a lint let the build pass:\n{told}");
        assert!(told.contains("clippy::len_zero"), "{told}");
        let (ok, told) = build("fn main() {\n    let v: Vec<u8> = Vec::new();\n    println!(\"{}\", v.is_empty());\n}\n");
        let _ = std::fs::remove_dir_all(&dir);
        assert!(ok, "the build failed without a lint:\n{told}");
    }
}
