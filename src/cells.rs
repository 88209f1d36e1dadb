//! Cells of a board: [`Reader::cells`] reads a group of cells from an alphabet the caller
//! names (`b".#"`, `b".OX#"`) and returns its value: the cells packed a few bits each, or
//! any sum of per-cell values, such as the position's code in base 3.
//!
//! Three paths read a group, each giving what the one below it would:
//! - a learned picture ([`crate::picture`]), for groups drawn like one read before;
//! - the scanner, whatever the layout: 63 bytes at a time, each byte classed (cell,
//!   whitespace, separator) by a loop the compiler vectorises, then each word's cells
//!   packed by one multiply per few cells, from a table of the cells' places;
//! - the plain path, byte by byte: the rule itself, for errors, groups that straddle a
//!   refill, and [`Reader::plain`], which reads only this way.
//!
//! A picture costs time only when it is learned or checked in vain; both are paid from a
//! budget that every group read adds its bytes to, so that the work wasted on pictures is
//! at most one [`SHARE`]th of the bytes read, plus one learning ([`Work`] counts it): no
//! layout can make a read much slower than the scanner alone. A picture that keeps missing
//! is charged more for each check, so that it is tried ever more rarely.

// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryInto;
use std::io::Read;

use crate::io::{describe, is_space, Reader, Result, MAX_CAPACITY};
use crate::picture::{Picture, MAX_LEN};

/// Marks a byte that is not a letter.
const NOT_A_LETTER: u8 = u8::MAX;

/// The work wasted on pictures is at most this share of the bytes read (one in 8).
pub const SHARE: i64 = 8;

/// What learning a picture costs, counted as the bytes the scanner reads in that time.
pub const LEARN_BYTES: i64 = 1 << 17;

/// The most groups the scanner reads at once: two blocks' worth at most.
const SPILL: usize = 128;

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
    index: [u8; 256],
    pub(crate) letters: Vec<u8>,
    pub(crate) count: usize,
    bits: u32,
    row: usize,
    /// The byte bits that tell the letters apart: a cell's key in a picture.
    pub(crate) keys: u8,
    /// What cell `i` worth letter `l` adds to the value, at `i * letters + l`; `None` for
    /// the packed value.
    values: Option<Vec<u64>>,
    scan: Scan,
    picture: Option<Box<Picture>>,
    /// The scanner's groups' values, read before they are visited.
    spill: Box<[u64; SPILL]>,
    /// Bytes read and not yet spent on pictures, times [`SHARE`] (see the module doc).
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

/// The scanner's plan for a group: each cell a field of `bits()` bits in a stream (its
/// letter's index), packed from `lanes` bytes at a time by `packs[which of them are
/// cells]`; the group's value from the stream by `sums` (8 bits of stream at a time),
/// unless the stream is the value.
#[derive(Clone)]
struct Scan {
    lanes: u32,
    packs: Box<[u64; 256]>,
    /// With `sums`, the stream bits each table takes (whole fields).
    sums: Option<Vec<u64>>,
    width: u32,
    /// The cells after which no separator may stand, a bit each.
    forbidden: u64,
    /// The letters compared and their indices, the first standing in for missing ones.
    letters: [(u8, u8); 4],
}

