//! Cells of a board: [`Reader::cells`] reads a group of cells from an alphabet the caller
//! names (`b".#"`, `b"*."`, `b".OX#"`) and returns them packed, a few bits per cell.
//!
//! The plain path reads cell by cell. Judge data draws every group alike, so a group read
//! that way also teaches the reader its picture: its bytes from its first cell up to the
//! next token, cells free. Later groups drawn alike are read straight from the buffer:
//! - one at a time, a word of the picture at a time: the bits that tell the letters apart
//!   (the keys) of the word's cells are moved by one multiply into an index, which picks
//!   from a table of the word's valid contents both the exact bytes expected (cells and
//!   whitespace alike) and the cells' packed value;
//! - in runs, for two-letter alphabets once groups follow one another back to back: up to
//!   16 groups are checked against the picture at once, a loop the compiler vectorises,
//!   and then each group's cells are gathered from a few words by one multiply each.
//!
//! A group drawn otherwise, or cut off by the end of the buffer, goes through the plain
//! path again (and may teach a new picture): a picture only ever speeds up what the plain
//! path would read, so a wrong guess costs time, never an answer.

// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryInto;
use std::io::Read;

use crate::io::{describe, is_space, Reader, Result, WINDOW};

/// The longest picture, whitespace included; groups drawn longer take the plain path.
const MAX_LEN: usize = 128;

/// Groups checked at once in a run.
const CHUNK: usize = 16;

/// Groups read back to back before runs are tried.
const STREAK: usize = 4;

/// The most gathers a group's run may take.
const MAX_GATHERS: usize = 16;

/// Marks a byte that is not a letter.
const NOT_A_LETTER: u8 = u8::MAX;

/// How a group of cells is written, and what the reader has learned of its pictures.
///
/// A group is `count` cells, each a byte of the alphabet; whitespace may stand anywhere
/// between cells. With [`Cells::rows_of`], a row of `w` cells may also be written as one
/// token of `2w - 1` bytes, any one byte between its cells (`O|.|X`). The packed value holds
/// the index in the alphabet of cell `i` at bits `bits() * i ..`.
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
    letters: Vec<u8>,
    count: usize,
    bits: u32,
    row: usize,
    /// The byte bits that tell the letters apart: a cell's key.
    keys: u8,
    picture: Option<Box<Picture>>,
    /// Where the last group read ended, and how many groups in a row began where the one
    /// before them ended.
    next: u64,
    streak: usize,
    /// The values of the groups of a checked run that follow the last one read back to
    /// back, the next one last.
    queue: [u64; CHUNK],
    queued: usize,
}

impl Cells {
    /// Groups of `count` cells from `alphabet`, whose letters are the cells' values in
    /// order.
    ///
    /// # Complexity
    /// O(1): at most 256 letters and 256 sets of key bits are looked at.
    ///
    /// # Panics
    /// If `alphabet` is empty, repeats a letter or holds whitespace, or `count` is 0 or its
    /// cells do not fit in 64 bits.
    pub fn new(alphabet: &[u8], count: usize) -> Cells {
        let mut index = [NOT_A_LETTER; 256];
        for (i, &letter) in alphabet.iter().enumerate() {
            assert!(!is_space(letter), "a letter cannot be whitespace");
            assert!(index[usize::from(letter)] == NOT_A_LETTER, "a letter repeats");
            index[usize::from(letter)] = i as u8;
        }
        let bits = 32 - (alphabet.len().max(2) as u32 - 1).leading_zeros();
        assert!(!alphabet.is_empty() && count > 0, "no letters or no cells");
        assert!(count as u32 * bits <= 64, "{count} cells do not fit in 64 bits");
        // The fewest byte bits that tell the letters apart: their keys.
        let separate = |mask: &u32| {
            let mut seen = [false; 256];
            alphabet.iter().all(|&l| !std::mem::replace(&mut seen[usize::from(l) & *mask as usize], true))
        };
        let mut masks: Vec<u32> = (0..256).collect();
        masks.sort_by_key(|mask| mask.count_ones());
        // 0xff tells any letters apart.
        let keys = masks.into_iter().find(separate).unwrap_or(0xff) as u8;
        Cells {
            index,
            letters: alphabet.to_vec(),
            count,
            bits,
            row: 0,
            keys,
            picture: None,
            next: u64::MAX,
            streak: 0,
            queue: [0; CHUNK],
            queued: 0,
        }
    }

