//! Plain game searches from a game's rules (`lab::rules`), for the brute force of a
//! program's tests: the whole position searched, move by move, with no theory (no Grundy
//! values, no nim-sum), so that a test checks the theory the program uses against the rules
//! alone.

use lab::rules::{Heap, Moves};
use std::collections::HashMap;

/// Whether the player to move wins a sum of heaps of the game `rules` (normal play: who
/// cannot move loses), by searching every position the sum can reach. A move is one heap's
/// move: that heap replaced by the heap it moves to, or by the parts of a sum. `memo` keeps
/// what is known between calls on the same rules.
///
/// # Complexity
/// The number of positions reachable from `heaps`, times their moves: keep heaps small.
pub fn heaps_win<G: Heap + ?Sized>(
    rules: &G,
    heaps: &[u64],
    memo: &mut HashMap<Vec<u64>, bool>,
) -> bool {
    let mut position: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    position.sort_unstable();
    if let Some(&known) = memo.get(&position) {
        return known;
    }
    let mut options = Vec::new();
    for i in 0..position.len() {
        if i > 0 && position[i] == position[i - 1] {
            continue;
        }
        let mut moves = Moves::default();
        rules.moves(position[i], &mut moves);
        let singles = moves.singles().iter().map(|&m| vec![m]);
        for parts in singles.chain(moves.sums().map(<[u64]>::to_vec)) {
            let mut after = position.clone();
            after.swap_remove(i);
            after.extend(parts);
            options.push(after);
        }
    }
    let won = options
        .into_iter()
        .any(|after| !heaps_win(rules, &after, memo));
    memo.insert(position, won);
    won
}
