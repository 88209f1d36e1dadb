//! The programs whose answers are not compared byte for byte with a `.out`: a checker
//! judges each answer of a problem with many right answers, and a judge plays an
//! interactive problem. They are files of the program's folder, `checker.rs` or `judge.rs`,
//! modules of its `tests.rs`, whose `common::tests!(checker = ..)` or `(judge = ..)` judges
//! the samples by them.
//!
//! Such a program's samples may have no `.out`. A checker reads the sample's input, the
//! program's output and the `.out` if there is one; a judge plays [`SAMPLE_GAMES`] games
//! from the sample's `.in`, which it sends first, its replies at random from fixed seeds,
//! and the player's output must begin with the `.out` if there is one (its side, say).

use super::harness::{Failure, Verdict};
use super::judge::{game, Judge, Player, Replies};
use super::samples::{run_on, show_stderr, JudgedBy, Sample};
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

impl Judged {
    /// The file of a program's folder that judges so.
    pub fn by(self) -> JudgedBy {
        match self {
            Judged::Checker(_) => JudgedBy::Checker,
            Judged::Judge(_) => JudgedBy::Judge,
        }
    }
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
