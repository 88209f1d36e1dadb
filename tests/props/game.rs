//! The bitmask solvers and mex against plain game searches on random games.

use combgames::game::{grundy_by_index, grundy_table, mex, nim_sum, win_table, EverySg, MoveMasks};
use proptest::prelude::*;
use std::collections::HashMap;

/// Grundy value by memoised recursion over the rules: the mex of the successors' values.
fn grundy_by_recursion(state: u32, moves: &[u32], memo: &mut [Option<u32>]) -> u32 {
    if let Some(g) = memo[state as usize] {
        return g;
    }
    let options: Vec<u32> = moves
        .iter()
        .filter(|&&m| state & m == 0)
        .map(|&m| grundy_by_recursion(state | m, moves, memo))
        .collect();
    let g = (0..).find(|g| !options.contains(g)).unwrap();
    memo[state as usize] = Some(g);
    g
}

/// Whether the player to move wins, by memoised game search: some move leaves a loss.
fn wins_by_search(state: u32, moves: &[u32], memo: &mut [Option<bool>]) -> bool {
    if let Some(w) = memo[state as usize] {
        return w;
    }
    let w = moves
        .iter()
        .any(|&m| state & m == 0 && !wins_by_search(state | m, moves, memo));
    memo[state as usize] = Some(w);
    w
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

/// Whether the player to move wins the Every-SG sum `position` of states whose moves are
/// `moves`: a turn moves in every component that has a move, so the moves are every choice
/// of one move for each such component; who cannot move loses. Memoised over the sorted
/// components.
fn every_sg_wins(
    position: &[usize],
    moves: &[Vec<usize>],
    memo: &mut HashMap<Vec<usize>, bool>,
) -> bool {
    let mut key = position.to_vec();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut choices = vec![key.clone()];
    for (i, &c) in key
        .iter()
        .enumerate()
        .filter(|&(_, &c)| !moves[c].is_empty())
    {
        let each = |choice: &Vec<usize>| {
            let choice = choice.clone();
            moves[c].iter().map(move |&m| {
                let mut next = choice.clone();
                next[i] = m;
                next
            })
        };
        choices = choices.iter().flat_map(each).collect();
    }
    let can_move = key.iter().any(|&c| !moves[c].is_empty());
    let w = can_move && choices.iter().any(|next| !every_sg_wins(next, moves, memo));
    memo.insert(key, w);
    w
}

/// Random moves to earlier states: state s picks up to five of the states below it; up to
/// `states` states.
fn random_dag(states: usize) -> impl Strategy<Value = Vec<Vec<usize>>> {
    proptest::collection::vec(
        proptest::collection::vec(any::<prop::sample::Index>(), 0..6),
        1..states,
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

/// 1 to 12 cells and up to 40 moves, most of them of 1 to 3 cells (many moves with many
/// cells end every game at once).
fn random_game() -> impl Strategy<Value = (u32, Vec<u32>)> {
    (1u32..=12).prop_flat_map(|cells| {
        let full = (1u32 << cells) - 1;
        let few_cells = proptest::collection::vec(0..cells, 1..=3)
            .prop_map(|cells| cells.iter().fold(0, |m, &c| m | 1 << c));
        let moves = proptest::collection::vec(prop_oneof![3 => few_cells, 1 => 1..=full], 1..40);
        (Just(cells), moves)
    })
}

proptest! {
    #[test]
    fn tables_match_game_search((cells, moves) in random_game()) {
        let game = MoveMasks::new(cells, moves.clone());
        let grundy = grundy_table(&game);
        let win = win_table(&game);
        let states = 1usize << cells;
        prop_assert_eq!(win.words().len(), (states + 63) / 64);
        let (mut grundy_memo, mut win_memo) = (vec![None; states], vec![None; states]);
        for (state, &value) in grundy.iter().enumerate() {
            let expected = wins_by_search(state as u32, &moves, &mut win_memo);
            prop_assert_eq!(win.get(state), expected, "state {:#b}", state);
            let g = grundy_by_recursion(state as u32, &moves, &mut grundy_memo);
            prop_assert_eq!(u32::from(value), g, "state {:#b}", state);
        }
        // The bits past the last state are 0.
        let set: u32 = win.words().iter().map(|w| w.count_ones()).sum();
        prop_assert_eq!(set as usize, (0..states).filter(|&s| win.get(s)).count());
    }

    #[test]
    fn grundy_by_index_matches_recursion(moves in random_dag(40)) {
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
    fn every_sg_matches_a_search_over_sums(
        moves in random_dag(16),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..=3),
    ) {
        let game = EverySg::new(moves.len(), |n, next| next.extend(&moves[n]));
        let mut memo = HashMap::new();
        for s in 0..moves.len() {
            let alone = every_sg_wins(&[s], &moves, &mut memo);
            prop_assert_eq!(game.steps(s) % 2 == 1, alone, "state {}", s);
        }
        let position: Vec<usize> = picks.iter().map(|p| p.index(moves.len())).collect();
        let wins = every_sg_wins(&position, &moves, &mut memo);
        prop_assert_eq!(game.wins(&position), wins, "{:?}", position);
        let found = game.winning_move(&position);
        prop_assert_eq!(found.is_some(), wins, "{:?}", position);
        if let Some(next) = found {
            prop_assert_eq!(next.len(), position.len());
            for (&c, &m) in position.iter().zip(&next) {
                match moves[c].is_empty() {
                    true => prop_assert_eq!(m, c),
                    false => prop_assert!(moves[c].contains(&m), "{} to {}", c, m),
                }
            }
            prop_assert!(!every_sg_wins(&next, &moves, &mut memo), "{:?} to {:?}", position, next);
        }
    }

    #[test]
    fn mex_is_the_least_missing_value(values in proptest::collection::vec(0u32..140, 0..200)) {
        let m = mex(values.iter().copied());
        prop_assert!(!values.contains(&m));
        prop_assert!((0..m).all(|v| values.contains(&v)));
    }

    #[test]
    fn mex_is_the_least_missing_value_past_the_mask(
        gaps in proptest::collection::vec(0u32..2200, 0..3),
        extra in proptest::collection::vec(0u32..3000, 0..50),
    ) {
        // Values 0..2200 but for a few gaps, shuffled with some more: the mex can lie in the
        // one-word mask (below 64) or the sorted rest.
        let mut values: Vec<u32> = (0..2200).filter(|v| !gaps.contains(v)).chain(extra).collect();
        values.reverse();
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
#[should_panic(expected = "none empty, found move 0b1000")]
fn a_move_outside_the_board_is_refused() {
    MoveMasks::new(3, vec![0b1000]);
}

#[test]
#[should_panic(expected = "index out of bounds")]
fn grundy_by_index_shows_only_the_states_already_filled() {
    grundy_by_index(3, |n, grundy, values| values.push(grundy[n]));
}

#[test]
#[should_panic(expected = "index out of bounds")]
fn every_sg_shows_only_the_states_already_filled() {
    EverySg::new(3, |n, next| next.push(n));
}

/// Cells and moves made from input: an error that says what is wrong, never a panic.
#[test]
fn bad_move_masks_are_errors() {
    let err = |cells, moves: &[u32]| {
        MoveMasks::try_new(cells, moves.to_vec())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(err(27, &[1]), "expected at most 26 cells, found 27 cells");
    assert_eq!(
        err(3, &[0b11, 0]),
        "expected moves of cells below 3, none empty, found move 0b0"
    );
    assert_eq!(
        err(26, &[1 << 26]),
        format!(
            "expected moves of cells below 26, none empty, found move {:#b}",
            1 << 26
        )
    );
    assert_eq!(
        err(0, &[1]),
        "expected moves of cells below 0, none empty, found move 0b1"
    );
    assert_eq!(
        MoveMasks::try_new(26, vec![1 << 25]).unwrap().moves(),
        [1 << 25]
    );
    assert!(MoveMasks::try_new(0, vec![]).is_ok());
}
