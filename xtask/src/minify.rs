//! The page's own JavaScript and style sheet, minified (issue 36: every byte of them is on each
//! route's first visit): terser for the app's loader and bindings, lightningcss for the style
//! sheet. Both come from npm with wasm-opt (`e2e/package.json`).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::tools::ToolEnv;

fn run(cmd: &mut Command) -> Result<(), String> {
    let status = cmd
        .status()
        .map_err(|e| format!("could not start {cmd:?}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{cmd:?} failed ({status})"))
    }
}

/// Minifies each ES module of `files` in place (names it exports are kept).
pub fn javascript(files: &[PathBuf], env: &ToolEnv) -> Result<(), String> {
    for file in files {
        let mut cmd = Command::new("terser");
        cmd.arg(file)
            .args(["--module", "--compress", "passes=2", "--mangle", "-o"])
            .arg(file);
        env.apply(&mut cmd);
        run(&mut cmd)?;
    }
    Ok(())
}

/// Minifies every style sheet at the top of `dist` in place (Trunk writes it without an
/// integrity digest: see `index.html`).
pub fn style(dist: &Path, env: &ToolEnv) -> Result<(), String> {
    for entry in std::fs::read_dir(dist)
        .map_err(|e| format!("{}: {e}", dist.display()))?
        .flatten()
    {
        let path = entry.path();
        if path.extension().is_some_and(|x| x == "css") {
            let mut cmd = Command::new("lightningcss");
            cmd.arg("--minify").arg(&path).arg("-o").arg(&path);
            env.apply(&mut cmd);
            run(&mut cmd)?;
        }
    }
    Ok(())
}

/// The page as a browser needs it: without the comments written for its readers (`<!-- … -->`,
/// and a script's lines that are `//` comments), each line without its indentation, no blank
/// lines. Saves every first visit about 300 bytes (brotli); `index.html` keeps its comments.
pub fn html(page: &str) -> String {
    let mut out = String::with_capacity(page.len());
    let mut rest = page;
    while let Some(at) = rest.find("<!--") {
        out.push_str(&rest[..at]);
        rest = rest[at..]
            .find("-->")
            .map_or("", |end| &rest[at + end + 3..]);
    }
    out.push_str(rest);
    out.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_page_loses_its_comments_and_indentation_only() {
        let page = "<html>\n  <!-- for readers\n  only -->\n  <script>\n    // a note\n    var a = \"//x\"; // kept\n  </script>\n\n  <p>Loading Arbor…</p>\n</html>\n";
        assert_eq!(
            super::html(page),
            "<html>\n<script>\nvar a = \"//x\"; // kept\n</script>\n<p>Loading Arbor…</p>\n</html>"
        );
    }
}
