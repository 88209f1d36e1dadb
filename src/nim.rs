//! Nim and the games a closed form solves like it: the winning moves of a sum of games from
//! its components' Grundy values, misère Nim and the anti-SG rule, staircase Nim, Moore's
//! Nim_k, Fibonacci Nim, and Wythoff's game in integers only.
//! Layer 0: uses no other module.

/// Every winning move of a sum of games whose components have the Grundy values `values`
/// (normal play: who cannot move loses): `(i, t)` when taking component `i` to a position
/// of value `t < values[i]` leaves a nim-sum of 0. Empty when the nim-sum is already 0.
///
/// For Nim heaps, each worth its size, these are all the winning moves: reduce heap `i` to
/// `t`. In a general sum each component listed has such a move (the mex says so), and a
/// move of any component `i` wins exactly when it reaches value `values[i] ^ nim_sum`,
/// which some games also reach by moving up: check each concrete option's value for that.
///
/// # Complexity
/// O(n).
///
/// ```
/// use combgames::nim::winning_moves;
/// // Heaps 3, 4, 5 (nim-sum 2): take heap 0 to 1; heaps 1 and 2 would have to grow.
/// assert_eq!(winning_moves(&[3, 4, 5]), [(0, 1)]);
/// assert_eq!(winning_moves(&[1, 2, 3]), []);
/// ```
pub fn winning_moves(values: &[u64]) -> Vec<(usize, u64)> {
    let sum = values.iter().fold(0, |sum, &v| sum ^ v);
    let targets = values.iter().map(|&v| v ^ sum).enumerate();
    targets.filter(|&(i, t)| t < values[i]).collect()
}

/// Whether the player to move wins misère Nim on heaps `values` (who takes the last stone
/// loses), or the misère sum of games with Grundy values `values` under the anti-SG
/// condition below: exactly when some value exceeds 1 and the nim-sum is not 0, or no value
/// exceeds 1 and the nim-sum is 0.
///
/// The anti-SG rule (the SJ theorem) holds for a misère sum (whoever cannot move wins) of
/// games in which every position of Grundy value 0 that has a move has a move to a position
/// of value 1; games whose positions of value 0 are all terminal, as Nim's empty heap, keep
/// it. Without it the rule can fail: a position whose only move leads to a position with
/// moves to values 0 and 1 has value 0, and the rule says the player to move wins, but that
/// move lets the opponent move to value 1, a single move from the end, and win.
///
/// # Complexity
/// O(n).
///
/// ```
/// use combgames::nim::misere_wins;
/// assert!(!misere_wins(&[1, 1, 1])); // three single stones: the mover takes the last
/// assert!(misere_wins(&[1, 1]));
/// assert!(misere_wins(&[2, 1, 1])); // take the 2 down to 1: three single stones
/// assert!(!misere_wins(&[2, 2]));
/// ```
pub fn misere_wins(values: &[u64]) -> bool {
    let sum = values.iter().fold(0, |sum, &v| sum ^ v);
    (sum != 0) == values.iter().any(|&v| v > 1)
}

/// Every winning move of misère Nim on heaps `values`, or of an anti-SG sum as in
/// [`misere_wins`]: `(i, t)` when taking component `i` to value `t < values[i]` leaves a
/// loss, `t` ascending for each `i`. The targets can only be 0, 1 and `values[i] ^ nim_sum`;
/// a concrete move that raises a value wins exactly when [`misere_wins`] says the values
/// after it lose.
///
/// # Complexity
/// O(n).
///
/// ```
/// use combgames::nim::misere_winning_moves;
/// // Heaps 1, 1, 2: leave three single stones (emptying the 2 would leave two).
/// assert_eq!(misere_winning_moves(&[1, 1, 2]), [(2, 1)]);
/// ```
pub fn misere_winning_moves(values: &[u64]) -> Vec<(usize, u64)> {
    let sum = values.iter().fold(0, |sum, &v| sum ^ v);
    let big = values.iter().filter(|&&v| v > 1).count();
    let mut moves = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        let mut targets = [0, 1, v ^ sum];
        targets.sort_unstable();
        for (k, &t) in targets.iter().enumerate() {
            // The values after the move, summed up as misere_wins does.
            let (sum_after, big_after) =
                (sum ^ v ^ t, big - usize::from(v > 1) + usize::from(t > 1));
            let fresh = k == 0 || targets[k - 1] != t;
            if t < v && fresh && (sum_after == 0) == (big_after > 0) {
                moves.push((i, t));
            }
        }
    }
    moves
}

