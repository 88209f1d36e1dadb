//! The lab's formulas in any base: values that are a function of `n`'s digits in a base from
//! 2 to 10 or of its Zeckendorf sum ([`Term`]), alone or two at once in an affine
//! combination `g(n) = a T1(n + o1) + b T2(n + o2) + c` with small integer coefficients
//! ([`find_digit_formulas`]), exact for every `u64` and printed as Rust code to paste.
//! The binary features of `formulas` come first; these are sought where those find nothing.
//!
//! The fit: every term of a base `b` whose table reaches `b^3` values (three digits' worth),
//! at offset 0 or 1, is fitted on the values from `n = 1` (`n = 0` is checked apart, as in
//! `formulas`); the coefficients come from the first values, exactly, and must then give
//! every value of the table, at least [`MIN_VALUES`] of them. A combination of two is sought
//! only when no term alone fits, with `1 <= |a|, |b| <= 4`, and only when its two terms
//! are independent on the table (no combination of two that one term alone would give).
//! Nothing is claimed beyond the table: a formula holds where checked, and its proof is the
//! induction step `obligations` states.
//! Layer 0: uses no other module.

use std::fmt;

/// A function of a number `m`: of its digits in base `b` (2 to 10), or of its Zeckendorf sum
/// of terms of 1, 2, 3, 5, 8..., or `m` itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Term {
    /// `m` itself.
    N,
    /// The exponent of `b` in `m`, its trailing digits 0 (not defined at 0).
    Valuation(u64),
    /// 1 when the exponent of `b` in `m` is odd, else 0 (not defined at 0).
    ValuationOdd(u64),
    /// The largest power of `b` that divides `m` (not defined at 0).
    PowerDividing(u64),
    /// The last nonzero digit of `m` (not defined at 0).
    LastNonzero(u64),
    /// The sum of the digits of `m`.
    DigitSum(u64),
    /// The number of digits of `m` (0 for 0).
    Length(u64),
    /// The number of digits `d` of `m`, `(b, d)` (leading zeros not counted).
    Count(u64, u64),
    /// 1 when that number is odd, else 0.
    CountOdd(u64, u64),
    /// 1 when `m` has no digit `d`, else 0.
    Lacks(u64, u64),
    /// The number of trailing digits `d` of `m`, `d >= 1` (the digits 0 are the valuation).
    Trailing(u64, u64),
    /// The number of terms of the Zeckendorf sum of `m`.
    ZeckCount,
    /// 1 when that number is odd, else 0.
    ZeckParity,
}

/// The digits of `m` in base `b`, the last first (none for 0).
fn digits(m: u64, b: u64) -> impl Iterator<Item = u64> {
    let rests = std::iter::successors(Some(m), move |&r| Some(r / b));
    rests.take_while(|&r| r > 0).map(move |r| r % b)
}

/// The number of terms of the Zeckendorf sum of `m`, by the greedy rule.
fn zeckendorf_terms(mut m: u64) -> u64 {
    let mut fibs = vec![1u64, 2];
    while let Some(f) = fibs[fibs.len() - 1].checked_add(fibs[fibs.len() - 2]) {
        fibs.push(f);
    }
    let mut terms = 0;
    for &f in fibs.iter().rev() {
        if f <= m {
            m -= f;
            terms += 1;
        }
    }
    terms
}

impl Term {
    /// Every term the fit tries for a table of `len` values, simplest first: `n`, the
    /// Zeckendorf terms, then each base from 2 whose `b^3` is at most `len`, up to 10.
    ///
    /// # Complexity
    /// O(1): at most 264 terms.
    pub fn all(len: usize) -> Vec<Term> {
        let mut terms = vec![Term::N, Term::ZeckCount, Term::ZeckParity];
        for b in (2..=10u64).take_while(|&b| (b * b * b) as usize <= len) {
            terms.extend([
                Term::Valuation(b),
                Term::ValuationOdd(b),
                Term::PowerDividing(b),
                Term::LastNonzero(b),
                Term::DigitSum(b),
                Term::Length(b),
            ]);
            terms.extend((0..b).map(|d| Term::Count(b, d)));
            terms.extend((0..b).map(|d| Term::CountOdd(b, d)));
            terms.extend((0..b).map(|d| Term::Lacks(b, d)));
            terms.extend((1..b).map(|d| Term::Trailing(b, d)));
        }
        terms
    }

