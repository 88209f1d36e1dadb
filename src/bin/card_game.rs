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

use combgames::cells::Cells;
use combgames::game::nim_sum;
use combgames::io::{self, Reader, Result};
use combgames::rect::{Intervals, Rects};
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
    /// below, which share their column interval: [`Pieces`] holds it for every column
    /// interval and row, so an R card costs one look-up and a G card two.
    ///
    /// G cards are the bulk of the work on boards full of them (9 x 10^6 options for a
    /// 25 x 25 board with 95% G). A G card at (u, v) leaves the nim-sum of the pieces left
    /// and right of column v, split at row u: for one column v, those of all rows are two
    /// runs of `Pieces`, so the loop goes by column, and within a column over every row of
    /// the interval, eight at a time, whether or not it holds a G card (a row without one
    /// marks a value no rectangle has). Its trip counts are the same for every rectangle of
    /// a row interval, so that the processor predicts them: a loop over only the G cards
    /// of each row mispredicted its end about once per row.
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
        // For each column interval, the rows with an R card in it.
        let r_rows: Vec<u32> = (0..ncols)
            .map(|c| {
                let (v1, v2) = cols.bounds(c);
                (0..self.height)
                    .filter(|&u| self.r_cols[u] & bits(v1..v2) != 0)
                    .fold(0, |mask, u| mask | 1 << u)
            })
            .collect();
        // Bit u of `g_rows[v]`: a G card at (u, v).
        let mut g_rows = [0u32; SIDE];
        for (u, &cards) in self.g_cols.iter().enumerate() {
            for v in ones(cards) {
                g_rows[v] |= 1 << u;
            }
        }
        let mut g = vec![0u16; rects.len()];
        let mut pieces = Pieces::new();
        let mut seen = Seen::new();
        for row_index in 0..rows.len() {
            let (u1, u2) = rows.bounds(row_index);
            if u1 == u2 {
                continue;
            }
            let row_bits = bits(u1..u2);
            pieces.fill(&g, rows, row_index, ncols, &g_rows[..self.width]);
            // The columns with a B card in these rows, and with a G card.
            let with = |cards: &[u32]| {
                (0..self.width)
                    .filter(|&v| cards[v] & row_bits != 0)
                    .fold(0u32, |mask, v| mask | 1 << v)
            };
            let (b_cols, g_cols) = (with(&self.b_rows), with(&g_rows));
            let chunks = (u2 - u1 + CHUNK - 1) / CHUNK;
            let base = row_index * ncols;
            for col_index in 0..ncols {
                let (v1, v2) = cols.bounds(col_index);
                if v1 == v2 {
                    continue;
                }
                let col_bits = bits(v1..v2);
                // A rectangle with an edge line free of cards is the game without that line.
                let same = if self.any_cols[u1] & col_bits == 0 {
                    Some(rows.index(u1 + 1..u2) * ncols + col_index)
                } else if self.any_cols[u2 - 1] & col_bits == 0 {
                    Some(rows.index(u1..u2 - 1) * ncols + col_index)
                } else if self.any_rows[v1] & row_bits == 0 {
                    Some(base + cols.index(v1 + 1..v2))
                } else if self.any_rows[v2 - 1] & row_bits == 0 {
                    Some(base + cols.index(v1..v2 - 1))
                } else {
                    None
                };
                if let Some(same) = same {
                    g[base + col_index] = g[same];
                    continue;
                }
                seen.clear();
                // An R card in row u removes the row: above and below remain.
                let here = pieces.column_interval(col_index);
                for u in ones(r_rows[col_index] & row_bits) {
                    seen.insert(here[(u - u1) % LANES]);
                }
                // A G card removes its row and column: four corners remain, the pieces
                // above and below u left of v, and right of v.
                let col_split = &col_splits[col_index];
                for v in ones(g_cols & col_bits) {
                    let (left, right) = col_split[v % SIDE];
                    let lanes = pieces.g_options(left, right, v);
                    for ((left, right), not_g) in lanes.take(chunks) {
                        for i in 0..CHUNK {
                            seen.insert(left[i] ^ right[i] | not_g[i]);
                        }
                    }
                }
                // A B card in column v removes the column: left and right remain.
                for v in ones(b_cols & col_bits) {
                    let (left, right) = col_split[v % SIDE];
                    seen.insert(g[base + usize::from(left)] ^ g[base + usize::from(right)]);
                }
                g[base + col_index] = seen.mex();
            }
        }
        u32::from(g[rects.index(0..self.height, 0..self.width)])
    }
}

/// Lanes of a row of [`Pieces`]: one per row of a row interval (at most 25), a power of two.
const LANES: usize = 32;

/// Rows the G-card loop takes at once.
const CHUNK: usize = 8;

/// Every Grundy value is below this: a rectangle has at most 625 cards, hence at most 625
/// options and a mex of at most 625, and a nim-sum of two values below 1024 is below 1024.
const VALUES: usize = 1024;

