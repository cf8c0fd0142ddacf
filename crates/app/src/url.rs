//! One way to read and write a page's URL: every page's settings implement [`UrlSettings`]
//! (read from a route, saying what was wrong with it; written back), with one kind of warning;
//! and each parameter a page reads is documented as a [`Param`] beside it.

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
    p("z", "packed text", "Long values (a large tree's text) packed to keep links short: raw deflate, then base64url. Arbor writes it; values written after it override it."),
    pe("step", "0, 1, 2, …", "The step shown in the alpha-beta and search views (0: before the search starts).", &["#/alphabeta?preset=seed003-alphabeta&step=5", "#/search?algo=bfs&step=4"]),
];
