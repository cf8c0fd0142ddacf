//! The worker for the search page's recorded searches and its scalability chart.

fn main() {
    arbor_web_worker::serve::<arbor_app::search::Request>();
}
