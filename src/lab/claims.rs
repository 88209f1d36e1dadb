//! The lab's claims beyond periods, each as the text of a finding ([`Claim`]): a formula of
//! the values ([`formula_claim`]: a binary or Fibonacci feature of `formulas`, else, when
//! nothing else was found, digits in any base or two terms of `digits`) with the induction
//! step left to prove (`obligations`); P-positions that grow by a whole ratio
//! ([`geometric_claim`]) or follow a formula of who wins ([`p_formula_claim`]); and the
//! warning every P-position pattern carries ([`one_heap`]).
//! No claim here is proved: each holds where checked.
//! Layer 3: uses `tables`, `formulas`, `digits`, `geometric` and `obligations`.

use crate::digits::find_digit_formulas;
use crate::formulas::{find_formulas, Feature};
use crate::geometric::find_geometric;
use crate::obligations::to_prove;
use crate::tables::{Table, Values};

/// A claim as a finding of `patterns` shows it: its stable first line, where it was checked,
/// its notes and its code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// Its first line.
    pub headline: String,
    /// Where it was checked.
    pub checked: String,
    /// More to know, the step left to prove among them.
    pub notes: Vec<String>,
    /// Rust code to paste.
    pub code: Vec<String>,
}

/// A formula fitted to a sequence: its text (`g(n) = ...`), `g(0)` apart, what its terms
/// are, the other formulas of the same values, its code (a closure last).
struct Fitted {
    formula: String,
    at_zero: Option<u32>,
    terms: Vec<String>,
    others: Vec<String>,
    code: Vec<String>,
}

/// The formula of `values`, if one fits: a feature of `formulas`, else, if `digits_too`, of
/// `digits`; no exception at 0 when the first state is 1 or more.
fn fit(values: &[u32], first: u64, digits_too: bool) -> Option<Fitted> {
    let binary = find_formulas(values);
    let digits = match binary.is_empty() && digits_too {
        true => find_digit_formulas(values),
        false => Vec::new(),
    };
    Some(match (binary.split_first(), digits.split_first()) {
        (Some((f, rest)), _) => {
            let mut f = *f;
            f.at_zero = f.at_zero.filter(|_| first == 0);
            Fitted {
                formula: f.to_string(),
                at_zero: f.at_zero,
                terms: vec![format!("{}: {}", f.feature.name(), definition(f.feature))],
                others: rest.iter().map(|f| f.to_string()).collect(),
                code: vec![f.code()],
            }
        }
        (None, Some((f, rest))) => {
            let mut f = f.clone();
            f.at_zero = f.at_zero.filter(|_| first == 0);
            Fitted {
                formula: f.to_string(),
                at_zero: f.at_zero,
                terms: f.definitions(),
                others: rest.iter().take(4).map(|f| f.to_string()).collect(),
                code: f.code(),
            }
        }
        (None, None) => return None,
    })
}

impl Fitted {
    /// The notes of a claim of this formula named `name` (`g`, `won`) for values `kind`
    /// (`read` from elsewhere, or from rules): the exception at 0, the terms, the same
    /// values, the step to prove and how to check it further.
    fn notes(&self, name: &str, first: u64, len: usize, kind: Values, read: bool) -> Vec<String> {
        let renamed = |f: &str| f.replacen("g(n)", &format!("{}(n)", name), 1);
        let mut notes: Vec<String> = (self.at_zero.iter())
            .map(|g| format!("{}(0) = {}, apart", name, g))
            .collect();
        notes.extend(self.terms.iter().cloned());
        if !self.others.is_empty() {
            let others: Vec<String> = self.others.iter().map(|f| renamed(f)).collect();
            notes.push(format!("the same values: {}", others.join("; ")));
        }
        let from = first.max(u64::from(self.at_zero.is_some()));
        let rhs = self.formula.trim_start_matches("g(n) = ");
        notes.push(to_prove(kind, rhs, from, read));
        if !read {
            notes.push(format!(
                "the table checks that step for every n < {len}; check it at any n, with no \
                 table: lab::obligations::check_step(&rules, Values::{kind:?}, {name}, from..to)"
            ));
        }
        notes
    }
}

/// Where a claim over the states from `first` was checked.
fn every(first: u64, len: usize) -> String {
    match first {
        0 => format!("every n < {}", len),
        first => format!("every n from {} to {}", first, len - 1),
    }
}

/// The formula of `table`'s values, if one fits: a feature of `formulas`, else, when no
/// other pattern was found (`alone`), of `digits`; no exception is claimed at a state
/// below the game's first.
///
/// # Complexity
/// That of `find_formulas`, and of `find_digit_formulas` when `alone`.
///
/// ```
/// use lab::claims::formula_claim;
/// use lab::tables::Table;
/// let values: Vec<u32> = (0..100u64).map(|n| (n + 1).trailing_zeros()).collect();
/// let claim = formula_claim(&Table::read(values), true).unwrap();
/// assert_eq!(claim.headline, "formula: g(n) = trailing_ones(n)");
/// ```
pub fn formula_claim(table: &Table, alone: bool) -> Option<Claim> {
    let (values, first) = (table.values(), table.first());
    let fitted = fit(values, first, alone)?;
    Some(Claim {
        headline: format!("formula: {}", fitted.formula),
        checked: every(first, values.len()),
        notes: fitted.notes(
            "g",
            first,
            values.len(),
            table.kind().unwrap_or(Values::Grundy),
            table.kind().is_none(),
        ),
        code: fitted.code,
    })
}

