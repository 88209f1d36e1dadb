//! The programs whose answers are not compared byte for byte with a `.out`: a checker
//! judges each answer of a problem with many right answers, and a judge plays an
//! interactive problem. They are files of the program's folder, `checker.rs` or `judge.rs`,
//! modules of its `tests.rs`, which judges the samples by them ([`check_samples`]): the
//! samples test runs only the samples compared byte for byte.
//!
//! Such a program's samples may have no `.out`. A checker reads the sample's input, the
//! program's output and the `.out` if there is one; a judge plays [`SAMPLE_GAMES`] games
//! from the sample's `.in`, which it sends first, its replies at random from fixed seeds,
//! and the player's output must begin with the `.out` if there is one (its side, say).

use super::bundling::{bundle_of, compile, manifest_dir, TempDir};
use super::harness::{Failure, Verdict};
use super::judge::{game, Judge, Player, Replies};
use super::samples::{find_samples, run_on, show_stderr, JudgedBy, Program, Sample};
use combgames::io::Result;
use std::path::Path;

/// Checks a program's `output` on `input`, given the sample's expected output if there is
/// one: `Ok`, or what is wrong, on the line of the output where it is.
pub type Checker = fn(input: &[u8], output: &[u8], expected: Option<&[u8]>) -> Result<()>;

/// How a program's answers are judged, when not byte for byte.
#[derive(Clone, Copy)]
pub enum Judged {
    Checker(Checker),
    Judge(Judge),
}

/// Judges every sample of the program whose tests are in `test_file` (`file!()` in its
/// `tests.rs`) by `judged`: the executable cargo built, each sample's output (and its `.out`,
/// if any) by the checker, or its games against the judge, and then its bundle's games, which
/// must be the executable's.
///
/// # Panics
/// With every failure, if any; if the program's folder has no file of `judged`'s kind.
pub fn check_samples(test_file: &str, judged: Judged) {
    let program = Program::of_file(test_file);
    let kind = match judged {
        Judged::Checker(_) => JudgedBy::Checker,
        Judged::Judge(_) => JudgedBy::Judge,
    };
    assert_eq!(
        program.judged_by(),
        Some(kind),
        "{}: the folder's checker.rs or judge.rs says how its samples are judged",
        program.id()
    );
    let exe = program.built().unwrap_or_else(|e| panic!("{e}"));
    let (mut samples, _) = find_samples();
    samples.retain(|sample| sample.program == program);
    let mut failures: Vec<String> = samples
        .iter()
        .filter_map(|sample| judge_sample(judged, &exe, sample).err())
        .map(|failure| format!("{}: {}", failure.verdict, failure.details))
        .collect();
    if let (Judged::Judge(judge), true) = (judged, failures.is_empty()) {
        let temp = TempDir::new(&format!("plays-{}", program.name));
        let bundled = bundle_of(&manifest_dir(), &program.id())
            .map_err(|e| Failure::new("the bundler fails", e));
        let bundle = bundled.and_then(|bundled| {
            compile(&temp.0, &program.name, &bundled.text, false)
                .map_err(|e| Failure::new("compile error or warning", e))
        });
        let played = bundle.and_then(|bundle| plays_as(&bundle, &exe, judge, &samples));
        let failed = played.err();
        failures.extend(failed.map(|f| format!("the bundle: {}: {}", f.verdict, f.details)));
    }
    assert!(
        failures.is_empty() && !samples.is_empty(),
        "{}: {} samples\n{}",
        program.id(),
        samples.len(),
        failures.join("\n")
    );
}

/// Games a judge plays from each sample, seeded 0, 1, ...
pub const SAMPLE_GAMES: u64 = 8;

/// Judges the program `exe` on `sample` as `judged` says.
pub fn judge_sample(judged: Judged, exe: &Path, sample: &Sample) -> Verdict {
    let input = std::fs::read(&sample.input)
        .map_err(|e| Failure::new("cannot read the .in", e.to_string()))?;
    match judged {
        Judged::Judge(judge) => {
            let side = match &sample.expected {
                Some(path) => std::fs::read_to_string(path)
                    .map_err(|e| Failure::new("cannot read the .out", e.to_string()))?,
                None => String::new(),
            };
            for seed in 0..SAMPLE_GAMES {
                let mut replies = Replies::random(seed);
                let shown = format!("{}, seed {seed}", sample.shown());
                let transcript =
                    game(Player::Program(exe), judge, &input, &mut replies).map_err(|why| {
                        Failure::new("the judge rejects it", format!("{shown}: {why}"))
                    })?;
                let said: Vec<&str> = transcript
                    .lines()
                    .filter_map(|l| l.strip_prefix("< "))
                    .collect();
                if !said.starts_with(&side.lines().collect::<Vec<_>>()) {
                    let details = format!("{shown}: the player's output begins otherwise than the .out, {side:?}:\n{transcript}");
                    return Err(Failure::new("wrong answer", details));
                }
            }
            Ok(format!("{SAMPLE_GAMES} games"))
        }
        Judged::Checker(check) => {
            let run = run_on(exe, &sample.input).map_err(|e| Failure::new("cannot run", e))?;
            let stderr = show_stderr(&run.stderr);
            let expected = match &sample.expected {
                Some(path) => Some(
                    std::fs::read(path)
                        .map_err(|e| Failure::new("cannot read the .out", e.to_string()))?,
                ),
                None => None,
            };
            // The sample's own answer must pass too: a wrong .out is a wrong sample.
            if let Some(expected) = &expected {
                check(&input, expected, Some(expected)).map_err(|e| {
                    let details = format!("the checker, of {}'s .out: {e}", sample.shown());
                    Failure::new("a wrong .out", details)
                })?;
            }
            let checked = check(&input, &run.stdout, expected.as_deref());
            match (run.status.success(), checked) {
                (true, Ok(())) => Ok(String::new()),
                (true, Err(e)) => Err(Failure::new(
                    "wrong answer",
                    format!("the checker, of the output on {}: {e}", sample.shown()),
                )),
                (false, checked) => {
                    let answers = match checked {
                        Ok(()) => "the checker accepts its output".to_string(),
                        Err(e) => format!("the checker, of its output: {e}"),
                    };
                    Err(Failure::new(
                        run.status.to_string(),
                        format!(
                            "{} < {}, stderr:{stderr}\n{answers}",
                            sample.program.id(),
                            sample.shown()
                        ),
                    ))
                }
            }
        }
    }
}

/// Whether the program `exe` (a bundle) plays as the binary cargo built, `reference`, on
/// each of `samples`: the same games with the same replies, each one the judge accepts.
pub fn plays_as(exe: &Path, reference: &Path, judge: Judge, samples: &[Sample]) -> Verdict {
    for sample in samples {
        let input = std::fs::read(&sample.input)
            .map_err(|e| Failure::new("cannot read the .in", e.to_string()))?;
        for seed in 0..SAMPLE_GAMES {
            let id = format!("{}, seed {seed}", sample.shown());
            let play = |player| game(player, judge, &input, &mut Replies::random(seed));
            let want = play(Player::Program(reference)).map_err(|why| {
                Failure::new("the binary cargo built fails", format!("{id}: {why}"))
            })?;
            let got = play(Player::Program(exe))
                .map_err(|why| Failure::new("the judge rejects it", format!("{id}: {why}")))?;
            if got != want {
                let details =
                    format!("{id}: the bundle played\n{got}\nthe binary cargo built\n{want}");
                return Err(Failure::new("differs from the binary", details));
            }
        }
    }
    Ok(format!("{} games", samples.len() as u64 * SAMPLE_GAMES))
}
