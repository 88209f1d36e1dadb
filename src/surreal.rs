//! Numbers in the sense of combinatorial games (the surreal numbers born on a finite day):
//! exact dyadic rationals, the simplest number between a position's best options, which is
//! the value `{L | R}` of a position whose options are numbers, and red-blue Hackenbush
//! strings. A sum of games that are numbers is worth the sum of the numbers, and its sign
//! says who wins ([`DyadicRational::outcome`]).
//! Layer 2: uses `errors` and `partizan`.

use crate::errors::{self, error};
use crate::partizan::{Outcome, Player};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};

/// What a result outside the values panics with.
const OVERFLOW: &str = "DyadicRational overflow";

/// What a value must be, in errors.
const VALUES: &str = "a DyadicRational: a numerator in i128 over 2^0 to 2^127";

/// An exact dyadic rational `numerator / 2^exponent`, in lowest terms (an odd numerator, or
/// the exponent 0), so that equal values are equal structs. No floats, no rounding.
///
/// The values are every `m / 2^k` in lowest terms with `m` an `i128` and `k` at most 127:
/// integers in `-2^127..2^127` (beyond 10^38), or integer parts up to 10^18 with
/// denominators up to 2^67. Sums, differences and negation are exact, and panic when the
/// exact result is outside these values (never a spurious overflow within them).
///
/// ```
/// use combgames::surreal::DyadicRational;
/// let half = DyadicRational::new(1, 1);
/// let three_quarters = DyadicRational::new(6, 3);
/// assert_eq!(three_quarters.to_string(), "3/4");
/// assert_eq!((half - DyadicRational::integer(3)).to_string(), "-5/2");
/// assert_eq!((half + half).to_string(), "1");
/// assert!(half < three_quarters && -half < DyadicRational::ZERO);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct DyadicRational {
    numerator: i128,
    exponent: u32,
}

impl DyadicRational {
    /// The number 0.
    pub const ZERO: DyadicRational = DyadicRational::integer(0);

    /// The integer `n`.
    ///
    /// # Complexity
    /// O(1).
    pub const fn integer(n: i128) -> Self {
        DyadicRational {
            numerator: n,
            exponent: 0,
        }
    }

    /// The number `numerator / 2^exponent`, reduced to lowest terms.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `exponent` is above 127: [`DyadicRational::try_new`] says so instead.
    pub fn new(numerator: i128, exponent: u32) -> Self {
        assert!(exponent <= 127, "{}", OVERFLOW);
        // 0 has 128 trailing zeros: it comes out as 0 / 1.
        let common = numerator.trailing_zeros().min(exponent);
        DyadicRational {
            numerator: numerator >> common,
            exponent: exponent - common,
        }
    }

    /// As [`DyadicRational::new`], for values read from input.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Errors
    /// A rule error (as `io::error` makes) if `exponent` is above 127.
    pub fn try_new(numerator: i128, exponent: u32) -> errors::Result<Self> {
        let found = || error(VALUES, format!("{numerator}/2^{exponent}"));
        Some(exponent).filter(|&e| e <= 127).ok_or_else(found)?;
        Ok(DyadicRational::new(numerator, exponent))
    }

    /// `self + other`, for values read from input: an error where `+` panics.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Errors
    /// A rule error (as `io::error` makes) if the exact sum is not a value.
    pub fn try_add(self, other: Self) -> errors::Result<Self> {
        let found = || error(VALUES, format!("{self} + {other}"));
        self.sum(other, false).ok_or_else(found)
    }

    /// The numerator in lowest terms.
    ///
    /// # Complexity
    /// O(1).
    pub fn numerator(self) -> i128 {
        self.numerator
    }

    /// The power of two of the denominator in lowest terms: `k` for `m / 2^k`, whose
    /// denominator is `1u128 << k` (for answers printed `p/q` even when `q` is 1).
    ///
    /// # Complexity
    /// O(1).
    pub fn exponent(self) -> u32 {
        self.exponent
    }

