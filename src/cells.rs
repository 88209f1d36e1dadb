//! Cells of a board: [`Reader::cells`] reads a group of cells from an alphabet the caller
//! names (`b".#"`, `b".OX#"`) and returns its value: the cells packed a few bits each, or
//! any sum of per-cell values, such as the position's code in base 3.
//!
//! The plain path reads cell by cell, and learns the group's picture: its bytes from its
//! first cell up to the next token, cells free. Later groups drawn alike are read straight
//! from the buffer, a word of the picture at a time (the bits that tell the letters apart
//! index a table of the word's valid bytes and what they add to the value); runs of
//! two-letter groups are checked many at once, then their cells gathered by multiplies. A
//! group drawn otherwise goes through the plain path again: a picture only ever speeds up
//! what the plain path would read, so a wrong guess costs time, never an answer.

// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryInto;
use std::io::Read;

use crate::io::{describe, is_space, Reader, Result, MAX_CAPACITY, WINDOW};

/// The longest picture, whitespace included; groups drawn longer take the plain path.
const MAX_LEN: usize = 128;

/// Groups read a word at a time in one go.
const CHUNK: usize = 16;

/// The most bytes, and groups, of a run checked at once: more at once is less work per
/// group, and the copies of the picture stay small.
const RUN_BYTES: usize = 2048;
const RUN_GROUPS: usize = 64;

/// Marks a byte that is not a letter.
const NOT_A_LETTER: u8 = u8::MAX;

/// How a group of cells is written, what it is worth, and what the reader has learned of
/// its picture.
///
/// A group is `count` cells, each a byte of the alphabet; whitespace may stand anywhere
/// between cells. With [`Cells::rows_of`], a row of `w` cells may also be written as one
/// token of `2w - 1` bytes, any one byte between its cells (`O|.|X`). A group's value holds
/// the index in the alphabet of cell `i` at bits `bits() * i ..`, unless
/// [`Cells::valued_by`] says otherwise.
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
    /// What cell `i` worth letter `l` adds to the value, at `i * letters + l`; `None` for
    /// the packed value.
    values: Option<Vec<u64>>,
    picture: Option<Box<Picture>>,
    /// Groups read by the plain path since the picture last served: learning costs as much
    /// as reading a hundred groups, so groups drawn each their own way learn only when this
    /// is a power of two.
    plain_streak: u32,
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
            assert!(
                index[usize::from(letter)] == NOT_A_LETTER,
                "a letter repeats"
            );
            index[usize::from(letter)] = i as u8;
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
        Cells {
            index,
            letters: alphabet.to_vec(),
            count,
            bits,
            row: 0,
            keys: keys.unwrap_or(0xff),
            values: None,
            picture: None,
            plain_streak: 0,
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

    /// The same cells, a group worth the sum (wrapping) over its cells of `value(i, letter)`
    /// for cell `i` holding `letter`: a position's code in base 3, say, read as cheaply as
    /// the packed cells.
    ///
    /// # Complexity
    /// O(count x letters) calls of `value`.
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

    /// What cell `i` holding the letter of index `l` adds to a group's value.
    fn value(&self, i: usize, l: usize) -> u64 {
        match &self.values {
            Some(values) => values[i * self.letters.len() + l],
            None => (l as u64) << (self.bits * i as u32),
        }
    }

    /// Learns the picture `drawn` (a group from its first cell up to the next token, its
    /// cells at `offsets`), if it fits.
    fn learn(&mut self, drawn: &[u8], offsets: &[usize]) {
        if drawn.len() > MAX_LEN {
            return;
        }
        let mut picture = Picture {
            len: drawn.len(),
            newlines: drawn.iter().filter(|&&b| b == b'\n').count(),
            tiles: Vec::new(),
            run: None,
        };
        let (mut cell, mut start) = (0, 0);
        while start < drawn.len() {
            let tile = Tile::new(self, drawn, offsets, cell, start);
            cell += tile.cells;
            start += tile.len;
            picture.tiles.push(tile);
        }
        if self.letters.len() == 2 && self.count <= 56 && self.values.is_none() {
            picture.run = Run::new(self, drawn, offsets);
        }
        self.picture = Some(Box::new(picture));
    }
}

