//! The tour page (`#/tour`): which tour, which stop; → and ← move between stops.
//!
//! A shipped tour is named by `id`; a teacher's own travels whole in the link as `tour` (its
//! JSON, packed into `z` like any long value). `stop` is the stop shown, counted from 1.

use super::{find, Tour};
use crate::route::Route;
use crate::url::{p, pe, Param, UrlSettings, UrlWarning};
use crate::Reducer;

/// `#/tour`.
pub const PARAMS: &[Param] = &[
    pe(
        "id",
        "a shipped tour's name",
        "Which of the shipped tours (the list is on #/tours).",
        &["#/tour?id=alphabeta-worked", "#/tour?id=romania&stop=3"],
    ),
    p(
        "tour",
        "a tour's JSON",
        "A tour of your own, whole: what “Share as a link” on #/tours writes (packed into z).",
    ),
    p("stop", "1, 2, …", "The stop shown (default 1)."),
];

/// Which tour a link names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Which {
    /// A shipped tour, by name.
    Shipped(String),
    /// A teacher's own, carried whole.
    Own(Tour),
}

/// The tour page's settings: its link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The tour (`None`: the link named none that could be read).
    pub which: Option<Which>,
    /// The stop shown, from 0.
    pub stop: usize,
}

impl UrlSettings for Settings {
    fn from_route(route: &Route) -> (Self, Vec<UrlWarning>) {
        let mut notes = Vec::new();
        let which = match (route.get("id"), route.get("tour")) {
            (Some(id), _) => Some(Which::Shipped(id.to_string())),
            (None, Some(json)) => match Tour::from_json(json) {
                Ok(tour) => Some(Which::Own(tour)),
                Err(e) => {
                    notes.push(format!("The tour in this link cannot be read: {e}."));
                    None
                }
            },
            (None, None) => None,
        };
        let stop = match route.get("stop").map(str::parse::<usize>) {
            None => 0,
            Some(Ok(n)) if n >= 1 => n - 1,
            Some(_) => {
                notes.push(format!(
                    "“{}” is not a stop (1, 2, …); showing the first.",
                    arbor_util::shown(route.get("stop").unwrap_or(""))
                ));
                0
            }
        };
        (Settings { which, stop }, notes)
    }

    fn to_route(&self, route: &mut Route) {
        route.query.clear();
        match &self.which {
            Some(Which::Shipped(id)) => route.set("id", id.clone()),
            Some(Which::Own(tour)) => {
                route.set("tour", serde_json::to_string(tour).unwrap_or_default())
            }
            None => {}
        }
        if self.which.is_some() && self.stop > 0 {
            route.set("stop", (self.stop + 1).to_string());
        }
    }
}

/// What can happen on the tour page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The next stop (→, PageDown).
    Next,
    /// The stop before (←, PageUp).
    Back,
    /// Stop `i` (from 0), chosen in the list of stops.
    Go(usize),
}

/// The tour page.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Its link.
    pub settings: Settings,
    /// The tour shown, or why there is none.
    pub tour: Result<Tour, String>,
    /// Where it comes from, for a shipped tour.
    pub source: Option<&'static str>,
    /// What was wrong with the link.
    pub notices: Vec<String>,
}

impl State {
    /// The page as `route` opens it: a stop past the end shows the last.
    pub fn new(route: &Route) -> State {
        let (mut settings, notices) = Settings::from_route(route);
        let (tour, source) = match &settings.which {
            Some(Which::Shipped(id)) => match find(id) {
                Some(s) => (Ok(s.tour), Some(s.source)),
                None => (
                    Err(format!(
                        "There is no tour “{}”. The tours Arbor has are listed on the Tours page.",
                        arbor_util::shown(id)
                    )),
                    None,
                ),
            },
            Some(Which::Own(tour)) => (Ok(tour.clone()), None),
            None => (
                Err("This link names no tour. Choose one on the Tours page.".into()),
                None,
            ),
        };
        if let Ok(t) = &tour {
            settings.stop = settings.stop.min(t.stops.len().saturating_sub(1));
        }
        State {
            settings,
            tour,
            source,
            notices,
        }
    }

    /// The number of stops (0 without a tour).
    pub fn len(&self) -> usize {
        self.tour.as_ref().map_or(0, |t| t.stops.len())
    }

    /// True when there is no stop to show.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Reducer for State {
    type Action = Action;

    fn ignores(&self, action: &Action) -> bool {
        let at = self.settings.stop;
        match action {
            Action::Next => at + 1 >= self.len(),
            Action::Back => at == 0,
            Action::Go(i) => *i == at || *i >= self.len(),
        }
    }

    fn apply(&mut self, action: Action) {
        match action {
            Action::Next => self.settings.stop += 1,
            Action::Back => self.settings.stop -= 1,
            Action::Go(i) => self.settings.stop = i,
        }
    }
}

impl crate::PageState for State {
    type Settings = Settings;
    fn open(route: &Route, _fresh_seed: u64) -> Self {
        State::new(route)
    }
    fn settings(&self) -> &Settings {
        &self.settings
    }
}
