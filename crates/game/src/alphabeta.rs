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

use std::collections::HashMap;

use arbor_util::{Aborted, Budget, MoveLists, SplitMix64};

use crate::game::{Game, INF};
use crate::observe::{Bound, HitEffect, Observer, Side};
use crate::stats::{Outcome, Stats};
use crate::table::{Entry, Table};

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
pub struct AlphaBeta<'g, G: Game> {
    game: &'g G,
    options: Options,
    table: Option<Table<G::Move>>,
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
    /// A search of `game` with these options and no budget.
    pub fn new(game: &'g G, options: Options) -> Self {
        AlphaBeta {
            game,
            options,
            table: options.table_bits.map(Table::new),
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
    pub fn with_table(mut self, table: Table<G::Move>) -> Self {
        self.table = Some(table);
        self
    }

    /// Hands over the transposition table, to keep it for another search; this search has
    /// none after.
    pub fn take_table(&mut self) -> Option<Table<G::Move>> {
        self.table.take()
    }

    /// Forgets everything earlier searches left behind: the transposition table and the
    /// remembered best moves. A search after this runs as if it were the first.
    pub fn forget(&mut self) {
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

    /// The exact value of `root` (searched to the options' depth) and a best move, found the
    /// way Pons' connect-four solver finds it: null-window searches, each asking only "is the
    /// value above `m`?", halve the range the value can lie in until one value is left. The
    /// range starts at the game's [`Game::bounds`]; the transposition table (if any) carries
    /// what each search learnt to the next. Each search is announced to the observer as an
    /// iteration (1, 2, …).
    pub fn solve<O: Observer<G>>(
        &mut self,
        root: &G::State,
        observer: &mut O,
    ) -> Result<Outcome<G::Move>, Aborted> {
        let bounds = if self.options.depth.is_none() && !self.game.is_terminal(root) {
            self.game.bounds(root)
        } else {
            None
        };
        self.solve_within(root, bounds.unwrap_or((-INF + 1, INF - 1)), observer)
    }

    /// [`Self::solve`], starting from `range` (MAX's view, both ends included) instead of the
    /// game's bounds: a value inside it is exact; a value outside is only known to lie on that
    /// side (it is below `range.0`, or above `range.1`). With the range (−1, 1) this is a
    /// *weak* solve: win, draw or loss, without how soon.
    pub fn solve_within<O: Observer<G>>(
        &mut self,
        root: &G::State,
        range: (i32, i32),
        observer: &mut O,
    ) -> Result<Outcome<G::Move>, Aborted> {
        let saved = self.options.window;
        let result = self.bisect(root, range, observer);
        self.options.window = saved;
        result
    }

    fn bisect<O: Observer<G>>(
        &mut self,
        root: &G::State,
        range: (i32, i32),
        observer: &mut O,
    ) -> Result<Outcome<G::Move>, Aborted> {
        let before = self.stats;
        if self.game.is_terminal(root) || self.options.depth == Some(0) {
            self.options.window = (-INF, INF);
            return self.search(root, observer);
        }
        let colour = self.colour(root);
        let (lo, hi) = range;
        // The range in the mover's view.
        let (mut lo, mut hi) = if colour == 1 { (lo, hi) } else { (-hi, -lo) };
        let max_view = |a: i32, b: i32| if colour == 1 { (a, b) } else { (-b, -a) };
        let mut best = None;
        let mut round = 0;
        // The value found lies outside the range asked for (only its side is known).
        let mut outside = false;
        while lo < hi {
            let mut med = lo + ((i64::from(hi) - i64::from(lo)) / 2) as i32;
            // Pons' refinement: probe nearer zero first, where most values lie.
            if med <= 0 && lo / 2 < med {
                med = lo / 2;
            } else if med >= 0 && hi / 2 > med {
                med = hi / 2;
            }
            round += 1;
            observer.iteration(round);
            self.options.window = max_view(med, med + 1);
            let found = self.search(root, observer)?;
            let r = colour * found.value;
            if r <= med {
                hi = r;
                outside |= r < lo;
            } else {
                // The first move (in the root's order) worth more than `med`: with no move
                // worth more than `lo` after this, it is a best move.
                lo = r;
                best = found.best;
            }
        }
        if outside {
            // Below the range: report the upper bound found (no move is singled out).
            lo = hi;
        } else if self.conclude {
            round += 1;
            observer.iteration(round);
            self.options.window = max_view(lo - 1, lo + 1);
            self.concluding = true;
            let found = self.search(root, observer);
            self.concluding = false;
            let found = found?;
            debug_assert_eq!(
                colour * found.value,
                lo,
                "a value inside its window is exact"
            );
            best = found.best;
        } else if best.is_none() {
            // Every search failed low: ask once more, just below the value, for a move that
            // reaches it.
            round += 1;
            observer.iteration(round);
            self.options.window = max_view(lo - 1, lo);
            best = self.search(root, observer)?.best;
        }
        Ok(Outcome {
            value: colour * lo,
            best,
            stats: self.stats.since(&before),
        })
    }

    fn colour(&self, state: &G::State) -> i32 {
        if self.game.to_move(state) == 0 {
            1
        } else {
            -1
        }
    }

    /// The negamax value of `state` for the player to move, searched with the window
    /// (`alpha`, `beta`) in that player's view, and the best move.
    #[allow(clippy::too_many_arguments)]
    fn node<O: Observer<G>>(
        &mut self,
        state: &G::State,
        mv: Option<G::Move>,
        ply: u32,
        remaining: u32,
        alpha: i32,
        beta: i32,
        observer: &mut O,
    ) -> Result<(i32, Option<G::Move>), Aborted> {
        if let Some(value) =
            self.valued_on_the_spot(state, mv, ply, remaining, alpha, beta, observer)?
        {
            return Ok((value, None));
        }
        self.interior(state, mv, ply, remaining, alpha, beta, observer)
    }

    /// [`Self::node`] for a state known to be neither terminal nor at the depth limit.
    #[allow(clippy::too_many_arguments)]
    fn interior<O: Observer<G>>(
        &mut self,
        state: &G::State,
        mv: Option<G::Move>,
        ply: u32,
        remaining: u32,
        mut alpha: i32,
        mut beta: i32,
        observer: &mut O,
    ) -> Result<(i32, Option<G::Move>), Aborted> {
        debug_assert!(alpha < beta);
        self.stats.visited += 1;
        self.budget.charge(self.stats.visited)?;
        if self.stats.visited & 1023 == 0 && self.growth.is_some_and(|g| self.stats.visited >= g.at)
        {
            self.grow_table();
        }
        let colour = self.colour(state);
        // Everything the observer sees is in MAX's view.
        let max_view = |a: i32, b: i32| if colour == 1 { (a, b) } else { (-b, -a) };
        observer.enter(state, mv, ply, Some(max_view(alpha, beta)));

        // The window as given, before the game's bounds or the table narrow it: a result at or
        // below it is an upper bound.
        let alpha0 = alpha;
        if remaining == FULL {
            if let Some((lo, hi)) = self.game.bounds(state) {
                // The bounds in the mover's view.
                let (lo, hi) = if colour == 1 { (lo, hi) } else { (-hi, -lo) };
                if lo > alpha {
                    alpha = lo;
                    self.report_bound(observer, colour, Side::Alpha, alpha, beta);
                }
                if hi < beta {
                    beta = hi;
                    self.report_bound(observer, colour, Side::Beta, alpha, beta);
                }
                if alpha >= beta {
                    // The bounds alone settle the node: its value is beyond the window.
                    let value = if lo >= beta { lo } else { hi };
                    observer.exit(colour * value, None);
                    return Ok((value, None));
                }
            }
        }
        let key = if self.table.is_some() || self.use_previous {
            self.game.hash(state)
        } else {
            0
        };
        let mut hint = None;
        if let Some(entry) = self.table.as_ref().and_then(|t| t.probe(key)) {
            hint = entry.best;
            let (value, bound) = (entry.value, entry.bound);
            let effect =
                if entry.depth < remaining || (ply == 0 && (self.concluding || self.fresh_root)) {
                    HitEffect::MoveOnly
                } else {
                    match bound {
                        Bound::Exact => HitEffect::Answered,
                        Bound::Lower if value >= beta => HitEffect::Answered,
                        Bound::Upper if value <= alpha => HitEffect::Answered,
                        Bound::Lower if value > alpha => HitEffect::Narrowed,
                        Bound::Upper if value < beta => HitEffect::Narrowed,
                        _ => HitEffect::MoveOnly,
                    }
                };
            if effect != HitEffect::MoveOnly {
                self.stats.table_hits += 1;
            }
            observer.table_hit(
                colour * value,
                max_bound(bound, colour),
                entry.depth,
                effect,
            );
            match effect {
                HitEffect::Answered => {
                    let value = match self.options.fail {
                        Fail::Soft => value,
                        Fail::Hard => value.clamp(alpha, beta),
                    };
                    observer.exit(colour * value, entry.best);
                    return Ok((value, entry.best));
                }
                HitEffect::Narrowed => match bound {
                    Bound::Lower => {
                        alpha = value;
                        self.report_bound(observer, colour, Side::Alpha, alpha, beta);
                    }
                    _ => {
                        beta = value;
                        self.report_bound(observer, colour, Side::Beta, alpha, beta);
                    }
                },
                HitEffect::MoveOnly => {}
            }
        }

        let mut moves = self.moves.take(ply);
        let mut children = self.children.take(ply);
        self.game.actions(state, &mut moves);
        debug_assert!(
            !moves.is_empty(),
            "a state that is not terminal has a legal move"
        );
        let shuffled_root = ply == 0 && self.options.shuffle.is_some();
        if let (true, Some(seed)) = (shuffled_root, self.options.shuffle) {
            SplitMix64(seed).shuffle(&mut moves);
        } else {
            self.order(state, remaining, colour, &mut moves, &mut children);
            let first = hint.or_else(|| {
                self.use_previous
                    .then(|| self.previous_best.get(&key).copied())
                    .flatten()
            });
            if let Some(first) = first {
                if let Some(pos) = moves.iter().position(|&m| m == first) {
                    moves[..=pos].rotate_right(1);
                    if !children.is_empty() {
                        children[..=pos].rotate_right(1);
                    }
                }
            }
        }

        let mut best = -INF;
        let mut best_move = None;
        let mut result = Ok(());
        for i in 0..moves.len() {
            let m = moves[i];
            // Ordering may have made the children already.
            let child = match children.get(i) {
                Some(c) => c.clone(),
                None => self.game.result(state, m),
            };
            let below = below(remaining);
            // Leaves are valued here rather than in a call of their own: most nodes are
            // leaves, and this keeps the search's full frame for inner nodes.
            let searched = match self.valued_on_the_spot(
                &child,
                Some(m),
                ply + 1,
                below,
                -beta,
                -alpha,
                observer,
            ) {
                Ok(Some(v)) => Ok(v),
                Ok(None) => self
                    .interior(&child, Some(m), ply + 1, below, -beta, -alpha, observer)
                    .map(|(v, _)| v),
                Err(e) => Err(e),
            };
            let v = match searched {
                Ok(v) => -v,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            observer.returned(colour * v);
            // Values never reach ±∞, so the first child always sets `best_move`.
            if v > best {
                best = v;
                best_move = Some(m);
            }
            // As the seeds' pseudocode: raise α first, then stop if α ≥ β. (Cutting at v ≥ β
            // before raising α prunes the same moves; this way the trace shows the crossed
            // bounds, as the tutorials draw them.)
            if v > alpha {
                alpha = v;
                self.report_bound(observer, colour, Side::Alpha, alpha, beta);
            }
            if alpha >= beta {
                // A cutoff prunes the moves left; at the last move there is nothing to prune.
                if i + 1 < moves.len() {
                    self.stats.cutoffs += 1;
                    observer.cutoff(colour * v, &moves[i + 1..]);
                }
                break;
            }
        }
        self.moves.give_back(ply, moves);
        self.children.give_back(ply, children);
        result?;

        let value = match self.options.fail {
            Fail::Soft => best,
            Fail::Hard if best >= beta => beta,
            Fail::Hard => alpha,
        };
        if let Some(table) = self.table.as_mut() {
            let bound = if value <= alpha0 {
                Bound::Upper
            } else if value >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            table.store(Entry {
                key,
                value,
                bound,
                depth: remaining,
                best: if bound == Bound::Upper {
                    None
                } else {
                    best_move
                },
            });
            self.stats.table_stores += 1;
            observer.table_store(colour * value, max_bound(bound, colour), remaining);
        }
        if self.use_previous {
            if let Some(m) = best_move {
                self.previous_best.insert(key, m);
            }
        }
        observer.exit(colour * value, best_move);
        Ok((value, best_move))
    }

    /// Tells the observer that the mover's `side` of the window — α (raised by the mover) or
    /// β (lowered) — changed; in MAX's view a MIN node's α is β.
    #[inline(always)]
    fn report_bound<O: Observer<G>>(
        &self,
        observer: &mut O,
        colour: i32,
        side: Side,
        alpha: i32,
        beta: i32,
    ) {
        match (side, colour) {
            (Side::Alpha, 1) => observer.bound(Side::Alpha, alpha),
            (Side::Beta, 1) => observer.bound(Side::Beta, beta),
            (Side::Alpha, _) => observer.bound(Side::Beta, -alpha),
            (Side::Beta, _) => observer.bound(Side::Alpha, -beta),
        }
    }

    /// If `state` is terminal or at the depth limit, visits it as a leaf — entered, valued by
    /// its utility or evaluation, and left — and returns its value for the player to move.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn valued_on_the_spot<O: Observer<G>>(
        &mut self,
        state: &G::State,
        mv: Option<G::Move>,
        ply: u32,
        remaining: u32,
        alpha: i32,
        beta: i32,
        observer: &mut O,
    ) -> Result<Option<i32>, Aborted> {
        let terminal = self.game.is_terminal(state);
        if !terminal && remaining != 0 {
            return Ok(None);
        }
        self.stats.visited += 1;
        self.budget.charge(self.stats.visited)?;
        let colour = self.colour(state);
        let window = if colour == 1 {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        };
        observer.enter(state, mv, ply, Some(window));
        let value = if terminal {
            self.game.utility(state)
        } else {
            self.game.evaluate(state)
        };
        debug_assert!(
            value.abs() < INF,
            "a value must lie strictly between -INF and INF"
        );
        self.stats.evaluated += 1;
        self.horizon += u64::from(!terminal);
        observer.evaluated(value, !terminal);
        observer.exit(value, None);
        Ok(Some(colour * value))
    }

    /// Puts `moves` in the options' order: a stable sort, best key first, so moves with equal
    /// keys keep the game's order. Ordering by the evaluation makes every child: they are left
    /// in `children`, in the moves' new order (otherwise `children` stays empty).
    fn order(
        &mut self,
        state: &G::State,
        remaining: u32,
        colour: i32,
        moves: &mut [G::Move],
        children: &mut Vec<G::State>,
    ) {
        match self.options.ordering {
            Ordering::Natural => {}
            Ordering::Reversed => moves.reverse(),
            Ordering::Evaluation | Ordering::Best | Ordering::Worst => {
                let evaluation = self.options.ordering == Ordering::Evaluation;
                let mut keyed = std::mem::take(&mut self.keyed);
                keyed.clear();
                let mut made = std::mem::take(&mut self.spare);
                made.clear();
                for (i, &m) in moves.iter().enumerate() {
                    let child = self.game.result(state, m);
                    let score = match self.options.ordering {
                        Ordering::Evaluation => colour * self.game.evaluate(&child),
                        Ordering::Best => colour * self.true_value(&child, below(remaining)),
                        _ => -colour * self.true_value(&child, below(remaining)),
                    };
                    keyed.push((i64::from(score), m, i as u32));
                    if evaluation {
                        made.push(child);
                    }
                }
                if keyed.len() <= 16 {
                    // Insertion sort: no allocation, and fastest for a handful of moves.
                    for i in 1..keyed.len() {
                        let item = keyed[i];
                        let mut j = i;
                        while j > 0 && keyed[j - 1].0 < item.0 {
                            keyed[j] = keyed[j - 1];
                            j -= 1;
                        }
                        keyed[j] = item;
                    }
                } else {
                    keyed.sort_by_key(|&(k, _, _)| std::cmp::Reverse(k));
                }
                for (slot, &(_, m, _)) in moves.iter_mut().zip(keyed.iter()) {
                    *slot = m;
                }
                if evaluation {
                    children.extend(keyed.iter().map(|&(_, _, i)| made[i as usize].clone()));
                }
                self.keyed = keyed;
                self.spare = made;
            }
        }
    }

    /// The minimax value (MAX's view) of `state` searched `remaining` plies deep, computed once
    /// and remembered. Not counted in the statistics: it stands for perfect knowledge.
    fn true_value(&mut self, state: &G::State, remaining: u32) -> i32 {
        let key = (self.game.hash(state), remaining);
        if let Some(&v) = self.oracle.get(&key) {
            return v;
        }
        let v = if self.game.is_terminal(state) {
            self.game.utility(state)
        } else if remaining == 0 {
            self.game.evaluate(state)
        } else {
            let maximizing = self.game.to_move(state) == 0;
            let mut moves = Vec::new();
            self.game.actions(state, &mut moves);
            let mut best = if maximizing { -INF } else { INF };
            for m in moves {
                let child = self.game.result(state, m);
                let v = self.true_value(&child, below(remaining));
                best = if maximizing { best.max(v) } else { best.min(v) };
            }
            best
        };
        self.oracle.insert(key, v);
        v
    }
}

/// A bound in the mover's view, seen from MAX's: at a MIN node lower and upper swap.
fn max_bound(bound: Bound, colour: i32) -> Bound {
    match (bound, colour) {
        (Bound::Lower, -1) => Bound::Upper,
        (Bound::Upper, -1) => Bound::Lower,
        (b, _) => b,
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
