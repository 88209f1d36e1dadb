//! Impartial-game helpers: mex, nim-sum, win/lose and Grundy tables of fill-cells games
//! over bitmask states, the Grundy values of numbered states whose moves go down, and
//! Every-SG over such states: sums in which a turn moves in every component.
//! Layer 1: uses `errors`.

use crate::errors::{self, error};

/// The minimum excludant: the smallest non-negative integer not among `values`.
///
/// # Complexity
/// O(n) for n values, O(n log n) in the rare case that 0..64 are all present.
///
/// ```
/// use combgames::game::mex;
/// assert_eq!(mex([]), 0);
/// assert_eq!(mex([0, 1, 3]), 2);
/// assert_eq!(mex([1, 1, 2]), 0);
/// assert_eq!(mex((0..2000).filter(|&v| v != 1500)), 1500);
/// ```
pub fn mex<I: IntoIterator<Item = u32>>(values: I) -> u32 {
    // Values below 64, the common case, as bits of one word; larger ones in a list.
    let (mut low, mut high) = (0u64, Vec::new());
    for v in values {
        match v {
            0..=63 => low |= 1 << v,
            _ => high.push(v),
        }
    }
    if low != u64::MAX {
        return (!low).trailing_zeros();
    }
    high.sort_unstable();
    high.dedup();
    // The values 64, 65, ... are all there up to the first that the sorted list skips.
    64 + high.iter().zip(64..).take_while(|&(&v, m)| v == m).count() as u32
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

/// A "fill-cells" game: states are bitmasks over at most 26 cells, and a move, one of a
/// fixed list of cell sets, is legal when all its cells are empty and fills them.
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
    /// or above `cells`: [`MoveMasks::try_new`] says so instead.
    pub fn new(cells: u32, moves: Vec<u32>) -> Self {
        MoveMasks::try_new(cells, moves).unwrap_or_else(|e| panic!("{}", e))
    }

    /// As [`MoveMasks::new`], for cells and moves made from input: an error if they are not
    /// a game.
    ///
    /// # Complexity
    /// O(moves).
    ///
    /// # Errors
    /// A rule error (as `io::error` makes), if `cells > 26` or a move is empty or has a cell
    /// at or above `cells`.
    ///
    /// ```
    /// use combgames::game::MoveMasks;
    /// let err = MoveMasks::try_new(3, vec![0b11, 0b1000]).unwrap_err().to_string();
    /// assert_eq!(err, "expected moves of cells below 3, none empty, found move 0b1000");
    /// ```
    pub fn try_new(cells: u32, moves: Vec<u32>) -> errors::Result<Self> {
        if cells > 26 {
            return Err(error("at most 26 cells", format!("{cells} cells")));
        }
        match moves
            .iter()
            .find(|&&m| m == 0 || u64::from(m) >> cells != 0)
        {
            Some(m) => Err(error(
                &format!("moves of cells below {cells}, none empty"),
                format!("move {m:#b}"),
            )),
            None => Ok(MoveMasks { cells, moves }),
        }
    }

    /// The move masks.
    ///
    /// # Complexity
    /// O(1).
    pub fn moves(&self) -> &[u32] {
        &self.moves
    }
}

/// The win/lose bit of every state of a [`MoveMasks`] game, from [`win_table`]: bit `s % 64`
/// of word `s / 64` says whether the player to move from state `s` wins (bits of no state,
/// past `1 << cells`, are 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinBits {
    words: Vec<u64>,
}

impl WinBits {
    /// Whether the player to move from `state` wins.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `state` is past the last word.
    #[inline]
    pub fn get(&self, state: usize) -> bool {
        self.words[state / 64] >> (state % 64) & 1 == 1
    }

    /// The words, in the layout [`WinBits`] describes.
    ///
    /// # Complexity
    /// O(1).
    pub fn words(&self) -> &[u64] {
        &self.words
    }
}

