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

    fn reduce(self: Rc<Self>, action: S::Action) -> Rc<Self> {
        let inner = match Rc::try_unwrap(self) {
            Ok(store) => store.0,
            Err(shared) => shared.0.clone(),
        };
        Rc::new(Store(S::reduce(inner, action)))
    }
}
