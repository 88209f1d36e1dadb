//! Decimal integers: the [`Reader`]'s `u32`, `u64`, `usize` and `i64` reads, with or without
//! a range, and the fast path under them.
//!
//! The fast path reads a number's digits eight at a time from one machine word (SWAR: "SIMD
//! within a register"), trying first the digit count most numbers have had: then where the
//! next number starts is known before this one's digits are looked at, and the processor
//! reads ahead. The usual count is learned (three numbers in a row of another count change
//! it) and checked on every number; anything the fast path does not take (a sign it does
//! not expect, more than 15 digits, the end of the buffer, bad input) goes through a checked
//! parse of the token, which also reports errors.

// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryInto;
use std::io::Read;
use std::ops::RangeInclusive;

use crate::io::{describe, is_space, Reader, Result, WINDOW};

/// `b` in all eight byte lanes of a word.
const fn lanes(b: u8) -> u64 {
    0x0101_0101_0101_0101 * b as u64
}

/// The eight bytes of `bytes` as a word, the first byte lowest.
#[inline(always)]
fn word(bytes: &[u8]) -> u64 {
    let mut raw = [0; 8];
    raw.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(raw)
}

/// A word of bytes with `'0'` taken out: each digit becomes its value, other bytes exceed 9.
#[inline(always)]
fn digit_lanes(bytes: &[u8]) -> u64 {
    word(bytes) ^ lanes(b'0')
}

/// 0x80 in each byte of `digits` (see [`digit_lanes`]) that is not a digit. A carry leaves
/// only a byte that is not a digit, towards later bytes, so every byte up to the first
/// non-digit is exact.
#[inline(always)]
fn non_digits(digits: u64) -> u64 {
    (digits.wrapping_add(lanes(0x80 - 10)) | digits) & lanes(0x80)
}

/// The value of eight digit lanes, the first byte most significant: neighbours combined
/// into pairs, quads, then all eight, by three multiplies.
#[inline(always)]
fn eight_digit_value(digits: u64) -> u64 {
    let pairs = digits.wrapping_mul(10 << 8 | 1) >> 8 & 0x00ff_00ff_00ff_00ff;
    let quads = pairs.wrapping_mul(100 << 16 | 1) >> 16 & 0x0000_ffff_0000_ffff;
    quads.wrapping_mul(10_000 << 32 | 1) >> 32
}

/// The value of the first `len` (1 to 8) digit lanes.
#[inline(always)]
fn leading_digit_value(digits: u64, len: usize) -> u64 {
    // The digits moved to the top: the bytes below them become leading zeros.
    eight_digit_value(digits << (64 - 8 * len))
}

/// Whether `b` is whitespace, in one bit test: fewer instructions than [`is_space`] here.
#[inline(always)]
fn is_space_bit(b: u8) -> bool {
    const SPACES: u64 = 1 << b' ' | 0x1f << b'\t';
    b < 64 && SPACES >> b & 1 != 0
}

/// Powers of ten below 10^8.
const POW10: [u64; 8] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/// The value of exactly `L` (1 to 15) digits at the start of `head` followed by
/// whitespace, or `None`.
#[inline(always)]
fn digits_of<const L: usize>(head: &[u8; 16]) -> Option<u64> {
    let first = digit_lanes(&head[..8]);
    if L <= 8 {
        let wanted = lanes(0x80) >> (64 - 8 * L.min(8));
        let digits = non_digits(first) & wanted == 0;
        return (digits && is_space_bit(head[L % 16])).then(|| leading_digit_value(first, L));
    }
    if non_digits(first) != 0 || !is_space_bit(head[L % 16]) {
        return None;
    }
    let high = eight_digit_value(first);
    if L == 9 {
        // The commonest long length (numbers of 32 bits): one digit more.
        let ninth = head[8].wrapping_sub(b'0');
        return (ninth <= 9).then(|| high * 10 + u64::from(ninth));
    }
    let rest = (L - 8) % 8;
    let second = digit_lanes(&head[8..]);
    let wanted = lanes(0x80) >> (64 - 8 * rest.max(1));
    (non_digits(second) & wanted == 0)
        .then(|| high * POW10[rest] + leading_digit_value(second, rest.max(1)))
}

/// The value and length of `L`, else `M`, digits at the start of `head` followed by
/// whitespace.
#[inline(always)]
fn usually<const L: usize, const M: usize>(head: &[u8; 16]) -> Option<(u64, usize)> {
    match digits_of::<L>(head) {
        Some(value) => Some((value, L)),
        None => Some((digits_of::<M>(head)?, M)),
    }
}