    /// The numerator over the denominator `2^exponent`, the value times `2^exponent`, when
    /// that is an integer that fits an `i128`; else `None`. For tables of scaled integers.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// ```
    /// use combgames::surreal::DyadicRational;
    /// let x = DyadicRational::new(-5, 2); // -5/4
    /// assert_eq!(x.numerator_over(5), Some(-40)); // -40/32
    /// assert_eq!(x.numerator_over(1), None);
    /// ```
    pub fn numerator_over(self, exponent: u32) -> Option<i128> {
        shifted(self.numerator, exponent.checked_sub(self.exponent)?)
    }

    /// Who wins a game worth this number: a positive one Left whoever starts, a negative one
    /// Right, 0 the second player; the winner with Left starting is `.left_starts`, with
    /// Right starting `.right_starts` (`Some(Player::Left)` or `Some(Player::Right)`).
    ///
    /// # Complexity
    /// O(1).
    pub fn outcome(self) -> Outcome {
        Outcome::from_comparison_with_zero(Some(self.cmp(&DyadicRational::ZERO)))
    }

    /// The integer part (rounded down) and the fraction left, in units of `2^-127`: together
    /// they order the numbers as tuples, and they add with no step that can overflow.
    fn parts(self) -> (i128, u128) {
        let fraction = self.numerator as u128 & ((1 << self.exponent) - 1);
        let floor = self.numerator >> self.exponent;
        (floor, fraction << (127 - self.exponent))
    }

    /// The number `floor + fraction / 2^127`, if it is one of the values (`fraction` below
    /// `2^127`). Its numerator is `floor * 2^k` plus less than `2^k`: it fits iff the first
    /// term does.
    fn from_parts(floor: i128, fraction: u128) -> Option<Self> {
        let exponent = 127 - fraction.trailing_zeros().min(127);
        let numerator = shifted(floor, exponent)? | (fraction >> (127 - exponent)) as i128;
        Some(DyadicRational {
            numerator,
            exponent,
        })
    }

    /// `self + other`, or `self - other` if `subtract`; `None` when outside the values.
    fn sum(self, other: Self, subtract: bool) -> Option<Self> {
        // A carry or a borrow from the fractions is 1 only when both numbers have fractions,
        // so integer parts within 2^126 of 0: the first step overflows only when the result
        // is no value either.
        let ((a, x), (b, y)) = (self.parts(), other.parts());
        let (floor, fraction) = if subtract {
            (
                a.checked_sub(b)?.checked_sub((x < y).into())?,
                x.wrapping_sub(y),
            )
        } else {
            (
                a.checked_add(b)?.checked_add(((x + y) >> 127) as i128)?,
                x + y,
            )
        };
        DyadicRational::from_parts(floor, fraction & !(1 << 127))
    }
}

/// `n * 2^shift`, if it fits an `i128`.
fn shifted(n: i128, shift: u32) -> Option<i128> {
    // Past 127 bits only 0 survives, and `checked_shl` gives `None` for 0 too.
    let product = n.checked_shl(shift).unwrap_or(0);
    (product >> shift.min(127) == n).then_some(product)
}

impl Ord for DyadicRational {
    fn cmp(&self, other: &Self) -> Ordering {
        self.parts().cmp(&other.parts())
    }
}

impl PartialOrd for DyadicRational {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// # Panics
/// If the exact sum is outside the values of [`DyadicRational`].
impl Add for DyadicRational {
    type Output = DyadicRational;
    fn add(self, other: Self) -> Self {
        self.sum(other, false).expect(OVERFLOW)
    }
}

/// # Panics
/// If the exact difference is outside the values of [`DyadicRational`].
impl Sub for DyadicRational {
    type Output = DyadicRational;
    fn sub(self, other: Self) -> Self {
        self.sum(other, true).expect(OVERFLOW)
    }
}

/// # Panics
/// For `-2^127`, whose negation is outside the values of [`DyadicRational`].
impl Neg for DyadicRational {
    type Output = DyadicRational;
    fn neg(self) -> Self {
        DyadicRational::ZERO - self
    }
}

/// As contests print numbers: `3`, `-5/2`, `3/4`.
impl fmt::Display for DyadicRational {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.exponent {
            0 => write!(f, "{}", self.numerator),
            k => write!(f, "{}/{}", self.numerator, 1u128 << k),
        }
    }
}