    /// Its value at `m`; `None` where it is not defined.
    ///
    /// # Complexity
    /// O(log m).
    ///
    /// ```
    /// use lab::digits::Term;
    /// assert_eq!(Term::Valuation(3).of(18), Some(2)); // 18 = 200 in base 3
    /// assert_eq!(Term::LastNonzero(3).of(18), Some(2));
    /// assert_eq!(Term::Lacks(3, 1).of(18), Some(1));
    /// assert_eq!(Term::ZeckCount.of(12), Some(3)); // 12 = 8 + 3 + 1
    /// assert_eq!(Term::Valuation(3).of(0), None);
    /// ```
    pub fn of(self, m: u64) -> Option<u64> {
        let count = |b: u64, d: u64| digits(m, b).filter(|&x| x == d).count() as u64;
        let trailing = |b: u64, d: u64| digits(m, b).take_while(|&x| x == d).count() as u64;
        Some(match self {
            Term::N => m,
            Term::Valuation(b) if m > 0 => trailing(b, 0),
            Term::ValuationOdd(b) if m > 0 => trailing(b, 0) % 2,
            Term::PowerDividing(b) if m > 0 => b.pow(trailing(b, 0) as u32),
            Term::LastNonzero(b) => digits(m, b).find(|&x| x != 0)?,
            Term::Valuation(_) | Term::ValuationOdd(_) | Term::PowerDividing(_) => return None,
            Term::DigitSum(b) => digits(m, b).sum(),
            Term::Length(b) => digits(m, b).count() as u64,
            Term::Count(b, d) => count(b, d),
            Term::CountOdd(b, d) => count(b, d) % 2,
            Term::Lacks(b, d) => u64::from(count(b, d) == 0),
            Term::Trailing(b, d) => trailing(b, d),
            Term::ZeckCount => zeckendorf_terms(m),
            Term::ZeckParity => zeckendorf_terms(m) % 2,
        })
    }

    /// Its name in a formula, applied to `arg`: `v3(n)`, `3^v3(n + 1)`, `count3_2(n)`.
    fn applied(self, arg: &str) -> String {
        match self {
            Term::N => arg.to_string(),
            Term::PowerDividing(b) => format!("{b}^v{b}({arg})"),
            _ => format!("{}({arg})", self.helper().0),
        }
    }

    /// Its Rust code applied to the `u64` expression `arg`, calling its helper.
    fn code(self, arg: &str) -> String {
        match self {
            Term::N => arg.to_string(),
            Term::PowerDividing(b) => format!("{b}u64.pow(v{b}({arg}) as u32)"),
            _ => format!("{}({arg})", self.helper().0),
        }
    }

    /// Its helper function's name, what it is, and its body's expression over `m`.
    fn helper(self) -> (String, String, String) {
        let filter = |b: u64, d: u64| format!("digits(m, {b}).iter().filter(|&&x| x == {d})");
        let take = |b: u64, d: u64| format!("digits(m, {b}).iter().take_while(|&&x| x == {d})");
        let (name, what, body) = match self {
            Term::N => (String::new(), String::new(), "m".to_string()),
            Term::Valuation(b) | Term::PowerDividing(b) => (
                format!("v{b}"),
                format!("the exponent of {b} in m, its trailing digits 0 in base {b} (m >= 1)"),
                format!("{}.count() as u64", take(b, 0)),
            ),
            Term::ValuationOdd(b) => (
                format!("odd_v{b}"),
                format!("1 when the exponent of {b} in m is odd, else 0 (m >= 1)"),
                format!("{}.count() as u64 % 2", take(b, 0)),
            ),
            Term::LastNonzero(b) => (
                format!("lnz{b}"),
                format!("the last nonzero digit of m in base {b} (m >= 1)"),
                format!("digits(m, {b}).into_iter().find(|&x| x != 0).unwrap_or(0)"),
            ),
            Term::DigitSum(b) => (
                format!("sum{b}"),
                format!("the sum of the digits of m in base {b}"),
                format!("digits(m, {b}).iter().sum()"),
            ),
            Term::Length(b) => (
                format!("len{b}"),
                format!("the number of digits of m in base {b} (0 for 0)"),
                format!("digits(m, {b}).len() as u64"),
            ),
            Term::Count(b, d) => (
                format!("count{b}_{d}"),
                format!("the number of digits {d} of m in base {b}"),
                format!("{}.count() as u64", filter(b, d)),
            ),
            Term::CountOdd(b, d) => (
                format!("odd{b}_{d}"),
                format!("1 when m has an odd number of digits {d} in base {b}, else 0"),
                format!("{}.count() as u64 % 2", filter(b, d)),
            ),
            Term::Lacks(b, d) => (
                format!("no{b}_{d}"),
                format!("1 when m has no digit {d} in base {b}, else 0"),
                format!("u64::from(!digits(m, {b}).contains(&{d}))"),
            ),
            Term::Trailing(b, d) => (
                format!("trail{b}_{d}"),
                format!("the number of trailing digits {d} of m in base {b}"),
                format!("{}.count() as u64", take(b, d)),
            ),
            Term::ZeckCount => (
                "zeck_count".to_string(),
                "the number of terms of m's Zeckendorf sum of 1, 2, 3, 5, 8...".to_string(),
                "zeckendorf(m).len() as u64".to_string(),
            ),
            Term::ZeckParity => (
                "zeck_parity".to_string(),
                "1 when m's Zeckendorf sum has an odd number of terms, else 0".to_string(),
                "zeckendorf(m).len() as u64 % 2".to_string(),
            ),
        };
        (name, what, body)
    }

