//! The theorems of take-and-break games ([`TakeBreak`], octal games among them): the period
//! by Guy and Smith's argument, with the bound each condition on the parts needs
//! ([`period`]), and arithmetic periodicity by a finite test ([`arithmetic`]). Both read
//! Grundy values `g` of heaps `0..N` that the declared game's moves gave.
//!
//! **Periodicity** (Guy and Smith, "The G-values of various games", Proc. Cambridge Philos.
//! Soc. 52 (1956); Winning Ways, ch. 4). Let `t` be the largest count, `L` the least size of
//! a part, and `m = max(e, L)`. If `g(n + p) = g(n)` for every `n` with
//! `e <= n < B = 2m + p + t`, plus `p` more (`B = 2m + 2p + t`) when the parts must be
//! unequal, then `g(n + p) = g(n)` for every `n >= e`. By induction on `M >= B`, the options
//! of `M + p` and of `M` have the same values: a heap left, `M + p - k`, has the value of
//! `M - k >= e`; a split `(a, b)` of `M - k`, `a <= b`, gives `(a, b + p)`, `b >= e`; a
//! split `(a, b)` of `M + p - k` has `b - p >= m`, so gives `(a, b - p)`, legal as
//! `b - p >= L`, unless the parts must differ and `a = b - p`: then `(a - p, a + p)`, as
//! `a = (M - k) / 2 >= m + p`. Octal games are the case `L = 1`, equal parts allowed:
//! their classical range is `e <= n < 2e + p + t`; with `max(e, 1)` here, a split never
//! maps onto an empty part when `e = 0` (two values more than the classical range, as
//! CGSuite's check of take-and-break codes reads too).
//!
//! **Arithmetic periodicity**, a finite test for the games whose counts reach every size
//! from some `c` on, leaving nothing or one heap, and whose splits follow bounded counts
//! (as Lasker's Nim: take any, or split). In the manner of the arithmetic-periodicity
//! theorem of Howse and Nowakowski ("Periodicity and arithmetic-periodicity in hexadecimal
//! games", Theoret. Comput. Sci. 313 (2004)), whose saltus is a power of two; this test's
//! conditions, and its proof below, are the lab's. Let `s = 2^r`, `t` the largest bounded
//! count, `N1 = max(2(e + p) + t + 1, c)`, `M` the largest of `g(0..=e + p)`, `low(v) = v
//! mod s`. Conditions, all on `g(0..N1 + p)`:
//! 1. `g(n + p) = g(n) + s` for `e <= n < N1`;
//! 2. `g(N) > M` for `N1 <= N < N1 + p`;
//! 3. the values below `s`, and `v + s` for each `v` that the moves of any count reach
//!    below `e` (0 for a whole heap, `g(m)` for `1 <= m < e`), are among the values those
//!    moves reach from `N1`;
//! 4. for `N1 <= N < N1 + p`, every value below `g(N)` is an option of `N` other than a
//!    split into two heaps of values `s` or more;
//! 5. for every `n0` of `e..e + p`, bounded count `k` of a split, and part `a` (of
//!    `e..e + p`, or below `e` with `g(a) >= s`), with `b0` the heap of `e..e + p` congruent
//!    to `n0 - k - a` modulo `p`: `low(g(a)) ^ low(g(b0)) != low(g(n0))`.
//!
//! Then `g(n + p) = g(n) + s` for every `n >= e`. Proof, by induction on `N >= N1 + p`,
//! with `f(N) = g(N - p) + s` the value the pattern says: every option of `N - p` other
//! than a split of two heavy heaps (values `s` or more) has its twin `s` above among the
//! options of `N`: a heap `N - k` left (from `N - p - k >= e`), a split `(a, b)` with
//! `g(a) < s` (then `(a, b + p)`: `(x + s) ^ y = (x ^ y) + s` for `y < s`), and the moves
//! of any count, but for those reaching below `e` (condition 3). So the values below
//! `f(N)` are options of `N` (condition 4, then 3); `f(N)` is none: not the value of a
//! heap left (its twin would be `g(N - p)`; condition 2 keeps the twins of `g(0..=e + p)`
//! apart), nor of a light split (likewise), nor of a heavy one, whose low bits are
//! `low(g(a)) ^ low(g(b))` and miss `low(f(N))` (condition 5: `low` is a function of the
//! residue past `e`, and `b >= e + p` as `N >= N1`).
//! Layer 2: uses `rules` and `periods`.

