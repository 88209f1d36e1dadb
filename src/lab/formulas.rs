//! The lab's formulas: values that are a function of `n`'s binary or Fibonacci expansion
//! ([`find_formulas`]), exact for every `u64` and printed as Rust code to paste; and the
//! exact integer square root of a `u128` ([`isqrt`]) that closed forms with a square root
//! are computed by, with no floating point.
//!
//! A formula is `g(n) = F(n + o) + c` (or `1 - F(n + o) + c` for a feature worth 0 or 1),
//! `o` 0 or 1, `F` a [`Feature`], `c` the constant `g(1)` gives; it must hold for every
//! `n >= 1` of the table. `n = 0` is then checked apart (`v2(0)` and the Zeckendorf terms of
//! 0 are not defined): a value that differs is printed as the formula's exception.
//! Layer 0: uses no other module.

use std::fmt;

/// A function of a number's binary or Fibonacci expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// The exponent of 2 in `m`, its trailing zeros (not defined at 0).
    V2,
    /// The number of trailing ones of `m`.
    TrailingOnes,
    /// The bit length of `m`: 0 for 0, then 1 + floor(log2 m).
    BitLen,
    /// The number of ones of `m`.
    Popcount,
    /// The parity of the number of ones of `m`: 1 for odious numbers.
    Parity,
    /// 1 when `m` is a power of 2, else 0.
    IsPow2,
    /// The smallest term of `m`'s Zeckendorf expansion (a sum of non-consecutive terms of
    /// 1, 2, 3, 5, 8...; not defined at 0).
    ZeckMin,
    /// The index of that term in 1, 2, 3, 5, 8... from 0 (not defined at 0).
    ZeckIndex,
}

impl Feature {
    /// Every feature, in the order formulas are tried.
    pub const ALL: [Feature; 8] = [
        Feature::V2,
        Feature::TrailingOnes,
        Feature::BitLen,
        Feature::Popcount,
        Feature::Parity,
        Feature::IsPow2,
        Feature::ZeckMin,
        Feature::ZeckIndex,
    ];

