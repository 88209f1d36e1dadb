//! The lab's formulas in any base (`digits`) against a plain search written here from the
//! definitions: each term computed by this file's own loops, and every formula of one
//! term, else of two independent terms, with coefficients from -4 to 4, tried one by one
//! on every value. Then sequences where nothing may be claimed (a value changed far out, a
//! table too short, a coefficient too large, a base too large for the table), and the code
//! the lab prints, compiled by rustc and run against the formulas (and that of P-positions
//! `p(k + 1) = b p(k) + c`, `geometric`).

use lab::digits::{find_digit_formulas, DigitFormula, Part, Term};
use lab::geometric::Geometric;
use lab::patterns::find;
use lab::tables::Table;
use proptest::prelude::*;
use std::collections::BTreeSet;

/// The digits of `m` in base `b`, the first first, by the largest power of `b` in `m`.
fn plain_digits(m: u64, b: u64) -> Vec<u64> {
    if m == 0 {
        return Vec::new();
    }
    let mut power = 1u64;
    while power <= m / b {
        power *= b;
    }
    let mut digits = Vec::new();
    let mut left = m;
    while power > 0 {
        digits.push(left / power);
        left %= power;
        power /= b;
    }
    digits
}

/// The number of terms of `m`'s Zeckendorf sum: the largest Fibonacci number at most `m`,
/// then the same for the rest.
fn plain_zeckendorf(m: u64) -> u64 {
    let (mut left, mut terms) = (u128::from(m), 0);
    while left > 0 {
        let (mut a, mut b) = (1u128, 2u128);
        while b <= left {
            let next = a + b;
            a = b;
            b = next;
        }
        left -= a;
        terms += 1;
    }
    terms
}

/// A term's value at `m` from its definition; `None` where not defined.
fn plain_term(t: Term, m: u64) -> Option<u64> {
    let count = |b: u64, d: u64| plain_digits(m, b).iter().filter(|&&x| x == d).count() as u64;
    let trailing = |b: u64, d: u64| {
        let digits = plain_digits(m, b);
        digits.iter().rev().take_while(|&&x| x == d).count() as u64
    };
    let valuation = |b: u64| (m > 0).then(|| (0..).find(|&k| m % b.pow(k + 1) != 0).unwrap());
    Some(match t {
        Term::N => m,
        Term::Valuation(b) => u64::from(valuation(b)?),
        Term::ValuationOdd(b) => u64::from(valuation(b)? % 2),
        Term::PowerDividing(b) => b.pow(valuation(b)?),
        Term::LastNonzero(b) => *plain_digits(m, b).iter().rev().find(|&&x| x != 0)?,
        Term::DigitSum(b) => plain_digits(m, b).iter().sum(),
        Term::Length(b) => plain_digits(m, b).len() as u64,
        Term::Count(b, d) => count(b, d),
        Term::CountOdd(b, d) => count(b, d) % 2,
        Term::Lacks(b, d) => u64::from(count(b, d) == 0),
        Term::Trailing(b, d) => trailing(b, d),
        Term::ZeckCount => plain_zeckendorf(m),
        Term::ZeckParity => plain_zeckendorf(m) % 2,
    })
}

/// Every term of the definition for a table of `len` values: `n`, the Zeckendorf terms,
/// then those of each base `b` with `b^3 <= len`, up to 10.
fn plain_terms(len: usize) -> Vec<Term> {
    let mut terms = vec![Term::N, Term::ZeckCount, Term::ZeckParity];
    for b in 2..=10u64 {
        if (b * b * b) as usize > len {
            break;
        }
        terms.extend([
            Term::Valuation(b),
            Term::ValuationOdd(b),
            Term::PowerDividing(b),
            Term::LastNonzero(b),
            Term::DigitSum(b),
            Term::Length(b),
        ]);
        for d in 0..b {
            terms.extend([Term::Count(b, d), Term::CountOdd(b, d), Term::Lacks(b, d)]);
            if d > 0 {
                terms.push(Term::Trailing(b, d));
            }
        }
    }
    terms
}

