//! Nim duel, interactive: the judge prints k, then k heaps (k at most 100, each 1 to 10^9).
//! Print `First` or `Second`, the side you play; First moves first. A move `i x` takes x
//! stones from heap i; who cannot move loses. The judge answers each of your moves with
//! its own, or with `0 0` when no stone is left. Flush after each line.
//!
//! The player to move wins iff the nim-sum is not 0: a move to 0 always exists, and every
//! move from 0 leaves a sum that is not.

use combgames::io::{self, Reader, Result};
use combgames::nim;
use combgames::write::{Lines, Writer};
use std::io::{Read, Write};
use std::process::ExitCode;

/// Plays against the judge on `rd` and `out`, and wins: the winning side, then a winning
/// move before each of the judge's, each flushed.
///
/// # Complexity
/// O(k) a move.
pub fn solve<R: Read, W: Write>(rd: &mut Reader<R>, out: &mut Writer<W>) -> Result<()> {
    let k = rd.usize_in(1..=100, "the number of heaps k")?;
    let mut heaps = Vec::with_capacity(k);
    for _ in 0..k {
        heaps.push(rd.u64_in(1..=1_000_000_000, "a heap")?);
    }
    let mut moves = nim::winning_moves(&heaps);
    out.line(
        &Lines::new(["Second", "First"]),
        usize::from(!moves.is_empty()),
    )?;
    loop {
        if let Some(&(i, left)) = moves.first() {
            writeln!(out, "{} {}", i + 1, heaps[i] - left)?;
            heaps[i] = left;
        }
        out.flush()?;
        let i = rd.usize_in(0..=k, "the judge's heap")?;
        let most = if i == 0 { 0 } else { heaps[i - 1] };
        let x = rd.u64_in(u64::from(i > 0)..=most, "the judge's stones")?;
        if i == 0 {
            return Ok(());
        }
        heaps[i - 1] -= x;
        moves = nim::winning_moves(&heaps);
    }
}

fn main() -> ExitCode {
    io::run(solve)
}
