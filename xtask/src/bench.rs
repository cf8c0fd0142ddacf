//! `cargo xtask bench`: the native benchmarks, release builds, figures printed as Markdown
//! tables (docs/benchmarks.md quotes them).

use std::path::Path;
use std::process::{Command, Stdio};

use crate::run;

/// Runs every native benchmark.
pub fn native(root: &Path) -> Result<(), String> {
    run(Command::new("cargo")
        .args(["build", "--release", "--quiet", "-p", "arbor-cli"])
        .current_dir(root))?;
    let arbor = root.join("target/release/arbor");
    println!("\n## Watching a search\n");
    run(Command::new(&arbor).args(["bench", "observer", "--runs", "21"]))?;
    println!("\n## IDA* on the 15-puzzle against a reference C IDA*\n");
    npuzzle(root, &arbor)?;
    println!("\n## IDA* against a plain IDA* on Korf's instance 1\n");
    run(Command::new(&arbor)
        .args(["bench", "ida", "--instances", "1", "--runs", "3", "--file"])
        .arg(root.join("data/npuzzle/korf100.txt")))?;
    println!("\n## IDA* with the 6-6-3 pattern database on Korf's 100\n");
    run(Command::new(&arbor)
        .args(["bench", "pdb", "--instances", "1-100", "--file"])
        .arg(root.join("data/npuzzle/korf100.txt")))?;
    println!("\n## The textbook's table of heuristics on the 8-puzzle\n");
    run(Command::new(&arbor).args(["npuzzle", "table"]))?;
    println!("\n## A* on random 8-puzzles\n");
    run(Command::new(&arbor).args(["bench", "astar", "--count", "1000"]))?;
    println!("\n## Grids: A* and JPS on the Moving AI maps against the pathfinding crate's A*\n");
    run(Command::new(&arbor)
        .args(["bench", "grid", "--runs", "3", "--dir"])
        .arg(root.join("data/movingai")))?;
    println!("\n## Monte Carlo tree search\n");
    run(Command::new(&arbor).args(["bench", "mcts"]))?;
    println!("\n## The connect-four solver on Pons' test sets\n");
    run(Command::new(&arbor)
        .args(["bench", "c4", "--dir"])
        .arg(root.join("data/connect4")))?;
    Ok(())
}

/// IDA* (Manhattan) on the 50 of Korf's instances the reference solves with the fewest nodes,
/// by Arbor and by `bench/reference/ida15.c` (built here with `cc -O3`), one after the other.
fn npuzzle(root: &Path, arbor: &Path) -> Result<(), String> {
    let data = std::fs::read_to_string(root.join("data/npuzzle/korf100.txt"))
        .map_err(|e| e.to_string())?;
    let mut instances: Vec<(u64, String)> = data
        .lines()
        .filter_map(|line| {
            let w: Vec<&str> = line.split_whitespace().collect();
            Some((w.get(18)?.parse().ok()?, w.get(1..17)?.join(" ")))
        })
        .collect();
    instances.sort();
    instances.truncate(50);
    let dir = root.join("target/bench");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let input = dir.join("korf-easiest-50.txt");
    let text: String = instances.iter().map(|(_, t)| format!("{t}\n")).collect();
    std::fs::write(&input, text).map_err(|e| e.to_string())?;
    let reference = dir.join("ida15");
    run(Command::new("cc")
        .args(["-O3", "-o"])
        .arg(&reference)
        .arg(root.join("bench/reference/ida15.c")))?;

    let goal: Vec<String> = (0..16).map(|i| i.to_string()).collect();
    let ours = capture(
        Command::new(arbor)
            .args([
                "npuzzle",
                "solve",
                "--algo",
                "idastar",
                "--goal",
                &goal.join(","),
            ])
            .arg(&input),
    )?;
    let theirs = capture(
        Command::new(&reference).stdin(std::fs::File::open(&input).map_err(|e| e.to_string())?),
    )?;
    let sum = |text: &str| -> (u64, u64) {
        text.lines()
            .filter(|l| !l.starts_with("total"))
            .filter_map(|l| {
                let w: Vec<u64> = l
                    .split_whitespace()
                    .take(3)
                    .filter_map(|x| x.parse().ok())
                    .collect();
                (w.len() == 3).then(|| (w[1], w[2]))
            })
            .fold((0, 0), |(n, t), (a, b)| (n + a, t + b))
    };
    let (our_nodes, our_us) = sum(&ours);
    let (ref_nodes, ref_us) = sum(&theirs);
    let expected: u64 = instances.iter().map(|(n, _)| n).sum();
    println!("| solver | nodes generated | time | nodes/s |");
    println!("|---|---|---|---|");
    for (name, nodes, us) in [
        ("Arbor IDA*", our_nodes, our_us),
        ("reference C IDA* (cc -O3)", ref_nodes, ref_us),
    ] {
        println!(
            "| {name} | {nodes} | {:.2} s | {:.0} M |",
            us as f64 / 1e6,
            nodes as f64 / us as f64
        );
    }
    println!(
        "\nArbor / reference: {:.2}× the time. Both generate exactly the counts in the data file ({}).",
        our_us as f64 / ref_us as f64,
        if our_nodes == expected && ref_nodes == expected { "yes" } else { "NO" }
    );
    if our_nodes != expected || ref_nodes != expected {
        return Err(format!(
            "node counts differ: Arbor {our_nodes}, reference {ref_nodes}, data file {expected}"
        ));
    }
    Ok(())
}

