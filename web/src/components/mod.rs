//! Presentational components: they draw what they are given.

pub mod tree_svg;
