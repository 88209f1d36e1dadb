//! ICPC Asia Seoul Regional 2022 A (BOJ 26102), Card Game: does the first player win?
//!
//! A card's diagonals keep the parity of row + col, so the cards of each parity form their
//! own game, and the answer is the nim-sum of the two Grundy values. Within one parity,
//! rotated coordinates u = (row + col) / 2, v = (row - col + M - 1) / 2 turn the "/" diagonal
//! (R) into a row u and the "\" diagonal (B) into a column v.
//!
//! The cards of a parity fill a convex, tilted part of the rotated box (a walk that leaves it
//! has met the grid edge), so every position is a set of disjoint box rectangles, and
//! removing row u, column v or both splits one into 2 or 4. A rectangle's Grundy value is
//! the mex, over its cards, of the nim-sum of the pieces, which the library's rectangle
//! index lists first. A rectangle with an edge row or column free of cards is the same game
//! as the rectangle without it, and copies its value. O(h^2 w^2 (h + w)) for an h x w box.

use combgames::cells::Cells;
use combgames::game::nim_sum;
use combgames::io::{self, Reader, Result};
use combgames::rect::Rects;
use std::io::{Read, Write};
use std::process::ExitCode;

/// Powers of two above every rotated side (at most 25) and the 351 column intervals, so that
/// masked indices need no bounds checks; and the rows the G-card loop takes at once.
const SIDE: usize = 32;
const INTERVALS: usize = 512;
const CHUNK: usize = 8;

/// Every Grundy value is below this: a rectangle has at most 625 cards, hence a mex of at
/// most 625, and a nim-sum of two values below 1024 is below 1024.
const VALUES: usize = 1024;

/// The bits `range`.
fn bits(range: std::ops::Range<usize>) -> u32 {
    ((1u64 << range.end) - (1u64 << range.start)) as u32
}

/// The positions of the one bits of `mask`, lowest first.
fn ones(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let bit = mask.trailing_zeros() as usize;
        mask &= mask.wrapping_sub(1);
        (bit < 32).then_some(bit)
    })
}

/// The mask with the bits `ones`.
fn mask_of(ones: impl Iterator<Item = usize>) -> u32 {
    ones.fold(0, |mask, bit| mask | 1 << bit)
}

