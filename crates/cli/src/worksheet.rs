//! `arbor worksheet`: a worksheet of exercises with its answer key, as Markdown with SVG trees
//! for course notes — the same sheet as the web app's `#/worksheet` for the same settings.

use arbor_app::worksheet::{self, Kind, Level, Settings, KINDS, LEVELS, MOST_EXERCISES};

use crate::UsageError;

/// Arguments of `arbor worksheet`.
#[derive(clap::Args)]
pub struct Args {
    /// The kind of exercise: alphabeta, minimax, search, expectimax or ucb1.
    #[arg(long, value_parser = kind)]
    kind: Kind,
    /// How many exercises (1 to 20).
    #[arg(long, default_value_t = 4, value_parser = count)]
    n: usize,
    /// The seed: the same seed, the same sheet.
    #[arg(long, default_value_t = 1, value_parser = seed)]
    seed: u64,
    /// How large the trees are: easy, medium or hard.
    #[arg(long, default_value = "medium", value_parser = level)]
    level: Level,
    /// Leave out the answer key.
    #[arg(long)]
    no_key: bool,
}

fn kind(key: &str) -> Result<Kind, String> {
    Kind::from_key(key).ok_or_else(|| {
        format!(
            "no worksheet is called “{key}”; the kinds are {}",
            KINDS.map(Kind::key).join(", ")
        )
    })
}

fn level(key: &str) -> Result<Level, String> {
    Level::from_key(key).ok_or_else(|| {
        format!(
            "no level is called “{key}”; the levels are {}",
            LEVELS.map(Level::key).join(", ")
        )
    })
}

fn count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=MOST_EXERCISES).contains(&n) => Ok(n),
        _ => Err(format!(
            "“{text}” is not a number of exercises from 1 to {MOST_EXERCISES}"
        )),
    }
}

fn seed(text: &str) -> Result<u64, String> {
    text.parse::<u64>().map_err(|_| {
        format!(
            "“{text}” is not a seed: a whole number from 0 to {}",
            u64::MAX
        )
    })
}

/// Prints the sheet as Markdown.
pub fn run(args: &Args) -> Result<(), UsageError> {
    let settings = Settings {
        kind: args.kind,
        n: args.n,
        seed: args.seed,
        level: args.level,
        key: !args.no_key,
    };
    let sheet = worksheet::sheet(&settings);
    print!("{}", worksheet::markdown(&sheet, settings.key));
    Ok(())
}
