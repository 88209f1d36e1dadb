//! Subtraction games against the plain table of values and a search over sums of heaps; the
//! detected period against the table.

use combgames::subtraction::SubtractionGame;
use proptest::prelude::*;
use std::collections::HashMap;

/// The values of heaps `0..n` by the mex over the moves.
fn plain_table(moves: &[u64], n: usize) -> Vec<u32> {
    let mut grundy: Vec<u32> = Vec::new();
    for h in 0..n {
        let values: Vec<u32> = (moves.iter())
            .filter(|&&s| s as usize <= h)
            .map(|&s| grundy[h - s as usize])
            .collect();
        grundy.push((0..).find(|g| !values.contains(g)).unwrap());
    }
    grundy
}

/// Whether the player to move wins the sum of the game on `heaps`, by search.
fn wins(heaps: &mut Vec<u64>, moves: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(heaps) {
        return w;
    }
    let mut w = false;
    for i in 0..heaps.len() {
        let heap = heaps[i];
        for &s in moves.iter().filter(|&&s| s <= heap) {
            heaps[i] -= s;
            w |= !wins(heaps, moves, memo);
            heaps[i] += s;
        }
    }
    memo.insert(heaps.clone(), w);
    w
}

/// Up to five distinct moves, each at most `largest`.
fn random_moves(largest: u64) -> impl Strategy<Value = Vec<u64>> {
    proptest::collection::btree_set(1..=largest, 1..=5).prop_map(|s| s.into_iter().collect())
}

proptest! {
    #[test]
    fn values_and_period_match_the_table(moves in prop_oneof![random_moves(12), random_moves(40)]) {
        let game = SubtractionGame::new(&moves);
        let (start, period) = game.period();
        let (start, period) = (start as usize, period as usize);
        let m = *moves.iter().max().unwrap() as usize;
        // Long enough to see the period hold over m values three times over.
        let n = start + 3 * period + 3 * m + 100;
        let table = plain_table(&moves, n);
        for (h, &g) in table.iter().enumerate() {
            prop_assert_eq!(game.grundy(h as u64), g, "heap {}", h);
            if h >= start + period {
                prop_assert_eq!(g, table[h - period], "heap {}", h);
            }
        }
        // The period is the least, and the values do not repeat from any earlier heap.
        for p in 1..period {
            prop_assert!((start..n - p).any(|h| table[h] != table[h + p]), "period {}", p);
        }
        prop_assert!(start == 0 || table[start - 1] != table[start - 1 + period]);
        for h in [u64::MAX, u64::MAX - 1, 1 << 63, 999_999_999_999_999_989] {
            let back = start as u64 + (h - start as u64) % period as u64;
            prop_assert_eq!(game.grundy(h), table[back as usize]);
        }
    }

    #[test]
    fn winning_moves_match_search(
        moves in random_moves(6),
        mut heaps in proptest::collection::vec(0u64..12, 1..=3),
    ) {
        let game = SubtractionGame::new(&moves);
        let mut memo = HashMap::new();
        let mut searched = Vec::new();
        for i in 0..heaps.len() {
            let heap = heaps[i];
            for &s in moves.iter().filter(|&&s| s <= heap) {
                heaps[i] -= s;
                if !wins(&mut heaps, &moves, &mut memo) {
                    searched.push((i, s));
                }
                heaps[i] += s;
            }
        }
        prop_assert_eq!(game.winning_moves(&heaps), searched);
    }
}

#[test]
fn published_periods() {
    // Take 1, 3 or 4 (Winning Ways): 0 1 0 1 2 3 2, period 7 from the start; take 1 to 5,
    // the classic: the heap size mod 6.
    assert_eq!(SubtractionGame::new(&[1, 3, 4]).period(), (0, 7));
    assert_eq!(SubtractionGame::new(&[1, 2, 3, 4, 5]).period(), (0, 6));
}

#[test]
#[should_panic(expected = "expected moves of at least 1 stone, one or more, found [0, 2]")]
fn a_move_of_nothing_is_refused() {
    SubtractionGame::new(&[0, 2]);
}

/// Moves read from input: an error that quotes them, never a panic.
#[test]
fn bad_moves_are_errors() {
    for moves in [&[][..], &[0], &[3, 0, 1]] {
        let err = SubtractionGame::try_new(moves).unwrap_err().to_string();
        let expected = "expected moves of at least 1 stone, one or more";
        assert_eq!(err, format!("{expected}, found {moves:?}"));
    }
    let game = SubtractionGame::try_new(&[4, 1, 3, 3]).unwrap();
    assert_eq!(game.period(), (0, 7));
}
