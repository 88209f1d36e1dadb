//! The scanner: reads groups of cells whatever the layout, 63 bytes at a time. Each byte
//! is classed (cell, whitespace, separator) by a loop the compiler vectorises, then each
//! word's cells are packed by one multiply per few cells, from a table of the cells' places.
//! It reads what the rule says or stops before: a group it cannot finish from the buffered
//! bytes, or one that breaks the rule, is left to the plain path of `cells`.
//! Layer 2: uses `reader`.

// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryInto;
use std::io::Read;

use crate::reader::{is_space, word, Reader, MAX_CAPACITY};

/// Marks a byte that is not a letter in a table of letters' indices.
pub(crate) const NOT_A_LETTER: u8 = u8::MAX;

/// The most groups the scanner reads at once: two blocks' worth at most.
const SPILL: usize = 128;

/// The scanner's plan for groups of `count` cells: each cell a field of `bits` bits in a
/// stream (its letter's index), packed from `lanes` bytes at a time by `packs[which of them
/// are cells]`; the group's value from the stream by `sums` (8 bits of stream at a time),
/// unless the stream is the value. And the values of the groups it read.
#[derive(Clone)]
pub(crate) struct Scan {
    /// Each byte's index in the alphabet, or [`NOT_A_LETTER`].
    pub(crate) index: [u8; 256],
    /// The cells of a group, the bits of a field, and the cells of a row (0: one row).
    pub(crate) count: usize,
    pub(crate) bits: u32,
    pub(crate) row: usize,
    lanes: u32,
    packs: Box<[u64; 256]>,
    /// With `sums`, the stream bits each table takes (whole fields).
    sums: Option<Vec<u64>>,
    width: u32,
    /// The cells after which no separator may stand, a bit each.
    forbidden: u64,
    /// The letters compared and their indices, the first standing in for missing ones.
    letters: [(u8, u8); 4],
    /// The groups' values, read before they are visited.
    pub(crate) spill: Box<[u64; SPILL]>,
}

impl Scan {
    /// The plan for groups of `count` cells from `letters` (their indices by byte in
    /// `index`), `field` bits each, in rows of `row`, a group worth its packed cells or the
    /// sum of `values[i * letters + l]` over its cells `i`, each holding letter `l`.
    ///
    /// # Complexity
    /// O(count), and O(count x 256) with `values`.
    pub(crate) fn new(
        index: [u8; 256],
        letters: &[u8],
        (count, field, row): (usize, u32, usize),
        values: Option<&[u64]>,
    ) -> Scan {
        // Fields from this many lanes land, by one multiply, each in its place with no
        // carry and nothing else among them (see `packs`).
        let lanes = match field {
            1 => 8,
            2 => 4,
            3 | 4 => 2,
            _ => 1,
        };
        let per_chunk = (8 / field) as usize;
        let chunks = (count + per_chunk - 1) / per_chunk;
        let table = values.unwrap_or_default();
        let sums = (0..chunks * 256).map(|at| {
            let (chunk, byte) = (at / 256, at % 256);
            let cells = (0..per_chunk).filter(|t| chunk * per_chunk + t < count);
            cells.fold(0u64, |sum, t| {
                let letter = byte >> (field as usize * t) & ((1 << field) - 1);
                let cell = chunk * per_chunk + t;
                match letter < letters.len() {
                    true => sum.wrapping_add(table[cell * letters.len() + letter]),
                    false => sum,
                }
            })
        });
        // With rows, no separator may follow the last cell of a row.
        let last_in_row = |i: &usize| (i + 1) % row.max(1) == 0 || i + 1 == count;
        let letter = |l: u8| letters.get(usize::from(l)).map(|&c| (c, l));
        Scan {
            index,
            count,
            bits: field,
            row,
            lanes,
            packs: Box::new(packs(field, lanes)),
            sums: values.map(|_| sums.collect()),
            width: per_chunk as u32 * field,
            forbidden: (0..count).filter(last_in_row).fold(0, |f, i| f | 1 << i),
            letters: [0, 1, 2, 3].map(|l| letter(l).unwrap_or((letters[0], 0))),
            spill: Box::new([0; SPILL]),
        }
    }