/// The rank of the columns `cols` over the rows `1 .. rows`, by elimination in `i128`.
fn rank(cols: &[&dyn Fn(u64) -> i64], rows: u64) -> usize {
    let mut matrix: Vec<Vec<i128>> = (1..rows)
        .map(|n| cols.iter().map(|c| i128::from(c(n))).collect())
        .collect();
    let mut rank = 0;
    for col in 0..cols.len() {
        let Some(pivot) = (rank..matrix.len()).find(|&r| matrix[r][col] != 0) else {
            continue;
        };
        matrix.swap(rank, pivot);
        let top = matrix[rank].clone();
        for (r, row) in matrix.iter_mut().enumerate() {
            if r != rank && row[col] != 0 {
                let q = row[col];
                row.iter_mut()
                    .zip(&top)
                    .for_each(|(x, &t)| *x = *x * top[col] - t * q);
            }
        }
        rank += 1;
    }
    rank
}

/// A formula as a key that does not depend on the order of its parts.
fn key(f: &DigitFormula) -> String {
    let mut parts: Vec<String> = (f.parts.iter())
        .map(|p| format!("{} {:?}(n + {})", p.coefficient, p.term, p.offset))
        .collect();
    parts.sort();
    format!(
        "{} + {}, g(0) {:?}",
        parts.join(" + "),
        f.constant,
        f.at_zero
    )
}

/// Every formula of the definition that gives `g`, as their keys: of one
/// term (not constant on the first 512 values), else of two with `T1`, `T2` and 1
/// independent there; coefficients from -4 to 4, not 0.
fn plain_formulas(g: &[u32]) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let len = g.len();
    if len < 64 {
        return found;
    }
    let rows = len.min(512) as u64;
    // Each term at each offset, with its values at n = 0 .. len computed once.
    let mut columns: Vec<(Term, u64, Vec<Option<i64>>)> = Vec::new();
    for t in plain_terms(len) {
        for offset in 0..=1 {
            if t != Term::N || offset == 0 {
                let values = (0..len as u64).map(|n| plain_term(t, n + offset).map(|v| v as i64));
                columns.push((t, offset, values.collect()));
            }
        }
    }
    type Column = (Term, u64, Vec<Option<i64>>);
    let one = |_: u64| 1i64;
    let coefficients: Vec<i64> = (-4..=4).filter(|&a| a != 0).collect();
    // The formula of these coefficients and columns, if it gives every value from n = 1.
    let fit = |parts: &[(i64, &Column)]| {
        let gives = |n: usize| (parts.iter()).try_fold(0i64, |s, (a, c)| Some(s + a * c.2[n]?));
        let constant = i64::from(g[1]) - gives(1).unwrap();
        let holds = |n: usize| gives(n).map(|s| s + constant) == Some(i64::from(g[n]));
        if !(1..len).all(holds) {
            return None;
        }
        let parts = (parts.iter())
            .map(|&(coefficient, c)| Part {
                coefficient,
                term: c.0,
                offset: c.1,
            })
            .collect();
        let at_zero = (!holds(0)).then_some(g[0]);
        Some(key(&DigitFormula {
            parts,
            constant,
            at_zero,
        }))
    };
    for c in &columns {
        let x = |n: u64| c.2[n as usize].unwrap_or(i64::MIN);
        if rank(&[&x, &one], rows) == 2 {
            found.extend(coefficients.iter().filter_map(|&a| fit(&[(a, c)])));
        }
    }
    if !found.is_empty() {
        return found;
    }
    for (i, c1) in columns.iter().enumerate() {
        for c2 in &columns[i + 1..] {
            let mut fits = BTreeSet::new();
            for &a in &coefficients {
                fits.extend(
                    coefficients
                        .iter()
                        .filter_map(|&b| fit(&[(a, c1), (b, c2)])),
                );
            }
            let x = |n: u64| c1.2[n as usize].unwrap_or(i64::MIN);
            let y = |n: u64| c2.2[n as usize].unwrap_or(i64::MIN);
            if !fits.is_empty() && rank(&[&x, &y, &one], rows) == 3 {
                found.extend(fits);
            }
        }
    }
    found
}

