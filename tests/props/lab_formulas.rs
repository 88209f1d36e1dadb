//! The lab on games whose values or P-positions follow a formula, built from their rules,
//! each pattern checked here on a plain table of this file's own: removing at most half the
//! heap (P-positions `2^k - 1`) or two thirds (`(3^k - 1) / 2`), removing one term of the
//! heap's Zeckendorf sum (the parity of its terms), three games of base-3 digits, and a game
//! on heaps of 1 or more (its state 0 no heap). The lab must name each, state what is left
//! to prove, and check that step at states far past any table; P-position patterns must
//! warn that they decide one heap, not a sum. And the residue proof of a period from 0.

use crate::walkthroughs::power_cards;
use lab::geometric::find_geometric;
use lab::obligations::check_step;
use lab::patterns::{find, Finding};
use lab::report::report;
use lab::rules::{Heap, Moves};
use lab::tables::{Table, Values};
use proptest::prelude::*;

/// The finding whose first line is `head`, which must be there.
fn finding<'a>(found: &'a [Finding], head: &str) -> &'a Finding {
    let heads: Vec<&str> = found.iter().map(|f| f.headline.as_str()).collect();
    let hit = found.iter().find(|f| f.headline == head);
    hit.unwrap_or_else(|| panic!("no finding {head:?} among {heads:?}"))
}

/// Whether some note of `finding` contains `text`.
fn noted(finding: &Finding, text: &str) -> bool {
    finding.notes.iter().any(|n| n.contains(text))
}

