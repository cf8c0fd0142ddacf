//! Installing what the build and the tests need, skipping whatever is already there at the
//! right version. Nothing is downloaded from outside the package registries: Rust tools come
//! from crates.io, wasm-opt and the browser driver from npm, Chromium from Debian.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::run;

/// Trunk's version. 0.22 needs a newer rustc than this machine has.
const TRUNK_VERSION: &str = "0.21.14";
/// The browser target.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Where the tools are, and the environment the build runs in.
pub struct ToolEnv {
    /// The `trunk` binary.
    pub trunk: PathBuf,
    /// `wasm-bindgen` (the version of Cargo.lock), for the split app.
    pub wasm_bindgen: PathBuf,
    /// `wasm-bindgen-test-runner` (the same version as wasm-bindgen).
    pub wasm_bindgen_test_runner: PathBuf,
    /// The Chromium binary.
    pub chromium: PathBuf,
    /// The chromedriver binary.
    pub chromedriver: PathBuf,
    /// PATH with cargo's bin folder and the npm tools (wasm-opt) in front.
    path: String,
}

impl ToolEnv {
    /// Gives a command this environment's PATH.
    pub fn apply(&self, cmd: &mut Command) {
        cmd.env("PATH", &self.path);
    }
}

fn cargo_bin() -> PathBuf {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .unwrap_or_else(|| PathBuf::from(".cargo"));
    home.join("bin")
}

/// The first line a tool prints for `--version`, if it runs.
fn version_of(program: &Path) -> Option<String> {
    let out = Command::new(program).arg("--version").output().ok()?;
    if !out.status.success() {
        return None;
    }
    Some(
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .next()?
            .trim()
            .to_string(),
    )
}

/// The version of `package` recorded in Cargo.lock.
fn locked_version(root: &Path, package: &str) -> Result<String, String> {
    let lock = std::fs::read_to_string(root.join("Cargo.lock"))
        .map_err(|e| format!("cannot read Cargo.lock: {e}; run `cargo generate-lockfile`"))?;
    let needle = format!("name = \"{package}\"\nversion = \"");
    let start = lock
        .find(&needle)
        .ok_or_else(|| format!("{package} is not in Cargo.lock"))?
        + needle.len();
    let end = lock[start..].find('"').ok_or("Cargo.lock is malformed")? + start;
    Ok(lock[start..end].to_string())
}

fn ensure_wasm_target() -> Result<(), String> {
    let out = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map_err(|e| format!("rustup is needed to add the {WASM_TARGET} target: {e}"))?;
    if String::from_utf8_lossy(&out.stdout)
        .lines()
        .any(|l| l.trim() == WASM_TARGET)
    {
        eprintln!("ok: Rust target {WASM_TARGET}");
        return Ok(());
    }
    run(Command::new("rustup").args(["target", "add", WASM_TARGET]))
}

/// Installs a cargo tool unless `binary --version` already reports `expected`.
fn ensure_cargo_tool(binary: &str, expected: &str, install: &[&str]) -> Result<PathBuf, String> {
    let path = cargo_bin().join(binary);
    match version_of(&path) {
        Some(v) if v == expected => {
            eprintln!("ok: {v}");
            return Ok(path);
        }
        Some(v) => eprintln!("found {v}, need {expected}: installing"),
        None => eprintln!("{binary} is missing: installing {expected} (this takes minutes, once)"),
    }
    run(Command::new("cargo").args(install))?;
    match version_of(&path) {
        Some(v) if v == expected => Ok(path),
        other => Err(format!(
            "after installing, {binary} reports {other:?}, not {expected}"
        )),
    }
}

/// cargo-fuzz's version.
const CARGO_FUZZ_VERSION: &str = "0.13.2";

/// cargo-fuzz, for `cargo xtask fuzz` and the smoke run of the tests.
pub fn ensure_cargo_fuzz() -> Result<PathBuf, String> {
    ensure_cargo_tool(
        "cargo-fuzz",
        &format!("cargo-fuzz {CARGO_FUZZ_VERSION}"),
        &[
            "install",
            "--locked",
            "cargo-fuzz",
            "--version",
            CARGO_FUZZ_VERSION,
        ],
    )
}

