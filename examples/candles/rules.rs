//! candles' rules, written once from the statement: the tests' game search and the lab
//! (`cargo test -q --test lab -- 60` here, misère play) both read them.

use lab::rules::{Family, Heap, Moves};

/// The moves from a row of `n` lit candles: blow out one at an end (the row gets shorter, or
/// goes), or two adjacent ones with a lit candle on each side (the row splits in two).
pub struct Rules;

impl Heap for Rules {
    fn moves(&self, n: u64, to: &mut Moves) {
        if n >= 1 {
            to.heap(n - 1);
        }
        for left in 1..=n.saturating_sub(2) / 2 {
            to.sum(&[left, n - 2 - left]);
        }
    }

    /// The octal game 0.34 (take one leaving at most one heap, or two leaving two): the lab
    /// proves the period of its misère heap map by the periodicity theorem.
    fn family(&self) -> Family {
        Family::Octal("0.34".to_string())
    }
}
