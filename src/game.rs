//! Impartial-game helpers: mex, nim-sum, and win/lose and Grundy tables over bitmask states.

// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryFrom;

/// The minimum excludant: the smallest non-negative integer not among `values`.
///
/// Values below 64 go into one `u64` mask, values below 1088 into a bitset on the stack;
/// larger ones are only looked at when every value below 1088 is present.
///
/// # Complexity
/// O(n) for n values, O(n log n) in the rare case that 0..1088 are all present.
///
/// ```
/// use combgames::game::mex;
/// assert_eq!(mex([]), 0);
/// assert_eq!(mex([0, 1, 3]), 2);
/// assert_eq!(mex([1, 1, 2]), 0);
/// assert_eq!(mex(0..100), 100);
/// assert_eq!(mex((0..2000).filter(|&v| v != 1500)), 1500);
/// ```
pub fn mex<I: IntoIterator<Item = u32>>(values: I) -> u32 {
    const WORDS: usize = 16;
    const LIMIT: u32 = 64 * (WORDS as u32 + 1);
    // `low` is kept apart so the common case of small values stays in a register.
    let mut low = 0u64;
    // Cleared only when a value needs it: most calls never do.
    let mut mid: Option<[u64; WORDS]> = None;
    let mut high = Vec::new();
    for v in values {
        if v < 64 {
            low |= 1 << v;
        } else if v < LIMIT {
            mid.get_or_insert([0; WORDS])[(v / 64 - 1) as usize] |= 1 << (v % 64);
        } else {
            high.push(v);
        }
    }
    if low != u64::MAX {
        return (!low).trailing_zeros();
    }
    let mid = mid.unwrap_or([0; WORDS]);
    if let Some(word) = mid.iter().position(|&w| w != u64::MAX) {
        return 64 * (word as u32 + 1) + (!mid[word]).trailing_zeros();
    }
    high.sort_unstable();
    let mut m = LIMIT;
    for v in high {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

/// The nim-sum (bitwise XOR) of Grundy values: a sum of games is a loss for the player to
/// move exactly when it is 0.
///
/// # Complexity
/// O(n).
///
/// ```
/// use combgames::game::nim_sum;
/// assert_eq!(nim_sum([1, 2, 3]), 0);
/// assert_eq!(nim_sum([5, 1]), 4);
/// ```
pub fn nim_sum<I: IntoIterator<Item = u32>>(values: I) -> u32 {
    values.into_iter().fold(0, |acc, v| acc ^ v)
}

/// An impartial game whose states are bitmasks over a few cells, in which every move fills
/// cells.
///
/// Laws an implementor must keep, for all states `s`, `t` below `1 << cells()`:
/// - a move strictly adds bits: if `t` is a successor of `s`, then `t & s == s` and `t != s`
///   (so `t > s`, and every play ends);
/// - successors stay on the board: they are below `1 << cells()`;
/// - the two views agree: [`BitmaskGame::for_each_predecessor`] of `t` visits `s` exactly
///   when [`BitmaskGame::for_each_successor`] of `s` visits `t`.
///
/// The solvers rely on these laws to fill their tables from the full state down, with no
/// recursion. Only `cells` and `for_each_successor` must be written: the provided
/// `for_each_predecessor` derives the predecessors from them, which keeps the third law by
/// construction. Override it when predecessors are easy to list, as [`MoveMasks`] does: the
/// derived one costs O(2^popcount(state) x successors) per call.
///
/// ```
/// use combgames::game::{win_table, BitmaskGame};
/// // A strip of 4 cells, bit i = cell i; a move fills two adjacent empty cells.
/// struct Dominoes;
/// impl BitmaskGame for Dominoes {
///     fn cells(&self) -> u32 {
///         4
///     }
///     fn for_each_successor<F: FnMut(u32)>(&self, state: u32, mut visit: F) {
///         for i in 0..3 {
///             if state & (0b11 << i) == 0 {
///                 visit(state | 0b11 << i);
///             }
///         }
///     }
/// }
/// let win = win_table(&Dominoes);
/// assert!(win[0b0000]); // fill the middle two cells: no move is left
/// assert!(!win[0b0110]); // no two adjacent cells are empty
/// assert!(win[0b1000]); // cells 0-2 are empty: fill two of them
/// ```
pub trait BitmaskGame {
    /// The number of cells; states are the masks below `1 << cells()`.
    fn cells(&self) -> u32;

    /// Calls `visit` with every state that one move leads to from `state`.
    fn for_each_successor<F: FnMut(u32)>(&self, state: u32, visit: F);

    /// Calls `visit` with every state from which one move leads to `state`.
    ///
    /// The provided version tries every proper subset of `state` and keeps those whose
    /// successors include `state`: correct for any game that keeps the first law, at
    /// O(2^popcount(state) x successors) per call. Override it with a direct listing when
    /// there is one.
    fn for_each_predecessor<F: FnMut(u32)>(&self, state: u32, mut visit: F) {
        // Walk the proper subsets of `state` from `state - 1` down (the usual submask walk).
        let mut sub = state;
        while sub != 0 {
            sub = (sub - 1) & state;
            let mut leads_here = false;
            self.for_each_successor(sub, |t| leads_here |= t == state);
            if leads_here {
                visit(sub);
            }
        }
    }
}

/// The commonest [`BitmaskGame`]: a fixed list of move masks, where a move is legal when all
/// its cells are empty and fills them.
#[derive(Clone, Debug)]
pub struct MoveMasks {
    cells: u32,
    moves: Vec<u32>,
}

impl MoveMasks {
    /// A game on `cells` cells with the given moves.
    ///
    /// # Complexity
    /// O(moves).
    ///
    /// # Panics
    /// If `cells > 26` (the tables would be too large), or a move is empty or has a cell at
    /// or above `cells`.
    pub fn new(cells: u32, moves: Vec<u32>) -> Self {
        assert!(cells <= 26, "{} cells make a table too large", cells);
        for &m in &moves {
            assert!(
                m != 0 && u64::from(m) < 1u64 << cells,
                "move {:#b} is empty or outside {} cells",
                m,
                cells
            );
        }
        MoveMasks { cells, moves }
    }

    /// The move masks.
    ///
    /// # Complexity
    /// O(1).
    pub fn moves(&self) -> &[u32] {
        &self.moves
    }
}

impl BitmaskGame for MoveMasks {
    fn cells(&self) -> u32 {
        self.cells
    }

    #[inline]
    fn for_each_successor<F: FnMut(u32)>(&self, state: u32, mut visit: F) {
        for &m in &self.moves {
            if state & m == 0 {
                visit(state | m);
            }
        }
    }

    #[inline]
    fn for_each_predecessor<F: FnMut(u32)>(&self, state: u32, mut visit: F) {
        for &m in &self.moves {
            if state & m == m {
                visit(state ^ m);
            }
        }
    }
}

/// `win_table(game)[s]` says whether the player to move from state `s` wins (normal play:
/// who cannot move loses).
///
/// Works backwards: from the full state down, a state not yet marked is lost, and marks
/// every predecessor as won. Only lost states pay for their moves, and most states are won.
///
/// # Complexity
/// O(2^cells + lost states x moves) for [`MoveMasks`].
///
/// # Panics
/// If the game breaks a law of [`BitmaskGame`] by offering a state outside the table.
///
/// ```
/// use combgames::game::{win_table, MoveMasks};
/// // Two cells, fill one or both: the empty board is a win (fill both), one filled cell too.
/// let game = MoveMasks::new(2, vec![0b01, 0b10, 0b11]);
/// assert_eq!(win_table(&game), vec![true, true, true, false]);
/// ```
pub fn win_table<G: BitmaskGame>(game: &G) -> Vec<bool> {
    let size = 1usize << game.cells();
    let mut win = vec![false; size];
    // Successors are larger masks, so each state is final when the loop reaches it.
    for s in (0..size).rev() {
        if !win[s] {
            game.for_each_predecessor(s as u32, |p| win[p as usize] = true);
        }
    }
    win
}

/// `grundy_table(game)[s]` is the Grundy value of state `s`.
///
/// # Complexity
/// O(2^cells x moves).
///
/// # Panics
/// If the game breaks a law of [`BitmaskGame`] by offering a successor outside the table.
///
/// ```
/// use combgames::game::{grundy_table, MoveMasks};
/// // Two cells, fill one or both: like a Nim heap of 2 at the start.
/// let game = MoveMasks::new(2, vec![0b01, 0b10, 0b11]);
/// assert_eq!(grundy_table(&game), vec![2, 1, 1, 0]);
/// ```
pub fn grundy_table<G: BitmaskGame>(game: &G) -> Vec<u32> {
    let mut grundy = vec![0u32; 1usize << game.cells()];
    // Successors are larger masks, so from the full state down each state's are final.
    let order = (0..grundy.len()).rev().map(|s| (s, s as u32));
    fill_grundy(&mut grundy, order, |s, grundy, moves| {
        game.for_each_successor(s, |t| moves.push(grundy[t as usize]));
    });
    grundy
}

/// The Grundy values of one state's moves, for [`fill_grundy`]: the values one move away,
/// or an already filled state that is the same game.
///
/// Values below 64, the common case, go into one `u64` mask that stays in a register when
/// the calls are inlined; larger ones into a list.
#[derive(Clone, Debug, Default)]
pub struct MoveValues {
    low: u64,
    high: Vec<u32>,
    same_as: Option<usize>,
}

impl MoveValues {
    /// No values yet.
    ///
    /// # Complexity
    /// O(1).
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a move to a position of Grundy value `value` (any unsigned type up to `u32`, so
    /// that a table of `u8` or `u16` needs no conversion).
    ///
    /// # Complexity
    /// O(1) amortised.
    #[inline]
    pub fn push(&mut self, value: impl Into<u32>) {
        let value = value.into();
        if value < 64 {
            self.low |= 1 << value;
        } else {
            self.high.push(value);
        }
    }

    /// Adds a move to each value below 64 whose bit is set in `mask`: one step for many
    /// moves, for a caller that collects them in a register first.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// ```
    /// use combgames::game::MoveValues;
    /// let mut moves = MoveValues::new();
    /// moves.push_mask(0b1011);
    /// assert_eq!(moves.mex(), 2);
    /// ```
    #[inline]
    pub fn push_mask(&mut self, mask: u64) {
        self.low |= mask;
    }

    /// Says that the state is the same game as the already filled table entry `index` (a
    /// symmetric or trimmed position, say): [`fill_grundy`] copies that entry and ignores
    /// the values pushed.
    ///
    /// # Complexity
    /// O(1).
    pub fn same_as(&mut self, index: usize) {
        self.same_as = Some(index);
    }

    /// The mex of the values pushed.
    ///
    /// # Complexity
    /// O(1) when some value below 64 is missing, else that of [`mex`] over the rest.
    ///
    /// ```
    /// use combgames::game::MoveValues;
    /// let mut moves = MoveValues::new();
    /// for v in (0..100u32).filter(|&v| v != 70) {
    ///     moves.push(v);
    /// }
    /// assert_eq!(moves.mex(), 70);
    /// ```
    pub fn mex(&self) -> u32 {
        if self.low != u64::MAX {
            (!self.low).trailing_zeros()
        } else {
            mex((0..64).chain(self.high.iter().copied()))
        }
    }

    /// Forgets every value pushed and any [`Options::same_as`].
    ///
    /// # Complexity
    /// O(1).
    pub fn clear(&mut self) {
        self.low = 0;
        self.high.clear();
        self.same_as = None;
    }
}

impl Extend<u32> for MoveValues {
    fn extend<I: IntoIterator<Item = u32>>(&mut self, values: I) {
        for v in values {
            self.push(v);
        }
    }
}

/// Fills a Grundy table in a given order: each state gets the mex of its moves' values.
///
/// `order` yields `(index, state)` pairs. For each, `moves(state, table, values)` pushes
/// onto the empty `values` the Grundy value of every position one move away from `state`,
/// reading them from `table`, or names an entry that is the same game; then `table[index]`
/// becomes their mex, or a copy of that entry. The order must list every state after all
/// the entries it reads, so that they are final. No recursion, and one [`MoveValues`]
/// serves every state. When the states are just the indices `0..n` in increasing order,
/// [`grundy_by_index`] is shorter.
///
/// # Complexity
/// O(states + options) plus the work of `options`.
///
/// # Panics
/// If an index is outside `table`, or a Grundy value does not fit in `V`.
///
/// ```
/// use combgames::game::fill_grundy;
/// // A table of bytes, filled from the largest heap down: heap n of at most 7 stones is
/// // stored at index 7 - n. Take 1 or 2 stones: the Grundy value is n mod 3.
/// let mut table = [0u8; 8];
/// fill_grundy(&mut table, (0..8).map(|n| (7 - n, n)), |n, table, values| {
///     for take in [1, 2] {
///         if n >= take {
///             values.push(table[7 - (n - take)]);
///         }
///     }
/// });
/// assert_eq!(table, [1, 0, 2, 1, 0, 2, 1, 0]);
/// ```
pub fn fill_grundy<V, S, O, F>(table: &mut [V], order: O, mut moves: F)
where
    V: Copy + TryFrom<u32>,
    O: IntoIterator<Item = (usize, S)>,
    F: FnMut(S, &[V], &mut MoveValues),
{
    let mut found = MoveValues::new();
    for (index, state) in order {
        found.clear();
        moves(state, table, &mut found);
        table[index] = match found.same_as {
            Some(same) => table[same],
            None => {
                let g = found.mex();
                V::try_from(g)
                    .ok()
                    .unwrap_or_else(|| panic!("Grundy value {} does not fit the table's type", g))
            }
        };
    }
}

/// The Grundy values of the states `0..len`, where every move from state `n` leads to a
/// smaller state: `moves(n, grundy, values)` pushes onto `values` the value `grundy[m]` of
/// every state `m` one move away from `n` (all below `n`, so already final).
///
/// The common case of [`fill_grundy`], with the state its own index.
///
/// # Complexity
/// O(len + moves) plus the work of `moves`.
///
/// # Panics
/// If `moves` reads `grundy[m]` for `m >= n` (the slice holds only the states below `n`).
///
/// ```
/// use combgames::game::grundy_by_index;
/// // Take 1 or 2 stones from a heap of n: the Grundy value is n mod 3.
/// let grundy = grundy_by_index(8, |n, grundy, values| {
///     for take in [1, 2] {
///         if n >= take {
///             values.push(grundy[n - take]);
///         }
///     }
/// });
/// assert_eq!(grundy, [0, 1, 2, 0, 1, 2, 0, 1]);
/// ```
pub fn grundy_by_index<F>(len: usize, mut moves: F) -> Vec<u32>
where
    F: FnMut(usize, &[u32], &mut MoveValues),
{
    let mut grundy = vec![0u32; len];
    // Only the filled prefix is shown, so a move to a state not yet filled cannot go unseen.
    fill_grundy(&mut grundy, (0..len).map(|n| (n, n)), |n, table, values| {
        moves(n, &table[..n], values)
    });
    grundy
}
