//! Georgia and Bob (POJ 1704): until the end of the input, at least one case `n p1 .. pn`:
//! n chessmen (n at most 1000) on distinct cells 1 to 10^4 of a row. A move takes a chessman
//! any number of cells left, over no other; who cannot move loses. Georgia moves first: print
//! who wins.
//!
//! Staircase Nim: step 0 is right of the last chessman, step k the gap before the k-th from
//! the right, and a move takes cells from a gap to the next one on its right.

use combgames::io::{self, Reader, Result};
use combgames::nim;
use combgames::write::{Lines, Writer};
use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::iter::once;
use std::process::ExitCode;

/// Answers every case on `rd` on `out`, one line each.
///
/// # Complexity
/// O(input bytes + n log n) a case.
pub fn solve<R: Read, W: Write>(rd: &mut Reader<R>, out: &mut Writer<W>) -> Result<()> {
    let answers = Lines::new(["Bob will win", "Georgia will win"]);
    loop {
        let n = rd.u64_in(1..=1000, "the number of chessmen n")?;
        let mut cells = BTreeSet::from([0]);
        rd.u64s_each(n, 1..=10_000, "a chessman's cell", |[p]| {
            match cells.insert(p) {
                true => Ok(()),
                false => Err(io::error("distinct cells", format!("{p} twice"))),
            }
        })?;
        let cells: Vec<u64> = cells.into_iter().collect();
        let gaps = cells.windows(2).rev().map(|pair| pair[1] - pair[0] - 1);
        let steps: Vec<u64> = once(0).chain(gaps).collect();
        out.line(&answers, usize::from(nim::staircase_nim_value(&steps) != 0))?;
        if !rd.has_more()? {
            return Ok(());
        }
    }
}

fn main() -> ExitCode {
    io::run(solve)
}
