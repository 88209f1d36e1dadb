//! Dyadic rationals against plain fractions (small ones cross-multiplied in i128, any ones as
//! 256-bit fixed point), the simplest number against the numbers in their order of birth,
//! and Hackenbush strings against a game search over their sums.

use combgames::partizan::{Outcome, Player};
use combgames::surreal::DyadicRational as D;
use combgames::surreal::{hackenbush_value, hackenbush_winning_move, simplest_between};
use proptest::prelude::*;
use std::collections::HashMap;
use std::panic::{catch_unwind, UnwindSafe};

/// The result of `f`, or `None` if it panics.
fn unless_panics<T>(f: impl FnOnce() -> T + UnwindSafe) -> Option<T> {
    catch_unwind(f).ok()
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// `p / q` in lowest terms as contests print it.
fn show(p: i128, q: i128) -> String {
    let g = gcd(p, q);
    match q / g {
        1 => format!("{}", p / g),
        q => format!("{}/{}", p / g, q),
    }
}

/// A number `m / 2^k` with `|m| < 2^40` and `k <= 30`, and its plain fraction `(m, 2^k)`.
fn small() -> impl Strategy<Value = (D, (i128, i128))> {
    (-(1i128 << 40)..1 << 40, 0u32..=30).prop_map(|(m, k)| (D::new(m, k), (m, 1 << k)))
}

/// Whether `x` is the fraction `p / q` (cross-multiplied).
fn is(x: D, (p, q): (i128, i128)) -> bool {
    x.numerator() * q == p << x.exponent()
}

/// A number `x` as the 256-bit integer `x * 2^127`: `(high, low)` for `high * 2^128 + low`,
/// which order as tuples.
type Wide = (i128, u128);

fn wide(x: D) -> Wide {
    let (m, shift) = (x.numerator(), 127 - x.exponent());
    match shift {
        0 => (m >> 127, m as u128),
        s => (m >> (128 - s), (m as u128) << s),
    }
}

fn wide_add((h1, l1): Wide, (h2, l2): Wide) -> Wide {
    let (low, carry) = l1.overflowing_add(l2);
    (h1 + h2 + i128::from(carry), low)
}

fn wide_neg((high, low): Wide) -> Wide {
    wide_add((!high, !low), (0, 1))
}

/// The number `w / 2^127` if it is an `i128` over a power of two up to `2^127`.
fn from_wide((high, low): Wide) -> Option<D> {
    let zeros = if low == 0 {
        128 + high.trailing_zeros()
    } else {
        low.trailing_zeros()
    };
    let shift = zeros.min(127);
    let (high, low) = match shift {
        0 => (high, low),
        s => (high >> s, low >> s | (high as u128) << (128 - s)),
    };
    (high == (low as i128) >> 127).then(|| D::new(low as i128, 127 - shift))
}

/// Any number: numerators near 0, near the ends of i128, or anywhere, over any power.
fn any_number() -> impl Strategy<Value = D> {
    let numerator = prop_oneof![
        -1000i128..1000,
        i128::MIN..i128::MIN + 1000,
        i128::MAX - 1000..=i128::MAX,
        any::<i128>(),
        (any::<i128>(), 0u32..128).prop_map(|(m, s)| m >> s),
    ];
    (numerator, 0u32..=127).prop_map(|(m, k)| D::new(m, k))
}

proptest! {
    #[test]
    fn arithmetic_order_and_printing_match_plain_fractions((a, pa) in small(), (b, pb) in small()) {
        let (p, q) = (pa.0 * pb.1, pb.0 * pa.1);
        let d = pa.1 * pb.1;
        prop_assert!(is(a + b, (p + q, d)), "{} + {} = {}", a, b, a + b);
        prop_assert!(is(a - b, (p - q, d)), "{} - {} = {}", a, b, a - b);
        prop_assert!(is(-a, (-pa.0, pa.1)));
        prop_assert_eq!(a.cmp(&b), p.cmp(&q));
        // Lowest terms: equal values are equal structs.
        prop_assert_eq!(a == b, p == q);
        prop_assert!(a.exponent() == 0 || a.numerator() % 2 != 0);
        prop_assert_eq!(a.to_string(), show(pa.0, pa.1));
        prop_assert_eq!(a.outcome(), Outcome::from_comparison_with_zero(Some(pa.0.cmp(&0))));
        // The numerator over 2^e is exact when the value is a multiple of 2^-e.
        for e in 0..=40 {
            let scaled = (pa.0 << e) / pa.1;
            let exact = scaled * pa.1 == pa.0 << e;
            prop_assert_eq!(a.numerator_over(e), exact.then_some(scaled));
        }
        let all = a + b + -a;
        prop_assert_eq!(all, b);
    }

    #[test]
    fn any_numbers_add_and_compare_exactly_or_panic(a in any_number(), b in any_number()) {
        prop_assert_eq!(a.cmp(&b), wide(a).cmp(&wide(b)));
        prop_assert_eq!(unless_panics(|| a + b), from_wide(wide_add(wide(a), wide(b))));
        prop_assert_eq!(unless_panics(|| a - b), from_wide(wide_add(wide(a), wide_neg(wide(b)))));
        prop_assert_eq!(unless_panics(|| -a), from_wide(wide_neg(wide(a))));
        prop_assert_eq!(from_wide(wide(a)), Some(a));
    }

    #[test]
    fn simplest_between_far_numbers_follows_the_rule(a in any_number(), b in any_number()) {
        // Beyond the reach of the birthdays: the answer lies between, and no number between
        // is simpler, by the rule the birthdays are checked against below.
        let (low, high) = (a.min(b), a.max(b));
        for (left, right) in [(Some(low), Some(high)), (Some(low), None), (None, Some(high))] {
            // A panic is checked at the ends of the range (below), None here.
            let x = match unless_panics(|| simplest_between(left, right)) {
                Some(Some(x)) => x,
                Some(None) => {
                    prop_assert!(low == high && right.is_some() && left.is_some());
                    continue;
                }
                None => continue,
            };
            let above = |y: D| left.map_or(true, |l| l < y);
            let below = |y: D| right.map_or(true, |r| y < r);
            prop_assert!(above(x) && below(x), "{:?} {:?} {}", left, right, x);
            // Nearer 0, or one step of the next coarser grid either side, is outside.
            let step = D::new(1, x.exponent());
            let outside = |y: Option<D>| y.map_or(true, |y| !(above(y) && below(y)));
            if x.exponent() == 0 {
                let nearer = (x != D::ZERO).then(|| x - D::integer(x.numerator().signum()));
                prop_assert!(outside(nearer));
            } else {
                prop_assert!(outside(unless_panics(|| x - step)));
                prop_assert!(outside(unless_panics(|| x + step)));
            }
        }
    }
}

#[test]
fn arithmetic_at_the_ends_of_the_range() {
    let max = D::integer(i128::MAX);
    let min = D::integer(i128::MIN);
    // (2^127 - 1)/2 twice is 2^127 - 1, though the numerators' sum overflows.
    let half_max = D::new(i128::MAX, 1);
    assert_eq!(half_max + half_max, max);
    assert_eq!(min - min, D::ZERO);
    assert_eq!(D::new(-1, 0) - min, max);
    assert_eq!(D::new(1, 127) + D::new(1, 127), D::new(1, 126));
    assert_eq!(D::new(0, 127), D::ZERO);
    assert_eq!(D::new(1 << 100, 127), D::new(1, 27));
    assert_eq!(D::new(1, 127).to_string(), format!("1/{}", 1u128 << 127));
    assert_eq!(D::ZERO.numerator_over(300), Some(0));
    assert_eq!(D::integer(1).numerator_over(127), None);
    assert_eq!(D::integer(-1).numerator_over(127), Some(i128::MIN));
    let panics = [
        catch_unwind(|| max + D::new(1, 0)).is_err(),
        catch_unwind(|| min - D::new(1, 0)).is_err(),
        catch_unwind(|| -min).is_err(),
        catch_unwind(|| D::new(0, 128)).is_err(),
        catch_unwind(|| simplest_between(Some(max), None)).is_err(),
        catch_unwind(|| simplest_between(None, Some(min))).is_err(),
        catch_unwind(|| simplest_between(Some(D::ZERO), Some(D::new(1, 127)))).is_err(),
    ];
    assert_eq!(panics, [true; 7]);
}

/// Exact numbers in units of 2^-16 for the birthdays (no number born by day 16 is finer).
const ONE: i64 = 1 << 16;

/// The numbers born on each day up to `days`, from the birthday construction: day 0 makes
/// 0 = { | }; each day makes `{x | y}` for neighbours `x < y` born before (their midpoint),
/// and one past each end (`{max | }` = max + 1, `{ | min}` = min - 1).
fn born_by_day(days: usize) -> Vec<Vec<i64>> {
    let mut born = vec![vec![0]];
    let mut all = vec![0];
    for _ in 0..days {
        let mut new = vec![all[0] - ONE, all[all.len() - 1] + ONE];
        new.extend(all.windows(2).map(|w| (w[0] + w[1]) / 2));
        all.extend(&new);
        all.sort_unstable();
        born.push(new);
    }
    born
}

thread_local! {
    static BORN: Vec<Vec<i64>> = born_by_day(12);
}

/// The first number born strictly between `low` and `high` (`None`: no bound), which must be
/// alone on its day, or `None` if there is none by day 12.
fn first_born_between(low: Option<i64>, high: Option<i64>) -> Option<i64> {
    BORN.with(|born| {
        born.iter().find_map(|day| {
            let between = |&&x: &&i64| low.map_or(true, |l| l < x) && high.map_or(true, |h| x < h);
            let found: Vec<&i64> = day.iter().filter(between).collect();
            assert!(
                found.len() <= 1,
                "{low:?} {high:?}: {found:?} born the same day"
            );
            found.first().map(|&&x| x)
        })
    })
}

/// A number born by day 10: `m / 2^k` with `|m / 2^k| <= 5` and `k <= 5`.
fn early() -> impl Strategy<Value = i64> {
    (-160i64..=160, 0u32..=5).prop_map(|(m, k)| (m << 11) >> k << k)
}

proptest! {
    #[test]
    fn simplest_between_is_the_first_born_between(
        low in prop::option::of(early()),
        high in prop::option::of(early()),
    ) {
        let number = |v: i64| D::new(v.into(), 16);
        let found = simplest_between(low.map(number), high.map(number));
        let expected = first_born_between(low, high);
        prop_assert_eq!(found, expected.map(number), "{:?} {:?}", low, high);
        // Something is born between (by day 12) whenever low < high.
        let between = match (low, high) {
            (Some(l), Some(h)) => l < h,
            _ => true,
        };
        prop_assert_eq!(expected.is_some(), between);
    }
}

/// A sum of Hackenbush strings, `B` Left's edges and `R` Right's, from the ground up.
type Strings = Vec<Vec<u8>>;

/// The moves of `mover` by the rules: cut an edge of one's colour; all above it falls.
fn moves(strings: &Strings, mover: Player) -> Vec<((usize, usize), Strings)> {
    let colour = if mover == Player::Left { b'B' } else { b'R' };
    let mut found = Vec::new();
    for (i, string) in strings.iter().enumerate() {
        for (e, &edge) in string.iter().enumerate() {
            if edge == colour {
                let mut after = strings.clone();
                after[i].truncate(e);
                found.push(((i, e), after));
            }
        }
    }
    found
}

/// Whether `mover` wins moving first, by search (who cannot move loses).
fn wins(strings: &Strings, mover: Player, memo: &mut HashMap<(Strings, Player), bool>) -> bool {
    if let Some(&known) = memo.get(&(strings.clone(), mover)) {
        return known;
    }
    let won = (moves(strings, mover).iter()).any(|(_, after)| !wins(after, mover.other(), memo));
    memo.insert((strings.clone(), mover), won);
    won
}

fn hackenbush_strings() -> impl Strategy<Value = Strings> {
    let edge = prop_oneof![Just(b'B'), Just(b'R')];
    proptest::collection::vec(proptest::collection::vec(edge, 0..=5), 1..=4)
}

proptest! {
    #[test]
    fn hackenbush_sums_match_a_game_search(strings in hackenbush_strings()) {
        let mut memo = HashMap::new();
        let total = strings.iter().fold(D::ZERO, |sum, s| sum + hackenbush_value(s, b'B'));
        for mover in [Player::Left, Player::Right] {
            let won = wins(&strings, mover, &mut memo);
            let outcome = total.outcome();
            let by_value = if mover == Player::Left { outcome.left_starts } else { outcome.right_starts };
            prop_assert_eq!(by_value, Some(if won { mover } else { mover.other() }), "{:?}", strings);
            // A move exactly when the search wins, legal by the rules, and leaving a loss.
            let found = hackenbush_winning_move(&strings, b'B', mover);
            prop_assert_eq!(found.is_some(), won);
            if let Some(cut) = found {
                let after = moves(&strings, mover).into_iter().find(|(m, _)| *m == cut);
                prop_assert!(after.is_some(), "{:?} is not a move of {:?}", cut, mover);
                prop_assert!(!wins(&after.unwrap().1, mover.other(), &mut memo));
            }
        }
        // Other letters: Left's is the one named.
        let swapped: Vec<Vec<u8>> = strings.iter().map(|s| s.iter().map(|&e| if e == b'B' { b'L' } else { b'x' }).collect()).collect();
        let total_swapped = swapped.iter().fold(D::ZERO, |sum, s| sum + hackenbush_value(s, b'L'));
        prop_assert_eq!(total_swapped, total);
    }
}

#[test]
fn hackenbush_values_of_long_strings() {
    let mut long = vec![b'B'; 100];
    assert_eq!(hackenbush_value(&long, b'B'), D::integer(100));
    // B then 127 R: 1 - 1/2 - 1/4 - ... - 1/2^127 = 1/2^127.
    long.truncate(1);
    long.extend([b'R'; 127]);
    assert_eq!(hackenbush_value(&long, b'B'), D::new(1, 127));
    long.push(b'R');
    assert_eq!(unless_panics(|| hackenbush_value(&long, b'B')), None);
    assert_eq!(hackenbush_value(b"", b'B'), D::ZERO);
}

/// Values made from input: an error that says what is wrong where the panicking calls panic.
#[test]
fn values_out_of_range_are_errors() {
    use combgames::surreal::try_hackenbush_value;
    let values = "expected a DyadicRational: a numerator in i128 over 2^0 to 2^127, found";
    assert_eq!(D::try_new(6, 3).unwrap(), D::new(3, 2));
    let err = D::try_new(1, 128).unwrap_err().to_string();
    assert_eq!(err, format!("{values} 1/2^128"));
    let max = D::integer(i128::MAX);
    let err = max.try_add(max).unwrap_err().to_string();
    assert_eq!(err, format!("{values} {max} + {max}"));
    assert_eq!(max.try_add(-max).unwrap(), D::ZERO);
    // 127 edges after the first run are a value, 128 are not; a long first run with many
    // after it overflows the numerator.
    let string = |run: usize, after: usize| [vec![b'B'; run], vec![b'R'; after]].concat();
    for (run, after, fits) in [
        (1, 127, true),
        (1, 128, false),
        (3, 126, false),
        (1000, 0, true),
    ] {
        let got = try_hackenbush_value(&string(run, after), b'B');
        match fits {
            true => assert_eq!(got.unwrap(), hackenbush_value(&string(run, after), b'B')),
            false => assert_eq!(
                got.unwrap_err().to_string(),
                format!("{values} a string of {run} edges, then {after}")
            ),
        }
    }
}
