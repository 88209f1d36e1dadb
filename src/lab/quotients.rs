//! Misère quotients of heap games (Plambeck and Siegel): the sums of heaps `1..=N` of a game
//! whose moves take a heap to a sum of smaller ones, modulo indistinguishability (`X ~ Y`
//! when `X + Z` and `Y + Z` have the same misère outcome for every sum `Z`), form a
//! commutative monoid `Q`; its P-set holds the images of the P-positions (the player to
//! move loses, whoever moves last loses), and the heap map `phi` sends each heap to its
//! element. A sum is a P-position exactly when the product of its heaps' elements is in P.
//!
//! [`Quotients`] computes `Q` heap by heap, as Siegel's MisereSolver does: heap `n` joins
//! the quotient of the heaps below it, first as an element already there (a conservative
//! extension), else as a new cyclic generator; each candidate's P-set comes from the least
//! word (in the order below) of each element, and the candidate is reduced (its
//! indistinguishable elements merged) and then checked by [`first_failure`]. A failure
//! makes a finer candidate, some heaps of the failing word freed as generators of their own,
//! until one passes.
//!
//! Why a candidate that passes is the quotient: see `words`, which checks it.
//! Layer 2: uses `monoids` and `words`.

use crate::monoids::{reduce, Monoid, Product};
pub use crate::words::Options;
use crate::words::{first_failure, mark};
use std::time::Instant;

/// A misère quotient of the heaps `0..=N`: the monoid, its P-set, and each heap's element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotient {
    /// The monoid, elements numbered by [`Monoid::canonical`] over the generators.
    pub monoid: Monoid,
    /// `p[x]`: whether the sums of element `x` are lost to the player to move.
    pub p: Vec<bool>,
    /// `heaps[n]`: the element of heap `n` (the identity for heaps with no move).
    pub heaps: Vec<u32>,
    /// The generators: the elements of the heaps `generator_heaps`, each the first heap whose
    /// element the ones before it do not generate.
    pub generators: Vec<u32>,
    /// The heap of each generator.
    pub generator_heaps: Vec<usize>,
    /// Each element's least word, as exponents of the generators.
    pub words: Vec<Vec<u32>>,
}

impl Quotient {
    /// Whether the sum of `heaps` (each at most the last heap computed) is lost to the player
    /// to move.
    ///
    /// # Complexity
    /// O(heaps).
    ///
    /// # Panics
    /// If a heap is past the last one computed.
    pub fn is_p(&self, heaps: &[usize]) -> bool {
        let x = (heaps.iter()).fold(0, |x, &h| self.monoid.mul(x, self.heaps[h]));
        self.p[x as usize]
    }

    /// The name of element `x`: `1`, or its word, as `ab^2c`.
    ///
    /// # Complexity
    /// O(generators).
    pub fn name(&self, x: u32) -> String {
        let mut name = String::new();
        for (k, &e) in self.words[x as usize].iter().enumerate() {
            let letter = generator_name(k);
            match e {
                0 => {}
                1 => name += &letter,
                e if letter.len() > 1 => name += &format!("({})^{}", letter, e),
                e => name += &format!("{}^{}", letter, e),
            }
        }
        if name.is_empty() {
            name.push('1');
        }
        name
    }
}

/// The name of generator `k`: `a` to `z`, then `g26`, `g27`...
///
/// # Complexity
/// O(1).
pub fn generator_name(k: usize) -> String {
    match k {
        0..=25 => ((b'a' + k as u8) as char).to_string(),
        _ => format!("g{}", k),
    }
}

/// What the computation of one heap took.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    /// Whether the heap joined as an element already there.
    pub conservative: bool,
    /// The candidates checked.
    pub candidates: usize,
    /// The largest candidate built, in elements.
    pub largest: usize,
}

/// Why the quotient of a heap was not found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GaveUp {
    /// The heap.
    pub heap: usize,
    /// Why.
    pub why: String,
}

/// The limits of a computation: past them, [`Quotients::add_heap`] gives up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most elements of a candidate.
    pub candidate: usize,
    /// The most elements of a quotient.
    pub quotient: usize,
    /// The most candidates for one heap.
    pub candidates: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            candidate: 1 << 15,
            quotient: 2000,
            candidates: 100,
        }
    }
}

/// The quotient of the heaps added so far, heap 0 (the empty heap) first.
#[derive(Clone, Debug)]
pub struct Quotients {
    options: Vec<Options>,
    current: Candidate,
    limits: Limits,
    steps: Vec<Step>,
    started: Instant,
}

/// A candidate: a monoid (reduced), its P-set, each heap's element.
#[derive(Clone, Debug)]
struct Candidate {
    monoid: Monoid,
    p: Vec<bool>,
    heaps: Vec<u32>,
}

impl Quotients {
    /// The quotient of heap 0 alone (the trivial monoid, nothing in P).
    ///
    /// # Complexity
    /// O(1).
    pub fn new(limits: Limits) -> Quotients {
        Quotients {
            options: vec![Vec::new()],
            current: Candidate {
                monoid: Monoid::trivial(),
                p: vec![false],
                heaps: vec![0],
            },
            limits,
            steps: vec![Step {
                conservative: true,
                ..Step::default()
            }],
            started: Instant::now(),
        }
    }

