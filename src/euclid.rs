//! Euclid's game on two numbers up to `u64::MAX`, in O(log) steps by their continued
//! fraction: who wins, its Every-SG steps (as `game::EverySg` counts them), and the
//! move to one step fewer, a winning move when there is one.
//! Layer 0: uses no other module.

/// A position of Euclid's game solved by [`euclid`]: its steps, and the move that [`euclid`]
/// makes from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Euclid {
    /// How long play lasts when the winner plays slow and the loser fast, as
    /// `game::EverySg::steps` counts it: 0 for a finished game; odd exactly when the player
    /// to move wins.
    pub steps: u32,
    /// The position after a move to one step fewer, the numbers in the order given (the
    /// larger one reduced): a winning move when the player to move wins (it leaves a lost
    /// position), the move that loses fastest otherwise (the one an Every-SG sum's loser
    /// makes), and `None` when the game is over.
    pub next: Option<(u64, u64)>,
}

impl Euclid {
    /// Whether the player to move wins: the steps are odd.
    ///
    /// # Complexity
    /// O(1).
    pub fn wins(&self) -> bool {
        self.steps % 2 == 1
    }
}

/// Euclid's game on the numbers `a` and `b` (Cole and Davie, 1969): a move subtracts a
/// positive multiple of the smaller number from the larger, leaving it at least 0 (from
/// equal numbers, either may be reduced: to 0); once a number is 0 the game is over, and
/// who cannot move loses, so whoever brings a number to 0 wins. (`a = 0` or `b = 0` is over
/// before it starts: 0 steps, lost.) HDU 3595 ("GG and MM") plays it as an Every-SG sum:
/// each turn moves in every game not over, and the largest steps decides, as
/// `game::EverySg` says.
///
/// With `a >= b > 0`, `q = a / b` and `r = a % b`, the moves lead to `(r + j b, b)` for
/// `j = q - 1` down to 0, where `j = 0` is `(b, r)`. If `r = 0`, taking all of `a` wins at
/// once: 1 step. Else let `s` be the steps of `(b, r)`. From `j = 1` the only move is to
/// `(b, r)`, so its steps are `s + 1` whether it is won or lost. Each `j >= 2` is won, by
/// a move to `(b, r)` or to `j = 1`, whichever is lost: if `s` is even, `(b, r)` is the
/// only lost one among the moves and the steps are `s + 1`; if `s` is odd, `j = 1` is, and
/// the steps are `s + 2`. So the position (`j = q`) has `s + 1` steps if `q = 1` or `s`
/// is even (then the move to one step fewer goes to `(b, r)`), else `s + 2` (to
/// `(r + b, b)`): the player who faces `a >= 2 b` wins, as is well known.
///
/// # Complexity
/// O(log min(a, b)): the quotients of the continued fraction of `a / b`, at most 92 for
/// numbers of 64 bits, held as bits.
///
/// ```
/// use combgames::euclid::euclid;
/// // 25 7: the player to move faces 25 >= 2 x 7 and wins by leaving 11 7 (from which the
/// // only move is to 7 4, a win for the player who then moves, 7 4 -> 3 4 -> 3 1 -> 0 1).
/// let game = euclid(25, 7);
/// assert!(game.wins());
/// assert_eq!(game.next, Some((11, 7)));
/// assert_eq!(euclid(11, 7).steps, game.steps - 1);
/// // 3 4 is lost: the only move leaves 3 1, which is won.
/// assert!(!euclid(3, 4).wins());
/// assert_eq!(euclid(3, 4).next, Some((3, 1)));
/// assert_eq!(euclid(5, 0).steps, 0);
/// // An Every-SG sum: the game that lasts longest decides; each game moves to `next`.
/// let games = [(25, 7), (3, 4), (1_000_000_000_000_000_000, 999_999_999_999_999_999)];
/// assert_eq!(euclid(games[2].0, games[2].1).next, Some((1, games[2].1)));
/// let longest = games.iter().map(|&(a, b)| euclid(a, b).steps).max();
/// assert_eq!(longest, Some(5)); // odd: the player to move wins
/// ```
pub fn euclid(a: u64, b: u64) -> Euclid {
    let (mut high, mut low) = (a.max(b), a.min(b));
    if low == 0 {
        return Euclid {
            steps: 0,
            next: None,
        };
    }
    // Bit i of `single`: the i-th quotient down the continued fraction is 1. The last
    // quotient (where the remainder is 0) is at `levels - 1`.
    let (mut single, mut levels) = (0u128, 0);
    let first = (high / low, high % low);
    while low > 0 {
        single |= u128::from(high / low == 1) << levels;
        (high, low, levels) = (low, high % low, levels + 1);
    }
    // Up from the last level, whose position is won in 1 step: `below` is the steps of
    // `(b, r)` for the level being added.
    let mut below = 1;
    let mut last_below = 0;
    for level in (0..levels - 1).rev() {
        last_below = below;
        below += 1 + u32::from(single >> level & 1 == 0) * (below & 1);
    }
    let (q, r) = first;
    // Move to `(r + j b, b)`: j = 1 if q >= 2 and (b, r) is won (its steps odd), else 0.
    let j = u64::from(levels > 1 && q >= 2 && last_below % 2 == 1);
    let small = a.min(b);
    let reduced = r + j * small;
    let next = if a >= b { (reduced, b) } else { (a, reduced) };
    Euclid {
        steps: below,
        next: Some(next),
    }
}