use crate::periods::{Arithmetic, Period};
use crate::rules::TakeBreak;

/// The most heaps whose values [`period`] computes from the declared game past the
/// table, to say how long a table its certificate needs.
pub const HEAPS: usize = 1 << 14;

/// A pattern a theorem proves, with its certificate's line.
pub type Certified<P> = Result<(P, String), String>;

/// The Grundy values of `game`'s heaps `0..len`, by the mex of the options' values.
///
/// # Complexity
/// O(len x (counts + splits)): O(len^2 x counts) with splits.
///
/// ```
/// use lab::breaks::grundy_values;
/// use lab::rules::TakeBreak;
/// let kayles = TakeBreak::octal("0.77").unwrap();
/// assert_eq!(grundy_values(&kayles, 8), [0, 1, 2, 3, 1, 4, 3, 2]);
/// ```
pub fn grundy_values(game: &TakeBreak, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut seen: Vec<bool> = Vec::new();
    let (least, unequal) = (game.parts.least as usize, game.parts.unequal);
    let mut top = 0;
    for n in 0..len {
        // Every option's value, an XOR of two values up to top, is below this.
        seen.clear();
        seen.resize(2 * (top as usize + 1).next_power_of_two() + 1, false);
        let tail =
            (game.from.into_iter()).flat_map(|(c, bits)| (c as usize..=n).map(move |k| (k, bits)));
        let counts = game.takes.iter().map(|&(k, bits)| (k as usize, bits));
        for (k, bits) in counts.chain(tail) {
            let rest = match n.checked_sub(k) {
                Some(rest) => rest,
                None => continue,
            };
            if k > 0 && (bits & 1 != 0 && rest == 0 || bits & 2 != 0 && rest > 0) {
                seen[g[rest] as usize] = true;
            }
            if bits & 4 != 0 {
                for a in (least..=rest / 2).filter(|&a| !unequal || 2 * a != rest) {
                    seen[(g[a] ^ g[rest - a]) as usize] = true;
                }
            }
        }
        let value = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
        top = top.max(value);
        g.push(value);
    }
    g
}

/// The least period of `values`, with its least start, that Guy and Smith's argument
/// proves for `game` within them (see the module doc), with the number of values it reads.
fn certificate(values: &[u32], game: &TakeBreak, t: u64) -> Option<(Period, usize)> {
    let len = values.len();
    let (least, unequal) = (game.parts.least as usize, game.parts.unequal);
    (1..len)
        .take_while(|&p| 2 * p + t as usize <= len)
        .find_map(|p| {
            let mismatch = (0..len - p).rev().find(|&n| values[n] != values[n + p]);
            let start = mismatch.map_or(0, |n| n + 1);
            let bound = 2 * start.max(least) + p + t as usize + if unequal { p } else { 0 };
            let period = Period { start, period: p };
            Some((period, bound + p)).filter(|&(_, needs)| needs <= len)
        })
}

/// The period of `values`, the Grundy values of `game`'s heaps, proved by Guy and Smith's
/// argument with the bound `game`'s parts need; else why not, with the length of table
/// that would prove it if the game's own values, computed past the table (to [`HEAPS`]),
/// show it.
///
/// # Complexity
/// O(N x p) for the least period `p`; past the table, [`grundy_values`] too.
///
/// # Errors
/// Why no period is proved: counts without a largest, no period within the table (and how
/// far the game's own values need to reach, if they show one), or values that are not the
/// game's.
pub fn period(values: &[u32], game: &TakeBreak) -> Certified<Period> {
    if let Some(c) = game.from.map(|(c, _)| c) {
        return Err(format!(
            "a move may take any count from {}: Guy and Smith's argument needs a largest count",
            c
        ));
    }
    if let Some(found) = within(values, game) {
        return Ok(found);
    }
    let len = values.len();
    let own = grundy_values(game, len);
    if let Some(n) = (0..len).find(|&n| own[n] != values[n]) {
        return Err(format!(
            "the table differs from the game's values at heap {}",
            n
        ));
    }
    match past(len, game) {
        Some((Period { start, period }, needs)) => Err(format!(
            "the declared game's own values, computed past the table, repeat with period {} \
             from {}, which Guy and Smith's certificate proves from the values of {} heaps: \
             explore {} heaps or more",
            period, start, needs, needs
        )),
        None => Err(format!(
            "no period that Guy and Smith's certificate proves within the values of {} heaps: \
             the game may have none, or a later one",
            HEAPS
        )),
    }
}

