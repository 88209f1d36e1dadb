//! power_cards's rules, written once from the statement: the tests' game search and the lab
//! (`cargo test -q --test lab -- 1000` here) both read them.

use lab::rules::{Family, Heap, Moves, Residues};

/// The moves from a heap of `n` cards: take any power of two.
pub struct Rules;

impl Heap for Rules {
    fn moves(&self, n: u64, to: &mut Moves) {
        let mut take = 1;
        while take <= n {
            to.heap(n - take);
            take *= 2;
        }
    }

    /// An infinite move set, periodic modulo 3 (1, 2, 4 = 1, 8 = 2, ...): with it, the lab
    /// proves a period by the residue check.
    fn family(&self) -> Family {
        Family::Residues(Residues {
            is_move: u64::is_power_of_two,
            from: 1,
            modulus: 3,
            classes: vec![1, 2],
        })
    }
}