/// The values of heaps `0..len` by the mex over the heaps `options` lists: this file's own.
fn plain(len: usize, options: impl Fn(u64) -> Vec<u64>) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len as u64 {
        let seen: Vec<u32> = options(n).iter().map(|&m| g[m as usize]).collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// The terms of `m`'s Zeckendorf sum, the largest Fibonacci number first, by subtraction.
fn zeckendorf(m: u64) -> Vec<u64> {
    let (mut left, mut terms) = (m, Vec::new());
    while left > 0 {
        let (mut a, mut b) = (1u64, 2u64);
        while b <= left {
            (a, b) = (b, a + b);
        }
        terms.push(a);
        left -= a;
    }
    terms
}

/// The digits of `m` in base 3, the last first.
fn base3(mut m: u64) -> Vec<u64> {
    let mut digits = Vec::new();
    while m > 0 {
        digits.push(m % 3);
        m /= 3;
    }
    digits
}

#[test]
fn removing_at_most_half_has_p_positions_two_to_the_k_less_one_for_one_heap_only() {
    let half = |n: u64, to: &mut Moves| (1..=n / 2).for_each(|s| to.heap(n - s));
    let table = Table::heaps(&half, 5000, Values::Grundy).unwrap();
    assert_eq!(table.values(), plain(5000, |n| (n - n / 2..n).collect()));
    let lost: Vec<u64> = (0..5000)
        .filter(|&n| table.values()[n as usize] == 0)
        .collect();
    assert_eq!(lost, (0..13).map(|k| (1 << k) - 1).collect::<Vec<u64>>());
    let found = find(&table);
    let p = finding(&found, "p-positions: geometric: p(k) = 2^k - 1");
    assert!(
        noted(p, "p(k + 1) = 2 p(k) + 1, p(0) = 0: 0 1 3 7 15"),
        "{p:?}"
    );
    assert!(noted(p, "XOR-ing is_p over heaps would be wrong"), "{p:?}");
    assert!(p.proof.is_none());
    assert!(noted(p, "no move of a P-position reaches another"), "{p:?}");
    let is_p = |n: u64| (n + 1).is_power_of_two();
    let won = |n: u64| u64::from(!is_p(n));
    assert_eq!(check_step(&half, Values::WinLose, won, 0..20_000), Ok(()));
    let wrong = |n: u64| u64::from(!is_p(n) && n != 20);
    let fails = check_step(&half, Values::WinLose, wrong, 0..20_000).unwrap_err();
    assert_eq!((fails.n, fails.formula, fails.by_rules), (20, 0, 1));
    // Two heaps of 2: each is won alone (2 is no P-position), and the sum is lost (the
    // Grundy values are 1 and 1).
    assert_eq!(
        (table.values()[2], table.values()[2] ^ table.values()[2]),
        (1, 0)
    );
    let two_thirds = |n: u64, to: &mut Moves| (1..=2 * n / 3).for_each(|s| to.heap(n - s));
    let table = Table::heaps(&two_thirds, 1100, Values::Grundy).unwrap();
    let found = find(&table);
    finding(&found, "p-positions: geometric: p(k) = (3^k - 1) / 2");
}

#[test]
fn removing_one_zeckendorf_term_has_the_parity_of_the_terms_checked_at_10_15() {
    let rules = |n: u64, to: &mut Moves| zeckendorf(n).iter().for_each(|&f| to.heap(n - f));
    let table = Table::heaps(&rules, 5000, Values::Grundy).unwrap();
    let by_hand = plain(5000, |n| zeckendorf(n).iter().map(|&f| n - f).collect());
    assert_eq!(table.values(), by_hand);
    let parity = |n: u64| zeckendorf(n).len() as u64 % 2;
    assert!((0..5000).all(|n| u64::from(by_hand[n as usize]) == parity(n)));
    let found = find(&table);
    assert_eq!(found.len(), 1, "{found:?}");
    let f = finding(&found, "formula: g(n) = zeck_parity(n)");
    let step = "to prove, by induction on n (every move goes down): for every n, the mex of \
                the formula's values over the moves of n";
    assert!(noted(f, step), "{f:?}");
    assert!(noted(f, "lab::obligations::check_step"), "{f:?}");
    let big = 1_000_000_000_000_000;
    assert_eq!(
        check_step(&rules, Values::Grundy, parity, big..big + 2000),
        Ok(())
    );
    let count = |n: u64| zeckendorf(n).len() as u64;
    let wrong = check_step(&rules, Values::Grundy, count, big..big + 2000).unwrap_err();
    assert_eq!(wrong.by_rules, 0, "{wrong:?}");
    // Win/lose: the same formula, and its step in those terms.
    let win_lose = Table::heaps(&rules, 2000, Values::WinLose).unwrap();
    let found = find(&win_lose);
    let f = finding(&found, "formula: g(n) = zeck_parity(n)");
    assert!(noted(
        f,
        "zeck_parity(n) is 1 exactly when some move of n reaches"
    ));
    assert_eq!(
        check_step(&rules, Values::WinLose, parity, big..big + 2000),
        Ok(())
    );
}

/// Subtract a divisor `d` of `n` whose cofactor `n / d` is 2 modulo 3, on heaps of 1 or more:
/// the last nonzero digit of `n` in base 3, less 1.
struct CofactorTwo;

impl Heap for CofactorTwo {
    fn moves(&self, n: u64, to: &mut Moves) {
        let small = (1..).take_while(|d| d * d <= n).filter(|d| n % d == 0);
        let divisors = small.flat_map(|d| [d, n / d]);
        let mut divisors: Vec<u64> = divisors.filter(|&d| (n / d) % 3 == 2).collect();
        divisors.dedup();
        divisors.into_iter().for_each(|d| to.heap(n - d));
    }

    fn first(&self) -> u64 {
        1
    }
}

#[test]
fn three_games_of_base_3_digits_have_their_formulas() {
    let lnz3 = |n: u64| base3(n).into_iter().find(|&d| d != 0).unwrap_or(1) - 1;
    let table = Table::heaps(&CofactorTwo, 3000, Values::Grundy).unwrap();
    let options = |n: u64| {
        let cofactor_two = (1..n).filter(|d| n % d == 0 && (n / d) % 3 == 2);
        cofactor_two.map(|d| n - d).collect()
    };
    let by_hand = plain(3000, |n| if n == 0 { vec![] } else { options(n) });
    assert_eq!(table.values(), by_hand);
    assert!((1..3000).all(|n| u64::from(by_hand[n as usize]) == lnz3(n)));
    let found = find(&table);
    let f = finding(&found, "formula: g(n) = lnz3(n) - 1");
    assert_eq!(f.checked, "every n from 1 to 2999");
    assert!(!noted(f, "g(0)"), "{f:?}");
    assert!(noted(f, "for every n >= 1, the mex"), "{f:?}");
    let far = 100_000_000;
    assert_eq!(
        check_step(&CofactorTwo, Values::Grundy, lnz3, far..far + 300),
        Ok(())
    );
    // Lower one digit in base 3: Nim on the digits, whose nim-sum is odd3_1 + 2 odd3_2.
    let lower = |n: u64, to: &mut Moves| {
        let mut power = 1;
        while power <= n {
            (1..=n / power % 3).for_each(|d| to.heap(n - d * power));
            power *= 3;
        }
    };
    let table = Table::heaps(&lower, 3000, Values::Grundy).unwrap();
    let odd = |n: u64, d: u64| base3(n).iter().filter(|&&x| x == d).count() as u64 % 2;
    let nim_sum = |n: u64| odd(n, 1) + 2 * odd(n, 2);
    assert!((0..3000).all(|n| u64::from(table.values()[n as usize]) == nim_sum(n)));
    finding(&find(&table), "formula: g(n) = odd3_1(n) + 2 * odd3_2(n)");
    let big = 1_000_000_000_000_000;
    assert_eq!(
        check_step(&lower, Values::Grundy, nim_sum, big..big + 2000),
        Ok(())
    );
    // Subtract d where 3 d divides n: the exponent of 3.
    let thirds = |n: u64, to: &mut Moves| {
        (1..n)
            .filter(|d| n % (3 * d) == 0)
            .for_each(|d| to.heap(n - d))
    };
    let table = Table::heaps(&thirds, 2000, Values::Grundy).unwrap();
    let v3 = |n: u64| base3(n).iter().take_while(|&&d| d == 0).count() as u32;
    assert!((1..2000).all(|n| table.values()[n as usize] == v3(n)));
    let found = find(&table);
    let f = finding(&found, "formula: g(n) = v3(n)");
    assert!(noted(f, "g(0) = 0, apart"), "{f:?}");
    // Its P-positions, n not a multiple of 3, decide one heap; the formula gives a sum.
    let p = finding(&found, "p-positions: start 1, period 3, residues 1 2");
    assert!(noted(
        p,
        "a sum needs the Grundy values (the formula above gives them)"
    ));
}

/// Subtract a proper divisor, on heaps of 1 or more: the exponent of 2.
struct ProperDivisor;

impl Heap for ProperDivisor {
    fn moves(&self, n: u64, to: &mut Moves) {
        (1..n).filter(|d| n % d == 0).for_each(|d| to.heap(n - d));
    }

    fn first(&self) -> u64 {
        1
    }
}

#[test]
fn a_game_whose_first_state_is_1_claims_nothing_of_state_0() {
    let table = Table::heaps(&ProperDivisor, 1000, Values::Grundy).unwrap();
    let text = report(&table);
    assert!(
        text.contains("\nstates below 1 are no positions (shown as -)\n\n"),
        "{text}"
    );
    assert!(text.contains("\n      0 | - 0 1 0 2 0 1 0 3 0\n"), "{text}");
    assert!(
        text.contains("\nP-positions (value 0): 500 of 999: 1 3 5 7 "),
        "{text}"
    );
    let found = find(&table);
    let f = finding(&found, "formula: g(n) = v2(n)");
    assert_eq!(f.checked, "every n from 1 to 999");
    assert!(!noted(f, "g(0)"));
    assert_eq!(f.code, ["|n: u64| u64::from(n.trailing_zeros())"]);
    let p = finding(&found, "p-positions: start 1, period 2, residues 1");
    assert!(!noted(p, "and below"), "{p:?}");
    // The same rules from 0: state 0 is a heap, its value apart.
    let closure = |n: u64, to: &mut Moves| ProperDivisor.moves(n, to);
    let found = find(&Table::heaps(&closure, 1000, Values::Grundy).unwrap());
    let f = finding(&found, "formula: g(n) = v2(n)");
    assert_eq!(f.checked, "every n < 1000");
    assert!(noted(f, "g(0) = 0, apart"));
    let p = finding(&found, "p-positions: start 1, period 2, residues 1");
    assert!(noted(p, "and below 1: 0"), "{p:?}");
}

#[test]
fn the_residue_proof_of_a_period_from_0_speaks_of_no_value_below_0() {
    // power_cards: take a power of two, declared periodic modulo 3 from the first move.
    let found = find(&Table::heaps(&power_cards::Rules, 300, Values::Grundy).unwrap());
    let period = finding(&found, "periodic: start 0, period 3");
    let proof = period.proof.as_ref().expect("proved");
    assert!(!proof[0].contains("below 0"), "{proof:?}");
    assert!(proof[0].contains("the period starts at 0, so every state a move reaches follows it"));
}

#[test]
fn p_positions_of_values_with_no_pattern_warn_that_they_decide_one_heap() {
    // P-positions 0 and 2 modulo 5, other values a xorshift's from 1 to 6.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let values: Vec<u32> = (0..2000)
        .map(|n| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            if n % 5 == 0 || n % 5 == 2 {
                0
            } else {
                1 + (state % 6) as u32
            }
        })
        .collect();
    let found = find(&Table::read(values));
    let p = finding(&found, "p-positions: start 0, period 5, residues 0 2");
    assert!(noted(p, "XOR-ing is_p over heaps would be wrong: a sum needs the Grundy values (tabulate them, or find their formula)"), "{p:?}");
}

