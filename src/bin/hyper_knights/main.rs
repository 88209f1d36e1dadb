//! LightOJ 1315, Game of Hyper Knights: who wins a sum of knights on an unbounded board?
//!
//! Each knight is its own game, so the answer is the nim-sum of the knights' Grundy values.
//! Every move lowers x + y, so the values are filled diagonal by diagonal, and only as far
//! as the knights read so far need: the largest x + y. Two moves raise a coordinate, so the
//! table reaches beyond the 500x500 board: it covers every cell with 2x + y and x + 2y at
//! most 1497, a region no move leaves and that holds the whole board. A cell holds 1 << g,
//! so its mex is the lowest bit missing from the OR of its moves, a loop the compiler
//! vectorises. Knights are read by `u64s_each::<2>`. The tests check all 250,000 values
//! against plain recursion.
//!
//! Complexity: O(cells up to the largest x + y read), at most 374,000, then O(1) a knight.

use combgames::io::{self, Reader, Result};
use combgames::write::Writer;
use std::io::{Read, Write};
use std::process::ExitCode;

/// Knights stand on cells with both coordinates below this.
pub const SIDE: usize = 500;

/// The six moves (dx, dy).
pub const MOVES: [(isize, isize); 6] = [(-2, 1), (-2, -1), (-3, -1), (-1, -2), (-1, -3), (1, -2)];

/// Bound on 2x + y and on x + 2y over the board, 3 (SIDE - 1). No move raises either sum
/// (each changes them by 0 or less), so the cells within both bounds are closed under moves.
const REACH: usize = 3 * (SIDE - 1);

/// The largest diagonal x + y on the board.
pub const LAST_DIAGONAL: usize = 2 * (SIDE - 1);

/// Zero entries before column 0 of a diagonal, where moves to x < 0 land.
const PAD: usize = 4;

/// Entries per diagonal: the padding, the region's columns x <= REACH / 2, and zeros after
/// them (up to x = REACH / 2 + 3), where moves to y < 0 land.
const STRIDE: usize = PAD + REACH / 2 + 4;

/// Diagonals kept while filling: moves from diagonal s land on s - 1, s - 3 and s - 4.
const KEPT: usize = 5;

/// The region's cells on diagonal s are the x in `first_x(s)..=last_x(s)`: 2x + (s - x) and
/// x + 2 (s - x) at most REACH.
fn first_x(diagonal: usize) -> usize {
    (2 * diagonal).saturating_sub(REACH)
}

/// See [`first_x`].
fn last_x(diagonal: usize) -> usize {
    diagonal.min(REACH - diagonal)
}

/// Grundy values of single knights, filled diagonal by diagonal as far as asked.
///
/// An entry holds `1 << g` for the Grundy value g: then the mex of a cell's moves is the
/// lowest bit missing from the OR of their entries, `!m & (m + 1)`, and a move off the board
/// reads a zero entry, which adds nothing. A diagonal's entries depend only on three earlier
/// diagonals at fixed offsets, so filling one is a loop the compiler vectorises; only the
/// last few diagonals of the region are kept, and the board's part of each is copied out.
pub struct Grundy {
    /// The board's cells diagonal by diagonal: (x, s - x) at `board_start[s] + x`.
    board: Vec<u8>,
    /// Where each filled diagonal's board cells start, less its first x, and where the next
    /// diagonal's will.
    board_start: [u32; LAST_DIAGONAL + 2],
    /// Diagonal s of the region, column x, at `diagonals[s % KEPT][PAD + x]`. Each column is
    /// written only by the region's cells, so the columns outside a diagonal's part of the
    /// region stay zero or hold a cell of an older diagonal that no move from the region
    /// reads: below x = 0 and past x = s (y < 0) nothing is ever written.
    diagonals: [[u8; STRIDE]; KEPT],
    /// Diagonals `0..filled` are filled.
    filled: usize,
}

impl Grundy {
    /// An empty table: nothing is filled until asked for.
    ///
    /// # Complexity
    /// O(1): the zeroed board is allocated, and the system maps its pages as they are used.
    pub fn new() -> Self {
        Grundy {
            board: vec![0; SIDE * SIDE],
            board_start: [0; LAST_DIAGONAL + 2],
            diagonals: [[0; STRIDE]; KEPT],
            filled: 0,
        }
    }