/// The win/lose bit of every state of `game` (normal play: who cannot move loses), 64
/// states to a word.
///
/// A word holds the 64 states that share cells 6 and up, indexed by cells 0 to 5 (fewer when
/// there are fewer cells), and the words are filled from the full board down, so a move
/// that fills a cell above 5 leads to a word already final. All 64 states of a word take
/// such an outer move (`mh` above, `ml` below) at once: the states that leave it free lead
/// to word `high | mh` shifted down by `ml`. Moves within cells 0 to 5 stay in the word:
/// rounds settle them, round r making final the states with r of those cells empty, until
/// a round changes nothing.
///
/// # Complexity
/// O(2^(cells - 6) x moves x 7) word operations, with 2^cells / 8 bytes of memory; about
/// 10^6 for 82 moves on 16 cells.
///
/// ```
/// use combgames::game::{win_table, MoveMasks};
/// // A strip of 4 cells, bit i = cell i; a move fills two adjacent empty cells.
/// let win = win_table(&MoveMasks::new(4, vec![0b0011, 0b0110, 0b1100]));
/// assert!(win.get(0b0000)); // fill the middle two cells: no move is left
/// assert!(!win.get(0b0110)); // no two adjacent cells are empty
/// assert!(win.get(0b1000)); // cells 0-2 are empty: fill two of them
/// assert_eq!(win.words(), [0b0001_0011_0001_1111]); // bit s: state s is won
/// ```
pub fn win_table(game: &MoveMasks) -> WinBits {
    let low = game.cells.min(6);
    // The states of a word whose low cells leave `ml` empty.
    let free = |ml: u32| {
        (0..1u32 << low)
            .filter(|l| l & ml == 0)
            .fold(0u64, |f, l| f | 1 << l)
    };
    // (mh, ml, free(ml)) for each move: its cells above 5, its cells below, and the states
    // of a word it leaves free. Inner moves have no cells above 5.
    let (inner, outer): (Vec<_>, Vec<_>) = (game.moves.iter())
        .map(|&m| ((m >> low) as usize, m & ((1 << low) - 1)))
        .map(|(mh, ml)| (mh, ml, free(ml)))
        .partition(|&(mh, _, _)| mh == 0);
    let (all_low, mut win) = (free(0), vec![0u64; 1 << (game.cells - low)]);
    for high in (0..win.len()).rev() {
        let mut won = 0;
        for &(mh, ml, free) in &outer {
            // A branch, not a mask: it skips most moves' work, and follows a pattern over
            // consecutive words that the processor predicts.
            if high & mh == 0 {
                won |= (!win[high | mh] >> ml) & free;
            }
        }
        let mut lost = !won;
        loop {
            let round = inner
                .iter()
                .fold(won, |round, &(_, ml, free)| round | (lost >> ml) & free);
            // A round that changes nothing changes nothing ever after: the bits are final.
            if !round == lost {
                break;
            }
            lost = !round;
        }
        win[high] = !lost & all_low;
    }
    WinBits { words: win }
}

/// `grundy_table(game)[s]` is the Grundy value of state `s`; a play fills a cell or more at
/// each move, so the values are at most `cells` and fit in a byte.
///
/// # Complexity
/// O(2^cells x moves).
///
/// ```
/// use combgames::game::{grundy_table, MoveMasks};
/// // Two cells, fill one or both: like a Nim heap of 2 at the start.
/// let game = MoveMasks::new(2, vec![0b01, 0b10, 0b11]);
/// assert_eq!(grundy_table(&game), vec![2, 1, 1, 0]);
/// ```
pub fn grundy_table(game: &MoveMasks) -> Vec<u8> {
    let mut grundy = vec![0u8; 1 << game.cells];
    // Successors are larger masks, so from the full state down each state's are final.
    for s in (0..grundy.len()).rev() {
        let options = game.moves.iter().fold(0u64, |options, &m| {
            let m = m as usize;
            // Branch-free: an illegal move adds nothing.
            let legal = u64::from(s & m == 0);
            options | legal << grundy[s | m]
        });
        grundy[s] = (!options).trailing_zeros() as u8;
    }
    grundy
}

/// The Grundy values of the states `0..len`, where every move from state `n` leads to a
/// smaller state: `moves(n, grundy, values)` pushes onto the empty `values` the value
/// `grundy[m]` of every state `m` one move away from `n` (all below `n`, so already final).
/// For games whose moves split a state into parts, see `split::SplitGame`.
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
///     (1..=n.min(2)).for_each(|take| values.push(grundy[n - take]));
/// });
/// assert_eq!(grundy, [0, 1, 2, 0, 1, 2, 0, 1]);
/// ```
pub fn grundy_by_index<F>(len: usize, mut moves: F) -> Vec<u32>
where
    F: FnMut(usize, &[u32], &mut Vec<u32>),
{
    let (mut grundy, mut values) = (Vec::with_capacity(len), Vec::new());
    for n in 0..len {
        values.clear();
        moves(n, &grundy, &mut values);
        grundy.push(mex(values.iter().copied()));
    }
    grundy
}

