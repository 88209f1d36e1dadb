//! The lab's 1D searches against plain brute force written here from the definitions: the
//! period finder (the prefix function of the reversed values) against a scan of every
//! period, on eventually periodic sequences with noise; arithmetic periods and P-position
//! classes likewise; the binary and Fibonacci formulas against features computed here by
//! loops.

use lab::formulas::{find_formulas, Feature};
use lab::periods::{find_arithmetic, find_classes, find_period, Arithmetic, Period, EVIDENCE};
use proptest::collection::vec;
use proptest::prelude::*;

/// The least start from which `v` repeats with period `p`: after the last `n` where
/// `v[n] != v[n + p]`.
fn plain_start<T: PartialEq>(v: &[T], p: usize) -> usize {
    let last = (0..v.len().saturating_sub(p))
        .filter(|&n| v[n] != v[n + p])
        .last();
    last.map_or(0, |n| n + 1)
}

/// Whether a period `p` from `start`, of `len` values in all, is enough to claim: the start
/// and a period within the first half, and its part as many periods and equalities as
/// [`EVIDENCE`] says.
fn enough(len: usize, start: usize, p: usize) -> bool {
    let (periods, checks) = EVIDENCE;
    let part = len - start;
    2 * (start + p) <= len && part >= periods * p && part >= p + checks
}

/// The period claimed, by its definition: the least `p` whose periodic part, from its
/// least start, is enough.
fn plain_period<T: PartialEq>(v: &[T]) -> Option<Period> {
    (1..=v.len())
        .map(|p| Period {
            start: plain_start(v, p),
            period: p,
        })
        .find(|f| enough(v.len(), f.start, f.period))
}

/// A prefix, then a cycle, up to `len` values, then a few values changed.
fn eventually_periodic(values: u32) -> impl Strategy<Value = Vec<u32>> {
    let parts = (
        vec(0..values, 0..120),
        vec(0..values, 1..30),
        40usize..500,
        vec((0usize..500, 0..values), 0..3),
    );
    parts.prop_map(|(prefix, cycle, len, noise)| {
        let body = cycle.iter().copied().cycle();
        let mut v: Vec<u32> = prefix.iter().copied().chain(body).take(len).collect();
        noise
            .into_iter()
            .filter(|&(i, _)| i < len)
            .for_each(|(i, x)| v[i] = x);
        v
    })
}

/// The arithmetic period claimed, by its definition: the least `p` for which
/// `g(n + p) - g(n)` is the same from the least start on, enough of it (counted in
/// differences), with a positive saltus.
fn plain_arithmetic(g: &[u32]) -> Option<Arithmetic> {
    let n = g.len();
    let m = n.checked_sub(1)?;
    for p in 1..=m {
        let d = |k: usize| i64::from(g[k + p]) - i64::from(g[k]);
        let last = (0..m.saturating_sub(p)).rfind(|&k| d(k) != d(k + 1));
        let start = last.map_or(0, |k| k + 1);
        if enough(m, start, p) {
            return (d(start) > 0).then(|| Arithmetic {
                start,
                period: p,
                saltus: d(start) as u64,
            });
        }
    }
    None
}

proptest! {
    #![proptest_config(common::cases(400))]

    #[test]
    fn the_period_found_is_the_plain_search_s(v in prop_oneof![eventually_periodic(2), eventually_periodic(4)]) {
        prop_assert_eq!(find_period(&v), plain_period(&v));
    }

    #[test]
    fn the_arithmetic_period_found_is_the_plain_search_s(
        v in eventually_periodic(4),
        climb in 0u32..4,
        every in 1usize..12,
    ) {
        // Values that climb by `climb` every `every` from the first value on.
        let g: Vec<u32> = v.iter().enumerate().map(|(n, &x)| x + climb * (n / every) as u32).collect();
        prop_assert_eq!(find_arithmetic(&g), plain_arithmetic(&g));
    }

    #[test]
    fn the_classes_found_are_the_plain_search_s(v in eventually_periodic(3)) {
        let lost: Vec<bool> = v.iter().map(|&x| x == 0).collect();
        let plain = plain_period(&lost).map(|Period { start, period }| {
            let mut classes: Vec<usize> = (start..start + period).filter(|&n| lost[n]).map(|n| n % period).collect();
            classes.sort_unstable();
            (start, period, classes, (0..start).filter(|&n| lost[n]).collect::<Vec<_>>())
        });
        let found = find_classes(&v).map(|c| (c.start, c.modulus, c.classes, c.before));
        prop_assert_eq!(found, plain);
    }
}