/// The Grundy value of staircase Nim with `coins[i]` coins on step `i`, where a move takes
/// any positive number of coins from a step `i >= 1` down to step `i - 1` and the coins on
/// step 0, the ground, are out of play: the nim-sum of the odd steps. A move from an even
/// step to an odd one is undone by moving the same coins one step on, so even steps do not
/// count.
///
/// # Complexity
/// O(n).
///
/// ```
/// use combgames::nim::staircase_nim_value;
/// assert_eq!(staircase_nim_value(&[9, 3, 7, 3]), 0); // steps 1 and 3 cancel
/// ```
pub fn staircase_nim_value(coins: &[u64]) -> u64 {
    coins.iter().skip(1).step_by(2).fold(0, |sum, &c| sum ^ c)
}

/// Every winning move of staircase Nim (see [`staircase_nim_value`]): `(i, k)` when moving
/// `k` coins from step `i` to step `i - 1` leaves value 0, by step. From an odd step the
/// move reduces that step, as in Nim; from an even step it raises the odd step below.
///
/// # Complexity
/// O(n).
///
/// ```
/// use combgames::nim::staircase_winning_moves;
/// // Value 1 ^ 3 = 2: take 2 coins from step 3 to step 2, or 2 of step 2's to step 1.
/// assert_eq!(staircase_winning_moves(&[0, 1, 5, 3]), [(2, 2), (3, 2)]);
/// ```
pub fn staircase_winning_moves(coins: &[u64]) -> Vec<(usize, u64)> {
    let sum = staircase_nim_value(coins);
    let mut moves = Vec::new();
    for i in 1..coins.len() {
        let odd = if i % 2 == 1 { i } else { i - 1 };
        let (now, target) = (coins[odd], coins[odd] ^ sum);
        let k = if i == odd {
            now.wrapping_sub(target)
        } else {
            target.wrapping_sub(now)
        };
        if 0 < k && k <= coins[i] {
            moves.push((i, k));
        }
    }
    moves
}

/// Whether the player to move wins Moore's Nim_k on `heaps`: a move takes any positive
/// number of stones from each of at least 1 and at most `k` heaps; who cannot move loses.
/// The position is lost exactly when, at every binary digit, the number of heaps with a 1
/// there is a multiple of `k + 1` (Moore, 1910). `k = 1` is Nim; `k = 0` allows no move.
///
/// # Complexity
/// O(n log min(n, k)): each digit's count is kept modulo `k + 1`, 64 digits to a word.
///
/// ```
/// use combgames::nim::moore_wins;
/// assert!(!moore_wins(&[5, 5, 5], 2)); // each digit of 5 is set in 3 heaps
/// assert!(moore_wins(&[5, 5, 5], 1));
/// ```
pub fn moore_wins(heaps: &[u64], k: usize) -> bool {
    // Counts are at most n: below k + 1, only 0 is a multiple of it.
    if k == 0 || k >= heaps.len() {
        return k > 0 && heaps.iter().any(|&h| h != 0);
    }
    // Each digit's count c is kept as c + 2^P - (k + 1) in P >= log2(k + 1) bits, bit j of
    // every digit's in a word: a count that reaches k + 1 carries out of the top bit and
    // starts again. P is a constant, so that the compiler unrolls the loops over the bits.
    let modulus = k as u64 + 1;
    match 64 - (modulus - 1).leading_zeros() {
        1 => moore_counts::<1>(heaps, modulus),
        2 => moore_counts::<2>(heaps, modulus),
        3 => moore_counts::<3>(heaps, modulus),
        4 => moore_counts::<4>(heaps, modulus),
        5..=8 => moore_counts::<8>(heaps, modulus),
        9..=16 => moore_counts::<16>(heaps, modulus),
        17..=32 => moore_counts::<32>(heaps, modulus),
        _ => moore_counts::<64>(heaps, modulus),
    }
}

