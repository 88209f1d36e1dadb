//! The bitmask solvers and mex against plain recursive definitions on random games.

use combgames::game::{grundy_table, mex, nim_sum, win_table, BitmaskGame, MoveMasks};
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
    fn mex_is_the_least_missing_value(values in proptest::collection::vec(0u32..140, 0..200)) {
        let m = mex(values.iter().copied());
        prop_assert!(!values.contains(&m));
        prop_assert!((0..m).all(|v| values.contains(&v)));
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
