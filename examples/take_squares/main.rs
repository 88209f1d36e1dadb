//! Take squares: T (at most 10^5), then T numbers n, one a line (each from 1 to 10^6): a heap
//! of n stones, from which a move takes a positive square number of stones; who cannot move
//! loses. Print `First` if the player to move wins, else `Second`, for each.
//!
//! Who wins follows no pattern known (the losing heaps 0, 2, 5, 7, 10, 12, 15, 17, 20, 22,
//! 34... are not periodic), so the whole table of who wins is built once, in `main`, up to
//! the limit, and each n is a look-up.

use combgames::io::{self, Reader, Result};
use combgames::sieve::win_lose_by_sizes;
use combgames::write::{Lines, Writer};
use std::io::{Read, Write};
use std::process::ExitCode;

/// The statement's limits: change these.
pub const MAX_ITEMS: u64 = 100_000; // T
pub const MAX_N: u64 = 1_000_000; // stones in a heap

/// What an item prints: the player to move loses, or wins.
pub const ANSWERS: [&str; 2] = ["Second", "First"];

/// The rules' table (`rules.rs`) of every heap up to `MAX_N`, whether the player to move
/// wins: a move takes a square. The toolkit's sieve marks forward from each lost heap.
///
/// # Complexity
/// O(MAX_N x losing heaps / 2^15 + losing heaps x squares): about 10 ms.
pub fn table() -> Vec<bool> {
    let len = MAX_N as usize + 1;
    let squares: Vec<usize> = (1..).map(|k| k * k).take_while(|&s| s < len).collect();
    win_lose_by_sizes(len, &squares)
}

/// Answers every item on `rd` on `out`, one line each, by `table`.
///
/// # Complexity
/// O(input bytes).
pub fn solve<R: Read, W: Write>(
    rd: &mut Reader<R>,
    out: &mut Writer<W>,
    table: &[bool],
) -> Result<()> {
    let answers = Lines::new(ANSWERS);
    let items = rd.u64_in(1..=MAX_ITEMS, "the number of heaps T")?;
    // One number an item, `|[n]|`; items of two numbers, as pairs (x, y), would be
    // `u64s_each(items, range, ["x", "y"], |[x, y]| ..)`, each named in errors.
    rd.u64s_each(items, 1..=MAX_N, "a heap n", |[n]| {
        out.line(&answers, usize::from(table[n as usize]))
    })?;
    rd.expect_end()
}

fn main() -> ExitCode {
    let table = table();
    io::run(|rd, out| solve(rd, out, &table))
}
