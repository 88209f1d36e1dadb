//! Take-away: T cases (T at most 10^5), each a heap of n stones (n at most 10^18). A move
//! takes 1, 3 or 4 stones; who cannot move loses. Print `First` if the player to move
//! wins, else `Second`.
//!
//! The heap's Grundy value decides; the values repeat with period 7, which
//! `SubtractionGame` finds once, in `main`.

use combgames::io::{self, Reader, Result};
use combgames::subtraction::SubtractionGame;
use combgames::write::{Lines, Writer};
use std::io::{Read, Write};
use std::process::ExitCode;

/// Answers every case on `rd` on `out`, one line each.
///
/// # Complexity
/// O(input bytes).
pub fn solve<R: Read, W: Write>(
    rd: &mut Reader<R>,
    out: &mut Writer<W>,
    game: &SubtractionGame,
) -> Result<()> {
    let answers = Lines::new(["Second", "First"]);
    let cases = rd.u64_in(1..=100_000, "the number of cases T")?;
    for _ in 0..cases {
        let n = rd.u64_in(1..=1_000_000_000_000_000_000, "a heap n")?;
        out.line(&answers, usize::from(game.grundy(n) != 0))?;
    }
    rd.expect_end()
}

fn main() -> ExitCode {
    let game = SubtractionGame::new(&[1, 3, 4]);
    io::run(|rd, out| solve(rd, out, &game))
}
