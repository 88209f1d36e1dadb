//! Decimal numbers: the [`Reader`]'s integer reads, and the fast paths under them that read
//! eight digits at a time from one machine word (SWAR: "SIMD within a register").
//!
//! [`Reader::u64`] tries [`digits_eight_at_a_time`] on the buffer first and falls back to a
//! checked parse that names what went wrong; [`u64s_at`] and [`small_pair_at`] read many
//! numbers or a small `x y` pair per call for the fast paths of [`Reader::read_runs`] and
//! [`Reader::read_each`]. Every fast path here gives up (`None`) on anything unusual, leaving
//! it to the checked reader, so what it reads the checked reader reads the same.

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
const fn lanes(b: u8) -> u64 {
    0x0101_0101_0101_0101 * b as u64
}

/// The eight bytes at the start of `bytes` as one word, the first byte lowest.
#[inline(always)]
fn word(bytes: &[u8]) -> u64 {
    let mut raw = [0; 8];
    raw.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(raw)
}

/// `word` with `'0'` taken out of each byte by XOR: a digit becomes its value, 0 to 9, and
/// any other byte something above 9.
#[inline(always)]
fn digit_lanes(word: u64) -> u64 {
    word ^ lanes(b'0')
}

/// Marks with 0x80 each byte of `digits` (see [`digit_lanes`]) that is not a digit. A carry
/// leaves a byte only if it is not a digit, and only towards later bytes, so every byte up to
/// and including the first non-digit is exact.
#[inline(always)]
fn non_digits(digits: u64) -> u64 {
    (digits.wrapping_add(lanes(0x80 - 10)) | digits) & lanes(0x80)
}

/// The value of eight digits (see [`digit_lanes`]), the first byte most significant.
#[inline(always)]
fn eight_digit_value(digits: u64) -> u64 {
    // Combine neighbours: pairs of digits, then of pairs, then of quads; each multiply adds
    // ten (or 100, 10^4) times a lane to the lane above it.
    let pairs = digits.wrapping_mul(10 << 8 | 1) >> 8 & 0x00ff_00ff_00ff_00ff;
    let quads = pairs.wrapping_mul(100 << 16 | 1) >> 16 & 0x0000_ffff_0000_ffff;
    quads.wrapping_mul(10_000 << 32 | 1) >> 32
}

