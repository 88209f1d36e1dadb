//! dawson's rules, written once from the statement: the tests' game search and the lab
//! (`cargo test -q --test lab -- 1000` here) both read them.

use lab::rules::{Family, Heap, Moves};

/// The moves from a row of `n` pins: knock down two adjacent pins, leaving the rows on
/// either side of them.
pub struct Rules;

impl Heap for Rules {
    fn moves(&self, n: u64, to: &mut Moves) {
        for first in 1..n {
            to.sum(&[first - 1, n - first - 1]);
        }
    }

    /// Dawson's Kayles is the octal game 0.07: the lab proves its period by Guy and Smith.
    fn family(&self) -> Family {
        Family::Octal("0.07".to_string())
    }
}