/// The Grundy value of the cards of `board` (`n` rows of `m` bytes) whose row + col has
/// parity `parity`, from every rectangle of their rotated box.
///
/// Rectangles go by row interval, then column interval, shorter first. For a row interval,
/// `split[c][i]` is the nim-sum of the pieces above and below its row i over column interval
/// c, so an R card costs one look-up. A G card at (u, v) leaves the nim-sum of two of those,
/// left and right of v: the loop goes by column, then over every row of the interval,
/// [`CHUNK`] at a time, G card or not (`not_g` turns a row without one into a value no
/// rectangle has), so that the processor predicts its trip counts.
///
/// # Complexity
/// O(rectangles x (height + width) + options), rectangles = O(height^2 width^2); about
/// 5 x 10^6 options for a random 25 x 25 board, 9 x 10^6 for one with 95% G.
fn class_grundy(board: &[u8], n: usize, m: usize, parity: usize) -> u32 {
    // Bit v of `r_cols[u]`: an R card at (u, v); bit u of `b_rows[v]`: a B card; likewise
    // G, and any card. The box starts at (0, 0) when the class has a card.
    let (mut r_cols, mut any_cols) = ([0u32; SIDE], [0u32; SIDE]);
    let (mut b_rows, mut g_rows, mut any_rows) = ([0u32; SIDE], [0u32; SIDE], [0u32; SIDE]);
    let (mut height, mut width) = (0, 0);
    for (r, c) in (0..n).flat_map(|r| ((r + parity) % 2..m).step_by(2).map(move |c| (r, c))) {
        let (u, v) = ((r + c) / 2, (r + m - 1 - c) / 2);
        (height, width) = (height.max(u + 1), width.max(v + 1));
        match board[r * m + c] {
            b'R' => r_cols[u] |= 1 << v,
            b'G' => g_rows[v] |= 1 << u,
            _ => b_rows[v] |= 1 << u,
        }
        any_cols[u] |= 1 << v;
        any_rows[v] |= 1 << u;
    }
    let rects = Rects::new(height, width);
    let (rows, cols) = (rects.rows(), rects.cols());
    let ncols = cols.len();
    // For each column interval, the rows with an R card in it, and for each column v in it
    // the indices of the intervals left and right of v.
    let mut r_rows = vec![0u32; ncols];
    let mut col_splits = vec![[(0u16, 0u16); SIDE]; ncols];
    for (c, (r_rows, splits)) in r_rows.iter_mut().zip(&mut col_splits).enumerate() {
        let (v1, v2) = cols.bounds(c);
        *r_rows = mask_of((0..height).filter(|&u| r_cols[u] & bits(v1..v2) != 0));
        for (pair, v) in splits[v1..v2].iter_mut().zip(v1..) {
            *pair = (cols.index(v1..v) as u16, cols.index(v + 1..v2) as u16);
        }
    }
    let mut g = vec![0u16; rects.len()];
    let mut split = Box::new([[0u16; SIDE]; INTERVALS]);
    let mut not_g = [[0u16; SIDE]; SIDE];
    let mut seen = Seen {
        marks: [0; 2 * VALUES],
        stamp: 0,
    };
    // The empty intervals come first.
    for row in height + 1..rows.len() {
        let (u1, u2) = rows.bounds(row);
        let row_bits = bits(u1..u2);
        for i in 0..u2 - u1 {
            let above = rows.index(u1..u1 + i) * ncols;
            let below = rows.index(u1 + i + 1..u2) * ncols;
            let pieces = g[above..above + ncols].iter().zip(&g[below..below + ncols]);
            for (lanes, (a, b)) in split.iter_mut().zip(pieces) {
                lanes[i % SIDE] = a ^ b;
            }
        }
        for (lanes, &cards) in not_g.iter_mut().zip(&g_rows) {
            for (i, lane) in lanes.iter_mut().enumerate() {
                let g_card = u64::from(cards & row_bits) >> (u1 + i) & 1 == 1;
                *lane = if g_card { 0 } else { VALUES as u16 };
            }
        }
        // The columns with a B card in these rows, and with a G card.
        let b_cols = mask_of((0..width).filter(|&v| b_rows[v] & row_bits != 0));
        let g_cols = mask_of((0..width).filter(|&v| g_rows[v] & row_bits != 0));
        let chunks = (u2 - u1 + CHUNK - 1) / CHUNK;
        let base = row * ncols;
        for c in width + 1..ncols {
            let (v1, v2) = cols.bounds(c);
            let col_bits = bits(v1..v2);
            // A rectangle with an edge line free of cards is the game without that line.
            let same = if any_cols[u1] & col_bits == 0 {
                Some(rows.index(u1 + 1..u2) * ncols + c)
            } else if any_cols[u2 - 1] & col_bits == 0 {
                Some(rows.index(u1..u2 - 1) * ncols + c)
            } else if any_rows[v1] & row_bits == 0 {
                Some(base + cols.index(v1 + 1..v2))
            } else if any_rows[v2 - 1] & row_bits == 0 {
                Some(base + cols.index(v1..v2 - 1))
            } else {
                None
            };
            if let Some(same) = same {
                g[base + c] = g[same];
                continue;
            }
            seen.stamp = seen.stamp.wrapping_add(1);
            if seen.stamp == 0 {
                (seen.marks, seen.stamp) = ([0; 2 * VALUES], 1);
            }
            let mut mark = |v| seen.insert(v);
            // An R card in row u removes the row: above and below remain.
            let col_splits = &col_splits[c];
            for u in ones(r_rows[c] & row_bits) {
                mark(split[c % INTERVALS][(u - u1) % SIDE]);
            }
            // A G card removes its row and column: four corners remain.
            for v in ones(g_cols & col_bits) {
                let (left, right) = col_splits[v % SIDE];
                let left = split[usize::from(left) % INTERVALS].chunks_exact(CHUNK);
                let right = split[usize::from(right) % INTERVALS].chunks_exact(CHUNK);
                let lanes = left.zip(right).zip(not_g[v % SIDE].chunks_exact(CHUNK));
                for ((left, right), not_g) in lanes.take(chunks) {
                    for i in 0..CHUNK {
                        mark(left[i] ^ right[i] | not_g[i]);
                    }
                }
            }
            // A B card in column v removes the column: left and right remain.
            for v in ones(b_cols & col_bits) {
                let (left, right) = col_splits[v % SIDE];
                mark(g[base + usize::from(left)] ^ g[base + usize::from(right)]);
            }
            g[base + c] = seen.mex();
        }
    }
    u32::from(g[rects.len() - 1])
}

