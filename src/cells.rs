//! Cells of a board: [`Reader::cells`] reads a group of cells from an alphabet the caller
//! names (`b".#"`, `b".OX#"`) and returns its value: the cells packed a few bits each, or
//! any sum of per-cell values, such as the position's code in base 3.
//!
//! Three paths read a group, each giving what the one below it would: a learned picture
//! ([`crate::picture`]) for groups drawn like one read before; the scanner
//! ([`crate::scan`]), whatever the layout; and here the plain path, byte by byte: the rule
//! itself, for errors, groups that straddle a refill, and [`Reader::plain`], which reads
//! only this way.
//!
//! A picture costs time only when it is learned or checked in vain; both are paid from a
//! budget that every group read adds its bytes to, so that the work wasted on pictures is
//! at most one [`SHARE`]th of the bytes read, plus one learning ([`Work`] counts it): no
//! layout can make a read much slower than the scanner alone.
//! Layer 3: uses `errors`, `reader`, `picture` and `scan`.

use std::io::Read;

use crate::errors::{describe, Result};
use crate::picture::{Picture, MAX_LEN};
use crate::reader::{is_space, Reader};
use crate::scan::{Scan, NOT_A_LETTER};

/// The work wasted on pictures is at most this share of the bytes read (one in 8).
pub const SHARE: i64 = 8;

/// What learning a picture costs, counted as the bytes the scanner reads in that time.
pub const LEARN_BYTES: i64 = 1 << 17;

/// The budget saved for pictures from the bytes read, at most: waste stays local.
const MAX_CREDIT: i64 = 4 * SHARE * LEARN_BYTES;

/// The most bytes a check in vain is charged beyond its own (see `Cells::backoff`).
const MAX_BACKOFF: i64 = 4096;

/// How a group of cells is written, what it is worth, and how its groups were read.
///
/// A group is `count` cells, each a byte of the alphabet; whitespace may stand anywhere
/// between cells, or nothing at all (cells glued into one token). With
/// [`Cells::rows_of`], one separator byte, anything but a letter or whitespace, may also
/// stand between two cells of a row (`O|.|X`). A group's value holds the index in the
/// alphabet of cell `i` at bits `bits() * i ..`, unless [`Cells::valued_by`] says otherwise.
///
/// ```
/// use combgames::cells::Cells;
/// use combgames::io::Reader;
/// let mut board = Cells::new(b".OX", 9).rows_of(3);
/// let mut rd = Reader::new(&b"O|.|X\nX.O\nO . .\n"[..]);
/// let cells = rd.cells(&mut board, "a cell '.', 'O' or 'X'").unwrap();
/// let cell = |i: u32| cells >> (board.bits() * i) & 3;
/// assert_eq!((0..9).map(cell).collect::<Vec<_>>(), [1, 0, 2, 2, 0, 1, 1, 0, 0]);
/// ```
#[derive(Clone)]
pub struct Cells {
    letters: Vec<u8>,
    /// What cell `i` worth letter `l` adds to the value, at `i * letters + l`; `None` for
    /// the packed value.
    values: Option<Vec<u64>>,
    scan: Scan,
    picture: Option<Box<Picture>>,
    /// The budget for pictures: bytes read, less [`SHARE`] times the work spent on pictures.
    credit: i64,
    /// Whether the last check against the picture failed: then runs are not tried.
    missed: bool,
    /// Bytes a check in vain is charged beyond its own: doubled by each check that reads
    /// no group, 0 again when one does. A picture that keeps missing is tried ever more
    /// rarely, since each try also costs the scanner a call; one that misses once in a
    /// while, as at an odd group, is tried again at once.
    backoff: i64,
    work: Work,
}

/// How a [`Cells`]' groups have been read so far: for tests, and to see what an input costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Groups read from a picture, by the scanner, and by the plain path.
    pub pictured: u64,
    pub scanned: u64,
    pub plain: u64,
    /// Pictures learned, and bytes checked against a picture in vain.
    pub learned: u64,
    pub missed: u64,
}

