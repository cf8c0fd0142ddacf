//! The problem abstraction every search here works on, in the textbook's words.

use std::fmt::Debug;
use std::hash::Hash;

use crate::outcome::Cost;

/// A search problem: a start state, actions with costs, a goal test and (for informed search)
/// a heuristic.
///
/// States change in place — [`Problem::apply`] moves a state along an action and returns what
/// [`Problem::undo`] needs to move it back — so depth-first searches need no copies;
/// [`Problem::result`] makes a copy for the searches that keep many states.
pub trait Problem {
    /// A state.
    type State: Clone + Eq + Hash + Debug;
    /// An action.
    type Action: Copy + Eq + Debug;
    /// What it takes to undo an action.
    type Undo: Copy;

    /// The start state.
    fn start(&self) -> Self::State;

    /// True if `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// The actions possible in a state, in the order they are tried.
    type Actions<'a>: Iterator<Item = Self::Action>
    where
        Self: 'a;

    /// The actions possible in `state`, in the problem's natural order. The iterator borrows
    /// only the problem, so the state may change (and change back) while it runs.
    fn actions<'a>(&'a self, state: &Self::State) -> Self::Actions<'a>;

    /// Moves `state` along `action` (one of its actions).
    fn apply(&self, state: &mut Self::State, action: Self::Action) -> Self::Undo;

    /// Moves `state` back: `undo` is what [`Problem::apply`] returned.
    fn undo(&self, state: &mut Self::State, undo: Self::Undo);

    /// The cost of taking `action` in `state`; 1 unless the problem says otherwise.
    fn step_cost(&self, _state: &Self::State, _action: Self::Action) -> Cost {
        1
    }

    /// True when every action costs 1 ([`Problem::step_cost`] is never anything else): a
    /// path's cost is then its length, and a depth-first search need not count both.
    const UNIT_COSTS: bool = false;

    /// True if `state` is a goal, knowing its heuristic value `h`. A problem whose heuristic is
    /// zero exactly at the goals can answer from `h` alone (IDA* asks this at every node).
    #[inline]
    fn is_goal_given(&self, state: &Self::State, _h: Cost) -> bool {
        self.is_goal(state)
    }

    /// An estimate of the cost from `state` to the nearest goal (0 for uninformed problems).
    /// Admissible heuristics never overestimate; A* and IDA* are optimal with them.
    fn heuristic(&self, _state: &Self::State) -> Cost {
        0
    }

    /// The heuristic of `child`, just reached from a parent whose heuristic was `parent_h` by
    /// `action`. Problems with an incremental heuristic override this; it must equal
    /// [`Problem::heuristic`] of `child`.
    fn heuristic_after(
        &self,
        child: &Self::State,
        _action: Self::Action,
        _undo: Self::Undo,
        _parent_h: Cost,
    ) -> Cost {
        self.heuristic(child)
    }

    /// The heuristic of the child `action` leads to from `state` (whose heuristic is `h`),
    /// known before the move is made, if the problem can tell it that cheaply: IDA* then cuts
    /// a child over its bound without moving to it. `None` (the default): the move is made and
    /// [`Problem::heuristic_after`] asked. When given, it must equal `heuristic_after`.
    #[inline]
    fn heuristic_before(
        &self,
        _state: &Self::State,
        _action: Self::Action,
        _h: Cost,
    ) -> Option<Cost> {
        None
    }

    /// True if `action` undoes `previous` (the move that reached the state): depth-first
    /// searches skip such moves when they check for cycles. `false` unless the problem knows.
    fn reverses(&self, _action: Self::Action, _previous: Self::Action) -> bool {
        false
    }

    /// True when [`Problem::actions_after`] leaves out the moves that [`Problem::reverses`]
    /// names, so that a search need not test each one.
    const LEAVES_OUT_REVERSES: bool = false;

    /// The actions a depth-first search tries in `state`, reached by `previous` (`None` at the
    /// start): [`Problem::actions`], less those that reverse `previous` when `skip_reverses`
    /// (the search checks for cycles). By default all of them, and the search skips the
    /// reverses; a problem with [`Problem::LEAVES_OUT_REVERSES`] leaves them out itself (from
    /// lists made ready for each previous move), in the same order otherwise. (The move in hand
    /// may also tell the problem something about the state it led to.)
    #[inline]
    fn actions_after<'a>(
        &'a self,
        state: &Self::State,
        _previous: Option<Self::Action>,
        _skip_reverses: bool,
    ) -> Self::Actions<'a> {
        self.actions(state)
    }

    /// How many states there are, if the problem numbers them 0, 1, … ([`Problem::dense_index`]);
    /// 0 (the default) if it does not. Graph search then keeps the states it has reached in an
    /// array of that length rather than a hash table: worth it where the states are few enough
    /// to hold them all, and searches reach many of them (a grid's cells).
    fn dense_states(&self) -> usize {
        0
    }

    /// The number of `state`, below [`Problem::dense_states`] (asked only when that is not 0).
    #[inline]
    fn dense_index(&self, _state: &Self::State) -> usize {
        0
    }

    /// The goal states, for searches that work backwards from them (bidirectional search);
    /// empty (the default) when the goal is only a test.
    fn goal_states(&self) -> Vec<Self::State> {
        Vec::new()
    }

    /// The moves into `state`, for searches that work backwards: each state one action before
    /// it, that action (forwards, from that state to this one) and its cost, appended to `out`.
    /// Only asked of problems with [`Problem::goal_states`].
    fn predecessors(
        &self,
        _state: &Self::State,
        _out: &mut Vec<(Self::State, Self::Action, Cost)>,
    ) {
    }

    /// Hands `run` this problem, or an equivalent one whose type fixes some of its settings, so
    /// that a search compiled for it does not test them at every node: the same states,
    /// actions, costs and heuristic values (a sliding puzzle with Manhattan distance hands over
    /// a version with no test of which heuristic is in use). By default, the problem itself.
    fn specialised<R: Run<Self::State, Self::Action, Self::Undo>>(&self, run: R) -> R::Output
    where
        Self: Sized,
    {
        run.run(self)
    }

    /// The state `action` leads to from `state`, as a new state.
    fn result(&self, state: &Self::State, action: Self::Action) -> Self::State {
        let mut next = state.clone();
        self.apply(&mut next, action);
        next
    }
}

/// A search to run on a problem of states `S`, actions `A` and undo records `U` — whichever
/// version of it [`Problem::specialised`] hands over.
pub trait Run<S, A, U> {
    /// What the search returns.
    type Output;

    /// Runs the search on `problem`.
    fn run<Q: Problem<State = S, Action = A, Undo = U>>(self, problem: &Q) -> Self::Output;
}
