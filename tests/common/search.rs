//! Plain game searches from a game's rules (`lab::rules`), for the brute force of a
//! program's tests: the whole position searched, move by move, with no theory (no Grundy
//! values, no nim-sum, no misère quotient), so that a test checks the theory the program
//! uses against the rules alone.
//!
//! A position is a sum: heaps of a [`Heap`] game ([`heaps_win`]), or tokens on the cells of
//! a [`Plane`] game ([`cells_win`]), each moving on its own. A move moves one component:
//! a heap to the heap it moves to, or to the parts of a sum; a token to a cell. Play is
//! normal (who cannot move loses) or misère (who cannot move wins), as the [`Memo`] says.
//!
//! Each search keeps what it learns in a [`Memo`], one for a whole test target, so that a
//! proptest of 64 cases searches each position once:
//!
//! ```ignore
//! static SEARCH: HeapMemo = HeapMemo::new(Play::Normal);
//! let wins = common::search::heaps_win(&rules::Rules, &[3, 5], &SEARCH);
//! ```

use lab::rules::{Heap, Moves, Plane, PlaneMoves};
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;

/// Who wins when no move is left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// Who cannot move loses.
    Normal,
    /// Who cannot move wins (whoever moves last loses).
    Misere,
}

/// What the searches of one game under one play have learnt: whether the player to move
/// wins each position searched, in its sorted form. A `static` of a test target, shared by
/// its threads: one memo a game and a play (two games, or two plays, need two memos).
pub struct Memo<P> {
    play: Play,
    known: Mutex<Option<HashMap<P, bool>>>,
}

/// The memo of a search of heaps.
pub type HeapMemo = Memo<Vec<u64>>;

/// The memo of a search of tokens on cells.
pub type CellMemo = Memo<Vec<(u64, u64)>>;

impl<P: Clone + Eq + Hash> Memo<P> {
    /// An empty memo for `play`; `const`, for a `static`.
    pub const fn new(play: Play) -> Memo<P> {
        Memo {
            play,
            known: Mutex::new(None),
        }
    }

    /// What is known of `position`.
    fn get(&self, position: &P) -> Option<bool> {
        let known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        known.as_ref().and_then(|k| k.get(position).copied())
    }

    fn insert(&self, position: P, wins: bool) {
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        known
            .get_or_insert_with(HashMap::new)
            .insert(position, wins);
    }

    /// Whether the player to move wins `position` (sorted), whose moves `options` lists:
    /// the memo's answer, or the search's, by `wins` on each option.
    fn search(
        &self,
        position: P,
        options: impl FnOnce(&P) -> Vec<P>,
        wins: impl Fn(&P) -> bool,
    ) -> bool {
        if let Some(known) = self.get(&position) {
            return known;
        }
        let options = options(&position);
        let won = match options.is_empty() {
            true => self.play == Play::Misere,
            false => options.iter().any(|after| !wins(after)),
        };
        self.insert(position, won);
        won
    }
}

/// Whether the player to move wins the sum of `heaps` of the game `rules`, in `memo`'s play,
/// by searching every position the sum can reach. A heap of 0 is empty (it has no move, by
/// the laws of [`Heap`]) and is left out.
///
/// # Complexity
/// The number of positions reachable from `heaps` not yet in `memo`, times their moves:
/// keep heaps small.
pub fn heaps_win<G: Heap + ?Sized>(rules: &G, heaps: &[u64], memo: &HeapMemo) -> bool {
    let mut position: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    position.sort_unstable();
    let options = |position: &Vec<u64>| {
        let mut options = Vec::new();
        let mut moves = Moves::default();
        for (i, &heap) in position.iter().enumerate() {
            if i > 0 && heap == position[i - 1] {
                continue;
            }
            moves.clear();
            rules.moves(heap, &mut moves);
            let singles = moves.singles().iter().map(std::slice::from_ref);
            for parts in singles.chain(moves.sums()) {
                let mut after = position.clone();
                after.swap_remove(i);
                after.extend_from_slice(parts);
                options.push(after);
            }
        }
        options
    };
    memo.search(position, options, |after| heaps_win(rules, after, memo))
}

/// Whether the player to move wins with tokens on `cells` of the game `rules`, each moving
/// on its own, in `memo`'s play, by searching every position they can reach. A token on a
/// cell with no move is left out.
///
/// # Complexity
/// The number of positions reachable from `cells` not yet in `memo`, times their moves:
/// keep tokens few and near the corner.
pub fn cells_win<G: Plane + ?Sized>(rules: &G, cells: &[(u64, u64)], memo: &CellMemo) -> bool {
    let mut moves = PlaneMoves::default();
    let mut position: Vec<(u64, u64)> = Vec::with_capacity(cells.len());
    for &(x, y) in cells {
        moves.clear();
        rules.moves(x, y, &mut moves);
        if !moves.cells().is_empty() {
            position.push((x, y));
        }
    }
    position.sort_unstable();
    let options = |position: &Vec<(u64, u64)>| {
        let mut options = Vec::new();
        for (i, &(x, y)) in position.iter().enumerate() {
            if i > 0 && (x, y) == position[i - 1] {
                continue;
            }
            moves.clear();
            rules.moves(x, y, &mut moves);
            for &cell in moves.cells() {
                let mut after = position.clone();
                after[i] = cell;
                options.push(after);
            }
        }
        options
    };
    memo.search(position, options, |after| cells_win(rules, after, memo))
}