/// A learned picture: its length, its line breaks, the word checks of one group, and the
/// checks of runs when the alphabet has two letters.
#[derive(Clone)]
struct Picture {
    len: usize,
    newlines: usize,
    tiles: Vec<Tile>,
    run: Option<Box<Run>>,
}

/// One word of a picture: its bytes from `at` under `mask`, the key bits of its cells, the
/// multiplier that moves them to an index in the top byte, and by index the expected word
/// and what its cells add to the value.
#[derive(Clone)]
struct Tile {
    // A byte: windows are longer than 255 + 8 bytes, so no bounds check is needed.
    at: u8,
    len: usize,
    cells: usize,
    mask: u64,
    keys: u64,
    multiplier: u64,
    table: Box<[(u64, u64); 256]>,
}

/// The little-endian word at the start of `bytes`.
#[inline(always)]
fn word(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes[..8].try_into().expect("eight bytes"))
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

impl Tile {
    /// The tile that starts at byte `start` of the picture `drawn`, with cell `first` (at
    /// `offsets[first]`) the next not yet taken: it takes as many of the next bytes (at
    /// most 8) and cells as one index of at most 8 bits tells apart.
    fn new(cells: &Cells, drawn: &[u8], offsets: &[usize], first: usize, start: usize) -> Tile {
        let (keys, key_bits) = (cells.keys, cells.keys.count_ones());
        let lowest = keys.trailing_zeros() % 8;
        let end = (start + 8).min(drawn.len());
        let lanes: Vec<u32> = (offsets[first..].iter())
            .take_while(|&&at| at < end)
            .map(|&at| (at - start) as u32)
            .collect();
        // Cells join while their keys find room in the top byte, at or above their own
        // bits (so that the shift is not negative), and the index stays one to one.
        let (mut n, mut multiplier, mut used) = (0, 0u64, 0u64);
        for &lane in lanes.iter().take(8 / key_bits.max(1) as usize) {
            let placed = |top: u32| u64::from(keys) << (top - lowest);
            let free = (56.max(8 * lane + lowest)..64).find(|&top| {
                placed(top) >> (top - lowest) == u64::from(keys) && placed(top) & used == 0
            });
            let wider = match free {
                Some(top) => multiplier | 1 << (top - 8 * lane - lowest),
                None => break,
            };
            if !Tile::one_to_one(keys, &lanes[..=n], wider) {
                break;
            }
            (n, multiplier) = (n + 1, wider);
            used |= placed(free.unwrap_or(56));
        }
        // The tile ends before the first cell it did not take.
        let len = offsets.get(first + n).map_or(end, |&next| next.min(end)) - start;
        let mask = u64::MAX >> (64 - 8 * len);
        let lane_keys = lanes[..n]
            .iter()
            .fold(0, |k, &l| k | u64::from(keys) << (8 * l));
        let mut tile = Tile {
            at: start as u8,
            len,
            cells: n,
            mask,
            keys: lane_keys,
            multiplier,
            // Unused indices expect bytes past the tile, which no word matches.
            table: Box::new([(!mask, 0); 256]),
        };
        let mut expected = [0u8; 8];
        expected[..len].copy_from_slice(&drawn[start..start + len]);
        for combo in 0..1u32 << (key_bits * n as u32) {
            // The word of these keys, and the one the table expects for them.
            let (mut keyed, mut value) = (0u64, 0u64);
            for (c, &lane) in lanes[..n].iter().enumerate() {
                let key = spread(combo >> (key_bits * c as u32), keys);
                keyed |= u64::from(key) << (8 * lane);
                expected[lane as usize] = match cells.letters.iter().position(|&l| l & keys == key)
                {
                    Some(l) => {
                        value = value.wrapping_add(cells.value(first + c, l));
                        cells.letters[l]
                    }
                    // Keys no letter has: a byte with other keys, which never matches.
                    None => key ^ keys,
                };
            }
            tile.table[tile.index(keyed)] = (u64::from_le_bytes(expected) & mask, value);
        }
        tile
    }