    /// Its name in a formula, as `v2`.
    ///
    /// # Complexity
    /// O(1).
    pub fn name(self) -> &'static str {
        match self {
            Feature::V2 => "v2",
            Feature::TrailingOnes => "trailing_ones",
            Feature::BitLen => "bitlen",
            Feature::Popcount => "popcount",
            Feature::Parity => "parity",
            Feature::IsPow2 => "is_pow2",
            Feature::ZeckMin => "zeck_min",
            Feature::ZeckIndex => "zeck_index",
        }
    }

    /// Its value at `m`; `None` where it is not defined.
    ///
    /// # Complexity
    /// O(log m).
    ///
    /// ```
    /// use lab::formulas::Feature;
    /// assert_eq!(Feature::V2.of(12), Some(2));
    /// assert_eq!(Feature::ZeckMin.of(12), Some(1)); // 12 = 8 + 3 + 1
    /// assert_eq!(Feature::ZeckIndex.of(11), Some(2)); // 11 = 8 + 3
    /// assert_eq!(Feature::V2.of(0), None);
    /// ```
    pub fn of(self, m: u64) -> Option<u64> {
        let zeckendorf = || {
            let (mut fibs, mut left, mut smallest) = (vec![1u64, 2], m, None);
            while let Some(next) = fibs[fibs.len() - 1].checked_add(fibs[fibs.len() - 2]) {
                fibs.push(next);
            }
            for (i, &f) in fibs.iter().enumerate().rev() {
                if f <= left {
                    left -= f;
                    smallest = Some((i as u64, f));
                }
            }
            smallest
        };
        match self {
            Feature::V2 => (m != 0).then(|| u64::from(m.trailing_zeros())),
            Feature::TrailingOnes => Some(u64::from(m.trailing_ones())),
            Feature::BitLen => Some(u64::from(64 - m.leading_zeros())),
            Feature::Popcount => Some(u64::from(m.count_ones())),
            Feature::Parity => Some(u64::from(m.count_ones() % 2)),
            Feature::IsPow2 => Some(u64::from(m.is_power_of_two())),
            Feature::ZeckMin => zeckendorf().map(|(_, f)| f),
            Feature::ZeckIndex => zeckendorf().map(|(i, _)| i),
        }
    }

    /// Rust code of type `u64` for the feature of the `u64` expression `m` (a name, or a
    /// sum in parentheses): the statements it needs first (a Zeckendorf expansion's, which
    /// need `m` a name), and the expression.
    fn code(self, m: &str) -> (Vec<String>, String) {
        let zeckendorf = |which: &str| {
            let lines = [
                "let mut fibs = vec![1u64, 2];",
                "while let Some(f) = fibs[fibs.len() - 1].checked_add(fibs[fibs.len() - 2]) {",
                "    fibs.push(f);",
                "}",
                &format!("let (mut left, mut smallest) = ({m}, (0, 0));"),
                "for (i, &f) in fibs.iter().enumerate().rev() {",
                "    if f <= left {",
                "        left -= f;",
                "        smallest = (i as u64, f);",
                "    }",
                "}",
            ];
            let lines = lines.iter().map(|l| l.to_string()).collect();
            (lines, format!("smallest.{which}"))
        };
        let expr = |e: String| (Vec::new(), e);
        match self {
            Feature::V2 => expr(format!("u64::from({m}.trailing_zeros())")),
            Feature::TrailingOnes => expr(format!("u64::from({m}.trailing_ones())")),
            Feature::BitLen => expr(format!("u64::from(64 - {m}.leading_zeros())")),
            Feature::Popcount => expr(format!("u64::from({m}.count_ones())")),
            Feature::Parity => expr(format!("u64::from({m}.count_ones() % 2)")),
            Feature::IsPow2 => expr(format!("u64::from({m}.is_power_of_two())")),
            Feature::ZeckMin => zeckendorf("1"),
            Feature::ZeckIndex => zeckendorf("0"),
        }
    }

    /// Whether its values are only 0 and 1.
    fn is_bit(self) -> bool {
        matches!(self, Feature::Parity | Feature::IsPow2)
    }
}

/// `g(n) = F(n + offset) + constant` for every `n >= 1` (with `1 - F` when `negated`), and
/// at `n = 0` too unless `at_zero` gives `g(0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Formula {
    /// The feature `F`.
    pub feature: Feature,
    /// 0 or 1.
    pub offset: u64,
    /// Whether `F` is taken as `1 - F` (a feature of 0 and 1 only).
    pub negated: bool,
    /// What is added.
    pub constant: i64,
    /// `g(0)`, when the formula does not give it.
    pub at_zero: Option<u32>,
}

impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let arg = match self.offset {
            0 => "n".to_string(),
            o => format!("n + {}", o),
        };
        let one = if self.negated { "1 - " } else { "" };
        write!(f, "g(n) = {}{}({})", one, self.feature.name(), arg)?;
        match self.constant {
            0 => Ok(()),
            c if c > 0 => write!(f, " + {}", c),
            c => write!(f, " - {}", -c),
        }
    }
}

impl Formula {
    /// The formula's value at `n`, if it gives one.
    ///
    /// # Complexity
    /// O(log n).
    pub fn value(&self, n: u64) -> Option<i64> {
        if n == 0 {
            if let Some(g) = self.at_zero {
                return Some(i64::from(g));
            }
        }
        let f = self.feature.of(n.checked_add(self.offset)?)? as i64;
        Some(if self.negated { 1 - f } else { f } + self.constant)
    }

