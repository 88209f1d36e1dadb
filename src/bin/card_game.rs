//! ICPC Asia Seoul Regional 2022 A (BOJ 26102), Card Game: does the first player win?
//!
//! A card's diagonals keep the parity of row + col, so the cards of each parity form their
//! own game, and the answer is the nim-sum of the two Grundy values. Within one parity,
//! rotated coordinates u = (row + col) / 2, v = (row - col + M - 1) / 2 turn the "/" diagonal
//! (R) into a row u and the "\" diagonal (B) into a column v.
//!
//! The cards of a parity fill only a tilted part of the rotated bounding box: box cells off
//! the grid hold no card, and a walk that reaches one has met the grid edge. The tilted part
//! is convex, so each of its rows and columns is one run of cells, and so is its
//! intersection with any box rectangle. Starting from the whole box, every position is then
//! a set of disjoint box rectangles, each holding every card of its cells: a walk inside one
//! stops exactly at its border (a removed row or column, or the grid edge), so removing
//! row u, column v or both splits it into 2 or 4 rectangles. The Grundy value of a
//! rectangle is the mex, over its cards, of the nim-sum of the pieces; the library's
//! rectangle index lists every piece before the rectangle it came from, and its ordered fill
//! computes them all. A rectangle whose edge row or column holds no card is the same game
//! as the rectangle without it, and just copies that value.

use combgames::game::{fill_grundy, nim_sum};
use combgames::io::{self, Reader, Result};
use combgames::rect::Rects;
use std::io::{Read, Write};
use std::process::ExitCode;

/// The most rows and columns of the board.
pub const MAX_SIDE: usize = 25;

/// The stride of tables indexed by a column (at most 25), and by a column interval (at
/// most 351): powers of two, so that masked indices need no bounds checks.
const SIDE: usize = 32;
const SPLIT_ROW: usize = 512;

/// The cards of one parity class in rotated coordinates: a `height x width` box.
struct Class {
    height: usize,
    width: usize,
    /// Bit v of `r_cols[u]`: an R card at (u, v). Likewise G.
    r_cols: Vec<u32>,
    g_cols: Vec<u32>,
    /// Bit u of `b_rows[v]`: a B card at (u, v).
    b_rows: Vec<u32>,
    /// Bit v of `any_cols[u]`: a card at (u, v); bit u of `any_rows[v]` likewise.
    any_cols: Vec<u32>,
    any_rows: Vec<u32>,
}

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

impl Class {
    /// The cards of `board` (N rows of M bytes) whose row + col has parity `parity`, or
    /// `None` if there are none.
    fn new(board: &[u8], n: usize, m: usize, parity: usize) -> Option<Class> {
        let cells: Vec<(usize, usize, u8)> = (0..n)
            .flat_map(|r| (0..m).map(move |c| (r, c)))
            .filter(|(r, c)| (r + c) % 2 == parity)
            .map(|(r, c)| ((r + c) / 2, (r + m - 1 - c) / 2, board[r * m + c]))
            .collect();
        let u0 = cells.iter().map(|c| c.0).min()?;
        let v0 = cells.iter().map(|c| c.1).min()?;
        let height = cells.iter().map(|c| c.0).max()? - u0 + 1;
        let width = cells.iter().map(|c| c.1).max()? - v0 + 1;
        let mut class = Class {
            height,
            width,
            r_cols: vec![0; height],
            g_cols: vec![0; height],
            b_rows: vec![0; width],
            any_cols: vec![0; height],
            any_rows: vec![0; width],
        };
        for &(u, v, colour) in &cells {
            let (u, v) = (u - u0, v - v0);
            match colour {
                b'R' => class.r_cols[u] |= 1 << v,
                b'G' => class.g_cols[u] |= 1 << v,
                _ => class.b_rows[v] |= 1 << u,
            }
            class.any_cols[u] |= 1 << v;
            class.any_rows[v] |= 1 << u;
        }
        Some(class)
    }