impl Cells {
    /// Groups of `count` cells from `alphabet`, whose letters' indices are the cells' packed
    /// values.
    ///
    /// # Complexity
    /// O(1): 256 sets of key bits are tried.
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
        // The fewest byte bits that tell the letters apart (all eight do).
        let apart = |mask: &u8| {
            let mut seen = [false; 256];
            let mut seen_before =
                |l: &u8| std::mem::replace(&mut seen[usize::from(l & mask)], true);
            !alphabet.iter().any(&mut seen_before)
        };
        let keys = (0..=255u8)
            .filter(apart)
            .min_by_key(|mask| mask.count_ones());
        let mut cells = Cells {
            index,
            letters: alphabet.to_vec(),
            count,
            bits,
            row: 0,
            keys: keys.unwrap_or(0xff),
            values: None,
            scan: Scan {
                lanes: 0,
                packs: Box::new([0; 256]),
                sums: None,
                width: 0,
                forbidden: 0,
                letters: [(0, 0); 4],
            },
            picture: None,
            spill: Box::new([0; SPILL]),
            credit: SHARE * LEARN_BYTES,
            missed: false,
            backoff: 0,
            work: Work::default(),
        };
        cells.plan_scan();
        cells
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
        self.row = width;
        self.plan_scan();
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
        let values = (0..self.count).flat_map(|i| self.letters.iter().map(move |&l| (i, l)));
        self.values = Some(values.map(|(i, l)| value(i, l)).collect());
        self.picture = None;
        self.plan_scan();
        self
    }

    /// The bits per cell in a packed value: the fewest that hold an index of the alphabet,
    /// and at least 1.
    ///
    /// # Complexity
    /// O(1).
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// How the groups read so far were read, and what pictures cost.
    ///
    /// # Complexity
    /// O(1).
    pub fn work(&self) -> Work {
        self.work
    }

    pub(crate) fn is_valued(&self) -> bool {
        self.values.is_some()
    }

    /// What cell `i` holding the letter of index `l` adds to a group's value.
    pub(crate) fn value(&self, i: usize, l: usize) -> u64 {
        match &self.values {
            Some(values) => values[i * self.letters.len() + l],
            None => (l as u64) << (self.bits * i as u32),
        }
    }

    /// Plans the scanner for these cells (none runs for fields of 8 bits: see `cells_fast`).
    fn plan_scan(&mut self) {
        let field = self.bits;
        // Fields from this many lanes land, by one multiply, each in its place with no
        // carry and nothing else among them (see `packs`).
        let lanes = match field {
            1 => 8,
            2 => 4,
            3 | 4 => 2,
            _ => 1,
        };
        let per_chunk = (8 / field) as usize;
        let chunks = (self.count + per_chunk - 1) / per_chunk;
        let sums = (0..chunks * 256).map(|at| {
            let (chunk, byte) = (at / 256, at % 256);
            let cells = (0..per_chunk).filter(|t| chunk * per_chunk + t < self.count);
            cells.fold(0u64, |sum, t| {
                let letter = byte >> (field as usize * t) & ((1 << field) - 1);
                let cell = chunk * per_chunk + t;
                match letter < self.letters.len() {
                    true => sum.wrapping_add(self.value(cell, letter)),
                    false => sum,
                }
            })
        });
        // With rows, no separator may follow the last cell of a row.
        let last_in_row = |i: &usize| (i + 1) % self.row.max(1) == 0 || i + 1 == self.count;
        let letter = |l: u8| self.letters.get(usize::from(l)).map(|&c| (c, l));
        let letters = [0, 1, 2, 3].map(|l| letter(l).unwrap_or((self.letters[0], 0)));
        self.scan = Scan {
            lanes,
            packs: Box::new(packs(field, lanes)),
            sums: self.values.is_some().then(|| sums.collect()),
            width: per_chunk as u32 * field,
            forbidden: (0..self.count)
                .filter(last_in_row)
                .fold(0, |f, i| f | 1 << i),
            letters,
        };
    }

    /// The value of a group from its stream of fields.
    #[inline(always)]
    fn value_of(&self, stream: u64) -> u64 {
        let sums = match &self.scan.sums {
            Some(sums) => sums,
            None => return stream,
        };
        let width = self.scan.width;
        let chunks = sums.chunks_exact(256).enumerate();
        chunks.fold(0u64, |value, (q, sums)| {
            let byte = (stream >> (q as u32 * width)) as usize & ((1 << width) - 1);
            value.wrapping_add(sums[byte])
        })
    }

    /// Counts groups read in `span` bytes toward the budget for pictures; it keeps at most
    /// [`MAX_CREDIT`] when spent, so that waste stays local.
    #[inline(always)]
    fn count_read(&mut self, span: usize) {
        self.credit += span as i64;
    }
}

