//! The worker for the benchmark maps page's searches.

fn main() {
    arbor_web_worker::serve::<arbor_app::maps::Request>();
}
