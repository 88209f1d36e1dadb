//! Dyadic rationals against exact fractions, and the simplest number against a search.

use combgames::surreal::DyadicRational as Q;
use proptest::prelude::*;

/// `n / 2^e`.
fn q(n: i64, e: u32) -> Q {
    Q::fraction(n, 1 << e)
}

fn int(n: i64) -> Q {
    Q::integer(n)
}

#[test]
fn simplest_numbers_of_textbook_games() {
    let cases = [
        (None, None, q(0, 0)),
        (Some(int(0)), None, int(1)),
        (None, Some(int(0)), int(-1)),
        (Some(int(0)), Some(int(1)), q(1, 1)),
        (Some(q(1, 2)), Some(int(1)), q(1, 1)),
        (Some(int(1)), Some(int(3)), int(2)),
        (Some(int(-2)), Some(int(3)), int(0)),
        (Some(q(1, 1)), Some(q(3, 2)), q(5, 3)),
        (Some(q(-3, 2)), Some(q(-1, 1)), q(-5, 3)),
        (Some(q(1, 1)), None, int(1)),
        (Some(q(-7, 1)), None, int(0)),
        (None, Some(q(-7, 1)), int(-4)),
        (Some(int(2)), None, int(3)),
        (Some(int(5)), Some(int(6)), q(11, 1)),
        (Some(q(-1, 3)), Some(q(1, 5)), int(0)),
    ];
    for (low, high, expected) in cases {
        assert_eq!(
            Q::simplest_between(low, high),
            Some(expected),
            "{{{low:?} | {high:?}}}"
        );
    }
}

#[test]
fn no_number_lies_between_a_bound_and_a_smaller_one() {
    assert_eq!(Q::simplest_between(Some(int(1)), Some(int(1))), None);
    assert_eq!(Q::simplest_between(Some(q(1, 1)), Some(q(1, 2))), None);
    assert_eq!(Q::simplest_between(Some(int(0)), Some(int(-3))), None);
}

#[test]
fn floor_and_ceil_round_the_right_way_for_negatives() {
    let minus_five_quarters = q(-5, 2);
    assert_eq!(minus_five_quarters.to_string(), "-5/4");
    assert_eq!(minus_five_quarters.floor(), -2);
    assert_eq!(minus_five_quarters.ceil(), -1);
    assert_eq!(int(-3).floor(), -3);
    assert_eq!(int(-3).ceil(), -3);
    assert_eq!(q(-1, 1).floor(), -1);
    assert_eq!(q(-1, 1).ceil(), 0);
}

#[test]
fn values_are_kept_in_lowest_terms() {
    assert_eq!(q(6, 2), q(3, 1));
    assert_eq!(q(6, 2).numerator(), 3);
    assert_eq!(q(6, 2).exponent(), 1);
    assert_eq!(q(0, 7), Q::ZERO);
    assert_eq!(q(-8, 3), int(-1));
    assert_eq!(q(65, 4).to_string(), "65/16");
    assert_eq!((q(1, 2) + q(3, 2)).to_string(), "1");
    assert_eq!(q(i64::MIN, 62).to_string(), "-2");
}

#[test]
fn overflow_is_reported_not_wrapped() {
    assert_eq!(int(i64::MAX).checked_add(int(1)), None);
    assert_eq!(int(i64::MAX).checked_add(q(1, 1)), None);
    assert_eq!(
        int(i64::MAX).checked_add(int(i64::MIN)),
        Some(int(-1)),
        "a wide intermediate is fine"
    );
    assert_eq!(int(3).to_scaled(62), None);
    assert_eq!(q(-3, 1).to_scaled(1), Some(-3));
    assert_eq!(q(-3, 1).to_scaled(4), Some(-24));
    assert_eq!(int(1).to_scaled(63), None);
    assert_eq!(int(-1).to_scaled(63), Some(i64::MIN));
    assert_eq!(int(1).to_scaled(62), Some(1 << 62));
    assert_eq!(int(-1).to_scaled(64), None);
    assert_eq!(Q::ZERO.to_scaled(200), Some(0));
}

/// A small dyadic rational with its exact value as a fraction `n / 2^e` (as an f64, which
/// holds such values exactly).
fn small() -> impl Strategy<Value = (i64, u32)> {
    (-200i64..=200, 0u32..=6)
}

fn exact((n, e): (i64, u32)) -> f64 {
    n as f64 / (1u64 << e) as f64
}

/// The simplest number strictly between two bounds by search: every number n / 2^e with
/// e <= 10 and |n / 2^e| <= 300 in between, the simplest being the one with the smallest
/// exponent, then the smallest absolute value.
fn simplest_by_search(low: Option<f64>, high: Option<f64>) -> Option<(i64, u32)> {
    for e in 0..=10u32 {
        let scale = (1i64 << e) as f64;
        let mut best: Option<i64> = None;
        for n in -300 * (1i64 << e)..=300 * (1i64 << e) {
            let v = n as f64 / scale;
            if low.map_or(false, |a| v <= a) || high.map_or(false, |b| v >= b) {
                continue;
            }
            if best.map_or(true, |b| n.abs() < b.abs()) {
                best = Some(n);
            }
        }
        if let Some(n) = best {
            return Some((n, e));
        }
    }
    None
}

proptest! {
    #[test]
    fn arithmetic_and_order_match_exact_fractions(a in small(), b in small()) {
        let (x, y) = (q(a.0, a.1), q(b.0, b.1));
        prop_assert_eq!(x.cmp(&y), exact(a).partial_cmp(&exact(b)).unwrap());
        prop_assert_eq!(x == y, exact(a) == exact(b));
        let sum = x + y;
        prop_assert_eq!(exact((sum.numerator(), sum.exponent())), exact(a) + exact(b));
        let difference = x - y;
        prop_assert_eq!(exact((difference.numerator(), difference.exponent())), exact(a) - exact(b));
        prop_assert!(sum.exponent() == 0 || sum.numerator() % 2 != 0, "lowest terms");
        prop_assert_eq!(x.floor() as f64, exact(a).floor());
        prop_assert_eq!(x.ceil() as f64, exact(a).ceil());
    }

    #[test]
    fn simplest_between_matches_a_search(
        low in proptest::option::of(small()),
        high in proptest::option::of(small()),
    ) {
        let expected = match (low, high) {
            (Some(a), Some(b)) if exact(a) >= exact(b) => None,
            _ => simplest_by_search(low.map(exact), high.map(exact)),
        };
        let found = Q::simplest_between(low.map(|(n, e)| q(n, e)), high.map(|(n, e)| q(n, e)));
        prop_assert_eq!(found.map(|v| (v.numerator(), v.exponent())), expected);
    }
}
