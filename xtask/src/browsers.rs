//! The three browser engines the tests run in — Chromium, Firefox and WebKit — and what each
//! needs on this machine: Debian's Chromium, Firefox ESR and WebKitGTK (its MiniBrowser and
//! WebKitWebDriver, under Xvfb).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{run, server, tools};

/// Everything `test` needs: the build tools, and Debian's Chromium and ChromeDriver (installed
/// as the other engines are).
pub fn ensure_test_tools(root: &Path) -> Result<tools::ToolEnv, String> {
    let mut env = tools::ensure_build_tools(root)?;
    ensure_engines(&[Engine::Chromium])?;
    env.chromium = "/usr/bin/chromium".into();
    env.chromedriver = "/usr/bin/chromedriver".into();
    Ok(env)
}

/// A browser engine.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Engine {
    Chromium,
    Firefox,
    WebKit,
}

impl Engine {
    pub const ALL: [Engine; 3] = [Engine::Chromium, Engine::Firefox, Engine::WebKit];

    /// The name `--browser` and the tests (`ARBOR_BROWSER`) know it by.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Chromium => "chromium",
            Engine::Firefox => "firefox",
            Engine::WebKit => "webkit",
        }
    }

    /// The name people know it by.
    pub fn title(self) -> &'static str {
        match self {
            Engine::Chromium => "Chromium",
            Engine::Firefox => "Firefox",
            Engine::WebKit => "WebKit",
        }
    }

    /// The files `cargo xtask test` runs in it: every one in Chromium (none named), the
    /// engines' files in the others.
    pub fn test_command_files(self) -> Vec<String> {
        match self {
            Engine::Chromium => Vec::new(),
            _ => ENGINE_SMOKE.map(String::from).to_vec(),
        }
    }

    /// Its step in `cargo xtask test`.
    pub fn step(self) -> &'static str {
        match self {
            Engine::Chromium => "end-to-end tests in Chromium",
            Engine::Firefox => "end-to-end tests in Firefox (the engines' files)",
            Engine::WebKit => "end-to-end tests in WebKit (the engines' files)",
        }
    }

    pub fn parse(name: &str) -> Result<Engine, String> {
        Engine::ALL
            .into_iter()
            .find(|e| e.name() == name)
            .ok_or_else(|| {
                format!("no browser “{name}”: the browsers are chromium, firefox and webkit")
            })
    }

    /// Its Debian packages, and a file each puts on the machine.
    fn packages(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Engine::Chromium => &[
                ("chromium", "/usr/bin/chromium"),
                ("chromium-driver", "/usr/bin/chromedriver"),
            ],
            Engine::Firefox => &[("firefox-esr", "/usr/bin/firefox-esr")],
            Engine::WebKit => &[
                ("webkit2gtk-driver", "/usr/bin/WebKitWebDriver"),
                ("xvfb", "/usr/bin/Xvfb"),
            ],
        }
    }
}

/// What `cargo xtask test` runs in Firefox and WebKit: the test files that touch what differs
/// between engines — pointer gestures and keys on the tree, links packed with compression
/// streams, embeds, exports and downloads, print styles, the layout at a projector's, a phone's
/// and a frame's size, the worker, the canvas overview, the panic hook. The whole suite in every
/// engine takes longer than CI's budget on two cores; `cargo xtask e2e --browser NAME` runs it.
pub const ENGINE_SMOKE: [&str; 7] = [
    "stepper.test.js",
    "share.test.js",
    "print.test.js",
    "lecture.test.js",
    "panic.test.js",
    "maps.test.js",
    "grid.test.js",
];

