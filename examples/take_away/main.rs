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

/// The statement's limits: change these.
pub const MAX_CASES: u64 = 100_000; // T
pub const MAX_HEAPS: u64 = 200_000; // n, over all the cases
pub const MAX_HEAP: u64 = 1_000_000_000_000_000_000; // stones in a heap

/// What a case prints: the player to move loses, or wins.
pub const ANSWERS: [&str; 2] = ["Second", "First"];

/// The game of the rules (`rules.rs`): take 1, 3 or 4, its values' period found once.
///
/// # Complexity
/// That of `SubtractionGame::new`.
pub fn game() -> SubtractionGame {
    SubtractionGame::new(&[1, 3, 4])
}

/// Answers every case on `rd` on `out`, one line each.
///
/// # Complexity
/// O(input bytes).
pub fn solve<R: Read, W: Write>(
    rd: &mut Reader<R>,
    out: &mut Writer<W>,
    game: &SubtractionGame,
) -> Result<()> {
    let answers = Lines::new(ANSWERS);
    let cases = rd.u64_in(1..=MAX_CASES, "the number of cases T")?;
    // A limit on the sum of n: each n is read within what the cases before it left.
    let mut heaps_left = MAX_HEAPS;
    let n_is = format!("the number of heaps n ({MAX_HEAPS} in all)");
    for _ in 0..cases {
        let n = rd.u64_in(1..=heaps_left, &n_is)?;
        heaps_left -= n;
        let mut value = 0;
        rd.u64s_each(n, 1..=MAX_HEAP, "a heap", |[heap]| {
            value ^= game.grundy(heap);
            Ok(())
        })?;
        out.line(&answers, usize::from(value != 0))?;
    }
    rd.expect_end()
}

fn main() -> ExitCode {
    let game = game();
    io::run(|rd, out| solve(rd, out, &game))
}
