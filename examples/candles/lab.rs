//! The lab's report of candles's rules (`rules.rs`), in misère play:
//! `cargo test -q --test lab -- 60` in this folder prints it, for sums of heaps up to 60
//! (`-- --help` says more). A target of its own, built only when asked: it runs even while
//! the tests do not compile.

mod rules;

fn main() -> std::process::ExitCode {
    lab::run::misere(&rules::Rules, env!("CARGO_PKG_NAME"))
}
