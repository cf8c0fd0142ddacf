//! The worker for the MCTS page's runs.

fn main() {
    arbor_web_worker::serve::<arbor_app::mcts::Request>();
}
