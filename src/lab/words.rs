//! Walks over sums of heaps ("words": a sum as the number of each heap in it), for the
//! misère quotients of `quotients`: the least word of each element of a candidate, which
//! gives the candidate its P-set ([`mark`]), and the check that a candidate predicts every
//! sum ([`first_failure`]).
//!
//! **Why a candidate that passes predicts every sum.** Words are sums of heaps, compared by
//! the count of the largest heap first, then the next: every option of a word (a heap
//! replaced by smaller ones) comes before it. A candidate `(M, phi, P)` is *consistent at*
//! a word `w` when `phi(w)` is in P exactly when `w` has options and none of them maps into
//! P. If it is consistent at every word, it predicts every outcome (by induction along the
//! order, options first), and the quotient is `M` with its indistinguishable elements
//! merged. Consistency is decided on finitely many states: the outcome check at `w` needs
//! only `(phi(w), O(w))`, `O(w)` the elements of `w`'s options, and adding heap `j` takes
//! that state to `(phi(w) a_j, O(w) a_j ∪ phi(w) T_j)`, `T_j` the elements of heap `j`'s
//! options. A state with more options than another of the same element cannot fail where
//! the smaller one passes (more options, more chances of one in P), so [`first_failure`]
//! walks the words in order, prunes states that contain another's options, and checks
//! separately that no word in P has an option in P (for every element `x` and heap `j`
//! with `x a_j` in P, no `x t` in P for `t` in `T_j`). The first failing word, if any, is
//! then wrongly predicted itself, its options rightly: the recalibration's target.
//! Layer 1: uses `monoids`.

use crate::monoids::Monoid;

/// The options of heap `n`, for each `n` from 0: each option the parts it leaves, every
/// part below `n` (an empty list: the heap is taken away).
pub type Options = Vec<Vec<u32>>;

/// A set of elements, as bits.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; (len + 63) / 64])
    }

    fn insert(&mut self, x: u32) {
        self.0[x as usize / 64] |= 1 << (x % 64);
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn is_subset(&self, other: &Bits) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }

    fn meets(&self, other: &Bits) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        (self.0.iter().enumerate()).flat_map(|(i, &w)| {
            let mut rest = w;
            std::iter::from_fn(move || {
                let b = rest.trailing_zeros();
                rest &= rest.wrapping_sub(1);
                (b < 64).then(|| i as u32 * 64 + b)
            })
        })
    }
}

/// A monoid of `len` elements multiplied by `mul`, and a heap map into it: what the walks
/// over words need.
struct Words<'a> {
    len: usize,
    mul: &'a dyn Fn(u32, u32) -> u32,
    /// The heaps that matter, one of each distinct `(element, option elements)`, the least
    /// heap of each (a heap with no option is the identity and never matters): the heap,
    /// its element, its options' elements.
    kinds: Vec<(usize, u32, Vec<u32>)>,
    /// Each kind's product by every element, `x a`, tabulated.
    acts: Vec<Vec<u32>>,
    heaps: usize,
}

