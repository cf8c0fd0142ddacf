//! A teacher's own tour in the making: stops added from any view ("Add this view as a stop"),
//! notes written, stops moved and removed, then shared. The web app keeps it in the browser's
//! storage as [`Tour::to_json`]; this is its pure reducer.

use super::{Stop, Tour, LONGEST_NOTE, LONGEST_TITLE, MOST_STOPS};
use crate::Reducer;

/// What a teacher does to their tour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DraftAction {
    /// Adds a stop at the end (ignored once the tour has [`MOST_STOPS`]).
    Add(Stop),
    /// Sets the tour's title.
    Title(String),
    /// Sets stop `i`'s note.
    Note(usize, String),
    /// Moves stop `i` one place earlier.
    Up(usize),
    /// Moves stop `i` one place later.
    Down(usize),
    /// Removes stop `i`.
    Remove(usize),
    /// Replaces the tour by one opened from a file or a link.
    Load(Tour),
    /// Starts again with no stops.
    Clear,
}

/// The title a new tour has until the teacher names it.
pub const UNTITLED: &str = "My tour";

/// A teacher's tour in the making.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    /// The tour as it stands (it may have no stops yet).
    pub tour: Tour,
}

impl Default for Draft {
    fn default() -> Self {
        Draft {
            tour: Tour {
                title: UNTITLED.into(),
                about: String::new(),
                stops: Vec::new(),
            },
        }
    }
}

impl Draft {
    /// The draft kept in storage, or a new one when there is none or it cannot be read.
    pub fn from_storage(text: Option<&str>) -> Draft {
        text.and_then(|t| serde_json::from_str::<Tour>(t).ok())
            .map(|mut tour| {
                clip(&mut tour);
                Draft { tour }
            })
            .unwrap_or_default()
    }
}

/// Keeps a tour within the limits (a stored draft may have been edited by hand).
fn clip(tour: &mut Tour) {
    tour.stops.truncate(MOST_STOPS);
    tour.title = tour.title.chars().take(LONGEST_TITLE).collect();
    for stop in &mut tour.stops {
        stop.note = stop.note.chars().take(LONGEST_NOTE).collect();
    }
}

impl Reducer for Draft {
    type Action = DraftAction;

    fn ignores(&self, action: &DraftAction) -> bool {
        let n = self.tour.stops.len();
        match action {
            DraftAction::Add(_) => n >= MOST_STOPS,
            DraftAction::Title(t) => *t == self.tour.title,
            DraftAction::Note(i, note) => self.tour.stops.get(*i).is_none_or(|s| s.note == *note),
            DraftAction::Up(i) => *i == 0 || *i >= n,
            DraftAction::Down(i) => *i + 1 >= n,
            DraftAction::Remove(i) => *i >= n,
            DraftAction::Load(tour) => *tour == self.tour,
            DraftAction::Clear => *self == Draft::default(),
        }
    }

    fn apply(&mut self, action: DraftAction) {
        let stops = &mut self.tour.stops;
        match action {
            DraftAction::Add(mut stop) => {
                stop.note = stop.note.chars().take(LONGEST_NOTE).collect();
                stops.push(stop);
            }
            DraftAction::Title(t) => self.tour.title = t.chars().take(LONGEST_TITLE).collect(),
            DraftAction::Note(i, note) => stops[i].note = note.chars().take(LONGEST_NOTE).collect(),
            DraftAction::Up(i) => stops.swap(i - 1, i),
            DraftAction::Down(i) => stops.swap(i, i + 1),
            DraftAction::Remove(i) => {
                stops.remove(i);
            }
            DraftAction::Load(mut tour) => {
                clip(&mut tour);
                self.tour = tour;
            }
            DraftAction::Clear => *self = Draft::default(),
        }
    }
}
