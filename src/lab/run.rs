//! The lab's report of a program's rules, from the command line: the `main` of a program's
//! `lab.rs`, a test target of its own that cargo builds only when asked, so that it runs
//! even while the program's tests do not compile:
//!
//! ```text
//! cargo test -q --test lab -- [N] [--win-lose | --misere]           (in src/bin/NAME/)
//! cargo test -q --test lab -- [ROWS [COLS]] [--win-lose | --misere]  (a Plane game)
//! ```
//!
//! `N` is the table's length (the states `0..N`; 1000 unless given), `ROWS x COLS` the
//! grid's (100 x 100 unless given; `ROWS` alone is a square). Values are Grundy values in
//! normal play unless `--win-lose` asks for win/lose; `--misere` asks for misère play: for
//! heaps, the misère report of sums of heaps up to `N` (`misere_report`: genus, tameness,
//! the quotient; 60 heaps unless given), for a grid, win/lose in misère play. A misère game's
//! `lab.rs` calls [`misere`], which reports misère play unless `--normal` asks otherwise. A
//! grid's picture is written under the target folder, `target/lab/NAME.png`, never into the
//! sources, and the report says where.
//! Layer 7: uses `rules`, `tables`, `misere_report` and `report`.

use crate::misere_report;
use crate::report::{explore, explore_plane};
use crate::rules::{Heap, Plane};
use crate::tables::Values;
use std::path::PathBuf;
use std::process::ExitCode;

/// The command line's help.
const USAGE: &str =
    "usage: cargo test -q --test lab -- [N | ROWS [COLS]] [--win-lose | --misere | --normal]
Prints the lab's report of the rules in rules.rs: the values of the states 0..N (1000 unless
given), or of the grid ROWS x COLS (100 x 100 unless given) for a game on pairs (x, y);
Grundy values in normal play, or win/lose in normal play (--win-lose); --misere: misère play
(for heaps, the misère quotient of sums of heaps up to N, 60 unless given). A grid's picture
goes to target/lab/NAME.png.";

/// What the command line asks for: the sizes given, and the kind of values.
#[derive(Debug, PartialEq, Eq)]
struct Asked {
    sizes: Vec<usize>,
    kind: Values,
}

/// Reads the command line `args`: `Ok(None)` for `--help`.
fn asked(args: &[String]) -> Result<Option<Asked>, String> {
    let (mut sizes, mut kind) = (Vec::new(), Values::Grundy);
    for arg in args {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--win-lose" => kind = Values::WinLose,
            "--misere" => kind = Values::Misere,
            "--normal" => kind = Values::Grundy,
            // cargo passes these to every test target; they ask nothing of the lab.
            "-q" | "--quiet" | "--nocapture" => {}
            size => match size.parse::<usize>() {
                Ok(n) if n > 0 && sizes.len() < 2 => sizes.push(n),
                _ => return Err(format!("{size:?} is no size\n{USAGE}")),
            },
        }
    }
    Ok(Some(Asked { sizes, kind }))
}

/// Runs `report` on the command line's request, printing the report or the error.
fn run(report: impl FnOnce(Asked) -> Result<String, String>) -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = match asked(&args) {
        Ok(Some(asked)) => report(asked),
        Ok(None) => Ok(format!("{USAGE}\n")),
        Err(e) => Err(e),
    };
    match text {
        Ok(text) => {
            print!("{}", text);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {}", e);
            ExitCode::FAILURE
        }
    }
}

/// The `main` of the lab target of program `name` whose rules are the heap game `rules`:
/// its report of the states `0..N`, as the command line asks (see the module doc).
///
/// # Complexity
/// That of `report::explore`.
pub fn heaps<G: Heap + ?Sized>(rules: &G, name: &str) -> ExitCode {
    run(|asked| heaps_report(rules, name, asked))
}

/// The `main` of the lab target of program `name`, a misère heap game: as [`heaps`], but
/// the misère report unless the command line asks for normal play (`--normal`).
///
/// # Complexity
/// That of `misere_report::explore`.
pub fn misere<G: Heap + ?Sized>(rules: &G, name: &str) -> ExitCode {
    let misere = !std::env::args().any(|a| a == "--normal" || a == "--win-lose");
    run(|mut asked| {
        if misere {
            asked.kind = Values::Misere;
        }
        heaps_report(rules, name, asked)
    })
}

/// The report of `rules`' heaps that `asked` asks for.
fn heaps_report<G: Heap + ?Sized>(rules: &G, name: &str, asked: Asked) -> Result<String, String> {
    if asked.sizes.len() > 1 {
        return Err(format!("{}: a heap game's table has one size", name));
    }
    let report = match asked.kind {
        Values::Misere => {
            let heaps = asked.sizes.first().copied().unwrap_or(60);
            misere_report::explore(rules, heaps)
        }
        kind => explore(rules, asked.sizes.first().copied().unwrap_or(1000), kind),
    };
    report.map_err(|e| format!("{}: {}", name, e))
}

/// The `main` of the lab target of program `name` whose rules are the game on pairs
/// `rules`: its report of the grid `ROWS x COLS`, its picture written to
/// `target/lab/NAME.png` (see the module doc).
///
/// # Complexity
/// That of `report::explore_plane`.
pub fn plane<G: Plane + ?Sized>(rules: &G, name: &str) -> ExitCode {
    run(|asked| {
        let rows = asked.sizes.first().copied().unwrap_or(100);
        let cols = asked.sizes.get(1).copied().unwrap_or(rows);
        let image = image_path(name);
        if let Some(dir) = image.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let image = image.to_string_lossy().into_owned();
        explore_plane(rules, rows, cols, asked.kind, &image).map_err(|e| format!("{}: {}", name, e))
    })
}

/// Where the picture `NAME.png` goes: `lab/` in the target folder of the running program
/// (`target/<profile>/` holds a binary, `target/<profile>/deps/` a test), or in the
/// system's temporary folder when that cannot be told.
pub fn image_path(name: &str) -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_default();
    let profile = exe.parent().map(|dir| match dir.file_name() {
        Some(deps) if deps == "deps" => dir.parent().unwrap_or(dir),
        _ => dir,
    });
    let target = profile.and_then(|profile| profile.parent());
    let dir = target.map_or_else(std::env::temp_dir, |t| t.to_path_buf());
    let shown = dir.strip_prefix(std::env::current_dir().unwrap_or_default());
    let dir = shown.map_or(dir.clone(), |relative| relative.to_path_buf());
    dir.join("lab").join(format!("{}.png", name))
}
