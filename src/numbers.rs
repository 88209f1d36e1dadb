//! Decimal numbers: the [`Reader`]'s integer reads, and the fast path under them that reads
//! eight digits at a time from one machine word (SWAR: "SIMD within a register").
//!
//! [`Reader::u64`] tries `digits_eight_at_a_time` on the buffer first and falls back to a
//! checked parse that names what went wrong. The word helpers here are shared with
//! [`crate::runs`], the batch fast paths of binaries that read runs of many numbers.

// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryFrom;
use std::fmt;
use std::io::Read;
use std::ops::RangeInclusive;

use crate::io::{describe_token, is_space, Error, Reader, Result};

impl<R: Read> Reader<R> {
    /// Reads an unsigned decimal integer; `what` names it in errors. A leading `+` is allowed.
    ///
    /// # Complexity
    /// O(digits).
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"18446744073709551615\n18446744073709551616"[..]);
    /// assert_eq!(rd.u64("n").unwrap(), u64::MAX);
    /// let err = rd.u64("n").unwrap_err();
    /// assert_eq!(err.to_string(), "line 2: expected n, found \"18446744073709551616\" (too large)");
    /// ```
    #[inline]
    pub fn u64(&mut self, what: &str) -> Result<u64> {
        // Fast path: skip whitespace in the buffer, then read up to 15 digits eight at a
        // time if they and the byte after them are buffered.
        let mut pos = self.pos;
        while pos < self.end && is_space(self.buf[pos]) {
            pos += 1;
        }
        self.pos = pos;
        match sixteen_at(&self.buf[..self.end], pos).and_then(digits_eight_at_a_time) {
            Some((value, len)) => {
                self.pos += len;
                Ok(value)
            }
            None => self.u64_rest(what),
        }
    }

    /// [`Reader::u64`] when the fast path does not apply: near the end of the buffer, for
    /// long numbers, and on errors.
    #[inline(never)]
    fn u64_rest(&mut self, what: &str) -> Result<u64> {
        if self.peek_non_space()?.is_none() {
            return Err(self.error(what, "end of input".to_string()));
        }
        // Still fast: the whole number and the byte after it are already buffered.
        let bytes = &self.buf[self.pos..self.end];
        let mut value: u64 = 0;
        let mut i = 0;
        while i < bytes.len() && i < 19 {
            let d = bytes[i].wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            // Up to 19 digits cannot overflow a u64.
            value = value * 10 + d as u64;
            i += 1;
        }
        if i > 0 && i < bytes.len() && is_space(bytes[i]) {
            self.pos += i;
            return Ok(value);
        }
        let token = self.token_for(what)?.unwrap_or_default();
        match parse_u64(token) {
            Ok(v) => Ok(v),
            Err(why) => {
                let found = format!("{}{why}", describe_token(token));
                let len = token.len();
                Err(self.error_before(what, found, len))
            }
        }
    }

    /// Reads a signed decimal integer; `what` names it in errors.
    ///
    /// # Complexity
    /// O(digits).
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"-9223372036854775808 +7 --1"[..]);
    /// assert_eq!(rd.i64("x").unwrap(), i64::MIN);
    /// assert_eq!(rd.i64("x").unwrap(), 7);
    /// assert!(rd.i64("x").is_err());
    /// ```
    pub fn i64(&mut self, what: &str) -> Result<i64> {
        let token = match self.token_for(what)? {
            Some(t) => t,
            None => return Err(self.error(what, "end of input".to_string())),
        };
        let (negative, digits) = match token.first() {
            Some(b'-') => (true, &token[1..]),
            _ => (false, token),
        };
        let parsed = parse_u64(digits).and_then(|magnitude| {
            if negative {
                // -2^63 is the one magnitude that has no positive i64.
                match magnitude {
                    m if m <= 1 << 63 => Ok((m as i64).wrapping_neg()),
                    _ => Err(" (too small)"),
                }
            } else {
                i64::try_from(magnitude).map_err(|_| " (too large)")
            }
        });
        match parsed {
            Ok(v) => Ok(v),
            Err(why) => {
                let found = format!("{}{why}", describe_token(token));
                let len = token.len();
                Err(self.error_before(what, found, len))
            }
        }
    }

    /// Reads an unsigned integer that must lie in `range`; `what` names it in errors.
    ///
    /// # Complexity
    /// O(digits).
    ///
    /// ```
    /// use combgames::io::Reader;
    /// let mut rd = Reader::new(&b"3 0"[..]);
    /// assert_eq!(rd.u64_in(1..=5, "T").unwrap(), 3);
    /// assert_eq!(rd.u64_in(1..=5, "T").unwrap_err().to_string(), "line 1: expected T in 1..=5, found 0");
    /// ```
    #[inline]
    pub fn u64_in(&mut self, range: RangeInclusive<u64>, what: &str) -> Result<u64> {
        match self.u64(what) {
            Ok(v) if range.contains(&v) => Ok(v),
            read => self.check_range(read, &range, || {
                if *range.end() == u64::MAX {
                    format!("{what} of at least {}", range.start())
                } else {
                    format!("{what} in {}..={}", range.start(), range.end())
                }
            }),
        }
    }

    /// Reads a signed integer that must lie in `range`; `what` names it in errors.
    ///
    /// # Complexity
    /// O(digits).
    pub fn i64_in(&mut self, range: RangeInclusive<i64>, what: &str) -> Result<i64> {
        let read = self.i64(what);
        self.check_range(read, &range, || {
            format!("{what} in {}..={}", range.start(), range.end())
        })
    }

    /// Checks a value just read against `range`. The description is only formatted on
    /// failure: these reads sit in hot loops.
    #[cold]
    fn check_range<T>(
        &self,
        read: Result<T>,
        range: &RangeInclusive<T>,
        described: impl FnOnce() -> String,
    ) -> Result<T>
    where
        T: PartialOrd + fmt::Display,
    {
        match read {
            Ok(v) if range.contains(&v) => Ok(v),
            Ok(v) => Err(self.error(&described(), v.to_string())),
            Err(Error::Parse { line, found, .. }) => Err(Error::Parse {
                line,
                expected: described(),
                found,
            }),
            Err(e) => Err(e),
        }
    }

    /// Reads an unsigned integer in `range` as a `usize`; `what` names it in errors.
    ///
    /// # Complexity
    /// O(digits).
    pub fn usize_in(&mut self, range: RangeInclusive<usize>, what: &str) -> Result<usize> {
        let wide = *range.start() as u64..=*range.end() as u64;
        // The range bounds are usize, so the value fits.
        Ok(self.u64_in(wide, what)? as usize)
    }
}

