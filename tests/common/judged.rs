//! The problems whose answers are not compared byte for byte with a `.out`: a checker
//! judges each answer of a problem with many right answers, and a judge plays an
//! interactive problem. The samples test and the bundle test ask [`judged`] how to judge a
//! binary; the checkers and judges are files of `tests/checkers/` and `tests/judges/`.
//!
//! Such a problem's samples may have no `.out`. A checker reads the sample's input, the
//! program's output and the `.out` if there is one; a judge plays [`SAMPLE_GAMES`] games
//! from the sample's `.in`, which it sends first, its replies at random from fixed seeds.

use super::harness::{Failure, Verdict};
use super::judge::{game, Judge, Player, Replies};
use super::samples::{run_on, show_stderr, Sample};
use combgames::io::Result;
use std::path::Path;

#[path = "../judges/nim_duel.rs"]
pub mod nim_duel;
#[path = "../checkers/nim_move.rs"]
pub mod nim_move;

/// Checks a program's `output` on `input`, given the sample's expected output if there is
/// one: `Ok`, or what is wrong, on the line of the output where it is.
pub type Checker = fn(input: &[u8], output: &[u8], expected: Option<&[u8]>) -> Result<()>;

/// How a problem's answers are judged, when not byte for byte.
#[derive(Clone, Copy)]
pub enum Judged {
    Checker(Checker),
    Judge(Judge),
}

/// How the answers of binary `name` are judged: `None` for a byte compare with the `.out`.
pub fn judged(name: &str) -> Option<Judged> {
    match name {
        "nim_duel" => Some(Judged::Judge(nim_duel::judge)),
        "nim_move" => Some(Judged::Checker(nim_move::check)),
        _ => None,
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
            for seed in 0..SAMPLE_GAMES {
                let mut replies = Replies::random(seed);
                game(Player::Program(exe), judge, &input, &mut replies).map_err(|why| {
                    Failure::new(
                        "the judge rejects it",
                        format!("samples/{}.in, seed {seed}: {why}", sample.id()),
                    )
                })?;
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
            let checked = check(&input, &run.stdout, expected.as_deref());
            let id = sample.id();
            match (run.status.success(), checked) {
                (true, Ok(())) => Ok(String::new()),
                (true, Err(e)) => Err(Failure::new(
                    "wrong answer",
                    format!("the checker, of the output on samples/{id}.in: {e}"),
                )),
                (false, checked) => {
                    let answers = match checked {
                        Ok(()) => "the checker accepts its output".to_string(),
                        Err(e) => format!("the checker, of its output: {e}"),
                    };
                    Err(Failure::new(
                        run.status.to_string(),
                        format!(
                            "{} < samples/{id}.in, stderr:{stderr}\n{answers}",
                            sample.binary
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
            let id = format!("samples/{}.in, seed {seed}", sample.id());
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
