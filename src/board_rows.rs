//! 3x3 boards of cells `.`, `#`, `O` and `X` read straight from a byte buffer, about one
//! machine word per row, in whatever whitespace layout the input uses.
//!
//! A row is three cells written as one token `O|.|X` or `O.X`, or as three one-cell tokens
//! `O . X`, then whitespace up to the next row. [`BoardRows`] learns the exact bytes of each
//! row of a board (the cell positions, the separators, the whitespace after it) from a
//! board it parses byte by byte, and checks later boards against them a word at a time.
//! Input is rarely tidy, so nothing about the layout is assumed: tabs or spaces, CRLF,
//! trailing spaces and blank lines are all learned, and a board that differs from the
//! learned rows is parsed and learned afresh. A board that is not a valid board in a
//! layout of at most 15 bytes per row is left to the caller's checked reader, which also
//! reports errors.
//!
//! How a row is checked in a few instructions: bits 0 and 2 of a byte tell the four cells
//! apart (`X` 00, `#` 01, `.` 10, `O` 11), and one multiplication gathers those bits of the
//! three cells into a 7-bit index. The index gives the row's value, and also the only
//! bytes the cells can hold; the word must equal them plus the learned separators. When
//! every board has the same shape (the usual case), one loop checks them all against
//! tables that hold the separators too.

use crate::io::{count_line_breaks, is_space};
// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryInto;

/// Bytes a board's checks may read past its start: rows of at most 15 bytes and two words
/// per row.
pub const LOOKAHEAD: usize = 64;

/// The longest row with the whitespace after it that the word checks handle.
const MAX_ROW: usize = 15;

/// How many boards in a row must have a new shape for it to be learned.
const LEARN_AFTER: usize = 3;

/// Bits 0 and 2 of a cell byte, its key `bit 0 | bit 2 << 1`.
const KEY_BITS: u64 = 0x05;

/// The cell byte with each key.
const CELL_OF_KEY: [u8; 4] = [b'X', b'#', b'.', b'O'];

/// The digit of each key in a board code: black 2, empty 0 (`#` and `.`), white 1.
const DIGIT_OF_KEY: [u32; 4] = [2, 0, 0, 1];

/// The keys of a row's three cells, from the index its gather gives: cell 0 brings bits 0
/// and 2, cell 1 bits 1 and 3, cell 2 bits 4 and 6.
const fn keys(index: usize) -> [usize; 3] {
    [
        (index & 1) | (index >> 1 & 2),
        (index >> 1 & 1) | (index >> 2 & 2),
        (index >> 4 & 1) | (index >> 5 & 2),
    ]
}

/// The mask of the key bits of cells in lanes 0, `a` and `b` of a word, and the
/// multiplier that gathers them into an index in the top byte (see [`keys`]): each bit
/// of the product comes from one bit of the word at most, so nothing carries.
fn keys_and_gather(a: usize, b: usize) -> (u64, u64) {
    let keys = KEY_BITS | KEY_BITS << (8 * a) | KEY_BITS << (8 * b);
    (keys, 1 << 56 | 1 << (57 - 8 * a) | 1 << (60 - 8 * b))
}

/// `ROW_CODE[r][index]`: the part of a board code that row r with cell keys `index` gives:
/// `27^r (d0 + 3 d1 + 9 d2)`, so a board's code is the sum over its rows.
static ROW_CODE: [[u32; 256]; 3] = row_codes();

const fn row_codes() -> [[u32; 256]; 3] {
    let mut table = [[0; 256]; 3];
    let mut index = 0;
    while index < 256 {
        let [k0, k1, k2] = keys(index);
        let row = DIGIT_OF_KEY[k0] + 3 * DIGIT_OF_KEY[k1] + 9 * DIGIT_OF_KEY[k2];
        table[0][index] = row;
        table[1][index] = 27 * row;
        table[2][index] = 729 * row;
        index += 1;
    }
    table
}

/// The little-endian word of the 8 bytes at `at`.
#[inline(always)]
fn word(bytes: &[u8; LOOKAHEAD], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap())
}

