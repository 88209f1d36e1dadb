//! Octal games: heaps of tokens, where the code `0.d1d2...dt` says how a move may take `k`
//! tokens from one heap (Kayles `0.77`, Dawson's Kayles `0.07`, Dawson's chess `0.137`,
//! subtraction games such as `0.333`). Their Grundy values become periodic; the period is
//! found and proved by the Guy-Smith theorem, so that a heap of any size up to `u64::MAX` is
//! answered in O(1), with a winning move of a sum of heaps in O(start + period) a heap.
//! Layer 2: uses `errors` and `game`.

use crate::errors::{error, Result};
use crate::game::nim_sum;
// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryInto;

/// An octal game with its Grundy values for every heap size, proved periodic.
///
/// Digit `d_k` of the code `0.d1d2...dt` is the sum of the ways a move may take `k` tokens
/// from one heap: 1, take a whole heap of exactly `k`; 2, take `k` from a larger heap,
/// leaving one heap; 4, take `k` from a heap of at least `k + 2` and split the rest into two
/// non-empty heaps. Who cannot move loses.
///
/// Guy and Smith's theorem, with `t` the most tokens a move takes: if `g(n + p) = g(n)` for
/// every `n` with `n0 <= n < 2 n0 + p + t`, then for every `n >= n0`. The values are
/// computed for more and more heaps until some period `p` holds over that range, found for
/// `p = 1, 2, ...` in turn with the least `n0` the values computed allow: the first `p`
/// proved is the least period (a smaller one would hold from `n0` too and be proved first),
/// and its `n0` the least start, as the values past those computed are proved periodic.
#[derive(Clone, Debug)]
pub struct OctalGame {
    /// `digits[k - 1]` is `d_k`, up to the last digit that is not 0.
    digits: Vec<u8>,
    /// The values of the heaps `0..start + period`.
    values: Vec<u32>,
    start: u64,
    period: u64,
    /// `(2^64 - 1) / period`: a heap's place in the period is found by a multiplication.
    reciprocal: u64,
}

/// A move of a sum of heaps: take `take` tokens from heap number `heap`, leaving `left`, the
/// heaps left in its place, smaller first: `(0, 0)` when the move takes the whole heap,
/// `(0, r)` when it leaves one heap of `r`, `(a, b)` with `1 <= a <= b` for a split.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The index of the heap moved in, in the slice of heaps given.
    pub heap: usize,
    /// The number of tokens taken.
    pub take: u64,
    /// The heaps left where that heap was, smaller first, 0 for none.
    pub left: (u64, u64),
}

impl OctalGame {
    /// The most heaps whose values [`OctalGame::new`] computes in looking for a period,
    /// 2^14: about 0.05 s when none is found. Every game of 1 to 3 digits whose period
    /// 2^15 heaps prove, these prove (`0.356` needs the most, 14917); the others are not
    /// known to be periodic, or only from far: `0.127` from heap 46578 on.
    pub const HEAPS: usize = 1 << 14;

    /// The game of code `code`, written `0.d1d2...dt` or `.d1d2...dt` (octal digits; zeros
    /// at the end change nothing), with its period proved within the values of
    /// [`OctalGame::HEAPS`] heaps, else an error: for `0.6` (not known to be periodic), or
    /// `0.16`, whose period Gangolli and Plambeck found in 1989 (149,459 from heap 105,351,
    /// which about 510,000 values prove: see [`OctalGame::with_bound`]).
    ///
    /// # Complexity
    /// O(n^2 / 4) for the values of `n` heaps with splits (O(n x t) without): `n` is the
    /// first of 64, 128, 256... that holds the `2 start + 2 period + t` values the proof
    /// reads, at most [`OctalGame::HEAPS`]. Then O(start + period) memory.
    ///
    /// # Errors
    /// A rule error (as `io::error` makes), which `?` in `io::run` reports, if no period is
    /// proved, or `code` does not start with `0.` or `.`, has no digit after the point, or
    /// has a character after it that is not a digit from 0 to 7 (a digit before the point,
    /// a move that takes nothing, is refused).
    ///
    /// ```
    /// use combgames::octal::OctalGame;
    /// // Kayles: knock down one pin or two adjacent ones from a row, maybe splitting it.
    /// let kayles = OctalGame::new("0.77").unwrap();
    /// assert_eq!(kayles.period(), (71, 12)); // the values repeat every 12 heaps from 71
    /// let values: Vec<u32> = (0..12).map(|n| kayles.grundy(n)).collect();
    /// assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    /// // 10^18 and 88 are both 4 modulo 12, and past 71.
    /// assert_eq!(kayles.grundy(1_000_000_000_000_000_000), kayles.grundy(88));
    /// let err = |code| OctalGame::new(code).unwrap_err().to_string();
    /// assert_eq!(err("0.6"), "expected an octal game that 16384 heaps prove periodic, found \"0.6\"");
    /// assert_eq!(err("0.8"), "expected an octal code 0.d1d2.. of digits 0 to 7, found \"0.8\"");
    /// ```
    pub fn new(code: &str) -> Result<OctalGame> {
        OctalGame::with_bound(code, OctalGame::HEAPS)
    }

