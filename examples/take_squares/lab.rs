//! The lab's report of take_squares's rules (`rules.rs`): `cargo test -q --test lab -- 1000`
//! in this folder prints it (`-- --help` says more). A target of its own, built only when
//! asked: it runs even while the tests do not compile.

mod rules;

fn main() -> std::process::ExitCode {
    lab::run::heaps(&rules::Rules, env!("CARGO_PKG_NAME"))
}