/// Powers of ten below 10^8.
const POW10: [u64; 8] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/// Reads 1 to 15 digits at the start of `head` followed by whitespace, eight bytes at a time:
/// the value and the number of digits, or `None` when that is not what `head` starts with.
#[inline(always)]
fn digits_eight_at_a_time(head: &[u8; 16]) -> Option<(u64, usize)> {
    let first = digit_lanes(word(&head[..8]));
    let stop = non_digits(first);
    if stop != 0 {
        let len = stop.trailing_zeros() as usize / 8;
        if len == 0 || !is_space(head[len]) {
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
    is_space(head[8 + rest % 8]).then_some((value, 8 + rest))
}

/// The 16 bytes of `bytes` from `at`, if there are that many.
#[inline(always)]
fn sixteen_at(bytes: &[u8], at: usize) -> Option<&[u8; 16]> {
    <&[u8; 16]>::try_from(bytes.get(at..)?.get(..16)?).ok()
}

/// The digit count most numbers of a run have, learned by [`u64s_at`] as it reads them.
///
/// [`u64s_at`] first tries whether the next number has the usual length: then where the
/// number after it starts is known before the number's bytes are looked at, so the processor
/// can go on to it while this one is read, where finding each number's end first would make
/// every number wait for the last. The learned length is a guess, checked for each number;
/// a wrong one costs time, never a wrong value.
#[derive(Clone, Copy, Debug)]
pub struct UsualLength {
    /// The usual digit count, 1 to 15.
    digits: usize,
    /// The digit count of the last number that did not have the usual one.
    other: usize,
}

impl UsualLength {
    /// A guess of one digit, to be learned.
    ///
    /// # Complexity
    /// O(1).
    pub fn new() -> Self {
        UsualLength {
            digits: 1,
            other: 1,
        }
    }

    /// A guess of `digits` digits, 1 to 15, to be learned.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `digits` is not in 1..=15.
    pub fn with_digits(digits: usize) -> Self {
        assert!((1..=15).contains(&digits), "{} digits", digits);
        UsualLength {
            digits,
            other: digits,
        }
    }

    /// The usual digit count: 1 to 15.
    ///
    /// # Complexity
    /// O(1).
    pub fn digits(&self) -> usize {
        self.digits
    }
}

impl Default for UsualLength {
    fn default() -> Self {
        Self::new()
    }
}

/// Reads `N` unsigned decimal numbers from the front of `bytes` into `values`, and says how
/// many bytes they take with the whitespace before them and the one whitespace byte after
/// each; `None` when `bytes` holds anything else there (and then `values` holds whatever
/// was read before). Numbers of the `usual` length are read fastest; when most of the `N`
/// have another, it becomes the usual one.
///
/// A fast path for [`Reader::read_runs`] and [`Reader::read_each`]: it takes only numbers of
/// 1 to 15 digits with no sign, each followed by whitespace, all within the first `17 N + 16`
/// bytes of `bytes`, and gives up on anything else (a `+`, a long number, much whitespace,
/// bad input, the end of `bytes`), leaving it to the checked reader. What it reads,
/// [`Reader::u64`] reads the same.
///
/// # Complexity
/// O(N).
///
/// ```
/// use combgames::numbers::{u64s_at, UsualLength};
/// let padding = " ".repeat(64);
/// let input = format!("\r\n 7 42\n\n1000000{padding}");
/// let (mut values, mut usual) = ([0; 3], UsualLength::new());
/// assert_eq!(u64s_at(input.as_bytes(), &mut values, &mut usual), Some(17));
/// assert_eq!(values, [7, 42, 1000000]);
/// assert_eq!(usual.digits(), 7);
/// assert_eq!(u64s_at(b"7 +42                              ", &mut [0; 2], &mut usual), None);
/// ```
#[inline(always)]
pub fn u64s_at<const N: usize>(
    bytes: &[u8],
    values: &mut [u64; N],
    usual: &mut UsualLength,
) -> Option<usize> {
    // One copy of the loop for each usual length, with the length a constant in it.
    match usual.digits {
        1 => u64s_usually::<N, 1>(bytes, values, usual),
        2 => u64s_usually::<N, 2>(bytes, values, usual),
        3 => u64s_usually::<N, 3>(bytes, values, usual),
        4 => u64s_usually::<N, 4>(bytes, values, usual),
        5 => u64s_usually::<N, 5>(bytes, values, usual),
        6 => u64s_usually::<N, 6>(bytes, values, usual),
        7 => u64s_usually::<N, 7>(bytes, values, usual),
        8 => u64s_usually::<N, 8>(bytes, values, usual),
        9 => u64s_usually::<N, 9>(bytes, values, usual),
        10 => u64s_usually::<N, 10>(bytes, values, usual),
        11 => u64s_usually::<N, 11>(bytes, values, usual),
        12 => u64s_usually::<N, 12>(bytes, values, usual),
        13 => u64s_usually::<N, 13>(bytes, values, usual),
        14 => u64s_usually::<N, 14>(bytes, values, usual),
        _ => u64s_usually::<N, 15>(bytes, values, usual),
    }
}

/// [`u64s_at`] with the usual length `L`.
#[inline(always)]
fn u64s_usually<const N: usize, const L: usize>(
    bytes: &[u8],
    values: &mut [u64; N],
    usual: &mut UsualLength,
) -> Option<usize> {
    // One bound for the whole item spares a check per number: room for N numbers of up to
    // 15 digits with a byte after each, and 16 bytes to read the last.
    let window = bytes.get(..17 * N + 16)?;
    let last_start = window.len() - 16;
    let mut at = 0;
    let mut others = 0;
    for value in values.iter_mut() {
        if at > last_start {
            return None;
        }
        let head = sixteen_at(window, at)?;
        if let Some(v) = digits_of_length::<L>(head) {
            *value = v;
            at += L + 1;
            continue;
        }
        let (v, len) = match digits_eight_at_a_time(head) {
            Some(found) => found,
            // Usually no whitespace is left before a number (the byte after the last one
            // was taken), else skip it and try again.
            None => {
                let spaces = window[at..].iter().take_while(|&&b| is_space(b)).count();
                if spaces == 0 {
                    return None;
                }
                at += spaces;
                digits_eight_at_a_time(sixteen_at(window, at)?)?
            }
        };
        others += 1;
        usual.other = len;
        *value = v;
        at += len + 1;
    }
    if 2 * others > N {
        usual.digits = usual.other;
    }
    Some(at)
}

/// Reads exactly `L` digits (1 to 15) at the start of `head` followed by whitespace: the
/// value, or `None` when that is not what `head` starts with.
#[inline(always)]
fn digits_of_length<const L: usize>(head: &[u8; 16]) -> Option<u64> {
    let first = digit_lanes(word(&head[..8]));
    // Bit 7 of each of the first k bytes. `non_digits` is exact up to the first non-digit,
    // so it is 0 there exactly when those bytes are digits.
    let first_bytes = |k: usize| lanes(0x80) >> (8 * (8 - k));
    if L <= 8 {
        if non_digits(first) & first_bytes(L) != 0 || !is_space_bit(head[L]) {
            return None;
        }
        // Move the digits to the top: the bytes below them are leading zeros.
        return Some(eight_digit_value(first << (8 * (8 - L))));
    }
    if non_digits(first) != 0 || !is_space_bit(head[L % 16]) {
        return None;
    }
    let high = eight_digit_value(first);
    if L == 9 {
        // The commonest long length (numbers of 32 bits): one digit more.
        let ninth = head[8].wrapping_sub(b'0');
        return (ninth <= 9).then(|| high * 10 + ninth as u64);
    }
    let rest = (L - 8) % 8;
    let second = digit_lanes(word(&head[8..]));
    if non_digits(second) & first_bytes(rest) != 0 {
        return None;
    }
    Some(high * POW10[rest] + eight_digit_value(second << (8 * (8 - rest))))
}

/// Reads two numbers of 1 to 3 digits from the front of `bytes`, each followed by one
/// whitespace byte, as in a line `x y`: the values, and how many bytes they take with the
/// whitespace before them; `None` when `bytes` holds anything else there.
///
/// A fast path for [`Reader::read_each`] over pairs of small numbers: the pair is read from
/// one word, and both values come out of one shared sequence of multiplies. It gives up on
/// anything else (more digits, a `+`, more whitespace between the two, bad input, fewer than
/// eight bytes from the first digit), leaving it to the checked reader. What it reads,
/// [`Reader::u64`] reads the same.
///
/// # Complexity
/// O(1), plus the whitespace before the pair.
///
/// ```
/// use combgames::numbers::small_pair_at;
/// assert_eq!(small_pair_at(b"\n499 7\r\n1 2"), Some(([499, 7], 7)));
/// assert_eq!(small_pair_at(b"1 2 3 4 5"), Some(([1, 2], 4)));
/// assert_eq!(small_pair_at(b"1000 2 3 4"), None);
/// assert_eq!(small_pair_at(b"1  2 3 4 5"), None);
/// ```
#[inline(always)]
pub fn small_pair_at(bytes: &[u8]) -> Option<([u64; 2], usize)> {
    match bytes.get(..8).and_then(small_pair) {
        Some(found) => Some(found),
        // Usually no whitespace is left before the pair (the byte after the last was
        // taken), else skip it and try again.
        None => {
            let spaces = bytes.iter().take_while(|&&b| is_space(b)).count();
            if spaces == 0 {
                return None;
            }
            let (pair, len) = small_pair(bytes.get(spaces..)?.get(..8)?)?;
            Some((pair, spaces + len))
        }
    }
}

/// How to read a pair at the start of a word, for each pattern of the bytes that are not
/// digits (bit i for byte i): where the byte between the two numbers is, the pair's length
/// with the byte after it (0 if the word does not start with 1 to 3 digits, a non-digit, 1
/// to 3 digits and a non-digit), and multipliers and a mask that move each number's digits
/// to the top of its half word (see [`small_pair`]).
struct PairLayouts {
    between: [u8; 256],
    len: [u8; 256],
    /// The bytes between and after the numbers.
    separators: [u64; 256],
    /// The commonest separators there: a space between the numbers and `\n` after them.
    space_newline: [u64; 256],
    /// `1 << (8 (4 - f))` for a first number of f digits.
    first_shift: [u64; 256],
    /// The second number's bytes.
    second_mask: [u64; 256],
    /// `1 << (8 (8 - e))`, e the byte after the second number.
    second_shift: [u64; 256],
}

/// See [`PairLayouts`].
const PAIR_LAYOUTS: PairLayouts = {
    let mut layouts = PairLayouts {
        between: [0; 256],
        len: [0; 256],
        separators: [0; 256],
        space_newline: [0; 256],
        first_shift: [0; 256],
        second_mask: [0; 256],
        second_shift: [0; 256],
    };
    let mut stops = 0;
    while stops < 256 {
        // A ninth stop bit ends a word of digits.
        let first = (stops as u32 | 0x100).trailing_zeros();
        let second = ((stops as u32 | 0x100) >> (first + 1)).trailing_zeros();
        if first >= 1 && first <= 3 && second >= 1 && second <= 3 {
            let end = first + 1 + second;
            layouts.between[stops] = first as u8;
            layouts.len[stops] = end as u8 + 1;
            layouts.separators[stops] = 0xff << (8 * first) | 0xff << (8 * end);
            layouts.space_newline[stops] =
                (b' ' as u64) << (8 * first) | (b'\n' as u64) << (8 * end);
            layouts.first_shift[stops] = 1 << (8 * (4 - first));
            layouts.second_mask[stops] = (1 << (8 * end)) - (1 << (8 * (first + 1)));
            layouts.second_shift[stops] = 1 << (8 * (8 - end));
        }
        stops += 1;
    }
    layouts
};

/// [`small_pair_at`] for a pair at the very start of `head`, which holds eight bytes.
#[inline(always)]
fn small_pair(head: &[u8]) -> Option<([u64; 2], usize)> {
    let raw = word(head);
    let digits = digit_lanes(raw);
    // One bit per byte that is not a digit, gathered by a multiply; exact up to the byte
    // after the second number when the byte between them is whitespace (which makes no
    // carry in `non_digits`), and the pair is rejected otherwise.
    let stops = (non_digits(digits).wrapping_mul(0x0002_0408_1020_4081) >> 56) as u8;
    let layout = &PAIR_LAYOUTS;
    let len = layout.len[stops as usize] as usize;
    if len == 0 {
        return None;
    }
    // The separators: one test for the commonest, else one for each.
    if raw & layout.separators[stops as usize] != layout.space_newline[stops as usize]
        && (!is_space_bit(head[layout.between[stops as usize] as usize % 8])
            || !is_space_bit(head[(len - 1) % 8]))
    {
        return None;
    }
    // Each number moved to the top of its half word, with leading zeros below: then the
    // first two steps of the eight-digit sum give both four-digit values at once.
    let first = digits.wrapping_mul(layout.first_shift[stops as usize]) & 0xffff_ffff;
    let second = (digits & layout.second_mask[stops as usize])
        .wrapping_mul(layout.second_shift[stops as usize]);
    let pairs = (first | second).wrapping_mul(10 << 8 | 1) >> 8 & 0x00ff_00ff_00ff_00ff;
    let quads = pairs.wrapping_mul(100 << 16 | 1) >> 16;
    Some(([quads & 0xffff, quads >> 32 & 0xffff], len))
}

/// The whitespace bytes of [`is_space`] as the bits of a word.
const SPACE_BITS: u64 = 1 << b' ' | 0x1f << b'\t';

/// [`is_space`] in one bit test, for the fast paths.
#[inline(always)]
fn is_space_bit(b: u8) -> bool {
    b < 64 && SPACE_BITS >> b & 1 != 0
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
