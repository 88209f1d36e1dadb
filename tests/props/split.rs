//! Split games against a search over whole positions (lists of parts, with no Grundy
//! theory): rows of pins with random removal rules, and rectangles cut in two.

use combgames::split::SplitGame;
use proptest::prelude::*;
use std::collections::HashMap;

/// Whether the player to move wins from `parts`, whose moves are `moves(part)`: each a
/// label and the parts replacing that part. Memoised search over the sorted parts.
fn wins<P, M, F>(parts: &[P], moves: &F, memo: &mut HashMap<Vec<P>, bool>) -> bool
where
    P: Clone + Ord + std::hash::Hash,
    F: Fn(&P) -> Vec<(M, Vec<P>)>,
{
    let mut key = parts.to_vec();
    key.sort();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let w = (0..parts.len()).any(|i| {
        moves(&parts[i])
            .into_iter()
            .any(|(_, left)| !wins(&after(parts, i, left), moves, memo))
    });
    memo.insert(key, w);
    w
}

/// `parts` with part `i` replaced by `left`.
fn after<P: Clone>(parts: &[P], i: usize, left: Vec<P>) -> Vec<P> {
    let mut next: Vec<P> = parts[..i].iter().chain(&parts[i + 1..]).cloned().collect();
    next.extend(left);
    next
}

/// The moves that leave a loss, by search, as `(part, label)`.
fn searched_winning_moves<P, M, F>(parts: &[P], moves: &F) -> Vec<(usize, M)>
where
    P: Clone + Ord + std::hash::Hash,
    F: Fn(&P) -> Vec<(M, Vec<P>)>,
{
    let mut memo = HashMap::new();
    let mut found = Vec::new();
    for i in 0..parts.len() {
        for (label, left) in moves(&parts[i]) {
            if !wins(&after(parts, i, left), moves, &mut memo) {
                found.push((i, label));
            }
        }
    }
    found
}

proptest! {
    #[test]
    fn rows_of_pins_match_search(
        takes in proptest::collection::btree_set(1usize..=4, 1..=3),
        from_the_middle in any::<bool>(),
        rows in proptest::collection::vec(0usize..=10, 1..=3),
    ) {
        // Take k pins in a row, k in `takes`, from anywhere or only from an end.
        let row_moves = |&n: &usize| {
            let mut moves = Vec::new();
            for &k in takes.iter().filter(|&&k| k <= n) {
                for left in 0..=if from_the_middle { n - k } else { 0 } {
                    moves.push(((left, k), vec![left, n - k - left]));
                }
            }
            moves
        };
        let game = SplitGame::new(11, |n, options| {
            for (label, parts) in row_moves(&n) {
                options.add(label, parts);
            }
        });
        let sum = rows.iter().fold(0, |sum, &n| sum ^ game.grundy(n));
        prop_assert_eq!(sum != 0, wins(&rows, &row_moves, &mut HashMap::new()));
        prop_assert_eq!(game.winning_moves(&rows), searched_winning_moves(&rows, &row_moves));
    }
}

#[test]
fn rectangles_cut_in_two_match_search() {
    // A move cuts a w x h rectangle along a grid line into two; 1 x 1 pieces cannot be cut.
    // States: w * (H + 1) + h, so both pieces of a cut come first.
    const H: usize = 4;
    let cuts = |&(w, h): &(usize, usize)| {
        let across = (1..w).map(|a| ((true, a), vec![(a, h), (w - a, h)]));
        let along = (1..h).map(|b| ((false, b), vec![(w, b), (w, h - b)]));
        across.chain(along).collect::<Vec<_>>()
    };
    let index = |(w, h): (usize, usize)| w * (H + 1) + h;
    let game = SplitGame::new(4 * (H + 1), |state, options| {
        for (label, pieces) in cuts(&(state / (H + 1), state % (H + 1))) {
            options.add(label, pieces.into_iter().map(index));
        }
    });
    let rectangles: Vec<(usize, usize)> =
        (1..4).flat_map(|w| (1..=H).map(move |h| (w, h))).collect();
    let mut memo = HashMap::new();
    for &a in &rectangles {
        for &b in &rectangles {
            let position = [a, b];
            let sum = game.grundy(index(a)) ^ game.grundy(index(b));
            assert_eq!(sum != 0, wins(&position, &cuts, &mut memo), "{position:?}");
            let listed = game.winning_moves(&[index(a), index(b)]);
            assert_eq!(
                listed,
                searched_winning_moves(&position, &cuts),
                "{position:?}"
            );
        }
    }
}

#[test]
#[should_panic(expected = "index out of bounds")]
fn a_part_that_is_not_smaller_is_refused() {
    SplitGame::new(3, |n, options| options.add((), [n]));
}