/// Connect four's solver on Test_L2_R2 in headless Chromium (the `web` profile, as the app
/// is built) and natively (release), one after the other; the ratio of their mean times.
pub fn c4_wasm(root: &Path, env: &crate::tools::ToolEnv) -> Result<(), String> {
    run(Command::new("cargo")
        .args(["build", "--release", "--quiet", "-p", "arbor-cli"])
        .current_dir(root))?;
    // Native and browser runs alternate (each the fastest of three passes), twice, and the
    // fastest of each is compared: this machine's speed wanders from minute to minute.
    let (mut native_ms, mut wasm_ms) = (f64::INFINITY, f64::INFINITY);
    let (mut native_nodes, mut wasm_nodes) = (String::new(), String::new());
    for _ in 0..2 {
        let (ms, nodes) = c4_native_l2r2(root)?;
        native_ms = native_ms.min(ms);
        native_nodes = nodes;
        let (ms, nodes) = c4_browser_l2r2(root, env)?;
        wasm_ms = wasm_ms.min(ms);
        wasm_nodes = nodes;
    }
    println!("Strong solve of every Test_L2_R2 position, transposition table of 2^18 entries reset for each:");
    println!();
    println!("| build | mean time | mean nodes | against native |");
    println!("|---|---|---|---|");
    println!("| native (release) | {native_ms:.2} ms | {native_nodes} | 1.00× |");
    println!(
        "| wasm in headless Chromium | {wasm_ms:.2} ms | {wasm_nodes} | {:.2}× |",
        wasm_ms / native_ms
    );
    Ok(())
}

/// MCTS iterations per second natively (`arbor bench mcts`, 100,000 iterations, median of 5
/// seeds) and in headless Chromium (`web/tests/mcts_bench.rs`, the same), in one table.
pub fn mcts_wasm(root: &Path, env: &crate::tools::ToolEnv) -> Result<(), String> {
    run(Command::new("cargo")
        .args(["build", "--release", "--quiet", "-p", "arbor-cli"])
        .current_dir(root))?;
    let native = capture(Command::new(root.join("target/release/arbor")).args([
        "bench",
        "mcts",
        "--iterations",
        "100000",
        "--runs",
        "5",
    ]))?;
    // Rows: | tic-tac-toe | 2,200,641 | 47,600 |
    let native_rate = |game: &str| -> Result<f64, String> {
        let row = native
            .lines()
            .find(|l| l.starts_with(&format!("| {game} |")))
            .ok_or_else(|| format!("the native MCTS benchmark printed no row for {game}"))?;
        let cell = row.split('|').nth(2).unwrap_or("").trim().replace(',', "");
        cell.parse().map_err(|_| format!("cannot read {row}"))
    };
    let line = browser_bench(root, env, "mcts_bench", "ARBOR-BENCH mcts")?;
    let field = |name: &str| number_after(&line, name);
    println!("UCT (c = √2, random playouts), 100,000 iterations from the empty board, median of 5 seeds; native release build and wasm (the `web` profile, as the worker is built) in headless Chromium, in one run:");
    println!();
    println!("| game | native, iterations/s | wasm, iterations/s | wasm against native |");
    println!("|---|---|---|---|");
    for (game, key) in [("tic-tac-toe", "ttt_rate="), ("connect four", "c4_rate=")] {
        let (n, w) = (native_rate(game)?, field(key)?);
        println!(
            "| {game} | {} | {} | {:.2}× the time |",
            arbor_util::group_thousands(n as u64),
            arbor_util::group_thousands(w as u64),
            n / w
        );
    }
    Ok(())
}

