//! take_squares's rules, written once from the statement: the tests' game search and the
//! lab (`cargo test -q --test lab -- 1000` here) both read them.

use lab::rules::{Heap, Moves};

/// The moves from a heap of `n` stones: take a positive square number of them.
pub struct Rules;

impl Heap for Rules {
    fn moves(&self, n: u64, to: &mut Moves) {
        (1..)
            .map(|k| k * k)
            .take_while(|&s| s <= n)
            .for_each(|s| to.heap(n - s));
    }
}
