//! The end-to-end runs: each test file of `e2e/tests/` in each engine is a job of its own (a
//! node process with its own browser), and a few jobs run at once, longest first, against one
//! server. A job that fails runs once more, alone, once the others are done: failing again it
//! has failed; passing, it is flaky — and a flaky file fails the run as a failed one does
//! (unless `ARBOR_ALLOW_FLAKY=1`, for a local run), named with its first error.
//!
//! Each job's report (e2e/reporter.js) goes to `target/e2e-logs/<engine>/<file>.log`; a failed
//! job's is printed whole. Each job's time is kept in `target/e2e-logs/times.txt`, so that the
//! next run starts its longest jobs first.

use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::browsers::{Engine, HEADLESS_SHELL};
use crate::server;

/// Jobs at once, unless `ARBOR_E2E_LANES` says otherwise: each engine's run leaves much of a
/// core idle (a test waits for the page far more than it computes), so three keep two cores
/// busy.
pub const LANES: usize = 3;

/// A job that runs longer than this is stopped and fails: a test (and a file) waits at most
/// fifteen minutes (node's `--test-timeout`), and no file comes near either.
const JOB_LIMIT: Duration = Duration::from_secs(20 * 60);

/// One test file in one engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    pub engine: Engine,
    pub file: String,
}

/// How a job ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Passed,
    /// Failed, then passed on its own.
    Flaky,
    /// Failed twice (or once, where it was not run again).
    Failed,
}

/// A job's outcome: its verdict and its first run's figures.
#[derive(Clone, Debug)]
pub struct Ran {
    pub job: Job,
    pub verdict: Verdict,
    /// The first run's seconds.
    pub seconds: f64,
    pub passed: usize,
    pub skipped: usize,
    /// The first failure's test and the first line of its error (the first run's).
    pub first_error: Option<String>,
    /// Each skipped test, with the reason it gives.
    pub skips: Vec<String>,
    pub log: PathBuf,
}

/// What one node process reported.
struct Report {
    ok: bool,
    passed: usize,
    failed: usize,
    skipped: usize,
    first_error: Option<String>,
    skips: Vec<String>,
}

/// Every test file of `e2e/tests/`, by name.
pub fn every_file(root: &Path) -> Result<Vec<String>, String> {
    let dir = root.join("e2e/tests");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| name.ends_with(".test.js"))
        .collect();
    files.sort();
    Ok(files)
}

/// The folder of the runs' logs and times.
pub fn logs(root: &Path) -> PathBuf {
    root.join("target/e2e-logs")
}

/// Runs `files` (every file if none) in each of `engines` against `dist/`, `lanes` jobs at once,
/// then the failed ones again, one at a time.
pub fn run(
    root: &Path,
    engines: &[Engine],
    files: &[String],
    lanes: usize,
) -> Result<Vec<Ran>, String> {
    let files = if files.is_empty() {
        every_file(root)?
    } else {
        files.to_vec()
    };
    let jobs: Vec<Job> = engines
        .iter()
        .flat_map(|&engine| {
            files.iter().map(move |file| Job {
                engine,
                file: file.clone(),
            })
        })
        .collect();
    let dist = root.join("dist");
    let server = server::Server::start(
        "127.0.0.1:0",
        vec![
            ("/course/arbor/".into(), dist.clone()),
            ("/fixtures/".into(), root.join("e2e/fixtures")),
            ("/".into(), dist),
        ],
    )?;
    let setting = Setting {
        root,
        url: format!("http://{}/", server.addr()),
    };
    let times = Times::read(root);
    eprintln!(
        "+ {} end-to-end jobs ({} files in {}), {lanes} at once; logs in {}",
        jobs.len(),
        files.len(),
        titles(engines),
        logs(root).display()
    );
    let done = setting.run_all(jobs, lanes, &times);
    let mut ran = setting.judge(done);
    ran.sort_by(|a, b| (&a.job.file, a.job.engine.name()).cmp(&(&b.job.file, b.job.engine.name())));
    Times::write(root, &times, &ran);
    Ok(ran)
}

/// A job's first run: its report, seconds and log.
type FirstRun = (Job, Report, f64, PathBuf);

/// What every job shares: the server's address.
struct Setting<'a> {
    root: &'a Path,
    url: String,
}