    /// The heaps added, heap 0 included.
    ///
    /// # Complexity
    /// O(1).
    pub fn heaps(&self) -> usize {
        self.options.len()
    }

    /// What each heap's computation took, heap 0 first.
    ///
    /// # Complexity
    /// O(1).
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The seconds since [`Quotients::new`].
    ///
    /// # Complexity
    /// O(1).
    pub fn seconds(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    /// Adds the next heap, whose options are `options` (parts below it); the quotient then
    /// covers it, checked (see the module doc).
    ///
    /// # Complexity
    /// Each candidate: its marking O(len^2 / 64 x heaps), its reduction, its check (the
    /// states the check keeps); at most `limits.candidates` of them.
    ///
    /// # Errors
    /// [`GaveUp`] when a limit is reached; the heaps before stay as they were.
    ///
    /// # Panics
    /// If a part is not below the new heap.
    pub fn add_heap(&mut self, options: Options) -> Result<(), GaveUp> {
        let n = self.options.len();
        assert!(options.iter().flatten().all(|&part| (part as usize) < n));
        self.options.push(options);
        match self.next_candidate(n) {
            Ok((candidate, step)) => {
                self.current = candidate;
                self.steps.push(step);
                Ok(())
            }
            Err(why) => {
                self.options.pop();
                Err(GaveUp { heap: n, why })
            }
        }
    }

    /// The quotient of heap `n` and those below it.
    fn next_candidate(&self, n: usize) -> Result<(Candidate, Step), String> {
        let current = &self.current;
        let mut step = Step::default();
        let moves: Vec<u32> = images(&current.monoid, &current.heaps, &self.options[n]);
        if moves.is_empty() {
            let mut heaps = current.heaps.clone();
            heaps.push(0);
            step.conservative = true;
            return Ok((
                Candidate {
                    heaps,
                    ..current.clone()
                },
                step,
            ));
        }
        // A conservative extension: heap n is some element x already there. A sum y + n
        // in P must have no option y + t in P, which rules most x out at once.
        let (monoid, p) = (&current.monoid, &current.p);
        let alone_p = moves.iter().all(|&t| !p[t as usize]);
        for x in 0..monoid.len() as u32 {
            let sound = |y: u32| {
                !p[monoid.mul(y, x) as usize]
                    || moves.iter().all(|&t| !p[monoid.mul(y, t) as usize])
            };
            if p[x as usize] != alone_p || !(0..monoid.len() as u32).all(sound) {
                continue;
            }
            let mut heaps = current.heaps.clone();
            heaps.push(x);
            let trial = Candidate {
                heaps,
                ..current.clone()
            };
            step.candidates += 1;
            if trial.first_failure(&self.options).is_none() {
                step.conservative = true;
                step.largest = current.monoid.len();
                return Ok((trial, step));
            }
        }
        // Else heap n is a new generator, cyclic of index 2 and period 2 to start.
        let mut trial = self.recalibrated(current, n, &[n], &[2], &mut step)?;
        loop {
            let failure = match trial.first_failure(&self.options) {
                Some(failure) => failure,
                None => return Ok((trial, step)),
            };
            if step.candidates >= self.limits.candidates {
                return Err(format!("{} candidates tried", step.candidates));
            }
            trial = self.recalibrate(&trial, n, &failure, &mut step)?;
        }
    }

    /// A candidate that predicts `failure`'s outcome rightly: the least set of the heaps in
    /// it freed as cyclic generators of their own that does.
    fn recalibrate(
        &self,
        trial: &Candidate,
        n: usize,
        failure: &[u32],
        step: &mut Step,
    ) -> Result<Candidate, String> {
        let wrong = trial.p[phi(trial, failure) as usize];
        let involved: Vec<usize> = (1..=n).filter(|&j| failure[j] > 0).collect();
        for size in 1..=involved.len() {
            for freed in subsets(&involved, size) {
                let index: Vec<u32> = (freed.iter())
                    .map(|&j| {
                        let (t, _) = trial.monoid.powers(trial.heaps[j]);
                        (t as u32).max(failure[j] + 1)
                    })
                    .collect();
                let candidate = match self.recalibrated(trial, n, &freed, &index, step) {
                    Ok(candidate) => candidate,
                    Err(_) => continue,
                };
                if candidate.p[phi(&candidate, failure) as usize] != wrong {
                    return Ok(candidate);
                }
            }
        }
        Err(format!(
            "no candidate predicts the sum of heaps {} rightly",
            shown_word(failure)
        ))
    }

    /// The candidate where the heaps `freed` are cyclic generators of their own, of the
    /// indices `index` and period 2, the others the elements `trial` gives them.
    fn recalibrated(
        &self,
        trial: &Candidate,
        n: usize,
        freed: &[usize],
        index: &[u32],
        step: &mut Step,
    ) -> Result<Candidate, String> {
        let kept: Vec<u32> = (1..trial.heaps.len())
            .filter(|j| !freed.contains(j))
            .map(|j| trial.heaps[j])
            .collect();
        let elements = trial.monoid.generated(&kept);
        let (base, new) = trial.monoid.restrict(&elements);
        let cyclic = index.iter().map(|&t| (t, 2)).collect();
        let product = Product::new(base, cyclic, self.limits.candidate)
            .ok_or_else(|| format!("a candidate over {} elements", self.limits.candidate))?;
        step.candidates += 1;
        step.largest = step.largest.max(product.len());
        let heaps: Vec<u32> = (0..=n)
            .map(|j| match freed.iter().position(|&f| f == j) {
                Some(k) => product.cyclic_generator(k),
                None if self.options[j].is_empty() => 0,
                None => new[trial.heaps[j] as usize],
            })
            .collect();
        let mul = |x: u32, y: u32| product.mul(x, y);
        let p = mark(product.len(), &mul, &heaps, &self.options);
        let candidate = reduced(product.len(), &mul, &heaps, &p);
        if candidate.monoid.len() > self.limits.quotient {
            return Err(format!("a quotient over {} elements", self.limits.quotient));
        }
        Ok(candidate)
    }

    /// The quotient of the heaps added so far, its elements numbered canonically.
    ///
    /// # Complexity
    /// O(len^2 + len x heaps).
    pub fn quotient(&self) -> Quotient {
        canonical(&self.current)
    }
}

/// The elements of `options` in `monoid` under the heap map `heaps`, sorted, each once.
fn images(monoid: &Monoid, heaps: &[u32], options: &Options) -> Vec<u32> {
    let mut images: Vec<u32> = (options.iter())
        .map(|parts| (parts.iter()).fold(0, |x, &h| monoid.mul(x, heaps[h as usize])))
        .collect();
    images.sort_unstable();
    images.dedup();
    images
}

/// The element of the word `word` (exponents of heaps) in `candidate`.
fn phi(candidate: &Candidate, word: &[u32]) -> u32 {
    let mut x = 0;
    for (j, &e) in word.iter().enumerate() {
        for _ in 0..e {
            x = candidate.monoid.mul(x, candidate.heaps[j]);
        }
    }
    x
}

/// The subsets of `items` of `size` elements, in lexicographic order.
fn subsets(items: &[usize], size: usize) -> Vec<Vec<usize>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in subsets(&items[i + 1..], size - 1) {
            rest.insert(0, first);
            all.push(rest);
        }
    }
    all
}

