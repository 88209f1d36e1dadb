//! HDU 1847 (Good Luck in CET-4 Everybody!), with n to 10^18: until the end of the input, a
//! number n a line (n from 1 to 10^18; no line at all is an input too): n cards, from which
//! Kiki and Cici take 2^k cards in turn (any k >= 0), Kiki first; who takes the last card
//! wins. Print the winner.
//!
//! Solved through the lab from the rules (`rules.rs`; `cargo test -q --test lab -- 3000`
//! here): the values have period 3, proved by the residue check (every power of two is 1 or
//! 2 modulo 3), so the player to move loses exactly when 3 divides n.

use combgames::io::{self, Reader, Result};
use combgames::write::{Lines, Writer};
use std::io::{Read, Write};
use std::process::ExitCode;

/// The statement's limits: change these.
pub const MAX_CARDS: u64 = 1_000_000_000_000_000_000; // n

/// What a case prints: the player to move loses, or wins.
pub const ANSWERS: [&str; 2] = ["Cici", "Kiki"];

/// Whether the player to move wins with `n` cards left: the lab's formula.
///
/// # Complexity
/// O(1).
pub fn wins(n: u64) -> bool {
    n % 3 != 0
}

/// Answers every case on `rd` on `out`, one line each.
///
/// # Complexity
/// O(input bytes).
pub fn solve<R: Read, W: Write>(rd: &mut Reader<R>, out: &mut Writer<W>) -> Result<()> {
    let answers = Lines::new(ANSWERS);
    while rd.has_more()? {
        let n = rd.u64_in(1..=MAX_CARDS, "a number of cards n")?;
        out.line(&answers, usize::from(wins(n)))?;
    }
    Ok(())
}

fn main() -> ExitCode {
    io::run(solve)
}
