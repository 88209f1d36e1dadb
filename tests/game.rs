//! The bitmask solvers and mex against plain recursive definitions on random games.

use combgames::game::{
    fill_grundy, grundy_by_index, grundy_table, mex, nim_sum, win_table, BitmaskGame, MoveMasks,
    MoveValues,
};
use proptest::prelude::*;

/// Grundy value by direct recursion over the rules: mex of the successors' values.
fn grundy_by_recursion(state: u32, moves: &[u32]) -> u32 {
    let options: Vec<u32> = moves
        .iter()
        .filter(|&&m| state & m == 0)
        .map(|&m| grundy_by_recursion(state | m, moves))
        .collect();
    (0..).find(|g| !options.contains(g)).unwrap()
}

/// A game written the short way: successors only, so its predecessors come from the
/// trait's provided method.
struct SuccessorsOnly(Vec<u32>);

impl BitmaskGame for SuccessorsOnly {
    fn cells(&self) -> u32 {
        32 - self.0.iter().fold(0, |all, &m| all | m).leading_zeros()
    }

    fn for_each_successor<F: FnMut(u32)>(&self, state: u32, mut visit: F) {
        for &m in &self.0 {
            if state & m == 0 {
                visit(state | m);
            }
        }
    }
}

/// Grundy values of states 0..n where state s moves to the states `moves[s]` (all below s),
/// by memoised recursion.
fn grundy_of_dag(s: usize, moves: &[Vec<usize>], memo: &mut [Option<u32>]) -> u32 {
    if let Some(g) = memo[s] {
        return g;
    }
    let values: Vec<u32> = moves[s]
        .iter()
        .map(|&t| grundy_of_dag(t, moves, memo))
        .collect();
    let g = (0..).find(|g| !values.contains(g)).unwrap();
    memo[s] = Some(g);
    g
}

/// Random moves to earlier states: state s picks up to five of the states below it.
fn random_dag() -> impl Strategy<Value = Vec<Vec<usize>>> {
    proptest::collection::vec(
        proptest::collection::vec(any::<prop::sample::Index>(), 0..6),
        1..40,
    )
    .prop_map(|picks| {
        picks
            .iter()
            .enumerate()
            .map(|(s, p)| {
                if s == 0 {
                    vec![]
                } else {
                    p.iter().map(|i| i.index(s)).collect()
                }
            })
            .collect()
    })
}

fn random_game() -> impl Strategy<Value = (u32, Vec<u32>)> {
    (1u32..=7).prop_flat_map(|cells| {
        let full = (1u32 << cells) - 1;
        (Just(cells), proptest::collection::vec(1..=full, 1..10))
    })
}