    /// The same cells in rows of `width`, each of which may be written as one token of
    /// `2 width - 1` bytes with any byte between two cells.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `width` is 0.
    pub fn rows_of(mut self, width: usize) -> Cells {
        assert!(width > 0, "rows need cells");
        self.row = width;
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

    /// Learns the picture `drawn` (a group from its first cell up to the next token, its
    /// cells at `offsets`), if it fits.
    fn learn(&mut self, drawn: &[u8], offsets: &[usize]) {
        let (keys, len) = (self.keys, drawn.len());
        if len > MAX_LEN {
            return;
        }
        let mut picture = Picture {
            len,
            newlines: drawn.iter().filter(|&&b| b == b'\n').count(),
            tiles: Vec::new(),
            entries: Vec::new(),
            drawn: None,
            run: Run::default(),
        };
        let (mut cell, mut start) = (0, 0);
        while start < len {
            let (cells, tile_len) = picture.tile(self, drawn, &offsets[cell..], start, keys);
            cell += cells;
            start += tile_len;
        }
        if self.letters.len() == 2 && self.count <= 56 {
            picture.run = Run::new(self.count, offsets, keys, self.letters[1] & keys != 0);
            if picture.run.count > 0 {
                picture.drawn = Some(Run::drawn(&self.letters, drawn, offsets));
            }
        }
        self.picture = Some(Box::new(picture));
        self.queued = 0;
    }
}

/// A learned picture: its length, line breaks, the word checks of one group, and the
/// checks of runs when the alphabet has two letters.
#[derive(Clone)]
struct Picture {
    len: usize,
    newlines: usize,
    tiles: Vec<Tile>,
    /// The tiles' tables, one after another: the expected word and the value it gives.
    entries: Vec<(u64, u64)>,
    /// For two-letter alphabets: the picture with either letter in every cell, [`CHUNK`]
    /// times over, and the gathers that read a checked group's cells.
    drawn: Option<Box<[[u8; CHUNK * MAX_LEN]; 2]>>,
    run: Run,
}

/// One word of a picture: its bytes from `at` under `mask`, the key bits of its cells, and
/// the multiplier that moves them to an index in the top byte, into the tile's table.
#[derive(Clone)]
struct Tile {
    at: usize,
    mask: u64,
    keys: u64,
    multiplier: u64,
    table: usize,
}

/// The byte with the bits of `value` placed, lowest first, at the one bits of `mask`.
fn spread(mut value: u32, mask: u8) -> u8 {
    let mut byte = 0;
    for bit in (0..8).filter(|b| mask >> b & 1 == 1) {
        byte |= ((value & 1) as u8) << bit;
        value >>= 1;
    }
    byte
}

/// The little-endian word at the start of `bytes`.
#[inline(always)]
fn word(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes[..8].try_into().expect("eight bytes"))
}

