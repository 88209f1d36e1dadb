//! Coin-turning games against plain searches over rows of coins (a bitmask of the heads
//! coins), with the moves made from each game's rule in words; the closed forms against
//! plain mex tables over the turning sets, and the winning moves at positions up to
//! `u64::MAX`.

use combgames::coins::{
    mock_turtles_value, mock_turtles_winning_move, ruler_value, ruler_winning_move,
};
use combgames::split::SplitGame;
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Whether the player to move wins each row of `coins` coins (bit i of the row: coin i is
/// heads), where `turns(x)` lists the sets of other coins, as masks, that a move turning
/// coin x from heads to tails may turn over. A move clears bit x and changes only bits
/// below it, so it leaves a smaller row: the table fills from row 0 up.
fn win_table(coins: u32, turns: impl Fn(u32) -> Vec<u32>) -> Vec<bool> {
    let turns: Vec<Vec<u32>> = (0..coins).map(turns).collect();
    let mut win = vec![false; 1 << coins];
    for row in 0..win.len() {
        let heads = (0..coins).filter(|&x| row >> x & 1 == 1);
        win[row] = heads.into_iter().any(|x| {
            turns[x as usize]
                .iter()
                .any(|&others| !win[row ^ 1 << x ^ others as usize])
        });
    }
    win
}

/// The bits of `row` that are set, lowest first.
fn bits(row: usize) -> Vec<u32> {
    (0..usize::BITS).filter(|&i| row >> i & 1 == 1).collect()
}

/// Mock Turtles by its rule: turn one, two or three coins, the rightmost (coin x) from heads
/// to tails; the others are any one or two coins left of it.
fn mock_turtles_turns(x: u32) -> Vec<u32> {
    let mut turns = vec![0];
    for a in 0..x {
        turns.push(1 << a);
        turns.extend((a + 1..x).map(|b| 1 << a | 1 << b));
    }
    turns
}

/// The Ruler game by its rule, coin x at bit x - 1: turn a run of consecutive coins ending at
/// coin x, the others being bits `start..x - 1` for any start.
fn ruler_turns(bit: u32) -> Vec<u32> {
    (0..=bit).map(|start| (1 << bit) - (1 << start)).collect()
}

#[test]
fn mock_turtles_match_search_and_count_coins_from_0() {
    const COINS: u32 = 12;
    let win = win_table(COINS, mock_turtles_turns);
    for (row, &won) in win.iter().enumerate() {
        let heads: Vec<u64> = bits(row).iter().map(|&i| u64::from(i)).collect();
        let value = heads.iter().fold(0, |v, &h| v ^ mock_turtles_value(h));
        assert_eq!(value != 0, won, "heads {heads:?}");
        match mock_turtles_winning_move(&heads) {
            None => assert!(!won, "no move from {heads:?}"),
            Some((coin, others)) => {
                assert!(heads.contains(&coin), "{heads:?}: coin {coin} is tails");
                assert!(others.len() <= 2 && others.windows(2).all(|w| w[0] < w[1]));
                assert!(others.iter().all(|&o| o < coin), "{heads:?}: {others:?}");
                let turned = others.iter().fold(1 << coin, |t, &o| t | 1 << o);
                assert!(
                    !win[row ^ turned],
                    "{heads:?}: {coin} {others:?} leaves a win"
                );
            }
        }
    }
}

#[test]
fn the_ruler_game_matches_search_and_counts_coins_from_1() {
    const COINS: u32 = 12;
    let win = win_table(COINS, ruler_turns);
    for (row, &won) in win.iter().enumerate() {
        let heads: Vec<u64> = bits(row).iter().map(|&i| u64::from(i) + 1).collect();
        let value = heads.iter().fold(0, |v, &h| v ^ ruler_value(h));
        assert_eq!(value != 0, won, "heads {heads:?}");
        match ruler_winning_move(&heads) {
            None => assert!(!won, "no move from {heads:?}"),
            Some((coin, first)) => {
                assert!(heads.contains(&coin), "{heads:?}: coin {coin} is tails");
                assert!((1..=coin).contains(&first), "{heads:?}: {first}..={coin}");
                let turned = (1 << coin) - (1 << (first - 1));
                assert!(
                    !win[row ^ turned],
                    "{heads:?}: {first}..={coin} leaves a win"
                );
            }
        }
    }
}

proptest! {
    #[test]
    fn any_rule_is_a_split_game(
        coins in 1u32..=9,
        picks in proptest::collection::vec(proptest::collection::vec(any::<u32>(), 0..=4), 9),
    ) {
        // Coin x may be turned down with any of up to four random sets of coins left of it.
        let turns: Vec<Vec<u32>> = (0..coins)
            .map(|x| picks[x as usize].iter().map(|p| p & ((1 << x) - 1)).collect())
            .collect();
        let win = win_table(coins, |x| turns[x as usize].clone());
        let game = SplitGame::new(coins as usize, |n, options| {
            for &others in &turns[n] {
                options.add(others, bits(others as usize).into_iter().map(|b| b as usize));
            }
        });
        for (row, &won) in win.iter().enumerate() {
            let heads: Vec<usize> = bits(row).into_iter().map(|b| b as usize).collect();
            let value = heads.iter().fold(0, |v, &h| v ^ game.grundy(h));
            prop_assert_eq!(value != 0, won, "heads {:?}", heads);
            let mut searched = Vec::new();
            for (i, &x) in heads.iter().enumerate() {
                for &others in &turns[x] {
                    if !win[row ^ 1 << x ^ others as usize] {
                        searched.push((i, others));
                    }
                }
            }
            prop_assert_eq!(game.winning_moves(&heads), searched, "heads {:?}", heads);
        }
    }
}

#[test]
fn mock_turtles_values_match_a_mex_over_turning_sets() {
    const COINS: usize = 4096;
    // The values of the coins so far, and which numbers are one's or the XOR of two's.
    let (mut values, mut one, mut two) = (Vec::new(), vec![false; 1 << 14], vec![false; 1 << 14]);
    for n in 0..COINS {
        // Turning coin n alone leaves 0; with one coin a < n, its value; with two, their XOR.
        let g = (1..).find(|&v| !one[v] && !two[v]).unwrap();
        assert_eq!(mock_turtles_value(n as u64), g as u128, "coin {n}");
        for &a in &values {
            two[a ^ g] = true;
        }
        one[g] = true;
        values.push(g);
    }
}

#[test]
fn ruler_values_match_a_mex_over_turning_sets() {
    const COINS: usize = 4096;
    let mut values = vec![0usize]; // no coin 0
    for n in 1..=COINS {
        // The run first..=n turns over the coins first..n besides n.
        let mut options = vec![false; 2 * COINS];
        let mut run = 0;
        options[run] = true;
        for first in (1..n).rev() {
            run ^= values[first];
            options[run] = true;
        }
        let g = (0..).find(|&v| !options[v]).unwrap();
        assert_eq!(ruler_value(n as u64), g as u64, "coin {n}");
        values.push(g);
    }
}

/// Distinct positions up to `u64::MAX`, near 10^18 or small, in random order.
fn big_heads(least: u64) -> impl Strategy<Value = Vec<u64>> {
    let position = prop_oneof![
        least..=u64::MAX,
        least..=1_000_000_000_000_000_000,
        least..64
    ];
    proptest::collection::btree_set(position, 1..40)
        .prop_map(|set| set.into_iter().collect::<Vec<u64>>())
        .prop_shuffle()
}

/// `heads` after turning `coin` down and `others` over.
fn after(heads: &[u64], coin: u64, others: impl IntoIterator<Item = u64>) -> Vec<u64> {
    let mut after: BTreeSet<u64> = heads.iter().copied().filter(|&h| h != coin).collect();
    for o in others {
        if !after.remove(&o) {
            after.insert(o);
        }
    }
    after.into_iter().collect()
}

/// The XOR of the Ruler values of coins `first..=last`, from how many coins of each value
/// the run holds: `n / 2^i - n / 2^(i + 1)` coins up to n are worth 2^i.
fn run_value(first: u64, last: u64) -> u64 {
    let worth = |n: u64, i: u32| (n >> i) - (n >> i >> 1);
    (0..64).fold(0, |v, i| {
        v | ((worth(last, i) - worth(first - 1, i)) & 1) << i
    })
}

proptest! {
    #[test]
    fn mock_turtles_moves_at_big_positions_leave_value_0(heads in big_heads(0)) {
        let value = heads.iter().fold(0, |v, &h| v ^ mock_turtles_value(h));
        let found = mock_turtles_winning_move(&heads);
        prop_assert_eq!(found.is_some(), value != 0);
        if let Some((coin, others)) = found {
            prop_assert!(heads.contains(&coin));
            prop_assert!(others.len() <= 2 && others.windows(2).all(|w| w[0] < w[1]));
            prop_assert!(others.iter().all(|&o| o < coin));
            let left = after(&heads, coin, others);
            prop_assert_eq!(left.iter().fold(0, |v, &h| v ^ mock_turtles_value(h)), 0);
            prop_assert_eq!(mock_turtles_winning_move(&left), None);
        }
    }

    #[test]
    fn ruler_moves_at_big_positions_leave_value_0(heads in big_heads(1)) {
        let value = heads.iter().fold(0, |v, &h| v ^ ruler_value(h));
        let found = ruler_winning_move(&heads);
        prop_assert_eq!(found.is_some(), value != 0);
        if let Some((coin, first)) = found {
            prop_assert!(heads.contains(&coin));
            prop_assert!((1..=coin).contains(&first));
            prop_assert_eq!(run_value(first, coin), value);
            if coin - first < 64 {
                let left = after(&heads, coin, first..coin);
                prop_assert_eq!(left.iter().fold(0, |v, &h| v ^ ruler_value(h)), 0);
                prop_assert_eq!(ruler_winning_move(&left), None);
            }
        }
    }
}

#[test]
#[should_panic(expected = "numbered from 1")]
fn the_ruler_game_has_no_coin_0() {
    ruler_value(0);
}