/// Bit 0 of each byte lane, lane i at bit i of a byte.
#[inline(always)]
fn gather(lanes: u64) -> u32 {
    (lanes.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The little-endian word of bytes `8 w ..` of `bytes`.
#[inline(always)]
fn word_of(bytes: &[u8; 64], w: usize) -> u64 {
    u64::from_le_bytes(bytes[8 * w..8 * w + 8].try_into().expect("8 bytes"))
}

/// The multipliers that pack fields of `field` bits from `lanes` byte lanes, by which lanes
/// hold cells: a field of rank r among them goes from lane j to bit 64 - field * lanes +
/// field * r. Lanes hold fields of at most 8 bits and field * (lanes - 1) < 8, so that no
/// two of the product's terms overlap (they never carry) and none but the fields lands in
/// the top field * lanes bits; lanes past `lanes` land above bit 64.
const fn packs(field: u32, lanes: u32) -> [u64; 256] {
    let (mut packs, mut m) = ([0u64; 256], 0);
    while m < 1 << lanes {
        let (mut lane, mut rank) = (0, 0);
        while lane < lanes {
            if m >> lane & 1 == 1 {
                packs[m] |= 1 << (64 - field * lanes + field * rank - 8 * lane);
                rank += 1;
            }
            lane += 1;
        }
        m += 1;
    }
    packs
}

/// The multipliers that pack one bit from each of 8 lanes: whether a separator follows.
const PACK_BITS: [u64; 256] = packs(1, 8);

/// `LAST[m][r]`: the place of the one bit of byte `m` with `r` one bits above it (8 if
/// none): where a group ends that leaves `r` cells of its word to the next.
const LAST: [[u8; 8]; 256] = {
    let (mut last, mut m) = ([[8u8; 8]; 256], 0);
    while m < 256 {
        let (mut bit, mut above) = (8, 0);
        while bit > 0 {
            bit -= 1;
            if m >> bit & 1 == 1 {
                last[m][above] = bit as u8;
                above += 1;
            }
        }
        m += 1;
    }
    last
};

/// Each byte of `block` classed: a letter (1 in `letter`) and its index (in `index`), or
/// whitespace, or neither (then true). `K` letters are compared (none: `table` is looked
/// up). Apart from the block, the arrays need no check that they overlap it.
#[inline(always)]
fn classify<const K: usize>(
    block: &[u8; 64],
    letters: &[(u8, u8); 4],
    table: &[u8; 256],
) -> ([u8; 64], [u8; 64], bool) {
    let (mut letter, mut index, mut neither) = ([0u8; 64], [0u8; 64], 0u8);
    for i in 0..64 {
        let b = block[i];
        let (mut is, mut l) = (0u8, 0u8);
        if K == 0 {
            let found = table[usize::from(b)];
            is = u8::from(found != NOT_A_LETTER);
            l = found & 0u8.wrapping_sub(is);
        }
        for &(c, code) in &letters[..K] {
            let eq = 0u8.wrapping_sub(u8::from(b == c));
            is |= eq & 1;
            l |= eq & code;
        }
        let space = u8::from(b == b' ') | u8::from(b.wrapping_sub(b'\t') < 5);
        (letter[i], index[i]) = (is, l);
        neither |= (is | space) ^ 1;
    }
    (letter, index, neither != 0)
}

/// The `valid` lanes of a block up to the first byte that is neither a letter nor whitespace
/// nor, with `rows`, a separator between two cells; with rows, `follow` marks the cells a
/// separator follows (whether they may be followed is checked per group). A word of lanes
/// at a time, each lane a byte's 0 or 1.
#[cold]
fn separators(
    rows: bool,
    block: &[u8; 64],
    letter: &[u8; 64],
    follow: &mut [u8; 64],
    after_letter: bool,
    valid: u64,
) -> u64 {
    let mut other = [0u8; 64];
    for i in 0..64 {
        other[i] = u8::from(letter[i] == 0 && !is_space(block[i]));
    }
    let (letters, others) = (|w| word_of(letter, w), |w| word_of(&other, w));
    let mut bad = 0;
    for w in 0..8 {
        // The lanes before and after each lane of the word: letters, and others after.
        let first = if w > 0 {
            letters(w - 1) >> 56
        } else {
            u64::from(after_letter)
        };
        let before = letters(w) << 8 | first;
        let after = letters(w) >> 8 | if w < 7 { letters(w + 1) << 56 } else { 0 };
        let between = if rows { before & after } else { 0 };
        bad |= u64::from(gather(others(w) & !between)) << (8 * w);
        if rows {
            let next = others(w) >> 8 | if w < 7 { others(w + 1) << 56 } else { 0 };
            follow[8 * w..8 * w + 8].copy_from_slice(&(letters(w) & next).to_le_bytes());
        }
    }
    valid
        & u64::MAX
            .checked_shr(64 - (bad & valid).trailing_zeros())
            .unwrap_or(0)
}

/// `POP[m]`: the one bits of byte `m` (a table: the baseline x86-64 has no popcnt).
const POP: [u8; 256] = {
    let mut pop = [0u8; 256];
    let mut m = 1;
    while m < 256 {
        pop[m] = pop[m / 2] + (m % 2) as u8;
        m += 1;
    }
    pop
};

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
                cells.count_read((self.offset(self.pos) - start) as usize);
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
            let got = self.pictured(picture, cells.count, most, !cells.missed, visit)?;
            cells.missed = got.missed > 0;
            if cells.missed {
                cells.work.missed += got.missed as u64;
                let charged = got.missed as i64 + cells.backoff;
                cells.credit = cells.credit.min(MAX_CREDIT) - charged * SHARE;
            }
            cells.backoff = match (got.read, cells.missed) {
                (0, true) => (2 * cells.backoff).clamp(64, MAX_BACKOFF),
                (0, false) => cells.backoff,
                _ => 0,
            };
            if got.read > 0 {
                cells.work.pictured += got.read;
                cells.count_read(self.pos - start);
                return Ok(got.read);
            }
        }
        // Letters compared (two or four; more by a table), whether cells come in rows, and
        // whether few groups are wanted, known at compile time.
        let (spilled, end) = match (cells.letters.len(), cells.row > 1, most < 64) {
            (1..=2, false, false) => self.cells_scan::<2, false, false>(cells, most),
            (1..=2, false, true) => self.cells_scan::<2, false, true>(cells, most),
            (1..=2, true, _) => self.cells_scan::<2, true, true>(cells, most),
            (3..=4, false, false) => self.cells_scan::<4, false, false>(cells, most),
            (3..=4, false, true) => self.cells_scan::<4, false, true>(cells, most),
            (3..=4, true, _) => self.cells_scan::<4, true, true>(cells, most),
            // Over 128 letters, a word's 8 cells of 8 bits would take shifts of 64.
            _ if cells.bits == 8 => (0, self.pos),
            _ => self.cells_scan::<0, true, true>(cells, most),
        };
        // The groups visited here, where `visit` is inlined: its state stays in registers.
        let read = (spilled as u64).min(most) as usize;
        let first = self.pos;
        for (k, &value) in cells.spill[..read].iter().enumerate() {
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
        cells.count_read(self.pos - first);
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
        let is_cell = |at: &usize| cells.index[usize::from(self.buf[*at])] != NOT_A_LETTER;
        let mut cells_at = (start..).filter(is_cell);
        let before = match k {
            0 => start,
            _ => cells_at.nth(k * cells.count - 1).map_or(start, |at| at + 1),
        };
        let end = cells_at.nth(cells.count - 1).map_or(start, |at| at + 1);
        (before, end)
    }

    /// Learns the picture of the group that starts at or after `buf[start]` and ends before
    /// `buf[end]`, with the whitespace after it, if all that is buffered and short enough.
    #[cold]
    fn learn(&mut self, cells: &mut Cells, start: usize, end: usize) {
        let first = start
            + self.buf[start..end]
                .iter()
                .take_while(|&&b| is_space(b))
                .count();
        let spaces = self.buf[end..self.end].iter().position(|&b| !is_space(b));
        let last = match spaces {
            Some(spaces) if end + spaces - first <= MAX_LEN => end + spaces,
            _ => return,
        };
        let drawn = &self.buf[first..last];
        let offsets: Vec<usize> = (0..end - first)
            .filter(|&at| cells.index[usize::from(drawn[at])] != NOT_A_LETTER)
            .collect();
        cells.picture = Some(Picture::learn(cells, drawn, &offsets));
        cells.credit = cells.credit.min(MAX_CREDIT) - SHARE * LEARN_BYTES;
        cells.work.learned += 1;
    }

    /// The scanner: reads groups from the buffered bytes at `pos` (it never waits for input)
    /// into `cells.spill`, their values: up to `most`, or a little more or less (at most
    /// [`SPILL`]), and none past the first group it cannot finish from them, at a byte that
    /// is not a cell, whitespace or a separator where one may stand. After a block, it stops
    /// when a picture is worth a try or a group worth learning from. How many, and where the
    /// last ends; the caller visits them. `K` letters are compared (none: a table is looked up), `ROWS` says
    /// whether separators may stand between cells (true serves either), `FEW` whether
    /// `most` is small enough to stop in a block: known at compile time, the loops over
    /// them unroll and what is not needed goes.
    #[inline(never)]
    fn cells_scan<const K: usize, const ROWS: bool, const FEW: bool>(
        &self,
        cells: &mut Cells,
        most: u64,
    ) -> (usize, usize) {
        // Two letters make fields of 1 bit, 8 lanes at a time; four of 2 bits, 4 at a time.
        let (field, lanes) = match K {
            2 => (1, 8),
            4 => (2, 4),
            _ => (cells.bits, cells.scan.lanes),
        };
        let (count, rows) = (cells.count as u32, ROWS && cells.row > 1);
        let (group_mask, cell_mask) = (u64::MAX >> (64 - field * count), u64::MAX >> (64 - count));
        let (top, lane_mask) = (64 - field * lanes, (1u32 << lanes) - 1);
        // With rows, a separator's next byte must be known: a block's last byte waits.
        let width = 64 - usize::from(rows);
        // The fields of the group begun, with rows a bit a cell for a separator after it,
        // and how many cells; and whether the block before ends in a cell.
        let (mut stream, mut follows, mut have, mut after_letter) = (0u64, 0u64, 0u32, false);
        // The groups spilled and where the last ends; with rows, the cells a separator
        // follows in the block.
        let (mut base, mut done, mut end, mut follow) = (self.pos, 0, self.pos, [0u8; 64]);
        loop {
            let usable = (self.end - base).min(width);
            if usable == 0 {
                break;
            }
            // `base` is below the capacity: the mask only lets the compiler see it.
            let at = base % MAX_CAPACITY;
            let block: &[u8; 64] = self.buf[at..at + 64].try_into().expect("64 bytes");
            let (mut letter, index, neither) =
                classify::<K>(block, &cells.scan.letters, &cells.index);
            // The lanes read: up to the first byte that is not a separator where one may
            // stand; and the cells a separator follows (all of them set with rows).
            let full = u64::MAX >> (64 - usable);
            let valid = match neither {
                false => full,
                true => separators(rows, block, &letter, &mut follow, after_letter, full),
            };
            follow = if rows && !neither { [0; 64] } else { follow };
            if valid != u64::MAX {
                letter[valid.trailing_ones() as usize..].fill(0);
            }
            // The block in segments of words whose fields fit in 64 bits, each packed whole,
            // then cut into groups; and the last segment a group ended in, and cells after it.
            let (words, mut cut, mut stop) = ((8 / field as usize).max(1), None, false);
            'segments: for first in (0..8).step_by(words) {
                // Its fields, separators after cells, and cells found.
                let (mut fields, mut seps, mut found) = (0u64, 0u64, 0u32);
                for w in first..first + words {
                    let m = gather(word_of(&letter, w));
                    let index = word_of(&index, w);
                    let mut packed = 0u64;
                    for lane in (0..8).step_by(lanes as usize) {
                        let some = (m >> lane & lane_mask) as usize;
                        let part = (index >> (8 * lane)).wrapping_mul(cells.scan.packs[some % 256]);
                        let before = u32::from(POP[(m & ((1 << lane) - 1)) as usize]);
                        packed |= (part >> top) << (field * before);
                    }
                    let follow = if rows { word_of(&follow, w) } else { 0 };
                    seps |= follow.wrapping_mul(PACK_BITS[m as usize % 256]) >> 56 << found;
                    fields |= packed << (field * found);
                    found += u32::from(POP[m as usize]);
                }
                while let Some(left) = found.checked_sub(count - have) {
                    let group = (stream | fields << (field * have)) & group_mask;
                    if (follows | seps << have) & cell_mask & cells.scan.forbidden != 0 {
                        // A separator where none may stand: the plain path says where.
                        stop = true;
                        break 'segments;
                    }
                    // Cells go from the bottom, `left` left; all 64 bits may go to one group.
                    fields = fields.checked_shr(field * (found - left)).unwrap_or(0);
                    (seps, found) = (seps.checked_shr(found - left).unwrap_or(0), left);
                    cells.spill[done % SPILL] = cells.value_of(group);
                    (done, have, stream, follows) = (done + 1, 0, 0, 0);
                    cut = Some((first + words - 1, found));
                    if FEW && done as u64 == most {
                        // Enough for this call: the cells after wait for the next.
                        break 'segments;
                    }
                }
                stream |= fields << (field * have);
                follows |= seps << have;
                have += found;
            }
            if let Some((mut word, mut after)) = cut {
                // The group's last cell: `after` cells of the words up to `word` follow it.
                let mut m = gather(word_of(&letter, word));
                while after >= u32::from(POP[m as usize]) {
                    (word, after) = (word - 1, after - u32::from(POP[m as usize]));
                    m = gather(word_of(&letter, word));
                }
                end = base + 8 * word + usize::from(LAST[m as usize][after as usize % 8]) + 1;
            }
            if stop || valid != full || done as u64 >= most || done >= SPILL / 2 {
                break;
            }
            after_letter = letter[usable - 1] == 1;
            base += usable;
            // After a block, a picture may be worth a try again, or a group to learn from.
            let credit = cells.credit + (end - self.pos) as i64;
            if done > 0 && (cells.picture.is_some() && credit >= 0 || credit >= SHARE * LEARN_BYTES)
            {
                break;
            }
        }
        (done, end)
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
            let l = cells.index[usize::from(b)];
            if l != NOT_A_LETTER {
                value = value.wrapping_add(cells.value(i, usize::from(l)));
                (i, self.pos, after_cell) = (i + 1, self.pos + 1, true);
                if i == cells.count {
                    return Ok(value);
                }
                continue;
            }
            if !is_space(b) {
                // A separator needs the byte after it, a cell: wait for it only here.
                let next = self.peek_after()?;
                let between = next.map_or(false, |n| cells.index[usize::from(n)] != NOT_A_LETTER);
                if !(after_cell && i % cells.row.max(1) != 0 && between) {
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
