//! Decimal integers: the [`Reader`]'s `u32`, `u64`, `usize` and `i64` reads, with or without
//! a range, one at a time or `N` at a time.
//!
//! The fast path reads 1 to 20 digits (every `u64`) and the whitespace byte after them from
//! two words, three past 16 digits: the first byte that is not a digit gives the length,
//! and multiplies sum the digits eight at a time. Anything else (a `+`, leading zeros past
//! 20 digits, the end of the buffer, bad input) goes through a checked parse of the token,
//! which also reports errors, its text made only then.
//! Layer 2: uses `errors` and `reader`.

// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryInto;
use std::io::Read;
use std::ops::RangeInclusive;

use crate::errors::{describe, parse_error, Result};
use crate::reader::{is_space, word, Reader, WINDOW};

/// Names the `N` values of a group in errors: one name for all (`"a pile"`), or one each
/// (`["a knight's x", "a knight's y"]`).
pub trait Names<const N: usize> {
    /// The name of value `i` of a group.
    fn name(&self, i: usize) -> &str;
}

impl<const N: usize> Names<N> for &str {
    fn name(&self, _: usize) -> &str {
        self
    }
}

impl<const N: usize> Names<N> for [&str; N] {
    fn name(&self, i: usize) -> &str {
        self[i]
    }
}

/// `b` in all eight byte lanes of a word.
const fn lanes(b: u8) -> u64 {
    0x0101_0101_0101_0101 * b as u64
}

/// The eight bytes of `bytes` from `at` with `'0'` taken out, the first byte lowest, and
/// 0x80 in each byte that is not a digit. A digit becomes its value, any other byte
/// something above 9; a carry leaves only such a byte, towards later bytes, so every byte
/// up to the first one marked is exact.
#[inline(always)]
fn digit_lanes(bytes: &[u8; 24], at: usize) -> (u64, u64) {
    let digits = word(&bytes[at..]) ^ lanes(b'0');
    let stops = (digits.wrapping_add(lanes(0x80 - 10)) | digits) & lanes(0x80);
    (digits, stops)
}

/// The value of eight digit lanes, the first byte most significant: neighbours combined
/// into pairs, quads, then all eight, by three multiplies.
#[inline(always)]
fn eight_digit_value(digits: u64) -> u64 {
    let pairs = digits.wrapping_mul(10 << 8 | 1) >> 8 & 0x00ff_00ff_00ff_00ff;
    let quads = pairs.wrapping_mul(100 << 16 | 1) >> 16 & 0x0000_ffff_0000_ffff;
    quads.wrapping_mul(10_000 << 32 | 1) >> 32
}

/// The value of the first `len` (0 to 4) of the digit lanes `digits`: moved to the top of
/// the low half word, with leading zeros below, two multiplies (counts, short numbers).
#[inline(always)]
fn four_digit_value(digits: u64, len: usize) -> u64 {
    let digits = digits << (32 - 8 * len) & 0xffff_ffff;
    let pairs = digits.wrapping_mul(10 << 8 | 1) >> 8 & 0x00ff_00ff;
    pairs.wrapping_mul(100 << 16 | 1) >> 16 & 0xffff
}

/// Whether each byte is whitespace (as C's `isspace`): one load, fewer instructions than
/// comparisons.
const SPACE: [bool; 256] = {
    let mut space = [false; 256];
    let mut b = 0;
    while b < 256 {
        space[b] = b == b' ' as usize || b >= b'\t' as usize && b <= b'\r' as usize;
        b += 1;
    }
    space
};

/// Powers of ten up to 10^8.
const POW10: [u64; 9] = [
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
];

