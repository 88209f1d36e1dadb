//! Misère play of sums of heaps (whoever moves last loses) through a misère quotient
//! (Plambeck and Siegel): every heap maps to an element of a finite commutative monoid, a
//! sum of heaps to the product of its heaps' elements, and the sum is lost to the player to
//! move exactly when that product is in the quotient's P-set. It decides take-and-break
//! games whose misère play Grundy values cannot (misère outcomes do not add up as values
//! do), and misère Nim is one such quotient.
//!
//! The lab finds a game's quotient from its rules (`lab::misere`, in a problem's folder
//! `cargo test -q --test lab -- 60`) and prints the [`Tables`] to paste into `main`;
//! [`MisereQuotient::new`] builds the product table from them once. Then a sum is decided
//! in O(1) a heap, and a winning move is found among the options a problem's rules list.
//! Layer 0: uses no other module.

/// A quotient as the lab prints it, to paste. Numbers are digits in base 62 (`0-9`, `a-z`,
/// `A-Z`), two to a number (high first) when there are more than 62 elements; the strings
/// of a list are read as one.
#[derive(Clone, Copy, Debug)]
pub struct Tables<'a> {
    /// The number of elements (at most 3844), 0 the identity (the empty sum).
    pub elements: usize,
    /// The number of generators.
    pub generators: usize,
    /// For each generator `g`, for each element `x` from 0: the product `x g`.
    pub products: &'a [&'a str],
    /// For each element `x` from 1: an element `y < x` and a generator `g` with `x = y g`.
    pub parents: &'a [&'a str],
    /// The elements in P: the sums lost to the player to move.
    pub p: &'a [&'a str],
    /// The element of heap `n`, for `n` from 0 (the identity) to `start + period - 1`.
    pub heaps: &'a [&'a str],
    /// From `start` on, heap `n + period` has heap `n`'s element.
    pub start: u64,
    /// The period of the heaps' elements; 0 when only the heaps listed are known.
    pub period: u64,
}

/// A misère quotient, its products tabulated, and the elements of every heap.
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    len: usize,
    /// `table[x * len + y]`: the product `x y`.
    table: Vec<u16>,
    p: Vec<bool>,
    heaps: Vec<u16>,
    start: u64,
    period: u64,
}

/// The numbers of the strings `text`, `width` digits each, in base 62.
fn numbers(text: &[&str], width: usize, what: &str) -> Vec<u16> {
    let digits: Vec<u16> = (text.iter().flat_map(|t| t.bytes()))
        .map(|b| match b {
            b'0'..=b'9' => u16::from(b - b'0'),
            b'a'..=b'z' => u16::from(b - b'a') + 10,
            b'A'..=b'Z' => u16::from(b - b'A') + 36,
            _ => panic!("{}: {:?} is no base-62 digit", what, b as char),
        })
        .collect();
    assert!(
        digits.len() % width == 0,
        "{}: {} digits, not numbers of {}",
        what,
        digits.len(),
        width
    );
    let number = |d: &[u16]| d.iter().fold(0, |n, &d| n * 62 + d);
    digits.chunks(width).map(number).collect()
}