impl Setting<'_> {
    /// Runs `jobs`, longest first (as `times` expects them), `lanes` at once, telling each as it
    /// ends.
    fn run_all(&self, mut jobs: Vec<Job>, lanes: usize, times: &Times) -> Vec<FirstRun> {
        jobs.sort_by(|a, b| {
            times
                .guess(self.root, b)
                .total_cmp(&times.guess(self.root, a))
        });
        let total = jobs.len();
        let queue = Mutex::new(VecDeque::from(jobs));
        let done = Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for _ in 0..lanes.clamp(1, total.max(1)) {
                s.spawn(|| loop {
                    let Some(job) = queue.lock().expect("queue").pop_front() else {
                        break;
                    };
                    let (report, seconds, log) = self.run(&job, false);
                    let mut done = done.lock().expect("done");
                    tell(&job, &report, seconds, done.len() + 1, total, &log);
                    done.push((job, report, seconds, log));
                });
            }
        });
        done.into_inner().expect("done")
    }

    /// Each job's verdict: a failed one is run again, alone — failing again it has failed,
    /// passing it is flaky.
    fn judge(&self, done: Vec<FirstRun>) -> Vec<Ran> {
        done.into_iter()
            .map(|(job, report, seconds, log)| {
                let verdict = if report.ok {
                    Verdict::Passed
                } else {
                    eprintln!(
                        "\n=== {} in {}: failed; once more, on its own",
                        job.file,
                        job.engine.title()
                    );
                    let (again, seconds, again_log) = self.run(&job, true);
                    tell(&job, &again, seconds, 0, 0, &again_log);
                    if again.ok {
                        Verdict::Flaky
                    } else {
                        Verdict::Failed
                    }
                };
                Ran {
                    job,
                    verdict,
                    seconds,
                    passed: report.passed,
                    skipped: report.skipped,
                    first_error: report.first_error,
                    skips: report.skips,
                    log,
                }
            })
            .collect()
    }

    /// Runs one job (`again`: its second run, logged beside the first); its report, its
    /// seconds and its log.
    fn run(&self, job: &Job, again: bool) -> (Report, f64, PathBuf) {
        let dir = logs(self.root).join(job.engine.name());
        let log = dir.join(format!(
            "{}{}.log",
            job.file,
            if again { ".again" } else { "" }
        ));
        let started = Instant::now();
        // (WebKit's browsers each start an X display of their own: e2e/tests/webkit/driver.js.)
        let report = match self.spawn(job, &dir, &log) {
            Ok(child) => wait(child, &log, job.engine),
            Err(e) => Report::broken(e),
        };
        (report, started.elapsed().as_secs_f64(), log)
    }

    fn spawn(&self, job: &Job, dir: &Path, log: &Path) -> Result<Child, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let out = std::fs::File::create(log).map_err(|e| format!("{}: {e}", log.display()))?;
        let err = out.try_clone().map_err(|e| e.to_string())?;
        let mut cmd = Command::new("node");
        cmd.args([
            "--test",
            "--test-concurrency=1",
            // (Node times a whole file as a test too: WebKit's search.test.js took five minutes
            // on a slow day. JOB_LIMIT stops a job that hangs.)
            "--test-timeout=900000",
            "--test-reporter=./reporter.js",
            "--test-reporter-destination=stdout",
        ])
        .arg(format!("tests/{}", job.file))
        .current_dir(self.root.join("e2e"))
        .env("ARBOR_URL", &self.url)
        .env("ARBOR_BROWSER", job.engine.name())
        .env("CHROMIUM", HEADLESS_SHELL)
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err);
        // A group of its own, so that a job stopped for its time takes its browser with it.
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        cmd.spawn()
            .map_err(|e| format!("could not start node for {}: {e}", job.file))
    }
}

/// Waits for a job's process (stopping it past [`JOB_LIMIT`]) and reads its log.
fn wait(mut child: Child, log: &Path, engine: Engine) -> Report {
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if started.elapsed() > JOB_LIMIT => {
                stop_group(child.id());
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(100)),
            Err(_) => break None,
        }
    };
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let mut report = Report::read(&text, engine);
    match status {
        Some(s) if s.success() => {}
        Some(s) => {
            report.ok = false;
            if report.first_error.is_none() {
                report.first_error = Some(format!("node ended with {s}: {}", last_words(&text)));
            }
        }
        None => {
            report.ok = false;
            report.first_error = Some(format!(
                "stopped after {} minutes: {}",
                JOB_LIMIT.as_secs() / 60,
                last_words(&text)
            ));
        }
    }
    report
}

