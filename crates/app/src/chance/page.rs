//! The chance stepper page: its settings (all in the URL), state and reducer.

use crate::url::UrlSettings;
use std::rc::Rc;

use arbor_game::presets::chance_preset;
use arbor_game::{GameTree, RandomSpec, RootPlayer, Rule};

use crate::chance::{self, ChanceRun, ChanceSettings, ChanceSource};
use crate::control::{changes, ticks, Control, Playback};
use crate::route::Route;

/// The page's state.
#[derive(Clone)]
pub struct State {
    /// The settings, all in the URL.
    pub settings: ChanceSettings,
    /// The engine's recorded run on the tree (which it holds).
    pub run: Rc<ChanceRun>,
    /// The text box (it may hold a tree that does not parse).
    pub text: String,
    /// What is wrong with the text box's tree or the settings, if anything.
    pub error: Option<String>,
    /// Stepping on its own.
    pub playing: bool,
    /// Milliseconds between steps while playing.
    pub speed: u32,
    /// Notes for the reader: what a link got wrong.
    pub notices: Vec<String>,
    /// The random-tree form (chance levels on).
    pub random: RandomSpec,
}

/// What can happen on the page.
pub enum Action {
    /// A step control.
    Control(Control),
    /// The play timer fired.
    Tick,
    /// Expectimax or expectiminimax.
    Rule(Rule),
    /// Prune with the tree's own leaf range as the bounds, or stop pruning.
    Prune(bool),
    /// State other leaf bounds.
    Bounds(Option<(i32, i32)>),
    /// MIN at the root.
    MinRoot(bool),
    /// Load a preset.
    Preset(&'static str),
    /// Edit the random-tree form.
    RandomForm(RandomSpec),
    /// Build the random tree the form describes.
    Generate,
    /// The text box changed.
    Text(String),
}

/// The random tree the page offers first: two chance levels.
pub fn default_random() -> RandomSpec {
    RandomSpec {
        depth: 4,
        min_branching: 2,
        max_branching: 3,
        low: 0,
        high: 9,
        chance: true,
        ..RandomSpec::default()
    }
}

impl State {
    /// The step controls' hold on the state.
    fn playback(&mut self) -> Playback<'_> {
        Playback {
            step: &mut self.settings.step,
            playing: &mut self.playing,
            speed: &mut self.speed,
        }
    }

    /// The page as the route opens it.
    pub fn new(route: &Route) -> State {
        let (mut settings, mut notices) = ChanceSettings::from_route(route);
        let typed = match &settings.source {
            ChanceSource::Text(t) => Some(t.clone()),
            _ => None,
        };
        let attempt = settings
            .tree()
            .and_then(|tree| chance::run(Rc::new(tree), settings.rule, settings.bounds));
        let (run, error) = match attempt {
            Ok(run) => (run, None),
            Err(e) => {
                notices.push(format!(
                    "The link's tree could not be searched: {e}. Showing the first example instead."
                ));
                let fallback = ChanceSettings::default();
                let tree = fallback.tree().expect("the first preset reads");
                let run = chance::run(Rc::new(tree), fallback.rule, fallback.bounds)
                    .expect("the first preset runs");
                // Keep the broken text in the box to be fixed.
                if typed.is_none() {
                    settings = fallback;
                } else {
                    settings.bounds = fallback.bounds;
                    settings.rule = fallback.rule;
                }
                (run, Some(e))
            }
        };
        let random = match &settings.source {
            ChanceSource::Random(spec) => *spec,
            _ => default_random(),
        };
        let mut state = State {
            text: typed.unwrap_or_else(|| run.tree.to_text()),
            run: Rc::new(run),
            settings,
            error,
            playing: false,
            speed: 800,
            notices,
            random,
        };
        if state.settings.step > state.run.len() {
            state.notices.push(format!(
                "The link asks for step {}, but this search has {} steps; showing the last.",
                state.settings.step,
                state.run.len()
            ));
            state.settings.step = state.run.len();
        }
        state
    }

