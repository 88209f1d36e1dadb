//! The lab's exact integer code against arithmetic written here: the integer square root
//! against the squares around it, `floor(k α)` against the inequalities that define it
//! (squared in 256 bits), the ratio fit on Beatty sequences of every candidate kind and
//! never on a periodic set, and the code a report prints for a ratio, pasted here.

use lab::formulas::isqrt;
use lab::patterns::find;
use lab::ratios::{find_ratio, Quadratic, Ratio};
use lab::tables::Table;
use lab::verify::assert_formula;
use proptest::prelude::*;

/// `a * b` in 256 bits, as (high, low) halves.
fn wide(a: u128, b: u128) -> (u128, u128) {
    let (a1, a0, b1, b0) = (a >> 64, a as u64 as u128, b >> 64, b as u64 as u128);
    let (low, mid1, mid2, high) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    let (mid, carry) = mid1.overflowing_add(mid2);
    let (low, carry_low) = low.overflowing_add(mid << 64);
    let high = high + (mid >> 64) + (u128::from(carry) << 64) + u128::from(carry_low);
    (high, low)
}

/// Whether `x <= k sqrt(d)` for `x` of any sign (`x^2 <= k^2 d` when `x >= 0`).
fn at_most_root(x: i128, k: u128, d: u128) -> bool {
    x < 0 || wide(x as u128, x as u128) <= wide(k * k, d)
}

/// A quadratic irrational of the fit, above 1.
fn quadratic() -> impl Strategy<Value = Quadratic> {
    (-40i64..=40, 2u64..=300, 1u64..=2)
        .prop_filter("irrational", |&(_, d, _)| {
            (isqrt(u128::from(d)) as u64).pow(2) != d
        })
        .prop_filter("above 1", |&(a, d, b)| {
            let gap = b as i64 - a;
            gap < 0 || d > (gap * gap) as u64
        })
        .prop_map(|(a, d, b)| Quadratic::new(a, d, b))
}

/// Whether an irrational of the fit other than `alpha` gives every one of `positions`, by
/// trying them all.
fn rival(positions: &[u64], alpha: Quadratic) -> bool {
    let roots = (2..=300u64).filter(|&d| (isqrt(u128::from(d)) as u64).pow(2) != d);
    let all = roots.flat_map(|d| (1..=2).flat_map(move |b| (-40..=40).map(move |a| (a, d, b))));
    let above_one = |&(a, d, b): &(i64, u64, u64)| {
        b as i64 - a < 0 || d > ((b as i64 - a) * (b as i64 - a)) as u64
    };
    let simplest = |&(a, d, b): &(i64, u64, u64)| !(a % 2 == 0 && b == 2 && d % 4 == 0);
    all.filter(above_one)
        .filter(simplest)
        .map(|(a, d, b)| Quadratic { a, d, b })
        .any(|other| {
            other != alpha
                && (0..=1).any(|shift| {
                    let offset = positions[0] as i128 - other.floor_times(shift) as i128;
                    let at = |k: usize| other.floor_times(k as u64 + shift) as i128 + offset;
                    offset.abs() <= 2 && (0..positions.len()).all(|k| at(k) == positions[k] as i128)
                })
        })
}