    /// The value of a group from its stream of fields.
    #[inline(always)]
    fn value_of(&self, stream: u64) -> u64 {
        let sums = match &self.sums {
            Some(sums) => sums,
            None => return stream,
        };
        let width = self.width;
        let chunks = sums.chunks_exact(256).enumerate();
        chunks.fold(0u64, |value, (q, sums)| {
            let byte = (stream >> (q as u32 * width)) as usize & ((1 << width) - 1);
            value.wrapping_add(sums[byte])
        })
    }
}

/// Bit 0 of each byte lane, lane i at bit i of a byte.
#[inline(always)]
fn gather(lanes: u64) -> u32 {
    (lanes.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
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
    let (letters, others) = (|w| word(&letter[8 * w..]), |w| word(&other[8 * w..]));
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
    let before_bad = u64::MAX.checked_shr(64 - (bad & valid).trailing_zeros());
    valid & before_bad.unwrap_or(0)
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
    /// The scanner: reads `scan`'s groups from the buffered bytes at `pos` (it never waits for
    /// input), their values into `scan.spill`: up to `most`, or a little more or less (at
    /// most [`SPILL`]), and none past the first it cannot finish from them (see the module
    /// doc); after a block, it pauses once the groups read span `pause` bytes. How many, and
    /// where the last ends; the caller visits them. `K` letters are compared (none: a table
    /// is looked up), `ROWS` says whether separators may stand between cells (true serves
    /// either), `FEW` whether `most` is small enough to stop in a block: known at compile
    /// time, the loops over them unroll and what is not needed goes. (None runs for fields
    /// of 8 bits: see `cells_fast`.)
    #[inline(never)]
    pub(crate) fn cells_scan<const K: usize, const ROWS: bool, const FEW: bool>(
        &self,
        scan: &mut Scan,
        most: u64,
        pause: i64,
    ) -> (usize, usize) {
        // Two letters make fields of 1 bit, 8 lanes at a time; four of 2 bits, 4 at a time.
        let (field, lanes) = match K {
            2 => (1, 8),
            4 => (2, 4),
            _ => (scan.bits, scan.lanes),
        };
        let (count, rows) = (scan.count as u32, ROWS && scan.row > 1);
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
            let (mut letter, index, neither) = classify::<K>(block, &scan.letters, &scan.index);
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
                    let m = gather(word(&letter[8 * w..]));
                    let index = word(&index[8 * w..]);
                    let mut packed = 0u64;
                    for lane in (0..8).step_by(lanes as usize) {
                        let some = (m >> lane & lane_mask) as usize;
                        let part = (index >> (8 * lane)).wrapping_mul(scan.packs[some % 256]);
                        let before = u32::from(POP[(m & ((1 << lane) - 1)) as usize]);
                        packed |= (part >> top) << (field * before);
                    }
                    let follow = if rows { word(&follow[8 * w..]) } else { 0 };
                    seps |= follow.wrapping_mul(PACK_BITS[m as usize % 256]) >> 56 << found;
                    fields |= packed << (field * found);
                    found += u32::from(POP[m as usize]);
                }
                while let Some(left) = found.checked_sub(count - have) {
                    let group = (stream | fields << (field * have)) & group_mask;
                    if (follows | seps << have) & cell_mask & scan.forbidden != 0 {
                        // A separator where none may stand: the plain path says where.
                        stop = true;
                        break 'segments;
                    }
                    // Cells go from the bottom, `left` left; all 64 bits may go to one group.
                    fields = fields.checked_shr(field * (found - left)).unwrap_or(0);
                    (seps, found) = (seps.checked_shr(found - left).unwrap_or(0), left);
                    scan.spill[done % SPILL] = scan.value_of(group);
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
            if let Some((mut w, mut after)) = cut {
                // The group's last cell: `after` cells of the words up to `w` follow it.
                let mut m = gather(word(&letter[8 * w..]));
                while after >= u32::from(POP[m as usize]) {
                    (w, after) = (w - 1, after - u32::from(POP[m as usize]));
                    m = gather(word(&letter[8 * w..]));
                }
                end = base + 8 * w + usize::from(LAST[m as usize][after as usize % 8]) + 1;
            }
            if stop || valid != full || done as u64 >= most || done >= SPILL / 2 {
                break;
            }
            after_letter = letter[usable - 1] == 1;
            base += usable;
            if done > 0 && (end - self.pos) as i64 >= pause {
                break;
            }
        }
        (done, end)
    }
}