/// Values `sum of parts + c`, shifted so that the least from `n = 1` is `low`, with
/// `zero` at `n = 0` where a term is not defined there.
fn values_of(parts: &[Part], len: usize, low: u32, zero: u32) -> Vec<u32> {
    let raw: Vec<Option<i64>> = (0..len as u64)
        .map(|n| {
            parts.iter().try_fold(0i64, |s, p| {
                Some(s + p.coefficient * plain_term(p.term, n + p.offset)? as i64)
            })
        })
        .collect();
    let least = raw[1..].iter().map(|v| v.unwrap()).min().unwrap();
    let least = least.min(raw[0].unwrap_or(least));
    (raw.iter())
        .map(|v| v.map_or(zero, |v| (v - least) as u32 + low))
        .collect()
}

/// A term of bases 2 to 5 at random, by its index in `plain_terms(125)`.
fn a_term() -> impl Strategy<Value = Term> {
    let terms = plain_terms(125);
    (0..terms.len()).prop_map(move |i| terms[i])
}

fn a_part() -> impl Strategy<Value = Part> {
    (a_term(), 0u64..=1, -5i64..=5).prop_map(|(term, offset, coefficient)| Part {
        coefficient: if coefficient == 0 { 1 } else { coefficient },
        term,
        offset,
    })
}

proptest! {
    #![proptest_config(common::cases(60))]

    #[test]
    fn the_formulas_found_are_the_plain_search_s(
        parts in proptest::collection::vec(a_part(), 1..=2),
        len in 64usize..300,
        low in 0u32..3,
        zero in 0u32..3,
        noise in proptest::option::of((1usize..300, 0u32..4)),
    ) {
        let mut g = values_of(&parts, len, low, zero);
        if let Some((i, x)) = noise.filter(|&(i, _)| i < len) {
            g[i] = x;
        }
        let found: Vec<DigitFormula> = find_digit_formulas(&g);
        let plain = plain_formulas(&g);
        let texts: BTreeSet<String> = found.iter().map(key).collect();
        if plain.len() <= 8 {
            prop_assert_eq!(texts, plain);
        } else {
            prop_assert_eq!(found.len(), 8);
            prop_assert!(texts.is_subset(&plain), "{:?} not in {:?}", texts, plain);
        }
        for f in &found {
            prop_assert!((0..len as u64).all(|n| f.value(n) == Some(i64::from(g[n as usize]))));
        }
    }

    #[test]
    fn every_term_is_its_definition(m in 0u64..1 << 40, t in 0usize..264) {
        let terms = plain_terms(1000);
        let term = terms[t % terms.len()];
        prop_assert_eq!(term.of(m), plain_term(term, m), "{:?} at {}", term, m);
        prop_assert_eq!(term.of(u64::MAX), plain_term(term, u64::MAX), "{:?}", term);
    }
}

/// The terms of bases 2, 3 and 10 that vary over 1000 values, and `n` and the Zeckendorf
/// terms: each must be found on its own values, and its formula give them.
#[test]
fn every_term_is_found_on_its_own_values() {
    let base = |t: &Term| match *t {
        Term::N | Term::ZeckCount | Term::ZeckParity => 2,
        Term::Valuation(b) | Term::ValuationOdd(b) | Term::PowerDividing(b) => b,
        Term::LastNonzero(b) => b,
        Term::DigitSum(b) | Term::Length(b) => b,
        Term::Count(b, _) | Term::CountOdd(b, _) | Term::Lacks(b, _) | Term::Trailing(b, _) => b,
    };
    for term in Term::all(1000)
        .into_iter()
        .filter(|t| [2, 3, 10].contains(&base(t)))
    {
        let values: Vec<u32> = (0..1000u64)
            .map(|n| plain_term(term, n + 1).unwrap() as u32 + 2)
            .collect();
        if values[1..].iter().all(|&v| v == values[1]) {
            continue;
        }
        let found = find_digit_formulas(&values);
        let first = found
            .first()
            .unwrap_or_else(|| panic!("{term:?}: nothing found"));
        assert_eq!(first.parts.len(), 1, "{term:?}: {first}");
        assert!(
            (0..1000).all(|n| first.value(n) == Some(i64::from(values[n as usize]))),
            "{term:?}: {first}"
        );
        assert!(
            found.iter().any(|f| f.parts[0].term == term),
            "{term:?} not among {:?}",
            found.iter().map(|f| f.to_string()).collect::<Vec<_>>()
        );
    }
}

