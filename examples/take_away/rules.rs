//! take_away's rules, written once from the statement: the tests' game search and the lab
//! (`cargo test -q --test lab -- 1000` here) both read them.

use lab::rules::{Family, Heap, Moves};

/// The moves from a heap of `n` stones: take 1, 3 or 4.
pub struct Rules;

impl Heap for Rules {
    fn moves(&self, n: u64, to: &mut Moves) {
        for take in [1, 3, 4] {
            if take <= n {
                to.heap(n - take);
            }
        }
    }

    /// A subtraction game: the lab proves its period by the window theorem.
    fn family(&self) -> Family {
        Family::Subtraction(vec![1, 3, 4])
    }
}