/// The value and length of the 1 to 16 digits at the start of `bytes` when one whitespace
/// byte follows them, else `None`.
#[inline(always)]
fn parse_digits(bytes: &[u8; 24]) -> Option<(u64, usize)> {
    let (high, stops) = digit_lanes(bytes, 0);
    if stops == 0 {
        // Nine digits, the commonest long length (numbers of 32 bits): one digit more.
        let ninth = bytes[8].wrapping_sub(b'0');
        if ninth <= 9 && SPACE[usize::from(bytes[9])] {
            return Some((eight_digit_value(high) * 10 + u64::from(ninth), 9));
        }
        // 8 to 16 digits: the first 8 from `high`, the `rest` moved to the top of `low`.
        let (low, low_stops) = digit_lanes(bytes, 8);
        let rest = (low_stops.trailing_zeros() / 8) as usize;
        if rest == 8 {
            return seventeen_to_twenty(bytes, high, low);
        }
        if !SPACE[usize::from(bytes[8 + rest])] {
            return None;
        }
        let tail = eight_digit_value(low.checked_shl(64 - 8 * rest as u32).unwrap_or(0));
        return Some((eight_digit_value(high) * POW10[rest] + tail, 8 + rest));
    }
    let len = (stops.trailing_zeros() / 8) as usize;
    if len == 0 || !SPACE[usize::from(bytes[len])] {
        return None;
    }
    if len <= 2 {
        // Counts of cases or items, of one digit or two at random: no branch on the length.
        // The digits moved to the top of the low 16 bits, with a leading zero below.
        let digits = high << (16 - 8 * len) & 0xffff;
        return Some(((digits & 0xff) * 10 + (digits >> 8), len));
    }
    if len <= 4 {
        return Some((four_digit_value(high, len), len));
    }
    Some((eight_digit_value(high << (64 - 8 * len)), len))
}

/// [`parse_digits`] for 16 digits `high` and `low` and 1 to 4 more in `bytes` from 16
/// (numbers of 64 bits): `None` if more follow, no whitespace byte does, or the value is
/// past `u64::MAX`.
#[inline(always)]
fn seventeen_to_twenty(bytes: &[u8; 24], high: u64, low: u64) -> Option<(u64, usize)> {
    let (last, stops) = digit_lanes(bytes, 16);
    let more = (stops.trailing_zeros() / 8) as usize;
    if more > 4 || !SPACE[usize::from(bytes[16 + more])] {
        return None;
    }
    let sixteen = eight_digit_value(high) * POW10[8] + eight_digit_value(low);
    let value = sixteen.checked_mul(POW10[more])?;
    let value = value.checked_add(four_digit_value(last, more))?;
    Some((value, 16 + more))
}

/// The 24 bytes of `window` from `at`, which is below 2048.
#[inline(always)]
fn head(window: &[u8; WINDOW], at: usize) -> &[u8; 24] {
    // The mask only lets the compiler see that `at` is in the window.
    window[at % 2048..][..24].try_into().expect("24 bytes")
}

/// Two numbers of 1 to 3 digits at the start of `bytes`, each followed by one whitespace
/// byte, read from one word with no branch on their lengths (which random short numbers
/// would mispredict): their values and the bytes they take, else `None`.
#[inline(always)]
fn short_pair(bytes: &[u8; 24]) -> Option<([u64; 2], usize)> {
    let (digits, stops) = digit_lanes(bytes, 0);
    // The stops after the first are exact too when it is whitespace (which makes no carry),
    // as checked below.
    let a = (stops.trailing_zeros() / 8) as usize;
    let b = (stops.wrapping_shr(8 * a as u32 + 8).trailing_zeros() / 8) as usize;
    let short = a.wrapping_sub(1) < 3 && b.wrapping_sub(1) < 3;
    if !short || !(SPACE[usize::from(bytes[a])] & SPACE[usize::from(bytes[a + b + 1])]) {
        return None;
    }
    // Each number moved to the top of its half word, with leading zeros below: then two
    // steps of the eight-digit sum give both values at once.
    let first = digits << (32 - 8 * a) & 0xffff_ffff;
    let second = digits >> (8 * a + 8) << (64 - 8 * b);
    let pairs = (first | second).wrapping_mul(10 << 8 | 1) >> 8 & 0x00ff_00ff_00ff_00ff;
    let quads = pairs.wrapping_mul(100 << 16 | 1) >> 16;
    Some(([quads & 0xffff, quads >> 32 & 0xffff], a + b + 2))
}

