//! The worker for the heuristics lab's databases and tables.

fn main() {
    arbor_web_worker::serve::<arbor_app::heuristics::Request>();
}
