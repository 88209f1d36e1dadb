//! Misère Nim: until the end of the input, a case per line `k a1 ... ak` (k at most 100,
//! each a between 1 and 10^9). A move takes any number of stones from one heap; who takes
//! the last stone loses. Print `First` if the player to move wins, else `Second`.

use combgames::io::{self, Reader, Result};
use combgames::nim;
use combgames::write::{Lines, Writer};
use std::io::{Read, Write};
use std::process::ExitCode;

/// Answers every case on `rd` on `out`, one line each.
///
/// # Complexity
/// O(input bytes).
pub fn solve<R: Read, W: Write>(rd: &mut Reader<R>, out: &mut Writer<W>) -> Result<()> {
    let answers = Lines::new(["Second", "First"]);
    let mut heaps = Vec::new();
    while rd.has_more()? {
        let k = rd.usize_in(1..=100, "the number of heaps k")?;
        heaps.clear();
        for _ in 0..k {
            heaps.push(rd.u64_in(1..=1_000_000_000, "a heap")?);
        }
        out.line(&answers, usize::from(nim::misere_wins(&heaps)))?;
    }
    Ok(())
}

fn main() -> ExitCode {
    io::run(solve)
}