impl Cells {
    /// Groups of `count` cells from `alphabet`, whose letters' indices are the cells' packed
    /// values.
    ///
    /// # Complexity
    /// O(count + alphabet).
    ///
    /// # Panics
    /// If `alphabet` is empty, repeats a letter or holds whitespace, or `count` is 0 or its
    /// cells do not fit in 64 bits.
    pub fn new(alphabet: &[u8], count: usize) -> Cells {
        let mut index = [NOT_A_LETTER; 256];
        for (i, &letter) in alphabet.iter().enumerate() {
            assert!(!is_space(letter), "a letter cannot be whitespace");
            let slot = &mut index[usize::from(letter)];
            assert!(*slot == NOT_A_LETTER, "a letter repeats");
            *slot = i as u8;
        }
        let bits = 32 - (alphabet.len().max(2) as u32 - 1).leading_zeros();
        assert!(!alphabet.is_empty() && count > 0, "no letters or no cells");
        assert!(
            count as u32 * bits <= 64,
            "{} cells do not fit in 64 bits",
            count
        );
        Cells {
            letters: alphabet.to_vec(),
            values: None,
            scan: Scan::new(index, alphabet, (count, bits, 0), None),
            picture: None,
            credit: SHARE * LEARN_BYTES,
            missed: false,
            backoff: 0,
            work: Work::default(),
        }
    }

    /// The same cells in rows of `width`: one byte that is neither a letter nor whitespace
    /// may stand between two cells of a row (`O|.|X`).
    ///
    /// # Complexity
    /// O(count).
    ///
    /// # Panics
    /// If `width` is 0.
    pub fn rows_of(mut self, width: usize) -> Cells {
        assert!(width > 0, "rows need cells");
        self.plan_scan(width);
        self
    }

    /// The same cells, a group worth the sum (wrapping) over its cells of `value(i, letter)`
    /// for cell `i` holding `letter`: a position's code in base 3, say, read as cheaply as
    /// the packed cells.
    ///
    /// # Complexity
    /// O(count x letters) calls of `value`, and O(count x 256) for the scanner's tables.
    ///
    /// ```
    /// use combgames::cells::Cells;
    /// use combgames::io::Reader;
    /// let digit = |b: u8| b"-XO".iter().position(|&l| l == b).unwrap() as u64;
    /// let mut board = Cells::new(b"-XO", 3).valued_by(|i, b| digit(b) * 3u64.pow(i as u32));
    /// let mut rd = Reader::new(&b"XO-"[..]);
    /// assert_eq!(rd.cells(&mut board, "a cell").unwrap(), 1 + 2 * 3);
    /// ```
    pub fn valued_by(mut self, value: impl Fn(usize, u8) -> u64) -> Cells {
        let values = (0..self.scan.count).flat_map(|i| self.letters.iter().map(move |&l| (i, l)));
        self.values = Some(values.map(|(i, l)| value(i, l)).collect());
        self.picture = None;
        self.plan_scan(self.scan.row);
        self
    }

    /// The bits per cell in a packed value: the fewest that hold an index of the alphabet,
    /// and at least 1.
    ///
    /// # Complexity
    /// O(1).
    pub fn bits(&self) -> u32 {
        self.scan.bits
    }

    /// How the groups read so far were read, and what pictures cost.
    ///
    /// # Complexity
    /// O(1).
    pub fn work(&self) -> Work {
        self.work
    }

    /// What cell `i` holding the letter of index `l` adds to a group's value.
    fn value(&self, i: usize, l: usize) -> u64 {
        match &self.values {
            Some(values) => values[i * self.letters.len() + l],
            None => (l as u64) << (self.scan.bits * i as u32),
        }
    }

    /// Plans the scanner again for these cells, in rows of `row`.
    fn plan_scan(&mut self, row: usize) {
        let (scan, values) = (&self.scan, self.values.as_deref());
        let shape = (scan.count, scan.bits, row);
        self.scan = Scan::new(scan.index, &self.letters, shape, values);
    }
}

impl<R: Read> Reader<R> {
    /// Reads one group of `cells` and returns its value (by default the cells packed: cell
    /// `i`'s index in the alphabet at bits `cells.bits() * i ..`). Whitespace may stand
    /// before and between cells (see [`Cells`] for rows with separators); `what` names a
    /// cell in errors.
    ///
    /// # Complexity
    /// O(bytes read); see [`Reader::cells_each`] for many groups.
    ///
    /// ```
    /// use combgames::cells::Cells;
    /// use combgames::io::Reader;
    /// let mut grid = Cells::new(b".#", 4);
    /// let mut rd = Reader::new(&b".#\n#.\n\n##\n#x\n"[..]);
    /// assert_eq!(rd.cells(&mut grid, "a cell '.' or '#'").unwrap(), 0b0110);
    /// let err = rd.cells(&mut grid, "a cell '.' or '#'").unwrap_err();
    /// assert_eq!(err.to_string(), "line 5: expected a cell '.' or '#', found 'x'");
    /// ```
    #[inline]
    pub fn cells(&mut self, cells: &mut Cells, what: &str) -> Result<u64> {
        let mut value = 0;
        self.cells_each(cells, 1, what, |v| {
            value = v;
            Ok(())
        })?;
        Ok(value)
    }