/// The report's findings' first lines for `values` read as a table.
fn heads(values: Vec<u32>) -> Vec<String> {
    find(&Table::read(values))
        .into_iter()
        .map(|f| f.headline)
        .collect()
}

#[test]
fn a_formula_that_breaks_once_far_out_is_not_claimed() {
    let v3 = |n: u64| plain_term(Term::Valuation(3), n).unwrap_or(0) as u32;
    let mut values: Vec<u32> = (0..20_000).map(v3).collect();
    assert_eq!(heads(values.clone())[0], "formula: g(n) = v3(n)");
    values[19_683] = 7; // 3^9: v3 is 9 there
    assert!(find_digit_formulas(&values).is_empty());
    assert!(!heads(values).iter().any(|h| h.starts_with("formula")));
    // A pair, the nim-sum of the base-3 digits: odd3_1(n) + 2 odd3_2(n).
    let odd = |n: u64, d: u64| plain_term(Term::CountOdd(3, d), n).unwrap() as u32;
    let mut values: Vec<u32> = (0..5000).map(|n| odd(n, 1) + 2 * odd(n, 2)).collect();
    assert_eq!(
        heads(values.clone())[0],
        "formula: g(n) = odd3_1(n) + 2 * odd3_2(n)"
    );
    values[4321] ^= 1;
    assert!(find_digit_formulas(&values).is_empty());
    // The Zeckendorf parity, one value flipped.
    let mut values: Vec<u32> = (0..5000).map(|n| plain_zeckendorf(n) as u32 % 2).collect();
    assert_eq!(heads(values.clone())[0], "formula: g(n) = zeck_parity(n)");
    values[3000] ^= 1;
    assert!(find_digit_formulas(&values).is_empty());
}

#[test]
fn a_table_too_short_a_coefficient_too_large_or_a_base_too_large_claim_nothing() {
    let lnz3 = |n: u64| plain_term(Term::LastNonzero(3), n).unwrap_or(1) as u32;
    let values: Vec<u32> = (0..63).map(lnz3).collect();
    assert!(find_digit_formulas(&values).is_empty(), "63 values");
    let values: Vec<u32> = (0..64).map(lnz3).collect();
    assert_eq!(
        find_digit_formulas(&values)[0].to_string(),
        "g(n) = lnz3(n)"
    );
    // 5 v3(n): a coefficient of 5 is not tried.
    let v3 = |n: u64| plain_term(Term::Valuation(3), n).unwrap_or(0) as u32;
    let values: Vec<u32> = (0..2000).map(|n| 5 * v3(n)).collect();
    assert!(find_digit_formulas(&values).is_empty());
    // The digits 7 in base 10, on 999 values: base 10 needs 1000.
    let sevens = |n: u64| plain_term(Term::Count(10, 7), n).unwrap() as u32;
    assert!(find_digit_formulas(&(0..999).map(sevens).collect::<Vec<_>>()).is_empty());
    let found = find_digit_formulas(&(0..1000).map(sevens).collect::<Vec<_>>());
    assert_eq!(found[0].to_string(), "g(n) = count10_7(n)");
}

