//! The worker for the Play page's AI and hints (with the opening book, fetched when needed).

fn main() {
    arbor_worker::set_book_loader(Box::new(arbor_web_worker::load_book));
    arbor_web_worker::serve::<arbor_app::play::Request>();
}