/// The last non-empty line of a log.
fn last_words(text: &str) -> String {
    text.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("(no output)")
        .chars()
        .take(300)
        .collect()
}

/// Stops a process group: politely, then not.
fn stop_group(pid: u32) {
    for signal in ["-TERM", "-KILL"] {
        let _ = Command::new("kill")
            .args([signal, "--", &format!("-{pid}")])
            .status();
        std::thread::sleep(Duration::from_secs(2));
    }
}

impl Report {
    /// A job that could not start.
    fn broken(why: String) -> Report {
        Report {
            ok: false,
            passed: 0,
            failed: 0,
            skipped: 0,
            first_error: Some(why),
            skips: Vec::new(),
        }
    }

    /// Reads the reporter's lines: its count (`<engine>: N passed, N failed, N skipped`), the
    /// failures listed after it (`✖ [<engine>] <test>: <first line>`) and the skips
    /// (`- [<engine>] skipped: <test> (<reason>)`).
    fn read(text: &str, engine: Engine) -> Report {
        let mut report = Report::broken(String::new());
        report.first_error = None;
        let counted = format!("{}: ", engine.name());
        let failure = format!("✖ [{}] ", engine.name());
        let skip = format!("- [{}] skipped: ", engine.name());
        let mut after_count = false;
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix(&counted) {
                let numbers: Vec<usize> = rest
                    .split(", ")
                    .filter_map(|part| part.split(' ').next()?.parse().ok())
                    .collect();
                if let [passed, failed, skipped] = numbers[..] {
                    (report.passed, report.failed, report.skipped) = (passed, failed, skipped);
                    report.ok = failed == 0;
                    after_count = true;
                }
            } else if let Some(rest) = line.strip_prefix(&failure) {
                if after_count && report.first_error.is_none() {
                    report.first_error = Some(rest.to_string());
                }
            } else if let Some(rest) = line.strip_prefix(&skip) {
                report.skips.push(rest.to_string());
            }
        }
        report
    }
}

/// Tells a job's end as it comes: a line, and the whole log if it failed.
fn tell(job: &Job, report: &Report, seconds: f64, n: usize, total: usize, log: &Path) {
    if !report.ok {
        eprintln!(
            "\n--- {} in {} ({}):",
            job.file,
            job.engine.title(),
            log.display()
        );
        eprint!("{}", std::fs::read_to_string(log).unwrap_or_default());
    }
    let place = if total > 0 {
        format!("[{n}/{total}] ")
    } else {
        String::new()
    };
    let time = if seconds > 0.0 {
        format!("{seconds:6.1} s  ")
    } else {
        String::new()
    };
    eprintln!(
        "{place}{:<6} {time}{:<8} {}  ({} passed, {} skipped){}",
        if report.ok { "ok" } else { "FAILED" },
        job.engine.name(),
        job.file,
        report.passed,
        report.skipped,
        report
            .first_error
            .as_ref()
            .map(|e| format!(": {e}"))
            .unwrap_or_default()
    );
}

/// Each job's time in a full run, kept in the repository so that a clean clone starts its
/// longest jobs first too (copied from `target/e2e-logs/times.txt` after a full run).
const KEPT_TIMES: &str = "e2e/times.txt";

/// The jobs' times of the last run (`target/e2e-logs/times.txt`: engine, file, seconds a line).
struct Times(BTreeMap<(String, String), f64>);

impl Times {
    fn path(root: &Path) -> PathBuf {
        logs(root).join("times.txt")
    }

    /// The last run's times here, over those kept in the repository (`e2e/times.txt`, for a
    /// clean clone's first run).
    fn read(root: &Path) -> Times {
        let mut times =
            Times::parse(&std::fs::read_to_string(root.join(KEPT_TIMES)).unwrap_or_default());
        let here = Times::parse(&std::fs::read_to_string(Times::path(root)).unwrap_or_default());
        times.0.extend(here.0);
        times
    }

