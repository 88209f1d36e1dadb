//! The lab in misère play (whoever moves last loses), for heap games whose moves go to
//! sums of heaps (take-and-break): [`analyse`] computes, from the rules, for the heaps
//! `1..=N`:
//!
//! - the **genus** of each heap, Conway's `g^(g0 g1 ...)`: `g` its normal Grundy value,
//!   `gi` the misère Grundy value of the heap plus `i` nim-heaps of 2 (the least `k` for
//!   which that sum plus a nim-heap of `k` is a misère P-position). It comes from the
//!   quotient of the game's heaps and the nim-heaps `*1 .. *m` together, for the heaps that
//!   quotient reaches.
//! - whether the game is **tame**: every sum of heaps plays as Nim, a P-position exactly when
//!   the XOR of the normal values is 1 if every heap is *fickle*, 0 if one is *firm*. A heap
//!   of value 2 or more is firm (a nim-heap of 2 or more); of value 0 or 1, firm when alone
//!   it plays as `*2 + *2` or `*2 + *3` (lost with value 0, won with 1), else fickle (as
//!   `*0`, `*1`). With no firm heap of value below 2 this is misère Nim's rule on the normal
//!   values. The rule is checked as a candidate quotient (`words::first_failure`), so
//!   "tame up to N" is proved for every sum of heaps up to N, and the first sum it gets
//!   wrong, if any, is named.
//! - the **misère quotient** of the heaps (`quotients`): its elements, products, P-set and
//!   heap map, exact for every sum of heaps up to the last heap computed.
//! - the heap map's **period**, as a nim sequence's. It is *proved* for every heap by the
//!   periodicity theorem below when the game declares an octal code or a finite
//!   subtraction set ([`Family`], checked on every heap computed); else it holds for the
//!   heaps computed only.
//!
//! **The periodicity theorem** (Plambeck and Siegel's, for quotients; here with its proof).
//! Let every move of heap `n > t` take `k <= t` tokens and leave one heap `n - k` or two
//! nonempty heaps summing to `n - k`, the same `k` and kinds for every such `n` (an octal
//! code of `t` digits, a subtraction set of largest move `t`). Let a candidate `(M, phi, P)`
//! be consistent with the heaps `1..=N` (as the quotient of those heaps is), and
//! `phi(n + p) = phi(n)` for `n0 <= n <= N - p`, with `N >= 2 n0 + 2p + t - 1` (`n0 >= 1`).
//! Extend `phi` by the period. For `n > N` the options of heap `n` then have the elements
//! of heap `n - p`'s: a heap `n - k` pairs with `n - p - k`; a split `(a, b)`, `a <= b`, has
//! `b >= (n - t) / 2 >= n0 + p`, so it pairs with `(a, b - p)`, and back, a split `(a, b)`
//! of `n - p - k` has `b >= n0` and pairs with `(a, b + p)`. So heap `n` adds to every word
//! what heap `n - p` adds, the states of every sum of heaps are those of sums of heaps up
//! to `N`, the candidate is consistent with every heap, and it predicts every sum. For the
//! quotient (reduced, onto), it is then the quotient of all the heaps.
//!
//! Layer 3: uses `rules`, `tables`, `monoids`, `words`, `quotients` and `periods`.

use crate::monoids::Monoid;
use crate::periods::{first_tail_period, Period};
use crate::quotients::{GaveUp, Limits, Quotient, Quotients};
use crate::rules::{normal_form, Family, Heap, Moves, Parts};
use crate::tables::{RuleError, Table, Values};
use crate::words::{first_failure, Options};
use std::fmt;

/// What [`analyse`] found of a game's heaps `1..=N` in misère play.
#[derive(Clone, Debug)]
pub struct Misere {
    /// `N`, the last heap asked.
    pub heaps: usize,
    /// The normal Grundy values of the heaps `0..=N`.
    pub grundy: Vec<u32>,
    /// The options of each heap `0..=N`, each as the heaps it leaves.
    pub options: Vec<Options>,
    /// The family the game declared, checked on every heap.
    pub family: Family,
    /// The misère quotient of the heaps `0..=reached`.
    pub quotient: Quotient,
    /// Why the quotient stopped before `N`, if it did.
    pub gave_up: Option<GaveUp>,
    /// The seconds the quotient took.
    pub seconds: f64,
    /// What each heap's step took: whether it joined as an element already there, the
    /// candidates checked.
    pub steps: Vec<(bool, usize)>,
    /// Whether each heap `0..=N` is firm (see the module doc).
    pub firm: Vec<bool>,
    /// The first sum of heaps the tame rule gets wrong, if any.
    pub wild: Option<Wild>,
    /// The genus of the heaps `0..` the genus's quotient reached.
    pub genus: Vec<Genus>,
    /// The period of the heap map, if one is found within the heaps computed.
    pub period: Option<Period>,
    /// The period of the pairs (value, firm), if the game is tame.
    pub tame_period: Option<Period>,
}

