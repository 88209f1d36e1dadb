//! Coin-turning games on a row: coins at positions 0, 1, 2, ..., each heads or tails. A move
//! turns over one of the game's turning sets of coins, the rightmost of which must go from
//! heads to tails (the others may go either way); who cannot move loses.
//!
//! A position is worth the XOR of the values of its heads coins, a coin's value being that
//! of the position where it alone is heads: a heads coin plays as a game of its own, since
//! turning a tails coin up adds such a game and turning it back down removes it again.
//! Mock Turtles and the Ruler game are answered here in O(1) a coin, for positions up to
//! `u64::MAX`, with a winning move from any position.
//!
//! Any other rule is a [`crate::split::SplitGame`], not a second mechanism: state `n` is the
//! coin at position `n`, and each turning set whose rightmost coin is `n` is an option whose
//! parts are its other coins, all below `n`. Its values are the coins' values, and
//! `winning_moves` over the heads coins lists every winning move (part `i` is the coin to turn
//! from heads to tails, the label names the others). What that costs: a table of every
//! position up to the largest, and the rule's work on every turning set, which limits Mock
//! Turtles (n^2 / 2 sets at coin n) to a few thousand coins: hence the closed forms below.
//! A game numbered from 1 leaves state 0 without options, a coin of value 0 never turned.
//!
//! ```
//! use combgames::split::SplitGame;
//! // Turning Turtles, coins from 1: turn one coin from heads to tails, and perhaps one
//! // coin to its left. Coin n is worth n: a Nim heap, as the other coin can be any m < n.
//! let turtles = SplitGame::new(100, |n, options| {
//!     if n > 0 {
//!         options.add(None, []);
//!         (1..n).for_each(|m| options.add(Some(m), [m]));
//!     }
//! });
//! assert!((0..100).all(|n| turtles.grundy(n) == n as u32));
//! // Heads at 3, 5 and 7 (3 ^ 5 ^ 7 = 1): turn coin 3 down and coin 2 up, or coin 5 down
//! // and coin 4 up, or coin 7 down and coin 6 up.
//! let moves = turtles.winning_moves(&[3, 5, 7]);
//! assert_eq!(moves, [(0, Some(2)), (1, Some(4)), (2, Some(6))]);
//! ```
//!
//! On a grid, a game whose turning sets are the products of two one-row games' sets (a
//! rectangle's corners from two rows' pairs, say) has a coin at `(x, y)` worth the nim
//! product of the row values, `g(x) ⊗ g(y)`: see [`crate::nimber`].
//! Layer 3: uses `nimber` and `split`.

/// The value of the coin at `position` in Mock Turtles (coins from 0): a move turns one, two
/// or three coins, the rightmost from heads to tails. The value is `2 position` or
/// `2 position + 1`, whichever is odious (has an odd number of ones): 1, 2, 4, 7, 8, 11, ...
/// It needs 65 bits for positions from 2^63, hence `u128`.
///
/// # Complexity
/// O(1).
///
/// ```
/// use combgames::coins::mock_turtles_value;
/// let values: Vec<u128> = (0..8).map(mock_turtles_value).collect();
/// assert_eq!(values, [1, 2, 4, 7, 8, 11, 13, 14]);
/// assert_eq!(mock_turtles_value(u64::MAX), (1 << 65) - 1);
/// ```
#[inline]
pub fn mock_turtles_value(position: u64) -> u128 {
    // 2 position has the ones of position: odious exactly when their count is odd.
    u128::from(position) << 1 | u128::from(position.count_ones() % 2 == 0)
}

