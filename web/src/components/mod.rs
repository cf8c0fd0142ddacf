//! Presentational components: they draw what they are given.

pub mod board;
pub mod controls;
pub mod exercise;
pub mod export;
pub mod game_look;
pub mod grid_canvas;
pub mod legend;
pub mod practice_look;
pub mod pseudocode;
pub mod random_form;
pub mod search_look;
pub mod share;
pub mod svg_numbers;
pub mod tree_input;
pub mod tree_svg;
pub mod tree_view;
pub mod whole_tree;