impl Misere {
    /// The last heap the quotient covers.
    ///
    /// # Complexity
    /// O(1).
    pub fn reached(&self) -> usize {
        self.quotient.heaps.len() - 1
    }

    /// The first heap of the first sum the tame rule gets wrong: the game is tame for every
    /// sum of heaps below it, and wild from it. `None`: tame up to `N`.
    ///
    /// # Complexity
    /// O(N).
    pub fn first_wild_heap(&self) -> Option<usize> {
        (self.wild.as_ref()).map(|w| w.sum.iter().rposition(|&e| e > 0).unwrap_or(0))
    }

    /// The certificate of the periodicity theorem (module doc) for a period `period` of a
    /// heap map consistent up to heap `last`, or why it does not apply.
    ///
    /// # Complexity
    /// O(1).
    pub fn period_proof(&self, period: Period, last: usize) -> Result<Vec<String>, String> {
        let t = match &self.family {
            Family::Subtraction(moves) => *moves.iter().max().unwrap_or(&1) as usize,
            Family::Unknown => return Err("no family declared".to_string()),
            Family::Residues(_) => {
                return Err("an infinite move set: the theorem needs a largest move".to_string())
            }
            // An octal game, however it is declared: any parts, finitely many counts.
            family => match family.take_break() {
                Some(Ok(game)) if game.from.is_some() => {
                    return Err("counts without end: the theorem needs a largest move".into())
                }
                Some(Ok(game)) if game.parts != Parts::ANY => {
                    return Err("a condition on the parts: the theorem is proved for any \
                                parts (an octal game) only"
                        .into())
                }
                Some(Ok(game)) => game.takes.iter().map(|&(k, _)| k).max().unwrap_or(1) as usize,
                Some(Err(why)) => return Err(why),
                None => return Err("no family the theorem knows".to_string()),
            },
        };
        let (n0, p) = (period.start.max(1), period.period);
        let needed = 2 * n0 + 2 * p + t - 1;
        if last < needed {
            return Err(format!(
                "the theorem needs the heaps up to 2 n0 + 2p + t - 1 = {} (n0 = {}, p = {}, \
                 t = {}), and {} were computed",
                needed, n0, p, t, last
            ));
        }
        Ok(vec![format!(
            "the periodicity theorem (lab::misere): every move takes at most t = {t} tokens \
             ({:?}, checked on every heap up to {}), and the heaps up to 2 n0 + 2p + t - 1 = \
             {needed} (n0 = {n0}, p = {p}) are computed: so for every heap",
            self.family, self.heaps
        )])
    }
}

/// The first sum of heaps (in the order of `quotients`) that the tame rule gets wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wild {
    /// The sum, as the number of each heap in it, heap 0 first.
    pub sum: Vec<u32>,
    /// Whether the rule says the player to move loses it (they win it).
    pub rule_says_lost: bool,
}

/// Conway's genus of a heap: its normal value `g` and the misère Grundy values `g0 g1 ...`
/// of it plus 0, 1, 2 ... nim-heaps of 2, written until they alternate (the last two
/// repeat for ever). `None` for a value above the nim-heaps the computation held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// The normal Grundy value.
    pub g: u32,
    /// The exponents written.
    pub exponents: Vec<Option<u32>>,
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let small = self.exponents.iter().all(|e| e.map_or(true, |e| e < 10));
        let shown: Vec<String> = (self.exponents.iter())
            .map(|e| e.map_or("?".to_string(), |e| e.to_string()))
            .collect();
        match small {
            true => write!(f, "{}^{}", self.g, shown.concat()),
            false => write!(f, "{}^({})", self.g, shown.join(",")),
        }
    }
}

/// How far the lab goes: the quotient's limits, the last heap whose genus is computed and
/// the limits of the quotients with nim-heaps that give it.
#[derive(Clone, Copy, Debug)]
pub struct Reach {
    /// The limits of the game's quotient.
    pub limits: Limits,
    /// The last heap whose genus is computed.
    pub genus: usize,
    /// The limits of each quotient with nim-heaps.
    pub genus_limits: Limits,
}

