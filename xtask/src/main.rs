//! Arbor's developer commands, in Rust so they run wherever cargo does.
//!
//! - `cargo xtask serve [--port N]`: install what is missing, build the release bundle, serve it
//!   on http://127.0.0.1:8080.
//! - `cargo xtask test`: install what is missing, then format check, clippy, native tests, wasm
//!   tests (the property tests among them), a 30-second fuzz run of every target, wasm tests in
//!   headless Chromium, the release build, and end-to-end tests.
//! - `cargo xtask fuzz [TARGET…] [--runs N | --seconds S]`: the fuzz targets of `fuzz/`.
//! - `cargo xtask dist`: install what is missing and build the release bundle into `dist/`.
//! - `cargo xtask e2e [--browser chromium|firefox|webkit]… [FILE…]`: build `dist/` and run the
//!   end-to-end tests (or those files of `e2e/tests/`) alone, in each browser named (every one
//!   if none).

mod bench;
mod browsers;
mod changes;
mod check;
mod compress;
mod e2e;
mod fuzz;
mod lanes;
mod minify;
mod native;
mod pages;
mod routes;
mod server;
mod split;
mod structure;
mod tools;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const USAGE: &str = "usage: cargo xtask <command>

commands:
  serve [--port N] [--address A]   build the release bundle and serve it (default 127.0.0.1:8080)
  test                              run every check: fmt, clippy, native, fuzz smoke, wasm (Chromium, Firefox), release build,
                                    every e2e file in Chromium, Firefox and WebKit (ARBOR_ALLOW_FLAKY=1: a flaky file passes)
  test --quick                      the loop: fmt, clippy, the native tests the change reaches, its e2e files in Chromium
  dist                              build the release bundle into dist/
  e2e [--browser NAME]... [FILE...] build dist/ if its sources changed and run the end-to-end tests alone (or those files
                                    of e2e/tests/) in each browser named: chromium, firefox, webkit (every one if none)
  fuzz [TARGET...] [--runs N | --seconds S]
                                    run the fuzz targets (default: all seven, 1,000,000 inputs each)
  structure [ROOT]                  the code's shape: files over 600 lines of code, functions over 80 lines,
                                    code after tests, import cycles between top-level modules
  bench                             native benchmarks (release): observer cost, IDA* vs a C reference and a plain IDA*, A*, MCTS, connect four vs reference figures
  bench-web [PART...]               browser benchmarks (headless Chromium), or only the parts named:
                                    load (Fast 3G and Lighthouse), stepper (large trees), renders (renders per step),
                                    stepping (Chance and MCTS pages), korf (Korf's 100 in the tab), grid (a 100 × 100 grid), maps (a 512 × 512 map),
                                    c4play (the Play page), c4wasm (the solver in wasm against native),
                                    mcts (MCTS in wasm against native), ida (IDA* against a plain one, wasm and native),
                                    c4perfect (the perfect player in wasm)
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = workspace_root();
    std::env::set_current_dir(&root).expect("the workspace root exists");
    let result = match args.first().map(String::as_str) {
        Some("serve") => serve(&root, &args[1..]),
        Some("test") => match &args[1..] {
            [] => check::test(&root),
            [q] if q == "--quick" => check::test_quick(&root),
            _ => Err(format!("test takes no argument but --quick\n\n{USAGE}")),
        },
        Some("dist") => tools::ensure_build_tools(&root).and_then(|env| build_dist(&root, &env)),
        Some("e2e") => check::e2e(&root, &args[1..]),
        Some("fuzz") => fuzz::command(&root, &args[1..]),
        Some("bench") => bench::native(&root),
        Some("bench-web") => bench_web(&root, &args[1..]),
        Some("structure") => structure::command(&root, &args[1..]),
        Some("-h" | "--help" | "help") => {
            print!("{USAGE}");
            Ok(())
        }
        other => {
            eprintln!(
                "xtask: {}\n\n{USAGE}",
                match other {
                    Some(cmd) => format!("unknown command '{cmd}'"),
                    None => "no command given".to_string(),
                }
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

fn workspace_root() -> PathBuf {
    // `cargo run` sets it for the run too: the checkout the command was run in, even where
    // several checkouts share one target directory (and so one xtask binary).
    let manifest_dir =
        std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").into());
    Path::new(&manifest_dir)
        .parent()
        .expect("xtask sits in the workspace")
        .to_path_buf()
}

/// Runs a command, echoing it; fails with a message naming it.
pub fn run(cmd: &mut Command) -> Result<(), String> {
    eprintln!("+ {}", describe(cmd));
    let status = cmd
        .status()
        .map_err(|e| format!("could not start `{}`: {e}", describe(cmd)))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({status})", describe(cmd)))
    }
}

pub fn describe(cmd: &Command) -> String {
    let mut parts = vec![cmd.get_program().to_string_lossy().into_owned()];
    parts.extend(cmd.get_args().map(|a| a.to_string_lossy().into_owned()));
    parts.join(" ")
}

fn serve(root: &Path, args: &[String]) -> Result<(), String> {
    let mut port: u16 = 8080;
    let mut address = "127.0.0.1".to_string();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--port" => {
                port = it
                    .next()
                    .and_then(|p| p.parse().ok())
                    .ok_or("--port needs a number from 0 to 65535")?;
            }
            "--address" => address = it.next().ok_or("--address needs an address")?.clone(),
            other => return Err(format!("unknown option '{other}' for serve\n\n{USAGE}")),
        }
    }
    let env = tools::ensure_build_tools(root)?;
    build_dist_if_stale(root, &env)?;
    let server = server::Server::start(
        &format!("{address}:{port}"),
        vec![("/".into(), root.join("dist"))],
    )?;
    println!(
        "Arbor is served at http://{}/ (Ctrl-C stops it)",
        server.addr()
    );
    server.wait();
    Ok(())
}