/// For the row interval at hand, the nim-sum of the pieces above and below each of its rows,
/// by column interval; and which rows hold a G card, by column.
struct Pieces {
    /// `split[c][i]`: g(rows above row u1 + i, c) ^ g(rows below it, c), for column
    /// interval c (at most 351, rows of a power-of-two count so that masked indices need no
    /// bounds checks).
    split: Box<[[u16; LANES]; SPLIT_ROW]>,
    /// `not_g[v][i]`: 0 if row u1 + i of the interval has a G card at column v, else
    /// [`VALUES`], which makes any nim-sum it is or-ed into a value no rectangle has.
    not_g: [[u16; LANES]; SIDE],
}

impl Pieces {
    fn new() -> Pieces {
        Pieces {
            split: Box::new([[0; LANES]; SPLIT_ROW]),
            not_g: [[VALUES as u16; LANES]; SIDE],
        }
    }

    /// Makes the tables those of row interval `row_index`, from the values `g` of every
    /// shorter one; bit u of `g_rows[v]` says whether (u, v) holds a G card.
    fn fill(
        &mut self,
        g: &[u16],
        rows: &Intervals,
        row_index: usize,
        ncols: usize,
        g_rows: &[u32],
    ) {
        let (u1, u2) = rows.bounds(row_index);
        for i in 0..u2 - u1 {
            let above = rows.index(u1..u1 + i) * ncols;
            let below = rows.index(u1 + i + 1..u2) * ncols;
            let pieces = g[above..above + ncols].iter().zip(&g[below..below + ncols]);
            for (lanes, (a, b)) in self.split.iter_mut().zip(pieces) {
                lanes[i % LANES] = a ^ b;
            }
        }
        for (lanes, &cards) in self.not_g.iter_mut().zip(g_rows) {
            let here = u64::from(cards) >> u1;
            for (i, lane) in lanes.iter_mut().enumerate() {
                let g_card = u1 + i < u2 && here >> i & 1 == 1;
                *lane = if g_card { 0 } else { VALUES as u16 };
            }
        }
    }

    /// The nim-sums of the pieces above and below each row, for column interval `c`.
    fn column_interval(&self, c: usize) -> &[u16; LANES] {
        &self.split[c % SPLIT_ROW]
    }

    /// For a G card in column v, the lanes of the column intervals `left` and `right` of
    /// it, and which rows hold one, [`CHUNK`] rows at a time.
    #[inline]
    fn g_options(
        &self,
        left: u16,
        right: u16,
        v: usize,
    ) -> impl Iterator<Item = ((&[u16], &[u16]), &[u16])> {
        let left = self.split[usize::from(left) % SPLIT_ROW].chunks_exact(CHUNK);
        let right = self.split[usize::from(right) % SPLIT_ROW].chunks_exact(CHUNK);
        left.zip(right)
            .zip(self.not_g[v % SIDE].chunks_exact(CHUNK))
    }
}

/// The values one move away from a rectangle, as marks in a table indexed by value: the
/// mark of the rectangle at hand is a stamp that changes from one rectangle to the next, so
/// the table need not be cleared.
struct Seen {
    /// Indexed by value: values at or above [`VALUES`] are the rows without a G card.
    marks: [u8; 2 * VALUES],
    stamp: u8,
}

impl Seen {
    fn new() -> Seen {
        Seen {
            marks: [0; 2 * VALUES],
            stamp: 0,
        }
    }

    /// Forgets every value inserted.
    fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks = [0; 2 * VALUES];
            self.stamp = 1;
        }
    }

    #[inline(always)]
    fn insert(&mut self, value: u16) {
        self.marks[usize::from(value) % (2 * VALUES)] = self.stamp;
    }

    /// The least value not inserted, 16 values at a time.
    fn mex(&self) -> u16 {
        let mut at = 0;
        loop {
            let marks = &self.marks[at % VALUES..at % VALUES + 16];
            let missing = marks
                .iter()
                .enumerate()
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
/// See [`Class::grundy`]: about 10 ms for a random 25 x 25 board.
///
/// # Panics
/// If `board` is not `n * m` bytes.
pub fn parity_values(board: &[u8], n: usize, m: usize) -> [u32; 2] {
    assert_eq!(board.len(), n * m, "the board is not {n} x {m}");
    [0, 1].map(|parity| Class::new(board, n, m, parity).map_or(0, |class| class.grundy()))
}

/// Whether the first player wins on `board`, `n` rows of `m` bytes `R`, `G` or `B`: the
/// nim-sum of its [`parity_values`] is not 0.
///
/// # Complexity
/// That of [`parity_values`].
///
/// # Panics
/// If `board` is not `n * m` bytes.
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
    let n = rd.usize_in(1..=MAX_SIDE, "the number of rows N")?;
    let m = rd.usize_in(1..=MAX_SIDE, "the number of columns M")?;
    let mut row = Cells::new(COLOURS, m);
    let mut board = Vec::with_capacity(n * m);
    for _ in 0..n {
        let cards = rd.cells(&mut row, "a card R, G or B")?;
        board.extend((0..m).map(|c| COLOURS[(cards >> (2 * c) & 3) as usize]));
    }
    out.write_all(if first_player_wins(&board, n, m) {
        b"W\n"
    } else {
        b"L\n"
    })?;
    rd.expect_end()
}

fn main() -> ExitCode {
    io::run(solve)
}