impl Default for Reach {
    fn default() -> Reach {
        Reach {
            limits: Limits::default(),
            genus: 40,
            genus_limits: Limits {
                candidate: 1 << 12,
                quotient: 400,
                candidates: 40,
            },
        }
    }
}

/// The options of the heaps `0..=heaps` of `game`, each as the nonzero heaps it leaves,
/// sorted, each once.
fn options_of<G: Heap + ?Sized>(game: &G, heaps: usize) -> Vec<Options> {
    let (mut to, mut singles, mut sums) = (Moves::default(), Vec::new(), Vec::new());
    (0..=heaps as u64)
        .map(|n| {
            to.clear();
            game.moves(n, &mut to);
            normal_form(&to, &mut singles, &mut sums);
            let single = singles.iter().map(|&m| match m {
                0 => Vec::new(),
                m => vec![m as u32],
            });
            let split = sums.iter().map(|s| s.iter().map(|&m| m as u32).collect());
            single.chain(split).collect()
        })
        .collect()
}

/// The misère analysis of `game`'s heaps `1..=heaps` (module doc), as far as `reach` goes.
///
/// # Complexity
/// The quotients' (see `quotients::Quotients::add_heap`): from milliseconds for small
/// quotients to the limits' worth for large ones; the tame check's walk.
///
/// # Errors
/// The rules' [`RuleError`], if they break a law of [`Heap`] (a move that does not go down,
/// a declared family that lists other moves).
pub fn analyse<G: Heap + ?Sized>(
    game: &G,
    heaps: usize,
    reach: Reach,
) -> Result<Misere, RuleError> {
    let table = Table::heaps(game, heaps + 1, Values::Grundy)?;
    let grundy = table.values().to_vec();
    let options = options_of(game, heaps);
    let mut quotients = Quotients::new(reach.limits);
    let mut gave_up = None;
    for heap_options in options.iter().skip(1) {
        if let Err(e) = quotients.add_heap(heap_options.clone()) {
            gave_up = Some(e);
            break;
        }
    }
    let quotient = quotients.quotient();
    let steps = (quotients.steps().iter())
        .map(|s| (s.conservative, s.candidates))
        .collect();
    let (firm, wild) = tame(&grundy, &options);
    let elements: Vec<u32> = quotient.heaps.clone();
    let period = first_tail_period(&elements, (elements.len() / 2).max(1), |p| {
        2 * (p.start + p.period) <= elements.len() && elements.len() - p.start >= 2 * p.period
    });
    let tame_period = match wild {
        Some(_) => None,
        None => {
            let pairs: Vec<(u32, bool)> =
                grundy.iter().copied().zip(firm.iter().copied()).collect();
            first_tail_period(&pairs, (pairs.len() / 2).max(1), |p| {
                2 * (p.start + p.period) <= pairs.len()
            })
        }
    };
    let genus = genus(&grundy, &options, reach);
    Ok(Misere {
        heaps,
        grundy,
        options,
        family: table.family().clone(),
        quotient,
        gave_up,
        seconds: quotients.seconds(),
        steps,
        firm,
        wild,
        genus,
        period,
        tame_period,
    })
}

/// Each heap's firmness, and the first sum of heaps the tame rule gets wrong (module doc).
fn tame(grundy: &[u32], options: &[Options]) -> (Vec<bool>, Option<Wild>) {
    let values = grundy
        .iter()
        .max()
        .map_or(1, |&g| (g + 1).next_power_of_two());
    // Elements: value + values * firm; the product XORs the values and ORs the firmness.
    let monoid = Monoid::from_fn(2 * values as usize, |x, y| {
        ((x % values) ^ (y % values)) + values * ((x / values) | (y / values))
    });
    let p: Vec<bool> = (0..2 * values).map(|x| x == 1 || x == values).collect();
    let mut heaps = Vec::with_capacity(grundy.len());
    let mut firm = Vec::with_capacity(grundy.len());
    for (n, moves) in options.iter().enumerate() {
        // Alone, heap n is lost when it has options and the rule says none of them is.
        let lost = !moves.is_empty()
            && moves.iter().all(|parts| {
                let x = (parts.iter()).fold(0, |x, &h| monoid.mul(x, heaps[h as usize]));
                !p[x as usize]
            });
        let g = grundy[n];
        let is_firm = g >= 2 || lost == (g == 0);
        firm.push(is_firm);
        heaps.push(g + values * u32::from(firm[n]));
    }
    let wild = first_failure(&monoid, &p, &heaps, options).map(|sum| {
        let x = (sum.iter().enumerate())
            .flat_map(|(h, &e)| std::iter::repeat(heaps[h]).take(e as usize))
            .fold(0, |x, a| monoid.mul(x, a));
        Wild {
            rule_says_lost: p[x as usize],
            sum,
        }
    });
    (firm, wild)
}