    /// Runs the search on `tree` under `settings`; on success both become the page's, from
    /// step 0; otherwise the message is shown and nothing else changes.
    fn search(&mut self, tree: GameTree, settings: ChanceSettings) {
        let tree = Rc::new(if settings.min_root {
            tree.with_root_player(RootPlayer::Min)
        } else {
            tree.with_root_player(RootPlayer::Max)
        });
        match chance::run(tree.clone(), settings.rule, settings.bounds) {
            Ok(run) => {
                self.run = Rc::new(run);
                self.settings = ChanceSettings {
                    step: 0,
                    ..settings
                };
                self.error = None;
                self.playing = false;
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// The same tree under changed settings.
    fn again(&mut self, change: impl FnOnce(&mut ChanceSettings)) {
        let mut settings = self.settings.clone();
        change(&mut settings);
        self.search((*self.run.tree).clone(), settings);
    }
}

impl crate::Reducer for State {
    type Action = Action;

    fn ignores(&self, action: &Action) -> bool {
        let s = &self.settings;
        match action {
            Action::Control(c) => !changes(s.step, self.playing, self.speed, self.run.len(), *c),
            Action::Tick => !ticks(self.playing),
            Action::Rule(r) => *r == s.rule,
            Action::Bounds(b) => *b == s.bounds,
            Action::MinRoot(m) => *m == s.min_root,
            Action::RandomForm(spec) => *spec == self.random,
            _ => false,
        }
    }

    fn apply(&mut self, action: Action) {
        let s = self;
        let len = s.run.len();
        match action {
            Action::Control(c) => s.playback().apply(c, len),
            Action::Tick => s.playback().tick(len),
            Action::Rule(rule) => s.again(|x| x.rule = rule),
            Action::Prune(on) => {
                let range = s.run.tree.leaf_range();
                s.again(|x| x.bounds = on.then_some(range));
            }
            Action::Bounds(bounds) => s.again(|x| x.bounds = bounds),
            Action::MinRoot(min) => {
                s.again(|x| x.min_root = min);
                if let ChanceSource::Text(_) = s.settings.source {
                    s.text = s.run.tree.to_text();
                    s.settings.source = ChanceSource::Text(s.text.clone());
                }
            }
            Action::Preset(id) => {
                if let Some(p) = chance_preset(id) {
                    if let Ok(tree) = GameTree::parse(p.tree.text) {
                        s.text = tree.to_text();
                        s.search(tree, ChanceSettings::of_preset(p));
                    }
                }
            }
            Action::RandomForm(spec) => s.random = spec,
            Action::Generate => {
                let spec = RandomSpec {
                    chance: true,
                    ..s.random
                };
                match spec.generate() {
                    Ok(tree) => {
                        s.text = tree.to_text();
                        let mut settings = s.settings.clone();
                        settings.source = ChanceSource::Random(spec);
                        // A random tree's leaves lie in the form's range.
                        if settings.bounds.is_some() {
                            settings.bounds = Some((spec.low, spec.high));
                        }
                        s.search(tree, settings);
                    }
                    Err(e) => s.error = Some(e),
                }
            }
            Action::Text(text) => {
                s.text = text.clone();
                match GameTree::parse(&text) {
                    Ok(tree) => {
                        let mut settings = s.settings.clone();
                        settings.source = ChanceSource::Text(text);
                        settings.min_root = tree.root_player() == RootPlayer::Min;
                        s.search(tree, settings);
                    }
                    Err(e) => s.error = Some(e.to_string()),
                }
            }
        }
    }
}

crate::stepped_page!(State, crate::chance::ChanceSettings);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::View;
    use crate::Reducer;

    fn open(link: &str) -> Rc<State> {
        Rc::new(State::new(&Route::parse(link)))
    }

    #[test]
    fn stepping_rules_bounds_and_text() {
        let s = open("#/chance");
        assert_eq!(s.run.len(), s.run.steps.len());
        let s = s.reduce(Action::Control(Control::End));
        assert_eq!(s.settings.step, s.run.len());
        // Pruning takes the tree's own leaf range, [0, 15].
        let s = s.reduce(Action::Prune(true));
        assert_eq!(s.settings.bounds, Some((0, 15)));
        assert_eq!(s.settings.step, 0);
        assert_eq!(s.run.stats.cutoffs, 1);
        // A bound the leaves break is refused, and the run stays.
        let s = s.reduce(Action::Bounds(Some((0, 5))));
        assert!(s
            .error
            .as_deref()
            .unwrap()
            .contains("outside the stated bounds"));
        assert_eq!(s.settings.bounds, Some((0, 15)));
        for vectors in ["[(1,2,3),(3,2,1)]", "[(1,2),(3,4)]"] {
            let s = s.clone().reduce(Action::Text(vectors.into()));
            assert!(s.error.as_deref().unwrap().contains("not utility vectors"));
        }
        let s = s.reduce(Action::Text("[?[1,2], ?[".into()));
        assert!(s.error.is_some());
        assert_eq!(s.text, "[?[1,2], ?[");
        let s = s.reduce(Action::Text("min [?[1,2], ?[3,4]]".into()));
        assert_eq!(s.error, None);
        assert!(s.settings.min_root);
        let s = s.reduce(Action::Prune(false));
        assert_eq!(s.settings.bounds, None);
        let s = s.reduce(Action::Rule(Rule::Expectiminimax));
        assert_eq!(s.run.value, arbor_game::Ratio::new(3, 2).unwrap());
        let mut route = Route::new(View::Chance);
        s.settings.to_route(&mut route);
        let back = State::new(&Route::parse(&route.to_hash()));
        assert_eq!(back.settings, s.settings);
        assert_eq!(back.run.value, s.run.value);
    }

    #[test]
    fn random_trees_have_chance_levels_and_bounds_follow_the_form() {
        let s = open("#/chance?preset=cs188-expectimax-bounds");
        let s = s.reduce(Action::Generate);
        assert!(s.run.tree.has_chance());
        assert_eq!(s.settings.bounds, Some((0, 9)));
        assert!(matches!(s.settings.source, ChanceSource::Random(_)));
    }

    #[test]
    fn a_broken_link_falls_back_and_says_so() {
        let s = open("#/chance?tree=%5B%3F%5B1%2C2%5D&step=3");
        assert!(s.error.is_some());
        assert_eq!(s.notices.len(), 1, "{:?}", s.notices);
        assert_eq!(s.text, "[?[1,2]");
        let s = open("#/chance?step=999");
        assert_eq!(s.settings.step, s.run.len());
        assert!(s.notices[0].contains("999"));
    }
}
