//! Nimber products against the definition (the mex over smaller products, the Grundy value
//! of the product game), a plain recursion over 64 bits, and the field laws.

use combgames::nimber::Nimbers;
use proptest::prelude::*;

thread_local! {
    /// Built once for the property tests' many cases.
    static NIMBERS: Nimbers = Nimbers::new();
}

/// The product by halves with four products a level (no Karatsuba, no tables): with
/// T = 2^half, T ⊗ T = T ^ T/2 and x ⊗ T = x T for x < T.
fn plain_product(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let low_bits = |x: u64| x & ((1 << half) - 1);
    let (a1, a0, b1, b0) = (a >> half, low_bits(a), b >> half, low_bits(b));
    let high = plain_product(a1, b1, half);
    let cross = plain_product(a1, b0, half) ^ plain_product(a0, b1, half);
    (high ^ cross) << half
        | plain_product(a0, b0, half) ^ plain_product(high, 1 << (half - 1), half)
}

#[test]
fn products_below_64_are_the_mex_of_smaller_ones() {
    // a ⊗ b = mex { a' ⊗ b ^ a ⊗ b' ^ a' ⊗ b' : a' < a, b' < b }.
    const N: usize = 64;
    let nimbers = Nimbers::new();
    let mut table = [[0u64; N]; N];
    for a in 0..N {
        for b in 0..N {
            // The products of nimbers below 64 lie in the field of those below 256.
            let mut seen = [false; 256];
            for a2 in 0..a {
                for b2 in 0..b {
                    seen[(table[a2][b] ^ table[a][b2] ^ table[a2][b2]) as usize] = true;
                }
            }
            table[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
            assert_eq!(
                nimbers.product(a as u64, b as u64),
                table[a][b],
                "{a} ⊗ {b}"
            );
        }
    }
}

#[test]
fn fermat_powers_square_to_three_halves() {
    let nimbers = Nimbers::new();
    for k in 0..6 {
        let f = 1u64 << (1 << k);
        assert_eq!(nimbers.product(f, f), f ^ (f / 2), "2^(2^{k})");
    }
}

proptest! {
    #[test]
    fn products_match_the_plain_recursion(a in any::<u64>(), b in any::<u64>(), small in 0u32..64) {
        let c = b >> small;
        let products = NIMBERS.with(|n| (n.product(a, b), n.product(a, c)));
        prop_assert_eq!(products, (plain_product(a, b, 64), plain_product(a, c, 64)));
    }

    #[test]
    fn products_keep_the_field_laws(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
        let times = |x, y| NIMBERS.with(|n| n.product(x, y));
        prop_assert_eq!(times(a, b), times(b, a));
        prop_assert_eq!(times(times(a, b), c), times(a, times(b, c)));
        prop_assert_eq!(times(a, b ^ c), times(a, b) ^ times(a, c));
        // a^(2^64 - 1) = 1 for a != 0: a ⊗ a^(2^64 - 2) = 1.
        let (mut inverse, mut power) = (1, a);
        for _ in 1..64 {
            power = times(power, power);
            inverse = times(inverse, power);
        }
        prop_assert_eq!(times(a, inverse), u64::from(a != 0));
    }
}
