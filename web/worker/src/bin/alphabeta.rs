//! The worker for the stepper's search behind an AI move.

fn main() {
    arbor_web_worker::serve::<arbor_app::alphabeta::Request>();
}