    /// Whether it is a function of the Zeckendorf sum (else of digits, or `m` itself).
    fn is_zeckendorf(self) -> bool {
        matches!(self, Term::ZeckCount | Term::ZeckParity)
    }
}

/// One part `coefficient * term(n + offset)` of a formula.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// Not 0, at most 4 either way.
    pub coefficient: i64,
    /// The term.
    pub term: Term,
    /// 0 or 1.
    pub offset: u64,
}

/// `g(n) = the sum of the parts + constant` for every `n >= 1`, and at `n = 0` too unless
/// `at_zero` gives `g(0)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigitFormula {
    /// One part or two.
    pub parts: Vec<Part>,
    /// What is added.
    pub constant: i64,
    /// `g(0)`, when the formula does not give it.
    pub at_zero: Option<u32>,
}

impl DigitFormula {
    /// The formula's value at `n`, if it gives one.
    ///
    /// # Complexity
    /// O(log n).
    pub fn value(&self, n: u64) -> Option<i64> {
        if let (0, Some(g)) = (n, self.at_zero) {
            return Some(i64::from(g));
        }
        let mut sum = self.constant;
        for part in &self.parts {
            sum += part.coefficient * part.term.of(n.checked_add(part.offset)?)? as i64;
        }
        Some(sum)
    }

    /// The right-hand side, with the parts `show` gives each as text: the positive parts
    /// and a positive constant first, then what is taken away, so that `u64` never goes
    /// below 0 where the formula holds.
    fn side(&self, show: impl Fn(&Part) -> String) -> String {
        let mut plus: Vec<String> = Vec::new();
        let mut minus: Vec<String> = Vec::new();
        for part in &self.parts {
            let size = part.coefficient.abs();
            let text = match size {
                1 => show(part),
                _ => format!("{} * {}", size, show(part)),
            };
            match part.coefficient > 0 {
                true => plus.push(text),
                false => minus.push(text),
            }
        }
        match self.constant {
            0 => {}
            c if c > 0 => plus.push(c.to_string()),
            c => minus.push((-c).to_string()),
        }
        if plus.is_empty() {
            plus.push("0".to_string());
        }
        let mut text = plus.join(" + ");
        minus.iter().for_each(|m| text += &format!(" - {}", m));
        text
    }

    /// What each of its terms is, as the report's notes say it: `v3(m): the exponent...`.
    ///
    /// # Complexity
    /// O(1).
    pub fn definitions(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for part in &self.parts {
            let (name, what, _) = part.term.helper();
            let line = match part.term {
                Term::N => continue,
                Term::PowerDividing(b) => {
                    format!("{b}^v{b}(m): the largest power of {b} dividing m")
                }
                _ => format!("{}(m): {}", name, what),
            };
            if !lines.contains(&line) {
                lines.push(line);
            }
        }
        lines
    }