    /// As [`OctalGame::new`], computing the values of at most `heaps` heaps: a larger bound
    /// proves later periods, in O(heaps^2 / 4) for a game with splits (`0.16` needs
    /// `heaps = 1 << 19`, and two to three minutes).
    ///
    /// # Complexity
    /// As [`OctalGame::new`], with `heaps` for [`OctalGame::HEAPS`].
    ///
    /// # Errors
    /// As [`OctalGame::new`].
    pub fn with_bound(code: &str, heaps: usize) -> Result<OctalGame> {
        let digits = parse(code)?;
        let mut table = Table::new(&digits);
        let mut len = 64;
        loop {
            len = len.min(heaps);
            table.extend_to(len);
            if let Some((start, period)) = certificate(&table.values, digits.len()) {
                let mut values = table.values;
                values.truncate(start + period);
                let (start, period) = (start as u64, period as u64);
                return Ok(OctalGame {
                    digits,
                    values,
                    start,
                    period,
                    reciprocal: u64::MAX / period,
                });
            }
            if len == heaps {
                let expected = format!("an octal game that {heaps} heaps prove periodic");
                return Err(error(&expected, format!("{code:?}")));
            }
            len *= 2;
        }
    }

    /// The Grundy value of a heap of `heap` tokens.
    ///
    /// # Complexity
    /// O(1), a multiplication and no division.
    #[inline]
    pub fn grundy(&self, heap: u64) -> u32 {
        if heap < self.start {
            return self.values[heap as usize];
        }
        // Barrett reduction: `quotient` is `past / period` or one less.
        let past = heap - self.start;
        let quotient = ((u128::from(past) * u128::from(self.reciprocal)) >> 64) as u64;
        let mut place = past - quotient * self.period;
        if place >= self.period {
            place -= self.period;
        }
        self.values[(self.start + place) as usize]
    }

    /// `(start, period)`: the value of every heap `n >= start` equals that of `n + period`,
    /// with `period` the least and `start` the least for it, proved by Guy and Smith's
    /// theorem (see [`OctalGame`]) from the values of the heaps below
    /// `2 start + 2 period + t`.
    ///
    /// # Complexity
    /// O(1).
    pub fn period(&self) -> (u64, u64) {
        (self.start, self.period)
    }

    /// A winning move of the sum of this game on `heaps` (normal play), `None` when the sum
    /// is lost. The move is in the first heap whose value `g` exceeds the value `g ^ s` it
    /// must reach (`s` the nim-sum: as a mex, `g` has an option of each smaller value), and
    /// the first of that heap's in the order of [`OctalGame::winning_moves`] whose smaller
    /// heap left is below `start + period`. Those reach every value: a split leaving two
    /// heaps of `start` or more has the value of the split with `period` tokens moved from
    /// the smaller heap to the larger.
    ///
    /// # Complexity
    /// O(heaps + t x (start + period)), with no allocation.
    ///
    /// ```
    /// use combgames::octal::{Move, OctalGame};
    /// // Dawson's Kayles: knock down two adjacent pins of a row.
    /// let dawson = OctalGame::new("0.07").unwrap();
    /// let heaps = [3, 1_000_000_000_000_000_000];
    /// let Move { heap, take, left } = dawson.winning_move(&heaps).unwrap();
    /// assert_eq!((take, left.0 + left.1), (2, heaps[heap] - 2));
    /// let after = vec![heaps[1 - heap], left.0, left.1];
    /// assert!(dawson.winning_move(&after).is_none());
    /// ```
    pub fn winning_move(&self, heaps: &[u64]) -> Option<Move> {
        let sum = nim_sum(heaps.iter().map(|&n| self.grundy(n)));
        let heap = (heaps.iter()).position(|&n| self.grundy(n) ^ sum < self.grundy(n))?;
        let n = heaps[heap];
        self.moves_to(heap, n, self.grundy(n) ^ sum, false).next()
    }