/// Installs (as root, from Debian) the packages of `engines` that are missing.
pub fn ensure_engines(engines: &[Engine]) -> Result<(), String> {
    let missing: Vec<&str> = engines
        .iter()
        .flat_map(|e| e.packages())
        .filter(|(_, file)| !Path::new(file).exists())
        .map(|(package, _)| *package)
        .collect();
    if missing.is_empty() {
        let names: Vec<&str> = engines.iter().map(|e| e.title()).collect();
        eprintln!("ok: {}", names.join(", "));
        return Ok(());
    }
    let is_root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    if !is_root {
        return Err(format!(
            "the browser tests need Debian's {0}. Install them as root with:\n    \
             apt-get update && apt-get install -y --no-install-recommends {0}",
            missing.join(" ")
        ));
    }
    run(Command::new("apt-get").arg("update"))?;
    run(Command::new("apt-get")
        .args(["install", "-y", "--no-install-recommends"])
        .args(&missing)
        .env("DEBIAN_FRONTEND", "noninteractive"))
}

/// The browsers `--browser NAME` names in `args` (every engine if none), and the other arguments.
pub fn chosen(args: &[String]) -> Result<(Vec<Engine>, Vec<String>), String> {
    let mut engines = Vec::new();
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if let Some(name) = arg.strip_prefix("--browser=") {
            engines.push(Engine::parse(name)?);
        } else if arg == "--browser" {
            let name = it
                .next()
                .ok_or("--browser needs a name: chromium, firefox or webkit")?;
            engines.push(Engine::parse(name)?);
        } else {
            rest.push(arg.clone());
        }
    }
    if engines.is_empty() {
        engines = Engine::ALL.to_vec();
    }
    Ok((engines, rest))
}

/// Serves `dist/` on a free loopback port (at `/` and under `/course/arbor/`, as a course site
/// would host it) and runs the end-to-end tests against it in `engine`: all of `e2e/tests/`, or
/// `files`. A test that hangs fails after five minutes.
pub fn e2e(
    root: &Path,
    env: &tools::ToolEnv,
    engine: Engine,
    files: &[String],
) -> Result<(), String> {
    let (_server, mut cmd) = e2e_command(root, env, engine, files)?;
    run(&mut cmd).map_err(|e| format!("{}: {e}", engine.title()))
}

/// The end-to-end runs' logs and lists of failed files.
fn logs(root: &Path) -> PathBuf {
    root.join("target/e2e-logs")
}

/// Where an end-to-end run's reporter lists the test files that failed (`ARBOR_FAILED_FILES`).
fn failed_list(root: &Path, engine: Engine) -> PathBuf {
    logs(root).join(format!("{}-failed.txt", engine.name()))
}

/// The test command's second chance for `engine`'s run that ended as `first`: the files that
/// failed, run once more on their own. On CI's two cores the browser, the server and the page's
/// workers share the machine with whatever else runs, and a loaded machine can keep a browser
/// from coming up in time. A file that fails again fails the step; one that passes the second
/// time is named as flaky, loudly, so that it is looked into.
pub fn retry_failed(
    root: &Path,
    env: &tools::ToolEnv,
    engine: Engine,
    first: Result<(), String>,
) -> Result<(), String> {
    let Err(why) = first else { return Ok(()) };
    let files: Vec<String> = std::fs::read_to_string(failed_list(root, engine))
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect();
    if files.is_empty() {
        return Err(why);
    }
    let named = files.join(", ");
    eprintln!(
        "\n=== {}: {} failed; once more on {}: {named}",
        engine.title(),
        if files.len() == 1 { "a file" } else { "files" },
        if files.len() == 1 {
            "its own"
        } else {
            "their own"
        }
    );
    let (_server, mut cmd) = e2e_command(root, env, engine, &files)?;
    run(&mut cmd).map_err(|e| format!("{why}; and again on a second run: {e}"))?;
    eprintln!(
        "=== FLAKY in {}: failed, then passed on a second run: {named}",
        engine.title()
    );
    Ok(())
}

