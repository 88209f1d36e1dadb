//! Cutting Game (POJ 2311): sheets `w h` (2 to 200 each), one per line, until a line
//! `0 0`. A move cuts one piece along a grid line into two; whoever first cuts out a 1x1
//! piece wins. Print `WIN` if the first player wins, else `LOSE`.
//!
//! Cutting off a strip of width 1 lets the other player cut out a 1x1, so nobody does:
//! the game is the one whose moves cut a piece into two of sides at least 2, and the
//! player who cannot move loses. A cut piece is worth the XOR of its parts.

use combgames::io::{self, Reader, Result};
use combgames::split::SplitGame;
use combgames::write::{Lines, Writer};
use std::io::{Read, Write};
use std::process::ExitCode;

/// A `w x h` sheet is state `w * SIDES + h`: a cut makes both parts smaller states.
const SIDES: usize = 201;

/// The Grundy value of every sheet, by state.
///
/// # Complexity
/// O(SIDES^3): about 400 cuts for each of the 40,401 sheets.
pub fn sheet_values() -> Vec<u32> {
    let game = SplitGame::new(SIDES * SIDES, |sheet, options| {
        let (w, h) = (sheet / SIDES, sheet % SIDES);
        for x in 2..w.saturating_sub(1) {
            options.add((x, 0), [x * SIDES + h, (w - x) * SIDES + h]);
        }
        for y in 2..h.saturating_sub(1) {
            options.add((0, y), [w * SIDES + y, w * SIDES + h - y]);
        }
    });
    (0..SIDES * SIDES).map(|sheet| game.grundy(sheet)).collect()
}

/// Answers every sheet on `rd` on `out`, one line each, from the sheets' `values`.
///
/// # Complexity
/// O(input bytes).
pub fn solve<R: Read, W: Write>(
    rd: &mut Reader<R>,
    out: &mut Writer<W>,
    values: &[u32],
) -> Result<()> {
    let answers = Lines::new(["LOSE", "WIN"]);
    loop {
        let w = rd.usize_in(0..=200, "the width w")?;
        let h = rd.usize_in(0..=200, "the height h")?;
        match (w, h) {
            (0, 0) => return rd.expect_end(),
            (2..=200, 2..=200) => out.line(&answers, usize::from(values[w * SIDES + h] != 0))?,
            _ => return Err(rd.error("sides of 2 to 200", format!("{w} {h}"))),
        }
    }
}

fn main() -> ExitCode {
    let values = sheet_values();
    io::run(|rd, out| solve(rd, out, &values))
}
