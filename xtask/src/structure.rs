//! The shape of the house, measured: lines of code per file outside its tests, functions over
//! 80 lines, code after a test module, and import cycles between the top-level modules of each
//! crate. `cargo xtask structure` prints it; the tests at the end keep it.
//!
//! A deliberately plain reading of Rust source (no parser): comments and string contents are
//! blanked first, then braces are matched. Good enough for this code base, whose tests check it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Most lines of code a file may have outside its tests.
pub const MAX_FILE_LINES: usize = 600;
/// Most lines a function may have, unless a comment inside or just above it starting with
/// [`LONG_ON_PURPOSE`] says why the length helps.
pub const MAX_FN_LINES: usize = 80;
/// The comment that lets a function be longer than [`MAX_FN_LINES`].
pub const LONG_ON_PURPOSE: &str = "// Long on purpose:";

/// One source file's measures.
#[derive(Debug)]
pub struct FileReport {
    /// The path, from the workspace root.
    pub path: PathBuf,
    /// Lines of code outside test modules (not blank, not only a comment).
    pub code_lines: usize,
    /// Functions over the limit without a reason: name, first line (1-based), length.
    pub long_fns: Vec<(String, usize, usize)>,
    /// A line of code after the file's test module (1-based), if any.
    pub code_after_tests: Option<usize>,
}

/// One crate's top-level modules and the import cycles among them.
#[derive(Debug)]
pub struct CrateReport {
    /// The crate's folder.
    pub dir: PathBuf,
    /// Each top-level module and the top-level modules its code (outside tests) names.
    #[allow(dead_code)]
    pub edges: BTreeMap<String, BTreeSet<String>>,
    /// Sets of modules that import each other, in a cycle.
    pub cycles: Vec<Vec<String>>,
}

/// The source with comments and the insides of string and char literals replaced by spaces
/// (line breaks kept), so braces and paths can be found by plain scanning.
pub fn blank_comments_and_strings(src: &str) -> String {
    let mut blank = Blanker {
        b: src.chars().collect(),
        out: String::with_capacity(src.len()),
        i: 0,
    };
    while blank.i < blank.b.len() {
        let c = blank.b[blank.i];
        let next = blank.at(blank.i + 1);
        let raw = c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !is_ident(blank.i.checked_sub(1).and_then(|p| blank.at(p)));
        match (c, next) {
            ('/', Some('/')) => blank.line_comment(),
            ('/', Some('*')) => blank.block_comment(),
            _ if raw && blank.raw_string() => {}
            ('"', _) => blank.string(),
            ('\'', _) => blank.char_or_lifetime(),
            _ => blank.keep(),
        }
    }
    blank.out
}

/// A reading of a source: its characters, what is written so far, and where it stands.
struct Blanker {
    b: Vec<char>,
    out: String,
    i: usize,
}

impl Blanker {
    /// The character at `j`, if any.
    fn at(&self, j: usize) -> Option<char> {
        self.b.get(j).copied()
    }

    /// Writes the character as it is.
    fn keep(&mut self) {
        self.out.push(self.b[self.i]);
        self.i += 1;
    }

    /// Writes a space for the character, or the line break it is.
    fn blank(&mut self, j: usize) {
        self.out.push(if self.b[j] == '\n' { '\n' } else { ' ' });
    }

    /// `// …` to the end of the line.
    fn line_comment(&mut self) {
        while self.i < self.b.len() && self.b[self.i] != '\n' {
            self.out.push(' ');
            self.i += 1;
        }
    }

    /// `/* … */`, nested.
    fn block_comment(&mut self) {
        let mut depth = 0;
        while self.i < self.b.len() {
            let pair = (self.b[self.i], self.at(self.i + 1));
            if pair == ('/', Some('*')) || pair == ('*', Some('/')) {
                depth += if pair.0 == '/' { 1 } else { -1 };
                self.out.push_str("  ");
                self.i += 2;
                if depth == 0 {
                    break;
                }
            } else {
                self.blank(self.i);
                self.i += 1;
            }
        }
    }

