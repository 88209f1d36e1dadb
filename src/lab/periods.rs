//! The lab's search for periods in a sequence of values: eventually periodic
//! ([`find_period`]), arithmetic-periodic ([`find_arithmetic`]), and the P-positions (the
//! values 0) as residue classes ([`find_classes`]), each with the least period and the
//! least start for it, and each as Rust code to paste.
//!
//! A sequence `g(0..N)` is eventually periodic with period `p` from `start` when
//! `g(n + p) = g(n)` for every `n >= start` with `n + p < N`. A table shows only its first
//! `N` values, so a period is claimed only on evidence ([`EVIDENCE`]): the start and one
//! period lie in the first half of the values, so that the second half checks them, and the
//! periodic part holds three periods and 32 equalities. (A weaker rule, the periodic part
//! over half the values, claimed period 99 from 240 in the 560 win/lose values of the
//! P-positions `floor(k sqrt(2))`, which are not periodic: 99 / 70 is near `sqrt(2)`.) The
//! least period is found among the periods of the last half, which the prefix function (KMP) of the
//! reversed values gives in O(N); the least start for it by a scan back from there.
//! Arithmetic-periodic, `g(n + p) = g(n) + s` for `n >= start`, is exactly periodic
//! differences `g(n + 1) - g(n)`, with the same start and period; `s` is their sum over a
//! period (0 is plain periodic, not reported here).
//! Layer 1: uses `code`.

use crate::code::{bring_back, closure, times, Table};

/// `g(n + period) = g(n)` for every `n >= start` of the values searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// The least start for the period.
    pub start: usize,
    /// The least period.
    pub period: usize,
}

/// What a claimed period needs besides `2 (start + period) <= N`: its periodic part holds
/// `EVIDENCE.0` periods and `EVIDENCE.1` equalities `g(n + p) = g(n)`.
pub const EVIDENCE: (usize, usize) = (3, 32);

/// The least period of `values`' periodic part, with the least start for it, if the
/// part is long enough to claim ([`EVIDENCE`]).
///
/// # Complexity
/// O(N) time and memory.
///
/// ```
/// use lab::periods::{find_period, Period};
/// let mut values = vec![7, 7, 7];
/// values.extend((0..60).map(|n| [0, 1, 2][n % 3]));
/// assert_eq!(find_period(&values), Some(Period { start: 3, period: 3 }));
/// assert_eq!(find_period(&values[..30]), None); // 27 values repeat: too few equalities
/// ```
pub fn find_period<T: PartialEq>(values: &[T]) -> Option<Period> {
    let (len, (periods, checks)) = (values.len(), EVIDENCE);
    let enough = |found: Period| {
        let part = len - found.start;
        2 * (found.start + found.period) <= len
            && part >= found.period * periods
            && part >= found.period + checks
    };
    first_tail_period(values, (len + 1) / 2, enough)
}

/// The first period, least first, of the last `min_len` values that `accept` accepts,
/// each offered with the least start from which the values repeat with it (at most 64 are
/// offered): [`find_period`] accepts on [`EVIDENCE`], a proof on its theorem's.
///
/// # Complexity
/// O(N) time and memory, plus the calls of `accept`.
///
/// ```
/// use lab::periods::{first_tail_period, Period};
/// let values = [5, 0, 1, 0, 1, 0, 1];
/// let found = first_tail_period(&values, 4, |found| found.start == 1);
/// assert_eq!(found, Some(Period { start: 1, period: 2 }));
/// ```
pub fn first_tail_period<T: PartialEq>(
    values: &[T],
    min_len: usize,
    mut accept: impl FnMut(Period) -> bool,
) -> Option<Period> {
    let (n, min_len) = (values.len(), min_len.min(values.len()));
    if min_len == 0 {
        return None;
    }
    // The reversed tail: its prefix of length i + 1 is the tail's suffix, read backwards,
    // and a string and its reverse have the same periods.
    let at = |i: usize| &values[n - 1 - i];
    let mut border = vec![0usize; min_len];
    for i in 1..min_len {
        let mut b = border[i - 1];
        while b > 0 && at(i) != at(b) {
            b = border[b - 1];
        }
        border[i] = b + usize::from(at(i) == at(b));
    }
    // The periods of the tail, least first: min_len less each border, longest first.
    let mut b = border[min_len - 1];
    for _ in 0..64 {
        let period = min_len - b;
        let mut start = n - min_len;
        while start > 0 && values[start - 1] == values[start - 1 + period] {
            start -= 1;
        }
        if accept(Period { start, period }) {
            return Some(Period { start, period });
        }
        if b == 0 {
            return None;
        }
        b = border[b - 1];
    }
    None
}