/// The period Guy and Smith's certificate proves within `values`, the Grundy values of
/// `game`'s heaps, with its line, if it proves one: the least, from its least start.
///
/// # Complexity
/// O(N x p) for the least period `p`.
pub fn within(values: &[u32], game: &TakeBreak) -> Option<(Period, String)> {
    let t = game.largest()?;
    let parts = match (game.parts.least, game.parts.unequal) {
        (1, false) => "parts any".to_string(),
        (1, true) => "parts unequal: p more".to_string(),
        (l, false) => format!("parts at least {}", l),
        (l, true) => format!("parts at least {} and unequal: p more", l),
    };
    let (Period { start, period }, needs) = certificate(values, game, t)?;
    let line = format!(
        "Guy-Smith: g(n + {p}) = g(n) for {a} <= n < {b} (2 max({a}, {l}) + {p} + {t}, \
         {parts}), checked; every option of n + {p} has one of n of the same value, so for \
         every n >= {a}",
        p = period,
        a = start,
        b = needs - period,
        l = game.parts.least,
        t = t,
        parts = parts,
    );
    Some((Period { start, period }, line))
}

/// The period Guy and Smith's certificate proves for `game` from its own values, computed
/// past `len` heaps (to [`HEAPS`]), with the number of values the certificate reads.
///
/// # Complexity
/// That of [`grundy_values`] for up to [`HEAPS`] heaps.
pub fn past(len: usize, game: &TakeBreak) -> Option<(Period, usize)> {
    let t = game.largest()?;
    let mut heaps = 2 * len.max(32);
    while heaps <= HEAPS {
        if let Some(found) = certificate(&grundy_values(game, heaps), game, t) {
            return Some(found);
        }
        heaps *= 2;
    }
    None
}

/// `found`, an arithmetic period of `values`, the Grundy values of `game`'s heaps, proved
/// by the finite test of the module doc (with the period and saltus times 1, 2, 4, 8 or 16,
/// the first that passes); else why not.
///
/// # Complexity
/// O((N1 + p) x (N1 + splits of N1)) for each multiple tried, `N1` as in the module doc.
///
/// # Errors
/// Why the test does not prove it: a condition it fails, or the values it needs.
pub fn arithmetic(values: &[u32], game: &TakeBreak, found: Arithmetic) -> Certified<Arithmetic> {
    let (c, tail) = match game.from {
        Some((c, bits)) if bits & 4 == 0 => (c as usize, bits),
        Some(_) => return Err("the test speaks of no split after a count unbounded".into()),
        None => return Err("the test speaks of counts that reach every size from some on".into()),
    };
    if !found.saltus.is_power_of_two() {
        return Err(format!("the saltus {} is no power of two", found.saltus));
    }
    let mut why = String::new();
    for times in [1, 2, 4, 8, 16] {
        let s = match u32::try_from(found.saltus * times as u64) {
            Ok(s) if s < u32::MAX / 4 => s,
            _ => break,
        };
        let test = Test {
            g: values,
            game,
            c,
            tail,
            e: found.start,
            p: found.period * times,
            s,
        };
        match test.run() {
            Ok(line) => {
                let (period, saltus) = (test.p, u64::from(test.s));
                let start = found.start;
                return Ok((
                    Arithmetic {
                        start,
                        period,
                        saltus,
                    },
                    line,
                ));
            }
            Err(e) if why.is_empty() => why = e,
            Err(_) => {}
        }
    }
    match why.contains("explore") {
        true => Err(why),
        false => Err(format!(
            "{}: this test cannot prove it; a proof on paper can",
            why
        )),
    }
}

/// The arithmetic-periodicity test of `g(n + p) = g(n) + s` from `e`, for `game` whose
/// counts from `c` on leave what `tail` says.
struct Test<'a> {
    g: &'a [u32],
    game: &'a TakeBreak,
    c: usize,
    tail: u8,
    e: usize,
    p: usize,
    s: u32,
}