proptest! {
    #[test]
    fn tables_match_recursion((cells, moves) in random_game()) {
        let game = MoveMasks::new(cells, moves.clone());
        let grundy = grundy_table(&game);
        let win = win_table(&game);
        for state in 0..1u32 << cells {
            let expected = grundy_by_recursion(state, &moves);
            prop_assert_eq!(grundy[state as usize], expected);
            prop_assert_eq!(win[state as usize], expected != 0);
        }
    }

    #[test]
    fn successors_and_predecessors_agree((cells, moves) in random_game()) {
        let game = MoveMasks::new(cells, moves);
        let mut forward = Vec::new();
        let mut backward = Vec::new();
        for s in 0..1u32 << cells {
            game.for_each_successor(s, |t| {
                assert!(t & s == s && t != s && t < 1 << cells, "a move must add bits");
                forward.push((s, t));
            });
            game.for_each_predecessor(s, |p| backward.push((p, s)));
        }
        forward.sort_unstable();
        backward.sort_unstable();
        prop_assert_eq!(forward, backward);
    }

    #[test]
    fn derived_predecessors_agree_with_successors((_, moves) in random_game()) {
        let game = SuccessorsOnly(moves.clone());
        let reference = MoveMasks::new(game.cells(), moves.clone());
        for s in 0..1u32 << game.cells() {
            let mut derived = Vec::new();
            let mut listed = Vec::new();
            game.for_each_predecessor(s, |p| derived.push(p));
            reference.for_each_predecessor(s, |p| listed.push(p));
            derived.sort_unstable();
            listed.sort_unstable();
            listed.dedup();
            prop_assert_eq!(&derived, &listed, "state {:#b}", s);
        }
        let win = win_table(&game);
        for state in 0..1u32 << game.cells() {
            prop_assert_eq!(win[state as usize], grundy_by_recursion(state, &moves) != 0);
        }
    }

    #[test]
    fn grundy_by_index_matches_recursion(moves in random_dag()) {
        let grundy = grundy_by_index(moves.len(), |s, grundy, values| {
            for &t in &moves[s] {
                values.push(grundy[t]);
            }
        });
        let mut memo = vec![None; moves.len()];
        for (s, &g) in grundy.iter().enumerate() {
            prop_assert_eq!(g, grundy_of_dag(s, &moves, &mut memo), "state {}", s);
        }
    }

    #[test]
    fn mex_is_the_least_missing_value(values in proptest::collection::vec(0u32..140, 0..200)) {
        let m = mex(values.iter().copied());
        prop_assert!(!values.contains(&m));
        prop_assert!((0..m).all(|v| values.contains(&v)));
    }

    #[test]
    fn mex_is_the_least_missing_value_past_the_bitsets(
        gaps in proptest::collection::vec(0u32..2200, 0..3),
        extra in proptest::collection::vec(0u32..3000, 0..50),
    ) {
        // Values 0..2200 but for a few gaps, shuffled with some more: the mex can lie in the
        // one-word mask, the stack bitset (64..1088) or the sorted rest.
        let mut values: Vec<u32> = (0..2200).filter(|v| !gaps.contains(v)).chain(extra).collect();
        values.reverse();
        let m = mex(values.iter().copied());
        prop_assert!(!values.contains(&m));
        prop_assert!((0..m).all(|v| values.contains(&v)));
    }

    #[test]
    fn move_values_give_the_mex_of_what_was_pushed(
        values in proptest::collection::vec(prop_oneof![0u32..70, 0u32..3000], 0..200),
        full_low in any::<bool>(),
    ) {
        // With `full_low`, 0..64 are all present and the answer lies in the list.
        let values: Vec<u32> = if full_low { (0..64).chain(values).collect() } else { values };
        let mut moves = MoveValues::new();
        moves.push(5u8);
        moves.same_as(3);
        moves.clear();
        moves.extend(values.iter().copied());
        let m = moves.mex();
        prop_assert!(!values.contains(&m));
        prop_assert!((0..m).all(|v| values.contains(&v)));
    }

    #[test]
    fn fill_grundy_copies_states_declared_the_same(
        aliases in proptest::collection::vec(any::<prop::sample::Index>(), 1..30),
    ) {
        // Take 1 or 2 from a heap; every even state above 0 declares itself the same game
        // as some earlier state, whose value it must copy.
        let n = aliases.len() + 1;
        let mut table = vec![0u32; n];
        fill_grundy(&mut table, (0..n).map(|s| (s, s)), |s, table, values| {
            if s > 0 && s % 2 == 0 {
                values.push(99u32);
                return values.same_as(aliases[s - 1].index(s));
            }
            for take in [1, 2] {
                if s >= take {
                    values.push(table[s - take]);
                }
            }
        });
        let mut expected = vec![0u32; n];
        for s in 0..n {
            expected[s] = if s > 0 && s % 2 == 0 {
                expected[aliases[s - 1].index(s)]
            } else {
                let values: Vec<u32> = (1..=2).filter(|&t| s >= t).map(|t| expected[s - t]).collect();
                (0..).find(|g| !values.contains(g)).unwrap()
            };
        }
        prop_assert_eq!(table, expected);
    }

    #[test]
    fn fill_grundy_matches_recursion_on_random_orders(moves in random_dag(), seed in any::<u64>()) {
        // The table stores state s at a scrambled index, so the fill must use the index it
        // is given, not the state.
        let n = moves.len();
        let slot: Vec<usize> = (0..n).map(|s| (s * 7 + seed as usize % 13) % n).collect();
        let mut slots = slot.clone();
        slots.sort_unstable();
        slots.dedup();
        prop_assume!(slots.len() == n);
        let mut table = vec![0u32; n];
        fill_grundy(&mut table, (0..n).map(|s| (slot[s], s)), |s, table, values| {
            values.extend(moves[s].iter().map(|&t| table[slot[t]]));
        });
        let mut memo = vec![None; n];
        for s in 0..n {
            prop_assert_eq!(table[slot[s]], grundy_of_dag(s, &moves, &mut memo), "state {}", s);
        }
    }

    #[test]
    fn nim_sum_is_zero_exactly_for_pairs_cancelling(a in any::<u32>(), b in any::<u32>()) {
        prop_assert_eq!(nim_sum([a, b, a]), b);
        prop_assert_eq!(nim_sum([a, b]) == 0, a == b);
    }
}

#[test]
#[should_panic(expected = "empty or outside")]
fn a_move_outside_the_board_is_refused() {
    MoveMasks::new(3, vec![0b1000]);
}

#[test]
#[should_panic(expected = "Grundy value 256 does not fit")]
fn fill_grundy_refuses_a_value_too_large_for_the_table() {
    // State k may move to every state below it, so its value is k.
    let mut table = vec![0u8; 257];
    fill_grundy(&mut table, (0..257).map(|k| (k, k)), |k, table, values| {
        values.extend(table[..k].iter().map(|&v| u32::from(v)));
    });
}

#[test]
#[should_panic(expected = "index out of bounds")]
fn grundy_by_index_shows_only_the_states_already_filled() {
    grundy_by_index(3, |n, grundy, values| values.push(grundy[n]));
}