    /// Fills the diagonals up to `diagonal` (x + y), if not done yet.
    ///
    /// # Complexity
    /// O(cells filled): about 374,000 cells for the whole board, 16 at a time.
    ///
    /// # Panics
    /// If `diagonal` is beyond the board's last, [`LAST_DIAGONAL`].
    #[inline(always)]
    pub fn fill_through(&mut self, diagonal: usize) {
        assert!(
            diagonal <= LAST_DIAGONAL,
            "diagonal {} is off the board",
            diagonal
        );
        if self.filled > diagonal {
            return;
        }
        self.fill_more(diagonal);
    }

    /// Fills the diagonals from `filled` to `diagonal`.
    #[inline(never)]
    fn fill_more(&mut self, diagonal: usize) {
        while self.filled <= diagonal {
            self.fill_diagonal(self.filled);
            self.filled += 1;
        }
    }

    /// Fills diagonal `s`, whose moves land on diagonals s - 1, s - 3 and s - 4 (kept zero
    /// for s below 4).
    fn fill_diagonal(&mut self, s: usize) {
        let (first, last) = (first_x(s), last_x(s));
        let kept = |back: usize| &self.diagonals[(s + KEPT - back) % KEPT];
        // Move (dx, dy) from (x, s - x) lands at column x + dx of diagonal s + dx + dy: for
        // x = first..=last, these entries.
        let lands = |(dx, dy): (isize, isize)| {
            let from = (PAD + first).wrapping_add(dx as usize);
            &kept(-(dx + dy) as usize)[from..from + last + 1 - first]
        };
        let [a, b, c, d, e, f] = MOVES.map(lands);
        let mut row = [0; STRIDE];
        for (i, entry) in row[PAD + first..=PAD + last].iter_mut().enumerate() {
            let moves = a[i] | b[i] | c[i] | d[i] | e[i] | f[i];
            *entry = !moves & moves.wrapping_add(1);
        }
        let slot = &mut self.diagonals[s % KEPT];
        slot[PAD + first..=PAD + last].copy_from_slice(&row[PAD + first..=PAD + last]);
        // The board's cells of the diagonal: (x, s - x) for y = s - x below SIDE.
        let (low, high) = (s.saturating_sub(SIDE - 1), s.min(SIDE - 1));
        let start = self.board_start[s] as usize;
        self.board[start + low..=start + high].copy_from_slice(&row[PAD + low..=PAD + high]);
        // The next diagonal's cells follow, from its own lowest x.
        let next_low = (s + 1).saturating_sub(SIDE - 1);
        self.board_start[s + 1] = (start + high + 1 - next_low) as u32;
    }

    /// The Grundy value of a knight on (x, s - x), once diagonal s is filled.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If diagonal s is not filled, or (x, s - x) is off the board.
    #[inline(always)]
    fn filled_value(&self, s: usize, x: usize) -> u32 {
        let on_board = x <= s && x < SIDE && s - x < SIDE;
        assert!(
            on_board && s < self.filled,
            "({}, {} - {}) is not filled",
            x,
            s,
            x
        );
        self.board[self.board_start[s] as usize + x].trailing_zeros()
    }

    /// The Grundy value of a knight on (x, y), filling the diagonals up to x + y first.
    ///
    /// # Complexity
    /// O(1) once its diagonal is filled.
    ///
    /// # Panics
    /// If x or y is not below [`SIDE`].
    #[inline(always)]
    pub fn value(&mut self, x: usize, y: usize) -> u32 {
        assert!(x < SIDE && y < SIDE, "({}, {}) is off the board", x, y);
        self.fill_through(x + y);
        self.filled_value(x + y, x)
    }
}

impl Default for Grundy {
    fn default() -> Self {
        Self::new()
    }
}

/// Answers every case on `rd` on `out`: `Case i: Alice` or `Case i: Bob`.
///
/// # Complexity
/// O(input bytes), plus filling the table as far as the largest x + y read.
pub fn solve<R: Read, W: Write>(rd: &mut Reader<R>, out: &mut Writer<W>) -> Result<()> {
    let cases = rd.u64_in(1..=200, "the number of cases T")?;
    let mut grundy = Grundy::new();
    for case in 1..=cases {
        let knights = rd.u64_in(1..=1000, "the number of knights n")?;
        let mut sum = 0;
        rd.u64s_each(
            knights,
            0..=SIDE as u64 - 1,
            ["a knight's x", "a knight's y"],
            |[x, y]| {
                sum ^= grundy.value(x as usize, y as usize);
                Ok(())
            },
        )?;
        let winner = if sum != 0 { "Alice" } else { "Bob" };
        writeln!(out, "Case {}: {}", case, winner)?;
    }
    rd.expect_end()
}

fn main() -> ExitCode {
    io::run(solve)
}