/// A word (the number of each heap in a sum, heap 0 first) as `3 5 5`: its heaps, with
/// repeats.
///
/// # Complexity
/// O(heaps in the sum + word length).
pub fn shown_word(word: &[u32]) -> String {
    let heaps: Vec<String> = (word.iter().enumerate())
        .flat_map(|(j, &e)| std::iter::repeat(j.to_string()).take(e as usize))
        .collect();
    heaps.join(" ")
}

impl Candidate {
    fn first_failure(&self, options: &[Options]) -> Option<Vec<u32>> {
        first_failure(&self.monoid, &self.p, &self.heaps, options)
    }
}

/// The candidate of a monoid of `len` elements (every one a product of heaps), its P-set
/// `p` and heap map `heaps`, with its indistinguishable elements merged.
fn reduced(len: usize, mul: &dyn Fn(u32, u32) -> u32, heaps: &[u32], p: &[bool]) -> Candidate {
    let mut gens: Vec<u32> = heaps.iter().copied().filter(|&a| a != 0).collect();
    gens.sort_unstable();
    gens.dedup();
    let (class, count) = reduce(len, mul, &gens, p);
    let mut first = vec![u32::MAX; count];
    for x in (0..len).rev() {
        first[class[x] as usize] = x as u32;
    }
    let monoid = Monoid::from_fn(count, |a, b| {
        class[mul(first[a as usize], first[b as usize]) as usize]
    });
    Candidate {
        monoid,
        p: first.iter().map(|&x| p[x as usize]).collect(),
        heaps: heaps.iter().map(|&a| class[a as usize]).collect(),
    }
}

/// `candidate` with its elements numbered canonically: by their least words over the
/// generators, each the element of the first heap that the ones before do not generate.
fn canonical(candidate: &Candidate) -> Quotient {
    let monoid = &candidate.monoid;
    let (mut generators, mut generator_heaps) = (Vec::new(), Vec::new());
    let mut reached = monoid.generated(&[]);
    for (j, &a) in candidate.heaps.iter().enumerate() {
        if !reached.contains(&a) {
            generators.push(a);
            generator_heaps.push(j);
            reached = monoid.generated(&generators);
        }
    }
    let (monoid, new, words) = monoid.canonical(&generators);
    let mut p = vec![false; monoid.len()];
    for (x, &in_p) in candidate.p.iter().enumerate() {
        p[new[x] as usize] = in_p;
    }
    Quotient {
        p,
        heaps: candidate.heaps.iter().map(|&a| new[a as usize]).collect(),
        generators: generators.iter().map(|&g| new[g as usize]).collect(),
        generator_heaps,
        words,
        monoid,
    }
}