    /// A raw string `r"…"` or `r#"…"#`, its delimiters kept; false (nothing read) if the `r`
    /// does not start one.
    fn raw_string(&mut self) -> bool {
        let mut j = self.i + 1;
        let mut hashes = 0;
        while self.at(j) == Some('#') {
            hashes += 1;
            j += 1;
        }
        if self.at(j) != Some('"') {
            return false;
        }
        let delimiter = format!("\"{}", "#".repeat(hashes));
        self.out.push('r');
        self.out.push_str(&delimiter[1..]);
        self.out.push('"');
        j += 1;
        while j < self.b.len() {
            if self.b[j] == '"' && (0..hashes).all(|h| self.at(j + 1 + h) == Some('#')) {
                self.out.push_str(&delimiter);
                j += 1 + hashes;
                break;
            }
            self.blank(j);
            j += 1;
        }
        self.i = j;
        true
    }

    /// A string `"…"` with its escapes, its quotes kept.
    fn string(&mut self) {
        self.out.push('"');
        self.i += 1;
        while self.i < self.b.len() && self.b[self.i] != '"' {
            if self.b[self.i] == '\\' {
                self.out.push(' ');
                self.i += 1;
            }
            if self.i < self.b.len() {
                self.blank(self.i);
                self.i += 1;
            }
        }
        self.out.push('"');
        self.i += 1;
    }

    /// A char literal (`'x'`, `'\n'`, `'\u{..}'`), blanked inside, or a lifetime (`'a`), kept.
    fn char_or_lifetime(&mut self) {
        let i = self.i;
        let end = if self.at(i + 1) == Some('\\') {
            self.b[i + 2..]
                .iter()
                .position(|&x| x == '\'')
                .map(|p| i + 2 + p)
        } else if self.at(i + 2) == Some('\'') {
            Some(i + 2)
        } else {
            None
        };
        match end {
            Some(e) => {
                self.out.push('\'');
                self.out.push_str(&" ".repeat(e - i - 1));
                self.out.push('\'');
                self.i = e + 1;
            }
            None => self.keep(),
        }
    }
}

fn is_ident(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// The line ranges (0-based, inclusive) of the `#[cfg(test)]` items of a blanked source.
fn test_ranges(lines: &[&str]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        if lines[k].trim_start().starts_with("#[cfg(test)]") {
            let start = k;
            // The item's braces, from the first '{' on.
            let mut depth = 0i64;
            let mut opened = false;
            let mut end = k;
            'item: for (j, line) in lines.iter().enumerate().skip(k) {
                for ch in line.chars() {
                    match ch {
                        '{' => {
                            depth += 1;
                            opened = true;
                        }
                        '}' => depth -= 1,
                        ';' if !opened && j > k => {
                            end = j;
                            break 'item;
                        }
                        _ => {}
                    }
                    if opened && depth == 0 {
                        end = j;
                        break 'item;
                    }
                }
                end = j;
            }
            out.push((start, end));
            k = end + 1;
        } else {
            k += 1;
        }
    }
    out
}

/// Measures one file.
pub fn measure_file(root: &Path, path: &Path) -> FileReport {
    let src = std::fs::read_to_string(path).unwrap_or_default();
    let blank = blank_comments_and_strings(&src);
    let lines: Vec<&str> = blank.lines().collect();
    let raw: Vec<&str> = src.lines().collect();
    let tests = test_ranges(&lines);
    let in_tests = |k: usize| tests.iter().any(|&(a, b)| (a..=b).contains(&k));
    let code_lines = (0..lines.len())
        .filter(|&k| !in_tests(k) && !lines[k].trim().is_empty())
        .count();
    // After the first test module (a `#[cfg(test)]` item that is a `mod`), nothing but tests.
    let first_module = tests.iter().find(|&&(a, b)| {
        lines[a..=b]
            .iter()
            .any(|l| l.trim_start().starts_with("mod ") || l.trim_start().starts_with("pub mod "))
    });
    let code_after_tests = first_module.and_then(|&(_, end)| {
        (end + 1..lines.len()).find(|&k| !in_tests(k) && !lines[k].trim().is_empty())
    });
    let long_fns = long_functions(&lines, &raw)
        .into_iter()
        .filter(|(_, first, _)| !in_tests(*first))
        .map(|(name, first, len)| (name, first + 1, len))
        .collect();
    FileReport {
        path: path.strip_prefix(root).unwrap_or(path).to_path_buf(),
        code_lines,
        long_fns,
        code_after_tests: code_after_tests.map(|k| k + 1),
    }
}

