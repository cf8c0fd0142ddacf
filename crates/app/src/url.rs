//! One way to read and write a page's URL: every page's settings implement [`UrlSettings`]
//! (read from a route, saying what was wrong with it; written back), with one kind of warning;
//! and each parameter a page reads is documented as a [`Param`] beside it.

use arbor_game::RandomSpec;

use crate::route::Route;

/// A problem found reading a URL: the setting is replaced by its default and the message shown.
pub type UrlWarning = String;

/// A page's settings, all of them in its URL.
pub trait UrlSettings: Sized {
    /// Reads the settings from a route's query, keeping defaults for anything missing or wrong
    /// and saying what was wrong.
    fn from_route(route: &Route) -> (Self, Vec<UrlWarning>);
    /// Writes the settings into a route's query.
    fn to_route(&self, route: &mut Route);
}

/// A page's settings read from `route` and written back into a route of the same view: the
/// page's own link for what the route asks, and what was wrong with it.
pub fn canonical<S: UrlSettings>(route: &Route) -> (Route, Vec<UrlWarning>) {
    let (settings, warnings) = S::from_route(route);
    let mut out = Route::new(route.view.clone());
    settings.to_route(&mut out);
    (out, warnings)
}

/// How a page reads its link (see [`canonical`]).
pub type ReadLink = fn(&Route) -> (Route, Vec<UrlWarning>);

/// The URL forms shared by pages: the step, and a random tree's spec.
/// `depth,minb,maxb,low,high,seed` (and `,players` when not 2).
pub fn random_key(spec: &RandomSpec) -> String {
    let mut s = format!(
        "{},{},{},{},{},{}",
        spec.depth, spec.min_branching, spec.max_branching, spec.low, spec.high, spec.seed
    );
    if spec.players != 2 {
        s.push_str(&format!(",{}", spec.players));
    }
    s
}

/// Reads [`random_key`]'s form.
pub fn parse_random(s: &str) -> Result<RandomSpec, String> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    if parts.len() != 6 && parts.len() != 7 {
        return Err(
            "expected depth, smallest and largest branching, lowest and highest value, seed".into(),
        );
    }
    let num = |i: usize, what: &str| -> Result<i64, String> {
        parts[i]
            .parse::<i64>()
            .map_err(|_| format!("the {what} “{}” is not a whole number", parts[i]))
    };
    let small = |i: usize, what: &str| -> Result<u32, String> {
        u32::try_from(num(i, what)?).map_err(|_| format!("the {what} is out of range"))
    };
    let value = |i: usize, what: &str| -> Result<i32, String> {
        i32::try_from(num(i, what)?).map_err(|_| format!("the {what} is out of range"))
    };
    let spec = RandomSpec {
        depth: small(0, "depth")?,
        min_branching: small(1, "smallest branching")?,
        max_branching: small(2, "largest branching")?,
        low: value(3, "lowest value")?,
        high: value(4, "highest value")?,
        seed: parts[5]
            .parse::<u64>()
            .map_err(|_| format!("the seed “{}” is not a whole number", parts[5]))?,
        players: if parts.len() == 7 {
            small(6, "number of players")?
        } else {
            2
        },
        chance: false,
    };
    spec.check()?;
    Ok(spec)
}

/// Parameter `key` of a link read by `read`, if the link gives it and it reads; a value that
/// does not read is named among the warnings by `refused`, its `{}` the value as written.
pub fn param<T>(
    route: &Route,
    key: &str,
    read: impl FnOnce(&str) -> Option<T>,
    refused: &str,
    warnings: &mut Vec<UrlWarning>,
) -> Option<T> {
    let k = route.get(key)?;
    let value = read(k);
    if value.is_none() {
        warnings.push(refused.replacen("{}", &arbor_util::shown(k), 1));
    }
    value
}

/// The `step` a link asks for, if it gives a number; otherwise a warning says so.
pub fn step_of(route: &Route, warnings: &mut Vec<UrlWarning>) -> Option<usize> {
    // Not through `param`: every page reads a step, and the generic reader cost every first
    // visit bytes it could not spare.
    let k = route.get("step")?;
    let step = k.parse::<usize>().ok();
    if step.is_none() {
        warnings.push(format!(
            "The step “{k}” is not a number of steps (0, 1, 2 …); starting at the beginning."
        ));
    }
    step
}

/// One documented URL parameter (the teachers' page lists them all, from the page registry).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// The parameter's name.
    pub name: &'static str,
    /// Its values.
    pub values: &'static str,
    /// What it does.
    pub meaning: &'static str,
    /// Links that use it, shown beside it (and each opened by a test without a complaint).
    pub examples: &'static [&'static str],
}

/// A parameter without example links.
pub const fn p(name: &'static str, values: &'static str, meaning: &'static str) -> Param {
    Param {
        name,
        values,
        meaning,
        examples: &[],
    }
}

/// [`p`] with example links.
pub const fn pe(
    name: &'static str,
    values: &'static str,
    meaning: &'static str,
    examples: &'static [&'static str],
) -> Param {
    Param {
        name,
        values,
        meaning,
        examples,
    }
}

/// Parameters every view takes.
pub const COMMON_PARAMS: &[Param] = &[
    p("embed", "1", "The view alone, without Arbor's header, for an <iframe>; a small “Open in Arbor” link leads to the full app."),
    pe("present", "1", "Lecture mode: the view alone, sized for a projector (large caption and labels, high contrast). Page Down / → step forward, Page Up / ← back, B blanks the screen, Escape leaves. “Lecture mode” in the header's Teach menu sets it.", &["#/alphabeta?preset=seed003-alphabeta&step=5&present=1", "#/tour?id=alphabeta-worked&present=1"]),
    p("z", "packed text", "Long values (a large tree's text) packed to keep links short: raw deflate, then base64url. Arbor writes it; values written after it override it."),
    pe("step", "0, 1, 2, …", "The step shown in the alpha-beta and search views (0: before the search starts).", &["#/alphabeta?preset=seed003-alphabeta&step=5", "#/search?algo=bfs&step=4"]),
];