    fn parse(text: &str) -> Times {
        Times(
            text.lines()
                .filter_map(|line| {
                    let mut it = line.split('\t');
                    let (engine, file, seconds) = (it.next()?, it.next()?, it.next()?);
                    Some(((engine.into(), file.into()), seconds.parse().ok()?))
                })
                .collect(),
        )
    }

    /// A job's expected seconds: the last run's, else a guess from the same file in another
    /// engine or from the file's length (a file takes Firefox or WebKit about three times
    /// Chromium's time).
    fn guess(&self, root: &Path, job: &Job) -> f64 {
        let factor = |e: Engine| if e == Engine::Chromium { 1.0 } else { 3.0 };
        let known = |e: Engine| {
            self.0
                .get(&(e.name().to_string(), job.file.clone()))
                .copied()
        };
        if let Some(s) = known(job.engine) {
            return s;
        }
        if let Some((e, s)) = Engine::ALL.into_iter().find_map(|e| Some((e, known(e)?))) {
            return s / factor(e) * factor(job.engine);
        }
        let bytes =
            std::fs::metadata(root.join("e2e/tests").join(&job.file)).map_or(0, |m| m.len());
        bytes as f64 / 1000.0 * factor(job.engine)
    }

    fn write(root: &Path, before: &Times, ran: &[Ran]) {
        let mut all = before.0.clone();
        for r in ran {
            all.insert((r.job.engine.name().into(), r.job.file.clone()), r.seconds);
        }
        let text: String = all
            .iter()
            .map(|((engine, file), s)| format!("{engine}\t{file}\t{s:.1}\n"))
            .collect();
        let _ = std::fs::write(Times::path(root), text);
    }
}

/// The end-to-end runs in a few lines: each file's time in each engine (a table, files down,
/// engines across), the skips with their reasons, and the files that failed or were flaky with
/// their first errors. `Err` (the same text) if any failed, or was flaky and flakes are not
/// allowed; its last line is the count.
pub fn summary(ran: &[Ran], allow_flaky: bool) -> Result<String, String> {
    let engines: Vec<Engine> = Engine::ALL
        .into_iter()
        .filter(|e| ran.iter().any(|r| r.job.engine == *e))
        .collect();
    let mut out = table(ran, &engines);
    for e in &engines {
        out.push_str(&engine_line(ran, *e));
    }
    let named = |verdict: Verdict| -> Vec<String> {
        ran.iter()
            .filter(|r| r.verdict == verdict)
            .map(|r| {
                format!(
                    "{} in {}: {} (log: {})",
                    r.job.file,
                    r.job.engine.title(),
                    r.first_error.as_deref().unwrap_or("(no error given)"),
                    r.log.display()
                )
            })
            .collect()
    };
    let (flaky, failed) = (named(Verdict::Flaky), named(Verdict::Failed));
    for l in &flaky {
        out.push_str(&format!("FLAKY (failed, then passed on its own): {l}\n"));
    }
    for l in &failed {
        out.push_str(&format!("FAILED: {l}\n"));
    }
    let mut files: Vec<&str> = ran.iter().map(|r| r.job.file.as_str()).collect();
    files.dedup();
    out.push_str(&format!(
        "end-to-end: {} files in {}: {} passed, {} flaky, {} failed",
        files.len(),
        titles(&engines),
        ran.iter().filter(|r| r.verdict == Verdict::Passed).count(),
        flaky.len(),
        failed.len()
    ));
    if failed.is_empty() && (flaky.is_empty() || allow_flaky) {
        Ok(out)
    } else {
        if !flaky.is_empty() && !allow_flaky {
            out.push_str(" (a flaky file fails the run; ARBOR_ALLOW_FLAKY=1 lets it pass locally)");
        }
        Err(out)
    }
}