impl<'a> Words<'a> {
    fn new(
        len: usize,
        mul: &'a dyn Fn(u32, u32) -> u32,
        heaps: &[u32],
        options: &[Options],
    ) -> Words<'a> {
        let mut kinds: Vec<(usize, u32, Vec<u32>)> = Vec::new();
        for (j, &a) in heaps.iter().enumerate() {
            let mut moves: Vec<u32> = (options[j].iter())
                .map(|parts| (parts.iter()).fold(0, |x, &h| mul(x, heaps[h as usize])))
                .collect();
            moves.sort_unstable();
            moves.dedup();
            if !moves.is_empty() && !kinds.iter().any(|(_, b, m)| *b == a && *m == moves) {
                kinds.push((j, a, moves));
            }
        }
        let acts = (kinds.iter())
            .map(|&(_, a, _)| (0..len as u32).map(|x| mul(x, a)).collect())
            .collect();
        Words {
            len,
            mul,
            kinds,
            acts,
            heaps: heaps.len(),
        }
    }

    /// The state after adding a heap of kind `k` to a word of element `x` whose options'
    /// elements are `options`.
    fn add(&self, x: u32, options: &Bits, k: usize) -> (u32, Bits) {
        let (act, moves) = (&self.acts[k], &self.kinds[k].2);
        let mut next = Bits::new(self.len);
        options.iter().for_each(|o| next.insert(act[o as usize]));
        moves.iter().for_each(|&t| next.insert((self.mul)(x, t)));
        (act[x as usize], next)
    }

    /// The word of exponents of kinds `word`, as exponents of heaps.
    fn heap_word(&self, word: &[u32]) -> Vec<u32> {
        let mut heaps = vec![0; self.heaps];
        for (k, &e) in word.iter().enumerate() {
            heaps[self.kinds[k].0] = e;
        }
        heaps
    }

    /// Walks the words in order (module doc), each with its element and its options'
    /// elements: `walker.visit` each word not cut off, `walker.prune` each word made by
    /// adding a heap (true: neither it nor the words with more of that heap are walked).
    /// Stops when `visit` says so.
    fn walk(&self, walker: &mut dyn Walker) {
        let mut word = vec![0; self.kinds.len()];
        self.level(self.kinds.len(), 0, Bits::new(self.len), &mut word, walker);
    }

    /// Walks the words that add heaps of the kinds below `level` to `word`, of element `x`
    /// and options `options`; true when the walk stops.
    fn level(
        &self,
        level: usize,
        x: u32,
        options: Bits,
        word: &mut [u32],
        walker: &mut dyn Walker,
    ) -> bool {
        if level == 0 {
            return walker.visit(x, &options, word);
        }
        let (mut x, mut options) = (x, options);
        loop {
            if self.level(level - 1, x, options.clone(), word, walker) {
                return true;
            }
            let (next, next_options) = self.add(x, &options, level - 1);
            word[level - 1] += 1;
            if walker.prune(next, &next_options) {
                word[level - 1] = 0;
                return false;
            }
            (x, options) = (next, next_options);
        }
    }
}

/// What a walk over words does at each one.
trait Walker {
    /// Whether to cut off the word just made (of element `x`, options `options`).
    fn prune(&mut self, x: u32, options: &Bits) -> bool;
    /// Visits a word; true stops the walk.
    fn visit(&mut self, x: u32, options: &Bits, word: &[u32]) -> bool;
}

/// The least word of each element, and the outcome it gives: the words walked are cut off
/// at an element already reached, by a word before them.
struct Least {
    p: Vec<bool>,
    seen: Vec<bool>,
    words: Vec<Vec<u32>>,
}

impl Walker for Least {
    fn prune(&mut self, x: u32, _: &Bits) -> bool {
        self.seen[x as usize]
    }

    fn visit(&mut self, x: u32, options: &Bits, word: &[u32]) -> bool {
        self.seen[x as usize] = true;
        self.p[x as usize] = !options.is_empty() && options.iter().all(|y| !self.p[y as usize]);
        self.words[x as usize] = word.to_vec();
        false
    }
}

/// The least word's outcome of each element, and the least word of each (as exponents of
/// kinds).
fn least(words: &Words) -> Least {
    let mut least = Least {
        p: vec![false; words.len],
        seen: vec![false; words.len],
        words: vec![Vec::new(); words.len],
    };
    words.walk(&mut least);
    least
}

/// The search for the least word whose element is not in P although it has options and
/// none of them is in P: the states kept are the least option sets of each element.
struct Unmatched<'a> {
    p: &'a Bits,
    p_of: &'a [bool],
    kept: Vec<Vec<Bits>>,
    words: &'a Words<'a>,
    before: Option<&'a [u32]>,
    found: Option<Vec<u32>>,
}

