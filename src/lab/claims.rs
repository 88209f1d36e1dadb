//! The lab's claims beyond periods, each as the text of a finding ([`Claim`]): a formula of
//! the values ([`formula_claim`]: a binary or Fibonacci feature of `formulas`, else, when
//! nothing else was found, digits in any base or two terms of `digits`) with the induction
//! step left to prove (`obligations`); P-positions that grow by a whole ratio
//! ([`geometric_claim`]); and the warning every P-position pattern carries ([`one_heap`]).
//! No claim here is proved: each holds where checked.
//! Layer 3: uses `tables`, `formulas`, `digits`, `geometric` and `obligations`.

use crate::digits::find_digit_formulas;
use crate::formulas::{find_formulas, Feature};
use crate::geometric::find_geometric;
use crate::obligations::to_prove;
use crate::tables::Table;

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
    let binary = find_formulas(values);
    let digits = match binary.is_empty() && alone {
        true => find_digit_formulas(values),
        false => Vec::new(),
    };
    // The formula, g(0) apart, what its terms are, the same values otherwise, its code.
    let (formula, at_zero, terms, others, code) = match (binary.split_first(), digits.split_first())
    {
        (Some((f, rest)), _) => {
            let mut f = *f;
            f.at_zero = f.at_zero.filter(|_| first == 0);
            let name = format!("{}: {}", f.feature.name(), definition(f.feature));
            let rest = rest.iter().map(|f| f.to_string()).collect();
            (f.to_string(), f.at_zero, vec![name], rest, vec![f.code()])
        }
        (None, Some((f, rest))) => {
            let mut f = f.clone();
            f.at_zero = f.at_zero.filter(|_| first == 0);
            let rest = rest.iter().take(4).map(|f| f.to_string()).collect();
            (f.to_string(), f.at_zero, f.definitions(), rest, f.code())
        }
        (None, None) => return None,
    };
    let len = values.len();
    let checked = match first {
        0 => format!("every n < {}", len),
        first => format!("every n from {} to {}", first, len - 1),
    };
    let mut notes: Vec<String> = at_zero
        .map(|g| format!("g(0) = {}, apart", g))
        .into_iter()
        .collect();
    notes.extend(terms);
    let others: Vec<String> = others;
    if !others.is_empty() {
        notes.push(format!("the same values: {}", others.join("; ")));
    }
    let from = first.max(u64::from(at_zero.is_some()));
    let rhs = formula.trim_start_matches("g(n) = ");
    notes.push(to_prove(table.kind(), rhs, from));
    if let Some(kind) = table.kind() {
        notes.push(format!(
            "the table checks that step for every n < {len}; check it at any n, with no \
             table: lab::obligations::check_step(&rules, Values::{kind:?}, g, from..to)"
        ));
    }
    Some(Claim {
        headline: format!("formula: {}", formula),
        checked,
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