/// The engines' names as the summary writes them: "Chromium, Firefox, WebKit".
fn titles(engines: &[Engine]) -> String {
    engines
        .iter()
        .map(|e| e.title())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Files down, engines across: each job's seconds, marked if it was flaky or failed.
fn table(ran: &[Ran], engines: &[Engine]) -> String {
    let mut files: Vec<&str> = ran.iter().map(|r| r.job.file.as_str()).collect();
    files.dedup();
    let mut out = format!("{:<30}", "end-to-end file");
    for e in engines {
        out.push_str(&format!("{:>18}", e.name()));
    }
    out.push('\n');
    for file in &files {
        out.push_str(&format!("{file:<30}"));
        for e in engines {
            let cell = match ran
                .iter()
                .find(|r| r.job.file == *file && r.job.engine == *e)
            {
                Some(r) => {
                    let mark = match r.verdict {
                        Verdict::Passed => "",
                        Verdict::Flaky => " FLAKY",
                        Verdict::Failed => " FAILED",
                    };
                    format!("{:.1} s{mark}", r.seconds)
                }
                None => "—".into(),
            };
            out.push_str(&format!("{cell:>18}"));
        }
        out.push('\n');
    }
    out
}

/// An engine's count (files, tests, the jobs' seconds) and its skips with their reasons.
fn engine_line(ran: &[Ran], engine: Engine) -> String {
    let of: Vec<&Ran> = ran.iter().filter(|r| r.job.engine == engine).collect();
    let mut out = format!(
        "{}: {} files, {} tests passed, {} skipped, {:.0} s of jobs\n",
        engine.title(),
        of.len(),
        of.iter().map(|r| r.passed).sum::<usize>(),
        of.iter().map(|r| r.skipped).sum::<usize>(),
        of.iter().map(|r| r.seconds).sum::<f64>()
    );
    for r in &of {
        for skip in &r.skips {
            out.push_str(&format!(
                "  skipped in {}: {} — {skip}\n",
                engine.name(),
                r.job.file
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "✔ one (1.0 s)\n\
        - [webkit] skipped: two (chromium only: CDP)\n\
        ✖ [webkit] three (2.0 s)\n    AssertionError: no\n\n\
        webkit: 1 passed, 1 failed, 1 skipped\n\
        ✖ [webkit] three: AssertionError: no\n";

    #[test]
    fn a_report_is_read_for_its_counts_first_error_and_skips() {
        let r = Report::read(LOG, Engine::WebKit);
        assert!(!r.ok);
        assert_eq!((r.passed, r.failed, r.skipped), (1, 1, 1));
        assert_eq!(r.first_error.as_deref(), Some("three: AssertionError: no"));
        assert_eq!(r.skips, vec!["two (chromium only: CDP)".to_string()]);
        let none = Report::read("node crashed\n", Engine::WebKit);
        assert!(!none.ok, "no count line is no pass");
    }

    fn ran(file: &str, engine: Engine, verdict: Verdict) -> Ran {
        Ran {
            job: Job {
                engine,
                file: file.into(),
            },
            verdict,
            seconds: 1.5,
            passed: 2,
            skipped: 0,
            first_error: (verdict != Verdict::Passed).then(|| "t: boom".into()),
            skips: Vec::new(),
            log: PathBuf::new(),
        }
    }

    #[test]
    fn a_flaky_file_fails_the_summary_unless_allowed_and_is_named() {
        let all = vec![
            ran("a.test.js", Engine::Chromium, Verdict::Passed),
            ran("a.test.js", Engine::WebKit, Verdict::Flaky),
        ];
        let err = summary(&all, false).unwrap_err();
        assert!(
            err.contains("1 flaky") && err.contains("a.test.js in WebKit: t: boom"),
            "{err}"
        );
        assert!(
            err.lines().last().unwrap().contains("1 flaky"),
            "the count is the last line: {err}"
        );
        let ok = summary(&all, true).unwrap();
        assert!(ok.contains("FLAKY") && ok.contains("1 flaky"), "{ok}");
        let failed = vec![ran("b.test.js", Engine::Firefox, Verdict::Failed)];
        assert!(summary(&failed, true).is_err());
    }

    #[test]
    fn no_test_waits_a_fixed_time() {
        // A test waits for a condition the page makes true, or runs the page's clock ahead.
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        for file in every_file(&root).unwrap() {
            let text = std::fs::read_to_string(root.join("e2e/tests").join(&file)).unwrap();
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                assert!(
                    !code.contains("waitForTimeout(") && !code.contains("setTimeout("),
                    "{file}:{}: a fixed wait: {line}",
                    n + 1
                );
            }
        }
    }

    #[test]
    fn every_file_is_a_test_file_in_order() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let files = every_file(&root).unwrap();
        assert!(files.len() > 20, "{files:?}");
        assert!(files.windows(2).all(|w| w[0] < w[1]));
        assert!(files.iter().all(|f| f.ends_with(".test.js")));
    }
}
