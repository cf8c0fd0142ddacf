//! Alpha-beta: minimax that skips moves which cannot change the result.
//!
//! One implementation serves every use — the stepper, the CLI, and the games' AI. Inside, it is
//! written in negamax form (a value is from the point of view of the player to move, and a
//! child's value is negated), but it reports every event to its [`Observer`] from MAX's point
//! of view, so a trace reads like the textbook's MAX-VALUE / MIN-VALUE: MAX nodes raise α, MIN
//! nodes lower β, and a node stops when its value reaches the far end of (α, β).
//!
//! Options choose the form and the help it gets: fail-hard or fail-soft values, the order moves
//! are tried in, a depth limit, a transposition table, and a budget of nodes or time.
//!
//! The parts: the options and the search's state here; [`AlphaBeta::solve`]'s null-window
//! bisection in `solve`; the recursive search itself in `node`; move ordering in `order`.

mod node;
mod order;
mod solve;

use std::collections::HashMap;

use arbor_util::{Aborted, Budget, MoveLists};

use crate::game::{Game, INF};
use crate::observe::Observer;
use crate::stats::{Outcome, Stats};
use crate::table::{Slot, Table, Wide};

/// What a node returns when its value lies outside its window (α, β).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Fail {
    /// The value found, even beyond the window: a MAX node cut off at `v ≥ β` returns `v`, a
    /// node whose children all fail low returns their best. This is the textbook pseudocode's
    /// form (`v ← −∞ … return v`). A result `v ≤ α` means the true value is at most `v`; `v ≥ β`
    /// means at least `v`; otherwise it is exact.
    #[default]
    Soft,
    /// The value clamped to the window: a cut-off returns the bound it reached (β at MAX, α at
    /// MIN), and a node that cannot improve on its window returns that window's near end.
    Hard,
}

/// The order in which a node's moves are tried.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ordering {
    /// As the game lists them (left to right in a drawn tree).
    #[default]
    Natural,
    /// Right to left.
    Reversed,
    /// Best static evaluation first, for the player to move.
    Evaluation,
    /// Each node's best move first, by the true values below it: alpha-beta then examines the
    /// fewest nodes possible. Needs the whole game searched in advance (fine for drawn trees).
    Best,
    /// Each node's worst move first: alpha-beta then prunes as little as possible.
    Worst,
}

impl Ordering {
    /// Every ordering, for menus and tests.
    pub const ALL: [Ordering; 5] = [
        Ordering::Natural,
        Ordering::Reversed,
        Ordering::Evaluation,
        Ordering::Best,
        Ordering::Worst,
    ];
}

/// How an alpha-beta search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Options {
    /// Fail-hard or fail-soft.
    pub fail: Fail,
    /// Move order.
    pub ordering: Ordering,
    /// Plies to search before [`Game::evaluate`] stands in for the rest (`None`: to the end).
    pub depth: Option<u32>,
    /// Use a transposition table of `2^bits` entries.
    pub table_bits: Option<u32>,
    /// The root's window (α, β), from MAX's point of view; `(-INF, INF)` for a full search.
    pub window: (i32, i32),
    /// Try the root's moves in an order shuffled by this seed (and never a remembered best
    /// move first there): the move chosen is then a uniformly random one among the best.
    #[serde(default)]
    pub shuffle: Option<u64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            fail: Fail::Soft,
            ordering: Ordering::Natural,
            depth: None,
            table_bits: None,
            window: (-INF, INF),
            shuffle: None,
        }
    }
}