/// `p(k + 1) = b p(k) + c` for every P-position of `lost`, five or more, the next past a
/// table of `len`: `(first, b, c)`, by trying every ratio `b` from 2.
fn plain_geometric(lost: &[u64], len: usize) -> Option<(u64, u64, i64)> {
    if lost.len() < 5 {
        return None;
    }
    let (p0, p1) = (lost[0] as i64, lost[1] as i64);
    (2..=lost[2] as i64).find_map(|b| {
        let c = p1 - b * p0;
        let follows = lost.windows(2).all(|w| b * w[0] as i64 + c == w[1] as i64);
        let past = b * lost[lost.len() - 1] as i64 + c >= len as i64;
        (follows && past).then_some((lost[0], b as u64, c))
    })
}

proptest! {
    #![proptest_config(common::cases(300))]

    #[test]
    fn geometric_p_positions_are_the_plain_search_s(
        first in 0u64..20,
        ratio in 1u64..6,
        step in -5i64..6,
        count in 2usize..9,
        beyond in 0u64..40,
        change in proptest::option::of((0usize..9, 0u64..3)),
    ) {
        let mut lost: Vec<u64> = Vec::new();
        let mut p = first as i64;
        while lost.len() < count && p >= 0 && lost.last().map_or(true, |&l| p as u64 > l) {
            lost.push(p as u64);
            p = ratio as i64 * p + step;
        }
        // A position moved, added or removed.
        match change {
            Some((i, 0)) if i < lost.len() => lost[i] += 1,
            Some((i, 1)) if i < lost.len() => {
                lost.remove(i);
            }
            Some((i, _)) if i < lost.len() => lost.insert(i, lost[i] / 2),
            _ => {}
        }
        lost.sort_unstable();
        lost.dedup();
        let len = lost.last().map_or(0, |&l| l + 1 + beyond) as usize;
        let found = find_geometric(&lost, len).map(|g| (g.first, g.ratio, g.step));
        prop_assert_eq!(found, plain_geometric(&lost, len));
    }
}