/// The P-positions of `table` as a formula of who wins, `won(n)`, 1 when the player to
/// move wins state `n` alone and 0 at a P-position: a formula of `formulas` or `digits`
/// fitted to those 0s and 1s, for values with no pattern but P-positions of a digit rule
/// (Mark, moving `n` to `n - 1` or `n / 2`: `won(n) = 1 - odd_v2(n)`).
///
/// # Complexity
/// That of `find_formulas` and `find_digit_formulas`.
///
/// ```
/// use lab::claims::p_formula_claim;
/// use lab::tables::Table;
/// // Grundy values 1 or 2 where 3 divides n + 1 an odd number of times, else 0.
/// let v3 = |n: u64| (0..).take_while(|&k| n % 3u64.pow(k + 1) == 0).count() as u32;
/// let values: Vec<u32> = (0..3000u64).map(|n| (v3(n + 1) % 2) * (1 + n as u32 % 2)).collect();
/// let claim = p_formula_claim(&Table::read(values)).unwrap();
/// assert_eq!(claim.headline, "p-positions: formula: won(n) = odd_v3(n + 1)");
/// ```
pub fn p_formula_claim(table: &Table) -> Option<Claim> {
    let (values, first) = (table.values(), table.first());
    let won: Vec<u32> = values.iter().map(|&v| u32::from(v != 0)).collect();
    let fitted = fit(&won, first, true)?;
    let formula = fitted.formula.replacen("g(n)", "won(n)", 1);
    let mut notes =
        vec!["won(n): 1 when the player to move wins n alone, 0 at a P-position".into()];
    let read = table.kind().is_none();
    notes.extend(fitted.notes("won", first, values.len(), Values::WinLose, read));
    let mut code = fitted.code;
    let won = code.pop().unwrap_or_default();
    code.push(format!(
        "let won = {};\nlet is_p = |n: u64| won(n) == 0;",
        won
    ));
    Some(Claim {
        headline: format!("p-positions: formula: {}", formula),
        checked: every(first, values.len()),
        notes,
        code,
    })
}

/// What a feature of `formulas` is, for the report.
fn definition(feature: Feature) -> &'static str {
    match feature {
        Feature::V2 => "the exponent of 2 in m, its trailing zeros",
        Feature::TrailingOnes => "the trailing ones of m",
        Feature::BitLen => "the bit length of m (0 for 0)",
        Feature::Popcount => "the ones of m",
        Feature::Parity => "the parity of the ones of m (1 for odious m)",
        Feature::IsPow2 => "1 when m is a power of 2, else 0",
        Feature::ZeckMin => "the smallest term of m's Zeckendorf sum of 1, 2, 3, 5, 8...",
        Feature::ZeckIndex => {
            "the index from 0 in 1, 2, 3, 5, 8... of m's smallest Zeckendorf term"
        }
    }
}

/// The P-positions of `values` from `first` as `p(k + 1) = b p(k) + c`, if they are.
///
/// # Complexity
/// O(N).
///
/// ```
/// use lab::claims::geometric_claim;
/// let values: Vec<u32> = (0..100u32).map(|n| u32::from((n + 1).count_ones() != 1)).collect();
/// let claim = geometric_claim(&values, 0).unwrap();
/// assert_eq!(claim.headline, "p-positions: geometric: p(k) = 2^k - 1");
/// ```
pub fn geometric_claim(values: &[u32], first: usize) -> Option<Claim> {
    let len = values.len();
    let lost: Vec<u64> = (first as u64..len as u64)
        .filter(|&n| values[n as usize] == 0)
        .collect();
    let g = find_geometric(&lost, len)?;
    let shown: Vec<String> = lost.iter().take(12).map(|p| p.to_string()).collect();
    Some(Claim {
        headline: format!("p-positions: geometric: {}", g),
        checked: format!(
            "the {} P-positions below {}, k = 0 .. {}, and the next is past the table",
            lost.len(),
            len,
            lost.len() - 1
        ),
        notes: vec![
            format!("{}: {} ...", g.recurrence(), shown.join(" ")),
            "to prove, by induction on n: no move of a P-position reaches another, and every \
             other state has a move to one; check it at any n, with no table: \
             lab::obligations::check_step(&rules, Values::WinLose, |n| u64::from(!is_p(n)), \
             from..to)"
                .to_string(),
        ],
        code: vec![g.code()],
    })
}

/// The note of a P-position pattern: it decides one heap, not a sum; `formula_found` says
/// whether a formula of the values was found beside it.
///
/// # Complexity
/// O(1).
pub fn one_heap(formula_found: bool) -> String {
    format!(
        "one heap only: the P-positions decide who wins a single heap, not a sum; XOR-ing \
         is_p over heaps would be wrong: a sum needs the Grundy values{}",
        match formula_found {
            true => " (the formula above gives them)",
            false => " (tabulate them, or find their formula)",
        }
    )
}
