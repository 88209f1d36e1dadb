//! Nimber multiplication over 64 bits: with XOR as the sum, the product that makes the
//! integers below 2^64 a field. It gives the Grundy values of product games: in a
//! coin-turning game on a grid whose moves are products of two one-row games' moves, the
//! coin at (x, y) is worth `g(x) ⊗ g(y)`.
//! Layer 0: uses no other module.

/// Nimber multiplication with log and exp tables of the field of nimbers below 2^16 (384
/// KiB, built once): a 64-bit product splits into 16 products of 16 bits.
#[derive(Clone, Debug)]
pub struct Nimbers {
    /// `exp[i]` is the i-th power of a generator, twice over so that two logs add without a
    /// remainder; `log` is its inverse on the non-zero nimbers. Empty while being built.
    exp: Vec<u16>,
    log: Vec<u16>,
}

/// The non-zero nimbers below 2^16: the order of the field's multiplicative group.
const ORDER: usize = (1 << 16) - 1;

impl Default for Nimbers {
    fn default() -> Self {
        Self::new()
    }
}

impl Nimbers {
    /// The tables, built in about a millisecond: build them once per run.
    ///
    /// # Complexity
    /// O(2^16) for each generator tried: three.
    ///
    /// ```
    /// use combgames::nimber::Nimbers;
    /// let nimbers = Nimbers::new();
    /// assert_eq!(nimbers.product(2, 2), 3);
    /// assert_eq!(nimbers.product(4, 4), 6);
    /// assert_eq!(nimbers.product(1 << 32, 1 << 32), 3 << 31);
    /// let x = 0x0123_4567_89ab_cdef;
    /// let square = nimbers.product(x, x);
    /// assert_eq!(nimbers.product(x, square), nimbers.product(square, x));
    /// ```
    pub fn new() -> Self {
        let mut nimbers = Nimbers {
            exp: Vec::new(),
            log: Vec::new(),
        };
        // The powers of g, until they come back to 1: g generates the group when that
        // takes ORDER steps. The nimbers below 256 form a subfield, so none of them does.
        let mut powers = Vec::with_capacity(ORDER);
        for g in 256.. {
            // x ⊗ g is linear in x over XOR: from the products with single bits, all of them.
            let by_bit: Vec<u16> = (0..16)
                .map(|i| nimbers.product_in(1 << i, g, 16) as u16)
                .collect();
            let mut times_g = vec![0u16; 1 << 16];
            for x in 1..1 << 16 {
                times_g[x] = times_g[x & (x - 1)] ^ by_bit[x.trailing_zeros() as usize];
            }
            powers.clear();
            let mut x = 1;
            while powers.is_empty() || x != 1 {
                powers.push(x);
                x = times_g[usize::from(x)];
            }
            if powers.len() == ORDER {
                break;
            }
        }
        nimbers.log = vec![0; 1 << 16];
        for (i, &p) in powers.iter().enumerate() {
            nimbers.log[usize::from(p)] = i as u16;
        }
        nimbers.exp = [&powers[..], &powers[..]].concat();
        nimbers
    }

    /// The nimber product `a ⊗ b`.
    ///
    /// # Complexity
    /// O(1): 16 table products, about 60 ns.
    pub fn product(&self, a: u64, b: u64) -> u64 {
        self.product_in(a, b, 64)
    }

    /// The product of two nimbers below `2^bits`, for `bits` a power of two: by halves, with
    /// the tables at 16 bits once they are built, else down to single bits.
    fn product_in(&self, a: u64, b: u64, bits: u32) -> u64 {
        if bits == 16 && !self.exp.is_empty() {
            if a == 0 || b == 0 {
                return 0;
            }
            let logs = usize::from(self.log[a as usize]) + usize::from(self.log[b as usize]);
            return u64::from(self.exp[logs]);
        }
        if bits == 1 {
            return a & b;
        }
        // With T = 2^half, T ⊗ T = T ^ T/2 and x ⊗ T = x T for x < T, so
        // (a1 T ^ a0) ⊗ (b1 T ^ b0) = (a1b1 ^ a1b0 ^ a0b1) T ^ a0b0 ^ a1b1 ⊗ T/2, and the
        // middle term is (a1 ^ a0)(b1 ^ b0) ^ a0b0 (Karatsuba: one product for two).
        let half = bits / 2;
        let mask = (1 << half) - 1;
        let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
        let low = self.product_in(a0, b0, half);
        let high = self.product_in(a1, b1, half);
        let middle = self.product_in(a1 ^ a0, b1 ^ b0, half) ^ low;
        middle << half | low ^ self.product_in(high, 1 << (half - 1), half)
    }
}