    /// Every winning move of the sum of this game on `heaps` (normal play), those that
    /// leave a nim-sum of 0: in the order of the heaps, then of `take`, then of the smaller
    /// heap left.
    ///
    /// # Complexity
    /// O(heaps x t + the heaps' sizes x the splitting digits), for small heaps.
    ///
    /// ```
    /// use combgames::octal::{Move, OctalGame};
    /// // Kayles on a row of 3: knock down the middle pin, leaving two rows of 1.
    /// let kayles = OctalGame::new("0.77").unwrap();
    /// let only = Move { heap: 0, take: 1, left: (1, 1) };
    /// assert_eq!(kayles.winning_moves(&[3]), [only]);
    /// ```
    pub fn winning_moves(&self, heaps: &[u64]) -> Vec<Move> {
        let sum = nim_sum(heaps.iter().map(|&n| self.grundy(n)));
        let heaps = heaps.iter().enumerate().filter(|_| sum != 0);
        let moves = heaps.flat_map(|(i, &n)| self.moves_to(i, n, self.grundy(n) ^ sum, true));
        moves.collect()
    }

    /// The moves from heap number `heap`, of `n` tokens, to the value `target`, in order;
    /// splits whose smaller heap is at least `start + period` only if `every`.
    fn moves_to(
        &self,
        heap: usize,
        n: u64,
        target: u32,
        every: bool,
    ) -> impl Iterator<Item = Move> + '_ {
        let cycle = self.start + self.period;
        (1..=n).zip(&self.digits).flat_map(move |(take, &d)| {
            let rest = n - take;
            let whole = Some((0, 0)).filter(|_| d & 1 != 0 && rest == 0);
            let one = Some((0, rest)).filter(|_| d & 2 != 0 && rest > 0);
            let last = match d & 4 {
                0 => 0,
                _ if every => rest / 2,
                _ => (rest / 2).min(cycle - 1),
            };
            let splits = (1..=last).map(move |small| (small, rest - small));
            let all = whole.into_iter().chain(one).chain(splits);
            let to_target = all.filter(move |&(a, b)| self.grundy(a) ^ self.grundy(b) == target);
            to_target.map(move |left| Move { heap, take, left })
        })
    }
}

/// The Grundy values of the heaps `0..heaps` of the octal game of code `code` (as for
/// [`OctalGame::new`]), for a game whose period is not proved, or to print.
///
/// # Complexity
/// O(heaps^2 / 4) with splits, O(heaps x t) without.
///
/// # Errors
/// As [`OctalGame::new`], for a malformed code.
///
/// ```
/// use combgames::octal::grundy_values;
/// // 0.6: take one token from a heap of two or more, maybe splitting the rest.
/// assert_eq!(grundy_values("0.6", 8).unwrap(), [0, 0, 1, 2, 0, 1, 2, 3]);
/// ```
pub fn grundy_values(code: &str, heaps: usize) -> Result<Vec<u32>> {
    let digits = parse(code)?;
    let mut table = Table::new(&digits);
    table.extend_to(heaps);
    Ok(table.values)
}

/// The digits after the point, without zeros at the end.
fn parse(code: &str) -> Result<Vec<u8>> {
    let after_point = code.strip_prefix("0.").or_else(|| code.strip_prefix('.'));
    let octal = |d: &&str| !d.is_empty() && d.bytes().all(|c| (b'0'..b'8').contains(&c));
    let digits = after_point
        .filter(octal)
        .map(|d| d.bytes().map(|c| c - b'0'));
    let expected = "an octal code 0.d1d2.. of digits 0 to 7";
    let mut digits: Vec<u8> = digits
        .ok_or_else(|| error(expected, format!("{code:?}")))?
        .collect();
    while digits.last() == Some(&0) {
        digits.pop();
    }
    Ok(digits)
}

/// The least period of `values` proved by Guy and Smith's theorem, with the least start
/// for it, if one is.
fn certificate(values: &[u32], t: usize) -> Option<(usize, usize)> {
    let len = values.len();
    (1..len).take_while(|&p| 2 * p + t <= len).find_map(|p| {
        // The least start from which period p holds over the values computed.
        let mismatch = (0..len - p).rev().find(|&n| values[n] != values[n + p]);
        let start = mismatch.map_or(0, |n| n + 1);
        // p holds for n in start..2 start + p + t, the values up to 2 start + 2 p + t - 1.
        Some((start, p)).filter(|_| 2 * start + 2 * p + t <= len)
    })
}

