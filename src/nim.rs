//! Nim and the games a closed form reduces to it: the winning moves of a sum of games from
//! its components' Grundy values, misère Nim and the anti-SG rule, staircase Nim, and
//! Wythoff's game in integers only.

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

/// The largest `k` and pile size the Wythoff functions take: 7 x 10^18, so that `b_k` fits
/// in a `u64` and `5 k^2` in a `u128`.
pub const WYTHOFF_LIMIT: u64 = 7_000_000_000_000_000_000;

/// The integer square root, by Newton's method from above.
fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let mut x = 1u128 << ((129 - n.leading_zeros()) / 2);
    loop {
        let next = (x + n / x) / 2;
        if next >= x {
            return x;
        }
        x = next;
    }
}

/// The `k`-th losing position `(a_k, b_k)` of Wythoff's game (two piles; take any number
/// from one, or the same number from both; who cannot move loses), `k = 0, 1, 2, ...`:
/// `a_k = floor(k phi)` and `b_k = a_k + k`, with no floating point: `k phi` lies strictly
/// between integers, so `a_k = (k + isqrt(5 k^2)) / 2`.
///
/// # Complexity
/// O(log k) for the square root.
///
/// # Panics
/// If `k > WYTHOFF_LIMIT`.
///
/// ```
/// use combgames::nim::wythoff_pair;
/// assert_eq!(wythoff_pair(0), (0, 0));
/// assert_eq!(wythoff_pair(3), (4, 7));
/// assert_eq!(wythoff_pair(1_000_000_000_000_000_000).0, 1_618_033_988_749_894_848);
/// ```
pub fn wythoff_pair(k: u64) -> (u64, u64) {
    assert!(k <= WYTHOFF_LIMIT, "Wythoff index {} is too large", k);
    let a = ((u128::from(k) + isqrt(5 * u128::from(k) * u128::from(k))) / 2) as u64;
    (a, a + k)
}

/// The pile size `y` that makes `(x, y)` a losing position of Wythoff's game: every size
/// is in exactly one pair [`wythoff_pair`]`(k)`, as `a_k` (when `k = ceil(x / phi)`
/// gives it back) or as `b_j` (then `j = ceil(x / phi^2)`).
///
/// # Complexity
/// O(log x).
///
/// # Panics
/// If `x > WYTHOFF_LIMIT`.
pub fn wythoff_partner(x: u64) -> u64 {
    assert!(x <= WYTHOFF_LIMIT, "Wythoff pile {} is too large", x);
    let (x, root) = (u128::from(x), isqrt(5 * u128::from(x) * u128::from(x)));
    // x / phi = x (sqrt 5 - 1) / 2 and x / phi^2 = x (3 - sqrt 5) / 2, rounded up.
    let k = ((root - x) / 2 + 1) as u64;
    match wythoff_pair(k) {
        (a, b) if u128::from(a) == x => b,
        _ => (x - (3 * x + 1 - root) / 2) as u64,
    }
}

/// Every winning move of Wythoff's game from piles `(x, y)`: the positions it can leave
/// that are losing ones, the move from both piles first, then those from `x`, then from `y`.
///
/// # Complexity
/// O(log(x + y)).
///
/// # Panics
/// If `x` or `y` exceeds `WYTHOFF_LIMIT`.
///
/// ```
/// use combgames::nim::{wythoff_partner, wythoff_winning_moves};
/// assert_eq!(wythoff_partner(4), 7);
/// assert_eq!(wythoff_winning_moves(4, 7), []); // a losing position
/// assert_eq!(wythoff_winning_moves(5, 8), [(4, 7), (5, 3)]);
/// ```
pub fn wythoff_winning_moves(x: u64, y: u64) -> Vec<(u64, u64)> {
    let (low, high) = (x.min(y), x.max(y));
    let mut moves = Vec::new();
    let (a, _) = wythoff_pair(high - low);
    if a < low {
        moves.push((x - (low - a), y - (low - a)));
    }
    let (from_x, from_y) = (wythoff_partner(y), wythoff_partner(x));
    if from_x < x {
        moves.push((from_x, y));
    }
    if from_y < y {
        moves.push((x, from_y));
    }
    moves
}