/// The learned bytes of one row: where its cells are and what every other byte up to the
/// next row is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct RowShape {
    /// The cells are in lanes 0, `a` and `b`.
    a: usize,
    b: usize,
    /// The row's lanes in its first word, and its separators there (0 in cell lanes).
    mask: u64,
    separators: u64,
    /// Likewise in the second word, for rows longer than 8 bytes; else 0.
    mask2: u64,
    separators2: u64,
    /// Bytes from the row's first cell to the next row, and the line breaks among them.
    len: usize,
    newlines: usize,
}

/// The learned rows of a board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct BoardShape {
    rows: [RowShape; 3],
}

/// A board shape made ready for checks: each row's gather and mask, and by key index the
/// bytes its word must hold, cells and separators alike.
#[derive(Clone, Debug)]
struct Baked {
    shape: BoardShape,
    rows: Rows,
    words: Box<[[u64; 256]; 3]>,
    /// Whether some row is longer than a word, so that its second word is checked too.
    long: bool,
}

/// What the checks of a [`Baked`] shape read, besides the words.
#[derive(Clone, Copy, Debug, Default)]
struct Rows {
    keys: [u64; 3],
    gathers: [u64; 3],
    masks: [u64; 3],
    masks2: [u64; 3],
    separators2: [u64; 3],
    /// Where each row starts, and the next board.
    offsets: [usize; 4],
    newlines: usize,
}

impl Baked {
    /// Nothing learned: no board has this shape, as its masks are 0 and its words not.
    fn new() -> Baked {
        Baked {
            shape: BoardShape::default(),
            rows: Rows::default(),
            words: Box::new([[u64::MAX; 256]; 3]),
            long: false,
        }
    }

    /// Makes this the check of `shape`, working out the rows that changed.
    fn learn(&mut self, shape: BoardShape) {
        let rows = &mut self.rows;
        for (r, row) in shape.rows.iter().enumerate() {
            let (old, baked) = (self.shape.rows[r], rows.masks[r] != 0);
            if old == *row && baked {
                continue;
            }
            rows.masks[r] = row.mask;
            if baked && (old.a, old.b) == (row.a, row.b) {
                // Only the separators changed: swap them.
                for word in self.words[r].iter_mut() {
                    *word ^= old.separators ^ row.separators;
                }
                continue;
            }
            (rows.keys[r], rows.gathers[r]) = keys_and_gather(row.a, row.b);
            for (index, word) in self.words[r].iter_mut().enumerate() {
                let [k0, k1, k2] = keys(index).map(|k| u64::from(CELL_OF_KEY[k]));
                *word = row.separators | k0 | k1 << (8 * row.a) | k2 << (8 * row.b);
            }
        }
        let [a, b, c] = shape.rows.map(|row| row.len);
        rows.offsets = [0, a, a + b, a + b + c];
        rows.masks2 = shape.rows.map(|row| row.mask2);
        rows.separators2 = shape.rows.map(|row| row.separators2);
        rows.newlines = shape.rows.iter().map(|row| row.newlines).sum();
        self.long = shape.rows.iter().any(|row| row.len > 8);
        self.shape = shape;
    }
}

impl Rows {
    /// The code of the board at the start of `board` if it has this shape with valid
    /// cells, its rows' bytes by key index being `words`; `LONG` says whether to check
    /// second words.
    #[inline(always)]
    fn check<const LONG: bool>(
        &self,
        words: &[[u64; 256]; 3],
        board: &[u8; LOOKAHEAD],
    ) -> Option<usize> {
        let mut code = 0;
        for (r, row_code) in ROW_CODE.iter().enumerate() {
            // Rows are at most 15 bytes: the mask only lets the compiler see it.
            let at = self.offsets[r] & 31;
            let w = word(board, at);
            let index = ((w & self.keys[r]).wrapping_mul(self.gathers[r]) >> 56) as u8;
            let same = w & self.masks[r] == words[r][usize::from(index)]
                && (!LONG || word(board, at + 8) & self.masks2[r] == self.separators2[r]);
            if !same {
                return None;
            }
            code += row_code[usize::from(index)];
        }
        Some(code as usize)
    }
}