impl Walker for Unmatched<'_> {
    fn prune(&mut self, x: u32, options: &Bits) -> bool {
        let kept = &mut self.kept[x as usize];
        if kept.iter().any(|k| k.is_subset(options)) {
            return true;
        }
        kept.retain(|k| !options.is_subset(k));
        kept.push(options.clone());
        false
    }

    fn visit(&mut self, x: u32, options: &Bits, word: &[u32]) -> bool {
        let failing = !self.p_of[x as usize] && !options.is_empty() && !options.meets(self.p);
        if failing || self.before.is_some() {
            let heaps = self.words.heap_word(word);
            if self.before.map_or(false, |b| !before(&heaps, b)) {
                return true;
            }
            if failing {
                self.found = Some(heaps);
                return true;
            }
        }
        false
    }
}

/// Whether the word `a` comes before `b` (both exponents of heaps; the largest heap first).
fn before(a: &[u32], b: &[u32]) -> bool {
    let len = a.len().max(b.len());
    let at = |w: &[u32], j: usize| w.get(j).copied().unwrap_or(0);
    (0..len)
        .rev()
        .map(|j| (at(a, j), at(b, j)))
        .find(|(x, y)| x != y)
        .map_or(false, |(x, y)| x < y)
}

/// The first word (module doc) at which the candidate `monoid`, with the P-set `p` and the
/// heap map `heaps` (heap 0 first), is not consistent with the heaps' `options`, as the
/// exponents of the heaps; `None` if there is none: the candidate then predicts the outcome
/// of every sum of these heaps, by the induction of the module doc.
///
/// # Complexity
/// The states the check keeps (at most the elements times their option sets), times the
/// heaps of distinct kinds; O(len x kinds) more for the words in P.
///
/// # Panics
/// If `options` and `heaps` differ in length, or a part is not below its heap.
pub fn first_failure(
    monoid: &Monoid,
    p: &[bool],
    heaps: &[u32],
    options: &[Options],
) -> Option<Vec<u32>> {
    assert_eq!(heaps.len(), options.len(), "a heap map for every heap");
    let mul = |x: u32, y: u32| monoid.mul(x, y);
    let words = Words::new(monoid.len(), &mul, heaps, options);
    if p[0] {
        return Some(vec![0; heaps.len()]);
    }
    // A word in P with an option in P: the least is the least word of x, plus heap j (x
    // reached by a word: the heaps need not generate the whole monoid).
    let least = least(&words);
    let mut found: Option<Vec<u32>> = None;
    for x in (0..monoid.len() as u32).filter(|&x| least.seen[x as usize]) {
        for (k, (_, a, moves)) in words.kinds.iter().enumerate() {
            if p[mul(x, *a) as usize] && moves.iter().any(|&t| p[mul(x, t) as usize]) {
                let mut word = least.words[x as usize].clone();
                word[k] += 1;
                let word = words.heap_word(&word);
                if found.as_ref().map_or(true, |f| before(&word, f)) {
                    found = Some(word);
                }
            }
        }
    }
    // A word not in P with options, none in P: the least, if before the first above.
    let mut p_bits = Bits::new(monoid.len());
    (0..monoid.len() as u32)
        .filter(|&x| p[x as usize])
        .for_each(|x| p_bits.insert(x));
    let mut unmatched = Unmatched {
        p: &p_bits,
        p_of: p,
        kept: vec![Vec::new(); monoid.len()],
        words: &words,
        before: found.as_deref(),
        found: None,
    };
    words.walk(&mut unmatched);
    unmatched.found.or(found)
}

/// The P-set of a monoid of `len` elements under the heap map `heaps`, each element's
/// outcome that of its least word.
pub(crate) fn mark(
    len: usize,
    mul: &dyn Fn(u32, u32) -> u32,
    heaps: &[u32],
    options: &[Options],
) -> Vec<bool> {
    least(&Words::new(len, mul, heaps, options)).p
}