/// The features by loops, apart from the library's: `None` where not defined.
fn feature(f: usize, m: u64) -> Option<u64> {
    let ones = {
        let (mut x, mut c) = (m, 0);
        while x > 0 {
            c += x & 1;
            x >>= 1;
        }
        c
    };
    let zeckendorf = || {
        let mut fibs = vec![1u64, 2];
        while fibs[fibs.len() - 1] <= m {
            fibs.push(fibs[fibs.len() - 1] + fibs[fibs.len() - 2]);
        }
        let (mut left, mut smallest) = (m, None);
        for i in (0..fibs.len()).rev() {
            if fibs[i] <= left {
                left -= fibs[i];
                smallest = Some((i as u64, fibs[i]));
            }
        }
        smallest
    };
    match f {
        0 => (m > 0).then(|| (0..).find(|&k| m >> k & 1 == 1).unwrap()),
        1 => Some((0..).find(|&k| m >> k & 1 == 0).unwrap()),
        2 => Some((0..=64).find(|&k| k == 64 || m >> k == 0).unwrap()),
        3 => Some(ones),
        4 => Some(ones % 2),
        5 => Some(u64::from(ones == 1)),
        6 => zeckendorf().map(|(_, value)| value),
        _ => zeckendorf().map(|(index, _)| index),
    }
}

/// Every formula of the definition that gives `g`, in the library's order: `(feature,
/// offset, negated, constant, g(0) apart)`.
fn plain_formulas(g: &[u32]) -> Vec<(usize, u64, bool, i64, Option<u32>)> {
    let mut found = Vec::new();
    if g.len() < 16 {
        return found;
    }
    for offset in 0..=1 {
        for f in 0..8 {
            for negated in [false, true] {
                if negated && f != 4 && f != 5 {
                    continue;
                }
                let value = |n: u64| {
                    feature(f, n + offset).map(|x| if negated { 1 - x as i64 } else { x as i64 })
                };
                let constant = i64::from(g[1]) - value(1).unwrap();
                let gives =
                    |n: usize| value(n as u64).map(|x| x + constant) == Some(i64::from(g[n]));
                if (1..g.len()).all(gives) {
                    found.push((f, offset, negated, constant, (!gives(0)).then(|| g[0])));
                }
            }
        }
    }
    found
}

proptest! {
    #![proptest_config(common::cases(400))]

    #[test]
    fn the_formulas_found_are_the_plain_search_s(
        f in 0usize..8,
        offset in 0u64..=1,
        negated in any::<bool>(),
        constant in 0u32..3,
        zero in 0u32..3,
        len in 16usize..400,
        noise in proptest::option::of((1usize..400, 0u32..3)),
    ) {
        let negated = negated && (f == 4 || f == 5);
        let mut g: Vec<u32> = (0..len as u64)
            .map(|n| feature(f, n + offset).map_or(zero, |x| if negated { 1 - x as u32 } else { x as u32 } + constant))
            .collect();
        g[0] = zero;
        if let Some((i, x)) = noise.filter(|&(i, _)| i < len) {
            g[i] = x;
        }
        let found: Vec<_> = (find_formulas(&g).into_iter())
            .map(|m| (Feature::ALL.iter().position(|&x| x == m.feature).unwrap(), m.offset, m.negated, m.constant, m.at_zero))
            .collect();
        prop_assert_eq!(found, plain_formulas(&g));
    }
}

#[test]
fn every_feature_is_found_on_its_own_values_with_its_code() {
    for (f, feature) in Feature::ALL.iter().enumerate() {
        let g: Vec<u32> = (0..300u64)
            .map(|n| feature.of(n + 1).unwrap() as u32 + 2)
            .collect();
        let found = find_formulas(&g);
        let one = found
            .iter()
            .find(|m| m.feature == *feature && m.offset == 1);
        let one = one.unwrap_or_else(|| panic!("{feature:?} not found: {found:?}"));
        assert_eq!(
            one.to_string(),
            format!("g(n) = {}(n + 1) + 2", feature.name()),
            "{f}"
        );
        assert!((0..300).all(|n| one.value(n) == Some(i64::from(g[n as usize]))));
    }
}
