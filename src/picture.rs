//! Learned pictures: the fastest way to read groups of cells drawn alike.
//!
//! A picture is a group's bytes from its first cell up to the next token, cells free. Later
//! groups drawn the same are read straight from the buffer, a word of the picture at a time
//! (the bits that tell the letters apart index a table of the word's valid bytes and what
//! they add to the value); runs of two-letter groups are checked many at once, then their
//! cells gathered by multiplies. A group drawn otherwise is not read here: a picture only
//! ever reads what the scanner would, and `cells` decides when one is worth learning, so
//! that a wrong guess costs a bounded share of the time, never an answer.
//! Layer 2: uses `errors` and `reader`.

// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryInto;
use std::io::Read;

use crate::errors::{line_breaks, Result};
use crate::reader::{word, Reader, MAX_CAPACITY, WINDOW};

/// The longest picture, whitespace included; groups drawn longer are not learned.
pub(crate) const MAX_LEN: usize = 128;

/// Groups read a word at a time in one go.
const CHUNK: usize = 16;

/// The most bytes, and groups, of a run checked at once: more at once is less work per
/// group, and the copies of the picture stay small.
const RUN_BYTES: usize = 2048;
const RUN_GROUPS: usize = 64;

/// A learned picture: its length, its line breaks, the word checks of one group, and the
/// checks of runs when the alphabet has two letters.
#[derive(Clone)]
pub(crate) struct Picture {
    len: usize,
    breaks: usize,
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

/// What a picture needs of the cells it reads: their letters, the byte bits that tell the
/// letters apart (a cell's key), and what cell `i` holding letter `l` adds to the value.
struct Letters<'a> {
    letters: &'a [u8],
    keys: u8,
    value: &'a dyn Fn(usize, usize) -> u64,
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
    fn new(cells: &Letters, drawn: &[u8], offsets: &[usize], first: usize, start: usize) -> Tile {
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
                        value = value.wrapping_add((cells.value)(first + c, l));
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
    /// The picture `drawn` (a group from its first cell up to the next token, its cells at
    /// `offsets`, at most [`MAX_LEN`] bytes) of groups of cells from `letters`, a group
    /// worth the sum of `value(i, l)` over its cells `i`, each holding letter `l`.
    ///
    /// # Complexity
    /// O(tiles x 2^16) for the tables, about as long as scanning 100 KB.
    pub(crate) fn learn(
        drawn: &[u8],
        offsets: &[usize],
        letters: &[u8],
        value: &dyn Fn(usize, usize) -> u64,
    ) -> Box<Picture> {
        // The fewest byte bits that tell the letters apart (all eight do).
        let apart = |mask: &u8| {
            let mut seen = [false; 256];
            (letters.iter()).all(|l| !std::mem::replace(&mut seen[usize::from(l & mask)], true))
        };
        let keys = (0..=255u8).filter(apart).min_by_key(|m| m.count_ones());
        let cells = Letters {
            letters,
            keys: keys.unwrap_or(0xff),
            value,
        };
        let mut picture = Picture {
            len: drawn.len(),
            breaks: line_breaks(drawn),
            tiles: Vec::new(),
            run: None,
        };
        let (mut cell, mut start) = (0, 0);
        while start < drawn.len() {
            let tile = Tile::new(&cells, drawn, offsets, cell, start);
            cell += tile.cells;
            start += tile.len;
            picture.tiles.push(tile);
        }
        // Runs read a group of two letters as their indices, packed: its value, if it is.
        let packed = |i| value(i, 0) == 0 && value(i, 1) == 1 << i;
        if letters.len() == 2 && offsets.len() <= 56 && (0..offsets.len()).all(packed) {
            picture.run = Run::new(&cells, drawn, offsets);
        }
        Box::new(picture)
    }

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
    /// The cells of a group.
    count: usize,
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
        let mask = if MASKED { self.targets } else { u64::MAX };
        (w & self.keys).wrapping_mul(self.multiplier) & mask
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
    fn new(cells: &Letters, drawn: &[u8], offsets: &[usize]) -> Option<Box<Run>> {
        let unmasked = Run::plan(offsets, cells.keys, false);
        let masked = Run::plan(offsets, cells.keys, true);
        let (gathers, masked) = match unmasked.len() <= masked.len() {
            true => (unmasked, false),
            false => (masked, true),
        };
        if gathers.len() > 8 {
            return None;
        }
        let apart = cells.letters[0] ^ cells.letters[1];
        let mut run = Box::new(Run {
            drawn: [[0; RUN_BYTES]; 2],
            one_bit: apart.count_ones() == 1,
            per_check: (RUN_BYTES / drawn.len()).min(RUN_GROUPS),
            count: offsets.len(),
            gathers,
            masked,
            flip: match cells.letters[1] & cells.keys {
                0 => u64::MAX >> (64 - offsets.len()),
                _ => 0,
            },
        });
        let len = drawn.len();
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

    /// The gathers of a group of cells at `offsets`, one-bit `keys`, `masked` or not. Cell
    /// i of `count` has its key bit go to bit 64 - count + i; a gather starts at a cell and
    /// takes the cells after it while every key bit lands exactly.
    fn plan(offsets: &[usize], keys: u8, masked: bool) -> Vec<Gather> {
        let count = offsets.len();
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

    /// Reads the checked groups of `len` bytes at the start of `bytes` into `values`.
    #[inline(always)]
    fn read(&self, bytes: &[u8; WINDOW], len: usize, values: &mut [u64]) {
        // Gather counts known at compile time unroll the loop over them.
        match (self.gathers.len(), self.masked) {
            (3, false) => self.read_with::<3, false>(bytes, len, values),
            (4, false) => self.read_with::<4, false>(bytes, len, values),
            (5, false) => self.read_with::<5, false>(bytes, len, values),
            (6, false) => self.read_with::<6, false>(bytes, len, values),
            (2, true) => self.read_with::<2, true>(bytes, len, values),
            (3, true) => self.read_with::<3, true>(bytes, len, values),
            (4, true) => self.read_with::<4, true>(bytes, len, values),
            (_, false) => self.read_with::<0, false>(bytes, len, values),
            (_, true) => self.read_with::<0, true>(bytes, len, values),
        }
    }

    /// [`Run::read`] with `COUNT` gathers (any number if 0), `MASKED` or not.
    #[inline(always)]
    fn read_with<const COUNT: usize, const MASKED: bool>(
        &self,
        bytes: &[u8; WINDOW],
        len: usize,
        values: &mut [u64],
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
            *value = (keys >> (64 - self.count)) ^ self.flip;
        }
    }
}

impl<R: Read> Reader<R> {
    /// Reads up to `most` groups drawn as `picture` back to back, as many as are buffered
    /// (it never waits for input), calling `visit` with each. Runs of two-letter groups are
    /// checked up to [`RUN_GROUPS`] at a time, then their cells gathered; other groups are
    /// read a word at a time. `runs` says whether runs are worth a try. The groups read, and
    /// the bytes checked in vain (a check that found a group drawn otherwise).
    #[inline(always)]
    pub(crate) fn pictured(
        &mut self,
        picture: &Picture,
        most: u64,
        runs: bool,
        visit: &mut impl FnMut(u64) -> Result<()>,
    ) -> Result<(u64, usize)> {
        self.skip_spaces();
        let len = picture.len;
        let mut missed = 0;
        if let (true, Some(run)) = (runs, picture.run.as_ref()) {
            let (read, checked) = self.checked_runs(picture, run, most, visit)?;
            missed = checked;
            if read > 0 {
                return Ok((read, missed));
            }
        }
        let most = most.min(CHUNK as u64) as usize;
        let fit = match self.end - self.pos >= most * len {
            true => most,
            false => (self.end - self.pos) / len,
        };
        // Tile counts known at compile time unroll the loop over them.
        let read = match picture.tiles.len() {
            1 => self.groups_by_word::<1>(picture, fit, visit),
            2 => self.groups_by_word::<2>(picture, fit, visit),
            3 => self.groups_by_word::<3>(picture, fit, visit),
            4 => self.groups_by_word::<4>(picture, fit, visit),
            5 => self.groups_by_word::<5>(picture, fit, visit),
            6 => self.groups_by_word::<6>(picture, fit, visit),
            _ => self.groups_by_word::<0>(picture, fit, visit),
        }?;
        // The loop stops at the first group not drawn as the picture, if one is buffered.
        if read < fit as u64 {
            missed += len;
        }
        Ok((read, missed))
    }

    /// Reads up to `most` groups drawn as `picture` back to back, checked many at a time
    /// by `run`, while they are and are buffered: how many, `visit` called with each, and
    /// the bytes of the last check if it failed.
    #[inline(always)]
    fn checked_runs(
        &mut self,
        picture: &Picture,
        run: &Run,
        most: u64,
        visit: &mut impl FnMut(u64) -> Result<()>,
    ) -> Result<(u64, usize)> {
        let len = picture.len;
        let mut left = most.min(((self.end - self.pos) / len) as u64);
        let mut values = [0; RUN_GROUPS];
        let mut read = 0;
        while left > 1 {
            let n = left.min(run.per_check as u64) as usize;
            if !run.matches(&self.buf[self.pos..self.pos + n * len]) {
                return Ok((read, n * len));
            }
            run.read(self.window(), len, &mut values[..n]);
            self.count_ahead(n * len, n * picture.breaks);
            let start = self.pos;
            self.pos += n * len;
            for (k, &value) in values[..n].iter().enumerate() {
                let group = start + k * len..start + (k + 1) * len;
                visit(value).map_err(|e| self.placed(e, group))?;
            }
            left -= n as u64;
            read += n as u64;
        }
        Ok((read, 0))
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
                    let group = start + (read - 1) * len..start + read * len;
                    visit(value).map_err(|e| self.placed(e, group))?;
                }
                None => break,
            }
        }
        self.count_ahead(read * len, read * picture.breaks);
        self.pos = start + read * len;
        Ok(read as u64)
    }
}