/// Reads `N` numbers from the front of `window` into `out` by [`parse_digits`], or two at a
/// time by [`short_pair`] if they are `short` and `N` is even: the bytes they took, or `None`
/// at the first that is not such a number.
#[inline(always)]
fn many<const N: usize>(window: &[u8; WINDOW], out: &mut [u64; N], short: bool) -> Option<usize> {
    let mut at = 0;
    if short && N % 2 == 0 {
        for pair in out.chunks_exact_mut(2) {
            let (found, len) = short_pair(head(window, at))?;
            pair.copy_from_slice(&found);
            at += len;
        }
    } else {
        for value in out.iter_mut() {
            let (found, len) = parse_digits(head(window, at))?;
            *value = found;
            at += len + 1;
        }
    }
    Some(at)
}

/// What an error expects of a number `what` in `low..=high`, of a type whose values are
/// `min..=max`: the range as far as it narrows the type's.
fn expected_in(what: &str, (low, high): (i128, i128), (min, max): (i128, i128)) -> String {
    match (low == min, high == max) {
        (true, true) => what.to_string(),
        (false, true) => format!("{what} of at least {low}"),
        _ => format!("{what} in {low}..={high}"),
    }
}

impl<R: Read> Reader<R> {
    /// The fast path: the value and length of a number's digits at `pos`, after any
    /// whitespace (skipped), when one whitespace byte follows them; `None` when it does not
    /// apply.
    #[inline(always)]
    fn digits_fast(&mut self) -> Option<(u64, usize)> {
        if !self.fast {
            return None;
        }
        // The byte at `end` is 0, which stops any number that would run past it.
        // (A `?` here, not `or_else`, keeps the pair out of memory.)
        Some(match parse_digits(head(self.window(), 0)) {
            Some(found) => found,
            None => self.digits_after_spaces()?,
        })
    }

    /// [`Reader::digits_fast`] after whitespace (a line's `\r\n`, say).
    #[inline(never)]
    fn digits_after_spaces(&mut self) -> Option<(u64, usize)> {
        self.skip_spaces();
        parse_digits(head(self.window(), 0))
    }

    /// Reads an unsigned integer in `low..=high`, of a type whose largest value is `max`.
    #[inline(always)]
    fn unsigned(&mut self, low: u64, high: u64, max: u64, what: &str) -> Result<u64> {
        if let Some((value, len)) = self.digits_fast() {
            if low <= value && value <= high {
                self.pos += len + 1;
                return Ok(value);
            }
        }
        self.integer_slow(false, (low as i128, high as i128), max as i128, None, what)
            .map(|v| v as u64)
    }

    /// Reads a signed integer in `low..=high`.
    #[inline(always)]
    fn signed(&mut self, low: i64, high: i64, what: &str) -> Result<i64> {
        self.skip_spaces();
        let sign = usize::from(self.window()[0] == b'-');
        if let Some((magnitude, len)) = parse_digits(head(self.window(), sign)) {
            // A magnitude up to 2^63 fits with a sign (2^63 wraps to i64::MIN, as it should).
            let fits = magnitude <= i64::MAX as u64 + sign as u64;
            let value = (magnitude as i64).wrapping_mul(1 - 2 * sign as i64);
            if self.fast && fits && low <= value && value <= high {
                self.pos += sign + len + 1;
                return Ok(value);
            }
        }
        let range = (i128::from(low), i128::from(high));
        self.integer_slow(true, range, i128::from(i64::MAX), None, what)
            .map(|v| v as i64)
    }

