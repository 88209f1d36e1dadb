//! Leapers: T cases (T at most 10^5), each k, then k lines `x y`: k tokens (the sum of k over
//! the cases at most 2 x 10^5), each a leaper on a cell (x, y), each coordinate from 0 to
//! 10^18 (a cell may hold several). A move takes one token from (x, y) to (x - 2, y + 1),
//! (x + 1, y - 2), (x - 3, y - 1) or (x - 1, y - 3), a cell whose coordinates are both at
//! least 0; who cannot move loses. Print `First` if the player to move wins, else `Second`.
//!
//! Solved through the lab from the rules (`rules.rs`; `cargo test -q --test lab -- 60 60`
//! here): a token's Grundy value is periodic in x from 6 with period 5, and in y alike,
//! proved by the box (fixed leaps, each lowering x + y), so the corner x, y < 11 holds
//! every value; a case is won when the XOR of its tokens' values is not 0.

use combgames::io::{self, Reader, Result};
use combgames::write::{Lines, Writer};
use std::io::{Read, Write};
use std::process::ExitCode;

/// The statement's limits: change these.
pub const MAX_CASES: u64 = 100_000; // T
pub const MAX_TOKENS: u64 = 200_000; // k, over all the cases
pub const MAX_COORD: u64 = 1_000_000_000_000_000_000; // x and y

/// What a case prints: the player to move loses, or wins.
pub const ANSWERS: [&str; 2] = ["Second", "First"];

/// The Grundy value of a token on `(x, y)`: the lab's code, proved (its report of
/// `rules.rs`, pasted).
///
/// # Complexity
/// O(1).
pub fn grundy(x: u64, y: u64) -> u32 {
    const CORNER: &[u8] = b"\
        00111001110\
        00011000110\
        10021100211\
        11202312023\
        11120411203\
        00134001140\
        00011000110\
        10021100211\
        11202112021\
        11120411203\
        00133001130";
    let x = if x < 6 { x } else { 6 + (x - 6) % 5 };
    let y = if y < 6 { y } else { 6 + (y - 6) % 5 };
    u32::from(CORNER[(x * 11 + y) as usize] - b'0')
}

/// Answers every case on `rd` on `out`, one line each.
///
/// # Complexity
/// O(input bytes).
pub fn solve<R: Read, W: Write>(rd: &mut Reader<R>, out: &mut Writer<W>) -> Result<()> {
    let answers = Lines::new(ANSWERS);
    let cases = rd.u64_in(1..=MAX_CASES, "the number of cases T")?;
    // A limit on the sum of k: each k is read within what the cases before it left.
    let mut tokens_left = MAX_TOKENS;
    let k_is = format!("the number of tokens k ({MAX_TOKENS} in all)");
    for _ in 0..cases {
        let k = rd.u64_in(1..=tokens_left, &k_is)?;
        tokens_left -= k;
        let mut value = 0;
        // A token's cell, two numbers: `u64s_each::<2>` reads them as `[x, y]`.
        rd.u64s_each(k, 0..=MAX_COORD, ["x", "y"], |[x, y]| {
            value ^= grundy(x, y);
            Ok(())
        })?;
        out.line(&answers, usize::from(value != 0))?;
    }
    rd.expect_end()
}

fn main() -> ExitCode {
    io::run(solve)
}
