//! Candles: T cases (T at most 10^5), each a line `n a1 .. an`: n rows of lit candles (the
//! sum of n over the cases at most 2 x 10^5), of a1 .. an candles (each at most 10^18). A
//! move blows out one candle at an end of a row, or two adjacent candles with a lit candle
//! on each side (the row splits in two); whoever blows out the last candle loses. Print
//! `Second` if the player to move loses, else `First i p c`: the winning move that blows
//! out `c` candles from the `p`-th of row `i` (both from 1), the least `i`, then `p`, `c`.
//!
//! Solved through the lab in misère play from the rules (`rules.rs`; `cargo test -q --test
//! lab -- 60` here): the game is wild, its misère quotient has 12 elements, and the rows'
//! elements repeat with period 8 from 7 candles on, proved by the periodicity theorem. The
//! tables below are the lab's, pasted.

use combgames::io::{self, Reader, Result};
use combgames::misere::{MisereQuotient, Options, Tables};
use combgames::write::{Lines, Writer};
use std::io::{Read, Write};
use std::process::ExitCode;

/// The statement's limits: change these.
pub const MAX_CASES: u64 = 100_000; // T
pub const MAX_ROWS: u64 = 200_000; // n, over all the cases
pub const MAX_ROW: u64 = 1_000_000_000_000_000_000; // candles in a row

/// The misère quotient of the rows of candles, as the lab prints it.
pub const TABLES: Tables = Tables {
    elements: 12,
    generators: 3,
    products: &["1045238967ba246789aabb68357091a2b468"],
    parents: &["0001021112212241426181"],
    p: &["156"],
    heaps: &["010120104131205"],
    start: 7,
    period: 8,
};

/// The moves from a row of `n` candles in the statement's order, each `(p, c)` and the rows
/// it leaves: the first candle, then pairs from the left. The last candle leaves what the
/// first does, so it never comes first. A pair leaving rows of `a` and `b` candles, both
/// at least 7, has the element of the pair leaving `a - 8` and `b + 8`: the least winning
/// pair leaves fewer than 15 candles on its left, and no others are listed.
pub fn moves(n: u64, options: &mut Options<(u64, u64)>) {
    options.add((1, 1), &[n - 1]);
    let last = TABLES.start + TABLES.period;
    for p in 2..=n.saturating_sub(2).min(last) {
        options.add((p, 2), &[p - 1, n - p - 1]);
    }
}

/// Answers every case on `rd` on `out`, one line each.
///
/// # Complexity
/// O(input bytes), and O(1) a row for its move.
pub fn solve<R: Read, W: Write>(
    rd: &mut Reader<R>,
    out: &mut Writer<W>,
    quotient: &MisereQuotient,
) -> Result<()> {
    let second = Lines::new(["Second"]);
    let cases = rd.u64_in(1..=MAX_CASES, "the number of cases T")?;
    // A limit on the sum of n: each n is read within what the cases before it left.
    let mut rows_left = MAX_ROWS;
    let n_is = format!("the number of rows n ({MAX_ROWS} in all)");
    let mut rows = Vec::new();
    for _ in 0..cases {
        let n = rd.u64_in(1..=rows_left, &n_is)?;
        rows_left -= n;
        rows.clear();
        rd.u64s_each(n, 1..=MAX_ROW, "a row", |[row]| {
            rows.push(row);
            Ok(())
        })?;
        match quotient.winning_move(&rows, moves) {
            Some((i, (p, c))) => writeln!(out, "First {} {} {}", i + 1, p, c)?,
            None => out.line(&second, 0)?,
        }
    }
    rd.expect_end()
}

fn main() -> ExitCode {
    let quotient = MisereQuotient::new(&TABLES);
    io::run(|rd, out| solve(rd, out, &quotient))
}
