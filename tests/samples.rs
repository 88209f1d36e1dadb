//! Runs every sample of every program, problems (`samples/<name>/<sample>.in`) and examples
//! (`examples/<name>/samples/<sample>.in`), through the executable cargo built and compares
//! its stdout with `<sample>.out` byte for byte, a trial per sample, named
//! `<program>/<sample>` (`examples/<name>/<sample>` for an example). A new program's samples
//! are picked up with no code change. A program judged otherwise, by a `checker.rs` or a
//! `judge.rs` in its folder, has its samples judged by its own tests (`common::judged`).
//!
//! A `harness = false` target (see `common::harness`): when all pass, it prints one line;
//! `cargo test --test samples -- marble` runs the samples whose name contains `marble`, a
//! line each (`--format pretty` shows every sample's line); `--exact`, `--skip`, `--list`,
//! `-q` and `--test-threads` work as with libtest. A wrong answer shows the sample's name,
//! the first differing line of the `.out` with the expected and the actual line, and how
//! many lines differ; a crash or a non-zero exit shows the exit status and stderr. A folder
//! naming no problem, an unpaired `.in` or `.out`, and a program without samples fail under
//! their own name.

use common::harness::{self, Failure, Trial, Verdict};
use common::samples::{difference, find_samples, run_on, show_stderr, Sample};
use std::process::ExitCode;

/// Runs one sample through its program and compares the output with the `.out`.
fn judge(sample: &Sample) -> Verdict {
    let exe = sample
        .program
        .built()
        .map_err(|e| Failure::new("not built", e))?;
    let run = run_on(&exe, &sample.input).map_err(|e| Failure::new("cannot run", e))?;
    let out = sample
        .expected
        .as_ref()
        .expect("a sample judged byte for byte has a .out");
    let expected = std::fs::read(out)
        .map_err(|e| Failure::new("cannot read the .out", format!("{}: {e}", out.display())))?;
    let out_name = out
        .strip_prefix(common::bundling::manifest_dir())
        .unwrap_or(out);
    let out_name = out_name.display().to_string();
    if !run.status.success() {
        let output = match difference(&expected, &run.stdout, &out_name) {
            None => "its stdout matches the .out".to_string(),
            Some(diff) => format!("its stdout so far: {diff}"),
        };
        return Err(Failure::new(
            run.status.to_string(),
            format!(
                "{} < {}, stderr:{}\n{output}",
                sample.program.id(),
                sample.shown(),
                show_stderr(&run.stderr),
            ),
        ));
    }
    match difference(&expected, &run.stdout, &out_name) {
        None => Ok(String::new()),
        Some(diff) => Err(Failure::new("wrong answer", diff)),
    }
}

fn main() -> ExitCode {
    let (samples, misfiled) = find_samples();
    let mut trials: Vec<Trial> = samples
        .iter()
        .filter(|sample| sample.program.judged_by().is_none())
        .map(|sample| Trial::new(sample.id(), move || judge(sample)))
        .collect();
    for wrong in misfiled {
        let problem = wrong.problem;
        trials.push(Trial::new(wrong.name, move || {
            Err(Failure::new("misfiled", problem))
        }));
    }
    trials.sort_by(|a, b| a.name.cmp(&b.name));
    if trials.is_empty() {
        eprintln!("error: no samples and no programs in src/bin/ or examples/");
        return ExitCode::from(101);
    }
    harness::run(trials)
}