/// How a scan checks the boards: against the shape of a board that its case goes on
/// after, or that ends its case, which are one shape if `SAME` (the usual case, which
/// then needs fewer registers); `LONG` says whether some row is longer than a word.
struct Check<'a, const SAME: bool, const LONG: bool> {
    /// The shape of a board followed by another in its case, and of a case's last board.
    shapes: [(&'a Rows, &'a [[u64; 256]; 3]); 2],
}

impl<const SAME: bool, const LONG: bool> Check<'_, SAME, LONG> {
    /// The code and length of the board at the start of `board`, if it has the shape
    /// expected of a board that ends its case (`last`) or of one that does not.
    #[inline(always)]
    fn board(&self, board: &[u8; LOOKAHEAD], last: bool) -> Option<(usize, usize)> {
        let (rows, words) = self.shapes[usize::from(!SAME && last)];
        Some((rows.check::<LONG>(words, board)?, rows.offsets[3] & 63))
    }

    /// The newlines in `boards` boards of one case in a row, the last one ending it if
    /// `ends`.
    fn newlines(&self, boards: u64, ends: bool) -> usize {
        match (boards as usize, ends) {
            (0, _) => 0,
            (n, true) => (n - 1) * self.shapes[0].0.newlines + self.shapes[1].0.newlines,
            (n, false) => n * self.shapes[0].0.newlines,
        }
    }
}

/// Where the reading of the cases stands, kept between calls of
/// [`BoardRows::read_cases`] and shared with the caller's checked reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cases {
    /// Cases not yet ended.
    pub left: u64,
    /// Boards still to read in the current case; `None` before its count is read.
    pub boards_left: Option<u64>,
    /// The sum of the values of the current case's boards read so far.
    pub sum: i64,
}

/// Reads cases of boards from a buffer, learning the byte layout of the rows.
#[derive(Clone, Debug)]
pub struct BoardRows {
    /// The rows of a board followed by another board of its case, and of a case's last
    /// board: the last row is often followed by other whitespace (a blank line, say).
    inner: Baked,
    last: Baked,
    /// The shape of the last board of each kind that did not have the learned one, and
    /// how many boards in a row had it.
    pending: [Option<(BoardShape, usize)>; 2],
    /// Whether each byte is whitespace, as the checked reader says.
    spaces: [bool; 256],
}

impl Default for BoardRows {
    fn default() -> Self {
        Self::new()
    }
}

impl BoardRows {
    /// A reader that has learned no layout yet.
    ///
    /// # Complexity
    /// O(1).
    pub fn new() -> Self {
        let mut spaces = [false; 256];
        for (b, space) in spaces.iter_mut().enumerate() {
            *space = is_space(b as u8);
        }
        BoardRows {
            inner: Baked::new(),
            last: Baked::new(),
            pending: [None; 2],
            spaces,
        }
    }