    /// The Grundy value of the whole class, from every rectangle of the box.
    ///
    /// Rectangles go by row interval, shorter first, and within one by column interval,
    /// shorter first, so every piece is known before it is needed. For a row interval and a
    /// row u in it, every option that removes row u is the nim-sum of the pieces above and
    /// below, which share their column interval: `split[u][c]` = g(above, c) ^ g(below, c)
    /// for every column interval c is computed once, in two contiguous passes, and then an
    /// R card costs one look-up and a G card two, all in a small table that stays in cache.
    /// G cards are the bulk of the work on boards full of them (9 x 10^6 options for a
    /// 25 x 25 board with 95% G): the loop over a row's G cards gathers their values in a
    /// register bitset and indexes tables whose masked indices need no bounds checks.
    ///
    /// # Complexity
    /// O(rectangles x (height + width) + options), rectangles = O(height^2 width^2); about
    /// 5 x 10^6 options for a random 25 x 25 board.
    fn grundy(&self) -> u32 {
        let rects = Rects::new(self.height, self.width);
        let (rows, cols) = (rects.rows(), rects.cols());
        let ncols = cols.len();
        // For each column interval and each column v in it (at index v), the indices of
        // the intervals left and right of v.
        let col_splits: Vec<[(u16, u16); SIDE]> = (0..ncols)
            .map(|c| {
                let range = cols.range(c);
                let mut splits = [(0, 0); SIDE];
                for v in range.clone() {
                    let left = cols.index(range.start..v);
                    let right = cols.index(v + 1..range.end);
                    splits[v] = (left as u16, right as u16);
                }
                splits
            })
            .collect();
        // For each column interval, the rows with an R card in it, and with a G card.
        let rows_with = |cards: &[u32]| -> Vec<u32> {
            (0..ncols)
                .map(|c| {
                    let (v1, v2) = cols.bounds(c);
                    (0..self.height)
                        .filter(|&u| cards[u] & bits(v1..v2) != 0)
                        .fold(0, |mask, u| mask | 1 << u)
                })
                .collect()
        };
        let r_rows = rows_with(&self.r_cols);
        let g_rows = rows_with(&self.g_cols);
        let mut g = vec![0u16; rects.len()];
        // For the row interval at hand and each row u in it, the nim-sum of the pieces
        // above and below u for each column interval (rows of a power-of-two length, so
        // that masked indices need no bounds checks).
        let mut split = vec![[0u16; SPLIT_ROW]; SIDE];
        // The G cards by row, in an array the loops index without bounds checks.
        let mut g_cols = [0u32; SIDE];
        g_cols[..self.height].copy_from_slice(&self.g_cols);
        // The row interval `split` and `b_cols` were computed for.
        let mut split_rows = None;
        let mut b_cols = 0;
        let order = (0..rects.len()).map(|i| (i, (i / ncols, i % ncols)));
        fill_grundy(&mut g, order, |(row_index, col_index), g, values| {
            let (u1, u2) = rows.bounds(row_index);
            let (v1, v2) = cols.bounds(col_index);
            if u1 == u2 || v1 == v2 {
                return;
            }
            let row_bits = bits(u1..u2);
            if split_rows != Some(row_index) {
                split_rows = Some(row_index);
                for u in u1..u2 {
                    let above = rows.index(u1..u) * ncols;
                    let below = rows.index(u + 1..u2) * ncols;
                    let pieces = g[above..above + ncols].iter().zip(&g[below..below + ncols]);
                    for (s, (a, b)) in split[u - u1].iter_mut().zip(pieces) {
                        *s = a ^ b;
                    }
                }
                // The columns with a B card in these rows.
                b_cols = (0..self.width)
                    .filter(|&v| self.b_rows[v] & row_bits != 0)
                    .fold(0, |mask, v| mask | 1 << v);
            }
            let base = row_index * ncols;
            let col_bits = bits(v1..v2);
            // A rectangle with an edge line free of cards is the game without that line.
            if self.any_cols[u1] & col_bits == 0 {
                return values.same_as(rows.index(u1 + 1..u2) * ncols + col_index);
            }
            if self.any_cols[u2 - 1] & col_bits == 0 {
                return values.same_as(rows.index(u1..u2 - 1) * ncols + col_index);
            }
            if self.any_rows[v1] & row_bits == 0 {
                return values.same_as(base + cols.index(v1 + 1..v2));
            }
            if self.any_rows[v2 - 1] & row_bits == 0 {
                return values.same_as(base + cols.index(v1..v2 - 1));
            }
            let col_split = &col_splits[col_index];
            // An R card in row u removes the row: above and below remain.
            for u in ones(r_rows[col_index] & row_bits) {
                values.push(split[u - u1][col_index % SPLIT_ROW]);
            }
            // A G card removes its row and column: four corners remain, the pieces above
            // and below u left of v, and right of v.
            // Values below 64 (all, in practice) are gathered in a register.
            let mut small = 0u64;
            for u in ones(g_rows[col_index] & row_bits) {
                let split = &split[(u - u1) % SIDE];
                let mut g_cards = g_cols[u % SIDE] & col_bits;
                while g_cards != 0 {
                    let v = g_cards.trailing_zeros() as usize;
                    g_cards &= g_cards - 1;
                    let (left, right) = col_split[v % SIDE];
                    let value = split[usize::from(left) % SPLIT_ROW]
                        ^ split[usize::from(right) % SPLIT_ROW];
                    if value < 64 {
                        small |= 1 << value;
                    } else {
                        values.push(value);
                    }
                }
            }
            values.push_mask(small);
            // A B card in column v removes the column: left and right remain.
            for v in ones(b_cols & col_bits) {
                let (left, right) = col_split[v % SIDE];
                values.push(g[base + usize::from(left)] ^ g[base + usize::from(right)]);
            }
        });
        u32::from(g[rects.index(0..self.height, 0..self.width)])
    }
}

/// Whether the first player wins on `board`, `n` rows of `m` bytes `R`, `G` or `B`.
///
/// # Complexity
/// See [`Class::grundy`]: about 15 ms for a random 25 x 25 board.
///
/// # Panics
/// If `board` is not `n * m` bytes.
pub fn first_player_wins(board: &[u8], n: usize, m: usize) -> bool {
    assert_eq!(board.len(), n * m, "the board is not {n} x {m}");
    let value = |parity| Class::new(board, n, m, parity).map_or(0, |class| class.grundy());
    nim_sum([value(0), value(1)]) != 0
}

/// Reads one board and answers `W` if the first player wins, else `L`.
///
/// # Complexity
/// That of [`first_player_wins`].
pub fn solve(input: impl Read, out: &mut impl Write) -> Result<()> {
    let mut rd = Reader::new(input);
    let n = rd.usize_in(1..=MAX_SIDE, "the number of rows N")?;
    let m = rd.usize_in(1..=MAX_SIDE, "the number of columns M")?;
    let what = format!("a row of {m} cards R, G or B");
    let mut board = Vec::with_capacity(n * m);
    for _ in 0..n {
        let row = rd.expect_token_where(&what, |row| {
            row.len() == m && row.iter().all(|b| b"RGB".contains(b))
        })?;
        board.extend_from_slice(row);
    }
    let answer: &[u8] = if first_player_wins(&board, n, m) {
        b"W\n"
    } else {
        b"L\n"
    };
    out.write_all(answer)?;
    rd.expect_end()
}

fn main() -> ExitCode {
    io::run(solve)
}
