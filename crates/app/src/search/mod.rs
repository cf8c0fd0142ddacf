//! The search page (`#/search`), pure and tested natively: what to search (the problem and the
//! settings, read from and written to the URL), what each drawn node of the search tree and each
//! grid cell shows at a step, the captions and pseudocode, the page's state and reducer
//! ([`page`]) and its practice ([`practice`]).

pub mod caption;
mod drawing;
pub mod heuristic_note;
pub mod line;
mod marks;
pub mod page;
mod params;
pub mod practice;
mod problem;
mod protocol;
pub mod record;
mod settings;
pub mod tree_scene;
mod words;

pub use drawing::*;
pub use marks::*;
pub use params::PARAMS;
pub use problem::*;
pub use protocol::*;
pub use settings::*;
pub use words::*;
