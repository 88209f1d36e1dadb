//! The property tests of the library, one module per library module, the tests of the test
//! harness and the bundler, and the examples' tests, in one test target: one binary to link,
//! and all its tests run on every core at once rather than one small target after another.
//! (A problem's tests are its binary's unit tests, `src/bin/NAME/tests.rs`.)
//!
//! `cargo test --test props NAME` runs the tests whose path contains NAME, as
//! `nim::misere_nim_matches_a_game_search`. Proptest keeps the seeds of past failures in
//! `tests/proptest-regressions/MODULE.txt`.
//!
//! A new file here must be named below (`mod_per_file` checks that it is).

// Each program's module holds its tests as a module of the same name
// (`examples::nim_duel::nim_duel`).
#![allow(clippy::module_inception)]

// The shared helpers, as `crate::common` too, and their macro as `crate::binary!`.
extern crate common;
use common::binary;

// The bundler's lexer, for `bundler`: the bundler's own modules find it as `crate::lex`.
#[allow(dead_code)]
#[path = "../../src/bin/bundle/lex.rs"]
mod lex;

mod assertions;
mod bundler;
mod cells;
mod coins;
mod crates;
mod docs;
mod euclid;
mod examples;
mod game;
mod hackenbush;
mod interactive;
mod io;
mod judge;
mod lab_breaks;
mod lab_code;
mod lab_command;
mod lab_digits;
mod lab_formulas;
mod lab_games;
mod lab_grids;
mod lab_misere;
mod lab_none;
mod lab_plane;
mod lab_plane_propose;
mod lab_propose;
mod lab_ratios;
mod lab_rules;
mod lab_search;
mod lab_sectors;
mod lab_wythoff;
mod layers;
mod misere;
mod new;
mod nim;
mod nimber;
mod numbers;
mod octal;
mod partizan;
mod readme;
mod rect;
mod search;
mod sieve;
mod split;
mod subtraction;
mod surreal;
mod walkthroughs;

/// Every `.rs` file beside this one is a module of this target: one left out would never run.
#[test]
fn mod_per_file() {
    let dir = common::bundling::manifest_dir().join("tests/props");
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
