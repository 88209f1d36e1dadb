//! LightOJ 1315, Game of Hyper Knights: who wins a sum of knights on an unbounded board?
//!
//! Each knight is its own game, so the answer is the nim-sum of the knights' Grundy values.
//! Every move lowers x + y, so the values are filled diagonal by diagonal with the library's
//! ordered fill, and the table is laid out by diagonals so that the fill reads memory in
//! order. Two moves raise a coordinate, so the table reaches beyond the 500x500 board:
//! it covers every cell with 2x + y and x + 2y at most 1497, a region no move leaves and that
//! holds the whole board.

use combgames::game::{fill_grundy, nim_sum};
use combgames::io::{self, Reader, Result};
use std::io::{Read, Write};
use std::process::ExitCode;

/// Knights stand on cells with both coordinates below this.
pub const SIDE: usize = 500;

/// The six moves (dx, dy).
pub const MOVES: [(isize, isize); 6] = [(-2, 1), (-2, -1), (-3, -1), (-1, -2), (-1, -3), (1, -2)];

/// Bound on 2x + y and on x + 2y over the board, 3 (SIDE - 1). No move raises either sum
/// (each changes them by 0 or less), so the cells within both bounds are closed under moves.
const REACH: usize = 3 * (SIDE - 1);

/// Cells of the region have x <= REACH / 2: the width of a row of the table.
const WIDTH: usize = REACH / 2 + 1;

/// The table holds (x, y) at (x + y) WIDTH + x, so each diagonal is one contiguous row and a
/// fill in order of x + y reads a few rows front to back. Move i from (x, y) lands
/// `OFFSETS[i]` entries earlier.
const OFFSETS: [usize; 6] = {
    let mut o = [0; 6];
    let mut i = 0;
    while i < 6 {
        let (dx, dy) = MOVES[i];
        o[i] = (-((dx + dy) * WIDTH as isize + dx)) as usize;
        i += 1;
    }
    o
};

/// `coordinate + delta`, or `None` below 0.
fn step(coordinate: usize, delta: isize) -> Option<usize> {
    if delta >= 0 {
        Some(coordinate + delta as usize)
    } else {
        coordinate.checked_sub(delta.unsigned_abs())
    }
}

/// Grundy values of single knights on every cell a board knight can reach.
pub struct Grundy {
    /// Row x + y, column x; entries outside the region stay 0 and are never read.
    table: Vec<u8>,
}

impl Grundy {
    /// Fills the table in order of x + y.
    ///
    /// # Complexity
    /// O(SIDE^2): the region has about 374,000 cells of six moves each.
    pub fn new() -> Self {
        let mut table = vec![0u8; (2 * SIDE - 1) * WIDTH];
        // Diagonal s = x + y of the region: 2x + (s - x) <= REACH and x + 2 (s - x) <= REACH.
        let order = (0..=2 * (SIDE - 1)).flat_map(|s| {
            let first = (2 * s).saturating_sub(REACH);
            let last = s.min(REACH - s);
            (first..=last).map(move |x| (s * WIDTH + x, (x, s - x)))
        });
        fill_grundy(&mut table, order, |(x, y), table, values| {
            let base = (x + y) * WIDTH + x;
            // Away from the edges every move stays on the board: a fast path.
            if x >= 3 && y >= 3 {
                for off in OFFSETS {
                    values.push(table[base - off]);
                }
                return;
            }
            for (dx, dy) in MOVES {
                if let (Some(tx), Some(ty)) = (step(x, dx), step(y, dy)) {
                    values.push(table[(tx + ty) * WIDTH + tx]);
                }
            }
        });
        Grundy { table }
    }

    /// The Grundy value of a knight on (x, y).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If x or y is not below [`SIDE`].
    pub fn value(&self, x: usize, y: usize) -> u32 {
        assert!(x < SIDE && y < SIDE, "({}, {}) is off the board", x, y);
        self.table[(x + y) * WIDTH + x].into()
    }
}

impl Default for Grundy {
    fn default() -> Self {
        Self::new()
    }
}

/// Answers every case of `input` on `out`: `Case i: Alice` or `Case i: Bob`.
///
/// # Complexity
/// O(input bytes) after the table, built once per call.
pub fn solve(input: impl Read, out: &mut impl Write) -> Result<()> {
    let mut rd = Reader::new(input);
    let cases = rd.u64_in(1..=200, "the number of cases T")?;
    let grundy = Grundy::new();
    for case in 1..=cases {
        let knights = rd.usize_in(1..=1000, "the number of knights n")?;
        let mut sum = 0;
        for _ in 0..knights {
            let x = rd.usize_in(0..=SIDE - 1, "a knight's x")?;
            let y = rd.usize_in(0..=SIDE - 1, "a knight's y")?;
            sum = nim_sum([sum, grundy.value(x, y)]);
        }
        let winner = if sum != 0 { "Alice" } else { "Bob" };
        writeln!(out, "Case {}: {}", case, winner)?;
    }
    rd.expect_end()
}

fn main() -> ExitCode {
    io::run(solve)
}