    /// The formula as Rust code to paste, lines of at most 92 columns: the helper functions
    /// its terms call, then a closure over `u64`, exact for every `n` below `2^64 - 1`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// ```
    /// use lab::digits::{DigitFormula, Part, Term};
    /// let part = Part { coefficient: 1, term: Term::LastNonzero(3), offset: 0 };
    /// let f = DigitFormula { parts: vec![part], constant: -1, at_zero: Some(0) };
    /// assert_eq!(f.to_string(), "g(n) = lnz3(n) - 1");
    /// let code = f.code();
    /// assert!(code[0].starts_with("/// The digits of `m` in base `b`"));
    /// assert_eq!(code.last().unwrap(), "|n: u64| if n == 0 { 0 } else { lnz3(n) - 1 }");
    /// ```
    pub fn code(&self) -> Vec<String> {
        let mut code = Vec::new();
        let terms: Vec<Term> = self.parts.iter().map(|p| p.term).collect();
        if terms.iter().any(|t| *t != Term::N && !t.is_zeckendorf()) {
            code.push(DIGITS_CODE.to_string());
        }
        if terms.iter().any(|t| t.is_zeckendorf()) {
            code.push(ZECKENDORF_CODE.to_string());
        }
        let mut helpers = Vec::new();
        for term in terms.into_iter().filter(|&t| t != Term::N) {
            let (name, what, body) = term.helper();
            let helper =
                format!("/// {name}(m): {what}.\nfn {name}(m: u64) -> u64 {{\n    {body}\n}}");
            if !helpers.contains(&helper) {
                helpers.push(helper);
            }
        }
        code.extend(helpers);
        let body = self.side(|p| p.term.code(&argument(p.offset, "n")));
        let closure = match self.at_zero {
            None => format!("|n: u64| {}", body),
            Some(g) => format!("|n: u64| if n == 0 {{ {} }} else {{ {} }}", g, body),
        };
        code.push(match (closure.len() <= 92, self.at_zero) {
            (true, _) => closure,
            (false, None) => format!("|n: u64| {{\n    {}\n}}", body),
            (false, Some(g)) => format!(
                "|n: u64| {{\n    if n == 0 {{\n        return {};\n    }}\n    {}\n}}",
                g, body
            ),
        });
        code
    }
}

/// `n`, or `n + offset`.
fn argument(offset: u64, n: &str) -> String {
    match offset {
        0 => n.to_string(),
        o => format!("{} + {}", n, o),
    }
}

impl fmt::Display for DigitFormula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.side(|p| p.term.applied(&argument(p.offset, "n")));
        write!(f, "g(n) = {}", side)
    }
}

/// The helper every digit term calls.
const DIGITS_CODE: &str = "/// The digits of `m` in base `b`, the last first (none for 0).
fn digits(mut m: u64, b: u64) -> Vec<u64> {
    let mut digits = Vec::new();
    while m > 0 {
        digits.push(m % b);
        m /= b;
    }
    digits
}";

/// The helper every Zeckendorf term calls.
const ZECKENDORF_CODE: &str =
    "/// The terms of `m`'s Zeckendorf sum of 1, 2, 3, 5, 8..., the largest first.
fn zeckendorf(mut m: u64) -> Vec<u64> {
    let mut fibs = vec![1u64, 2];
    while let Some(f) = fibs[fibs.len() - 1].checked_add(fibs[fibs.len() - 2]) {
        fibs.push(f);
    }
    let mut terms = Vec::new();
    for &f in fibs.iter().rev() {
        if f <= m {
            terms.push(f);
            m -= f;
        }
    }
    terms
}";

/// The fewest values a formula of this module is fitted to.
pub const MIN_VALUES: usize = 64;

/// The first values a fit is tried on before the whole table.
const PREFIX: usize = 512;

/// The largest coefficient of a term, either way.
const MAX_COEFFICIENT: i64 = 4;