/// Every-SG: a sum of games in which each turn moves in EVERY component that still has a
/// move; who cannot move loses, so whoever makes the last move overall wins. The components
/// are numbered states `0..states` whose moves go to smaller states: `moves(n, next)` pushes
/// onto the empty `next` every state one move away from `n` (all below `n`).
///
/// A state's steps (its remoteness) is how long its play lasts when the winner plays slow
/// and the loser fast: 0 for a terminal state; for a state with a move to a losing state,
/// one more than the largest steps among those moves; for a losing state, one more than
/// the smallest steps among its moves. The steps are odd exactly at the winning states. In
/// the sum, the component that lasts longest decides: the player to move wins exactly when
/// the largest steps is odd, by moving every component to a state of one step fewer. The
/// opponent then faces a largest even, and leaves a largest odd: that component is lost and
/// goes to odd steps at least one fewer, and only a won one goes to even steps, fewer.
///
/// The rule is kept, to find the winning move; a rule that captures nothing makes the named
/// type `EverySg`, to keep in a `static` or pass to `solve`.
///
/// ```
/// use combgames::game::EverySg;
/// // Take 1 or 2 stones from a heap of n, in every heap at once.
/// let heaps: EverySg = EverySg::new(8, |n, next| next.extend(n.saturating_sub(2)..n));
/// let steps: Vec<u32> = (0..8).map(|n| heaps.steps(n)).collect();
/// assert_eq!(steps, [0, 1, 1, 2, 3, 3, 4, 5]);
/// // Heap 4 lasts longest, 3 steps, and is won: take 1 from it (to 2 steps) and 2 from
/// // heap 3 (to 1 step); heap 0 has no move.
/// assert!(heaps.wins(&[4, 3, 0]));
/// assert_eq!(heaps.winning_move(&[4, 3, 0]), Some(vec![3, 1, 0]));
/// // Heap 1 alone is won, but heap 6 is lost and outlasts it.
/// assert!(!heaps.wins(&[1, 6]));
/// ```
#[derive(Clone, Debug)]
pub struct EverySg<F = fn(usize, &mut Vec<usize>)> {
    steps: Vec<u32>,
    moves: F,
}

impl<F: Fn(usize, &mut Vec<usize>)> EverySg<F> {
    /// Fills the steps of the states `0..states`, smallest first.
    ///
    /// # Complexity
    /// O(states + moves) plus the work of `moves`.
    ///
    /// # Panics
    /// If `moves` gives a state that is not smaller.
    pub fn new(states: usize, moves: F) -> Self {
        let (mut steps, mut next) = (Vec::with_capacity(states), Vec::new());
        for n in 0..states {
            next.clear();
            moves(n, &mut next);
            let (mut slowest_win, mut fastest) = (None, u32::MAX);
            for &m in &next {
                let s: u32 = steps[m];
                fastest = fastest.min(s);
                if s % 2 == 0 {
                    slowest_win = slowest_win.max(Some(s));
                }
            }
            steps.push(match (next.is_empty(), slowest_win) {
                (true, _) => 0,
                (false, Some(s)) => s + 1,
                (false, None) => fastest + 1,
            });
        }
        EverySg { steps, moves }
    }

    /// The steps of `state`: odd exactly when the player to move wins it alone.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `state` is not below the `states` given to [`EverySg::new`] (read a state from
    /// input in its range, `rd.usize_in(0..=states - 1, ..)`, to have an error instead).
    pub fn steps(&self, state: usize) -> u32 {
        self.steps[state]
    }

    /// Whether the player to move wins the Every-SG sum of the components `position`: the
    /// largest steps among them is odd (a position of terminal components only is lost).
    ///
    /// # Complexity
    /// O(components).
    ///
    /// # Panics
    /// If a component is not below the `states` given to [`EverySg::new`] (as for
    /// [`EverySg::steps`]).
    pub fn wins(&self, position: &[usize]) -> bool {
        let longest = position.iter().map(|&c| self.steps[c]).max();
        longest.unwrap_or(0) % 2 == 1
    }

    /// A winning move of the Every-SG sum `position`, as the position it leaves: each
    /// component that has a move goes to its first listed move of one step fewer, terminal
    /// ones stay; `None` when the position is lost.
    ///
    /// # Complexity
    /// O(components) plus the rule's work on each.
    ///
    /// # Panics
    /// If a component is not below the `states` given to [`EverySg::new`].
    pub fn winning_move(&self, position: &[usize]) -> Option<Vec<usize>> {
        if !self.wins(position) {
            return None;
        }
        let mut next = Vec::new();
        let step = |&c: &usize| match self.steps[c] {
            0 => c,
            s => {
                next.clear();
                (self.moves)(c, &mut next);
                // Some move has one step fewer: the steps were defined from the moves so.
                *next.iter().find(|&&m| self.steps[m] == s - 1).unwrap()
            }
        };
        Some(position.iter().map(step).collect())
    }
}