/// Reads `N` numbers from the front of `window` as [`usually`] does, each followed by one
/// whitespace byte, and says how many bytes they take, how many had neither length, and
/// the length of the last such; `None` at the first that is not such a number.
#[inline(always)]
fn many<const N: usize, const L: usize, const M: usize>(
    window: &[u8; WINDOW],
    values: &mut [u64; N],
) -> Option<(usize, usize, usize)> {
    let (mut at, mut others, mut other) = (0, 0, L);
    for value in values.iter_mut() {
        // Below 17 N: the mask only lets the compiler see it.
        let head: &[u8; 16] = window[at % 2048..][..16].try_into().expect("16 bytes");
        let (v, len) = match usually::<L, M>(head) {
            Some(found) => found,
            None => {
                let (v, len) = digits_any_length(head)?;
                others += 1;
                other = len;
                (v, len)
            }
        };
        *value = v;
        at += len + 1;
    }
    Some((at, others, other))
}

/// The value of exactly `len` (1 to 15) digits at the start of `head` followed by
/// whitespace, or `None`.
#[inline(always)]
fn digits_of_length(head: &[u8; 16], len: usize) -> Option<u64> {
    match len {
        1 => digits_of::<1>(head),
        2 => digits_of::<2>(head),
        3 => digits_of::<3>(head),
        4 => digits_of::<4>(head),
        5 => digits_of::<5>(head),
        6 => digits_of::<6>(head),
        7 => digits_of::<7>(head),
        8 => digits_of::<8>(head),
        9 => digits_of::<9>(head),
        10 => digits_of::<10>(head),
        11 => digits_of::<11>(head),
        12 => digits_of::<12>(head),
        13 => digits_of::<13>(head),
        14 => digits_of::<14>(head),
        15 => digits_of::<15>(head),
        _ => None,
    }
}

/// The value and length of 1 to 15 digits at the start of `head` followed by whitespace.
#[inline(always)]
fn digits_any_length(head: &[u8; 16]) -> Option<(u64, usize)> {
    let first = non_digits(digit_lanes(&head[..8]));
    let len = match first {
        0 => 8 + (non_digits(digit_lanes(&head[8..])).trailing_zeros() / 8) as usize,
        stops => (stops.trailing_zeros() / 8) as usize,
    };
    // 16 digits in a row is too many for this path.
    if len == 0 || len == 16 {
        return None;
    }
    Some((digits_of_length(head, len)?, len))
}

/// Parses a token of decimal digits with an optional sign (`-` only if `signed`) into its
/// sign and magnitude; the error says why not (empty: not a number).
fn parse_magnitude(token: &[u8], signed: bool) -> std::result::Result<(bool, u64), &'static str> {
    let (negative, digits) = match token {
        [b'-', rest @ ..] if signed => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, token),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err("");
    }
    let magnitude = digits.iter().try_fold(0u64, |acc, &d| {
        acc.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    });
    magnitude.map(|m| (negative, m)).ok_or(if negative {
        " (too small)"
    } else {
        " (too large)"
    })
}

impl<R: Read> Reader<R> {
    /// The fast path: a number's digits at `pos`, then one whitespace byte, both read; `None`
    /// (having read nothing but whitespace) when it does not apply.
    #[inline(always)]
    fn digits_fast(&mut self) -> Option<u64> {
        // The byte at `end` is 0, which stops any number that would run past it.
        let head: &[u8; 16] = self.window()[..16].try_into().expect("16 bytes");
        // One copy of the parse for each usual length, with the length a constant in it, and
        // then the length below it, the commonest other length of random numbers.
        let found = match self.usual_digits {
            1 => usually::<1, 1>(head),
            2 => usually::<2, 1>(head),
            3 => usually::<3, 2>(head),
            4 => usually::<4, 3>(head),
            5 => usually::<5, 4>(head),
            6 => usually::<6, 5>(head),
            7 => usually::<7, 6>(head),
            8 => usually::<8, 7>(head),
            9 => usually::<9, 8>(head),
            10 => usually::<10, 9>(head),
            11 => usually::<11, 10>(head),
            12 => usually::<12, 11>(head),
            13 => usually::<13, 12>(head),
            14 => usually::<14, 13>(head),
            15 => usually::<15, 14>(head),
            // 0: the fast paths are off.
            _ => return None,
        };
        match found {
            Some((value, len)) => {
                self.pos += len + 1;
                Some(value)
            }
            None => self.digits_other_length(),
        }
    }

    /// [`Reader::digits_fast`] for a number of another length, or after whitespace; three
    /// numbers in a row of one other length make it the usual one.
    #[inline(never)]
    fn digits_other_length(&mut self) -> Option<u64> {
        let came_after_miss = self.pos == self.other_digits.1 >> 8;
        while self.pos < self.end && is_space(self.buf[self.pos]) {
            self.pos += 1;
        }
        let head = self.buf[..self.end].get(self.pos..self.pos + 16)?;
        let (value, len) = digits_any_length(head.try_into().ok()?)?;
        // `other_digits.1`: where the last miss ended (high bits) and how many misses of
        // that length came in a row (low 8 bits).
        let (other, streak) = (self.other_digits.0, self.other_digits.1 & 0xff);
        let streak = if came_after_miss && len == other {
            streak + 1
        } else {
            1
        };
        if streak == 3 {
            self.usual_digits = len;
        }
        self.pos += len + 1;
        self.other_digits = (len, self.pos << 8 | streak.min(3));
        Some(value)
    }

