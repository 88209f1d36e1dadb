//! Runs every `samples/<binary>/<name>.in` through the binary cargo built and compares its
//! stdout with `<name>.out` byte for byte, a trial per sample, named `<binary>/<name>`. A
//! new problem's samples are picked up with no code change. A problem that
//! `common::judged` names is judged otherwise: its checker reads the output, or its judge
//! plays the binary from the `.in`, which may then have no `.out`.
//!
//! A `harness = false` target (see `common::harness`): when all pass, it prints one line;
//! `cargo test --test samples -- marble` runs the samples whose name contains `marble`, a
//! line each (`--format pretty` shows every sample's line); `--exact`, `--skip`, `--list`,
//! `-q` and `--test-threads` work as with libtest. A wrong answer shows the sample's name,
//! the first differing line of the `.out` with the expected and the actual line, and how
//! many lines differ; a crash or a non-zero exit shows the exit status and stderr. A folder
//! naming no binary, an unpaired `.in` or `.out`, and a problem binary without samples fail
//! under their own name.

mod common;

use common::harness::{self, Failure, Trial, Verdict};
use common::judged::{judge_sample, judged};
use common::samples::{built_binary, difference, find_samples, run_on, show_stderr, Sample};
use std::process::ExitCode;

/// Runs one sample through its binary and judges the output.
fn judge(sample: &Sample) -> Verdict {
    let exe = built_binary(&sample.binary);
    if let Some(judged) = judged(&sample.binary) {
        return judge_sample(judged, &exe, sample);
    }
    let run = run_on(&exe, &sample.input).map_err(|e| Failure::new("cannot run", e))?;
    let out = sample
        .expected
        .as_ref()
        .expect("a sample judged byte for byte has a .out");
    let expected = std::fs::read(out)
        .map_err(|e| Failure::new("cannot read the .out", format!("{}: {e}", out.display())))?;
    let out_name = format!("samples/{}.out", sample.id());
    if !run.status.success() {
        let output = match difference(&expected, &run.stdout, &out_name) {
            None => "its stdout matches the .out".to_string(),
            Some(diff) => format!("its stdout so far: {diff}"),
        };
        return Err(Failure::new(
            run.status.to_string(),
            format!(
                "{} < samples/{}.in, stderr:{}\n{output}",
                sample.binary,
                sample.id(),
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
        eprintln!("error: no samples under samples/ and no problem binaries in src/bin/");
        return ExitCode::from(101);
    }
    harness::run(trials)
}
