//! Bit gathers against reading each chosen bit of the word one at a time.

use combgames::gather::BitGather;
use proptest::prelude::*;

/// Increasing source bits: a first bit, then gaps of 1 to 12.
fn sources() -> impl Strategy<Value = Vec<u32>> {
    (0u32..32, proptest::collection::vec(1u32..=12, 0..16)).prop_map(|(first, gaps)| {
        let mut bits = vec![first];
        for gap in gaps {
            let next = bits[bits.len() - 1] + gap;
            if next > 63 {
                break;
            }
            bits.push(next);
        }
        bits
    })
}

/// The bits of `word` at `sources`, moved to bits `first_target`, `first_target + 1`, ...
fn plain_gather(word: u64, sources: &[u32], first_target: u32) -> u64 {
    sources.iter().enumerate().fold(0, |g, (i, &s)| {
        g | (word >> s & 1) << (first_target + i as u32)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Unmasked: the product's bits from `clean_from` up are the gathered bits, whatever
    /// the word's other bits.
    #[test]
    fn unmasked_gathers_are_clean_from_where_asked(
        sources in sources(),
        target_above in 0u32..64,
        clean_below in 0u32..64,
        words in proptest::collection::vec(any::<u64>(), 8),
    ) {
        let first_target = (sources[0] + target_above).min(63);
        let clean_from = first_target - clean_below.min(first_target);
        let (gather, taken) = BitGather::longest(&sources, first_target, clean_from);
        prop_assert!(taken >= 1 && taken <= sources.len());
        let top = !0u64 << clean_from;
        // All ones sets every term of the product at once: the longest carries.
        for word in words.into_iter().chain([u64::MAX]) {
            let expected = plain_gather(word, &sources[..taken], first_target);
            prop_assert_eq!(gather.apply::<false>(word) & top, expected);
            prop_assert_eq!(gather.apply::<true>(word), expected);
        }
    }

    /// Masked: exactly the gathered bits, and never fewer sources than unmasked.
    #[test]
    fn masked_gathers_are_exact(
        sources in sources(),
        target_above in 0u32..64,
        words in proptest::collection::vec(any::<u64>(), 8),
    ) {
        let first_target = (sources[0] + target_above).min(63);
        let (gather, taken) = BitGather::longest_masked(&sources, first_target);
        let unmasked = BitGather::longest(&sources, first_target, first_target).1;
        prop_assert!(taken >= unmasked && taken <= sources.len());
        for word in words.into_iter().chain([u64::MAX]) {
            let expected = plain_gather(word, &sources[..taken], first_target);
            prop_assert_eq!(gather.apply::<true>(word), expected);
        }
    }
}

/// A gather stops at the first source it cannot move: past bit 63, or below its own source.
#[test]
fn gathers_stop_where_the_targets_run_out() {
    assert_eq!(BitGather::longest_masked(&[60, 61, 62, 63], 62).1, 2);
    assert_eq!(BitGather::longest_masked(&[5, 6], 4).1, 0);
    assert_eq!(BitGather::longest(&[0, 8, 16], 56, 56).1, 3);
}
