//! Decimal integers: the [`Reader`]'s `u32`, `u64`, `usize` and `i64` reads, with or without
//! a range, one at a time or `N` at a time, and the fast path under them.
//!
//! The fast path reads a number's digits eight at a time from one machine word (SWAR: "SIMD
//! within a register"), trying first the digit count most numbers have had, then one
//! less: where the next number starts is then known before this one's digits are looked
//! at, and the processor reads ahead. The usual count is learned (numbers of another count
//! in a row change it) and checked on every number; anything the fast path does not take
//! (a sign, more than 15 digits, the end of the buffer, bad input) goes through a checked
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

/// The eight bytes at the start of `bytes` with `'0'` taken out, the first byte lowest: a
/// digit becomes its value, any other byte something above 9.
#[inline(always)]
fn digit_lanes(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes")) ^ lanes(b'0')
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

/// The value of the first `len` (1 to 8) digit lanes: moved to the top, the bytes below
/// them become leading zeros.
#[inline(always)]
fn leading_digit_value(digits: u64, len: usize) -> u64 {
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
        if non_digits(first) & wanted != 0 || !is_space_bit(head[L % 16]) {
            return None;
        }
        if L == 1 {
            return Some(first & 0xff);
        }
        if L <= 4 {
            // At most four digits: moved to the top of the low half, two multiplies.
            let digits = first << (8 * (4 - L.min(4))) & 0xffff_ffff;
            let pairs = digits.wrapping_mul(10 << 8 | 1) >> 8 & 0x00ff_00ff;
            return Some(pairs.wrapping_mul(100 << 16 | 1) >> 16 & 0xffff);
        }
        return Some(leading_digit_value(first, L));
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

/// Runs `$body` with the constants `$l`, the digit count `$len` (1 to 15), and `$m`, one
/// less (at least 1); else `$otherwise`. A copy of the body for each count makes the count
/// a constant in it.
macro_rules! by_digit_count {
    ($len:expr, $l:ident, $m:ident => $body:expr, $otherwise:expr) => {
        match $len {
            1 => by_digit_count!(@ 1, 1, $l, $m, $body),
            2 => by_digit_count!(@ 2, 1, $l, $m, $body),
            3 => by_digit_count!(@ 3, 2, $l, $m, $body),
            4 => by_digit_count!(@ 4, 3, $l, $m, $body),
            5 => by_digit_count!(@ 5, 4, $l, $m, $body),
            6 => by_digit_count!(@ 6, 5, $l, $m, $body),
            7 => by_digit_count!(@ 7, 6, $l, $m, $body),
            8 => by_digit_count!(@ 8, 7, $l, $m, $body),
            9 => by_digit_count!(@ 9, 8, $l, $m, $body),
            10 => by_digit_count!(@ 10, 9, $l, $m, $body),
            11 => by_digit_count!(@ 11, 10, $l, $m, $body),
            12 => by_digit_count!(@ 12, 11, $l, $m, $body),
            13 => by_digit_count!(@ 13, 12, $l, $m, $body),
            14 => by_digit_count!(@ 14, 13, $l, $m, $body),
            15 => by_digit_count!(@ 15, 14, $l, $m, $body),
            _ => $otherwise,
        }
    };
    (@ $x:literal, $y:literal, $l:ident, $m:ident, $body:expr) => {{
        #[allow(dead_code)]
        const $l: usize = $x;
        #[allow(dead_code)]
        const $m: usize = $y;
        $body
    }};
}

/// The digit count that number reads try first, and what a read learns from numbers of
/// other counts: the last one's count, how many in a row had it, and where the last ended.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Usual {
    len: usize,
    other: usize,
    streak: usize,
    after: usize,
}

impl Usual {
    /// Numbers of `len` digits first (1 to 15).
    pub(crate) fn new(len: usize) -> Usual {
        Usual {
            len,
            other: len,
            streak: 0,
            after: usize::MAX,
        }
    }

    /// Notes a number of another length `len` read from `start` to `end`: three in a row of
    /// one length make it the usual one.
    fn learn(&mut self, len: usize, start: usize, end: usize) {
        let streak = match start == self.after && len == self.other {
            true => self.streak + 1,
            false => 1,
        };
        *self = match streak {
            3 => Usual::new(len),
            _ => Usual {
                other: len,
                streak,
                after: end,
                ..*self
            },
        };
    }
}

/// The value and length of 1 to 15 digits at the start of `head` followed by whitespace.
#[inline(never)]
fn digits_any_length(head: &[u8; 16]) -> Option<(u64, usize)> {
    let len = match non_digits(digit_lanes(&head[..8])) {
        0 => 8 + (non_digits(digit_lanes(&head[8..])).trailing_zeros() / 8) as usize,
        stops => (stops.trailing_zeros() / 8) as usize,
    };
    let value = by_digit_count!(len, L, M => digits_of::<L>(head), None)?;
    Some((value, len))
}

/// How to read two numbers of 1 to 3 digits from one word, by the pattern of its bytes that
/// are not digits (bit i for byte i): where the byte between them is, the pair's length
/// with the byte after it (0 if the word does not start so), both separators' lanes and
/// their commonest bytes (a space, then `\n`), and the multipliers and mask that move each
/// number's digits to the top of its half word (see [`short_pair`]).
struct PairLayouts {
    between: [u8; 256],
    len: [u8; 256],
    separators: [u64; 256],
    space_newline: [u64; 256],
    first_shift: [u64; 256],
    second_mask: [u64; 256],
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

/// Two numbers of 1 to 3 digits at the start of `head`, each followed by one whitespace
/// byte, read from one word with no branch on their lengths (which random short numbers
/// would mispredict): their values and length, or `None`.
#[inline(always)]
fn short_pair(head: &[u8; 16]) -> Option<([u64; 2], usize)> {
    let raw = u64::from_le_bytes(head[..8].try_into().expect("8 bytes"));
    let digits = raw ^ lanes(b'0');
    // One bit a byte that is not a digit, gathered by a multiply; exact up to the byte after
    // the second number when the byte between them is whitespace (which makes no carry in
    // `non_digits`), and the pair is refused otherwise.
    let stops = (non_digits(digits).wrapping_mul(0x0002_0408_1020_4081) >> 56) as usize;
    let layout = &PAIR_LAYOUTS;
    let len = usize::from(layout.len[stops]);
    let separators = raw & layout.separators[stops];
    let spaces = || {
        let after = len.wrapping_sub(1) % 8;
        is_space_bit(head[usize::from(layout.between[stops]) % 8]) && is_space_bit(head[after])
    };
    if len == 0 || separators != layout.space_newline[stops] && !spaces() {
        return None;
    }
    // Each number moved to the top of its half word, with leading zeros below: then two
    // steps of the eight-digit sum give both values at once.
    let first = digits.wrapping_mul(layout.first_shift[stops]) & 0xffff_ffff;
    let second = (digits & layout.second_mask[stops]).wrapping_mul(layout.second_shift[stops]);
    let pairs = (first | second).wrapping_mul(10 << 8 | 1) >> 8 & 0x00ff_00ff_00ff_00ff;
    let quads = pairs.wrapping_mul(100 << 16 | 1) >> 16;
    Some(([quads & 0xffff, quads >> 32 & 0xffff], len))
}

/// The 16 bytes of `window` from `at`, which is below 2048.
#[inline(always)]
fn head(window: &[u8; WINDOW], at: usize) -> &[u8; 16] {
    // The mask only lets the compiler see that `at` is in the window.
    window[at % 2048..][..16].try_into().expect("16 bytes")
}

/// Reads `N` numbers from the front of `window`, each of `L` or `M` digits, else of any
/// length after a little whitespace, and followed by one whitespace byte: the bytes they
/// took, how many had another length and the last such length; `None` at the first that is
/// not such a number.
#[inline(always)]
fn many<const N: usize, const L: usize, const M: usize>(
    window: &[u8; WINDOW],
    values: &mut [u64; N],
) -> Option<(usize, usize, usize)> {
    let (mut at, mut others, mut other) = (0, 0, L);
    let mut first = 0;
    // Short numbers two at a time, with no branch on their lengths.
    while L <= 3 && first + 1 < N {
        match short_pair(head(window, at)) {
            Some((pair, len)) => {
                values[first..first + 2].copy_from_slice(&pair);
                at += len;
                first += 2;
            }
            None => break,
        }
    }
    for value in values[first..].iter_mut() {
        let (v, len) = match usually::<L, M>(head(window, at)) {
            Some(found) => found,
            None => {
                let spaces = head(window, at).iter().take(8);
                at += spaces.take_while(|&&b| is_space(b)).count();
                others += 1;
                let found = digits_any_length(head(window, at))?;
                other = found.1;
                found
            }
        };
        *value = v;
        at += len + 1;
    }
    Some((at, others, other))
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
    /// when it does not apply.
    #[inline(always)]
    fn digits_fast(&mut self) -> Option<u64> {
        if !self.fast {
            return None;
        }
        // The byte at `end` is 0, which stops any number that would run past it.
        let head: &[u8; 16] = self.window()[..16].try_into().expect("16 bytes");
        let found = by_digit_count!(self.usual.len, L, M => usually::<L, M>(head), None);
        let (value, len) = match found {
            Some(found) => found,
            None => self.digits_other_length()?,
        };
        self.pos += len + 1;
        Some(value)
    }

    /// [`Reader::digits_fast`] for a number of another length, or after whitespace: its
    /// value and length, `pos` moved to it.
    #[inline(never)]
    fn digits_other_length(&mut self) -> Option<(u64, usize)> {
        let start = self.pos;
        self.skip_spaces();
        let (value, len) = digits_any_length(self.window()[..16].try_into().expect("16"))?;
        self.usual.learn(len, start, self.pos + len + 1);
        Some((value, len))
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
        self.skip_spaces();
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
    /// per number when each is followed by one whitespace byte, as in a line of them.
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
        let mut values = [0; N];
        if self.u64s_each_fast(1, &range, &mut |found| {
            values = found;
            Ok(())
        })? == 0
        {
            for value in values.iter_mut() {
                *value = self.u64_in(range.clone(), what)?;
            }
        }
        Ok(values)
    }

    /// Reads `count` times `N` `u64`s in `range`, calling `visit` with each `N`, as many calls
    /// of [`Reader::u64s_in`] would, with less work per number: for many lines of numbers.
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
    /// rd.u64s_each(3, 1..=20, "a side", |[a, b]| Ok(squares.push(a * a + b * b))).unwrap();
    /// assert_eq!(squares, [25, 169, 289]);
    /// ```
    #[inline(always)]
    pub fn u64s_each<const N: usize>(
        &mut self,
        count: u64,
        range: RangeInclusive<u64>,
        what: &str,
        mut visit: impl FnMut([u64; N]) -> Result<()>,
    ) -> Result<()> {
        let mut left = count;
        while left > 0 {
            match self.u64s_each_fast(left, &range, &mut visit)? {
                0 => {
                    let mut values = [0; N];
                    for value in values.iter_mut() {
                        *value = self.u64_in(range.clone(), what)?;
                    }
                    visit(values)?;
                    left -= 1;
                }
                read => left -= read,
            }
        }
        Ok(())
    }

    /// The fast path of [`Reader::u64s_each`]: up to `most` times `N` numbers in `range`
    /// read from the buffer, `visit` called with each `N`: how many times.
    #[inline(always)]
    fn u64s_each_fast<const N: usize>(
        &mut self,
        most: u64,
        range: &RangeInclusive<u64>,
        visit: &mut impl FnMut([u64; N]) -> Result<()>,
    ) -> Result<u64> {
        assert!(N <= 64, "{} numbers at once are too many", N);
        let (low, span) = (*range.start(), range.end().wrapping_sub(*range.start()));
        let usual = self.usual.len * usize::from(self.fast);
        let mut read = 0;
        while read < most {
            let mut values = [0; N];
            // The byte at `end` is 0, which stops any number that would run past it.
            let window = self.window();
            let found = by_digit_count!(usual, L, M => many::<N, L, M>(window, &mut values), None);
            let (len, others, other) = match found {
                Some(found) => found,
                None => break,
            };
            let outside = values
                .iter()
                .fold(false, |out, &v| out | (v.wrapping_sub(low) > span));
            if outside {
                break;
            }
            self.pos += len;
            read += 1;
            visit(values)?;
            if 2 * others > N {
                // Most numbers had another length: try the last one's first.
                self.usual = Usual::new(other);
                break;
            }
        }
        Ok(read)
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