#[test]
fn p_positions_not_exactly_geometric_are_not_claimed() {
    let powers: Vec<u64> = (0..10).map(|k| (1 << k) - 1).collect();
    assert!(find_geometric(&powers, 1000).is_some());
    let mut missing = powers.clone();
    missing.remove(6);
    assert_eq!(find_geometric(&missing, 1000), None, "63 missing");
    let mut extra = powers.clone();
    extra.insert(5, 20);
    assert_eq!(find_geometric(&extra, 1000), None, "20 extra");
    assert_eq!(
        find_geometric(&powers, 1100),
        None,
        "1023 missing past 1000"
    );
    assert_eq!(find_geometric(&powers[..4], 12), None, "four positions");
    assert_eq!(
        find_geometric(&[0, 3, 6, 9, 12, 15], 17),
        None,
        "a ratio of 1"
    );
    // In a report: the half game's values with one P-position made a win.
    let half = |n: u64, to: &mut Moves| (1..=n / 2).for_each(|s| to.heap(n - s));
    let mut values = Table::heaps(&half, 2000, Values::Grundy)
        .unwrap()
        .values()
        .to_vec();
    values[255] = 9;
    let found = find(&Table::read(values));
    assert!(
        !found.iter().any(|f| f.headline.contains("geometric")),
        "{found:?}"
    );
}

