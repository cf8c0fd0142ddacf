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

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::worksheet::{KINDS, LEVELS};
    use proptest::prelude::*;
    use std::rc::Rc;

    fn action() -> impl Strategy<Value = Action> {
        prop_oneof![
            (0..KINDS.len()).prop_map(|i| Action::Kind(KINDS[i])),
            (0..LEVELS.len()).prop_map(|i| Action::Level(LEVELS[i])),
            (0..30usize).prop_map(Action::Count),
            (0..4u64).prop_map(Action::Seed),
            any::<bool>().prop_map(Action::ShowKey),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Whatever is chosen, the sheet shown is the sheet its settings make (so its link
        /// makes it again), with as many exercises as asked, within the limits; an ignored
        /// action changes nothing.
        #[test]
        fn the_sheet_is_always_its_settings_sheet(actions in proptest::collection::vec(action(), 0..8)) {
            let mut s = Rc::new(State::new(&Route::parse("#/worksheet?n=2&level=easy")));
            for a in actions {
                let before = (*s).clone();
                let ignored = s.ignores(&a);
                s = s.reduce(a);
                if ignored {
                    prop_assert_eq!(&*s, &before);
                }
                prop_assert!((1..=MOST_EXERCISES).contains(&s.settings.n));
                prop_assert_eq!(s.sheet.exercises.len(), s.settings.n);
                prop_assert_eq!(&s.sheet, &sheet(&s.settings));
                let mut route = Route::new(crate::route::View::Worksheet);
                s.settings.to_route(&mut route);
                prop_assert_eq!(&State::new(&route).sheet, &s.sheet);
            }
        }
    }
}