/// The simplest number strictly between `left` and `right`, a missing side (`None`) meaning
/// no bound: the value `{L | R}` of a position whose options are numbers, `left` its best
/// Left option and `right` its best Right option (none: the player has no move). `None`
/// when no number is between, `left >= right`.
///
/// The simplest number is the one born first. Integer `n` is born on day `|n|`, and
/// `m / 2^k` (odd `m`, `k > 0`) on day `ceil(|m / 2^k|) + k`, after every integer up to its
/// ceiling. So if the interval holds an integer, the one of least magnitude is simplest;
/// if not, all its numbers lie between two neighbouring integers and the one with the
/// smallest denominator is simplest, and unique: between two odd multiples of `2^-k` lies
/// an even one.
///
/// # Complexity
/// O(1).
///
/// # Panics
/// If the simplest number is outside the values of [`DyadicRational`]: past the largest
/// integer, or with a denominator above `2^127`.
///
/// ```
/// use combgames::surreal::{simplest_between, DyadicRational};
/// let int = |n| Some(DyadicRational::integer(n));
/// assert_eq!(simplest_between(None, None), DyadicRational::ZERO.into()); // { | } = 0
/// assert_eq!(simplest_between(int(-3), int(5)), int(0)); // {-3 | 5} = 0
/// assert_eq!(simplest_between(int(2), None), int(3)); // {2 | } = 3
/// assert_eq!(simplest_between(int(0), int(1)), Some(DyadicRational::new(1, 1))); // 1/2
/// let (a, b) = (DyadicRational::new(5, 3), DyadicRational::new(7, 3)); // 5/8 and 7/8
/// assert_eq!(simplest_between(Some(a), Some(b)), Some(DyadicRational::new(3, 2)));
/// assert_eq!(simplest_between(int(1), int(1)), None);
/// ```
pub fn simplest_between(
    left: Option<DyadicRational>,
    right: Option<DyadicRational>,
) -> Option<DyadicRational> {
    if let (Some(l), Some(r)) = (left, right) {
        if l >= r {
            return None;
        }
    }
    // The integers strictly between run from `first` to `last`: 0 if it is one, else the
    // end nearer 0. For `m / 2^k`, `(m - 1) >> k` is the ceiling less 1: `m - 1` for an
    // integer, else the floor (an odd `m` is no multiple of 2^k). Neither overflows unless
    // every integer between is outside i128.
    let first = left.map_or(i128::MIN, |l| l.parts().0.checked_add(1).expect(OVERFLOW));
    let last = right.map_or(i128::MAX, |r| {
        r.numerator.checked_sub(1).expect(OVERFLOW) >> r.exponent
    });
    if first <= last {
        return Some(DyadicRational::integer(0.max(first).min(last)));
    }
    // Both bounds exist and lie in `floor..=floor + 1`: in units of 2^-127 above `floor`,
    // the numbers between are `low + 1..=high - 1`, and the one with the most trailing zeros
    // is the multiple of 2^t at or below `high - 1`, for t the highest bit that differs
    // between `low` and `high - 1`: `low` is below it and the next multiple above `high - 1`.
    let ((floor, low), (right_floor, high)) = (left?.parts(), right?.parts());
    let high = if right_floor == floor { high } else { 1 << 127 };
    assert!(high - low >= 2, "{}", OVERFLOW);
    let t = 127 - (low ^ (high - 1)).leading_zeros();
    DyadicRational::from_parts(floor, (high - 1) >> t << t)
        .expect(OVERFLOW)
        .into()
}

/// The value of a red-blue Hackenbush string: its edges from the ground up, Left's (blue)
/// where a byte of `edges` is `left`, Right's (red) where it is any other byte. A move cuts
/// an edge of one's own colour, and every edge above it falls; who cannot move loses.
///
/// Berlekamp's rule: the first run of one colour counts 1 an edge for its owner (+1 Left's,
/// -1 Right's), and after it the edges count 1/2, 1/4, 1/8, ... in turn, each for its
/// owner. A sum of strings is won by Left if its total is positive, by Right if negative,
/// and by the second player if 0 ([`DyadicRational::outcome`]).
///
/// # Complexity
/// O(edges).
///
/// # Panics
/// If the value is outside the values of [`DyadicRational`]: more than 127 edges after the
/// first run, or a numerator (about `r * 2^e`, for a first run of `r` edges and `e` after
/// it) outside `i128`. [`try_hackenbush_value`] says so instead.
///
/// ```
/// use combgames::partizan::OutcomeClass;
/// use combgames::surreal::hackenbush_value;
/// assert_eq!(hackenbush_value(b"BBRB", b'B').to_string(), "7/4"); // 1 + 1 - 1/2 + 1/4
/// assert_eq!(hackenbush_value(b"RL", b'L').to_string(), "-1/2");
/// let total = hackenbush_value(b"BR", b'B') + hackenbush_value(b"RB", b'B'); // 1/2 - 1/2
/// assert_eq!(total.outcome().class(), OutcomeClass::Previous);
/// ```
pub fn hackenbush_value(edges: &[u8], left: u8) -> DyadicRational {
    try_hackenbush_value(edges, left).expect(OVERFLOW)
}

