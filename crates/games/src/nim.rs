//! Nim: piles of matches; a move takes one or more from a single pile (at most `max_take`, if
//! the rules cap it). Under normal play whoever takes the last match wins; under misère play
//! whoever takes it loses. Seed 001's game is one pile of 9 (or 4), taking 1 to 3, normal play.

use arbor_game::Game;

/// Most piles.
pub const MAX_PILES: usize = 6;
/// Most matches in a pile.
pub const MAX_PILE: u8 = 31;
/// Most positions a game may have (the product of pile sizes plus one), so that perfect play
/// stays quick.
pub const MAX_POSITIONS: u64 = 2_000_000;

/// The rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Nim {
    /// Most matches one move may take (`None`: any number).
    pub max_take: Option<u8>,
    /// Whoever takes the last match loses.
    pub misere: bool,
}

impl Default for Nim {
    /// Seed 001's rules: take 1 to 3, taking the last wins.
    fn default() -> Self {
        Nim {
            max_take: Some(3),
            misere: false,
        }
    }
}

/// A position: the piles and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piles {
    piles: [u8; MAX_PILES],
    count: u8,
    to_move: u8,
}

/// A move: take `take` matches from pile `pile` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Take {
    /// The pile.
    pub pile: u8,
    /// How many.
    pub take: u8,
}

impl Piles {
    /// Piles of these sizes, the first player (MAX) to move.
    pub fn new(sizes: &[u8]) -> Result<Piles, String> {
        if sizes.is_empty() || sizes.len() > MAX_PILES {
            return Err(format!("Nim needs 1 to {MAX_PILES} piles"));
        }
        if let Some(i) = sizes.iter().position(|&s| s > MAX_PILE) {
            return Err(format!(
                "pile {} has {} matches; at most {MAX_PILE}",
                i + 1,
                sizes[i]
            ));
        }
        let positions: u64 = sizes.iter().map(|&s| u64::from(s) + 1).product();
        if positions > MAX_POSITIONS {
            return Err(format!(
                "these piles make {positions} positions; at most {MAX_POSITIONS} keep perfect play quick"
            ));
        }
        let mut piles = [0; MAX_PILES];
        piles[..sizes.len()].copy_from_slice(sizes);
        Ok(Piles {
            piles,
            count: sizes.len() as u8,
            to_move: 0,
        })
    }

    /// Reads pile sizes separated by commas or spaces: `9`, `3,4,5`.
    pub fn parse(text: &str) -> Result<Piles, String> {
        let mut sizes = Vec::new();
        for (i, part) in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|p| !p.is_empty())
            .enumerate()
        {
            let n: u8 = part.parse().map_err(|_| {
                format!(
                    "pile {} is '{}': a pile is a number of matches, 0 to {MAX_PILE}",
                    i + 1,
                    arbor_util::shown(part)
                )
            })?;
            sizes.push(n);
        }
        Piles::new(&sizes)
    }

    /// The same piles with the other player to move.
    pub fn with_mover(mut self, player: usize) -> Piles {
        self.to_move = (player % 2) as u8;
        self
    }

    /// The pile sizes.
    pub fn sizes(&self) -> &[u8] {
        &self.piles[..self.count as usize]
    }

    /// The player to move: 0 (MAX, who started) or 1.
    pub fn to_move(&self) -> usize {
        usize::from(self.to_move)
    }

    /// True once every pile is empty.
    pub fn is_empty(&self) -> bool {
        self.sizes().iter().all(|&s| s == 0)
    }

    /// True if the move is allowed under `rules`.
    pub fn can_play(&self, rules: &Nim, mv: Take) -> bool {
        (mv.pile as usize) < self.count as usize
            && mv.take >= 1
            && mv.take <= self.piles[mv.pile as usize]
            && rules.max_take.is_none_or(|m| mv.take <= m)
    }

    /// The position after a move that [`Piles::can_play`] allows. The subtraction cannot wrap:
    /// a take larger than its pile (which `can_play` refuses) would empty the pile, never fill
    /// it with 250-odd matches.
    pub fn play(&self, mv: Take) -> Piles {
        debug_assert!(
            mv.take <= self.piles[mv.pile as usize],
            "an illegal Nim move"
        );
        let mut p = *self;
        let pile = &mut p.piles[mv.pile as usize];
        *pile = pile.saturating_sub(mv.take);
        p.to_move ^= 1;
        p
    }

    /// The winner of a finished game under `rules`.
    pub fn winner(&self, rules: &Nim) -> Option<usize> {
        if !self.is_empty() {
            return None;
        }
        // Under normal play the player who took the last match (not the one to move) won.
        let last = 1 - self.to_move();
        Some(if rules.misere { 1 - last } else { last })
    }

    fn key(&self) -> u64 {
        self.sizes()
            .iter()
            .fold(u64::from(self.to_move), |k, &s| k << 5 | u64::from(s))
    }
}

impl Game for Nim {
    type State = Piles;
    type Move = Take;

    fn to_move(&self, state: &Piles) -> usize {
        state.to_move()
    }

    fn actions(&self, state: &Piles, moves: &mut Vec<Take>) {
        for (pile, &size) in state.sizes().iter().enumerate() {
            let most = self.max_take.map_or(size, |m| m.min(size));
            moves.extend((1..=most).map(|take| Take {
                pile: pile as u8,
                take,
            }));
        }
    }

    fn result(&self, state: &Piles, mv: Take) -> Piles {
        state.play(mv)
    }

    fn is_terminal(&self, state: &Piles) -> bool {
        state.is_empty()
    }

    /// +1 when MAX wins, −1 when MIN does (seed 001).
    fn utility(&self, state: &Piles) -> i32 {
        match state.winner(self) {
            Some(0) => 1,
            Some(_) => -1,
            None => 0,
        }
    }

    /// Beyond a depth limit nothing is known: 0.
    fn evaluate(&self, state: &Piles) -> i32 {
        self.utility(state)
    }

    fn hash(&self, state: &Piles) -> u64 {
        arbor_util::mix64(state.key())
    }
}

/// The theory of Nim: does the player to move win with perfect play? Normal play: take `m` at
/// most from each pile (or any number); a pile is worth its size modulo `m + 1`, and the mover
/// wins when the piles' values do not all cancel (their exclusive or, the nim-sum, is not 0).
/// Misère play with any number: the same, except when no pile holds more than one match — then
/// the mover wins when an even number of piles are left.
///
/// `None` for misère play with a capped take, where no such simple rule holds.
pub fn mover_wins_by_theory(rules: &Nim, sizes: &[u8]) -> Option<bool> {
    let value = |s: u8| rules.max_take.map_or(s, |m| s % (m + 1));
    let nim_sum = sizes.iter().fold(0u8, |x, &s| x ^ value(s));
    match (rules.misere, rules.max_take) {
        (false, _) => Some(nim_sum != 0),
        (true, None) => {
            if sizes.iter().all(|&s| s <= 1) {
                Some(sizes.iter().filter(|&&s| s == 1).count() % 2 == 0)
            } else {
                Some(nim_sum != 0)
            }
        }
        (true, Some(_)) => None,
    }
}