/// npm packages of `e2e/package.json`: wasm-opt (binaryen), playwright-core and axe-core.
fn ensure_npm_packages(root: &Path) -> Result<PathBuf, String> {
    let e2e = root.join("e2e");
    let bin = e2e.join("node_modules/.bin");
    let lock = std::fs::read_to_string(e2e.join("package-lock.json"))
        .map_err(|e| format!("cannot read e2e/package-lock.json: {e}"))?;
    let installed = std::fs::read_to_string(e2e.join("node_modules/.package-lock.json")).ok();
    // npm writes node_modules/.package-lock.json to mirror what it installed; if it holds the
    // lock file's packages at their versions, nothing needs installing.
    let same = installed.is_some_and(|i| installed_as_locked(&lock, &i));
    if same && bin.join("wasm-opt").exists() {
        eprintln!("ok: npm packages in e2e/node_modules");
    } else {
        if Command::new("npm").arg("--version").output().is_err() {
            return Err(
                "npm is needed (for wasm-opt and the browser driver): install Node.js and npm"
                    .into(),
            );
        }
        run(Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&e2e))?;
    }
    Ok(bin)
}

/// Whether npm's record of what it installed (`node_modules/.package-lock.json`) holds every
/// package of the lock file at its version — but for the optional ones (the builds for other
/// systems), which it leaves out — and nothing else.
fn installed_as_locked(lock: &str, installed: &str) -> bool {
    let packages = |text: &str| -> Option<serde_json::Map<String, serde_json::Value>> {
        let mut v: serde_json::Value = serde_json::from_str(text).ok()?;
        let mut p = v.get_mut("packages")?.as_object()?.clone();
        p.remove("");
        Some(p)
    };
    let (Some(locked), Some(there)) = (packages(lock), packages(installed)) else {
        return false;
    };
    let version = |p: &serde_json::Value| p.get("version").cloned();
    let all_there = locked.iter().all(|(name, p)| match there.get(name) {
        Some(q) => version(q) == version(p),
        None => p.get("optional") == Some(&serde_json::Value::Bool(true)),
    });
    all_there && there.keys().all(|name| locked.contains_key(name))
}

fn path_with(front: &[&Path]) -> String {
    let mut parts: Vec<String> = front.iter().map(|p| p.display().to_string()).collect();
    if let Ok(rest) = std::env::var("PATH") {
        parts.push(rest);
    }
    parts.join(":")
}

/// What `serve` and `dist` need: the wasm target, Trunk, wasm-bindgen and wasm-opt.
pub fn ensure_build_tools(root: &Path) -> Result<ToolEnv, String> {
    ensure_wasm_target()?;
    let trunk = ensure_cargo_tool(
        "trunk",
        &format!("trunk {TRUNK_VERSION}"),
        &["install", "--locked", "trunk", "--version", TRUNK_VERSION],
    )?;
    let bindgen = locked_version(root, "wasm-bindgen")?;
    // Without --locked: the CLI's own lock file pins a crate the registry here lacks.
    ensure_cargo_tool(
        "wasm-bindgen",
        &format!("wasm-bindgen {bindgen}"),
        &["install", "wasm-bindgen-cli", "--version", &bindgen],
    )?;
    let trunk_toml = std::fs::read_to_string(root.join("Trunk.toml")).unwrap_or_default();
    if !trunk_toml.contains(&format!("wasm_bindgen = \"{bindgen}\"")) {
        return Err(format!(
            "Trunk.toml must name wasm_bindgen = \"{bindgen}\", the version in Cargo.lock"
        ));
    }
    let npm_bin = ensure_npm_packages(root)?;
    let cargo_bin = cargo_bin();
    Ok(ToolEnv {
        wasm_bindgen: cargo_bin.join("wasm-bindgen"),
        wasm_bindgen_test_runner: cargo_bin.join("wasm-bindgen-test-runner"),
        trunk,
        chromium: PathBuf::new(),
        chromedriver: PathBuf::new(),
        path: path_with(&[&npm_bin, &cargo_bin]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOCK: &str = r#"{"packages": {"": {"name": "e2e"},
        "node_modules/a": {"version": "1.0.0"},
        "node_modules/a-darwin": {"version": "1.0.0", "optional": true}}}"#;

    #[test]
    fn what_npm_installed_is_compared_with_the_lock_file_but_for_other_systems_builds() {
        let installed = r#"{"packages": {"node_modules/a": {"version": "1.0.0"}}}"#;
        assert!(installed_as_locked(LOCK, installed));
        let older = r#"{"packages": {"node_modules/a": {"version": "0.9.0"}}}"#;
        assert!(!installed_as_locked(LOCK, older));
        let extra = r#"{"packages": {"node_modules/a": {"version": "1.0.0"}, "node_modules/b": {"version": "2.0.0"}}}"#;
        assert!(!installed_as_locked(LOCK, extra));
        assert!(!installed_as_locked(LOCK, r#"{"packages": {}}"#));
        assert!(!installed_as_locked(LOCK, "not json"));
    }
}