/// Functions longer than [`MAX_FN_LINES`] without the comment that allows it: name, first
/// line (0-based) and length in lines, from `fn` to its closing brace.
fn long_functions(lines: &[&str], raw: &[&str]) -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let Some(at) = find_fn(line) else { continue };
        let name: String = line[at + 3..]
            .chars()
            .skip_while(|c| c.is_whitespace())
            .take_while(|&c| c.is_alphanumeric() || c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        // The body: from the first '{' after the signature (a ';' first: no body).
        let mut depth = 0i64;
        let mut opened = false;
        let mut end = None;
        'scan: for (j, l) in lines.iter().enumerate().skip(k) {
            let from = if j == k { at } else { 0 };
            for ch in l[from..].chars() {
                match ch {
                    ';' if !opened => break 'scan,
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => {
                        depth -= 1;
                        if opened && depth == 0 {
                            end = Some(j);
                            break 'scan;
                        }
                    }
                    _ => {}
                }
            }
        }
        let Some(end) = end else { continue };
        let len = end - k + 1;
        if len <= MAX_FN_LINES {
            continue;
        }
        // The reason, in the function or in the comment lines just above it.
        let above = (0..k)
            .rev()
            .take_while(|&j| {
                let t = raw[j].trim_start();
                t.starts_with("//") || t.starts_with("#[")
            })
            .any(|j| raw[j].trim_start().starts_with(LONG_ON_PURPOSE));
        let inside = raw[k..=end]
            .iter()
            .any(|l| l.trim_start().starts_with(LONG_ON_PURPOSE));
        if !above && !inside {
            out.push((name, k, len));
        }
    }
    out
}

/// Where `fn ` starts as a keyword on a line of blanked source.
fn find_fn(line: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(p) = line[from..].find("fn ") {
        let at = from + p;
        let before = line[..at].chars().last();
        if !is_ident(before) {
            return Some(at);
        }
        from = at + 3;
    }
    None
}

/// The `.rs` files under a folder, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The crates of the workspace: every folder with a `Cargo.toml` and a `src/` among
/// `crates/*`, `web`, `web/*` and `xtask`.
pub fn crate_dirs(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for parent in [root.join("crates"), root.join("web")] {
        if let Ok(entries) = std::fs::read_dir(&parent) {
            for e in entries.flatten() {
                let p = e.path();
                if p.join("Cargo.toml").exists() && p.join("src").exists() {
                    out.push(p);
                }
            }
        }
    }
    for p in [root.join("web"), root.join("xtask")] {
        if p.join("Cargo.toml").exists() && p.join("src").exists() {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// The top-level module a file of `src/` belongs to (`None` for the crate root and `bin/`).
fn top_module(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).ok()?;
    let first = rel
        .components()
        .next()?
        .as_os_str()
        .to_string_lossy()
        .to_string();
    if rel.components().count() == 1 {
        let stem = first.strip_suffix(".rs")?;
        return (!matches!(stem, "lib" | "main")).then(|| stem.to_string());
    }
    (first != "bin").then_some(first)
}

/// One crate's import graph among its top-level modules (code outside tests only) and its
/// cycles.
pub fn measure_crate(dir: &Path) -> CrateReport {
    let src = dir.join("src");
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let files = rust_files(&src);
    let modules: BTreeSet<String> = files.iter().filter_map(|f| top_module(&src, f)).collect();
    for f in &files {
        let Some(me) = top_module(&src, f) else {
            continue;
        };
        let text = std::fs::read_to_string(f).unwrap_or_default();
        let blank = blank_comments_and_strings(&text);
        let lines: Vec<&str> = blank.lines().collect();
        let tests = test_ranges(&lines);
        let entry = edges.entry(me.clone()).or_default();
        for (k, line) in lines.iter().enumerate() {
            if tests.iter().any(|&(a, b)| (a..=b).contains(&k)) {
                continue;
            }
            for target in crate_paths(line, &modules) {
                if target != me {
                    entry.insert(target);
                }
            }
        }
    }
    let cycles = cycles(&edges);
    CrateReport {
        dir: dir.to_path_buf(),
        edges,
        cycles,
    }
}

/// The top-level modules a line names through `crate::`, `crate::{a, b::c}` included.
fn crate_paths(line: &str, modules: &BTreeSet<String>) -> Vec<String> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(p) = line[from..].find("crate::") {
        let at = from + p;
        from = at + 7;
        if is_ident(line[..at].chars().last()) {
            continue;
        }
        let rest = &line[at + 7..];
        if let Some(group) = rest.strip_prefix('{') {
            // Names at the start of each item of the group (one line's worth).
            for item in group.split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|&c| c.is_alphanumeric() || c == '_')
                    .collect();
                if modules.contains(&name) {
                    out.push(name);
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|&c| c.is_alphanumeric() || c == '_')
                .collect();
            if modules.contains(&name) {
                out.push(name);
            }
        }
    }
    out
}

