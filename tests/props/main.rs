//! The property tests, one module per problem binary and per library module, and the
//! bundler's tests, in one test target: one binary to link, and all its tests run on every
//! core at once rather than one small target after another.
//!
//! `cargo test --test props NAME` runs the tests whose path contains NAME, as
//! `hdu6597::verdicts_match_minimax_over_the_sum`. Proptest keeps the seeds of past failures in
//! `tests/proptest-regressions/MODULE.txt`.
//!
//! A new file here must be named below (`mod_per_file` checks that it is).

// Each problem's module holds the binary as a module of the same name (`hdu6597::hdu6597`).
#![allow(clippy::module_inception)]

#[path = "../common/mod.rs"]
mod common;

// The bundler's lexer, for `bundler`: the bundler's own modules find it as `crate::lex`.
#[allow(dead_code)]
#[path = "../../src/bin/bundle/lex.rs"]
mod lex;

mod bundler;
mod card_game;
mod cells;
mod coins;
mod game;
mod hackenbush;
mod hdu6597;
mod hyper_knights;
mod interactive;
mod io;
mod judge;
mod marble_diamond;
mod nim;
mod nim_duel;
mod nim_move;
mod nimber;
mod numbers;
mod octal;
mod partizan;
mod readme;
mod rect;
mod split;
mod subtraction;
mod surreal;
mod take_away;
mod tic_tac_toe_nim;

/// Every `.rs` file beside this one is a module of this target: one left out would never run.
#[test]
fn mod_per_file() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/props");
    let main = std::fs::read_to_string(dir.join("main.rs")).unwrap();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let rust = path.extension().map_or(false, |e| e == "rs");
        if rust && stem != "main" && !main.lines().any(|l| l == format!("mod {stem};")) {
            missing.push(format!("mod {stem};"));
        }
    }
    assert!(
        missing.is_empty(),
        "tests/props/main.rs should declare {}",
        missing.join(" ")
    );
}
