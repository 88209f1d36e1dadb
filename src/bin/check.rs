//! `check`: the loop of a problem, what CI will ask of it, in one command and a few lines.
//!
//! ```text
//! cargo run -q --bin check -- NAME [NAME...]
//! ```
//!
//! For each program NAME (a problem, `src/bin/NAME/`, or an example), in its own package
//! only: `cargo fmt --check`, clippy with `-D warnings` on every target (its tests, its lab
//! target too), and its tests, samples and bundle (`cargo test -p NAME`). Each step runs even
//! if one before failed, so that one run shows everything to mend. Green, it prints a line a
//! step and one closing line; a failing step prints what it found (cut to its first lines
//! when long) and the command to see all of it. It fails if any step failed. Without NAME,
//! every problem of `src/bin/`.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

/// The most lines of a failing step's output shown.
const SHOWN_LINES: usize = 40;

/// A step: what it checks, and the cargo command that does it for package `name`.
fn steps(name: &str) -> [(&'static str, Vec<String>); 3] {
    let args = |list: &[&str]| list.iter().map(|a| a.replace("NAME", name)).collect();
    [
        (
            "cargo fmt --check",
            args(&["fmt", "-p", "NAME", "--check", "--", "--color", "never"]),
        ),
        (
            "clippy -D warnings",
            args(&[
                "clippy",
                "-q",
                "-p",
                "NAME",
                "--all-targets",
                "--test",
                "lab",
                "--",
                "-D",
                "warnings",
            ]),
        ),
        // A filter that every trial of the program matches: its target then says how many
        // passed, in one line.
        ("tests", args(&["test", "-q", "-p", "NAME", "--", "NAME::"])),
    ]
}

/// The crate's folder: `cargo run` runs this from it, and Cargo.toml says where it is too.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every problem: a folder of `src/bin/` with a Cargo.toml.
fn problems(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root.join("src/bin"))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().join("Cargo.toml").is_file() && e.path().join("tests.rs").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The lines of `text` worth showing: at most [`SHOWN_LINES`], then how many more.
fn shown(text: &str) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut shown: Vec<String> = lines
        .iter()
        .take(SHOWN_LINES)
        .map(|l| format!("  {l}"))
        .collect();
    if lines.len() > SHOWN_LINES {
        shown.push(format!("  ... {} more lines", lines.len() - SHOWN_LINES));
    }
    shown.join("\n")
}

/// Checks program `name`: true if every step passed.
fn check(root: &Path, name: &str) -> bool {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut failed = Vec::new();
    let began = Instant::now();
    for (what, args) in steps(name) {
        let started = Instant::now();
        let run = Command::new(&cargo).args(&args).current_dir(root).output();
        let took = started.elapsed().as_secs_f64();
        match run {
            Ok(run) if run.status.success() => {
                let out = String::from_utf8_lossy(&run.stdout);
                // The closing line of the program's target: `test result: ok. 5 passed; ...`.
                let passed = out.lines().rev().find_map(|l| {
                    let rest = l.strip_prefix("test result: ok. ")?;
                    Some(rest.split(';').next()?.to_string())
                });
                let passed = passed.map_or(String::new(), |p| format!(", {p}"));
                println!("{name}: {what}: ok ({took:.1} s{passed})");
            }
            Ok(run) => {
                let output = format!(
                    "{}\n{}",
                    String::from_utf8_lossy(&run.stdout),
                    String::from_utf8_lossy(&run.stderr)
                );
                println!("{name}: {what}: FAILED ({took:.1} s)\n{}", shown(&output));
                println!("  all of it: cargo {}", args.join(" "));
                failed.push(what);
            }
            Err(e) => {
                println!("{name}: {what}: cannot run cargo: {e}");
                failed.push(what);
            }
        }
    }
    let took = began.elapsed().as_secs_f64();
    match failed.is_empty() {
        true => println!("check {name}: ok, as CI will find it ({took:.1} s)"),
        false => println!("check {name}: FAILED: {} ({took:.1} s)", failed.join(", ")),
    }
    failed.is_empty()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a.starts_with('-')) {
        eprintln!(
            "usage: cargo run -q --bin check -- [NAME...]\nChecks each program NAME (every \
             problem of src/bin/ without one) as CI will: cargo fmt --check, clippy -D \
             warnings, its tests."
        );
        return ExitCode::FAILURE;
    }
    let root = root();
    let names = match args.is_empty() {
        true => problems(&root),
        false => args,
    };
    let mut ok = true;
    for name in &names {
        ok &= check(&root, name);
    }
    match ok {
        true => ExitCode::SUCCESS,
        false => ExitCode::FAILURE,
    }
}