impl Picture {
    /// Adds the tile that starts at `start` and takes as many of the next bytes (at most 8)
    /// and of the cells at `offsets` as one index of at most 8 bits tells apart; returns
    /// the tile's cells and its length.
    fn tile(
        &mut self,
        cells: &Cells,
        drawn: &[u8],
        offsets: &[usize],
        start: usize,
        keys: u8,
    ) -> (usize, usize) {
        let key_bits = keys.count_ones();
        let lowest = if keys == 0 { 0 } else { keys.trailing_zeros() };
        // Grow the tile cell by cell while the index stays one-to-one.
        let mut best = (0, 0u64);
        let mut used = 0u64;
        let end = (start + 8).min(drawn.len());
        let in_tile = offsets.iter().take_while(|&&at| at < end).count();
        for n in 1..=in_tile.min((8 / key_bits.max(1)) as usize) {
            let lane = (offsets[n - 1] - start) as u32;
            let key_bits_at = |top: u32| u64::from(keys) << (top - lowest);
            // The first free place in the top byte for the cell's keys, at or above their
            // bits, so that the shift is not negative.
            let first = (56u32.max(8 * lane + lowest)..64).find(|&top| {
                let want = key_bits_at(top);
                want >> (top - lowest) == u64::from(keys) && want & used == 0
            });
            let top = match first {
                Some(top) => top,
                None => break,
            };
            let multiplier = best.1 | 1 << (top - 8 * lane - lowest);
            if !Self::one_to_one(n, keys, &offsets[..n], start, multiplier) {
                break;
            }
            used |= key_bits_at(top);
            best = (n, multiplier);
        }
        let (n, multiplier) = best;
        // The tile ends before the first cell it did not take.
        let len = offsets.get(n).map_or(end, |&next| next.min(end)) - start;
        let mask = u64::MAX >> (64 - 8 * len);
        let lane_keys = offsets[..n]
            .iter()
            .fold(0, |k, &at| k | u64::from(keys) << (8 * (at - start)));
        let table = self.entries.len();
        let first_cell = cells.count - offsets.len();
        self.entries.extend((0..1u32 << (key_bits * n as u32)).map(|_| (!mask, 0)));
        let mut expected = [0u8; 8];
        expected[..len].copy_from_slice(&drawn[start..start + len]);
        for combo in 0..1u32 << (key_bits * n as u32) {
            let mut value = 0u64;
            for (c, &at) in offsets[..n].iter().enumerate() {
                let key = spread(combo >> (key_bits * c as u32), keys);
                let letter = cells.letters.iter().position(|&l| l & keys == key);
                expected[at - start] = match letter {
                    Some(i) => {
                        value |= (i as u64) << (cells.bits * (first_cell + c) as u32);
                        cells.letters[i]
                    }
                    // Keys no letter has: a byte with other keys, which never matches.
                    None => key ^ keys,
                };
            }
            let w = u64::from_le_bytes(expected);
            let index = ((w & lane_keys).wrapping_mul(multiplier) >> 56) as usize;
            self.entries[table + index] = (w & mask, value);
        }
        self.tiles.push(Tile {
            at: start,
            mask,
            keys: lane_keys,
            multiplier,
            table,
        });
        (n, len)
    }

    /// Whether `multiplier` gives every combination of keys of the `n` cells at `offsets` its
    /// own index.
    fn one_to_one(n: usize, keys: u8, offsets: &[usize], start: usize, multiplier: u64) -> bool {
        let key_bits = keys.count_ones();
        let mut seen = [false; 256];
        (0..1u32 << (key_bits * n as u32)).all(|combo| {
            let w = offsets.iter().enumerate().fold(0u64, |w, (c, &at)| {
                let key = spread(combo >> (key_bits * c as u32), keys);
                w | u64::from(key) << (8 * (at - start))
            });
            let index = (w.wrapping_mul(multiplier) >> 56) as usize;
            !std::mem::replace(&mut seen[index], true)
        })
    }

    /// The packed cells of the group at the start of `window`, if it is drawn as this
    /// picture.
    #[inline(always)]
    fn read_one(&self, window: &[u8; WINDOW]) -> Option<u64> {
        let (mut differ, mut value) = (0, 0);
        for tile in &self.tiles {
            let w = word(&window[tile.at % MAX_LEN..]);
            let index = ((w & tile.keys).wrapping_mul(tile.multiplier) >> 56) as usize;
            let (expected, cells) = self.entries[tile.table + index];
            differ |= (w & tile.mask) ^ expected;
            value |= cells;
        }
        (differ == 0).then(|| value)
    }
}

/// The gathers that read the cells of a group checked as part of a run, for two-letter
/// alphabets: each moves the key bits of a few cells by one multiply to their bits of the
/// packed value, at the top of the product.
#[derive(Clone, Copy, Default)]
struct Run {
    gathers: [Gather; MAX_GATHERS],
    /// How many gathers; 0 if runs are not read.
    count: usize,
    /// Whether each product is masked to its targets, which lets cells lie closer.
    masked: bool,
    /// Turns keys into indices: all ones where the letter with the key bit set is first.
    flip: u64,
}

/// The key bits of some cells in the word at `at` and the multiplier that moves them.
#[derive(Clone, Copy, Default)]
struct Gather {
    at: usize,
    keys: u64,
    multiplier: u64,
    targets: u64,
}