/// The genus of the heaps `0..=reach.genus` (as far as computed). A genus needs the
/// misère Grundy values of a heap plus nim-heaps of 2, and each needs nim-heaps `*k` up to
/// it: the quotient of the heaps and the nim-heaps `*1 .. *m` gives them for values up to
/// `m`, and can grow without end where the game's quotient does not (0.75 with `*4`). So it
/// is computed for `m = 3`, then 7, 15... up to twice the largest normal value (at least 3),
/// each within `genus_limits`, and each heap keeps the values of the largest `m` that reached
/// it.
fn genus(grundy: &[u32], options: &[Options], reach: Reach) -> Vec<Genus> {
    let last = reach.genus.min(grundy.len() - 1);
    let top = grundy[..=last].iter().copied().max().unwrap_or(0);
    let mut genus: Vec<Genus> = Vec::new();
    let mut m = 3;
    loop {
        let found = genus_with(grundy, &options[..=last], m, reach.genus_limits);
        for (n, g) in found.into_iter().enumerate() {
            match genus.get_mut(n) {
                Some(old) => *old = g,
                None => genus.push(g),
            }
        }
        if m > 2 * top {
            return genus;
        }
        m = 2 * m + 1;
    }
}

/// The genus of each heap of `options` that the quotient with the nim-heaps `*1 .. *m`
/// reaches within `limits`, heap 0 first (values past `m` unknown).
fn genus_with(grundy: &[u32], options: &[Options], m: u32, limits: Limits) -> Vec<Genus> {
    // Generators: *1 .. *m, then the heaps (heap n is generator m + n).
    let mut quotients = Quotients::new(limits);
    for k in 1..=m {
        let nim: Options = (0..k)
            .map(|j| if j == 0 { vec![] } else { vec![j] })
            .collect();
        if quotients.add_heap(nim).is_err() {
            return Vec::new();
        }
    }
    let mut reached = 0;
    for heap_options in options.iter().skip(1) {
        let shifted = (heap_options.iter())
            .map(|parts| parts.iter().map(|&h| h + m).collect())
            .collect();
        if quotients.add_heap(shifted).is_err() {
            break;
        }
        reached += 1;
    }
    let q = quotients.quotient();
    let nim = |k: u32| match k {
        0 => 0,
        k => q.heaps[k as usize],
    };
    (0..=reached)
        .map(|n| {
            let heap = if n == 0 { 0 } else { q.heaps[m as usize + n] };
            // g_i: the k with heap + i (*2) + *k in P; the elements repeat, and so do they.
            let mut seen: Vec<u32> = Vec::new();
            let mut x = heap;
            while !seen.contains(&x) {
                seen.push(x);
                x = q.monoid.mul(x, nim(2));
            }
            let cycle_start = seen.iter().position(|&y| y == x).unwrap();
            let value = |x: u32| (0..=m).find(|&k| q.p[q.monoid.mul(x, nim(k)) as usize]);
            let values: Vec<Option<u32>> = seen.iter().map(|&x| value(x)).collect();
            Genus {
                g: grundy[n],
                exponents: written(&values, cycle_start),
            }
        })
        .collect()
}

/// The terms of the sequence `values`, repeating from `cycle_start` to its end for ever,
/// written until they alternate: the last two written repeat for ever.
fn written(values: &[Option<u32>], cycle_start: usize) -> Vec<Option<u32>> {
    let cycle = values.len() - cycle_start;
    let at = |i: usize| match i < values.len() {
        true => values[i],
        false => values[cycle_start + (i - cycle_start) % cycle],
    };
    // Written to the least k + 2 with g(i + 2) = g(i) from k on (a constant tail too: two
    // equal terms), so that the last two always repeat; a longer cycle (Conway proves none),
    // written whole.
    let far = values.len() + 2 * cycle + 2;
    match (0..far).find(|&k| (k..far).all(|i| at(i + 2) == at(i))) {
        Some(k) => (0..k + 2).map(at).collect(),
        None => (0..values.len()).map(at).collect(),
    }
}
