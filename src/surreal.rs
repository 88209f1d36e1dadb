//! Exact dyadic rationals: the values of short partizan games that are numbers.
//!
//! A position whose every Left option is less than every Right option is a number: the
//! simplest number strictly between the best Left option and the best Right option
//! ([`DyadicRational::simplest_between`]). Numbers add like ordinary fractions, and a sum's
//! sign says who wins.

use std::cmp::Ordering;
// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryFrom;
use std::fmt;
use std::ops::{Add, Neg, Sub};

/// A number `numerator / 2^exponent`, kept in lowest terms so that equal numbers are equal
/// structs: the exponent is 0 or the numerator is odd.
///
/// ```
/// use combgames::surreal::DyadicRational;
/// let half = DyadicRational::fraction(2, 4);
/// assert_eq!(half, DyadicRational::fraction(1, 2));
/// assert_eq!((half + half).to_string(), "1");
/// assert_eq!((-half - DyadicRational::fraction(3, 4)).to_string(), "-5/4");
/// assert!(half < DyadicRational::integer(1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct DyadicRational {
    numerator: i64,
    exponent: u32,
}

impl DyadicRational {
    /// Largest exponent (denominator `2^62`): comparisons then fit in `i128`.
    pub const MAX_EXPONENT: u32 = 62;

    /// Zero.
    pub const ZERO: DyadicRational = DyadicRational {
        numerator: 0,
        exponent: 0,
    };

    /// The number `numerator / denominator`, in lowest terms; the denominator must be a
    /// power of two: `fraction(65, 16)` is 65/16.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `denominator` is not a power of two, or is above `2^MAX_EXPONENT`.
    ///
    /// ```
    /// use combgames::surreal::DyadicRational;
    /// assert_eq!(DyadicRational::fraction(-6, 8).to_string(), "-3/4");
    /// assert_eq!(DyadicRational::fraction(6, 2), DyadicRational::integer(3));
    /// ```
    pub fn fraction(numerator: i64, denominator: u64) -> Self {
        assert!(
            denominator.is_power_of_two() && denominator.trailing_zeros() <= Self::MAX_EXPONENT,
            "the denominator {} is not a power of two up to 2^{}",
            denominator,
            Self::MAX_EXPONENT
        );
        Self::from_exponent(numerator, denominator.trailing_zeros())
    }

    /// `numerator / 2^exponent` in lowest terms, for `exponent <= MAX_EXPONENT`.
    fn from_exponent(numerator: i64, exponent: u32) -> Self {
        let shift = numerator.trailing_zeros().min(exponent);
        DyadicRational {
            numerator: numerator >> shift,
            exponent: exponent - shift,
        }
    }

    /// The integer `n`.
    ///
    /// # Complexity
    /// O(1).
    pub const fn integer(n: i64) -> Self {
        DyadicRational {
            numerator: n,
            exponent: 0,
        }
    }

    /// The numerator in lowest terms.
    ///
    /// # Complexity
    /// O(1).
    pub fn numerator(self) -> i64 {
        self.numerator
    }

    /// The exponent of the denominator `2^exponent` in lowest terms.
    ///
    /// # Complexity
    /// O(1).
    pub fn exponent(self) -> u32 {
        self.exponent
    }

    /// The largest integer not above `self`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// ```
    /// use combgames::surreal::DyadicRational;
    /// assert_eq!(DyadicRational::fraction(-5, 4).floor(), -2);
    /// assert_eq!(DyadicRational::fraction(5, 4).floor(), 1);
    /// ```
    pub fn floor(self) -> i64 {
        // An arithmetic shift rounds towards minus infinity.
        self.numerator >> self.exponent
    }

    /// The smallest integer not below `self`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// ```
    /// use combgames::surreal::DyadicRational;
    /// assert_eq!(DyadicRational::fraction(-5, 4).ceil(), -1);
    /// assert_eq!(DyadicRational::fraction(5, 4).ceil(), 2);
    /// ```
    pub fn ceil(self) -> i64 {
        // In lowest terms, a non-zero exponent means a fractional part.
        self.floor() + i64::from(self.exponent > 0)
    }

    /// The sum, or `None` if its numerator overflows `i64`.
    ///
    /// # Complexity
    /// O(1).
    pub fn checked_add(self, other: Self) -> Option<Self> {
        let exponent = self.exponent.max(other.exponent);
        let sum = self.scaled_wide(exponent) + other.scaled_wide(exponent);
        // Lowest terms of the sum have an exponent no larger, so reduce while wide.
        let shift = sum.trailing_zeros().min(exponent);
        let numerator = i64::try_from(sum >> shift).ok()?;
        Some(DyadicRational {
            numerator,
            exponent: exponent - shift,
        })
    }