impl Gather {
    /// The gathered key bits of `w`: exactly at their targets, and from the lowest target up
    /// with nothing else if `MASKED` is false and the gather was planned so.
    #[inline(always)]
    fn apply<const MASKED: bool>(&self, w: u64) -> u64 {
        let product = (w & self.keys).wrapping_mul(self.multiplier);
        if MASKED {
            product & self.targets
        } else {
            product
        }
    }

    /// Whether every combination of the source bits lands exactly on the targets, in order,
    /// with nothing else from bit `clean` up (64: anywhere, when masked).
    fn exact(&self, masked: bool, clean: usize) -> bool {
        let ones = |mask: u64| (0..64).filter(move |b| mask >> b & 1 == 1);
        let pairs: Vec<(u32, u32)> = ones(self.keys).zip(ones(self.targets)).collect();
        let window = u64::MAX.checked_shl(clean as u32).unwrap_or(0);
        (0..1u32 << pairs.len()).all(|combo| {
            let (w, want) = pairs.iter().enumerate().fold((0, 0), |(w, want), (i, &(s, t))| {
                let bit = u64::from(combo >> i & 1);
                (w | bit << s, want | bit << t)
            });
            match masked {
                true => self.apply::<true>(w) == want,
                false => self.apply::<false>(w) & window == want,
            }
        })
    }
}

impl Run {
    /// The gathers of a group of `count` cells at `offsets`, keys `keys` (one bit): unmasked
    /// if that needs no more than masked, none if more than [`MAX_GATHERS`].
    fn new(count: usize, offsets: &[usize], keys: u8, second_has_key: bool) -> Run {
        let unmasked = Run::plan(count, offsets, keys, false);
        let masked = Run::plan(count, offsets, keys, true);
        let mut run = if unmasked.count <= masked.count { unmasked } else { masked };
        run.flip = match second_has_key {
            true => 0,
            false => u64::MAX >> (64 - count),
        };
        run
    }

    /// [`Run::new`], `masked` or not. Cell i's key bit goes to bit 64 - count + i; a gather
    /// starts at a cell and takes the cells after it while every key bit lands exactly.
    fn plan(count: usize, offsets: &[usize], keys: u8, masked: bool) -> Run {
        let (base, key) = (64 - count, keys.trailing_zeros() as usize);
        let mut run = Run {
            masked,
            ..Run::default()
        };
        let mut next = 0;
        while next < count {
            if run.count == MAX_GATHERS {
                return Run::default();
            }
            let at = offsets[next];
            let mut gather = Gather {
                at,
                ..Gather::default()
            };
            for (c, &offset) in offsets.iter().enumerate().skip(next) {
                let (source, target) = (8 * (offset - at) + key, base + c);
                if offset >= at + 8 || source > target {
                    break;
                }
                let wider = Gather {
                    keys: gather.keys | 1 << source,
                    multiplier: gather.multiplier | 1 << (target - source),
                    targets: gather.targets | 1 << target,
                    at,
                };
                if !wider.exact(masked, base) {
                    break;
                }
                gather = wider;
                next = c + 1;
            }
            run.gathers[run.count] = gather;
            run.count += 1;
        }
        run
    }

    /// The picture `drawn` with each of the two letters in every cell, [`CHUNK`] times over.
    fn drawn(letters: &[u8], drawn: &[u8], offsets: &[usize]) -> Box<[[u8; CHUNK * MAX_LEN]; 2]> {
        let len = drawn.len();
        let mut pictures = Box::new([[0; CHUNK * MAX_LEN]; 2]);
        for (&letter, picture) in letters.iter().zip(pictures.iter_mut()) {
            picture[..len].copy_from_slice(drawn);
            for &at in offsets {
                picture[at] = letter;
            }
            for copy in 1..CHUNK {
                picture.copy_within(..len, copy * len);
            }
        }
        pictures
    }

    /// Whether the groups that fill `bytes` are all drawn as the pictures `drawn`.
    #[inline]
    fn matches(drawn: &[[u8; CHUNK * MAX_LEN]; 2], bytes: &[u8]) -> bool {
        let n = bytes.len();
        let [first, second] = drawn;
        let pairs = first[..n].iter().zip(&second[..n]);
        let differ = bytes.iter().zip(pairs).fold(0u8, |differ, (&b, (&x, &y))| {
            differ | (u8::from(b != x) & u8::from(b != y))
        });
        differ == 0
    }

