//! One module per view.

pub mod home;
pub mod not_found;
pub mod placeholder;