    /// The checked path of every integer read: the token (digits, a `+` or, if `signed`, a
    /// `-` before them) parsed and checked against `low..=high` (or equal to `also`), of a
    /// type whose largest value is `max`, with an error that says why not.
    #[inline(never)]
    fn integer_slow(
        &mut self,
        signed: bool,
        (low, high): (i128, i128),
        max: i128,
        also: Option<i128>,
        what: &str,
    ) -> Result<i128> {
        let min = if signed { -max - 1 } else { 0 };
        // What the number should have been, said in any error.
        let expected = expected_in(what, (low, high), (min, max));
        if !self.has_more()? {
            return Err(self.error_at(self.pos, &expected, "end of input".to_string()));
        }
        let len = self.scan(&expected, is_space)?;
        let start = self.pos;
        self.pos += len;
        let token = &self.buf[start..start + len];
        let (negative, digits) = match token {
            [b'-', rest @ ..] if signed => (true, rest),
            [b'+', rest @ ..] => (false, rest),
            _ => (false, token),
        };
        let number = !digits.is_empty() && digits.iter().all(u8::is_ascii_digit);
        // Past `u64::MAX`, a magnitude is too large for every type.
        let magnitude = digits.iter().try_fold(0u64, |m, &d| {
            m.checked_mul(10)?
                .checked_add(u64::from(d.wrapping_sub(b'0')))
        });
        let sign = if negative { -1 } else { 1 };
        let value = magnitude.map(|m| sign * i128::from(m));
        if let Some(v) = value.filter(|&v| number && (low <= v && v <= high || also == Some(v))) {
            return Ok(v);
        }
        let found = describe(token);
        let found = match value {
            _ if !number => found,
            None if negative => found + " (too small)",
            None => found + " (too large)",
            Some(v) if v > max => found + " (too large)",
            Some(v) if v < min => found + " (too small)",
            Some(v) => v.to_string(),
        };
        Err(self.error_at(start, &expected, found))
    }