    /// Reads the checked groups of `len` bytes at the start of `bytes` into `values`, the
    /// first last: each of `count` cells.
    #[inline(always)]
    fn read(&self, bytes: &[u8; WINDOW], len: usize, values: &mut [u64], count: usize) {
        // Gather counts known at compile time unroll the loop over them.
        match (self.count, self.masked) {
            (3, false) => self.read_with::<3, false>(bytes, len, values, count),
            (4, false) => self.read_with::<4, false>(bytes, len, values, count),
            (5, false) => self.read_with::<5, false>(bytes, len, values, count),
            (6, false) => self.read_with::<6, false>(bytes, len, values, count),
            (2, true) => self.read_with::<2, true>(bytes, len, values, count),
            (3, true) => self.read_with::<3, true>(bytes, len, values, count),
            (4, true) => self.read_with::<4, true>(bytes, len, values, count),
            (_, false) => self.read_with::<0, false>(bytes, len, values, count),
            (_, true) => self.read_with::<0, true>(bytes, len, values, count),
        }
    }

    /// [`Run::read`] with the first `COUNT` gathers (all if 0), `MASKED` or not.
    #[inline(always)]
    fn read_with<const COUNT: usize, const MASKED: bool>(
        &self,
        bytes: &[u8; WINDOW],
        len: usize,
        values: &mut [u64],
        count: usize,
    ) {
        let gathers = match COUNT {
            0 => &self.gathers[..self.count.min(MAX_GATHERS)],
            _ => &self.gathers[..COUNT],
        };
        let mut start = 0;
        for value in values.iter_mut().rev() {
            // Below CHUNK * MAX_LEN: the mask only lets the compiler see it.
            let at = start % (CHUNK * MAX_LEN);
            let group: &[u8; MAX_LEN + 8] = bytes[at..at + MAX_LEN + 8].try_into().expect("8");
            let keys = gathers.iter().fold(0, |k, g| {
                k | g.apply::<MASKED>(word(&group[g.at % MAX_LEN..]))
            });
            *value = (keys >> (64 - count)) ^ self.flip;
            start += len;
        }
    }
}

