//! Euclid's game against a plain game search on small numbers, its steps against
//! `game::EverySg` on the same moves, and its moves and the classic rule on large numbers.

use combgames::euclid::euclid;
use combgames::game::EverySg;
use proptest::prelude::*;

/// The numbers are below this in the searches.
const N: usize = 64;

/// The positions one move away from `(a, b)`: the larger number less a positive multiple of
/// the smaller, at least 0 (either number when they are equal); none once one is 0.
fn moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut next = Vec::new();
    if a == 0 || b == 0 {
        return next;
    }
    if a >= b {
        next.extend((1..=a / b).map(|k| (a - k * b, b)));
    }
    if b >= a {
        next.extend((1..=b / a).map(|k| (a, b - k * a)));
    }
    next
}

/// Whether the player to move wins `(a, b)`, by memoised search over every move.
fn wins_by_search(a: u64, b: u64, memo: &mut Vec<Option<bool>>) -> bool {
    let at = a as usize * N + b as usize;
    if let Some(w) = memo[at] {
        return w;
    }
    let w = moves(a, b)
        .into_iter()
        .any(|(x, y)| !wins_by_search(x, y, memo));
    memo[at] = Some(w);
    w
}

/// The classic rule (who faces `a >= 2 b`, or a multiple, wins; else the move is forced),
/// by recursion down the remainders.
fn wins_by_rule(a: u64, b: u64) -> bool {
    let (high, low) = (a.max(b), a.min(b));
    match low {
        0 => false,
        _ => high % low == 0 || high / low >= 2 || !wins_by_rule(low, high % low),
    }
}

#[test]
fn euclid_matches_a_game_search_and_every_sg() {
    let every_sg: EverySg = EverySg::new(N * N, |s, next| {
        let (a, b) = ((s / N) as u64, (s % N) as u64);
        next.extend(
            moves(a, b)
                .into_iter()
                .map(|(x, y)| x as usize * N + y as usize),
        );
    });
    let mut memo = vec![None; N * N];
    for a in 0..N as u64 {
        for b in 0..N as u64 {
            let game = euclid(a, b);
            let state = a as usize * N + b as usize;
            assert_eq!(game.wins(), wins_by_search(a, b, &mut memo), "{a} {b}");
            assert_eq!(game.steps, every_sg.steps(state), "{a} {b}");
            match game.next {
                None => assert!(moves(a, b).is_empty(), "{a} {b}"),
                Some((x, y)) => {
                    assert!(moves(a, b).contains(&(x, y)), "{a} {b} -> {x} {y}");
                    let after = x as usize * N + y as usize;
                    assert_eq!(every_sg.steps(after) + 1, game.steps, "{a} {b} -> {x} {y}");
                }
            }
        }
    }
}

/// Consecutive Fibonacci numbers, the longest continued fractions: 92 quotients in 64 bits.
#[test]
fn euclid_on_fibonacci_numbers() {
    let (mut a, mut b) = (1u64, 1u64);
    while let Some(c) = a.checked_add(b) {
        (a, b) = (b, c);
        let game = euclid(b, a);
        // Every quotient is 1 down to 3 2, then 2 1: each move is forced until 2 1.
        assert_eq!(game.wins(), wins_by_rule(b, a));
        let forced = (b - a, a);
        assert_eq!(game.next, Some(if a > 1 { forced } else { (0, 1) }));
    }
    // F_93 and F_92: 90 forced moves to 2 1, won in 1.
    assert_eq!(euclid(b, a).steps, 91);
}

/// A legal move of one step fewer from `(a, b)`.
fn check_move(a: u64, b: u64) {
    let game = euclid(a, b);
    assert_eq!(game.wins(), wins_by_rule(a, b), "{a} {b}");
    let (x, y) = game.next.unwrap();
    let (from, to, by) = match x == a {
        true => (b, y, a),
        false => (a, x, b),
    };
    assert!(
        to < from && (from - to) % by == 0 && from >= by,
        "{a} {b} -> {x} {y}"
    );
    assert!(x == a || y == b);
    assert_eq!(euclid(x, y).steps + 1, game.steps, "{a} {b} -> {x} {y}");
}

proptest! {
    #[test]
    fn euclid_moves_on_large_numbers(a in 1..=u64::MAX, b in 1..=u64::MAX, shift in 0..64u32) {
        check_move(a, b);
        check_move(a, (b >> shift).max(1));
        check_move(a / 2 + 1, a);
    }
}