/// As [`hackenbush_value`], for strings read from input: an error where it panics.
///
/// # Complexity
/// O(edges).
///
/// # Errors
/// A rule error (as `io::error` makes), for a value outside those of [`DyadicRational`].
pub fn try_hackenbush_value(edges: &[u8], left: u8) -> errors::Result<DyadicRational> {
    let sign = |edge: &u8| if *edge == left { 1 } else { -1 };
    let first = edges.first().map_or(0, sign);
    let run = edges.iter().take_while(|&edge| sign(edge) == first).count();
    let (exponent, mut numerator) = (edges.len() - run, Some(first * run as i128));
    // In units of 2^-exponent: each later edge doubles what came before and adds its own.
    for edge in &edges[run..] {
        numerator = numerator.and_then(|n| n.checked_mul(2)?.checked_add(sign(edge)));
    }
    let found = || error(VALUES, format!("a string of {run} edges, then {exponent}"));
    let numerator = numerator.filter(|_| exponent <= 127).ok_or_else(found)?;
    Ok(DyadicRational::new(numerator, exponent as u32))
}

/// A winning move of `mover` moving first in the sum of the Hackenbush strings `strings`
/// (each as [`hackenbush_value`] reads it): `(i, e)` to cut edge `e` (from 0 at the ground)
/// of string `i`, after which `mover` wins with the opponent to move; `None` if `mover`
/// loses moving first.
///
/// Left moving first wins a number `G` iff `G > 0`, by a move to a number `G' >= 0` (which
/// Right moving first loses); Right iff `G < 0`, by a move to `G' <= 0`. A player's best cut
/// in a string is their topmost edge: a lower one of theirs fells it too, with the edges
/// between, which favour them (the lowest, their own, outweighs the rest). So if any move
/// wins, cutting the topmost edge of one's colour in some string does.
///
/// # Complexity
/// O(total edges).
///
/// # Panics
/// As [`hackenbush_value`], or if the sum is outside the values of [`DyadicRational`]: for
/// strings read from input, check their values by [`try_hackenbush_value`] and their sum by
/// [`DyadicRational::try_add`] first.
///
/// ```
/// use combgames::partizan::Player;
/// use combgames::surreal::hackenbush_winning_move;
/// // B + RR + BRB = 1 - 2 + 3/4 < 0: Right wins, cutting the red edge of BRB (1 - 2 + 1 = 0).
/// let strings = ["B", "RR", "BRB"];
/// assert_eq!(hackenbush_winning_move(&strings, b'B', Player::Left), None);
/// assert_eq!(hackenbush_winning_move(&strings, b'B', Player::Right), Some((2, 1)));
/// ```
pub fn hackenbush_winning_move<S: AsRef<[u8]>>(
    strings: &[S],
    left: u8,
    mover: Player,
) -> Option<(usize, usize)> {
    let values: Vec<DyadicRational> = (strings.iter())
        .map(|s| hackenbush_value(s.as_ref(), left))
        .collect();
    let total = values.iter().fold(DyadicRational::ZERO, |sum, &v| sum + v);
    let mine = |edge: &u8| (*edge == left) == (mover == Player::Left);
    (0..strings.len()).find_map(|i| {
        let edges = strings[i].as_ref();
        let cut = edges.iter().rposition(mine)?;
        let after = total - values[i] + hackenbush_value(&edges[..cut], left);
        let wins = match mover {
            Player::Left => after >= DyadicRational::ZERO,
            Player::Right => after <= DyadicRational::ZERO,
        };
        wins.then_some((i, cut))
    })
}