/// An alpha-beta search of one game, reusable across searches: its transposition table and
/// the best moves it found carry over (which is what iterative deepening relies on).
pub struct AlphaBeta<'g, G: Game, S = Wide<<G as Game>::Move>> {
    game: &'g G,
    options: Options,
    table: Option<Table<G::Move, S>>,
    /// The table of the positions `near_from` plies or more below the root, if there is one
    /// (see [`AlphaBeta::set_near_table`]).
    near: Option<Table<G::Move, S>>,
    near_from: u32,
    /// Best move per position from earlier searches, tried first.
    previous_best: HashMap<u64, G::Move>,
    /// Try `previous_best` moves first.
    use_previous: bool,
    /// A solve ends with a search around the exact value (see [`AlphaBeta::set_concluding`]).
    conclude: bool,
    /// That search is under way: the table may not answer its root.
    concluding: bool,
    /// The table never answers the root (see [`AlphaBeta::set_fresh_root`]).
    fresh_root: bool,
    /// True values by (position, remaining depth), for the best and worst orders.
    oracle: HashMap<(u64, u32), i32>,
    stats: Stats,
    /// Nodes valued by the evaluation function because the depth limit stopped there.
    horizon: u64,
    budget: Budget<'g>,
    moves: MoveLists<G::Move>,
    /// Scratch space for sorting moves by key.
    keyed: Vec<(i64, G::Move, u32)>,
    /// The children of each ply's moves, when ordering computed them (in the moves' order).
    children: MoveLists<G::State>,
    /// Children being put in order.
    spare: Vec<G::State>,

    /// A table that grows with the search (see [`AlphaBeta::set_table_growth`]).
    growth: Option<Growth>,
}

/// When and how far the table grows.
#[derive(Clone, Copy, Debug)]
struct Growth {
    /// The table's size to start with, in bits.
    small: u32,
    /// Its size once grown.
    large: u32,
    /// Nodes a search may visit (since the last [`AlphaBeta::forget`]) before the table grows.
    after: u64,
    /// The node count at which it grows (`u64::MAX` once grown).
    at: u64,
}

/// Depth value meaning "to the end of the game".
const FULL: u32 = u32::MAX;

/// The depth left for a child: one less, except in a search to the end of the game, where
/// every result is final whatever the ply (so a table entry answers at any ply).
fn below(remaining: u32) -> u32 {
    if remaining == FULL {
        FULL
    } else {
        remaining.saturating_sub(1)
    }
}

impl<'g, G: Game> AlphaBeta<'g, G> {
    /// A search of `game` with these options and no budget (its table's slots, if any, are
    /// [`Wide`]).
    pub fn new(game: &'g G, options: Options) -> Self {
        Self::with_slots(game, options)
    }
}

impl<'g, G: Game, S: Slot<G::Move>> AlphaBeta<'g, G, S> {
    /// A search of `game` with these options and no budget, whose table (if any) keeps its
    /// entries in `S` slots.
    pub fn with_slots(game: &'g G, options: Options) -> Self {
        AlphaBeta {
            game,
            options,
            table: options.table_bits.map(Table::new),
            near: None,
            near_from: u32::MAX,
            previous_best: HashMap::new(),
            use_previous: false,
            conclude: false,
            concluding: false,
            fresh_root: false,
            oracle: HashMap::new(),
            stats: Stats::default(),
            horizon: 0,
            budget: Budget::unlimited(),
            moves: MoveLists::default(),
            keyed: Vec::new(),
            children: MoveLists::default(),
            spare: Vec::new(),
            growth: None,
        }
    }

    /// Lets the transposition table grow: a search that has visited `after` nodes since the
    /// last [`AlphaBeta::forget`] moves to a table of `2^bits` slots, and `forget` goes back to
    /// the first size (the memory stays: the small table is the large one's first slots). A
    /// small table that stays in the processor's cache is fastest for small searches; a large
    /// one saves most nodes in large ones (the move empties the table: a table is only a cache,
    /// so nothing is wrong, a little is learnt again).
    pub fn set_table_growth(&mut self, bits: u32, after: u64) {
        if let Some(small) = self.options.table_bits {
            self.growth = Some(Growth {
                small,
                large: bits,
                after,
                at: self.stats.visited.saturating_add(after),
            });
        }
    }

    /// Keeps the positions `from_ply` plies or more below the root in a table of their own,
    /// of `2^bits` slots (the search must have a table). Far below the root the positions are
    /// many, each quickly searched, and found again soon after if at all: a small table that
    /// stays in the processor's cache keeps them best. Near the root they are few, each the
    /// root of a large search: the main table keeps them, no longer crowded out. In connect
    /// four's solves this halves the time: most nodes find their slot in the cache, where with
    /// one table most of the time went to waiting on the memory.
    ///
    /// `from_ply` `None` puts every position back in the main table.
    pub fn set_near_table(&mut self, bits: u32, from_ply: Option<u32>) {
        match from_ply {
            Some(ply) if self.table.is_some() => {
                self.near = Some(Table::new(bits));
                self.near_from = ply;
            }
            _ => {
                self.near = None;
                self.near_from = u32::MAX;
            }
        }
    }

