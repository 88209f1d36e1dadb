//! The lab's ratios: P-positions that grow by an irrational ratio,
//! `p(k) = floor((k + i) α) + j` for `k = 0, 1, 2...` ([`find_ratio`]), with
//! `α = (a + sqrt(d)) / b` a quadratic irrational ([`Quadratic`]) computed exactly in `u128`
//! by an integer square root, and printed as Rust code to paste.
//!
//! The fit: `α` is sought among `b` 1 or 2, `d` from 2 to 300 and not a square, `|a|` up to
//! 40, simplest first (`sqrt(2)`, the golden ratio `(1 + sqrt(5)) / 2`, and the
//! `(2 - c + sqrt(c^2 + 4)) / 2` of the Wythoff variants are among them); those whose value
//! is near the table's slope are tried exactly, with `i` 0 or 1 and `j` from -2 to 2, and
//! one must give every P-position of the table, at least [`MIN_POSITIONS`] of them.
//! (Floating point only picks the candidates; nothing is claimed but by exact checks.)
//! Layer 1: uses `formulas`.

use crate::formulas::isqrt;
// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryFrom;
use std::fmt;

/// A quadratic irrational above 1, `(a + sqrt(d)) / b`, in its simplest form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quadratic {
    /// The rational part's numerator.
    pub a: i64,
    /// Not a square, at most 300: `floor(k α)` then stays within `u128` for `k <= 10^18`.
    pub d: u64,
    /// 1 or 2.
    pub b: u64,
}

impl fmt::Display for Quadratic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let root = format!("sqrt({})", self.d);
        let top = match self.a {
            0 => root,
            a if a > 0 => format!("({} + {})", a, root),
            a => format!("({} - {})", root, -a),
        };
        match self.b {
            1 => write!(f, "{}", top),
            b => write!(f, "{} / {}", top, b),
        }
    }
}

impl Quadratic {
    /// `(a + sqrt(d)) / b` in its simplest form (`(2 + sqrt(8)) / 2` is `1 + sqrt(2)`).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `d` is a square or above 300, `b` is not 1 or 2, or the number is not above 1.
    ///
    /// ```
    /// use lab::ratios::Quadratic;
    /// // Wythoff's game with difference 2n: (2 - 2 + sqrt(8)) / 2.
    /// let alpha = Quadratic::new(0, 8, 2);
    /// assert_eq!(alpha.to_string(), "sqrt(2)");
    /// assert_eq!(alpha.floor_times(1_000_000_000_000_000_000), 1_414_213_562_373_095_048);
    /// ```
    pub fn new(a: i64, d: u64, b: u64) -> Quadratic {
        let root = isqrt(u128::from(d)) as u64;
        assert!(
            root * root != d && d <= 300,
            "sqrt({}) is not an irrational of the fit",
            d
        );
        assert!(b == 1 || b == 2, "a denominator of 1 or 2, not {}", b);
        let q = match a % 2 == 0 && b == 2 && d % 4 == 0 {
            true => Quadratic {
                a: a / 2,
                d: d / 4,
                b: 1,
            },
            false => Quadratic { a, d, b },
        };
        assert!(q.above_one(), "{} is not above 1", q);
        q
    }

    /// Whether it is above 1: `sqrt(d) > b - a`.
    fn above_one(&self) -> bool {
        let gap = self.b as i64 - self.a;
        gap < 0 || self.d > (gap * gap) as u64
    }

    /// `floor(k α)`, exactly.
    ///
    /// # Complexity
    /// O(log k): an integer square root.
    ///
    /// # Panics
    /// If `k^2 d` is 2^128 or more: `k` above about 10^18 for `d = 300`.
    pub fn floor_times(&self, k: u64) -> u128 {
        let t = u128::from(k);
        let square = (t * t)
            .checked_mul(u128::from(self.d))
            .expect("k d^(1/2) within u128");
        let root = isqrt(square);
        // floor((t a + t sqrt(d)) / b) = floor((t a + floor(t sqrt(d))) / b), and the sum is
        // at least 0: t sqrt(d) > t |a| for a < 0, as the number is above 0.
        let top = match self.a >= 0 {
            true => t * self.a as u128 + root,
            false => root - t * self.a.unsigned_abs() as u128,
        };
        top / u128::from(self.b)
    }

    /// Its value in floating point, to pick candidates.
    fn approx(&self) -> f64 {
        (self.a as f64 + (self.d as f64).sqrt()) / self.b as f64
    }

    /// `floor(t α)` as Rust code over the `u128` expression `t`, calling `isqrt`.
    pub(crate) fn code(&self, t: &str) -> String {
        let root = format!("isqrt({t} * {t} * {})", self.d);
        let times = |a: i64| match a {
            1 => t.to_string(),
            a => format!("{t} * {}", a),
        };
        let top = match self.a {
            0 => root,
            a if a > 0 => format!("{} + {}", times(a), root),
            a => format!("{} - {}", root, times(-a)),
        };
        match self.b {
            1 => format!("({}) as u64", top),
            b => format!("(({}) / {}) as u64", top, b),
        }
    }
}