/// What the release bundle is built from (the test helpers, the command line and the tests'
/// own folders are not).
const DIST_SOURCES: [&str; 15] = [
    "index.html",
    "Trunk.toml",
    "Cargo.toml",
    "Cargo.lock",
    "web",
    "crates",
    "data/movingai",
    "xtask/src/split.rs",
    "xtask/src/split_prelude.js",
    "xtask/src/pages.rs",
    "xtask/src/minify.rs",
    "xtask/src/compress.rs",
    "xtask/src/main.rs",
    "e2e/wasm-opt-pieces.mjs",
    "e2e/package-lock.json",
];

/// A hash of every file the release bundle is built from (paths and contents).
fn dist_sources_hash(root: &Path) -> String {
    use std::hash::{Hash, Hasher};
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        if dir.is_file() {
            out.push(dir.to_path_buf());
            return;
        }
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let path = e.path();
            let name = e.file_name();
            // The tests' folders and the command line do not go into the bundle.
            if name == "tests" || name == "target" || path.ends_with("crates/cli") {
                continue;
            }
            walk(&path, out);
        }
    }
    let mut files = Vec::new();
    for source in DIST_SOURCES {
        walk(&root.join(source), &mut files);
    }
    files.sort();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for file in files {
        file.strip_prefix(root).unwrap_or(&file).hash(&mut hasher);
        std::fs::read(&file).unwrap_or_default().hash(&mut hasher);
    }
    format!("{:016x}", hasher.finish())
}

/// Where the hash of the sources `dist/` was last built from is kept.
fn dist_stamp(root: &Path) -> PathBuf {
    root.join("target/dist-sources.txt")
}

/// The release bundle, unless `dist/` was built from the sources as they are now.
pub fn build_dist_if_stale(root: &Path, env: &tools::ToolEnv) -> Result<(), String> {
    let now = dist_sources_hash(root);
    let built = std::fs::read_to_string(dist_stamp(root)).unwrap_or_default();
    if built.trim() == now && root.join("dist/index.html").exists() {
        eprintln!("ok: dist/ was built from the sources as they are ({now})");
        return Ok(());
    }
    build_dist(root, env)
}