proptest! {
    #![proptest_config(common::cases(1000))]

    #[test]
    fn isqrt_is_the_largest_root(n in prop_oneof![any::<u128>(), any::<u64>().prop_map(u128::from), (0u128..1 << 60).prop_map(|r| r * r - 1)]) {
        let r = isqrt(n);
        prop_assert!(r * r <= n);
        prop_assert!((r + 1).checked_mul(r + 1).map_or(true, |s| s > n));
    }

    #[test]
    fn floor_times_is_the_floor(alpha in quadratic(), k in prop_oneof![0u64..1000, 0u64..=1_000_000_000_000_000_000]) {
        // m = floor(k (a + sqrt(d)) / b): m b - k a <= k sqrt(d) < (m + 1) b - k a.
        let m = alpha.floor_times(k);
        let (k, a, b, d) = (i128::from(k), i128::from(alpha.a), i128::from(alpha.b), u128::from(alpha.d));
        let m = m as i128;
        prop_assert!(at_most_root(m * b - k * a, k as u128, d));
        prop_assert!(!at_most_root((m + 1) * b - k * a, k as u128, d));
    }

    #[test]
    fn a_beatty_sequence_is_fitted_exactly(alpha in quadratic(), shift in 0u64..=1, offset in -2i64..=2, len in 200usize..600) {
        let ratio = Ratio { alpha, shift, offset };
        prop_assume!(ratio.alpha.floor_times(shift) as i64 + offset >= 0);
        let positions: Vec<u64> = (0..len as u64).map(|k| ratio.position(k)).collect();
        match find_ratio(&positions) {
            Some(found) => {
                prop_assert!((0..len as u64).all(|k| found.position(k) == positions[k as usize]));
                prop_assert_eq!(found.alpha, alpha);
            }
            // No claim: then another irrational of the fit gives them all too.
            None => prop_assert!(rival(&positions, alpha), "{:?}", ratio),
        }
    }

    #[test]
    fn a_periodic_set_is_never_fitted(cycle in proptest::collection::vec(any::<bool>(), 1..40), start in 0u64..50) {
        prop_assume!(cycle.iter().any(|&b| b));
        let positions: Vec<u64> = (0..5000u64)
            .filter(|&n| cycle[(n % cycle.len() as u64) as usize])
            .map(|n| n + start)
            .collect();
        prop_assert_eq!(find_ratio(&positions), None);
    }
}

#[test]
fn p_positions_floor_k_sqrt_2_are_reported_with_their_code() {
    // The win/lose values of a table whose P-positions are floor(k sqrt(2)).
    let lower: Vec<u64> = (0..400).map(|k| isqrt(2 * k * k) as u64).collect();
    let values: Vec<u32> = (0..560).map(|n| u32::from(!lower.contains(&n))).collect();
    let found = find(&Table::read(values.clone()));
    let ratio = found
        .iter()
        .find(|f| f.headline.starts_with("p-positions: ratio"));
    let ratio = ratio.unwrap_or_else(|| panic!("{found:?}"));
    assert_eq!(
        ratio.headline,
        "p-positions: ratio: p(k) = floor(k * sqrt(2))"
    );
    assert_eq!(
        ratio.code[1],
        "let p = |k: u64| (isqrt((k as u128) * (k as u128) * 2)) as u64;\nlet is_p = |n: u64| {\n    let (mut low, mut high) = (0, n + 2);\n    while low < high {\n        let mid = low + (high - low) / 2;\n        if p(mid) < n {\n            low = mid + 1\n        } else {\n            high = mid\n        }\n    }\n    p(low) == n\n};"
    );
    let p = |k: u64| (isqrt((k as u128) * (k as u128) * 2)) as u64;
    let is_p = |n: u64| {
        let (mut low, mut high) = (0, n + 2);
        while low < high {
            let mid = low + (high - low) / 2;
            if p(mid) < n {
                low = mid + 1
            } else {
                high = mid
            }
        }
        p(low) == n
    };
    assert_formula(&values, |n| !is_p(n));
    let k = 1_000_000_000_000_000_000;
    assert_eq!(p(k), 1_414_213_562_373_095_048);
    assert!(is_p(p(k)) && is_p(p(k + 1)) && (p(k) + 1..p(k + 1)).all(|n| !is_p(n)));
}

/// The integer square root a report prints to paste is `formulas::isqrt`'s own code, which
/// the tests above check: its text, without `pub` and comments.
#[test]
fn the_isqrt_to_paste_is_the_one_tested() {
    let path = common::bundling::manifest_dir().join("src/lab/formulas.rs");
    let source = std::fs::read_to_string(path).unwrap();
    let start = source.find("pub fn isqrt(n: u128) -> u128 {").unwrap();
    let end = start + source[start..].find("\n}\n").unwrap() + 2;
    let code: Vec<&str> = source[start + 4..end]
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect();
    assert_eq!(code.join("\n"), lab::formulas::ISQRT_CODE);
}