    /// Reads an unsigned integer in `low..=high`, of a type whose largest value is `max`.
    #[inline(always)]
    fn unsigned(&mut self, low: u64, high: u64, max: u64, what: &str) -> Result<u64> {
        let start = self.pos;
        if let Some(value) = self.digits_fast() {
            if low <= value && value <= high {
                return Ok(value);
            }
            self.pos = start;
        }
        self.integer_slow(false, (low as i128, high as i128), max as i128, what)
            .map(|v| v as u64)
    }

    /// Reads a signed integer in `low..=high`.
    #[inline(always)]
    fn signed(&mut self, low: i64, high: i64, what: &str) -> Result<i64> {
        while self.pos < self.end && is_space(self.buf[self.pos]) {
            self.pos += 1;
        }
        let start = self.pos;
        let negative = self.buf[self.pos..self.end].first() == Some(&b'-');
        let after_sign = self.buf[..self.end].get(self.pos + usize::from(negative));
        if after_sign.map_or(false, u8::is_ascii_digit) {
            self.pos += usize::from(negative);
            if let Some(magnitude) = self.digits_fast() {
                // At most 15 digits: the magnitude fits.
                let value = if negative {
                    -(magnitude as i64)
                } else {
                    magnitude as i64
                };
                if low <= value && value <= high {
                    return Ok(value);
                }
            }
            self.pos = start;
        }
        let range = (i128::from(low), i128::from(high));
        self.integer_slow(true, range, i128::from(i64::MAX), what)
            .map(|v| v as i64)
    }

    /// The checked path of every integer read: the token parsed and checked against
    /// `low..=high` (a type whose largest value is `max`), with an error that says why not.
    #[inline(never)]
    fn integer_slow(
        &mut self,
        signed: bool,
        (low, high): (i128, i128),
        max: i128,
        what: &str,
    ) -> Result<i128> {
        let min = if signed { -max - 1 } else { 0 };
        let expected = match (low == min, high == max) {
            (true, true) => what.to_string(),
            (false, true) => format!("{what} of at least {low}"),
            _ => format!("{what} in {low}..={high}"),
        };
        let token = self.token(&expected)?;
        let found = describe(token);
        let len = token.len();
        let value = parse_magnitude(token, signed).map(|(negative, m)| match negative {
            true => -i128::from(m),
            false => i128::from(m),
        });
        let start = self.pos - len;
        match value {
            Ok(v) if low <= v && v <= high => Ok(v),
            Ok(v) if v > max => Err(self.error_at(start, &expected, found + " (too large)")),
            Ok(v) if v < min => Err(self.error_at(start, &expected, found + " (too small)")),
            Ok(v) => Err(self.error_at(start, &expected, v.to_string())),
            Err(why) => Err(self.error_at(start, &expected, found + why)),
        }
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
    /// per number when they are each followed by one whitespace byte, as in a line of them.
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
    /// ```
    #[inline(always)]
    pub fn u64s_in<const N: usize>(
        &mut self,
        range: RangeInclusive<u64>,
        what: &str,
    ) -> Result<[u64; N]> {
        assert!(N <= 64, "{N} numbers at once are too many");
        let (low, high) = (*range.start(), *range.end());
        let mut values = [0; N];
        let window = self.window();
        let found = match self.usual_digits {
            1 => many::<N, 1, 1>(window, &mut values),
            2 => many::<N, 2, 1>(window, &mut values),
            3 => many::<N, 3, 2>(window, &mut values),
            4 => many::<N, 4, 3>(window, &mut values),
            5 => many::<N, 5, 4>(window, &mut values),
            6 => many::<N, 6, 5>(window, &mut values),
            7 => many::<N, 7, 6>(window, &mut values),
            8 => many::<N, 8, 7>(window, &mut values),
            9 => many::<N, 9, 8>(window, &mut values),
            10 => many::<N, 10, 9>(window, &mut values),
            11 => many::<N, 11, 10>(window, &mut values),
            12 => many::<N, 12, 11>(window, &mut values),
            13 => many::<N, 13, 12>(window, &mut values),
            14 => many::<N, 14, 13>(window, &mut values),
            15 => many::<N, 15, 14>(window, &mut values),
            _ => None,
        };
        match found {
            Some((len, others, other)) if values.iter().all(|v| (low..=high).contains(v)) => {
                if 2 * others > N {
                    // Most numbers had another length: try the last one's first.
                    self.usual_digits = other;
                }
                self.pos += len;
                Ok(values)
            }
            _ => {
                for value in values.iter_mut() {
                    *value = self.unsigned(low, high, u64::MAX, what)?;
                }
                Ok(values)
            }
        }
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
