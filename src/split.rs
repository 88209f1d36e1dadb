//! Games whose moves split a position into independent parts, such as a row of pins broken
//! in two (Kayles and the octal games) or a rectangle cut in two: an option is worth the
//! XOR of its parts' Grundy values. Values of numbered states, and the winning moves of a
//! position made of several parts.
//! Layer 2: uses `game`.

use crate::game::mex;
use std::marker::PhantomData;

/// The options of one state, listed by a [`SplitGame`]'s rule: each a move, labelled as
/// the caller likes, and the parts it leaves.
#[derive(Debug)]
pub struct Options<'a, M> {
    /// The values of the states below the one whose options are listed.
    grundy: &'a [u32],
    /// Each option's label and value.
    listed: Vec<(M, u32)>,
}

impl<M> Options<'_, M> {
    /// Adds the move `label`, which leaves the states `parts` (none if it leaves nothing),
    /// all below the state whose options are listed.
    ///
    /// # Complexity
    /// O(parts) amortised.
    ///
    /// # Panics
    /// If a part is not below the state whose options are listed.
    pub fn add(&mut self, label: M, parts: impl IntoIterator<Item = usize>) {
        let value = parts.into_iter().fold(0, |value, p| value ^ self.grundy[p]);
        self.listed.push((label, value));
    }
}

/// The Grundy values of the states `0..states` of a game whose moves split a state into
/// parts: `rule(state, options)` lists every move from `state` with [`Options::add`], and
/// every part is a smaller state. Number the states so: a row by its length, a `w x h`
/// rectangle of at most `H` rows by `w * (H + 1) + h`, as cuts make both sides smaller.
///
/// The rule is kept, to list the winning moves. A rule that captures nothing, a `fn` or a
/// closure, makes a game of the named type `SplitGame<M>`, to keep in a `static` or pass to
/// `solve`:
///
/// ```
/// use combgames::split::{Options, SplitGame};
/// /// Dawson's Kayles: knock down two adjacent pins of a row.
/// fn knock_two(n: usize, options: &mut Options<usize>) {
///     for left in 0..n.saturating_sub(1) {
///         options.add(left, [left, n - 2 - left]);
///     }
/// }
/// struct Tables {
///     rows: SplitGame<usize>,
/// }
/// let tables = Tables { rows: SplitGame::new(20, knock_two) };
/// let closure: SplitGame<usize> = SplitGame::new(20, |n, options| {
///     (0..n.saturating_sub(1)).for_each(|left| options.add(left, [left, n - 2 - left]))
/// });
/// assert_eq!(tables.rows.grundy(9), closure.grundy(9));
/// ```
#[derive(Clone, Debug)]
pub struct SplitGame<M, F = fn(usize, &mut Options<M>)> {
    grundy: Vec<u32>,
    rule: F,
    labels: PhantomData<fn() -> M>,
}

impl<M, F: Fn(usize, &mut Options<M>)> SplitGame<M, F> {
    /// Fills the values of the states `0..states`, smallest first, with no recursion.
    ///
    /// # Complexity
    /// O(states + options + parts) plus the work of `rule`.
    ///
    /// # Panics
    /// If `rule` gives a part that is not a smaller state.
    ///
    /// ```
    /// use combgames::split::SplitGame;
    /// // Kayles: knock down one pin or two adjacent ones from a row, leaving two rows.
    /// let kayles = SplitGame::new(100, |n, options| {
    ///     for take in 1..=n.min(2) {
    ///         for left in 0..=n - take {
    ///             options.add((left, take), [left, n - take - left]);
    ///         }
    ///     }
    /// });
    /// let values: Vec<u32> = (0..12).map(|n| kayles.grundy(n)).collect();
    /// assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    /// // A row of 3: knock down the middle pin, leaving two rows of 1 (value 1 ^ 1 = 0).
    /// assert_eq!(kayles.winning_moves(&[3]), [(0, (1, 1))]);
    /// ```
    pub fn new(states: usize, rule: F) -> Self {
        let mut grundy = Vec::with_capacity(states);
        let mut listed = Vec::new();
        for state in 0..states {
            let mut options = Options {
                grundy: &grundy,
                listed,
            };
            rule(state, &mut options);
            listed = options.listed;
            grundy.push(mex(listed.drain(..).map(|(_, value)| value)));
        }
        SplitGame {
            grundy,
            rule,
            labels: PhantomData,
        }
    }

    /// The Grundy value of `state`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `state` is not below the `states` given to [`SplitGame::new`] (read states from
    /// input in their range, `rd.usize_in(0..=states - 1, ..)`, to have an error instead).
    pub fn grundy(&self, state: usize) -> u32 {
        self.grundy[state]
    }

    /// Every winning move from the position made of the parts `position` (normal play):
    /// `(i, label)` when the move `label` on part `i` leaves a nim-sum of 0, in the order
    /// of the parts and of the rule's options.
    ///
    /// # Complexity
    /// O(parts) plus the rule's work on each part.
    ///
    /// # Panics
    /// If a part is not below the `states` given to [`SplitGame::new`] (as for
    /// [`SplitGame::grundy`]).
    pub fn winning_moves(&self, position: &[usize]) -> Vec<(usize, M)> {
        let sum = position
            .iter()
            .fold(0, |sum, &part| sum ^ self.grundy[part]);
        let mut moves = Vec::new();
        for (i, &part) in position.iter().enumerate() {
            let mut options = Options {
                grundy: &self.grundy[..part],
                listed: Vec::new(),
            };
            (self.rule)(part, &mut options);
            let target = self.grundy[part] ^ sum;
            let wins = options
                .listed
                .into_iter()
                .filter(|&(_, value)| value == target);
            moves.extend(wins.map(|(label, _)| (i, label)));
        }
        moves
    }
}