/// A winning move of Mock Turtles (coins from 0; a move turns one, two or three coins, the
/// rightmost from heads to tails) from the position whose heads coins are at `heads`:
/// `(coin, others)`, turn `coin` from heads to tails and the coins `others` (none, one or
/// two, ascending, all left of `coin`) over, to leave value 0; `None` when the position is
/// lost (value 0). The positions must be distinct, in any order: dedup a list that repeats.
///
/// The coin turned down is one whose value has the highest bit of the position's value `s`;
/// what the others must then turn over is `t = value(coin) ^ s`, below `value(coin)`. Each
/// odious number is the value of one coin, and each other number above 0 (evil: an even
/// count of ones) is the XOR of two odious ones, its lowest bit and the rest.
///
/// # Complexity
/// O(heads), with no allocation but the two others at most.
///
/// ```
/// use combgames::coins::mock_turtles_winning_move;
/// // Values 4 ^ 7 ^ 8 = 11: turn coin 4 (worth 8) down, coins 0 and 1 (1 ^ 2 = 3) up.
/// assert_eq!(mock_turtles_winning_move(&[2, 3, 4]), Some((4, vec![0, 1])));
/// // Values 1 ^ 7 = 6: turn coin 3 down and coin 0 (worth 1) down too.
/// assert_eq!(mock_turtles_winning_move(&[3, 0]), Some((3, vec![0])));
/// assert_eq!(mock_turtles_winning_move(&[0, 1, 2, 3]), None); // 1 ^ 2 ^ 4 ^ 7 = 0
/// ```
pub fn mock_turtles_winning_move(heads: &[u64]) -> Option<(u64, Vec<u64>)> {
    let sum = heads.iter().fold(0, |sum, &h| sum ^ mock_turtles_value(h));
    if sum == 0 {
        return None;
    }
    let top = 127 - sum.leading_zeros();
    // Always found: the values XOR to one with this bit.
    let coin = *heads
        .iter()
        .find(|&&h| mock_turtles_value(h) >> top & 1 == 1)?;
    let rest = mock_turtles_value(coin) ^ sum;
    // The coin worth an odious v is v / 2 (2 (v / 2) and 2 (v / 2) + 1 are one odious, one
    // not); below `coin`, as v < value(coin) and v is not that value.
    let others = match rest.count_ones() {
        0 => vec![],
        ones if ones % 2 == 1 => vec![(rest >> 1) as u64],
        _ => {
            let lowest = rest & rest.wrapping_neg();
            vec![(lowest >> 1) as u64, ((rest ^ lowest) >> 1) as u64]
        }
    };
    Some((coin, others))
}

/// The value of the coin at `position` in the Ruler game (coins from 1): a move turns any
/// run of consecutive coins whose rightmost goes from heads to tails. The value is the
/// largest power of two dividing `position`: 1, 2, 1, 4, 1, 2, 1, 8, ...
///
/// # Complexity
/// O(1).
///
/// # Panics
/// If `position` is 0 (read positions by `rd.u64_in(1..=.., ..)` for an error instead).
///
/// ```
/// use combgames::coins::ruler_value;
/// let values: Vec<u64> = (1..=8).map(ruler_value).collect();
/// assert_eq!(values, [1, 2, 1, 4, 1, 2, 1, 8]);
/// assert_eq!(ruler_value(3 << 62), 1 << 62);
/// ```
#[inline]
pub fn ruler_value(position: u64) -> u64 {
    assert!(position > 0, "the Ruler game's coins are numbered from 1");
    position & position.wrapping_neg()
}

/// A winning move of the Ruler game (coins from 1; a move turns a run of consecutive coins
/// whose rightmost goes from heads to tails) from the position whose heads coins are at
/// `heads`: `(coin, first)`, turn the coins `first..=coin` over, `coin` from heads to tails,
/// to leave value 0; `None` when the position is lost (value 0). The positions must be
/// distinct and positive, in any order.
///
/// The values of coins 1 to n XOR to the Gray code `n ^ n / 2` (each step from n - 1 to n
/// flips the bit of n's lowest one), so the run `first..=coin` turns over `gray(coin) ^
/// gray(first - 1)`. With `s` the position's value, `first - 1` is the inverse Gray code of
/// `gray(coin) ^ s`, which is below `coin` exactly when `coin` has the highest bit of `s`:
/// some heads coin does, as that bit is the value of one.
///
/// # Complexity
/// O(heads).
///
/// # Panics
/// If a position is 0 (read positions by `rd.u64_in(1..=.., ..)` for an error instead).
///
/// ```
/// use combgames::coins::ruler_winning_move;
/// // Values 1 ^ 2 = 3: turn coin 3 down and coin 2 up (worth 1 ^ 2).
/// assert_eq!(ruler_winning_move(&[3, 6]), Some((3, 2)));
/// // Values 1 ^ 4 ^ 1 = 4: turn coin 4 alone.
/// assert_eq!(ruler_winning_move(&[3, 4, 5]), Some((4, 4)));
/// assert_eq!(ruler_winning_move(&[1, 3]), None); // 1 ^ 1
/// ```
pub fn ruler_winning_move(heads: &[u64]) -> Option<(u64, u64)> {
    let sum = heads.iter().fold(0, |sum, &h| sum ^ ruler_value(h));
    if sum == 0 {
        return None;
    }
    let top = 63 - sum.leading_zeros();
    // Always found: a coin worth this bit has it.
    let coin = *heads.iter().find(|&&h| h >> top & 1 == 1)?;
    // The inverse Gray code: each bit the XOR of the bits from it up.
    let mut before = coin ^ coin >> 1 ^ sum;
    for shift in [1, 2, 4, 8, 16, 32] {
        before ^= before >> shift;
    }
    Some((coin, before + 1))
}
