//! Finite commutative monoids, as misère quotients are: elements `0..len`, 0 the identity.
//! [`Monoid`] holds a full multiplication table; [`Product`] is a direct product of one with
//! cyclic monoids `C(t, p)` (the powers `g^0 .. g^(t+p-1)` of one generator, `g^(t+p) =
//! g^t`), multiplied part by part with no table, for the large candidates the quotients try.
//! [`reduce`] merges the elements no product tells apart ("indistinguishable": `x ~ y` when
//! `xz` and `yz` are both in a set `P` or both out of it, for every `z`), by Moore's
//! refinement over generators, and [`Monoid::canonical`] numbers the elements by their
//! shortest words in generators, so that a quotient prints the same however it was found.
//! Layer 0: uses no other module.

use std::collections::HashMap;

/// A finite commutative monoid given by its table: elements `0..len`, 0 the identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Monoid {
    len: usize,
    table: Vec<u32>,
}

impl Monoid {
    /// The monoid of one element, the identity.
    ///
    /// # Complexity
    /// O(1).
    pub fn trivial() -> Monoid {
        Monoid {
            len: 1,
            table: vec![0],
        }
    }

    /// The monoid of `len` elements whose products `mul(x, y)` gives.
    ///
    /// # Complexity
    /// O(len^2) calls of `mul`.
    ///
    /// # Panics
    /// If `len` is 0, or a product is not below `len`. (Commutativity, associativity and 0
    /// being the identity are the caller's to keep; `tests/props/lab_misere.rs` checks them
    /// on every quotient.)
    pub fn from_fn(len: usize, mul: impl Fn(u32, u32) -> u32) -> Monoid {
        assert!(len > 0, "a monoid has an identity");
        let mut table = Vec::with_capacity(len * len);
        for x in 0..len as u32 {
            for y in 0..len as u32 {
                let z = mul(x, y);
                assert!((z as usize) < len, "{x} * {y} = {z}, not below {len}");
                table.push(z);
            }
        }
        Monoid { len, table }
    }

    /// The number of elements.
    ///
    /// # Complexity
    /// O(1).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the monoid is the identity alone (it never is empty).
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The product `xy`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `x` or `y` is not an element.
    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.table[x as usize * self.len + y as usize]
    }

    /// The elements of the submonoid `gens` generate, the identity first, each as soon as a
    /// product of a generator reaches it.
    ///
    /// # Complexity
    /// O(len x gens).
    pub fn generated(&self, gens: &[u32]) -> Vec<u32> {
        let mut seen = vec![false; self.len];
        let mut order = vec![0];
        seen[0] = true;
        let mut next = 0;
        while next < order.len() {
            let x = order[next];
            next += 1;
            for &g in gens {
                let y = self.mul(x, g);
                if !seen[y as usize] {
                    seen[y as usize] = true;
                    order.push(y);
                }
            }
        }
        order
    }

    /// The submonoid on `elements` (closed under products, the identity first), numbered
    /// in their order, and the new number of each old element (`u32::MAX` if not in it).
    ///
    /// # Complexity
    /// O(len + elements^2).
    ///
    /// # Panics
    /// If `elements` is not closed under products or does not start with the identity.
    pub fn restrict(&self, elements: &[u32]) -> (Monoid, Vec<u32>) {
        assert_eq!(
            elements.first(),
            Some(&0),
            "a submonoid starts with the identity"
        );
        let mut new = vec![u32::MAX; self.len];
        for (i, &x) in elements.iter().enumerate() {
            new[x as usize] = i as u32;
        }
        let sub = Monoid::from_fn(elements.len(), |a, b| {
            new[self.mul(elements[a as usize], elements[b as usize]) as usize]
        });
        (sub, new)
    }

    /// The powers of `x` as `(t, p)`: `x^t` is the first power met again, `p` steps later.
    ///
    /// # Complexity
    /// O(t + p).
    pub fn powers(&self, x: u32) -> (usize, usize) {
        let mut first = HashMap::new();
        let mut power = 0;
        for k in 0.. {
            if let Some(&t) = first.get(&power) {
                return (t, k - t);
            }
            first.insert(power, k);
            power = self.mul(power, x);
        }
        unreachable!()
    }

    /// The elements renumbered by their least words over `gens`, shortest first, then by
    /// the generators' order (the identity 0, then `gens[0]`, ...): the monoid so numbered,
    /// the new number of each old element, and each new element's word as the exponents of
    /// the generators.
    ///
    /// # Complexity
    /// O(len^2 + len x gens).
    ///
    /// # Panics
    /// If `gens` do not generate the monoid.
    pub fn canonical(&self, gens: &[u32]) -> (Monoid, Vec<u32>, Vec<Vec<u32>>) {
        // Breadth first, and within a length by the word's exponents read from the first
        // generator: a word is extended only by generators at or after its last one, so
        // that every product is tried in one order, and the queue stays sorted.
        let mut new = vec![u32::MAX; self.len];
        let mut words = vec![vec![0u32; gens.len()]];
        let mut last = vec![0usize];
        let mut order = vec![0u32];
        new[0] = 0;
        let mut next = 0;
        while next < order.len() {
            let (x, from) = (order[next], last[next]);
            for (k, &g) in gens.iter().enumerate().skip(from) {
                let y = self.mul(x, g);
                if new[y as usize] == u32::MAX {
                    new[y as usize] = order.len() as u32;
                    let mut word = words[next].clone();
                    word[k] += 1;
                    words.push(word);
                    last.push(k);
                    order.push(y);
                }
            }
            next += 1;
        }
        assert_eq!(order.len(), self.len, "the generators reach every element");
        let monoid = Monoid::from_fn(self.len, |a, b| {
            new[self.mul(order[a as usize], order[b as usize]) as usize]
        });
        (monoid, new, words)
    }
}

