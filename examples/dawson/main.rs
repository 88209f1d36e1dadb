//! Dawson's Kayles: rows of n pins (n at most 1000), one per line, until a line `0`. A move
//! knocks down two adjacent pins; who cannot move loses. Print the first pin (from 1) of
//! each winning move, in order, or `none`.

use combgames::io::{self, Reader, Result};
use combgames::split::{Options, SplitGame};
use combgames::write::{Lines, Writer};
use std::io::{Read, Write};
use std::process::ExitCode;

/// The statement's limits: change these.
pub const MAX_PINS: u64 = 1000; // n

/// The moves from a row of `n` pins: knocking down pins `first` and `first + 1` leaves rows
/// of `first - 1` and `n - first - 1`.
///
/// # Complexity
/// O(n).
pub fn knock_two(n: usize, options: &mut Options<usize>) {
    for first in 1..n {
        options.add(first, [first - 1, n - first - 1]);
    }
}

/// The game of the rules (`rules.rs`) on rows of up to `MAX_PINS` pins, its values found once.
///
/// # Complexity
/// That of `SplitGame::new`.
pub fn game() -> SplitGame<usize> {
    SplitGame::new(MAX_PINS as usize + 1, knock_two)
}

/// Answers every row on `rd` on `out`, one line each, by `game` (rows of up to `MAX_PINS`).
///
/// # Complexity
/// O(input bytes + n) a row.
pub fn solve<R: Read, W: Write>(
    rd: &mut Reader<R>,
    out: &mut Writer<W>,
    game: &SplitGame<usize>,
) -> Result<()> {
    let none = Lines::new(["none"]);
    while let Some([n]) = rd.u64s_until([0], 1..=MAX_PINS, "the number of pins n")? {
        let moves = game.winning_moves(&[n as usize]);
        match moves.is_empty() {
            true => out.line(&none, 0)?,
            false => out.ints(moves.iter().map(|&(_, first)| first))?,
        }
    }
    rd.expect_end()
}

fn main() -> ExitCode {
    let game = game();
    io::run(|rd, out| solve(rd, out, &game))
}
