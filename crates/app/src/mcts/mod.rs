//! The MCTS page (`#/mcts`): Monte Carlo tree search (UCT) on an explicit tree or a game position,
//! run by the engine in the worker, and replayed phase by phase from its recorded events —
//! selection with every child's UCB1 terms, expansion, the playout, backpropagation — with
//! the root children's visit shares over the whole run beside their exact minimax values.
//! Nothing here re-derives what the engine did: visits, rewards, UCB1 terms and choices are read
//! from the events.

pub mod page;
mod params;
pub mod practice;
mod record;
mod request;
mod settings;
mod view;

pub use params::PARAMS;
pub use record::*;
pub use request::*;
pub use settings::*;
pub use view::*;

#[cfg(test)]
mod tests;
