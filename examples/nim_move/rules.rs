//! nim_move's rules, written once from the statement: the tests' game search and the lab
//! (`cargo test -q --test lab -- 1000` here) both read them.

use lab::rules::{Heap, Moves};

/// The moves from a heap of `n` stones: take any number of them, leaving fewer.
pub struct Rules;

impl Heap for Rules {
    fn moves(&self, n: u64, to: &mut Moves) {
        (0..n).for_each(|left| to.heap(left));
    }
}
