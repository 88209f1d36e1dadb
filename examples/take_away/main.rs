//! Take-away: T cases (T at most 10^5), each a line `n a1 .. an`: n heaps (the sum of n over
//! the cases at most 2 x 10^5) of a1 .. an stones (each at most 10^18). A move takes 1, 3 or
//! 4 stones from one heap; who cannot move loses. Print `First` if the player to move
//! wins, else `Second`.
//!
//! A heap's Grundy value repeats with period 7, which `SubtractionGame` finds once, in
//! `main`; a case is won when the XOR of its heaps' values is not 0.

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
    // A limit on the sum of n: each n is read within what the cases before it left.
    let mut heaps_left = 200_000;
    for _ in 0..cases {
        let n = rd.u64_in(1..=heaps_left, "the number of heaps n (200000 in all)")?;
        heaps_left -= n;
        let mut value = 0;
        rd.u64s_each(n, 1..=1_000_000_000_000_000_000, "a heap", |[heap]| {
            value ^= game.grundy(heap);
            Ok(())
        })?;
        out.line(&answers, usize::from(value != 0))?;
    }
    rd.expect_end()
}

fn main() -> ExitCode {
    let game = SubtractionGame::new(&[1, 3, 4]);
    io::run(|rd, out| solve(rd, out, &game))
}