    /// Whether `multiplier` gives every combination of keys of the cells in `lanes` its own
    /// index.
    fn one_to_one(keys: u8, lanes: &[u32], multiplier: u64) -> bool {
        let key_bits = keys.count_ones();
        let mut seen = [false; 256];
        (0..1u32 << (key_bits * lanes.len() as u32)).all(|combo| {
            let w = lanes.iter().enumerate().fold(0u64, |w, (c, &lane)| {
                w | u64::from(spread(combo >> (key_bits * c as u32), keys)) << (8 * lane)
            });
            let index = (w.wrapping_mul(multiplier) >> 56) as usize;
            !std::mem::replace(&mut seen[index], true)
        })
    }

    /// The index of the word `w` in the table.
    #[inline(always)]
    fn index(&self, w: u64) -> usize {
        ((w & self.keys).wrapping_mul(self.multiplier) >> 56) as usize
    }
}

impl Picture {
    /// The value of the group at the start of `window`, if it is drawn as this picture, read
    /// with its `N` tiles (any number if 0): a count known at compile time unrolls the loop.
    #[inline(always)]
    fn read_tiles<const N: usize>(tiles: &[Tile], window: &[u8; WINDOW]) -> Option<u64> {
        let tiles = if N == 0 { tiles } else { &tiles[..N] };
        let (mut differ, mut value) = (0, 0u64);
        for (i, tile) in tiles.iter().enumerate() {
            // The first tile starts the picture: one value less to keep at hand.
            let at = if i == 0 { 0 } else { usize::from(tile.at) };
            let w = word(&window[at..]);
            let (expected, cells) = tile.table[tile.index(w)];
            differ |= (w & tile.mask) ^ expected;
            value = value.wrapping_add(cells);
        }
        (differ == 0).then_some(value)
    }
}

/// The checks of runs of two-letter groups: the picture with either letter in every cell,
/// as many times over as fit in [`RUN_BYTES`], and the gathers that read a checked group's
/// cells, each moving the key bits of a few cells by one multiply to their bits of the
/// value, at the top of the product.
#[derive(Clone)]
struct Run {
    /// The picture with the one letter, and with the other, in every cell; or, when the
    /// letters differ in one bit, the picture with that bit set in every cell, and that bit
    /// in every cell (0 elsewhere): then a byte is valid when with the bit set it is the
    /// first, one step less per byte.
    drawn: [[u8; RUN_BYTES]; 2],
    one_bit: bool,
    /// Groups checked at once: as many as fit in the copies of the picture.
    per_check: usize,
    gathers: Vec<Gather>,
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
    /// The gathered key bits of `w`: exactly at their targets, and with nothing else from
    /// the lowest target up if `MASKED` is false and the gather was planned so.
    #[inline(always)]
    fn apply<const MASKED: bool>(&self, w: u64) -> u64 {
        let product = (w & self.keys).wrapping_mul(self.multiplier);
        if MASKED {
            product & self.targets
        } else {
            product
        }
    }

