//! The heuristics lab (`#/heuristics`): one board's every estimate beside its true distance,
//! Korf's 100 solved with the 6-6-3 pattern database, and the textbook's table of nodes and b* —
//! the page's settings, state and reducer ([`page`]) and what it asks its worker (its `protocol` module).
//! The work itself runs in the worker; every answer carries the request's run number, as the
//! worker stays (with its pattern databases) from one request to the next.

pub mod page;
mod params;
mod protocol;

pub use params::PARAMS;
pub use protocol::*;