/// The strongly connected sets of more than one module (Tarjan's algorithm).
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Tarjan<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        next: usize,
        out: Vec<Vec<String>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a str) {
            self.index.insert(v, self.next);
            self.low.insert(v, self.next);
            self.next += 1;
            self.stack.push(v);
            self.on.insert(v);
            if let Some(ws) = self.edges.get(v) {
                for w in ws {
                    let w = w.as_str();
                    if !self.index.contains_key(w) {
                        self.visit(w);
                        let l = self.low[v].min(self.low[w]);
                        self.low.insert(v, l);
                    } else if self.on.contains(w) {
                        let l = self.low[v].min(self.index[w]);
                        self.low.insert(v, l);
                    }
                }
            }
            if self.low[v] == self.index[v] {
                let mut set = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on.remove(w);
                    set.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if set.len() > 1 {
                    set.sort();
                    self.out.push(set);
                }
            }
        }
    }
    let mut t = Tarjan {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !t.index.contains_key(v.as_str()) {
            t.visit(v);
        }
    }
    t.out.sort();
    t.out
}

/// Every file and crate of the workspace, measured.
pub fn measure(root: &Path) -> (Vec<FileReport>, Vec<CrateReport>) {
    let crates = crate_dirs(root);
    let mut files = Vec::new();
    for c in &crates {
        for f in rust_files(&c.join("src")) {
            // A nested crate's files belong to it, not to the folder above.
            let nested = crates
                .iter()
                .any(|o| o != c && o.starts_with(c) && f.starts_with(o));
            if !nested {
                files.push(measure_file(root, &f));
            }
        }
    }
    let reports = crates.iter().map(|c| measure_crate(c)).collect();
    (files, reports)
}

