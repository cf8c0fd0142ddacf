//! What a drawn game tree looks like: positions in pixels, shapes, and what each node shows.
//! Built from a [`GameTree`](arbor_game::GameTree) and its tidy [`arbor_layout`] layout; the SVG
//! component only draws it.
//!
//! The tree placed ([`Scene`], from any tree or from a game tree), how big its nodes and words
//! are ([`Metrics`], [`text_width`]), where each word, picture and fold mark goes around a node,
//! and what each node shows at a step ([`NodeMark`], [`Shown`]).

mod fold;
mod game_tree;
mod layout;
mod metrics;
mod picture;
mod places;
mod shown;
mod words;

pub use fold::{fold_mark, fold_top, FoldMark, FOLD_HEIGHT, FOLD_TEXT};
pub use game_tree::SizedTree;
pub use layout::{Margins, Scene, SceneNode, Shape, TreeShape, GAP_X, GAP_Y, MARGIN};
pub use metrics::Metrics;
pub use picture::{
    picture_box, GamePicture, C4_CELL, NIM_ROW, NIM_TEXT, PICTURES_BOTTOM, PICTURE_TOP, TTT_CELL,
};
pub use places::{
    edge_ends, edge_note_place, label_place, note_place, probability_text, shape_box,
    shape_half_at, shape_reach, side_offset, tag_place, value_baseline, window_place,
    EDGE_NOTE_BASELINE, EDGE_NOTE_ROOM, NOTE_BASELINE, SIDE_LABEL_BASELINE, STROKE, TAG_BASELINE,
    WINDOW_BASELINE, WINDOW_LINE, WORD_GAP,
};
pub use shown::{
    data_value, decimal, fraction_data, fraction_end, labels, show_value, vector_text, NodeMark,
    Relation, Shown, Status,
};
pub use words::{number_width, text_box, text_span, text_width, type_size, Rect};