/// The values one move away from the rectangle at hand: those whose mark is `stamp`, which
/// changes from one rectangle to the next so that the marks need not be cleared.
struct Seen {
    /// Values at or above [`VALUES`] stand for the rows without a G card.
    marks: [u8; 2 * VALUES],
    stamp: u8,
}

impl Seen {
    #[inline(always)]
    fn insert(&mut self, value: u16) {
        self.marks[usize::from(value) % (2 * VALUES)] = self.stamp;
    }

    /// The least value not inserted, 16 values at a time.
    fn mex(&self) -> u16 {
        let mut at = 0;
        loop {
            let marks = &self.marks[at % VALUES..at % VALUES + 16];
            let missing = (marks.iter().enumerate())
                .fold(0u32, |mask, (i, &m)| mask | u32::from(m != self.stamp) << i);
            if missing != 0 {
                return (at + missing.trailing_zeros() as usize) as u16;
            }
            at += 16;
        }
    }
}

/// The Grundy values of the games of the cards whose row + col is even, and odd, on
/// `board`, `n` rows of `m` bytes `R`, `G` or `B`.
///
/// # Complexity
/// About 10 ms for a random 25 x 25 board: see [`class_grundy`].
///
/// # Panics
/// If `board` is not `n * m` bytes.
pub fn parity_values(board: &[u8], n: usize, m: usize) -> [u32; 2] {
    assert_eq!(board.len(), n * m, "the board is not {n} x {m}");
    [0, 1].map(|parity| class_grundy(board, n, m, parity))
}

/// Whether the first player wins on `board`: the nim-sum of its [`parity_values`] is not 0.
///
/// # Complexity
/// That of [`parity_values`].
pub fn first_player_wins(board: &[u8], n: usize, m: usize) -> bool {
    nim_sum(parity_values(board, n, m)) != 0
}

/// The cards, in the order of their packed values.
const COLOURS: &[u8] = b"RGB";

/// Reads one board and answers `W` if the first player wins, else `L`.
///
/// # Complexity
/// That of [`first_player_wins`].
pub fn solve<R: Read>(rd: &mut Reader<R>, out: &mut impl Write) -> Result<()> {
    let n = rd.usize_in(1..=25, "the number of rows N")?;
    let m = rd.usize_in(1..=25, "the number of columns M")?;
    let mut row = Cells::new(COLOURS, m);
    let mut board = Vec::with_capacity(n * m);
    for _ in 0..n {
        let cards = rd.cells(&mut row, "a card R, G or B")?;
        board.extend((0..m).map(|c| COLOURS[(cards >> (2 * c) & 3) as usize]));
    }
    let wins = first_player_wins(&board, n, m);
    writeln!(out, "{}", if wins { 'W' } else { 'L' })?;
    rd.expect_end()
}

fn main() -> ExitCode {
    io::run(solve)
}