/// IDA* on Korf's instance 2, Arbor's engine against the plain IDA*, natively (`arbor bench
/// ida`) and in headless Chromium (`web/tests/ida_bench.rs`), in one table.
pub fn ida_wasm(root: &Path, env: &crate::tools::ToolEnv) -> Result<(), String> {
    run(Command::new("cargo")
        .args(["build", "--release", "--quiet", "-p", "arbor-cli"])
        .current_dir(root))?;
    let native = capture(
        Command::new(root.join("target/release/arbor"))
            .args(["bench", "ida", "--instances", "2", "--runs", "3", "--file"])
            .arg(root.join("data/npuzzle/korf100.txt")),
    )?;
    // The row: | 2 | 55 | 15,300,442 | 0.12 s | 0.09 s | 1.34× |
    let row = native
        .lines()
        .find(|l| l.starts_with("| 2 |"))
        .ok_or("the native IDA* benchmark printed no row")?;
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    let seconds = |i: usize| -> Result<f64, String> {
        parse_ms(cells.get(i).copied().unwrap_or(""))
            .map(|ms| ms / 1000.0)
            .ok_or_else(|| format!("cannot read {row}"))
    };
    let (native_arbor, native_plain) = (seconds(4)?, seconds(5)?);
    let line = browser_bench(root, env, "ida_bench", "ARBOR-BENCH ida")?;
    let field = |name: &str| number_after(&line, name);
    let (wasm_arbor, wasm_plain) = (field("arbor_ms=")? / 1000.0, field("plain_ms=")? / 1000.0);
    println!("IDA* with Manhattan distance on Korf's instance 2 (15,300,442 nodes), Arbor's engine against the plain IDA*, fastest of 3 runs each; native release build and wasm (the `web` profile, as the worker is built) in headless Chromium, in one run:");
    println!();
    println!("| build | Arbor IDA* | plain IDA* | Arbor against plain |");
    println!("|---|---|---|---|");
    for (build, a, p) in [
        ("native", native_arbor, native_plain),
        ("wasm in Chromium", wasm_arbor, wasm_plain),
    ] {
        println!("| {build} | {a:.3} s | {p:.3} s | {:.2}× |", a / p);
    }
    Ok(())
}

/// The number after `name` (`arbor_ms=`) in a benchmark's printed line.
fn number_after(line: &str, name: &str) -> Result<f64, String> {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix(name))
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("cannot read {name} in {line}"))
}

/// `web/tests/c4_play_bench.rs` in headless Chromium: the perfect player's 20 games, each
/// move's time, and how many were proven.
pub fn c4_play(root: &Path, env: &crate::tools::ToolEnv) -> Result<(), String> {
    let line = browser_bench(root, env, "c4_play_bench", "ARBOR-BENCH c4-play")?;
    let field = |name: &str| {
        line.split_whitespace()
            .find_map(|w| w.strip_prefix(name))
            .unwrap_or("?")
            .to_string()
    };
    let moves = field("moves=");
    println!("20 games from the empty board (ten as first player, ten as second; ten against a random player, ten against the threat evaluation 6 plies deep), the opening book loaded, each move's time:");
    println!();
    println!("| moves | median | p95 | slowest | proven | from the book | exact score | result only | lost position | lookahead | games lost |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    println!(
        "| {moves} | {} ms | {} ms | {} ms | {}/{moves} | {} | {} | {} | {} | {} | {} |",
        field("median_ms="),
        field("p95_ms="),
        field("max_ms="),
        field("proven="),
        field("book="),
        field("exact="),
        field("result="),
        field("lost_positions="),
        field("lookahead="),
        field("lost=")
    );
    Ok(())
}

/// `arbor bench c4 Test_L2_R2`: mean milliseconds and mean nodes.
fn c4_native_l2r2(root: &Path) -> Result<(f64, String), String> {
    let native = capture(
        Command::new(root.join("target/release/arbor"))
            .args(["bench", "c4", "Test_L2_R2", "--dir"])
            .arg(root.join("data/connect4")),
    )?;
    // The table row: | Test_L2_R2 | 1000 | 2.21 ms | 2.80 ms | 0.79× | 38822 | 39808 |
    let row = native
        .lines()
        .find(|l| l.starts_with("| Test_L2_R2 |"))
        .ok_or("the native benchmark printed no row for Test_L2_R2")?;
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    let ms = parse_ms(cells.get(3).copied().unwrap_or(""))
        .ok_or_else(|| format!("cannot read the native time in {row}"))?;
    Ok((ms, cells.get(6).copied().unwrap_or("?").to_string()))
}