impl Test<'_> {
    /// The certificate's line, or the condition that fails.
    fn run(&self) -> Result<String, String> {
        let Test {
            g,
            game,
            c,
            e,
            p,
            s,
            ..
        } = *self;
        let t = game
            .takes
            .iter()
            .map(|&(k, _)| k as usize)
            .max()
            .unwrap_or(0);
        let n1 = (2 * (e + p) + t + 1).max(c);
        if g.len() < n1 + p {
            let n = n1 + p;
            return Err(format!(
                "the test needs the values of {} heaps: explore {} or more",
                n, n
            ));
        }
        if let Some(n) = (e..n1).find(|&n| g[n + p] != g[n] + s) {
            return Err(format!("g({} + {}) is not g({}) + {}", n, p, n, s));
        }
        let top = *g[..=e + p].iter().max().unwrap_or(&0);
        if let Some(n) = (n1..n1 + p).find(|&n| g[n] <= top) {
            return Err(format!(
                "g({}) is not above the values up to g({})",
                n,
                e + p
            ));
        }
        let whole = self.tail & 1 != 0;
        // Every value an option of a heap below n1 + p may have: XORs stay below a power of 2.
        let most = g[..n1 + p].iter().max().map_or(1, |&v| v as usize + 1);
        let mut reached = vec![false; 2 * (most + s as usize).next_power_of_two()];
        let reach = |reached: &mut Vec<bool>, n: usize| {
            reached.iter_mut().for_each(|r| *r = false);
            reached[0] = whole;
            if self.tail & 2 != 0 {
                (1..=n - c).for_each(|m| reached[g[m] as usize] = true);
            }
        };
        reach(&mut reached, n1);
        let low_tail = (1..e).filter(|_| self.tail & 2 != 0).map(|m| g[m]);
        let shifted = low_tail.chain(Some(0).filter(|_| whole)).map(|v| v + s);
        if let Some(v) = (0..s).chain(shifted).find(|&v| !reached[v as usize]) {
            return Err(format!(
                "no move of a count from {} reaches {} from {}",
                c, v, n1
            ));
        }
        let light = |a: usize| g[a] < s;
        for n in n1..n1 + p {
            reach(&mut reached, n);
            for &(k, bits) in &game.takes {
                let rest = n - k as usize;
                if k > 0 && bits & 2 != 0 {
                    reached[g[rest] as usize] = true;
                }
                if bits & 4 != 0 {
                    for a in self.splits(rest).filter(|&a| light(a)) {
                        reached[(g[a] ^ g[rest - a]) as usize] = true;
                    }
                }
            }
            if let Some(v) = (0..g[n]).find(|&v| !reached[v as usize]) {
                return Err(format!("only a heavy split of {} reaches {}", n, v));
            }
        }
        let low = |n: usize| g[n] % s;
        let residue = |x: i64| e + (x - e as i64).rem_euclid(p as i64) as usize;
        let least = game.parts.least as usize;
        let splits = game.takes.iter().filter(|&&(_, bits)| bits & 4 != 0);
        for (n0, &(k, _)) in (e..e + p).flat_map(|n0| splits.clone().map(move |k| (n0, k))) {
            let heavy_below = (least..e).filter(|&a| !light(a));
            for a in heavy_below.chain(e..e + p) {
                let b0 = residue(n0 as i64 - k as i64 - a as i64);
                if low(a) ^ low(b0) == low(n0) {
                    return Err(format!(
                        "a split of n = {} mod {} into heaps of {} and {} mod {} may reach \
                         g(n): their values' low bits match",
                        n0, p, a, b0, p
                    ));
                }
            }
        }
        Ok(format!(
            "arithmetic periodicity (the lab's finite test, see lab::breaks): g(n + {p}) = \
             g(n) + {s} for {e} <= n < {n1}, checked; the saltus is a power of two, the \
             moves of every count from {c} reach the values below {s}, no split of two heaps \
             of values {s} or more reaches g(n) (low bits, checked for every residue), so by \
             induction for every n >= {e}",
            p = p,
            s = s,
            e = e,
            n1 = n1,
            c = c,
        ))
    }

    /// The smaller parts `a` of the splits of `rest` the game's parts allow.
    fn splits(&self, rest: usize) -> impl Iterator<Item = usize> {
        let (least, unequal) = (self.game.parts.least as usize, self.game.parts.unequal);
        (least..=rest / 2).filter(move |&a| !unequal || 2 * a != rest)
    }
}
