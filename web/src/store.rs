//! A page's reducer (from `arbor_app`) as Yew state.

use std::ops::Deref;
use std::rc::Rc;

use arbor_app::Reducer;
use yew::Reducible;

/// A page's state for `use_reducer`: the app crate's state and reducer, unchanged.
pub struct Store<S>(Rc<S>);

impl<S> Store<S> {
    /// Wraps a page's first state.
    pub fn new(state: S) -> Store<S> {
        Store(Rc::new(state))
    }
}

impl<S> Deref for Store<S> {
    type Target = S;

    fn deref(&self) -> &S {
        &self.0
    }
}

impl<S: Reducer> Reducible for Store<S> {
    type Action = S::Action;

    /// The page's reducer; when it keeps its state (an action that changes nothing), the store
    /// keeps itself too — the same `Rc` — and Yew skips the render.
    fn reduce(self: Rc<Self>, action: S::Action) -> Rc<Self> {
        if self.0.ignores(&action) {
            return self;
        }
        let inner = match Rc::try_unwrap(self) {
            Ok(store) => store.0,
            Err(shared) => shared.0.clone(),
        };
        Rc::new(Store(S::reduce(inner, action)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbor_app::control::{Control, Stepping, SteppingAction};

    /// A control that changes nothing leaves the same store (no render); one that moves the
    /// step makes a new one.
    #[test]
    fn a_no_op_keeps_the_same_store() {
        let store = Rc::new(Store::new(Stepping {
            step: 3,
            playing: false,
            speed: 500,
        }));
        let same = store
            .clone()
            .reduce(SteppingAction::Control(Control::End, 3));
        assert!(Rc::ptr_eq(&store, &same));
        let same = store.clone().reduce(SteppingAction::Tick(3));
        assert!(Rc::ptr_eq(&store, &same));
        let moved = store
            .clone()
            .reduce(SteppingAction::Control(Control::Back, 3));
        assert!(!Rc::ptr_eq(&store, &moved));
        assert_eq!(moved.step, 2);
    }
}