/// `web/tests/c4_bench.rs` in headless Chromium: mean milliseconds and mean nodes.
fn c4_browser_l2r2(root: &Path, env: &crate::tools::ToolEnv) -> Result<(f64, String), String> {
    let line = browser_bench(root, env, "c4_bench", "ARBOR-BENCH c4 Test_L2_R2")?;
    let field = |name: &str| {
        line.split_whitespace()
            .find_map(|w| w.strip_prefix(name))
            .map(str::to_string)
    };
    let ms: f64 = field("mean_ms=")
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("cannot read {line}"))?;
    Ok((ms, field("mean_nodes=").unwrap_or_default()))
}

/// Runs the ignored wasm test `test` of `web/tests` in headless Chromium (the `web` profile,
/// as the app is built) and returns the line it printed that starts with `tag`.
fn browser_bench(
    root: &Path,
    env: &crate::tools::ToolEnv,
    test: &str,
    tag: &str,
) -> Result<String, String> {
    let mut cmd = crate::check::wasm_test(root, env);
    cmd.args([
        "--profile",
        "web",
        "--test",
        test,
        "--",
        "--include-ignored",
        "--nocapture",
    ]);
    let out = capture(&mut cmd)?;
    out.lines()
        .find(|l| l.contains(tag))
        .map(str::to_string)
        .ok_or_else(|| format!("the browser benchmark {test} printed no result"))
}

/// "2.21 ms", "980.5 µs", "1.20 s" in milliseconds.
fn parse_ms(text: &str) -> Option<f64> {
    let mut words = text.split_whitespace();
    let value: f64 = words.next()?.parse().ok()?;
    Some(match words.next()? {
        "µs" => value / 1000.0,
        "ms" => value,
        "s" => value * 1000.0,
        _ => return None,
    })
}

fn capture(cmd: &mut Command) -> Result<String, String> {
    let out = cmd
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("{cmd:?} failed"));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The Boston map's 950 scenarios with A* and Jump Point Search: natively (`arbor grid scen`,
/// the fastest of three) and in wasm in a Web Worker in headless Chromium
/// (`web/tests/grid_bench.rs`, the fastest of three passes), in one table.
pub fn grid_wasm(root: &Path, env: &crate::tools::ToolEnv) -> Result<(), String> {
    run(Command::new("cargo")
        .args(["build", "--release", "--quiet", "-p", "arbor-cli"])
        .current_dir(root))?;
    let scen = root.join("data/movingai/Boston_0_256.map.scen");
    let native = |algo: &str| -> Result<f64, String> {
        let mut best = f64::INFINITY;
        for _ in 0..3 {
            let out = Command::new(root.join("target/release/arbor"))
                .args(["grid", "scen", "--algo", algo])
                .arg(&scen)
                .output()
                .map_err(|e| e.to_string())?;
            let summary = String::from_utf8_lossy(&out.stderr).into_owned();
            if !out.status.success() || !summary.contains("950 of 950") {
                return Err(format!("arbor grid scen --algo {algo}: {summary}"));
            }
            // "…; 0.842 s"
            let seconds = summary
                .trim()
                .rsplit("; ")
                .next()
                .and_then(|t| t.strip_suffix(" s"))
                .and_then(|t| t.parse::<f64>().ok())
                .ok_or_else(|| format!("cannot read {summary}"))?;
            best = best.min(seconds * 1000.0);
        }
        Ok(best)
    };
    let (native_astar, native_jps) = (native("astar")?, native("jps")?);
    let line = browser_bench(root, env, "grid_bench", "ARBOR-BENCH gridwasm")?;
    let field = |name: &str| number_after(&line, name);
    let (wasm_astar, wasm_jps) = (field("astar_ms=")?, field("jps_ms=")?);
    println!("The Moving AI Boston map (256 × 256), all 950 scenarios, every length checked; native release build (`arbor grid scen`) and wasm (the `web` profile, as the worker is built) in a Web Worker in headless Chromium, fastest of three each:");
    println!();
    println!("| search | native | wasm in a worker | wasm against native |");
    println!("|---|---|---|---|");
    for (name, n, w) in [
        ("A*", native_astar, wasm_astar),
        ("Jump Point Search", native_jps, wasm_jps),
    ] {
        println!("| {name} | {n:.0} ms | {w:.0} ms | {:.2}× |", w / n);
    }
    Ok(())
}