#[test]
fn a_table_of_no_pattern_points_to_the_sieve_which_gives_its_win_lose() {
    let squares: Vec<usize> = (1..).map(|k| k * k).take_while(|&s| s < 5000).collect();
    let rules = |n: u64, to: &mut Moves| {
        (squares.iter().take_while(|&&s| s as u64 <= n)).for_each(|&s| to.heap(n - s as u64))
    };
    let table = Table::heaps(&rules, 5000, Values::WinLose).unwrap();
    let found = find(&table);
    let none = finding(&found, "none up to 5000");
    assert!(
        noted(none, "combgames::sieve::win_lose_by_sizes"),
        "{none:?}"
    );
    let won = combgames::sieve::win_lose_by_sizes(5000, &squares);
    let won: Vec<u32> = won.iter().map(|&w| u32::from(w)).collect();
    assert_eq!(table.values(), won);
}

#[test]
fn marks_p_positions_are_named_by_a_formula_of_who_wins_and_not_once_one_changes() {
    // Mark: move n to n - 1 or n / 2. Its values are 0, 1, 2 in no pattern the lab knows;
    // a P-position is 0 or a number whose exponent of 2 is odd.
    let mark = |n: u64, to: &mut Moves| {
        if n > 0 {
            to.heap(n - 1);
            to.heap(n / 2);
        }
    };
    let table = Table::heaps(&mark, 5000, Values::Grundy).unwrap();
    let by_hand = plain(5000, |n| if n == 0 { vec![] } else { vec![n - 1, n / 2] });
    assert_eq!(table.values(), by_hand);
    let v2_odd = |n: u64| n > 0 && n.trailing_zeros() % 2 == 1;
    assert!((0..5000).all(|n| (by_hand[n as usize] == 0) == (n == 0 || v2_odd(n))));
    let found = find(&table);
    let p = finding(&found, "p-positions: formula: won(n) = 1 - odd_v2(n)");
    assert!(noted(p, "won(0) = 0, apart"), "{p:?}");
    assert!(
        noted(p, "1 - odd_v2(n) is 1 exactly when some move of n reaches"),
        "{p:?}"
    );
    assert!(noted(p, "XOR-ing is_p over heaps would be wrong"), "{p:?}");
    assert_eq!(
        p.code.last().unwrap().lines().last(),
        Some("let is_p = |n: u64| won(n) == 0;")
    );
    let won = |n: u64| u64::from(n > 0 && !v2_odd(n));
    let big = 1_000_000_000_000_000;
    assert_eq!(
        check_step(&mark, Values::WinLose, won, big..big + 5000),
        Ok(())
    );
    // One P-position made a win: nothing of the kind is claimed.
    let mut values = table.values().to_vec();
    values[4998] = 1;
    let found = find(&Table::read(values));
    assert!(
        !found.iter().any(|f| f.headline.starts_with("p-positions")),
        "{found:?}"
    );
}
