//! The search worker: long searches run here, off the page's main thread.

fn main() {
    arbor_web::worker::run_worker();
}