/// Whether some digit's count of ones in `heaps` is not a multiple of `modulus` (at most
/// 2^P), counted in `P` words as [`moore_wins`] says.
fn moore_counts<const P: usize>(heaps: &[u64], modulus: u64) -> bool {
    let offset = modulus.wrapping_neg() & (u64::MAX >> (64 - P));
    let start: [u64; P] = std::array::from_fn(|j| 0u64.wrapping_sub(offset >> j & 1));
    let mut counts = start;
    for &heap in heaps {
        let mut carry = heap;
        for count in counts.iter_mut() {
            (*count, carry) = (*count ^ carry, *count & carry);
        }
        for (count, start) in counts.iter_mut().zip(start) {
            *count |= carry & start;
        }
    }
    counts != start
}

/// A winning move of Moore's Nim_k (see [`moore_wins`]): `(i, size)` for each heap `i` it
/// reduces, to `size`, by `i`; empty when the position is lost.
///
/// Built from the highest binary digit down. A heap reduced at a higher digit is free below
/// it: its lower digits are set as needed. At each digit, with `r` the count of 1s in the
/// heaps not yet reduced, modulo `k + 1`: if `k + 1 - r` free heaps exist, a 1 in as many
/// makes the count a multiple; else `r` heaps with a 1 there drop it (keeping the digits
/// above, clearing those below) and become free, and as fewer than `k + 1 - r` were free,
/// at most `k` heaps are then reduced.
///
/// # Complexity
/// O(64 n); empty for `k = 0`, which allows no move.
///
/// ```
/// use combgames::nim::moore_winning_move;
/// // Digit 2 is set in heaps 0 and 1: both drop it, then take a 1 at digit 0 as heap 2 has.
/// assert_eq!(moore_winning_move(&[5, 4, 1], 2), [(0, 1), (1, 1)]);
/// assert_eq!(moore_winning_move(&[5, 5, 5], 2), []);
/// ```
pub fn moore_winning_move(heaps: &[u64], k: usize) -> Vec<(usize, u64)> {
    let modulus = k.saturating_add(1);
    // A heap is reduced once its size after the move is below its size.
    let (mut after, mut free) = (heaps.to_vec(), 0);
    for bit in (0..64).rev() {
        let one = 1u64 << bit;
        let ones = (0..heaps.len()).filter(|&i| after[i] == heaps[i] && heaps[i] & one != 0);
        let r = ones.count() % modulus;
        if r == 0 {
            continue;
        }
        let raise = free >= modulus - r;
        let mut left = if raise { modulus - r } else { r };
        for i in 0..heaps.len() {
            let reduced = after[i] < heaps[i];
            if left == 0 {
                break;
            } else if raise && reduced {
                after[i] |= one;
                left -= 1;
            } else if !raise && !reduced && heaps[i] & one != 0 {
                after[i] = heaps[i] & !(one | (one - 1));
                (left, free) = (left - 1, free + 1);
            }
        }
    }
    let changed = (0..heaps.len()).filter(|&i| after[i] < heaps[i]);
    changed.map(|i| (i, after[i])).collect()
}

/// The smallest term of the Zeckendorf representation of `n` (0 for 0), its sum of Fibonacci
/// numbers of which no two are consecutive, whose terms the greedy rule finds largest first.
fn smallest_zeckendorf_term(n: u64) -> u64 {
    // From F_93 and F_92 down, the largest Fibonacci numbers in a u64 (F_94 is not).
    let (mut fib, mut below) = (12_200_160_415_121_876_738u64, 7_540_113_804_746_346_429);
    let (mut rest, mut smallest) = (n, 0);
    // F_2 = 1 leaves a rest of 0 at the latest.
    while rest > 0 {
        if fib <= rest {
            (rest, smallest) = (rest - fib, fib);
        }
        (fib, below) = (below, fib - below);
    }
    smallest
}

