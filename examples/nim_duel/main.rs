//! Nim duel (interactive): the judge prints k, then k heaps (k at most 100, each 1 to 10^9).
//! Print `First` or `Second`, the side you play; First moves first. A move `i x` takes x
//! stones from heap i; who cannot move loses. The judge answers each of your moves with its
//! own, or with `0 0` when no stone is left. Flush after each line. The player to move
//! wins iff the nim-sum is not 0, and a move to 0 keeps that so.

use combgames::io::{self, Reader, Result};
use combgames::nim;
use combgames::write::{Lines, Writer};
use std::io::{Read, Write};
use std::process::ExitCode;

/// The statement's limits: change these.
pub const MAX_HEAPS: usize = 100; // k
pub const MAX_HEAP: u64 = 1_000_000_000; // stones in a heap

/// The side the player takes: when the player to move loses, or wins.
pub const SIDES: [&str; 2] = ["Second", "First"];

/// Plays against the judge on `rd` and `out`, and wins.
///
/// # Complexity
/// O(k) a move.
pub fn solve<R: Read, W: Write>(rd: &mut Reader<R>, out: &mut Writer<W>) -> Result<()> {
    let k = rd.usize_in(1..=MAX_HEAPS, "the number of heaps k")?;
    let mut heaps = Vec::with_capacity(k);
    for _ in 0..k {
        heaps.push(rd.u64_in(1..=MAX_HEAP, "a heap")?);
    }
    let mut moves = nim::winning_moves(&heaps);
    let sides = Lines::new(SIDES);
    out.line(&sides, usize::from(!moves.is_empty()))?;
    loop {
        if let Some(&(i, left)) = moves.first() {
            out.ints([i as u64 + 1, heaps[i] - left])?;
            heaps[i] = left;
        }
        out.flush()?;
        match rd.usize_in(0..=k, "the judge's heap")? {
            0 => return rd.u64_in(0..=0, "0 stones of heap 0").map(|_| ()),
            i => heaps[i - 1] -= rd.u64_in(1..=heaps[i - 1], "the judge's stones")?,
        }
        moves = nim::winning_moves(&heaps);
    }
}

fn main() -> ExitCode {
    io::run(solve)
}