/// The least start from which `values` repeat with period `period` (the length if none).
///
/// # Complexity
/// O(N).
pub fn least_start<T: PartialEq>(values: &[T], period: usize) -> usize {
    let last = (period..values.len())
        .rev()
        .find(|&n| values[n] != values[n - period]);
    last.map_or(0, |n| n + 1 - period)
}

/// `g(n + period) = g(n) + saltus` for every `n >= start` of the values searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arithmetic {
    /// The least start for the period.
    pub start: usize,
    /// The least period.
    pub period: usize,
    /// What a period adds, above 0.
    pub saltus: u64,
}

/// The least arithmetic period of `values` with a positive saltus, with the least start
/// for it, if its differences are periodic by the evidence of [`find_period`].
///
/// # Complexity
/// O(N) time and memory.
///
/// ```
/// use lab::periods::{find_arithmetic, Arithmetic};
/// // Lasker's Nim: 0, then 1 2 4 3, each block of four 4 higher.
/// let lasker: Vec<u32> = (0..100u32)
///     .map(|n| match n % 4 {
///         3 => n + 1,
///         0 if n > 0 => n - 1,
///         _ => n,
///     })
///     .collect();
/// let found = find_arithmetic(&lasker).unwrap();
/// assert_eq!(found, Arithmetic { start: 1, period: 4, saltus: 4 });
/// ```
pub fn find_arithmetic(values: &[u32]) -> Option<Arithmetic> {
    let steps: Vec<i64> = (values.windows(2))
        .map(|w| i64::from(w[1]) - i64::from(w[0]))
        .collect();
    let Period { start, period } = find_period(&steps)?;
    let saltus: i64 = steps[start..start + period].iter().sum();
    (saltus > 0).then_some(Arithmetic {
        start,
        period,
        saltus: saltus as u64,
    })
}

/// The P-positions (the values 0) as residue classes: from `start` on, `n` has value 0
/// exactly when `n % modulus` is one of `classes`; below `start`, the P-positions are
/// `before`. No class makes the P-positions the finite set `before`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classes {
    /// The least start for the modulus.
    pub start: usize,
    /// The least modulus.
    pub modulus: usize,
    /// The classes, ascending, each below `modulus`.
    pub classes: Vec<usize>,
    /// The P-positions below `start`.
    pub before: Vec<usize>,
}

/// The P-positions of `values` as residue classes, if the set is eventually periodic by
/// the evidence of [`find_period`].
///
/// # Complexity
/// O(N) time and memory.
///
/// ```
/// use lab::periods::find_classes;
/// let values: Vec<u32> = (0..100).map(|n| [0, 1, 0, 1, 2][n % 5]).collect();
/// let found = find_classes(&values).unwrap();
/// assert_eq!((found.start, found.modulus, found.classes), (0, 5, vec![0, 2]));
/// ```
pub fn find_classes(values: &[u32]) -> Option<Classes> {
    let lost: Vec<bool> = values.iter().map(|&v| v == 0).collect();
    let Period { start, period } = find_period(&lost)?;
    let mut classes: Vec<usize> = (start..start + period)
        .filter(|&n| lost[n])
        .map(|n| n % period)
        .collect();
    classes.sort_unstable();
    let before = (0..start).filter(|&n| lost[n]).collect();
    Some(Classes {
        start,
        modulus: period,
        classes,
        before,
    })
}

