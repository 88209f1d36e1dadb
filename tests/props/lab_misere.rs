//! The lab in misère play (`lab::quotients`, `lab::misere`, `lab::misere_report`), checked
//! three ways: every quotient's answer against a plain misère search of whole positions
//! (`common::search`, no theory) on every sum of heaps up to a total size stated here;
//! against published quotients and genera; "tame", where claimed, against misère Nim's rule.
//! Then property tests of the clever parts against plain brute force written here: the
//! merging of indistinguishable elements, the consistency check, and the quotients of random
//! rules.

use common::search::{heaps_win, HeapMemo, Play};
use lab::misere::{analyse, Misere, Reach};
use lab::misere_report::{explore, report};
use lab::monoids::{reduce, Monoid, Product};
use lab::quotients::{Limits, Quotient, Quotients};
use lab::rules::{Family, Heap, Moves};
use lab::words::{first_failure, Options};
use proptest::collection::vec;
use proptest::prelude::*;
use std::collections::HashMap;

/// An octal game, declared as such: `0.d1d2..`, digit `dk` the ways to take `k` tokens (1:
/// a whole heap of `k`; 2: leaving one heap; 4: leaving two nonempty heaps).
struct Octal(&'static str);

impl Heap for Octal {
    fn moves(&self, n: u64, to: &mut Moves) {
        for (k, d) in self.0[2..].bytes().map(|b| b - b'0').enumerate() {
            let take = k as u64 + 1;
            if take > n {
                break;
            }
            let rest = n - take;
            if rest == 0 && d & 1 != 0 {
                to.heap(0);
            }
            if rest > 0 && d & 2 != 0 {
                to.heap(rest);
            }
            if d & 4 != 0 {
                (1..=rest / 2).for_each(|a| to.sum(&[a, rest - a]));
            }
        }
    }

    fn family(&self) -> Family {
        Family::Octal(self.0.to_string())
    }
}

/// A game no one has named: take 1 or 2 tokens, and leave the rest as one heap or as two
/// unequal nonempty ones.
fn unequal(n: u64, to: &mut Moves) {
    for take in 1..=n.min(2) {
        let rest = n - take;
        to.heap(rest);
        (1..=rest.saturating_sub(1) / 2).for_each(|a| to.sum(&[a, rest - a]));
    }
}

/// Every sum of heaps from `1..=max_heap` whose sizes add up to at most `total`, each as
/// its heaps, largest first.
fn sums(max_heap: u64, total: u64) -> Vec<Vec<u64>> {
    fn more(max: u64, left: u64, sum: &mut Vec<u64>, all: &mut Vec<Vec<u64>>) {
        all.push(sum.clone());
        for h in 1..=max.min(left) {
            sum.push(h);
            more(h, left - h, sum, all);
            sum.pop();
        }
    }
    let mut all = Vec::new();
    more(max_heap, total, &mut Vec::new(), &mut all);
    all
}

/// The analysis of `game`'s heaps `1..=heaps`, with no limit reached, the genus of the
/// heaps up to `genus`.
fn analysed<G: Heap + ?Sized>(game: &G, heaps: usize, genus: usize) -> Misere {
    let misere = analyse(
        game,
        heaps,
        Reach {
            genus,
            ..Reach::default()
        },
    )
    .unwrap();
    assert_eq!(misere.gave_up, None, "the quotient stopped");
    misere
}

/// The analysis of `game`'s heaps `1..=heaps`, with no genus.
fn quotient<G: Heap>(game: &G, heaps: usize) -> Misere {
    analysed(game, heaps, 0)
}

/// Checks the quotient's answer on every sum of heaps up to `heaps` of total size at most
/// `total`, against the search.
fn assert_matches_search<G: Heap + ?Sized>(
    game: &G,
    q: &Quotient,
    heaps: u64,
    total: u64,
    memo: &HeapMemo,
) {
    for sum in sums(heaps, total) {
        let heaps_of: Vec<usize> = sum.iter().map(|&h| h as usize).collect();
        assert_eq!(
            q.is_p(&heaps_of),
            !heaps_win(game, &sum, memo),
            "the sum of heaps {sum:?}"
        );
    }
}

static KAYLES: HeapMemo = HeapMemo::new(Play::Misere);
static DAWSON: HeapMemo = HeapMemo::new(Play::Misere);
static R8: HeapMemo = HeapMemo::new(Play::Misere);
static PLAMBECK: HeapMemo = HeapMemo::new(Play::Misere);
static UNEQUAL: HeapMemo = HeapMemo::new(Play::Misere);
static TAME: HeapMemo = HeapMemo::new(Play::Misere);

/// Every sum of heaps of total size up to 26 (24 for Dawson's Kayles, whose quotient is
/// larger), each heap up to 26, as the search finds it.
#[test]
fn quotients_answer_every_sum_as_the_search_does() {
    let games: [(&dyn Heap, &HeapMemo, u64); 5] = [
        (&Octal("0.77"), &KAYLES, 26),
        (&Octal("0.07"), &DAWSON, 24),
        (&Octal("0.75"), &R8, 26),
        (&Octal("0.312"), &PLAMBECK, 26),
        (&unequal, &UNEQUAL, 26),
    ];
    for (game, memo, total) in games {
        let misere = analysed(game, total as usize, 0);
        assert_matches_search(game, &misere.quotient, total, total, memo);
    }
}

/// Siegel's MisereSolver finds 360 elements in the quotient of Dawson's Kayles' heaps up to
/// 30 (A. N. Siegel, "Some MisereSolver questions answered", miseregames.wordpress.com,
/// 28 August 2007: `Q_30(0.07) has size 360`).
#[test]
fn dawsons_kayles_has_360_elements_to_heap_30_as_published() {
    let mut quotients = Quotients::new(Limits::default());
    let game = Octal("0.07");
    let options = options_of(&game, 30);
    for heap in options.into_iter().skip(1) {
        quotients.add_heap(heap).unwrap();
    }
    assert_eq!(quotients.quotient().monoid.len(), 360);
}

/// The options of heaps `0..=heaps`, as `lab::misere` makes them.
fn options_of<G: Heap>(game: &G, heaps: usize) -> Vec<Options> {
    analyse_options(game, heaps)
}

fn analyse_options<G: Heap>(game: &G, heaps: usize) -> Vec<Options> {
    let mut to = Moves::default();
    (0..=heaps as u64)
        .map(|n| {
            to.clear();
            game.moves(n, &mut to);
            let singles = to.singles().iter().map(|&m| match m {
                0 => vec![],
                m => vec![m as u32],
            });
            let sums = to
                .sums()
                .map(|s| s.iter().filter(|&&p| p > 0).map(|&p| p as u32).collect());
            singles.chain(sums).collect()
        })
        .collect()
}

/// Plambeck's genus of the heaps of 0.312 (T. E. Plambeck, "The game .312", plambeck.org,
/// 4 February 2003): `1^{03131} 2^{20} 0^{02} 2^{1420} 0^{02} 1^{13}`, then periodic of
/// length two (his `1^{03131}` is `1^031` written on).
#[test]
fn the_genus_of_0312_is_plambecks() {
    let misere = analysed(&Octal("0.312"), 30, 30);
    let genus: Vec<String> = misere.genus[1..].iter().map(|g| g.to_string()).collect();
    assert_eq!(
        genus[..6],
        ["1^031", "2^20", "0^02", "2^1420", "0^02", "1^13"]
    );
    for n in 7..=30 {
        assert_eq!(genus[n - 1], genus[n - 3], "heap {n}");
    }
    // His "except for the heap of size 4, pretend the heaps are adders": wild from heap 4.
    assert_eq!(misere.first_wild_heap(), Some(4));
}

/// 0.75's quotient is R8 (Plambeck, "Taming the wild in impartial combinatorial games",
/// Integers 5, 2005): `a^2 = 1, b^3 = b, bc = ab, c^2 = b^2`, P = {a, b^2}, the heaps
/// `a b a b c b c b` then `ab^2 b` for ever; Siegel ("The structure and classification of
/// misère quotients", 2007) proves it the only quotient of 8 elements.
#[test]
fn the_quotient_of_075_is_r8() {
    let misere = quotient(&Octal("0.75"), 40);
    let q = &misere.quotient;
    let names: Vec<String> = (0..8).map(|x| q.name(x)).collect();
    assert_eq!(names, ["1", "a", "b", "c", "ab", "ac", "b^2", "ab^2"]);
    let x = |name: &str| names.iter().position(|n| n == name).unwrap() as u32;
    let mul = |u: &str, v: &str| q.name(q.monoid.mul(x(u), x(v)));
    assert_eq!(
        [mul("a", "a"), mul("b^2", "b"), mul("b", "c"), mul("c", "c")],
        ["1", "b", "ab", "b^2"]
    );
    let in_p: Vec<&str> = (0..8)
        .filter(|&y| q.p[y])
        .map(|y| names[y].as_str())
        .collect();
    assert_eq!(in_p, ["a", "b^2"]);
    let heaps: Vec<String> = q.heaps[1..=10].iter().map(|&h| q.name(h)).collect();
    assert_eq!(heaps, ["a", "b", "a", "b", "c", "b", "c", "b", "ab^2", "b"]);
    let period = misere.period.unwrap();
    assert_eq!((period.start, period.period), (8, 2));
    assert!(misere.period_proof(period, 40).is_ok());
    // 21 heaps are what the theorem needs (2 n0 + 2p + t - 1), and 20 are not enough.
    assert!(misere.period_proof(period, 21).is_ok());
    assert!(misere.period_proof(period, 20).is_err());
}

/// Plambeck and Siegel: a misère quotient of impartial games has even order. Siegel: with
/// two elements in P, a finite quotient has `2^n + 2` or `2^n + 4` elements.
#[test]
fn quotients_have_the_orders_the_theory_allows() {
    for code in [
        "0.1", "0.3", "0.31", "0.53", "0.71", "0.75", "0.77", "0.15", "0.312", "0.07",
    ] {
        let misere = quotient(&Octal(code), 26);
        let q = &misere.quotient;
        let (len, in_p) = (q.monoid.len(), q.p.iter().filter(|&&p| p).count());
        assert_eq!(len % 2, 0, "{code}: {len} elements");
        if in_p == 2 {
            let powers: Vec<usize> = (1..12).flat_map(|n| [(1 << n) + 2, (1 << n) + 4]).collect();
            assert!(powers.contains(&len), "{code}: {len} elements, 2 in P");
        }
    }
}

/// The tame rule (misère Nim's on the normal values, firm heaps of value 0 or 1 counted as
/// `*2 + *2` and `*2 + *3`), as `combgames::nim::misere_wins` plays it.
fn tame_rule_wins(misere: &Misere, sum: &[u64]) -> bool {
    let mut values = Vec::new();
    for &h in sum {
        let g = u64::from(misere.grundy[h as usize]);
        match (misere.firm[h as usize], g) {
            (true, 0) => values.extend([2, 2]),
            (true, 1) => values.extend([2, 3]),
            _ => values.push(g),
        }
    }
    combgames::nim::misere_wins(&values)
}

/// Where the lab says "tame", misère Nim's rule gives the search's answer on every sum up to
/// the size stated; where it says "no, from heap w", the sum it names breaks the rule, and
/// every sum of heaps below w follows it.
#[test]
fn tame_is_misere_nims_rule_where_claimed() {
    let tame_games = [
        ("0.1", 24),
        ("0.3", 24),
        ("0.03", 24),
        ("0.33", 24),
        ("0.333", 24),
    ];
    for (code, total) in tame_games {
        let game = Octal(code);
        let misere = quotient(&game, total);
        assert!(misere.wild.is_none(), "{code} is tame");
        let memo = HeapMemo::new(Play::Misere);
        for sum in sums(total as u64, total as u64) {
            assert_eq!(
                tame_rule_wins(&misere, &sum),
                heaps_win(&game, &sum, &memo),
                "{code}: {sum:?}"
            );
        }
    }
    for (code, memo) in [("0.75", &R8), ("0.77", &KAYLES), ("0.312", &PLAMBECK)] {
        let game = Octal(code);
        let misere = quotient(&game, 24);
        let wild = misere.wild.clone().unwrap();
        let named: Vec<u64> = (wild.sum.iter().enumerate())
            .flat_map(|(h, &e)| std::iter::repeat(h as u64).take(e as usize))
            .collect();
        assert_ne!(
            tame_rule_wins(&misere, &named),
            heaps_win(&game, &named, memo),
            "{code}"
        );
        assert_eq!(!wild.rule_says_lost, tame_rule_wins(&misere, &named));
        let below = misere.first_wild_heap().unwrap() as u64 - 1;
        for sum in sums(below, 24) {
            assert_eq!(
                tame_rule_wins(&misere, &sum),
                heaps_win(&game, &sum, memo),
                "{code}: {sum:?}"
            );
        }
    }
    let _ = &TAME;
}

/// The report's stable lines, and every line within 92 columns.
#[test]
fn the_report_says_what_was_found_within_92_columns() {
    let text = explore(&Octal("0.75"), 40).unwrap();
    for line in [
        "tame: no, from heap 5",
        "misère quotient: 8 elements, 2 in P, heaps 1 .. 40",
        "periodic: start 8, period 2",
        "        elements: 8,",
    ] {
        assert!(
            text.lines()
                .any(|l| l.trim_end() == line.trim_end() || l.ends_with(line)),
            "{line:?} in\n{text}"
        );
    }
    assert!(
        text.contains("\n  proved: the periodicity theorem"),
        "{text}"
    );
    // The same rules undeclared: the same period, not proved.
    let undeclared = |n: u64, to: &mut Moves| Octal("0.75").moves(n, to);
    let text = explore(&undeclared, 40).unwrap();
    assert!(text.contains("\nperiodic: start 8, period 2\n"), "{text}");
    assert!(
        text.contains("holds for heaps up to 40, not proved: no family declared"),
        "{text}"
    );
    let text = explore(&unequal, 40).unwrap();
    assert!(text.contains("\nperiodic: none up to 40\n"), "{text}");
    let text = report(&quotient(&Octal("0.3"), 30));
    assert!(
        text.contains("\ntame: every sum of heaps up to 30 follows the rule\n"),
        "{text}"
    );
    let texts = [
        report(&quotient(&Octal("0.07"), 24)),
        report(&quotient(&Octal("0.77"), 30)),
        explore(&unequal, 40).unwrap(),
    ];
    for (code, text) in ["0.07", "0.77", "unequal"].iter().zip(texts) {
        let long: Vec<&str> = text.lines().filter(|l| l.chars().count() > 92).collect();
        assert!(long.is_empty(), "{code}: lines over 92 columns: {long:?}");
    }
}

/// The classes of indistinguishable elements, by their definition: `x ~ y` when `xz` and
/// `yz` are both in P or both out, for every `z`.
fn plain_classes(len: u32, mul: impl Fn(u32, u32) -> u32, p: &[bool]) -> Vec<Vec<u32>> {
    let same = |x: u32, y: u32| (0..len).all(|z| p[mul(x, z) as usize] == p[mul(y, z) as usize]);
    let mut classes: Vec<Vec<u32>> = Vec::new();
    for x in 0..len {
        match classes.iter_mut().find(|c| same(c[0], x)) {
            Some(c) => c.push(x),
            None => classes.push(vec![x]),
        }
    }
    classes
}

/// Whether the candidate `(monoid, p, heaps)` predicts every sum of at most `count` heaps
/// below `heaps.len()`, by a plain recursion over the options (an outcome computed from the
/// options, never from the candidate).
fn predicts_small_sums(
    monoid: &Monoid,
    p: &[bool],
    heaps: &[u32],
    options: &[Options],
    count: usize,
) -> bool {
    fn lost(sum: &mut Vec<u32>, options: &[Options], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
        sum.sort_unstable();
        if let Some(&l) = memo.get(sum) {
            return l;
        }
        let mut any = false;
        let mut lost_now = true;
        for i in 0..sum.len() {
            for parts in &options[sum[i] as usize] {
                any = true;
                let mut next: Vec<u32> = sum.clone();
                next.swap_remove(i);
                next.extend(parts.iter().copied());
                if lost(&mut next, options, memo) {
                    lost_now = false;
                }
            }
        }
        let l = any && lost_now;
        memo.insert(sum.clone(), l);
        l
    }
    let mut memo = HashMap::new();
    let n = heaps.len() as u32;
    let mut stack: Vec<Vec<u32>> = vec![Vec::new()];
    while let Some(sum) = stack.pop() {
        let x = sum.iter().fold(0, |x, &h| monoid.mul(x, heaps[h as usize]));
        if p[x as usize] != lost(&mut sum.clone(), options, &mut memo) {
            return false;
        }
        if sum.len() < count {
            for h in *sum.last().unwrap_or(&1)..n {
                let mut more = sum.clone();
                more.push(h);
                stack.push(more);
            }
        }
    }
    true
}

/// Random rules on heaps `0..len`: each heap's options leave up to two smaller heaps (0 an
/// empty one).
fn rules() -> impl Strategy<Value = Vec<Options>> {
    (2usize..9).prop_flat_map(|len| {
        let heap = (0..len).map(|n| match n {
            0 => Just(Vec::new()).boxed(),
            n => vec(vec(0..n as u32, 0..=2), 0..4).boxed(),
        });
        heap.collect::<Vec<_>>()
    })
}

proptest! {
    #![proptest_config(common::cases(64))]

    /// Merging indistinguishable elements (Moore's refinement over generators) against the
    /// definition, on products of cyclic monoids with random P-sets.
    #[test]
    fn reduce_merges_exactly_the_indistinguishable(
        cyclic in vec((0u32..4, 1u32..4), 1..4),
        seed in vec(any::<bool>(), 64..65),
    ) {
        let product = Product::new(Monoid::trivial(), cyclic.clone(), 1 << 10).unwrap();
        let len = product.len() as u32;
        let p: Vec<bool> = (0..len).map(|x| seed[x as usize % 64] && x != 0).collect();
        let gens: Vec<u32> = (0..cyclic.len()).map(|k| product.cyclic_generator(k)).collect();
        let (class, count) = reduce(len as usize, |x, y| product.mul(x, y), &gens, &p);
        let plain = plain_classes(len, |x, y| product.mul(x, y), &p);
        prop_assert_eq!(count, plain.len());
        for c in &plain {
            prop_assert!(c.iter().all(|&x| class[x as usize] == class[c[0] as usize]));
        }
    }

    /// The consistency check against plain recursion: a failure it names is a sum whose
    /// prediction is not the one its options give; when it names none, every small sum is
    /// predicted rightly.
    #[test]
    fn first_failure_is_the_plain_check(
        options in rules(),
        cyclic in vec((0u32..3, 1u32..3), 1..3),
        seed in vec(any::<bool>(), 64..65),
        map in vec(0usize..16, 8..9),
    ) {
        let product = Product::new(Monoid::trivial(), cyclic, 1 << 8).unwrap();
        let monoid = Monoid::from_fn(product.len(), |x, y| product.mul(x, y));
        let p: Vec<bool> = (0..monoid.len()).map(|x| seed[x % 64]).collect();
        let heaps: Vec<u32> = (0..options.len())
            .map(|h| if options[h].is_empty() { 0 } else { (map[h] % monoid.len()) as u32 })
            .collect();
        match first_failure(&monoid, &p, &heaps, &options) {
            Some(word) => {
                let x = (word.iter().enumerate())
                    .flat_map(|(h, &e)| std::iter::repeat(heaps[h]).take(e as usize))
                    .fold(0, |x, a| monoid.mul(x, a));
                let mut option_elements = Vec::new();
                for (h, &e) in word.iter().enumerate() {
                    if e == 0 { continue; }
                    for parts in &options[h] {
                        let mut rest: Vec<u32> = word.iter().enumerate()
                            .flat_map(|(j, &f)| std::iter::repeat(heaps[j]).take((f - u32::from(j == h)) as usize))
                            .collect();
                        rest.extend(parts.iter().map(|&q| heaps[q as usize]));
                        option_elements.push(rest.iter().fold(0, |y, &a| monoid.mul(y, a)));
                    }
                }
                let lost = !option_elements.is_empty() && option_elements.iter().all(|&y| !p[y as usize]);
                prop_assert_ne!(p[x as usize], lost, "{:?}", word);
            }
            None => prop_assert!(predicts_small_sums(&monoid, &p, &heaps, &options, 4)),
        }
    }

    /// The quotient of random rules predicts every sum of up to five heaps as plain
    /// recursion does, and its P-set is that of the search.
    #[test]
    fn quotients_of_random_rules_predict_small_sums(options in rules()) {
        let mut quotients = Quotients::new(Limits::default());
        let mut added = 0;
        for heap in options.iter().skip(1) {
            if quotients.add_heap(heap.clone()).is_err() {
                break;
            }
            added += 1;
        }
        let q = quotients.quotient();
        let options = &options[..=added];
        prop_assert!(first_failure(&q.monoid, &q.p, &q.heaps, options).is_none());
        prop_assert!(predicts_small_sums(&q.monoid, &q.p, &q.heaps, options, 5));
        // Commutative and associative, 0 the identity.
        let len = q.monoid.len() as u32;
        for x in 0..len {
            prop_assert_eq!(q.monoid.mul(0, x), x);
            for y in 0..len {
                prop_assert_eq!(q.monoid.mul(x, y), q.monoid.mul(y, x));
                for z in 0..len.min(12) {
                    let (m, xy) = (&q.monoid, q.monoid.mul(x, y));
                    prop_assert_eq!(m.mul(xy, z), m.mul(x, m.mul(y, z)));
                }
            }
        }
    }
}

/// The code the report prints is as rustfmt writes it, inside a function, every line within
/// 92 columns, a large quotient's table too (0.07's 176 elements to heap 27, two digits each).
#[test]
fn the_printed_code_is_formatted_and_fits() {
    use crate::common::bundling::TempDir;
    use lab::misere_report::code;
    use std::process::Command;
    let dir = TempDir::new("misere-code");
    for (name, misere) in [
        ("r8", quotient(&Octal("0.75"), 30)),
        ("dawson", quotient(&Octal("0.07"), 27)),
    ] {
        let lines = code(&misere.quotient, misere.period);
        let body: String = lines.iter().map(|l| format!("    {l}\n")).collect();
        let text = format!("fn main() {{\n{body}}}\n");
        let long: Vec<&str> = text.lines().filter(|l| l.chars().count() > 92).collect();
        assert!(long.is_empty(), "{name}: {long:?}");
        let path = dir.0.join(format!("{name}.rs"));
        std::fs::write(&path, &text).unwrap();
        let check = Command::new("rustfmt")
            .args(["--check", "--edition", "2021"])
            .arg(&path)
            .output()
            .unwrap();
        let diff = String::from_utf8_lossy(&check.stdout);
        assert!(check.status.success(), "{name}: {diff}");
    }
}

/// Rules given as the options of each heap.
struct Listed(Vec<Options>);

impl Heap for Listed {
    fn moves(&self, n: u64, to: &mut Moves) {
        for parts in &self.0[n as usize] {
            let parts: Vec<u64> = parts.iter().map(|&p| u64::from(p)).collect();
            to.sum(&parts);
        }
    }
}

/// The misère Grundy value of the heaps `heaps` of `options` plus `twos` nim-heaps of 2 and
/// `ones` of 1, by plain recursion: 1 with no move, else the mex of the options' values.
fn misere_grundy(
    heaps: Vec<u32>,
    twos: u32,
    ones: u32,
    options: &[Options],
    memo: &mut HashMap<(Vec<u32>, u32, u32), u32>,
) -> u32 {
    let mut heaps: Vec<u32> = heaps.into_iter().filter(|&h| h > 0).collect();
    heaps.sort_unstable();
    let key = (heaps.clone(), twos, ones);
    if let Some(&g) = memo.get(&key) {
        return g;
    }
    let mut values = Vec::new();
    for i in 0..heaps.len() {
        for parts in &options[heaps[i] as usize] {
            let mut next = heaps.clone();
            next.swap_remove(i);
            next.extend(parts.iter().copied());
            values.push(misere_grundy(next, twos, ones, options, memo));
        }
    }
    if twos > 0 {
        values.push(misere_grundy(
            heaps.clone(),
            twos - 1,
            ones + 1,
            options,
            memo,
        ));
        values.push(misere_grundy(heaps.clone(), twos - 1, ones, options, memo));
    }
    if ones > 0 {
        values.push(misere_grundy(heaps.clone(), twos, ones - 1, options, memo));
    }
    let g = match values.is_empty() {
        true => 1,
        false => (0..).find(|v| !values.contains(v)).unwrap(),
    };
    memo.insert(key, g);
    g
}

proptest! {
    #![proptest_config(common::cases(32))]

    /// The genus, from the quotient with nim-heaps, against the misère Grundy values of each
    /// heap plus 0 to 5 nim-heaps of 2 by plain recursion (past the written terms, the last
    /// two repeat).
    #[test]
    fn the_genus_is_the_plain_misere_values(options in rules()) {
        let heaps = options.len() - 1;
        let misere = analyse(&Listed(options.clone()), heaps, Reach::default()).unwrap();
        let mut memo = HashMap::new();
        for (n, genus) in misere.genus.iter().enumerate().skip(1) {
            prop_assert_eq!(genus.g, misere.grundy[n]);
            let written = &genus.exponents;
            prop_assert!(written.len() >= 2);
            for i in 0..6 {
                let term = match i < written.len() {
                    true => written[i],
                    false => written[written.len() - 2 + (i - written.len()) % 2],
                };
                let plain = misere_grundy(vec![n as u32], i as u32, 0, &options, &mut memo);
                if let Some(term) = term {
                    prop_assert_eq!(term, plain, "heap {} plus {} twos: {}", n, i, genus);
                }
            }
        }
    }
}
