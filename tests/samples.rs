//! Runs every `samples/<binary>/<name>.in` through that binary and compares its stdout with
//! `<name>.out` byte for byte. A new problem's samples are picked up with no code change.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Binaries in `src/bin/` that are tools, not problems, and so have no samples.
const TOOLS: &[&str] = &["bundle"];

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The built binary `name`: Cargo names it in `CARGO_BIN_EXE_<name>` while tests run; without
/// Cargo, it sits beside the `deps` folder that holds this test.
fn binary(name: &str) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(format!("CARGO_BIN_EXE_{name}")) {
        return Some(PathBuf::from(path));
    }
    let exe = std::env::current_exe().ok()?;
    let path = exe.parent()?.parent()?.join(name);
    path.is_file().then_some(path)
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("readable directory entry").path())
        .collect();
    entries.sort();
    entries
}

/// The 1-based number of the first line where `a` and `b` differ.
fn first_difference(a: &[u8], b: &[u8]) -> usize {
    let same = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    a[..same].iter().filter(|&&c| c == b'\n').count() + 1
}

/// Runs one sample; returns what went wrong, if anything.
fn check_sample(exe: &Path, input: &Path, expected: &Path) -> Option<String> {
    let stdin = fs::File::open(input).expect("sample input opens");
    let run = Command::new(exe)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("binary runs");
    let want = fs::read(expected).expect("sample output reads");
    if !run.status.success() {
        return Some(format!(
            "{}: exit {:?}, stderr: {}",
            input.display(),
            run.status.code(),
            String::from_utf8_lossy(&run.stderr).trim()
        ));
    }
    if run.stdout != want {
        return Some(format!(
            "{}: output differs from {} at line {}",
            input.display(),
            expected.display(),
            first_difference(&run.stdout, &want)
        ));
    }
    None
}

#[test]
fn every_sample_matches_its_expected_output() {
    let samples = manifest_dir().join("samples");
    let mut failures = Vec::new();
    let mut checked = 0;
    for dir in sorted_entries(&samples) {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        if !dir.is_dir() {
            failures.push(format!("samples/{name} is not a folder"));
            continue;
        }
        let Some(exe) = binary(&name) else {
            failures.push(format!("samples/{name} names no binary"));
            continue;
        };
        for file in sorted_entries(&dir) {
            let shown = file.display();
            match file.extension().and_then(|e| e.to_str()) {
                Some("in") => {
                    let expected = file.with_extension("out");
                    if !expected.is_file() {
                        failures.push(format!("{shown} has no .out"));
                    } else if let Some(failure) = check_sample(&exe, &file, &expected) {
                        failures.push(failure);
                    } else {
                        checked += 1;
                    }
                }
                Some("out") if !file.with_extension("in").is_file() => {
                    failures.push(format!("{shown} has no .in"));
                }
                Some("out") => {}
                _ => failures.push(format!("{shown} is neither .in nor .out")),
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    assert!(checked > 0, "no samples found under {}", samples.display());
}

#[test]
fn every_problem_binary_has_samples() {
    let bins = manifest_dir().join("src").join("bin");
    let mut missing = Vec::new();
    for file in sorted_entries(&bins) {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let has_samples = manifest_dir().join("samples").join(&name).is_dir();
        if !TOOLS.contains(&name.as_str()) && !has_samples {
            missing.push(name);
        }
    }
    assert!(missing.is_empty(), "binaries without samples/: {missing:?}");
}
