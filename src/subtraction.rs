//! Subtraction games: a move takes `s` stones from a heap, `s` from a fixed finite set.
//! Their Grundy values are eventually periodic; once the period is found, a heap of any
//! size up to `u64::MAX` is answered in O(1).
//! Layer 2: uses `errors` and `game`.

use crate::errors::{self, error};
use crate::game::mex;
// Not in the 2018 prelude, which bundles may be compiled under.
use std::convert::TryFrom;

/// The Grundy values of a subtraction game with a finite set of moves, for every heap size.
///
/// With `m` the largest move, the value of heap `n >= m` depends only on the `m` values
/// before it, so once a run of `m` values comes back `p` heaps later, the values repeat
/// with period `p` from there on. Brent's cycle detection over these runs finds the least
/// period and the first heap from which the values repeat.
#[derive(Clone, Debug)]
pub struct SubtractionGame {
    moves: Vec<u64>,
    /// The values of heaps `0..start + period`.
    grundy: Vec<u32>,
    start: usize,
    period: usize,
}

impl SubtractionGame {
    /// Finds the values of the game whose moves take any of `moves` stones.
    ///
    /// # Complexity
    /// O((start + period + m) x |moves|) time and O(start + period + m) memory, with runs of
    /// `m` values compared element by element (a mismatch is usually found early).
    ///
    /// # Panics
    /// If `moves` is empty or holds 0: [`SubtractionGame::try_new`] says so instead.
    ///
    /// ```
    /// use combgames::subtraction::SubtractionGame;
    /// // Take 1, 3 or 4 stones: the values 0 1 0 1 2 3 2 repeat with period 7.
    /// let game = SubtractionGame::new(&[1, 3, 4]);
    /// assert_eq!(game.period(), (0, 7));
    /// let n = 1_000_000_000_000_000_000;
    /// assert_eq!(game.grundy(n), [0, 1, 0, 1, 2, 3, 2][(n % 7) as usize]);
    /// // Heaps 5 and 9, values 3 and 0: take 3 from heap 5 (to value 0), or 4 from heap 9
    /// // (to value 3).
    /// assert_eq!(game.winning_moves(&[5, 9]), [(0, 3), (1, 4)]);
    /// ```
    pub fn new(moves: &[u64]) -> Self {
        SubtractionGame::try_new(moves).unwrap_or_else(|e| panic!("{}", e))
    }

    /// As [`SubtractionGame::new`], for moves read from input: an error if there are none
    /// or one is 0.
    ///
    /// # Complexity
    /// As [`SubtractionGame::new`] (a move of `m` stones takes O(m) memory: read moves in a
    /// range).
    ///
    /// # Errors
    /// A rule error (as `io::error` makes), if `moves` is empty or holds 0.
    ///
    /// ```
    /// use combgames::subtraction::SubtractionGame;
    /// let err = SubtractionGame::try_new(&[2, 0]).unwrap_err().to_string();
    /// assert_eq!(err, "expected moves of at least 1 stone, one or more, found [2, 0]");
    /// ```
    pub fn try_new(moves: &[u64]) -> errors::Result<Self> {
        if moves.is_empty() || moves.contains(&0) {
            let expected = "moves of at least 1 stone, one or more";
            return Err(error(expected, format!("{moves:?}")));
        }
        let mut moves = moves.to_vec();
        moves.sort_unstable();
        moves.dedup();
        let m = *moves.last().unwrap() as usize;
        let mut grundy: Vec<u32> = Vec::new();
        // Fills the values of heaps below `n`.
        let fill_to = |grundy: &mut Vec<u32>, n: usize| {
            for h in grundy.len()..n {
                let options = moves.iter().take_while(|&&s| s as usize <= h);
                grundy.push(mex(options.map(|&s| grundy[h - s as usize])));
            }
        };
        // The runs of m values ending before heaps a and b are equal.
        let same = |grundy: &[u32], a: usize, b: usize| grundy[a - m..a] == grundy[b - m..b];
        // Brent: the tortoise waits at powers of two while the hare looks for its run.
        let (mut power, mut period, mut tortoise, mut hare) = (1, 1, m, m + 1);
        fill_to(&mut grundy, hare);
        while !same(&grundy, tortoise, hare) {
            if power == period {
                tortoise = hare;
                power *= 2;
                period = 0;
            }
            hare += 1;
            period += 1;
            fill_to(&mut grundy, hare);
        }
        // The first run that comes back after `period` heaps; values repeat from its start.
        let mut first = m;
        while !same(&grundy, first, first + period) {
            first += 1;
        }
        grundy.truncate(first - m + period);
        Ok(SubtractionGame {
            moves,
            grundy,
            start: first - m,
            period,
        })
    }

    /// The Grundy value of a heap of `heap` stones.
    ///
    /// # Complexity
    /// O(1).
    pub fn grundy(&self, heap: u64) -> u32 {
        match usize::try_from(heap) {
            Ok(n) if n < self.grundy.len() => self.grundy[n],
            _ => {
                let past = (heap - self.start as u64) % self.period as u64;
                self.grundy[self.start + past as usize]
            }
        }
    }

    /// `(start, period)`: the value of every heap `n >= start` equals that of `n + period`,
    /// with `period` the least and `start` the least for it.
    ///
    /// # Complexity
    /// O(1).
    pub fn period(&self) -> (u64, u64) {
        (self.start as u64, self.period as u64)
    }

    /// Every winning move of the sum of this game on several heaps: `(i, s)` when taking
    /// `s` stones from heap `i` leaves a nim-sum of 0; in increasing order.
    ///
    /// # Complexity
    /// O(heaps x |moves|).
    pub fn winning_moves(&self, heaps: &[u64]) -> Vec<(usize, u64)> {
        let sum = heaps.iter().fold(0, |sum, &h| sum ^ self.grundy(h));
        let mut moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let target = self.grundy(h) ^ sum;
            for &s in self.moves.iter().take_while(|&&s| s <= h) {
                if self.grundy(h - s) == target {
                    moves.push((i, s));
                }
            }
        }
        moves
    }
}
