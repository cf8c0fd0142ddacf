fn main() {
    arbor_web::start();
}
