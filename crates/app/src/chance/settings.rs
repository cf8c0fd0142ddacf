//! The chance page's settings, all in the URL: the tree's source, MIN at the root, the rule
//! (expectimax or expectiminimax), leaf bounds for pruning and the step.

use crate::route::Route;
use crate::url::{UrlSettings, UrlWarning};
use arbor_game::presets::{chance_preset, ChancePreset, CHANCE_PRESETS};
use arbor_game::{GameTree, RandomSpec, RootPlayer, Rule};

/// Where the tree came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChanceSource {
    /// A preset, by id.
    Preset(&'static str),
    /// A random tree with chance levels.
    Random(RandomSpec),
    /// Typed text.
    Text(String),
}

/// Everything that decides what the page shows; all of it lives in the URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChanceSettings {
    /// The tree's source.
    pub source: ChanceSource,
    /// MIN at the root (expectiminimax).
    pub min_root: bool,
    /// Expectimax or expectiminimax.
    pub rule: Rule,
    /// Leaf bounds for Star1 pruning, if the user states them.
    pub bounds: Option<(i32, i32)>,
    /// The step shown.
    pub step: usize,
}

impl Default for ChanceSettings {
    fn default() -> Self {
        ChanceSettings::of_preset(&CHANCE_PRESETS[0])
    }
}

/// The URL name of a rule.
pub fn rule_key(rule: Rule) -> &'static str {
    match rule {
        Rule::Expectimax => "expectimax",
        Rule::Expectiminimax => "expectiminimax",
    }
}

/// A rule by its URL name.
pub fn rule_of(key: &str) -> Option<Rule> {
    [Rule::Expectimax, Rule::Expectiminimax]
        .into_iter()
        .find(|r| rule_key(*r) == key)
}

/// The menu name of a rule.
pub fn rule_title(rule: Rule) -> &'static str {
    match rule {
        Rule::Expectimax => "Expectimax",
        Rule::Expectiminimax => "Expectiminimax",
    }
}

impl ChanceSettings {
    /// A preset with the search and bounds it is shown with.
    pub fn of_preset(p: &'static ChancePreset) -> ChanceSettings {
        ChanceSettings {
            source: ChanceSource::Preset(p.tree.id),
            min_root: false,
            rule: if p.expectimax {
                Rule::Expectimax
            } else {
                Rule::Expectiminimax
            },
            bounds: p.bounds,
            step: 0,
        }
    }

    /// The tree these settings name.
    pub fn tree(&self) -> Result<GameTree, String> {
        let tree = match &self.source {
            ChanceSource::Preset(id) => {
                let p = chance_preset(id).ok_or_else(|| format!("no chance preset “{id}”"))?;
                GameTree::parse(p.tree.text).map_err(|e| e.to_string())?
            }
            ChanceSource::Random(spec) => spec.generate()?,
            ChanceSource::Text(text) => GameTree::parse(text).map_err(|e| e.to_string())?,
        };
        Ok(if self.min_root {
            tree.with_root_player(RootPlayer::Min)
        } else {
            tree
        })
    }
}

/// Reads leaf bounds `L,U` (or `none`).
pub fn parse_bounds(text: &str) -> Result<Option<(i32, i32)>, String> {
    if text.trim() == "none" {
        return Ok(None);
    }
    arbor_game::parse_bounds(text).map(Some)
}

impl UrlSettings for ChanceSettings {
    /// Reads the settings from a route, keeping defaults for anything missing or wrong and
    /// saying what was wrong.
    fn from_route(route: &Route) -> (Self, Vec<UrlWarning>) {
        let mut s = ChanceSettings::default();
        let mut warnings = Vec::new();
        if let Some(id) = route.get("preset") {
            match chance_preset(id) {
                Some(p) => s = ChanceSettings::of_preset(p),
                None => warnings.push(format!(
                    "There is no chance preset called “{id}”; showing the first one."
                )),
            }
        }
        if let Some(spec) = route.get("random") {
            match crate::url::parse_random(spec) {
                Ok(spec) => {
                    s.source = ChanceSource::Random(RandomSpec {
                        chance: true,
                        ..spec
                    })
                }
                Err(e) => warnings.push(format!("The random tree in the link is not valid ({e}).")),
            }
        }
        if let Some(text) = route.get("tree") {
            s.source = ChanceSource::Text(text.to_string());
        }
        s.min_root = route.get("root") == Some("min");
        if let Some(a) = route.get("algo") {
            match rule_of(a) {
                Some(rule) => s.rule = rule,
                None => warnings.push(format!(
                    "Unknown search “{a}”: expectimax or expectiminimax; using {}.",
                    rule_key(s.rule)
                )),
            }
        }
        if let Some(b) = route.get("bounds") {
            match parse_bounds(b) {
                Ok(bounds) => s.bounds = bounds,
                Err(e) => warnings.push(format!("The leaf bounds in the link: {e}; not pruning.")),
            }
        }
        if let Some(k) = crate::url::step_of(route, &mut warnings) {
            s.step = k;
        }
        (s, warnings)
    }

    /// Writes the settings into a route's query.
    fn to_route(&self, route: &mut Route) {
        route.query.clear();
        match &self.source {
            ChanceSource::Preset(id) => route.set("preset", *id),
            ChanceSource::Random(spec) => route.set("random", crate::url::random_key(spec)),
            ChanceSource::Text(text) => route.set("tree", text.clone()),
        }
        if self.min_root {
            route.set("root", "min");
        }
        route.set("algo", rule_key(self.rule));
        match self.bounds {
            Some((l, u)) => route.set("bounds", format!("{l},{u}")),
            None => route.set("bounds", "none"),
        }
        if self.step > 0 {
            route.set("step", self.step.to_string());
        }
    }
}