/// The values of the heaps computed so far, and the sets of the values of the splits of
/// the last `t` heaps, as bits.
struct Table<'a> {
    digits: &'a [u8],
    values: Vec<u32>,
    /// Words a set of values takes: a power of two, with every value below `64 x words`
    /// (so the XOR of two is too).
    words: usize,
    /// The set of split `m`, `{g(a) ^ g(m - a), 0 < a < m}`, at words `m % t x words`.
    splits: Vec<u64>,
    /// The set of the options of the heap being computed.
    options: Vec<u64>,
    /// A byte a value, for [`split_set`].
    seen: Vec<u8>,
}

impl<'a> Table<'a> {
    fn new(digits: &'a [u8]) -> Self {
        Table {
            digits,
            values: Vec::new(),
            words: 1,
            splits: vec![0; digits.len().max(1)],
            options: vec![0],
            seen: Vec::new(),
        }
    }

    /// Computes the values of the heaps up to `len`.
    fn extend_to(&mut self, len: usize) {
        let t = self.digits.len().max(1);
        let splits = self.digits.iter().any(|&d| d & 4 != 0);
        for n in self.values.len()..len {
            let words = self.words;
            // The split of n - 1, the only one not yet made, needs the heaps below n - 1.
            if splits && n > 0 {
                let set = &mut self.splits[(n - 1) % t * words..][..words];
                split_set(&self.values, n - 1, set, &mut self.seen);
            }
            self.options.iter_mut().for_each(|w| *w = 0);
            for (k, &d) in (1..=n).zip(self.digits) {
                let rest = n - k;
                if d & 1 != 0 && rest == 0 {
                    self.options[0] |= 1;
                }
                if d & 2 != 0 && rest > 0 {
                    let v = self.values[rest] as usize;
                    self.options[v / 64] |= 1 << (v % 64);
                }
                if d & 4 != 0 {
                    let slot = rest % t * words;
                    let split = &self.splits[slot..slot + words];
                    self.options
                        .iter_mut()
                        .zip(split)
                        .for_each(|(o, s)| *o |= s);
                }
            }
            let full = self.options.iter().take_while(|&&w| w == u64::MAX).count();
            let mex = 64 * full + self.options.get(full).map_or(0, |w| w.trailing_ones()) as usize;
            self.values.push(mex as u32);
            if mex >= 64 * words {
                self.grow();
            }
        }
    }

    /// Doubles the words of every set, keeping the sets.
    fn grow(&mut self) {
        let words = self.words;
        let mut splits = vec![0; self.splits.len() * 2];
        for (new, old) in splits.chunks_mut(2 * words).zip(self.splits.chunks(words)) {
            new[..words].copy_from_slice(old);
        }
        self.splits = splits;
        self.words *= 2;
        self.options.resize(self.words, 0);
    }
}

/// Puts into `set` the values of the splits of `m` into two non-empty heaps, with `seen`
/// to mark them a byte each: stores that wait for nothing, where setting bits would load
/// and store the same few words in turn.
fn split_set(values: &[u32], m: usize, set: &mut [u64], seen: &mut Vec<u8>) {
    seen.clear();
    seen.resize(64 * set.len(), 0);
    // Every value is below the length, a power of two: the mask spares a bounds check,
    // which would make the loop three times slower.
    let mask = seen.len() - 1;
    // The pairs (a, m - a) for a = 1..=m / 2.
    let half = m / 2;
    let (low, high) = (&values[1..=half], &values[m - half..m]);
    for (a, b) in low.chunks_exact(4).zip(high.rchunks_exact(4)) {
        for (x, y) in a.iter().zip(b.iter().rev()) {
            seen[(x ^ y) as usize & mask] = 1;
        }
    }
    for (x, y) in low[half / 4 * 4..]
        .iter()
        .zip(high[..half % 4].iter().rev())
    {
        seen[(x ^ y) as usize & mask] = 1;
    }
    // Eight marks (bytes 0 or 1) to eight bits by one multiplication: mark i, at bit 8 i,
    // times bit 7 j + 7 of the multiplier lands at bit 56 + i for j = 7 - i, and carries
    // nothing into bits 56 to 63 for other j.
    let bytes = seen
        .chunks_exact(8)
        .map(|f| u64::from_le_bytes(f.try_into().unwrap()));
    let mut bits = bytes.map(|f| f.wrapping_mul(0x0102_0408_1020_4080) >> 56);
    for w in set.iter_mut() {
        *w = (0..8).fold(0, |w, i| w | bits.next().unwrap() << (8 * i));
    }
}
