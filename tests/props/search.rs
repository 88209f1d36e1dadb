//! The tests' game searches (`common::search`) on small games worked out by hand, in both
//! plays, heaps and tokens on cells alike; then on Nim against its known rules.

use common::search::{cells_win, heaps_win, CellMemo, HeapMemo, Play};
use lab::rules::{Moves, PlaneMoves};
use proptest::collection::vec;
use proptest::prelude::*;

/// Nim: take any number from one heap.
fn nim(n: u64, to: &mut Moves) {
    (0..n).for_each(|m| to.heap(m));
}

/// Kayles: knock down one pin or two adjacent ones, leaving two rows.
fn kayles(n: u64, to: &mut Moves) {
    for take in 1..=n.min(2) {
        (0..=(n - take) / 2).for_each(|left| to.sum(&[left, n - take - left]));
    }
}

/// Wythoff's queen: toward the corner along a row, a column or the diagonal.
fn queen(x: u64, y: u64, to: &mut PlaneMoves) {
    (0..x).for_each(|a| to.cell(a, y));
    (0..y).for_each(|b| to.cell(x, b));
    (1..=x.min(y)).for_each(|d| to.cell(x - d, y - d));
}

/// A rook toward the corner: two Nim heaps, x and y.
fn rook(x: u64, y: u64, to: &mut PlaneMoves) {
    (0..x).for_each(|a| to.cell(a, y));
    (0..y).for_each(|b| to.cell(x, b));
}

static NIM: HeapMemo = HeapMemo::new(Play::Normal);
static NIM_MISERE: HeapMemo = HeapMemo::new(Play::Misere);
static KAYLES_MISERE: HeapMemo = HeapMemo::new(Play::Misere);
static QUEEN: CellMemo = CellMemo::new(Play::Normal);
static ROOK: CellMemo = CellMemo::new(Play::Normal);
static ROOK_MISERE: CellMemo = CellMemo::new(Play::Misere);

#[test]
fn small_games_worked_by_hand() {
    // Nim: 1 1 and 1 2 3 are lost to the player to move, 1 2 won; no heap at all is lost.
    let nim_wins = |heaps: &[u64]| heaps_win(&nim, heaps, &NIM);
    assert_eq!(
        [&[][..], &[1, 1], &[1, 2], &[1, 2, 3], &[0, 4]].map(nim_wins),
        [false, false, true, false, true]
    );
    // Misère Nim: the last stone loses. No stone: won (the other player took the last);
    // 1 lost; 1 1 won (take one); 1 1 1 lost; 2 won (take one, leave 1); 2 2 lost.
    let misere_wins = |heaps: &[u64]| heaps_win(&nim, heaps, &NIM_MISERE);
    assert_eq!(
        [&[][..], &[1], &[1, 1], &[1, 1, 1], &[2], &[2, 2]].map(misere_wins),
        [true, false, true, false, true, false]
    );
    // Misère Kayles, a row at a time: 1 lost; 2 won (knock one, leave 1); 3 won (knock
    // two, leave 1); 4 lost (every move leaves 3, 2, 1 1 or 1 2, each won, as is 1 1);
    // and a sum that splits: 1 1 won.
    let kayles_wins = |heaps: &[u64]| heaps_win(&kayles, heaps, &KAYLES_MISERE);
    assert_eq!(
        [&[1][..], &[2], &[3], &[4], &[1, 1], &[1, 2]].map(kayles_wins),
        [false, true, true, false, true, true]
    );
    // Wythoff's queen: (0, 0), (1, 2), (2, 1), (3, 5) lost; (1, 1), (2, 2), (1, 3) won.
    let queen_wins = |cell: (u64, u64)| cells_win(&queen, &[cell], &QUEEN);
    assert_eq!(
        [(0, 0), (1, 2), (2, 1), (3, 5), (1, 1), (2, 2), (1, 3)].map(queen_wins),
        [false, false, false, false, true, true, true]
    );
    // Two queens, each a game: two on (1, 1) are lost (the second copies the first).
    assert!(!cells_win(&queen, &[(1, 1), (1, 1)], &QUEEN));
    assert!(cells_win(&queen, &[(1, 1), (1, 2)], &QUEEN));
    // Rooks in misère play: one on (0, 1) is lost (its move to the corner is the last);
    // one on (0, 2) won; two on (0, 1) won (move one, the other must make the last move).
    let rook_wins = |cells: &[(u64, u64)]| cells_win(&rook, cells, &ROOK_MISERE);
    assert_eq!(
        [&[(0, 1)][..], &[(0, 2)], &[(0, 1), (0, 1)], &[(0, 0)]].map(rook_wins),
        [false, true, true, true]
    );
}

proptest! {
    #![proptest_config(common::cases(64))]

    /// Nim searched as heaps, and as rooks whose cells are pairs of heaps, against Bouton's
    /// rule and misère Nim's (the last stone loses: with every heap at most 1, the player
    /// to move wins when an even number are left; otherwise as in normal play).
    #[test]
    fn nim_searched_is_nim(heaps in vec(0u64..5, 0..5)) {
        let xor = heaps.iter().fold(0, |x, h| x ^ h);
        prop_assert_eq!(heaps_win(&nim, &heaps, &NIM), xor != 0);
        let misere = match heaps.iter().all(|&h| h <= 1) {
            true => xor == 0,
            false => xor != 0,
        };
        prop_assert_eq!(heaps_win(&nim, &heaps, &NIM_MISERE), misere);
        let cells: Vec<(u64, u64)> = heaps.chunks(2).map(|c| (c[0], *c.get(1).unwrap_or(&0))).collect();
        prop_assert_eq!(cells_win(&rook, &cells, &ROOK), xor != 0);
    }
}