    /// Reads `count` groups of `cells` and calls `visit` with each one's value; `what` names
    /// a cell in errors. The same as calling [`Reader::cells`] `count` times, with less work
    /// per group when groups come back to back.
    ///
    /// # Complexity
    /// O(bytes read), plus the calls: a few instructions a byte whatever the layout, less
    /// for groups drawn alike; see the module doc for the bound on pictures.
    ///
    /// ```
    /// use combgames::cells::Cells;
    /// use combgames::io::Reader;
    /// let mut grid = Cells::new(b".#", 4);
    /// let mut rd = Reader::new(&b".#\n#.\n\n##\n##\n"[..]);
    /// let mut filled = Vec::new();
    /// rd.cells_each(&mut grid, 2, "a cell", |g| { filled.push(g.count_ones()); Ok(()) }).unwrap();
    /// assert_eq!(filled, [2, 4]);
    /// ```
    #[inline]
    pub fn cells_each(
        &mut self,
        cells: &mut Cells,
        count: u64,
        what: &str,
        mut visit: impl FnMut(u64) -> Result<()>,
    ) -> Result<()> {
        let mut left = count;
        while left > 0 {
            let mut read = 0;
            if self.fast {
                read = self.cells_fast(cells, left, &mut visit)?;
            }
            if read == 0 {
                let start = self.offset(self.pos);
                let value = self.cells_plain(cells, what)?;
                cells.work.plain += 1;
                cells.credit += (self.offset(self.pos) - start) as i64;
                visit(value).map_err(|e| self.placed(e, 0..self.pos))?;
                read = 1;
            }
            left -= read;
        }
        Ok(())
    }

    /// Reads up to `most` groups by a picture, while it is worth a try, then by the
    /// scanner, learning a picture when the budget allows: how many (0 when neither can).
    #[inline(always)]
    fn cells_fast(
        &mut self,
        cells: &mut Cells,
        most: u64,
        visit: &mut impl FnMut(u64) -> Result<()>,
    ) -> Result<u64> {
        if let (Some(picture), true) = (&cells.picture, cells.credit >= 0) {
            let start = self.pos;
            let (read, missed) = self.pictured(picture, most, !cells.missed, visit)?;
            cells.missed = missed > 0;
            if cells.missed {
                cells.work.missed += missed as u64;
                let charged = missed as i64 + cells.backoff;
                cells.credit = cells.credit.min(MAX_CREDIT) - charged * SHARE;
            }
            cells.backoff = match (read, cells.missed) {
                (0, true) => (2 * cells.backoff).clamp(64, MAX_BACKOFF),
                (0, false) => cells.backoff,
                _ => 0,
            };
            if read > 0 {
                cells.work.pictured += read;
                cells.credit += (self.pos - start) as i64;
                return Ok(read);
            }
        }
        // The scanner pauses once the budget allows a try of the picture, or a learning.
        let pause = SHARE * LEARN_BYTES * i64::from(cells.picture.is_none()) - cells.credit;
        let scan = &mut cells.scan;
        // Letters compared (two or four; more by a table), whether cells come in rows, and
        // whether few groups are wanted, known at compile time.
        let (spilled, end) = match (cells.letters.len(), scan.row > 1, most < 64) {
            (1..=2, false, false) => self.cells_scan::<2, false, false>(scan, most, pause),
            (1..=2, false, true) => self.cells_scan::<2, false, true>(scan, most, pause),
            (1..=2, true, _) => self.cells_scan::<2, true, true>(scan, most, pause),
            (3..=4, false, false) => self.cells_scan::<4, false, false>(scan, most, pause),
            (3..=4, false, true) => self.cells_scan::<4, false, true>(scan, most, pause),
            (3..=4, true, _) => self.cells_scan::<4, true, true>(scan, most, pause),
            // Over 128 letters, a word's 8 cells of 8 bits would take shifts of 64.
            _ if scan.bits == 8 => (0, self.pos),
            _ => self.cells_scan::<0, true, true>(scan, most, pause),
        };
        // The groups visited here, where `visit` is inlined: its state stays in registers.
        let read = (spilled as u64).min(most) as usize;
        let first = self.pos;
        for (k, &value) in cells.scan.spill[..read].iter().enumerate() {
            if let Err(e) = visit(value) {
                let (before, end) = self.scanned(cells, first, k);
                self.pos = end;
                return Err(self.placed(e, before..end));
            }
        }
        self.pos = match read < spilled {
            true => self.scanned(cells, first, read - 1).1,
            false => end,
        };
        cells.work.scanned += read as u64;
        cells.credit += (self.pos - first) as i64;
        if read > 0 && cells.credit >= SHARE * LEARN_BYTES {
            let before = self.scanned(cells, first, read - 1).0;
            self.learn(cells, before, self.pos);
        }
        Ok(read as u64)
    }

