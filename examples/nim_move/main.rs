//! Nim, a winning move: T cases (T at most 10^4), each `k a1 ... ak` (k at most 100, each a
//! 1 to 10^9). A move takes x stones from heap i; who cannot move loses. Print a move `i x`
//! that wins, or `LOSE` if none does. Any winning move is right: a checker judges.

use combgames::io::{self, Reader, Result};
use combgames::nim;
use combgames::write::{Lines, Writer};
use std::io::{Read, Write};
use std::process::ExitCode;

/// The statement's limits: change these.
pub const MAX_CASES: u64 = 10_000; // T
pub const MAX_HEAPS: usize = 100; // k
pub const MAX_HEAP: u64 = 1_000_000_000; // stones in a heap

/// Answers every case on `rd` on `out`, one line each.
///
/// # Complexity
/// O(input bytes).
pub fn solve<R: Read, W: Write>(rd: &mut Reader<R>, out: &mut Writer<W>) -> Result<()> {
    let lose = Lines::new(["LOSE"]);
    let cases = rd.u64_in(1..=MAX_CASES, "the number of cases T")?;
    let mut heaps = Vec::new();
    for _ in 0..cases {
        let k = rd.usize_in(1..=MAX_HEAPS, "the number of heaps k")?;
        heaps.clear();
        for _ in 0..k {
            heaps.push(rd.u64_in(1..=MAX_HEAP, "a heap")?);
        }
        match nim::winning_moves(&heaps).first() {
            Some(&(i, left)) => out.ints([i as u64 + 1, heaps[i] - left])?,
            None => out.line(&lose, 0)?,
        }
    }
    rd.expect_end()
}

fn main() -> ExitCode {
    io::run(solve)
}
