//! The three browser engines the tests run in — Chromium, Firefox and WebKit — and what each
//! needs on this machine: Debian's Chromium, Firefox ESR and WebKitGTK (its MiniBrowser and
//! WebKitWebDriver, under Xvfb).

use std::path::Path;
use std::process::Command;

use crate::{run, tools};

/// Everything `test` needs: the build tools, and Debian's Chromium and ChromeDriver (installed
/// as the other engines are).
pub fn ensure_test_tools(root: &Path) -> Result<tools::ToolEnv, String> {
    let mut env = tools::ensure_build_tools(root)?;
    ensure_engines(&[Engine::Chromium])?;
    env.chromium = "/usr/bin/chromium".into();
    env.chromedriver = "/usr/bin/chromedriver".into();
    Ok(env)
}

/// Chromium's headless shell (Debian's `chromium-headless-shell`, the build Playwright itself
/// runs headless): the end-to-end tests' Chromium. A page in a new context costs it about a
/// fifth of the processor time the full browser's headless mode takes (0.12 s against 0.66 s
/// here), and the tests open hundreds.
pub const HEADLESS_SHELL: &str = "/usr/bin/chromium-headless-shell";

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
                ("chromium-headless-shell", HEADLESS_SHELL),
            ],
            Engine::Firefox => &[("firefox-esr", "/usr/bin/firefox-esr")],
            Engine::WebKit => &[
                ("webkit2gtk-driver", "/usr/bin/WebKitWebDriver"),
                ("xvfb", "/usr/bin/Xvfb"),
            ],
        }
    }
}

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
}
