//! The interaction bench: the example `nim_duel` plays [`EXCHANGES`] exchanges with a judge
//! over pipes (the judge takes a stone of heap 1, the player mirrors it on heap 2), against
//! `nim_duel.c`, the same player in C with stdio and `fflush`, built here with `cc`. The
//! example is built from its bundle with `rustc -O`, as a judge builds it (cargo bench
//! builds no example). The
//! judge is this process, with the library's Reader and Writer, the same for both; it
//! checks every move. What it times is the round trips: a write and a read each, on each
//! side.

use combgames::io::Reader;
use combgames::write::Writer;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The bench's name, as `cargo bench -- NAME` picks it.
pub const NAME: &str = "nim_duel";

/// Exchanges a game: a move of the judge and the player's answer.
const EXCHANGES: u64 = 100_000;

/// Timed rounds, each running both players once, after a warm-up round.
const ROUNDS: usize = 11;

/// Goal: our time / the C program's at most this.
const GOAL: f64 = 1.0;

/// Plays one game of the program `exe` from heaps of [`EXCHANGES`] stones, checking every
/// move: its wall time in seconds, from the start of the process to its end.
fn play(exe: &Path) -> io::Result<f64> {
    let wrong =
        |what: String| io::Error::new(io::ErrorKind::Other, format!("{}: {what}", exe.display()));
    let began = Instant::now();
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()?;
    let mut out = Writer::new(child.stdin.take().expect("piped"));
    let mut rd = Reader::new(child.stdout.take().expect("piped"));
    let fail = |e: combgames::io::Error| wrong(e.to_string());
    write!(out, "2\n{EXCHANGES} {EXCHANGES}\n")?;
    out.flush()?;
    if rd.token("a side").map_err(fail)? != b"Second" {
        return Err(wrong("it does not play Second on equal heaps".into()));
    }
    for _ in 0..EXCHANGES {
        out.write_all(b"1 1\n")?;
        out.flush()?;
        let answer = rd.u64s_in::<2>(1..=EXCHANGES, "a move").map_err(fail)?;
        if answer != [2, 1] {
            return Err(wrong(format!("it answers 1 1 with {answer:?}, not 2 1")));
        }
    }
    out.write_all(b"0 0\n")?;
    drop(out);
    let status = child.wait()?;
    let took = began.elapsed().as_secs_f64();
    match status.success() {
        true => Ok(took),
        false => Err(wrong(format!("it ended with {status}"))),
    }
}

/// Builds `nim_duel.c` beside the bench's inputs, if a C compiler exists.
fn build_c(dir: &Path) -> Option<PathBuf> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/speed/nim_duel.c");
    let exe = dir.join("nim_duel_c");
    let built = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(&source)
        .status();
    built.ok().filter(|s| s.success()).map(|_| exe)
}

/// Builds the example `nim_duel` from its bundle with `rustc -O` beside the bench's inputs.
fn build_ours(dir: &Path) -> io::Result<PathBuf> {
    let failed = |what: &str| io::Error::new(io::ErrorKind::Other, format!("nim_duel: {what}"));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bundle = bundle::bundle(root, "examples/nim_duel").map_err(|e| failed(&e))?;
    let (source, exe) = (dir.join("nim_duel.rs"), dir.join("nim_duel"));
    std::fs::write(&source, bundle.text)?;
    let built = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&exe)
        .arg(&source)
        .status()?;
    match built.success() {
        true => Ok(exe),
        false => Err(failed("rustc -O failed on its bundle")),
    }
}

/// Times `nim_duel` against the C program, round after round, and prints the medians.
pub fn bench(dir: &Path) -> io::Result<()> {
    let ours = build_ours(dir)?;
    let c = build_c(dir);
    let players: Vec<&Path> = std::iter::once(ours.as_path())
        .chain(c.as_deref())
        .collect();
    let mut times = vec![Vec::new(); players.len()];
    for round in 0..=ROUNDS {
        // Each first in every other round: a machine that gets busier or quieter during a
        // round favours neither.
        for k in 0..players.len() {
            let i = if round % 2 == 0 {
                k
            } else {
                players.len() - 1 - k
            };
            let took = play(players[i])?;
            if round > 0 {
                times[i].push(took);
            }
        }
    }
    let ms = |times: &[f64]| super::median(times.to_vec()) * 1e3;
    let per = |times: &[f64]| ms(times) * 1e3 / EXCHANGES as f64;
    println!(
        "{NAME:<16} {EXCHANGES} exchanges over pipes  {:8.2} ms  {:.2} µs an exchange",
        ms(&times[0]),
        per(&times[0])
    );
    match times.get(1) {
        Some(c_times) => {
            let ratios: Vec<f64> = times[0].iter().zip(c_times).map(|(a, b)| a / b).collect();
            super::report::sentence(
                super::report::Sentence::Interactive,
                format!(
                    "`{NAME}` plays {EXCHANGES} exchanges with a judge over pipes in {:.2} times \
                     the time of the same player in C with stdio and `fflush` \
                     (`benches/speed/nim_duel.c`).",
                    super::median(ratios.clone())
                ),
            );
            println!(
                "  C, stdio and fflush            {:8.2} ms  {:.2} µs an exchange  ours/C {}",
                ms(c_times),
                per(c_times),
                super::verdict(super::median(ratios), GOAL)
            );
        }
        None => println!("  (no C compiler: the C program was not timed)"),
    }
    Ok(())
}