    /// `self * 2^exponent` as an integer, or `None` if that is not an integer or does not
    /// fit an `i64`: fixed-point values for fast sums.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// ```
    /// use combgames::surreal::DyadicRational;
    /// assert_eq!(DyadicRational::fraction(65, 16).to_scaled(5), Some(130));
    /// assert_eq!(DyadicRational::fraction(65, 16).to_scaled(3), None);
    /// ```
    pub fn to_scaled(self, exponent: u32) -> Option<i64> {
        let shift = exponent.checked_sub(self.exponent)?;
        if self.numerator == 0 {
            return Some(0);
        }
        // Any non-zero numerator shifted by 64 or more leaves the i64 range.
        if shift >= 64 {
            return None;
        }
        i64::try_from(i128::from(self.numerator) << shift).ok()
    }

    /// The numerator over `2^exponent`, for `exponent >= self.exponent`, in `i128`.
    fn scaled_wide(self, exponent: u32) -> i128 {
        i128::from(self.numerator) << (exponent - self.exponent)
    }

    /// The simplest number strictly between `low` and `high`, where `None` is an absent
    /// bound; `None` if `low >= high`. This is the value of the game `{low | high}` whose
    /// options are numbers with `low` the best for Left and `high` the best for Right.
    ///
    /// Simplest means: the integer nearest 0 if there is one in between, else the number in
    /// between with the smallest denominator (there is exactly one).
    ///
    /// # Complexity
    /// O(exponents of the bounds).
    ///
    /// # Panics
    /// If the answer does not fit: a numerator beyond `i64`, or a denominator above
    /// `2^MAX_EXPONENT`.
    ///
    /// ```
    /// use combgames::surreal::DyadicRational as Q;
    /// assert_eq!(Q::simplest_between(None, None), Some(Q::ZERO));
    /// assert_eq!(Q::simplest_between(Some(Q::ZERO), None), Some(Q::integer(1)));
    /// assert_eq!(Q::simplest_between(Some(Q::fraction(1, 4)), Some(Q::integer(1))), Some(Q::fraction(1, 2)));
    /// assert_eq!(Q::simplest_between(Some(Q::integer(1)), Some(Q::integer(1))), None);
    /// ```
    pub fn simplest_between(low: Option<Self>, high: Option<Self>) -> Option<Self> {
        if let (Some(a), Some(b)) = (low, high) {
            if a >= b {
                return None;
            }
        }
        let overflow = "the simplest number is an integer beyond i64";
        // The integers strictly between: from just above `low` to just below `high`.
        let first = low.map(|a| a.floor().checked_add(1).expect(overflow));
        let last = high.map(|b| b.ceil().checked_sub(1).expect(overflow));
        let has_integer = match (first, last) {
            (Some(f), Some(l)) => f <= l,
            _ => true,
        };
        if has_integer {
            let n = match (first, last) {
                (Some(f), _) if f > 0 => f,
                (_, Some(l)) if l < 0 => l,
                _ => 0,
            };
            return Some(Self::integer(n));
        }
        // Both bounds exist and no integer lies between: try halves, quarters, ... The first
        // multiple of 2^-k above `low` is the answer for the smallest k at which it is
        // below `high`; both bounds are multiples of 2^-k for large k, so this ends.
        let (a, b) = (low?, high?);
        for k in 1..=Self::MAX_EXPONENT {
            let floor_scaled = if k >= a.exponent {
                i128::from(a.numerator) << (k - a.exponent)
            } else {
                i128::from(a.numerator) >> (a.exponent - k)
            };
            let candidate = i64::try_from(floor_scaled + 1)
                .expect("the simplest number has a numerator beyond i64");
            let candidate = Self::from_exponent(candidate, k);
            if candidate < b {
                return Some(candidate);
            }
        }
        panic!(
            "the simplest number has a denominator above 2^{}",
            Self::MAX_EXPONENT
        )
    }
}

impl Ord for DyadicRational {
    fn cmp(&self, other: &Self) -> Ordering {
        let exponent = self.exponent.max(other.exponent);
        self.scaled_wide(exponent).cmp(&other.scaled_wide(exponent))
    }
}

impl PartialOrd for DyadicRational {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for DyadicRational {
    type Output = Self;

    /// # Panics
    /// If the numerator overflows `i64`.
    fn add(self, other: Self) -> Self {
        self.checked_add(other)
            .expect("DyadicRational addition overflows")
    }
}

impl Neg for DyadicRational {
    type Output = Self;

    /// # Panics
    /// On `-(i64::MIN)`.
    fn neg(self) -> Self {
        DyadicRational {
            numerator: self
                .numerator
                .checked_neg()
                .expect("DyadicRational negation overflows"),
            exponent: self.exponent,
        }
    }
}

impl Sub for DyadicRational {
    type Output = Self;

    /// # Panics
    /// If the numerator overflows `i64`.
    fn sub(self, other: Self) -> Self {
        self + -other
    }
}

impl fmt::Display for DyadicRational {
    /// `2`, `-5/4`, `65/16`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, 1u64 << self.exponent)
        }
    }
}