impl<R: Read> Reader<R> {
    /// Reads one group of `cells` and returns it packed: cell `i`'s index in the alphabet at
    /// bits `cells.bits() * i ..`. Whitespace may stand before and between cells (see
    /// [`Cells`] for rows with separators); `what` names a cell in errors.
    ///
    /// # Complexity
    /// O(bytes read). Groups drawn like the one before are read from the buffer a word at a
    /// time, and in runs of two-letter groups 16 at a time.
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
        if self.fast {
            if let Some(value) = self.cells_fast(cells)? {
                return Ok(value);
            }
        }
        self.cells_plain(cells, what)
    }

    /// Reads `count` groups of `cells` and calls `visit` with each, packed as by
    /// [`Reader::cells`]; `what` names a cell in errors. The same as calling
    /// [`Reader::cells`] `count` times, with less work per group when groups come back to
    /// back.
    ///
    /// # Complexity
    /// O(bytes read), plus the calls.
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
            if cells.queued > 0 && self.offset(self.pos) == cells.next {
                let len = cells.picture.as_ref().map_or(0, |p| p.len);
                let n = cells.queued.min(left as usize);
                for i in 0..n {
                    visit(cells.queue[(cells.queued - 1 - i) % CHUNK])?;
                }
                cells.queued -= n;
                cells.next += (n * len) as u64;
                self.pos += n * len;
                left -= n as u64;
            } else {
                visit(self.cells(cells, what)?)?;
                left -= 1;
            }
        }
        Ok(())
    }

    /// The fast paths of [`Reader::cells`]: `None` when the group is not drawn as the
    /// learned picture, or is not buffered whole.
    #[inline(always)]
    fn cells_fast(&mut self, cells: &mut Cells) -> Result<Option<u64>> {
        let picture = match &cells.picture {
            Some(picture) => picture,
            None => return Ok(None),
        };
        let len = picture.len;
        // A group of a checked run, right after the one before it: already read.
        if cells.queued > 0 && self.offset(self.pos) == cells.next {
            cells.queued -= 1;
            cells.next += len as u64;
            self.pos += len;
            return Ok(Some(cells.queue[cells.queued % CHUNK]));
        }
        while self.pos < self.end && is_space(self.buf[self.pos]) {
            self.pos += 1;
        }
        let at = self.offset(self.pos);
        cells.streak = if at == cells.next { cells.streak + 1 } else { 0 };
        if !self.buffered(len + 8)? {
            return Ok(None);
        }
        let mut value = None;
        if cells.streak >= STREAK && picture.run.count > 0 {
            match self.read_run(picture, &mut cells.queue, cells.count) {
                Some(n) => {
                    cells.queued = n - 1;
                    value = Some(cells.queue[(n - 1) % CHUNK]);
                }
                None => cells.streak = 0,
            }
        }
        let value = match value.or_else(|| picture.read_one(self.window())) {
            Some(value) => value,
            None => return Ok(None),
        };
        self.count_ahead(len, picture.newlines);
        self.pos += len;
        cells.next = at + len as u64;
        Ok(Some(value))
    }

    /// Checks up to [`CHUNK`] groups from `pos` (as many as are buffered) against `picture`,
    /// and if all are drawn as it, reads them into `queue`, the first last, and says how
    /// many. Their line breaks are counted now.
    #[inline(never)]
    fn read_run(&mut self, picture: &Picture, queue: &mut [u64; CHUNK], count: usize) -> Option<usize> {
        let len = picture.len;
        if self.end - self.pos < CHUNK * len + 8 {
            self.fill(CHUNK * len + 8).ok()?;
        }
        let n = ((self.end - self.pos - 8) / len).min(CHUNK);
        let bytes = self.window();
        if !Run::matches(picture.drawn.as_ref()?, &bytes[..n * len]) {
            return None;
        }
        picture.run.read(bytes, len, &mut queue[..n], count);
        self.count_ahead(n * len, n * picture.newlines);
        Some(n)
    }

    /// The plain path of [`Reader::cells`]: cell by cell, checked, and learning the
    /// group's picture when it lies whole in the buffer.
    #[inline(never)]
    fn cells_plain(&mut self, cells: &mut Cells, what: &str) -> Result<u64> {
        let mut offsets = [0; 64];
        let (mut value, mut start, mut moved) = (0, None, false);
        let mut i = 0;
        while i < cells.count {
            if self.peek_non_space()?.is_none() {
                return Err(self.error(what, "end of input".to_string()));
            }
            let dropped = self.offset(0);
            let first = *start.get_or_insert(self.offset(self.pos));
            // A row written as one token with a byte between cells.
            let width = cells.row;
            if width > 1 && i % width == 0 && self.token_len(what)? == 2 * width - 1 {
                for k in 0..width {
                    value |= self.cell(cells, what, 2 * k, i + k, first, &mut offsets)?;
                }
                self.pos += 2 * width - 1;
                i += width;
            } else {
                value |= self.cell(cells, what, 0, i, first, &mut offsets)?;
                self.pos += 1;
                i += 1;
            }
            moved |= self.offset(0) != dropped;
        }
        let start = start.unwrap_or(0);
        if self.fast && !moved && start >= self.offset(0) {
            let first = (start - self.offset(0)) as usize;
            let ends = self.buf[self.pos..self.end].iter().position(|&b| !is_space(b));
            if let Some(spaces) = ends {
                cells.learn(&self.buf[first..self.pos + spaces], &offsets[..cells.count]);
            }
        }
        Ok(value)
    }

    /// Checks the cell `skip` bytes on from `pos`, cell `i` of a group that began at input
    /// offset `first`: its packed bits, its offset noted in `offsets`.
    fn cell(
        &self,
        cells: &Cells,
        what: &str,
        skip: usize,
        i: usize,
        first: u64,
        offsets: &mut [usize; 64],
    ) -> Result<u64> {
        let at = self.pos + skip;
        let b = self.buf[at];
        match cells.index[usize::from(b)] {
            NOT_A_LETTER => {
                let found = match b.is_ascii_graphic() {
                    true => format!("'{}'", b as char),
                    false => describe(&[b]),
                };
                Err(self.error_at(at, what, found))
            }
            index => {
                offsets[i] = (self.offset(at) - first) as usize;
                Ok(u64::from(index) << (cells.bits * i as u32))
            }
        }
    }
}