    /// [`Self::set_near_table`] with this table and what it holds (from
    /// [`Self::take_near_table`]), to carry it from one search to the next as
    /// [`Self::with_table`] carries the main one.
    pub fn with_near_table(mut self, table: Table<G::Move, S>, from_ply: u32) -> Self {
        self.near = Some(table);
        self.near_from = from_ply;
        self
    }

    /// Hands over the near table; this search keeps every position in its main table after.
    pub fn take_near_table(&mut self) -> Option<Table<G::Move, S>> {
        self.near_from = u32::MAX;
        self.near.take()
    }

    /// The table that keeps the positions `ply` plies below the root.
    #[inline(always)]
    fn table_at(&self, ply: u32) -> Option<&Table<G::Move, S>> {
        if ply >= self.near_from {
            self.near.as_ref()
        } else {
            self.table.as_ref()
        }
    }

    #[cold]
    fn grow_table(&mut self) {
        if let (Some(g), Some(table)) = (self.growth.as_mut(), self.table.as_mut()) {
            g.at = u64::MAX;
            table.set_bits(g.large);
        }
    }

    /// Stops searches that exceed this budget (they return [`Aborted`]).
    pub fn with_budget(mut self, budget: Budget<'g>) -> Self {
        self.budget = budget;
        self
    }

    /// Tries first, at each position, the best move an earlier search found there (the
    /// "best-first from the previous iteration" order of iterative deepening).
    pub fn remember_best_moves(mut self) -> Self {
        self.use_previous = true;
        self
    }

    /// Changes the depth limit (for iterative deepening).
    pub fn set_depth(&mut self, depth: Option<u32>) {
        self.options.depth = depth;
    }

    /// Changes the root's window (MAX's view).
    pub fn set_window(&mut self, window: (i32, i32)) {
        self.options.window = window;
    }

    /// Changes the seed of the root's shuffled move order (`None`: the usual order).
    pub fn set_shuffle(&mut self, seed: Option<u64>) {
        self.options.shuffle = seed;
    }

    /// Searches with this transposition table, and what it holds, from now on (in place of
    /// the options' table): a table kept from one search to the next carries what the first
    /// learnt to the second. Only for a game whose values do not depend on the search (a
    /// search to the end of the game), or a table filled by the same kind of search.
    pub fn with_table(mut self, table: Table<G::Move, S>) -> Self {
        self.table = Some(table);
        self
    }

    /// Hands over the transposition table, to keep it for another search; this search has
    /// none after.
    pub fn take_table(&mut self) -> Option<Table<G::Move, S>> {
        self.table.take()
    }

    /// Forgets everything earlier searches left behind: the transposition table and the
    /// remembered best moves. A search after this runs as if it were the first.
    pub fn forget(&mut self) {
        if let Some(near) = self.near.as_mut() {
            near.clear();
        }
        match self.growth.as_mut() {
            Some(g) if g.at == u64::MAX => {
                g.at = self.stats.visited.saturating_add(g.after);
                if let Some(table) = self.table.as_mut() {
                    table.set_bits(g.small);
                }
            }
            Some(g) => {
                g.at = self.stats.visited.saturating_add(g.after);
                if let Some(table) = self.table.as_mut() {
                    table.clear();
                }
            }
            None => {
                if let Some(table) = self.table.as_mut() {
                    table.clear();
                }
            }
        }
        self.previous_best.clear();
    }

    /// Counts since the search was created.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Nodes valued at the depth limit since the search was created (none means every line
    /// was searched to the end of the game).
    pub fn horizon_evaluations(&self) -> u64 {
        self.horizon
    }

