//! The page's URL parameters, as the teachers' page documents them.

use crate::url::{p, pe, Param};

/// `#/play`.
pub const PARAMS: &[Param] = &[
    p("game", "ttt, c4, nim", "The game."),
    pe("p1, p2", "human, or a level: d1, d2, d4, perfect (ttt); d1, d2, perfect (nim); seed1, seed2, seed4, threats6, threats8, perfect (c4); MCTS: mcts100, mcts1000 (ttt, nim), mcts1000, mcts10000 (c4), mcts-time (all)", "Who plays first and second. An MCTS player's moves open their tree on the MCTS page.", &["#/play?game=ttt&p1=d4&p2=human", "#/play?game=nim&p1=human&p2=d2", "#/play?game=c4&p1=human&p2=threats8", "#/play?game=c4&p1=human&p2=mcts10000"]),
    p("first", "o", "Tic-tac-toe: the first player plays O."),
    pe("moves", "ttt: cells 1–9, run together; c4: columns 1–7, run together, as in Pons' files; nim: pile:take pairs, comma-separated", "The moves so far: the position.", &["#/play?game=ttt&moves=519", "#/play?game=c4&moves=4453", "#/play?game=nim&piles=3,4,5&take=any&moves=1:3,2:1"]),
    pe("piles", "e.g. 9 or 3,4,5", "Nim's piles.", &["#/play?game=nim&piles=9", "#/play?game=nim&piles=3,4,5"]),
    pe("take", "1 … 31, or any", "Nim: the most one move may take.", &["#/play?game=nim&take=2", "#/play?game=nim&piles=3,4,5&take=any"]),
    p("misere", "1", "Nim: whoever takes the last object loses."),
    p("hints", "1", "Show every move's score on your turn."),
    pe("seed", "a number", "The seed of the AI's random choice among equally good moves: a link with a seed replays the same game; without one, every game draws its own.", &["#/play?game=ttt&p1=perfect&p2=perfect&seed=12345"]),
    pe("think", "1 … 60", "Seconds the perfect connect-four player, and MCTS as time allows, may think.", &["#/play?game=c4&p2=perfect&think=10", "#/play?game=ttt&p2=mcts-time&think=1"]),
];
