//! The game parts of a link: which game, Nim's piles and variant, who moves first.

use super::*;
use crate::route::Route;
use arbor_games::nim::Piles;

/// Writes the game parts of a route (the inverse of [`rules_from_route`]).
pub(crate) fn write_rules(route: &mut Route, rules: &Rules, o_first: bool) {
    route.set("game", rules.kind.key());
    if rules.kind == Kind::Nim {
        let piles: Vec<String> = rules.piles.iter().map(|p| p.to_string()).collect();
        route.set("piles", piles.join(","));
        route.set(
            "take",
            rules.max_take.map_or("any".to_string(), |m| m.to_string()),
        );
        if rules.misere {
            route.set("misere", "1");
        }
    }
    if o_first {
        route.set("first", "o");
    }
}

/// Reads the game parts of a route (`game`, Nim's `piles`, `take`, `misere`, `first`) — shared
/// by the Play page and the stepper's "search behind a move".
pub fn rules_from_route(route: &Route, notes: &mut Vec<String>) -> (Rules, bool) {
    let kind = match route.get("game") {
        None => Kind::TicTacToe,
        Some(k) => Kind::from_key(k).unwrap_or_else(|| {
            notes.push(format!(
                "“{k}” is not a game here (ttt, c4 or nim); showing tic-tac-toe."
            ));
            Kind::TicTacToe
        }),
    };
    let mut rules = Rules::of(kind);
    if kind == Kind::Nim {
        if let Some(p) = route.get("piles") {
            match Piles::parse(p) {
                Ok(piles) => rules.piles = piles.sizes().to_vec(),
                Err(e) => notes.push(format!("The piles in the link: {e}; using 9.")),
            }
        }
        match route.get("take") {
            None => {}
            Some("any") => rules.max_take = None,
            Some(t) => match t.parse::<u8>() {
                Ok(n) if n >= 1 => rules.max_take = Some(n),
                _ => notes.push(format!(
                    "“{t}” is not a cap on a take (a number, or “any”); using 3."
                )),
            },
        }
        rules.misere = route.get("misere").is_some_and(|v| v == "1");
    }
    let o_first = kind == Kind::TicTacToe && route.get("first") == Some("o");
    (rules, o_first)
}