/// The smallest winning move of Fibonacci Nim from a heap of `heap` stones when the player
/// to move may take at most `limit` (one heap; the first player takes 1 to `heap - 1`, see
/// [`fibonacci_nim_first_move`]; then each takes 1 up to twice what the other just took; who
/// takes the last stone wins): `Some(q)`, take `q`, or `None` when the position is lost.
///
/// `q` is the smallest term of the Zeckendorf representation of `heap` (its sum of
/// non-consecutive Fibonacci numbers 1, 2, 3, 5, ...), a win exactly when `q <= limit`
/// (Whinihan, 1963): the heap left has a smallest term above `2 q`, the opponent's limit.
///
/// # Complexity
/// At most 92 steps: a walk down the Fibonacci numbers in a `u64` to the smallest term.
///
/// ```
/// use combgames::nim::fibonacci_nim_move;
/// assert_eq!(fibonacci_nim_move(10, 3), Some(2)); // 10 = 8 + 2: leave 8, limit 4
/// assert_eq!(fibonacci_nim_move(10, 1), None);
/// ```
pub fn fibonacci_nim_move(heap: u64, limit: u64) -> Option<u64> {
    let take = smallest_zeckendorf_term(heap);
    (1..=limit).contains(&take).then_some(take)
}

/// The first player's smallest winning move of Fibonacci Nim on a heap of `heap` stones (see
/// [`fibonacci_nim_move`]), who may take 1 to `heap - 1`: `None` exactly when `heap` is a
/// Fibonacci number (or 0), whose first player loses.
///
/// # Complexity
/// As [`fibonacci_nim_move`].
///
/// ```
/// use combgames::nim::fibonacci_nim_first_move;
/// assert_eq!(fibonacci_nim_first_move(12), Some(1)); // 12 = 8 + 3 + 1
/// assert_eq!(fibonacci_nim_first_move(13), None);
/// ```
pub fn fibonacci_nim_first_move(heap: u64) -> Option<u64> {
    fibonacci_nim_move(heap, heap.saturating_sub(1))
}

/// The largest `k` and pile size the Wythoff functions take, 7.046 x 10^18: the last pair
/// that fits in a `u64`, as `b_k = u64::MAX`.
pub const WYTHOFF_LIMIT: u64 = 7_046_029_254_386_353_130;

/// `phi - 1 = (sqrt 5 - 1) / 2` in 128-bit fixed point, rounded down:
/// `(isqrt(5 << 256) - (1 << 128)) >> 1`.
const PHI_FRACTION: u128 = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834;

/// `floor(k (phi - 1)) = floor(k / phi)`, exactly for `k <= WYTHOFF_LIMIT`.
///
/// Proof. With `g = phi - 1` and `F = PHI_FRACTION`, `0 < g 2^128 - F < 1`, so
/// `k F / 2^128 <= k g < k F / 2^128 + k 2^-128`: the floor computed, of `k F / 2^128`, is at
/// most `floor(k g)`, and smaller only if an integer `m` lies in `(k F / 2^128, k g]`, so
/// `0 <= k g - m < k 2^-128`. Let `p = m + k <= k phi`. As `phi` and `-1 / phi` are the roots of
/// `x^2 - x - 1`, `(k phi - p)(p + k / phi) = -(p^2 - p k - k^2)`, a nonzero integer for
/// `k >= 1` (`phi` is irrational), and `p + k / phi <= k (phi + 1 / phi) = k sqrt 5`; so
/// `k g - m = k phi - p >= 1 / (k sqrt 5)`, which exceeds `k 2^-128` while
/// `k^2 sqrt 5 < 2^128`, that is `k < 1.23 x 10^19`. `k = 0` gives 0.
fn floor_over_phi(k: u64) -> u64 {
    let k = u128::from(k);
    // k F is 192 bits: the product by F's low word, then by its high word on top.
    let low = k * (PHI_FRACTION as u64 as u128);
    ((k * (PHI_FRACTION >> 64) + (low >> 64)) >> 64) as u64
}

