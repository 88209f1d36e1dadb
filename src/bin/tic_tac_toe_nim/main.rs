//! HDU 6886, Tic-Tac-Toe-Nim: how many of Alice's nine first moves still win?
//!
//! Both first moves empty a pile. Bob must answer off Alice's row and column, or she empties
//! the third pile of the shared line and wins. Then the two empty piles lie on a transversal
//! T (one cell per row and column) whose third cell r lies on no line with an empty pile.
//! Emptying any of the six other piles hands the opponent a line, so each of them is a Nim
//! heap of a - 1, and pile r a heap of a: Alice, to move, wins iff their nim-sum is not 0.
//! Piles are read nine at a time by `u64s_each::<9>`. The tests check this reduction against
//! a plain game-tree search over the rules, on all 19,683 grids of piles 1 to 3.
//!
//! Complexity: O(input bytes): six sums and 18 comparisons a grid.

use combgames::io::{self, Reader, Result};
use combgames::write::Writer;
use std::io::{Read, Write};
use std::process::ExitCode;

/// The piles in reading order, as errors name them.
const PILES: [&str; 9] = [
    "the pile a(1,1)",
    "the pile a(1,2)",
    "the pile a(1,3)",
    "the pile a(2,1)",
    "the pile a(2,2)",
    "the pile a(2,3)",
    "the pile a(3,1)",
    "the pile a(3,2)",
    "the pile a(3,3)",
];

/// The six transversals of the 3x3 grid, cells numbered 3 * row + column.
const TRANSVERSALS: [[usize; 3]; 6] = [
    [0, 4, 8],
    [0, 5, 7],
    [1, 3, 8],
    [1, 5, 6],
    [2, 3, 7],
    [2, 4, 6],
];

/// The number of Alice's first moves after which she can force a win, for piles `a` in
/// reading order, each at least 1.
///
/// With S the nim-sum of every a - 1, the position after first moves p, q on a transversal
/// T = {p, q, r} has nim-sum S ^ X_T ^ a_r, where X_T is the nim-sum of a - 1 over T. Alice's
/// move p loses when Bob has such a q making it 0.
///
/// # Complexity
/// O(1): six transversal sums, 18 comparisons.
///
/// # Panics
/// In debug builds, if a pile is 0 (the reader never lets one through).
#[inline(always)]
pub fn winning_first_moves(a: &[u64; 9]) -> u32 {
    debug_assert!(!a.contains(&0), "piles hold at least one stone");
    // Large piles rarely give a nim-sum of 0: one test for all 18 first.
    if no_zero_sum(a) {
        9
    } else {
        count_winning_first_moves(a)
    }
}

/// Whether no first moves p, q make a nim-sum of 0 (see [`winning_first_moves`]): then all
/// nine first moves win.
#[inline(always)]
fn no_zero_sum(a: &[u64; 9]) -> bool {
    let rests = transversal_rests(a);
    TRANSVERSALS
        .iter()
        .zip(rests)
        .all(|(t, rest)| rest != a[t[0]] && rest != a[t[1]] && rest != a[t[2]])
}

/// [`winning_first_moves`] when some nim-sum is 0.
#[inline(never)]
fn count_winning_first_moves(a: &[u64; 9]) -> u32 {
    let mut losing = 0u32;
    for (t, rest) in TRANSVERSALS.iter().zip(transversal_rests(a)) {
        for (k, &r) in t.iter().enumerate() {
            if rest == a[r] {
                // Bob answers either other cell of T with the other; r stays the heap of a.
                losing |= (1 << t[(k + 1) % 3]) | (1 << t[(k + 2) % 3]);
            }
        }
    }
    9 - losing.count_ones()
}

/// S ^ X_T for each transversal T (see [`winning_first_moves`]): the nim-sum of the six
/// piles off T, each less one.
#[inline(always)]
fn transversal_rests(a: &[u64; 9]) -> [u64; 6] {
    let low = piles_less_one(a);
    let all = low.iter().fold(0, |x, &v| x ^ v);
    let mut rests = [0; 6];
    for (rest, t) in rests.iter_mut().zip(&TRANSVERSALS) {
        *rest = all ^ low[t[0]] ^ low[t[1]] ^ low[t[2]];
    }
    rests
}

/// Each pile less one: its Nim heap once a line next to it is empty.
#[inline(always)]
fn piles_less_one(a: &[u64; 9]) -> [u64; 9] {
    let mut low = [0; 9];
    for (low, &a) in low.iter_mut().zip(a) {
        *low = a.wrapping_sub(1);
    }
    low
}

/// Answers every grid on `rd` on `out`, one line each.
///
/// # Complexity
/// O(input bytes).
pub fn solve<R: Read, W: Write>(rd: &mut Reader<R>, out: &mut Writer<W>) -> Result<()> {
    let grids = rd.u64_in(1..=u64::MAX, "the number of grids T")?;
    rd.u64s_each(grids, 1..=u64::from(u32::MAX), PILES, |a| {
        Ok(out.write_all(&[b'0' + winning_first_moves(&a) as u8, b'\n'])?)
    })?;
    rd.expect_end()
}

fn main() -> ExitCode {
    io::run(solve)
}
