//! `arbor grid scen FILE.scen`: the Moving AI benchmark's scenarios, solved — one line each,
//! `INDEX LENGTH` (or `none`), then a summary on standard error; exit status 0 only if every
//! length is the file's optimal one.

use std::path::{Path, PathBuf};
use std::time::Instant;

use arbor_puzzles::{fixed_steps, Grid, GridMap, MapSearch, Scenario};
use arbor_search::Algorithm;

use crate::UsageError;

/// Arguments of `arbor grid`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(clap::Subcommand)]
enum What {
    /// Solve a scenario file's problems on the map it names (read from the same folder) and
    /// print `INDEX LENGTH` for each (the 0-based index in the file, the length with eight
    /// decimals, or `none`); a summary on standard error. Exit status 1 if a length is not the
    /// file's optimal one (within 0.0001).
    Scen(ScenArgs),
}

/// The searches `arbor grid scen` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GridAlgo {
    /// A* with octile distance.
    Astar,
    /// Jump Point Search (A* over jump points).
    Jps,
    /// Breadth-first search (fewest steps, not the shortest length).
    Bfs,
    /// Uniform cost search (Dijkstra's algorithm).
    Ucs,
    /// Greedy best-first search (octile distance).
    Greedy,
    /// Weighted A*: octile distance times --w.
    Weighted,
    /// Bidirectional uniform cost search.
    Bidirectional,
}

impl GridAlgo {
    /// The search it names.
    pub fn search(self) -> MapSearch {
        match self {
            GridAlgo::Astar => MapSearch::AStar,
            GridAlgo::Jps => MapSearch::Jps,
            GridAlgo::Bfs => MapSearch::BreadthFirst,
            GridAlgo::Ucs => MapSearch::UniformCost,
            GridAlgo::Greedy => MapSearch::Greedy,
            GridAlgo::Weighted => MapSearch::Weighted,
            GridAlgo::Bidirectional => MapSearch::Bidirectional,
        }
    }

    /// The grid as this search needs it, and the search.
    pub fn prepare(self, grid: Grid, w_tenths: u32) -> (Grid, Algorithm) {
        self.search()
            .prepare(grid, w_tenths)
            .expect("a map's grid is eight-way, unweighted")
    }

    /// Its name in the summary.
    fn name(self) -> &'static str {
        self.search().name()
    }
}

#[derive(clap::Args)]
struct ScenArgs {
    /// The scenario file (`.scen`).
    file: PathBuf,
    /// The search.
    #[arg(long, value_enum, default_value = "astar")]
    algo: GridAlgo,
    /// Weighted A*'s weight w, 1 to 5 in tenths (`1.5`).
    #[arg(long, default_value = "1.5", value_parser = weight)]
    w: u32,
    /// Solve every K-th scenario (0, K, 2K, …).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    every: u64,
}

/// A weight `1` to `5` with at most one decimal, in tenths.
fn weight(text: &str) -> Result<u32, String> {
    let bad = || format!("the weight is 1 to 5 with at most one decimal (1.5), not “{text}”");
    let (whole, tenth) = text.split_once('.').unwrap_or((text, "0"));
    let digit = |s: &str| {
        (s.len() == 1 && s.as_bytes()[0].is_ascii_digit())
            .then(|| u32::from(s.as_bytes()[0] - b'0'))
    };
    let tenths = digit(whole)
        .zip(digit(tenth))
        .map(|(w, t)| 10 * w + t)
        .ok_or_else(bad)?;
    (10..=50)
        .contains(&tenths)
        .then_some(tenths)
        .ok_or_else(bad)
}

/// Reads a scenario file and the map it names (from the scenario file's folder).
pub fn load(file: &Path) -> Result<(GridMap, Vec<Scenario>), UsageError> {
    let read = |p: &Path| {
        std::fs::read_to_string(p)
            .map_err(|e| UsageError(format!("cannot read {}: {e}", p.display())))
    };
    let text = read(file)?;
    let named = |e: arbor_search::TextError, p: &Path| UsageError(format!("{}: {e}", p.display()));
    let scenarios = Scenario::parse_file(&text, None).map_err(|e| named(e, file))?;
    let Some(first) = scenarios.first() else {
        return Err(UsageError(format!("{}: no scenarios", file.display())));
    };
    // The map as the file names it, beside the scenario file (or, if the name has folders in
    // it, its last part there).
    let folder = file.parent().unwrap_or(Path::new("."));
    let as_named = folder.join(&first.map);
    let map_path = if as_named.exists() {
        as_named
    } else {
        folder.join(Path::new(&first.map).file_name().unwrap_or_default())
    };
    let map = GridMap::parse(&read(&map_path)?).map_err(|e| named(e, &map_path))?;
    let scenarios = Scenario::parse_file(&text, Some(&map)).map_err(|e| named(e, file))?;
    Ok((map, scenarios))
}

/// Runs `arbor grid`; `Ok(false)` when a length is not the optimal one.
pub fn run(args: &Args) -> Result<bool, UsageError> {
    let What::Scen(args) = &args.what;
    let (map, scenarios) = load(&args.file)?;
    let started = Instant::now();
    let grid = map
        .grid(scenarios[0].start, scenarios[0].goal)
        .map_err(UsageError)?;
    // One grid for the file: only its start and goal change from one scenario to the next.
    let (mut problem, algorithm) = args.algo.prepare(grid, args.w);
    let (mut solved, mut matched) = (0usize, 0usize);
    let mut out = String::new();
    for (i, s) in scenarios.iter().enumerate().step_by(args.every as usize) {
        let length = s.solve(&mut problem, algorithm).map_err(UsageError)?;
        solved += 1;
        matched += usize::from(length.is_some_and(|l| s.matches(l)));
        let shown = length.map_or("none".into(), |l| fixed_steps(l, 8));
        out.push_str(&format!("{i} {shown}\n"));
    }
    print!("{out}");
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "arbor grid scen: {} with {}: {matched} of {solved} scenarios match the file's optimal length (within 0.0001); {seconds:.3} s",
        args.file.display(),
        args.algo.name()
    );
    Ok(matched == solved)
}