    /// The formula as a closure over `u64` to paste, exact for every `n` below `2^64 - 1`:
    /// one line when it is one short expression, else a block (`n = 0` apart first), as
    /// `cargo fmt` leaves it.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// ```
    /// use lab::formulas::{Feature, Formula};
    /// let v2 = Formula { feature: Feature::V2, offset: 0, negated: false, constant: 0,
    ///     at_zero: Some(0) };
    /// assert_eq!(v2.to_string(), "g(n) = v2(n)");
    /// assert_eq!(v2.code(), "|n: u64| {\n    if n == 0 {\n        return 0;\n    }\n    \
    ///     u64::from(n.trailing_zeros())\n}");
    /// ```
    pub fn code(&self) -> String {
        let zeckendorf = matches!(self.feature, Feature::ZeckMin | Feature::ZeckIndex);
        let (mut body, arg) = match (self.offset, zeckendorf) {
            (0, _) => (Vec::new(), "n".to_string()),
            (o, true) => (vec![format!("let m = n + {};", o)], "m".to_string()),
            (o, false) => (Vec::new(), format!("(n + {})", o)),
        };
        let (lines, mut value) = self.feature.code(&arg);
        body.extend(lines);
        if self.negated {
            value = format!("1 - {}", value);
        }
        match self.constant {
            0 => {}
            c if c > 0 => value = format!("{} + {}", value, c),
            c => value = format!("{} - {}", value, -c),
        }
        if let Some(g) = self.at_zero {
            let zero = [
                "if n == 0 {".to_string(),
                format!("    return {};", g),
                "}".into(),
            ];
            body.splice(0..0, zero);
        }
        if body.is_empty() {
            return format!("|n: u64| {}", value);
        }
        body.push(value);
        let body: Vec<String> = body.iter().map(|l| format!("    {}", l)).collect();
        format!("|n: u64| {{\n{}\n}}", body.join("\n"))
    }
}

/// The fewest values a formula is fitted to.
pub const MIN_VALUES: usize = 16;

/// Every formula that gives every value of `values` (`n = 0` as an exception if need be),
/// simplest first; none for fewer than [`MIN_VALUES`] values.
///
/// # Complexity
/// O(N log N) for the formulas that hold; one that fails stops at its first difference.
///
/// ```
/// use lab::formulas::find_formulas;
/// let values: Vec<u32> = (0..64u64).map(|n| (n + 1).trailing_zeros()).collect();
/// let found = find_formulas(&values);
/// assert_eq!(found[0].to_string(), "g(n) = trailing_ones(n)");
/// assert_eq!(found[1].to_string(), "g(n) = v2(n + 1)");
/// ```
pub fn find_formulas(values: &[u32]) -> Vec<Formula> {
    let mut found = Vec::new();
    if values.len() < MIN_VALUES {
        return found;
    }
    for offset in 0..=1 {
        for feature in Feature::ALL {
            for negated in [false, true] {
                if negated && !feature.is_bit() {
                    continue;
                }
                let mut formula = Formula {
                    feature,
                    offset,
                    negated,
                    constant: 0,
                    at_zero: None,
                };
                let at_one = formula.value(1).expect("defined from 1");
                formula.constant = i64::from(values[1]) - at_one;
                let holds = |n: usize| formula.value(n as u64) == Some(i64::from(values[n]));
                if (1..values.len()).all(holds) {
                    if !holds(0) {
                        formula.at_zero = Some(values[0]);
                    }
                    found.push(formula);
                }
            }
        }
    }
    found
}

/// The integer square root: the largest `r` with `r * r <= n`.
///
/// # Complexity
/// O(log n): Newton's steps from above, each a `u128` division.
///
/// ```
/// use lab::formulas::isqrt;
/// assert_eq!(isqrt(2_000_000_000_000_000_000_000_000_000_000_000_000), 1_414_213_562_373_095_048);
/// assert_eq!(isqrt(u128::MAX), u64::MAX as u128);
/// ```
pub fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    // 2^ceil(bits / 2) is above the root; Newton's steps then fall to it, and stop there.
    let mut x = 1u128 << ((128 - n.leading_zeros() + 1) / 2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// [`isqrt`] as code to paste beside a formula that uses it.
pub const ISQRT_CODE: &str = "fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let mut x = 1u128 << ((128 - n.leading_zeros() + 1) / 2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}";