    /// Reads cases from the start of `bytes`, each a count `n` and `n` boards, while
    /// `cases.left > 0`: adds up `values[code]` over each case's boards (cell i of a board
    /// in reading order weighs `3^i` in its code; `#` and `.` are 0, `O` 1, `X` 2), calls
    /// `case_end` with each case's sum, and keeps `cases` up to date. Returns how many bytes
    /// it read and how many newlines they hold.
    ///
    /// It stops when no case is left, at a case with no boards (`cases.boards_left` is
    /// `Some(0)`: the caller ends it), and at the first count or board that it leaves to the
    /// caller's checked reader: another layout, a count of more than 15 digits, bad bytes,
    /// or fewer than [`LOOKAHEAD`] bytes left.
    ///
    /// # Complexity
    /// O(1) per board: three word checks when the layout is the learned one, else O(row
    /// bytes) to learn it.
    ///
    /// # Panics
    /// If `values` holds fewer than `3^9` values.
    ///
    /// ```
    /// use combgames::board_rows::{BoardRows, Cases};
    /// let mut input = b"2\nO|.|X\n.|.|.\n#|.|.\n\nX.O\t...\n...\n0\n".to_vec();
    /// input.resize(100, b'#');
    /// let codes: Vec<i16> = (0..19_683).map(|code| code as i16).collect();
    /// let mut cases = Cases { left: 3, boards_left: None, sum: 0 };
    /// let mut sums = Vec::new();
    /// let read = BoardRows::new().read_cases(&input, &codes, &mut cases, |sum| sums.push(sum));
    /// assert_eq!(read, (35, 8));
    /// assert_eq!(sums, [(1 + 2 * 9) + (2 + 9)]);
    /// assert_eq!(cases, Cases { left: 2, boards_left: Some(0), sum: 0 });
    /// ```
    pub fn read_cases(
        &mut self,
        bytes: &[u8],
        values: &[i16],
        cases: &mut Cases,
        mut case_end: impl FnMut(i64),
    ) -> (usize, usize) {
        let (mut at, mut lines) = (0, 0);
        while cases.left > 0 {
            if cases.boards_left.is_none() {
                // A count comes after a board whose last row ended at it, so whitespace here
                // means a board ended inside a longer run than its learned one (say `\n\r`
                // learned, `\n\r\n` read): the checked reader takes over at once, so that
                // the `\r\n` split between the two is counted once (see [`read_count`]).
                if bytes.get(at).map_or(true, |&b| is_space(b)) {
                    break;
                }
                match read_count(&bytes[at..]) {
                    Some((n, len, newlines)) => {
                        at += len;
                        lines += newlines;
                        cases.boards_left = Some(n);
                    }
                    None => break,
                }
            }
            if cases.boards_left == Some(0) {
                break;
            }
            // Checks against learned shapes, with the shapes fixed during the loop.
            let same = self.inner.shape == self.last.shape;
            let long = self.inner.long || self.last.long;
            let read = (bytes, values, &mut at, &mut lines);
            let end = &mut case_end;
            // One shape: a copy, which the compiler keeps at hand; two: chosen by address.
            let copy = self.inner.rows;
            let one = [(&copy, &*self.inner.words); 2];
            let two = [
                (&self.inner.rows, &*self.inner.words),
                (&self.last.rows, &*self.last.words),
            ];
            let differs = match (same, long) {
                (true, false) => self.scan(&Check::<true, false> { shapes: one }, read, cases, end),
                (true, true) => self.scan(&Check::<true, true> { shapes: one }, read, cases, end),
                (false, false) => {
                    self.scan(&Check::<false, false> { shapes: two }, read, cases, end)
                }
                (false, true) => self.scan(&Check::<false, true> { shapes: two }, read, cases, end),
            };
            if !differs {
                // Unless only the count was not a short one, there is nothing more to read.
                if cases.boards_left.is_some() || cases.left == 0 {
                    break;
                }
                continue;
            }
            // A board differs from its shape: learn its own, if it is a board.
            let board: &[u8; LOOKAHEAD] = bytes[at..at + LOOKAHEAD].try_into().unwrap();
            let (code, shape) = match self.learn_board(board) {
                Some(learned) => learned,
                None => break,
            };
            let left = cases.boards_left.unwrap_or(0);
            // A board of another shape is read as it is; the third in a row is learned, so
            // that odd rows cost little and a new layout soon runs fast.
            let (baked, pending) = if left == 1 {
                (&mut self.last, &mut self.pending[1])
            } else {
                (&mut self.inner, &mut self.pending[0])
            };
            let seen = match *pending {
                Some((before, times)) if before == shape => times + 1,
                _ => 1,
            };
            if seen == LEARN_AFTER || baked.rows.masks[0] == 0 {
                baked.learn(shape);
                *pending = None;
            } else {
                *pending = Some((shape, seen));
            }
            cases.sum += i64::from(values[code]);
            at += shape.rows.iter().map(|row| row.len).sum::<usize>();
            lines += shape.rows.iter().map(|row| row.newlines).sum::<usize>();
            cases.boards_left = Some(left - 1);
            if left == 1 {
                case_end(cases.sum);
                cases.sum = 0;
                cases.boards_left = None;
                cases.left -= 1;
            }
        }
        (at, lines)
    }