#[test]
fn every_code_line_fits_92_columns_and_the_code_compiles_and_gives_the_values() {
    // Formulas of one term and two, with g(0) apart or not, and a closure too long for a line.
    let part = |coefficient, term, offset| Part {
        coefficient,
        term,
        offset,
    };
    let formulas = [
        DigitFormula {
            parts: vec![part(1, Term::LastNonzero(3), 0)],
            constant: -1,
            at_zero: Some(0),
        },
        DigitFormula {
            parts: vec![part(1, Term::PowerDividing(2), 0)],
            constant: 0,
            at_zero: Some(0),
        },
        DigitFormula {
            parts: vec![part(2, Term::N, 0), part(-1, Term::CountOdd(2, 1), 0)],
            constant: 1,
            at_zero: None,
        },
        DigitFormula {
            parts: vec![
                part(-3, Term::Trailing(10, 9), 1),
                part(4, Term::Lacks(10, 0), 1),
            ],
            constant: 12,
            at_zero: Some(17),
        },
        DigitFormula {
            parts: vec![part(1, Term::ZeckParity, 0), part(2, Term::ZeckCount, 1)],
            constant: 0,
            at_zero: None,
        },
        DigitFormula {
            parts: vec![part(1, Term::DigitSum(7), 0), part(1, Term::Length(5), 1)],
            constant: 0,
            at_zero: None,
        },
        DigitFormula {
            parts: vec![
                part(1, Term::Count(4, 0), 0),
                part(1, Term::Valuation(6), 1),
            ],
            constant: 0,
            at_zero: None,
        },
        DigitFormula {
            parts: vec![part(-1, Term::ValuationOdd(2), 0)],
            constant: 1,
            at_zero: Some(0),
        },
    ];
    let mut program = String::new();
    for (i, f) in formulas.iter().enumerate() {
        let code = f.code();
        for line in code.iter().flat_map(|c| c.lines()) {
            assert!(line.len() <= 92, "{} columns: {line}", line.len());
        }
        let (helpers, closure) = code.split_at(code.len() - 1);
        program += &format!(
            "mod f{i} {{\n#![allow(dead_code)]\n{}\npub fn values() -> Vec<u64> {{\n\
             let g = {};\n(0..500u64).map(g).collect()\n}}\n}}\n",
            helpers.join("\n"),
            closure[0]
        );
    }
    // P-positions p(k + 1) = b p(k) + c, as `let is_p = ...;`.
    let geometric = [
        Geometric {
            first: 0,
            ratio: 2,
            step: 1,
        },
        Geometric {
            first: 0,
            ratio: 3,
            step: 1,
        },
        Geometric {
            first: 5,
            ratio: 4,
            step: -3,
        },
    ];
    for (i, g) in geometric.iter().enumerate() {
        let code = g.code();
        assert!(code.lines().all(|l| l.len() <= 92), "{code}");
        program += &format!(
            "fn p{i}() -> Vec<u64> {{\n{code}\n(0..2000u64).filter(|&n| is_p(n)).collect()\n}}\n"
        );
    }
    let calls: Vec<String> = (0..formulas.len())
        .map(|i| format!("println!(\"{{:?}}\", f{i}::values());"))
        .chain((0..geometric.len()).map(|i| format!("println!(\"{{:?}}\", p{i}());")))
        .collect();
    program += &format!("fn main() {{\n{}\n}}\n", calls.join("\n"));
    let dir = std::env::temp_dir().join(format!("lab_digits_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (source, exe) = (dir.join("formulas.rs"), dir.join("formulas"));
    std::fs::write(&source, &program).unwrap();
    let built = std::process::Command::new("rustc")
        .args(["--edition", "2021", "-o"])
        .arg(&exe)
        .arg(&source)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}\n{program}",
        String::from_utf8_lossy(&built.stderr)
    );
    let run = std::process::Command::new(&exe).output().unwrap();
    let printed = String::from_utf8(run.stdout).unwrap();
    let mut lines = printed.lines();
    for (f, line) in formulas.iter().zip(&mut lines) {
        let expected: Vec<i64> = (0..500).map(|n| f.value(n).unwrap()).collect();
        assert_eq!(line, format!("{expected:?}"), "{f}");
    }
    for g in &geometric {
        let p = std::iter::successors(Some(g.first as i64), |&p| Some(g.ratio as i64 * p + g.step));
        let expected: Vec<i64> = p.take_while(|&p| p < 2000).collect();
        assert_eq!(lines.next(), Some(format!("{expected:?}").as_str()), "{g}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
