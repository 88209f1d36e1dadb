//! Luogu P7395: marbles on a 4x4 diamond. For each board, can the player to move win?
//!
//! A board is a 16-bit mask of filled holes in reading order; the 82 moves (segments of 1 to
//! 3 holes on a line) and the 2^16-entry win table come from the library's bitmask solver.
//! Reading is the whole cost, so boards in the usual layout take a checked fast path.

use combgames::game::{win_table, MoveMasks};
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

/// The fast path's picture of a board: the bytes from its first hole to its last, with the
/// holes' bytes free to be `*` or `.`.
///
/// It is checked eight bytes at a time: a byte `b` passes when `b | mask == expect`, and a
/// hole has mask 0x04, which is exactly the bit where `*` (0x2A) and `.` (0x2E) differ. The
/// same bit, inverted, is the marble: a multiply gathers it from each hole byte of a word
/// into one byte, and a 256-entry table per word turns that byte into the word's holes in
/// reading order.
struct Layout {
    len: usize,
    words: [Word; MAX_WORDS],
    word_count: usize,
}

/// Bytes 8 * MAX_WORDS bound a layout's length.
const MAX_WORDS: usize = 6;

/// One 8-byte word of a [`Layout`].
#[derive(Clone, Copy)]
struct Word {
    offset: usize,
    expect: u64,
    mask: u64,
    /// 0x01 in every hole byte.
    holes: u64,
    /// Gathered hole bits of this word -> board bits.
    board_bits: [u16; 256],
}

/// Multiplying a word whose bytes are 0 or 1 by this puts byte j's bit at bit 56 + j.
const GATHER: u64 = 0x0102_0408_1020_4080;

impl Layout {
    /// Builds the layout of `picture`, in which `*` marks a hole, holes in reading order.
    const fn new(picture: &[u8]) -> Layout {
        let len = picture.len();
        assert!(len >= 8 && len <= 8 * MAX_WORDS);
        let word_count = (len + 7) / 8;
        let empty = Word {
            offset: 0,
            expect: 0,
            mask: 0,
            holes: 0,
            board_bits: [0; 256],
        };
        let mut words = [empty; MAX_WORDS];
        let mut w = 0;
        while w < word_count {
            // The last word may overlap the one before; a hole seen twice sets its bit twice.
            let offset = if 8 * w + 8 <= len { 8 * w } else { len - 8 };
            let mut word = Word { offset, ..empty };
            let mut k = 0;
            while k < 8 {
                let b = picture[offset + k];
                if b == b'*' {
                    word.expect |= (b'.' as u64) << (8 * k);
                    word.mask |= 0x04 << (8 * k);
                    word.holes |= 1 << (8 * k);
                } else {
                    word.expect |= (b as u64) << (8 * k);
                }
                k += 1;
            }
            // Each byte's board bit, found once: rustc before 1.72 caps the steps a constant
            // may take to evaluate at one million.
            let mut hole_bit = [0u16; 8];
            let mut k = 0;
            while k < 8 {
                hole_bit[k] = 1 << hole_index(picture, offset + k);
                k += 1;
            }
            let mut gathered = 0;
            while gathered < 256 {
                let mut bits = 0;
                let mut k = 0;
                while k < 8 {
                    if gathered >> k & 1 == 1 {
                        bits |= hole_bit[k];
                    }
                    k += 1;
                }
                word.board_bits[gathered] = bits;
                gathered += 1;
            }
            words[w] = word;
            w += 1;
        }
        assert!(hole_index(picture, len) == CELLS);
        Layout {
            len,
            words,
            word_count,
        }
    }

    /// The board's mask if `bytes` starts with this layout.
    #[inline]
    fn board(&self, bytes: &[u8]) -> Option<usize> {
        let bytes = bytes.get(..self.len)?;
        let mut board = 0;
        for word in &self.words[..self.word_count] {
            let mut raw = [0; 8];
            raw.copy_from_slice(&bytes[word.offset..word.offset + 8]);
            let raw = u64::from_le_bytes(raw);
            if raw | word.mask != word.expect {
                return None;
            }
            let marbles = (!raw >> 2) & word.holes;
            board |= word.board_bits[(marbles.wrapping_mul(GATHER) >> 56) as usize];
        }
        Some(board as usize)
    }
}

/// How many holes (`*`) come before byte `at` of `picture`.
const fn hole_index(picture: &[u8], at: usize) -> usize {
    let mut count = 0;
    let mut i = 0;
    while i < at {
        if picture[i] == b'*' {
            count += 1;
        }
        i += 1;
    }
    count
}

/// The layouts of the problem's own input, from the first hole to the last: LF and CRLF.
const LAYOUTS: [Layout; 2] = [
    Layout::new(b"*\n  * *\n * * *\n* * * *\n * * *\n  * *\n   *"),
    Layout::new(b"*\r\n  * *\r\n * * *\r\n* * * *\r\n * * *\r\n  * *\r\n   *"),
];

/// Reads one board as a mask of filled holes: the next 16 bytes that are `*` or `.`.
fn read_board<R: Read>(rd: &mut Reader<R>) -> Result<usize> {
    let mut board = 0;
    for i in 0..CELLS {
        if rd.byte_in(b"*.", "a hole '*' or '.'")? == b'*' {
            board |= 1 << i;
        }
    }
    Ok(board)
}

/// The board at the front of `bytes` (after whitespace) if it is in one of [`LAYOUTS`]: its
/// mask and the bytes it takes.
#[inline]
fn fast_board(bytes: &[u8]) -> Option<(usize, usize)> {
    let skip = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
    LAYOUTS
        .iter()
        .find_map(|layout| Some((layout.board(&bytes[skip..])?, skip + layout.len)))
}

/// Answers every board of `input` on `out`, one line each.
///
/// # Complexity
/// O(input bytes), after a table of 2^16 entries.
pub fn solve(input: impl Read, out: &mut impl Write) -> Result<()> {
    let mut rd = Reader::new(input);
    let boards = rd.u64_in(1..=1_000_000, "the number of boards T")?;
    let win = win_table(&MoveMasks::new(CELLS as u32, moves()));
    rd.read_each(boards, fast_board, read_board, |board| {
        let line: &[u8] = if win[board] {
            b"Possible.\n"
        } else {
            b"Impossible.\n"
        };
        Ok(out.write_all(line)?)
    })?;
    rd.expect_end()
}

fn main() -> ExitCode {
    io::run(solve)
}
