//! The worksheet page's state: its settings (its link) and the sheet they make.

use super::{sheet, Kind, Level, Settings, Sheet, MOST_EXERCISES};
use crate::route::Route;
use crate::url::UrlSettings;
use crate::Reducer;

/// What can happen on the worksheet page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Another kind of exercise.
    Kind(Kind),
    /// Another level.
    Level(Level),
    /// Another number of exercises (kept within 1 … [`MOST_EXERCISES`]).
    Count(usize),
    /// Another seed: another sheet.
    Seed(u64),
    /// The answer key shown or hidden.
    ShowKey(bool),
}

/// The worksheet page.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Its link.
    pub settings: Settings,
    /// The sheet the settings make.
    pub sheet: Sheet,
    /// What was wrong with the link.
    pub notices: Vec<String>,
}

impl State {
    /// The page as `route` opens it.
    pub fn new(route: &Route) -> State {
        let (settings, notices) = Settings::from_route(route);
        State {
            sheet: sheet(&settings),
            settings,
            notices,
        }
    }
}

impl Reducer for State {
    type Action = Action;

    fn ignores(&self, action: &Action) -> bool {
        let s = &self.settings;
        match action {
            Action::Kind(k) => *k == s.kind,
            Action::Level(l) => *l == s.level,
            Action::Count(n) => (*n).clamp(1, MOST_EXERCISES) == s.n,
            Action::Seed(seed) => *seed == s.seed,
            Action::ShowKey(on) => *on == s.key,
        }
    }

    fn apply(&mut self, action: Action) {
        let s = &mut self.settings;
        match action {
            Action::Kind(k) => s.kind = k,
            Action::Level(l) => s.level = l,
            Action::Count(n) => s.n = n.clamp(1, MOST_EXERCISES),
            Action::Seed(seed) => s.seed = seed,
            Action::ShowKey(on) => {
                // The key does not change the sheet.
                s.key = on;
                return;
            }
        }
        self.sheet = sheet(&self.settings);
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