/// The release bundle: `trunk build --release` into `dist/`, offline.
pub fn build_dist(root: &Path, env: &tools::ToolEnv) -> Result<(), String> {
    let sources = dist_sources_hash(root);
    let _ = std::fs::remove_file(dist_stamp(root));
    run(Command::new("cargo")
        .args(["fetch", "--quiet"])
        .current_dir(root))?;
    // Trunk: the page's HTML and style, the worker and the copied files.
    let mut cmd = Command::new(&env.trunk);
    cmd.args(["build", "--release"]).current_dir(root);
    env.apply(&mut cmd);
    run(&mut cmd)?;
    minify::style(&root.join("dist"), env)?;
    // The app itself, split by page.
    let page_parts: Vec<String> = pages::route_parts()
        .into_iter()
        .map(|(_, part)| part)
        .collect();
    let app = split::build(root, env, &page_parts)?;
    pages::write(&root.join("dist"), &app)?;
    report_size(root)?;
    std::fs::write(dist_stamp(root), sources).map_err(|e| e.to_string())
}

/// Fails if a route's first visit is above its ceiling (see `routes.rs`), or if an asset lacks
/// its compressed copies.
pub fn check_size(root: &Path) -> Result<(), String> {
    let dist = root.join("dist");
    let mut files = Vec::new();
    compress::collect(&dist, &mut files)?;
    for path in files.iter().filter(|p| compress::compressible(p)) {
        for suffix in [".br", ".gz"] {
            let mut copy = path.clone().into_os_string();
            copy.push(suffix);
            if !Path::new(&copy).exists() {
                return Err(format!("{} has no {suffix} copy", path.display()));
            }
        }
    }
    let visits = routes::first_visits(&dist)?;
    routes::report(&visits);
    routes::check(&visits)
}

/// Writes the compressed copies and prints every asset's sizes.
fn report_size(root: &Path) -> Result<(), String> {
    let sizes = compress::precompress(&root.join("dist"))?;
    eprintln!(
        "dist: {:<44} {:>10} {:>10} {:>10}",
        "file", "raw", "gzip", "brotli"
    );
    // The app's pieces (dozens of small modules) in one line; the rest file by file.
    let piece = |s: &&compress::Sizes| {
        let name = s.path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        name.starts_with("chunk_") || name.starts_with("split_")
    };
    for s in sizes.iter().filter(|s| !piece(s)) {
        let name = s.path.strip_prefix(root.join("dist")).unwrap_or(&s.path);
        eprintln!(
            "dist: {:<44} {:>10} {:>10} {:>10}",
            name.display(),
            s.raw,
            s.gzip,
            s.brotli
        );
    }
    let pieces: Vec<&compress::Sizes> = sizes.iter().filter(piece).collect();
    eprintln!(
        "dist: {:<44} {:>10} {:>10} {:>10}",
        format!("app pieces (chunk_*, split_*): {}", pieces.len()),
        pieces.iter().map(|s| s.raw).sum::<usize>(),
        pieces.iter().map(|s| s.gzip).sum::<usize>(),
        pieces.iter().map(|s| s.brotli).sum::<usize>()
    );
    let wasm = |f: fn(&compress::Sizes) -> usize| -> usize {
        sizes
            .iter()
            .filter(|s| s.path.extension().is_some_and(|e| e == "wasm"))
            .map(f)
            .sum()
    };
    eprintln!(
        "dist: every wasm file: {} bytes raw, {} gzipped, {} brotli",
        wasm(|s| s.raw),
        wasm(|s| s.gzip),
        wasm(|s| s.brotli),
    );
    eprintln!(
        "dist: everything, as a browser fetches it with brotli: {} bytes",
        sizes.iter().map(|s| s.brotli).sum::<usize>()
    );
    routes::report(&routes::first_visits(&root.join("dist"))?);
    Ok(())
}

/// A benchmark run in the browser by a script of `e2e/bench/`.
struct BrowserBench {
    /// Its part's name (`cargo xtask bench-web <part>`).
    part: &'static str,
    /// Its heading, if the script prints none itself.
    heading: &'static str,
    /// The script, from `e2e/`.
    script: &'static str,
    /// A setting passed to it in its environment.
    setting: Option<(&'static str, &'static str)>,
}

