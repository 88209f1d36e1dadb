//! A program's test target, the `main` that [`tests!`](crate::tests) writes: the program's
//! own test functions, then what every program gets, each a trial:
//!
//! - `NAME::sample/S`: the binary cargo built on the sample `S.in`, its stdout compared
//!   byte for byte with `S.out` (a failure shows the first differing line), or judged by the
//!   program's checker, or played against its judge ([`Judged`]);
//! - `NAME::bundle`: the program's bundle (what a judge compiles) compiled alone, with no
//!   warning, checked (overflow checks, debug assertions), and run on every sample: it must
//!   print exactly what the binary prints (stdout, stderr, exit status), or play the same
//!   games. Under `COMBGAMES_RUSTC_EXTRA` ([`crate::compilers`]), a trial for each compiler
//!   and edition, `-O`. Compiled bundles are kept in `target/compiled/` until their bytes or
//!   the compiler change;
//! - `NAME::samples`, failing only when its samples' folder is wrong (an unpaired `.in`, no
//!   sample at all, ...).
//!
//! So `cargo test -q -p NAME` checks all there is of a program, and `cargo test -q` all the
//! programs, each in its own target.

use super::bundling::{bundle_of, manifest_dir, Build, Bundled, TempDir};
use super::compilers::Matrix;
use super::harness::{self, Failure, Trial, Verdict};
use super::judged::{judge_sample, plays_as, Judged};
use super::samples::{difference, run_on, JudgedBy, Misfiled, Program, Run, Sample};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::OnceLock;

/// What the trials of a program share, each worked out once by the first trial that needs it.
struct Shared {
    program: Program,
    exe: PathBuf,
    samples: Vec<Sample>,
    judged: Option<Judged>,
    bundle: OnceLock<Result<Bundled, String>>,
    /// The binary's run on each sample, in `samples` order.
    runs: Vec<OnceLock<Result<Run, String>>>,
}

impl Shared {
    fn bundle(&self) -> Result<&Bundled, Failure> {
        let id = self.program.id();
        (self.bundle.get_or_init(|| bundle_of(&manifest_dir(), &id)))
            .as_ref()
            .map_err(|e| Failure::new("bundler failed", e.clone()))
    }

    /// The binary's run on sample `i`.
    fn run(&self, i: usize) -> Result<&Run, Failure> {
        let run = self.runs[i].get_or_init(|| run_on(&self.exe, &self.samples[i].input));
        run.as_ref()
            .map_err(|e| Failure::new("cannot run the binary", e.clone()))
    }
}

/// Runs the test target of the program whose tests are in `test_file` (`file!()` of its
/// `tests.rs`), whose binary cargo built at `exe`: its `tests` (each `(name, test)`, failing
/// by a panic), its samples, judged as `judged` says (`None`: byte for byte), and its bundle.
pub fn run(test_file: &str, exe: &str, judged: Option<Judged>, tests: &[(&str, fn())]) -> ExitCode {
    let program = Program::of_file(test_file);
    let matrix = match Matrix::from_env() {
        Ok(matrix) => matrix,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(101);
        }
    };
    let (samples, mut misfiled) = program.samples();
    let (said, found) = (judged.map(Judged::by), program.judged_by());
    if said != found {
        let (has, wants) = match found {
            Some(JudgedBy::Checker) => ("checker.rs", "checker = checker::check, .."),
            Some(JudgedBy::Judge) => ("judge.rs", "judge = judge::judge, .."),
            None => ("no checker.rs nor judge.rs", ".."),
        };
        misfiled.push(Misfiled {
            name: program.id(),
            problem: format!(
                "{}: its folder has {has}, so its tests.rs says `common::tests!({wants}`",
                program.id()
            ),
        });
    }
    let shared = Shared {
        exe: PathBuf::from(exe),
        runs: samples.iter().map(|_| OnceLock::new()).collect(),
        samples,
        judged,
        bundle: OnceLock::new(),
        program,
    };
    let name = shared.program.name.clone();
    let temp = TempDir::new(&name);
    let builds = matrix.builds();
    let mut trials = harness::test_trials(&name, tests);
    for (i, sample) in shared.samples.iter().enumerate() {
        let shared = &shared;
        let trial = format!("{name}::sample/{}", sample.name);
        trials.push(Trial::new(trial, move || check_sample(shared, i)));
    }
    for (k, build) in builds.iter().enumerate() {
        let trial = match k {
            0 => format!("{name}::bundle"),
            _ => format!("{name}::bundle {} {}", matrix.label(build), build.flags()),
        };
        let (shared, dir, file) = (&shared, &temp.0, format!("{name}-{k}"));
        trials.push(Trial::new(trial, move || {
            check_bundle(shared, *build, &file, dir)
        }));
    }
    if !misfiled.is_empty() {
        let problems: Vec<String> = misfiled.iter().map(|m| m.problem.clone()).collect();
        trials.push(Trial::new(format!("{name}::samples"), move || {
            Err(Failure::new("misfiled", problems.join("\n")))
        }));
    }
    harness::run(trials)
}