/// A direct product of a [`Monoid`] and cyclic monoids `C(t, p)`: an element is a tuple,
/// the base's element then an exponent in `0..t + p` for each cyclic part, numbered in mixed
/// radix (the base's element the lowest digit), and multiplied part by part.
#[derive(Clone, Debug)]
pub struct Product {
    base: Monoid,
    /// Each cyclic part's `(t, p)`.
    cyclic: Vec<(u32, u32)>,
    len: usize,
}

impl Product {
    /// The product of `base` and the cyclic monoids `cyclic`, each `(t, p)` with `p >= 1`;
    /// `None` if it would have more than `max_len` elements.
    ///
    /// # Complexity
    /// O(parts).
    pub fn new(base: Monoid, cyclic: Vec<(u32, u32)>, max_len: usize) -> Option<Product> {
        let mut len = base.len();
        for &(t, p) in &cyclic {
            assert!(p >= 1, "a cyclic monoid has a period");
            len = len
                .checked_mul((t + p) as usize)
                .filter(|&l| l <= max_len)?;
        }
        Some(Product { base, cyclic, len })
    }

    /// The number of elements.
    ///
    /// # Complexity
    /// O(1).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the product is the identity alone.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.len == 1
    }

    /// The element whose base part is `x` and whose cyclic part `k` has exponent `e[k]`.
    ///
    /// # Complexity
    /// O(parts).
    pub fn element(&self, x: u32, e: &[u32]) -> u32 {
        let mut id = 0;
        for (&(t, p), &e) in self.cyclic.iter().zip(e).rev() {
            id = id * (t + p) + e;
        }
        id * self.base.len() as u32 + x
    }

    /// The generator of cyclic part `k`.
    ///
    /// # Complexity
    /// O(parts).
    pub fn cyclic_generator(&self, k: usize) -> u32 {
        let mut e = vec![0; self.cyclic.len()];
        e[k] = 1;
        self.element(0, &e)
    }

    /// The product `xy`.
    ///
    /// # Complexity
    /// O(parts).
    pub fn mul(&self, x: u32, y: u32) -> u32 {
        let b = self.base.len() as u32;
        let (mut x_rest, mut y_rest) = (x / b, y / b);
        let mut id = self.base.mul(x % b, y % b);
        let mut unit = b;
        for &(t, p) in &self.cyclic {
            let (xe, ye) = (x_rest % (t + p), y_rest % (t + p));
            x_rest /= t + p;
            y_rest /= t + p;
            let mut e = xe + ye;
            if e >= t + p {
                e = t + (e - t) % p;
            }
            id += e * unit;
            unit *= t + p;
        }
        id
    }
}

/// The classes of indistinguishable elements of a monoid of `len` elements generated by
/// `gens` (`mul(x, g)` gives `xg`), given the set `p` (`p[x]`): `x ~ y` when `xz` and `yz`
/// are both in `p` or both out of it for every product `z` of generators. Returns each
/// element's class and the number of classes, the identity's class 0, the others numbered
/// by their first element.
///
/// # Complexity
/// O(len x gens) a round, at most `classes` rounds (Moore's refinement).
///
/// ```
/// use lab::monoids::{reduce, Monoid};
/// // Z/4 under addition, P = {1, 3}: the odd elements and the even ones.
/// let z4 = Monoid::from_fn(4, |x, y| (x + y) % 4);
/// let (class, count) = reduce(4, |x, g| z4.mul(x, g), &[1], &[false, true, false, true]);
/// assert_eq!((class, count), (vec![0, 1, 0, 1], 2));
/// ```
pub fn reduce(
    len: usize,
    mul: impl Fn(u32, u32) -> u32,
    gens: &[u32],
    p: &[bool],
) -> (Vec<u32>, usize) {
    let mut class: Vec<u32> = p.iter().map(|&in_p| u32::from(in_p)).collect();
    let mut count = 0;
    loop {
        let mut keys: HashMap<Vec<u32>, u32> = HashMap::new();
        let mut next = vec![0u32; len];
        let mut key = Vec::with_capacity(gens.len() + 1);
        // The identity's class is met first, so numbered 0.
        for x in 0..len {
            key.clear();
            key.push(class[x]);
            key.extend(gens.iter().map(|&g| class[mul(x as u32, g) as usize]));
            let fresh = keys.len() as u32;
            next[x] = *keys.entry(key.clone()).or_insert(fresh);
        }
        class = next;
        if keys.len() == count {
            return (class, count);
        }
        count = keys.len();
    }
}
