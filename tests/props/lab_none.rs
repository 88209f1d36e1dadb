//! Games with no known pattern: the lab must say "none up to N", and claim nothing else:
//! subtract a square, Grundy's game (split a heap into two unequal heaps), subtract a
//! prime. Their values are checked here against plain tables of this file's own, so that
//! "none" is said of the right values.

use lab::patterns::find;
use lab::rules::Moves;
use lab::tables::{Table, Values};

/// The values of heaps `0..len` by the mex over the heaps `options` leaves, each a pair
/// whose values are XORed (a single heap `m` as `(m, 0)`).
fn plain(len: usize, options: impl Fn(usize) -> Vec<(usize, usize)>) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let mut seen = vec![false; n + 2];
        for (a, b) in options(n) {
            seen[(g[a] ^ g[b]) as usize] = true;
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u32);
    }
    g
}

/// Checks that the only finding of `table` is "none up to N".
fn says_none(table: &Table) {
    let found = find(table);
    let heads: Vec<&str> = found.iter().map(|f| f.headline.as_str()).collect();
    assert_eq!(heads, [format!("none up to {}", table.values().len())]);
    assert!(found[0].notes[0].contains("tabulate"), "{:?}", found[0]);
    assert!(found[0].code.is_empty() && found[0].proof.is_none());
}

#[test]
fn subtract_a_square_has_no_pattern() {
    let squares = |n: u64, to: &mut Moves| {
        (1..)
            .map(|k| k * k)
            .take_while(|&s| s <= n)
            .for_each(|s| to.heap(n - s))
    };
    let table = Table::heaps(&squares, 20_000, Values::Grundy).unwrap();
    let by_hand = plain(20_000, |n| {
        let squares = (1..).map(|k| k * k).take_while(|&s| s <= n);
        squares.map(|s| (n - s, 0)).collect()
    });
    assert_eq!(table.values(), by_hand);
    says_none(&table);
    let win_lose = Table::heaps(&squares, 20_000, Values::WinLose).unwrap();
    says_none(&win_lose);
}

#[test]
fn grundys_game_has_no_pattern() {
    let split = |n: u64, to: &mut Moves| (1..(n + 1) / 2).for_each(|a| to.sum(&[a, n - a]));
    let table = Table::heaps(&split, 6000, Values::Grundy).unwrap();
    let by_hand = plain(6000, |n| (1..(n + 1) / 2).map(|a| (a, n - a)).collect());
    assert_eq!(table.values(), by_hand);
    says_none(&table);
}

#[test]
fn subtract_a_prime_has_no_pattern() {
    let primes: Vec<usize> = (2..5000)
        .filter(|&p| (2..p).take_while(|d| d * d <= p).all(|d| p % d != 0))
        .collect();
    let moves = |n: u64, to: &mut Moves| {
        (primes.iter().take_while(|&&p| p as u64 <= n)).for_each(|&p| to.heap(n - p as u64))
    };
    let table = Table::heaps(&moves, 5000, Values::Grundy).unwrap();
    let by_hand = plain(5000, |n| {
        (primes.iter().take_while(|&&p| p <= n))
            .map(|&p| (n - p, 0))
            .collect()
    });
    assert_eq!(table.values(), by_hand);
    says_none(&table);
}

#[test]
fn a_table_too_short_to_claim_says_none_and_how_far_to_tabulate() {
    // Periodic only over its last 40 values of 400: too short a stretch to claim.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut noise = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % 11) as u32
    };
    let mut values: Vec<u32> = (0..360).map(|_| noise()).collect();
    values.extend((0..40).map(|n| [1, 2, 3, 4][n % 4]));
    let found = find(&Table::read(values));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].headline, "none up to 400");
    let hint = "the values from 360 on repeat with period 4: too short a stretch to claim";
    assert!(
        found[0].notes.iter().any(|n| n.starts_with(hint)),
        "{found:?}"
    );
}