/// As [`e2e`] with each engine's files for the test command, in several engines at once (each
/// run's browser leaves a core idle much of the time), each printing when it is done.
pub fn e2e_side_by_side(
    root: &Path,
    env: &tools::ToolEnv,
    engines: &[Engine],
) -> Result<(), String> {
    ensure_engines(engines)?;
    let mut runs = Vec::new();
    for &engine in engines {
        let (server, mut cmd) = e2e_command(root, env, engine, &engine.test_command_files())?;
        let log = logs(root).join(format!("{}.log", engine.name()));
        let out = std::fs::File::create(&log).map_err(|e| format!("{}: {e}", log.display()))?;
        let err = out.try_clone().map_err(|e| e.to_string())?;
        eprintln!("+ {} (into {})", crate::describe(&cmd), log.display());
        let child = cmd
            .stdout(out)
            .stderr(err)
            .spawn()
            .map_err(|e| format!("{}: could not start the tests: {e}", engine.title()))?;
        runs.push((engine, server, child, log));
    }
    let mut ended = Vec::new();
    for (engine, _server, mut child, log) in runs {
        let status = child.wait().map_err(|e| e.to_string())?;
        eprintln!("\n=== {}", engine.step());
        eprint!("{}", std::fs::read_to_string(&log).unwrap_or_default());
        let first = if status.success() {
            Ok(())
        } else {
            Err(format!(
                "{}: the end-to-end tests failed ({status})",
                engine.title()
            ))
        };
        ended.push((engine, first));
    }
    // The second chances one engine at a time, the side-by-side runs over.
    let failed: Vec<String> = ended
        .into_iter()
        .filter_map(|(engine, first)| retry_failed(root, env, engine, first).err())
        .collect();
    if failed.is_empty() {
        Ok(())
    } else {
        Err(failed.join("; "))
    }
}

/// The server and the command of one engine's end-to-end run.
fn e2e_command(
    root: &Path,
    env: &tools::ToolEnv,
    engine: Engine,
    files: &[String],
) -> Result<(server::Server, Command), String> {
    let dist = root.join("dist");
    let server = server::Server::start(
        "127.0.0.1:0",
        vec![
            ("/course/arbor/".into(), dist.clone()),
            ("/fixtures/".into(), root.join("e2e/fixtures")),
            ("/".into(), dist),
        ],
    )?;
    let failed = failed_list(root, engine);
    std::fs::create_dir_all(logs(root)).map_err(|e| format!("{}: {e}", logs(root).display()))?;
    let _ = std::fs::remove_file(&failed);
    let mut cmd = Command::new("node");
    cmd.args([
        "--test",
        "--test-concurrency=1",
        "--test-timeout=300000",
        "--test-reporter=./reporter.js",
        "--test-reporter-destination=stdout",
    ]);
    if files.is_empty() {
        cmd.arg("tests/");
    } else {
        cmd.args(files.iter().map(|f| format!("tests/{f}")));
    }
    cmd.current_dir(root.join("e2e"))
        .env("ARBOR_URL", format!("http://{}/", server.addr()))
        .env("ARBOR_BROWSER", engine.name())
        .env("ARBOR_FAILED_FILES", &failed)
        .env("CHROMIUM", &env.chromium);
    Ok((server, cmd))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn browsers_are_named_in_either_form_and_default_to_every_engine() {
        let (engines, files) = chosen(&strings(&[
            "--browser",
            "webkit",
            "stepper.test.js",
            "--browser=firefox",
        ]))
        .unwrap();
        assert_eq!(engines, vec![Engine::WebKit, Engine::Firefox]);
        assert_eq!(files, strings(&["stepper.test.js"]));
        let (engines, files) = chosen(&strings(&["share.test.js"])).unwrap();
        assert_eq!(engines, Engine::ALL.to_vec());
        assert_eq!(files, strings(&["share.test.js"]));
    }

    #[test]
    fn an_unknown_or_missing_browser_is_refused_with_the_names() {
        let unknown = chosen(&strings(&["--browser", "safari"])).unwrap_err();
        assert!(unknown.contains("safari") && unknown.contains("chromium, firefox and webkit"));
        assert!(chosen(&strings(&["--browser"])).is_err());
    }

    #[test]
    fn the_engines_files_are_test_files_that_exist() {
        let tests = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../e2e/tests");
        for file in ENGINE_SMOKE {
            assert!(file.ends_with(".test.js"), "{file}");
            assert!(tests.join(file).exists(), "{file} is not in e2e/tests");
        }
    }
}