/// P-positions `p(k) = floor((k + shift) α) + offset`, `k = 0, 1, 2...`
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratio {
    /// The ratio.
    pub alpha: Quadratic,
    /// 0 or 1.
    pub shift: u64,
    /// From -2 to 2.
    pub offset: i64,
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = if self.shift == 0 { "k" } else { "(k + 1)" };
        write!(f, "p(k) = floor({} * {})", k, self.alpha)?;
        match self.offset {
            0 => Ok(()),
            j if j > 0 => write!(f, " + {}", j),
            j => write!(f, " - {}", -j),
        }
    }
}

impl Ratio {
    /// P-position number `k`, exactly.
    ///
    /// # Complexity
    /// O(log k).
    ///
    /// # Panics
    /// As [`Quadratic::floor_times`], or if the position is not a `u64`.
    pub fn position(&self, k: u64) -> u64 {
        let at = self.alpha.floor_times(k + self.shift) as i128 + i128::from(self.offset);
        u64::try_from(at).expect("a position within u64")
    }

    /// Closures `p(k)` and `is_p(n)` (by bisection over `k`) to paste, after `isqrt`:
    /// exact for every P-position up to 10^18.
    ///
    /// # Complexity
    /// O(1).
    pub fn code(&self) -> String {
        let t = if self.shift == 0 {
            "(k as u128)"
        } else {
            "((k + 1) as u128)"
        };
        let offset = match self.offset {
            0 => String::new(),
            j if j > 0 => format!(" + {}", j),
            j => format!(" - {}", -j),
        };
        format!(
            "let p = |k: u64| {}{};\n\
             let is_p = |n: u64| {{\n    let (mut low, mut high) = (0, n + 2);\n    \
             while low < high {{\n        let mid = low + (high - low) / 2;\n        \
             if p(mid) < n {{\n            low = mid + 1\n        }} else {{\n            \
             high = mid\n        }}\n    }}\n    p(low) == n\n}};",
            self.alpha.code(t),
            offset
        )
    }
}

/// The fewest P-positions a ratio is fitted to: fewer, an irrational near a rational of
/// small denominator could pass for a periodic set's slope (`(sqrt(26) - 1) / 2` fits 30
/// P-positions of a game of period 2).
pub const MIN_POSITIONS: usize = 200;

/// The simplest ratio that gives every one of `positions` (ascending, `p(0)` first), if
/// there are at least [`MIN_POSITIONS`] of them and no other ratio of the fit (of another
/// value) gives them all too.
///
/// # Complexity
/// O(candidates + P-positions x log): about 50,000 candidates, a handful checked exactly.
///
/// ```
/// use lab::ratios::{find_ratio, Quadratic};
/// let alpha = Quadratic::new(1, 5, 2); // the golden ratio
/// let lower: Vec<u64> = (0..300).map(|k| alpha.floor_times(k) as u64).collect();
/// let found = find_ratio(&lower).unwrap();
/// assert_eq!(found.to_string(), "p(k) = floor(k * (1 + sqrt(5)) / 2)");
/// assert_eq!(found.position(1_000_000_000_000_000_000), 1_618_033_988_749_894_848);
/// assert_eq!(find_ratio(&lower[..100]), None); // too few to tell
/// ```
pub fn find_ratio(positions: &[u64]) -> Option<Ratio> {
    if positions.len() < MIN_POSITIONS {
        return None;
    }
    let last = positions.len() - 1;
    // p(k) is k α within 3 of p(0), so the slope is within 4 / last of α.
    let slope = (positions[last] - positions[0]) as f64 / last as f64;
    let near = 4.0 / last as f64 + 1e-9;
    let mut found: Option<Ratio> = None;
    for d in (2..=300u64).filter(|&d| (isqrt(u128::from(d)) as u64).pow(2) != d) {
        for b in 1..=2u64 {
            for a in (0..=40i64).flat_map(|a| [a, -a]).skip(1) {
                let alpha = Quadratic { a, d, b };
                let simplest = !(a % 2 == 0 && b == 2 && d % 4 == 0);
                if !simplest || !alpha.above_one() || (alpha.approx() - slope).abs() > near {
                    continue;
                }
                for shift in 0..=1 {
                    let offset = positions[0] as i64 - alpha.floor_times(shift) as i64;
                    let at_last = alpha.floor_times(last as u64 + shift) as i128 + offset as i128;
                    if offset.abs() > 2 || at_last != positions[last] as i128 {
                        continue;
                    }
                    let ratio = Ratio {
                        alpha,
                        shift,
                        offset,
                    };
                    let holds = |(k, &p): (usize, &u64)| ratio.position(k as u64) == p;
                    if positions.iter().enumerate().all(holds) {
                        match found {
                            Some(first) if first.alpha != alpha => return None,
                            Some(_) => {}
                            None => found = Some(ratio),
                        }
                    }
                }
            }
        }
    }
    found
}