    /// Where group `k` of those the scanner read from `buf[start]` begins (where the one
    /// before ends) and ends, found again by counting cells: only when it must be known.
    #[cold]
    fn scanned(&self, cells: &Cells, start: usize, k: usize) -> (usize, usize) {
        let is_cell = |at: &usize| cells.scan.index[usize::from(self.buf[*at])] != NOT_A_LETTER;
        let mut cells_at = (start..).filter(is_cell);
        let before = match k {
            0 => start,
            _ => cells_at
                .nth(k * cells.scan.count - 1)
                .map_or(start, |at| at + 1),
        };
        let end = cells_at
            .nth(cells.scan.count - 1)
            .map_or(start, |at| at + 1);
        (before, end)
    }

    /// Learns the picture of the group that starts at or after `buf[start]` and ends before
    /// `buf[end]`, with the whitespace after it, if all that is buffered and short enough.
    #[cold]
    fn learn(&mut self, cells: &mut Cells, start: usize, end: usize) {
        let spaces_before = self.buf[start..end].iter().take_while(|&&b| is_space(b));
        let first = start + spaces_before.count();
        let spaces = self.buf[end..self.end].iter().position(|&b| !is_space(b));
        let last = match spaces {
            Some(spaces) if end + spaces - first <= MAX_LEN => end + spaces,
            _ => return,
        };
        let drawn = &self.buf[first..last];
        let offsets: Vec<usize> = (0..end - first)
            .filter(|&at| cells.scan.index[usize::from(drawn[at])] != NOT_A_LETTER)
            .collect();
        let value = |i, l| cells.value(i, l);
        cells.picture = Some(Picture::learn(drawn, &offsets, &cells.letters, &value));
        cells.credit = cells.credit.min(MAX_CREDIT) - SHARE * LEARN_BYTES;
        cells.work.learned += 1;
    }

    /// The plain path of [`Reader::cells`], byte by byte: the rule itself.
    #[inline(never)]
    fn cells_plain(&mut self, cells: &Cells, what: &str) -> Result<u64> {
        let (mut value, mut i) = (0u64, 0);
        // Whether the byte before is a cell, after which a separator may stand.
        let mut after_cell = false;
        loop {
            if self.pos == self.end {
                self.fill(1)?;
                if self.pos == self.end {
                    return Err(self.error_at(self.pos, what, "end of input".to_string()));
                }
            }
            let b = self.buf[self.pos];
            let l = cells.scan.index[usize::from(b)];
            if l != NOT_A_LETTER {
                value = value.wrapping_add(cells.value(i, usize::from(l)));
                (i, self.pos, after_cell) = (i + 1, self.pos + 1, true);
                if i == cells.scan.count {
                    return Ok(value);
                }
                continue;
            }
            if !is_space(b) {
                // A separator needs the byte after it, a cell: wait for it only here.
                let next = self.peek_after()?;
                let between =
                    next.map_or(false, |n| cells.scan.index[usize::from(n)] != NOT_A_LETTER);
                if !(after_cell && i % cells.scan.row.max(1) != 0 && between) {
                    let found = match b.is_ascii_graphic() {
                        true => format!("'{}'", b as char),
                        false => describe(&[b]),
                    };
                    return Err(self.error_at(self.pos, what, found));
                }
            }
            after_cell = false;
            self.pos += 1;
        }
    }
}