impl Period {
    /// The values `values` show with this period, as a closure over `u64` to paste, exact
    /// for every `n` (`values` must reach `start + period`), in the shapes of `code`.
    ///
    /// # Complexity
    /// O(start + period).
    ///
    /// # Panics
    /// If `values` holds fewer than `start + period` values.
    ///
    /// ```
    /// use lab::periods::Period;
    /// let code = Period { start: 1, period: 2 }.code(&[5, 0, 1, 0, 1]);
    /// assert_eq!(code, "|n: u64| {\n    let n = if n < 1 { n } else { 1 + (n - 1) % 2 };\n    \
    ///     [5u32, 0, 1][n as usize]\n}");
    /// ```
    pub fn code(&self, values: &[u32]) -> String {
        let (a, p) = (self.start, self.period);
        let shown: Vec<u64> = values[..a + p].iter().map(|&v| u64::from(v)).collect();
        if a + p == 1 {
            return format!("|_: u64| {}u32", shown[0]);
        }
        let table = Table::new("VALUES", &shown, shown.len(), "u32", false);
        let mut body = table.define();
        let index = match a {
            0 => format!("(n % {p}) as usize"),
            _ => {
                body.extend(bring_back("n", a, p));
                "n as usize".to_string()
            }
        };
        body.extend(table.at(&index));
        closure("|n: u64|", &body)
    }
}

impl Arithmetic {
    /// The values `values` show with this arithmetic period, as a closure over `u64`,
    /// exact for every `n` whose value fits a `u64`: `k` periods past the start, the value
    /// of `n - k period` and `k` saltus.
    ///
    /// # Complexity
    /// O(start + period).
    ///
    /// # Panics
    /// If `values` holds fewer than `start + period` values.
    pub fn code(&self, values: &[u32]) -> String {
        let (a, p, s) = (self.start, self.period, self.saltus as usize);
        let shown: Vec<u64> = values[..a + p].iter().map(|&v| u64::from(v)).collect();
        let table = Table::new("VALUES", &shown, shown.len(), "u64", false);
        let mut body = table.define();
        body.push(match (a, p) {
            (0, 1) => "let k = n;".to_string(),
            (0, p) => format!("let k = n / {p};"),
            (a, 1) => format!("let k = n.saturating_sub({a});"),
            (a, p) => format!("let k = n.saturating_sub({a}) / {p};"),
        });
        body.push(format!("let n = n - {};", times("k", p)));
        let mut at = table.at("n as usize");
        let last = at.pop().expect("an expression");
        body.extend(at);
        body.push(format!("{last} + {}", times("k", s)));
        closure("|n: u64|", &body)
    }
}

impl Classes {
    /// Whether `n` is a P-position, as a closure over `u64` to paste, exact for every `n`:
    /// `n` brought back into `[0, start + modulus)`, then the P-positions there.
    ///
    /// # Complexity
    /// O(start + modulus).
    pub fn code(&self) -> String {
        let (a, m) = (self.start, self.modulus);
        let mut lost: Vec<u64> = self.before.iter().map(|&n| n as u64).collect();
        let upper = (a..a + m).filter(|n| self.classes.contains(&(n % m)));
        lost.extend(upper.map(|n| n as u64));
        if a + m == 1 {
            return format!("|_: u64| {}", !lost.is_empty());
        }
        let mut body = bring_back("n", a, m);
        match Table::new("LOST", &lost, lost.len(), "u64", false).literal() {
            Some(array) => body.push(format!("{array}.contains(&n)")),
            None => {
                let marks: Vec<u64> = (0..(a + m) as u64)
                    .map(|n| u64::from(lost.contains(&n)))
                    .collect();
                let table = Table::new("LOST", &marks, marks.len(), "u64", false);
                body = [table.define(), body].concat();
                body.push("LOST[n as usize] == b'1'".to_string());
            }
        }
        closure("|n: u64|", &body)
    }
}