/// The browser benchmarks, in the order they run.
const BROWSER_BENCHES: [BrowserBench; 8] = [
    BrowserBench {
        part: "load",
        heading: "",
        script: "bench/load.bench.js",
        setting: None,
    },
    BrowserBench {
        part: "stepper",
        heading: "",
        script: "bench/stepper.bench.js",
        setting: None,
    },
    BrowserBench {
        part: "renders",
        heading: "Renders a step costs on the alpha-beta stepper",
        script: "bench/renders.bench.js",
        setting: None,
    },
    BrowserBench {
        part: "stepping",
        heading: "Stepping the Chance and MCTS pages on their largest trees",
        script: "bench/stepping.bench.js",
        setting: None,
    },
    BrowserBench {
        part: "c4play",
        heading: "The perfect connect-four player on the Play page, click to answer",
        script: "bench/c4play.bench.js",
        setting: Some(("GAMES", "10")),
    },
    BrowserBench {
        part: "korf",
        heading: "Korf's 100 in the browser tab (the heuristics lab)",
        script: "bench/korf.bench.js",
        setting: None,
    },
    BrowserBench {
        part: "grid",
        heading: "Stepping a search on a 100 × 100 grid",
        script: "bench/grid.bench.js",
        setting: None,
    },
    BrowserBench {
        part: "maps",
        heading: "Stepping a search of more than 100,000 steps over a 512 × 512 benchmark map",
        script: "bench/maps.bench.js",
        setting: None,
    },
];

/// The benchmarks of the same code in wasm (in headless Chromium) and native: part, heading.
const WASM_BENCHES: [(&str, &str); 5] = [
    (
        "c4wasm",
        "The connect-four solver in the browser against the same solver native",
    ),
    (
        "mcts",
        "Monte Carlo tree search in the browser against the same search native",
    ),
    (
        "ida",
        "IDA* in the browser against the plain IDA*, beside native",
    ),
    (
        "c4perfect",
        "Connect four's perfect player in the browser, from the empty board",
    ),
    (
        "gridwasm",
        "A* and Jump Point Search on the Boston map in a Web Worker, beside native",
    ),
];

/// Builds `dist/`, serves it, and runs the browser benchmarks in `e2e/bench/` and the wasm
/// benchmarks of `web/tests/` — all of them, or the `parts` named.
fn bench_web(root: &Path, parts: &[String]) -> Result<(), String> {
    let known = || {
        BROWSER_BENCHES
            .iter()
            .map(|b| b.part)
            .chain(WASM_BENCHES.iter().map(|b| b.0))
    };
    if let Some(p) = parts.iter().find(|p| !known().any(|k| k == p.as_str())) {
        let all: Vec<&str> = known().collect();
        return Err(format!(
            "bench-web: no part “{p}” (parts: {})",
            all.join(", ")
        ));
    }
    let wanted = |part: &str| parts.is_empty() || parts.iter().any(|p| p == part);
    let env = browsers::ensure_test_tools(root)?;
    let browser: Vec<&BrowserBench> = BROWSER_BENCHES.iter().filter(|b| wanted(b.part)).collect();
    if !browser.is_empty() {
        browser_benches(root, &env, &browser)?;
    }
    for (part, heading) in WASM_BENCHES {
        if !wanted(part) {
            continue;
        }
        println!("\n## {heading}\n");
        match part {
            "c4wasm" => bench::c4_wasm(root, &env)?,
            "mcts" => bench::mcts_wasm(root, &env)?,
            "ida" => bench::ida_wasm(root, &env)?,
            "gridwasm" => bench::grid_wasm(root, &env)?,
            _ => bench::c4_play(root, &env)?,
        }
    }
    Ok(())
}

/// Builds and serves `dist/`, and runs the browser benchmarks given.
fn browser_benches(
    root: &Path,
    env: &tools::ToolEnv,
    benches: &[&BrowserBench],
) -> Result<(), String> {
    build_dist(root, env)?;
    let server = server::Server::start("127.0.0.1:0", vec![("/".into(), root.join("dist"))])?;
    // Lighthouse, for the loading benchmark only (not a test dependency).
    let bench_dir = root.join("e2e/bench");
    let lighthouse = bench_dir.join("node_modules/.bin/lighthouse");
    if benches.iter().any(|b| b.part == "load") && !lighthouse.exists() {
        run(Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&bench_dir))?;
    }
    for b in benches {
        if !b.heading.is_empty() {
            println!("\n## {}\n", b.heading);
        }
        let mut cmd = Command::new("node");
        cmd.arg(b.script)
            .current_dir(root.join("e2e"))
            .env("ARBOR_URL", format!("http://{}/", server.addr()))
            .env("CHROMIUM", &env.chromium)
            .envs(b.setting);
        run(&mut cmd)?;
    }
    Ok(())
}