    /// [`BoardRows::read_cases`] while `check` accepts every board and every count is one
    /// digit from 1 to 9 then whitespace: whether it stopped at a board `check` refused.
    #[inline(always)]
    fn scan<const SAME: bool, const LONG: bool>(
        &self,
        check: &Check<SAME, LONG>,
        (bytes, values, at, lines): (&[u8], &[i16], &mut usize, &mut usize),
        cases: &mut Cases,
        case_end: &mut impl FnMut(i64),
    ) -> bool {
        // Boards start at or before `limit`, so that their lookahead is in `bytes`.
        let limit = match bytes.len().checked_sub(LOOKAHEAD) {
            Some(limit) => limit,
            None => return false,
        };
        let mut pos = *at;
        let mut newlines = 0;
        let mut cases_left = cases.left;
        let mut left = cases.boards_left.unwrap_or(0);
        // Boards left in the case when the loop came to it, for counting newlines.
        let mut came_at = left;
        let mut sum = cases.sum;
        loop {
            while left > 0 && pos <= limit {
                let board: &[u8; LOOKAHEAD] = bytes[pos..pos + LOOKAHEAD].try_into().unwrap();
                let (code, len) = match check.board(board, left == 1) {
                    Some(board) => board,
                    None => break,
                };
                sum += i64::from(values[code]);
                pos += len;
                left -= 1;
            }
            newlines += check.newlines(came_at - left, left == 0);
            if left > 0 {
                break;
            }
            case_end(sum);
            sum = 0;
            cases_left -= 1;
            if cases_left == 0 {
                break;
            }
            // The usual count: one digit and whitespace, then a board.
            match self.short_count(&bytes[pos..]) {
                Some((n, len, count_newlines)) => {
                    left = n;
                    came_at = n;
                    pos += len;
                    newlines += count_newlines;
                }
                None => break,
            }
        }
        *at = pos;
        *lines += newlines;
        cases.left = cases_left;
        cases.boards_left = if left > 0 { Some(left) } else { None };
        cases.sum = sum;
        left > 0 && pos <= limit
    }

    /// The count at the start of `bytes` if it is one digit from 1 to 9, then whitespace,
    /// then a byte that is not: the count, the bytes up to that byte, and the line breaks.
    /// [`read_count`] handles the other counts.
    #[inline(always)]
    fn short_count(&self, bytes: &[u8]) -> Option<(u64, usize, usize)> {
        let space = |b: u8| self.spaces[usize::from(b)];
        if let [digit @ b'1'..=b'9', after, next, ..] = *bytes {
            if space(after) && !space(next) {
                // One whitespace byte after a non-space one: a line break if `\n` or `\r`.
                let breaks = usize::from(after == b'\n' || after == b'\r');
                return Some((u64::from(digit - b'0'), 2, breaks));
            }
        }
        let digit = match bytes.first() {
            Some(&digit @ b'1'..=b'9') => digit,
            _ => return None,
        };
        let mut len = 1;
        while self.spaces[usize::from(*bytes.get(len)?)] {
            len += 1;
        }
        // Line breaks as the reader counts them (`\n`, `\r\n`, a lone `\r`), in whitespace
        // that follows a digit.
        let breaks = count_line_breaks(&bytes[1..len]);
        (len > 1).then_some((u64::from(digit - b'0'), len, breaks))
    }

    /// Parses the board at the start of `board` byte by byte: its code and shape.
    fn learn_board(&self, board: &[u8; LOOKAHEAD]) -> Option<(usize, BoardShape)> {
        let mut rows = [RowShape::default(); 3];
        let mut code = 0;
        let mut at = 0;
        for (r, row) in rows.iter_mut().enumerate() {
            let (shape, index) = self.learn_row(board, at)?;
            code += ROW_CODE[r][usize::from(index)] as usize;
            at += shape.len;
            *row = shape;
        }
        Some((code, BoardShape { rows }))
    }