/// Every formula of one term, or if there is none of two, that gives every value of
/// `values` (`n = 0` as an exception if need be), simplest first; none for fewer than
/// [`MIN_VALUES`] values. At most 8 are returned.
///
/// # Complexity
/// O(T^2 x P) for T terms (at most 264, each at 2 offsets) and a prefix of P = 512 values,
/// then O(N log N) for each fit that holds on the prefix.
///
/// ```
/// use lab::digits::find_digit_formulas;
/// // The number of trailing digits 2 in base 3.
/// let values: Vec<u32> = (0..300u32)
///     .map(|n| (0..).take_while(|&k| n / 3u32.pow(k) % 3 == 2).count() as u32)
///     .collect();
/// let found: Vec<String> = find_digit_formulas(&values).iter().map(|f| f.to_string()).collect();
/// assert_eq!(found, ["g(n) = v3(n + 1)", "g(n) = trail3_2(n)"]);
/// ```
pub fn find_digit_formulas(values: &[u32]) -> Vec<DigitFormula> {
    let len = values.len();
    if len < MIN_VALUES {
        return Vec::new();
    }
    let prefix = len.min(PREFIX);
    // Each term at each offset with its values at n = 1 .. prefix - 1 (all defined there).
    let mut columns: Vec<(Term, u64, Vec<i64>)> = Vec::new();
    for term in Term::all(len) {
        for offset in 0..=1 {
            if term == Term::N && offset == 1 {
                continue;
            }
            let column = (1..prefix as u64).map(|n| term.of(n + offset).map(|v| v as i64));
            let column: Option<Vec<i64>> = column.collect();
            columns.extend(column.map(|c| (term, offset, c)));
        }
    }
    let g: Vec<i64> = values[1..prefix].iter().map(|&v| i64::from(v)).collect();
    let mut found = Vec::new();
    for (term, offset, x) in &columns {
        if let Some((a, c)) = fit_one(x, &g) {
            let part = Part {
                coefficient: a,
                term: *term,
                offset: *offset,
            };
            found.extend(whole(values, vec![part], c));
        }
    }
    // Two terms only where one alone gives nothing.
    let singles = found.len();
    for (i, (t1, o1, x)) in columns.iter().enumerate() {
        for (t2, o2, y) in &columns[i + 1..] {
            if singles > 0 || found.len() >= 8 {
                break;
            }
            if let Some((a, b, c)) = fit_two(x, y, &g) {
                let parts = vec![
                    Part {
                        coefficient: a,
                        term: *t1,
                        offset: *o1,
                    },
                    Part {
                        coefficient: b,
                        term: *t2,
                        offset: *o2,
                    },
                ];
                found.extend(whole(values, parts, c));
            }
        }
    }
    found.truncate(8);
    found
}

/// The formula of `parts` and `constant`, if it gives every value from `n = 1` on, with
/// `g(0)` apart if it does not give that one.
fn whole(values: &[u32], parts: Vec<Part>, constant: i64) -> Option<DigitFormula> {
    let mut formula = DigitFormula {
        parts,
        constant,
        at_zero: None,
    };
    let holds = |f: &DigitFormula, n: usize| f.value(n as u64) == Some(i64::from(values[n]));
    if !(1..values.len()).all(|n| holds(&formula, n)) {
        return None;
    }
    if !holds(&formula, 0) {
        formula.at_zero = Some(values[0]);
    }
    Some(formula)
}

/// `(a, c)` with `g = a x + c` on every value of the prefix, `a` a small nonzero integer.
fn fit_one(x: &[i64], g: &[i64]) -> Option<(i64, i64)> {
    let k = (1..x.len()).find(|&k| x[k] != x[0])?;
    let (rise, run) = (g[k] - g[0], x[k] - x[0]);
    if rise % run != 0 {
        return None;
    }
    let a = rise / run;
    let c = g[0] - a * x[0];
    let small = a != 0 && a.abs() <= MAX_COEFFICIENT;
    (small && (0..x.len()).all(|k| a * x[k] + c == g[k])).then_some((a, c))
}

/// `(a, b, c)` with `g = a x + b y + c` on every value of the prefix, `a` and `b` small
/// nonzero integers, and `x`, `y` and 1 independent on the prefix.
fn fit_two(x: &[i64], y: &[i64], g: &[i64]) -> Option<(i64, i64, i64)> {
    // Three values where (x, y, 1) are independent: the first, one where (x, y) moves, one
    // off the line through those two.
    let j = (1..x.len()).find(|&j| x[j] != x[0] || y[j] != y[0])?;
    let (dx, dy) = (x[j] - x[0], y[j] - y[0]);
    let cross = |k: usize| dx * (y[k] - y[0]) - dy * (x[k] - x[0]);
    let k = (j + 1..x.len()).find(|&k| cross(k) != 0)?;
    // Cramer's rule on the differences from the first value.
    let (ex, ey) = (x[k] - x[0], y[k] - y[0]);
    let (gj, gk) = (g[j] - g[0], g[k] - g[0]);
    let det = dx * ey - dy * ex;
    let (a_top, b_top) = (gj * ey - dy * gk, dx * gk - gj * ex);
    if a_top % det != 0 || b_top % det != 0 {
        return None;
    }
    let (a, b) = (a_top / det, b_top / det);
    let small = |v: i64| v != 0 && v.abs() <= MAX_COEFFICIENT;
    if !small(a) || !small(b) {
        return None;
    }
    let c = g[0] - a * x[0] - b * y[0];
    (0..x.len())
        .all(|k| a * x[k] + b * y[k] + c == g[k])
        .then_some((a, b, c))
}
