//! The doc examples of the library and the lab, each compiled as rustdoc would and run
//! (one program for all of them, against the crates compiled with `-O`, kept in
//! `target/compiled/` until the sources or the compiler change: Cargo's doc-tests, a compile
//! and a link each, are off), and linted by clippy as a user pastes them.

use common::bundling::{cached, compiler_version, manifest_dir, run_compiler, TempDir};
use common::harness::{Failure, Verdict};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A failed verdict as a test's panic.
fn check(verdict: Verdict) {
    if let Err(failure) = verdict {
        panic!("{}: {}", failure.verdict, failure.details);
    }
}

#[test]
fn every_doc_example_runs() {
    let dir = TempDir::new("doc-examples");
    check(run_doc_examples(&dir.0));
}

#[test]
fn every_doc_example_passes_clippy() {
    let dir = TempDir::new("doc-clippy");
    check(check_doc_examples(&dir.0));
}

/// The doc examples of a library file's `text`: the code of each block of its `///` and
/// `//!` comments fenced by a bare ```` ``` ```` or ```` ```rust ````, hidden lines (`# `)
/// included, as rustdoc compiles it.
fn doc_examples(text: &str) -> Result<Vec<String>, String> {
    let (mut examples, mut block, mut other) = (Vec::new(), None, false);
    for line in text.lines().map(str::trim_start) {
        let doc = line
            .strip_prefix("///")
            .or_else(|| line.strip_prefix("//!"));
        let doc = doc.map(|d| d.strip_prefix(' ').unwrap_or(d));
        match (doc, block.take()) {
            (Some(fence), Some(code)) if fence.starts_with("```") => examples.push(code),
            (Some(fence), None) if fence.starts_with("```") => match fence {
                "```" | "```rust" if !other => block = Some(String::new()),
                _ => other = !other,
            },
            (Some(code), Some(mut example)) => {
                let hidden = code.strip_prefix("# ").or((code == "#").then_some(""));
                example += hidden.unwrap_or(code);
                block = Some(example + "\n");
            }
            (None, Some(_)) => return Err(format!("a doc example before {line:?} is not closed")),
            _ => {}
        }
    }
    Ok(examples)
}

/// The crates whose doc examples run, each its folder and its name: the library, and the
/// lab, which uses it.
const DOC_CRATES: [(&str, &str); 2] = [("src", "combgames"), ("src/lab", "lab")];

/// Every doc example of the library and of the lab, as one program whose `main` calls each
/// in turn, a function of its own (rustdoc's merged doctests, as edition 2024 compiles them:
/// one compile for all), and how many there are.
fn merged_doc_examples() -> Result<(String, usize), Failure> {
    let (mut calls, mut bodies) = (String::new(), String::new());
    for (dir, _) in DOC_CRATES {
        for (file, text) in crate_files(dir).map_err(|e| Failure::new("no sources", e))? {
            let name = file.file_stem().unwrap_or_default().to_string_lossy();
            let shown = format!("{dir}/{name}.rs");
            let examples = doc_examples(&text).map_err(|e| Failure::new(&shown, e))?;
            let function = format!("{}_{name}", dir.replace('/', "_"));
            for (i, example) in examples.iter().enumerate() {
                calls +=
                    &format!("    eprintln!(\"{shown}, example {i}\");\n    {function}_{i}();\n");
                bodies +=
                    &format!("\n// {shown}, example {i}\nfn {function}_{i}() {{\n{example}}}\n");
            }
        }
    }
    let count = calls.lines().count() / 2;
    Ok((format!("fn main() {{\n{calls}}}\n{bodies}"), count))
}

/// The `.rs` files of folder `dir` (not its subfolders), sorted, with their text.
fn crate_files(dir: &str) -> Result<Vec<(PathBuf, String)>, String> {
    let dir = manifest_dir().join(dir);
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().map_or(false, |e| e == "rs"))
        .collect();
    files.sort();
    let read = |file: PathBuf| {
        let text = fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        Ok((file, text))
    };
    files.into_iter().map(read).collect()
}

/// Every file of the crate in folder `dir` but its binary's, each after its name: what the
/// crate is.
fn crate_sources(dir: &str) -> Result<String, String> {
    let mut text = String::new();
    for (file, source) in crate_files(dir)? {
        text += &format!("// {}\n{source}", file.display());
    }
    Ok(text)
}

