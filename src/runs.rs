//! Runs of plain numbers read straight from a [`Reader`]'s buffer: the batch fast paths of
//! binaries that read many numbers, for [`Reader::read_runs`] and [`Reader::read_each`].
//!
//! [`u64s_at`] reads `N` numbers a call, trying the length most of them have first;
//! [`small_pair_at`] reads an `x y` pair of small numbers from one word. Both give up (`None`)
//! on anything unusual, leaving it to the checked reader, so what they read the checked
//! reader reads the same. They build on the word helpers of [`crate::numbers`].
//!
//! [`Reader`]: crate::io::Reader
//! [`Reader::read_runs`]: crate::io::Reader::read_runs
//! [`Reader::read_each`]: crate::io::Reader::read_each

use crate::io::is_space;
use crate::numbers::{
    digit_lanes, digits_eight_at_a_time, eight_digit_value, is_space_bit, lanes, non_digits,
    sixteen_at, word, POW10,
};

/// The digit count most numbers of a run have, learned by [`u64s_at`] as it reads them.
///
/// [`u64s_at`] first tries whether the next number has the usual length (then one digit
/// less): then where the number after it starts is known before the number's bytes are
/// looked at, so the processor can go on to it while this one is read, where finding each
/// number's end first would make every number wait for the last. The learned length is a
/// guess, checked for each number; a wrong one costs time, never a wrong value.
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
/// A fast path for [`Reader::read_runs`](crate::io::Reader::read_runs) and
/// [`Reader::read_each`](crate::io::Reader::read_each): it takes only numbers of 1 to 15
/// digits with no sign, each followed by whitespace, all within the first `17 N + 16` bytes
/// of `bytes`, and gives up on anything else (a `+`, a long number, much whitespace, bad
/// input, the end of `bytes`), leaving it to the checked reader. What it reads,
/// [`Reader::u64`](crate::io::Reader::u64) reads the same.
///
/// # Complexity
/// O(N).
///
/// ```
/// use combgames::runs::{u64s_at, UsualLength};
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
    // One copy of the loop for each usual length, with the lengths constants in it.
    match usual.digits {
        1 => u64s_usually::<N, 1, 1>(bytes, values, usual),
        2 => u64s_usually::<N, 2, 1>(bytes, values, usual),
        3 => u64s_usually::<N, 3, 2>(bytes, values, usual),
        4 => u64s_usually::<N, 4, 3>(bytes, values, usual),
        5 => u64s_usually::<N, 5, 4>(bytes, values, usual),
        6 => u64s_usually::<N, 6, 5>(bytes, values, usual),
        7 => u64s_usually::<N, 7, 6>(bytes, values, usual),
        8 => u64s_usually::<N, 8, 7>(bytes, values, usual),
        9 => u64s_usually::<N, 9, 8>(bytes, values, usual),
        10 => u64s_usually::<N, 10, 9>(bytes, values, usual),
        11 => u64s_usually::<N, 11, 10>(bytes, values, usual),
        12 => u64s_usually::<N, 12, 11>(bytes, values, usual),
        13 => u64s_usually::<N, 13, 12>(bytes, values, usual),
        14 => u64s_usually::<N, 14, 13>(bytes, values, usual),
        _ => u64s_usually::<N, 15, 14>(bytes, values, usual),
    }
}

/// [`u64s_at`] with the usual length `L`, and then `M` (one less, if `L` is above 1): the
/// commonest other length of random numbers, about a tenth as many.
#[inline(always)]
fn u64s_usually<const N: usize, const L: usize, const M: usize>(
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
        if M < L {
            if let Some(v) = digits_of_length::<M>(head) {
                *value = v;
                at += M + 1;
                others += 1;
                usual.other = M;
                continue;
            }
        }
        let (v, len) = match digits_eight_at_a_time(head) {
            Some(found) => found,
            // Usually no whitespace is left before a number (the byte after the last one
            // was taken), else skip it and try again.
            None => {
                at += leading_whitespace(&window[at..])?;
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
/// A fast path for [`Reader::read_each`](crate::io::Reader::read_each) over pairs of small
/// numbers: the pair is read from one word, and both values come out of one shared sequence
/// of multiplies. It gives up on anything else (more digits, a `+`, more whitespace between
/// the two, bad input, fewer than eight bytes from the first digit), leaving it to the
/// checked reader. What it reads, [`Reader::u64`](crate::io::Reader::u64) reads the same.
///
/// # Complexity
/// O(1), plus the whitespace before the pair.
///
/// ```
/// use combgames::runs::small_pair_at;
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
            let spaces = leading_whitespace(bytes)?;
            let (pair, len) = small_pair(bytes.get(spaces..)?.get(..8)?)?;
            Some((pair, spaces + len))
        }
    }
}

/// How many whitespace bytes `bytes` starts with, or `None` if none: then what is there
/// is neither whitespace nor what the fast path reads, and it gives up.
#[inline(always)]
fn leading_whitespace(bytes: &[u8]) -> Option<usize> {
    let spaces = bytes.iter().take_while(|&&b| is_space(b)).count();
    (spaces > 0).then_some(spaces)
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