/// The `k`-th losing position `(a_k, b_k)` of Wythoff's game (two piles; take any number
/// from one, or the same number from both; who cannot move loses), `k = 0, 1, 2, ...`:
/// `a_k = floor(k phi) = k + floor(k / phi)` and `b_k = a_k + k`, exactly, with no floating
/// point.
///
/// # Complexity
/// O(1): two 64 x 64-bit products.
///
/// # Panics
/// If `k > WYTHOFF_LIMIT` (read it by `rd.u64_in(0..=WYTHOFF_LIMIT, ..)` for an error).
///
/// ```
/// use combgames::nim::wythoff_pair;
/// assert_eq!(wythoff_pair(0), (0, 0));
/// assert_eq!(wythoff_pair(3), (4, 7));
/// assert_eq!(wythoff_pair(1_000_000_000_000_000_000).0, 1_618_033_988_749_894_848);
/// ```
pub fn wythoff_pair(k: u64) -> (u64, u64) {
    assert!(k <= WYTHOFF_LIMIT, "Wythoff index {} is too large", k);
    let a = k + floor_over_phi(k);
    (a, a + k)
}

/// The pile size `y` that makes `(x, y)` a losing position of Wythoff's game, so the player
/// to move wins `(x, y)` exactly when `y != wythoff_partner(x)`. Every size is in exactly
/// one pair [`wythoff_pair`]`(k)`: as `a_k` (when `k = ceil(x / phi)` gives it back), or as
/// `b_j`, whose `j = ceil(x / phi^2) = x - floor(x / phi)` leaves `a_j = floor(x / phi)`.
///
/// # Complexity
/// O(1).
///
/// # Panics
/// If `x > WYTHOFF_LIMIT` (read it by `rd.u64_in(0..=WYTHOFF_LIMIT, ..)` for an error).
pub fn wythoff_partner(x: u64) -> u64 {
    assert!(x <= WYTHOFF_LIMIT, "Wythoff pile {} is too large", x);
    let below = floor_over_phi(x);
    match wythoff_pair(below + 1) {
        (a, b) if a == x => b,
        _ => below,
    }
}

/// Every winning move of Wythoff's game from piles `(x, y)`: the losing positions it can
/// leave, the move from both piles first, then the one from `x`, then from `y` (at most
/// one of each, as every difference and every size is in exactly one losing pair).
///
/// # Complexity
/// O(1), with no allocation.
///
/// # Panics
/// If `x` or `y` exceeds `WYTHOFF_LIMIT` (read them in `0..=WYTHOFF_LIMIT` for an error).
///
/// ```
/// use combgames::nim::{wythoff_partner, wythoff_winning_moves};
/// assert_eq!(wythoff_partner(4), 7);
/// assert_eq!(wythoff_winning_moves(4, 7).next(), None); // a losing position
/// let moves: Vec<(u64, u64)> = wythoff_winning_moves(5, 8).collect();
/// assert_eq!(moves, [(4, 7), (5, 3)]);
/// ```
pub fn wythoff_winning_moves(x: u64, y: u64) -> impl Iterator<Item = (u64, u64)> {
    let (low, high) = (x.min(y), x.max(y));
    let (a, _) = wythoff_pair(high - low);
    let both = (a < low).then(|| (x - (low - a), y - (low - a)));
    let (x_to, y_to) = (wythoff_partner(y), wythoff_partner(x));
    let from_x = (x_to < x).then_some((x_to, y));
    let from_y = (y_to < y).then_some((x, y_to));
    // The trait's call, not `.into_iter()`: under edition 2018 that would iterate references.
    IntoIterator::into_iter([both, from_x, from_y]).flatten()
}
