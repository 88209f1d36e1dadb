//! Luogu P7395: marbles on a 4x4 diamond. For each board, can the player to move win?
//!
//! A board is a 16-bit mask of filled holes in reading order; the 82 moves (segments of 1 to
//! 3 holes on a line) give the win/lose bits of all 2^16 boards, built once in `main`. The
//! reader learns how the boards are drawn from the first one, so reading them costs a few
//! word operations each: after the first board, runs of boards are checked against the
//! learned picture many at a time and their holes gathered by a few multiplies each. The
//! win bits are built 64 boards at a time. The tests check every board against a plain game
//! search, and the reading against a plain reader in every layout.
//!
//! Complexity: O(input bytes); 8 KiB of win bits.

use combgames::cells::Cells;
use combgames::game::{win_table, MoveMasks, WinBits};
use combgames::io::{self, Reader, Result};
use combgames::write::{Lines, Writer};
use std::io::{Read, Write};
use std::process::ExitCode;

/// Number of holes.
const CELLS: usize = 16;

/// The reading-order index of grid cell (x, y): display row r = x + y lists its cells with x
/// decreasing from left to right.
const fn reading_index(x: usize, y: usize) -> usize {
    let r = x + y;
    let mut index = 0;
    let mut row = 0;
    while row < r {
        index += if row < 4 { row + 1 } else { 7 - row };
        row += 1;
    }
    let first_x = if r < 3 { r } else { 3 };
    index + (first_x - x)
}

/// Every move as a mask over reading-order indices: 1 to 3 consecutive holes along one of
/// the grid directions (0,1), (1,0), (1,1), (1,-1), which are the diamond's two slants, its
/// verticals and its rows.
///
/// # Complexity
/// O(1): 82 moves.
pub fn moves() -> Vec<u32> {
    const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    let inside = |x: isize, y: isize| (0..4).contains(&x) && (0..4).contains(&y);
    let mut moves = Vec::new();
    for x in 0..4 {
        for y in 0..4 {
            moves.push(1 << reading_index(x as usize, y as usize));
            for (dx, dy) in DIRECTIONS {
                let mut mask = 1 << reading_index(x as usize, y as usize);
                for step in 1..3 {
                    let (cx, cy) = (x + dx * step, y + dy * step);
                    if !inside(cx, cy) {
                        break;
                    }
                    mask |= 1 << reading_index(cx as usize, cy as usize);
                    moves.push(mask);
                }
            }
        }
    }
    moves
}

/// Answers every board on `rd` on `out`, one line each, from the win bits `win`.
///
/// # Complexity
/// O(input bytes).
pub fn solve<R: Read, W: Write>(
    rd: &mut Reader<R>,
    out: &mut Writer<W>,
    win: &WinBits,
) -> Result<()> {
    let answers = Lines::new(["Impossible.", "Possible."]);
    let boards = rd.u64_in(1..=1_000_000, "the number of boards T")?;
    let mut board = Cells::new(b".*", CELLS);
    rd.cells_each(&mut board, boards, "a hole '*' or '.'", |filled| {
        out.line(&answers, usize::from(win.get(filled as usize)))
    })?;
    rd.expect_end()
}

fn main() -> ExitCode {
    let win = win_table(&MoveMasks::new(CELLS as u32, moves()));
    io::run(|rd, out| solve(rd, out, &win))
}