/// `0x0101_0101_0101_0101 * b`: the byte `b` in all eight lanes of a word.
pub(crate) const fn lanes(b: u8) -> u64 {
    0x0101_0101_0101_0101 * b as u64
}

/// The eight bytes at the start of `bytes` as one word, the first byte lowest.
#[inline(always)]
pub(crate) fn word(bytes: &[u8]) -> u64 {
    let mut raw = [0; 8];
    raw.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(raw)
}

/// `word` with `'0'` taken out of each byte by XOR: a digit becomes its value, 0 to 9, and
/// any other byte something above 9.
#[inline(always)]
pub(crate) fn digit_lanes(word: u64) -> u64 {
    word ^ lanes(b'0')
}

/// Marks with 0x80 each byte of `digits` (see [`digit_lanes`]) that is not a digit. A carry
/// leaves a byte only if it is not a digit, and only towards later bytes, so every byte up to
/// and including the first non-digit is exact.
#[inline(always)]
pub(crate) fn non_digits(digits: u64) -> u64 {
    (digits.wrapping_add(lanes(0x80 - 10)) | digits) & lanes(0x80)
}

/// The value of eight digits (see [`digit_lanes`]), the first byte most significant.
#[inline(always)]
pub(crate) fn eight_digit_value(digits: u64) -> u64 {
    // Combine neighbours: pairs of digits, then of pairs, then of quads; each multiply adds
    // ten (or 100, 10^4) times a lane to the lane above it.
    let pairs = digits.wrapping_mul(10 << 8 | 1) >> 8 & 0x00ff_00ff_00ff_00ff;
    let quads = pairs.wrapping_mul(100 << 16 | 1) >> 16 & 0x0000_ffff_0000_ffff;
    quads.wrapping_mul(10_000 << 32 | 1) >> 32
}

/// The whitespace bytes of [`is_space`] as the bits of a word.
const SPACE_BITS: u64 = 1 << b' ' | 0x1f << b'\t';

/// [`is_space`] in one bit test, for the word-at-a-time paths: it takes fewer instructions
/// there than `is_space`'s two comparisons (which the reader's byte scans keep, as they
/// vectorise).
#[inline(always)]
pub(crate) fn is_space_bit(b: u8) -> bool {
    b < 64 && SPACE_BITS >> b & 1 != 0
}

/// Powers of ten below 10^8.
pub(crate) const POW10: [u64; 8] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/// Reads 1 to 15 digits at the start of `head` followed by whitespace, eight bytes at a time:
/// the value and the number of digits, or `None` when that is not what `head` starts with.
#[inline(always)]
pub(crate) fn digits_eight_at_a_time(head: &[u8; 16]) -> Option<(u64, usize)> {
    let first = digit_lanes(word(&head[..8]));
    let stop = non_digits(first);
    if stop != 0 {
        let len = stop.trailing_zeros() as usize / 8;
        if len == 0 || !is_space_bit(head[len]) {
            return None;
        }
        // Move the digits to the top: the bytes below them are leading zeros.
        return Some((eight_digit_value(first << (64 - 8 * len)), len));
    }
    let second = digit_lanes(word(&head[8..]));
    // The digits after the first eight; 8 if there are eight more (too many for this path).
    let rest = non_digits(second).trailing_zeros() as usize / 8;
    let high = eight_digit_value(first);
    let value = if rest <= 1 {
        // Eight or nine digits, the commonest lengths, without a branch between them.
        let ninth = second & 0xf;
        if rest == 1 {
            high * 10 + ninth
        } else {
            high
        }
    } else if rest < 8 {
        high * POW10[rest] + eight_digit_value(second << (64 - 8 * rest))
    } else {
        return None;
    };
    is_space_bit(head[8 + rest % 8]).then_some((value, 8 + rest))
}

/// The 16 bytes of `bytes` from `at`, if there are that many.
#[inline(always)]
pub(crate) fn sixteen_at(bytes: &[u8], at: usize) -> Option<&[u8; 16]> {
    <&[u8; 16]>::try_from(bytes.get(at..)?.get(..16)?).ok()
}

/// Parses ASCII decimal digits with an optional leading `+`; the error says why not.
fn parse_u64(token: &[u8]) -> std::result::Result<u64, &'static str> {
    let digits = token.strip_prefix(b"+").unwrap_or(token);
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err("");
    }
    digits.iter().try_fold(0u64, |acc, &d| {
        acc.checked_mul(10)
            .and_then(|v| v.checked_add((d - b'0') as u64))
            .ok_or(" (too large)")
    })
}
