//! Every problem binary's bundle compiles alone with plain `rustc` and passes that problem's
//! samples byte for byte.

mod common;

use common::bundling::{bundle_of, compile, manifest_dir, problem_binaries, TempDir};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;

/// The package's `rust-version`, from Cargo.toml.
fn rust_version() -> String {
    let manifest = fs::read_to_string(manifest_dir().join("Cargo.toml")).expect("Cargo.toml");
    manifest
        .lines()
        .find_map(|line| {
            let (key, value) = line.split_once('=')?;
            (key.trim() == "rust-version").then(|| value.trim().trim_matches('"').to_string())
        })
        .expect("Cargo.toml sets rust-version")
}

/// Checks with clippy's `incompatible_msrv` lint that the bundle at `dir/name.rs` uses no
/// standard library API newer than the package's `rust-version`: it is what a judge with an
/// old compiler sees.
fn check_msrv(dir: &Path, name: &str) -> Result<(), String> {
    let run = Command::new("clippy-driver")
        .env("CARGO_PKG_RUST_VERSION", rust_version())
        .args(["--edition", "2021", "--emit=metadata", "-A", "clippy::all"])
        .args(["-D", "clippy::incompatible_msrv", "-o"])
        .arg(dir.join(format!("{name}.rmeta")))
        .arg(dir.join(format!("{name}.rs")))
        .output()
        .map_err(|e| format!("clippy-driver (rustup component add clippy): {e}"))?;
    if !run.status.success() {
        let stderr = String::from_utf8_lossy(&run.stderr);
        return Err(format!("{name}: newer than rust-version:\n{stderr}"));
    }
    Ok(())
}

/// Runs `exe` with `input` on stdin; its stdout, or what went wrong.
fn run_with_input(exe: &Path, input: &Path) -> Result<Vec<u8>, String> {
    let stdin = fs::File::open(input).map_err(|e| format!("{}: {e}", input.display()))?;
    let run = Command::new(exe)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("{}: {e}", exe.display()))?;
    if !run.status.success() {
        return Err(format!(
            "{} < {}: exit {:?}, stderr: {}",
            exe.display(),
            input.display(),
            run.status.code(),
            String::from_utf8_lossy(&run.stderr).trim()
        ));
    }
    Ok(run.stdout)
}

/// Bundles, compiles and runs problem `name` on all its samples.
fn check_problem(dir: &Path, name: &str) -> Result<(), String> {
    let bundled = bundle_of(&manifest_dir(), name)?;
    let exe = compile(dir, name, &bundled.text, true)?;
    check_msrv(dir, name)?;
    let samples = manifest_dir().join("samples").join(name);
    let mut inputs: Vec<PathBuf> = fs::read_dir(&samples)
        .map_err(|e| format!("{name}: no samples in {}: {e}", samples.display()))?
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().map_or(false, |e| e == "in"))
        .collect();
    inputs.sort();
    if inputs.is_empty() {
        return Err(format!("{name}: no .in files in {}", samples.display()));
    }
    for input in inputs {
        let expected = fs::read(input.with_extension("out"))
            .map_err(|e| format!("{}: no .out: {e}", input.display()))?;
        if run_with_input(&exe, &input)? != expected {
            return Err(format!(
                "{name}: the bundle's output on {} differs",
                input.display()
            ));
        }
    }
    Ok(())
}

#[test]
fn every_problem_bundle_compiles_alone_and_passes_its_samples() {
    let names = problem_binaries();
    assert!(!names.is_empty(), "no problem binaries in src/bin");
    let dir = TempDir::new("problems");
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let workers = thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(names.len());
    thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                while let Some(name) = names.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Err(e) = check_problem(&dir.0, name) {
                        failures.lock().unwrap().push(e);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
