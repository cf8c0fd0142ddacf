//! The MCTS page's settings, all in its URL, and how its numbers and moves are written.

use super::*;
use crate::game::label;
use crate::game::{Kind, Rules};
use crate::route::Route;
use crate::url::{UrlSettings, UrlWarning};

/// The settings of the page, all in its URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MctsSettings {
    /// The run.
    pub request: MctsRequest,
    /// The step shown.
    pub step: usize,
}

impl MctsSettings {}

/// Reads an exploration constant (`1.41`, `0.5`, `2`) into hundredths, from 0 to 10.
pub fn parse_exploration(text: &str) -> Result<u32, String> {
    let bad = || format!("“{text}” is not a number from 0 to 10 with at most two decimals");
    let (whole, frac) = text.trim().split_once('.').unwrap_or((text.trim(), ""));
    if frac.len() > 2 || whole.is_empty() && frac.is_empty() {
        return Err(bad());
    }
    let digits = |s: &str| s.is_empty() || s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(frac) || whole.len() > 2 {
        return Err(bad());
    }
    let w: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    let f: u32 = format!("{frac:0<2}").parse().map_err(|_| bad())?;
    let c = w * 100 + f;
    if c > 1000 {
        return Err(bad());
    }
    Ok(c)
}

/// The moves box's hint for a game (`None`: a tree, which has no moves box).
pub fn moves_hint(kind: Option<Kind>) -> &'static str {
    match kind {
        Some(Kind::Nim) => "As on the Play page: pile:take, comma-separated (1:2,1:1); empty for the start.",
        Some(Kind::Connect4) => "Columns 1–7 in order (4453); empty for the start.",
        _ => "Cells by the names the table gives them, a1–c3 (the column's letter, then the row from the top), run together (b2a1); the Play page's 1–9, row by row, are read too. Empty for the start.",
    }
}

/// A game's moves as the page shows them: tic-tac-toe's by the names its tables give them
/// (`b2a1`, whether typed so or as the Play page's cells `51`); the others, and moves that do
/// not read, as they are.
pub fn named_moves(rules: &Rules, text: &str) -> String {
    match rules.parse_moves(text) {
        Ok(moves) if rules.kind == Kind::TicTacToe => moves.iter().map(|&m| label(m, 0)).collect(),
        _ => text.to_string(),
    }
}

/// Hundredths as a number: `1.41`, `2`, `0.5`.
pub fn exploration_text(c: u32) -> String {
    let text = format!("{}.{:02}", c / 100, c % 100);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A reward or a mean, as the page writes it: up to two decimals, no trailing zeros.
pub fn number(v: f64) -> String {
    let text = format!("{:.2}", v);
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    };
    if text == "-0" {
        "0".into()
    } else {
        text.replace('-', "−")
    }
}

impl UrlSettings for MctsSettings {
    /// Reads the settings from a route, keeping defaults for anything missing or wrong and
    /// saying what was wrong.
    fn from_route(route: &Route) -> (Self, Vec<UrlWarning>) {
        let mut request = MctsRequest::default();
        let mut notes = Vec::new();
        if route.get("game").is_some() {
            let (rules, o_first) = crate::game::rules_from_route(route, &mut notes);
            request.iterations = 1000;
            let moves = named_moves(&rules, route.get("moves").unwrap_or(""));
            request.source = MctsSource::Game {
                rules,
                o_first,
                moves,
            };
        } else if let Some(text) = route.get("tree") {
            request.source = MctsSource::Tree(text.to_string());
        }
        if let Some(n) = route.get("n") {
            match n.parse::<u64>() {
                Ok(n) if (1..=MAX_ITERATIONS).contains(&n) => request.iterations = n,
                _ => notes.push(format!(
                    "“{n}” is not a number of iterations (1 to {MAX_ITERATIONS}); using {}.",
                    request.iterations
                )),
            }
        }
        if let Some(c) = route.get("c") {
            match parse_exploration(c) {
                Ok(c) => request.exploration = c,
                Err(e) => notes.push(format!(
                    "The exploration constant in the link: {e}; using 1.41."
                )),
            }
        }
        if let Some(seed) = route.get("seed") {
            match seed.parse::<u64>() {
                Ok(v) => request.seed = v,
                Err(_) => notes.push(format!("“{seed}” is not a seed (a whole number); using 1.")),
            }
        }
        let step = crate::url::step_of(route, &mut notes).unwrap_or(0);
        (MctsSettings { request, step }, notes)
    }

    /// Writes the settings into a route's query.
    fn to_route(&self, route: &mut Route) {
        route.query.clear();
        let r = &self.request;
        match &r.source {
            MctsSource::Tree(text) => route.set("tree", text.clone()),
            MctsSource::Game {
                rules,
                moves,
                o_first,
            } => {
                crate::game::write_rules(route, rules, *o_first);
                route.set("moves", named_moves(rules, moves));
            }
        }
        route.set("n", r.iterations.to_string());
        if r.exploration != DEFAULT_EXPLORATION {
            route.set("c", exploration_text(r.exploration));
        }
        route.set("seed", r.seed.to_string());
        if self.step > 0 {
            route.set("step", self.step.to_string());
        }
    }
}