/// Runs every doc example of the library and the lab ([`merged_doc_examples`]), compiled as
/// one program against both compiled with `-O` (all kept in `target/compiled/` until the
/// sources or the compiler change): Cargo's doc-tests, a compile and a link each, are off
/// (`doctest = false`).
fn run_doc_examples(dir: &Path) -> Verdict {
    fs::create_dir_all(dir).map_err(|e| Failure::new("no folder", e.to_string()))?;
    let (source, count) = merged_doc_examples()?;
    let version = compiler_version(Path::new("rustc"));
    // Each crate's rlib, compiled against those before it.
    let (mut externs, mut sources) = (Vec::<String>::new(), String::new());
    for (crate_dir, name) in DOC_CRATES {
        sources += &crate_sources(crate_dir).map_err(|e| Failure::new("no sources", e))?;
        let flags = format!("{LIBRARY_FLAGS} --crate-name {name}");
        let inputs = [version.as_bytes(), flags.as_bytes(), sources.as_bytes()];
        let rlib = cached(&inputs, &format!("lib{name}.rlib"), |rlib| {
            let mut rustc = Command::new("rustc");
            rustc
                .args(flags.split(' '))
                .args(externs.iter().flat_map(|e| ["--extern", e]));
            rustc.arg("-o").arg(rlib);
            rustc.arg(manifest_dir().join(crate_dir).join("lib.rs"));
            run_compiler(&mut rustc, &format!("rustc -O on {crate_dir}/lib.rs"))
        })
        .map_err(|e| Failure::new(format!("{name} does not compile"), e))?;
        externs.push(format!("{name}={}", rlib.display()));
    }
    let inputs = [
        version.as_bytes(),
        DOC_FLAGS.as_bytes(),
        source.as_bytes(),
        sources.as_bytes(),
    ];
    let program = cached(&inputs, "doc_examples", |program| {
        compile_doc_examples(dir, &source, &externs, program)
    })
    .map_err(|e| Failure::new("compile", e))?;
    let run = Command::new(&program)
        .output()
        .map_err(|e| Failure::new("cannot run", e.to_string()))?;
    // Each example names itself on stderr as it starts: the last one named failed.
    let stderr = String::from_utf8_lossy(&run.stderr);
    let failed = stderr.lines().rev().find(|l| l.starts_with("src/"));
    match (run.status.success(), failed) {
        (true, _) => Ok(format!("{count} examples")),
        (false, failed) => Err(Failure::new(
            format!("{} fails", failed.unwrap_or("a doc example")),
            stderr
                .lines()
                .filter(|l| !l.starts_with("src/"))
                .collect::<Vec<_>>()
                .join("\n"),
        )),
    }
}

/// How the doc examples' program is compiled: optimised (some examples fill large tables),
/// without warnings.
const DOC_FLAGS: &str = "-O --edition 2021 --crate-type bin -A warnings";

/// How the library and the lab are compiled for the doc examples: optimised, as they are
/// (cargo's own rlibs are of any profile a command built last).
const LIBRARY_FLAGS: &str = "-O --edition 2021 --crate-type lib";

/// Compiles the doc examples' program `source` (written to `dir`) against the crates
/// `externs` (`NAME=RLIB`) into `program`.
fn compile_doc_examples(
    dir: &Path,
    source: &str,
    externs: &[String],
    program: &Path,
) -> Result<(), String> {
    let file = dir.join("doc_examples.rs");
    fs::write(&file, source).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let mut rustc = Command::new("rustc");
    rustc.args(DOC_FLAGS.split(' '));
    rustc.args(externs.iter().flat_map(|e| ["--extern", e]));
    rustc.arg("-o").arg(program).arg(&file);
    run_compiler(
        &mut rustc,
        &format!("rustc on the doc examples ({})", file.display()),
    )
}

/// Checks every doc example of the library and the lab with clippy, `-D warnings`, as the
/// code of a binary's `main` (as a user pastes it), against both checked by `rustc`.
fn check_doc_examples(dir: &Path) -> Verdict {
    fs::create_dir_all(dir).map_err(|e| Failure::new("no folder", e.to_string()))?;
    let mut externs = Vec::new();
    for (crate_dir, name) in DOC_CRATES {
        let rmeta = dir.join(format!("lib{name}.rmeta"));
        let mut library = Command::new("rustc");
        library.args([
            "--edition",
            "2021",
            "--crate-type",
            "lib",
            "--crate-name",
            name,
        ]);
        library.args(
            externs
                .iter()
                .flat_map(|e: &String| ["--extern", e.as_str()]),
        );
        library.args(["--emit=metadata", "-o"]).arg(&rmeta);
        library.arg(manifest_dir().join(crate_dir).join("lib.rs"));
        run_compiler(
            &mut library,
            &format!("rustc --emit=metadata on {crate_dir}/lib.rs"),
        )
        .map_err(|e| Failure::new(format!("{name} does not compile"), e))?;
        externs.push(format!("{name}={}", rmeta.display()));
    }
    let (examples, count) = merged_doc_examples()?;
    let source = dir.join("examples.rs");
    fs::write(&source, examples).map_err(|e| Failure::new("cannot write", e.to_string()))?;
    let mut clippy = Command::new("clippy-driver");
    clippy.args([
        "--edition",
        "2021",
        "--crate-type",
        "bin",
        "--emit=metadata",
        "-D",
        "warnings",
    ]);
    clippy.args(externs.iter().flat_map(|e| ["--extern", e.as_str()]));
    clippy
        .arg("-o")
        .arg(dir.join("examples.rmeta"))
        .arg(&source);
    let what = format!(
        "clippy-driver -D warnings on the doc examples ({})",
        source.display()
    );
    run_compiler(&mut clippy, &what).map_err(|e| Failure::new("lint", e))?;
    Ok(format!("{count} examples"))
}
