//! With the `split` feature (`cargo xtask dist`), the app is linked with its relocations, which
//! the splitter needs to move code between modules (see xtask/src/split.rs). Only the app's
//! binary: the worker and the tests link as usual.

fn main() {
    println!("cargo:rerun-if-env-changed=CARGO_FEATURE_SPLIT");
    if std::env::var_os("CARGO_FEATURE_SPLIT").is_some() {
        println!("cargo:rustc-link-arg-bin=arbor-web=--emit-relocs");
    }
}