/// `cargo xtask structure [ROOT]`: the measures, as a report.
pub fn command(root: &Path, args: &[String]) -> Result<(), String> {
    let root = args.first().map_or(root.to_path_buf(), PathBuf::from);
    let (files, crates) = measure(&root);
    let mut big: Vec<&FileReport> = files
        .iter()
        .filter(|f| f.code_lines > MAX_FILE_LINES)
        .collect();
    big.sort_by_key(|f| std::cmp::Reverse(f.code_lines));
    println!(
        "Files over {MAX_FILE_LINES} lines of code outside their tests: {}",
        big.len()
    );
    for f in &big {
        println!("  {:>5}  {}", f.code_lines, f.path.display());
    }
    let mut long: Vec<(&Path, &(String, usize, usize))> = files
        .iter()
        .flat_map(|f| f.long_fns.iter().map(move |l| (f.path.as_path(), l)))
        .collect();
    long.sort_by_key(|(_, l)| std::cmp::Reverse(l.2));
    println!(
        "Functions over {MAX_FN_LINES} lines with no reason given: {}",
        long.len()
    );
    for (p, (name, line, len)) in &long {
        println!("  {len:>5}  {name} ({}:{line})", p.display());
    }
    let after: Vec<&FileReport> = files
        .iter()
        .filter(|f| f.code_after_tests.is_some())
        .collect();
    println!("Files with code after their test module: {}", after.len());
    for f in after {
        println!("  {}:{}", f.path.display(), f.code_after_tests.unwrap_or(0));
    }
    let total: usize = crates.iter().map(|c| c.cycles.len()).sum();
    println!("Import cycles between top-level modules: {total}");
    for c in &crates {
        for cycle in &c.cycles {
            println!(
                "  {}: {}",
                c.dir.strip_prefix(&root).unwrap_or(&c.dir).display(),
                cycle.join(" ↔ ")
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .unwrap()
            .to_path_buf()
    }

    #[test]
    fn comments_and_strings_are_blanked_and_lines_kept() {
        let src = "let a = \"{ // }\"; // { crate::x\n/* crate::y { */ let b = 'c'; let c = '{';\nlet r = r#\"crate::z\"#;";
        let b = blank_comments_and_strings(src);
        assert_eq!(b.lines().count(), 3);
        assert!(!b.contains("crate::"), "{b}");
        assert!(!b.contains('{'), "{b}");
    }

    #[test]
    fn long_functions_and_tests_are_found() {
        let body: String = (0..90).map(|i| format!("    let x{i} = {i};\n")).collect();
        let src = format!("fn short() {{}}\nfn long() {{\n{body}}}\n// Long on purpose: a hot loop.\nfn allowed() {{\n{body}}}\n#[cfg(test)]\nmod tests {{\n    fn in_test() {{\n{body}    }}\n}}\nfn after() {{}}\n");
        let dir = std::env::temp_dir().join(format!("arbor-structure-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("x.rs");
        std::fs::write(&file, src).unwrap();
        let r = measure_file(&dir, &file);
        assert_eq!(
            r.long_fns.iter().map(|f| f.0.as_str()).collect::<Vec<_>>(),
            ["long"]
        );
        assert_eq!(r.long_fns[0].2, 92);
        assert!(r.code_after_tests.is_some());
        assert_eq!(r.code_lines, 1 + 1 + 90 + 1 + 1 + 90 + 1 + 1);
    }

    #[test]
    fn cycles_are_found() {
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("e", "d")] {
            edges.entry(a.into()).or_default().insert(b.into());
            edges.entry(b.into()).or_default();
        }
        assert_eq!(
            cycles(&edges),
            vec![vec!["a".to_string(), "b".into(), "c".into()]]
        );
        let modules: BTreeSet<String> = ["play", "scene"].iter().map(|s| s.to_string()).collect();
        assert_eq!(
            crate_paths(
                "use crate::{play::Kind, scene, other}; crate::play::x",
                &modules
            ),
            ["play", "scene", "play"]
        );
    }

    /// The house as it is: no file over the limit, no long function without its reason, no
    /// code after a test module, no import cycle between top-level modules of any crate.
    #[test]
    fn the_house_keeps_its_shape() {
        let (files, crates) = measure(&root());
        let big: Vec<String> = files
            .iter()
            .filter(|f| f.code_lines > MAX_FILE_LINES)
            .map(|f| format!("{} ({} lines)", f.path.display(), f.code_lines))
            .collect();
        assert!(big.is_empty(), "files over {MAX_FILE_LINES} lines: {big:?}");
        let long: Vec<String> = files
            .iter()
            .flat_map(|f| {
                f.long_fns
                    .iter()
                    .map(move |(n, l, len)| format!("{n} ({}:{l}, {len} lines)", f.path.display()))
            })
            .collect();
        assert!(
            long.is_empty(),
            "functions over {MAX_FN_LINES} lines with no reason: {long:?}"
        );
        let after: Vec<String> = files
            .iter()
            .filter_map(|f| {
                f.code_after_tests
                    .map(|l| format!("{}:{l}", f.path.display()))
            })
            .collect();
        assert!(after.is_empty(), "code after the tests: {after:?}");
        let cycles: Vec<String> = crates
            .iter()
            .flat_map(|c| {
                c.cycles
                    .iter()
                    .map(move |s| format!("{}: {}", c.dir.display(), s.join(" ↔ ")))
            })
            .collect();
        assert!(cycles.is_empty(), "import cycles: {cycles:?}");
    }
}