    /// Reads a `u64`; `what` names it in errors, which say why a token is not one.
    ///
    /// # Complexity
    /// O(digits).
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"18446744073709551615\n18446744073709551616"[..]);
    /// assert_eq!(rd.u64("n").unwrap(), u64::MAX);
    /// let err = rd.u64("n").unwrap_err().to_string();
    /// assert_eq!(err, "line 2: expected n, found \"18446744073709551616\" (too large)");
    /// ```
    #[inline(always)]
    pub fn u64(&mut self, what: &str) -> Result<u64> {
        self.unsigned(0, u64::MAX, u64::MAX, what)
    }

    /// Reads a `u64` in `range`; `what` names it in errors.
    ///
    /// # Complexity
    /// O(digits).
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"3 0"[..]);
    /// assert_eq!(rd.u64_in(1..=5, "T").unwrap(), 3);
    /// let err = rd.u64_in(1..=5, "T").unwrap_err().to_string();
    /// assert_eq!(err, "line 1: expected T in 1..=5, found 0");
    /// ```
    #[inline(always)]
    pub fn u64_in(&mut self, range: RangeInclusive<u64>, what: &str) -> Result<u64> {
        self.unsigned(*range.start(), *range.end(), u64::MAX, what)
    }

    /// Reads `N` `u64`s in `range`, as `N` calls of [`Reader::u64_in`] would, with less work
    /// per number when each is followed by one whitespace byte, as in a line of them. `what`
    /// names them in errors, all alike or each its own ([`Names`]).
    ///
    /// # Complexity
    /// O(digits).
    ///
    /// # Panics
    /// If `N` is above 64.
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"3 14 15\n92 65 35\n"[..]);
    /// assert_eq!(rd.u64s_in(0..=99, "a number").unwrap(), [3, 14, 15]);
    /// assert_eq!(rd.u64s_in(0..=99, "a number").unwrap(), [92, 65, 35]);
    /// let mut rd = Reader::new(&b"3 100"[..]);
    /// let err = rd.u64s_in(0..=99, ["x", "y"]).unwrap_err().to_string();
    /// assert_eq!(err, "line 1: expected y in 0..=99, found 100");
    /// ```
    #[inline(always)]
    pub fn u64s_in<const N: usize>(
        &mut self,
        range: RangeInclusive<u64>,
        what: impl Names<N>,
    ) -> Result<[u64; N]> {
        let mut values = [0; N];
        self.u64s_each(1, range, what, |found| {
            values = found;
            Ok(())
        })?;
        Ok(values)
    }

    /// Reads `count` times `N` `u64`s in `range`, calling `visit` with each `N`, as many calls
    /// of [`Reader::u64s_in`] would, with less work per number: for many lines of numbers.
    /// An [`io::error`](crate::errors::error) from `visit` is reported on the line of the values
    /// it was given.
    ///
    /// # Complexity
    /// O(digits), plus the calls.
    ///
    /// # Panics
    /// If `N` is above 64.
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"3 4\n5 12\n8 15\n"[..]);
    /// let mut squares = Vec::new();
    /// rd.u64s_each(3, 1..=20, "a side", |[a, b]| {
    ///     squares.push(a * a + b * b);
    ///     Ok(())
    /// })
    /// .unwrap();
    /// assert_eq!(squares, [25, 169, 289]);
    /// ```
    #[inline(always)]
    pub fn u64s_each<const N: usize>(
        &mut self,
        count: u64,
        range: RangeInclusive<u64>,
        what: impl Names<N>,
        mut visit: impl FnMut([u64; N]) -> Result<()>,
    ) -> Result<()> {
        assert!(N <= 64, "{} numbers at once are too many", N);
        let mut values = [0; N];
        for _ in 0..count {
            if !self.u64s_fast(&range, &mut values) {
                for (i, value) in values.iter_mut().enumerate() {
                    *value = self.u64_in(range.clone(), what.name(i))?;
                }
            }
            visit(values).map_err(|e| self.placed(e, 0..self.pos))?;
        }
        Ok(())
    }

    /// The fast path of [`Reader::u64s_each`]: whether `N` numbers in `range` were read from
    /// the buffer into `values`.
    #[inline(always)]
    fn u64s_fast<const N: usize>(
        &mut self,
        range: &RangeInclusive<u64>,
        values: &mut [u64; N],
    ) -> bool {
        // Numbers in the range have at most three digits, unless they have leading zeros.
        // The byte at `end` is 0, which stops any number that would run past it.
        let len = match many(self.window(), values, *range.end() < 1000) {
            Some(len) if self.fast => len,
            _ => return false,
        };
        let inside = values.iter().all(|v| range.contains(v));
        self.pos += len * usize::from(inside);
        inside
    }

    /// Reads `N` `u64`s: `None` if they are `end` (a sentinel, as `0 0`), else the values,
    /// each in `range`; `what` names them, all alike or each its own ([`Names`]). Errors name
    /// `range`, not one stretched to hold `end`: a value of `end` outside it is one once a
    /// value after it is not `end`'s, and a value that is no number is its own.
    ///
    /// # Complexity
    /// O(digits): each value parsed once.
    ///
    /// # Panics
    /// If `N` is above 64.
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"3 4\n0 0\n"[..]);
    /// assert_eq!(rd.u64s_until([0, 0], 1..=9, "a side").unwrap(), Some([3, 4]));
    /// assert_eq!(rd.u64s_until([0, 0], 1..=9, "a side").unwrap(), None);
    /// let mut rd = Reader::new(&b"3 0\n0 4\n0 x\n"[..]);
    /// let mut err = || rd.u64s_until([0, 0], 1..=9, ["w", "h"]).unwrap_err().to_string();
    /// assert_eq!(err(), "line 1: expected h in 1..=9, found 0");
    /// assert_eq!(err(), "line 2: expected w in 1..=9, found 0");
    /// assert_eq!(err(), "line 3: expected h in 1..=9, found \"x\"");
    /// ```
    #[inline(always)]
    pub fn u64s_until<const N: usize>(
        &mut self,
        end: [u64; N],
        range: RangeInclusive<u64>,
        what: impl Names<N>,
    ) -> Result<Option<[u64; N]>> {
        assert!(N <= 64, "{} numbers at once are too many", N);
        let mut values = [0; N];
        if self.fast {
            self.skip_spaces();
            let short = *range.end() < 1000 && end.iter().all(|&e| e < 1000);
            if let Some(len) = many(self.window(), &mut values, short) {
                if values == end || values.iter().all(|v| range.contains(v)) {
                    self.pos += len;
                    return Ok((values != end).then_some(values));
                }
            }
        }
        let (low, high, max) = (*range.start(), *range.end(), u64::MAX);
        // Value i may be `end[i]` while the values before it are `end`'s; the first of them
        // outside `range` is the error once a value is not, on its line.
        let mut outside = None;
        for i in 0..N {
            let sentinel = values[..i] == end[..i];
            let also = sentinel.then(|| end[i].into());
            let range = (low.into(), high.into());
            values[i] = self.integer_slow(false, range, max.into(), also, what.name(i))? as u64;
            if sentinel && !(low..=high).contains(&values[i]) && outside.is_none() {
                outside = Some((i, self.last_item_line()));
            }
            if let (Some((j, line)), false) = (outside, sentinel && values[i] == end[i]) {
                let expected = expected_in(what.name(j), range, (0, max.into()));
                return Err(parse_error(line, expected, end[j].to_string()));
            }
        }
        Ok((values != end).then_some(values))
    }

    /// Reads a `u32`; `what` names it in errors.
    ///
    /// # Complexity
    /// O(digits).
    #[inline(always)]
    pub fn u32(&mut self, what: &str) -> Result<u32> {
        self.u32_in(0..=u32::MAX, what)
    }

    /// Reads a `u32` in `range`; `what` names it in errors.
    ///
    /// # Complexity
    /// O(digits).
    #[inline(always)]
    pub fn u32_in(&mut self, range: RangeInclusive<u32>, what: &str) -> Result<u32> {
        let (low, high) = (u64::from(*range.start()), u64::from(*range.end()));
        let value = self.unsigned(low, high, u64::from(u32::MAX), what)?;
        Ok(value as u32)
    }

    /// Reads a `usize`; `what` names it in errors.
    ///
    /// # Complexity
    /// O(digits).
    #[inline(always)]
    pub fn usize(&mut self, what: &str) -> Result<usize> {
        self.usize_in(0..=usize::MAX, what)
    }

    /// Reads a `usize` in `range`; `what` names it in errors.
    ///
    /// # Complexity
    /// O(digits).
    #[inline(always)]
    pub fn usize_in(&mut self, range: RangeInclusive<usize>, what: &str) -> Result<usize> {
        let (low, high) = (*range.start() as u64, *range.end() as u64);
        let value = self.unsigned(low, high, usize::MAX as u64, what)?;
        Ok(value as usize)
    }

    /// Reads an `i64`; `what` names it in errors.
    ///
    /// # Complexity
    /// O(digits).
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"-9223372036854775808 +7 --1"[..]);
    /// assert_eq!(rd.i64("x").unwrap(), i64::MIN);
    /// assert_eq!(rd.i64("x").unwrap(), 7);
    /// assert_eq!(rd.i64("x").unwrap_err().to_string(), "line 1: expected x, found \"--1\"");
    /// ```
    #[inline(always)]
    pub fn i64(&mut self, what: &str) -> Result<i64> {
        self.signed(i64::MIN, i64::MAX, what)
    }

    /// Reads an `i64` in `range`; `what` names it in errors.
    ///
    /// # Complexity
    /// O(digits).
    #[inline(always)]
    pub fn i64_in(&mut self, range: RangeInclusive<i64>, what: &str) -> Result<i64> {
        self.signed(*range.start(), *range.end(), what)
    }
}