/// Judges the binary on sample `i`: byte for byte against its `.out`, or as the program's
/// checker or judge says.
fn check_sample(shared: &Shared, i: usize) -> Verdict {
    let sample = &shared.samples[i];
    if let Some(judged) = shared.judged {
        return judge_sample(judged, &shared.exe, sample);
    }
    let run = shared.run(i)?;
    let out = sample
        .expected
        .as_ref()
        .expect("a sample with no .out is judged");
    let expected = std::fs::read(out)
        .map_err(|e| Failure::new("cannot read the .out", format!("{}: {e}", out.display())))?;
    let out_name = out.strip_prefix(manifest_dir()).unwrap_or(out);
    let out_name = out_name.display().to_string();
    let differs = difference(&expected, &run.stdout, &out_name);
    if !run.status.success() {
        let output = match differs {
            None => "its stdout matches the .out".to_string(),
            Some(diff) => format!("its stdout so far: {diff}"),
        };
        let details = format!(
            "{} < {}, stderr:{}\n{output}",
            shared.program.id(),
            sample.shown(),
            super::samples::show_stderr(&run.stderr),
        );
        return Err(Failure::new(run.status.to_string(), details));
    }
    match differs {
        None => Ok(String::new()),
        Some(diff) => Err(Failure::new("wrong answer", diff)),
    }
}

/// Compiles the program's bundle with `build` into `dir` and checks that it prints what the
/// binary prints on every sample, or plays the same games against the judge.
fn check_bundle(shared: &Shared, build: Build, file: &str, dir: &Path) -> Verdict {
    let bundled = shared.bundle()?;
    let exe = build
        .compile(dir, file, &bundled.text)
        .map_err(|e| Failure::new("compile error or warning", e))?;
    if let Some(Judged::Judge(judge)) = shared.judged {
        return plays_as(&exe, &shared.exe, judge, &shared.samples);
    }
    for (i, sample) in shared.samples.iter().enumerate() {
        let want = shared.run(i)?;
        let got = run_on(&exe, &sample.input).map_err(|e| Failure::new("cannot run", e))?;
        let name = format!("the output of the binary on {},", sample.shown());
        let stdout = difference(&want.stdout, &got.stdout, &name);
        // A panic's message names a source line, which the bundle moves.
        let panicked = want.status.code() == Some(101) && got.status.code() == Some(101);
        let stderr = (!panicked && want.stderr != got.stderr)
            .then(|| difference(&want.stderr, &got.stderr, "the binary's stderr,").unwrap());
        if want.status.code() != got.status.code() || stdout.is_some() || stderr.is_some() {
            let mut details = format!(
                "on {} the bundle ended with {} and the binary with {}",
                sample.shown(),
                got.status,
                want.status
            );
            if !want.status.success() {
                details += " (the binary itself fails this sample: see its sample trial)";
            }
            for diff in stdout.iter().chain(&stderr) {
                details += &format!("\n{diff}");
            }
            return Err(Failure::new("differs from the binary", details));
        }
    }
    let samples = shared.samples.len();
    let plural = if samples == 1 { "" } else { "s" };
    Ok(format!(
        "{samples} sample{plural}, {} bytes",
        bundled.text.len()
    ))
}