    /// Whether every combination of the source bits lands exactly on the targets, in
    /// order, with nothing else from bit `clean` up unless `masked`.
    fn exact(&self, masked: bool, clean: usize) -> bool {
        let ones = |mask: u64| (0..64).filter(move |b| mask >> b & 1 == 1);
        let pairs: Vec<(u32, u32)> = ones(self.keys).zip(ones(self.targets)).collect();
        let window = u64::MAX << clean;
        (0..1u32 << pairs.len()).all(|combo| {
            let (w, want) = pairs
                .iter()
                .enumerate()
                .fold((0, 0), |(w, want), (i, &(s, t))| {
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
    /// The checks of runs of groups drawn as `drawn`, cells at `offsets`: gathers unmasked
    /// if that takes no more of them; `None` if more than 8.
    fn new(cells: &Cells, drawn: &[u8], offsets: &[usize]) -> Option<Box<Run>> {
        let unmasked = Run::plan(cells.count, offsets, cells.keys, false);
        let masked = Run::plan(cells.count, offsets, cells.keys, true);
        let (gathers, masked) = match unmasked.len() <= masked.len() {
            true => (unmasked, false),
            false => (masked, true),
        };
        if gathers.len() > 8 {
            return None;
        }
        let mut run = Box::new(Run {
            drawn: [[0; RUN_BYTES]; 2],
            one_bit: false,
            per_check: (RUN_BYTES / drawn.len()).min(RUN_GROUPS),
            gathers,
            masked,
            flip: match cells.letters[1] & cells.keys {
                0 => u64::MAX >> (64 - cells.count),
                _ => 0,
            },
        });
        let len = drawn.len();
        let apart = cells.letters[0] ^ cells.letters[1];
        run.one_bit = apart.count_ones() == 1;
        let cells_as = match run.one_bit {
            true => [cells.letters[0] | apart, apart],
            false => [cells.letters[0], cells.letters[1]],
        };
        for (k, (&letter, picture)) in cells_as.iter().zip(run.drawn.iter_mut()).enumerate() {
            picture[..len].copy_from_slice(drawn);
            if run.one_bit && k == 1 {
                picture[..len].fill(0);
            }
            for &at in offsets {
                picture[at] = letter;
            }
            for copy in 1..run.per_check {
                picture.copy_within(..len, copy * len);
            }
        }
        Some(run)
    }

    /// The gathers of a group of `count` cells at `offsets`, one-bit `keys`, `masked` or
    /// not. Cell i's key bit goes to bit 64 - count + i; a gather starts at a cell and takes
    /// the cells after it while every key bit lands exactly.
    fn plan(count: usize, offsets: &[usize], keys: u8, masked: bool) -> Vec<Gather> {
        let (base, key) = (64 - count, keys.trailing_zeros() as usize);
        let mut gathers = Vec::new();
        let mut next = 0;
        while next < count {
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
            gathers.push(gather);
        }
        gathers
    }

    /// Whether the groups that fill `bytes` are all drawn as the picture.
    #[inline]
    fn matches(&self, bytes: &[u8]) -> bool {
        let n = bytes.len();
        let [first, second] = &self.drawn;
        let pairs = first[..n].iter().zip(&second[..n]);
        let differ = match self.one_bit {
            true => pairs
                .zip(bytes)
                .fold(0, |differ, ((&x, &bit), &b)| differ | ((b | bit) ^ x)),
            // A byte is one of two when it differs from the nearer one in no bit.
            false => bytes
                .iter()
                .zip(pairs)
                .fold(0u8, |differ, (&b, (&x, &y))| differ | (b ^ x).min(b ^ y)),
        };
        differ == 0
    }

    /// Reads the checked groups of `len` bytes at the start of `bytes` into `values`, each
    /// of `count` cells.
    #[inline(always)]
    fn read(&self, bytes: &[u8; WINDOW], len: usize, values: &mut [u64], count: usize) {
        // Gather counts known at compile time unroll the loop over them.
        match (self.gathers.len(), self.masked) {
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

    /// [`Run::read`] with `COUNT` gathers (any number if 0), `MASKED` or not.
    #[inline(always)]
    fn read_with<const COUNT: usize, const MASKED: bool>(
        &self,
        bytes: &[u8; WINDOW],
        len: usize,
        values: &mut [u64],
        count: usize,
    ) {
        let gathers = if COUNT == 0 {
            &self.gathers[..]
        } else {
            &self.gathers[..COUNT]
        };
        for (i, value) in values.iter_mut().enumerate() {
            // Below RUN_BYTES: the mask only lets the compiler see it.
            let at = (i * len) % RUN_BYTES;
            let group: &[u8; MAX_LEN + 8] =
                bytes[at..at + MAX_LEN + 8].try_into().expect("a group");
            let keys = gathers.iter().fold(0, |k, g| {
                k | g.apply::<MASKED>(word(&group[g.at % MAX_LEN..]))
            });
            *value = (keys >> (64 - count)) ^ self.flip;
        }
    }
}

impl<R: Read> Reader<R> {
    /// Reads one group of `cells` and returns its value (by default the cells packed: cell
    /// `i`'s index in the alphabet at bits `cells.bits() * i ..`). Whitespace may stand
    /// before and between cells (see [`Cells`] for rows with separators); `what` names a
    /// cell in errors.
    ///
    /// # Complexity
    /// O(bytes read). Groups drawn like the one before are read from the buffer a word at a
    /// time; see [`Reader::cells_each`] for many groups.
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
    /// O(bytes read), plus the calls.
    ///
    /// ```
    /// use combgames::cells::Cells;
    /// use combgames::io::Reader;
    /// let mut grid = Cells::new(b".#", 4);
    /// let mut rd = Reader::new(&b".#\n#.\n\n##\n##\n"[..]);
    /// let mut filled = Vec::new();
    /// rd.cells_each(&mut grid, 2, "a cell", |g| Ok(filled.push(g.count_ones()))).unwrap();
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
            let read = match &cells.picture {
                Some(picture) => self.groups_fast(picture, cells.count, left, &mut visit)?,
                None => 0,
            };
            if read == 0 {
                visit(self.cells_plain(cells, what)?)?;
                left -= 1;
            } else {
                cells.plain_streak = 0;
                left -= read;
            }
        }
        Ok(())
    }

    /// Reads up to `most` groups drawn as `picture` back to back, as many as are buffered,
    /// calling `visit` with each: how many. Runs of two-letter groups are checked up to
    /// [`RUN_GROUPS`] at a time, then their cells gathered; other groups are read a word at a
    /// time.
    #[inline(always)]
    fn groups_fast(
        &mut self,
        picture: &Picture,
        count: usize,
        most: u64,
        visit: &mut impl FnMut(u64) -> Result<()>,
    ) -> Result<u64> {
        self.skip_spaces();
        if let Some(run) = picture.run.as_ref() {
            let read = self.checked_runs(picture, run, count, most, visit)?;
            if read > 0 {
                return Ok(read);
            }
        }
        let (len, most) = (picture.len, most.min(CHUNK as u64) as usize);
        let fit = match self.end - self.pos >= most * len + 8 {
            true => most,
            false => self.fit(most, len)?,
        };
        // Tile counts known at compile time unroll the loop over them.
        match picture.tiles.len() {
            1 => self.groups_by_word::<1>(picture, fit, visit),
            2 => self.groups_by_word::<2>(picture, fit, visit),
            3 => self.groups_by_word::<3>(picture, fit, visit),
            4 => self.groups_by_word::<4>(picture, fit, visit),
            5 => self.groups_by_word::<5>(picture, fit, visit),
            6 => self.groups_by_word::<6>(picture, fit, visit),
            _ => self.groups_by_word::<0>(picture, fit, visit),
        }
    }

    /// How many of `most` groups of `len` bytes can be buffered, each with 8 bytes after.
    #[cold]
    fn fit(&mut self, most: usize, len: usize) -> Result<usize> {
        self.fill(most * len + 8)?;
        Ok(((self.end - self.pos).saturating_sub(8) / len).min(most))
    }

    /// Reads up to `most` groups drawn as `picture` back to back, checked many at a time
    /// by `run`, while they are: how many, `visit` called with each.
    #[inline(always)]
    fn checked_runs(
        &mut self,
        picture: &Picture,
        run: &Run,
        count: usize,
        most: u64,
        visit: &mut impl FnMut(u64) -> Result<()>,
    ) -> Result<u64> {
        let (len, mut left) = (picture.len, most);
        let mut values = [0; RUN_GROUPS];
        while left > 1 {
            let n = left.min(run.per_check as u64) as usize;
            if self.end - self.pos < n * len + 8 {
                self.fill(n * len + 8)?;
                if self.end - self.pos < n * len + 8 {
                    break;
                }
            }
            if !run.matches(&self.buf[self.pos..self.pos + n * len]) {
                break;
            }
            run.read(self.window(), len, &mut values[..n], count);
            self.count_ahead(n * len, n * picture.newlines);
            self.pos += n * len;
            for &value in &values[..n] {
                visit(value)?;
            }
            left -= n as u64;
        }
        Ok(most - left)
    }

    /// Reads up to `most` groups drawn as `picture`, all buffered, a word at a time with its
    /// `N` tiles (any number if 0), calling `visit` with each: how many.
    #[inline(always)]
    fn groups_by_word<const N: usize>(
        &mut self,
        picture: &Picture,
        most: usize,
        visit: &mut impl FnMut(u64) -> Result<()>,
    ) -> Result<u64> {
        let (start, len) = (self.pos, picture.len);
        let mut read = 0;
        while read < most {
            let window = self.buf[(start + read * len) % MAX_CAPACITY..][..WINDOW].try_into();
            match Picture::read_tiles::<N>(&picture.tiles, window.expect("a window")) {
                Some(value) => {
                    read += 1;
                    visit(value)?;
                }
                None => break,
            }
        }
        self.count_ahead(read * len, read * picture.newlines);
        self.pos = start + read * len;
        Ok(read as u64)
    }

    /// The plain path of [`Reader::cells`]: cell by cell, checked, and learning the
    /// group's picture when it lies whole in the buffer.
    #[inline(never)]
    fn cells_plain(&mut self, cells: &mut Cells, what: &str) -> Result<u64> {
        let mut offsets = [0; 64];
        // The offset of the first cell, and the bytes dropped from the buffer then.
        let (mut value, mut start) = (0u64, None);
        let mut i = 0;
        while i < cells.count {
            if self.peek_non_space()?.is_none() {
                return Err(self.error_at(self.pos, what, "end of input".to_string()));
            }
            let (first, _) = *start.get_or_insert((self.offset(self.pos), self.offset(0)));
            // A row written as one token with a byte between cells.
            let width = cells.row.min(cells.count - i);
            let row = width > 1 && i % cells.row == 0 && self.token_len(what)? == 2 * width - 1;
            for k in 0..if row { width } else { 1 } {
                let at = self.pos + 2 * k;
                let l = self.letter(cells, at, what)?;
                offsets[i + k] = (self.offset(at) - first) as usize;
                value = value.wrapping_add(cells.value(i + k, l));
            }
            self.pos += if row { 2 * width - 1 } else { 1 };
            i += if row { width } else { 1 };
        }
        let spaces = self.buf[self.pos..self.end]
            .iter()
            .position(|&b| !is_space(b));
        cells.plain_streak = cells.plain_streak.saturating_add(1);
        let learn = self.fast && cells.plain_streak.is_power_of_two();
        // With rows, whether a row is one token depends on the token's length, so the
        // picture must hold every token it starts whole: it must end with whitespace.
        let whole = |spaces: &usize| cells.row <= 1 || *spaces > 0;
        // A group during which a refill moved the buffer is not all in it: not learned.
        let in_place = start.filter(|&(_, dropped)| dropped == self.offset(0));
        if let (true, Some(spaces), Some((start, _))) = (learn, spaces.filter(whole), in_place) {
            let first = (start - self.offset(0)) as usize;
            cells.learn(&self.buf[first..self.pos + spaces], &offsets[..cells.count]);
        }
        Ok(value)
    }

    /// The index in `cells`' alphabet of the byte at `buf[at]`, or an error.
    fn letter(&self, cells: &Cells, at: usize, what: &str) -> Result<usize> {
        let b = self.buf[at];
        match cells.index[usize::from(b)] {
            NOT_A_LETTER => {
                let found = match b.is_ascii_graphic() {
                    true => format!("'{}'", b as char),
                    false => describe(&[b]),
                };
                Err(self.error_at(at, what, found))
            }
            l => Ok(usize::from(l)),
        }
    }
}
