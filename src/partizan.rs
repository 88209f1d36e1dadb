//! Outcomes of partizan games, in which Left and Right have different moves.
//!
//! A position's [`Outcome`] says who wins with each player starting; its [`OutcomeClass`]
//! is one of the four classes of finite games (L, R, N, P) or, for loopy games where play
//! can go on forever, [`OutcomeClass::Other`]. [`graph_outcomes`] solves any finite game
//! graph, loops included.
//! Layer 1: uses `errors`.

use crate::errors::{self, error};

use std::cmp::Ordering;
use std::collections::VecDeque;

/// One of the two players.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Player {
    /// Left, who wins positive games.
    Left,
    /// Right, who wins negative games.
    Right,
}

impl Player {
    /// The opponent.
    ///
    /// # Complexity
    /// O(1).
    pub fn other(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

/// Who wins a position under optimal play (normal play: who cannot move loses) when Left
/// moves first and when Right moves first. `None` means neither can force a win, so play
/// goes on forever; that only happens in loopy games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// The winner when Left moves first.
    pub left_starts: Option<Player>,
    /// The winner when Right moves first.
    pub right_starts: Option<Player>,
}

/// The outcome classes: who wins whoever starts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum OutcomeClass {
    /// L: Left wins whoever starts (the game is > 0).
    Left,
    /// R: Right wins whoever starts (< 0).
    Right,
    /// N: the first player wins (confused with 0).
    Next,
    /// P: the second player wins (= 0).
    Previous,
    /// Some start leads to endless play: none of the four above.
    Other,
}

impl Outcome {
    /// The class of this outcome.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// ```
    /// use combgames::partizan::{Outcome, OutcomeClass, Player};
    /// let first_wins = Outcome { left_starts: Some(Player::Left), right_starts: Some(Player::Right) };
    /// assert_eq!(first_wins.class(), OutcomeClass::Next);
    /// ```
    pub fn class(self) -> OutcomeClass {
        use Player::{Left, Right};
        match (self.left_starts, self.right_starts) {
            (Some(Left), Some(Left)) => OutcomeClass::Left,
            (Some(Right), Some(Right)) => OutcomeClass::Right,
            (Some(Left), Some(Right)) => OutcomeClass::Next,
            (Some(Right), Some(Left)) => OutcomeClass::Previous,
            _ => OutcomeClass::Other,
        }
    }

    /// The outcome of a short game G from how it compares with 0: G > 0 is won by Left, G < 0
    /// by Right, G = 0 by the second player, and G incomparable with 0 (`None`, "fuzzy") by
    /// the first. For a number, the comparison is its sign.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// ```
    /// use combgames::partizan::{Outcome, OutcomeClass};
    /// use std::cmp::Ordering;
    /// assert_eq!(Outcome::from_comparison_with_zero(Some(Ordering::Equal)).class(), OutcomeClass::Previous);
    /// assert_eq!(Outcome::from_comparison_with_zero(None).class(), OutcomeClass::Next);
    /// ```
    pub fn from_comparison_with_zero(comparison: Option<Ordering>) -> Outcome {
        use Player::{Left, Right};
        let (left_starts, right_starts) = match comparison {
            Some(Ordering::Greater) => (Left, Left),
            Some(Ordering::Less) => (Right, Right),
            Some(Ordering::Equal) => (Right, Left),
            None => (Left, Right),
        };
        Outcome {
            left_starts: Some(left_starts),
            right_starts: Some(right_starts),
        }
    }
}

/// The outcome of every position of a finite game graph, which may have loops: position
/// `p` has Left options `left_options[p]` and Right options `right_options[p]`.
///
/// Retrograde analysis: a player without a move loses; a player with a move to a position
/// the opponent loses wins; a player all of whose moves go to positions the opponent wins
/// loses. Whatever this never settles is endless play (`None`): the player who would lose
/// keeps the game going.
///
/// # Complexity
/// O(positions + options).
///
/// # Panics
/// If the two lists differ in length, or an option is not a position:
/// [`try_graph_outcomes`] says so instead.
///
/// ```
/// use combgames::partizan::{graph_outcomes, OutcomeClass};
/// // Position 0 is the game 0 = { | }, position 1 is * = {0 | 0}.
/// let outcomes = graph_outcomes(&[vec![], vec![0]], &[vec![], vec![0]]);
/// assert_eq!(outcomes[0].class(), OutcomeClass::Previous);
/// assert_eq!(outcomes[1].class(), OutcomeClass::Next);
/// ```
/// As [`graph_outcomes`], for a graph read from input: an error if the lists differ in
/// length or an option is not a position.
///
/// # Complexity
/// As [`graph_outcomes`].
///
/// # Errors
/// A rule error (as `io::error` makes) that names the first such option.
///
/// ```
/// use combgames::partizan::try_graph_outcomes;
/// let err = try_graph_outcomes(&[vec![], vec![0, 2]], &[vec![], vec![]]).unwrap_err();
/// assert_eq!(err.to_string(), "expected options below 2, found option 2 of position 1");
/// ```
pub fn try_graph_outcomes(
    left_options: &[Vec<usize>],
    right_options: &[Vec<usize>],
) -> errors::Result<Vec<Outcome>> {
    let n = left_options.len();
    if right_options.len() != n {
        let found = format!("{} and {}", n, right_options.len());
        return Err(error("as many Right option lists as Left", found));
    }
    for (p, options) in left_options.iter().chain(right_options).enumerate() {
        if let Some(q) = options.iter().find(|&&q| q >= n) {
            let found = format!("option {q} of position {}", p % n.max(1));
            return Err(error(&format!("options below {n}"), found));
        }
    }
    Ok(graph_outcomes(left_options, right_options))
}

pub fn graph_outcomes(left_options: &[Vec<usize>], right_options: &[Vec<usize>]) -> Vec<Outcome> {
    let n = left_options.len();
    assert_eq!(n, right_options.len(), "both players need option lists");
    // State 2p + 0: Left to move at p; state 2p + 1: Right to move at p.
    let mover = |state: usize| {
        if state % 2 == 0 {
            Player::Left
        } else {
            Player::Right
        }
    };
    let mut predecessors = vec![Vec::new(); 2 * n];
    let mut undecided_moves = vec![0usize; 2 * n];
    for p in 0..n {
        for (side, options) in [left_options, right_options].iter().enumerate() {
            let state = 2 * p + side;
            for &q in &options[p] {
                assert!(q < n, "option {} of position {} is not a position", q, p);
                // After the move, the other player is to move at q.
                predecessors[2 * q + (1 - side)].push(state);
            }
            undecided_moves[state] = options[p].len();
        }
    }
    let mut winner: Vec<Option<Player>> = vec![None; 2 * n];
    let mut settled = VecDeque::new();
    for state in 0..2 * n {
        if undecided_moves[state] == 0 {
            winner[state] = Some(mover(state).other());
            settled.push_back(state);
        }
    }
    while let Some(state) = settled.pop_front() {
        let won_by = winner[state];
        for &before in &predecessors[state] {
            if winner[before].is_some() {
                continue;
            }
            let moving = mover(before);
            if won_by == Some(moving) {
                winner[before] = Some(moving);
                settled.push_back(before);
            } else {
                undecided_moves[before] -= 1;
                if undecided_moves[before] == 0 {
                    winner[before] = Some(moving.other());
                    settled.push_back(before);
                }
            }
        }
    }
    (0..n)
        .map(|p| Outcome {
            left_starts: winner[2 * p],
            right_starts: winner[2 * p + 1],
        })
        .collect()
}
