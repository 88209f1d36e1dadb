//! Win/lose tables at the speed of a sieve: the states `0..len` of a game whose moves take a
//! size from a fixed set (subtract a square, a prime, a power of two...), each marked won
//! from every losing state below it, as a sieve of Eratosthenes marks multiples. For the
//! heaps of a sum, the Grundy values are needed instead (`game::grundy_by_index`): a
//! table of who wins decides one heap alone.
//! Layer 0: uses no other module.

/// The states a block holds: its marks stay in the processor's first-level cache, where
/// marks spread over the whole table would miss every cache (1.5 times slower at 10^7).
const BLOCK: usize = 1 << 15;

/// The win/lose table of the states `0..len` (normal play) when a move from state `n` takes
/// any `s` of `sizes` with `s <= n`: `table[n]` is whether the player to move wins.
///
/// A state is won exactly when some move reaches a lost one, so every lost state `m`, once
/// known, marks each `m + s` won. The marks go block by block: each block first takes
/// the marks of the lost states below it, every lost state resuming at the first size
/// it has not used yet, then its own states in order, so that each is final when reached.
///
/// # Complexity
/// O(len + L x |sizes| + L x len / 2^15) for L lost states, in len bytes (subtract a square:
/// about 10 ms to 10^6 and 0.15 s to 10^7, `cargo bench -- sieve`; `grundy_by_index` takes
/// seconds to 10^6).
///
/// # Panics
/// If `sizes` is not strictly increasing or holds 0.
///
/// ```
/// use combgames::sieve::win_lose_by_sizes;
/// // Subtract a square: 0, 2, 5, 7, 10... are lost.
/// let squares: Vec<usize> = (1..).map(|k| k * k).take_while(|&s| s < 1000).collect();
/// let won = win_lose_by_sizes(1000, &squares);
/// let lost: Vec<usize> = (0..1000).filter(|&n| !won[n]).take(6).collect();
/// assert_eq!(lost, [0, 2, 5, 7, 10, 12]);
/// ```
pub fn win_lose_by_sizes(len: usize, sizes: &[usize]) -> Vec<bool> {
    let positive = sizes.first().map_or(true, |&s| s > 0);
    assert!(
        positive && sizes.windows(2).all(|w| w[0] < w[1]),
        "sizes must be positive and strictly increasing"
    );
    let mut won = vec![false; len];
    // Each lost state with the index of the first size it has not marked with yet.
    let mut lost: Vec<(usize, usize)> = Vec::new();
    for low in (0..len).step_by(BLOCK) {
        let high = len.min(low + BLOCK);
        let mark = |won: &mut [bool], m: usize, next: &mut usize| {
            while let Some(&s) = sizes.get(*next).filter(|&&s| s < high - m) {
                won[m + s] = true;
                *next += 1;
            }
        };
        for (m, next) in &mut lost {
            mark(&mut won, *m, next);
        }
        lost.retain(|&(_, next)| next < sizes.len());
        for m in low..high {
            if !won[m] {
                let mut next = 0;
                mark(&mut won, m, &mut next);
                lost.push((m, next));
            }
        }
    }
    won
}