impl MisereQuotient {
    /// The quotient of `tables`, its product table built from the generators' products.
    ///
    /// # Complexity
    /// O(elements^2 + generators x elements + heaps listed).
    ///
    /// # Panics
    /// If `tables` is malformed: a character that is no digit, a list of the wrong length,
    /// a number out of range, an element made of a later one.
    ///
    /// ```
    /// use combgames::misere::{MisereQuotient, Tables};
    /// // She loves me, she loves me not: a move pulls one petal off a daisy. Heap 1 (one
    /// // petal) is `a`, every other heap plays as nothing, and `a a = 1`: the sums with an
    /// // odd number of one-petal daisies and nothing else are lost.
    /// let daisies = MisereQuotient::new(&Tables {
    ///     elements: 2,
    ///     generators: 1,
    ///     products: &["10"],
    ///     parents: &["00"],
    ///     p: &["1"],
    ///     heaps: &["010"],
    ///     start: 2,
    ///     period: 1,
    /// });
    /// assert!(!daisies.wins(&[1, 1, 1]));
    /// assert!(daisies.wins(&[1, 1, 5]));
    /// ```
    pub fn new(tables: &Tables) -> MisereQuotient {
        let len = tables.elements;
        assert!((1..=3844).contains(&len), "{} elements: 1 to 3844", len);
        let width = if len <= 62 { 1 } else { 2 };
        let in_range = |what: &str, numbers: Vec<u16>, below: usize, count: usize| {
            assert_eq!(numbers.len(), count, "{}: {} numbers", what, count);
            let out = numbers.iter().find(|&&x| x as usize >= below);
            assert!(out.is_none(), "{}: {:?} is not below {}", what, out, below);
            numbers
        };
        let gens = tables.generators;
        let products = numbers(tables.products, width, "products");
        let products = in_range("products", products, len, gens * len);
        let parents = numbers(tables.parents, width, "parents");
        let parents = in_range("parents", parents, len.max(gens), 2 * (len - 1));
        let mut table = vec![0u16; len * len];
        for x in 0..len {
            table[x * len] = x as u16;
        }
        // x (y' g) = (x y') g, with y' before y.
        for y in 1..len {
            let (before, g) = (parents[2 * y - 2] as usize, parents[2 * y - 1] as usize);
            assert!(
                before < y && g < gens,
                "parents: element {} of {} and {}",
                y,
                before,
                g
            );
            for x in 0..len {
                table[x * len + y] = products[g * len + table[x * len + before] as usize];
            }
        }
        let mut p = vec![false; len];
        for x in numbers(tables.p, width, "p") {
            assert!((x as usize) < len, "p: {} is not below {}", x, len);
            p[x as usize] = true;
        }
        let heaps = numbers(tables.heaps, width, "heaps");
        let count = (tables.start + tables.period) as usize;
        let heaps = in_range("heaps", heaps, len, count);
        assert!(heaps.first() == Some(&0), "heaps: heap 0 is the identity");
        MisereQuotient {
            len,
            table,
            p,
            heaps,
            start: tables.start,
            period: tables.period,
        }
    }

