//! Luogu P7395: marbles on a 4x4 diamond. For each board, can the player to move win?
//!
//! A board is a 16-bit mask of filled holes in reading order; the 82 moves (segments of 1 to
//! 3 holes on a line) give the win/lose bits of all 2^16 boards, built once in `main`. The
//! reader learns how the boards are drawn from the first one, so reading them costs a few
//! word operations each.

use combgames::cells::Cells;
use combgames::io::{self, Reader, Result};
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

/// The win/lose bits of all 2^16 boards: bit `s % 64` of word `s / 64` says whether the
/// player to move on board `s` wins.
///
/// A word holds the 64 boards that share holes 6 to 15, indexed by holes 0 to 5, and the
/// words are filled from the full board down, so a move that fills any of holes 6 to 15 leads
/// to a word already final. All 64 boards of a word take such a move at once: the boards
/// `low` of word `high` that a move (`mh`, `ml`) leaves free lead to board `low | ml` of word
/// `high | mh`, so the word's wins from it are `(lost[high | mh] >> ml) & free(ml)`. Moves
/// within holes 0 to 5 stay in the word; six rounds settle them, round r making the boards
/// with 6 - r of those holes filled final.
///
/// # Complexity
/// O(2^10 x moves x 7) word operations, about 10^6, with 8 KiB of memory.
pub fn win_bits(moves: &[u32]) -> Vec<u64> {
    const LOW: u32 = 6;
    let low_mask = (1 << LOW) - 1;
    // The low boards that leave the move's low holes `ml` empty.
    let free = |ml: u32| {
        (0..64u32)
            .filter(|l| l & ml == 0)
            .fold(0u64, |f, l| f | 1 << l)
    };
    let (inner, outer): (Vec<u32>, Vec<u32>) = moves.iter().partition(|&&m| m >> LOW == 0);
    let inner: Vec<(u32, u64)> = inner.iter().map(|&m| (m, free(m))).collect();
    let outer: Vec<(usize, u32, u64)> = outer
        .iter()
        .map(|&m| ((m >> LOW) as usize, m & low_mask, free(m & low_mask)))
        .collect();
    let words = 1 << (CELLS as u32 - LOW);
    let mut win = vec![0u64; words];
    for high in (0..words).rev() {
        let mut won = 0;
        for &(mh, ml, free) in &outer {
            // Branch-free: a move whose high holes are not free is masked out.
            let legal = u64::from(high & mh == 0).wrapping_neg();
            won |= (!win[high | mh] >> ml) & free & legal;
        }
        let mut lost = !won;
        for _ in 0..LOW {
            let mut round = won;
            for &(ml, free) in &inner {
                round |= (lost >> ml) & free;
            }
            lost = !round;
        }
        win[high] = !lost;
    }
    win
}

/// The answer line for a lost board and for a won board.
const ANSWERS: [&[u8]; 2] = [b"Impossible.\n", b"Possible.\n"];

/// Answers every board on `rd` on `out`, one line each, from the win bits `win`.
///
/// # Complexity
/// O(input bytes).
pub fn solve<R: Read>(rd: &mut Reader<R>, out: &mut impl Write, win: &[u64]) -> Result<()> {
    let boards = rd.u64_in(1..=1_000_000, "the number of boards T")?;
    let mut board = Cells::new(b".*", CELLS);
    rd.cells_each(&mut board, boards, "a hole '*' or '.'", |filled| {
        let filled = filled as usize;
        Ok(out.write_all(ANSWERS[(win[filled >> 6] >> (filled & 63) & 1) as usize])?)
    })?;
    rd.expect_end()
}

fn main() -> ExitCode {
    let win = win_bits(&moves());
    io::run(|rd, out| solve(rd, out, &win))
}
