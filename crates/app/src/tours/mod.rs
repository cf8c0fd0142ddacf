//! Guided tours (issue 37): an ordered list of stops, each a view at a step with the teacher's
//! note for it. Arbor ships tours of the seeds' worked examples and of the classics
//! ([`shipped`]); a teacher writes their own ([`draft`]) and shares it as a link or as a small
//! JSON file. Pure: the tour page only draws what is here.

pub mod draft;
pub mod page;
mod shipped;

pub use shipped::shipped;

use serde::{Deserialize, Serialize};

use crate::route::{Route, View};

/// The most stops a tour may have.
pub const MOST_STOPS: usize = 60;
/// The longest note a stop may carry (characters).
pub const LONGEST_NOTE: usize = 2_000;
/// The longest title a tour may carry (characters).
pub const LONGEST_TITLE: usize = 120;

/// One stop of a tour: a view at a step, and what the teacher says about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stop {
    /// The view's link, as the address bar shows it (`#/alphabeta?preset=…&step=5`).
    pub link: String,
    /// The teacher's note for this stop.
    pub note: String,
}

/// A tour: its title, a line on what it teaches, and its stops in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tour {
    /// What the tour is about.
    pub title: String,
    /// One line on what it shows (may be empty).
    #[serde(default)]
    pub about: String,
    /// The stops, in order.
    pub stops: Vec<Stop>,
}

/// A tour Arbor ships, with where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shipped {
    /// Its name in links (`#/tour?id=…`).
    pub id: &'static str,
    /// Where its example comes from ("Seed 003", "AIMA, chapter 5", …).
    pub source: &'static str,
    /// The tour.
    pub tour: Tour,
}

/// The shipped tour named `id`.
pub fn find(id: &str) -> Option<Shipped> {
    shipped().into_iter().find(|s| s.id == id)
}

/// The views a stop may show: a tour cannot stop on the tours themselves, a worksheet or a page
/// that does not exist.
pub fn stop_view_allowed(view: &View) -> bool {
    !matches!(
        view,
        View::Tours | View::Tour | View::Worksheet | View::NotFound(_)
    )
}

impl Stop {
    /// The stop's view, as its link names it (lecture mode and embedding are the tour's, not
    /// the stop's: they are dropped).
    pub fn route(&self) -> Route {
        let mut route = Route::parse(&self.link);
        route.query.retain(|(k, _)| k != "embed" && k != "present");
        route
    }
}

impl Tour {
    /// Checks a tour read from a file or a link: at least one stop, each naming a view a tour
    /// may show, within the limits. The message names the stop that is wrong.
    pub fn check(&self) -> Result<(), String> {
        if self.title.trim().is_empty() {
            return Err("the tour has no title".into());
        }
        if self.title.chars().count() > LONGEST_TITLE {
            return Err(format!(
                "the title is longer than {LONGEST_TITLE} characters"
            ));
        }
        if self.stops.is_empty() {
            return Err("the tour has no stops".into());
        }
        if self.stops.len() > MOST_STOPS {
            return Err(format!(
                "the tour has {} stops; at most {MOST_STOPS} are allowed",
                self.stops.len()
            ));
        }
        for (i, stop) in self.stops.iter().enumerate() {
            let n = i + 1;
            if !stop.link.trim_start().starts_with("#/") {
                return Err(format!(
                    "stop {n}: its link “{}” is not one of Arbor's (it starts with #/)",
                    short(&stop.link)
                ));
            }
            let route = stop.route();
            if !stop_view_allowed(&route.view) {
                return Err(format!(
                    "stop {n}: “{}” is not a view a tour can show",
                    short(&stop.link)
                ));
            }
            if stop.note.chars().count() > LONGEST_NOTE {
                return Err(format!(
                    "stop {n}: its note is longer than {LONGEST_NOTE} characters"
                ));
            }
        }
        Ok(())
    }

    /// Reads a tour from its JSON form (`{"title": …, "about": …, "stops": [{"link": …,
    /// "note": …}, …]}`), checked. A malformed file is named by line and column.
    pub fn from_json(text: &str) -> Result<Tour, String> {
        let tour: Tour = serde_json::from_str(text).map_err(|e| {
            format!(
                "line {}, column {}: {}",
                e.line(),
                e.column(),
                json_problem(&e)
            )
        })?;
        tour.check()?;
        Ok(tour)
    }

    /// The tour as a small JSON file, readable and editable by hand.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// A link quoted in a message: its first 60 characters, invisible ones shown.
fn short(link: &str) -> String {
    let mut out: String = link.chars().take(60).collect();
    if link.chars().count() > 60 {
        out.push('…');
    }
    arbor_util::shown(&out)
}

/// What serde_json says, without its own " at line … column …" (the caller says where).
fn json_problem(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

#[cfg(test)]
mod engine;
#[cfg(test)]
mod tests;
