//! The page, and its search worker: one module. In a window it mounts the app; in a worker (see
//! `arbor_web::worker`) it answers search requests.

fn main() {
    if web_sys::window().is_some() {
        arbor_web::start();
    } else {
        arbor_web::worker::run_worker();
    }
}
