//! What is left to prove of a formula: no theorem of the lab proves one, so a formula found
//! holds where checked, and its proof is an induction over the rules, which this module
//! states ([`to_prove`]) and checks at any states, with no table ([`check_step`]).
//!
//! Every move goes down, so a formula `F` is the game's values exactly when, for every
//! state `n`, the rules give `F(n)` from `F` over the moves of `n`: the mex of `F` over them
//! (a move to a sum worth the XOR of `F` over its parts) for Grundy values; `F(n) = 1`
//! exactly when some move reaches an `F` of 0 for win/lose, or `n` has no move, in misère
//! play. A table of the rules' values to `N` checks this step for every `n < N`; at larger
//! `n` it can be checked where the rules are cheap (a window near `10^15`), as far as asked.
//!
//! No finite certificate proves it for all `n` in the lab's families: their theorems
//! (the window, Guy-Smith, the residue check) prove eventually periodic values, and the
//! formulas of `formulas` and `digits` are not eventually periodic (a valuation or a digit
//! sum is unbounded; a last nonzero digit, a digit condition, a Zeckendorf parity are not
//! periodic), so a game of those families never has them. For other rules the step for
//! every `n` is a statement about the rules: "every move from `n` changes the number of
//! Zeckendorf terms by exactly one", for instance, which is the user's to prove.
//! Layer 2: uses `rules` and `tables`.

use crate::rules::{Heap, Moves};
use crate::tables::Values;
use std::ops::Range;

/// The induction step a formula of values `kind` must meet, in words, for the report:
/// `formula` is its right-hand side (`v2(n)`), `from` the first state it speaks of, `read`
/// whether the table was read rather than made from the rules.
///
/// # Complexity
/// O(1).
///
/// ```
/// use lab::obligations::to_prove;
/// use lab::tables::Values;
/// let step = to_prove(Values::Grundy, "v2(n)", 1, false);
/// let mex = "for every n >= 1, the mex of the formula's values over the moves of n";
/// let how = "to prove, by induction on n (every move goes down)";
/// assert!(step.starts_with(&format!("{how}: {mex}")));
/// assert!(step.ends_with("is v2(n)"));
/// ```
pub fn to_prove(kind: Values, formula: &str, from: u64, read: bool) -> String {
    let every = match from {
        0 => "for every n".to_string(),
        from => format!("for every n >= {}", from),
    };
    let step = match kind {
        Values::Grundy => format!(
            "the mex of the formula's values over the moves of n (a move to a sum: the XOR \
             over its parts) is {formula}"
        ),
        Values::WinLose => format!(
            "{formula} is 1 exactly when some move of n reaches a state where the formula is 0"
        ),
        Values::Misere => format!(
            "{formula} is 1 exactly when n has no move or some move of n reaches a state where \
             the formula is 0"
        ),
    };
    let how = match read {
        true => "from the game's rules (the table was read), by induction on n",
        false => "by induction on n (every move goes down)",
    };
    format!("to prove, {how}: {every}, {step}")
}

/// A state where the induction step fails: the formula's value there, and the value the
/// rules give from the formula's values over its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepFailure {
    /// The state.
    pub n: u64,
    /// The formula at `n`.
    pub formula: u64,
    /// What the rules give from the formula over the moves of `n`.
    pub by_rules: u64,
}

/// Checks the induction step of `formula` (values `kind`) on every state of `states`, from
/// `game`'s moves: no table is computed, so `states` may lie anywhere the rules are quick,
/// `10^15 .. 10^15 + 1000` as well as `1 .. 10^6`.
///
/// # Complexity
/// O(|states| x moves) calls of the rules and the formula.
///
/// # Errors
/// The first state where the step fails, with both values.
///
/// ```
/// use lab::obligations::check_step;
/// use lab::rules::Moves;
/// use lab::tables::Values;
/// // Subtract a power of two: the values are n mod 3, at 10^15 as near 0.
/// let powers = |n: u64, to: &mut Moves| {
///     (0..64).map(|k| 1u64 << k).take_while(|&s| s <= n).for_each(|s| to.heap(n - s))
/// };
/// let big = 1_000_000_000_000_000;
/// assert_eq!(check_step(&powers, Values::Grundy, |n| n % 3, big..big + 100), Ok(()));
/// let wrong = check_step(&powers, Values::Grundy, |n| n % 2, 0..10).unwrap_err();
/// assert_eq!((wrong.n, wrong.formula, wrong.by_rules), (2, 0, 2));
/// ```
pub fn check_step<G: Heap + ?Sized>(
    game: &G,
    kind: Values,
    formula: impl Fn(u64) -> u64,
    states: Range<u64>,
) -> Result<(), StepFailure> {
    let (mut to, mut options) = (Moves::default(), Vec::new());
    for n in states {
        to.clear();
        game.moves(n, &mut to);
        options.clear();
        options.extend(to.singles().iter().map(|&m| formula(m)));
        options.extend(
            to.sums()
                .map(|parts| parts.iter().fold(0, |x, &p| x ^ formula(p))),
        );
        let by_rules = match kind {
            Values::Grundy => (0..).find(|v| !options.contains(v)).unwrap_or(0),
            Values::WinLose => u64::from(options.contains(&0)),
            Values::Misere => u64::from(options.is_empty() || options.contains(&0)),
        };
        let at_n = formula(n);
        if at_n != by_rules {
            return Err(StepFailure {
                n,
                formula: at_n,
                by_rules,
            });
        }
    }
    Ok(())
}
