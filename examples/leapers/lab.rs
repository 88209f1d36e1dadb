//! The lab's report of leapers's rules (`rules.rs`): `cargo test -q --test lab -- 60 60`
//! in this folder prints it, for the grid x < 60, y < 60 (`-- --help` says more). A target
//! of its own, built only when asked: it runs even while the tests do not compile.

mod rules;

fn main() -> std::process::ExitCode {
    lab::run::plane(&rules::Rules, env!("CARGO_PKG_NAME"))
}