    /// The number of elements.
    ///
    /// # Complexity
    /// O(1).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the quotient is the identity alone (no heap has a move).
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.len == 1
    }

    /// The element of a heap of `n`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `n` is past the heaps listed and the period is 0.
    pub fn heap(&self, n: u64) -> u16 {
        match n < self.start {
            true => self.heaps[n as usize],
            false => self.heaps[(self.start + (n - self.start) % self.period) as usize],
        }
    }

    /// The product `x y`: the element of a sum of a sum of element `x` and one of `y`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `x` or `y` is not an element.
    pub fn product(&self, x: u16, y: u16) -> u16 {
        self.table[x as usize * self.len + y as usize]
    }

    /// Whether the sums of element `x` are lost to the player to move.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `x` is not an element.
    pub fn is_p(&self, x: u16) -> bool {
        self.p[x as usize]
    }

    /// The element of the sum of `heaps`.
    ///
    /// # Complexity
    /// O(heaps).
    ///
    /// # Panics
    /// As [`MisereQuotient::heap`].
    pub fn sum(&self, heaps: &[u64]) -> u16 {
        heaps.iter().fold(0, |x, &n| self.product(x, self.heap(n)))
    }

    /// Whether the player to move wins the sum of `heaps`, in misère play.
    ///
    /// # Complexity
    /// O(heaps).
    ///
    /// # Panics
    /// As [`MisereQuotient::heap`].
    pub fn wins(&self, heaps: &[u64]) -> bool {
        !self.is_p(self.sum(heaps))
    }

    /// A winning move of the sum of `heaps`: `(i, label)` for the first option, in the order
    /// of the heaps and then as `options(n, o)` lists them with `o.add(label, parts)`, that
    /// leaves a sum in P; `None` when the sum is lost (every option leaves a sum not in P), or
    /// has no move at all (then the player to move has won: the last move was the other's).
    ///
    /// `options` lists the moves of a heap of `n` by the heaps each leaves (0 for none).
    /// For a large heap whose map is periodic it may list fewer: a split `(a, b)` with
    /// `start + period <= a <= b` has the element of `(a - period, b + period)`, so splits
    /// whose smaller part is below `start + period` give every element.
    ///
    /// # Complexity
    /// O(heaps) plus the options listed, each O(its parts), until one wins.
    ///
    /// # Panics
    /// As [`MisereQuotient::heap`], for the heaps and the parts listed.
    ///
    /// ```
    /// use combgames::misere::{MisereQuotient, Options, Tables};
    /// // 0.75: take one token, leaving what is left as one heap, two or none; or two tokens,
    /// // leaving two heaps or none. The lab's tables (its quotient R8):
    /// let r8 = MisereQuotient::new(&Tables {
    ///     elements: 8,
    ///     generators: 3,
    ///     products: &["104523762464722435462776"],
    ///     parents: &["00010211122141"],
    ///     p: &["16"],
    ///     heaps: &["0121232327"],
    ///     start: 8,
    ///     period: 2,
    /// });
    /// // The moves of a heap of n, labelled (take, left, right).
    /// let moves = |n: u64, o: &mut Options<(u64, u64, u64)>| {
    ///     for take in 1..=n.min(2) {
    ///         for left in 0..=(n - take) / 2 {
    ///             let right = n - take - left;
    ///             if take == 1 || left > 0 || right == 0 {
    ///                 o.add((take, left, right), &[left, right]);
    ///             }
    ///         }
    ///     }
    /// };
    /// assert!(!r8.wins(&[5, 5]));
    /// assert_eq!(r8.winning_move(&[5, 5], moves), None);
    /// // Heaps 1 and 5: split the 5 into 1 and 3, leaving three heaps of 1 and 3.
    /// assert_eq!(r8.winning_move(&[1, 5], moves), Some((1, (1, 1, 3))));
    /// assert!(!r8.wins(&[1, 1, 3]));
    /// ```
    pub fn winning_move<M>(
        &self,
        heaps: &[u64],
        mut options: impl FnMut(u64, &mut Options<M>),
    ) -> Option<(usize, M)> {
        // The product of the heaps after each, then of those before: no division in a monoid.
        let mut after = vec![0; heaps.len() + 1];
        for (i, &n) in heaps.iter().enumerate().rev() {
            after[i] = self.product(after[i + 1], self.heap(n));
        }
        if self.is_p(after[0]) {
            return None;
        }
        let mut before = 0;
        for (i, &n) in heaps.iter().enumerate() {
            let mut o = Options {
                quotient: self,
                rest: self.product(before, after[i + 1]),
                found: None,
            };
            options(n, &mut o);
            if let Some(label) = o.found {
                return Some((i, label));
            }
            before = self.product(before, self.heap(n));
        }
        None
    }
}

/// The options of one heap, listed by the rules given to
/// [`MisereQuotient::winning_move`]: each a label (the move, as the problem prints it) and
/// the heaps it leaves.
#[derive(Debug)]
pub struct Options<'a, M> {
    quotient: &'a MisereQuotient,
    /// The element of the other heaps.
    rest: u16,
    found: Option<M>,
}

impl<M> Options<'_, M> {
    /// Adds the move `label`, which leaves the heaps `parts` in place of the heap (none, or
    /// heaps of 0, if it takes it all).
    ///
    /// # Complexity
    /// O(parts); nothing once a winning move is found.
    ///
    /// # Panics
    /// As [`MisereQuotient::heap`], for a part.
    pub fn add(&mut self, label: M, parts: &[u64]) {
        if self.found.is_none() {
            let q = self.quotient;
            let x = parts
                .iter()
                .fold(self.rest, |x, &n| q.product(x, q.heap(n)));
            if q.is_p(x) {
                self.found = Some(label);
            }
        }
    }
}