    /// Parses the row at `at` (at most 30) byte by byte: its shape and key index, if it is
    /// a valid row of at most [`MAX_ROW`] bytes.
    fn learn_row(&self, board: &[u8; LOOKAHEAD], at: usize) -> Option<(RowShape, u8)> {
        let bytes = &board[at..at + 16];
        // Bit i: byte i is whitespace.
        let spaces = bytes.iter().enumerate().fold(0u32, |mask, (i, &b)| {
            mask | u32::from(self.spaces[usize::from(b)]) << i
        });
        let solid = !spaces;
        // The cell lanes (0, a, b), where the tokens end, and whether `|` separate cells.
        let (a, b, end, pipes) = match spaces.trailing_zeros() {
            5 => (2, 4, 5, true),
            3 => (1, 2, 3, false),
            1 => {
                // Three one-byte tokens.
                let a = (solid & !1).trailing_zeros();
                let b = (solid & !((2 << a) - 1)).trailing_zeros();
                if b > 7 || spaces >> (a + 1) & 1 == 0 || spaces >> (b + 1) & 1 == 0 {
                    return None;
                }
                (a as usize, b as usize, b as usize + 1, false)
            }
            _ => return None,
        };
        // The next row starts at the first byte after the tokens that is not whitespace.
        let len = (solid & !((1 << end) - 1)).trailing_zeros() as usize;
        if len > MAX_ROW {
            return None;
        }
        let cells = [0, a, b].map(|lane| bytes[lane]);
        let pipes_ok = !pipes || (bytes[1] == b'|' && bytes[3] == b'|');
        if !pipes_ok || !cells.iter().all(|cell| CELL_OF_KEY.contains(cell)) {
            return None;
        }
        let cell_lanes = 0xff | 0xff << (8 * a) | 0xff << (8 * b);
        let w = word(board, at);
        let (keys, gather) = keys_and_gather(a, b);
        let index = ((w & keys).wrapping_mul(gather) >> 56) as u8;
        let lanes_below = |n: usize| match n {
            0 => 0,
            n if n >= 8 => u64::MAX,
            n => (1u64 << (8 * n)) - 1,
        };
        let mask = lanes_below(len);
        let mask2 = lanes_below(len.saturating_sub(8));
        let shape = RowShape {
            a,
            b,
            mask,
            separators: w & mask & !cell_lanes,
            mask2,
            separators2: word(board, at + 8) & mask2,
            len,
            // The row starts with a cell, so its `\r\n` pairs are all inside it.
            newlines: count_line_breaks(&bytes[..len]),
        };
        Some((shape, index))
    }
}

/// The count at the start of `bytes` after whitespace, if it is at most 15 digits followed
/// by whitespace and then a byte that is not: the count, the bytes up to that byte, and the
/// line breaks among them, as the reader counts them, given that the byte before `bytes` is
/// not `\r`. `None` also when the whitespace runs to the end of `bytes`.
///
/// # Complexity
/// O(bytes read).
///
/// ```
/// use combgames::board_rows::read_count;
/// assert_eq!(read_count(b"\n 12\r\n\nO"), Some((12, 7, 3)));
/// assert_eq!(read_count(b"12x O"), None);
/// assert_eq!(read_count(b"12\n"), None);
/// ```
pub fn read_count(bytes: &[u8]) -> Option<(u64, usize, usize)> {
    let skip_spaces = |at: &mut usize| {
        while is_space(*bytes.get(*at)?) {
            *at += 1;
        }
        Some(())
    };
    let mut at = 0;
    skip_spaces(&mut at)?;
    let before = at;
    let start = at;
    let mut n = 0;
    while let Some(digit @ b'0'..=b'9') = bytes.get(at) {
        n = n * 10 + u64::from(digit - b'0');
        at += 1;
    }
    if at == start || at - start > 15 || !is_space(*bytes.get(at)?) {
        return None;
    }
    let digits_end = at;
    skip_spaces(&mut at)?;
    // Line breaks as the reader counts them, `\r\n` once: neither run of whitespace
    // follows a `\r`, as the first starts the bytes and the second follows a digit.
    let breaks = count_line_breaks(&bytes[..before]) + count_line_breaks(&bytes[digits_end..at]);
    Some((n, at, breaks))
}
