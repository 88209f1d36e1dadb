//! Bit gathers: chosen bits of a word moved to consecutive bits by one AND and one multiply,
//! the portable stand-in for `pext` that fast paths use to read several flags of a few input
//! bytes at once (marble_diamond reads a board's holes this way).
//!
//! A [`BitGather`] keeps source bits s_0 < s_1 < ... of a word and moves bit s_i to bit
//! `first_target + i`. The multiplier has bit t_i = first_target + i - s_i for each, so the
//! product of the masked word is the sum of bit s_j + t_i over the set sources j and all i.
//! When those positions below 64 all differ, nothing carries, and bit first_target + i of the
//! product is exactly source bit s_i; the planners only take sources for which that holds.
//! [`BitGather::longest`] also asks that no pair of different sources lands at or above a
//! given bit, so the product's bits from there hold only the gathered ones, and the products
//! of several gathers into one window can be ORed; [`BitGather::longest_masked`] ANDs the
//! product with the targets instead, one instruction more, so sources may lie closer.

/// Chosen bits of a word and where one multiply moves them (see the module docs).
///
/// Laws: [`BitGather::apply`] with `MASKED` holds source bit `i` at bit `first_target + i`
/// and nothing else. Without it, for a gather from [`BitGather::longest`], bits from
/// `clean_from` up are the same and those below are unspecified.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BitGather {
    sources: u64,
    multiplier: u64,
    targets: u64,
}

impl BitGather {
    /// The gather of the longest prefix of `sources` (increasing bit positions) that one
    /// multiply moves to consecutive bits from `first_target` with no carry (see the module
    /// docs), nothing else landing at or above `clean_from` (at most `first_target`), and
    /// the prefix's length: at least 1 if `sources[0] <= first_target < 64`, else 0.
    ///
    /// # Complexity
    /// O(k) for a prefix of k sources (at most 64).
    ///
    /// # Panics
    /// If `sources` does not increase or holds a position above 63.
    ///
    /// ```
    /// use combgames::gather::BitGather;
    /// // Bit 2 of each of bytes 0, 2 and 4, as in "* * *", to bits 48, 49 and 50.
    /// let (gather, taken) = BitGather::longest(&[2, 18, 34], 48, 48);
    /// assert_eq!(taken, 3);
    /// let word = u64::from_le_bytes(*b".-.-*---");
    /// assert_eq!(gather.apply::<false>(word) >> 48, 0b011);
    /// // Bytes next to each other need the mask.
    /// assert_eq!(BitGather::longest(&[2, 10], 48, 48).1, 1);
    /// let (gather, taken) = BitGather::longest_masked(&[2, 10], 48);
    /// assert_eq!((taken, gather.apply::<true>(u64::from_le_bytes(*b"*.------"))), (2, 1 << 49));
    /// ```
    pub fn longest(sources: &[u32], first_target: u32, clean_from: u32) -> (BitGather, usize) {
        assert!(
            clean_from <= first_target,
            "the gathered bits must be clean"
        );
        Self::plan(sources, first_target, clean_from)
    }

    /// [`BitGather::longest`] for [`BitGather::apply`] with `MASKED`: the other bits of the
    /// product may be anything, so more sources lying close together fit.
    ///
    /// # Complexity
    /// O(k) for a prefix of k sources.
    ///
    /// # Panics
    /// If `sources` does not increase or holds a position above 63.
    pub fn longest_masked(sources: &[u32], first_target: u32) -> (BitGather, usize) {
        Self::plan(sources, first_target, 64)
    }

    /// [`BitGather::longest`] with any `clean_from`, 64 for none.
    fn plan(sources: &[u32], first_target: u32, clean_from: u32) -> (BitGather, usize) {
        assert!(
            sources.windows(2).all(|w| w[0] < w[1]) && sources.iter().all(|&s| s < 64),
            "source bits must increase and stay below 64"
        );
        let dirty = u64::MAX.checked_shl(clean_from).unwrap_or(0);
        // Each source taken widens the gather while every term of the product, a source bit
        // plus a multiplier bit below 64, stays at a bit of its own (then nothing carries,
        // and no other term lands on a target), and the terms of a source and another's
        // shift stay below `clean_from`. `terms` marks the bits the terms take.
        let (mut gather, mut terms, mut taken) = (BitGather::default(), 0u64, 0);
        for (i, &source) in sources.iter().enumerate() {
            let target = first_target + i as u32;
            if source > target || target >= 64 {
                break;
            }
            let shift = 1u64 << (target - source);
            // The new source with every shift, and, if its shift is new (sources may share
            // one), the old sources with it: all of these but the new target are others'.
            let own = (gather.multiplier | shift) << source;
            let old = if gather.multiplier & shift == 0 {
                gather.sources << (target - source)
            } else {
                0
            };
            // `own` and `old` never meet: the sources increase faster than the targets.
            let others = (own & !(1 << target)) | old;
            if terms & (own | old) != 0 || others & dirty != 0 {
                break;
            }
            gather = BitGather {
                sources: gather.sources | 1 << source,
                multiplier: gather.multiplier | shift,
                targets: gather.targets | 1 << target,
            };
            (terms, taken) = (terms | own | old, i + 1);
        }
        (gather, taken)
    }

    /// The gathered bits of `word` (see [`BitGather`]'s laws): `MASKED` must be true for a
    /// gather from [`BitGather::longest_masked`].
    ///
    /// # Complexity
    /// O(1): an AND and a multiply, and an AND more if `MASKED`.
    #[inline(always)]
    pub fn apply<const MASKED: bool>(&self, word: u64) -> u64 {
        let product = (word & self.sources).wrapping_mul(self.multiplier);
        if MASKED {
            product & self.targets
        } else {
            product
        }
    }
}