    /// Makes every [`AlphaBeta::solve`] end with one more search, with the window just around
    /// the exact value it found (α = v − 1, β = v + 1). Inside its window that search returns v
    /// exactly, and the move it returns leads to a child worth v: the solve then ends on the
    /// principal variation of the move it chose, valued exactly, which is what a recorded solve
    /// must show. The table may not answer that search's root (it would give a value without
    /// a line); below the root it answers as ever, so the search costs little.
    pub fn set_concluding(&mut self, on: bool) {
        self.conclude = on;
    }

    /// Never lets the table answer a search's root (it only orders the root's moves, when
    /// they are not shuffled): with a table kept from earlier searches, the move a solve
    /// returns is then the one a search from an empty table returns — the first, in the root's
    /// order, whose value settles the solve — so that the solve can be replayed from scratch.
    pub fn set_fresh_root(&mut self, on: bool) {
        self.fresh_root = on;
    }

    /// Searches `root` with the options' window and depth.
    pub fn search<O: Observer<G>>(
        &mut self,
        root: &G::State,
        observer: &mut O,
    ) -> Result<Outcome<G::Move>, Aborted> {
        debug_assert_eq!(self.game.players(), 2, "alpha-beta is for two players");
        let before = self.stats;
        let colour = self.colour(root);
        let (a, b) = self.options.window;
        // The root's window in the mover's view.
        let (alpha, beta) = if colour == 1 { (a, b) } else { (-b, -a) };
        let remaining = self.options.depth.unwrap_or(FULL);
        let (value, best) = self.node(root, None, 0, remaining, alpha, beta, observer)?;
        Ok(Outcome {
            value: colour * value,
            best,
            stats: self.stats.since(&before),
        })
    }

    /// +1 when MAX is to move at `state`, −1 when MIN is.
    fn colour(&self, state: &G::State) -> i32 {
        if self.game.to_move(state) == 0 {
            1
        } else {
            -1
        }
    }
}

/// Alpha-beta with these options, no budget: the root's value for MAX and the best move.
///
/// ```
/// use arbor_game::{alpha_beta, AlphaBetaOptions, GameTree, Quiet};
/// let tree = GameTree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
/// let outcome = alpha_beta(&tree, &tree.root(), &AlphaBetaOptions::default(), &mut Quiet);
/// assert_eq!(outcome.value, 3);
/// assert_eq!(outcome.stats.evaluated, 7); // 4 and 6 are pruned
/// ```
pub fn alpha_beta<G: Game, O: Observer<G>>(
    game: &G,
    root: &G::State,
    options: &Options,
    observer: &mut O,
) -> Outcome<G::Move> {
    AlphaBeta::new(game, *options)
        .search(root, observer)
        .expect("a search without a budget is never aborted")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::Quiet;
    use crate::tree::GameTree;

    fn run(text: &str, options: Options) -> Outcome<crate::tree::NodeId> {
        let tree = GameTree::parse(text).unwrap();
        alpha_beta(&tree, &tree.root(), &options, &mut Quiet)
    }

    #[test]
    fn fail_soft_and_hard_agree_on_the_root() {
        for fail in [Fail::Soft, Fail::Hard] {
            let o = run(
                "[[[2,3],[5,9]],[[0,1],[7,5]]]",
                Options {
                    fail,
                    ..Options::default()
                },
            );
            assert_eq!(o.value, 3);
            assert_eq!(o.stats.evaluated, 5);
        }
    }

    #[test]
    fn a_narrow_window_fails_soft_with_a_bound() {
        // True value 3. A window (5, 9) fails low: the soft value is an upper bound ≤ 5.
        let soft = run(
            "[[3,12,8],[2,4,6],[14,5,2]]",
            Options {
                window: (5, 9),
                ..Options::default()
            },
        );
        assert!(soft.value <= 5 && soft.value >= 3);
        let hard = run(
            "[[3,12,8],[2,4,6],[14,5,2]]",
            Options {
                window: (5, 9),
                fail: Fail::Hard,
                ..Options::default()
            },
        );
        assert_eq!(hard.value, 5);
    }

    #[test]
    fn a_budget_aborts() {
        let tree = GameTree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
        let mut search = AlphaBeta::new(&tree, Options::default()).with_budget(Budget::nodes(4));
        assert!(search.search(&tree.root(), &mut Quiet).is_err());
    }
}
